"""Problems with secondary items, as DLX text: ``xlsolver count FILE.dlx`` against xcover 0.2.6, in one run.

    pip install xcover==0.2.6
    python bench/secondary.py            # a few minutes
    python bench/secondary.py --quick    # the smaller sizes only

The files are written here (Knuth's encodings): n queens, rows and columns
primary, the diagonals secondary; Langford pairs for the n that have some
(0 or 3 mod 4), the numbers primary and the 2n slots secondary ("slots
secondary": n pairs fill them all anyway) or primary as Knuth writes it; and
xcover's colourful dodecahedron (tests/test_colours.py builds it).

Each file is counted from a fresh process, wall time, best of ``--runs``:
``xlsolver count FILE.dlx`` as a user runs it (start, read, choose, count),
and a fresh ``python`` that reads the same file with xcover's reader and counts
``xcover.covers`` (start, import, numba's cached code, count: up to the end of
that count, by the shared wall clock).  The child then counts again, timed
alone (its compiled code warm), shown as "xcover in-process".  The ratio is xlsolver / xcover,
both fresh (goal: at most 1.5).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test suite's problem builders

from xlsolver import ExactCover  # noqa: E402
from xlsolver.engine import dlx_text
from problems import langford, queens  # noqa: E402
from test_colours import dodecahedron, langford_secondary_slots  # noqa: E402

XCOVER_CHILD = """
import sys, time
from xcover import covers
from xcover.io import read_xcover_from_file
options, primary, secondary, colored = read_xcover_from_file(sys.argv[1])
n = sum(1 for _ in covers(options, primary=primary, secondary=secondary, colored=colored))
counted = time.time()
began = time.perf_counter()
again = sum(1 for _ in covers(options, primary=primary, secondary=secondary, colored=colored))
print(n, time.perf_counter() - began, counted)
"""


def cases(quick: bool) -> list[tuple[str, ExactCover]]:
    sizes = range(8, 13) if quick else range(8, 15)
    found = [(f"queens {n}", queens(n)) for n in sizes]
    for n in (7, 8, 11) if quick else (7, 8, 11, 12):
        found.append((f"langford {n}, slots secondary", langford_secondary_slots(n)))
        found.append((f"langford {n}, slots primary", langford(n)))
    found.append(("dodecahedron (colours)", dodecahedron()))
    return found


def fresh(command: list[str]) -> tuple[float, str]:
    """Wall seconds of a fresh process, and what it printed."""
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return time.perf_counter() - began, done.stdout


def xlsolver_count(path: Path) -> tuple[float, int]:
    seconds, out = fresh([sys.executable, "-m", "xlsolver", "count", str(path), "--json"])
    import json

    return seconds, json.loads(out)["solutions"]


def xcover_count(path: Path) -> tuple[float, int, float]:
    """Wall seconds from starting the process to its first count's end (the second, warm count is timed
    apart), the count, and the warm count's seconds."""
    started = time.time()
    _, out = fresh([sys.executable, "-c", XCOVER_CHILD, str(path)])
    solutions, warm, counted = out.split()
    return float(counted) - started, int(solutions), float(warm)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smaller sizes only")
    parser.add_argument("--runs", type=int, default=2, help="fresh processes per case and side (best taken)")
    args = parser.parse_args()
    import importlib.metadata

    print(f"xcover {importlib.metadata.version('xcover')}; wall seconds of fresh processes, best of {args.runs}")
    with tempfile.TemporaryDirectory() as folder:
        xlsolver_count(_write(Path(folder), "warm", queens(6)))  # both sides' compiled code in their caches
        xcover_count(_write(Path(folder), "warm", queens(6)))
        header = f"{'problem':32} {'solutions':>9} {'xlsolver':>9} {'xcover':>9} {'ratio':>6} {'xcover in-process':>18}"
        print(header)
        print("-" * len(header))
        worst = 0.0
        for name, problem in cases(args.quick):
            path = _write(Path(folder), name, problem)
            ours = min(xlsolver_count(path) for _ in range(args.runs))
            theirs = min(xcover_count(path) for _ in range(args.runs))
            if ours[1] != theirs[1]:
                raise SystemExit(f"{name}: xlsolver counts {ours[1]}, xcover {theirs[1]}")
            ratio = ours[0] / theirs[0]
            worst = max(worst, ratio)
            print(f"{name:32} {ours[1]:>9,} {ours[0]:>9.2f} {theirs[0]:>9.2f} {ratio:>6.2f} {theirs[2]:>18.2f}",
                  flush=True)
        print(f"worst ratio xlsolver / xcover: {worst:.2f} (goal: at most 1.5)")


def _write(folder: Path, name: str, problem: ExactCover) -> Path:
    path = folder / (name.replace(" ", "_").replace(",", "").replace("(", "").replace(")", "") + ".dlx")
    path.write_text(dlx_text.dumps(problem, comment=name), encoding="utf-8")
    return path


if __name__ == "__main__":
    main()
