"""Domino tilings of n x n squares, counted exactly at any size, against a plain big-integer count.

    python bench/dominoes.py                 # n = 8, 10, ..., 20
    python bench/dominoes.py --sizes 8 14    # some of them

For each n it writes the problem as Knuth's DLX text (cells as items, each domino
placement an option), counts it with ``xlsolver count FILE.dlx --json`` in a fresh
process (imports included, as a user runs it; a fresh process costs about 0.2 s
before it counts), and through the Python API in this process (``xlsolver.count``
on the problem read from the file: the estimate, the layout and the count), and
counts the same tilings in this process with the transfer matrix below: twenty lines of pure Python, its
counts Python integers, cell by cell (the ratios are against it).  Beside it, up to 16 x 16
(``--row-by-row-up-to``), the textbook form that goes a row at a time, enumerating the fillings of the
next row from each state anew (the tests' ``dominoes_row_by_row``, tests/problems.py, without its cache): the form whose times the issue gives (0.4 s at 14 x 14, 2.8 s at 16 x 16),
several times slower than cell by cell.  All counts must agree, and with OEIS A004003 where it
is listed below; the times are wall-clock, best of --runs, in the same run.
The counts pass 2**63 from 14 x 14 on: the memoised counter keeps them as
residues (xlsolver/engine/residues.py).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test suite's problem builders

from xlsolver import count  # noqa: E402
from xlsolver.engine import dlx_text
from problems import dominoes, dominoes_row_by_row  # noqa: E402

XLSOLVER = [sys.executable, "-m", "xlsolver"]
#: OEIS A004003: domino tilings of a 2n x 2n square, by the square's side.
A004003 = {
    8: 12988816,
    10: 258584046368,
    12: 53060477521960000,
    14: 112202208776036178000000,
    16: 2444888770250892795802079170816,
    18: 548943583215388338077567813208427340288,
    20: 1269984011256235834242602753102293934298576249856,
}


def transfer_matrix(rows: int, cols: int) -> int:
    """The tilings counted cell by cell in row order, with Python's integers: a state is which of the next
    ``cols`` cells dominoes already cover (bit 0: the cell at hand), with the number of ways to get there."""
    ways = {0: 1}
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        after: dict[int, int] = {}
        for covered, n in ways.items():
            rest = covered >> 1
            if covered & 1:  # already covered by a domino from above or the left
                after[rest] = after.get(rest, 0) + n
                continue
            if r + 1 < rows:  # a domino down: covers the cell a row on
                key = rest | 1 << (cols - 1)
                after[key] = after.get(key, 0) + n
            if c + 1 < cols and not covered & 2:  # a domino right
                key = rest | 1
                after[key] = after.get(key, 0) + n
        ways = after
    return ways.get(0, 0)


def timed(run) -> tuple[float, object]:
    start = time.perf_counter()
    value = run()
    return time.perf_counter() - start, value


def xlsolver_count(path: Path) -> int:
    done = subprocess.run(XLSOLVER + ["count", str(path), "--json"], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))})
    if done.returncode != 0:
        raise SystemExit(f"xlsolver count {path} failed ({done.returncode}): {done.stderr.strip()}")
    answer = json.loads(done.stdout)
    if not answer["complete"] or answer.get("counter") != "memoised":
        raise SystemExit(f"xlsolver count {path}: not a complete memoised count: {done.stdout.strip()}")
    return answer["solutions"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=sorted(A004003), metavar="N")
    parser.add_argument("--runs", type=int, default=1, help="best of this many runs of each (default 1)")
    parser.add_argument("--row-by-row-up-to", type=int, default=16, metavar="N",
                        help="time the row-by-row count up to N x N (default 16; 18 x 18 takes minutes)")
    args = parser.parse_args()
    print(f"{'board':>7}  {'xlsolver count':>14}  {'ratio':>6}  {'Python API':>10}  {'ratio':>6}  "
          f"{'transfer matrix':>15}  {'row by row':>10}  count")
    with tempfile.TemporaryDirectory() as folder:
        for n in args.sizes:
            path = Path(folder) / f"dominoes-{n}x{n}.dlx"
            path.write_text(dlx_text.dumps(dominoes(n, n)), encoding="utf-8")
            ours = min((timed(lambda: xlsolver_count(path)) for _ in range(args.runs)), key=lambda t: t[0])
            problem = dlx_text.loads(path.read_text(encoding="utf-8"))
            api = min((timed(lambda: count(problem).solutions) for _ in range(args.runs)), key=lambda t: t[0])
            plain = min((timed(lambda: transfer_matrix(n, n)) for _ in range(args.runs)), key=lambda t: t[0])
            rows = timed(lambda: dominoes_row_by_row(n, n, remember_fillings=False)) if n <= args.row_by_row_up_to else (None, plain[1])
            if not ours[1] == api[1] == plain[1] == rows[1] or (n in A004003 and ours[1] != A004003[n]):
                raise SystemExit(f"{n}x{n}: xlsolver {ours[1]}, Python API {api[1]}, transfer matrix {plain[1]}, "
                                 f"row by row {rows[1]}, A004003 {A004003.get(n, '?')}")
            known = " (= A004003)" if n in A004003 else ""
            by_rows = "-" if rows[0] is None else f"{rows[0]:.2f} s"
            print(f"{n:>3}x{n:<3}  {ours[0]:>12.2f} s  {plain[0] / ours[0]:>5.1f}x  {api[0]:>8.2f} s  "
                  f"{plain[0] / api[0]:>5.1f}x  {plain[0]:>13.2f} s  {by_rows:>10}  {ours[1]:,}{known}", flush=True)

if __name__ == "__main__":
    main()
