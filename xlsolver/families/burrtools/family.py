"""The family ``burrtools``: a problem of a BurrTools file solved, counted as BurrTools counts, written back.

    xlsolver solve examples/burr-demo.xmpuzzle [--problem N|NAME] [--xmpuzzle OUT.xmpuzzle] [--svg OUT.svg]
    xlsolver count examples/burr-demo.xmpuzzle            # assemblies, as BurrTools counts them
    xlsolver count examples/burr-demo.xmpuzzle --all      # every placement of the pieces, no symmetry merged

The command line knows the file by its suffix (``FILES``: this family reads ``.xmpuzzle`` files whole); the
rows handed to :func:`read` are the file's XML text.  The answer is drawn as the 3D families draw theirs: the
result's layers bottom first, a letter per shape of the piece list (``A`` the first; copies of a shape share
its letter), ``+`` a variable cell left empty, ``#`` no cell of the result.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from ...base.a1 import CellNamer, cell_name
from ...base.answer import OFF_BOARD, Answer, Block, Frame, Scene, Status
from ...base.files import UserError
from ...geometry import xmpuzzle
from ...pictures.views import layers as layer_frames
from .. import Ask, Family, FileForm, InvalidPuzzle, Setting, Settings, Unsupported, cover, exact
from . import challenges
from .problem import HOLE, OUTSIDE, VARIABLE, Built, build, layers_of, placements, problem_title, written_shapes

if TYPE_CHECKING:  # imported where a workbook is laid out: a solve needs none of it
    from ...base.sheets import SheetSpec

#: Colours of the pieces, by their place in the piece list; a variable cell left empty is drawn pale.
PALETTE = ("#fb8072", "#80b1d3", "#b3de69", "#fdb462", "#bebada", "#fccde5", "#8dd3c7", "#ffed6f", "#bc80bd",
           "#ccebc5", "#ffffb3", "#e5c494", "#66c2a5", "#fc8d62", "#8da0cb", "#e78ac3", "#a6d854", "#ffd92f",
           "#b3b3ff", "#f4a582", "#92c5de", "#d6604d", "#5aae61", "#c2a5cf", "#dfc27d", "#80cdc1")
EMPTY_CELL = "#eeeeee"

PROBLEM = Setting("problem", "Problem", "BurrTools files: which problem, by number (1 = the first) or name "
                                        "(default: the first)")


@dataclass
class BurrPuzzle(exact.CoverPuzzle):
    """A BurrTools problem as an exact cover (``exact.CoverPuzzle``), with what it was built from."""

    built: Built | None = None
    notes: tuple[str, ...] = ()  # said with every answer: which problem, what the letters are


def read(rows: Sequence[str], settings: Settings, namer: CellNamer = cell_name) -> BurrPuzzle:
    """A problem of a BurrTools file, given as the file's XML text (one line a row)."""
    try:
        file = xmpuzzle.read("\n".join(rows))
    except xmpuzzle.FormatError as err:
        raise InvalidPuzzle([str(err)]) from None
    number, chosen = which_problem(file, settings.get("problem"), settings.place("problem"))
    return puzzle_of(build(file, number), chosen)


def which_problem(file: xmpuzzle.Puzzle, asked: str | None, where: str) -> tuple[int, str]:
    """The problem asked for (a number from 1, or a name), the first if none; and a line saying which it is
    when the file holds several."""
    problems = file.problems
    if not problems:
        raise InvalidPuzzle(["the file holds no problem (BurrTools' Problems tab is empty)"])
    listed = ", ".join(f"{n + 1}" + (f" {p.name!r}" if p.name else "") for n, p in enumerate(problems))
    if asked:
        text = str(asked).strip()
        by_name = [n for n, p in enumerate(problems) if p.name and p.name.strip().lower() == text.lower()]
        if text.isdigit() and 1 <= int(text) <= len(problems):
            number = int(text) - 1
        elif len(by_name) == 1:
            number = by_name[0]
        else:
            raise InvalidPuzzle([f"{where}: {text[:40]!r} is neither the number nor the name of a problem of the "
                                 f"file: {listed}"])
    else:
        number = 0
    if len(problems) == 1:
        return number, ""
    # another, as the place it is asked in takes it: an option (--problem N or NAME), or a sheet's Problem cell
    how = "" if asked else f"; {where} N or NAME for another ({listed})" if where.startswith("--") else \
        f"; another by its number or name in {where} ({listed})"
    return number, f"{problem_title(problems[number], number)} of the file's {len(problems)}{how}"


def puzzle_of(built: Built, chosen: str = "", typed: Sequence[str] | None = None) -> BurrPuzzle:
    """The puzzle every front end searches: its answers are the result's layers with the pieces' letters;
    ``typed``: those layers with letters typed in as given pieces (a new challenge, :mod:`.challenges`)."""
    text, depths, first_line = layers_of(built)

    def at(cell) -> tuple[int, int]:
        z, r, c = built.positions[cell]
        return first_line[z] + r, c

    def places(label):
        return ((at(cell), label.letter) for cell in label.cells)

    def name(line: int, col: int) -> str:
        z = max(z for z, start in enumerate(first_line) if start <= line)
        return f"layer {z + 1} {cell_name(line - first_line[z], col)}"

    def why_none() -> str:
        covered = {cell for label in built.cover.labels if label.letter != HOLE for cell in label.cells}
        stranded = [cell for cell, (state, _) in built.result.items()
                    if state == xmpuzzle.FILLED and cell not in covered]
        if stranded:
            shown = sorted(stranded, key=built.positions.__getitem__)[:6]
            return "no piece can cover " + ", ".join(name(*at(cell)) for cell in shown) + \
                (" ..." if len(stranded) > 6 else "")
        unplaced = [p.letter for p in built.pieces if p.low and not any(
            label.letter == p.letter for label in built.cover.labels)]
        if unplaced:
            return f"piece {unplaced[0]} fits nowhere in the result"
        filled = sum(state == xmpuzzle.FILLED for state, _ in built.result.values())
        fewest = sum(p.size * p.low for p in built.pieces)
        most = sum(p.size * p.high for p in built.pieces)
        if fewest > len(built.result):
            return f"the pieces fill at least {fewest} cells; the result has {len(built.result)}"
        if most < filled:
            return f"the pieces fill at most {most} cells; the result has {filled} filled cells to cover"
        return "the pieces cannot fill the result"

    colours = {piece.letter: PALETTE[index % len(PALETTE)] for index, piece in enumerate(built.pieces)}
    drawn = {**colours, OUTSIDE: OFF_BOARD, VARIABLE: EMPTY_CELL}
    problem = built.problem
    data = {"family": "burrtools", "problem_number": built.number + 1, "problem_name": problem.name,
            "grid": built.grid.name, "pieces": {p.letter: {"shape": p.shape, "name": p.name, "min": p.low,
                                                           "max": p.high} for p in built.pieces}}
    base = cover.puzzle(built.cover, places, text, why_none=why_none, colours=colours, rows=tuple(typed or text),
                        cell_name=name, data=data)
    notes = ([chosen] if chosen else []) + [legend(built)]
    puzzle = BurrPuzzle(**vars(base), built=built, notes=tuple(notes))

    plane = built.grid.lattice.layer_lattice

    def laid_out(frames: list[Frame]) -> list[Frame]:
        """Layers of triangles drawn as triangles: the text's columns say which way each points."""
        if not plane:
            return frames
        cell = next(iter(built.positions))
        _, row, col = built.grid.lattice.position(built.drawn[cell])
        _, drawn_row, drawn_col = built.positions[cell]
        shift = (row - drawn_row + col - drawn_col) % 2
        return [replace(frame, lattice=plane, shift=shift) for frame in frames]

    def shades(solution) -> dict:
        """Each piece's cells in its colour, a copy after the first of a shape a shade of it (they share a letter)."""
        placed: dict[str, list] = {}
        for option in solution:
            label = built.cover.labels[option]
            if label.letter != HOLE:
                placed.setdefault(label.letter, []).append(sorted(label.cells))
        return {cell: copy_colour(colours[letter], copy) for letter, copies in placed.items()
                for copy, cells in enumerate(sorted(copies)) for cell in cells}

    def frames(solution) -> list[Frame]:
        shade = {at(cell): colour for cell, colour in shades(solution).items()}
        frame = Frame.of_letters(puzzle.text(solution), drawn, ground=OUTSIDE)
        frame = Frame(tuple(tuple(replace(c, colour=shade.get((r, k), c.colour)) for k, c in enumerate(row))
                            for r, row in enumerate(frame.rows)))
        return laid_out(layer_frames(frame, depths))

    def scene(solution) -> Scene | None:
        lattice = built.grid.lattice
        if not lattice.solid:  # a grid drawn as its layers alone
            return None
        shade = shades(solution)
        return Scene(lattice.solid, tuple(Block(*lattice.centre(built.drawn[cell]), shade[cell], label.letter)
                                          for option in solution for label in [built.cover.labels[option]]
                                          if label.letter != HOLE for cell in label.cells))

    def figures(solution) -> dict:
        if solution is None:
            return {"layers": None}
        rows = puzzle.text(solution)
        return {"layers": [rows[start:start + d] for start, d in zip(first_line, depths)]}

    puzzle.frames, puzzle.scene, puzzle.figures = frames, scene, figures
    puzzle.drawn = lambda frame: laid_out(layer_frames(frame, depths))
    return puzzle


def copy_colour(colour: str, copy: int) -> str:
    """The colour of a shape's copy number ``copy`` (0: the shape's own): lighter and darker by turns, each step
    further from it, so copies lying side by side are told apart."""
    from ...pictures.shading import mix

    if not copy:
        return colour
    return mix(colour, "#ffffff" if copy % 2 else "#000000", min(0.6, 0.22 * ((copy + 1) // 2)))


def legend(built: Built) -> str:
    """What each letter is: ``A = shape 1 'Frame' x2, B = shape 3 0..1``."""
    def one(piece) -> str:
        count = "" if (piece.low, piece.high) == (1, 1) else \
            f" x{piece.high}" if piece.low == piece.high else f" {piece.low}..{piece.high}"
        return f"{piece.letter} = shape {piece.shape + 1}" + (f" {piece.name!r}" if piece.name else "") + count
    return "pieces: " + ", ".join(one(piece) for piece in built.pieces)


# --- answers ----------------------------------------------------------------------------------------------------

def solve(puzzle: BurrPuzzle, ask: Ask) -> Answer:
    if ask.steps:
        raise Unsupported("--steps is not offered for BurrTools files yet")
    answer = unique(puzzle, ask) if ask.unique else exact.solve(puzzle, ask)
    answer.notes = list(puzzle.notes) + answer.notes
    return answer


def unique(puzzle: BurrPuzzle, ask: Ask) -> Answer:
    """Is there one assembly, as BurrTools counts (its placements that the result's symmetries carry onto one
    another are one)?  Not whether there is one placement: a puzzle whose result has symmetries never has one.
    The first solution is shown; the assemblies are counted, the least placement of each class kept, up to two."""
    from ... import counting
    from . import assemblies

    answer = exact.solve(puzzle, ask._replace(unique=False))
    if not answer.frames:  # no solution (the message says why), or none within the time limit
        if answer.status is Status.NO_SOLUTION:  # "No solution: why." as exact's unique check says it
            answer.message = answer.message.replace("No solution: ", "No solution, so not unique: ", 1)
        return answer
    built = puzzle.built
    request = counting.Request(built.cover, accept=assemblies.least_of_class(built, assemblies.group(built)),
                               limit=2, controls=counting.Controls(time_limit=ask.time_limit, cancel=ask.cancel,
                                                                   progress=ask.progress))
    looked = counting.count(request)
    verdict = False if looked.total > 1 else True if looked.complete else None
    placements = looked.candidates or 1
    images = "" if placements == 1 else \
        f"; its {placements:,} placements are images of one another under the result's symmetries"
    status, message, line = exact.said_unique(verdict, looked.stopped, ask, "assembly", ", as BurrTools counts",
                                              images if verdict else "", nouns="assemblies")
    answer.status, answer.message, answer.messages = status, message, [line]
    answer.data = {**answer.data, "unique": verdict}
    return answer


def count(puzzle: BurrPuzzle, ask: Ask) -> Answer:
    """Assemblies, as BurrTools counts them (``assemblies``); with ``ask.every``, every solution."""
    if ask.frequencies or ask.assemblable:
        raise Unsupported(f"{'--frequencies' if ask.frequencies else '--assemblable'} is not offered for BurrTools "
                          "files; count assemblies, or --all")
    from ... import counting
    from . import assemblies

    built = puzzle.built
    plan = assemblies.plan(built)
    controls = counting.Controls(time_limit=ask.time_limit, cancel=ask.cancel, progress=ask.progress)
    every = ask.every or plan.order == 1
    accept = None if every else plan.accept
    request = counting.Request(built.cover, symmetries=plan.item_maps, accept=accept,
                               distinct=not every and accept is None, limit=ask.limit,
                               jobs=1 if accept is not None else ask.jobs, scheduler=ask.scheduler,
                               memory_mb=ask.memory_mb, controls=controls)
    try:
        counted = counting.count(request)
    except counting.CannotCount as err:
        raise Unsupported(str(err)) from None
    if accept is not None:
        found, total = counted.total, counted.candidates if counted.complete else None
    elif ask.every:
        found, total = counted.total, counted.total
    else:
        found, total = (counted.distinct if plan.order > 1 else counted.total), counted.total
    return _counted(puzzle, ask, plan, counted, found, total)


def _counted(puzzle: BurrPuzzle, ask: Ask, plan, counted, found: int, total: int | None) -> Answer:
    problem = puzzle.built.problem
    recorded = problem.assemblies if problem.state == xmpuzzle.SOLVED else None
    if ask.every:
        noun = "solution" if found == 1 else "solutions"
        line = f"{found:,} {noun} (every placement of the pieces, no symmetry merged)"
    else:
        noun = "assembly" if found == 1 else "assemblies"
        if plan.order == 1:
            kind = "the result has no symmetry: every placement of the pieces counts"
        else:
            mirrors = f" ({plan.mirrors} of them mirror images)" if plan.mirrors else ""
            kind = f"placements that the result's {plan.order} symmetries{mirrors} carry onto one another count once"
        line = f"{found:,} {noun}, as BurrTools counts: {kind}; {plan.how}"
        if total is not None and plan.order > 1:
            line += f"; {total:,} placements in all"
        if recorded is not None:
            same = " (the same)" if counted.complete and recorded == found else ""
            line += f"; the file records {recorded:,}{same}"
    data = {"solutions": found, "assemblies": None if ask.every else found, "total": total,
            "complete": counted.complete, "stopped": counted.stopped, "symmetries": plan.order,
            "mirror_symmetries": plan.mirrors, "recorded_assemblies": recorded, "seconds": round(counted.seconds, 3),
            "nodes": counted.nodes, "counter": counted.counter, **puzzle.data}
    if counted.complete:
        status = Status.COUNTED
        note = f"{line}; complete count in {counted.seconds:.2f} s"
    else:
        status = Status.CANCELLED if counted.stopped == Status.CANCELLED else Status.INCOMPLETE
        why = {Status.LIMIT: f"--limit {ask.limit} reached", Status.TIME_LIMIT: "the time limit reached",
               Status.CANCELLED: "interrupted"}.get(counted.stopped, "stopped")
        note = f"at least {line}: incomplete, {why} after {counted.seconds:.2f} s"
    # the status line is the count's whole line, as the command line prints it: what is counted matters here
    message = f"{note[0].upper()}{note[1:]}."
    return Answer(status, message, notes=list(puzzle.notes) + [note], data=data)


# --- the file, read and written ---------------------------------------------------------------------------------

def file_rows(path: str) -> list[str]:
    """A BurrTools file (gzip-compressed or plain XML, UTF-8 or Latin-1) as the rows :func:`read` takes."""
    from ...base.files import read_bytes

    data = read_bytes(path, limit=xmpuzzle.MAX_BYTES, kind="BurrTools files")
    try:
        return xmpuzzle.text_of(data).splitlines()
    except xmpuzzle.FormatError as err:
        raise UserError(f"cannot read '{path}': {err}") from None


#: How long writing a file may look for a second assembly (to write the problem solved, state 2, when the one
#: found is the only one); a look cut short writes it unsolved.
WRITE_LOOK_SECONDS = 10.0


def write(puzzle: BurrPuzzle) -> bytes:
    """The file with the problem solved: its shapes, the problem and the solution shown as ``<assembly>`` text;
    the problem solved (state 2, 1 assembly) when that is its only assembly (a count stopped at 2, within
    WRITE_LOOK_SECONDS), else unsolved (state 0: one solution of several is not all of them)."""
    built = puzzle.built
    if puzzle.shown is None:
        raise Unsupported("there is no solution to write")
    if not built.grid.numbered:
        raise Unsupported(f"solutions on BurrTools' {built.grid.name} grid are not written (xlsolver writes the "
                          "orientation numbers of the grids whose numbering it knows)")
    from ... import counting
    from . import assemblies

    # every solution judged, the least of each class kept, up to a second class (bounds take no limited count
    # by Burnside's quotients)
    request = counting.Request(built.cover, accept=assemblies.least_of_class(built, assemblies.group(built)),
                               limit=2, controls=counting.Controls(time_limit=WRITE_LOOK_SECONDS))
    looked = counting.count(request)
    only = looked.complete and looked.total == 1
    return xmpuzzle.to_bytes(written(built, [puzzle.shown], complete=only))


def written(built: Built, solutions: Sequence[Sequence[int]], complete: bool) -> xmpuzzle.Puzzle:
    """The file of ``built``'s problem alone, with ``solutions`` as its assemblies; state 2 (solved) with their
    number as its count when ``complete`` (they are all of its assemblies), else state 0."""
    if not built.grid.numbered:
        raise Unsupported(f"solutions on BurrTools' {built.grid.name} grid are not written (xlsolver writes the "
                          "orientation numbers of the grids whose numbering it knows)")
    problem = built.problem
    file = built.file
    shapes = written_shapes(built)
    assemblies = tuple(placements(built, solution, shapes) for solution in solutions)
    state = xmpuzzle.SOLVED if complete else xmpuzzle.UNSOLVED
    kept = xmpuzzle.Problem(problem.parts, problem.result, problem.name, problem.pairs, state,
                            len(assemblies) if complete else None, 0 if complete else None, 0 if complete else None,
                            problem.max_holes, assemblies)
    return xmpuzzle.Puzzle(file.grid, shapes, (kept,), file.colours, file.comment, file.version)


@lru_cache(maxsize=4)  # a worker process makes many challenges of one file: it is read and built once
def _built_once(text: str, asked: str | None) -> Built:
    return challenges.refuse_copies(read(text.splitlines(), Settings({"problem": asked} if asked else {})).built)


class FileGenerator(cover.Generator):
    """The family's ``generate``: the generic generator, on the answer's layers of the file's problem."""

    def board(self, rows: Sequence[str], settings: dict) -> tuple[list[str], Callable, None]:
        built = _built_once("\n".join(rows), settings.get("problem"))
        layers = list(puzzle_of(built).rows)
        return layers, lambda grid: puzzle_of(built, typed=challenges.typed_layers(built, layers, grid)), None


def challenge_file(rows: Sequence[str], settings: dict, challenge) -> bytes:
    """A new challenge made from the file ``rows`` (:mod:`.challenges` says what the file holds)."""
    return challenges.file_of(_built_once("\n".join(rows), settings.get("problem")), challenge)


FILES = (FileForm(".xmpuzzle", "a BurrTools puzzle file", rows=file_rows, write=write, challenge=challenge_file),)

#: The BurrTools sheet's solution grid: room for the layers of a result up to 6 x 6 x 6 and its views from above,
#: the front and the right (a 6 x 6 x 6 box: three layers to a band, two bands, the views in a third), of a flat
#: one up to 20 wide; tall rather than wide, so that the sheet fits a screen and board.xlsm its size.
SHEET_ROWS, SHEET_COLS = 24, 20


def sheets() -> tuple[SheetSpec, ...]:
    """The BurrTools sheet: a file's path typed into its File cell (and a problem's number or name), its answer
    drawn in the solution grid; Save .xmpuzzle writes the problem back with the solution shown."""
    from ...base.sheets import BELOW_INTRO, AreaSpec, FileCells, SettingCell, SheetSpec

    return (SheetSpec(
        "BurrTools", "Sheet15", 13, "BurrTools files (.xmpuzzle)",
        "Type the path of a BurrTools puzzle file into File (a relative path starts at this workbook's folder) and, "
        "for a file of several problems, a problem's number or name into Problem; then press Solve or Count.",
        areas=(AreaSpec("BurrTools", "Open a BurrTools file", SHEET_ROWS, SHEET_COLS,
                        file=FileCells(".xmpuzzle", (-2, 3), 18, example="examples/soma.xmpuzzle",
                                       prompt="The path of a BurrTools puzzle file (.xmpuzzle); a relative path "
                                              "starts at this workbook's folder."),
                        cells=(SettingCell("problem", (-2, 25), span=5),)),),
        areas_top=BELOW_INTRO),)


FAMILY = Family(name="burrtools", title="BurrTools files (.xmpuzzle): 3D puzzles on any of its grids (cubes, prisms, spheres, cut cubes)", read=read,
                solve=solve, count=count, settings=(PROBLEM,), unique=True, exact_cover=cover.problem_of,
                empty_data=exact.empty_data, files=FILES, sheets=sheets, order=7,
                generate=FileGenerator("burrtools"))
