"""Benchmarks for counting tilings, all measured in one run on this machine.

    python bench/run.py            # everything (a few minutes: the plain IQ counts are long)
    python bench/run.py --quick    # skip the plain-search IQ Puzzler Pro references

It compiles two reference programs with gcc -O2 (bench/c/dlx.c: Dancing Links;
bench/c/bitboard.c: first-empty-item bitboard search), gives them the very
problem xlsolver builds (Knuth's DLX text), and times xlsolver against them as
a user runs it: a fresh process, imports included.  Times are wall-clock (best
of --runs); the ratios are what to compare across machines.  Peak memory is
the process's maximum resident set.  General problems (sudoku, Langford,
queens, random) are in bench/general.py.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "bench" / "build"
XLSOLVER = [sys.executable, "-m", "xlsolver"]
# xlsolver as installed without a C compiler: the memoised counter runs numba's copy of its loop.
XLSOLVER_NUMBA_LOOP = [sys.executable, "-c", "import sys; from xlsolver.engine import native; native.load = lambda: None; "
                       "from xlsolver.cli import main; sys.exit(main(sys.argv[1:]))"]
KANOODLE = ROOT / "bench" / "data" / "kanoodle.txt"
PEAK = [sys.executable, "-c", "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
        "stdout=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"]


def wall(command: list[str], stdin: Path | None = None, env: dict | None = None) -> tuple[float, str]:
    start = time.perf_counter()
    with open(stdin) if stdin else open(os.devnull) as feed:
        done = subprocess.run(command, stdin=feed, capture_output=True, text=True, env={**os.environ, **(env or {})})
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    return took, done.stdout


def best_of(runs: int, command: list[str], **kw) -> tuple[float, str]:
    results = [wall(command, **kw) for _ in range(runs)]
    return min(t for t, _ in results), results[-1][1]


def median_of(runs: int, command: list[str]) -> float:
    return statistics.median(wall(command)[0] for _ in range(runs))


def peak_mb(command: list[str]) -> float:
    """The command's maximum resident set, in MB (one more run)."""
    return int(subprocess.run(PEAK + command, capture_output=True, text=True, check=True).stdout) / 1024


def build_references() -> dict[str, Path]:
    BUILD.mkdir(exist_ok=True)
    programs = {}
    for name in ("dlx", "bitboard"):
        target = BUILD / name
        subprocess.run(["gcc", "-O2", "-o", str(target), str(ROOT / "bench" / "c" / f"{name}.c")], check=True)
        programs[name] = target
    return programs


def problem_file(board: str, folder: Path) -> Path:
    """The empty named board (or Kanoodle's 5x11) as DLX text, items in the order xlsolver declares them."""
    from xlsolver.geometry import catalog
    from xlsolver.engine import dlx_text
    from xlsolver.families import tiling

    if board == "kanoodle":  # a bench-only set: its letters and area are IQ Puzzler Pro's, so a grid could not tell them apart
        rows, pieces = ["." * 11] * 5, catalog.parse_piece_set(KANOODLE.read_text(), "kanoodle", str(KANOODLE))
    else:
        b = catalog.board(board)
        rows, pieces = tiling.empty_board_rows(b), catalog.piece_set(b.pieces)
    problem = tiling.encode(tiling.parse(rows, pieces))
    path = folder / f"{board}.dlx"
    path.write_text(dlx_text.dumps(problem, comment=f"{board} with {pieces.name}"))
    return path


def count_json(*args: str, runs: int = 1, env: dict | None = None, xlsolver: list[str] = XLSOLVER) -> tuple[float, dict]:
    took, out = best_of(runs, xlsolver + ["count", *args, "--json"], env=env)
    return took, json.loads(out)


def c_solutions(output: str) -> int:
    return int(output.split()[0])


class Table:
    """Rows of one run, printed as they come and again at the end."""

    def __init__(self) -> None:
        self.rows: list[str] = []

    def add(self, case: str, ours: float, reference: float, against: str, target: str, note: str = "") -> None:
        row = f"| {case} | {ours:.2f} s | {reference:.2f} s ({against}) | {ours / reference:.2f} | {target} | {note} |"
        print(row, flush=True)
        self.rows.append(row)

    def print(self) -> None:
        print("\n| case | xlsolver | reference | ratio | target | notes |\n|---|---|---|---|---|---|")
        print("\n".join(self.rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="skip the plain-search IQ Puzzler Pro references")
    parser.add_argument("--runs", type=int, default=3, help="repetitions of each timing (best is kept)")
    args = parser.parse_args()
    programs = build_references()
    table = Table()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        count_json("--board", "3x20")  # make sure the compiled code is cached
        version = median_of(5, XLSOLVER + ["--version"])
        print(f"xlsolver --version (start-up alone): {version:.3f} s (median of 5)\n")

        for board, known in (("6x10", 9356), ("5x12", 4040), ("scott", 520), ("kanoodle", 371020)):
            dlx = problem_file(board, folder)
            c_bit, out = best_of(args.runs, [str(programs["bitboard"])], stdin=dlx)
            assert c_solutions(out) == known, out
            ours, report = count_json(str(dlx), runs=args.runs)
            assert report["solutions"] == known, report
            memory = peak_mb(XLSOLVER + ["count", str(dlx)])
            target = {"6x10": "<= 1.0", "kanoodle": "<= 0.2"}.get(board, "")
            table.add(f"count {board}.dlx ({known:,})", ours, c_bit, "C bitboard", target,
                      f"engine {report['engine']}, peak {memory:.0f} MB")
        c_dlx, out = best_of(args.runs, [str(programs["dlx"])], stdin=folder / "6x10.dlx")
        ours, report = count_json("--board", "6x10", runs=args.runs)
        table.add("count --board 6x10", ours, c_dlx, "C Dancing Links", "", f"engine {report['engine']}")

        for board, known, target in (("iq5x11", 4331140, "<= 1.5 s"), ("iqdiamond", 1376400, "<= 2 s")):
            ours, report = count_json("--board", board, runs=args.runs)
            assert report["solutions"] == known, report
            memory = peak_mb(XLSOLVER + ["count", "--board", board])
            if args.quick:
                reference, against = version, "--version"
            else:
                dlx = problem_file(board, folder)
                reference, out = best_of(1, [str(programs["bitboard"])], stdin=dlx)
                assert c_solutions(out) == known, out
                against = "C bitboard"
            table.add(f"count --board {board} ({known:,})", ours, reference, against, target,
                      f"engine {report['engine']}, peak {memory:.0f} MB")
            took, report = count_json("--board", board, "--distinct")
            print(f"   {board} --distinct: {took:.2f} s, {report['solutions']:,} up to symmetry")

        print("\n== the memoised counter's loop in C (as installed) against numba's copy (no C compiler)")
        for args_ in (["--board", "iq5x11"], [str(folder / "6x10.dlx")]):
            with_c, report = count_json(*args_, runs=args.runs)
            with_numba, numba_report = count_json(*args_, runs=args.runs, xlsolver=XLSOLVER_NUMBA_LOOP)
            assert report["solutions"] == numba_report["solutions"] and numba_report["engine"] == "memo"
            table.add(f"count {' '.join(args_).replace(str(folder) + '/', '')}, numba's loop", with_numba, with_c,
                      "C loop", "", "the cost of installing without a C compiler")

        print("\n== first run ever: compiling with an empty numba cache")
        cold_cache = folder / "numba-cache"
        searched = ["--board", "6x10", "--memory", "1"]  # a search: the counter's C loop needs no numba
        cold, _ = count_json(*searched, env={"NUMBA_CACHE_DIR": str(cold_cache)})
        warm, _ = count_json(*searched, env={"NUMBA_CACHE_DIR": str(cold_cache)})
        print(f"count --board 6x10 --memory 1, empty cache: {cold:6.2f} s; cached: {warm:6.2f} s; "
              f"compile ~ {cold - warm:.2f} s")
    table.print()


if __name__ == "__main__":
    main()
