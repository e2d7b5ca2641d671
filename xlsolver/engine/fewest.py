"""The "fewest options" engine: Algorithm X branching on the tightest item, in plain Python.

At each node the search branches on the uncovered primary item with the fewest
usable options (ties: the item declared first), as Knuth's DLX does; an item
with none left ends the branch at once.  This is the rule for general problems
such as sudoku (``ExactCover.branching == "fewest"``), where declaration order
means nothing and the tightest item is usually forced.

The data are arrays, in the spirit of dancing links: ``options_of[item]`` lists
the options holding each item, ``alive[option]`` says whether an option still
fits, and ``key[item] = live options * P + item`` (``P`` = number of primary
items), held for the uncovered items only, makes "fewest, then first declared"
a single ``min(key.values())``; an item with one option left (or none) is found
without that scan, on a heap of the keys that took such a value (``_dlx_kernels``
explains it: an entry no longer true is dropped when it reaches the top), so a
problem of many forced items costs what its nodes cost.  Choosing an option kills every live option that
shares an item with it and lowers the counts of their primary items; undoing
revives exactly those, in the same bookkeeping, so no count is ever recomputed
from scratch.  With Knuth's colours the items are bits (:mod:`.colour_bits`):
``options_of[bit]`` lists the options that need a bit, and choosing an option
kills those that need a bit it claims (same colour: none).

Same contract as :mod:`.reference`: ``solutions(problem, given, tick)`` yields
every solution holding the options in ``given`` (in a fixed order of its own: the
branching items' options in option order; the set is the same as the reference
engine's), and calls ``tick`` every ``TICK_NODES`` nodes and once more, with
``final=True``, at the end.  :mod:`.fast_fewest` is this search compiled: the
same nodes, the same solutions in the same order.
"""
from __future__ import annotations

import heapq
from collections.abc import Iterator, Sequence

from .exact_cover import ExactCover
from . import colour_bits
from .reference import TICK_NODES, Tick, explored_fraction

NAME = "fewest"


def tables(problem: ExactCover, needs=None, bits: int = 0) -> tuple[list[list[int]], list[tuple[int, ...]], int,
                                                                    dict[int, int]]:
    """``(options_of, primary_of, step, key)``: each item's options (each of ``bits`` bits' options, by
    what ``needs``, :mod:`.colour_bits`), each option's primary items, and the keys of the primary
    items, ``key[item] = live options * step + item`` (all alive)."""
    n_primary = len(problem.primary)
    options_of: list[list[int]] = [[] for _ in range(bits or len(problem.items))]
    for option, items in enumerate(problem.options if needs is None else needs):
        for item in items:
            options_of[item].append(option)
    primary_of = [tuple(item for item in items if item < n_primary) for items in problem.options]
    step = max(n_primary, 1)
    return options_of, primary_of, step, {item: len(options_of[item]) * step + item for item in range(n_primary)}


def solutions(problem: ExactCover, given: Sequence[int] = (), tick: Tick | None = None) -> Iterator[tuple[int, ...]]:
    """Yield every solution that contains the options in ``given``.

    Solutions come in a fixed, deterministic order.  ``tick`` may stop the search.
    """
    needs, claims, bits = colour_bits.split(problem)
    options_of, primary_of, step, key = tables(problem, needs, bits)
    alive = bytearray(b"\x01") * len(needs)
    forced = [v for v in key.values() if v < 2 * step]  # a heap (see the module doc)
    heapq.heapify(forced)
    most = 2 * len(key) + 64

    def push(v: int) -> None:
        if len(forced) >= most:  # full of entries no longer true: rebuilt from the uncovered items
            forced[:] = [k for k in key.values() if k < 2 * step]
            heapq.heapify(forced)
        heapq.heappush(forced, v)

    def choose(option: int) -> tuple[list[int], list[tuple[int, int]]]:
        """Take ``option``: kill every live option it clashes with (itself too), cover its
        items; return what ``undo`` needs (the killed options, the covered items' keys)."""
        killed = []
        for bit in claims[option]:
            for other in options_of[bit]:
                if alive[other]:
                    alive[other] = 0
                    killed.append(other)
                    for counted in primary_of[other]:  # a live option's items are all uncovered
                        key[counted] -= step
                        if key[counted] < 2 * step:
                            push(key[counted])
        return killed, [(item, key.pop(item)) for item in primary_of[option]]

    def undo(taken: tuple[list[int], list[tuple[int, int]]]) -> None:
        killed, covered = taken
        key.update(covered)
        for _, v in covered:
            if v < 2 * step:
                push(v)
        for other in killed:
            alive[other] = 1
            for counted in primary_of[other]:
                key[counted] += step
                if key[counted] < 2 * step:
                    push(key[counted])

    for option in given:
        if not alive[option]:
            return  # given options that clash (or one given twice)
        choose(option)
    chosen = list(given)
    if not key:
        yield tuple(chosen)
        return

    def branches() -> list[int]:
        """Live options of the tightest uncovered item (empty if it has none)."""
        while forced and key.get(forced[0] % step) != forced[0]:
            heapq.heappop(forced)
        tightest = forced[0] if forced else min(key.values())
        if tightest < step:
            return []
        return [option for option in options_of[tightest % step] if alive[option]]

    # Explicit stack (no recursion): one frame per chosen option, holding the
    # level's candidates, how many were taken, and what undoes the current one.
    stack: list[tuple[list[int], int, tuple]] = []
    candidates, position = branches(), 0
    nodes, next_tick, exhausted = 0, TICK_NODES, False
    try:
        while True:
            while position < len(candidates):
                option = candidates[position]
                position += 1
                nodes += 1
                if tick is not None and nodes >= next_tick:
                    next_tick += TICK_NODES
                    if tick(nodes, explored_fraction(_frames(stack, candidates, position))):
                        return
                taken = choose(option)
                chosen.append(option)
                if not key:
                    yield tuple(chosen)
                    undo(taken)
                    chosen.pop()
                    continue
                deeper = branches()
                if not deeper:
                    undo(taken)
                    chosen.pop()
                    continue
                stack.append((candidates, position, taken))
                candidates, position = deeper, 0
            if not stack:
                exhausted = True
                return
            candidates, position, taken = stack.pop()
            undo(taken)
            chosen.pop()
    finally:
        # Final report, also when the caller stops iterating early.
        if tick is not None:
            tick(nodes, 1.0 if exhausted else explored_fraction(_frames(stack, candidates, position)), True)


def _frames(stack, candidates, position) -> list[tuple[list[int], int]]:
    return [(c, p) for c, p, _ in stack] + [(candidates, position)]
