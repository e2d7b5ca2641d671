"""Counting on several processes: independent subproblems, each plain data.

A count is a :class:`symmetry.Plan` of terms; each term is split further by
fixing the first choices of the search (the options for the first uncovered
primary item, then the next...) until there are enough tasks to keep every
process busy.  A task is ``(term index, keep, given)``: tuples of ints, so the
list could as well be handed to Dask or Ray; here a ``multiprocessing.Pool``
runs it.  Each worker receives the problem once, as DLX text.

Workers die with their parent: on Linux each asks the kernel for SIGTERM when
the parent dies, however it dies (``prctl(PR_SET_PDEATHSIG)``); everywhere, a
SIGTERM to the parent during a count terminates the pool before the parent
exits, and Ctrl-C stops the count cleanly (workers ignore SIGINT; the parent
ends them).
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from . import dlx_text, engine
from .engine import CANCELLED, TIME_LIMIT, Progress, as_predicate, estimate
from .engine.reference import compile_masks
from .exact_cover import ExactCover
from .symmetry import Plan, SymmetricCount

TASKS_PER_JOB = 64


@dataclass(frozen=True)
class Task:
    term: int  # index into the plan's terms
    keep: tuple[int, ...] | None
    given: tuple[int, ...]


def split(problem: ExactCover, the_plan: Plan, wanted: int) -> list[Task]:
    """About ``wanted`` tasks (when the tree allows), together covering every term exactly.

    Breadth first: the oldest task is replaced by one task per option that can
    cover its first uncovered primary item, until there are enough.
    """
    all_primary, by_first, masks = compile_masks(problem)
    keeps = {t.keep: (None if t.keep is None else set(t.keep)) for t in the_plan.terms}
    queue = deque(Task(i, t.keep, t.given) for i, t in enumerate(the_plan.terms))
    whole: list[Task] = []  # tasks that are already a complete solution
    while queue and len(queue) + len(whole) < wanted:
        task = queue.popleft()
        covered = 0
        for option in task.given:
            covered |= masks[option]
        free = all_primary & ~covered
        if not free:
            whole.append(task)
            continue
        allowed = keeps[task.keep]
        for mask, option in by_first[(free & -free).bit_length() - 1]:
            if not mask & covered and (allowed is None or option in allowed):
                queue.append(Task(task.term, task.keep, task.given + (option,)))
    return whole + list(queue)


def largest_first(problem: ExactCover, tasks: list[Task]) -> list[Task]:
    """Tasks by estimated tree size, biggest first, so the last ones to finish are small."""
    sizes = {}
    for task in tasks:
        sub, new_index = (problem, None) if task.keep is None else _restrict(problem, task.keep)
        given = list(task.given) if new_index is None else [new_index[o] for o in task.given]
        sizes[task] = estimate.tree_size(sub, given, walks=16)
    return sorted(tasks, key=lambda t: -sizes[t])


def _restrict(problem: ExactCover, keep: tuple[int, ...]) -> tuple[ExactCover, dict[int, int]]:
    sub, old = problem.restricted(keep)
    return sub, {o: i for i, o in enumerate(old)}


def usable_cores() -> int:
    """How many cores this process may run on (its affinity where the system tells, else the machine's)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return max(1, os.cpu_count() or 1)


PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _die_with_parent(parent: int) -> None:
    """Linux: have the kernel send this worker SIGTERM when its parent dies; elsewhere nothing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


@contextmanager
def _terminated_on_sigterm() -> Iterator[None]:
    """A SIGTERM to the parent during the count raises SystemExit(143): ``count`` ends the workers, then exits."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


_worker: dict = {}


def _start_worker(text: str, engine_name: str, parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, inherited through fork
    _die_with_parent(parent)
    _worker["problem"] = dlx_text.loads(text)
    _worker["engine"] = engine_name
    _worker["restricted"] = {}


def _subproblem(keep: tuple[int, ...] | None) -> tuple[ExactCover, dict[int, int] | None]:
    """The worker's problem restricted to ``keep``, made once, with old -> new option numbers."""
    cache = _worker["restricted"]
    if keep not in cache:
        cache[keep] = (_worker["problem"], None) if keep is None else _restrict(_worker["problem"], keep)
    return cache[keep]


def _run_task(task: Task) -> tuple[Task, int, int]:
    sub, new_index = _subproblem(task.keep)
    given = list(task.given) if new_index is None else [new_index[o] for o in task.given]
    result = engine.count(sub, given=given, engine=_worker["engine"])
    return task, result.solutions, result.nodes


def count(
    problem: ExactCover,
    the_plan: Plan,
    jobs: int,
    *,
    time_limit: float | None = None,
    cancel=None,
    progress: Callable[[Progress], None] | None = None,
    engine_name: str = "auto",
) -> SymmetricCount:
    """Run the plan on ``jobs`` processes; a stop leaves the finished tasks' counts, marked incomplete."""
    start = time.monotonic()
    cancelled = as_predicate(cancel)
    engine_name = engine.choose(engine_name, problem).NAME
    jobs = min(jobs, usable_cores())  # more processes than cores only slow the count down
    tasks = largest_first(problem, split(problem, the_plan, jobs * TASKS_PER_JOB))
    counts = [0] * len(the_plan.terms)
    nodes, done, stopped = 0, 0, None
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    pool = context.Pool(jobs, initializer=_start_worker,
                        initargs=(dlx_text.dumps(problem), engine_name, os.getpid()))
    with _terminated_on_sigterm():
        try:
            pending = pool.imap_unordered(_run_task, tasks)
            while done < len(tasks):
                try:
                    task, solutions, task_nodes = pending.next(timeout=0.1)
                except multiprocessing.TimeoutError:
                    task = None
                if task is not None:
                    counts[task.term] += solutions
                    nodes += task_nodes
                    done += 1
                if cancelled():
                    stopped = CANCELLED
                elif time_limit is not None and time.monotonic() - start >= time_limit:
                    stopped = TIME_LIMIT
                if progress is not None:
                    total, _ = _totals(the_plan, counts)
                    progress(Progress(nodes, total, done / len(tasks), time.monotonic() - start))
                if stopped:
                    break
        except BaseException:  # SIGTERM (below), or a bug: the workers go first
            pool.terminate()
            pool.join()
            raise
        pool.terminate() if stopped else pool.close()
        pool.join()
    total, distinct = _totals(the_plan, counts)
    if stopped is None:
        total, distinct = the_plan.combine(counts)
    return SymmetricCount(
        total=total,
        distinct=distinct,
        complete=stopped is None,
        stopped=stopped,
        group_order=the_plan.group_order,
        orbits=len(the_plan.orbit_sizes),
        nodes=nodes,
        seconds=time.monotonic() - start,
        explored=1.0 if stopped is None else done / len(tasks),
        engine=f"{engine_name} x {jobs} processes",
    )


def _totals(the_plan: Plan, counts: list[int]) -> tuple[int, int]:
    """Counts so far (lower bounds while tasks are still out)."""
    total = sum(the_plan.orbit_sizes[t.orbit] * n for t, n in zip(the_plan.terms, counts) if t.keep is None)
    fixed = [0] * len(the_plan.orbit_sizes)
    for term, n in zip(the_plan.terms, counts):
        fixed[term.orbit] += n
    return total, sum(f // order for f, order in zip(fixed, the_plan.stabiliser_orders))
