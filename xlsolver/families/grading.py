"""How hard a challenge is for a person: the measures, one difficulty number, and its level.

A challenge (pieces given, the rest to place, exactly one solution) is measured in the terms a person
meets it (docs/levels.md has the figures behind each choice):

- ``given``, ``to_place``: pieces (clues) typed in, and still to place;
- ``placements``: the ways still open to place what is left (every option that clashes with no given
  piece), what a person must look through;
- ``nodes``: the fewest-options search that finds the solution and proves it the only one (Knuth's
  "minimum remaining values"), counted in nodes: how much trying the board still asks;
- ``forced``: how far forced moves alone carry a person (a cell or a piece with one way left, placed, and
  again) before the first real choice.

The booklets' levels follow the first three (rank correlation 0.93-0.97 with the level on every booklet
for the pieces to place, 0.93-0.95 for the placements), the search less so and forced moves hardly at
all, so::

    difficulty = 2 * to_place + 2 * log2(1 + placements) + 0.5 * log2(1 + nodes)

two points a piece to place, two a doubling of the placements open, half a doubling of the search.  The
weights were fitted on the IQ Puzzler Pro's 5 x 11 and pyramid booklets (bench/levels.py); the level
each board gives a difficulty is in :mod:`.levels`.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .. import engine
from ..base.answer import Status
from ..engine import fast
from ..engine.exact_cover import ExactCover
from . import Unsupported, exact, levels
from .challenges import label_letter

#: Pieces to place, doublings of the placements open, doublings of the search: the difficulty's weights.
PER_PIECE, PER_PLACEMENT_BIT, PER_NODE_BIT = 2.0, 2.0, 0.5
#: The search runs compiled (same nodes, same answer) where numba is installed and either already loaded and
#: the placements open are more than this, or the plain-Python search passes its first few thousand nodes.
COMPILED_ABOVE = 300


class NotGraded(Unsupported):
    """A challenge with no solution or several, or one whose search was stopped (a time limit, Ctrl-C): only a
    challenge known to have exactly one is graded (``status`` says which)."""

    def __init__(self, message: str, status: Status):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Grade:
    difficulty: float
    level: str
    given: int  # clues typed in
    to_place: int  # clues left to place
    placements: int  # options still open: the ways to place what is left, each counted once
    nodes: int  # nodes of the fewest-options search that finds the solution and proves it the only one
    forced: int  # clues placed by forced moves alone (an item with one way left) before the first choice


def difficulty(to_place: int, placements: int, nodes: int) -> float:
    return round(PER_PIECE * to_place + PER_PLACEMENT_BIT * math.log2(1 + placements)
                 + PER_NODE_BIT * math.log2(1 + nodes), 2)


@dataclass(frozen=True)
class Measured:
    """A challenge's unique solution and the clues of it that are given (what :func:`grade` starts from)."""

    solution: tuple[int, ...]
    given: tuple[int, ...]
    nodes: int


def measure(puzzle: exact.CoverPuzzle, given: Sequence[int] | None = None, *, time_limit: float | None = None,
            cancel=None) -> Measured:
    """The solution of ``puzzle`` and the search that proves it the only one; NotGraded, saying why, when there
    is none, there are several, or the search was stopped.  ``given``: the options the typed clues are (found
    here when None)."""
    if puzzle.problem.multiplicities:  # the open problem, the live options and forced moves take each piece once
        raise Unsupported("challenges are graded with sets whose pieces are used once each; this puzzle has piece "
                          "counts (or use: any)")
    if given is None:
        given = given_options(puzzle)
    if puzzle.accept is None:
        result, solution = _search(puzzle.problem, given, 2, time_limit, cancel)
        found = result.solutions
    else:  # a side condition (RoadBlock's cars) judges each solution: only the accepted ones count
        solutions, result, found = exact.find(puzzle, limit=2, time_limit=time_limit, cancel=cancel)
        solution = solutions[0] if solutions else ()
    if found < 2 and result.stopped in (engine.TIME_LIMIT, engine.CANCELLED):
        status = Status.TIME_LIMIT if result.stopped == engine.TIME_LIMIT else Status.CANCELLED
        raise NotGraded(f"not graded: {result.stopped} before the solution was known to be the only one", status)
    if found == 0:
        raise NotGraded(f"no solution ({puzzle.why_none()}): only a challenge with exactly one solution is graded",
                     Status.NO_SOLUTION)
    if found > 1:
        raise NotGraded("more than one solution: only a challenge with exactly one solution is graded; give more "
                     "pieces", Status.NOT_UNIQUE)
    return Measured(tuple(solution), tuple(given), result.nodes)


def grade(puzzle: exact.CoverPuzzle, measured: Measured | None = None) -> Grade:
    """The measures, difficulty and level of a challenge with exactly one solution (Unsupported otherwise)."""
    measured = measured or measure(puzzle)
    problem = puzzle.problem
    live = live_options(problem, measured.given)
    to_place = len(measured.solution) - len(measured.given)
    score = difficulty(to_place, len(live), measured.nodes)
    scale = levels.for_puzzle(puzzle, len(measured.solution))
    return Grade(score, scale.level_of(score, len(measured.given)), len(measured.given),
                 to_place, len(live), measured.nodes, forced_moves(problem, live, measured.given))


def given_options(puzzle: exact.CoverPuzzle) -> tuple[int, ...]:
    """The options whose every letter is typed in the grid: the given clues (a piece typed in part is not)."""
    from .challenges import clues, is_given

    problem = puzzle.problem
    candidates = [o for o in range(len(problem.options)) if _typed_somewhere(puzzle, o)]
    typed_by = clues(puzzle, candidates)
    chosen, covered = [], set()
    for option in candidates:
        if is_given(puzzle.rows, typed_by[option]) and covered.isdisjoint(problem.options[option]):
            chosen.append(option)
            covered.update(problem.options[option])
    return tuple(chosen)


def _typed_somewhere(puzzle: exact.CoverPuzzle, option: int) -> bool:
    """A cheap first test: is the option's letter typed anywhere (a label's first part is its letter)?"""
    letter = label_letter(puzzle.problem.labels[option])
    return letter is None or any(letter in row or letter in row.upper() for row in puzzle.rows)  # a lamp's lower
    # case, or a piece of a set of more than 26 named in lower case


def live_options(problem: ExactCover, given: Sequence[int]) -> list[int]:
    """Every option that clashes with no given clue and covers something still to cover."""
    covered = {item for option in given for item in problem.options[option]}
    primary = len(problem.primary)
    return [o for o, items in enumerate(problem.options)
            if covered.isdisjoint(items) and any(item < primary for item in items)]


def open_problem(problem: ExactCover, given: Sequence[int]) -> tuple[ExactCover, list[int]]:
    """What a challenge leaves open, as a problem of its own (the fewest-options rule): the live options, then
    the given ones last; and, for each of its options, the option of ``problem`` it is."""
    kept = live_options(problem, given) + list(given)
    sub = ExactCover(problem.primary, problem.secondary, branching="fewest",
                     colours=None if problem.colours is None else [problem.colours[o] for o in kept])
    sub.options = [problem.options[o] for o in kept]
    sub.labels = [problem.labels[o] for o in kept]
    return sub, kept


def _search(problem: ExactCover, given: Sequence[int], limit: int, time_limit: float | None, cancel):
    """(result, first solution as options of ``problem``) of the fewest-options search of what the given
    options leave open."""
    sub, kept = open_problem(problem, given)
    result = fewest_search(sub, range(len(kept) - len(given), len(kept)), limit, time_limit, cancel)
    solution = () if result.first is None else tuple(sorted(kept[o] for o in result.first))
    return result, solution


def fewest_search(problem: ExactCover, given: Sequence[int], limit: int | None, time_limit: float | None = None,
                  cancel=None) -> engine.SearchResult:
    """The fewest-options search of ``problem``: in plain Python while it is small, compiled (same nodes, same
    solutions in the same order) where numba is installed and either loaded with more than COMPILED_ABOVE
    options to search, or the plain search passes its first tick (a few thousand nodes)."""
    stop = engine.as_predicate(cancel)
    compiled = fast.available() and fast.loaded() and len(problem.options) > COMPILED_ABOVE
    if compiled or not fast.available():
        return engine.Search(problem, given=given, limit=limit, engine="numba-fewest" if compiled else "fewest",
                             time_limit=time_limit, cancel=stop).run()
    outgrown = []

    def python_done() -> bool:  # the first tick: the user's stop, or time to go compiled
        outgrown.append(not stop())
        return True

    result = engine.Search(problem, given=given, limit=limit, engine="fewest", time_limit=time_limit,
                           cancel=python_done).run()
    if result.stopped == engine.CANCELLED and outgrown[-1]:
        left = None if time_limit is None else max(time_limit - result.seconds, 0.0)
        result = engine.Search(problem, given=given, limit=limit, engine="numba-fewest", time_limit=left,
                               cancel=stop).run()
    return result


def forced_moves(problem: ExactCover, live: Sequence[int], given: Sequence[int]) -> int:
    """How many clues follow from the start by forcing alone: an item with one way left takes it, again and
    again, until every item left has two ways or more: how far a person gets before the first real choice."""
    covered = {item for option in given for item in problem.options[option]}
    primary = len(problem.primary)
    live, forced = list(live), 0
    while True:
        ways: dict[int, list[int]] = {}
        for option in live:
            for item in problem.options[option]:
                if item < primary:
                    ways.setdefault(item, []).append(option)
        single = next((w[0] for item, w in sorted(ways.items()) if len(w) == 1), None)
        if single is None:
            return forced
        forced += 1
        covered |= set(problem.options[single])
        live = [o for o in live if covered.isdisjoint(problem.options[o])]


def rank_correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties share their mean rank): how well a difficulty orders a booklet's levels."""
    def ranks(values: Sequence[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        ranked = [0.0] * len(values)
        start = 0
        while start < len(order):
            end = start
            while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
                end += 1
            for i in order[start:end + 1]:
                ranked[i] = (start + end) / 2
            start = end + 1
        return ranked

    a, b = ranks(xs), ranks(ys)
    mean_a, mean_b = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - mean_a) * (y - mean_b) for x, y in zip(a, b))
    spread = math.sqrt(sum((x - mean_a) ** 2 for x in a) * sum((y - mean_b) ** 2 for y in b))
    return cov / spread if spread else float("nan")
