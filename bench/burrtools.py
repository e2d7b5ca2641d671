"""BurrTools files: the assemblies each solved problem records, against xlsolver's count of them.

    python bench/burrtools.py DIR [--time-limit S] [--markdown]

DIR holds .xmpuzzle files (BurrTools' public examples, others from public repositories: they are GPL or of
unknown licence, so not in this repository; extract them with ``git show`` into a folder of your own).  Files
with the same XML are measured once.  For every problem BurrTools solved (state 2) the table gives the
assemblies it recorded, xlsolver's count as ``xlsolver count FILE --problem N`` gives it (in this process, the
file read and the problem built included), the seconds, and whether they agree; a problem xlsolver refuses
(another grid) says why.  On every grid whose numbering xlsolver knows, every ``<assembly>`` the file records is
also decoded with BurrTools' numbers of the grid's turns (``geometry.burr_grids``, ``geometry.burr_spheres``) and
checked to be a placement of every piece that fills the result: the check of the numbering against files
BurrTools wrote.
"""
from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xlsolver import families  # noqa: E402
from xlsolver.base.files import UserError  # noqa: E402
from xlsolver.families import Ask, InvalidPuzzle, Settings, Unsupported  # noqa: E402
from xlsolver.geometry import burr_grids, xmpuzzle  # noqa: E402


def recorded_covers(file: xmpuzzle.Puzzle, problem: xmpuzzle.Problem) -> tuple[int, int]:
    """(recorded assemblies that fill the result with every piece placed, recorded assemblies)."""
    result = file.shapes[problem.result]
    grid = burr_grids.GRIDS[file.grid]
    shapes = [file.shapes[part.shape] for part in problem.parts for _ in range(part.high)]
    good = 0
    for placements in problem.solutions:
        used: set = set()
        fine = True
        for shape, placement in zip(shapes, placements):
            if placement is None:
                continue
            filled = {voxel: colour for voxel, (_, colour) in shape.voxels.items()}
            try:
                cells = grid.placed_cells(filled, shape.hotspot, placement)
            except ValueError:  # an orientation number the grid has not
                fine = False
                continue
            if any(cell in used or cell not in result.voxels for cell in cells):
                fine = False
            used |= set(cells)
        must = {voxel for voxel, (state, _) in result.voxels.items() if state == xmpuzzle.FILLED}
        good += fine and must <= used
    return good, len(problem.solutions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", help="a folder of .xmpuzzle files")
    parser.add_argument("--time-limit", type=float, default=900, help="seconds per count (default 900)")
    args = parser.parse_args()
    family = families.get("burrtools")
    form = family.file_form(".xmpuzzle")
    seen: dict[str, str] = {}
    rows = []
    for path in sorted(Path(args.folder).iterdir()):
        if not path.is_file():
            continue
        try:
            lines = form.rows(str(path))
        except UserError as err:
            rows.append((path.name, "", "", "", "", f"not read: {err}"))
            continue
        digest = hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()
        if digest in seen:
            print(f"{path.name}: the same XML as {seen[digest]}, not measured again", file=sys.stderr)
            continue
        seen[digest] = path.name
        try:
            file = xmpuzzle.read("\n".join(lines))
        except xmpuzzle.FormatError as err:
            rows.append((path.name, "", "", "", "", f"not read: {err}"))
            continue
        for number, problem in enumerate(file.problems):
            if problem.state != xmpuzzle.SOLVED:
                continue
            title = str(number + 1) + (f" ({problem.name})" if problem.name else "")
            check = ""
            if file.grid in burr_grids.GRIDS and burr_grids.GRIDS[file.grid].numbered and problem.solutions:
                good, stored = recorded_covers(file, problem)
                check = f"; recorded assemblies decoded: {good} of {stored} fill the result"
            started = time.perf_counter()
            try:
                puzzle = family.parse(lines, Settings({"problem": str(number + 1)}))
                answer = family.count(puzzle, Ask(time_limit=args.time_limit))
            except (InvalidPuzzle, Unsupported) as err:
                rows.append((path.name, title, f"{problem.assemblies:,}", "", "", f"refused: {err}"))
                continue
            except Exception as err:  # a bench reports every file, whatever happens to one
                rows.append((path.name, title, f"{problem.assemblies:,}", "", "",
                             f"error: {type(err).__name__}: {err}"))
                continue
            seconds = time.perf_counter() - started
            found = answer.data["solutions"]
            complete = answer.data["complete"]
            agree = ("yes" if found == problem.assemblies else "NO") if complete else "incomplete"
            order = answer.data["symmetries"]
            how = f"{order} {'symmetry' if order == 1 else 'symmetries'}" + \
                (f", {answer.data['mirror_symmetries']} mirrors merged" if answer.data["mirror_symmetries"] else "")
            rows.append((path.name, title, f"{problem.assemblies:,}", f"{found:,}" + ("" if complete else "+"),
                         f"{seconds:.2f}", f"{agree} ({how}{check})"))
            print(" | ".join(rows[-1]), file=sys.stderr)
    print("| file | problem | recorded assemblies | xlsolver | seconds | agree |")
    print("|---|---|---:|---:|---:|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
