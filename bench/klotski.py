"""Klotski timings: the full analysis, and solving 横刀立马 from a fresh process per metric.

    python bench/klotski.py [--runs 5]

Fresh processes are what a user (or an Excel button) pays: Python's start, the
imports, reading the data file, then the search.  The in-process times beside
them are the search alone (``Solution.seconds``, ``analyse()['seconds']``).
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYOUT = ROOT / "examples" / "klotski-hengdaolima.txt"


def command() -> list[str]:
    exe = shutil.which("xlsolver")
    return [exe] if exe else [sys.executable, "-m", "xlsolver"]


def fresh(args: list[str], runs: int) -> float:
    """Median wall time of ``args`` run as a new process, ``runs`` times."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per figure (median)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from xlsolver.cli import read_puzzle_text
    from xlsolver.families import klotski

    fresh(command() + ["--version"], 1)  # warm the file cache and the bytecode cache
    baseline = fresh([sys.executable, "-c", "pass"], args.runs)
    startup = fresh(command() + ["--version"], args.runs)
    print(f"python -c pass: {baseline:.3f} s; xlsolver --version: {startup:.3f} s (fresh processes, median of {args.runs})")

    figures = klotski.analyse()
    seconds = figures["seconds"]
    analyse_fresh = fresh(command() + ["klotski", "analyse"], args.runs)
    print(f"analysis of all {figures['layouts']:,} layouts: {sum(seconds.values()):.2f} s in process "
          f"(enumeration {seconds['enumerate']:.2f} s, components {seconds['components']:.2f} s); "
          f"xlsolver klotski analyse: {analyse_fresh:.2f} s")

    layout = klotski.parse(read_puzzle_text(str(LAYOUT))[0])
    for metric in klotski.METRICS:
        solution = klotski.solve(layout, metric)
        taken = fresh(command() + ["klotski", "solve", str(LAYOUT), "--metric", metric], args.runs)
        print(f"横刀立马, {metric:<8} metric: {solution.length} moves, {solution.states_explored:,} layouts explored; "
              f"search {solution.seconds:.2f} s in process; xlsolver klotski solve: {taken:.2f} s")


if __name__ == "__main__":
    main()
