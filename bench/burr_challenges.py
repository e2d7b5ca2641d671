"""New challenges from BurrTools files: ``xlsolver generate FILE.xmpuzzle``, each written file checked.

    python bench/burr_challenges.py DIR [-n N] [--tries T]

For every .xmpuzzle file of DIR (public files: see bench/burrtools.py for where they come from) and each level,
N challenges are asked for (``generate FILE --level L -n N -o OUT``, one process per file and level, its time
taken); every file written is then read back and checked: its first problem (the challenge) counted as BurrTools
counts must have exactly one assembly, and its second (the given pieces) must record an assembly that fills its
result with every piece (decoded with BurrTools' numbers, where xlsolver knows the grid's).  Files of identical
XML are tried once; a file refused says why in one line.
"""
from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.burrtools import recorded_covers  # noqa: E402
from xlsolver.families import Ask, Settings, get  # noqa: E402
from xlsolver.families.burrtools import family as burr  # noqa: E402
from xlsolver.families.levels import LEVELS  # noqa: E402
from xlsolver.geometry import burr_grids, xmpuzzle  # noqa: E402


def check(path: Path) -> str:
    """'ok', or what is wrong with a challenge file written by ``generate``."""
    text = xmpuzzle.text_of(path.read_bytes())
    file = xmpuzzle.read(text)
    if len(file.problems) != 2:
        return f"{len(file.problems)} problems, not 2"
    rows = text.splitlines()
    counted = burr.FAMILY.count(get("burrtools").parse(rows, Settings({"problem": "1"})), Ask())
    if counted.data["assemblies"] != 1:
        return f"the challenge has {counted.data['assemblies']} assemblies"
    given = file.problems[1]
    if burr_grids.GRIDS[file.grid].numbered:
        good, stored = recorded_covers(file, given)
        if (good, stored) != (1, 1):
            return f"the given pieces' assembly: {good} of {stored} fill their cells"
    return "ok"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder")
    parser.add_argument("-n", type=int, default=2, help="challenges of each level per file (default 2)")
    parser.add_argument("--tries", type=int, default=60, help="generate's --tries (default 60)")
    args = parser.parse_args()
    seen: set[str] = set()
    print("| file | grid | level | made | given (min-max) | seconds | files checked |")
    print("|---|---|---|---:|---|---:|---|")
    for path in sorted(Path(args.folder).glob("*.xmpuzzle")):
        try:
            digest = hashlib.sha256(xmpuzzle.text_of(path.read_bytes()).encode()).hexdigest()
        except xmpuzzle.FormatError:
            continue
        if digest in seen:
            continue
        seen.add(digest)
        grid = xmpuzzle.GRID_NAMES.get(xmpuzzle.read(xmpuzzle.text_of(path.read_bytes())).grid, "?")
        for level in LEVELS:
            with tempfile.TemporaryDirectory() as out:
                start = time.perf_counter()
                run = subprocess.run([sys.executable, "-m", "xlsolver", "generate", str(path), "--level", level,
                                      "-n", str(args.n), "--tries", str(args.tries), "-o", out],
                                     capture_output=True, text=True)
                seconds = time.perf_counter() - start
                written = sorted(Path(out).glob("*.xmpuzzle"))
                if not written:
                    why = (run.stderr.strip().splitlines() or ["nothing made"])[-1][:110]
                    print(f"| {path.name} | {grid} | {level} | 0 | - | {seconds:.1f} | {why} |")
                    if "copies of a shape" in why or "no problem" in why or "no voxels" in why:
                        break  # the same refusal at every level
                    continue
                given = [int(line.split(" given")[0].rsplit(" ", 1)[1]) for line in run.stdout.splitlines()
                         if " given" in line]
                verdicts = [check(p) for p in written]
                bad = [v for v in verdicts if v != "ok"]
                print(f"| {path.name} | {grid} | {level} | {len(written)} | {min(given)}-{max(given)} | "
                      f"{seconds:.1f} | {len(verdicts) - len(bad)} of {len(verdicts)} ok"
                      + (f": {bad[0]}" if bad else "") + " |", flush=True)


if __name__ == "__main__":
    main()
