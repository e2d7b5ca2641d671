"""Plain helpers every test may import: where the facts and examples are, and the real command."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

#: The environment of a process on xlsolver's test clock (xlsolver/base/clock.py): each reading of the time is
#: 1/16 s after the one before, so a time limit stops a search after a fixed number of readings.  A binary
#: fraction: every reading is exact, so a limit of whole steps is reached at the same reading whatever
#: readings came before (0.05 s steps would round one way or the other).  The compiled engines' slices,
#: timed by the same clock, shrink a little at each step (towards their smallest), never grow.
#: In-process, the ``step_clock`` fixture sets it.
STEP_CLOCK = {"XLSOLVER_TEST_CLOCK": "step:0.0625"}
#: A puzzle file whose count cannot end: an empty sudoku has 6.67e21 solutions, more than any search lists
#: and than the memoised counter holds (2**63).  Tests that stop a count (a real time limit, Ctrl-C, a
#: kill) stop this one, so the count never ends first, however fast the machine.
EMPTY_SUDOKU = "family: sudoku\n" + "".join(["." * 9 + "\n"] * 9)
DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"


def load_facts(name: str) -> dict:
    """Known shapes, counts and answers (copied from shared/data: facts, not code)."""
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def run_xlsolver(*args: str, stdin: str | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run the installed ``xlsolver`` console script, as a user would."""
    exe = shutil.which("xlsolver")
    command = [exe] if exe else [sys.executable, "-m", "xlsolver"]
    environment = {**os.environ, **(env or {})}
    environment.pop("NO_COLOR", None)
    return subprocess.run(command + list(args), input=stdin, capture_output=True, text=True,
                          env=environment, timeout=300)


def six_by_ten_dlx(folder: Path) -> str:
    """The 6x10 pentomino board as a DLX file in ``folder`` (its path): a search estimated at about a second,
    long enough for ``--jobs 2`` to split it (the board counted by its symmetry is a quarter of that, too short)."""
    from xlsolver.engine import dlx_text
    from xlsolver.families import tiling
    from xlsolver.geometry import catalog

    board = catalog.board("6x10")
    puzzle = tiling.parse(tiling.empty_board_rows(board), catalog.piece_set(board.pieces))
    path = Path(folder) / "6x10.dlx"
    path.write_text(dlx_text.dumps(tiling.encode(puzzle)), encoding="utf-8")
    return str(path)


def child_processes(pid: int) -> list[int]:
    """Live (not zombie) processes whose parent is ``pid``, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = open(f"/proc/{entry}/stat").read()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if int(ppid) == pid and state != "Z":
            found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (exists and is not a zombie), from /proc."""
    try:
        return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def short_search(module):
    """The engine that runs where the plain-Python engine ``module`` is chosen for a short search (one solution,
    a uniqueness check): its compiled twin, the same search (same solutions in the same order), where both
    rules' C kernels were built (``engine._choice``), else ``module`` itself."""
    from xlsolver.engine import fast, fewest, fewest_native, reference

    if fast.native() and fewest_native.ready():
        return {reference: fast, fewest: fewest_native}.get(module, module)
    return module


def small_search_engine():
    """The engine a count runs where its search is small enough to end within ``estimate.small_search``'s trial
    (3x20's, the first few of IQ5x11's tilings): the fewest-options search in C where built, else the
    first-item search (in C where built, else plain Python: no numba to load for so little)."""
    from xlsolver.engine import fast, fewest_native, reference

    if fewest_native.ready():
        return fewest_native
    return fast if fast.native() else reference


def grown_polyforms(lattice, size: int, seeds) -> set[tuple]:
    """Every fixed polyform of ``size`` cells (normal forms), grown cell by cell over the lattice's neighbours from
    each of ``seeds`` (a cell of each kind: a triangle pointing up and one pointing down)."""
    forms = {lattice.normalise([seed]) for seed in seeds}
    for _ in range(size - 1):
        forms = {lattice.normalise(form + (near,)) for form in forms for cell in form
                 for near in lattice.neighbours(cell) if near not in form}
    return forms


def form_classes(lattice, forms: set[tuple], turn_over: bool) -> int:
    """How many of ``forms`` are different up to the lattice's rotations (and mirror images with ``turn_over``)."""
    return len({min(lattice.orientations(form, turn_over)) for form in forms})
