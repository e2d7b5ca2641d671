"""Progress on a terminal: the bar of a count (in one process, on a pool, on a Dask cluster) and of
``generate``.  A bar never goes backwards and ends at 100% when the work is done; nothing is drawn
when stderr is not a terminal.

The real commands run with stderr on a pseudo-terminal (``pty``) and stdout on a pipe, as in a
shell with ``> file``.  ``XLSOLVER_PROGRESS_AFTER=0`` shows the bar from the first report instead
of after a second of work, so whether a bar appears does not depend on the machine's speed; what
is checked of the frames (in order, never lower, the last one complete) holds however many there are.
"""
from __future__ import annotations

import io
import json
import os
import pty
import re
import select
import subprocess
import sys

import pytest

from xlsolver.geometry import catalog
from xlsolver.counting import parallel, symmetry
from xlsolver.pictures import terminal
from xlsolver.families import generating, tiling
from xlsolver.counting.symmetry import Controls
from helpers import run_xlsolver, six_by_ten_dlx

AT_ONCE = {"XLSOLVER_PROGRESS_AFTER": "0"}
PERCENT = re.compile(r"\]\s+(\d+\.\d)%")


def on_a_terminal(*args: str) -> tuple[int, str, list[str]]:
    """``python -m xlsolver ARGS`` with stderr on a pseudo-terminal: (exit code, stdout, the frames drawn there)."""
    master, slave = pty.openpty()
    env = {**os.environ, **AT_ONCE}
    env.pop("NO_COLOR", None)
    process = subprocess.Popen([sys.executable, "-m", "xlsolver", *args], stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    written = bytearray()
    while True:
        ready, _, _ = select.select([master], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the last writer closed the terminal
                chunk = b""
            if not chunk:
                break
            written += chunk
        elif process.poll() is not None:
            break
    os.close(master)
    stdout = process.stdout.read().decode()
    process.wait(timeout=60)
    frames = [part for part in written.decode().replace("\n", "\r").split("\r") if part.strip()]
    return process.returncode, stdout, frames


def percentages(frames: list[str]) -> list[float]:
    found = [PERCENT.search(frame) for frame in frames]
    assert all(found), f"a line on the terminal is not a bar: {frames}"
    return [float(match.group(1)) for match in found]


def assert_honest(values: list[float]) -> None:
    assert values, "no bar was drawn"
    assert values == sorted(values), f"the bar went backwards: {values}"
    assert values[-1] == 100.0, f"the bar did not end at 100%: {values}"


def board_problem(name: str):
    board = catalog.board(name)
    puzzle = tiling.parse(tiling.empty_board_rows(board), catalog.piece_set(board.pieces))
    problem = tiling.encode(puzzle)
    return problem, symmetry.plan(problem, tiling.item_maps(puzzle, problem))


# --- the bar itself --------------------------------------------------------------------------------------------

def test_the_bar_never_goes_backwards_and_redraws_by_the_work_s_own_clock():
    stream = io.StringIO()
    bar = terminal.ProgressBar(stream, every=0.1)
    bar.update(0.5, 2.0, "10 found")
    bar.update(0.3, 2.5, "12 found")  # an estimate that dropped: drawn where it was
    bar.update(0.9, 2.55, "13 found")  # too soon after the last drawing
    bar.update(1.0, 2.56, "14 found")  # the end is always drawn
    drawn = [part for part in stream.getvalue().split("\r") if part.strip()]
    assert percentages(drawn) == [50.0, 50.0, 100.0]
    assert drawn[1].rstrip().endswith("12 found") and "left" not in drawn[2]
    bar.close()
    assert stream.getvalue().endswith("\r" + " " * len(drawn[-1].rstrip()) + "\r")  # the line taken off


def test_a_shorter_line_covers_the_longer_one_before_it():
    stream = io.StringIO()
    bar = terminal.ProgressBar(stream, every=0)
    bar.update(0.1, 1.0, "1,000,000 found")
    bar.update(0.2, 2.0, "x")
    first, second = stream.getvalue().split("\r")[1:]
    assert len(second) >= len(first)


# --- the count's share of work on several processes ------------------------------------------------------------

def test_split_shares_are_knuth_s_estimate_and_cover_the_whole_search():
    problem, the_plan = board_problem("4x15")
    tasks = parallel.split(problem, the_plan, 100)
    assert 0.0 < sum(t.share for t in tasks) <= 1.0 + 1e-9
    first_level = [t for t in parallel.split(problem, symmetry.plan(problem, []), 2)]
    assert len({t.share for t in first_level}) == 1  # the root's branches are equal parts


@pytest.mark.slow
@pytest.mark.parametrize("name", ["6x10", "scott"])
def test_the_shares_of_the_tasks_track_the_work_they_take(name):
    """Run in the order the pool takes them, the tasks' shares add up as their nodes do (within 0.2 at every
    task; by tasks done, as the bar once counted, the first tasks are 0.5 and more of the work).  A plan with
    more terms than the split wants gives its tasks the terms' shares of the tree, not an estimate each (1.4 s
    of estimates in the parent on the pyramid), which tracks scott's work within 0.16 where estimates did 0.15."""
    from xlsolver import engine

    problem, the_plan = board_problem(name)
    tasks = parallel.largest_first(problem, parallel.split(problem, the_plan, 2 * parallel.TASKS_PER_JOB))
    nodes = [engine.count(problem, given=list(t.given), engine="compiled-first").nodes for t in tasks]
    shares, work, off = 0.0, 0.0, []
    for task, task_nodes in zip(tasks, nodes):
        shares += task.share / sum(t.share for t in tasks)
        work += task_nodes / sum(nodes)
        off.append(abs(shares - work))
    assert max(off) <= 0.2, max(off)


def test_the_tally_is_monotone_counts_running_tasks_and_ends_whole():
    tasks = [parallel.Task(0, (i,), share) for i, share in enumerate([0.5, 0.25, 0.25])]
    tally = parallel.Tally(tasks)
    assert tally.explored() == 0.0
    assert tally.explored([0.5, 0.0, 0.0]) == 0.25  # half of the first task
    assert tally.explored([0.1, 0.0, 0.0]) == 0.25  # a lower estimate is not shown
    tally.finish(1)
    assert tally.explored([0.5, 1.0, 0.0]) == 0.5
    tally.finish(0)
    tally.finish(2)
    assert tally.explored() == 1.0


@pytest.mark.slow
def test_a_count_on_a_pool_reports_rising_progress_to_the_end():
    problem, the_plan = board_problem("6x10")
    seen = []
    counted = parallel.count(problem, the_plan, 2,
                             controls=Controls(progress=lambda p: seen.append((p.explored, p.solutions))))
    assert counted.total == 9356 and counted.complete
    fractions = [f for f, _ in seen]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    assert [s for _, s in seen] == sorted(s for _, s in seen) and seen[-1][1] == 9356


@pytest.mark.slow
def test_a_count_on_a_dask_cluster_reports_rising_progress_to_the_end():
    pytest.importorskip("distributed")
    problem, the_plan = board_problem("4x15")
    seen = []
    counted = parallel.count(problem, the_plan, 2, scheduler="local",
                             controls=Controls(progress=lambda p: seen.append(p.explored)))
    assert counted.total == 1472 and counted.complete
    assert seen == sorted(seen) and seen[-1] == 1.0


# --- the real commands on a terminal ---------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("args", [["--jobs", "2", "--memory", "1"], ["--memory", "1"]], ids=["pool", "one process"])
def test_count_draws_a_rising_bar_ending_at_100_percent(args, tmp_path):
    """6x10 as a DLX file: long enough to split (``six_by_ten_dlx``)."""
    code, stdout, frames = on_a_terminal("count", six_by_ten_dlx(tmp_path), *args)
    assert code == 0 and stdout.startswith("9,356 solutions"), stdout
    assert_honest(percentages(frames))
    assert frames[-1].rstrip().endswith("9,356 found")


@pytest.mark.slow
def test_generate_draws_challenges_made_and_seeds_tried_as_it_works():
    code, stdout, frames = on_a_terminal("generate", "--board", "iq5x11", "-n", "3", "--level", "master")
    assert code == 0 and stdout.count("title: iq5x11, seed") == 3
    assert_honest(percentages(frames))
    made = [tuple(int(n) for n in re.search(r"(\d+) of 3 made, (\d+) seeds?", f).groups()) for f in frames]
    assert made == sorted(made) and made[-1][0] == 3 and made[-1][1] >= 3  # a seed makes one challenge at most
    assert len(frames) > 3, "a frame per seed tried"
    assert all(line.startswith(("title:", "pieces:", ".", *"ABCDEFGHIJKL")) or not line
               for line in stdout.splitlines()), "the bar is not mixed into the challenges"


@pytest.mark.slow
def test_nothing_on_stderr_when_it_is_not_a_terminal(tmp_path):
    counted = run_xlsolver("count", six_by_ten_dlx(tmp_path), "--jobs", "2", "--memory", "1", env=AT_ONCE)
    made = run_xlsolver("generate", "--board", "iq5x11", "-n", "2", env=AT_ONCE)
    assert (counted.returncode, counted.stderr) == (0, "") and (made.returncode, made.stderr) == (0, "")


def test_made_tells_the_share_made_and_the_seeds():
    assert generating.Made(1, 4, 7, 3.0).line() == (0.25, 3.0, "1 of 4 made, 7 seeds")
    assert generating.Made(0, 1, 1, 0.5).line()[2] == "0 of 1 made, 1 seed"


def test_generate_reports_each_seed_in_order_and_the_end(monkeypatch):
    seen = []
    request = generating.Request(count=2, progress=seen.append)
    board = catalog.board("iq5x11")
    made = list(generating.generate("tiling", tiling.empty_board_rows(board), {}, request))
    assert len(made) == 2
    assert [m.seeds for m in seen] == list(range(len(seen))) and [m.made for m in seen] == sorted(m.made for m in seen)
    assert (seen[-1].made, seen[-1].seeds) == (2, made[-1].seed + 1)
    json.dumps([m.line() for m in seen])  # plain data


def test_a_rare_report_keeps_its_clock_moving(monkeypatch):
    """Generate reports once a seed, and a pyramid's seed may take half a minute: between reports the bar is
    drawn again with its seconds moved on (on a clock the test sets, so no machine is too fast for it)."""
    from xlsolver.cli import console
    from xlsolver.base import clock

    now = [100.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    shown = io.StringIO()
    callback = console.ProgressCallback(terminal.ProgressBar(shown, every=0.0), lambda report: report, after=0.0)
    callback.keep_time()
    assert shown.getvalue() == "", "nothing is drawn before the first report"
    callback((0.0, 2.0, "0 of 1 made, 0 seeds"))
    for step in (3.0, 1.5):
        now[0] += step
        callback.keep_time()
    seconds = [int(s) for s in re.findall(r"(\d+) s, 0 of 1 made, 0 seeds", shown.getvalue())]
    assert seconds == [2, 5, 6], shown.getvalue()


@pytest.mark.slow
def test_generate_on_a_terminal_draws_its_bar_and_prints_the_challenge():
    """A pyramid's Generate on a terminal: the bar honest, the challenge on standard output."""
    code, stdout, frames = on_a_terminal("generate", "--board", "pyramid", "--level", "starter")
    assert code == 0 and "title: pyramid, seed" in stdout
    assert_honest(percentages(frames))
