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

from .exact_cover import ExactCover

Bits = list[tuple[int, ...]]


def split(problem: ExactCover) -> tuple[Bits, Bits, int]:
    """``(needs, claims, bits)``: per option the bits it needs free and the bits it claims, and how
    many bits there are.  Without colours: the options themselves, twice, and one bit per item."""
    if not problem.coloured:
        return problem.options, problem.options, len(problem.items)
    n_primary = len(problem.primary)
    bit_of: dict[tuple[int, str], int] = {(item, ""): item for item in range(n_primary)}
    item_bits: dict[int, list[int]] = {item: [item] for item in range(n_primary)}
    for items, colours in zip(problem.options, problem.colours):
        for item, colour in zip(items, colours):
            if (item, colour) not in bit_of:
                bit = bit_of[item, colour] = len(bit_of)
                item_bits.setdefault(item, []).append(bit)
    needs, claims = [], []
    for items, colours in zip(problem.options, problem.colours):
        own = [bit_of[item, colour] for item, colour in zip(items, colours)]
        needs.append(tuple(own))
        claims.append(tuple(bit for item, colour, mine in zip(items, colours, own)
                            for bit in item_bits[item] if not (colour and bit == mine)))
    return needs, claims, len(bit_of)
