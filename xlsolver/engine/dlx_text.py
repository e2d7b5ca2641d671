"""Knuth's DLX text format, so any problem can be saved, diffed and replayed.

    | comment lines start with a bar
    A B C | x y          <- primary items, then optional secondary items after '|'
    A x                  <- one option per line: the items it covers
    B C y
    x y                  <- secondary items only: allowed, never part of a solution
    A x:red              <- Knuth's colours: a secondary item may be shared by options of one colour

A colour goes on a secondary item only; a colour on a primary item, an empty
item or colour (``x:``, ``:red``) or a second ``:`` is refused, naming the line.

Reading costs time and memory linear in the text, with small constants: ASCII
text is read by :func:`_packed` with numpy, all lines at once (names matched to
items by one sort of every token, the problem kept in arrays: ``PackedNames``,
``PackedOptions``); other text, and a file whose names differ too much in
length for that, or a file with colours, line by line (:func:`_by_line`).  Both
take the same text to the same problem and the same messages.
"""
from __future__ import annotations

from .exact_cover import ExactCover, PackedNames, PackedNumbers, PackedOptions, ProblemError, shown

#: ASCII line ends of ``str.splitlines`` ("\r\n" is one), made "\n"; whitespace of ``str.split`` after that.
_LINE_ENDS = bytes.maketrans(b"\r\x0b\x0c\x1c\x1d\x1e", b"\n" * 6)
_WHITESPACE = b"\t\n\x1f "
#: The packed reader's keys (every token padded to the longest name) may take this many times the text.
KEY_BYTES_PER_TEXT_BYTE = 8
#: ... and names longer than this are left to the line-by-line reader (a key is a name padded to the longest).
MAX_PACKED_NAME = 64


class FormatError(ValueError):
    """Text that is not a problem in DLX format; the message names the line."""


def dumps(problem: ExactCover, comment: str | None = None) -> str:
    """The problem as DLX text (LF line ends, trailing newline)."""
    lines = [f"| {line}".rstrip() for line in comment.splitlines()] if comment else []
    header = " ".join(problem.primary)
    if problem.secondary:
        header += " | " + " ".join(problem.secondary)
    lines.append(header)
    lines += [" ".join(f"{name}:{colour}" if colour else name
                       for name, colour in zip(problem.option_items(o), problem.option_colours(o)))
              for o in range(len(problem.options))]
    return "\n".join(lines) + "\n"


def split_colours(tokens: list[str], number: int) -> tuple[list[str], list[str] | None]:
    """An option line's ``item`` and ``item:colour`` tokens as (items, colours or None if none is coloured)."""
    items, colours = [], []
    for token in tokens:
        name, colon, colour = token.partition(":")
        if colon and (not name or not colour or ":" in colour):
            raise FormatError(f"line {number}: {token!r} is not item:colour (one ':' between an item and its colour)")
        items.append(name)
        colours.append(colour)
    return items, colours if any(colours) else None


#: Text shorter than this is read line by line: numpy's import would cost more than the whole read.
PACKED_ABOVE = 1 << 18


def loads(text: str) -> ExactCover:
    """Read DLX text; option labels are the option's line number."""
    if len(text) >= PACKED_ABOVE and text.isascii():
        problem = _packed(text.encode("ascii"))
        if problem is not None:
            return problem
    return _by_line(text)


def _by_line(text: str) -> ExactCover:
    """:func:`loads` one line at a time, a Python object per name and option (any text)."""
    problem = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("|"):
            continue
        if problem is None:
            if ":" in line:
                raise FormatError(f"line {number}: item names hold no ':' (colours go on options: item:colour)")
            primary, _, secondary = line.partition("|")
            if "|" in secondary:
                raise FormatError(f"line {number}: the item line may hold one '|' only")
            if not primary.split():
                raise FormatError(f"line {number}: no primary items before '|'")
            try:
                problem = ExactCover(primary.split(), secondary.split())
            except ProblemError as err:
                raise FormatError(f"line {number}: {err}") from None
            continue
        try:
            items, colours = split_colours(line.split(), number)
            problem.add_option(items, label=number, colours=colours)
        except ProblemError as err:
            raise FormatError(f"line {number}: {err}") from None
    if problem is None:
        raise FormatError("no item line: the first line that is not a comment lists the items")
    return problem


def _packed(data: bytes) -> ExactCover | None:
    """:func:`loads` of ASCII text, every line at once in numpy arrays; None when the names' lengths
    differ so much that padding them all to the longest would take over KEY_BYTES_PER_TEXT_BYTE times the text,
    or one is longer than MAX_PACKED_NAME, or a line has a colon (colours: read line by line)."""
    import numpy as np

    data = data.replace(b"\r\n", b"\n").translate(_LINE_ENDS)
    text = np.frombuffer(data, dtype=np.uint8)
    starts, ends = _tokens(text)
    breaks = np.flatnonzero(text == ord("\n"))
    line = np.searchsorted(breaks, starts) + 1  # each token's line number
    first = np.ones(len(starts), dtype=bool)
    first[1:] = line[1:] != line[:-1]
    comment = np.repeat(text[starts[first]] == ord("|"), np.diff(np.append(np.flatnonzero(first), len(starts))))
    starts, ends, line = starts[~comment], ends[~comment], line[~comment]
    if not len(starts):
        raise FormatError("no item line: the first line that is not a comment lists the items")
    header = int(line[0])
    colons = np.searchsorted(breaks, np.flatnonzero(text == ord(":"))) + 1
    if np.isin(colons, line).any():  # colours (or a ':' misplaced), in a line that is not a comment
        return None
    in_header = line == header
    names, primary = _header_names(data, int(starts[in_header][0]), int(ends[in_header][-1]), header)
    starts, ends, line = starts[~in_header], ends[~in_header], line[~in_header]
    item, previous = _items_of(names, text, starts, ends, header)
    if item is None:
        return None
    option_first = np.ones(len(line), dtype=bool)
    option_first[1:] = line[1:] != line[:-1]
    option = np.cumsum(option_first) - 1  # each token's option
    bad = []
    undeclared = np.flatnonzero(item < 0)
    if len(undeclared):
        bad.append((int(line[undeclared[0]]), 1, int(undeclared[0])))
    repeated = np.flatnonzero(previous >= 0)
    twice = repeated[option[previous[repeated]] == option[repeated]]
    if len(twice):
        bad.append((int(line[twice.min()]), 2, 0))
    if bad:
        raise FormatError(_first_problem(min(bad), data, starts, ends, line))
    options = PackedOptions(np.append(np.flatnonzero(option_first), len(item)).astype(np.int64), item)
    return ExactCover(names[:primary], names[primary:], options,
                      PackedNumbers(line[option_first].astype(np.int64)))


def _tokens(text):
    """(starts, ends) of the whitespace-separated tokens of a uint8 array (int64)."""
    import numpy as np

    space = np.zeros(256, dtype=bool)
    space[list(_WHITESPACE)] = True
    blank = space[text]
    solid = ~blank
    starts = np.flatnonzero(solid & np.concatenate(([True], blank[:-1])))
    ends = np.flatnonzero(solid & np.concatenate((blank[1:], [True]))) + 1
    return starts, ends


def _header_names(data: bytes, start: int, end: int, number: int) -> tuple[PackedNames, int]:
    """The item line's names (its own bytes kept) and how many are primary; FormatError as _by_line."""
    import numpy as np

    header = data[start:end]
    primary, bar, secondary = header.partition(b"|")
    if b"|" in secondary:
        raise FormatError(f"line {number}: the item line may hold one '|' only")
    text = np.frombuffer(header, dtype=np.uint8)
    p_starts, p_ends = _tokens(text[:len(primary)])
    if not len(p_starts):
        raise FormatError(f"line {number}: no primary items before '|'")
    s_starts, s_ends = _tokens(text[len(primary) + len(bar):])
    at = len(primary) + len(bar)
    return PackedNames(header, np.concatenate((p_starts, s_starts + at)),
                       np.concatenate((p_ends, s_ends + at))), len(p_starts)


def _items_of(names: PackedNames, text, starts, ends, number: int):
    """(each token's item, -1 where undeclared; each token's previous token of the same name, -1 for none),
    from one stable sort of every name and token; FormatError (line ``number``) for a name declared twice;
    (None, None) when padding every name and token to the longest name would take too much (see _packed)."""
    import numpy as np

    header = np.frombuffer(names.buffer, dtype=np.uint8)
    width = int((names.ends - names.starts).max())
    if width > MAX_PACKED_NAME or \
            width * (len(names) + len(starts)) > KEY_BYTES_PER_TEXT_BYTE * (len(text) + len(header)) + 2**20:
        return None, None
    fits = np.flatnonzero((ends - starts) <= width)  # a longer token names no item
    declared = len(names)
    keys = np.concatenate((_keys(header, names.starts, names.ends, width),
                           _keys(text, starts[fits], ends[fits], width)))
    order = np.argsort(keys, kind="stable")  # names first, then tokens in file order, within one key
    ranked = keys[order]
    new = np.ones(len(order), dtype=bool)
    new[1:] = ranked[1:] != ranked[:-1]
    head = order[np.flatnonzero(new)][np.cumsum(new) - 1]  # the first of each one's key
    again = ~new & (order < declared)
    if again.any():
        raise FormatError(f"line {number}: item {names[int(order[again].min())]!r} is declared twice")
    is_token = order >= declared
    token = fits[order[is_token] - declared]
    item = np.full(len(starts), -1, dtype=np.int32)
    item[token] = np.where(head[is_token] < declared, head[is_token], -1)
    previous = np.full(len(starts), -1, dtype=np.int64)
    follows = is_token & ~new
    follows[1:] &= order[:-1] >= declared
    at = np.flatnonzero(follows)
    previous[fits[order[at] - declared]] = fits[order[at - 1] - declared]
    return item, previous


def _keys(text, starts, ends, width: int):
    """Each token's bytes, padded with NUL to ``width`` (names hold no NUL), as numpy ``S`` strings."""
    import numpy as np

    lengths = ends - starts
    keys = np.zeros((len(starts), width), dtype=np.uint8)
    for column in range(width):
        has = np.flatnonzero(lengths > column)
        keys[has, column] = text[starts[has] + column]
    return keys.view(f"S{width}").ravel()


def _first_problem(bad: tuple[int, int, int], data: bytes, starts, ends, line) -> str:
    """The message of the first bad line (``bad``: its number, the kind of problem, the token), as _by_line's."""
    number, kind, token = bad
    if kind == 1:
        return f"line {number}: option uses undeclared item {shown(data[starts[token]:ends[token]].decode())}"
    words = [data[a:b].decode() for a, b in zip(starts[line == number], ends[line == number])]
    return f"line {number}: option {' '.join(words)!r} names an item twice"
