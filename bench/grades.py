"""Calibrate the difficulty levels of generated challenges (xlsolver/families/challenges.py).

Grades the booklet samples in examples/ and N minimal challenges generated on a
board, and prints the difficulty quintiles: the floors LEVEL_FLOORS should hold
(or, for a 3D board, its line in xlsolver/data/levels/floors.txt).

    python bench/grades.py                 # 200 challenges on iq5x11 (about a minute and a half)
    python bench/grades.py --board 6x10 -n 50
    python bench/grades.py --family solid --board pyramid --pieces kanoodle -n 100
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from pathlib import Path

from xlsolver import families
from xlsolver.families import challenges

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BOOKLET = ("starter-1", "junior-13", "expert-25", "master-31", "wizard-37")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", default="tiling")
    parser.add_argument("--board", default="iq5x11")
    parser.add_argument("--pieces", help="the piece set, where the board takes more than one")
    parser.add_argument("-n", type=int, default=200, help="challenges to generate (seeds 0..n-1)")
    args = parser.parse_args()
    tiling = families.get("tiling")
    print("booklet samples (published level, difficulty, given, to place, nodes, choice bits):")
    for name in BOOKLET:
        rows = (EXAMPLES / f"iq-{name}.txt").read_text().splitlines()
        grade = challenges.grade(tiling.parse(rows, {}))
        print(f"  {name:10} {grade.difficulty:6.1f}  {grade.given:2} {grade.to_place:2} {grade.nodes:6} "
              f"{grade.choice_bits:5.1f}  -> {grade.level}")
    family = families.get(args.family)
    rows, settings = family.board(args.board)
    if args.pieces:
        settings = {**settings, "pieces": args.pieces}
    start = time.monotonic()
    made = [challenges.attempt(lambda r: family.parse(r, settings), rows, seed) for seed in range(args.n)]
    seconds = time.monotonic() - start
    grades = sorted(c.grade.difficulty for c in made if c is not None)
    quintiles = statistics.quantiles(grades, n=5)
    print(f"{len(grades)} minimal challenges on {args.board} in {seconds:.1f} s "
          f"({seconds / args.n:.2f} s each): difficulty {grades[0]} .. {grades[-1]}")
    print("  pieces given:", dict(sorted(Counter(c.grade.given for c in made if c).items())))
    print("  quintiles (LEVEL_FLOORS):", tuple(round(q, 1) for q in quintiles))
    floors = family.parse(rows, settings).level_floors or challenges.LEVEL_FLOORS
    print("  levels with the current floors:", floors,
          dict(Counter(challenges.level_of(d, floors) for d in grades)))


if __name__ == "__main__":
    main()
