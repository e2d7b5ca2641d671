"""The one piece model: a piece's cells, and what each cell carries (a lamp, a road, a police car) where
the piece's cells carry marks; its orientations and placements asked of a lattice.

Tiling pieces carry no marks (their placements are sets of cells); Ghost Hunter's and RoadBlock's do (their
placements map each cell to its mark).
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .lattice import Coord, Lattice, Mark


class Piece(NamedTuple):
    letter: str
    cells: tuple[Coord, ...]  # normal form of the drawn orientation
    colour: str  # "#rrggbb"
    words: tuple[str, ...] = ()  # what follows the colour on its line: a colour name, or a kind (police, required)
    marks: tuple[Mark, ...] = ()  # one per cell, in the order of ``cells``; () for a piece whose cells carry none

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def colour_name(self) -> str:
        return " ".join(self.words)

    def marked(self) -> dict[Coord, Mark]:
        """Each cell's mark."""
        return dict(zip(self.cells, self.marks))

    def orientations(self, turn_over: bool, lattice: Lattice) -> list:
        """Distinct orientations in ``lattice``: normal forms of the cells, or (cells, marks) pairs for a piece with
        marks.  A flat piece (drawn on the square grid) in a lattice of more dimensions takes every orientation in
        each of its planes, turned over or not (a flat piece in space can always be turned over)."""
        return list(_orientations(tuple(self.cells), tuple(self.marks), turn_over, lattice))

    def placements(self, turn_over: bool, board: frozenset, lattice: Lattice) -> list:
        """Every placement on ``board``: a set of cells, or for a piece with marks a map cell -> mark."""
        if self.marks:
            return lattice.marked_placements(self.orientations(turn_over, lattice), board)
        return lattice.placements(self.orientations(turn_over, lattice), board)


@lru_cache(maxsize=1024)
def _orientations(cells: tuple[Coord, ...], marks: tuple[Mark, ...], turn_over: bool, lattice: Lattice) -> tuple:
    """Worked out once per shape and lattice: a Solve asks for each piece's orientations again for every symmetry
    and given (a flat piece's 192 embeddings in the pyramid were once worked out twice a read)."""
    if len(cells[0]) < lattice.dimension:
        return tuple(lattice.flat_orientations(cells))
    return tuple(lattice.orientations(cells, turn_over, marks or None))


def marked_piece(letter: str, colour: str, cells: list[tuple[Coord, Mark]], words: tuple[str, ...],
                 lattice: Lattice) -> Piece:
    """A piece from its cells as drawn, each with its mark, in normal form."""
    normal, marks = lattice.normalise_marked([cell for cell, _ in cells], [mark for _, mark in cells])
    return Piece(letter, normal, colour, words, marks)
