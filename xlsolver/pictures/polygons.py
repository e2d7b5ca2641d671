"""A frame whose cells are triangles or hexagons, as polygons: what the SVG writer and the booklet PDF both draw.

    Corners     a cell's polygon from a frame's lattice and layout: handed in by the front end, since pictures sit
                above geometry (``geometry.lattice.drawn_corners``)
    Polygons    a frame's cells as polygons, measured in cells: a cell covers about a square's area
    outlines    the edges a reader sees as the pieces' outlines

Standard library only: a booklet or a picture pays for nothing it does not draw.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..base.answer import Cell, Frame

Point = tuple[float, float]

#: A cell's polygon where a frame's cells are not squares: ``corners(lattice, shift, row, col)`` (a frame's
#: ``lattice`` and ``shift``), corners in units of the cell's edge, x right, y down; None where no cell stands.
Corners = Callable[[str, int, int, int], Sequence[Point] | None]


class Polygons:
    """The cells of a frame on triangles or hexagons, each with its polygon in the lattice's units (``cells``: those
    ``keep`` keeps), and their extent: ``left``, ``top`` (the polygons' least x and y) and ``span`` (their width and
    height).  ``unit`` is the side of a square of a cell's area, so a picture scaled by ``size / unit`` gives each
    cell about the area of a square of side ``size``, and ``width``, ``height`` are the extent in such cells."""

    def __init__(self, frame: Frame, corners: Corners, keep: Callable[[Cell], bool] = lambda cell: True):
        self.frame = frame
        self.cells = [(cell, polygon) for r, row in enumerate(frame.rows) for c, cell in enumerate(row)
                      if keep(cell) and (polygon := corners(frame.lattice, frame.shift, r, c))]
        self.unit = math.sqrt(area(self.cells[0][1])) if self.cells else 1.0
        xs = [x for _, polygon in self.cells for x, _ in polygon] or [0.0]
        ys = [y for _, polygon in self.cells for _, y in polygon] or [0.0]
        self.left, self.top = min(xs), min(ys)
        self.span = max(xs) - self.left, max(ys) - self.top

    @property
    def width(self) -> float:
        return self.span[0] / self.unit

    @property
    def height(self) -> float:
        return self.span[1] / self.unit

    @property
    def caption(self) -> str:
        return self.frame.caption

    def placed(self, left: float, top: float, size: float) -> list[tuple[Cell, list[Point]]]:
        """Each cell with its polygon drawn with its extent's top left at (``left``, ``top``), a cell about a square
        of side ``size``."""
        at = self._at(left, top, size)
        return [(cell, [at(point) for point in polygon]) for cell, polygon in self.cells]

    def piece_edges(self, left: float, top: float, size: float) -> list[tuple[Point, Point]]:
        """:func:`outlines` of the cells, placed as :meth:`placed` places them (the corners matched in the lattice's
        units, where no scaling has blurred them)."""
        at = self._at(left, top, size)
        edges = outlines(self.cells, places=3)
        return [(at(start), at(end)) for start, end in edges]

    def _at(self, left: float, top: float, size: float) -> Callable[[Point], Point]:
        scale = size / self.unit
        return lambda point: (left + (point[0] - self.left) * scale, top + (point[1] - self.top) * scale)


def area(polygon: Sequence[Point]) -> float:
    """The shoelace formula."""
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]]))) / 2


def centre(points: Sequence[Point]) -> Point:
    """The mean of a polygon's corners: the centre of a regular one, where its letter goes."""
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def outlines(drawn: Sequence[tuple[Cell, Sequence[Point]]], places: int = 1) -> list[tuple[Point, Point]]:
    """The edges that are no piece's inside: on one cell only, or between cells that show different things (their
    text or colour).  Two cells' corners are one where they agree to ``places`` decimals."""
    sides: dict[tuple, list] = {}
    for cell, points in drawn:
        for start, end in zip(points, [*points[1:], points[0]]):
            key = tuple(sorted(((round(start[0], places), round(start[1], places)),
                                (round(end[0], places), round(end[1], places)))))
            sides.setdefault(key, []).append((cell.text, cell.colour, (start, end)))
    return [seen[0][2] for seen in sides.values() if len(seen) == 1 or seen[0][:2] != seen[1][:2]]


__all__ = ["Corners", "Polygons", "area", "centre", "outlines"]
