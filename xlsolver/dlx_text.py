"""Knuth's DLX text format, so any problem can be saved, diffed and replayed.

    | comment lines start with a bar
    A B C | x y          <- primary items, then optional secondary items after '|'
    A x                  <- one option per line: the items it covers
    B C y
    x y                  <- secondary items only: allowed, never part of a solution
    A x:red              <- Knuth's colours: a secondary item may be shared by options of one colour

A colour goes on a secondary item only; a colour on a primary item, an empty
item or colour (``x:``, ``:red``) or a second ``:`` is refused, naming the line.
"""
from __future__ import annotations

from .exact_cover import ExactCover, ProblemError


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


def loads(text: str) -> ExactCover:
    """Read DLX text; option labels are the option's line number."""
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
