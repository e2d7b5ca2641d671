"""The exact-cover engine against known answers and a brute-force enumerator."""
from __future__ import annotations

import dataclasses
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver import ExactCover, ProblemError, Search, count, engine, first_solution, uniqueness
from xlsolver.engine import fast, fast_fewest, fewest, fewest_native, reference
from xlsolver.families import sudoku, tiling
from xlsolver.geometry import catalog
from helpers import short_search
from problems import brute_force, knuth_example, small_problems


def test_knuth_example_has_its_one_solution():
    problem = knuth_example()
    result = count(problem)
    assert (result.solutions, result.complete, result.stopped) == (1, True, None)
    assert sorted(result.first) == [0, 3, 4]
    assert uniqueness(problem).unique is True


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
@settings(max_examples=300, deadline=None)
@given(small_problems())
def test_engine_finds_exactly_the_brute_force_solutions(problem):
    found = [frozenset(s) for s in Search(problem)]
    assert len(found) == len(set(found)), "a solution was reported twice"
    assert set(found) == brute_force(problem)
    for solution in found:
        assert problem.is_solution(sorted(solution))
    assert count(problem).solutions == len(found)


@settings(max_examples=150, deadline=None)
@given(small_problems(), st.integers(0, 4))
def test_limit_and_uniqueness_agree_with_brute_force(problem, limit):
    everything = brute_force(problem)
    limited = count(problem, limit=limit)
    assert limited.solutions == min(limit, len(everything))
    assert limited.complete == (0 < limit and len(everything) <= limit)  # count looks for one more
    assert uniqueness(problem).unique == (len(everything) == 1)


@settings(max_examples=150, deadline=None)
@given(small_problems(), st.data())
def test_given_options_restrict_to_the_solutions_containing_them(problem, data):
    if not problem.options:
        return
    forced = data.draw(st.sets(st.integers(0, len(problem.options) - 1), max_size=2))
    expected = {s for s in brute_force(problem) if forced <= s}
    assert {frozenset(s) for s in Search(problem, given=sorted(forced))} == expected


def test_secondary_items_are_covered_at_most_once():
    problem = ExactCover(["a", "b"], ["x"])
    problem.add_option(["a", "x"])
    problem.add_option(["b", "x"])
    problem.add_option(["a"])
    problem.add_option(["b"])
    solutions = {frozenset(s) for s in Search(problem)}
    assert solutions == {frozenset({0, 3}), frozenset({2, 1}), frozenset({2, 3})}


def test_no_primary_items_means_one_empty_solution_and_an_uncoverable_item_none():
    assert count(ExactCover([])).solutions == 1
    lonely = ExactCover(["a", "b"])
    lonely.add_option(["a"])
    assert count(lonely).solutions == 0 and count(lonely).complete


def test_bad_problems_are_refused_with_a_reason():
    with pytest.raises(ProblemError, match="declared twice"):
        ExactCover(["a", "a"])
    with pytest.raises(ProblemError, match="spaces"):
        ExactCover(["a b"])
    problem = ExactCover(["a"])
    with pytest.raises(ProblemError, match="undeclared item 'z'"):
        problem.add_option(["a", "z"])
    with pytest.raises(ProblemError, match="twice"):
        problem.add_option(["a", "a"])
    with pytest.raises(ProblemError, match="at least one item"):
        problem.add_option([])


def pentomino_problem(board: str = "6x10") -> ExactCover:
    b = catalog.board(board)
    return tiling.encode(tiling.parse(tiling.empty_board_rows(b), catalog.piece_set(b.pieces)))


def test_time_limit_stops_and_says_how_far_it_got(step_clock):
    result = count(pentomino_problem(), time_limit=0.3)
    assert result.complete is False and result.stopped == "time limit"
    assert 0.0 < result.explored < 1.0
    assert result.nodes > 0 and result.solutions < 9356


def test_a_real_time_limit_stops_a_search_that_cannot_end():
    """The one time limit of this module on the real clock: an empty sudoku has 6.67e21 solutions, more
    than any search lists and than the memoised counter holds, so the count ends at its limit, never first."""
    problem = sudoku.encode(sudoku.parse(["." * 9] * 9))
    result = count(problem, time_limit=0.3, engine="auto")
    assert (result.complete, result.stopped) == (False, "time limit")


def test_cancellation_from_another_thread_stops_the_search():
    """Another thread sets the Event while the search waits for it in its first progress report."""
    searching, stop = threading.Event(), threading.Event()

    def report(progress) -> None:
        searching.set()
        assert stop.wait(60), "the other thread never set the Event"

    setter = threading.Thread(target=lambda: searching.wait(60) and stop.set())
    setter.start()
    result = count(pentomino_problem(), cancel=stop, progress=report)
    setter.join()
    assert result.stopped == "cancelled" and not result.complete


def test_cancel_may_be_a_callable_and_iteration_can_stop_early():
    found = []
    search = Search(pentomino_problem(), cancel=lambda: len(found) >= 3)
    for solution in search:
        found.append(solution)
    assert search.result.stopped == "cancelled"
    assert search.result.solutions == len(found) >= 3


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
def test_progress_reports_grow_and_stay_in_range():
    reports = []
    count(pentomino_problem("4x15"), progress=reports.append, progress_interval=0.0, limit=400, engine="reference")
    assert len(reports) > 3
    nodes = [r.nodes for r in reports]
    assert nodes == sorted(nodes)
    assert all(0.0 <= r.explored <= 1.0 for r in reports)
    assert reports[-1].explored > reports[0].explored


def test_first_solution_is_a_solution_and_deterministic():
    problem = pentomino_problem()
    a, b = first_solution(problem), first_solution(problem)
    assert a.first == b.first and problem.is_solution(a.first)
    assert a.solutions == 1 and a.stopped == "limit"


# --- "fewest options" branching (Knuth's MRV) -------------------------------

def fewest_version(problem: ExactCover) -> ExactCover:
    return dataclasses.replace(problem, branching="fewest")


@settings(max_examples=100, deadline=None)
@given(small_problems())
def test_fewest_rule_finds_the_same_set_of_solutions_as_the_first_item_rule(problem):
    tight = fewest_version(problem)
    search = Search(tight, engine="fewest")  # Search(tight) may run numba's copy, once numba is loaded
    found = [frozenset(s) for s in search]
    assert len(found) == len(set(found)), "a solution was reported twice"
    assert set(found) == {frozenset(s) for s in Search(problem, engine="reference")} == brute_force(problem)
    assert search.result.complete and search.result.solutions == len(found)
    assert count(tight).solutions == len(found)


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
@settings(max_examples=150, deadline=None)
@given(small_problems(), st.integers(0, 4), st.data())
def test_fewest_rule_with_givens_limits_and_uniqueness(problem, limit, data):
    tight = fewest_version(problem)
    everything = brute_force(problem)
    limited = count(tight, limit=limit)
    assert limited.solutions == min(limit, len(everything))
    assert limited.complete == (0 < limit and len(everything) <= limit)
    assert uniqueness(tight).unique == (len(everything) == 1)
    if problem.options:
        forced = data.draw(st.sets(st.integers(0, len(problem.options) - 1), max_size=2))
        expected = {s for s in everything if forced <= s}
        assert {frozenset(s) for s in Search(tight, given=sorted(forced))} == expected


def test_fewest_rule_branches_on_the_tightest_item_first_declared_on_ties():
    # "c" has one option, so it is chosen first: the search sees 2 nodes, not 4.
    problem = ExactCover(["a", "b", "c"], branching="fewest")
    for items in (["a"], ["a", "b"], ["b"], ["b", "c"]):
        problem.add_option(items)
    result = count(problem, engine="fewest")
    assert (result.solutions, result.first, result.nodes, result.engine) == (1, (3, 0), 2, "fewest")
    assert Search(problem).engine in (fewest, fast_fewest, fewest_native)  # the rule, in Python or compiled
    assert count(problem, engine="reference").first == (0, 3)
    # An uncoverable item stops the search at once.
    dead = ExactCover(["a", "b"], branching="fewest")
    dead.add_option(["a"])
    assert count(dead).solutions == 0 and count(dead).nodes == 0


def test_fewest_rule_on_pentomino_boards_and_with_clashing_givens():
    problem = pentomino_problem("3x20")
    assert count(fewest_version(problem)).solutions == count(problem).solutions == 8
    assert {frozenset(s) for s in Search(fewest_version(problem))} == {frozenset(s) for s in Search(problem)}
    knuth = fewest_version(knuth_example())
    assert count(knuth, given=[0, 2]).solutions == 0  # options 0 and 2 share C
    assert count(knuth, given=[0, 0]).solutions == 0  # an option given twice clashes with itself
    assert list(Search(knuth, given=[0, 3, 4])) == [(0, 3, 4)]


@pytest.mark.slow  # the first-item engine's contract tests stay in the quick run
def test_fewest_engine_keeps_the_time_limit_cancel_and_progress_contract(step_clock):
    problem = fewest_version(pentomino_problem())
    result = count(problem, time_limit=0.3, engine="fewest")
    assert result.engine == "fewest" and result.stopped == "time limit" and not result.complete
    assert 0.0 < result.explored < 1.0 and result.nodes > 0
    found = []
    search = Search(problem, cancel=lambda: len(found) >= 2, engine="fewest")
    for solution in search:
        assert problem.is_solution(solution)
        found.append(solution)
    assert search.result.stopped == "cancelled" and search.result.solutions == len(found) >= 2
    reports = []
    count(fewest_version(pentomino_problem("3x20")), progress=reports.append, progress_interval=0.0, engine="fewest")
    assert len(reports) >= 3
    assert [r.nodes for r in reports] == sorted(r.nodes for r in reports)
    assert all(0.0 <= r.explored <= 1.0 for r in reports)


def test_a_fewest_problem_runs_its_rule_in_python_or_compiled():
    problem = fewest_version(pentomino_problem())
    for limit in (1, 2):
        assert engine.choose("auto", problem, limit=limit) is short_search(fewest)
    assert engine.choose("reference", problem) is reference  # slower, still right
    assert engine.choose("fewest", pentomino_problem("3x20")) is fewest
    assert engine.choose("auto", pentomino_problem("3x20"), limit=1) is short_search(reference)
    if fast.available():
        assert engine.choose("numba", problem) is engine.BY_RULE["fewest"][1]
        assert engine.choose("auto", problem) is engine.BY_RULE["fewest"][1]  # a big search: compiled
    with pytest.raises(ValueError, match="unknown engine"):
        engine.choose("turbo", problem)


def test_branching_is_checked_and_kept_by_restricted():
    with pytest.raises(ProblemError, match="branching 'smallest'"):
        ExactCover(["a"], branching="smallest")
    problem = fewest_version(knuth_example())
    sub, old = problem.restricted([0, 3, 4, 5])
    assert sub.branching == "fewest" and old == [0, 3, 4, 5]
    assert knuth_example().restricted([0])[0].branching == "auto"
    assert count(sub).solutions == 1


def test_a_string_is_not_a_list_of_items_and_item_names_are_strings():
    problem = ExactCover(["a", "b", "ab"])
    with pytest.raises(ProblemError, match="string"):
        problem.add_option("ab")
    with pytest.raises(ProblemError, match="string"):
        problem.add_option("a b")
    assert problem.options == []
    assert problem.add_option(("a", "b")) == 0 and problem.add_option(iter(["ab"])) == 1
    with pytest.raises(ProblemError, match="item name 1 is a int; item names must be strings"):
        ExactCover(primary=[1, 2])
    with pytest.raises(ProblemError, match="must be strings"):
        ExactCover(["a"], [None])
    with pytest.raises(ProblemError, match="not the string"):
        ExactCover("abc")

