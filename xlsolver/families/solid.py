"""3D puzzles: fill a set of cubes or balls (the Soma cube, the 55-ball pyramid) with every piece of a set.

The board is a set of cells of a layered lattice (``lattice.CUBIC``, ``lattice.SPHERES``); the pieces are
either drawn in that lattice (Soma's cubes: their rotations) or flat square-grid shapes (IQ Puzzler Pro,
Kanoodle: every orientation in every plane where the balls form a square grid).

Exact-cover items: every board cell (primary, named ``LAYER:A1`` with layers counted from 1 at the bottom),
then every piece (primary, by its letter); an option per placement, labelled ``(letter, cells)``.  A piece
already placed (givens) keeps one option: where it lies.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..a1 import cell_name
from ..catalog import PieceSet
from ..exact_cover import ExactCover
from ..lattice import Coord, LayeredLattice
from . import InvalidPuzzle, cover


@dataclass(frozen=True)
class Solid:
    """A 3D puzzle: the board's cells, the pieces, and the cells of pieces already placed (letter -> cells)."""

    lattice: LayeredLattice
    board: frozenset[Coord]
    pieces: PieceSet
    givens: dict[str, frozenset[Coord]] = field(default_factory=dict)

    def orientations(self, letter: str) -> list[tuple[Coord, ...]]:
        """A piece's orientations in the board's lattice: its own (pieces of cubes) or a flat piece's."""
        piece = self.pieces.pieces[letter]
        if self.pieces.lattice.dimension == self.lattice.dimension:
            return self.lattice.orientations(piece.cells, self.pieces.turn_over)
        return self.lattice.flat_orientations(piece.cells)

    def placements(self, letter: str) -> list[frozenset[Coord]]:
        """Where a piece may lie: the one place it is given, or every placement on the cells left open."""
        if letter in self.givens:
            return [self.givens[letter]]
        taken = frozenset().union(*self.givens.values())
        return self.lattice.placements(self.orientations(letter), self.board - taken)


def item_name(lattice: LayeredLattice, cell: Coord) -> str:
    """A cell as the user finds it: layer (1 at the bottom), then its A1 name within the layer."""
    layer, row, col = lattice.position(cell)
    return f"{layer + 1}:{cell_name(row, col)}"


def problem(solid: Solid) -> ExactCover:
    """Cells (layer by layer, in reading order) and pieces as primary items; an option per placement."""
    cells = sorted(solid.board, key=solid.lattice.position)
    return cover.problem(
        [item_name(solid.lattice, cell) for cell in cells] + list(solid.pieces.pieces),
        (([letter] + [item_name(solid.lattice, cell) for cell in sorted(placed)], (letter, placed))
         for letter in solid.pieces.pieces for placed in solid.placements(letter)))


def item_maps(solid: Solid, built: ExactCover) -> list[list[int]]:
    """The board's symmetries that carry the piece set onto itself (a reflection may swap mirror-image pieces)
    and every given piece onto its image's place, each as a permutation of the problem's items."""
    index = {name: i for i, name in enumerate(built.items)}
    shapes = {letter: solid.orientations(letter) for letter in solid.pieces.pieces}
    maps: dict[tuple, list[int]] = {}
    for transform, cells in solid.lattice.transformed_symmetries(solid.board):
        letters = solid.lattice.shape_images(shapes, transform)
        if letters is None or any(frozenset(cells[c] for c in placed) != solid.givens.get(letters[letter])
                                  for letter, placed in solid.givens.items()):
            continue
        mapping = list(range(len(built.items)))
        for cell, image in cells.items():
            mapping[index[item_name(solid.lattice, cell)]] = index[item_name(solid.lattice, image)]
        for letter, image in letters.items():
            mapping[index[letter]] = index[image]
        maps.setdefault(tuple(mapping), mapping)
    return list(maps.values())


def solved_layers(solid: Solid, built: ExactCover, solution: Sequence[int], blank: Sequence[Sequence[str]]
                  ) -> list[list[str]]:
    """A solution as layers of text (bottom first): ``blank`` with each piece's letter on its cells."""
    letters = {cell: letter for option in solution for letter, placed in [built.labels[option]] for cell in placed}
    return solid.lattice.layers(letters, blank)


OPEN, OUTSIDE = ".", "#"


def from_layers(lattice: LayeredLattice, layers: Sequence[Sequence[str]], pieces: PieceSet) -> Solid:
    """A puzzle from its layers as typed, bottom first: ``.`` a cell to fill, a letter a cell of a piece already
    placed, ``#`` (or a space) not part of the board.  Raises InvalidPuzzle naming the layer and cell of each
    problem: an unknown character or letter, a piece's given cells that are not one of its placements."""
    problems = []
    board, given = set(), {}
    for z, rows in enumerate(layers):
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                where = f"layer {z + 1} {cell_name(r, c)}"
                if ch in (OUTSIDE, " "):
                    continue
                if ch != OPEN and ch.upper() not in pieces.pieces:
                    problems.append(f"{where}: {ch!r} is not a piece of {pieces.name} ({''.join(pieces.pieces)}), "
                                    f"'{OPEN}' or '{OUTSIDE}'")
                    continue
                cell = lattice.cell(z, r, c)
                board.add(cell)
                if ch != OPEN:
                    given.setdefault(ch.upper(), set()).add(cell)
    solid = Solid(lattice, frozenset(board), pieces)
    for letter, cells in given.items():
        if lattice.normalise(cells) not in solid.orientations(letter):
            z, r, c = lattice.position(min(cells, key=lattice.position))
            problems.append(f"layer {z + 1} {cell_name(r, c)}: the {len(cells)} cells marked {letter} are not "
                            f"piece {letter} (it has {pieces.pieces[letter].size}, in one of its shapes)")
    if problems:
        raise InvalidPuzzle(problems)
    return Solid(lattice, solid.board, pieces, {letter: frozenset(cells) for letter, cells in given.items()})
