"""The compiled fewest-options engine against fewest.py (same solutions, same order, same nodes),
known counts from outside the project, and the automatic choice of rule and engine."""
from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver import ExactCover, Search, count, engine, uniqueness
from xlsolver.geometry import catalog
from xlsolver.engine import dlx_text
from xlsolver.engine import estimate, fast, fast_fewest, fewest, fewest_native, reference
from xlsolver.families import sudoku, tiling
from problems import langford, queens, secondary_problems, small_problems

pytestmark = pytest.mark.skipif(not fast.available(), reason="numba is not installed")

WIKIPEDIA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
# Wikipedia's sudoku "designed to work against the brute force algorithm": ~9e7 first-item nodes, 81 fewest.
AGAINST_BRUTE_FORCE = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
problems = st.one_of(small_problems(), secondary_problems())


def sudoku_problem(text: str, branching: str = "auto") -> ExactCover:
    """The sudoku family's problem, left to the automatic choice (the family asks for "fewest")."""
    problem = sudoku.encode(sudoku.parse([text[i:i + 9] for i in range(0, 81, 9)]))
    return dataclasses.replace(problem, branching=branching)


def board_problem(name: str) -> ExactCover:
    board = catalog.board(name)
    return tiling.encode(tiling.parse(tiling.empty_board_rows(board), catalog.piece_set(board.pieces)))


def rule(module) -> str:
    return "fewest" if module in (fewest, fast_fewest, fewest_native) else "first"


#: Both rules' C kernels were built: every search runs compiled (they start at once), else a short one in Python.
AT_ONCE = fast.native() and fewest_native.ready()
COMPILED_FEWEST = engine.BY_RULE["fewest"][1]  # the C kernel where built, else numba's


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
@settings(max_examples=250, deadline=None)
@given(problems)
def test_same_solutions_in_the_same_order_and_the_same_nodes_as_fewest_py(problem):
    python, compiled = Search(problem, engine="fewest"), Search(problem, engine="numba-fewest")
    solutions = list(python)
    assert list(compiled) == solutions
    assert compiled.result.nodes == python.result.nodes
    assert {frozenset(s) for s in solutions} == {frozenset(s) for s in Search(problem, engine="reference")}
    counted = count(problem, engine="numba-fewest")
    assert (counted.solutions, counted.nodes, counted.complete) == (len(solutions), python.result.nodes, True)
    assert counted.first == (solutions[0] if solutions else None)


@settings(max_examples=100, deadline=None)
@given(problems, st.data())
def test_given_options_and_limits_agree_with_fewest_py(problem, data):
    if not problem.options:
        return
    forced = sorted(data.draw(st.sets(st.integers(0, len(problem.options) - 1), max_size=2)))
    limit = data.draw(st.none() | st.integers(1, 4))
    python = list(Search(problem, given=forced, limit=limit, engine="fewest"))
    assert list(Search(problem, given=forced, limit=limit, engine="numba-fewest")) == python
    slow, quick = (count(problem, given=forced, limit=limit, engine=name) for name in ("fewest", "numba-fewest"))
    assert (quick.solutions, quick.complete, quick.first) == (slow.solutions, slow.complete, slow.first)


@pytest.mark.parametrize("problem", [queens(7), langford(7), sudoku_problem(WIKIPEDIA)], ids=["queens", "langford", "sudoku"])
def test_slices_of_a_node_or_two_resume_where_they_stopped(monkeypatch, problem):
    whole = list(Search(problem, engine="fewest"))
    monkeypatch.setattr(fast, "FIRST_SLICE", 1)
    monkeypatch.setattr(fast, "MIN_SLICE", 1)
    monkeypatch.setattr(fast, "MAX_SLICE", 2)
    monkeypatch.setattr(fast, "BUFFER", 3)  # a full buffer hands over and resumes too
    sliced = Search(problem, engine="numba-fewest")
    assert list(sliced) == whole
    assert sliced.result.complete and sliced.result.nodes == count(problem, engine="fewest").nodes
    assert count(problem, engine="numba-fewest").solutions == len(whole)


def test_time_limit_cancel_and_progress_stop_the_compiled_search(step_clock):
    problem = langford(16)  # about 1e10 nodes
    timed = count(problem, engine="numba-fewest", time_limit=0.3)
    assert timed.stopped == "time limit" and not timed.complete and 0 < timed.explored < 1 and timed.nodes > 0
    reports = []
    cancelled = count(problem, engine="numba-fewest", cancel=lambda: len(reports) > 2, progress=reports.append,
                      progress_interval=0.0)
    assert cancelled.stopped == "cancelled" and not cancelled.complete
    assert [r.nodes for r in reports] == sorted(r.nodes for r in reports) and reports[-1].explored > 0
    found = []
    search = Search(problem, engine="numba-fewest", cancel=lambda: len(found) >= 5)
    for solution in search:
        assert problem.is_solution(solution)
        found.append(solution)
    assert search.result.stopped == "cancelled" and search.result.solutions == len(found) >= 5


def test_options_of_secondary_items_only_are_read_written_and_never_chosen():
    text = "a b | x y\na x\nx\nb\ny\nb y\n"
    problem = dlx_text.loads(text)
    assert problem.options == [(0, 2), (2,), (1,), (3,), (1, 3)]
    assert dlx_text.dumps(problem) == text
    expected = [{0, 2}, {0, 4}]
    for name in engine.ENGINES:
        assert sorted(map(set, Search(problem, engine=name))) == expected, name
        assert count(problem, engine=name).solutions == 2
    # Given, such an option is taken as it is, by every engine.
    for name in engine.ENGINES:
        assert sorted(map(set, Search(problem, given=[3], engine=name))) == [{3, 0, 2}], name
        assert list(Search(problem, given=[3, 4], engine=name)) == [], name  # they share y
    assert estimate.first_item(problem).solutions == estimate.fewest(problem).solutions == 2


def test_estimates_are_exact_when_the_sample_holds_every_node():
    for problem in (queens(6), langford(5), sudoku_problem(WIKIPEDIA)):
        first, tight = count(problem, engine="reference"), count(problem, engine="fewest")
        wide_first = estimate.first_item(problem, population=10**6)
        wide_tight = estimate.fewest(problem, population=10**6, steps=10**9)
        assert (wide_first.nodes, wide_first.solutions) == (first.nodes, first.solutions)
        assert (wide_tight.nodes, wide_tight.solutions) == (tight.nodes, tight.solutions)


@pytest.mark.parametrize("n, solutions", [(8, 92), (9, 352), (10, 724)])
def test_n_queens_counts(n, solutions):
    assert count(queens(n), engine="numba-fewest").solutions == solutions
    assert count(queens(n)).solutions == solutions
    if n == 8:
        assert count(queens(n), engine="fewest").solutions == solutions


@pytest.mark.parametrize("n, sequences", [(3, 1), (4, 1), (5, 0), (7, 26), (8, 150), (11, 17792),
                                          pytest.param(12, 108144, marks=pytest.mark.slow)])
def test_langford_pairs_counts(n, sequences):
    """OEIS A014552 counts a sequence and its reverse once; the exact cover counts both."""
    assert count(langford(n), engine="numba-fewest").solutions == 2 * sequences
    if n <= 8:
        assert count(langford(n), engine="fewest").solutions == 2 * sequences


def test_inkalas_sudoku_is_unique_by_every_fewest_engine():
    problem = sudoku_problem(INKALA)
    for name in ("auto", "numba", "numba-fewest", "fewest", "compiled-fewest"):
        result = uniqueness(problem, engine=name)
        assert result.unique is True and rule(engine.ENGINES[result.engine]) == "fewest", name
        assert "".join(problem.labels[o][2] for o in sorted(result.first, key=problem.labels.__getitem__))[:9] \
            == "812753649"


def test_auto_branches_on_the_fewest_options_for_sudokus_langford_and_random_problems():
    import random

    rng = random.Random(1)
    wide = ExactCover([f"i{k}" for k in range(60)])
    for _ in range(300):
        wide.add_option([f"i{k}" for k in sorted(rng.sample(range(60), rng.randint(3, 6)))])
    sudokus = [sudoku_problem(text) for text in (WIKIPEDIA, AGAINST_BRUTE_FORCE, INKALA)]
    for problem in sudokus + [langford(11), wide]:
        assert engine.choose("numba", problem) is COMPILED_FEWEST
        for limit in (None, 1, 2):
            assert rule(engine.choose("auto", problem, limit=limit)) == "fewest"
    # small: in Python where compiled code would have to be loaded, compiled where it starts at once
    assert engine.choose("auto", sudoku_problem(INKALA), limit=2) is (COMPILED_FEWEST if AT_ONCE else fewest)
    assert engine.choose("auto", langford(12)) is COMPILED_FEWEST


@pytest.mark.parametrize("name", ["5x12", "iq5x11"])
def test_auto_keeps_the_first_item_rule_on_tilings(name):
    """Where the first-item search is about three times faster than the fewest-options one in C (5x12: 0.49 s and
    1.39 s, iq5x11: 46 s and 141 s; 6x10, 1.6 s and 2.2 s, is a close call either way)."""
    problem = board_problem(name)
    assert problem.branching == "auto"
    assert engine.choose("auto", problem) is fast
    assert engine.choose("numba", problem) is fast
    assert engine.choose("auto", problem, limit=1) is (fast if AT_ONCE else reference)


def test_a_problem_that_fixes_its_rule_keeps_it():
    for branching, python, compiled in (("first", reference, fast), ("fewest", fewest, COMPILED_FEWEST)):
        problem = sudoku_problem(INKALA, branching)
        assert engine.choose("numba", problem) is compiled
        assert engine.choose("auto", problem, limit=1) is (compiled if AT_ONCE else python)


def test_json_says_which_engine_and_rule_ran(cli, tmp_path):
    path = tmp_path / "langford.dlx"
    path.write_text(dlx_text.dumps(langford(11)))
    # a search, not memo's count (it is tried where the fewest-options search would take long, too: here
    # its tables cannot have the memory they need, and the search is short enough to run instead)
    report = json.loads(cli("count", str(path), "--limit", "99999", "--memory", "1", "--json").stdout)
    assert (report["solutions"], report["complete"], report["engine"]) == (2 * 17792, True, COMPILED_FEWEST.NAME)
    report = json.loads(cli("solve", str(path), "--json").stdout)  # one solution: compiled only where it starts at once
    assert report["engine"] == (COMPILED_FEWEST.NAME if AT_ONCE else "fewest")


def test_solutions_cross_the_growing_buffer_each_once_in_order():
    """The compiled engines hand solutions to Python in a buffer of fast.FIRST_ROWS rows that doubles when a slice
    fills it: the 92 solutions of 8 queens cross several sizes, each handed over once, in plain Python's order."""
    problem = queens(8)
    assert fast.FIRST_ROWS < 92
    assert list(Search(problem, engine="numba-fewest")) == list(Search(problem, engine="fewest"))
    assert list(Search(problem, engine="compiled-first")) == list(Search(problem, engine="reference"))
    assert len(list(Search(problem, engine="numba-fewest"))) == 92
