"""Cells, shapes and boards on the square grid: the square lattice (``lattice.SQUARE``) under the names
every square-grid family uses.

A square of a grid is a ``Point``, ``(row, col)`` with row 0 at the top (what a
sheet cell *shows* is ``answer.Cell``).  A shape is a frozenset of points;
its *normal form* is the sorted tuple of cells translated so the smallest row and
column are 0, which makes equal shapes compare equal whatever their position.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from .lattice import SQUARE

Point = tuple[int, int]
Shape = frozenset  # frozenset[Point]

#: The eight symmetries of the square (the dihedral group D4), as integer matrices callable on a cell
#: (``transform(r, c)``).  The first four are rotations, the last four add a reflection.
TRANSFORMS = SQUARE.transforms
ROTATIONS = SQUARE.rotations

normalise = SQUARE.normalise
orientations = SQUARE.orientations
placements = SQUARE.placements
symmetries = SQUARE.symmetries
transformed_symmetries = SQUARE.transformed_symmetries
connected_components = SQUARE.connected_components


def cells_from_art(lines: Sequence[str], is_cell: Callable[[str], bool]) -> frozenset[Point]:
    """The cells of text art: character ``c`` of line ``r`` is a cell if ``is_cell(ch)``."""
    return frozenset(
        (r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if is_cell(ch)
    )
