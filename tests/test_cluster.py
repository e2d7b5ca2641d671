"""Counting on a Dask cluster (``--scheduler``): a real scheduler and two real workers, started here.

The module's cluster is what a user starts by hand: ``dask scheduler`` and two ``dask worker``
processes on 127.0.0.1, one thread each, no dashboard, found through a scheduler file.  Counts
through it must equal the counts of one process, and Dask's task stream must show that the
tasks ran on those workers.  Starting it takes seconds, so those tests are marked slow.
"""
from __future__ import annotations

import json
import operator
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import distributed
import pytest

from xlsolver import __version__
from xlsolver.base import clock
from xlsolver.counting import cluster, parallel
from helpers import EMPTY_SUDOKU, EXAMPLES, ROOT, alive, child_processes, small_search_engine

WORKERS = 2


def _start(args: list[str], log, pythonpath: Path) -> subprocess.Popen:
    """A Dask command in a session of its own: the teardown ends it and whatever it started, by group."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(pythonpath), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen([sys.executable, "-m", *args], stdout=log, stderr=subprocess.STDOUT, env=env,
                            cwd=os.path.dirname(log.name), start_new_session=True)


def _end(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


@contextmanager
def running_cluster(where: Path, workers: int, pythonpath: Path = ROOT) -> Iterator[str]:
    """The address of a scheduler with ``workers`` connected workers (ended, whatever happens, on leaving);
    the workers import xlsolver from ``pythonpath``."""
    address_file = where / "scheduler.json"
    quiet = ["--no-dashboard", "--dashboard-address", "127.0.0.1:0", "--host", "127.0.0.1"]
    processes, logs = [], []
    try:
        logs.append(open(where / "scheduler.log", "w"))
        processes.append(_start(["distributed.cli.dask_scheduler", "--port", "0", "--scheduler-file",
                                 str(address_file), *quiet], logs[-1], ROOT))
        for n in range(workers):
            logs.append(open(where / f"worker{n}.log", "w"))
            processes.append(_start(["distributed.cli.dask_worker", "--scheduler-file", str(address_file),
                                     "--nthreads", "1", "--no-nanny", "--local-directory", str(where), *quiet],
                                    logs[-1], pythonpath))
        with distributed.Client(scheduler_file=str(address_file), timeout=60, set_as_default=False) as client:
            client.wait_for_workers(workers, timeout=60)
            address = client.scheduler.address
        yield address
    except Exception:
        for log in logs:
            log.flush()
            print(f"--- {log.name}\n{open(log.name).read()}")
        raise
    finally:
        for process in processes:
            _end(process)
        for log in logs:
            log.close()


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """The module's cluster: a scheduler and two workers."""
    with running_cluster(tmp_path_factory.mktemp("dask"), WORKERS) as address:
        yield address


@pytest.fixture(scope="module")
def watcher(scheduler):
    """A client of the module's cluster, for the tests' own questions (which workers ran what)."""
    with distributed.Client(scheduler, timeout=30, set_as_default=False) as client:
        yield client


def counted_on(cli, watcher, *args: str) -> tuple[dict, set[str]]:
    """``xlsolver count ARGS --json`` through the cli, and the workers that ran its tasks (Dask's task stream)."""
    with distributed.get_task_stream(watcher) as stream:
        result = cli("count", *args, "--json")
    assert result.returncode in (0, 5), result.stderr
    ran = {task["worker"] for task in stream.data if "_count_on_worker" in str(task["key"])}
    return json.loads(result.stdout), ran


def figures(report: dict) -> tuple:
    return report["solutions"], report["total"], report["up_to_symmetry"], report["complete"]


@pytest.mark.slow
@pytest.mark.parametrize("args, solutions", [
    (["--board", "3x20"], 8),
    (["--board", "6x10", "--distinct"], 2339),
    ([str(EXAMPLES / "pento-6x10-hint.txt")], 337),
])
def test_counts_on_the_cluster_equal_the_counts_of_one_process(cli, scheduler, watcher, args, solutions):
    """Searched on the cluster (--memory 1: no memoised count, which would answer in this process when it pays,
    a choice that depends on whether this process has numba loaded already), counted alone as it comes."""
    alone = json.loads(cli("count", *args, "--json").stdout)
    report, ran = counted_on(cli, watcher, *args, "--memory", "1", "--scheduler", scheduler)
    assert figures(report) == figures(alone) and report["solutions"] == solutions
    assert report["engine"].endswith(f"x {WORKERS} dask workers"), report["engine"]
    assert ran and ran <= set(watcher.nthreads()), "the tasks did not run on the cluster's workers"


@pytest.mark.slow
def test_a_bigger_count_keeps_both_workers_busy(cli, scheduler, watcher):
    """IQ Puzzler Pro's diamond, searched (no memory for sub-problems): about 10 s of work, on both workers."""
    report, ran = counted_on(cli, watcher, "--board", "iqdiamond", "--memory", "1", "--scheduler", scheduler)
    assert (report["total"], report["up_to_symmetry"], report["complete"]) == (1_376_400, 344_100, True)
    assert ran == set(watcher.nthreads())


@pytest.mark.slow
def test_generated_challenges_on_the_cluster_are_those_of_one_process(cli, scheduler, watcher):
    args = ("generate", "--board", "iq5x11", "-n", "3", "--seed", "10", "--json")
    alone = json.loads(cli(*args).stdout)["challenges"]
    with distributed.get_task_stream(watcher) as stream:
        result = cli(*args, "--scheduler", scheduler)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["challenges"] == alone and [c["seed"] for c in alone] == [10, 11, 12]
    assert {task["worker"] for task in stream.data if "attempt_job" in str(task["key"])} == set(watcher.nthreads())


@pytest.mark.slow
def test_a_dlx_problem_counts_on_the_cluster(cli, scheduler, tmp_path):
    problem = tmp_path / "6x10.dlx"
    assert cli("count", "--board", "6x10", "--save-dlx", str(problem), "--limit", "1").returncode in (0, 5)
    report = json.loads(cli("count", str(problem), "--scheduler", scheduler, "--json").stdout)
    assert (report["solutions"], report["complete"]) == (9356, True)


@pytest.mark.slow
def test_a_time_limit_stops_the_count_with_what_it_found(cli, scheduler, watcher, step_clock):
    """On the test clock the limit comes after 10 readings, while the cluster has its 128 tasks to run:
    the count stops with some of them done, and those not done are cancelled, not waited for."""
    with distributed.get_task_stream(watcher) as stream:
        result = cli("count", "--board", "iqdiamond", "--memory", "1", "--time-limit", "0.5", "--scheduler",
                     scheduler, "--json")
    report = json.loads(result.stdout)
    assert result.returncode == 5 and report["complete"] is False and report["stopped"] == "time limit"
    assert 0 <= report["explored"] < 1 and report["solutions"] < 1_376_400
    ran = [task for task in stream.data if "_count_on_worker" in str(task["key"])]
    assert len(ran) < WORKERS * parallel.TASKS_PER_JOB, "the count waited for every task"
    watcher.wait_for_workers(WORKERS, timeout=30)  # the cluster outlives the client's stop


@pytest.mark.slow
def test_jobs_run_as_they_finish_and_stop_at_the_deadline(scheduler, step_clock):
    """The generic map (for ``xlsolver generate``): results as they finish, shared data, a deadline (on the
    test clock: 6 readings, each after at most a tenth of a second without a result)."""
    assert sorted(cluster.map_unordered(operator.neg, range(20), scheduler)) == sorted(-i for i in range(20))
    assert sorted(cluster.map_unordered(operator.mul, range(5), scheduler, shared=3)) == [0, 3, 6, 9, 12]
    with cluster.connect(scheduler) as on:
        assert (on.workers, on.threads) == (WORKERS, WORKERS)
        done = list(on.map_unordered(time.sleep, [2] * 6, deadline=clock.now() + 0.3))  # 6 s of jobs on 2 workers
        assert len(done) < 6 and on.stopped == "time limit"
        with pytest.raises(ValueError, match="module-level"):
            list(on.map_unordered(lambda x: x, [1]))


@pytest.mark.slow
def test_a_worker_with_another_xlsolver_refuses_the_work(cli, tmp_path):
    """Results from another version could differ: the worker says so, and the count stops with one line."""
    other = tmp_path / "other"
    shutil.copytree(ROOT / "xlsolver", other / "xlsolver", ignore=shutil.ignore_patterns("__pycache__"))
    init = other / "xlsolver" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8").replace(f'"{__version__}"', '"0.0.0+other"'), encoding="utf-8")
    (tmp_path / "dask").mkdir()
    with running_cluster(tmp_path / "dask", 1, pythonpath=other) as address:
        # searched (--memory 1): the memoised counter, where its estimate pays, answers before any cluster is asked
        result = cli("count", "--board", "6x10", "--scheduler", address, "--memory", "1")
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert f"a Dask worker has xlsolver 0.0.0+other, this client {__version__}" in result.stderr


@pytest.mark.slow
def test_a_local_cluster_counts_and_ends_with_the_count(cli):
    report = json.loads(cli("count", "--board", "3x20", "--scheduler", "local", "--jobs", "2", "--json").stdout)
    assert (report["solutions"], report["up_to_symmetry"], report["complete"]) == (8, 2, True)
    assert report["engine"] == f"{small_search_engine().NAME} x 2 dask workers"


def _ignores_ctrl_c(pid: int) -> bool:
    mask = next(line for line in open(f"/proc/{pid}/status") if line.startswith("SigIgn:")).split()[1]
    return bool(int(mask, 16) & (1 << (signal.SIGINT - 1)))


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
def test_ctrl_c_at_the_terminal_stops_a_local_cluster_count(tmp_path):
    """A real process, Ctrl-C to its whole process group as a terminal sends it: the count stops with what it
    found (exit 130), the local workers end with it and print nothing.  (An empty sudoku: the count cannot
    end before the Ctrl-C.)"""
    (tmp_path / "sudoku.txt").write_text(EMPTY_SUDOKU)
    count = subprocess.Popen([sys.executable, "-m", "xlsolver", "count", "sudoku.txt",
                              "--scheduler", "local", "--jobs", "2", "--json"], cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while time.monotonic() < deadline:  # the workers are up and the count listens to Ctrl-C again
            workers = [p for p in child_processes(count.pid) if "spawn_main" in open(f"/proc/{p}/cmdline").read()]
            if len(workers) == 2 and not _ignores_ctrl_c(count.pid):
                break
            time.sleep(0.05)
        assert len(workers) == 2, "the local cluster did not start"
        time.sleep(1)  # into the count
        os.killpg(count.pid, signal.SIGINT)
        out, err = count.communicate(timeout=30)
        report = json.loads(out)
        assert count.returncode == 130 and report["stopped"] == "cancelled" and report["complete"] is False
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        deadline = time.monotonic() + 10
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [w for w in workers if alive(w)], "a local worker outlived the count"
    finally:
        if count.poll() is None:
            os.killpg(count.pid, signal.SIGKILL)
        count.communicate()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_unreachable_scheduler_is_named_in_one_line(cli):
    import dask

    address = f"tcp://127.0.0.1:{_free_port()}"  # nothing listens there
    with dask.config.set({"distributed.comm.timeouts.connect": "0.5s"}):
        result = cli("count", "--board", "3x20", "--scheduler", address)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"xlsolver: no Dask scheduler answered at {address} within 0.5 s")
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("address, message", [
    ("http://example.org", "unknown address scheme 'http'"),
    ("localhost", "missing port number"),
])
def test_a_wrong_address_is_named_in_one_line(cli, address, message):
    result = cli("count", "--board", "3x20", "--scheduler", address)
    assert result.returncode == 2 and result.stderr.startswith(f"xlsolver: --scheduler {address}: ")
    assert message in result.stderr and len(result.stderr.splitlines()) == 1


def test_without_distributed_the_message_names_the_extra(cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed: importing it fails
    result = cli("count", "--board", "3x20", "--scheduler", "local")
    assert result.returncode == 2
    assert result.stderr == "xlsolver: --scheduler needs Dask's distributed package: pip install 'xlsolver[cluster]'\n"


@pytest.mark.skipif(parallel.usable_cores() < 2, reason="--jobs 2 is capped to 1 on one core")
@pytest.mark.parametrize("args, message", [
    (["--limit", "5", "--scheduler", "local"], "--limit counts in one process; leave out --jobs and --scheduler"),
    (["--jobs", "2", "--scheduler", "tcp://127.0.0.1:8786"], "--jobs sets the workers of --scheduler local"),
])
def test_what_a_cluster_count_refuses(cli, args, message):
    result = cli("count", "--board", "6x10", *args)
    assert result.returncode == 2 and message in result.stderr
