"""Counting on several processes: the split covers the tree exactly, tasks are plain data."""
from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings

from xlsolver import catalog, parallel, symmetry
from xlsolver.families import tiling
from helpers import run_xlsolver
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


def test_split_tasks_partition_every_term():
    puzzle, problem = board("4x15")
    the_plan = symmetry.plan(problem, tiling.item_maps(puzzle, problem))
    tasks = parallel.split(problem, the_plan, 100)
    assert len(tasks) >= 100
    from xlsolver import count
    per_term = [0] * len(the_plan.terms)
    for task in tasks:
        sub, given = symmetry.restricted(problem, symmetry.Term(0, task.keep, task.given))
        per_term[task.term] += count(sub, given=given, engine="reference").solutions
    assert the_plan.combine(per_term) == (1472, 368)


def test_tasks_are_plain_serialisable_data():
    puzzle, problem = board("6x10")
    tasks = parallel.split(problem, symmetry.plan(problem, tiling.item_maps(puzzle, problem)), 20)
    text = json.dumps([dataclasses.asdict(t) for t in tasks])
    again = [parallel.Task(d["term"], tuple(d["keep"]) if d["keep"] is not None else None, tuple(d["given"]))
             for d in json.loads(text)]
    assert again == tasks


@pytest.mark.slow
def test_jobs_on_the_command_line():
    """Smoke test, real process: --jobs 2 starts worker processes from the console script."""
    report = json.loads(run_xlsolver("count", "--board", "6x10", "--jobs", "2", "--json").stdout)
    assert (report["solutions"], report["up_to_symmetry"], report["jobs"]) == (9356, 2339, 2)
    assert report["engine"].endswith("x 2 processes")
    distinct = json.loads(run_xlsolver("count", "--board", "scott", "--distinct", "--jobs", "2", "--json").stdout)
    assert distinct["solutions"] == 65
    timed = run_xlsolver("count", "--board", "iq5x11", "--jobs", "2", "--time-limit", "1", "--json")
    report = json.loads(timed.stdout)
    assert timed.returncode == 0 and report["complete"] is False and report["stopped"] == "time limit"
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
