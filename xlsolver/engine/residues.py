"""Exact counts of any size from word-sized sums: residues and the Chinese remainder theorem.

The memoised counter adds ways in 64-bit words.  A count past 2**64 is kept as
its residues modulo several moduli (2**64, where sums wrap by themselves, then
primes just below 2**62, whose sums of two fit a word) and, beside them, its
size as a double.  The residues fix the count modulo their product M; the size
fixes it within an interval; an interval narrower than M holds one number with
those residues, the count.  So a count needs as many moduli as its size has
bits, known only at the end: a pass that had too few is followed by passes
with more (each pass's residues stay valid).

Why this and not wider sums: only the final count must fit the product of the
moduli, not every sub-problem's count on the way (a pass never overflows, and
never restarts); a residue costs one add and one compare, the same as a limb of
a 128-bit sum with its carry, and as many as needed fit one pass (bench/dominoes.py).
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
import math
from math import prod

WRAP = 0  # the modulus 2**64, as the loops take it: a plain wrapping sum
WORD = 2**64
ROUNDING = Fraction(1, 2**53)  # a double's relative rounding error per addition
#: The size a count starts from (one way): a double's 2**-960 keeps every size up to 2**1984 ways finite
#: and none subnormal (sums of positive doubles lose only the relative ROUNDING each).
ONE = 2.0**-960


def modulus(m: int) -> int:
    return WORD if m == WRAP else m


_found: list[int] = []


def primes(n: int) -> list[int]:
    """The ``n`` largest primes below 2**62 (a residue below 2**62 plus another stays below 2**63)."""
    candidate = _found[-1] - 2 if _found else 2**62 - 1
    while len(_found) < n:
        if _is_prime(candidate):
            _found.append(candidate)
        candidate -= 2
    return _found[:n]


def _is_prime(n: int) -> bool:
    """Miller-Rabin with the first twelve primes as bases: exact below 3.3 * 10**24."""
    bases = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
    if n < 2:
        return False
    for p in bases:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in bases:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def bounds(size: float, additions: int) -> tuple[int, int] | None:
    """(lowest, highest) count a size of ``size`` (a double, in units of ONE) can stand for after at most
    ``additions`` roundings on any way to it; None when the size says nothing (infinite, or too many
    roundings to bound)."""
    if size != size or size == float("inf"):
        return None
    error = additions * ROUNDING
    if error >= Fraction(1, 2):
        return None
    exact = Fraction(size) / Fraction(ONE)
    low, high = exact * (1 - error), exact / (1 - error)  # (1+u)**-h >= 1 - h*u, (1-u)**-h <= 1 / (1 - h*u)
    return max(0, -(-low.numerator // low.denominator)), high.numerator // high.denominator


def combine(residues: dict[int, int]) -> tuple[int, int]:
    """(r, M): the number modulo M = the product of the moduli with those residues (WRAP: 2**64)."""
    r, m = 0, 1
    for mod, res in residues.items():
        n = modulus(mod)
        r += m * ((res - r) * pow(m, -1, n) % n)
        m *= n
    return r, m


def exact(residues: dict[int, int], low: int, high: int) -> int | None:
    """The one number within [low, high] that has ``residues``; None when the moduli are too few to tell."""
    r, m = combine(residues)
    if high - low >= m:
        return None
    return low + (r - low) % m


def moduli_for_bits(bits: float) -> tuple[int, ...]:
    """2**64 and enough primes for a count of ``bits`` bits (one at least)."""
    return (WRAP, *primes(max(1, math.ceil((bits - 64) / 62))))


def moduli_for(spread: int, have: Sequence[int]) -> list[int]:
    """The fewest primes to add to the moduli ``have`` for their product to pass ``spread`` (the width of
    the interval the count lies in)."""
    m, extra, n = prod(modulus(x) for x in have), [], 0
    while m <= spread:
        n += 1
        p = primes(n)[-1]
        if p not in have:
            extra.append(p)
            m *= p
    return extra
