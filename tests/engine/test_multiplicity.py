"""Knuth's multiplicities (DLX3): primary items covered between u and v times."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from problems import brute_force, langford_gaps
from xlsolver import engine
from xlsolver.engine import dlx_text, multiplicity, multiplicity_native
from xlsolver.engine.exact_cover import ExactCover, ProblemError


def test_bounds_are_kept_by_name_and_read_by_index():
    problem = ExactCover(["a", "b", "c"], ["x"], bounds={"a": (0, 2), "b": (1, 1), "c": (3, 3)})
    assert problem.bounds == {"a": (0, 2), "c": (3, 3)} and problem.multiplicities
    assert problem.primary_bounds() == [(0, 2), (1, 1), (3, 3)] and problem.bounds_of(3) == (0, 1)
    plain = ExactCover(["a"], bounds={"a": (1, 1)})
    assert plain.bounds is None and not plain.multiplicities and plain.bounds_of(0) == (1, 1)
    for option in (["a"], ["a", "c"], ["c"], ["c", "b"], ["c", "x"]):
        problem.add_option(option)
    assert problem.is_solution((1, 2, 3)) and problem.is_solution((2, 3, 4))  # a twice / a never
    assert problem.is_solution((0, 1, 2, 3)) and not problem.is_solution((0, 1, 2, 3, 4)) and not problem.is_solution((2, 3))
    sub, kept = problem.restricted([2, 3, 4])
    assert sub.bounds == problem.bounds and sub.is_solution((0, 1, 2))


@pytest.mark.parametrize("bounds, message", [
    ({"x": (2, 2)}, "'x': it is a secondary item"),
    ({"z": (2, 2)}, "'z': it is not an item"),
    ({"a": (3, 2)}, "0 <= u <= v"),
    ({"a": (0, 0)}, "1 <= v"),
    ({"a": (-1, 2)}, "0 <= u <= v"),
    ({"a": (1, 2**31)}, "v <= 2,147,483,647"),
    ({"a": (1.5, 2)}, "whole numbers"),
    ({"a": (True, 2)}, "whole numbers"),
    ({"a": 2}, r"a pair \(u, v\)"),
    ([("a", (1, 2))], "must map item names"),
])
def test_bad_bounds_are_refused(bounds, message):
    with pytest.raises(ProblemError, match=message):
        ExactCover(["a"], ["x"], bounds=bounds)


# --- the search: every subset of options tried, Knuth's DLX3 example ---

@st.composite
def bounded_problems(draw, coloured: bool = False) -> ExactCover:
    """Small random problems whose primary items have random bounds (some (1, 1)); ``coloured``: options
    may colour their secondary items."""
    primary = [f"p{i}" for i in range(draw(st.integers(1, 4)))]
    secondary = [f"s{i}" for i in range(draw(st.integers(0, 2)))]
    bounds = {}
    for name in primary:
        high = draw(st.integers(1, 3))
        bounds[name] = (draw(st.integers(0, high)), high)
    problem = ExactCover(primary, secondary, bounds=bounds)
    for _ in range(draw(st.integers(0, 10))):
        items = sorted(draw(st.sets(st.sampled_from(primary + secondary), min_size=1)) | {draw(st.sampled_from(primary))},
                       key=(primary + secondary).index)
        colours = [draw(st.sampled_from(["", "red", "blue"])) if coloured and item.startswith("s") else ""
                   for item in items]
        problem.add_option(items, colours=colours)
    return problem


def found(problem: ExactCover, **controls) -> list[frozenset[int]]:
    return [frozenset(solution) for solution in engine.Search(problem, **controls)]


@settings(max_examples=80, deadline=None)
@given(bounded_problems(coloured=True))
def test_each_solution_is_found_once_as_every_subset_tried(problem):
    solutions = found(problem)
    assert len(solutions) == len(set(solutions))  # once each, never once per order of its options
    assert set(solutions) == brute_force(problem)


@settings(max_examples=40, deadline=None)
@given(bounded_problems(), st.data())
def test_given_options_are_in_every_solution_found(problem, data):
    if not problem.options:
        return
    given = data.draw(st.lists(st.integers(0, len(problem.options) - 1), max_size=2, unique=True))
    assert set(found(problem, given=given)) == {s for s in brute_force(problem) if set(given) <= s}


def test_knuths_example_has_one_solution():
    problem = dlx_text.loads("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")
    assert found(problem) == [frozenset({1, 3, 4})] and engine.count(problem).solutions == 1


def test_plain_problems_keep_their_engines_and_bounded_ones_go_to_algorithm_m():
    plain = ExactCover(["a", "b"])
    plain.add_option(["a", "b"])
    assert engine.choose("auto", plain).NAME != multiplicity.NAME
    bounded = ExactCover(["a", "b"], bounds={"a": (0, 2)})
    bounded.add_option(["a", "b"])
    assert engine.choose("auto", bounded) is engine.by_bounds() and engine.count(bounded).solutions == 1
    with pytest.raises(ValueError, match="the fewest engine does not take items with bounds"):
        engine.count(bounded, engine="fewest")


@pytest.mark.skipif(not multiplicity_native.ready(), reason="the C search was not built")
@settings(max_examples=60, deadline=None)
@given(bounded_problems(coloured=True), st.data())
def test_the_c_search_walks_the_python_search(problem, data):
    given = data.draw(st.lists(st.integers(0, max(len(problem.options) - 1, 0)), max_size=1, unique=True)) \
        if problem.options else []
    nodes = []
    python = list(multiplicity.solutions(problem, given, lambda n, e, final=False: nodes.append(n) and False))
    assert list(multiplicity_native.solutions(problem, given)) == python  # the same solutions in the same order
    counted, first, c_nodes, exhausted = multiplicity_native.count(problem, given)
    assert (counted, first, c_nodes, exhausted) == (len(python), python[0] if python else None, nodes[-1], True)


def test_langford_gaps_are_counted_as_knuths_dlx3_counts_them():
    problem = langford_gaps(16, 8)  # bench/dlx3.py's Langford-like problem, small: DLX3 says 300
    assert engine.count(problem).solutions == 300
    assert sum(1 for _ in multiplicity.solutions(problem)) == 300
    assert engine.count(dlx_text.loads(dlx_text.dumps(problem))).solutions == 300


def test_pentominoes_each_at_most_once_fill_5x6_in_2164_ways_as_dlx3_counts():
    from xlsolver.families import tiling

    puzzle = tiling.FAMILY.parse(["......"] * 5, {"pieces": "pentominoes", "use": "any"})
    assert puzzle.problem.primary_bounds()[-12:] == [(0, 1)] * 12
    assert engine.count(puzzle.problem).solutions == 2164  # DLX3 on the file --save-dlx wrote: 2,164
