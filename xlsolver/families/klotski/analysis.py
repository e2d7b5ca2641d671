"""Every layout of a puzzle, counted with the exact-cover engine, and the state-space figures.

Layouts are enumerated with the exact-cover engine: the pieces bigger than one
cell tile the board (alike copies kept in reading order by secondary items, so
each tiling comes once), and the cells left over are dealt to the one-cell pieces
and the empty cells.  :func:`analyse` then splits them into the components the
moves connect (in :mod:`.search`).

The engine is imported by the functions that use it: the package imports this module, and declaring the
family (every command's parser) should not load the engine.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...base import clock
from ...base.a1 import cell_name
from . import search
from .data import Puzzle, classic

if TYPE_CHECKING:
    from ...engine.exact_cover import ExactCover


def tiling_problem(puzzle: Puzzle) -> ExactCover:
    """The pieces bigger than one cell tiling the board, other cells left single.

    Items: every cell (primary, A1 names, reading order), one per copy of each
    piece (``V#1`` ... ``V#4``, primary) and, between consecutive alike copies,
    ``V#1<B2``-style secondary items: copy j at anchor p takes ``V#j<q`` for every
    q <= p, copy j+1 at anchor p' takes ``V#j<q`` for every q >= p', so they clash
    unless p < p' and each tiling comes once, copies in reading order.
    Option labels are ``(kind, anchor)``, kind None for a cell left single.
    """
    from ...engine.exact_cover import ExactCover

    board = puzzle.moves
    cells = [cell_name(*board.cell(i)) for i in range(board.size)]
    big = [(kind, k) for kind, k in enumerate(puzzle.kinds) if k.type.size > 1]
    copies = [f"{k.label}#{j}" for _, k in big for j in range(1, k.count + 1)]
    order = [f"{k.label}#{j}<{cell}" for _, k in big for j in range(1, k.count) for cell in cells]
    problem = ExactCover(primary=cells + copies, secondary=order)
    for kind, k in big:
        for j in range(1, k.count + 1):
            for anchor, mask in enumerate(board.placements[kind]):
                if not mask:
                    continue
                items = [f"{k.label}#{j}"] + [cells[i] for i in range(board.size) if mask >> i & 1]
                if j > 1:
                    items += [f"{k.label}#{j - 1}<{cells[q]}" for q in range(anchor, board.size)]
                if j < k.count:
                    items += [f"{k.label}#{j}<{cells[q]}" for q in range(anchor + 1)]
                problem.add_option(items, label=(kind, anchor))
    for index, cell in enumerate(cells):
        problem.add_option([cell], label=(None, index))
    return problem


@dataclass(frozen=True)
class Enumeration:
    tilings: int
    layouts: list[int]  # states, one per layout


def enumerate_layouts(puzzle: Puzzle) -> Enumeration:
    """Every layout: each tiling, then each way to deal its single cells to the one-cell pieces and the empties."""
    from ...engine import Search

    problem = tiling_problem(puzzle)
    board = puzzle.moves
    singles = [(kind, k.count) for kind, k in enumerate(puzzle.kinds) if k.type.size == 1]
    layouts: list[int] = []
    tilings = 0
    # Plain Python: the whole search takes a fraction of a second, less than loading compiled code.
    for solution in Search(problem, engine="reference"):
        tilings += 1
        pieces, free = [], []
        for option in solution:
            kind, anchor = problem.labels[option]
            (free.append(anchor) if kind is None else pieces.append((kind, anchor)))
        base = board.encode((), pieces)
        for dealt, empties in deal(free, [count for _, count in singles]):
            placed = [(kind, cell) for (kind, _), cells in zip(singles, dealt) for cell in cells]
            layouts.append(base | board.encode(empties, placed))
    return Enumeration(tilings, layouts)


def deal(cells: Sequence[int], counts: Sequence[int]) -> Iterator[tuple[list[tuple[int, ...]], list[int]]]:
    """Every way to give ``counts[i]`` of ``cells`` to group i; the rest are returned too."""
    if not counts:
        yield [], list(cells)
        return
    for chosen in itertools.combinations(cells, counts[0]):
        rest = [c for c in cells if c not in chosen]
        for groups, left in deal(rest, counts[1:]):
            yield [chosen] + groups, left


def told_apart_factors(puzzle: Puzzle) -> dict[str, int]:
    """How many layouts each alike layout becomes when more and more letters are told apart.

    Keys list the letters told apart, in data-file order: ``{"V": 24, "V S": 576, "V S .": 1152}``.
    """
    factors, letters, product = {}, [], 1
    for t in puzzle.types:
        if t.alike and t.count > 1:
            letters.append(t.letter)
            product *= math.factorial(t.count)
            factors[" ".join(letters)] = product
    return factors


def analyse(puzzle: Puzzle | None = None) -> dict:
    """The state-space figures: layouts, goal layouts, solvable ones, components; and the time taken.

    ``puzzle`` defaults to :func:`~.data.classic`.
    """
    if puzzle is None:
        puzzle = classic()
    start = clock.now()
    enumeration = enumerate_layouts(puzzle)
    enumerated = clock.now()
    parts = search.components(puzzle.moves, enumeration.layouts)
    done = clock.now()
    layouts = len(enumeration.layouts)
    solvable = sum(size for size, goals in parts if goals)
    factors = told_apart_factors(puzzle)
    return {
        "puzzle": puzzle.name,
        "title": puzzle.title,
        "board": f"{puzzle.width}x{puzzle.height}",
        "goal": puzzle.goal_text(),
        "tilings": enumeration.tilings,
        "layouts": layouts,
        "layouts_told_apart": {letters: layouts * f for letters, f in factors.items()},
        "goal_layouts": sum(goals for _, goals in parts),
        "solvable_layouts": solvable,
        "solvable_layouts_told_apart": {letters: solvable * f for letters, f in factors.items()},
        "components": len(parts),
        "components_with_goal": sum(1 for _, goals in parts if goals),
        "largest_component": parts[0][0] if parts else 0,
        "seconds": {"enumerate": round(enumerated - start, 3), "components": round(done - enumerated, 3)},
    }
