"""A BurrTools problem as an exact cover: the result's cells, its pieces, every way each piece may lie.

Items: each filled (``#``) cell of the result shape is primary (covered once), each variable (``+``) cell
secondary (at most once); each shape of the piece list is an item too, primary when the problem takes exactly
one copy, secondary when it takes none or one.  An option is one placement of one shape: a proper rotation
(BurrTools never mirrors a piece) and a translation putting its filled voxels on cells of the result, each
voxel's colour allowed on its cell's colour by the problem's rules.  Cells are named as the layers show them
(``2-C3``: layer 2, row 3, column C), shapes by their letter (``A`` the first of the piece list).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from ...base.a1 import cell_name
from ...geometry import xmpuzzle
from ...geometry.burr_grids import GRIDS, Grid
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
    take (another grid, a piece with variable voxels, too many placements)."""
    problem = file.problems[number]
    where = problem_title(problem, number)
    grid = GRIDS.get(file.grid)
    if grid is None:
        raise InvalidPuzzle([f"grid type {file.grid} ({xmpuzzle.GRID_NAMES[file.grid]}) is not supported yet; "
                             "xlsolver reads BurrTools' cubes (0) and spheres (2)"])
    if len(problem.parts) > len(LETTERS):
        raise InvalidPuzzle([f"{where}: {len(problem.parts)} shapes in the piece list; xlsolver takes at most "
                             f"{len(LETTERS)}"])
    result_shape = file.shapes[problem.result]
    result = {}
    for voxel, mark in result_shape.voxels.items():
        if not grid.is_cell(voxel):
            raise InvalidPuzzle([f"shape {problem.result + 1} (the result): voxel {voxel} is not on the sphere grid "
                                 "(x + y + z must be even)"])
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
    if part.high > 1:
        raise InvalidPuzzle([f"{where}: shape {part.shape + 1} is used {part.high} times; pieces with copies are not "
                             "supported yet"])
    cells = {}
    for voxel, (_, colour) in shape.voxels.items():
        if not grid.is_cell(voxel):
            raise InvalidPuzzle([f"shape {part.shape + 1}: voxel {voxel} is not on the sphere grid (x + y + z must "
                                 "be even)"])
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
    cover = ExactCover([built.item(c) for c in filled] + [p.letter for p in pieces if p.low],
                       [built.item(c) for c in variable] + [p.letter for p in pieces if not p.low])
    problem = built.problem
    names = {cell: built.item(cell) for cell in built.result}
    options = 0
    for piece in pieces:
        for cells, colours in built.grid.orientations(piece.cells):
            anchor = cells[0]
            for target in order:
                shift = tuple(t - a for t, a in zip(target, anchor))
                placed = [tuple(c + s for c, s in zip(cell, shift)) for cell in cells]
                if all(cell in built.result and allowed(built.file, problem, colour, built.result[cell][1])
                       for cell, colour in zip(placed, colours)):
                    cover.add_option([piece.letter] + [names[cell] for cell in placed],
                                     label=Placed(piece.letter, frozenset(placed),
                                                  tuple(sorted(zip(placed, colours)))))
                    options += 1
                    if options > MAX_OPTIONS:
                        raise InvalidPuzzle([f"{where}: more than {MAX_OPTIONS:,} placements of its pieces; too large "
                                             "for xlsolver"])
    return cover


def pieces_used(built: Built, solution: Sequence[int]) -> dict[str, list[frozenset[Coord]]]:
    """Each letter's placements in a solution (a list: copies of one shape share a letter)."""
    placed: dict[str, list[frozenset[Coord]]] = {}
    for option in solution:
        label = built.cover.labels[option]
        placed.setdefault(label.letter, []).append(label.cells)
    return placed


__all__ = ["LETTERS", "MAX_OPTIONS", "Placed", "Piece", "Built", "build", "allowed", "pieces_used", "problem_title", "OPEN",
           "VARIABLE", "OUTSIDE"]
