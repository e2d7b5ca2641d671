"""Benchmarks for the counting engine, all measured in one run on this machine.

    python bench/run.py            # everything (IQ Puzzler Pro counts take a few minutes)
    python bench/run.py --quick    # skip the IQ Puzzler Pro counts

It compiles two reference programs with gcc -O2 (bench/c/dlx.c: Dancing Links;
bench/c/bitboard.c: first-empty-item bitboard search), gives them the very
problem xlsolver builds (Knuth's DLX text), and times xlsolver against them as
a user runs it: a fresh process, imports included.  Times are wall-clock; the
ratios are what to compare across machines.
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


def wall(command: list[str], stdin: Path | None = None, env: dict | None = None) -> tuple[float, str]:
    start = time.perf_counter()
    with open(stdin) if stdin else open(os.devnull) as feed:
        done = subprocess.run(command, stdin=feed, capture_output=True, text=True, env={**os.environ, **(env or {})})
    took = time.perf_counter() - start
    if done.returncode not in (0,):
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    return took, done.stdout


def best_of(runs: int, command: list[str], **kw) -> tuple[float, str]:
    results = [wall(command, **kw) for _ in range(runs)]
    return min(t for t, _ in results), results[-1][1]


def median_of(runs: int, command: list[str]) -> float:
    return statistics.median(wall(command)[0] for _ in range(runs))


def build_references() -> dict[str, Path]:
    BUILD.mkdir(exist_ok=True)
    programs = {}
    for name in ("dlx", "bitboard"):
        target = BUILD / name
        subprocess.run(["gcc", "-O2", "-o", str(target), str(ROOT / "bench" / "c" / f"{name}.c")], check=True)
        programs[name] = target
    return programs


def problem_file(board: str, folder: Path) -> Path:
    from xlsolver import catalog, dlx_text
    from xlsolver.families import tiling

    b = catalog.board(board)
    problem = tiling.encode(tiling.parse(tiling.empty_board_rows(b), catalog.piece_set(b.pieces)))
    path = folder / f"{board}.dlx"
    path.write_text(dlx_text.dumps(problem, comment=f"{board} with {b.pieces}"))
    return path


def count_json(*args: str, runs: int = 1, env: dict | None = None) -> tuple[float, dict]:
    took, out = best_of(runs, XLSOLVER + ["count", *args, "--json"], env=env)
    return took, json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="skip the long IQ Puzzler Pro counts")
    parser.add_argument("--runs", type=int, default=3, help="repetitions of the short timings (best is kept)")
    args = parser.parse_args()
    programs = build_references()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        six_by_ten = problem_file("6x10", folder)

        print("== 6x10, all 9,356 tilings with the 12 pentominoes")
        count_json("--board", "6x10")  # make sure the compiled code is cached
        c_dlx, out = best_of(args.runs, [str(programs["dlx"])], stdin=six_by_ten)
        print(f"C Dancing Links (gcc -O2):     {c_dlx:6.2f} s   {out.strip()}")
        c_bit, out = best_of(args.runs, [str(programs["bitboard"])], stdin=six_by_ten)
        print(f"C bitboard search (gcc -O2):   {c_bit:6.2f} s   {out.strip()}")
        ours, report = count_json("--board", "6x10", runs=args.runs)
        assert report["solutions"] == 9356, report
        print(f"xlsolver count --board 6x10:   {ours:6.2f} s   {report['solutions']} solutions, engine {report['engine']},"
              " symmetry used, fresh process")
        plain, report = count_json(str(six_by_ten), runs=args.runs)
        assert report["solutions"] == 9356, report
        print(f"xlsolver count 6x10.dlx:       {plain:6.2f} s   the same tree as the C bitboard, no symmetry")
        print(f"ratio xlsolver / C Dancing Links = {ours / c_dlx:.2f}   (target <= 0.25)")
        print(f"ratio xlsolver / C bitboard      = {ours / c_bit:.2f}   (target <= 1.3)")
        print(f"plain tree: xlsolver / C bitboard = {plain / c_bit:.2f}, xlsolver / C Dancing Links = {plain / c_dlx:.2f}")

        print("\n== one booklet challenge from a fresh process (no JIT, no heavy import on this path)")
        challenge = ROOT / "examples" / "iq-wizard-37.txt"
        version = median_of(10, XLSOLVER + ["--version"])
        solve = median_of(10, XLSOLVER + ["solve", str(challenge)])
        print(f"xlsolver --version:            {version:6.3f} s (median of 10)")
        print(f"xlsolver solve iq-wizard-37:   {solve:6.3f} s (median of 10)")
        print(f"ratio solve / --version = {solve / version:.2f}   (target <= 1.5)")

        print("\n== first run ever: compiling with an empty numba cache")
        cold_cache = folder / "numba-cache"
        cold, _ = count_json("--board", "6x10", env={"NUMBA_CACHE_DIR": str(cold_cache)})
        warm, _ = count_json("--board", "6x10", env={"NUMBA_CACHE_DIR": str(cold_cache)})
        print(f"count --board 6x10, empty cache: {cold:6.2f} s; cached: {warm:6.2f} s; compile ~ {cold - warm:.2f} s")

        if args.quick:
            return
        print("\n== IQ Puzzler Pro (every tiling, and up to the board's symmetry)")
        for board in ("iq5x11", "iqdiamond"):
            for jobs in (1, 2):
                took, report = count_json("--board", board, "--distinct", "--jobs", str(jobs))
                print(f"{board:9} --jobs {jobs}: {took:7.2f} s   total {report['total']:,}, "
                      f"up to symmetry {report['solutions']:,}, engine {report['engine']}")
                if jobs == 1:
                    one_job = took
            print(f"{board:9} speed-up with 2 jobs: {one_job / took:.2f}   (target >= 1.8 on iq5x11)")


if __name__ == "__main__":
    main()
