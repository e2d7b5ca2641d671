"""How fast challenges of each level are made, from a fresh process, against one count of the same board.

For each board and level this runs ``xlsolver generate --board B --level L -n N --json`` as a new process (one
process, then ``--jobs 2``), checks every challenge from its text alone (exactly one solution, by the family's
own count with a limit of 2; the level the grader gives it; its pieces given within the level's range), and
prints the pieces given (fewest, most), the seconds per challenge, and the ratio to ``xlsolver count --board B``
timed in the same run.  Then one booklet: ``xlsolver booklet --board iq5x11 --per-level 8 --jobs 2``.

    python bench/generate_levels.py                    # iq5x11 and pyramid, 10 a level (a few minutes)
    python bench/generate_levels.py --boards iqdiamond -n 5
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from xlsolver import families
from xlsolver.families import Ask, grading, levels

XLSOLVER = [sys.executable, "-m", "xlsolver"]


def timed(words: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    start = time.monotonic()
    done = subprocess.run(XLSOLVER + words, capture_output=True, text=True)
    return time.monotonic() - start, done


def family_of(board: str):
    for family in families.all_families().values():
        if family.board is not None:
            try:
                return family, family.board(board)
            except Exception:
                continue
    raise SystemExit(f"no family has a board {board!r}")


def check(board: str, level: str, made: list[dict]) -> tuple[int, int, int, bool]:
    """(fewest given, most given, how many are unique and at their level within its range, all distinct)."""
    family, (rows, settings) = family_of(board)
    good = 0
    for challenge in made:
        puzzle = family.parse(challenge["rows"], settings)
        unique = family.count(puzzle, Ask(limit=2)).data["solutions"] == 1
        grade = grading.grade(puzzle)
        low, high = levels.for_puzzle(puzzle, grade.given + grade.to_place).level(level).given
        good += unique and grade.level == level and low <= grade.given <= high
    given = [c["given"] for c in made]
    distinct = len({tuple(c["rows"]) for c in made}) == len(made)
    return min(given), max(given), good, distinct


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", nargs="+", default=["iq5x11", "pyramid"])
    parser.add_argument("-n", type=int, default=10, help="challenges per level")
    args = parser.parse_args()
    for board in args.boards:
        count_seconds, counted = timed(["count", "--board", board, "--json"])
        total = json.loads(counted.stdout).get("solutions")
        print(f"\n== {board}: one count ({total:,} solutions) takes {count_seconds:.2f} s from a fresh process")
        print(f"   {'level':<8} {'given':>7} {'checked':>9}  {'s each, 1 process':>18} {'ratio':>6}  "
              f"{'s each, --jobs 2':>17} {'ratio':>6}")
        for level in levels.LEVELS:
            one, done = timed(["generate", "--board", board, "--level", level, "-n", str(args.n), "--json"])
            made = json.loads(done.stdout)["challenges"]
            two, _ = timed(["generate", "--board", board, "--level", level, "-n", str(args.n), "--json", "--jobs", "2"])
            fewest, most, good, distinct = check(board, level, made)
            print(f"   {level:<8} {fewest:>3}-{most:<3} {good:>4} of {len(made):<2}  {one / args.n:>18.2f} "
                  f"{one / args.n / count_seconds:>6.2f}  {two / args.n:>17.2f} {two / args.n / count_seconds:>6.2f}"
                  f"{'' if distinct else '  (some alike)'}")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "booklet.pdf"
        seconds, done = timed(["booklet", "--board", "iq5x11", "--per-level", "8", "--jobs", "2", "-o", str(out),
                               "--json"])
        data = json.loads(done.stdout)
        print(f"\nbooklet: 40 challenges (8 a level) on the 5 x 11 board, --jobs 2: {seconds:.1f} s, "
              f"{data['pages']} pages")


if __name__ == "__main__":
    main()
