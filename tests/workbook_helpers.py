"""The workbook in tests: the committed board.xlsm, as a file or held in memory.

Most button tests press on a :class:`MemoryBook`: every cell of board.xlsm, read
once with openpyxl, copied per test.  It implements the same ``Book`` protocol as
the file and Excel adapters, so ``actions.press`` runs unchanged; a test in
test_workbook_headless.py presses the same buttons on a real file and on a
MemoryBook and checks both end the same.  Saving, reopening and the VBA project
are tested on real files.
"""
from __future__ import annotations

import re
import shutil
import zipfile
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import openpyxl
from oletools.olevba import VBA_Parser
from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.utils.cell import coordinate_to_tuple

from xlsolver.workbook.book import Colour, MissingName

from helpers import ROOT
COMMITTED = ROOT / "board.xlsm"

Position = tuple[str, int, int]  # sheet title, 1-based row and column


class MemoryBook:
    """Cell values and fills by (sheet, row, column), and the defined names; no file."""

    def __init__(self, names: dict[str, tuple[str, int, int, int, int]], values: dict[Position, object],
                 fills: dict[Position, Colour]):
        self.names = names  # name -> (sheet, top, left, bottom, right), 1-based
        self.values = values  # only cells that hold something
        self.fills = fills  # only solid-filled cells
        self.status_bar_texts: list[str | None] = []

    @classmethod
    def of_file(cls, path: Path) -> MemoryBook:
        workbook = openpyxl.load_workbook(path)
        names = {}
        for name, defined in workbook.defined_names.items():
            destinations = list(defined.destinations)
            if len(destinations) == 1:
                sheet, ref = destinations[0]
                left, top, right, bottom = range_boundaries(ref.replace("$", ""))
                names[name] = (sheet, top, left, bottom, right)
        values, fills = {}, {}
        for ws in workbook.worksheets:
            for row in ws.iter_rows():
                for cell in row:
                    if cell.value is not None:
                        values[ws.title, cell.row, cell.column] = cell.value
                    if cell.fill.fill_type == "solid":
                        fills[ws.title, cell.row, cell.column] = "#" + cell.fill.fgColor.rgb[-6:].lower()
        return cls(names, values, fills)

    def copy(self) -> MemoryBook:
        return MemoryBook(self.names, dict(self.values), dict(self.fills))

    def _bounds(self, name: str) -> tuple[str, int, int, int, int]:
        if name not in self.names:
            raise MissingName(name)
        return self.names[name]

    def _positions(self, name: str) -> list[list[Position]]:
        sheet, top, left, bottom, right = self._bounds(name)
        return [[(sheet, r, c) for c in range(left, right + 1)] for r in range(top, bottom + 1)]

    # -- the Book protocol ------------------------------------------------------------------------

    def read(self, name: str) -> list[list[object]]:
        return [[self.values.get(p) for p in row] for row in self._positions(name)]

    def write(self, name: str, values: Sequence[Sequence[object]]) -> None:
        for row, new in zip(self._positions(name), values):
            for position, value in zip(row, new):
                self._set(self.values, position, None if value == "" else value)  # as a file reads back

    def paint(self, name: str, fills: Sequence[Sequence[Colour]]) -> None:
        for row, colours in zip(self._positions(name), fills):
            for position, colour in zip(row, colours):
                self._set(self.fills, position, colour)

    def anchor(self, name: str) -> tuple[str, int, int]:
        sheet, top, left, _, _ = self._bounds(name)
        return sheet, top - 1, left - 1

    def status_bar(self, text: str | None) -> None:
        self.status_bar_texts.append(text)

    def has_name(self, name: str) -> bool:
        return name in self.names

    # -- for tests ----------------------------------------------------------------------------------

    def fills_of(self, name: str) -> list[list[Colour]]:
        return [[self.fills.get(p) for p in row] for row in self._positions(name)]

    def set(self, sheet: str, ref: str, value: object) -> None:
        """Type into one cell by its A1 reference, as a user would."""
        self._set(self.values, (sheet, *coordinate_to_tuple(ref)), value)

    @staticmethod
    def _set(cells: dict, position: Position, value: object) -> None:
        if value is None:
            cells.pop(position, None)
        else:
            cells[position] = value


@cache
def _committed() -> MemoryBook:
    return MemoryBook.of_file(COMMITTED)


def committed_book() -> MemoryBook:
    """A fresh in-memory copy of the committed board.xlsm."""
    return _committed().copy()


def copy_of_board(tmp_path: Path, name: str = "board.xlsm") -> Path:
    target = tmp_path / name
    shutil.copyfile(COMMITTED, target)
    return target


# -- helpers that take a MemoryBook or the path of a real file --------------------------------------

def _file_cells(workbook, name: str):
    sheet, ref = next(iter(workbook.defined_names[name].destinations))
    left, top, right, bottom = range_boundaries(ref.replace("$", ""))
    ws = workbook[sheet]
    return [[ws.cell(r, c) for c in range(left, right + 1)] for r in range(top, bottom + 1)]


def values_of(book: MemoryBook | Path, name: str) -> list[list[object]]:
    if isinstance(book, MemoryBook):
        return book.read(name)
    return [[cell.value for cell in row] for row in _file_cells(openpyxl.load_workbook(book), name)]


def fills_of(book: MemoryBook | Path, name: str) -> list[list[str | None]]:
    """'#rrggbb' of each solid-filled cell, None for no fill."""
    if isinstance(book, MemoryBook):
        return book.fills_of(name)
    return [[("#" + cell.fill.fgColor.rgb[-6:].lower()) if cell.fill.fill_type == "solid" else None
             for cell in row] for row in _file_cells(openpyxl.load_workbook(book), name)]


def _typed_rows(rows: list[object], width: int) -> list[list[object]]:
    """A string is one character a cell (blank: empty); a list holds raw values."""
    typed = []
    for row in rows:
        values = list(row) if not isinstance(row, str) else [ch if ch.strip() else None for ch in row]
        typed.append(values + [None] * (width - len(values)))
    return typed


def type_into(book: MemoryBook | Path, name: str, rows: list[object]) -> None:
    """Type a grid (strings, one character a cell; or lists of raw values) into a named range."""
    if isinstance(book, MemoryBook):
        width = len(book.read(name)[0])
        book.write(name, _typed_rows(rows, width))
        return
    workbook = openpyxl.load_workbook(book, keep_vba=True)
    cells = _file_cells(workbook, name)
    for row_cells, row in zip(cells, _typed_rows(rows, len(cells[0]))):
        for cell, value in zip(row_cells, row):
            cell.value = value
    workbook.save(book)


def all_values(book: MemoryBook | Path, skip: set[str] = frozenset()) -> dict[tuple[str, str], object]:
    """Every non-empty cell value of the workbook, except in the named ranges ``skip``."""
    if isinstance(book, MemoryBook):
        skipped = {p for name in skip for row in book._positions(name) for p in row}
        return {(sheet, f"{get_column_letter(c)}{r}"): v for (sheet, r, c), v in book.values.items()
                if (sheet, r, c) not in skipped}
    workbook = openpyxl.load_workbook(book)
    skipped = {(c.parent.title, c.coordinate) for name in skip for row in _file_cells(workbook, name) for c in row}
    return {(ws.title, cell.coordinate): cell.value
            for ws in workbook.worksheets for row in ws.iter_rows() for cell in row
            if cell.value is not None and (ws.title, cell.coordinate) not in skipped}


def press(book: MemoryBook | Path, area: str, action: str):
    """Press a button headless; on a file: open, act, save, as a click in Excel would leave it."""
    from xlsolver.workbook import actions
    from xlsolver.workbook.openpyxl_book import OpenpyxlBook

    if isinstance(book, MemoryBook):
        return actions.press(book, area, action)
    opened = OpenpyxlBook(book)
    outcome = actions.press(opened, area, action)
    opened.save()
    return outcome


def status(book: MemoryBook | Path, area: str) -> str:
    return values_of(book, f"{area}_Status")[0][0] or ""


# -- the file itself ---------------------------------------------------------------------------------

def button_macros(path: Path) -> list[str]:
    """The macro of every form button, from the VML drawings Excel reads, drawing by drawing in their numbers'
    order (vmlDrawing10 after vmlDrawing9: a writer may number them otherwise than by sheet, past nine)."""
    macros = []
    with zipfile.ZipFile(path) as archive:
        for member in sorted(archive.namelist(), key=lambda name: [int(part) if part.isdigit() else part
                                                                    for part in re.split(r"(\d+)", name)]):
            if re.match(r"xl/drawings/vmlDrawing\d+\.vml$", member):
                macros += re.findall(r"<x:FmlaMacro>\[0\]!([^<]+)</x:FmlaMacro>", archive.read(member).decode())
    return macros


def vba_sources(path: Path = COMMITTED) -> dict[str, str]:
    """Module name -> source, as oletools reads them from a workbook (the committed one by default)."""
    parser = VBA_Parser(path.name, data=path.read_bytes())
    try:
        return {stream.split("/")[-1]: code for _, stream, _, code in parser.extract_macros()}
    finally:
        parser.close()


def vba_bin(path: Path) -> bytes:
    with zipfile.ZipFile(path) as archive:
        return archive.read("xl/vbaProject.bin")
