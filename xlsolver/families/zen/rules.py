"""The rules of Zen Puzzle Garden, checked pass by pass, independently of the solver.

The rules as implemented (Houston, White and Amos, "Zen Puzzle Garden is
NP-complete", IPL 112 (2012); the sample witnesses in tests/data replay under
exactly these):

1. The monk starts on the ring.  On walkable ground (the ring, and ``_``
   squares 4-connected to where he stands) he walks freely; on foot he never
   crosses sand or rock.
2. A *pass* is a straight run in one direction.  From walkable ground a pass
   starts by stepping onto an adjacent square of unraked sand.
3. On sand he keeps going straight.  If the next square is unraked sand he
   steps onto it; if it is walkable ground he steps onto it and the pass ends
   (he walks freely again); if it is a rock or raked sand he stops where he is.
4. He rakes each sand square as he walks off it; nobody may step on raked sand.
   A square's *raking number* counts the squares in the order he stepped on them.
5. Stopped on sand, his next pass starts from that square (a *turn*): left or
   right, onto unraked sand (and on as in 3) or onto walkable ground (which
   ends it at once).  Ahead is blocked, and straight back is never allowed:
   behind him is raked sand, or, when he has stepped just one square in from
   walkable ground, that walkable square.
6. Stopped with neither left nor right open, he is stuck: that attempt fails.
7. He wins when every square of sand is raked and he stands on walkable ground.

:func:`play` and :func:`replay` work on cells and sets, not on the solver's
bitboards, so they check the solver's answers rather than repeat its search.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .garden import DIRECTIONS, ROCK, SAND, WALK, Point, Direction, Garden, Grid, Pass, entry_text, square_names


class IllegalMove(ValueError):
    """A pass the rules do not allow; the message names the pass and the square."""


def step(cell: Point, direction: Direction) -> Point:
    return cell[0] + direction[0], cell[1] + direction[1]


def perpendicular(direction: Direction) -> tuple[Direction, Direction]:
    """Left and right of a heading: the only ways a stopped monk may turn."""
    dr, dc = direction
    return (-dc, dr), (dc, -dr)


def walkable_region(garden: Garden, start: Point) -> set[Point]:
    """The walkable squares the monk can reach on foot from ``start``."""
    region, frontier = {start}, [start]
    while frontier:
        cell = frontier.pop()
        for d in DIRECTIONS:
            nxt = step(cell, d)
            if nxt not in region and garden.square(nxt) == WALK:
                region.add(nxt)
                frontier.append(nxt)
    return region


def slide(garden: Garden, entered: set[Point], start: Point, direction: Direction) -> tuple[list[Point], Point, bool]:
    """Run straight from ``start``: the sand stepped on, where the run ends, and whether on walkable ground.

    ``entered`` is the sand stepped on so far (raked, or under the monk's feet).
    """
    cells, here = [], start
    while True:
        nxt = step(here, direction)
        square = garden.square(nxt)
        if square == SAND and nxt not in entered:
            cells.append(nxt)
            here = nxt
        elif square == WALK:
            return cells, nxt, True
        else:
            return cells, here, False


@dataclass
class _Monk:
    """Where the replay stands: on foot (``heading`` None) or stopped on sand."""

    at: Point
    heading: Direction | None = None

    @property
    def on_foot(self) -> bool:
        return self.heading is None


def play(garden: Garden, moves: Iterable) -> list[Pass]:
    """Replay ``moves`` (Pass objects or ``(entry, direction)`` pairs) and return them as checked Passes.

    Raises IllegalMove naming the first pass that breaks a rule.
    """
    monk = _Monk(at=(-1, -1))
    entered: set[Point] = set()
    passes = []
    for number, move in enumerate(moves, 1):
        entry, direction = (move.entry, move.direction) if isinstance(move, Pass) else move
        entry, direction = tuple(entry), tuple(direction)
        _check_start(garden, monk, entered, number, entry, direction)
        cells, end, on_foot = slide(garden, entered, entry, direction)
        if isinstance(move, Pass) and move.cells and tuple(move.cells) != tuple(cells):
            raise IllegalMove(f"pass {number}: it rakes {square_names(garden, cells)}, "
                              f"not {square_names(garden, move.cells)}")
        entered.update(cells)
        passes.append(Pass(number, entry, direction, tuple(cells), turn=not monk.on_foot))
        monk = _Monk(end, None if on_foot else direction)
    return passes


def _check_start(garden: Garden, monk: _Monk, entered: set[Point], number: int, entry: Point, direction: Direction) -> None:
    """Raise IllegalMove unless the monk may start this pass from where he is."""
    where = f"pass {number}"
    if direction not in DIRECTIONS:
        raise IllegalMove(f"{where}: {direction} is not a direction; use one of {', '.join(map(str, DIRECTIONS))}")
    target = step(entry, direction)
    target_name = entry_text(garden, target)
    if monk.on_foot:
        if garden.square(entry) != WALK:
            raise IllegalMove(f"{where}: the monk is on walkable ground and must start from walkable ground, "
                              f"not {entry_text(garden, entry)}")
        if entry not in walkable_region(garden, monk.at):
            raise IllegalMove(f"{where}: the monk cannot walk to {entry_text(garden, entry)} "
                              f"from {entry_text(garden, monk.at)}")
        if garden.square(target) != SAND or target in entered:
            raise IllegalMove(f"{where}: a pass from walkable ground must step onto unraked sand; "
                              f"{target_name} is {_what(garden, entered, target)}")
        return
    if entry != monk.at:
        raise IllegalMove(f"{where}: the monk is stopped on {entry_text(garden, monk.at)} and must turn from there")
    if direction == monk.heading:
        raise IllegalMove(f"{where}: the monk stopped on {entry_text(garden, entry)} because {target_name} is "
                          f"{_what(garden, entered, target)}; he must turn left or right")
    if direction == (-monk.heading[0], -monk.heading[1]):
        raise IllegalMove(f"{where}: the monk may not turn straight back from {entry_text(garden, entry)}")
    if garden.square(target) not in (SAND, WALK) or target in entered:
        raise IllegalMove(f"{where}: the monk cannot turn from {entry_text(garden, entry)} onto {target_name}, "
                          f"which is {_what(garden, entered, target)}")


def _what(garden: Garden, entered: set[Point], cell: Point) -> str:
    square = garden.square(cell)
    if square == SAND:
        return "raked sand" if cell in entered else "unraked sand"
    return {ROCK: "a rock", WALK: "walkable ground", None: "outside the garden"}[square]


def replay(garden: Garden, passes: Iterable, complete: bool = False) -> Grid:
    """The raking number of every sand square the passes step on (None elsewhere).

    Raises IllegalMove at the first pass that breaks a rule; with ``complete``,
    also unless every square of sand is raked and the monk ends on walkable ground.
    """
    played = play(garden, passes)
    order = raking_order(garden, played)
    if complete:
        left = [cell for cell in garden.sand() if order[cell[0]][cell[1]] is None]
        if left:
            raise IllegalMove(f"unraked sand is left: {square_names(garden, left)}")
        if played and _ends_on_sand(garden, played[-1]):
            raise IllegalMove(f"pass {played[-1].number}: the monk ends on sand, not walkable ground")
    return order


def _ends_on_sand(garden: Garden, last: Pass) -> bool:
    if not last.cells:
        return False  # a turn straight onto walkable ground
    return garden.square(step(last.cells[-1], last.direction)) != WALK


def raking_order(garden: Garden, passes: Sequence[Pass]) -> Grid:
    order: Grid = [[None] * garden.width for _ in range(garden.height)]
    number = 0
    for p in passes:
        for r, c in p.cells:
            number += 1
            order[r][c] = number
    return order


def pass_grid(garden: Garden, passes: Sequence[Pass]) -> Grid:
    grid: Grid = [[None] * garden.width for _ in range(garden.height)]
    for p in passes:
        for r, c in p.cells:
            grid[r][c] = p.number
    return grid


def passes_from_witness(witness: Iterable) -> list[tuple[Point, Direction]]:
    """The moves of a witness written as ``[entry, direction]`` or ``["turn", cell, direction]``."""
    return [(tuple(m[1]), tuple(m[2])) if m[0] == "turn" else (tuple(m[0]), tuple(m[1])) for m in witness]
