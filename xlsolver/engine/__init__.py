"""Solving exact-cover problems: one interface, whichever engine runs underneath.

    >>> result = count(problem, limit=2)          # is it unique?
    >>> result.solutions, result.complete
    >>> for solution in Search(problem, time_limit=5): ...

Every call takes the same controls: ``given`` (options that must be in every
solution), ``limit`` (stop after that many solutions), ``time_limit`` (seconds),
``cancel`` (a ``threading.Event`` or a callable returning True to stop) and
``progress`` (called with a :class:`Progress` about twice a second).  The result
says whether the search was complete and, if not, why it stopped and roughly
how much of the search tree it had explored.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import NamedTuple

from ..base import clock
from ..base.answer import Status
from .exact_cover import AUTO, FEWEST, FIRST, ExactCover
from . import fast, fewest, fewest_native, footprint, reference
from .footprint import DEFAULT_MEMORY_MB, TooBig

#: What a search does not need, imported where it is first used (a count's estimates, the memoised counter,
#: the other engines): a collection of sudokus pays its start once per process, and these were a quarter of it.
#: Still attributes of the package (``engine.memo``), by :func:`__getattr__`.
LAZY = ("estimate", "memo", "ordered", "multiplicity", "multiplicity_native", "fast_fewest", "order")


def __getattr__(name: str):
    if name in LAZY:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["Progress", "SearchResult", "Search", "Counter", "counter", "count", "count_by", "first_solution",
           "uniqueness", "ENGINES", "choose", "MEMOISED", "SEARCH", "DEFAULT_MEMORY_MB", "TooBig",
           "MemoryLimit"]

#: Engines by name.  Each module offers ``solutions(problem, given, tick)``; one
#: that can count without handing every solution to Python offers ``count`` too.
class _Engines(Mapping):
    """Engine modules by their ``NAME``, each imported when first looked up."""

    def __init__(self, modules: dict[str, str]):
        self._modules = modules  # name -> module of this package

    def __getitem__(self, name: str):
        return importlib.import_module(f"{__name__}.{self._modules[name]}")

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


ENGINES = _Engines({reference.NAME: "reference", fewest.NAME: "fewest", fast.NAME: "fast",
                    "numba-fewest": "fast_fewest", fewest_native.NAME: "fewest_native",
                    "compiled-first-ordered": "ordered", "multiplicity": "multiplicity",
                    "compiled-multiplicity": "multiplicity_native"})
#: The engine of each branching rule: (plain Python, compiled).  The fewest-options search compiled is the C
#: kernel where it was built (it starts at once and runs at twice the speed of Knuth's DLX2), else numba's.
BY_RULE = {FIRST: (reference, fast), FEWEST: (fewest, fewest_native if fewest_native.ready() else
                                              ENGINES["numba-fewest"])}

#: Complete counts whose search is estimated to take longer than this (loading numba included) try
#: the memoised counter first, and give it up for the search once its sub-problems have cost GIVE_UP_AFTER
#: times as long: a bet that loses costs a few percent of the search, never double.  (The memoised counter
#: wins by far where it wins: a tiling's sub-problems repeat, and it counts them in a small part of the
#: search's time; where they do not repeat, as in Langford's or the queens', it never catches up.)  Trying
#: it, and pricing the first-item search in the engine's own item order, costs numpy's import and a layout
#: (0.1-0.25 s): a few percent of a search of this many seconds, not more.
MEMO_ABOVE_SECONDS = 2.0
GIVE_UP_AFTER = 0.05

#: A memoised count that runs out of memory is given up for the search, unless that search is estimated to
#: take longer than this: then the count stops with MemoryLimit (more memory is the way to the count).
SEARCH_AFTER_MEMORY_SECONDS = 600.0

#: The counters of one process (:func:`counter` chooses): by memoised sub-problems, or by the search.
MEMOISED, SEARCH = "memoised", "search"
#: Why a search stopped early: the one vocabulary of xlsolver.base.answer.Status.
LIMIT, TIME_LIMIT, CANCELLED = Status.LIMIT, Status.TIME_LIMIT, Status.CANCELLED


class Progress(NamedTuple):
    nodes: int
    solutions: int
    explored: float  # estimated fraction of the search tree explored, 0..1
    seconds: float


class SearchResult(NamedTuple):
    solutions: int  # how many were found (or counted, by the memoised counter)
    complete: bool  # True if the whole search tree was explored
    stopped: str | None  # None, or why it stopped early: "limit", "time limit", "cancelled"
    nodes: int
    seconds: float
    explored: float  # estimated fraction of the search tree explored (1.0 if complete)
    first: tuple[int, ...] | None  # the first solution found, if any (the memoised counter finds none)
    engine: str
    peak_bytes: int = 0  # the memoised counter's tables at their largest

    @property
    def unique(self) -> bool | None:
        """True/False when known; None if the search stopped before it could tell."""
        if self.solutions >= 2:
            return False
        return self.solutions == 1 if self.complete else None


class _Watch:
    """One run's clock and controls: the tick every counter calls between slices (progress reports, a
    cancel, the time limit), and the result the run ends with."""

    def __init__(self, time_limit: float | None, cancelled: Callable[[], bool],
                 progress: Callable[[Progress], None] | None, interval: float, start: float | None = None):
        self.start = clock.now() if start is None else start
        self.deadline = None if time_limit is None else self.start + time_limit
        self.cancelled, self.progress, self.interval = cancelled, progress, interval
        self.nodes, self.explored, self.stopped, self.found = 0, 0.0, None, 0
        self.next_report = self.start
        self.node_limit: int | None = None  # stop, as at a limit, once this many nodes are visited (Search.allow)

    def tick(self, nodes: int, explored: float, final: bool = False) -> bool:
        """Note how far the run has got; True: stop (the engines' ``tick``)."""
        self.nodes, self.explored = nodes, explored
        if final or self.stopped is not None:
            return True
        now = clock.now()
        if self.progress is not None and now >= self.next_report:
            self.next_report = now + self.interval
            self.progress(Progress(nodes, self.found, explored, now - self.start))
        if self.cancelled():
            self.stopped = CANCELLED
        elif self.deadline is not None and now >= self.deadline:
            self.stopped = TIME_LIMIT
        elif self.node_limit is not None and nodes >= self.node_limit:
            self.stopped = LIMIT  # the rest unsearched, as at a limit of solutions
        return self.stopped is not None

    def result(self, first: tuple[int, ...] | None, engine: str, peak_bytes: int = 0) -> SearchResult:
        complete = self.stopped is None
        return SearchResult(solutions=self.found, complete=complete, stopped=self.stopped, nodes=self.nodes,
                            seconds=clock.now() - self.start, explored=1.0 if complete else self.explored,
                            first=first, engine=engine, peak_bytes=peak_bytes)


class Search:
    """One search over a problem: iterate it for solutions, then read :attr:`result`.

    It searches, and only searches: how a count is made (by memoised sub-problems, or by this search) is
    :func:`counter`'s choice, made by :func:`count`.
    """

    def __init__(
        self,
        problem: ExactCover,
        *,
        given: Sequence[int] = (),
        limit: int | None = None,
        time_limit: float | None = None,
        cancel: Callable[[], bool] | object | None = None,
        progress: Callable[[Progress], None] | None = None,
        progress_interval: float = 0.5,
        engine: str = "auto",
        start: float | None = None,
        memory_mb: float = DEFAULT_MEMORY_MB,
    ) -> None:
        if limit is not None and limit < 0:
            raise ValueError("limit must be >= 0")
        footprint.check(problem, memory_mb)  # TooBig: a line now, not a process killed later
        self.problem = problem
        self.given = tuple(given)
        self.limit = limit
        self.time_limit = time_limit
        self._cancelled = as_predicate(cancel)
        self._progress = progress
        self._progress_interval = progress_interval
        self._engine_name = engine
        self._engine = choose(engine, problem, self.given, limit) if engine != "auto" else None  # errors now
        self._start = start  # a count begun before (a memoised count given up) keeps its clock running
        self._running: _Watch | None = None  # the watch of the iteration under way
        self.result: SearchResult | None = None

    @property
    def engine(self):
        """The engine module that searches (chosen on first use: choosing "auto" costs estimates)."""
        if self._engine is None:
            self._engine = choose(self._engine_name, self.problem, self.given, self.limit)
        return self._engine

    def _watch(self) -> _Watch:
        return _Watch(self.time_limit, self._cancelled, self._progress, self._progress_interval, self._start)

    def _finish(self, watch: _Watch, first) -> SearchResult:
        self.result = watch.result(first, self.engine.NAME)
        return self.result

    @property
    def nodes(self) -> int:
        """The nodes visited so far by the iteration under way, as of the engine's last report (every few
        thousand nodes: a bound, not a count)."""
        return 0 if self._running is None else self._running.nodes

    def allow(self, nodes: int) -> None:
        """Let the iteration under way visit about ``nodes`` more nodes (to the engine's next report), then stop
        it as at a limit: a bounded look for one more solution.  Counted in nodes, not seconds, the look ends
        at the same place on any machine (for one engine)."""
        if self._running is not None:
            self._running.node_limit = self._running.nodes + nodes

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        watch = self._watch()
        self._running = watch
        first = None
        stream = self.engine.solutions(self.problem, self.given, watch.tick)
        try:
            if self.limit == 0:
                watch.stopped = LIMIT
                return
            for solution in stream:
                watch.found += 1
                if first is None:
                    first = solution
                yield solution
                if self.limit is not None and watch.found >= self.limit:
                    watch.stopped = LIMIT
                    return
        finally:
            stream.close()
            self._finish(watch, first)

    def run(self) -> SearchResult:
        """Search to the end (or until stopped) and return the result."""
        if self._start is None:
            self._start = clock.now()
        if not hasattr(self.engine, "count") or self.limit == 0:
            for _ in self:
                pass
            assert self.result is not None
            return self.result
        watch = self._watch()
        found, first, _, exhausted = self.engine.count(self.problem, self.given, watch.tick, self.limit)
        watch.found = found
        reached_limit = self.limit is not None and found >= self.limit
        if watch.stopped is None and (reached_limit or not exhausted):
            watch.stopped = LIMIT  # as when iterating: reaching the limit leaves the rest unsearched
        return self._finish(watch, first)


class MemoryLimit(ValueError):
    """A count that needs more memory than its limit, where the search instead would take too long: one
    line, naming the limit (the front end says how to raise it); ``machine``: the limit was the memory
    the machine has free."""

    machine = False


class Counter(NamedTuple):
    """How one process counts, as :func:`counter` chose: by ``name`` (MEMOISED or SEARCH), the search
    ``engine`` (also the one a memoised count that gives up falls back to), and for MEMOISED the problem
    laid out for it and the sub-problems it may meet before it gives up; ``seconds``, what the search was
    priced at (``counting`` splits a count over processes by it)."""

    name: str
    engine: object  # an engine module (``engine.NAME``)
    laid_out: object = None  # memo.layout's answer
    max_states: int | None = None
    seconds: float | None = None  # the search's estimated time in one process (None: not weighed)
    solutions: float = 0.0  # the estimate's (the memoised counter sizes its sums by it; 0: none)


def counter(problem: ExactCover, given: Sequence[int] = (), limit: int | None = None, *, searched: float = 1.0,
            engine: str = "auto") -> Counter:
    """How to count the solutions of ``problem`` holding ``given``: the one place that chooses between the
    counters (a new counter of the engine is chosen here).

    The search of ``engine`` ("auto": chosen by :func:`choose`), or the count by memoised sub-problems
    where that pays.  It pays where sub-problems repeat.  It is tried when the search it replaces, whichever
    rule that search branches by (``searched``: the share of the tree a search would visit, less than 1 when
    symmetry spares the rest; less again when the search may stop at ``limit`` solutions), is estimated to
    take over MEMO_ABOVE_SECONDS, loading numba included when the search needs it and the counter does not.
    Its items are laid out in the engine's own order (``engine/order.py``), whatever order the problem
    lists them in.  It is given up for that search (by :func:`count_by`) when its state does not fit 64
    bits, its tables would pass ``memory_mb``, or its sub-problems (``memo.STATE_SECONDS`` each) would take
    GIVE_UP_AFTER times that estimate.  Its count is exact: the caller compares it with the limit.  A problem with
    Knuth's colours is searched: only the searches tell colours apart; so is one with bounds (Knuth's
    multiplicities), by the one search that honours them (:mod:`.multiplicity`).
    """
    search, tree = _choice(engine, problem, given, limit)
    if engine != "auto" or problem.coloured or problem.multiplicities or footprint.big(problem):
        # big: searched unweighed (footprint.py); bounds and colours: only the searches honour them, priced as
        # the choice weighed them, where it did (a count splits by it)
        return Counter(SEARCH, search, seconds=_priced(search, tree, searched))
    from . import estimate, memo, ordered

    rule, compiled = _kind(search)
    loads = load_seconds()
    if tree is None:  # chosen without weighing: the problem's rule, and no choice of code
        tree = estimate.choice(problem, given, rule, python=not compiled, compiled=compiled, limit=limit, load=loads)
    loop = memo.loop()
    if loop == "numba":  # loaded for the counter anyway: the search starts at once
        loads = {FIRST: 0.0, FEWEST: 0.0}
    search_seconds = _priced(search, tree, searched) + (loads[rule] if compiled else 0.0)
    if search_seconds < MEMO_ABOVE_SECONDS:
        return Counter(SEARCH, search, seconds=search_seconds)
    if fast.ready():  # the first-item search in the engine's own item order, compiled
        own = ordered.tree(problem, given)
        own_seconds = own.seconds * estimate.share(own, limit) * searched + loads[FIRST]
        if own_seconds < search_seconds:
            search, search_seconds = ordered, own_seconds
    searching = Counter(SEARCH, search, seconds=search_seconds)
    if not memo.available():
        return searching
    try:
        laid_out = memo.layout(problem, given)
    except memo.Unsuitable:
        return searching
    most_states = int(GIVE_UP_AFTER * search_seconds / memo.STATE_SECONDS[loop])
    return Counter(MEMOISED, search, laid_out, most_states, search_seconds, tree.solutions)


def _priced(search, tree, searched: float) -> float | None:
    """The seconds ``tree``, the estimate ``search`` was chosen by (None: none was made), gives it for the share
    ``searched`` of the tree; the start of compiled code is left out (what chose it weighed that)."""
    if tree is None:
        return None
    from . import estimate

    rule, compiled = _kind(search)
    return tree.seconds * searched * (1.0 if compiled else estimate.PYTHON_SLOWER[rule])


def _kind(search) -> tuple[str, bool]:
    """(the rule ``search`` branches by, FIRST or FEWEST; whether it is compiled code)."""
    from . import fast_fewest

    return FIRST if search in BY_RULE[FIRST] else FEWEST, search in (fast, fast_fewest, fewest_native)


def load_seconds() -> dict[str, float]:
    """What starting each rule's compiled search costs this process (``estimate.choice`` weighs it): the C
    kernels, where built, start at once (neither needs numpy: their arrays are the standard library's);
    numba's kernels cost ``estimate.LOAD_SECONDS`` until numba is loaded."""
    from . import estimate

    numba = 0.0 if fast.loaded() else estimate.LOAD_SECONDS
    return {FIRST: 0.0 if fast.native() else numba, FEWEST: 0.0 if fewest_native.ready() else numba}


def count_by(problem: ExactCover, how: Counter, *, given: Sequence[int] = (),
             memory_mb: float = DEFAULT_MEMORY_MB, time_limit: float | None = None, cancel=None,
             progress: Callable[[Progress], None] | None = None, progress_interval: float = 0.5,
             start: float | None = None) -> SearchResult | None:
    """Count every solution holding ``given`` by the counter ``how`` that :func:`counter` chose, when it is
    not the search (by memoised sub-problems, laid out as ``how`` says); None when it gives up (see
    :func:`counter`): search then.  ``start``: when the count began, if before (its time limit runs from
    there).  Raises MemoryLimit when it runs out of memory and the search would take longer than
    SEARCH_AFTER_MEMORY_SECONDS."""
    from . import memo

    if how.name != MEMOISED:
        raise ValueError(f"count_by counts by a counter other than the search, not by {how.name!r}")
    watch = _Watch(time_limit, as_predicate(cancel), progress, progress_interval, start)
    try:
        counted = memo.count(problem, given, watch.tick, memory_mb=memory_mb, laid_out=how.laid_out,
                             max_states=how.max_states, expected=how.solutions)
    except memo.OutOfMemory as full:
        if (how.seconds or 0.0) > SEARCH_AFTER_MEMORY_SECONDS:
            limit = f"the {full.limit_mb:,.0f} MB this machine has free" if full.machine else \
                f"the memory limit of {full.limit_mb:g} MB"
            refused = MemoryLimit(f"counting this needs more than {limit}, and searching instead would take "
                                  f"{_duration(how.seconds or 0.0)}")
            refused.machine = full.machine  # the machine's memory, not a limit to raise
            raise refused from None
        return None
    except memo.Unsuitable:
        return None
    watch.found = counted.solutions
    return watch.result(None, memo.NAME, counted.peak_bytes)


def _duration(seconds: float) -> str:
    """``about 3 hours``, ``about 2e+31 years``: an estimate's order of magnitude in words."""
    for unit, length in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * length:
            n = seconds / length
            return f"about {n:.0f} {unit}" if n < 1e6 else f"about {n:.0e} {unit}"
    return f"about {seconds:.0f} seconds"


def count(problem: ExactCover, *, given: Sequence[int] = (), limit: int | None = None, engine: str = "auto",
          memory_mb: float = DEFAULT_MEMORY_MB, **controls) -> SearchResult:
    """Count solutions, up to ``limit`` if given, in this process, as :func:`counter` chooses.

    The count is ``complete`` when it is exact, also when there are exactly
    ``limit`` solutions: the search looks for one more before saying so.
    (``first_solution`` and ``uniqueness`` stop at their limit instead.)
    A limited count costs no more than the whole count: where counting every
    solution by memoised sub-problems is cheaper than searching for ``limit`` + 1
    of them, that count is made and compared with the limit.
    """
    footprint.check(problem, memory_mb)
    if limit == 0:
        return Search(problem, given=given, limit=0, engine=engine, memory_mb=memory_mb, **controls).run()
    start = clock.now()
    wanted = None if limit is None else limit + 1
    how = counter(problem, given, wanted, engine=engine)
    result = None
    if how.name == MEMOISED:
        result = count_by(problem, how, given=given, memory_mb=memory_mb, start=start, **controls)
    if result is None:
        result = Search(problem, given=given, limit=wanted, engine=how.engine.NAME, start=start, memory_mb=memory_mb,
                        **controls).run()
    if limit is None or result.solutions <= limit:
        return result
    return result._replace(solutions=limit, complete=False, stopped=LIMIT)


def first_solution(problem: ExactCover, **controls) -> SearchResult:
    """Find one solution: ``result.first`` is it, or None."""
    return Search(problem, limit=1, **controls).run()


def uniqueness(problem: ExactCover, **controls) -> SearchResult:
    """Stop at the second solution: ``result.unique`` tells."""
    return Search(problem, limit=2, **controls).run()


def choose(name: str, problem: ExactCover, given: Sequence[int] = (), limit: int | None = None):
    """The engine module for ``name``; "auto" picks by the problem and the work ahead.

    The branching rule is the problem's, or, for ``branching="auto"``, the one
    whose search is estimated cheaper (``estimate.choice``: heuristic samples of
    both trees, each node weighted by what it costs).  One solution or a
    uniqueness check (limit <= 2) stays in plain Python (the first solution of
    a tree with many comes early, and a puzzle's tree is small); so does a
    search estimated to save less than starting compiled code costs (``load_seconds``), a search
    for ``limit`` solutions costing its share of the tree (``estimate.share``); where both rules' C kernels
    were built, the compiled twin of that Python search runs instead (same solutions, same order).  "numba"
    asks for compiled code (the first-item search's C copy where built), with the rule chosen as
    above; naming an engine ("compiled-first", "fewest"...) runs that one.  Every engine finds the same
    solutions, in its rule's order.  A problem too big for the first-item engines'
    masks or for estimating (``footprint.big``) is searched by the fewest-options rule.
    """
    return _choice(name, problem, given, limit)[0]


def _choice(name: str, problem: ExactCover, given: Sequence[int] = (), limit: int | None = None):
    """(the engine module :func:`choose` picks, the estimate it was picked by, or None when nothing was
    weighed)."""
    if name not in ("auto", "numba") and name not in ENGINES:
        raise ValueError(f"unknown engine {name!r}; choose from auto, numba, {', '.join(ENGINES)}")
    if (name in ("numba", "numba-fewest") and not fast.available()) or (name == fast.NAME and not fast.ready()):
        raise ValueError(f"the {name} engine needs numba: pip install numba")
    if (name == fewest_native.NAME and not fewest_native.ready()) or \
            (name == "compiled-multiplicity" and not ENGINES[name].ready()):
        raise ValueError(f"the {name} engine was not built (reinstall xlsolver where a C compiler is installed)")
    if problem.multiplicities:  # only the engines that honour bounds (Algorithm M's search) may run
        if name in ("auto", "numba"):
            return by_bounds(), None
        if not getattr(ENGINES[name], "BOUNDS", False):
            raise ValueError(f"the {name} engine does not take items with bounds (u:v|name); leave the choice to "
                             f"auto, or name multiplicity")
    if name in ENGINES:
        return ENGINES[name], None
    may_python = name == "auto"
    short = limit is not None and limit <= 2  # one solution, or a uniqueness check: a puzzle's tree is small
    may_compile = not may_python or (fast.available() and not short)
    # Both rules' C kernels start at once: what would run in Python runs in C instead, the same search (the
    # same solutions in the same order), so a puzzle shows the same answer with or without a C compiler.
    at_once = fast.native() and fewest_native.ready()
    rule = problem.branching
    if footprint.big(problem):  # no estimates (their cost grows as depth times items), masks only where they fit
        if rule == FIRST and footprint.dense_bytes(problem) > footprint.DENSE_BYTES:
            raise TooBig(f"the first-item search of this problem would need {footprint.dense_bytes(problem) // 2**20:,} "
                         "MB of masks; let the engine choose the rule (branching 'auto')")
        return BY_RULE[FIRST if rule == FIRST else FEWEST][may_compile or at_once], None
    if rule != AUTO and (not (may_python and may_compile) or at_once):
        return BY_RULE[rule][may_compile or at_once], None  # nothing to weigh
    from . import estimate

    chosen = estimate.choice(problem, given, rule, python=may_python, compiled=may_compile, limit=limit,
                             load=load_seconds())
    return BY_RULE[chosen.rule][chosen.compiled or at_once], chosen


def by_bounds():
    """The engine for a problem whose items have bounds: Algorithm M's search, in C where it was built
    (:mod:`.multiplicity_native`: the same nodes, the same solutions in the same order), else in Python."""
    from . import multiplicity, multiplicity_native

    return multiplicity_native if multiplicity_native.ready() else multiplicity


def as_predicate(cancel) -> Callable[[], bool]:
    if cancel is None:
        return lambda: False
    if hasattr(cancel, "is_set"):
        return cancel.is_set
    if callable(cancel):
        return cancel
    raise TypeError("cancel must be a threading.Event-like object or a callable")
