"""Counts past 2**64, exact: the memoised counter's residues against counts made another way."""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver import ExactCover, count, engine
from xlsolver.engine import memo, residues
from problems import dominoes, dominoes_row_by_row, small_problems

pytestmark = pytest.mark.skipif(not memo.available(), reason="the memoised counter needs its C loop or numba")

LOOPS = [name for name in ("c", "numba") if name == "c" and memo.native.load() or name == "numba" and
         engine.fast.available()]
#: The loops as test parameters: numba's copy compiles in 7 s in a fresh clone, so the slow run checks it.
LOOP_PARAMS = [pytest.param(name, marks=pytest.mark.slow) if name == "numba" else name for name in LOOPS]


def choices(items: int, each: int) -> ExactCover:
    """``items`` items of ``each`` one-item options: each**items solutions, one sub-problem per item."""
    problem = ExactCover([f"i{k}" for k in range(items)])
    for item in problem.primary:
        for _ in range(each):
            problem.add_option([item])
    return problem


def test_the_domino_tilings_of_a_14x14_square_pass_2_63_and_are_counted_exactly():
    """OEIS A004003: 112,202,208,776,036,178,000,000 tilings; the counter used to stop at 2**63 and hand the
    count to a search that could never finish."""
    counted = count(dominoes(14, 14))
    assert (counted.engine, counted.complete) == ("memo", True)
    assert counted.solutions == dominoes_row_by_row(14, 14) == 112_202_208_776_036_178_000_000 > 2**63


@pytest.mark.parametrize("using", LOOP_PARAMS)
def test_sums_that_wrap_64_bits_are_not_taken_for_the_count(using):
    """5**30 solutions: an item's sub-problem gets five sums of its predecessor's ways, which pass 2**64
    while each is below 2**63 (the former check, of states of 2**63 ways or more, let them wrap and said
    8,985,370,930,000,934,825)."""
    assert memo.count(choices(30, 5), using=using).solutions == 5**30
    assert memo.count(choices(41, 3), using=using).solutions == 3**41


@pytest.mark.parametrize("using", LOOP_PARAMS)
def test_each_way_to_the_residues_gives_the_same_count(using):
    """8 x 60 dominoes (about 2**186 tilings, four moduli): the first pass in 64-bit sums passing 2**64, an
    estimate as big (residues at once), one too low (more passes), and a memory cap that holds one residue
    a pass, not two."""
    problem = dominoes(8, 60)
    expected = dominoes_row_by_row(60, 8)  # the same board turned: eight cells to a row, a short state
    assert expected > 2**180
    after_overflow = memo.count(problem, using=using)
    at_once = memo.count(problem, using=using, expected=float(expected))
    too_low = memo.count(problem, using=using, expected=2.0**73)
    assert after_overflow.solutions == at_once.solutions == too_low.solutions == expected
    assert too_low.edges > at_once.edges  # a second pass
    one_residue = at_once.peak_bytes / 2**20 / 6 * 3.5  # at once: slots of six words (key, size, 4 residues)
    tight = memo.count(problem, using=using, memory_mb=one_residue)
    assert tight.solutions == expected and tight.edges > 3 * at_once.edges and tight.peak_bytes < 2**20 * one_residue


def test_counts_of_hundreds_of_bits_take_as_many_residues():
    """7**300: 843 bits, fourteen residues; the first pass with residues expects a 64-bit count."""
    assert memo.count(choices(300, 7)).solutions == 7**300


@pytest.mark.slow
@pytest.mark.skipif(len(LOOPS) < 2, reason="needs the C loop and numba")
def test_the_two_loops_agree_past_2_64():
    problem = dominoes(8, 60)
    c, numba = (memo.count(problem, using=using) for using in LOOPS)
    assert c == numba and c.solutions > 2**180


SMALL_PRIMES = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31]


@settings(max_examples=150, deadline=None)
@given(small_problems(), st.booleans())
def test_residues_modulo_small_primes_give_the_count_on_random_problems(problem, with_residues):
    """With small primes for moduli every sum is reduced, and with a size that tells nothing (any count
    up to 10**6) the count rests on the residues alone: several passes, combined by the Chinese
    remainder theorem.  It matches the reference engine's count."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(residues, "primes", lambda n: SMALL_PRIMES[:n])
        patch.setattr(residues, "moduli_for_bits", lambda bits: (2, 3))  # the first pass with residues
        patch.setattr(residues, "bounds", lambda size, additions: (0, 10**6))
        counted = memo.count(problem, expected=2.0**200 if with_residues else 0.0).solutions
    assert counted == count(problem, engine="reference").solutions


def test_the_primes_are_primes_below_2_62_and_the_combination_is_the_number():
    ps = residues.primes(20)
    assert len(set(ps)) == 20 and all(2**61 < p < 2**62 for p in ps)
    assert all(pow(a, p - 1, p) == 1 for p in ps for a in (2, 3, 5, 7, 11))
    n = 3**200 + 12345
    found = {m: n % residues.modulus(m) for m in (residues.WRAP, *ps[:5])}
    assert residues.exact(found, n - 2**300, n + 2**300) == n
    assert residues.exact(dict(list(found.items())[:3]), 0, n) is None  # too few moduli to tell


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 2**80), min_size=1, max_size=200), st.integers(0, 2**32))
def test_a_size_summed_in_doubles_bounds_the_sum(terms, seed):
    """Sizes are summed in any order, rounding at each addition: the bounds hold the exact sum."""
    rng = random.Random(seed)
    sizes = [float(t) * residues.ONE for t in terms]
    while len(sizes) > 1:
        a, b = sizes.pop(rng.randrange(len(sizes))), sizes.pop(rng.randrange(len(sizes)))
        sizes.append(a + b)
    low, high = residues.bounds(sizes[0], 2 * len(terms))
    assert low <= sum(terms) <= high
    assert high - low <= 2 * sum(terms) * 2 * len(terms) / 2**52 + 2


def test_a_size_that_tells_nothing_falls_back_on_the_count_of_paths():
    assert residues.bounds(math.inf, 10) is None
    assert residues.bounds(1.0, 2**53) is None
