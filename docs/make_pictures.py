"""Render pictures of the real workbook: every sheet before and after Solve, and a mistake reported.

    python docs/make_pictures.py        # needs LibreOffice and pdftoppm (see .ci/run)
    python docs/make_pictures.py Pyramid Cubes   # only these sheets

docs/workbook.md shows IQ Puzzler Pro before and after, the README after (docs/img/workbook-*-solve.png);
docs/img/sheets/ holds every sheet as shipped (``<sheet>-before.png``; the BurrTools sheet with a file's path
typed into its File cell, ``TYPED``, the file beside the workbook as in a checkout), after
Solve on every area (``<sheet>-after.png``), and IQ Puzzler Pro after a Solve on
a mistyped cell (``error.png``).  Solve and the mistake are pressed headless with
openpyxl, the same ``actions.press`` the buttons run; LibreOffice exports each
sheet to PDF and pdftoppm turns it into PNG, through the harness the tests use
(tests/libreoffice.py).  A CJK font (Debian: fonts-noto-cjk) draws the titles'
Chinese names.
"""
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from libreoffice import Office, render_png  # noqa: E402

from xlsolver.workbook import actions, headless, layout  # noqa: E402
from xlsolver.workbook.openpyxl_book import OpenpyxlBook  # noqa: E402

README_SHEET = "IQ Puzzler Pro"
MISTAKE = ("IQ5x11", ["GQ"])  # an area, and rows typed over its input's top-left corner: Q is no IQ piece
SOLVED_EMPTY = ("Soma", "Bedlam")  # areas shipped with no piece placed that the after pictures show solved too
#: Cells typed before the pictures (the BurrTools sheet ships with its File cell empty): a path relative to the
#: workbook's folder, where the examples are copied as they are in a checkout.
TYPED = {"BurrTools_File": "examples/burr-demo.xmpuzzle", "BurrTools_Problem": 3}
DPI = 120  # a grid's letter about 13 pixels high: readable at the picture's own size


def slug(sheet: str) -> str:
    return sheet.lower().replace(" ", "-")


def with_mistake(source: Path, target: Path) -> None:
    """``source`` with a letter that is no piece typed into an area, and Solve pressed on it."""
    area, rows = MISTAKE
    book = OpenpyxlBook(source)
    values = book.read(f"{area}_In")
    for r, row in enumerate(rows):
        values[r][: len(row)] = list(row)
    book.write(f"{area}_In", values)
    actions.press(book, area, "solve")
    book.save(target)


def typed_in(path: Path) -> None:
    """``TYPED`` typed into the workbook at ``path``."""
    book = OpenpyxlBook(path)
    for name, value in TYPED.items():
        book.write(name, [[value]])
    book.save(path)


def solve_empty(path: Path) -> None:
    """Solve pressed on the areas of ``SOLVED_EMPTY`` too (``headless.solve`` leaves an empty area alone)."""
    book = OpenpyxlBook(path)
    for area in SOLVED_EMPTY:
        actions.press(book, area, "solve")
    book.save(path)


def main(only: list[str]) -> None:
    out = ROOT / "docs" / "img"
    sheets_dir = out / "sheets"
    sheets_dir.mkdir(parents=True, exist_ok=True)
    names = [sheet.name for sheet in layout.sheets() if not only or sheet.name in only]
    with tempfile.TemporaryDirectory() as tmp, Office() as office:
        tmp = Path(tmp)
        before, after, error = tmp / "before.xlsm", tmp / "after.xlsm", tmp / "error.xlsm"
        shutil.copyfile(ROOT / "board.xlsm", before)
        shutil.copytree(ROOT / "examples", tmp / "examples")
        typed_in(before)
        headless.solve(before, output=after)
        solve_empty(after)
        with_mistake(before, error)
        for state, path in (("before", before), ("after", after)):
            pictures = render_png(path, tmp / state, sheets=names, dpi=DPI, office=office)  # in the order asked
            for sheet, png in zip(names, pictures):
                _copy(png, sheets_dir / f"{slug(sheet)}-{state}.png")
                if sheet == README_SHEET:
                    _copy(png, out / f"workbook-{state}-solve.png")
        if layout.area(MISTAKE[0]).sheet in names:
            [png] = render_png(error, tmp / "error", sheets=[layout.area(MISTAKE[0]).sheet], dpi=DPI, office=office)
            _copy(png, sheets_dir / "error.png")


def _copy(source: Path, target: Path) -> None:
    shutil.copyfile(source, target)
    print(f"wrote {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv[1:])
