"""The workbook live in Excel, through xlwings: the adapter behind the buttons.

Each click starts a new Python, so calls are few: one read per range (``formula``
keeps what the user typed, formulas included), one write per range, and one
fill plus one font call per colour, over a union of cells.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from ..base.a1 import cell_name
from ..pictures.terminal import text_colour
from .book import Colour, MissingName

ADDRESS_LIMIT = 250  # Excel refuses union addresses longer than 255 characters


class XlwingsBook:
    def __init__(self, book):
        self.book = book

    @property
    def path(self) -> str | None:
        """The workbook's full path (or address), which keys its lock; None when Excel will not tell."""
        try:
            return self.book.fullname
        except Exception:  # a COM error (protected view, a closing book): act without the lock
            return None

    def _range(self, name: str):
        try:
            return self.book.names[name].refers_to_range
        except Exception:  # xlwings raises KeyError or a COM error for a missing or broken name
            raise MissingName(name) from None

    def read(self, name: str) -> list[list[object]]:
        rng = self._range(name)
        formulas = rng.formula
        if isinstance(formulas, str):
            formulas = ((formulas,),)
        return [[value if value != "" else None for value in row] for row in formulas]

    def write(self, name: str, values: Sequence[Sequence[object]]) -> None:
        self._range(name).value = [list(row) for row in values]

    def paint(self, name: str, fills: Sequence[Sequence[Colour]]) -> None:
        rng = self._range(name)
        top, left = rng.row - 1, rng.column - 1
        groups: dict[Colour, list[str]] = defaultdict(list)
        for r, row in enumerate(fills):
            for c, colour in enumerate(row):
                groups[colour].append(cell_name(top + r, left + c))
        for colour, cells in groups.items():
            for address in union_addresses(cells):
                target = rng.sheet.range(address)
                target.color = colour
                target.font.color = text_colour(colour) if colour else "#000000"

    def anchor(self, name: str) -> tuple[str, int, int]:
        rng = self._range(name)
        return rng.sheet.name, rng.row - 1, rng.column - 1

    def status_bar(self, text: str | None) -> None:
        self.book.app.status_bar = text if text else False


def union_addresses(cells: list[str]) -> list[str]:
    """Comma-joined cell lists, each short enough for one Excel range."""
    chunks, current = [], ""
    for cell in cells:
        if current and len(current) + 1 + len(cell) > ADDRESS_LIMIT:
            chunks.append(current)
            current = ""
        current = f"{current},{cell}" if current else cell
    if current:
        chunks.append(current)
    return chunks
