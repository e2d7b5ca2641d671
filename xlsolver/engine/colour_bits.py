"""Knuth's colours as plain bits, so that every search still tests a clash with one AND.

A secondary item gets one bit for each colour options give it, and one more for
its uncoloured uses; a primary item keeps one bit, its own index (primary bits
come first, in item order, as the searches expect).  Each option then *needs*
some bits free and *claims* others:

- a primary item, or a secondary item without colour: it needs the item's own
  bit (the uncoloured one) and claims every bit of the item;
- a secondary item in colour ``c``: it needs the bit of ``c`` and claims every
  other bit of the item.

An option fits the chosen ones exactly when none of the bits it needs is
claimed: two options of one colour share the item, two colours or an uncoloured
use do not.  Choosing it adds its claims.  A problem without colours has each
option's items as both (the same lists), so its searches do what they always did.
"""
from __future__ import annotations

from itertools import chain

from .exact_cover import ExactCover, derived

Bits = list[tuple[int, ...]]


def split(problem: ExactCover) -> tuple[Bits, Bits, int]:
    """``(needs, claims, bits)``: per option the bits it needs free and the bits it claims, and how
    many bits there are.  Without colours: the options themselves, twice, and one bit per item.

    Made once per problem object (``exact_cover.derived``, as the kernels' arrays): a count asks for it several
    times (each estimate, then the search), and on a coloured problem it costs as much as a small search."""
    if not problem.coloured:
        return problem.options, problem.options, len(problem.items)
    return derived(problem, _split)


def _split(problem: ExactCover) -> tuple[Bits, Bits, int]:
    n_primary = len(problem.primary)
    bit_of: dict[tuple[int, str], int] = {(item, ""): item for item in range(n_primary)}
    item_bits: dict[int, list[int]] = {item: [item] for item in range(n_primary)}
    for items, colours in zip(problem.options, problem.colours):
        for use in zip(items, colours):
            if use not in bit_of:
                bit = bit_of[use] = len(bit_of)
                item_bits.setdefault(use[0], []).append(bit)
    claimed = {(item, colour): tuple(bit for bit in item_bits[item] if not (colour and bit == own))
               for (item, colour), own in bit_of.items()}  # what one use of an item claims, made once
    needs, claims = [], []
    for items, colours in zip(problem.options, problem.colours):
        uses = list(zip(items, colours))
        needs.append(tuple(map(bit_of.__getitem__, uses)))
        claims.append(tuple(chain.from_iterable(map(claimed.__getitem__, uses))))
    return needs, claims, len(bit_of)
