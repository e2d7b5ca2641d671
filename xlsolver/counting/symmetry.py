"""Counting solutions up to a symmetry group, without enumerating them all.

A symmetry is a permutation of item indices that carries options onto options
(in a tiling: cells onto cells, each piece onto itself or onto its mirror
image); the maps given must form a group G.

All solutions: pick a *pivot* primary item and the symmetries that keep it in
place (its stabiliser).  Each solution holds exactly one option with the pivot;
those options fall into orbits under the stabiliser, and a symmetry maps the
solutions through one member one-to-one onto those through another, so only one
representative per orbit is searched:  total = sum of |orbit| x N(rep).  When
only the identity keeps any item in place, the total is one plain count.

A representative that some symmetries keep (a pyramid's piece standing in a
mirror plane through the apex: half the pivot's options) spares only part of
the tree; its term is split once more the same way, by the options of a second
pivot that those symmetries keep in place (:func:`refined`): the IQ Puzzler Pro
pyramid's search went from 26% of the tree to 15% (bench/solid.py).

Up to symmetry, Burnside's lemma:  distinct = (1/|G|) x sum over h in G of Fix(h).
Fix(identity) is the total.  A solution that h maps onto itself is a union of
whole <h>-orbits of options, each orbit made of pairwise disjoint options; so
Fix(h) counts the solutions of a *quotient* problem (:func:`quotient`) whose
items are the <h>-orbits of items.  Fix(h) depends only on <h> up to
conjugation, so one quotient is counted per class; quotients are small.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..base import clock
from .. import engine
from ..engine import CANCELLED, LIMIT, SEARCH, TIME_LIMIT, Progress, as_predicate
from ..engine.exact_cover import ExactCover, ProblemError

Permutation = tuple[int, ...]


class SymmetricCount(NamedTuple):
    """A count, in all and up to symmetry; the last four fields say how it was made (``counting.count``
    fills them in: it returns this as ``counting.Counted``)."""

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
    counter: str = SEARCH  # the way it was counted: MEMOISED, DASK, PROCESSES, PLAN or SEARCH
    symmetries: int = 1  # the order of the puzzle's group of symmetries, as checked (1: none usable)
    candidates: int | None = None  # with a side condition: the solutions of the problem it judged
    jobs: int = 1  # the processes it was split over (asked for, or chosen), 1 when counted in this process


class Controls(NamedTuple):
    """What a count takes besides its problem and plan: when it stops (``time_limit`` seconds, ``cancel``:
    an Event or a predicate), whom it tells how far it got (``progress``), the engine that searches."""

    time_limit: float | None = None
    cancel: object = None
    progress: Callable[[Progress], None] | None = None
    engine_name: str = "auto"


class Term(NamedTuple):
    """One count of the total: solutions holding the options ``given``, standing for ``weight`` x as many.
    Plain data, so it can travel to another process.  ``share``: its part of the whole search tree as
    Knuth's estimate sees it (each option of a pivot an equal part), for pricing and progress."""

    given: tuple[int, ...]
    weight: int
    share: float = 1.0


class Quotient(NamedTuple):
    """Fix(h) for ``weight`` elements h of the group: the solutions of ``problem``."""

    weight: int
    problem: ExactCover


class Plan(NamedTuple):
    """The counts to make and how to combine them (see the module docstring)."""

    terms: tuple[Term, ...]
    quotients: tuple[Quotient, ...]
    group_order: int

    @property
    def searched(self) -> float:
        """The share of the whole search tree its terms search (less than 1 where the pivot's orbits
        spare the rest)."""
        return min(1.0, sum(term.share for term in self.terms))

    def wanted(self, limit: int | None) -> int | None:
        """The solutions a search may have to find to know of more than ``limit`` up to symmetry."""
        return None if limit is None else (limit + 1) * self.group_order

    def total(self, counts: Sequence[int]) -> int:
        """All solutions found by the term counts made so far."""
        return sum(term.weight * n for term, n in zip(self.terms, counts))

    def distinct_at_least(self, total: int, fixed: Sequence[int]) -> int:
        """Solutions up to symmetry surely there, knowing ``total`` of all and every quotient's count."""
        return -(-(total + self.fixed_total(fixed)) // self.group_order)

    def combine(self, counts: Sequence[int], fixed: Sequence[int]) -> tuple[int, int]:
        """(all solutions, solutions up to symmetry) from one count per term and one per quotient."""
        total = self.total(counts)
        burnside = total + self.fixed_total(fixed)
        if burnside % self.group_order:
            raise AssertionError("Burnside sum not divisible by the group order: the maps are not a group")
        return total, burnside // self.group_order

    def figures(self, counts: Sequence[int], fixed: Sequence[int], complete: bool) -> tuple[int, int]:
        """(all solutions, solutions up to symmetry): exact when ``complete``, else what is surely there."""
        if complete:
            return self.combine(counts, fixed)
        total = self.total(counts)
        return total, self.distinct_at_least(total, fixed) if len(fixed) == len(self.quotients) else 0

    def fixed_total(self, fixed: Sequence[int]) -> int:
        """The sum of Fix(h) over every h but the identity."""
        return sum(q.weight * n for q, n in zip(self.quotients, fixed, strict=True))


def option_maps(problem: ExactCover, item_maps: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each item permutation as a permutation of options; raises if it is no symmetry.

    Options are compared as sorted rows of an array, one dictionary look-up an option a map: a BurrTools cage
    of 3,600 options and 24 symmetries took 0.8 s item by item.  The last two answers are kept, as a count
    checks the group and then plans with it."""
    key = (id(problem), len(problem.options), tuple(map(tuple, item_maps)))
    kept = _MAPS_KEPT.get(key)
    if kept is not None and kept[0] is problem:
        return kept[1]
    maps = _option_maps(problem, item_maps)
    if len(_MAPS_KEPT) >= 2:  # a large problem's maps are large: keep only what the next step asks for
        _MAPS_KEPT.clear()
    _MAPS_KEPT[key] = (problem, maps)
    return maps


_MAPS_KEPT: dict[tuple, tuple[ExactCover, list[list[int]]]] = {}


def _option_maps(problem: ExactCover, item_maps: Sequence[Sequence[int]]) -> list[list[int]]:
    import numpy

    options = problem.options
    n = len(options)
    if not n:
        return [[] for _ in item_maps]
    lengths = numpy.fromiter(map(len, options), dtype=numpy.int64, count=n)
    width = int(lengths.max())
    outside = len(problem.items)  # pads short rows: no item's index
    table = numpy.full((n, width), outside, dtype=numpy.int32)
    starts = numpy.cumsum(lengths) - lengths
    rows = numpy.repeat(numpy.arange(n), lengths)
    table[rows, numpy.arange(int(lengths.sum())) - numpy.repeat(starts, lengths)] = \
        numpy.fromiter((i for items in options for i in items), dtype=numpy.int32, count=int(lengths.sum()))

    def keys(rows_: numpy.ndarray) -> numpy.ndarray:
        """Each row's items sorted, as one value: equal options have equal keys."""
        ordered_ = numpy.ascontiguousarray(numpy.sort(rows_, axis=1))
        return ordered_.view(numpy.dtype((numpy.void, 4 * width))).ravel()

    own = keys(table)
    distinct, group_of, sizes = numpy.unique(own, return_inverse=True, return_counts=True)
    group_of = group_of.ravel()
    by_group = numpy.argsort(group_of, kind="stable")  # options with the same items together, in order
    starts = numpy.cumsum(sizes) - sizes
    rank = numpy.empty(n, dtype=numpy.int64)  # an option's place among those with its items
    rank[by_group] = numpy.arange(n) - starts[group_of[by_group]]
    maps = []
    for mapping in item_maps:
        moved = keys(numpy.append(numpy.asarray(mapping, dtype=numpy.int32), numpy.int32(outside))[table])
        at = numpy.minimum(numpy.searchsorted(distinct, moved), len(distinct) - 1)
        if not (distinct[at] == moved).all() or (sizes[at] != sizes[group_of]).any():
            raise ProblemError("an item map does not carry options onto options: it is not a symmetry")
        maps.append(by_group[starts[at] + rank].tolist())  # the k-th of equal options goes to the k-th image
    return maps


def group(problem: ExactCover, item_maps: Sequence[Sequence[int]]) -> list[Permutation]:
    """The maps as a checked group of item permutations, identity first, each once."""
    n, primary = len(problem.items), len(problem.primary)
    identity = tuple(range(n))
    elements = list(dict.fromkeys([identity] + [tuple(m) for m in item_maps]))
    if problem.coloured and len(elements) > 1:
        raise ProblemError("a problem whose options colour items takes no symmetries")
    bounds = problem.primary_bounds()
    for m in elements:
        if sorted(m) != list(identity):
            raise ProblemError("an item map is not a permutation of the items")
        if any((m[i] < primary) != (i < primary) for i in range(n)):
            raise ProblemError("an item map mixes primary and secondary items")
        if problem.multiplicities and any(bounds[m[i]] != bounds[i] for i in range(primary)):
            raise ProblemError("an item map carries an item onto one with other bounds")
    known = set(elements)
    if any(_compose(a, b) not in known for a in elements for b in elements):
        raise ProblemError("the item maps are not closed under composition: not a group")
    return elements


def choose_pivot(problem: ExactCover, elements: Sequence[Permutation]) -> int | None:
    """The primary item kept in place by the most symmetries (then with the fewest options); None if only
    the identity keeps any in place.  An item with bounds is never the pivot: a solution may hold none or
    several of its options."""
    uses = [0] * len(problem.primary)
    for items in problem.options:
        for i in items:
            if i < len(uses):
                uses[i] += 1
    keepers = [sum(m[i] == i for m in elements) for i in range(len(uses))]
    exact = [i for i, pair in enumerate(problem.primary_bounds()) if pair == (1, 1)]
    best = min(exact, key=lambda i: (-keepers[i], uses[i], i), default=None)
    return None if best is None or keepers[best] < 2 else best


def plan(problem: ExactCover, item_maps: Sequence[Sequence[int]], pivot: int | None = None) -> Plan:
    """Which counts give all solutions and solutions up to the group of ``item_maps``.

    A problem whose items have bounds takes the identity alone here: a solution fixed by a symmetry may
    hold an orbit of options that covers an item with bounds several times (two copies of a piece, turned
    onto each other), which a quotient's option, a set, cannot say.  ``counting`` counts such a problem up
    to symmetry by its solutions' orbits instead (:func:`terms`)."""
    if len(item_maps) == 1 and pivot is None and _is_identity(item_maps[0]):
        return Plan((Term((), 1),), (), 1)  # nothing to spare: one count of the whole problem (no pass over it)
    if problem.multiplicities:
        raise ProblemError("Burnside's quotients take no items with bounds: count up to symmetry by orbits")
    elements = group(problem, item_maps)
    moves = dict(zip(elements, option_maps(problem, elements)))  # each map must be a symmetry
    if pivot is None:
        pivot = choose_pivot(problem, elements)
    terms: tuple[Term, ...] = (Term((), 1),)
    if pivot is not None:
        terms = _pivot_terms(problem, elements, moves, pivot)
        terms = refined(problem, terms, [(m, moves[m]) for m in elements if m[pivot] == pivot])
    quotients = tuple(Quotient(weight, quotient(problem, h, moves[h])) for h, weight in _cyclic_classes(elements))
    return Plan(terms, quotients, len(elements))


def terms(problem: ExactCover, item_maps: Sequence[Sequence[int]]) -> tuple[Term, ...]:
    """The pivot's terms alone (a term's solutions and their images under the symmetries that move its
    option are all the solutions, each once): what a count by orbits searches, bounds or not (the pivot is
    an item without, the terms are not refined)."""
    elements = group(problem, item_maps)
    moves = dict(zip(elements, option_maps(problem, elements)))
    pivot = choose_pivot(problem, elements)
    return (Term((), 1),) if pivot is None else _pivot_terms(problem, elements, moves, pivot)


def _pivot_terms(problem: ExactCover, elements: Sequence[Permutation], moves: dict, pivot: int) -> tuple[Term, ...]:
    """One term per orbit of the pivot's options under the symmetries that keep the pivot in place."""
    stabiliser = [moves[m] for m in elements if m[pivot] == pivot]
    pivot_options = [o for o, items in enumerate(problem.options) if pivot in items]
    orbits = _orbits(pivot_options, stabiliser)
    return tuple(Term((orbit[0],), len(orbit), 1.0 / len(pivot_options)) for orbit in orbits)


def refined(problem: ExactCover, terms: Sequence[Term], stabiliser: Sequence[tuple[Permutation, list[int]]]
            ) -> tuple[Term, ...]:
    """``terms`` (each one option of the pivot), each split once more where symmetries of ``stabiliser``
    (pairs: the map on items, on options) keep its option: by the orbits, under those that also keep it in
    place, of the options of a *second pivot* that fit with it.  The second pivot is the first item in the
    engine's own order (``engine.ordered``) that the option leaves open and that such a symmetry keeps in
    place while moving one of those options: the search branches there early, so the tree above it, which
    every one of its terms searches again, stays small."""
    residual = [[(m, o) for m, o in stabiliser if o[term.given[0]] == term.given[0] and not _is_identity(m)]
                for term in terms]
    if not any(residual):
        return tuple(terms)
    from ..engine import ordered  # here: a count without symmetries never loads it (nor its estimates)

    order = [i for i in ordered.items(problem) if i < len(problem.primary)]
    rows = [frozenset(items) for items in problem.options]
    through: list[list[int]] = [[] for _ in problem.items]
    for index, items in enumerate(rows):
        for i in items:
            through[i].append(index)
    identity = list(range(len(rows)))
    split: list[Term] = []
    for term, keepers in zip(terms, residual):
        covered = frozenset().union(*(rows[o] for o in term.given))
        found = None
        for item in (i for i in order if keepers and i not in covered):
            keep = [o for m, o in keepers if m[item] == item]
            fitting = [o for o in through[item] if not rows[o] & covered] if keep else []
            if any(o[x] != x for o in keep for x in fitting):
                found = fitting, keep
                break
        if found is None:
            split.append(term)
            continue
        fitting, keep = found
        for orbit in _orbits(fitting, [identity] + keep):
            split.append(Term(term.given + (orbit[0],), term.weight * len(orbit), term.share / len(fitting)))
    return tuple(split)


def _is_identity(mapping: Sequence[int]) -> bool:
    if isinstance(mapping, range):
        return mapping == range(len(mapping))
    return all(i == m for i, m in enumerate(mapping))


def quotient(problem: ExactCover, h: Sequence[int], moves: Sequence[int] | None = None) -> ExactCover:
    """The problem whose solutions are those of ``problem`` that ``h`` maps onto themselves.

    Items: the <h>-orbits of items (named by their first member).  Options: the
    <h>-orbits of options whose members are pairwise disjoint, each covering the
    item orbits of their union (exactly once each).  ``moves``: ``h`` on options, if known.
    """
    names, primary = problem.items, len(problem.primary)
    orbit_of = [-1] * len(names)
    heads = []
    for item in range(len(names)):
        if orbit_of[item] < 0:
            for member in _cycle(h, item):
                orbit_of[member] = len(heads)
            heads.append(item)
    result = ExactCover([names[i] for i in heads if i < primary], [names[i] for i in heads if i >= primary],
                        branching=problem.branching)
    if moves is None:
        [moves] = option_maps(problem, [h])
    seen = [False] * len(problem.options)
    for option in range(len(problem.options)):
        if seen[option]:
            continue
        cycle = _cycle(moves, option)
        for member in cycle:
            seen[member] = True
        covered = [i for member in cycle for i in problem.options[member]]
        if len(set(covered)) == len(covered):
            orbits = sorted({orbit_of[i] for i in covered})
            result.add_option([names[heads[o]] for o in orbits], label=tuple(cycle))
    return result


def count_fixed(the_plan: Plan, *, deadline: float | None = None, cancel=None,
                engine_name: str = "auto") -> tuple[list[int], int, str | None]:
    """Count every quotient of the plan, in this process: (counts, nodes, why stopped or None)."""
    cancelled = as_predicate(cancel)
    counts, nodes = [], 0
    for q in the_plan.quotients:
        remaining = None if deadline is None else max(0.0, deadline - clock.now())
        result = engine.count(q.problem, time_limit=remaining, cancel=cancelled, engine=engine_name)
        nodes += result.nodes
        if not result.complete:
            return counts, nodes, result.stopped
        counts.append(result.solutions)
    return counts, nodes, None


def count_whole(problem: ExactCover, the_plan: Plan, how: engine.Counter, *, limit: int | None = None,
                memory_mb: float = engine.DEFAULT_MEMORY_MB, controls: Controls = Controls(),
                start: float | None = None) -> SymmetricCount | None:
    """The plan's quotients, and the total in one count of the whole problem by the engine's counter
    ``how`` (by memoised sub-problems: no pivot terms, the sub-problems they share are counted once);
    None when that counter gives up.  Past ``limit`` distinct solutions it says so, as
    :func:`count_by_plan` would, with the limit as the count.  ``start``: when the count began."""
    start = clock.now() if start is None else start
    deadline = None if controls.time_limit is None else start + controls.time_limit
    cancelled = as_predicate(controls.cancel)
    whole = engine.count_by(problem, how, time_limit=controls.time_limit, cancel=cancelled,
                            progress=controls.progress, memory_mb=memory_mb, start=start)
    if whole is None:
        return None
    fixed, nodes, stopped = [], whole.nodes, whole.stopped
    if whole.complete:
        fixed, quotient_nodes, stopped = count_fixed(the_plan, deadline=deadline, cancel=cancelled)
        nodes += quotient_nodes
    complete = stopped is None
    one_term = Plan((Term((), 1),), the_plan.quotients, the_plan.group_order)
    if complete:
        total, distinct = one_term.combine([whole.solutions], fixed)
        if limit is not None and distinct > limit:
            complete, stopped, distinct = False, LIMIT, limit
            total = limit if the_plan.group_order == 1 else total  # at least that many, and no more asked for
    else:
        total, distinct = whole.solutions, 0
    return SymmetricCount(total, distinct, complete, stopped, the_plan.group_order, 1, nodes,
                          clock.now() - start, 1.0 if complete else whole.explored, whole.engine)


def count_up_to_symmetry(problem: ExactCover, item_maps: Sequence[Sequence[int]], *, pivot: int | None = None,
                         limit: int | None = None, **controls) -> SymmetricCount:
    """Count all solutions and solutions up to the group given by ``item_maps``, in this process
    (``controls``: the fields of :class:`Controls`)."""
    return count_by_plan(problem, plan(problem, item_maps, pivot), limit=limit, controls=Controls(**controls))


def count_by_plan(problem: ExactCover, the_plan: Plan, *, limit: int | None = None,
                  controls: Controls = Controls(), search=None) -> SymmetricCount:
    """Make the plan's counts in this process: the quotients first (small), then the terms.

    ``limit`` stops once at least that many distinct solutions are known.  ``search``: the engine that
    searches the terms, when the caller has chosen it for this problem and limit (``engine.counter`` did);
    None: chosen here.
    """
    start = clock.now()
    deadline = None if controls.time_limit is None else start + controls.time_limit
    cancelled, progress = as_predicate(controls.cancel), controls.progress
    fixed, nodes, stopped = count_fixed(the_plan, deadline=deadline, cancel=cancelled,
                                        engine_name=controls.engine_name)
    # once, for every term: a named engine searches (the memoised counter was the caller's to try)
    if search is None:
        search = engine.choose(controls.engine_name, problem, limit=the_plan.wanted(limit))
    engine_name = search.NAME
    counts: list[int] = []
    explored, n_terms = 0.0, len(the_plan.terms)
    for index, term in enumerate(the_plan.terms if stopped is None else ()):
        before = the_plan.total(counts)
        sub_limit = None
        if limit is not None:
            if the_plan.distinct_at_least(before, fixed) >= limit:
                stopped, explored = LIMIT, index / n_terms
                break
            missing = limit * the_plan.group_order - the_plan.fixed_total(fixed) - before
            sub_limit = max(1, -(-missing // term.weight))  # in integers: a float keeps 53 bits
        remaining = None if deadline is None else max(0.0, deadline - clock.now())

        def report(p: Progress, index=index, weight=term.weight, before=before, nodes_before=nodes) -> None:
            """Progress over all terms; ``solutions`` is the running total count."""
            if progress is not None:
                share = (index + p.explored) / n_terms
                progress(Progress(nodes_before + p.nodes, before + weight * p.solutions, share,
                                  clock.now() - start))

        result = engine.count(problem, given=term.given, limit=sub_limit, time_limit=remaining, cancel=cancelled,
                              progress=report, engine=engine_name)
        nodes += result.nodes
        counts.append(result.solutions)
        if not result.complete:
            stopped, explored = result.stopped, (index + result.explored) / n_terms
            break
    complete = stopped is None
    total, distinct = the_plan.figures(counts, fixed, complete)
    return SymmetricCount(
        total=total,
        distinct=distinct,
        complete=complete,
        stopped=stopped,
        group_order=the_plan.group_order,
        orbits=n_terms,
        nodes=nodes,
        seconds=clock.now() - start,
        explored=1.0 if complete else explored,
        engine=engine_name,
    )


def _compose(a: Permutation, b: Permutation) -> Permutation:
    """``a`` after ``b``."""
    return tuple(a[i] for i in b)


def _cycle(permutation: Sequence[int], start: int) -> list[int]:
    members, at = [start], permutation[start]
    while at != start:
        members.append(at)
        at = permutation[at]
    return members


def _cyclic_classes(elements: Sequence[Permutation]) -> list[tuple[Permutation, int]]:
    """One element h != identity per class of conjugate cyclic groups <h>, and how many elements the class
    holds: Fix(h) is the same for them all."""
    identity = elements[0]
    inverse = {m: tuple(sorted(range(len(m)), key=m.__getitem__)) for m in elements}

    def cyclic(h: Permutation) -> frozenset:
        powers, at = {identity}, h
        while at != identity:
            powers.add(at)
            at = _compose(h, at)
        return frozenset(powers)

    class_of: dict[frozenset, int] = {}
    classes: list[list] = []
    for h in elements[1:]:
        generated = cyclic(h)
        if generated not in class_of:
            for g in elements:
                class_of[frozenset(_compose(_compose(g, x), inverse[g]) for x in generated)] = len(classes)
            classes.append([h, 0])
        classes[class_of[generated]][1] += 1
    return [(h, n) for h, n in classes]


def _orbits(options: Sequence[int], maps: Sequence[Sequence[int]]) -> list[list[int]]:
    """Orbits of ``options`` under the option permutations (a group), each sorted, by smallest member."""
    seen: set[int] = set()
    orbits = []
    for option in options:
        if option in seen:
            continue
        orbit = sorted({m[option] for m in maps})
        seen.update(orbit)
        orbits.append(orbit)
    return orbits


__all__ = ["SymmetricCount", "Controls", "Plan", "Term", "Quotient", "plan", "terms", "quotient", "group", "count_fixed",
           "count_whole", "count_up_to_symmetry", "count_by_plan", "option_maps", "choose_pivot", "refined",
           "CANCELLED", "TIME_LIMIT"]
