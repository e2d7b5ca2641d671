"""A-Puzzle-A-Day: cover the calendar board with its eight pieces, leaving one date uncovered.

The board (``data/calendar/board.txt``) holds the twelve months, then the days 1
to 31, in reading order; the pieces are the set ``a-puzzle-a-day``.  The date's
month and day become holes, and what is left is a tiling puzzle: this module adds
the date and the labels, :mod:`xlsolver.families.tiling` does the rest.  Every one
of the 366 dates has solutions: 24,405 in all, from 7 (Oct 6) to 216 (Jan 25).

    xlsolver solve --family calendar --board calendar --date "Nov 25"
"""
from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from ..geometry import catalog
from ..base.a1 import CellNamer, cell_name
from ..base.answer import Cell, Frame
from ..geometry.lattice import Point
from . import InvalidPuzzle, NamedBoard, Setting, Settings, cover, exact, tiling

if TYPE_CHECKING:  # imported where a workbook is laid out: a solve needs none of it
    from ..base.sheets import SheetSpec

MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
               "november", "december")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
DAYS_IN = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)  # February 29 is a date of the board
DATE = Setting("date", "Date", "the date to leave uncovered: Nov 25, 25 November, 2026-11-25 or 11-25 "
                               "(blank: today)")


@cache
def board() -> catalog.Board:
    where = "calendar/board.txt"
    return catalog.parse_board(catalog.read_data_file(resources.files("xlsolver") / "data" / where, where),
                               "calendar", where)


def labels() -> dict[Point, str]:
    """What each cell of the board says: the months, then the days, in reading order."""
    cells = sorted(board().cells)
    return dict(zip(cells, MONTHS + tuple(str(day) for day in range(1, 32)), strict=True))


def parse_date(text: str | None, where: str) -> tuple[int, int]:
    """(month, day) of a date as people write it (Nov 25, 25 November 2026, 2026-11-25, 11/25); blank is
    today.  InvalidPuzzle naming ``where`` if it is no date of the calendar."""
    if not text:
        today = datetime.date.today()
        return today.month, today.day
    names = re.findall(r"[A-Za-z]+", text)
    numbers = [int(n) for n in re.findall(r"[0-9]+", text)]
    years = [n for n in numbers if n > 31]
    month = day = 0
    if len(names) == 1 and len(years) == len(numbers) - 1 <= 1:
        month = next((i for i, full in enumerate(MONTH_NAMES, 1)
                      if len(names[0]) >= 3 and full.startswith(names[0].lower())), 0)
        [day] = [n for n in numbers if n <= 31]
    elif not names and len(numbers) == 3 and numbers[0] > 31:
        _, month, day = numbers
    elif not names and len(numbers) == 2:
        month, day = numbers
    if not (1 <= month <= 12 and 1 <= day <= DAYS_IN[month - 1]):
        raise InvalidPuzzle([f"{where}: {text!r} is not a date; write it as Nov 25, 25 November, 2026-11-25 "
                             "or 11-25"])
    if years:
        try:
            datetime.date(years[0], month, day)
        except ValueError:
            raise InvalidPuzzle([f"{where}: {text!r} is not a date: {MONTH_NAMES[month - 1].capitalize()} "
                                 f"{years[0]} has no day {day}"]) from None
    return month, day


def read(rows: Sequence[str], settings: Settings, cell_name: CellNamer = cell_name) -> exact.CoverPuzzle:
    """The calendar as typed (pieces placed as hints), with the date's two cells left open."""
    month, day = parse_date(settings.get("date"), settings.place("date"))
    said = labels()
    month_cell, day_cell = (next(cell for cell, text in said.items() if text == label)
                            for label in (MONTHS[month - 1], str(day)))
    cells = board().cells
    typed = tiling.pad(rows)
    messages = [f"{cell_name(r, c)}: not a cell of the calendar; leave it empty"
                for r, row in enumerate(typed) for c, ch in enumerate(row)
                if (r, c) not in cells and ch not in tiling.OUTSIDE + tiling.HOLE + tiling.OPEN]
    messages += [f"{cell_name(*cell)}: {said[cell]} is the date, to leave uncovered; not {typed[cell[0]][cell[1]]!r}"
                 for cell in (month_cell, day_cell)
                 if cell[0] < len(typed) and cell[1] < len(typed[cell[0]]) and typed[cell[0]][cell[1]].isalpha()]
    if messages:
        raise InvalidPuzzle(messages)
    grid = [[tiling.HOLE] * len(board().rows[0]) for _ in board().rows]
    for r, c in cells - {month_cell, day_cell}:
        ch = typed[r][c] if r < len(typed) and c < len(typed[r]) else tiling.OPEN
        grid[r][c] = tiling.OPEN if ch in tiling.OUTSIDE + tiling.HOLE else ch  # every cell of the board is open
    puzzle = tiling.cover_puzzle(tiling.parse(["".join(row) for row in grid], catalog.piece_set(board().pieces),
                                              cell_name))
    date = {month_cell: MONTHS[month - 1], day_cell: str(day)}

    def frame(solution) -> Frame:
        """The solved board with the date's month and day shown in their cells."""
        drawn = puzzle.frame(solution)
        return dataclasses.replace(drawn, rows=tuple(
            tuple(Cell(date[r, c]) if (r, c) in date else cell for c, cell in enumerate(row))
            for r, row in enumerate(drawn.rows)))

    return dataclasses.replace(puzzle, frame=frame, rows=typed, data={**puzzle.data, "family": "calendar", "board": "calendar",
                                                                       "date": f"{MONTHS[month - 1]} {day}"})


def empty_board(name: str) -> tuple[list[str], dict]:
    """The calendar with nothing placed (``--board calendar``)."""
    if name != "calendar":
        raise catalog.DataFileError(f"unknown board {name!r}; the calendar family has one board, calendar")
    return list(board().rows), {}


def named_boards() -> list[NamedBoard]:
    """Its one board, for ``xlsolver boards``."""
    drawn = board()
    return [NamedBoard("calendar", drawn.title, drawn.pieces, drawn.rows,
                       len(drawn.cells))]


def sheets() -> tuple[SheetSpec, ...]:
    from ..base.sheets import BELOW_LEGEND, AreaSpec, SettingCell, SheetSpec

    rows = board().rows
    return (SheetSpec(
        "Calendar", "Sheet11", 4, "A-Puzzle-A-Day",
        "Type a date (blank: today) and press Solve: the eight pieces cover every month and day but that one. "
        "Letters typed into the grid place pieces as hints.",
        legend={"pieces": board().pieces}, cell_pixels=30,
        areas=(AreaSpec("Calendar", "Calendar board", len(rows), len(rows[0]),
                        letters="".join(catalog.piece_set(board().pieces).pieces), generate=True,
                        cells=(SettingCell("date", (-2, 12), "Dec 25"),),
                        sample=tuple(row.replace(".", " ") for row in rows)),),
        areas_top=BELOW_LEGEND),)


FAMILY = cover.family(name="calendar", title="A-Puzzle-A-Day: cover the calendar but one date", read=read,
                      settings=(DATE,), board=empty_board, boards=named_boards, legend=tiling.legend, sheets=sheets, order=5,
                      heat_map=True)
