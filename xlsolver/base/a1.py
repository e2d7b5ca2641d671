"""A1 cell names: column letters then the 1-based row (A1 is the top-left)."""
from __future__ import annotations

from collections.abc import Callable

CellNamer = Callable[[int, int], str]
"""Names the cell at 0-based ``(row, col)`` of a grid, as the user sees it."""


def column_letters(col: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (spreadsheet column names)."""
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def column_index(letters: str) -> int:
    """A -> 0, Z -> 25, AA -> 26: the inverse of :func:`column_letters` (upper-case letters)."""
    col = 0
    for letter in letters:
        col = col * 26 + ord(letter) - ord("A") + 1
    return col - 1


def cell_name(row: int, col: int) -> str:
    return f"{column_letters(col)}{row + 1}"


def offset_namer(top: int, left: int) -> CellNamer:
    """Names for a grid whose top-left cell sits at 0-based sheet ``(top, left)``."""
    return lambda row, col: cell_name(row + top, col + left)


def range_name(namer: CellNamer, rows: int, cols: int) -> str:
    """The A1 range of a whole ``rows`` x ``cols`` grid, e.g. ``A1:J6``."""
    return f"{namer(0, 0)}:{namer(rows - 1, cols - 1)}"
