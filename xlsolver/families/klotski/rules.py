"""Checking moves against the rules, independently of the search.

:func:`replay` works on letter grids and cell sets, not on the search's ints,
so the tests can check what the search answers rather than repeat it.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...base.a1 import CellNamer, cell_name
from .data import EMPTY, Point
from .layout import Layout
from .search import DIRECTIONS
from .solving import Move

DIRECTION_STEPS = {name: (dr, dc) for name, dr, dc in DIRECTIONS}


class IllegalMove(ValueError):
    """A move that breaks the rules; the message names the move and the cell."""


def unit_steps(move: Move) -> list[Point]:
    """The (row, col) steps of a move: ``distance`` times one direction, or one per listed word."""
    words = [w.strip() for w in move.direction.split(",")]
    if any(w not in DIRECTION_STEPS for w in words):
        raise IllegalMove(f"move {move.number}: {move.direction!r} is not a direction (up, down, left, right)")
    if move.distance < 1 or (len(words) > 1 and move.distance != len(words)):
        raise IllegalMove(f"move {move.number}: a distance of {move.distance} does not match {move.direction!r}")
    return [DIRECTION_STEPS[w] for w in words] * (move.distance if len(words) == 1 else 1)


def replay(layout: Layout, moves: Sequence[Move], metric: str = "piece",
           cell_name: CellNamer = cell_name) -> list[list[str]]:
    """The boards after each move, checking every unit step lands on empty cells of the board.

    Works on letter grids and cell sets, not on the search's ints, so it checks
    the search rather than repeating it.  Raises IllegalMove.
    """
    letters = {name: letter for name, letter, _ in layout.pieces()}
    height, width = layout.puzzle.height, layout.puzzle.width
    return [["".join(letters[owner[(r, c)]] if (r, c) in owner else EMPTY for c in range(width)) for r in range(height)]
            for owner in replay_owners(layout, moves, metric, cell_name)]


def replay_owners(layout: Layout, moves: Sequence[Move], metric: str = "piece",
                  cell_name: CellNamer = cell_name) -> Iterator[dict[Point, str]]:
    """After each move, which piece (by name) covers each cell; raises IllegalMove."""
    height, width = layout.puzzle.height, layout.puzzle.width
    pieces = {name: set(cells) for name, _, cells in layout.pieces()}
    owner = {cell: name for name, cells in pieces.items() for cell in cells}
    for number, move in enumerate(moves, 1):
        if move.number != number:
            raise IllegalMove(f"move {number} is numbered {move.number}")
        if move.piece not in pieces:
            raise IllegalMove(f"move {number}: there is no piece {move.piece!r}")
        steps = unit_steps(move)
        if metric == "step" and len(steps) != 1 or metric == "straight" and len(set(steps)) != 1:
            raise IllegalMove(f"move {number}: {move.piece} {move.direction} {move.distance} is not one {metric} move")
        cells = pieces[move.piece]
        for dr, dc in steps:
            moved = {(r + dr, c + dc) for r, c in cells}
            for r, c in sorted(moved - cells):
                if not (0 <= r < height and 0 <= c < width):
                    raise IllegalMove(f"move {number}: {move.piece} would leave the board")
                if (r, c) in owner:
                    raise IllegalMove(f"move {number}: {move.piece} runs into {owner[(r, c)]} at {cell_name(r, c)}")
            for cell in cells:
                del owner[cell]
            owner.update((cell, move.piece) for cell in moved)
            cells = moved
        pieces[move.piece] = cells
        yield dict(owner)
