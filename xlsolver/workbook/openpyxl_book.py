"""The workbook as a file, through openpyxl: the headless adapter.

``keep_vba=True`` keeps the VBA project, the buttons (legacy VML drawings) and
code names when the file is saved again; data validation and defined names
survive as openpyxl reads them.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import openpyxl
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import range_boundaries

from ..terminal import text_colour
from .book import Colour, MissingName

_NO_FILL = PatternFill(fill_type=None)


class OpenpyxlBook:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.workbook = openpyxl.load_workbook(self.path, keep_vba=True)
        self._fills: dict[str, PatternFill] = {}

    def _locate(self, name: str):
        defined = self.workbook.defined_names.get(name)
        if defined is None:
            raise MissingName(name)
        destinations = list(defined.destinations)
        if len(destinations) != 1 or destinations[0][0] not in self.workbook.sheetnames:
            raise MissingName(name)
        sheet, ref = destinations[0]
        left, top, right, bottom = range_boundaries(ref.replace("$", ""))
        return self.workbook[sheet], top, left, bottom, right

    def _cells(self, name: str):
        worksheet, top, left, bottom, right = self._locate(name)
        return [[worksheet.cell(r, c) for c in range(left, right + 1)] for r in range(top, bottom + 1)]

    def read(self, name: str) -> list[list[object]]:
        return [[cell.value for cell in row] for row in self._cells(name)]

    def write(self, name: str, values: Sequence[Sequence[object]]) -> None:
        for row, new in zip(self._cells(name), values):
            for cell, value in zip(row, new):
                cell.value = value

    def paint(self, name: str, fills: Sequence[Sequence[Colour]]) -> None:
        for row, colours in zip(self._cells(name), fills):
            for cell, colour in zip(row, colours):
                cell.fill = self._fill(colour)
                text = "FF" + text_colour(colour).lstrip("#").upper() if colour else None
                old = cell.font
                cell.font = Font(name=old.name, size=old.size, bold=old.bold, italic=old.italic, color=text)

    def _fill(self, colour: Colour) -> PatternFill:
        if colour is None:
            return _NO_FILL
        if colour not in self._fills:
            argb = "FF" + colour.lstrip("#").upper()
            self._fills[colour] = PatternFill(fill_type="solid", fgColor=argb, bgColor=argb)
        return self._fills[colour]

    def anchor(self, name: str) -> tuple[str, int, int]:
        worksheet, top, left, _, _ = self._locate(name)
        return worksheet.title, top - 1, left - 1

    def status_bar(self, text: str | None) -> None:
        """No application, no status bar."""

    def has_name(self, name: str) -> bool:
        return self.workbook.defined_names.get(name) is not None

    def save(self, path: str | Path | None = None) -> None:
        self.workbook.save(Path(path) if path else self.path)
