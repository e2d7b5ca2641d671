"""Knuth's DLX text format, so any problem can be saved, diffed and replayed.

    | comment lines start with a bar
    A B C | x y          <- primary items, then optional secondary items after '|'
    A x                  <- one option per line: the items it covers
    B C y
    x y                  <- secondary items only: allowed, never part of a solution

Knuth's colour suffixes (``item:colour``) are not supported and are rejected
with a message rather than misread.
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
    lines += [" ".join(problem.option_items(o)) for o in range(len(problem.options))]
    return "\n".join(lines) + "\n"


def loads(text: str) -> ExactCover:
    """Read DLX text; option labels are the option's line number."""
    problem = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("|"):
            continue
        if ":" in line:
            raise FormatError(f"line {number}: colours ('item:colour') are not supported")
        if problem is None:
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
            problem.add_option(line.split(), label=number)
        except ProblemError as err:
            raise FormatError(f"line {number}: {err}") from None
    if problem is None:
        raise FormatError("no item line: the first line that is not a comment lists the items")
    return problem
