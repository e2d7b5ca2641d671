"""Solving: the fewest moves from a layout to the goal, told as moves a person can follow.

A *move* slides one piece into empty cells; how much sliding counts as one move
is the *metric* (``piece``, ``straight`` or ``step``: see the package docstring).
A move's ``direction`` is one word when the piece goes ``distance`` cells one
way, else one word per unit step (``down,left``: one cell down, then one left).
The search itself, on one int per layout, is in :mod:`.search`; here its path
of states becomes :class:`Move` objects and boards.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ...base import clock
from ...base.answer import Status
from . import search
from .data import Puzzle
from .layout import Layout, piece_names, render
from .search import DIRECTIONS, METRICS

SOLVED, NO_SOLUTION, TIME_LIMIT, CANCELLED = Status.SOLVED, Status.NO_SOLUTION, Status.TIME_LIMIT, Status.CANCELLED


@dataclass(frozen=True)
class Move:
    number: int
    piece: str  # "C", "H", or letter and number for alike pieces: "V2"
    direction: str  # "down", or one word per unit step for a path that turns: "down,left"
    distance: int  # unit steps


@dataclass(frozen=True)
class Solution:
    status: str  # "solved", "no solution", "time limit" or "cancelled"
    metric: str
    moves: list[Move]
    boards: list[list[str]]  # the layout after each move
    states_explored: int
    seconds: float
    start: list[str] = field(default_factory=list)

    @property
    def length(self) -> int | None:
        return len(self.moves) if self.status == SOLVED else None


def solve(layout: Layout, metric: str = "piece", time_limit: float | None = None,
          cancel: Callable[[], bool] | object | None = None) -> Solution:
    """Fewest moves in ``metric`` that bring the goal piece(s) home; breadth-first."""
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; choose from {', '.join(METRICS)}")
    from ...engine import as_predicate  # here, not at the top: declaring the family does not load the engine

    started = clock.now()
    cancelled = as_predicate(cancel)
    outcome = search.shortest(layout.puzzle.moves, layout.state, metric, time_limit, cancelled)
    moves, boards = describe(layout.puzzle, outcome.path) if outcome.path else ([], [])
    status = SOLVED if outcome.path else outcome.stopped or NO_SOLUTION
    return Solution(status, metric, moves, boards, outcome.explored, clock.now() - started, layout.rows)


def reachable(layout: Layout) -> tuple[int, int]:
    """How many layouts can be reached from this one, and how many of them are goals."""
    members = search.component(layout.puzzle.moves, layout.state)
    return len(members), sum(layout.puzzle.moves.is_goal(s) for s in members)


def describe(puzzle: Puzzle, path: Sequence[int]) -> tuple[list[Move], list[list[str]]]:
    """The moves between consecutive states of ``path``, and the boards after each."""
    board = puzzle.moves
    names = piece_names(puzzle, path[0])
    moves, boards = [], []
    for number, (before, after) in enumerate(zip(path, path[1:]), 1):
        kind, source, target = board.difference(before, after)
        steps = [DIRECTIONS[d][0] for d in board.path(before, kind, source, target)]
        name = names.pop((kind, source))
        names[(kind, target)] = name
        direction = steps[0] if len(set(steps)) == 1 else ",".join(steps)
        moves.append(Move(number, name, direction, len(steps)))
        boards.append(render(puzzle, after))
    return moves, boards
