"""What the button actions need from a workbook, whichever library reaches it.

Two adapters implement it: ``openpyxl_book`` (a file, headless) and
``xlwings_book`` (live Excel).  Ranges are found by defined name only.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

Colour = str | None  # "#rrggbb", or None for no fill


class MissingName(LookupError):
    """The workbook has no defined name the layout promises."""


class Book(Protocol):
    def read(self, name: str) -> list[list[object]]:
        """The values of the named range, as rows (one call)."""

    def write(self, name: str, values: Sequence[Sequence[object]]) -> None:
        """Values into the named range, same shape (one call)."""

    def paint(self, name: str, fills: Sequence[Sequence[Colour]]) -> None:
        """Fill colour per cell of the named range (text colour follows for contrast)."""

    def anchor(self, name: str) -> tuple[str, int, int]:
        """Sheet name and 0-based (row, column) of the range's top-left cell."""

    def status_bar(self, text: str | None) -> None:
        """Show ``text`` in the application's status bar; None gives it back."""
