"""Zen Puzzle Garden solve times, all measured in one run.

    python bench/zen.py [--count 50] [--size 12] [--time-limit 30]

Two sets of gardens of the same size and the same rock counts (6 to 20, by seed):

* generated: the first garden ``zen.candidates`` builds along a random raking
  for each seed (solvable by construction; ``zen.generate`` returns the first
  one the solver confirms, here none is skipped, so hard ones count too);
* random: rocks dropped uniformly at random; most have no solution, and the
  solver must prove it.

Printed: for each set how many were solved, proved unsolvable or stopped by the
time limit, and the median and worst solve times and states explored.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xlsolver.families import zen  # noqa: E402


def rocks_for(seed: int) -> int:
    return 6 + seed % 15


def random_garden(size: int, rocks: int, seed: int) -> zen.Garden:
    rng = random.Random(10_000 + seed)
    placed = set(rng.sample(range(size * size), rocks))
    return zen.parse(["".join("#" if r * size + c in placed else "." for c in range(size)) for r in range(size)])


def measure(gardens: list[zen.Garden], time_limit: float) -> tuple[dict, list[float], list[int]]:
    statuses: dict[str, int] = {}
    seconds, explored = [], []
    for garden in gardens:
        result = zen.solve(garden, time_limit=time_limit)
        if result.solved:
            zen.replay(garden, result.passes, complete=True)  # every answer is checked against the rules
        statuses[result.status] = statuses.get(result.status, 0) + 1
        seconds.append(result.seconds)
        explored.append(result.explored)
    return statuses, seconds, explored


def report(name: str, statuses: dict, seconds: list[float], explored: list[int]) -> None:
    counts = ", ".join(f"{n} {status}" for status, n in sorted(statuses.items()))
    print(f"{name}: {counts}")
    print(f"  solve time  median {statistics.median(seconds):.3f} s, worst {max(seconds):.3f} s, "
          f"total {sum(seconds):.1f} s")
    print(f"  states      median {statistics.median(explored):,.0f}, worst {max(explored):,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=50, help="gardens in each set (default 50)")
    parser.add_argument("--size", type=int, default=12, help="gardens are SIZE x SIZE (default 12)")
    parser.add_argument("--time-limit", type=float, default=30.0, help="seconds per solve (default 30)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"{args.count} + {args.count} gardens {args.size}x{args.size}, 6-20 rocks, time limit {args.time_limit:g} s")

    start = time.monotonic()
    generated = [next(zen.candidates(args.size, args.size, rocks_for(seed), seed)) for seed in range(args.count)]
    print(f"built {len(generated)} gardens along random rakings in {time.monotonic() - start:.1f} s")
    report("generated (solvable)", *measure(generated, args.time_limit))

    gardens = [random_garden(args.size, rocks_for(seed), seed) for seed in range(args.count)]
    report("random rocks", *measure(gardens, args.time_limit))


if __name__ == "__main__":
    main()
