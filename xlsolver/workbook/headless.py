"""Pressing Solve without Excel: every area that has input, or the one named."""
from __future__ import annotations

import zipfile
from pathlib import Path

from ..answer import Answer
from . import actions, layout
from .book import MissingName
from .cells import is_blank


class WorkbookError(Exception):
    """A workbook that cannot be used; the message says why in one line."""


def open_book(path: str | Path):
    from openpyxl.utils.exceptions import InvalidFileException

    from .openpyxl_book import OpenpyxlBook

    path = Path(path)
    if not path.is_file():
        raise WorkbookError(f"cannot read {str(path)!r}: no such file")
    try:
        book = OpenpyxlBook(path)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError) as err:
        raise WorkbookError(f"cannot open {str(path)!r} as an Excel workbook ({type(err).__name__}: {err})") from None
    if not any(book.has_name(f"{name}_In") for name in layout.areas()):
        raise WorkbookError(f"{str(path)!r} has no xlsolver areas (no range named like Pento6x10_In)")
    return book


def areas_to_solve(book, area: str | None) -> list[str]:
    """The named area, or every area whose input grid has something typed in it."""
    if area is not None:
        found = layout.area(area)
        if found is None:
            raise WorkbookError(f"unknown area {area!r}; the areas are {', '.join(layout.areas())}")
        if not book.has_name(f"{found.name}_In"):
            raise WorkbookError(f"this workbook has no range named {found.name}_In")
        return [found.name]
    chosen = []
    for name in layout.areas():
        try:
            if not is_blank(book.read(f"{name}_In")):
                chosen.append(name)
        except MissingName:
            continue
    return chosen


def solve(path: str | Path, area: str | None = None, output: str | Path | None = None) -> dict[str, Answer]:
    """Solve, write the solutions into the workbook and save it (to ``output`` if given)."""
    book = open_book(path)
    outcomes = {name: actions.press(book, name, "solve") for name in areas_to_solve(book, area)}
    if outcomes:
        try:
            book.save(output or path)
        except OSError as err:
            raise WorkbookError(f"cannot save {str(output or path)!r}: {err.strerror or err}") from None
    return outcomes
