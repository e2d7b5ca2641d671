"""Reading and typing into real .xlsm files with openpyxl, as a user's Excel would leave them."""
from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
from openpyxl.utils import range_boundaries

ROOT = Path(__file__).parent.parent
COMMITTED = ROOT / "board.xlsm"


def copy_of_board(tmp_path: Path, name: str = "board.xlsm") -> Path:
    target = tmp_path / name
    shutil.copyfile(COMMITTED, target)
    return target


def cells_of(workbook, name: str):
    sheet, ref = next(iter(workbook.defined_names[name].destinations))
    left, top, right, bottom = range_boundaries(ref.replace("$", ""))
    ws = workbook[sheet]
    return [[ws.cell(r, c) for c in range(left, right + 1)] for r in range(top, bottom + 1)]


def values_of(path: Path, name: str) -> list[list[object]]:
    workbook = openpyxl.load_workbook(path)
    return [[cell.value for cell in row] for row in cells_of(workbook, name)]


def fills_of(path: Path, name: str) -> list[list[str | None]]:
    """'#rrggbb' of each solid-filled cell, None for no fill."""
    workbook = openpyxl.load_workbook(path)
    return [[("#" + cell.fill.fgColor.rgb[-6:].lower()) if cell.fill.fill_type == "solid" else None
             for cell in row] for row in cells_of(workbook, name)]


def type_into(path: Path, name: str, rows: list[object]) -> None:
    """Type a grid (strings, one character a cell; or lists of raw values) into a named range."""
    workbook = openpyxl.load_workbook(path, keep_vba=True)
    for cells, row in zip(cells_of(workbook, name), rows):
        values = list(row) if not isinstance(row, str) else [ch if ch.strip() else None for ch in row]
        values += [None] * (len(cells) - len(values))
        for cell, value in zip(cells, values):
            cell.value = value
    workbook.save(path)


def all_values(path: Path, skip: set[str] = frozenset()) -> dict[tuple[str, str], object]:
    """Every non-empty cell value of the workbook, except in the named ranges ``skip``."""
    workbook = openpyxl.load_workbook(path)
    skipped = {(c.parent.title, c.coordinate) for name in skip for row in cells_of(workbook, name) for c in row}
    return {(ws.title, cell.coordinate): cell.value
            for ws in workbook.worksheets for row in ws.iter_rows() for cell in row
            if cell.value is not None and (ws.title, cell.coordinate) not in skipped}


def button_macros(path: Path) -> list[str]:
    """The macro of every form button, from the VML drawings Excel reads."""
    macros = []
    with zipfile.ZipFile(path) as archive:
        for member in sorted(archive.namelist()):
            if re.match(r"xl/drawings/vmlDrawing\d+\.vml$", member):
                macros += re.findall(r"<x:FmlaMacro>\[0\]!([^<]+)</x:FmlaMacro>", archive.read(member).decode())
    return macros


def vba_bin(path: Path) -> bytes:
    with zipfile.ZipFile(path) as archive:
        return archive.read("xl/vbaProject.bin")


def press(path: Path, area: str, action: str):
    """Press a button headless: open, act, save, as a click in Excel would leave the file."""
    from xlsolver.workbook import actions
    from xlsolver.workbook.openpyxl_book import OpenpyxlBook

    book = OpenpyxlBook(path)
    outcome = actions.press(book, area, action)
    book.save()
    return outcome


def status(path: Path, area: str) -> str:
    return values_of(path, f"{area}_Status")[0][0] or ""
