"""What a user typed into a cell, as one grid character, or a message naming the cell.

Cells arrive as spreadsheet libraries give them: None, str (a formula is a str
starting with '='), int, float, bool, datetime.  Excel users type all of those
into puzzle grids by mistake; each gets its own plain message.
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from ..base.a1 import CellNamer

OPEN = "."
_DATE_TEXT = re.compile(r"^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}( .*)?$")
_NUMBER_TEXT = re.compile(r"^[-+]?(\d+[.,]?\d*|[.,]\d+)([eE][-+]?\d+)?%?$")
_HINT = "type one letter, # for a hole, or leave the cell empty"


def cell_char(value: object, where: str, keep_case: bool = False, digits: bool = False) -> tuple[str, str | None]:
    """``(character, None)`` for a usable cell, ``(".", message)`` otherwise.

    Empty cells and whitespace are open board (``.``).  One character is passed
    on as it is (letters upper-cased unless ``keep_case``); the family judges it.
    With ``digits``, a whole number from 0 to 9 is its digit.
    """
    if value is None:
        return OPEN, None
    if digits and isinstance(value, (int, float)) and not isinstance(value, bool) and float(value).is_integer() \
            and 0 <= value <= 9:
        return str(int(value)), None
    if isinstance(value, bool):
        return OPEN, f"{where}: {str(value).upper()} is not a piece letter; {_HINT}"
    if isinstance(value, (int, float)):
        return OPEN, f"{where}: the number {value:g} is not a piece letter; {_HINT}"
    if isinstance(value, (dt.date, dt.time, dt.datetime, dt.timedelta)):
        return OPEN, f"{where}: a date or time is not a piece letter; {_HINT}"
    text = str(value).strip()
    if not text:
        return OPEN, None
    if text.startswith("=") or type(value).__name__ in ("ArrayFormula", "DataTableFormula"):
        return OPEN, f"{where}: a formula ({_short(text)}) is not allowed in a puzzle grid; {_HINT}"
    if len(text) == 1:
        return (text if keep_case else text.upper()), None
    if _NUMBER_TEXT.match(text):
        return OPEN, f"{where}: the number {text} is not a piece letter; {_HINT}"
    if _DATE_TEXT.match(text):
        return OPEN, f"{where}: a date or time ({text}) is not a piece letter; {_HINT}"
    return OPEN, f"{where}: '{_short(text)}' is more than one character; {_HINT}"


def cell_value(text: str, digits: bool = True) -> str | int:
    """What xlsolver writes into a cell for a grid text: with ``digits``, a number stays a number
    (a sudoku digit, a raking step), as :func:`cell_char` reads it back; any other text as it is."""
    return int(text) if digits and text.isdecimal() else text


def _short(text: str, limit: int = 20) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def grid_chars(values: Sequence[Sequence[object]], cell_name: CellNamer,
               keep_case: bool = False, digits: bool = False) -> tuple[list[list[str]], list[str]]:
    """Characters of a 2-D block of cell values, and a message per unusable cell."""
    grid, messages = [], []
    for r, row in enumerate(values):
        chars = []
        for c, value in enumerate(row):
            ch, message = cell_char(value, cell_name(r, c), keep_case, digits)
            chars.append(ch)
            if message:
                messages.append(message)
        grid.append(chars)
    return grid, messages


def is_blank(values: Sequence[Sequence[object]]) -> bool:
    """True if nobody typed anything into this block."""
    return all(value is None or (isinstance(value, str) and not value.strip()) for row in values for value in row)
