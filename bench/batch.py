"""Many sudokus in one call: the command line and the Python API against xcover, on the same list, in one run.

    pip install -e '.[bench]'                          # xcover 0.2.6
    python bench/batch.py                              # bench/data/sudoku17-1000.txt: 1,000 of Royle's 17-clue list
    python bench/batch.py --list sudoku17.txt --cli-only   # the whole list (49,151) from the command line

What is timed, each from the puzzle as a line of text to its solution known to be the only one:

- ``cli``: ``python -m xlsolver solve LIST --family sudoku --unique --json`` in a fresh process, start to
  exit (Python, numba and the kernels loaded included), every line's JSON read back and checked.
- ``api``: ``families.batch.solve_lines(lines, "sudoku", ask=Ask(unique=True))`` in this process: read,
  checked, encoded, searched, answered (the result's JSON fields made), after a warm-up on other puzzles.
- ``loop``: the family by hand, ``family.solve(family.parse(rows), Ask(unique=True, engine="numba"))``.
- ``xcover``: ``xcover.covers`` on each puzzle's options (a cell's digits its givens leave, 4 items
  each, built in Python from the line as ours are), stopped at the second solution; after a warm-up.

Each in-process timing is the best of ``--runs``, the three taken in turn; the ratio is ours / xcover
(lower is better; the goal is at most 1.5).  Every solution is checked to be a valid sudoku holding its
givens, and xcover's to be the same.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xlsolver import families  # noqa: E402
from xlsolver.families import Ask, batch  # noqa: E402

DEFAULT_LIST = ROOT / "bench" / "data" / "sudoku17-1000.txt"
DIGITS = "123456789"


def puzzles(path: Path) -> list[str]:
    """The list's puzzles: its first word on each line, comments left out."""
    return [line.split()[0] for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


def valid(puzzle: str, solution: str) -> bool:
    """A full grid whose rows, columns and boxes hold 1-9 once, agreeing with the puzzle's givens."""
    if len(solution) != 81 or any(g not in ".0" and g != s for g, s in zip(puzzle, solution)):
        return False
    groups = [[9 * r + c for c in range(9)] for r in range(9)] + [[9 * r + c for r in range(9)] for c in range(9)]
    groups += [[9 * (3 * (b // 3) + i) + 3 * (b % 3) + j for i in range(3) for j in range(3)] for b in range(9)]
    return all(sorted(solution[k] for k in group) == list(DIGITS) for group in groups)


def cli(path: Path, expected: list[str]) -> tuple[float, list[str]]:
    """Seconds of one ``xlsolver solve --each-line`` process on the list, and its solutions, in order."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "xlsolver", "solve", str(path), "--family", "sudoku", "--unique",
                           "--json"], capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"xlsolver exited {done.returncode}: {done.stderr.strip()}")
    results = [json.loads(line) for line in done.stdout.splitlines()]
    if len(results) != len(expected) or any(r["status"] != "solved" or not r["unique"] for r in results):
        sys.exit("the command line did not solve every puzzle uniquely")
    return seconds, ["".join(r["solution"]) for r in results]


def api(lines: list[str]) -> list[str]:
    found = []
    for result in batch.solve_lines(lines, "sudoku", ask=Ask(unique=True)):
        data = result.as_data()
        assert data["status"] == "solved" and data["unique"], data
        found.append("".join(data["solution"]))
    return found


def loop(lines: list[str]) -> list[str]:
    family = families.get("sudoku")
    ask = Ask(unique=True, engine="numba")
    found = []
    for line in lines:
        answer = family.solve(family.parse([line[i:i + 9] for i in range(0, 81, 9)]), ask)
        assert answer.data["unique"], answer.message
        found.append("".join(answer.data["solution"]))
    return found


def xcover_options(line: str) -> list[list[str]]:
    """A puzzle's options for xcover: each cell's digits that its givens leave, covering the cell and the
    digit in its row, column and box."""
    rows, cols, boxes = [set() for _ in range(9)], [set() for _ in range(9)], [set() for _ in range(9)]
    for k, ch in enumerate(line):
        if ch not in ".0":
            r, c = divmod(k, 9)
            rows[r].add(ch), cols[c].add(ch), boxes[3 * (r // 3) + c // 3].add(ch)
    options = []
    for k, ch in enumerate(line):
        r, c = divmod(k, 9)
        b = 3 * (r // 3) + c // 3
        for d in [ch] if ch not in ".0" else [d for d in DIGITS if d not in rows[r] | cols[c] | boxes[b]]:
            options.append([f"p{k}", f"r{r}{d}", f"c{c}{d}", f"b{b}{d}"])
    return options


def with_xcover(lines: list[str]) -> list[str]:
    import xcover

    found = []
    for line in lines:
        options = xcover_options(line)
        solutions = []
        for solution in xcover.covers(options):
            solutions.append(solution)
            if len(solutions) == 2:
                break
        assert len(solutions) == 1
        grid = [""] * 81
        for index in solutions[0]:
            cell, row_digit = options[index][0], options[index][1]
            grid[int(cell[1:])] = row_digit[2]
        found.append("".join(grid))
    return found


def best(runs: int, work, lines: list[str]) -> tuple[float, list[str]]:
    times, found = [], []
    for _ in range(runs):
        start = time.perf_counter()
        found = work(lines)
        times.append(time.perf_counter() - start)
    return min(times), found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", type=Path, default=DEFAULT_LIST, help="a sudoku a line (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=3, help="repetitions of each in-process timing (best kept)")
    parser.add_argument("--cli-only", action="store_true", help="time the command line only (for the whole list)")
    args = parser.parse_args()
    lines = puzzles(args.list)
    print(f"{len(lines):,} puzzles from {args.list}")

    cli_seconds, cli_found = cli(args.list, lines)
    assert all(valid(p, s) for p, s in zip(lines, cli_found)), "a command-line solution is not a valid sudoku"
    print(f"{'cli':8} {cli_seconds:8.2f} s {len(lines) / cli_seconds:9,.0f} puzzles/s   (fresh process, all loaded)")
    if args.cli_only:
        return

    try:
        import xcover  # noqa: F401
    except ImportError:
        sys.exit("xcover is not installed: pip install -e '.[bench]'")
    warm = puzzles(DEFAULT_LIST)[-20:] if args.list != DEFAULT_LIST else lines[-20:]
    api(warm), loop(warm), with_xcover(warm)  # numba and xcover's kernels loaded, caches made
    timings = {"api": [], "loop": [], "xcover": []}
    found = {}
    for _ in range(args.runs):
        for name, work in (("api", api), ("loop", loop), ("xcover", with_xcover)):
            seconds, found[name] = best(1, work, lines)
            timings[name].append(seconds)
    for name, solutions in found.items():
        assert solutions == cli_found, f"{name} found other solutions"
    assert all(valid(p, s) for p, s in zip(lines, found["api"]))
    theirs = min(timings["xcover"])
    for name in ("api", "loop", "xcover"):
        seconds = min(timings[name])
        print(f"{name:8} {seconds:8.2f} s {len(lines) / seconds:9,.0f} puzzles/s   {seconds / theirs:5.2f} x xcover")


if __name__ == "__main__":
    main()
