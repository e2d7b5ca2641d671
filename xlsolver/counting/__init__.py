"""One way to count: a family says what to count, this module chooses how, and says which way it took.

A family hands :func:`count` a :class:`Request`: the exact-cover problem, the
puzzle's symmetries (item maps, checked here to be a group of the problem's), a
side condition if it has one, and the user's limits and controls.  The way is
chosen here, from the engine's estimate (``engine.counter``: the one place that
weighs the engine's counters, so a new one is chosen there) and the request,
and :class:`Counted` says which it was (``counter``, the ``--json`` field):

- ``memoised``: the engine's counter for the whole problem when it is not the
  search (today the memoised sub-problems), with the symmetry plan's quotients;
  it may give up (memory, sub-problems that hardly repeat): then the next way;
- ``dask`` / ``processes``: the plan split into tasks on a Dask cluster
  (``--scheduler``, ``cluster.py``) or on ``jobs`` processes (``parallel.py``),
  both imported only then; ``jobs=None`` (the command line's default) lets this
  module choose: a count without a limit whose search is estimated at
  SECONDS_PER_PROCESS or more per process is split over the cores it may use
  (:func:`processes_for`), else it runs here; ``jobs=N`` splits it over N
  processes unless its search is estimated under SPLIT_ABOVE_SECONDS;
- ``symmetry plan``: in this process, one search per orbit of the pivot's
  options and Burnside's quotients (``symmetry.py``);
- ``search``: one search of the whole problem (also the only way with a side
  condition: its candidates are judged one by one).

A problem whose items have bounds (Knuth's multiplicities: pieces with counts)
is counted by the search that honours them (``engine.counter`` chooses it),
split over processes as any other; its total takes no symmetry plan (Burnside's
quotients need each item covered once, ``symmetry.plan``), and its count up to
symmetry is made by orbits, solution by solution, as a side condition's is.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..base import clock
from .. import engine
from . import symmetry
from ..engine import LIMIT, footprint
from ..engine.exact_cover import ExactCover, ProblemError
from .symmetry import Controls, SymmetricCount

MEMOISED, DASK, PROCESSES, PLAN, SEARCH = engine.MEMOISED, "dask", "processes", "symmetry plan", engine.SEARCH

#: A count left to choose its processes (``jobs=None``) takes one more core for each this many seconds its
#: search is estimated at in one process: a split costs CPU of its own (SPLIT_ABOVE_SECONDS), and an estimate
#: may be out by a factor of two.
SECONDS_PER_PROCESS = 1.0
#: ``--jobs N`` is at most N processes: a count whose search is estimated under this many seconds runs in
#: this process whatever it asks.  A split costs about 0.05 s of CPU whatever its size (multiprocessing's
#: import, a pool forked and its tasks passed through it): a tenth of a count this short, a sixth of one of
#: 0.3 s (Langford 12: 1.13 x the CPU on two processes), and an estimate of colours may be twice the search
#: (MacMahon's squares: 0.64 s for 0.33).
SPLIT_ABOVE_SECONDS = 0.5


class CannotCount(ValueError):
    """A request that cannot be counted as asked (``--limit`` with ``--jobs``...): one line."""


class Request(NamedTuple):
    """What to count, and within what: plain data, filled by a family from its puzzle and the user's ask."""

    problem: ExactCover
    symmetries: Sequence[Sequence[int]] = ()  # the puzzle's, as item maps; none: the identity alone
    accept: Callable[[tuple[int, ...]], bool] | None = None  # a side condition every solution counted meets
    # the side condition holds alike for a solution and its images under ``symmetries`` (a 3D answer that can
    # be built): then it is judged once an orbit, and counted up to symmetry too
    accept_symmetric: bool = False
    distinct: bool = False  # the count is of solutions up to the symmetries
    limit: int | None = None  # stop once this many are known (up to symmetry with ``distinct``)
    jobs: int | None = 1  # processes to split the count over (or the workers of --scheduler local); None: chosen
    scheduler: str | None = None  # a Dask scheduler's address ("local": a LocalCluster for this count)
    memory_mb: float | None = None  # the memoised counter's tables, per process (None: the engine's default)
    controls: Controls = Controls()  # time limit, cancel, progress


#: A count, and how it was made (its ``counter``, ``symmetries``, ``candidates`` and ``jobs``).
Counted = SymmetricCount


def count(request: Request) -> Counted:
    """Count as ``request`` asks, the way that fits (see the module docstring); a complete count's last
    progress is all of it (the searches' own last reports may be a little short).  Raises CannotCount."""
    if request.accept is not None:
        return _count_accepted(request)
    problem = request.problem
    identity = [range(len(problem.items))]
    maps = _usable_group(request)
    if problem.multiplicities and len(maps) > 1:
        if request.distinct:
            return _count_by_orbit(request)
        maps = identity  # a plain count: Burnside's quotients need every item covered once (symmetry.plan)
    use_symmetry = request.distinct or (request.limit is None and len(maps) > 1)
    the_plan = symmetry.plan(problem, maps if use_symmetry else identity)
    counted, counter, jobs = _count_by(request, the_plan)
    progress = request.controls.progress
    if counted.complete and progress is not None:
        progress(engine.Progress(counted.nodes, counted.total, 1.0, counted.seconds))
    return counted._replace(counter=counter, symmetries=len(maps), jobs=jobs)


def _usable_group(request: Request) -> list:
    """The request's symmetries as a checked group (the identity alone where there are none or they do not fit);
    a count up to symmetry without a group that fits is CannotCount."""
    if not request.symmetries:
        return [range(len(request.problem.items))]
    maps, why_not = checked_group(request.problem, request.symmetries)
    if request.distinct and why_not:
        raise CannotCount(f"--distinct needs the board's symmetries, but they do not fit this puzzle ({why_not})")
    return maps


def checked_group(problem: ExactCover, maps: Sequence[Sequence[int]]) -> tuple[list, str]:
    """``maps`` if they are a group of symmetries of ``problem``, else the identity and why not."""
    try:
        elements = symmetry.group(problem, maps)
        symmetry.option_maps(problem, elements)  # raises if one is no symmetry
    except ProblemError as err:
        return [list(range(len(problem.items)))], str(err)
    return [list(m) for m in elements], ""


def _count_by(request: Request, the_plan: symmetry.Plan) -> tuple[SymmetricCount, str, int]:
    """The count by ``the_plan`` (a plan of the identity alone is a plain count), the way it took and the
    processes it ran on: the engine's own counter for the whole problem when that pays, in this process (a
    limited count too, when a search for the limit would cost more than counting them all), else split,
    else the plan here."""
    problem = request.problem
    footprint.check(problem, _memory(request))  # TooBig: one line now, not a process killed by the system later
    if not problem.options:
        result = engine.count(problem, limit=request.limit)
        return SymmetricCount(result.solutions, result.solutions, True, None, the_plan.group_order, 0,
                              result.nodes, result.seconds, 1.0, result.engine), SEARCH, 1
    chosen = request.jobs is None and request.limit is None and not request.scheduler
    jobs = request.jobs or 1
    split = jobs > 1 or request.scheduler
    if split and request.limit is not None:
        raise CannotCount("--limit counts in one process; leave out --jobs and --scheduler")
    if request.scheduler not in (None, "local") and jobs > 1:
        raise CannotCount(f"--jobs sets the workers of --scheduler local; the cluster at {request.scheduler} "
                          "has its own")
    try:
        return _count_split_or_here(request, the_plan, jobs, split, chosen)
    except engine.MemoryLimit as err:
        how = "free some memory, or count on a machine with more" if err.machine else \
            "raise the limit with --memory MB"
        raise CannotCount(f"{err}: {how}") from None


def _memory(request: Request) -> int:
    """The memory limit in MB the request gives the counters (the engine's default where it gives none)."""
    return engine.DEFAULT_MEMORY_MB if request.memory_mb is None else request.memory_mb


def _count_split_or_here(request: Request, the_plan: symmetry.Plan, jobs: int, split: bool, chosen: bool
                         ) -> tuple[SymmetricCount, str, int]:
    """:func:`_count_by` once the request is known to be countable as asked (``chosen``: the processes are
    the count's to choose, by its estimate)."""
    problem, controls = request.problem, request.controls
    start = clock.now()
    how = engine.counter(problem, limit=the_plan.wanted(request.limit), searched=the_plan.searched,
                         engine=controls.engine_name)
    if how.name != engine.SEARCH:
        counted = symmetry.count_whole(problem, the_plan, how, limit=request.limit, memory_mb=_memory(request),
                                       controls=controls, start=start)
        if counted is not None:
            return counted, how.name, 1
    if chosen:
        jobs = processes_for(how.seconds)
        split = jobs > 1
    elif split and not request.scheduler and how.seconds is not None and how.seconds < SPLIT_ABOVE_SECONDS:
        jobs, split = 1, False
    if split:
        from . import parallel  # multiprocessing, or Dask, only when asked for

        split_count = parallel.count(problem, the_plan, jobs, scheduler=request.scheduler, controls=controls,
                                     search=how.engine, seconds=how.seconds)
        return split_count, DASK if request.scheduler else PROCESSES, jobs
    counted = symmetry.count_by_plan(problem, the_plan, limit=request.limit, controls=controls, search=how.engine)
    return counted, PLAN if the_plan.group_order > 1 else SEARCH, 1


def processes_for(seconds: float | None) -> int:
    """The processes for a count whose search is estimated at ``seconds`` in one process (None: not
    weighed): one per SECONDS_PER_PROCESS, at most one per core this process may use, 1 below two."""
    wanted = 0 if seconds is None else int(seconds / SECONDS_PER_PROCESS)
    if wanted < 2:
        return 1
    return max(1, min(wanted, usable_cores()))


def usable_cores() -> int:
    """How many cores this process may run on (its affinity where the system tells, else the machine's).  Here,
    not in ``parallel``, which imports multiprocessing: ``--jobs 2`` asks it of a count that is not split."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return max(1, os.cpu_count() or 1)


def _count_accepted(request: Request) -> Counted:
    """A side condition: the problem's solutions are searched for, and those it accepts counted one by one
    (no progress: the search's would count what it judges, not what it accepts)."""
    if request.accept_symmetric and request.limit is None:
        return _count_by_orbit(request)
    if request.distinct or (request.jobs or 1) > 1 or request.scheduler:
        raise CannotCount("--distinct, --jobs and --scheduler need a puzzle without a side condition (this one is "
                          "checked candidate by candidate)")
    search = engine.Search(request.problem, time_limit=request.controls.time_limit, cancel=request.controls.cancel)
    accepted, limit = 0, request.limit
    for candidate in search:
        if request.accept(candidate):
            accepted += 1
            if limit is not None and accepted >= limit:
                break
    judged = search.result
    complete, stopped = judged.complete, judged.stopped
    if limit is not None and accepted >= limit and complete:
        complete, stopped = False, LIMIT  # stopped by its own limit, not the engine's: more may exist
    return Counted(accepted, accepted, complete, stopped, 1, 1, judged.nodes, judged.seconds, judged.explored,
                   judged.engine, counter=SEARCH, candidates=judged.solutions)


def _count_by_orbit(request: Request) -> Counted:
    """A side condition the symmetries keep, or a count up to symmetry of a problem with bounds: the searches
    of the symmetry plan's terms (a solution of each term stands for ``weight`` solutions, its images), each
    solution judged once (by ``request.accept``, if any).  Burnside's lemma over the accepted: up to symmetry
    there are (sum of |stabiliser| over the accepted) / |group| of them."""
    problem, controls = request.problem, request.controls
    if (request.jobs or 1) > 1 or request.scheduler:
        raise CannotCount("--jobs and --scheduler need a puzzle without a side condition (this one is checked solution "
                          "by solution)" if request.accept is not None else "--jobs and --scheduler do not apply to "
                          "--distinct with piece counts (items with bounds): its solutions are judged one by one")
    if request.limit is not None:
        raise CannotCount("--limit does not apply to --distinct with piece counts (items with bounds): its solutions "
                          "are judged one by one")
    maps = _usable_group(request)
    import numpy  # here: only a count by orbits needs it

    the_plan = symmetry.Plan(symmetry.terms(problem, maps), (), len(maps)) if problem.multiplicities else \
        symmetry.plan(problem, maps)
    images = numpy.array(symmetry.option_maps(problem, maps), dtype=numpy.int64)
    start, nodes, judged, accepted, stabilisers = clock.now(), 0, 0, 0, 0
    complete, stopped, engine_name = True, None, ""
    deadline = None if controls.time_limit is None else start + controls.time_limit
    for term in the_plan.terms:
        left = None if deadline is None else max(0.0, deadline - clock.now())
        search = engine.Search(problem, given=term.given, time_limit=left, cancel=controls.cancel)
        for solution in search:
            judged += term.weight
            if request.accept is None or request.accept(solution):
                accepted += term.weight
                stabilisers += term.weight * _stabiliser(images, solution)
        result = search.result
        nodes, engine_name = nodes + result.nodes, result.engine
        if not result.complete:
            complete, stopped = False, result.stopped
            break
    distinct = stabilisers // len(maps) if complete else -(-stabilisers // len(maps))
    return Counted(accepted, distinct, complete, stopped, len(maps), len(the_plan.terms), nodes, clock.now() - start,
                   1.0 if complete else 0.0, engine_name, counter=PLAN if len(maps) > 1 else SEARCH,
                   symmetries=len(maps), candidates=judged if request.accept is not None else None)


def _stabiliser(images, solution: Sequence[int]) -> int:
    """How many of the symmetries (``images``: each a row mapping options to options) fix ``solution``."""
    import numpy

    chosen = numpy.sort(numpy.asarray(solution, dtype=numpy.int64))
    return int((numpy.sort(images[:, chosen], axis=1) == chosen).all(axis=1).sum())


__all__ = ["Request", "Counted", "Controls", "CannotCount", "count", "checked_group", "processes_for", "usable_cores",
           "MEMOISED", "DASK", "PROCESSES", "PLAN", "SEARCH", "SECONDS_PER_PROCESS", "SPLIT_ABOVE_SECONDS"]
