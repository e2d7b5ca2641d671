"""Knuth's DLX text format, so any problem can be saved, diffed and replayed.

    | comment lines start with a bar
    A B C | x y          <- primary items, then optional secondary items after '|'
    2:3|A 2|B C | x      <- Knuth's DLX3 bounds: A covered 2 to 3 times, B twice, C once
    A x                  <- one option per line: the items it covers
    B C y
    x y                  <- secondary items only: allowed, never part of a solution
    A x:red              <- Knuth's colours: a secondary item may be shared by options of one colour

A colour goes on a secondary item only; a colour on a primary item, an empty
item or colour (``x:``, ``:red``) or a second ``:`` is refused, naming the line.
Bounds go on primary items only, as Knuth's DLX3 reads them: ``u:v|name`` for
``u <= v`` (whole numbers, ``v >= 1``), ``v|name`` for ``u = v``; so a ``|``
inside an item-line token is a bound, and only a ``|`` that starts a token
separates the secondary items (``A |x`` as ``A | x``).

Reading costs time and memory linear in the text, with small constants: ASCII
text is read by :func:`_packed` with numpy, all lines at once (names matched to
items by one sort of every token, the problem kept in arrays: ``PackedNames``,
``PackedOptions``); other text, and a file whose names differ too much in
length for that, or a file with colours, line by line (:func:`_by_line`).  Both
take the same text to the same problem and the same messages (an item line with
bounds is read line by line: it is one line).
"""
from __future__ import annotations

from collections.abc import Iterator

from .exact_cover import MAX_BOUND, ExactCover, PackedNames, PackedNumbers, PackedOptions, ProblemError, shown

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
    header = " ".join(problem.primary) if problem.bounds is None else \
        " ".join(_bounded(name, problem.bounds.get(name, (1, 1))) for name in problem.primary)
    if problem.secondary:
        header += " | " + " ".join(problem.secondary)
    lines.append(header)
    lines += [" ".join(f"{name}:{colour}" if colour else name
                       for name, colour in zip(problem.option_items(o), problem.option_colours(o)))
              for o in range(len(problem.options))]
    return "\n".join(lines) + "\n"


def _bounded(name: str, bounds: tuple[int, int]) -> str:
    """``name`` as DLX3 writes it: ``u:v|name``, ``v|name`` when u = v, ``name`` for (1, 1)."""
    low, high = bounds
    if (low, high) == (1, 1):
        return name
    return f"{high}|{name}" if low == high else f"{low}:{high}|{name}"


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
            primary, secondary, bounds = item_line(line, number)
            try:
                problem = ExactCover(primary, secondary, bounds=bounds)
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


def item_line(line: str, number: int) -> tuple[list[str], list[str], dict[str, tuple[int, int]]]:
    """The item line's (primary names, secondary names, bounds by name), as Knuth's DLX3 reads it (the
    module doc); FormatError naming line ``number``."""
    primary: list[str] = []
    secondary: list[str] | None = None  # None until the '|'
    bounds: dict[str, tuple[int, int]] = {}
    for token in line.split():
        while token.startswith("|"):
            if secondary is not None:
                raise FormatError(f"line {number}: the item line may hold one '|' only")
            secondary, token = [], token[1:]
        if not token:
            continue
        name = token
        if "|" in token:
            if secondary is not None:
                raise FormatError(f"line {number}: {shown(token)}: secondary items take no bounds (u:v|name is "
                                  "for primary items), and the item line holds one '|' only")
            prefix, _, name = token.partition("|")
            if not name or "|" in name:
                raise FormatError(f"line {number}: {shown(token)} is not u:v|name or v|name (bounds, one '|', "
                                  "a name)")
            bounds[name] = _bounds(prefix, token, number)
        if ":" in name:
            raise FormatError(f"line {number}: item names hold no ':' (bounds are u:v|name; colours go on options:"
                              " item:colour)")
        (primary if secondary is None else secondary).append(name)
    if not primary:
        raise FormatError(f"line {number}: no primary items before '|'")
    return primary, secondary or [], bounds


def _bounds(prefix: str, token: str, number: int) -> tuple[int, int]:
    """``u:v`` or ``v`` (then u = v) of a bounded item ``token``, checked as Knuth's DLX3 checks them."""
    low, colon, high = prefix.partition(":")
    if not colon:
        high = low
    digits = len(str(MAX_BOUND))
    for part in (low, high):
        if not (part.isascii() and part.isdigit()):
            raise FormatError(f"line {number}: {shown(token)}: bounds are whole numbers, u:v|name or v|name")
        if len(part.lstrip("0")) > digits or int(part) > MAX_BOUND:
            raise FormatError(f"line {number}: {shown(token)}: a bound is at most {MAX_BOUND:,}")
    u, v = int(low), int(high)
    if v == 0:
        raise FormatError(f"line {number}: {shown(token)}: the upper bound must be at least 1")
    if u > v:
        raise FormatError(f"line {number}: {shown(token)}: the lower bound {u} exceeds the upper bound {v}")
    return u, v


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
    if names is None:
        return None
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


def _bars(header: bytes) -> Iterator[int]:
    """Where ``|`` stands in ``header``, but the first character."""
    at = header.find(b"|", 1)
    while at > 0:
        yield at
        at = header.find(b"|", at + 1)


def _header_names(data: bytes, start: int, end: int, number: int) -> tuple[PackedNames | None, int]:
    """The item line's names (its own bytes kept) and how many are primary; FormatError as _by_line; None
    when the line has bounds (or a '|' inside a name: its message is _by_line's)."""
    import numpy as np

    header = data[start:end]
    if any(header[at - 1] not in _WHITESPACE for at in _bars(header)):
        return None, 0  # a '|' inside a token: bounds (read line by line)
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
