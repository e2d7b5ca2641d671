"""A BurrTools problem as an exact cover: the result's cells, its pieces, every way each piece may lie.

Items: each filled (``#``) cell of the result shape is primary (covered once), each variable (``+``) cell
secondary (at most once); each shape of the piece list is an item too: primary when the problem takes exactly
one copy, secondary when it takes none or one, else primary with multiplicity bounds (Knuth's DLX3: covered
between ``min`` and ``max`` times), so copies of a shape are one item and never told apart.  An option is one
placement of one shape: a proper rotation (BurrTools never mirrors a piece) and a translation putting its filled
voxels on cells of the result, each voxel's colour allowed on its cell's colour by the problem's rules.

A piece with coloured voxels may have two orientations on the same cells, its colours on different ones: both
are placements (BurrTools tells them apart), and each coloured voxel's option also holds the secondary item
``CELL*COLOUR`` (never shared: one piece a cell), so that the two options differ in their items and the result's
symmetries carry each onto the right one.

``maxHoles`` (at most that many variable cells left empty) matters only where the piece counts leave the volume
open (ranges of shapes of different sizes); then the variable cells are primary, each covered by a piece or by a
*hole* option holding it and the item ``holes``, bounded by ``(0, maxHoles)``.

Cells are named as the layers show them (``2-C3``: layer 2, row 3, column C), shapes by their letter (``A`` the
first of the piece list).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from ...base.a1 import cell_name
from ...base.sheets import block_starts
from ...geometry import burr_spheres, xmpuzzle
from ...geometry.burr_grids import BALLS, GRIDS, Grid
from ...geometry.lattice import Coord
from .. import InvalidPuzzle

if TYPE_CHECKING:
    from ...engine.exact_cover import ExactCover

#: A letter per shape of a problem's piece list, in its order.
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
#: Placements built at most: a problem with more is too large to search (the largest public one has 8,000).
MAX_OPTIONS = 1_000_000
MAX_CELLS = 50_000  # result cells at most (a public result has at most a few hundred)
OPEN, VARIABLE, OUTSIDE = ".", "+", "#"  # a filled cell, a variable one, no cell: as the answer's layers show them
HOLE = VARIABLE  # the letter of a hole option (a variable cell left empty, counted against maxHoles)
HOLES = "holes"  # the item every hole option holds
Position = tuple[int, int, int]  # layer, row, column as the layers are drawn


class Placed(NamedTuple):
    """An option's label: a piece (its letter) on ``cells``, each voxel's colour as ``colours`` says (cell, colour
    pairs, sorted; all 0 for a piece without colours)."""

    letter: str
    cells: frozenset[Coord]
    colours: tuple[tuple[Coord, int], ...]


@dataclass(frozen=True)
class Piece:
    """A shape of the piece list: its letter, shape number, how many copies (``low`` to ``high``), and its filled
    voxels as cells of the grid, each with its colour."""

    letter: str
    shape: int
    low: int
    high: int
    cells: dict[Coord, int]
    hotspot: Coord
    name: str = ""

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclass
class Built:
    """A problem read and built: the file, which problem, the grid, pieces, result and the exact cover."""

    file: xmpuzzle.Puzzle
    number: int  # the problem's index in the file
    grid: Grid
    pieces: list[Piece]
    result: dict[Coord, tuple[str, int]]  # cell -> (state, colour)
    cover: ExactCover
    positions: dict[Coord, Position]  # where each result cell is drawn
    drawn: dict[Coord, Coord] = field(default_factory=dict)  # each result cell as a cell of grid.lattice

    @property
    def problem(self) -> xmpuzzle.Problem:
        return self.file.problems[self.number]

    def item(self, cell: Coord) -> str:
        z, r, c = self.positions[cell]
        return f"{z + 1}-{cell_name(r, c)}"

    @property
    def ranges(self) -> bool:
        """Whether some shape's count is a range (the pieces used vary from one assembly to another)."""
        return any(piece.low != piece.high for piece in self.pieces)


def problem_title(problem: xmpuzzle.Problem, number: int) -> str:
    return f"problem {number + 1}" + (f" ({problem.name})" if problem.name else "")


def build(file: xmpuzzle.Puzzle, number: int) -> Built:
    """The exact cover of problem ``number`` of ``file``; InvalidPuzzle says, in one line, what xlsolver does not
    take (a voxel off the grid, a piece with variable voxels, too many placements)."""
    problem = file.problems[number]
    where = problem_title(problem, number)
    grid = GRIDS[file.grid]  # every grid type the reader takes
    if len(problem.parts) > len(LETTERS):
        raise InvalidPuzzle([f"{where}: {len(problem.parts)} shapes in the piece list; xlsolver takes at most "
                             f"{len(LETTERS)}"])
    result_shape = file.shapes[problem.result]
    result = {}
    for voxel, mark in result_shape.voxels.items():
        if not grid.is_cell(voxel):
            raise InvalidPuzzle([f"shape {problem.result + 1} (the result): voxel {voxel} is not on the {grid.name} "
                                 f"grid ({grid.off_grid})"])
        result[grid.cell(voxel)] = mark
    if not result:
        raise InvalidPuzzle([f"{where}: the result, shape {problem.result + 1}, has no voxels"])
    if len(result) > MAX_CELLS:
        raise InvalidPuzzle([f"{where}: the result has {len(result):,} cells; xlsolver takes at most {MAX_CELLS:,}"])
    pieces = [_piece(file, grid, part, LETTERS[index], where) for index, part in enumerate(problem.parts)]
    drawn = grid.drawn_all(result)
    positions = _positions(grid, drawn)
    built = Built(file, number, grid, pieces, result, None, positions, drawn)
    built.cover = _cover(built, where)
    return built


def _piece(file: xmpuzzle.Puzzle, grid: Grid, part: xmpuzzle.Part, letter: str, where: str) -> Piece:
    shape = file.shapes[part.shape]
    if any(state == xmpuzzle.VARIABLE for state, _ in shape.voxels.values()):
        raise InvalidPuzzle([f"{where}: shape {part.shape + 1} has variable ('+') voxels; xlsolver places pieces "
                             "made of filled voxels only"])
    if not shape.voxels and part.high:
        raise InvalidPuzzle([f"{where}: shape {part.shape + 1} has no voxels"])
    cells = {}
    for voxel, (_, colour) in shape.voxels.items():
        if not grid.is_cell(voxel):
            raise InvalidPuzzle([f"shape {part.shape + 1}: voxel {voxel} is not on the {grid.name} grid "
                                 f"({grid.off_grid})"])
        cells[grid.cell(voxel)] = colour
    return Piece(letter, part.shape, part.low, part.high, cells, grid.cell(shape.hotspot), shape.name)


def _positions(grid: Grid, drawn: dict[Coord, Coord]) -> dict[Coord, Position]:
    """Each cell's (layer, row, column), rows and columns counted from the least used (a ball's row in its
    lattice may be negative where a layer juts out beyond the one under it)."""
    placed = {cell: grid.lattice.position(image) for cell, image in drawn.items()}
    low_row = min(r for _, r, _ in placed.values())
    low_col = min(c for _, _, c in placed.values())
    return {cell: (z, r - low_row, c - low_col) for cell, (z, r, c) in placed.items()}


def allowed(file: xmpuzzle.Puzzle, problem: xmpuzzle.Problem, piece_colour: int, cell_colour: int) -> bool:
    """May a voxel of this colour lie on a cell of that colour?  (Colour 0 goes anywhere, anything on colour 0.)"""
    return not file.colours or not piece_colour or not cell_colour or \
        (piece_colour - 1, cell_colour - 1) in problem.pairs


def _cover(built: Built, where: str) -> ExactCover:
    from ...engine.exact_cover import ExactCover

    order = sorted(built.result, key=built.positions.__getitem__)
    filled = [c for c in order if built.result[c][0] == xmpuzzle.FILLED]
    variable = [c for c in order if built.result[c][0] == xmpuzzle.VARIABLE]
    pieces = [p for p in built.pieces if p.high]
    holes = _holes(built, len(variable))
    counted = [p.letter for p in pieces if (p.low, p.high) != (0, 1)]
    bounds = {p.letter: (p.low, p.high) for p in pieces if (p.low, p.high) not in ((0, 1), (1, 1))}
    if holes is not None:
        bounds[HOLES] = (0, holes)
    tints = sorted({colour for p in pieces for colour in p.cells.values() if colour})
    cover = ExactCover([built.item(c) for c in filled + (variable if holes is not None else [])] + counted
                       + ([HOLES] if holes is not None else []),
                       ([] if holes is not None else [built.item(c) for c in variable])
                       + [p.letter for p in pieces if (p.low, p.high) == (0, 1)]
                       + [tagged(built.item(c), tint) for c in order for tint in tints], bounds=bounds or None)
    names = {cell: built.item(cell) for cell in built.result}
    box = tuple(tuple(bound(c[i] for c in built.result) for i in range(3)) for bound in (min, max))
    board = frozenset(built.result)
    options = 0
    for piece in pieces:
        for cells, colours in built.grid.orientations(piece.cells):
            for placed in _placements(built, cells, colours, order, board, box):
                cover.add_option([piece.letter] + [names[cell] for cell in placed]
                                 + [tagged(names[cell], tint) for cell, tint in zip(placed, colours) if tint],
                                 label=Placed(piece.letter, frozenset(placed), tuple(sorted(zip(placed, colours)))))
                options += 1
                if options > MAX_OPTIONS:
                    raise InvalidPuzzle([f"{where}: more than {MAX_OPTIONS:,} placements of its pieces; too large "
                                         "for xlsolver"])
    if holes is not None:
        for cell in variable:
            cover.add_option([names[cell], HOLES], label=Placed(HOLE, frozenset([cell]), ()))
    return cover


def _placements(built: Built, cells: Sequence[Coord], colours: Sequence[int], order: Sequence[Coord],
                board: frozenset, box: tuple[Coord, Coord]):
    """Every translation of an orientation onto cells of the result (``board``, within ``box``: its least and
    greatest coordinates), its colours allowed there: its first cell put on each result cell whose place leaves
    the piece's box inside the result's box (and the grid's translations carry its first cell there), then
    checked."""
    result = built.result
    low, high = box
    anchor = cells[0]
    offsets = [tuple(c - a for c, a in zip(cell, anchor)) for cell in cells]
    (x0, y0, z0), (x1, y1, z1) = ([low[i] - min(o[i] for o in offsets) for i in range(3)],
                                  [high[i] - max(o[i] for o in offsets) for i in range(3)])
    checked = any(colours) or any(colour for _, colour in result.values())
    move = built.grid.space.mover
    for target in built.grid.space.anchors(anchor, order):  # a translation of the grid (a prism up onto one up)
        x, y, z = target
        if not (x0 <= x <= x1 and y0 <= y <= y1 and z0 <= z <= z1):
            continue
        placed = move(target, offsets)
        if board.issuperset(placed) and (not checked or all(
                allowed(built.file, built.problem, colour, result[cell][1]) for cell, colour in zip(placed, colours))):
            yield placed


def tagged(item: str, colour: int) -> str:
    """The secondary item of a cell covered by a voxel of this colour."""
    return f"{item}*{colour}"


def _holes(built: Built, variable: int) -> int | None:
    """The most variable cells that may stay empty, where that is a rule of its own: ``maxHoles`` given, the
    pieces' volume open (ranges) and the bound short of every variable cell; None where it is no rule."""
    limit = built.problem.max_holes
    if limit is None or limit >= variable:
        return None
    fewest = sum(p.size * p.low for p in built.pieces)
    most = sum(p.size * p.high for p in built.pieces)
    return None if fewest == most else limit


def layers_of(built: Built) -> tuple[list[str], list[int], list[int]]:
    """The result drawn as text, its layers bottom first with a blank line between: the text, each layer's
    number of lines, and the line each begins on."""
    depth, rows, cols = (1 + max(place[axis] for place in built.positions.values()) for axis in range(3))
    sizes = [(rows, cols)] * depth
    if built.grid.lattice.solid == "balls":  # each layer of balls as large as its balls (a pyramid narrows)
        sizes = [(1 + max(r for y, r, _ in built.positions.values() if y == z),
                  1 + max(c for y, _, c in built.positions.values() if y == z))
                 if any(y == z for y, _, _ in built.positions.values()) else (1, 1) for z in range(depth)]
    layers = [[[OUTSIDE] * width for _ in range(height)] for height, width in sizes]
    for cell, (z, r, c) in built.positions.items():
        layers[z][r][c] = OPEN if built.result[cell][0] == xmpuzzle.FILLED else VARIABLE
    layers = [["".join(row) for row in grid] for grid in layers]
    depths = [len(rows) for rows in layers]
    first_line = block_starts(depths)
    return [row for z, rows in enumerate(layers) for row in ([""] if z else []) + rows], depths, first_line


def text_places(built: Built) -> dict:
    """Where each result cell stands in :func:`layers_of`'s text: (line, column)."""
    _, _, first_line = layers_of(built)
    return {cell: (first_line[z] + r, c) for cell, (z, r, c) in built.positions.items()}


def written_shapes(built: Built) -> tuple[xmpuzzle.Shape, ...]:
    """The file's shapes as a file xlsolver writes holds them: on the sphere grid each hotspot moved onto a ball,
    as BurrTools puts them before it solves (``placements`` are of these)."""
    return burr_spheres.on_balls(built.file.shapes) if built.grid is BALLS else built.file.shapes


def placements(built: Built, solution: Sequence[int], shapes: Sequence[xmpuzzle.Shape]) -> tuple:
    """A solution as ``<assembly>`` placements of ``shapes`` (the file's, hotspots as written): each piece of the
    list, copies one after another, in order of their placements (as BurrTools sorts them); ``None`` for a copy
    left out."""
    by_letter: dict[str, list] = {}
    for option in solution:
        label = built.cover.labels[option]
        if label.letter != HOLE:
            by_letter.setdefault(label.letter, []).append(label)
    found = []
    for piece in built.pieces:
        shape = shapes[piece.shape]
        filled = {voxel: colour for voxel, (_, colour) in shape.voxels.items()}
        mine = sorted((built.grid.placement_of(filled, shape.hotspot, dict(label.colours))
                       for label in by_letter.get(piece.letter, [])), key=lambda p: (p[3], p[0], p[1], p[2]))
        found += mine + [None] * (piece.high - len(mine))
    return tuple(found)


def pieces_used(built: Built, solution: Sequence[int]) -> dict[str, list[frozenset[Coord]]]:
    """Each letter's placements in a solution (a list: copies of one shape share a letter)."""
    placed: dict[str, list[frozenset[Coord]]] = {}
    for option in solution:
        label = built.cover.labels[option]
        if label.letter != HOLE:
            placed.setdefault(label.letter, []).append(label.cells)
    return placed


__all__ = ["LETTERS", "MAX_OPTIONS", "Placed", "Piece", "Built", "build", "allowed", "pieces_used", "problem_title",
           "OPEN", "VARIABLE", "OUTSIDE", "HOLE", "HOLES", "tagged", "layers_of", "text_places", "placements", "written_shapes"]
