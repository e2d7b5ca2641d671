"""Counting on several processes: independent subproblems, each plain data.

A count is a :class:`symmetry.Plan` of terms; each term is split further by
fixing the first choices of the search (the options for the first uncovered
primary item, then the next...) until there are enough tasks to keep every
process busy.  A task is ``(term index, given)``: ints (and its estimated share
of the search, a float, for the progress bar), so the same list runs
on a ``multiprocessing.Pool`` (``--jobs N``) or on a Dask cluster
(``--scheduler ADDRESS``, through :mod:`xlsolver.counting.cluster`, imported only then).
Each worker receives the problem once, as DLX text.  The plan's quotients (the
counts up to symmetry needs, all small) are counted first, in this process.

Workers die with their parent: on Linux each asks the kernel for SIGTERM when
the parent dies, however it dies (``prctl(PR_SET_PDEATHSIG)``); everywhere, a
SIGTERM to the parent during a count terminates the pool before the parent
exits, and Ctrl-C stops the count cleanly (workers ignore SIGINT; the parent
ends them).
"""
from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import NamedTuple

from ..base import clock
from ..engine import dlx_text
from .. import engine
from ..engine import CANCELLED, TIME_LIMIT, Progress, as_predicate, estimate, fast_fewest, fewest, fewest_native, ordered
from ..engine.reference import compile_masks
from ..engine.exact_cover import ExactCover
from .symmetry import Controls, Plan, SymmetricCount, count_fixed
from . import usable_cores

TASKS_PER_JOB = 64
#: A count estimated at ``seconds`` in one process is split into about one task per this many seconds (at
#: least MIN_TASKS_PER_JOB and at most TASKS_PER_JOB a process): a task costs about 1 ms of CPU on its way
#: through the pool (sent, counted from the top, its result read).  Langford 12 (0.45 s) split into 128 tasks
#: took 1.36 x the CPU of one process, into 8 tasks 1.11 x.
TASK_SECONDS = 0.05
MIN_TASKS_PER_JOB = 4
#: How much Knuth's share weighs against the estimated size in a task's part of the work (a geometric
#: blend).  Counted on two processes (6x10, iq5x11, Scott's board), the progress it gives stayed within
#: 0.1 of the share of the nodes searched; by Knuth's share alone it fell 0.3-0.6 behind, by the sizes
#: alone 0.2 ahead, by tasks done (as the bar once counted) 0.5-0.7 behind.
KNUTH_WEIGHT = 1 / 3
#: A split count estimated shorter than this runs its tasks by their shares, unweighed (see run_order).
WEIGH_ABOVE_SECONDS = 30.0
POLL_SECONDS = 0.1  # how often the pool's progress and a stop are looked at while no task finishes
PROGRESS_SECONDS = 0.2  # how often a worker notes how far its task has got


class Task(NamedTuple):
    term: int  # index into the plan's terms
    given: tuple[int, ...]
    share: float = 1.0  # its estimated part of the count's work (see split and largest_first), for progress


def split(problem: ExactCover, the_plan: Plan, wanted: int, search=None) -> list[Task]:
    """About ``wanted`` tasks (when the tree allows), together covering every term exactly.

    Breadth first: the oldest task is replaced by one task per option the search ``search`` (an engine
    module; None: the first-item search) tries below it (:func:`branches`), until there are enough.  Each
    task is then a subtree of that one search, and together they are all of it: split, the count visits the
    nodes one process visits (a split along another search's tree can make each task's search far bigger).
    A task's ``share`` is Knuth's estimate, as the engines' ``explored`` is: the progress
    of the split search is then the progress of the same search in one process.
    """
    below = branches(problem, search)
    searched = sum(t.share for t in the_plan.terms) or 1.0
    queue = deque(Task(i, t.given, t.share / searched) for i, t in enumerate(the_plan.terms))
    whole: list[Task] = []  # tasks that are already a complete solution
    while queue and len(queue) + len(whole) < wanted:
        task = queue.popleft()
        children = below(task.given)
        if children is None:
            whole.append(task)
            continue
        for option in children:
            queue.append(Task(task.term, task.given + (option,), task.share / len(children)))
    return whole + list(queue)


def wanted_tasks(width: int, seconds: float | None) -> int:
    """How many tasks to split a count into for ``width`` processes, its search estimated at ``seconds`` in
    one (None: not weighed, the most): enough that the last to finish leave the others little idle time,
    few enough that their passage through the pool stays a few percent of the count."""
    if seconds is None:
        return width * TASKS_PER_JOB
    return max(width * MIN_TASKS_PER_JOB, min(width * TASKS_PER_JOB, round(seconds / TASK_SECONDS)))


def branches(problem: ExactCover, search=None) -> Callable[[tuple[int, ...]], list[int] | None]:
    """``below(given)``: the options ``search`` tries at the node ``given`` leads to, in its order (None: that
    node is a solution).  The fewest-options searches branch as the C kernel does (the same rule, the same
    ties), where it is built; the first-item searches on their first uncovered item, in the problem's order
    or, for the search in the engine's own order, in that order."""
    if search in (fewest, fast_fewest, fewest_native) and fewest_native.ready():
        return functools.partial(fewest_native.children, problem)
    if problem.multiplicities:
        return functools.partial(_exact_item_branches, problem)
    all_primary, by_first, masks = compile_masks(ordered.renumbered(problem) if search is ordered else problem)

    def below(given: tuple[int, ...]) -> list[int] | None:
        covered = 0
        for option in given:
            covered |= masks[option]
        free = all_primary & ~covered
        if not free:
            return None
        return [option for mask, option in by_first[(free & -free).bit_length() - 1] if not mask & covered]

    return below


def _exact_item_branches(problem: ExactCover, given: tuple[int, ...]) -> list[int] | None:
    """The options of the item without bounds that ``given`` leaves open with the fewest options that fit
    (None: no such item is open).  Algorithm M's own branches ("x is the first of the item's options
    taken") are no set of given options, but an item covered exactly once is: each solution holding
    ``given`` holds exactly one of its options, so the tasks split the count exactly."""
    bounds = problem.primary_bounds()
    used = [0] * len(bounds)
    for option in given:
        for item in problem.options[option]:
            if item < len(bounds):
                used[item] += 1
    fits = [o for o, items in enumerate(problem.options)
            if all(used[i] < bounds[i][1] for i in items if i < len(bounds))]
    options_of: dict[int, list[int]] = {}
    for o in fits:
        for item in problem.options[o]:
            if item < len(bounds) and bounds[item] == (1, 1) and not used[item]:
                options_of.setdefault(item, []).append(o)
    open_items = [i for i, pair in enumerate(bounds) if pair == (1, 1) and not used[i]]
    if not open_items:
        return None
    return min((options_of.get(i, []) for i in open_items), key=len)


def run_order(problem: ExactCover, the_plan: Plan, tasks: list[Task], width: int, seconds: float | None = None
              ) -> list[Task]:
    """The order to run ``tasks`` in on ``width`` processes: :func:`largest_first`, unless the plan had more
    terms than the split wanted (a refined symmetry plan's: the IQ Puzzler Pro pyramid's 573), or the count
    is not estimated at WEIGH_ABOVE_SECONDS or more (``seconds``, its search in one process; None: not weighed,
    as for a problem with colours, whose trees cost most to estimate).
    Then weighing them would cost more than it saves (2-3 ms a task in the parent: a second and a half
    against a count of 3 s a process, or a tenth of a count of 4 s), and the tail they leave is short in
    any order: the biggest shares go first."""
    weigh = seconds is not None and seconds >= WEIGH_ABOVE_SECONDS
    if weigh and len(the_plan.terms) <= width * TASKS_PER_JOB:
        return largest_first(problem, tasks)
    return sorted(tasks, key=lambda task: -task.share)


def largest_first(problem: ExactCover, tasks: list[Task]) -> list[Task]:
    """Tasks by estimated tree size, biggest first, so the last ones to finish are small; each task's
    ``share`` becomes a blend of its Knuth share and its part of the estimated sizes (KNUTH_WEIGHT).

    Both are estimates of the work, wrong in opposite ways: Knuth's equal branches
    do not see how unequal the trees are, and a 16-walk sample is noisy, so the
    tasks sorted first are those it over-estimated.  A task with no solution to
    find (:func:`hopeless`) has no part of the work.
    """
    all_primary, _, masks = compile_masks(problem)
    sizes = {task: 0.0 if hopeless(all_primary, masks, task.given) else
             estimate.tree_size(problem, list(task.given), walks=16) for task in tasks}
    whole = sum(sizes.values()) or 1.0
    weighed = [task._replace(share=task.share ** KNUTH_WEIGHT * (sizes[task] / whole) ** (1 - KNUTH_WEIGHT))
               for task in tasks]
    return [task for _, task in sorted(zip(tasks, weighed), key=lambda pair: -sizes[pair[0]])]


def hopeless(all_primary: int, masks: list[int], given: tuple[int, ...]) -> bool:
    """Do the options ``given`` leave a primary item that no option still usable covers?  Then the task has
    no solution and every engine sees it at once, though the estimate of its tree, which does not look, can
    be large (one of iq5x11's: 150 million nodes estimated, none searched): its part of the work is none."""
    covered = 0
    for option in given:
        covered |= masks[option]
    reach = covered
    for mask in masks:
        if not mask & covered:
            reach |= mask
    return bool(all_primary & ~reach)


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


class Tally:
    """How much of a split count is done: each task's share, whole when it finished, else as far as the
    worker running it says it got (its engine's ``explored``).  Never less than it said before."""

    def __init__(self, tasks: list[Task]):
        self.shares = [task.share for task in tasks]
        self.whole = sum(self.shares) or 1.0  # less than 1 where the split dropped dead ends
        self.finished = [False] * len(tasks)
        self.left = len(tasks)
        self.best = 0.0

    def finish(self, index: int) -> None:
        if not self.finished[index]:
            self.finished[index], self.left = True, self.left - 1

    def explored(self, running: Sequence[float] | None = None) -> float:
        """The share done, ``running[i]`` being how far task ``i`` has got if it has started."""
        if not self.left:
            return 1.0
        done = sum(share if finished else share * min(running[i], 1.0) if running is not None else 0.0
                   for i, (share, finished) in enumerate(zip(self.shares, self.finished)))
        self.best = max(self.best, min(done / self.whole, 1.0))
        return self.best


_worker: dict = {}


def _start_worker(problem: ExactCover | str, engine_name: str, parent: int, explored=None) -> None:
    """A worker's start: ``problem`` is the parent's own, inherited through fork (its compiled form with it, the
    pages shared until written), or its DLX text where a worker starts afresh (spawn) and parses it once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, inherited through fork
    _die_with_parent(parent)
    _worker["problem"] = dlx_text.loads(problem) if isinstance(problem, str) else problem
    _worker["engine"] = engine_name
    _worker["explored"] = explored  # shared memory: one number per task, how far its search has got


def _run_task(job: tuple[int, Task]) -> tuple[int, Task, int, int]:
    index, task = job

    def note(progress: Progress) -> None:
        _worker["explored"][index] = progress.explored

    result = engine.count(_worker["problem"], given=list(task.given), engine=_worker["engine"],
                          progress=None if _worker["explored"] is None else note, progress_interval=PROGRESS_SECONDS)
    return index, task, result.solutions, result.nodes


def count(problem: ExactCover, the_plan: Plan, jobs: int, *, scheduler: str | None = None,
          controls: Controls = Controls(), search=None, seconds: float | None = None) -> SymmetricCount:
    """Run the plan on ``jobs`` processes, or on the Dask cluster at ``scheduler`` (``"local"``: a new
    LocalCluster of ``jobs`` workers, one per core when ``jobs`` is 1); a stop leaves the finished tasks'
    counts, marked incomplete.  ``search``: the engine that searches the tasks, when the caller has chosen
    it (``engine.counter`` did); None: chosen here; ``seconds``: its estimate in one process, if known."""
    start = clock.now()
    watch = dict(deadline=None if controls.time_limit is None else start + controls.time_limit,
                 cancelled=as_predicate(controls.cancel), progress=controls.progress,
                 engine_name=controls.engine_name, search=search, seconds=seconds, start=start)
    if scheduler is None:
        jobs = min(jobs, usable_cores())  # more processes than cores only slow the count down
        run = functools.partial(_run_pool, jobs=jobs)
        return _count(problem, the_plan, jobs, f"{jobs} processes", run, **watch)
    from . import cluster  # Dask only when asked for

    with _terminated_on_sigterm(), cluster.connect(scheduler, jobs) as on:
        run = functools.partial(_run_on_cluster, on=on)  # connected (or failed) before any work
        return _count(problem, the_plan, on.threads, f"{on.workers} dask workers", run, **watch)


def _count(problem: ExactCover, the_plan: Plan, width: int, workers: str, run: Callable, *,
           deadline: float | None, cancelled: Callable[[], bool], progress: Callable[[Progress], None] | None,
           engine_name: str, search, seconds: float | None, start: float) -> SymmetricCount:
    """The quotients here, then ``run`` the plan split for ``width`` tasks at once; ``workers`` says where."""
    fixed, nodes, stopped = count_fixed(the_plan, deadline=deadline, cancel=cancelled, engine_name=engine_name)
    search = search or engine.choose(engine_name, problem)
    engine_name = search.NAME
    counts, explored = [0] * len(the_plan.terms), 0.0
    wanted = wanted_tasks(width, seconds)
    tasks = [] if stopped else run_order(problem, the_plan, split(problem, the_plan, wanted, search), width, seconds)
    if tasks:
        tally = Tally(tasks)
        task_nodes, stopped = run(problem, the_plan, tasks, counts, tally, engine_name=engine_name,
                                  deadline=deadline, cancelled=cancelled, progress=progress, start=start)
        nodes += task_nodes
        explored = tally.explored()
    total, distinct = the_plan.figures(counts, fixed, stopped is None)
    return SymmetricCount(
        total=total,
        distinct=distinct,
        complete=stopped is None,
        stopped=stopped,
        group_order=the_plan.group_order,
        orbits=len(the_plan.terms),
        nodes=nodes,
        seconds=clock.now() - start,
        explored=1.0 if stopped is None else explored,
        engine=f"{engine_name} x {workers}",
    )


def _run_pool(problem: ExactCover, the_plan: Plan, tasks: list[Task], counts: list[int], tally: Tally, *,
              jobs: int, engine_name: str, deadline: float | None, cancelled: Callable[[], bool],
              progress: Callable[[Progress], None] | None, start: float) -> tuple[int, str | None]:
    """Count the tasks on a pool, adding into ``counts`` per term and ``tally``: (nodes, why stopped or None)."""
    nodes, done, stopped = 0, 0, None
    forking = os.name == "posix"
    context = multiprocessing.get_context("fork" if forking else "spawn")
    explored = None if progress is None else context.RawArray("d", len(tasks))  # each task's, written by its worker
    pool = context.Pool(jobs, initializer=_start_worker,  # a forked worker's arguments are not pickled
                        initargs=(problem if forking else dlx_text.dumps(problem), engine_name, os.getpid(), explored))
    with _terminated_on_sigterm():
        try:
            pending = pool.imap_unordered(_run_task, enumerate(tasks))
            while done < len(tasks):
                try:
                    index, task, solutions, task_nodes = pending.next(timeout=POLL_SECONDS)
                except multiprocessing.TimeoutError:
                    task = None
                if task is not None:
                    counts[task.term] += solutions
                    nodes += task_nodes
                    done += 1
                    tally.finish(index)
                if done == len(tasks):
                    pass  # finished: a stop now would only mark a complete count incomplete
                elif cancelled():
                    stopped = CANCELLED
                elif deadline is not None and clock.now() >= deadline:
                    stopped = TIME_LIMIT
                if progress is not None:
                    progress(Progress(nodes, the_plan.total(counts), tally.explored(explored), clock.now() - start))
                if stopped:
                    break
        except BaseException:  # SIGTERM (below), or a bug: the workers go first
            pool.terminate()
            pool.join()
            raise
        pool.terminate() if stopped else pool.close()
        pool.join()
    return nodes, stopped


def _run_on_cluster(problem: ExactCover, the_plan: Plan, tasks: list[Task], counts: list[int], tally: Tally, *,
                    on, engine_name: str, deadline: float | None, cancelled: Callable[[], bool],
                    progress: Callable[[Progress], None] | None, start: float) -> tuple[int, str | None]:
    """Count the tasks on a Dask cluster (``on``: a connected ``cluster.Cluster``), as ``_run_pool`` does.
    Its workers are other machines: the tally counts the tasks finished, at their shares."""
    nodes = 0

    def report() -> None:
        if progress is not None:
            progress(Progress(nodes, the_plan.total(counts), tally.explored(), clock.now() - start))

    results = on.map_unordered(_count_on_worker, enumerate(tasks), shared=(dlx_text.dumps(problem), engine_name),
                               cancel=cancelled, deadline=deadline, idle=report)
    for index, task, solutions, task_nodes in results:
        counts[task.term] += solutions
        nodes += task_nodes
        tally.finish(index)
        report()
    return nodes, None if not tally.left else on.stopped


def _count_on_worker(shared: tuple[str, str], job: tuple[int, Task]) -> tuple[int, Task, int, int]:
    """One task on a Dask worker; ``shared`` (the problem as DLX text, the engine) reached it once."""
    text, engine_name = shared
    index, task = job
    result = engine.count(_parsed(text), given=list(task.given), engine=engine_name)
    return index, task, result.solutions, result.nodes


@functools.lru_cache(maxsize=4)
def _parsed(text: str) -> ExactCover:
    """A problem parsed once per worker process (a worker's tasks receive the same text object, whose hash
    Python keeps, so a look-up costs next to nothing); a few kept for workers shared by several counts."""
    return dlx_text.loads(text)
