"""The compiled engine (numba) against the reference engine: same solutions, same order."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver import ExactCover, Search, count, engine
from xlsolver.geometry import catalog
from xlsolver.engine import estimate, fast, fewest_native, reference
from xlsolver.families import tiling
from helpers import short_search, small_search_engine
from problems import small_problems
from test_colours import dodecahedron

pytestmark = pytest.mark.skipif(not fast.available(), reason="numba is not installed")


def board_problem(name: str) -> ExactCover:
    board = catalog.board(name)
    return tiling.encode(tiling.parse(tiling.empty_board_rows(board), catalog.piece_set(board.pieces)))


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
@settings(max_examples=200, deadline=None)
@given(small_problems())
def test_same_solutions_in_the_same_order_on_random_problems(problem):
    assert list(Search(problem, engine="compiled-first")) == list(Search(problem, engine="reference"))
    assert count(problem, engine="compiled-first").solutions == count(problem, engine="reference").solutions


@settings(max_examples=60, deadline=None)
@given(small_problems(), st.data())
def test_given_options_and_limits_agree(problem, data):
    if not problem.options:
        return
    forced = sorted(data.draw(st.sets(st.integers(0, len(problem.options) - 1), max_size=2)))
    limit = data.draw(st.integers(1, 4))
    fast_result = count(problem, given=forced, limit=limit, engine="compiled-first")
    slow_result = count(problem, given=forced, limit=limit, engine="reference")
    assert (fast_result.solutions, fast_result.complete, fast_result.first) == \
        (slow_result.solutions, slow_result.complete, slow_result.first)


def domino_problem(seed: int, rows: int, cols: int, n_secondary: int) -> ExactCover:
    """Domino tilings of a board (rows x cols primary items, several 64-bit words), some
    dominoes also taking one of a few secondary items."""
    rng = random.Random(seed)
    cells = [f"r{r}c{c}" for c in range(cols) for r in range(rows)]
    problem = ExactCover(cells, [f"s{i}" for i in range(n_secondary)])
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0)):
                if r + dr < rows and c + dc < cols:
                    extra = [rng.choice(problem.secondary)] if n_secondary and rng.random() < 0.2 else []
                    problem.add_option([f"r{r}c{c}", f"r{r + dr}c{c + dc}"] + extra)
    return problem


@pytest.mark.parametrize("seed, rows, cols, n_secondary", [(1, 3, 22, 30), (2, 4, 33, 60), (3, 2, 32, 0), (4, 4, 50, 90)])
def test_problems_wider_than_a_machine_word(seed, rows, cols, n_secondary):
    problem = domino_problem(seed, rows, cols, n_secondary)
    fast_solutions = list(Search(problem, engine="compiled-first", limit=300))
    assert fast_solutions == list(Search(problem, engine="reference", limit=300))
    assert len(fast_solutions) == 300 and all(problem.is_solution(s) for s in fast_solutions)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["3x20", "4x15"])
def test_known_boards_agree(name):
    problem = board_problem(name)
    fast_result, slow_result = count(problem, engine="compiled-first"), count(problem, engine="reference")
    assert (fast_result.solutions, fast_result.nodes) == (slow_result.solutions, slow_result.nodes)


@pytest.mark.parametrize("name", ["scott", "5x12", "6x10"])
def test_known_boards_agree_up_to_symmetry(name):
    from xlsolver.counting.symmetry import count_up_to_symmetry

    board = catalog.board(name)
    puzzle = tiling.parse(tiling.empty_board_rows(board), catalog.piece_set(board.pieces))
    problem = tiling.encode(puzzle)
    maps = tiling.item_maps(puzzle, problem)
    fast_result = count_up_to_symmetry(problem, maps, engine_name="compiled-first")
    assert (fast_result.total, fast_result.distinct) == (board.known_total, board.known_distinct)
    if name == "scott":
        slow = count_up_to_symmetry(problem, maps, engine_name="reference")
        assert (slow.total, slow.distinct, slow.nodes) == (fast_result.total, fast_result.distinct, fast_result.nodes)


def test_booklet_challenges_agree(iq_facts):
    for challenge in iq_facts["sample_challenges"]:
        puzzle = tiling.parse(challenge["start"])
        problem = tiling.encode(puzzle)
        result = count(problem, engine="compiled-first")
        assert result.solutions == 1
        assert tiling.decode(puzzle, problem, result.first) == [r.upper() for r in challenge["solution"]]


def test_time_limit_and_cancellation_stop_the_compiled_search(step_clock):
    problem = board_problem("iq5x11")
    timed = count(problem, engine="compiled-first", time_limit=0.3)
    assert timed.stopped == "time limit" and 0 < timed.explored < 1 and timed.solutions > 0
    reports = []
    cancelled = count(problem, engine="compiled-first", cancel=lambda: len(reports) > 2, progress=reports.append,
                      progress_interval=0.0)
    assert cancelled.stopped == "cancelled" and reports[-1].explored > 0


def test_auto_picks_plain_python_for_single_answers_and_small_searches():
    big, small = board_problem("6x10"), board_problem("3x20")
    assert engine.choose("auto", big, limit=1) is short_search(reference)
    assert engine.choose("auto", big, limit=2) is short_search(reference)
    assert engine.choose("auto", big) is fast
    # a small search: run by the fewest-options search in C where built (it ends within its trial, so nothing is
    # estimated), else plain Python where compiled code must load numba first, compiled where its C copy starts at once
    assert engine.choose("auto", small) is small_search_engine()
    with pytest.raises(ValueError, match="unknown engine"):
        engine.choose("turbo", small)


def test_a_search_that_ends_within_its_trial_is_measured_not_estimated():
    """The dodecahedron's 300 solutions end within the C search's trial: its count is the choice's, and no
    estimate runs; 6x10's search runs on past it (None: estimated as before).  Counted in nodes, so the same
    on any machine."""
    if not fewest_native.ready():
        pytest.skip("the fewest-options C kernel was not built")
    measured = estimate.small_search(dodecahedron())
    assert (measured.rule, measured.compiled, measured.solutions) == ("fewest", True, 300.0)
    assert estimate.small_search(board_problem("6x10")) is None
    assert estimate.small_search(board_problem("6x10"), limit=3).solutions == 3.0  # a limit ends it early


def test_importing_xlsolver_does_not_import_numba():
    code = "import sys, xlsolver, xlsolver.cli, xlsolver.engine; sys.exit('numba' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_json_says_which_engine_ran(cli, tmp_path):
    big = json.loads(cli("count", "--board", "iq5x11", "--json").stdout)
    assert (big["solutions"], big["engine"], big["counter"]) == (4_331_140, "memo", "memoised")
    small = json.loads(cli("count", "--board", "3x20", "--json").stdout)
    assert small["engine"] == small_search_engine().NAME
    solved = json.loads(cli("solve", "-", "--json", stdin=tiling_text()).stdout)
    assert solved["engine"] == short_search(reference).NAME


def tiling_text() -> str:
    from helpers import EXAMPLES
    return (EXAMPLES / "iq-master-31.txt").read_text()
