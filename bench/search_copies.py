"""The first-item search's two copies of its loop in one process: C (search_kernel.c) against numba (_kernels.py).

    python bench/search_copies.py          # about a minute
    python bench/search_copies.py --quick  # the shorter searches only

Each case counts the whole tree with ``fast.tally`` (in slices, as a count runs), once with each copy,
after a warm-up (numba's kernels loaded and compiled), best of ``--runs``; the two must agree on the count
and the nodes.  The ratio C / numba is what to compare across machines (goal: at most 1.0).  Two-word
problems (at most 128 bits) run ``search2``, wider ones ``search``.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test suite's problem builders

from xlsolver import ExactCover  # noqa: E402
from xlsolver.geometry import catalog
from xlsolver.engine import fast, search_native  # noqa: E402
from xlsolver.families import tiling  # noqa: E402
from problems import langford, queens  # noqa: E402
from test_colours import dodecahedron  # noqa: E402


def board(name: str) -> ExactCover:
    shape = catalog.board(name)
    return tiling.encode(tiling.parse(tiling.empty_board_rows(shape), catalog.piece_set(shape.pieces)))


def cases(quick: bool) -> list[tuple[str, ExactCover]]:
    found = [("queens 12", queens(12)), ("queens 13", queens(13)), ("langford 11", langford(11)),
             ("dodecahedron (colours, 4 words)", dodecahedron()), ("4x15 tiling (3 words)", board("4x15"))]
    if not quick:
        found += [("queens 14", queens(14)), ("langford 12", langford(12)), ("6x10 tiling (3 words)", board("6x10"))]
    return found


class Using:
    """``fast.Compiled`` of a problem, run by one copy of the loop."""

    def __init__(self, compiled: fast.Compiled, kernels):
        self.compiled, self._kernels = compiled, kernels

    def __getattr__(self, name):
        return getattr(self.compiled, name)

    def kernels(self):
        return self._kernels


def timed(compiled, kernels, runs: int) -> tuple[float, int, int]:
    best, figures = float("inf"), None
    for _ in range(runs):
        began = time.perf_counter()
        solutions, _, nodes, _ = fast.tally(Using(compiled, kernels))
        best = min(best, time.perf_counter() - began)
        figures = (solutions, nodes)
    return best, *figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the shorter searches only")
    parser.add_argument("--runs", type=int, default=3, help="runs per case and copy (best taken)")
    args = parser.parse_args()
    c = search_native.load()
    if c is None:
        raise SystemExit("the C copy is not built: pip install -e . (needs a C compiler)")
    numba = fast.load("_kernels")
    warm = fast.compiled_for(queens(6))
    for kernels in (c, numba):
        fast.tally(Using(warm, kernels))
        fast.tally(Using(fast.compiled_for(dodecahedron()), kernels))  # both kernels of numba's compiled
    header = f"{'problem':34} {'solutions':>10} {'nodes':>12} {'C s':>8} {'numba s':>8} {'C/numba':>8}"
    print(f"in-process seconds, best of {args.runs}")
    print(header)
    print("-" * len(header))
    worst = 0.0
    for name, problem in cases(args.quick):
        compiled = fast.compiled_for(problem)
        ours = timed(compiled, c, args.runs)
        theirs = timed(compiled, numba, args.runs)
        if ours[1:] != theirs[1:]:
            raise SystemExit(f"{name}: C counts {ours[1:]}, numba {theirs[1:]} (solutions, nodes)")
        ratio = ours[0] / theirs[0]
        worst = max(worst, ratio)
        print(f"{name:34} {ours[1]:>10,} {ours[2]:>12,} {ours[0]:>8.3f} {theirs[0]:>8.3f} {ratio:>8.2f}", flush=True)
    print(f"worst ratio C / numba: {worst:.2f} (goal: at most 1.0)")


if __name__ == "__main__":
    main()
