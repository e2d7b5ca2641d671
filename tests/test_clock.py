"""The one clock of the package (xlsolver/base/clock.py) and the test clock that stands in for it."""
from __future__ import annotations

import json

import pytest

from xlsolver.geometry import catalog
from xlsolver.base import clock
from xlsolver import count
from xlsolver.families import tiling
from helpers import STEP_CLOCK, run_xlsolver


def iq5x11():
    board = catalog.board("iq5x11")
    return tiling.encode(tiling.parse(tiling.empty_board_rows(board), catalog.piece_set(board.pieces)))


def test_the_real_clock_never_goes_back(monkeypatch):
    monkeypatch.delenv(clock.VARIABLE, raising=False)
    readings = [clock.now() for _ in range(1000)]
    assert readings == sorted(readings)


def test_each_reading_of_the_test_clock_is_one_step_later(step_clock):
    assert STEP_CLOCK[clock.VARIABLE] == "step:0.0625"
    first, second, third = clock.now(), clock.now(), clock.now()
    assert second - first == third - second == 0.0625  # exactly: a binary fraction


@pytest.mark.parametrize("setting", ["0.05", "step:", "step:soon", "step:0", "step:-1", "step:inf", "tick:0.05"])
def test_a_setting_that_is_no_test_clock_is_refused(monkeypatch, setting):
    monkeypatch.setenv(clock.VARIABLE, setting)
    with pytest.raises(ValueError, match=f"XLSOLVER_TEST_CLOCK must be step:SECONDS .*{setting!r}"):
        clock.now()


@pytest.mark.parametrize("engine", ["reference", "compiled-first", "auto"])
def test_on_the_test_clock_a_time_limit_stops_a_search_at_the_same_node_every_time(step_clock, engine):
    """The stop depends on readings of the clock, not on the machine: the compiled engines size their slices
    by the same clock, and the memoised counter ("auto") its slices of sub-problems."""
    first, again = (count(iq5x11(), time_limit=0.3, engine=engine) for _ in range(2))
    assert first.stopped == again.stopped == "time limit"
    assert (first.nodes, first.solutions, first.explored) == (again.nodes, again.solutions, again.explored)


@pytest.mark.slow
def test_processes_started_by_a_test_read_its_clock():
    """A real process on the test clock stops its count where the one before stopped it."""
    args = ("count", "--board", "iq5x11", "--memory", "1", "--time-limit", "0.3", "--json")
    first, again = (json.loads(run_xlsolver(*args, env=STEP_CLOCK).stdout) for _ in range(2))
    assert first["stopped"] == again["stopped"] == "time limit"
    assert (first["nodes"], first["solutions"]) == (again["nodes"], again["solutions"])
