"""Render the README's pictures from the real workbook: before and after Solve.

    python docs/make_pictures.py        # needs LibreOffice and pdftoppm (see .ci/run)

LibreOffice exports the sheet to PDF and pdftoppm turns it into PNG, through the
harness the tests use (tests/libreoffice.py).
"""
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from libreoffice import render_png  # noqa: E402

from xlsolver.workbook import headless  # noqa: E402

SHEET = "IQ Puzzler Pro"


def main() -> None:
    out = ROOT / "docs" / "img"
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        before = Path(tmp) / "before.xlsm"
        after = Path(tmp) / "after.xlsm"
        shutil.copyfile(ROOT / "board.xlsm", before)
        headless.solve(before, output=after)
        for name, path in (("before", before), ("after", after)):
            [png] = render_png(path, tmp, sheets=[SHEET], dpi=60)
            shutil.copyfile(png, out / f"workbook-{name}-solve.png")
            print(f"wrote {out / f'workbook-{name}-solve.png'}")


if __name__ == "__main__":
    main()
