"""Fixtures: the puzzle facts, the command run in-process (``cli``) and the test clock (``step_clock``).

No test's outcome may depend on how fast or busy the machine is.  A test that wants a search stopped
by its time limit takes ``step_clock`` (a fake clock: the stop comes after a fixed number of readings of
the time, at the same point of the search everywhere); only tests/engine/test_engine.py and the slow
test_cli.py each keep one real time limit, on a search that cannot end first (an empty sudoku's
6.67e21 solutions).  Hypothesis never fails an example for being slow to make or to run.
"""
from __future__ import annotations

import io
import signal
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, settings

from xlsolver.geometry import catalog
from xlsolver.base import clock
from xlsolver.cli import main
from helpers import STEP_CLOCK, load_facts

settings.register_profile("xlsolver", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("xlsolver")


@pytest.fixture
def step_clock(monkeypatch) -> None:
    """xlsolver's test clock (``xlsolver/base/clock.py``), here and in every process the test starts (the
    ``xlsolver`` script, pool workers, the Python a LibreOffice button runs): each reading of the time is
    1/16 s after the one before, so a time limit of L seconds is reached at the 16 L-th reading (rounded
    up) after the search began, whatever the machine does meanwhile."""
    monkeypatch.setenv(clock.VARIABLE, STEP_CLOCK[clock.VARIABLE])


@pytest.fixture(scope="session")
def iq_facts() -> dict:
    return load_facts("iq_puzzler_pro.json")


@pytest.fixture(scope="session")
def pento_facts() -> dict:
    return load_facts("pentominoes.json")


@pytest.fixture
def cli(capsys, monkeypatch):
    """``cli(*args, stdin=None, env=None)``: run ``xlsolver ARGS`` in this process, like ``run_xlsolver``.

    It exists for the suite's speed: a Python process per command made the command-line tests
    slow.  A few smoke tests still run the installed console script (``run_xlsolver``), so the
    real entry point, pipes and worker processes stay covered.  As in that process, NO_COLOR is
    unset, output is captured (not a terminal: no colour, no progress bar) and 80 columns wide
    (a pipe's width when COLUMNS is unset; here always, so layouts do not depend on the shell),
    and standard input is empty unless given.
    """
    def run(*args: str, stdin: str | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
        ctrl_c = signal.getsignal(signal.SIGINT)
        with monkeypatch.context() as patch:
            patch.delenv("NO_COLOR", raising=False)
            patch.setenv("COLUMNS", "80")
            for key, value in (env or {}).items():
                patch.setenv(key, value)
            patch.setattr(sys, "stdin", io.StringIO(stdin or ""))
            _forget_data_files(env)
            capsys.readouterr()  # only this command's output
            try:
                code = main(list(args))
            except SystemExit as exit:  # argparse: --help and --version exit 0, usage errors 2
                code = exit.code
            finally:
                _forget_data_files(env)
            out, err = capsys.readouterr()
        assert signal.getsignal(signal.SIGINT) is ctrl_c, "the command left its Ctrl-C handler installed"
        return subprocess.CompletedProcess(["xlsolver", *args], code or 0, out, err)

    return run


def _forget_data_files(env: dict | None) -> None:
    """Piece sets and boards are read once (cached); XLSOLVER_DATA changes what they are."""
    if env and "XLSOLVER_DATA" in env:
        catalog.piece_sets.cache_clear()
        catalog.boards.cache_clear()
