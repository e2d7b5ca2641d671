"""The same tiling written five ways: does xlsolver's count depend on how the input is written?

    python bench/orderings.py                 # the four tilings, five ways each (a few minutes)
    python bench/orderings.py --boards 6x10   # one of them
    python bench/orderings.py --timeout 60    # give up on a way after 60 s (shown as "> 60")

Each tiling (6x10, 5x12, scott: 8x8 minus its centre 2x2, with the pentominoes; Kanoodle's 5x11) is
written by this script five ways, from the problem xlsolver builds:

1. ``xlsolver``: as ``xlsolver count --save-dlx`` writes it (cells along the short side, then the pieces);
2. ``pieces, rows``: the pieces first, then the cells row by row, as people write it by hand; each
   option's items in that order;
3. ``cells, columns``: the cells column by column, then the pieces, each option's items in that order and
   the options sorted by their cells (an order xlsolver never writes: its options come piece by piece);
4. and 5. ``random 1``, ``random 2``: the items, the options and the items within each option shuffled
   (seeds 1 and 2).

Each is counted by ``xlsolver count FILE.dlx --json`` from a fresh process (imports included, best of
``--runs``), against the C bitboard search (bench/c/bitboard.c, first uncovered cell in the declared order)
on way 1 in the same run.  Goals (issue 27): the slowest way at most 1.5x the fastest; 6x10 at most 1.0x
the C search, Kanoodle at most 0.2x.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from run import XLSOLVER, best_of, build_references, c_solutions, problem_file

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xlsolver.engine import dlx_text  # noqa: E402

BOARDS = (("6x10", 9356, 1.0), ("5x12", 4040, None), ("scott", 520, None), ("kanoodle", 371020, 0.2))
WAYS = ("xlsolver", "pieces, rows", "cells, columns", "random 1", "random 2")
CELL = re.compile(r"^([A-Z]+)(\d+)$")  # a tiling's cell: column letters, row number (A1)


def _column(letters: str) -> int:
    value = 0
    for letter in letters:
        value = value * 26 + ord(letter) - ord("A") + 1
    return value


def _cell_key(name: str, by_rows: bool) -> tuple[int, int] | None:
    match = CELL.match(name)
    if not match:
        return None
    column, row = _column(match.group(1)), int(match.group(2))
    return (row, column) if by_rows else (column, row)


def written(text: str, way: str) -> str:
    """The problem of DLX ``text`` written ``way`` (one of WAYS): the same problem, other orders."""
    problem = dlx_text.loads(text)
    items = list(problem.primary)
    options = [problem.option_items(o) for o in range(len(problem.options))]
    if way == "xlsolver":
        order = items
    elif way in ("pieces, rows", "cells, columns"):
        by_rows = way == "pieces, rows"
        cells = sorted((i for i in items if _cell_key(i, by_rows)), key=lambda i: _cell_key(i, by_rows))
        pieces = [i for i in items if not _cell_key(i, by_rows)]
        order = pieces + cells if by_rows else cells + pieces
    else:
        rng = random.Random(int(way.split()[-1]))
        order = items[:]
        rng.shuffle(order)
        options = [rng.sample(option, len(option)) for option in options]
        rng.shuffle(options)
    if way in ("pieces, rows", "cells, columns"):
        rank = {item: k for k, item in enumerate(order)}
        options = [sorted(option, key=rank.__getitem__) for option in options]
        if way == "cells, columns":
            options.sort(key=lambda option: [rank[i] for i in option])
    lines = [f"| {way}", " ".join(order)] + [" ".join(option) for option in options]
    return "\n".join(lines) + "\n"


def timed_count(path: Path, runs: int, timeout: float) -> tuple[float | None, dict]:
    """Best wall time of ``xlsolver count PATH --json`` from a fresh process, or None past ``timeout``."""
    best, report = None, {}
    for _ in range(runs):
        start = time.perf_counter()
        try:
            done = subprocess.run(XLSOLVER + ["count", str(path), "--json"], capture_output=True, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, {}
        took = time.perf_counter() - start
        if done.returncode != 0:
            raise SystemExit(f"count {path} failed ({done.returncode}): {done.stderr.strip()}")
        report = json.loads(done.stdout)
        best = took if best is None else min(best, took)
    return best, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", nargs="*", default=[b for b, _, _ in BOARDS], help="the tilings to time")
    parser.add_argument("--runs", type=int, default=3, help="repetitions of each timing (best is kept)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds before a way is given up")
    args = parser.parse_args()
    bitboard = build_references()["bitboard"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        subprocess.run(XLSOLVER + ["count", "--board", "3x20"], capture_output=True)  # compiled code cached
        for board, known, goal in BOARDS:
            if board not in args.boards:
                continue
            own = problem_file(board, folder).read_text()
            reference, out = best_of(args.runs, [str(bitboard)], stdin=problem_file(board, folder))
            assert c_solutions(out) == known, out
            times = []
            for way in WAYS:
                path = folder / f"{board}-{way.replace(', ', '-').replace(' ', '')}.dlx"
                path.write_text(written(own, way))
                took, report = timed_count(path, args.runs, args.timeout)
                if took is not None:
                    assert report["solutions"] == known, (path, report)
                shown = f"> {args.timeout:g} s" if took is None else f"{took:.2f} s"
                ratio = "" if took is None else f"{took / reference:.2f}"
                row = (f"| {board} | {way} | {shown} | {ratio} | {report.get('engine', '')} "
                       f"{report.get('counter', '')} |")
                print(row, flush=True)
                rows.append(row)
                times.append(took if took is not None else float("inf"))
            spread = max(times) / min(times)
            goals = f"slowest/fastest <= 1.5" + (f"; vs C <= {goal}" if goal else "")
            row = (f"| {board} | C bitboard (way 1) | {reference:.2f} s | 1.00 | slowest/fastest {spread:.2f} "
                   f"({goals}) |")
            print(row, flush=True)
            rows.append(row)
    print("\n| tiling | written | xlsolver count | ratio to C | engine, counter / notes |\n|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
