"""Make the sample booklets in docs/booklets/ and their pages as pictures in docs/img/booklet/.

    python docs/make_booklet_pictures.py      # needs pdftoppm (poppler-utils, see .ci/run); a minute or two

Two booklets, made by the command a user runs: 40 challenges (8 a level) on the IQ Puzzler Pro 5 x 11 board
and 20 (4 a level) on its pyramid, seed 0.  docs/levels.md shows the pages.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOKLETS = ROOT / "docs" / "booklets"
PICTURES = ROOT / "docs" / "img" / "booklet"
#: (board, challenges a level, the pages to draw: name -> page number)
MADE = (("iq5x11", 8, {"title": 1, "starter": 2, "wizard": 10, "solutions": 12}),
        ("pyramid", 4, {"starter": 2, "wizard": 7, "solutions": 9}))


def main() -> None:
    BOOKLETS.mkdir(parents=True, exist_ok=True)
    PICTURES.mkdir(parents=True, exist_ok=True)
    for board, per_level, pages in MADE:
        pdf = BOOKLETS / f"{board}.pdf"
        subprocess.run([sys.executable, "-m", "xlsolver", "booklet", "--board", board, "--per-level", str(per_level),
                        "--seed", "0", "--jobs", "2", "-o", str(pdf)], check=True)
        for name, page in pages.items():
            stem = PICTURES / f"{board}-{name}"
            subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", str(page), "-l", str(page), "-singlefile",
                            str(pdf), str(stem)], check=True)
            print(f"wrote {stem}.png")


if __name__ == "__main__":
    main()
