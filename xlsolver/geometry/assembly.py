"""How a person puts a 3D answer together, one piece at a time: an order of the pieces, or None where none exists.

One rule per kind of solid (``LayeredLattice.solid``), each tried strictest first:

- balls (the pyramid), :data:`RESTS`: a piece may be placed when every ball of it rests on the floor or on all
  the balls under it (``lattice.under``), each already placed or of the piece itself.  Some published answers
  have no such order (two pieces each with a ball on the other); for them, :data:`BALANCES`: the piece, a rigid
  body, stays where it is put, its weight (the mean of its balls' centres) falling within the points where it
  touches the floor or a ball placed.  Placing a piece never stops another from resting or balancing, so
  placing, greedily, any piece that can, finds an order whenever one exists;
- cubes, :data:`SLIDES`: a piece slides into its place in a straight line along one axis, from outside the
  shape's bounding box, without passing through a cube already placed.  Here a piece placed can block
  another, so the order is found backwards, taking the shape apart: a piece that can slide out of some pieces
  can slide out of fewer, so the last piece of any order among those left can always come out, and taking
  out, greedily, any piece that can, finds an order whenever one exists.

Pieces already given in a challenge come first (they are on the board when the child starts) where they can;
an order that cannot keep them first says so (:attr:`Assembly.givens_first`).
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from operator import sub

from .lattice import Coord, LayeredLattice

#: A slide's direction (the way the piece moves), and the words for where it comes from: a cell's (layer, row,
#: column) as the layers are typed, row 1 at the back, column A at the left.
FROM = {(0, 0, -1): "above", (1, 0, 0): "the left", (-1, 0, 0): "the right",
        (0, 1, 0): "the back", (0, -1, 0): "the front", (0, 0, 1): "below"}
#: The axis a slide runs along, in the words of the cells' numbering.
AXIS = {0: "column", 1: "row", 2: "layer"}


@dataclass(frozen=True)
class Step:
    """One piece placed: its letter, its cells, and (cubes) the direction it slides in along (None: it is set
    down where it rests)."""

    piece: str
    cells: frozenset[Coord]
    slide: Coord | None = None

    @property
    def comes_from(self) -> str:
        """Where the piece comes from: ``above``, ``the left`` ... ('' for a piece set down on balls)."""
        return FROM[self.slide] if self.slide else ""

    @property
    def axis(self) -> str:
        """The axis of its slide, as the cells are numbered: ``layer``, ``row`` or ``column``."""
        return AXIS[next(i for i, d in enumerate(self.slide) if d)] if self.slide else ""


RESTS, BALANCES, SLIDES = "rests", "balances", "slides"


@dataclass(frozen=True)
class Assembly:
    """An order in which the pieces go in, the rule it keeps, and whether it could keep the given pieces
    first."""

    steps: tuple[Step, ...]
    rule: str = RESTS
    givens_first: bool = True


class Assembler:
    """The rule of one shape, its cells as bits: a piece's path (or the balls it rests on) is worked out once
    per placement, so judging each of a count's many solutions (``count --assemblable``) is a few integer
    operations a piece."""

    def __init__(self, lattice: LayeredLattice, shape: frozenset[Coord]):
        self.lattice, self.shape = lattice, shape
        self.bit = {cell: 1 << i for i, cell in enumerate(sorted(shape))}
        self.low, self.high = tuple(map(min, zip(*shape))), tuple(map(max, zip(*shape)))
        self.balls = lattice.solid == "balls"
        self._needs: dict[tuple[str, frozenset[Coord]], object] = {}  # per rule and placement

    def order(self, pieces: Mapping[str, frozenset[Coord]], given: Collection[str] = ()) -> Assembly | None:
        """An order for ``pieces`` (letter -> cells) by the strictest rule that has one, the given ones first
        where that can be; None if none."""
        first = [p for p in pieces if p in given]
        groups = [([p for p in pieces if p not in given], True)] if first else []
        for rule in ((RESTS, BALANCES) if self.balls else (SLIDES,)):
            for then, givens_first in groups + [(list(pieces), False)]:
                found = self._placed(pieces, (first, then) if givens_first else ((), then), rule)
                if found is not None:
                    return Assembly(found, rule, givens_first or not first)
        return None

    def possible(self, pieces: Mapping[str, frozenset[Coord]]) -> bool:
        """Can ``pieces`` be put together one at a time, in any order, by the strictest rule (every ball
        resting on all those under it; every piece of cubes sliding in)?"""
        return self._placed(pieces, ((), list(pieces)), RESTS if self.balls else SLIDES) is not None

    def _placed(self, pieces, groups, rule: str) -> tuple[Step, ...] | None:
        def lowest_first(p: str) -> list:
            """What a person building bottom up places first: the lowest piece, then the one nearer the back
            left."""
            return sorted(self.lattice.position(cell) for cell in pieces[p])

        ordered = [sorted(group, key=lowest_first) for group in groups]
        if rule == SLIDES:
            return self._slide_order(pieces, ordered)
        return self._rest_order(pieces, ordered, self._rests if rule == RESTS else self._balances)

    def _mask(self, cells) -> int:
        return sum(self.bit[cell] for cell in cells)

    def _rests(self, cells: frozenset[Coord], placed: int) -> bool:
        """Balls: does every ball of ``cells`` rest on the floor or on balls placed (or its own)?"""
        key = (RESTS, cells)
        if key not in self._needs:
            below = {b for cell in cells for b in self.lattice.under(cell) if b in self.bit} - cells
            self._needs[key] = self._mask(below)
        return not self._needs[key] & ~placed

    def _balances(self, cells: frozenset[Coord], placed: int) -> bool:
        """Balls: does the piece stay where it is put, its weight within the points where it touches the floor
        or the balls placed (each contact halfway between two centres, seen from above)?"""
        key = (BALANCES, cells)
        if key not in self._needs:
            centre = self.lattice.centre
            floor = [centre(cell)[:2] for cell in cells if not self.lattice.under(cell)]
            touches = [(self.bit[b], _halfway(centre(cell), centre(b))) for cell in cells
                       for b in self.lattice.under(cell) if b in self.bit and b not in cells]
            weight = tuple(sum(c) / len(cells) for c in zip(*(centre(cell)[:2] for cell in cells)))
            self._needs[key] = (floor, touches, weight)
        floor, touches, weight = self._needs[key]
        return _within(weight, floor + [point for bit, point in touches if bit & placed])

    def _paths(self, cells: frozenset[Coord]) -> dict[Coord, int]:
        """Cubes: for each way in, the bits of the shape's cells a piece on ``cells`` passes through on its way
        from outside the box."""
        key = (SLIDES, cells)
        if key not in self._needs:
            paths = {}
            for way in FROM:
                passed = set()
                for cell in cells:
                    behind = tuple(map(sub, cell, way))
                    while all(lo <= x <= hi for lo, x, hi in zip(self.low, behind, self.high)):
                        passed.add(behind)
                        behind = tuple(map(sub, behind, way))
                paths[way] = self._mask((passed - cells) & self.shape)
            self._needs[key] = paths
        return self._needs[key]

    def _rest_order(self, pieces, groups, stays) -> tuple[Step, ...] | None:
        """Balls: each group placed in turn, lowest first, each piece once it ``stays`` (placing never stops
        another piece staying, so taking any that can never misses an order)."""
        placed, steps = 0, []
        for group in groups:
            left = list(group)
            while left:
                ready = next((p for p in left if stays(pieces[p], placed)), None)
                if ready is None:
                    return None
                left.remove(ready)
                placed |= self._mask(pieces[ready])
                steps.append(Step(ready, pieces[ready]))
        return tuple(steps)

    def _slide_order(self, pieces, groups) -> tuple[Step, ...] | None:
        """Cubes: taken apart backwards (the last group out first), the highest piece out first, upwards where
        it can; the steps are the taking apart reversed."""
        remaining = self._mask(frozenset().union(*pieces.values()))
        steps = []
        for group in reversed(groups):
            left = list(reversed(group))
            while left:
                out = next(((p, way) for p in left for way, path in self._paths(pieces[p]).items()
                            if not path & remaining), None)
                if out is None:
                    return None
                piece, way = out
                left.remove(piece)
                remaining &= ~self._mask(pieces[piece])
                steps.append(Step(piece, pieces[piece], way))
        return tuple(reversed(steps))


def _halfway(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Where two touching balls meet, seen from above."""
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _within(point: tuple[float, float], corners: Sequence[tuple[float, float]]) -> bool:
    """Is ``point`` inside or on the convex hull of ``corners`` (its corners found by Andrew's monotone chain)?"""
    hull = _hull(corners)
    if len(hull) < 3:
        return any(_on_segment(point, a, b) for a, b in zip(hull, hull[1:] or hull))
    return all(_cross(a, b, point) >= -1e-9 for a, b in zip(hull, hull[1:] + hull[:1]))


def _cross(o, a, b) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _hull(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull's corners, anticlockwise (fewer than three: the points in a line, its ends)."""
    points = sorted(set(points))
    if len(points) < 3:
        return points
    lower: list = []
    upper: list = []
    for chain, ordered in ((lower, points), (upper, points[::-1])):
        for p in ordered:
            while len(chain) >= 2 and _cross(chain[-2], chain[-1], p) <= 1e-9:
                chain.pop()
            chain.append(p)
    hull = lower[:-1] + upper[:-1]
    return hull if len(hull) >= 3 else [points[0], points[-1]]


def _on_segment(p, a, b) -> bool:
    return abs(_cross(a, b, p)) <= 1e-9 and min(a[0], b[0]) - 1e-9 <= p[0] <= max(a[0], b[0]) + 1e-9 and \
        min(a[1], b[1]) - 1e-9 <= p[1] <= max(a[1], b[1]) + 1e-9


__all__ = ["Assembly", "Assembler", "Step", "FROM", "AXIS", "RESTS", "BALANCES", "SLIDES"]
