"""Re-check generated challenge files from their text alone: one solution, minimal givens, their level.

    xlsolver generate --board iq5x11 --level expert -n 20 -o made/expert
    python bench/check_challenges.py made/*/*.txt

Uniqueness and minimality are counted by `xlsolver count`'s own path (the family's
count with a limit of 2), not by the generator: each file must have exactly one
solution, and erasing any one given piece (all cells of one letter) must let a
second one in.  Tilings only (a given piece is the cells of one letter).
"""
from __future__ import annotations

import sys
from collections import Counter

from xlsolver import families
from xlsolver.files import read_puzzle_text
from xlsolver.families import Ask, challenges


def solutions(tiling, rows: list[str], settings: dict) -> int:
    return tiling.count(tiling.parse(rows, settings), Ask(limit=2)).data["solutions"]


def check(path: str) -> tuple[bool, bool, str, int]:
    """(unique, minimal, level, pieces given) of one challenge file."""
    rows, header = read_puzzle_text(path)
    settings = {key: value for key, value in header.items() if key == "pieces"}
    tiling = families.get("tiling")
    unique = solutions(tiling, rows, settings) == 1
    letters = sorted({ch.upper() for row in rows for ch in row if ch.isalpha()})
    minimal = all(solutions(tiling, [row.replace(letter, ".").replace(letter.lower(), ".") for row in rows],
                            settings) >= 2 for letter in letters)
    level = challenges.grade(tiling.parse(rows, settings)).level
    return unique, minimal, level, len(letters)


def main(paths: list[str]) -> int:
    bad, levels, given = 0, Counter(), Counter()
    for path in paths:
        unique, minimal, level, pieces = check(path)
        titled = read_puzzle_text(path)[1].get("title", "")
        same_level = f": {level.capitalize()} (" in titled
        levels[level] += 1
        given[pieces] += 1
        if not (unique and minimal and same_level):
            bad += 1
            print(f"{path}: unique {unique}, minimal {minimal}, graded {level} ({titled})")
    print(f"{len(paths)} challenges: {len(paths) - bad} unique, minimal and of their titled level; {bad} not")
    print("levels:", dict(levels), " pieces given:", dict(sorted(given.items())))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
