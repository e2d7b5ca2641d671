"""The one clock of xlsolver: every time limit, deadline, progress report, slice and run time reads :func:`now`.

A search stopped by a time limit stops wherever the machine had got to, so a
test that races a limit against the machine passes on one machine and fails on
a busier one.  Tests therefore replace this clock, in this process and in every
process it starts, with one environment variable::

    XLSOLVER_TEST_CLOCK=step:0.0625

Each reading of a stepping clock advances it by 1/16 s, whatever time passes, so
a 0.2 s limit is reached after a fixed number of readings: the search stops at
the same node on every machine.  (A binary fraction keeps every reading exact:
with 0.05 s steps a limit of whole steps would be reached a reading early or
late, depending on the readings before.)  (The compiled engines time their slices with
this clock too, so their slices are the same size everywhere.)  The variable
is for tests only; without it the clock is ``time.perf_counter``: it never goes
back, and unlike ``time.monotonic`` before Python 3.13 on Windows (ticks of
15.6 ms) it can time a compiled slice.
"""
from __future__ import annotations

import itertools
import math
import os
import time
from collections.abc import Callable

VARIABLE = "XLSOLVER_TEST_CLOCK"

_test_clocks: dict[str, Callable[[], float]] = {}  # a stepping clock per setting of VARIABLE, made on first use


def now() -> float:
    """Seconds on a clock that never goes back (only differences mean anything)."""
    setting = os.environ.get(VARIABLE)
    if not setting:
        return time.perf_counter()
    reading = _test_clocks.get(setting)
    if reading is None:
        reading = _test_clocks[setting] = _stepping(setting)
    return reading()


def _stepping(setting: str) -> Callable[[], float]:
    """The test clock ``step:SECONDS``: each reading ``SECONDS`` later than the one before."""
    kind, _, seconds = setting.partition(":")
    try:
        step = float(seconds)
    except ValueError:
        step = math.nan
    if kind.strip() != "step" or not (math.isfinite(step) and step > 0):
        raise ValueError(f"{VARIABLE} must be step:SECONDS (a test clock), not {setting!r}")
    readings = itertools.count(1)  # next() on it is atomic: threads never read the same value twice
    return lambda: next(readings) * step
