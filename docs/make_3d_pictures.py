"""Draw the 3D pictures the README and docs/3d.md show: a booklet pyramid and a Soma cube, solved and step by step.

    python docs/make_3d_pictures.py      # writes docs/img/3d/*.svg

The same pictures ``xlsolver solve FILE --svg OUT.svg [--steps]`` draws, made by that command.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img" / "3d"
PUZZLES = {"pyramid-81": ROOT / "examples" / "pyramid-81.txt", "soma": ROOT / "examples" / "soma.txt"}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, puzzle in PUZZLES.items():
        for suffix, more in (("", []), ("-steps", ["--steps"])):
            target = OUT / f"{name}{suffix}.svg"
            subprocess.run([sys.executable, "-m", "xlsolver", "solve", str(puzzle), "--svg", str(target), *more],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            print(f"wrote {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
