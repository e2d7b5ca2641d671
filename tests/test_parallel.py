"""Counting on several processes: the split covers the tree exactly, tasks are plain data, quotients counted too."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings

from xlsolver import ExactCover
from xlsolver.geometry import catalog
from xlsolver.counting import parallel, symmetry
from xlsolver.families import tiling
from helpers import EMPTY_SUDOKU, STEP_CLOCK, alive, child_processes, run_xlsolver, six_by_ten_dlx
from one_sided import one_sided_tilings
from problems import small_tilings


def board(name: str):
    b = catalog.board(name)
    puzzle = tiling.parse(tiling.empty_board_rows(b), catalog.piece_set(b.pieces))
    return puzzle, tiling.encode(puzzle)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_tilings())
def test_parallel_counts_equal_serial_counts(puzzle):
    problem = tiling.encode(puzzle)
    maps = tiling.item_maps(puzzle, problem)
    if not problem.options:
        return
    serial = symmetry.count_up_to_symmetry(problem, maps)
    split = parallel.count(problem, symmetry.plan(problem, maps), 2)
    assert (split.total, split.distinct, split.complete) == (serial.total, serial.distinct, True)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(one_sided_tilings())
def test_parallel_counts_of_one_sided_pieces_equal_serial_counts(drawn):
    """Reflections turn pieces into their mirror images: Fix(h) comes from quotient problems, counted in the parent."""
    puzzle, _ = drawn
    problem = tiling.encode(puzzle)
    maps = tiling.item_maps(puzzle, problem)
    serial = symmetry.count_up_to_symmetry(problem, maps)
    split = parallel.count(problem, symmetry.plan(problem, maps), 2)
    assert (split.total, split.distinct, split.complete) == (serial.total, serial.distinct, True)


def test_a_group_that_moves_every_item_counts_on_the_identity_plan():
    problem = ExactCover(["a", "b"])
    for option in ("a", "b", "a b"):
        problem.add_option(option.split())
    the_plan = symmetry.plan(problem, [(1, 0)])
    assert the_plan.terms == (symmetry.Term((), 1),) and len(the_plan.quotients) == 1
    counted = parallel.count(problem, the_plan, 2)
    assert (counted.total, counted.distinct, counted.complete) == (2, 2, True)


def test_split_tasks_partition_every_term():
    puzzle, problem = board("4x15")
    the_plan = symmetry.plan(problem, tiling.item_maps(puzzle, problem))
    tasks = parallel.split(problem, the_plan, 100)
    assert len(tasks) >= 100
    from xlsolver import count
    per_term = [0] * len(the_plan.terms)
    for task in tasks:
        per_term[task.term] += count(problem, given=list(task.given), engine="reference").solutions
    fixed, _, stopped = symmetry.count_fixed(the_plan)
    assert stopped is None and the_plan.combine(per_term, fixed) == (1472, 368)


def test_a_short_count_is_split_into_fewer_tasks_and_counts_the_same():
    """About one task per TASK_SECONDS of the estimate, MIN_TASKS_PER_JOB to TASKS_PER_JOB a process (each task
    costs about a millisecond on its way through the pool); an unweighed count takes the most."""
    most, least = 2 * parallel.TASKS_PER_JOB, 2 * parallel.MIN_TASKS_PER_JOB
    assert parallel.wanted_tasks(2, None) == most and parallel.wanted_tasks(2, 1000.0) == most
    assert parallel.wanted_tasks(2, 0.0) == least and parallel.wanted_tasks(2, 0.3) == least
    assert parallel.wanted_tasks(2, 30 * parallel.TASK_SECONDS) == 30
    puzzle, problem = board("4x15")
    the_plan = symmetry.plan(problem, tiling.item_maps(puzzle, problem))
    assert len(parallel.split(problem, the_plan, least)) < len(parallel.split(problem, the_plan, most))
    short = parallel.count(problem, the_plan, 2, seconds=0.01)
    assert (short.total, short.distinct, short.complete) == (1472, 368, True)


def test_a_plan_of_more_terms_than_the_split_wants_runs_them_as_they_are_biggest_share_first():
    """The IQ Puzzler Pro pyramid's refined plan (hundreds of terms, each a small part of the tree): one task per
    term, no two alike, their shares the terms' parts of the plan's search, the biggest first; not weighed one
    by one (largest_first's estimates cost 2 ms a task in the parent, more than the short tail they save)."""
    from xlsolver.families import Settings, solid

    rows, _ = solid.empty_board("pyramid")
    puzzle = solid.read(rows, Settings({"board": "pyramid"}))
    the_plan = symmetry.plan(puzzle.problem, puzzle.item_maps)
    width = 2
    assert len(the_plan.terms) > width * parallel.TASKS_PER_JOB
    tasks = parallel.split(puzzle.problem, the_plan, width * parallel.TASKS_PER_JOB)
    tasks = parallel.run_order(puzzle.problem, the_plan, tasks, width)
    assert sorted(task.term for task in tasks) == list(range(len(the_plan.terms)))
    assert [task.share for task in tasks] == sorted((task.share for task in tasks), reverse=True)
    assert sum(task.share for task in tasks) == pytest.approx(1.0)


def test_tasks_are_plain_serialisable_data():
    puzzle, problem = board("6x10")
    tasks = parallel.split(problem, symmetry.plan(problem, tiling.item_maps(puzzle, problem)), 20)
    text = json.dumps([t._asdict() for t in tasks])
    again = [parallel.Task(d["term"], tuple(d["given"]), d["share"]) for d in json.loads(text)]
    assert again == tasks


@pytest.mark.slow
def test_jobs_on_the_command_line(tmp_path):
    """Smoke test, real process: --jobs 2 starts worker processes from the console script (--memory 1 leaves
    the memoised counter no room, so the search is split).  The 6x10 board as a DLX file: its search is
    estimated at about a second; the board itself, a quarter of it by its symmetry, is too short to split."""
    dlx = six_by_ten_dlx(tmp_path)
    report = json.loads(run_xlsolver("count", dlx, "--jobs", "2", "--memory", "1", "--json").stdout)
    assert (report["solutions"], report["jobs"], report["counter"]) == (9356, 2, "processes")
    assert report["engine"].endswith("x 2 processes")
    board = json.loads(run_xlsolver("count", "--board", "6x10", "--jobs", "2", "--memory", "1", "--json").stdout)
    assert (board["solutions"], board["up_to_symmetry"], board["jobs"]) == (9356, 2339, 1)
    distinct = json.loads(run_xlsolver("count", "--board", "scott", "--distinct", "--jobs", "2", "--json").stdout)
    assert distinct["solutions"] == 65
    timed = run_xlsolver("count", "--board", "iq5x11", "--jobs", "2", "--memory", "1", "--time-limit", "1", "--json",
                         env=STEP_CLOCK)  # 20 readings of the clock: fewer than the tasks the pool gets
    report = json.loads(timed.stdout)
    assert timed.returncode == 5 and report["complete"] is False and report["stopped"] == "time limit"
    refused = run_xlsolver("count", "--board", "6x10", "--jobs", "2", "--limit", "5")
    assert refused.returncode == 2 and "--limit counts in one process" in refused.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name, total, distinct", [("iqdiamond", 1_376_400, 344_100), ("iq5x11", 4_331_140, 1_082_785)])
def test_iq_puzzler_pro_counts(cli, iq_facts, name, total, distinct):
    """Every tiling of both IQ Puzzler Pro boards, on two processes (about 6 and 11 s here)."""
    report = json.loads(cli("count", "--board", name, "--distinct", "--jobs", "2", "--json").stdout)
    assert (report["total"], report["solutions"], report["complete"]) == (total, distinct, True)
    facts = iq_facts["solution_counts"]
    keys = {"iq5x11": ("rect5x11_total_all_orientations", "rect5x11_up_to_board_symmetry"),
            "iqdiamond": ("diamond55_total", "diamond55_up_to_symmetry")}[name]
    assert (facts[keys[0]], facts[keys[1]]) == (total, distinct)


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
@pytest.mark.parametrize("signum, code", [(signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGINT, 130),
                                          (signal.SIGKILL, -signal.SIGKILL)])
def test_workers_end_with_their_parent(signum, code, tmp_path):
    """A real process: SIGTERM, Ctrl-C or a crash (SIGKILL) of ``count --jobs 2`` leaves no worker running
    (the count of an empty sudoku: it cannot end before the signal)."""
    endless = tmp_path / "sudoku.txt"
    endless.write_text(EMPTY_SUDOKU)
    parent = subprocess.Popen([sys.executable, "-m", "xlsolver", "count", str(endless), "--jobs", "2"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while len(workers := child_processes(parent.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(workers) == 2, "the count did not start its workers"
        time.sleep(0.3)  # let them work
        os.kill(parent.pid, signum)
        assert parent.wait(timeout=30) == code
        deadline = time.monotonic() + 10
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [w for w in workers if alive(w)], "a worker outlived its parent"
    finally:
        parent.kill()
        parent.communicate()
        for worker in child_processes(parent.pid):
            os.kill(worker, signal.SIGKILL)


def test_jobs_are_capped_at_the_cores_this_process_may_use():
    puzzle, problem = board("3x20")
    counted = parallel.count(problem, symmetry.plan(problem, tiling.item_maps(puzzle, problem)), 10_000)
    assert counted.total == 8 and counted.engine.endswith(f"x {parallel.usable_cores()} processes")
    assert 1 <= parallel.usable_cores() <= (os.cpu_count() or 1)
