"""The reference engine: Algorithm X on bitsets, in plain Python.

Every item is one bit of a Python int and every option is the int of its items,
so "does this option clash with what is covered?" is a single ``&``.  At each
node the search branches on the first uncovered primary item, in declaration
order (``ExactCover.branching == "first"``; :mod:`.fewest` has the other rule),
trying only options whose first primary item is that one (an option that holds
an earlier primary item would clash: all earlier ones are covered).  The
problem encoder decides the order; for boards, scanning along the short side
works well.  Nothing here is clever, which is the point: it is the engine that
every faster one is checked against.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence, Sized

from .exact_cover import ExactCover
from . import colour_bits

#: How many nodes pass between two calls of the ``tick`` callback.
TICK_NODES = 4096

Tick = Callable[..., bool]
"""``tick(nodes, explored, final=False) -> stop?``: called every TICK_NODES nodes,
and once more with ``final=True`` when the search ends or is closed."""

NAME = "reference"


def compile_masks(problem: ExactCover) -> tuple[int, list[list[tuple[int, int]]], list[int]]:
    """``(all primary items, by_first, masks)``: the problem as bit masks.

    ``masks[option]`` has bit ``i`` set for each item ``i`` of the option (with
    colours: each bit it needs free, :mod:`.colour_bits`);
    ``by_first[item]`` lists ``(mask, option)`` for the options whose first
    primary item is ``item``, in option order (an option of secondary items
    only is in no list: no search chooses it); ``all primary items`` is the
    mask of every primary item.
    """
    n_primary = len(problem.primary)
    by_first: list[list[tuple[int, int]]] = [[] for _ in range(n_primary)]
    masks = []
    needs, _, _ = colour_bits.split(problem)
    for index, items in enumerate(needs):
        mask = as_mask(items)
        masks.append(mask)
        if min(items) < n_primary:  # primary items come first
            by_first[min(items)].append((mask, index))
    return (1 << n_primary) - 1, by_first, masks


def as_mask(items: Sequence[int]) -> int:
    """The int with bit ``i`` set for each item: built in one piece for a long option (bit by bit, each
    step copies the int so far: quadratic in the option's length)."""
    if len(items) <= 64:
        mask = 0
        for item in items:
            mask |= 1 << item
        return mask
    import numpy as np

    bits = np.zeros(max(items) + 1, dtype=bool)
    bits[list(items)] = True
    return int.from_bytes(np.packbits(bits, bitorder="little").tobytes(), "little")


def claim_masks(problem: ExactCover, masks: list[int]) -> list[int]:
    """What choosing each option covers: its ``masks`` (from :func:`compile_masks`), or with colours
    the bits it claims."""
    return [as_mask(bits) for bits in colour_bits.split(problem)[1]] if problem.coloured else masks


def solutions(problem: ExactCover, given: Sequence[int] = (), tick: Tick | None = None) -> Iterator[tuple[int, ...]]:
    """Yield every solution that contains the options in ``given``.

    Solutions come in a fixed, deterministic order.  ``tick`` may stop the search.
    """
    all_primary, by_first, masks = compile_masks(problem)
    claims = claim_masks(problem, masks)
    covered = 0
    for option in given:
        if masks[option] & covered:
            return
        covered |= claims[option]
    reachable = covered
    for mask in masks:
        if not mask & covered:
            reachable |= mask
    if all_primary & ~reachable:
        return  # some primary item is in no usable option: no search needed
    chosen = list(given)

    def branches(covered: int) -> list[tuple[int, int]]:
        free = all_primary & ~covered
        return by_first[(free & -free).bit_length() - 1]

    if not all_primary & ~covered:
        yield tuple(chosen)
        return
    # Explicit stack (no recursion): one frame per chosen option.
    stack: list[tuple[list[tuple[int, int]], int, int]] = []
    candidates, position = branches(covered), 0
    nodes, next_tick, exhausted = 0, TICK_NODES, False
    try:
        while True:
            while position < len(candidates):
                mask, option = candidates[position]
                position += 1
                if mask & covered:
                    continue
                nodes += 1
                if tick is not None and nodes >= next_tick:
                    next_tick += TICK_NODES
                    if tick(nodes, explored_fraction(_frames(stack, candidates, position))):
                        return
                new_covered = covered | claims[option]
                chosen.append(option)
                if not all_primary & ~new_covered:
                    yield tuple(chosen)
                    chosen.pop()
                    continue
                stack.append((candidates, position, covered))
                covered = new_covered
                candidates, position = branches(covered), 0
            if not stack:
                exhausted = True
                return
            candidates, position, covered = stack.pop()
            chosen.pop()
    finally:
        # Final report, also when the caller stops iterating early.
        if tick is not None:
            tick(nodes, 1.0 if exhausted else explored_fraction(_frames(stack, candidates, position)), True)


def _frames(stack, candidates, position) -> list[tuple[list, int]]:
    return [(c, p) for c, p, _ in stack] + [(candidates, position)]


def explored_fraction(frames: Iterable[tuple[Sized, int]]) -> float:
    """Estimated fraction of the search tree already explored.

    ``frames`` holds, from the root down, each level's candidates and how many of
    them have been taken (the one being explored included).  Knuth's estimate:
    treat every branch at a level as the same size; a branch at depth ``d`` is
    then worth the product of ``1 / branching`` above it.
    """
    done, weight = 0.0, 1.0
    for cands, pos in frames:
        width = max(len(cands), 1)
        done += weight * (pos - 1) / width
        weight /= width
    return min(max(done, 0.0), 1.0)
