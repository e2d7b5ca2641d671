"""The one counting entry point: what to count goes in, the way it chose comes out with the count."""
from __future__ import annotations

import json

import pytest

from xlsolver import ExactCover, counting, engine
from xlsolver.geometry import catalog
from xlsolver.counting import Controls, Request
from xlsolver.engine import memo
from xlsolver.families import tiling

needs_memo = pytest.mark.skipif(not memo.available(), reason="the memoised counter needs its C loop or numba")


def board(name: str) -> tuple[ExactCover, list]:
    """An empty board's problem and its symmetries as item maps."""
    b = catalog.board(name)
    puzzle = tiling.parse(tiling.empty_board_rows(b), catalog.piece_set(b.pieces))
    problem = tiling.encode(puzzle)
    return problem, tiling.item_maps(puzzle, problem)


@pytest.mark.slow
@needs_memo
def test_each_way_says_its_name_and_counts_the_same(monkeypatch):
    """6x10 (9,356 tilings, 2,339 up to its 4 symmetries): the memoised counter where it is tried (here on a
    count of a second, where engine.counter's bet is widened: it counts 6x10 in half the search's time), with
    too little memory for it, the symmetry plan, or without the symmetries one search."""
    monkeypatch.setattr(engine, "MEMO_ABOVE_SECONDS", 0.0)
    monkeypatch.setattr(engine, "GIVE_UP_AFTER", 3.0)
    problem, maps = board("6x10")
    ways = {"memoised": Request(problem),
            "symmetry plan": Request(problem, maps, memory_mb=0.01),
            "search": Request(problem, memory_mb=0.01)}
    for way, request in ways.items():
        counted = counting.count(request)
        assert (counted.counter, counted.total, counted.complete) == (way, 9356, True)
    assert counting.count(ways["symmetry plan"]).distinct == 2339


def test_a_split_count_runs_on_processes(monkeypatch):
    """3x20's search is a few milliseconds: split only once the shortest count worth a split is made tiny."""
    problem, maps = board("3x20")
    monkeypatch.setattr(counting, "SPLIT_ABOVE_SECONDS", 0.0)
    counted = counting.count(Request(problem, maps, jobs=2))
    assert (counted.counter, counted.total, counted.distinct, counted.symmetries) == ("processes", 8, 2, 4)
    assert counted.engine.endswith("processes") and counted.jobs == 2


def test_jobs_is_at_most_that_many_processes_and_a_short_count_stays_here():
    """A split costs about 0.05 s of CPU whatever the count: one estimated under SPLIT_ABOVE_SECONDS is counted
    in this process, with --jobs or without, and counts the same."""
    problem, maps = board("3x20")
    counted = counting.count(Request(problem, maps, jobs=2))
    assert (counted.counter, counted.jobs, counted.total, counted.distinct) == ("symmetry plan", 1, 8, 2)
    assert "processes" not in counted.engine


def test_a_colour_problem_is_priced_too_so_a_short_one_is_not_split():
    """A problem with colours is searched (the memoised counter cannot tell colours apart), at the price the
    choice of its search weighed it at: the dodecahedron's search ends within the trial, 300 solutions in a
    few milliseconds, so --jobs 2 counts it here, as it does a short count without colours."""
    from test_colours import dodecahedron

    problem = dodecahedron()
    how = engine.counter(problem)
    assert how.name == engine.SEARCH and how.seconds is not None and how.seconds < counting.SPLIT_ABOVE_SECONDS
    counted = counting.count(Request(problem, jobs=2))
    assert (counted.total, counted.counter, counted.jobs) == (300, "search", 1)


def test_the_help_of_jobs_says_the_shortest_count_it_splits(cli):
    """The parser does not import ``counting`` (start-up), so --help writes SPLIT_ABOVE_SECONDS out: the same."""
    said = " ".join(cli("count", "--help").stdout.split())
    assert f"a count estimated under {counting.SPLIT_ABOVE_SECONDS:g} s is not split" in said


def test_a_count_left_to_choose_splits_by_its_estimate_and_counts_the_same(monkeypatch):
    """``jobs=None`` (the command line without --jobs): one process per SECONDS_PER_PROCESS the search is
    estimated at, up to the cores; 3x20's search is a few milliseconds, so it stays here, unless a process is
    worth that little (the constant made tiny, not a clock): then it is split, and counts the same."""
    from xlsolver.counting.parallel import usable_cores

    problem, maps = board("3x20")
    here = counting.count(Request(problem, maps, jobs=None))
    assert (here.counter, here.jobs, here.total, here.distinct) == ("symmetry plan", 1, 8, 2)
    monkeypatch.setattr(counting, "SECONDS_PER_PROCESS", 1e-9)
    split = counting.count(Request(problem, maps, jobs=None))
    cores = usable_cores()
    assert (split.counter, split.jobs) == (("processes", cores) if cores > 1 else ("symmetry plan", 1))
    assert (split.total, split.distinct, split.complete) == (8, 2, True)
    assert counting.count(Request(problem, maps, jobs=1)).jobs == 1, "asked for one process: one"
    assert counting.count(Request(problem, maps, jobs=None, limit=1)).counter != "processes", "a limit: here"


def test_the_processes_chosen_grow_with_the_estimate_up_to_the_cores():
    from xlsolver.counting.parallel import usable_cores

    cores = usable_cores()
    per = counting.SECONDS_PER_PROCESS
    assert [counting.processes_for(s) for s in (None, 0.0, 1.9 * per)] == [1, 1, 1]
    assert counting.processes_for(2 * per) == min(2, cores)
    assert counting.processes_for(1000 * per) == cores


@pytest.mark.slow
def test_a_count_on_a_dask_cluster_says_dask():
    pytest.importorskip("distributed")
    problem, maps = board("3x20")
    counted = counting.count(Request(problem, maps, scheduler="local", jobs=2))
    assert (counted.counter, counted.total) == ("dask", 8)


@pytest.mark.slow
@needs_memo
def test_the_memoised_counter_is_tried_once_per_count(monkeypatch):
    """When it gives up (here: out of memory), the search that follows does not try it again."""
    monkeypatch.setattr(engine, "MEMO_ABOVE_SECONDS", 0.0)  # tried on a count of a second
    tried = []
    real = memo.count
    monkeypatch.setattr(memo, "count", lambda *args, **kwargs: tried.append(args[1:2]) or real(*args, **kwargs))
    problem, _ = board("6x10")
    counted = counting.count(Request(problem, memory_mb=0.01))
    assert (counted.counter, counted.total, counted.engine) == ("search", 9356, "compiled-first")
    assert len(tried) == 1
    tried.clear()
    assert engine.count(problem, memory_mb=0.01).solutions == 9356  # the engine's own count: the same rule
    assert len(tried) == 1


def test_the_engine_chooses_between_its_counters_in_one_place():
    """A named engine searches; a small count searches too (the memoised counter would not pay)."""
    problem, _ = board("6x10")
    assert engine.counter(problem, engine="compiled-first").name == engine.SEARCH
    small, _ = board("3x20")
    assert engine.counter(small, engine="reference").engine.NAME == "reference"
    with pytest.raises(ValueError, match="count_by counts by a counter other than the search"):
        engine.count_by(small, engine.counter(small, engine="reference"))


def test_what_cannot_be_counted_as_asked_is_said_in_one_line():
    problem, maps = board("3x20")
    refusals = [(Request(problem, maps, limit=3, jobs=2), "--limit counts in one process; leave out --jobs and "
                 "--scheduler"),
                (Request(problem, maps, jobs=2, scheduler="tcp://127.0.0.1:1"), "--jobs sets the workers of "
                 "--scheduler local; the cluster at tcp://127.0.0.1:1 has its own"),
                (Request(problem, [[0] * len(problem.items)], distinct=True), "--distinct needs the board's "
                 "symmetries, but they do not fit this puzzle (an item map is not a permutation of the items)"),
                (Request(problem, accept=bool, jobs=2), "--distinct, --jobs and --scheduler need a puzzle without "
                 "a side condition (this one is checked candidate by candidate)")]
    for request, message in refusals:
        with pytest.raises(counting.CannotCount) as refused:
            counting.count(request)
        assert str(refused.value) == message


def test_maps_that_are_no_group_count_plainly():
    problem, maps = board("3x20")
    assert counting.checked_group(problem, maps)[1] == ""
    shift = [list(range(1, len(problem.items))) + [0]]  # moves a piece onto a cell: no symmetry
    identity, why = counting.checked_group(problem, shift)
    assert identity == [list(range(len(problem.items)))] and why
    counted = counting.count(Request(problem, shift))
    assert (counted.total, counted.symmetries, counted.group_order, counted.counter) == (8, 1, 1, "search")


def test_a_side_condition_counts_what_it_accepts():
    """Three items, each option one item or two: 4 solutions ({a}{b}{c}, {ab}{c}, {a}{bc}, {ac}{b}); the
    condition keeps those of exactly three options (one), or those of two (three)."""
    problem = ExactCover(["a", "b", "c"])
    for items in (["a"], ["b"], ["c"], ["a", "b"], ["b", "c"], ["a", "c"]):
        problem.add_option(items)
    three = counting.count(Request(problem, accept=lambda s: len(s) == 3))
    assert (three.total, three.candidates, three.complete, three.counter) == (1, 4, True, "search")
    two = counting.count(Request(problem, accept=lambda s: len(s) == 2, limit=2))
    assert (two.total, two.complete, two.stopped) == (2, False, "limit")


def test_progress_ends_at_the_whole_count():
    problem, maps = board("3x20")
    seen = []
    counted = counting.count(Request(problem, maps, controls=Controls(progress=seen.append)))
    assert seen[-1].explored == 1.0 and seen[-1].solutions == counted.total == 8


def test_the_json_of_a_count_names_the_way(cli, monkeypatch):
    report = json.loads(cli("count", "--board", "3x20", "--json").stdout)
    assert (report["solutions"], report["counter"]) == (8, "symmetry plan")
    monkeypatch.setattr(counting, "SPLIT_ABOVE_SECONDS", 0.0)  # 3x20 is too short to split by itself
    dlx = json.loads(cli("count", "--board", "3x20", "--jobs", "2", "--json").stdout)
    assert (dlx["solutions"], dlx["counter"], dlx["jobs"]) == (8, "processes", 2)
