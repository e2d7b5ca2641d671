"""How a grid on triangles or hexagons shows in a sheet's square cells, one cell per character of its text form.

Triangles: each cell is a unit triangle, pointing up where the grid's row + column is even (``first: up``) and
down elsewhere.  A square cell cannot point, so a down triangle is shaded wherever xlsolver draws it: a little
darker in its piece's colour (the solution, the legend), light grey where nothing is typed yet (the input grid).
A person then sees which way every cell points before typing into it, and a piece drawn on the sheet has the
shape it has on paper.

Hexagons: the doubled-width layout, a hexagon at every cell where row + column is even; the cells between are
layout.  A cell between takes the colour of a piece (a bridge) when two of the three hexagons around it that
touch one another (left, right, and the one below it) belong to that piece: the two on its row, or a step from
its row down to the next.  Each pair of touching hexagons on a row or from one row to the next has one such
cell, and two pieces never claim the same one (the three hexagons touch pairwise: two pairs of one piece make all
three that piece's).  A solved piece then shows as one patch of colour rather than as cells apart, and a gap
between two pieces shows their border.
"""
from __future__ import annotations

from dataclasses import replace

from ..base.answer import Cell, Colour, Frame
from ..geometry.lattice import LATTICES, SQUARE, PlaneLattice

DOWN_SHADE = 0.86  # a down triangle's colour: each of red, green, blue times this
LAYOUT_FILL = "#c9c9c9"  # an input cell between two hexagons: layout, no cell; darker than a down triangle's grey


def lattice_named(name: str) -> PlaneLattice:
    """The plane lattice of a sheet's grid or a frame, by name ("" or "square": the square grid)."""
    found = LATTICES[name] if name else SQUARE
    if not isinstance(found, PlaneLattice):
        raise ValueError(f"{name!r} is not a plane lattice")
    return found


def shade(colour: str) -> str:
    """A down triangle's colour: ``colour`` a little darker."""
    red, green, blue = (int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    return "#" + "".join(f"{round(value * DOWN_SHADE):02x}" for value in (red, green, blue))


def points_down(lattice: PlaneLattice, row: int, col: int, shift: int = 0) -> bool:
    """Is the cell at (row, col) of a drawing a triangle pointing down?"""
    return lattice.orientation_names != ("",) and lattice.holds(row, col, shift) and \
        lattice.orientation(lattice.cell(row, col, shift)) == "down"


def between(lattice: PlaneLattice, row: int, col: int, shift: int = 0) -> bool:
    """Is (row, col) of a drawing layout between two cells (hexagons: every second column), no cell itself?"""
    return not lattice.holds(row, col, shift)


def as_drawn(frame: Frame, lattice: PlaneLattice | None = None, shift: int | None = None) -> Frame:
    """A frame as a sheet draws it on its lattice (the frame's own unless given): down triangles shaded, a bridge
    between two hexagons of one piece on a row; a frame on squares as it is."""
    lattice = lattice if lattice is not None else lattice_named(frame.lattice)
    shift = shift if shift is not None else frame.shift
    if lattice is SQUARE:
        return frame
    rows = []
    for r, row in enumerate(frame.rows):
        cells = list(row)
        for c, cell in enumerate(row):
            if cell.ground or not cell.colour:
                if between(lattice, r, c, shift):
                    bridge = _bridge(frame.rows, r, c)
                    if bridge is not None:
                        cells[c] = Cell("", bridge, True)  # backdrop in the piece's colour: no letter
            elif points_down(lattice, r, c, shift):
                cells[c] = replace(cell, colour=shade(cell.colour))
        rows.append(tuple(cells))
    return replace(frame, rows=tuple(rows))


def _bridge(rows: tuple[tuple[Cell, ...], ...], r: int, c: int) -> str | None:
    """The colour of the piece two touching hexagons around the cell (r, c) between them belong to (left and right,
    left and below, right and below), or None."""
    def at(row: int, col: int) -> Cell | None:
        if 0 <= row < len(rows) and 0 <= col < len(rows[row]):
            cell = rows[row][col]
            return cell if not cell.ground and cell.colour else None
        return None
    left, right, below = at(r, c - 1), at(r, c + 1), at(r + 1, c)
    for one, other in ((left, right), (left, below), (right, below)):
        if one is not None and other is not None and (one.colour, one.text) == (other.colour, other.text):
            return one.colour
    return None


def ground_fill(lattice: PlaneLattice, row: int, col: int, fill: Colour) -> Colour:
    """An input grid's own fill at (row, col): ``fill`` (white), shaded on a down triangle, the layout grey
    between two hexagons."""
    if between(lattice, row, col):
        return LAYOUT_FILL
    if fill and points_down(lattice, row, col):
        return shade(fill)
    return fill


__all__ = ["DOWN_SHADE", "LAYOUT_FILL", "lattice_named", "shade", "points_down", "between", "as_drawn", "ground_fill"]
