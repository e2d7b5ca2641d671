"""The fewest-options search in C (fewest_kernel.c): the solutions of the Python search in the same order, in both
of its modes (a bit per option, lists); given options, limits, colours; a split along its own tree."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver import ExactCover, engine
from xlsolver.counting import parallel, symmetry
from xlsolver.engine import fewest, fewest_native
from xlsolver.engine.fewest_native import BITS, LISTS
from problems import brute_force, langford, queens, secondary_problems, small_problems
from test_colours import dodecahedron, random_coloured

pytestmark = pytest.mark.skipif(not fewest_native.ready(), reason="the C kernel was not built")


def test_the_c_kernel_is_built_here():
    """pip install compiles fewest_kernel.c (setup.py); without it the fewest-options search runs on numba."""
    assert fewest_native.ready(), "pip install -e . needs a C compiler"
    assert engine.BY_RULE["fewest"][1] is fewest_native


def test_the_kernel_keeps_bits_where_they_pay_and_lists_for_a_sudoku():
    """AUTO's mode (fewest_kernel.c's bits_pay, as fewest_native.bits says): bits for few items with long columns
    (measured 4-5 x faster on queens and Langford pairs), lists for a 9 x 9 sudoku's 324 items with columns of 9
    at most (2 x faster); beyond BIT_SCAN words a node, lists whatever the cost."""
    from xlsolver.families import sudoku

    assert fewest_native.bits(queens(8)) and fewest_native.bits(langford(7))
    assert not fewest_native.bits(sudoku.encode(sudoku.parse(["." * 9] * 9)))
    wide = ExactCover([f"i{k}" for k in range(100)])
    for k in range(100):
        for _ in range(64):
            wide.add_option([f"i{k}"])
    assert not fewest_native.bits(wide)  # 100 items x 100 words a scan: more than BIT_SCAN


def solutions_of(problem: ExactCover) -> set[frozenset[int]]:
    """Every solution, by brute force; an option of secondary items only is never part of one (as Knuth's)."""
    primary = len(problem.primary)
    return {s for s in brute_force(problem) if all(min(problem.options[o]) < primary for o in s)}


def in_both_modes(problem: ExactCover, given_options=()) -> list[tuple[int, ...]]:
    """The kernel's solutions, the same in both modes, in the same order."""
    bits = list(fewest_native.solutions(problem, given_options, mode=BITS))
    assert list(fewest_native.solutions(problem, given_options, mode=LISTS)) == bits
    return bits


@settings(max_examples=120, deadline=None)
@given(st.one_of(small_problems(), secondary_problems()))
def test_solutions_are_the_python_searchs_in_its_order(problem):
    found = in_both_modes(problem)
    assert found == list(fewest.solutions(problem))
    assert {frozenset(s) for s in found} == solutions_of(problem)
    for mode in (BITS, LISTS):
        solutions, first, _, exhausted = fewest_native.count(problem, mode=mode)
        assert (solutions, first, exhausted) == (len(found), found[0] if found else None, True)


@pytest.mark.parametrize("seed", range(60))
def test_colours_are_knuths(seed):
    problem = random_coloured(seed)
    assert {frozenset(s) for s in in_both_modes(problem)} == solutions_of(problem)


def test_the_dodecahedron_has_300_colourings():
    assert len(in_both_modes(dodecahedron())) == 300


@settings(max_examples=80, deadline=None)
@given(small_problems(), st.data())
def test_given_options_are_in_every_solution(problem, data):
    every = solutions_of(problem)
    chosen = data.draw(st.lists(st.integers(0, max(len(problem.options) - 1, 0)), max_size=2, unique=True)) \
        if problem.options else []
    expected = {s for s in every if set(chosen) <= s}
    found = in_both_modes(problem, chosen)
    assert {frozenset(s) for s in found} == expected
    assert all(tuple(s[:len(chosen)]) == tuple(chosen) for s in found)  # the given options first, as given
    assert fewest_native.count(problem, chosen)[0] == len(expected)


def test_a_limit_stops_the_count_there():
    problem = langford(8)  # 300 solutions
    for mode in (BITS, LISTS):
        solutions, first, _, exhausted = fewest_native.count(problem, limit=7, mode=mode)
        assert (solutions, exhausted) == (7, False) and problem.is_solution(first)
    assert engine.count(problem, limit=7, engine=fewest_native.NAME).solutions == 7


@pytest.mark.parametrize("problem, solutions", [(queens(8), 92), (queens(10), 724), (langford(11), 35_584)])
def test_counts_known_figures(problem, solutions):
    for mode in (BITS, LISTS):
        assert fewest_native.count(problem, mode=mode)[0] == solutions


def test_a_tick_stops_the_search_between_slices():
    ticks = []

    def tick(nodes, explored, final=False):
        ticks.append((nodes, explored, final))
        return not final

    solutions, _, nodes, exhausted = fewest_native.count(queens(11), tick=tick)
    assert not exhausted and 0 < solutions < 2_680 and ticks[-1][2]
    assert 0.0 <= ticks[0][1] <= 1.0


@pytest.mark.parametrize("problem", [queens(9), langford(8), dodecahedron()], ids=["queens", "langford", "colours"])
def test_a_split_along_the_kernels_tree_covers_every_branch_once(problem):
    """The tasks are subtrees of the one search: their solutions are disjoint, all of them together, and
    their nodes no more than the one search's."""
    whole = fewest_native.count(problem)
    tasks = parallel.split(problem, symmetry.plan(problem, []), 40, fewest_native)
    assert len(tasks) >= 8
    found = [frozenset(s) for task in tasks for s in fewest_native.solutions(problem, task.given)]
    assert len(found) == len(set(found)) == whole[0]
    assert sum(fewest_native.count(problem, task.given)[2] for task in tasks) <= whole[2]
    assert abs(sum(task.share for task in tasks) - 1.0) < 1e-9
    prefixes = {task.given for task in tasks}
    assert all(sum(given == tuple(s[:len(given)]) for given in prefixes) == 1
               for s in itertools.islice(fewest_native.solutions(problem), 500))


def test_an_option_of_secondary_items_only_is_never_chosen():
    problem = ExactCover(["a"], ["x"])
    problem.add_option(["x"])
    problem.add_option(["a", "x"])
    assert in_both_modes(problem) == [(1,)]
