"""Zen Puzzle Garden: rake every square of sand, then stand on walkable ground.

A garden is text, one string per row: ``.`` unraked sand, ``#`` rock, ``_``
walkable ground.  A ring of walkable ground surrounds it: row -1 above, row
``height`` below, columns -1 and ``width`` either side.  Cells are ``(row, col)``;
directions are ``(drow, dcol)`` steps, north ``(-1, 0)`` first.

    garden = parse(["....", ".#..", "...."])      # raises InvalidPuzzle, naming cells
    result = solve(garden, time_limit=10)          # .status, .passes, .order, .explored
    replay(garden, result.passes, complete=True)   # raises IllegalMove if a pass breaks a rule
    garden = generate(12, 12, rocks=12, seed=7)    # solvable by construction

The rules as implemented (Houston, White and Amos, "Zen Puzzle Garden is
NP-complete", IPL 112 (2012); the sample witnesses in tests/data replay under
exactly these):

1. The monk starts on the ring.  On walkable ground (the ring, and ``_``
   squares 4-connected to where he stands) he walks freely; on foot he never
   crosses sand or rock.
2. A *pass* is a straight run in one direction.  From walkable ground a pass
   starts by stepping onto an adjacent square of unraked sand.
3. On sand he keeps going straight: onto the next square if it is unraked sand;
   onto it if it is walkable ground, which ends the pass (he walks freely
   again); if it is a rock or raked sand he stops where he is.
4. He rakes each sand square as he walks off it; nobody may step on raked sand.
   A square's *raking number* counts the squares in the order he stepped on them.
5. Stopped on sand, his next pass starts from that square (a *turn*): left or
   right, onto unraked sand or walkable ground.  Ahead is blocked, and straight
   back is never allowed: behind him is raked sand, or, when he has stepped just
   one square in from walkable ground, that walkable square.
6. Stopped with neither left nor right open, he is stuck: that attempt fails.
7. He wins when every square of sand is raked and he stands on walkable ground.

The solver (``zen_search``) is a depth-first search over these moves with
memoised failed states; see its docstring for the pruning.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ..a1 import CellNamer, cell_name, range_name
from ..engine import CANCELLED, TIME_LIMIT
from . import InvalidPuzzle

SAND, ROCK, WALK = ".", "#", "_"
SQUARES = SAND + ROCK + WALK
MAX_SIDE = 16
NORTH, EAST, SOUTH, WEST = (-1, 0), (0, 1), (1, 0), (0, -1)
DIRECTIONS = (NORTH, EAST, SOUTH, WEST)
HEADING = {NORTH: "north", EAST: "east", SOUTH: "south", WEST: "west"}
SOLVED, NO_SOLUTION = "solved", "no solution"
# TIME_LIMIT ("time limit") and CANCELLED ("cancelled") are the engine's words.

Cell = tuple[int, int]
Direction = tuple[int, int]
Grid = list[list["int | None"]]

__all__ = [
    "Garden", "Pass", "Result", "IllegalMove", "parse", "solve", "replay", "play", "generate",
    "render", "entry_text", "candidates", "SOLVED", "NO_SOLUTION", "TIME_LIMIT", "CANCELLED", "DIRECTIONS", "HEADING",
]


@dataclass(frozen=True)
class Garden:
    rows: tuple[str, ...]  # '.', '#', '_' only, all the same length
    cell_name: CellNamer = field(default=cell_name, compare=False)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    def square(self, cell: Cell) -> str | None:
        """What is at ``cell``: a garden square, walkable ground on the ring, None beyond it."""
        r, c = cell
        if 0 <= r < self.height and 0 <= c < self.width:
            return self.rows[r][c]
        if -1 <= r <= self.height and -1 <= c <= self.width:
            return WALK
        return None

    def sand(self) -> list[Cell]:
        return [(r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch == SAND]

    def rocks(self) -> int:
        return sum(row.count(ROCK) for row in self.rows)

    def __str__(self) -> str:
        return "\n".join(self.rows)


@dataclass(frozen=True)
class Pass:
    """One straight run: from ``entry`` one step at a time in ``direction``.

    ``entry`` is walkable ground (ring squares have row -1 or ``height``, column
    -1 or ``width``), or for a turn the sand square the monk stopped on.
    ``cells`` are the sand squares he stepped onto, in order (each is raked as
    he walks off it); a turn straight onto walkable ground has none.
    """

    number: int
    entry: Cell
    direction: Direction
    cells: tuple[Cell, ...] = ()
    turn: bool = False


@dataclass(frozen=True)
class Result:
    status: str  # "solved", "no solution", "time limit" or "cancelled"
    passes: list[Pass]  # empty unless solved
    order: Grid | None  # raking number (1, 2, ...) per sand square, None elsewhere; None unless solved
    pass_of: Grid | None  # number of the pass that stepped on each sand square, None elsewhere
    explored: int  # search states expanded
    seconds: float
    why: str | None = None  # for "no solution": the reason, naming squares


    @property
    def solved(self) -> bool:
        return self.status == SOLVED


class IllegalMove(ValueError):
    """A pass the rules do not allow; the message names the pass and the square."""


# --- reading a garden -------------------------------------------------------------------------

def parse(rows: Sequence[str], cell_name: CellNamer = cell_name) -> Garden:
    """Check a garden drawing and make it a Garden, or raise InvalidPuzzle listing every problem."""
    rows = [row.rstrip("\r\n") for row in rows]
    while rows and not rows[-1].strip():
        rows.pop()
    width = max((len(row) for row in rows), default=0)
    if not rows or not width:
        raise InvalidPuzzle([f"{cell_name(0, 0)}: the garden is empty; draw it with '.' sand, "
                             f"'#' rock and '_' walkable ground"])
    messages = _size_messages(len(rows), width, cell_name) + _row_messages(rows, width, cell_name)
    messages += _square_messages(rows, cell_name)
    if not messages and not any(SAND in row for row in rows):
        messages.append(f"{range_name(cell_name, len(rows), width)}: the garden has no sand to rake; "
                        f"mark sand with '.'")
    if messages:
        raise InvalidPuzzle(messages)
    return Garden(tuple(rows), cell_name)


def _size_messages(height: int, width: int, name: CellNamer) -> list[str]:
    if height <= MAX_SIDE and width <= MAX_SIDE:
        return []
    return [f"{range_name(name, height, width)}: the garden is {height} x {width}; "
            f"the largest is {MAX_SIDE} x {MAX_SIDE}"]


def _row_messages(rows: Sequence[str], width: int, name: CellNamer) -> list[str]:
    """Every row must be as long as the longest: a missing square is not sand."""
    return [f"{name(r, len(row))}: row {r + 1} has {len(row)} squares but the garden is {width} wide; "
            f"draw every row to the same length" for r, row in enumerate(rows) if len(row) < width]


def _square_messages(rows: Sequence[str], name: CellNamer) -> list[str]:
    """One message per unknown character, naming its first cell (and the others)."""
    where: dict[str, list[Cell]] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in SQUARES:
                where.setdefault(ch, []).append((r, c))
    messages = []
    for ch, cells in where.items():
        also = f" (also {', '.join(name(*cell) for cell in cells[1:])})" if len(cells) > 1 else ""
        messages.append(f"{name(*cells[0])}: {ch!r} is not part of a garden; "
                        f"use '.' sand, '#' rock or '_' walkable ground{also}")
    return messages


# --- the rules ---------------------------------------------------------------------------------

def step(cell: Cell, direction: Direction) -> Cell:
    return cell[0] + direction[0], cell[1] + direction[1]


def perpendicular(direction: Direction) -> tuple[Direction, Direction]:
    """Left and right of a heading: the only ways a stopped monk may turn."""
    dr, dc = direction
    return (-dc, dr), (dc, -dr)


def walkable_region(garden: Garden, start: Cell) -> set[Cell]:
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


def slide(garden: Garden, entered: set[Cell], start: Cell, direction: Direction) -> tuple[list[Cell], Cell, bool]:
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

    at: Cell
    heading: Direction | None = None
    entered: list[Cell] = field(default_factory=list)

    @property
    def on_foot(self) -> bool:
        return self.heading is None


def play(garden: Garden, moves: Iterable) -> list[Pass]:
    """Replay ``moves`` (Pass objects or ``(entry, direction)`` pairs) and return them as checked Passes.

    Raises IllegalMove naming the first pass that breaks a rule.
    """
    monk = _Monk(at=(-1, -1))
    entered: set[Cell] = set()
    passes = []
    for number, move in enumerate(moves, 1):
        entry, direction = (move.entry, move.direction) if isinstance(move, Pass) else move
        entry, direction = tuple(entry), tuple(direction)
        _check_start(garden, monk, entered, number, entry, direction)
        cells, end, on_foot = slide(garden, entered, entry, direction)
        if isinstance(move, Pass) and move.cells and tuple(move.cells) != tuple(cells):
            raise IllegalMove(f"pass {number}: it rakes {_names(garden, cells)}, not {_names(garden, move.cells)}")
        entered.update(cells)
        passes.append(Pass(number, entry, direction, tuple(cells), turn=not monk.on_foot))
        monk = _Monk(end, None if on_foot else direction)
    return passes


def _check_start(garden: Garden, monk: _Monk, entered: set[Cell], number: int, entry: Cell, direction: Direction) -> None:
    """Raise IllegalMove unless the monk may start this pass from where he is."""
    where = f"pass {number}"
    if direction not in DIRECTIONS:
        raise IllegalMove(f"{where}: {direction} is not a direction; use one of {', '.join(map(str, DIRECTIONS))}")
    target = step(entry, direction)
    target_name = _name(garden, target)
    if monk.on_foot:
        if garden.square(entry) != WALK:
            raise IllegalMove(f"{where}: the monk is on walkable ground and must start from walkable ground, "
                              f"not {_name(garden, entry)}")
        if entry not in walkable_region(garden, monk.at):
            raise IllegalMove(f"{where}: the monk cannot walk to {_name(garden, entry)} from {_name(garden, monk.at)}")
        if garden.square(target) != SAND or target in entered:
            raise IllegalMove(f"{where}: a pass from walkable ground must step onto unraked sand; "
                              f"{target_name} is {_what(garden, entered, target)}")
        return
    if entry != monk.at:
        raise IllegalMove(f"{where}: the monk is stopped on {_name(garden, monk.at)} and must turn from there")
    if direction == monk.heading:
        raise IllegalMove(f"{where}: the monk stopped on {_name(garden, entry)} because {target_name} is "
                          f"{_what(garden, entered, target)}; he must turn left or right")
    if direction == (-monk.heading[0], -monk.heading[1]):
        raise IllegalMove(f"{where}: the monk may not turn straight back from {_name(garden, entry)}")
    if garden.square(target) not in (SAND, WALK) or target in entered:
        raise IllegalMove(f"{where}: the monk cannot turn from {_name(garden, entry)} onto {target_name}, "
                          f"which is {_what(garden, entered, target)}")


def _what(garden: Garden, entered: set[Cell], cell: Cell) -> str:
    square = garden.square(cell)
    if square == SAND:
        return "raked sand" if cell in entered else "unraked sand"
    return {ROCK: "a rock", WALK: "walkable ground", None: "outside the garden"}[square]


def _name(garden: Garden, cell: Cell) -> str:
    """A1 name of a garden square; ring squares are named by the square beside them."""
    r, c = cell
    if 0 <= r < garden.height and 0 <= c < garden.width:
        return garden.cell_name(r, c)
    return entry_text(garden, cell)


def entry_text(garden: Garden, cell: Cell) -> str:
    """``A1`` for a garden square; ``the ring above A1`` (below, left of, right of) for the ring."""
    r, c = cell
    if 0 <= r < garden.height and 0 <= c < garden.width:
        return garden.cell_name(r, c)
    if not (-1 <= r <= garden.height and -1 <= c <= garden.width):
        return f"({r}, {c}), outside the garden"
    inside = garden.cell_name(min(max(r, 0), garden.height - 1), min(max(c, 0), garden.width - 1))
    if 0 <= c < garden.width:
        return f"the ring {'above' if r < 0 else 'below'} {inside}"
    if 0 <= r < garden.height:
        return f"the ring {'left of' if c < 0 else 'right of'} {inside}"
    return f"the ring's corner by {inside}"


def _names(garden: Garden, cells: Iterable[Cell]) -> str:
    return " ".join(_name(garden, tuple(cell)) for cell in cells) or "nothing"


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
            raise IllegalMove(f"unraked sand is left: {_names(garden, left)}")
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


def passes_from_witness(witness: Iterable) -> list[tuple[Cell, Direction]]:
    """The moves of a witness written as ``[entry, direction]`` or ``["turn", cell, direction]``."""
    return [(tuple(m[1]), tuple(m[2])) if m[0] == "turn" else (tuple(m[0]), tuple(m[1])) for m in witness]


# --- solving -----------------------------------------------------------------------------------

def solve(garden: Garden, time_limit: float | None = None, cancel=None) -> Result:
    """Find a raking sequence or prove there is none (depth-first, pruned, memoised)."""
    from . import zen_search

    start = time.monotonic()
    deadline = None if time_limit is None else start + time_limit
    found = zen_search.search(garden, deadline, _as_predicate(cancel))
    seconds = time.monotonic() - start
    if found.moves is None:
        status = found.stopped or NO_SOLUTION
        why = _why(garden, found.why) if status == NO_SOLUTION else None
        return Result(status, [], None, None, found.explored, seconds, why)
    passes = play(garden, found.moves)
    return Result(SOLVED, passes, raking_order(garden, passes), pass_grid(garden, passes), found.explored, seconds)


def _why(garden: Garden, why: tuple) -> str:
    """The search's reason for no solution, in the user's square names."""
    kind, detail = why
    if kind == "dead end":
        return f"{_names(garden, detail)}: sand with fewer than two open neighbours can never be raked"
    if kind == "shut in":
        return (f"{_names(garden, detail[:6])}{' ...' if len(detail) > 6 else ''}: this sand has fewer than two "
                f"ways on and off it from walkable ground")
    if kind == "window":
        top, left, height, width = detail
        where = f"{garden.cell_name(top, left)}:{garden.cell_name(top + height - 1, left + width - 1)}"
        return f"{where}: this part cannot be raked, whatever is done outside it"
    return "no order of passes rakes all the sand"


def _as_predicate(cancel) -> Callable[[], bool]:
    """``cancel`` as the engine takes it: None, a threading.Event, or a callable returning True to stop."""
    if cancel is None:
        return lambda: False
    if hasattr(cancel, "is_set"):
        return cancel.is_set
    return cancel


# --- showing a solution ------------------------------------------------------------------------

def render(garden: Garden, order: Grid) -> list[str]:
    """The garden with each sand square's raking number (3 characters a square)."""
    width = max(3, len(str(garden.height * garden.width)) + 1)
    lines = []
    for r, row in enumerate(garden.rows):
        cells = [str(order[r][c]) if order[r][c] is not None else ch for c, ch in enumerate(row)]
        lines.append("".join(cell.rjust(width) for cell in cells))
    return lines


# --- generating --------------------------------------------------------------------------------

def generate(rows: int, cols: int, rocks: int, seed: int, time_limit: float = 10.0) -> Garden:
    """A garden of sand and ``rocks`` rocks that the monk can rake, the same for the same seed.

    The first of :func:`candidates` that ``solve`` confirms within ``time_limit``
    (a candidate is solvable by construction; the solver checks the construction).
    """
    for garden in candidates(rows, cols, rocks, seed):
        if solve(garden, time_limit=time_limit).solved:
            return garden
    raise RuntimeError(f"no {rows} x {cols} garden with {rocks} rocks found for seed {seed}")


def candidates(rows: int, cols: int, rocks: int, seed: int, attempts: int = 100_000):
    """Gardens built along a random raking: each is solvable by construction.

    A monk walks random passes from the ring over an all-sand garden; where he
    is to turn, the open square ahead becomes a rock; the sand he never steps on
    becomes rock too (see ``zen_search.construct``).
    """
    from . import zen_search

    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ValueError(f"a garden is 1 to {MAX_SIDE} squares each way, not {rows} x {cols}")
    if not 0 <= rocks < rows * cols:
        raise ValueError(f"{rocks} rocks do not leave sand in a {rows} x {cols} garden")
    rng = random.Random(seed)
    for _ in range(attempts):
        drawing = zen_search.construct(rows, cols, rocks, rng)
        if drawing is not None:
            yield parse(drawing)
