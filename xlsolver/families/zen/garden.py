"""A garden as data: its squares, a pass, a result; reading a drawing and drawing an answer.

A garden is text, one string per row: ``.`` unraked sand, ``#`` rock, ``_``
walkable ground.  A ring of walkable ground surrounds it: row -1 above, row
``height`` below, columns -1 and ``width`` either side.  Cells are ``(row, col)``;
directions are ``(drow, dcol)`` steps, north ``(-1, 0)`` first.

Everything here is plain data and text; the rules, the solver and the generator
build on it.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ...base.a1 import CellNamer, cell_name, range_name
from ...base.answer import Status
from ...geometry.lattice import Point
from .. import InvalidPuzzle

SAND, ROCK, WALK = ".", "#", "_"
SQUARES = SAND + ROCK + WALK
MAX_SIDE = 16
NORTH, EAST, SOUTH, WEST = (-1, 0), (0, 1), (1, 0), (0, -1)
DIRECTIONS = (NORTH, EAST, SOUTH, WEST)
HEADING = {NORTH: "north", EAST: "east", SOUTH: "south", WEST: "west"}
SOLVED, NO_SOLUTION = Status.SOLVED, Status.NO_SOLUTION
# One colour per pass, cycled (terminal and workbook alike).
PASS_COLOURS = ("#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
                "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#800000", "#aaffc3")
# Rocks mid grey: apart from the dark cells beyond the garden (answer.OFF_BOARD) and the pale walkable ground.
ROCK_COLOUR, WALK_COLOUR = "#a3a3a3", "#e8e2cf"
# TIME_LIMIT ("time limit") and CANCELLED ("cancelled") are the engine's words (xlsolver.engine).

Direction = tuple[int, int]
Grid = list[list["int | None"]]


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

    def square(self, cell: Point) -> str | None:
        """What is at ``cell``: a garden square, walkable ground on the ring, None beyond it."""
        r, c = cell
        if 0 <= r < self.height and 0 <= c < self.width:
            return self.rows[r][c]
        if -1 <= r <= self.height and -1 <= c <= self.width:
            return WALK
        return None

    def sand(self) -> list[Point]:
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
    entry: Point
    direction: Direction
    cells: tuple[Point, ...] = ()
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


# --- reading a garden -------------------------------------------------------------------------

def parse(rows: Sequence[str], cell_name: CellNamer = cell_name) -> Garden:
    """Check a garden drawing and make it a Garden, or raise InvalidPuzzle listing every problem.

    Forgiving where it costs nothing: line ends, trailing blanks and blank lines
    at the end are dropped.
    """
    rows = [row.rstrip() for row in rows]
    while rows and not rows[-1].strip():
        rows.pop()
    width = max((len(row) for row in rows), default=0)
    if not rows or not width:
        raise InvalidPuzzle([f"{cell_name(0, 0)}: the garden is empty; draw it with '.' sand, "
                             f"'#' rock and '_' walkable ground"])
    messages = _size_messages(len(rows), width, cell_name) + _row_messages(rows, width, cell_name)
    unknown = _square_messages(rows, cell_name)
    messages += unknown
    if not unknown and not any(SAND in row for row in rows):  # an unknown square might be meant as sand
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
    where: dict[str, list[Point]] = {}
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


# --- naming squares ----------------------------------------------------------------------------

def entry_text(garden: Garden, cell: Point) -> str:
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


def square_names(garden: Garden, cells: Iterable[Point]) -> str:
    """The A1 names of ``cells``, ring squares as :func:`entry_text` names them; ``nothing`` for none."""
    return " ".join(entry_text(garden, tuple(cell)) for cell in cells) or "nothing"


# --- showing a solution ------------------------------------------------------------------------

def render(garden: Garden, order: Grid) -> list[str]:
    """The garden with each sand square's raking number (3 characters a square)."""
    width = max(3, len(str(garden.height * garden.width)) + 1)
    lines = []
    for r, row in enumerate(garden.rows):
        cells = [str(order[r][c]) if order[r][c] is not None else ch for c, ch in enumerate(row)]
        lines.append("".join(cell.rjust(width) for cell in cells))
    return lines


def pass_colour(number: int) -> str:
    """The colour of pass ``number`` (#rrggbb), as ``pass_of`` refers to it."""
    return PASS_COLOURS[(number - 1) % len(PASS_COLOURS)]
