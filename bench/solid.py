"""3D puzzles: xlsolver's count against Knuth's Dancing Links in C on the very same problem, in one run.

    python bench/solid.py              # Soma, the Kanoodle and IQ Puzzler Pro pyramids (about 2 minutes)
    python bench/solid.py --bedlam     # and the Bedlam cube (several minutes more)

Each board's problem is written by ``xlsolver count --save-dlx`` and counted by bench/c/dlx.c (every solution
searched, the fewest-options item first; it shares no code with xlsolver) and by ``xlsolver count --distinct``
as a user runs it: a fresh process, imports included.  The two totals must agree: that is how the IQ Puzzler
Pro pyramid's figure, which has no trustworthy published count, was established.  ``xlsolver count FILE.dlx``
adds a third figure: the engine without the board's geometry (no symmetry plan).

Times are wall-clock; each note adds xlsolver's CPU time (user + system, its worker processes included), the
figure to trust on a busy machine, and the run starts and ends with the load average.  A count that splits
itself over the cores (the IQ Puzzler Pro pyramid) is also timed with ``--jobs 1``.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import tempfile
from pathlib import Path

from run import XLSOLVER, Table, build_references, c_solutions, count_json, wall

BOARDS = (  # board, pieces, known figure (total, up to symmetry)
    ("soma", "soma", (11520, 240)),
    ("pyramid", "kanoodle", (2448, 306)),
    ("pyramid", "iq-puzzler-pro", (26720, 3340)),
)
BEDLAM = ("bedlam", "bedlam", (460464, 19186))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bedlam", action="store_true", help="also the Bedlam cube")
    parser.add_argument("--plain", action="store_true", help="also xlsolver's plain count of each .dlx file")
    args = parser.parse_args()
    before = os.getloadavg()
    dlx = build_references()["dlx"]
    table = Table()
    with tempfile.TemporaryDirectory() as tmp:
        for board, pieces, known in BOARDS + ((BEDLAM,) if args.bedlam else ()):
            problem = Path(tmp) / f"{board}-{pieces}.dlx"
            subprocess.run(XLSOLVER + ["count", "--family", "solid", "--board", board, "--pieces", pieces, "--limit",
                                       "1", "--save-dlx", str(problem)], capture_output=True, check=False)
            reference, out = wall([str(dlx)], stdin=problem)
            for jobs in ((), ("--jobs", "1")) if pieces == "iq-puzzler-pro" else ((),):
                cpu, (ours, counted) = cpu_of(count_json, "--family", "solid", "--board", board, "--pieces", pieces,
                                              "--distinct", *jobs)
                figures = (counted["total"], counted["solutions"])
                agree = "agree" if c_solutions(out) == counted["total"] else f"DISAGREE: C counts {c_solutions(out):,}"
                note = f"{figures[0]:,} / {figures[1]:,} up to {counted['symmetry_group_order']}, {agree}" + \
                    ("" if figures == known else f"; known {known[0]:,} / {known[1]:,}") + \
                    f"; CPU {cpu:.2f} s, {counted['jobs']} process{'es' if counted['jobs'] > 1 else ''}"
                table.add(f"count {board} --pieces {pieces} {' '.join(jobs)}".rstrip(), ours, reference,
                          "C Dancing Links", "", note)
            if args.plain:
                plain, counted = count_json(str(problem))
                table.add(f"count {board}-{pieces}.dlx (plain)", plain, reference, "C Dancing Links", "",
                          f"{counted['solutions']:,}, engine {counted['engine']}")
    table.print()
    print(f"load average {before} at the start, {os.getloadavg()} at the end")


def cpu_of(run, *args):
    """(user + system seconds of the processes ``run`` starts and waits for, their children included, what
    ``run`` returns)."""
    start = resource.getrusage(resource.RUSAGE_CHILDREN)
    returned = run(*args)
    end = resource.getrusage(resource.RUSAGE_CHILDREN)
    return end.ru_utime + end.ru_stime - start.ru_utime - start.ru_stime, returned


if __name__ == "__main__":
    main()
