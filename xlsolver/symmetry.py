"""Counting solutions up to a symmetry group, without enumerating them all.

Pick a *pivot* primary item that every symmetry keeps in place (a piece).  Each
solution holds exactly one option with the pivot, so solutions split by where
the pivot piece lies.  Symmetries move the pivot options in orbits; only one
representative per orbit is searched:

* all solutions:  sum over orbits of  |orbit| x N(rep)
  (a symmetry maps solutions with the pivot at ``rep`` one-to-one onto those
  with it at any other member of the orbit);
* up to symmetry:  sum over orbits of  (1/|H|) x sum over h in H of Fix(h),
  Burnside's lemma for the stabiliser H of ``rep``.  Fix(h), the solutions
  (with ``rep``) that ``h`` maps onto themselves, is a count over only the
  options ``h`` fixes: when every option holds a primary item that ``h`` keeps in
  place, an invariant solution must fix each of its options.

A symmetry is given as a permutation of item indices.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import engine
from .engine import CANCELLED, LIMIT, TIME_LIMIT, Progress, as_predicate
from .exact_cover import ExactCover, ProblemError


@dataclass(frozen=True)
class SymmetricCount:
    total: int  # all solutions
    distinct: int  # solutions up to symmetry
    complete: bool
    stopped: str | None  # None, "limit", "time limit", "cancelled"
    group_order: int
    orbits: int  # pivot orbits searched
    nodes: int
    seconds: float
    explored: float
    engine: str


def option_maps(problem: ExactCover, item_maps: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each item permutation as a permutation of options; raises if it is no symmetry."""
    by_items = {frozenset(items): index for index, items in enumerate(problem.options)}
    maps = []
    for mapping in item_maps:
        try:
            maps.append([by_items[frozenset(mapping[i] for i in items)] for items in problem.options])
        except KeyError:
            raise ProblemError("an item map does not carry options onto options: it is not a symmetry") from None
    return maps


def choose_pivot(problem: ExactCover, item_maps: Sequence[Sequence[int]]) -> int:
    """The primary item fixed by every symmetry that has the fewest options."""
    fixed = [i for i in range(len(problem.primary)) if all(m[i] == i for m in item_maps)]
    if not fixed:
        raise ProblemError("no primary item is fixed by every symmetry; cannot pick a pivot")
    uses = {i: 0 for i in fixed}
    for items in problem.options:
        for i in items:
            if i in uses:
                uses[i] += 1
    return min(fixed, key=lambda i: (uses[i], i))


@dataclass(frozen=True)
class Term:
    """One count a plan needs: solutions containing ``given`` that use only the
    options in ``keep`` (None: all of them).  Plain data, so it can travel to
    another process."""

    orbit: int
    keep: tuple[int, ...] | None
    given: tuple[int, ...]


@dataclass(frozen=True)
class Plan:
    """The counts to make and how to combine them (see the module docstring)."""

    orbit_sizes: tuple[int, ...]
    stabiliser_orders: tuple[int, ...]
    terms: tuple[Term, ...]
    group_order: int

    def combine(self, counts: Sequence[int]) -> tuple[int, int]:
        """(all solutions, solutions up to symmetry) from one count per term."""
        fixed = [0] * len(self.orbit_sizes)
        total = 0
        for term, n in zip(self.terms, counts):
            fixed[term.orbit] += n
            if term.keep is None:
                total += self.orbit_sizes[term.orbit] * n
        distinct = 0
        for orbit, order in enumerate(self.stabiliser_orders):
            if fixed[orbit] % order:
                raise AssertionError("Burnside sum not divisible by the stabiliser order: the maps are not a group")
            distinct += fixed[orbit] // order
        return total, distinct


def plan(problem: ExactCover, item_maps: Sequence[Sequence[int]], pivot: int | None = None) -> Plan:
    """Which counts give all solutions and solutions up to the group of ``item_maps``."""
    if pivot is None:
        pivot = choose_pivot(problem, item_maps)
    _check_every_option_is_pinned(problem, item_maps)
    item_maps = list({tuple(m): None for m in item_maps})  # each group element once
    maps = option_maps(problem, item_maps)
    pivot_options = [o for o, items in enumerate(problem.options) if pivot in items]
    orbits = _orbits(pivot_options, maps)
    terms, stabiliser_orders = [], []
    for index, orbit in enumerate(orbits):
        rep = orbit[0]
        stabiliser = [m for m in maps if m[rep] == rep]
        stabiliser_orders.append(len(stabiliser))
        for m in stabiliser:
            identity = all(m[o] == o for o in range(len(m)))
            keep = None if identity else tuple(o for o in range(len(m)) if m[o] == o)
            terms.append(Term(index, keep, (rep,)))
    return Plan(tuple(len(o) for o in orbits), tuple(stabiliser_orders), tuple(terms), len(maps))


def restricted(problem: ExactCover, term: Term) -> tuple[ExactCover, list[int]]:
    """The problem a term counts, and its ``given`` in that problem's option numbers."""
    if term.keep is None:
        return problem, list(term.given)
    sub, old = problem.restricted(term.keep)
    new_index = {o: i for i, o in enumerate(old)}
    return sub, [new_index[o] for o in term.given]


def count_up_to_symmetry(
    problem: ExactCover,
    item_maps: Sequence[Sequence[int]],
    *,
    pivot: int | None = None,
    limit: int | None = None,
    time_limit: float | None = None,
    cancel=None,
    progress: Callable[[Progress], None] | None = None,
    engine_name: str = "auto",
) -> SymmetricCount:
    """Count all solutions and solutions up to the group given by ``item_maps``, in this process.

    ``item_maps`` must be a group (closed, identity included).  ``limit`` stops
    once at least that many distinct solutions are known.
    """
    start = time.monotonic()
    deadline = None if time_limit is None else start + time_limit
    cancelled = as_predicate(cancel)
    the_plan = plan(problem, item_maps, pivot)
    engine_name = engine.choose(engine_name, problem).NAME  # once, for every sub-count
    counts: list[int] = []
    nodes, stopped, explored = 0, None, 1.0
    n_orbits = len(the_plan.orbit_sizes)
    for term in the_plan.terms:
        known = _partial_distinct(the_plan, counts)  # a lower bound: Burnside's terms are >= 0
        if limit is not None and known >= limit:
            stopped, explored = LIMIT, term.orbit / max(n_orbits, 1)
            break
        sub, given = restricted(problem, term)
        remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
        trivial = the_plan.stabiliser_orders[term.orbit] == 1
        sub_limit = limit - known if limit is not None and trivial else None
        weight = the_plan.orbit_sizes[term.orbit] if term.keep is None else 0

        def report(p: Progress, done=term.orbit, weight=weight, before=_partial_total(the_plan, counts)) -> None:
            """Progress over all orbits; ``solutions`` is the running total count."""
            if progress is not None:
                share = (done + p.explored) / n_orbits
                progress(Progress(nodes + p.nodes, before + weight * p.solutions, share, time.monotonic() - start))

        result = engine.count(sub, given=given, limit=sub_limit, time_limit=remaining, cancel=cancelled,
                              progress=report, engine=engine_name)
        nodes += result.nodes
        counts.append(result.solutions)
        if not result.complete:
            stopped, explored = result.stopped, term.orbit / max(n_orbits, 1)
            break
    total, distinct = _partial_total(the_plan, counts), _partial_distinct(the_plan, counts)
    complete = stopped is None
    return SymmetricCount(
        total=total,
        distinct=distinct,
        complete=complete,
        stopped=stopped,
        group_order=the_plan.group_order,
        orbits=n_orbits,
        nodes=nodes,
        seconds=time.monotonic() - start,
        explored=1.0 if complete else explored,
        engine=engine_name,
    )


def _partial_total(the_plan: Plan, counts: Sequence[int]) -> int:
    """All solutions found by the counts made so far (identity terms only)."""
    return sum(the_plan.orbit_sizes[t.orbit] * n for t, n in zip(the_plan.terms, counts) if t.keep is None)


def _partial_distinct(the_plan: Plan, counts: Sequence[int]) -> int:
    """Classes in the orbits whose terms are all counted; a partial orbit adds what it surely has."""
    fixed = [0] * len(the_plan.orbit_sizes)
    for term, n in zip(the_plan.terms, counts):
        fixed[term.orbit] += n
    return sum(f // order for f, order in zip(fixed, the_plan.stabiliser_orders))


def _orbits(options: Sequence[int], maps: Sequence[Sequence[int]]) -> list[list[int]]:
    """Orbits of ``options`` under the option permutations, each sorted, by smallest member."""
    seen: set[int] = set()
    orbits = []
    for option in options:
        if option in seen:
            continue
        orbit = sorted({m[option] for m in maps})
        seen.update(orbit)
        orbits.append(orbit)
    return orbits


def _check_every_option_is_pinned(problem: ExactCover, item_maps: Sequence[Sequence[int]]) -> None:
    """Burnside's Fix(h) as a restricted count needs a fixed primary item in every option."""
    primary = len(problem.primary)
    for mapping in item_maps:
        pinned = {i for i in range(primary) if mapping[i] == i}
        if any(not pinned.intersection(items) for items in problem.options):
            raise ProblemError("some option has no primary item that every symmetry keeps in place")


__all__ = ["SymmetricCount", "Plan", "Term", "plan", "restricted", "count_up_to_symmetry", "option_maps",
           "choose_pivot", "CANCELLED", "TIME_LIMIT"]
