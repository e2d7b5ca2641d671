"""General exact-cover problems: the compiled fewest-options engine against xcover, in one run.

    pip install -e '.[bench]'  # xcover, and hypothesis for tests/problems.py
    python bench/general.py     # about a minute
    python bench/general.py --quick   # skip the cases where xcover takes over a second

Every case is timed in this process after a warm-up (numba loaded, both
libraries' compiled code cached), best of ``--runs``: ours is
``fast_fewest`` from the problem object to the count (its arrays built each
time), xcover is ``xcover.covers`` from lists of item names to the last
solution.  The ratio ours / xcover is what to compare across machines
(target: at most 2).  "auto" is the engine ``engine.choose`` picks (the rule
shows in its name: numba-fewest, compiled-first, fewest, reference), the time
the choice took, and choice plus search.  (Its cost model assumes a fresh
process, where loading numba costs ~0.7 s: searches shorter than that stay
in Python, unless they are first-item searches and its C copy is built.)
Last, Inkala's sudoku from a fresh process, as a user runs it:
``xlsolver solve`` against ``xlsolver --version``.
"""
from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test suite's problem builders (needs the test extras)

from xlsolver import ExactCover, count, engine, uniqueness  # noqa: E402
from xlsolver.engine import fast, fast_fewest  # noqa: E402
from xlsolver.families import sudoku  # noqa: E402
from problems import langford, queens  # noqa: E402

WIKIPEDIA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
AGAINST_BRUTE_FORCE = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


def sudoku_problem(text: str) -> ExactCover:
    """The sudoku family's problem, its rule left to the automatic choice."""
    problem = sudoku.encode(sudoku.parse([text[i:i + 9] for i in range(0, 81, 9)]))
    return dataclasses.replace(problem, branching="auto")


def wide(seed: int, items: int, options: int, smallest: int, largest: int) -> ExactCover:
    """Random options of ``smallest``..``largest`` distinct items (they seldom have a solution)."""
    rng = random.Random(seed)
    problem = ExactCover([f"i{k}" for k in range(items)])
    for _ in range(options):
        problem.add_option([f"i{k}" for k in sorted(rng.sample(range(items), rng.randint(smallest, largest)))])
    return problem


# name, problem, solutions wanted (None: all), xcover takes over a second
CASES = [
    ("sudoku Wikipedia", lambda: sudoku_problem(WIKIPEDIA), None, False),
    ("sudoku vs brute force", lambda: sudoku_problem(AGAINST_BRUTE_FORCE), None, False),
    ("sudoku Inkala", lambda: sudoku_problem(INKALA), None, False),
    ("langford 11 count", lambda: langford(11), None, False),
    ("langford 12 count", lambda: langford(12), None, True),
    ("langford 16 first", lambda: langford(16), 1, False),
    ("queens 10 count", lambda: queens(10), None, False),
    ("queens 11 count", lambda: queens(11), None, False),
    ("queens 12 count", lambda: queens(12), None, False),
    ("random 60x300 (3-6) #1", lambda: wide(1, 60, 300, 3, 6), None, False),
    ("random 60x300 (3-6) #2", lambda: wide(2, 60, 300, 3, 6), None, False),
    ("random 80x400 (3-6)", lambda: wide(1, 80, 400, 3, 6), None, True),
    ("random 150x1500 (10-20)", lambda: wide(4, 150, 1500, 10, 20), None, False),
    ("random 200x2000 (10-20)", lambda: wide(5, 200, 2000, 10, 20), None, False),
    ("random 200x2000 (20-40)", lambda: wide(3, 200, 2000, 20, 40), None, False),
]


def ours(problem: ExactCover, limit: int | None) -> int:
    return fast.tally(fast_fewest.Compiled(problem), (), None, limit)[0]


def theirs(problem: ExactCover, limit: int | None) -> int | None:
    try:
        import xcover
    except ImportError:
        return None
    names = problem.items
    options = [[names[i] for i in items] for items in problem.options]
    found = 0
    for _ in xcover.covers(options, primary=problem.primary, secondary=problem.secondary):
        found += 1
        if found == limit:
            break
    return found


def best_of(runs: int, run) -> tuple[float, object]:
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="skip the cases where xcover takes over a second")
    parser.add_argument("--runs", type=int, default=3, help="repetitions of each timing (the best is kept)")
    args = parser.parse_args()
    warm = langford(5)
    ours(warm, None), theirs(warm, None), count(warm, engine="compiled-first")  # load both, compile if need be
    has_xcover = theirs(warm, None) is not None
    if not has_xcover:
        print("xcover is not installed (pip install xcover): timing xlsolver alone\n")
    print(f"{'case':26} {'solutions':>9} {'xcover s':>9} {'ours s':>9} {'ours/xc':>8}   {'auto picks':12} "
          f"{'choice ms':>9} {'auto s':>8}")
    ratios = []
    for name, make, limit, long in CASES:
        if long and args.quick:
            continue
        problem = make()
        ours_s, found = best_of(args.runs, lambda: ours(problem, limit))
        xc = "-"
        if has_xcover:
            xc_s, theirs_found = best_of(1 if long else args.runs, lambda: theirs(problem, limit))
            assert theirs_found == found, (name, theirs_found, found)
            ratios.append(ours_s / xc_s)
            xc = f"{xc_s:9.4f} {ours_s:9.4f} {ours_s / xc_s:8.2f}"
        else:
            xc = f"{'-':>9} {ours_s:9.4f} {'-':>8}"
        choose_s, picked = best_of(args.runs, lambda: engine.choose("auto", problem, limit=limit).NAME)
        search_s, _ = best_of(1 if long else args.runs, lambda: count(problem, limit=limit, engine=picked))
        print(f"{name:26} {found:9} {xc}   {picked:12} {choose_s * 1000:9.1f} {choose_s + search_s:8.4f}")
    if ratios:
        print(f"\nours / xcover: worst {max(ratios):.2f}, geometric mean "
              f"{statistics.geometric_mean(ratios):.2f}   (target: every case <= 2)")

    def inkala(**controls):
        return uniqueness(sudoku.encode(sudoku.parse([INKALA[i:i + 9] for i in range(0, 81, 9)])), **controls)

    for what, controls in (("", {}), (", compiled", {"engine": "numba"})):
        seconds, result = best_of(args.runs, lambda: inkala(**controls))
        print(f"{'' if controls else chr(10)}Inkala in process (encode, choose, uniqueness{what}): {seconds:.4f} s, "
              f"engine {result.engine}   (target <= 0.05)")
    example = ROOT / "examples" / "sudoku-inkala.txt"
    command = [sys.executable, "-m", "xlsolver"]
    version = statistics.median(wall(command + ["--version"]) for _ in range(10))
    solve = statistics.median(wall(command + ["solve", "--family", "sudoku", str(example)]) for _ in range(10))
    print(f"fresh process: xlsolver --version {version:.3f} s, xlsolver solve sudoku-inkala.txt {solve:.3f} s "
          f"(medians of 10): solve / --version = {solve / version:.2f}")


if __name__ == "__main__":
    main()
