"""The memoised counter against plain search: the same counts, and it steps aside when it should."""
from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver import ExactCover, count, engine
from xlsolver.geometry import catalog
from xlsolver.engine import memo
from xlsolver.families import tiling
from helpers import small_search_engine
from problems import small_problems, small_tilings

pytestmark = pytest.mark.skipif(not memo.available(), reason="numba is not installed")


def plain(problem, given=()):
    return count(problem, given=given, engine="reference").solutions


def memo_count(problem, given=()):
    return memo.count(problem, given).solutions


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
@settings(max_examples=300, deadline=None)
@given(small_problems(), st.data())
def test_same_counts_as_the_search_on_random_problems(problem, data):
    forced = []
    if problem.options and data.draw(st.booleans()):
        forced = sorted(data.draw(st.sets(st.integers(0, len(problem.options) - 1), max_size=2)))
    assert memo_count(problem, forced) == plain(problem, forced)


@settings(max_examples=40, deadline=None)
@given(small_tilings())
def test_same_counts_as_the_search_on_small_tilings(puzzle):
    problem = tiling.encode(puzzle)
    assert memo_count(problem) == plain(problem)


def wide_random_problem(seed: int, n_items: int = 24, n_options: int = 90) -> ExactCover:
    """Items in no useful order, options of 2-4 items anywhere: a bandwidth-reducing order is needed."""
    import random

    rng = random.Random(seed)
    problem = ExactCover([f"i{k}" for k in range(n_items)], ["x", "y"])
    for _ in range(n_options):
        items = rng.sample(problem.primary, rng.randint(2, 4)) + (["x"] if rng.random() < 0.1 else [])
        problem.add_option(items)
    return problem


@pytest.mark.parametrize("seed", range(5))
def test_items_in_any_order(seed):
    problem = wide_random_problem(seed)
    assert memo_count(problem) == plain(problem)


def board(name: str) -> ExactCover:
    b = catalog.board(name)
    return tiling.encode(tiling.parse(tiling.empty_board_rows(b), catalog.piece_set(b.pieces)))


def test_pentomino_rectangles_published_counts():
    """Published: 4x15 has 1,472 tilings and 5x12 4,040 (368 and 1,010 up to symmetry, times 4)."""
    assert memo.count(board("4x15")).solutions == 1472
    assert memo.count(board("5x12")).solutions == 4040


def test_a_tiling_keeps_its_pieces_in_wide_bits_and_a_short_window():
    laid_out = memo.layout(board("5x12"))
    assert len(laid_out.wide_items) == 12  # the pieces
    assert laid_out.window <= 4 * 5  # a piece reaches at most four columns of five past its first cell


def test_trivial_layouts_are_the_count():
    problem = ExactCover(["a", "b", "c"])
    both = problem.add_option(["a", "b"])
    problem.add_option(["a"])
    assert memo.layout(problem) == 0  # c is in no option
    problem.add_option(["c"])
    assert memo.layout(problem, [both, 2]) == 1  # nothing left to cover
    assert memo.layout(problem, [both, 1]) == 0  # given options that clash
    assert memo.count(problem).solutions == 1
    problem.add_option(["b"])
    assert memo.count(problem).solutions == 2


def test_options_of_secondary_items_only_are_never_chosen():
    problem = ExactCover(["a"], ["s"])
    problem.add_option(["a"])
    problem.options.append((1,))  # as Knuth's format allows: an option of secondary items only
    problem.labels.append(None)
    assert memo.count(problem).solutions == 1


def test_memory_cap_and_state_cap_give_way_to_the_search():
    problem = board("5x12")
    with pytest.raises(memo.Unsuitable, match="MB"):
        memo.count(problem, memory_mb=1)
    with pytest.raises(memo.Unsuitable, match="sub-problems"):
        memo.count(problem, max_states=1000)


def test_a_key_wider_than_64_bits_is_refused():
    """Options of random items among 300: no order keeps the state within 64 bits."""
    problem = wide_random_problem(1, n_items=300, n_options=3000)
    with pytest.raises(memo.Unsuitable, match="bits"):
        memo.layout(problem)


def test_search_uses_it_for_big_counts():
    """Where its sub-problems cost a small part of the search (IQ Puzzler Pro's 5 x 11: 0.4 s, the search 46 s),
    not where they cost half of it (5 x 12: 0.2 s against 0.5 s): a lost bet would cost more than it may."""
    counted = count(board("iq5x11"))
    assert (counted.engine, counted.solutions, counted.complete) == ("memo", 4_331_140, True)
    assert counted.peak_bytes > 0
    assert count(board("5x12")).engine != "memo"


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
def test_a_limited_count_costs_no_more_than_the_whole_count():
    """The work a limited count chooses, never the whole search where counting them all is cheaper: on
    IQ5x11 (4,331,140 tilings) the first 3 come at once by a search (in C, or where that was not built in plain
    Python: no numba to load), while 5,000,001, or exactly as many as there are, would cost the whole search:
    the memoised counter counts them all (as the count without a limit does) and the limit is applied to its
    count."""
    iq = board("iq5x11")
    few = count(iq, limit=2)
    searched = small_search_engine().NAME
    assert (few.engine, few.solutions, few.stopped) == (searched, 2, "limit")
    many = count(iq, limit=100_000)  # a fiftieth of the search: counted either way, stopped at the limit
    assert (many.solutions, many.complete, many.stopped) == (100_000, False, "limit")
    beyond = count(iq, limit=5_000_000)
    assert (beyond.engine, beyond.solutions, beyond.complete, beyond.stopped) == ("memo", 4_331_140, True, None)
    exactly = count(iq, limit=4_331_140)  # exactly the limit: complete, as a search looking for one more says
    assert (exactly.engine, exactly.solutions, exactly.complete) == ("memo", 4_331_140, True)


def test_search_falls_back_to_the_plain_search_under_a_memory_cap(monkeypatch):
    monkeypatch.setattr(engine, "MEMO_ABOVE_SECONDS", 0)  # try it even on a small count...
    monkeypatch.setitem(memo.STATE_SECONDS, memo.loop(), 1e-30)  # ...whatever its number of states
    assert count(board("3x20")).engine == "memo"
    counted = count(board("3x20"), memory_mb=0.01)
    assert counted.engine != "memo" and counted.solutions == 8


def test_cancel_and_time_limit_stop_it(step_clock):
    problem = board("6x10")
    stop = threading.Event()
    stop.set()
    cancelled = count(problem, cancel=stop)
    assert not cancelled.complete and cancelled.stopped == "cancelled"
    timed = count(problem, time_limit=0.0)
    assert not timed.complete and timed.stopped == "time limit"


def test_the_c_loop_is_built_here():
    """pip install compiles memo_kernel.c (setup.py); without it every count pays numba's start."""
    assert memo.loop() == "c", "the C loop was not built: pip install -e . needs a C compiler"


both_loops = pytest.mark.skipif(memo.loop() != "c" or not engine.fast.available(),
                                reason="needs the C loop and numba")


def through_both(problem, **controls):
    """The same count by the C loop and numba's: every figure (count, states, steps, peak memory)."""
    results = []
    for using in ("c", "numba"):
        try:
            results.append(memo.count(problem, using=using, **controls))
        except memo.Unsuitable as refused:
            results.append(str(refused))
    return results


@pytest.mark.slow
@both_loops
@settings(max_examples=150, deadline=None)
@given(small_problems(primary=(1, 10), most_options=30))
def test_the_two_loops_agree_on_random_problems(problem):
    c, numba = through_both(problem)
    assert c == numba


@pytest.mark.slow  # numba's copy of the loop compiles in 7 s in a fresh clone: the slow run checks it
@both_loops
@pytest.mark.parametrize("name", ["4x15", "5x12", "iq5x11"])
def test_the_two_loops_agree_on_boards_also_when_the_memory_cap_stops_them(name):
    c, numba = through_both(board(name))
    assert c == numba and c.states > 1000
    assert through_both(board(name), memory_mb=c.peak_bytes / 2**20 / 3) == ["the counter would need more "
                                                                             f"than {c.peak_bytes / 2**20 / 3:g} MB"] * 2


@both_loops
def test_slices_of_any_size_give_the_same_count(monkeypatch):
    whole = memo.count(board("5x12"), using="c")
    monkeypatch.setattr(memo, "FIRST_SLICE", 3)
    monkeypatch.setattr(engine.fast, "next_slice", lambda budget, *_: budget + 1)  # hundreds of slices
    slices = []
    assert memo.count(board("5x12"), using="c", tick=lambda *a: slices.append(a) and False) == whole
    assert len(slices) > 300


def test_a_library_built_from_another_version_of_the_c_file_is_not_used(monkeypatch):
    monkeypatch.setattr(memo.native, "ABI", -1)
    memo.native.load.cache_clear()
    try:
        assert memo.native.load() is None and memo.loop() in ("numba", None)
    finally:
        monkeypatch.undo()
        memo.native.load.cache_clear()
