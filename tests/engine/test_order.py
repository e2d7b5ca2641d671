"""The engine's own item order: the same problem however it is written, the same count and about the same work."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver import ExactCover, count, engine
from xlsolver.geometry import catalog
from xlsolver.engine import memo, order, ordered
from xlsolver.families import tiling
from problems import dominoes, small_problems, small_tilings

needs_numba = pytest.mark.skipif(not memo.available(), reason="numba is not installed")


def board(name: str) -> ExactCover:
    b = catalog.board(name)
    return tiling.encode(tiling.parse(tiling.empty_board_rows(b), catalog.piece_set(b.pieces)))


def written(problem: ExactCover, seed: int | None = None, by_rows: bool = False) -> ExactCover:
    """``problem`` written another way: its items, options and the items of each option shuffled
    (``seed``), or its pieces first and its cells row by row (``by_rows``: a tiling's cells are named
    column letter, row number), as people write it by hand."""
    rng = random.Random(seed)
    items = list(problem.primary)
    options = [problem.option_items(o) for o in range(len(problem.options))]
    if by_rows:
        cells = sorted((i for i in items if len(i) > 1), key=lambda name: (int(name[1:]), name[0]))
        items = [i for i in items if len(i) == 1] + cells
    else:
        rng.shuffle(items)
        rng.shuffle(options)
        options = [rng.sample(option, len(option)) for option in options]
    again = ExactCover(items, list(problem.secondary))
    for option in options:
        again.add_option(option)
    return again


def shuffled(problem: ExactCover, seed: int) -> ExactCover:
    return written(problem, seed=seed)


@settings(max_examples=80, deadline=None)
@given(small_problems(), st.integers(0, 2**32 - 1))
def test_any_order_of_a_random_problem_counts_the_same(problem, seed):
    expected = count(problem, engine="reference").solutions
    again = shuffled(problem, seed)
    assert count(again, engine="reference").solutions == expected
    assert ordered.count(again)[0] == expected
    if memo.available():
        assert memo.count(again).solutions == expected


@needs_numba
@settings(max_examples=80, deadline=None)
@given(small_problems(), st.data())
def test_the_search_in_the_engines_order_finds_what_the_reference_finds(problem, data):
    last = len(problem.options) - 1
    forced = sorted(data.draw(st.lists(st.integers(0, max(last, 0)), max_size=2 if last >= 0 else 0, unique=True)))
    found = sorted(tuple(sorted(s)) for s in ordered.solutions(problem, forced))
    assert found == sorted(tuple(sorted(s)) for s in engine.Search(problem, given=forced, engine="reference"))
    assert ordered.count(problem, forced)[0] == len(found)
    assert all(problem.is_solution(s) for s in found)


@needs_numba
@settings(max_examples=30, deadline=None)
@given(small_tilings(), st.integers(0, 2**32 - 1))
def test_small_tilings_in_any_order_count_the_same(puzzle, seed):
    problem = tiling.encode(puzzle)
    expected = count(problem, engine="reference").solutions
    assert ordered.count(shuffled(problem, seed))[0] == expected
    assert memo.count(shuffled(problem, seed)).solutions == expected


def test_an_order_holds_every_primary_item_once():
    problem = board("6x10")
    for seed in range(3):
        again = shuffled(problem, seed)
        assert sorted(order.search_order(again)) == list(range(len(again.primary)))
        twin = ordered.renumbered(again)
        assert sorted(twin.primary) == sorted(again.primary)
        assert [set(twin.option_items(o)) for o in range(len(twin.options))] == \
            [set(again.option_items(o)) for o in range(len(again.options))]


@needs_numba
def test_a_tiling_costs_the_same_states_however_it_is_written():
    """5x12 pentominoes (4,040 tilings): xlsolver's sweep, pieces first and the cells row by row, and
    shuffled twice; each is counted by memoised sub-problems in about as many states (a shuffled file's
    state once passed the memory cap: its layout followed the file's order)."""
    problem = board("5x12")
    ways = [problem, written(problem, by_rows=True), shuffled(problem, 1), shuffled(problem, 2)]
    counted = [memo.count(way, max_states=10**7) for way in ways]
    assert [c.solutions for c in counted] == [4040] * 4
    states = [c.states for c in counted]
    assert max(states) <= 1.3 * min(states), states
    assert all(len(memo.layout(way).wide_items) == 12 for way in ways)  # the pieces, found by their reach


@needs_numba
def test_a_shuffled_tiling_is_counted_by_sub_problems():
    """The counter is priced against whichever search would run (here not the first-item one in the file's
    own order, a hopeless search), not only when the first-item search is chosen: IQ Puzzler Pro's 5 x 11,
    shuffled, is counted by sub-problems in a small part of any search's time."""
    problem = shuffled(board("iq5x11"), 7)
    how = engine.counter(problem)
    assert how.name == engine.MEMOISED and how.engine is not engine.fast
    result = engine.count_by(problem, how)
    assert result is not None and result.solutions == 4_331_140


@needs_numba
def test_the_engines_order_is_priced_for_the_search():
    """A count the memoised counter cannot make (no memory for it) searches in the engine's own order when
    the declared one is estimated dearer: a tiling written row by row, its pieces first."""
    problem = written(board("5x12"), by_rows=True)
    how = engine.counter(problem)  # the declared order's first-item search: estimated at 50 hours
    assert how.engine in (ordered, engine.BY_RULE["fewest"][1])  # 0.5 s and 0.9 s, estimated at 1.3 s each
    result = engine.count(problem, memory_mb=0.001)
    assert (result.solutions, result.engine) == (4040, how.engine.NAME)


def test_profile_counts_the_positions_an_option_begun_before_may_have_covered():
    import numpy as np

    # options {0, 2} and {1, 3}: at position 1, position 2 may be covered (by {0, 2}); at 2, position 3
    padded = np.array([[0, 2], [1, 3]])
    assert order.profile([0, 1, 2, 3], padded, 4) == pytest.approx(np.log2(1 + 2 + 2 + 1))
    assert order.profile([0, 2, 1, 3], padded, 4) == pytest.approx(np.log2(4))  # each option in a row


@needs_numba
def test_a_pyramid_is_searched_without_first_filling_tables_with_states_that_never_repeat():
    """Kanoodle's pyramid: its best sweep promises 2**42 window states (a tiling's, 2**30 at most); the
    memoised counter, tried, filled its tables for a second before it gave up, a third of the count."""
    from xlsolver.families import solid
    from xlsolver.geometry.lattice import SPHERES

    built = solid.problem(solid.Solid(SPHERES, SPHERES.pyramid(), catalog.piece_set("kanoodle")))
    with pytest.raises(memo.Unsuitable, match="window states"):
        memo.layout(built)
    assert engine.counter(built).name == engine.SEARCH


def test_a_square_board_is_swept_along_its_diagonals_however_it_is_written():
    """A square's two lowest modes are equal, so the spectral sweeps come out at any slant; breadth first
    from a corner sweeps the diagonals: 12 x 12 dominoes in 18,670 states (row by row, 23,360)."""
    problem = dominoes(12, 12)
    for way in (problem, shuffled(problem, 3)):
        layout = memo.layout(way)
        cells = [tuple(map(int, way.items[i][1:].split("c"))) for i in layout.narrow_items]
        swept = [[r + c for r, c in cells], [r - c for r, c in cells]]  # either way across
        assert any(d in (sorted(d), sorted(d, reverse=True)) for d in swept)  # one diagonal after another
        counted = memo.count(way)
        assert counted.solutions == 53060477521960000
        assert counted.states <= 18670
