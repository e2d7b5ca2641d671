"""The solution diagram: every solution numbered in its fixed order, drawn uniformly, weighed per option.

Checked against the solutions themselves (brute force, or every solution the search finds), and the
random draw by a chi-square test on a board with a few hundred solutions, where a sampler that picks
each option with equal chance is caught by the same test.
"""
from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings

from xlsolver import ExactCover, engine
from xlsolver.engine import diagram
from xlsolver.families import tiling
from problems import brute_force, queens, small_problems, small_tilings

X_IN_6X10 = ["..........", "..........", "....X.....", "...XXX....", "....X.....", ".........."]  # 337 solutions


def declared_key(problem: ExactCover, solution) -> tuple[int, ...]:
    """The order the diagram numbers solutions in: the option covering each primary item, items as declared."""
    covering = {i: o for o in solution for i in problem.options[o]}
    return tuple(covering[i] for i in range(len(problem.primary)))


def every_solution(problem: ExactCover) -> list[tuple[int, ...]]:
    return sorted(tuple(sorted(s)) for s in engine.Search(problem))


def build(problem: ExactCover) -> diagram.Diagram:
    try:
        return diagram.build(problem)
    except diagram.Refused:
        assume(False)


@settings(max_examples=100, deadline=None)
@given(small_problems())
def test_numbers_every_solution_once_in_the_declared_order(problem):
    found = build(problem)
    solutions = {tuple(sorted(s)) for s in brute_force(problem)}
    assert found.total == len(solutions)
    listed = [found.solution(k) for k in range(found.total)]
    assert set(listed) == solutions and len(listed) == len(solutions)
    keys = [declared_key(problem, s) for s in listed]
    assert keys == sorted(keys)
    assert [found.rank(s) for s in listed] == list(range(found.total))


@settings(max_examples=100, deadline=None)
@given(small_problems())
def test_frequencies_are_the_solutions_holding_each_option(problem):
    found = build(problem)
    tally = Counter(o for s in brute_force(problem) for o in s)
    assert found.frequencies() == dict(tally)


@settings(max_examples=30, deadline=None)
@given(small_tilings())
def test_small_tilings_agree_with_the_search(puzzle):
    problem = tiling.encode(puzzle)
    found = build(problem)
    solutions = every_solution(problem)
    assert sorted(found.solution(k) for k in range(found.total)) == solutions
    assert found.frequencies() == dict(Counter(o for s in solutions for o in s))


def test_secondary_items_queens():
    problem = queens(6)  # 4 solutions; the diagonals are secondary items
    found = build(problem)
    assert sorted(found.solution(k) for k in range(found.total)) == every_solution(problem)


def hint_problem() -> ExactCover:
    """examples/pento-6x10-hint.txt: the 6 x 10 board with the X given."""
    return tiling.FAMILY.parse(X_IN_6X10, {"pieces": "pentominoes"}).problem


@pytest.mark.slow
def test_six_by_ten_with_the_x_given():
    problem = hint_problem()
    found = diagram.build(problem)
    solutions = every_solution(problem)
    assert found.total == len(solutions) == 337
    listed = [found.solution(k) for k in range(found.total)]
    assert sorted(listed) == solutions
    assert [declared_key(problem, s) for s in listed] == sorted(declared_key(problem, s) for s in listed)
    assert found.frequencies() == dict(Counter(o for s in solutions for o in s))
    assert all(found.frequencies()[o] == 337 for o in found.taken)  # the given pieces: in every solution


def test_counts_past_two_to_the_64_are_exact():
    """70 independent pairs, each covered as {a} {b} or {a b}: 2**70 solutions, in Python ints."""
    problem = ExactCover([f"{side}{k}" for k in range(70) for side in "ab"])
    for k in range(70):
        problem.add_option([f"a{k}"])
        problem.add_option([f"b{k}"])
        problem.add_option([f"a{k}", f"b{k}"])
    found = diagram.build(problem)
    assert found.total == 2**70
    assert found.frequencies()[2] == 2**69  # {a0 b0}: half the solutions
    last = found.solution(2**70 - 1)
    assert last == tuple(3 * k + 2 for k in range(70))  # the highest option covering each item
    assert found.rank(last) == 2**70 - 1 and found.solution(0) == tuple(o for k in range(70) for o in (3 * k, 3 * k + 1))
    assert found.rank(found.solution(12345678901234567890)) == 12345678901234567890


def test_no_solution_and_nothing_to_choose():
    none = ExactCover(["a", "b"])
    none.add_option(["a"])
    assert diagram.build(none).total == 0
    with pytest.raises(IndexError):
        diagram.build(none).solution(0)
    forced = ExactCover(["a", "b"])
    forced.add_option(["a", "b"])
    one = diagram.build(forced)
    assert one.total == 1 and one.solution(0) == (0,) and one.frequencies() == {0: 1}
    assert one.sample(random.Random(0)) == (0,)


def test_refuses_colours_and_a_diagram_past_the_memory_limit():
    coloured = ExactCover(["p"], ["s"])
    coloured.add_option(["p", "s"], colours=["", "red"])
    with pytest.raises(diagram.Refused, match="colour"):
        diagram.build(coloured)
    problem = hint_problem()
    with pytest.raises(diagram.TooBig, match="--memory"):
        diagram.build(problem, memory_mb=0.01)
    with pytest.raises(diagram.Stopped):
        diagram.build(problem, stop=lambda: True)


# --- uniformity --------------------------------------------------------------------------------------

def chi_square(draws: Counter, solutions: list, samples: int) -> float:
    expected = samples / len(solutions)
    return sum((draws.get(s, 0) - expected) ** 2 / expected for s in solutions)


def upper_bound(df: int, z: float = 4.75) -> float:
    """The chi-square quantile a uniform sampler passes with probability 1 - 1e-6 (z = 4.75: Wilson and
    Hilferty's cube-root normal approximation)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def option_by_option(found: diagram.Diagram, rng: random.Random) -> tuple[int, ...]:
    """A biased sampler: from each node, each option leading on to a solution with equal chance."""
    picked, node = list(found.taken), 0
    while node != found.nodes - 1:
        e = rng.randrange(int(found.edge_of[node]), int(found.edge_of[node + 1]))
        picked.append(int(found.option[e]))
        node = int(found.target[e])
    return tuple(sorted(picked))


def test_random_solutions_are_uniform_and_a_biased_sampler_is_caught():
    """337 solutions, 20 draws each (fixed seed): the statistic stays under the 1e-6 quantile for the
    diagram's draw, far above it for option-by-option draws."""
    problem = hint_problem()
    found, solutions = diagram.build(problem), every_solution(problem)
    n, samples = len(solutions), 20 * len(solutions)
    bound = upper_bound(n - 1)
    rng = random.Random(2027)
    fair = Counter(found.sample(rng) for _ in range(samples))
    assert set(fair) == set(solutions) and chi_square(fair, solutions, samples) < bound
    rng = random.Random(2027)
    biased = Counter(option_by_option(found, rng) for _ in range(samples))
    assert set(biased) <= set(solutions) and chi_square(biased, solutions, samples) > 3 * bound
