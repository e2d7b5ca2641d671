"""xlsolver's counts against Knuth's DLX2 and SSXCC, CPU seconds of fresh processes, in one run (issue 36).

    /work/shared/knuth/build.sh /tmp/knuth     # ctangle + gcc -O3: dlx1, dlx2, dlx3, ssxcc
    python bench/knuth.py                      # about ten minutes
    python bench/knuth.py --quick              # without queens 15
    python bench/knuth.py --only sudoku --split --knuth DIR --runs 3
    python bench/knuth.py --python VENV/bin/python   # xlsolver as 'pip install .' installs it

Knuth's programs are references, never dependencies: the folder of the built
programs is ``--knuth`` (default: $KNUTH, else /tmp/knuth) and a program that
is missing there is skipped, and said so.  Both read a problem in Knuth's DLX
text on stdin and print ``Altogether N solutions, ...`` on stderr.

The problems are written into a temporary folder, the same file for every
program: n queens 12-15 (rows and columns primary, diagonals secondary);
Langford pairs 11 and 12 (all primary); the 12 pentominoes on 6x10, as
``xlsolver count BOARD.txt --save-dlx`` writes it (9,356 tilings); MacMahon's
24 squares on 4x6 (below), a colour problem; xcover's colourful dodecahedron
(tests/test_colours.py, its colours renamed to one letter each, as DLX2 and
SSXCC read colours); and three sudoku collections.  A sudoku row is one
``xlsolver solve LIST --family sudoku --unique`` process over the whole list
(each puzzle solved and its solution proved unique) against DLX2 and SSXCC run
once per puzzle (its DLX file from ``xlsolver solve GRID --family sudoku
--save-dlx``), their CPU summed: the first 20 and all 95 of bench/data/top95.txt
(hard ones), and the first 200 of Royle's 17-clue sudokus
(bench/data/sudoku17-1000.txt).  Writing the 295 sudoku files costs a minute
or two before the table starts (one untimed xlsolver start each); ``--split``
leaves the sudoku rows out (``solve`` has no --jobs).

MacMahon's squares: the 24 ways, up to rotation, to colour a square's four
edges with three colours, each tile once on a 4x6 board, touching edges of one
colour, the board's rim colour ``a``.  The cells and tiles are primary, the 38
inner edges secondary with the colour as the colour control.  All of it would
keep DLX2 busy for 1.5 minutes (106,624 solutions); the file pins the all-``a``
tile to the top row's third cell, which leaves 1,908 and about a second.

CPU is user + system of the reaped child (``os.wait4``), which includes the
children it waited for (xlsolver's worker processes); wall is the shared
clock from start to exit.  Every figure is the best of ``--runs`` fresh processes (of SHORT_RUNS at
least in a row whose xlsolver run takes under SHORT_SECONDS: its margin is tens of milliseconds, as is
the noise), each program's runs made side by side, interleaved.  xlsolver runs
as ``python -m xlsolver count FILE --jobs 1 --json``, and must print Knuth's
count, or the bench stops.  ``--python`` picks the interpreter that runs it: measure a fresh venv's, into
which ``pip install .`` put xlsolver, as the README does; a working copy's site-packages often holds .pth
files (an editable install's import finder, say) that cost every start tens of milliseconds.  With
``--split``, two more column pairs: ``--jobs 2`` and the default (no --jobs, xlsolver's own choice).

The goal (issue 36): xlsolver's CPU at most Knuth's best (the lesser of DLX2's
and SSXCC's) where that best is 0.2 s or more, else at most that best + 0.1 s.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench" / "data"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test suite's problem builders

from xlsolver import ExactCover  # noqa: E402
from xlsolver.engine import dlx_text  # noqa: E402
from problems import langford, queens  # noqa: E402
from test_colours import dodecahedron  # noqa: E402

KNUTH = ("dlx2", "ssxcc")
ALTOGETHER = re.compile(rb"Altogether (\d+) solutions?")
GOAL_FLOOR, GOAL_SLACK = 0.2, 0.1  # below the floor, xlsolver may take the slack more
#: A row whose xlsolver run takes less than SHORT_SECONDS is run SHORT_RUNS times at least: on a shared machine
#: a fresh process's CPU varies by tens of milliseconds, as much as such a row's whole margin.
SHORT_SECONDS, SHORT_RUNS = 0.5, 7


@dataclass
class Run:
    cpu: float
    wall: float
    out: bytes
    err: bytes


@dataclass
class Case:
    """One row: the DLX files Knuth's programs read (one, or one per puzzle) and xlsolver's command."""

    name: str
    files: list[Path]
    xlsolver: list[str]
    puzzles: int = 0  # a sudoku list: xlsolver solves this many in one process; else 0, a count


def child(command: list[str], stdin: Path | None = None) -> Run:
    """Run ``command`` to its end: CPU (user + system, its waited-for children too) and wall seconds."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            open(stdin or os.devnull, "rb") as feed:
        began = time.perf_counter()
        process = subprocess.Popen(command, stdin=feed, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        took = time.perf_counter() - began
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        run = Run(usage.ru_utime + usage.ru_stime, took, out.read(), err.read())
    if process.returncode != 0:
        said = run.err.decode(errors="replace")[-500:]
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode}): {said}")
    return run


def knuth_run(program: Path, files: list[Path]) -> tuple[float, int]:
    """CPU seconds summed over one fresh process per file, and the solutions summed."""
    cpu, solutions = 0.0, 0
    for path in files:
        run = child([str(program)], stdin=path)
        found = ALTOGETHER.search(run.err)
        if not found:
            raise SystemExit(f"{program.name} < {path.name}: no count in {run.err.decode(errors='replace')[-300:]!r}")
        cpu += run.cpu
        solutions += int(found.group(1))
    return cpu, solutions


def xlsolver_run(case: Case, extra: list[str]) -> tuple[Run, int]:
    """One fresh xlsolver process and the solutions it reports (a list: the puzzles proved unique)."""
    run = child(case.xlsolver + extra)
    if not case.puzzles:
        return run, json.loads(run.out)["solutions"]
    answers = [json.loads(line) for line in run.out.splitlines() if line.strip()]
    unique = sum(1 for answer in answers if answer.get("status") == "solved" and answer.get("unique"))
    if len(answers) != case.puzzles or unique != case.puzzles:
        raise SystemExit(f"{case.name}: xlsolver proved {unique} of {case.puzzles} puzzles unique "
                         f"({len(answers)} answers)")
    return run, unique


# -- the problems --------------------------------------------------------------------------------------------------

def macmahon(rim: str = "a", pin: tuple[int, int] = (0, 2)) -> ExactCover:
    """MacMahon's 24 colour squares on 4x6, the rim all ``rim``, the all-``rim`` tile at ``pin``.

    A tile is its edges' colours clockwise from the top, written by its least rotation ("aabc").  Items: cells
    ``pRC`` and tiles ``tEDGE`` primary; the edge between two cells secondary (``hRC`` below cell RC, ``vRC``
    right of it), coloured by the colour it takes."""
    rows, cols = 4, 6
    tiles = sorted({min(t[k:] + t[:k] for k in range(4)) for t in itertools.product("abc", repeat=4)})

    def edge(r: int, c: int, side: int) -> str | None:  # side 0 top, 1 right, 2 bottom, 3 left; None: the rim
        if side == 0:
            return f"h{r - 1}{c}" if r else None
        if side == 1:
            return f"v{r}{c}" if c < cols - 1 else None
        if side == 2:
            return f"h{r}{c}" if r < rows - 1 else None
        return f"v{r}{c - 1}" if c else None

    problem = ExactCover([f"p{r}{c}" for r in range(rows) for c in range(cols)] + ["t" + "".join(t) for t in tiles],
                         [f"h{r}{c}" for r in range(rows - 1) for c in range(cols)]
                         + [f"v{r}{c}" for r in range(rows) for c in range(cols - 1)])
    for tile in tiles:
        name = "t" + "".join(tile)
        for turned in sorted({tile[k:] + tile[:k] for k in range(4)}):
            for r, c in itertools.product(range(rows), range(cols)):
                if set(tile) == {rim} and (r, c) != pin:
                    continue
                sides = [edge(r, c, side) for side in range(4)]
                if any(e is None and turned[side] != rim for side, e in enumerate(sides)):
                    continue
                inner = [(e, turned[side]) for side, e in enumerate(sides) if e]
                problem.add_option([f"p{r}{c}", name] + [e for e, _ in inner],
                                   colours=[None, None] + [colour for _, colour in inner])
    return problem


def one_letter_colours(problem: ExactCover) -> ExactCover:
    """The same problem with every colour renamed to one letter or digit, as DLX2 and SSXCC read colours."""
    names = sorted({colour for o in range(len(problem.options))
                    for colour in problem.option_colours(o) or () if colour})
    if all(len(colour) == 1 for colour in names):
        return problem
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    if len(names) > len(letters):
        raise SystemExit(f"{len(names)} colours: more than one character each can name")
    letter = dict(zip(names, letters))
    renamed = ExactCover(list(problem.primary), list(problem.secondary))
    for o in range(len(problem.options)):
        colours = problem.option_colours(o)
        renamed.add_option(list(problem.option_items(o)),
                           colours=[letter.get(colour) for colour in colours] if colours else None)
    return renamed


def sudoku_lines(path: Path) -> list[str]:
    """The puzzles of a one-a-line file, '#' comments left out."""
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def prepare(command: list[str]) -> None:
    """Run a command that writes a problem file (untimed); stop if it fails."""
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-500:]}")


def sudoku_files(xlsolver: list[str], folder: Path, tag: str, lines: list[str]) -> list[Path]:
    """Each puzzle's DLX file, as ``xlsolver solve GRID --family sudoku --save-dlx`` writes it (grid form: a
    one-line file is read as a list)."""
    def one(k: int) -> Path:
        grid, dlx = folder / f"{tag}-{k}.txt", folder / f"{tag}-{k}.dlx"
        grid.write_text("\n".join(lines[k][i:i + 9] for i in range(0, 81, 9)) + "\n", encoding="utf-8")
        prepare(xlsolver + ["solve", str(grid), "--family", "sudoku", "--save-dlx", str(dlx)])
        return dlx

    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        return list(pool.map(one, range(len(lines))))


def cases(xlsolver: list[str], folder: Path, quick: bool, wanted) -> list[Case]:
    """The rows whose name holds ``--only``'s text, their files written into ``folder``; ``xlsolver`` is the
    command that starts it."""
    def counted(name: str, path: Path) -> Case:
        return Case(name, [path], xlsolver + ["count", str(path), "--json"])

    def written(name: str, problem: ExactCover) -> Case:
        path = folder / (re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") + ".dlx")
        path.write_text(dlx_text.dumps(one_letter_colours(problem), comment=name), encoding="utf-8")
        return counted(name, path)

    found = []
    for n in (12, 13, 14) if quick else (12, 13, 14, 15):
        if wanted(f"queens {n}"):
            found.append(written(f"queens {n}", queens(n)))
    for n in (11, 12):
        if wanted(f"langford {n}"):
            found.append(written(f"langford {n}", langford(n)))
    if wanted("pentominoes 6x10"):
        board, path = folder / "board6x10.txt", folder / "pentominoes-6x10.dlx"
        board.write_text("\n".join(["." * 10] * 6) + "\n", encoding="utf-8")
        prepare(xlsolver + ["count", str(board), "--save-dlx", str(path), "--jobs", "1"])
        found.append(counted("pentominoes 6x10", path))
    for name, problem in (("macmahon 4x6 (colours)", macmahon), ("dodecahedron (colours)", dodecahedron)):
        if wanted(name):
            found.append(written(name, problem()))
    top95 = DATA / "top95.txt"
    for name, source, take in (("sudoku top95, first 20", top95, 20), ("sudoku top95, all 95", top95, 95),
                               ("sudoku Royle 17-clue, first 200", DATA / "sudoku17-1000.txt", 200)):
        if not wanted(name):
            continue
        lines = sudoku_lines(source)[:take]
        tag = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        listed = folder / f"{tag}.txt"
        listed.write_text("\n".join(lines) + "\n", encoding="utf-8")
        found.append(Case(name, sudoku_files(xlsolver, folder, tag, lines),
                          xlsolver + ["solve", str(listed), "--family", "sudoku", "--unique", "--json"], len(lines)))
    return found


# -- the table -----------------------------------------------------------------------------------------------------

def verdict(ours: float, best: float | None) -> str:
    if best is None:
        return "-"
    met = ours <= best if best >= GOAL_FLOOR else ours <= best + GOAL_SLACK
    return "met" if met else "MISSED"


def seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--knuth", type=Path, default=Path(os.environ.get("KNUTH", "/tmp/knuth")),
                        help="folder of Knuth's built dlx2 and ssxcc (default: $KNUTH or /tmp/knuth; "
                             "build them with /work/shared/knuth/build.sh DIR)")
    parser.add_argument("--runs", type=int, default=2, help="fresh processes per program and row (best taken)")
    parser.add_argument("--quick", action="store_true", help="leave out queens 15")
    parser.add_argument("--split", action="store_true",
                        help="also xlsolver with --jobs 2 and with its default (no --jobs): CPU and wall columns")
    parser.add_argument("--only", metavar="TEXT", default="", help="only the rows whose name holds TEXT")
    parser.add_argument("--python", type=Path, default=Path(sys.executable),
                        help="the Python that runs xlsolver (default: this one), e.g. a fresh venv's after "
                             "'pip install .', as the README installs it: this one's site-packages may hold .pth "
                             "files (an editable install's finder, a proxy's certificates) that every start pays for")
    args = parser.parse_args()
    xlsolver = [str(args.python), "-m", "xlsolver"]

    programs = {name: args.knuth / name for name in KNUTH}
    for name, path in list(programs.items()):
        if not os.access(path, os.X_OK):
            print(f"{name}: not found at {path}, skipped (build it: /work/shared/knuth/build.sh {args.knuth})")
            del programs[name]
    counts = [("xlsolver", ["--jobs", "1"])]
    if args.split:
        counts += [("jobs 2", ["--jobs", "2"]), ("default", [])]
    print(f"CPU seconds (user + system, workers included) of fresh processes, best of {args.runs} (of "
          f"{max(args.runs, SHORT_RUNS)} where xlsolver's takes under {SHORT_SECONDS} s); "
          f"Knuth's programs from {args.knuth}; {os.cpu_count()} cores")

    columns = [("problem", 32), ("solutions", 10)] + [(name.upper(), 7) for name in KNUTH] + [("best", 7)]
    columns += [("xlsolver", 8), ("wall", 6)] + [(f"{label} {part}", 12 if part == "CPU" else 13)
                                                 for label, _ in counts[1:] for part in ("CPU", "wall")]
    columns += [("ratio", 6), ("goal", 7)]
    header = " ".join(f"{title:<{width}}" if k == 0 else f"{title:>{width}}"
                      for k, (title, width) in enumerate(columns))
    with tempfile.TemporaryDirectory() as folder:
        rows = cases(xlsolver, Path(folder), args.quick, lambda name: args.only.lower() in name.lower())
        child(xlsolver + ["--version"])  # the first start pays for writing bytecode caches
        python = min(child([str(args.python), "-c", "pass"]).cpu for _ in range(max(args.runs, 3)))
        bare = min(child([str(args.python), "-S", "-c", "pass"]).cpu for _ in range(max(args.runs, 3)))
        version = min(child(xlsolver + ["--version"]).cpu for _ in range(max(args.runs, 3)))
        print(f"start-up in this run: python -c pass {python:.3f} s CPU, of which site-packages' .pth files "
              f"{python - bare:.3f} (python -S {bare:.3f}); xlsolver --version {version:.3f} s (the fixed part of "
              f"every xlsolver row; Knuth's programs start in about a millisecond)")
        print(header)
        print("-" * len(header), flush=True)
        for case in rows:
            knuth: dict[str, list[float]] = {name: [] for name in programs}
            ours: dict[str, list[Run]] = {label: [] for label, _ in counts}
            answers = {}
            rounds, done = args.runs, 0
            while done < rounds:  # side by side: every program once, then again
                for name, program in programs.items():
                    cpu, answers[name] = knuth_run(program, case.files)
                    knuth[name].append(cpu)
                for label, extra in counts[:1] if case.puzzles else counts:  # solve has no --jobs
                    run, answers[label] = xlsolver_run(case, [] if case.puzzles else extra)
                    ours[label].append(run)
                done += 1
                if done == 1 and ours["xlsolver"][0].cpu < SHORT_SECONDS:
                    rounds = max(rounds, SHORT_RUNS)
            if len(set(answers.values())) != 1:
                raise SystemExit(f"\n{case.name}: THE COUNTS DISAGREE: {answers}")
            solutions = answers["xlsolver"]
            best_of = {name: min(times) for name, times in knuth.items()}
            best = min(best_of.values()) if best_of else None
            cpu = {label: min(run.cpu for run in runs) for label, runs in ours.items() if runs}
            wall = {label: min(run.wall for run in runs) for label, runs in ours.items() if runs}
            shown = f"{case.puzzles} x 1" if case.puzzles else f"{solutions:,}"
            cells = [case.name, shown] + [seconds(best_of.get(name)) for name in KNUTH] + [seconds(best)]
            cells += [seconds(cpu["xlsolver"]), seconds(wall["xlsolver"])]
            for label, _ in counts[1:]:
                cells += [seconds(cpu.get(label)), seconds(wall.get(label))]
            cells += ["-" if not best else f"{cpu['xlsolver'] / best:.2f}", verdict(cpu["xlsolver"], best)]
            print(" ".join(f"{cell:<{width}}" if k == 0 else f"{cell:>{width}}"
                           for k, (cell, (_, width)) in enumerate(zip(cells, columns))), flush=True)
    print(f"goal: xlsolver --jobs 1 CPU <= Knuth's best where that is >= {GOAL_FLOOR} s, "
          f"else <= best + {GOAL_SLACK} s")


if __name__ == "__main__":
    main()
