"""The first-item search in the engine's own item order: what a count searches when the order the problem
lists its items in makes a poor first-item search (a tiling written row by row, or shuffled; a pyramid).

The problem is renumbered (``order.search_order``: the memoised counter's sweep, its wide items last), and
``fast.py``'s compiled kernel searches that: the options keep their numbers, so ``given`` options and the
solutions found mean what they mean in the problem; only the order solutions come in differs from
``compiled-first``'s.  ``engine.counter`` prices it on that order (``estimate.first_item`` of the renumbered
problem) against the search ``engine.choose`` picked, and runs it where it is cheaper.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from .exact_cover import FIRST, ExactCover
from . import estimate, fast, order

NAME = "compiled-first-ordered"

_renumbered: dict[int, tuple[ExactCover, ExactCover, list[int]]] = {}


def renumbered(problem: ExactCover) -> ExactCover:
    """``problem`` with its primary items in the engine's order (options unchanged, in the same
    numbering), made once per problem object (a few kept)."""
    return _entry(problem)[1]


def items(problem: ExactCover) -> list[int]:
    """The primary items of ``problem`` in the order this search takes them (``order.search_order``), worked
    out once per problem object for the search and for whoever plans around it (``symmetry.refined``)."""
    return _entry(problem)[2]


def _entry(problem: ExactCover) -> tuple[ExactCover, ExactCover, list[int]]:
    entry = _renumbered.get(id(problem))
    if entry is None or entry[0] is not problem:
        if len(_renumbered) >= 8:
            _renumbered.clear()
        items = order.search_order(problem)
        number = list(range(len(problem.items)))  # secondary items keep theirs
        for new, old in enumerate(items):
            number[old] = new
        twin = ExactCover([problem.primary[i] for i in items], problem.secondary, branching=FIRST)
        twin.options = [tuple(number[i] for i in option) for option in problem.options]
        twin.labels = list(problem.labels)
        twin.colours = problem.colours  # each option's items keep their places, so their colours do too
        entry = _renumbered[id(problem)] = (problem, twin, items)
    return entry


def tree(problem: ExactCover, given: Sequence[int] = (), limit: int | None = None) -> estimate.Estimate:
    """The estimate of this search (the compiled first-item search of the renumbered problem)."""
    return estimate.first_item(renumbered(problem), given)


def solutions(problem: ExactCover, given: Sequence[int] = (), tick=None) -> Iterator[tuple[int, ...]]:
    """Every solution containing ``given`` (options numbered as in ``problem``)."""
    return fast.solutions(renumbered(problem), given, tick)


def count(problem: ExactCover, given: Sequence[int] = (), tick=None, limit: int | None = None):
    """``(solutions, first solution or None, nodes, exhausted)``, as ``fast.count``."""
    return fast.count(renumbered(problem), given, tick, limit)
