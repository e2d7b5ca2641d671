"""Re-check generated challenge files from their text alone: one solution, their level, the booklet's count of pieces.

    xlsolver generate --board iq5x11 --level expert -n 20 -o made/expert
    python bench/check_challenges.py made/*/*.txt
    python bench/check_challenges.py --minimal made/*/*.txt     # challenges made with --minimal

Uniqueness is counted by `xlsolver count`'s own path (the family's count with a limit of 2), not by the
generator: each file must have exactly one solution, the grader must put it at the level its title says, and
it must give as many pieces as the board's booklet gives at that level (families/levels.py).  With --minimal,
erasing any one given piece (all cells of one letter) must let a second solution in instead.  Tilings only (a
given piece is the cells of one letter).
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter

from xlsolver import families
from xlsolver.families import Ask, grading, levels
from xlsolver.base.files import read_puzzle_text


def solutions(tiling, rows: list[str], settings: dict) -> int:
    return tiling.count(tiling.parse(rows, settings), Ask(limit=2)).data["solutions"]


def check(path: str, minimal: bool) -> tuple[bool, bool, bool, str, int]:
    """(unique, minimal or not asked, pieces within the level's range, level, pieces given) of one file."""
    rows, header = read_puzzle_text(path)
    settings = {key: value for key, value in header.items() if key == "pieces"}
    tiling = families.get("tiling")
    unique = solutions(tiling, rows, settings) == 1
    letters = sorted({ch.upper() for row in rows for ch in row if ch.isalpha()})
    is_minimal = not minimal or all(
        solutions(tiling, [row.replace(letter, ".").replace(letter.lower(), ".") for row in rows], settings) >= 2
        for letter in letters)
    puzzle = tiling.parse(rows, settings)
    grade = grading.grade(puzzle)
    low, high = levels.for_puzzle(puzzle, grade.given + grade.to_place).level(grade.level).given
    in_range = minimal or low <= grade.given <= high  # a minimal challenge gives what uniqueness leaves
    return unique, is_minimal, in_range, grade.level, len(letters)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--minimal", action="store_true", help="also check that no given piece can be taken away")
    args = parser.parse_args()
    bad, seen, given = 0, Counter(), Counter()
    for path in args.paths:
        unique, minimal, in_range, level, pieces = check(path, args.minimal)
        titled = read_puzzle_text(path)[1].get("title", "")
        same_level = f": {level.capitalize()} (" in titled
        seen[level] += 1
        given[pieces] += 1
        if not (unique and minimal and in_range and same_level):
            bad += 1
            print(f"{path}: unique {unique}, minimal {minimal}, pieces within its level's {in_range}, graded {level} "
                  f"({titled})")
    print(f"{len(args.paths)} challenges: {len(args.paths) - bad} as they should be; {bad} not")
    print("levels:", dict(seen), " pieces given:", dict(sorted(given.items())))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
