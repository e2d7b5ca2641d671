"""Sliding-block search on compact states: a layout is one Python int.

The board's cells are numbered in reading order, ``index = row * width + col``.
A *state* packs one bit field of ``width * height`` bits per field:

* field 0: the empty cells;
* field ``k + 1``: the *anchors* of the pieces of kind ``k`` (a piece's anchor is
  its first cell in reading order, its top-left cell for a rectangle).

Alike pieces share a kind, so a state does not tell them apart and each layout
has exactly one state: the encoding is canonical, and equal layouts are equal
ints.  The empty field is redundant (the pieces determine it) but keeps every
test for free cells a single ``&``.

A move of one piece from anchor ``a`` to anchor ``b`` flips two anchor bits and
the cells it leaves and enters, so the next state is ``state ^ flip``.  The three
move metrics differ only in which flips count as one move:

* ``step``: one unit move;
* ``straight``: one piece, one direction, any distance;
* ``piece``: one piece, any distance along any path of free cells (the usual
  convention for Klotski: the other pieces stay put while it travels).

The search is breadth-first over those moves (every move costs 1 in its own
metric), with a parent dict of ints; nothing holds Python objects per state.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ...base import clock
from ...geometry.lattice import Point

#: Direction names and their (row, col) steps, in the order moves are tried.
DIRECTIONS: tuple[tuple[str, int, int], ...] = (("up", -1, 0), ("down", 1, 0), ("left", 0, -1), ("right", 0, 1))
METRICS = ("piece", "straight", "step")

#: States expanded between two looks at the clock and the cancel flag.
CHECK_EVERY = 2048


@dataclass(frozen=True, slots=True)
class Shift:
    """One unit move of a placement: direction index, the new anchor, the cells it then covers."""

    direction: int
    anchor: int
    cells: int


class MoveTables:
    """The move tables of one board and one set of piece kinds.

    ``shapes[k]`` holds the cells of kind ``k`` as offsets from its anchor; ``goal``
    lists ``(kind, anchor)`` pairs that must all hold in a solved state.
    """

    def __init__(self, width: int, height: int, shapes: Sequence[Sequence[Point]], goal: Iterable[tuple[int, int]] = ()):
        self.width, self.height = width, height
        self.size = width * height
        self.full = (1 << self.size) - 1
        self.offsets = tuple(self.size * (k + 1) for k in range(len(shapes)))
        self.placements = tuple(self._placements(shape) for shape in shapes)
        self.shifts = tuple(self._shifts(cells) for cells in self.placements)
        self.borders = tuple(self._borders(cells, shifts) for cells, shifts in zip(self.placements, self.shifts))
        self.goal = 0
        for kind, anchor in goal:
            self.goal |= 1 << (self.offsets[kind] + anchor)
        # What the move generators loop over, one tuple per kind.
        self._kinds = tuple(zip(self.offsets, self.placements, self.shifts, self.borders))

    # -- tables -----------------------------------------------------------------

    def index(self, row: int, col: int) -> int:
        return row * self.width + col

    def cell(self, index: int) -> Point:
        return divmod(index, self.width)

    def _placements(self, shape: Sequence[Point]) -> tuple[int, ...]:
        """The cell mask of the shape at each anchor, 0 where it does not fit."""
        masks = []
        for anchor in range(self.size):
            row, col = self.cell(anchor)
            cells = [(row + dr, col + dc) for dr, dc in shape]
            fits = all(0 <= r < self.height and 0 <= c < self.width for r, c in cells)
            masks.append(sum(1 << self.index(r, c) for r, c in cells) if fits else 0)
        return tuple(masks)

    def _shifts(self, placements: Sequence[int]) -> tuple[tuple[Shift | None, ...], ...]:
        """Per anchor, per direction: where one unit move leads, or None off the board."""
        table = []
        for anchor, mask in enumerate(placements):
            row, col = self.cell(anchor)
            moves = []
            for direction, (_, dr, dc) in enumerate(DIRECTIONS):
                r, c = row + dr, col + dc
                target = self.index(r, c) if 0 <= r < self.height and 0 <= c < self.width else None
                fits = mask and target is not None and placements[target]
                moves.append(Shift(direction, target, placements[target]) if fits else None)
            table.append(tuple(moves))
        return tuple(table)

    @staticmethod
    def _borders(placements: Sequence[int], shifts) -> tuple[int, ...]:
        """Per anchor, the cells next to the piece: if none is empty, it cannot move."""
        borders = []
        for moves, mask in zip(shifts, placements):
            covered = 0
            for shift in moves:
                if shift:
                    covered |= shift.cells
            borders.append(covered & ~mask)
        return tuple(borders)

    # -- states -----------------------------------------------------------------

    def encode(self, empties: Iterable[int], pieces: Iterable[tuple[int, int]]) -> int:
        """The state with these empty cells and ``(kind, anchor)`` pieces."""
        state = 0
        for cell in empties:
            state |= 1 << cell
        for kind, anchor in pieces:
            state |= 1 << (self.offsets[kind] + anchor)
        return state

    def pieces(self, state: int) -> list[tuple[int, int]]:
        """``(kind, anchor)`` of every piece, kind by kind, anchors in reading order."""
        found = []
        for kind, offset in enumerate(self.offsets):
            anchors = (state >> offset) & self.full
            while anchors:
                low = anchors & -anchors
                anchors ^= low
                found.append((kind, low.bit_length() - 1))
        return found

    def empties(self, state: int) -> list[int]:
        return [cell for cell in range(self.size) if state >> cell & 1]

    def is_goal(self, state: int) -> bool:
        return state & self.goal == self.goal

    def moved(self, state: int, kind: int, source: int, target: int) -> int:
        """The state after the piece of ``kind`` at anchor ``source`` goes to ``target``."""
        masks = self.placements[kind]
        return state ^ (((1 << source) | (1 << target)) << self.offsets[kind]) ^ masks[source] ^ masks[target]

    def difference(self, before: int, after: int) -> tuple[int, int, int]:
        """``(kind, source, target)`` of the one piece that moved between two states."""
        changed = before ^ after
        for kind, offset in enumerate(self.offsets):
            field = (changed >> offset) & self.full
            if field:
                source = ((before >> offset) & field).bit_length() - 1
                target = ((after >> offset) & field).bit_length() - 1
                return kind, source, target
        raise ValueError("the two states are the same")

    # -- moves ------------------------------------------------------------------

    def _movable(self, state: int):
        """``(kind, offset, placements, shifts, anchor, free)`` for each piece next to an empty cell.

        ``free`` is the empty cells plus the piece's own: where it may travel.
        """
        empty = state & self.full
        for kind, (offset, placements, shifts, borders) in enumerate(self._kinds):
            anchors = (state >> offset) & self.full
            while anchors:
                low = anchors & -anchors
                anchors ^= low
                anchor = low.bit_length() - 1
                if borders[anchor] & empty:
                    yield kind, offset, placements, shifts, anchor, empty | placements[anchor]

    def step_moves(self, state: int) -> list[int]:
        """States one unit move away."""
        found = []
        for kind, offset, placements, shifts, anchor, free in self._movable(state):
            for shift in shifts[anchor]:
                if shift and shift.cells & free == shift.cells:
                    found.append(self.moved(state, kind, anchor, shift.anchor))
        return found

    def straight_moves(self, state: int) -> list[int]:
        """States one piece slid any distance in one direction away."""
        found = []
        for kind, offset, placements, shifts, anchor, free in self._movable(state):
            for direction in range(len(DIRECTIONS)):
                at = anchor
                while (shift := shifts[at][direction]) and shift.cells & free == shift.cells:
                    at = shift.anchor
                    found.append(self.moved(state, kind, anchor, at))
        return found

    def piece_moves(self, state: int) -> list[int]:
        """States one piece moved anywhere it can travel, by any path, away."""
        found = []
        for kind, offset, placements, shifts, anchor, free in self._movable(state):
            for target in self.travel(shifts, anchor, free):
                if target != anchor:
                    found.append(self.moved(state, kind, anchor, target))
        return found

    @staticmethod
    def travel(shifts, anchor: int, free: int) -> dict[int, tuple[int, int] | None]:
        """Anchors a piece reaches within ``free``, each with ``(previous anchor, direction)``."""
        reached: dict[int, tuple[int, int] | None] = {anchor: None}
        todo = [anchor]
        for at in todo:  # breadth first: the recorded paths are shortest
            for shift in shifts[at]:
                if shift and shift.anchor not in reached and shift.cells & free == shift.cells:
                    reached[shift.anchor] = (at, shift.direction)
                    todo.append(shift.anchor)
        return reached

    def neighbours(self, metric: str) -> Callable[[int], list[int]]:
        try:
            return {"piece": self.piece_moves, "straight": self.straight_moves, "step": self.step_moves}[metric]
        except KeyError:
            raise ValueError(f"unknown metric {metric!r}; choose from {', '.join(METRICS)}") from None

    def path(self, before: int, kind: int, source: int, target: int) -> list[int]:
        """Direction indices of a shortest unit-move path taking the piece from ``source`` to ``target``."""
        free = (before & self.full) | self.placements[kind][source]
        reached = self.travel(self.shifts[kind], source, free)
        if target not in reached:
            raise ValueError("the piece cannot travel there")
        steps = []
        while reached[target] is not None:
            target, direction = reached[target]
            steps.append(direction)
        return steps[::-1]


@dataclass(frozen=True)
class Outcome:
    """A breadth-first search's answer: the states from start to goal, or None."""

    path: list[int] | None
    explored: int  # states seen (the whole component when ``complete`` and no path)
    stopped: str | None  # None, "time limit" or "cancelled"


def shortest(board: MoveTables, start: int, metric: str, time_limit: float | None = None,
             cancelled: Callable[[], bool] = lambda: False) -> Outcome:
    """Fewest moves in ``metric`` from ``start`` to a goal state (breadth first)."""
    neighbours = board.neighbours(metric)
    if board.is_goal(start):
        return Outcome([start], 1, None)
    deadline = None if time_limit is None else clock.now() + time_limit
    parent: dict[int, int] = {start: start}
    frontier = [start]
    expanded = 0
    while frontier:
        following = []
        for state in frontier:
            expanded += 1
            if expanded % CHECK_EVERY == 0:
                if cancelled():
                    return Outcome(None, len(parent), "cancelled")
                if deadline is not None and clock.now() >= deadline:
                    return Outcome(None, len(parent), "time limit")
            for after in neighbours(state):
                if after not in parent:
                    parent[after] = state
                    if board.is_goal(after):
                        return Outcome(_unwind(parent, after), len(parent), None)
                    following.append(after)
        frontier = following
    return Outcome(None, len(parent), None)


def _unwind(parent: dict[int, int], state: int) -> list[int]:
    path = [state]
    while parent[state] != state:
        state = parent[state]
        path.append(state)
    return path[::-1]


def component(board: MoveTables, start: int) -> list[int]:
    """Every state reachable from ``start`` (moves are reversible: its connected component)."""
    seen = {start}
    todo = [start]
    step_moves = board.step_moves
    for state in todo:
        for after in step_moves(state):
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return todo


def components(board: MoveTables, states: Iterable[int]) -> list[tuple[int, int]]:
    """``(size, goal states)`` of each connected component the states fall in, largest first.

    Raises ValueError if a move leads outside ``states``: the enumeration and the
    move tables would then disagree about what a layout is.
    """
    states = set(states)
    seen: set[int] = set()
    found = []
    for state in states:
        if state in seen:
            continue
        members = component(board, state)
        seen.update(members)
        found.append((len(members), sum(board.is_goal(s) for s in members)))
    if len(seen) != len(states):
        raise ValueError(f"moves reach {len(seen) - len(states)} states that the enumeration does not hold")
    return sorted(found, reverse=True)
