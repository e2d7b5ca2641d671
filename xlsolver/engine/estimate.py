"""How big is the search tree?  Knuth's estimate from random root-to-leaf paths.

Walk from the root taking a random non-clashing option at each node; the product
of the branching factors along the way is an unbiased estimate of the number of
nodes at each depth.  A few dozen walks cost milliseconds and tell whether a
search is worth handing to the compiled engine.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from ..exact_cover import ExactCover
from .reference import compile_masks


def tree_size(problem: ExactCover, given: Sequence[int] = (), walks: int = 48, seed: int = 1) -> float:
    """Estimated number of nodes of the reference search (mean over ``walks``)."""
    all_primary, by_first, masks = compile_masks(problem)
    start = 0
    for option in given:
        if masks[option] & start:
            return 0.0
        start |= masks[option]
    rng = random.Random(seed)
    total = 0.0
    for _ in range(walks):
        covered, weight, nodes = start, 1.0, 0.0
        while True:
            free = all_primary & ~covered
            if not free:
                break
            fits = [mask for mask, _ in by_first[(free & -free).bit_length() - 1] if not mask & covered]
            if not fits:
                break
            weight *= len(fits)
            nodes += weight
            covered |= rng.choice(fits)
        total += nodes
    return total / walks
