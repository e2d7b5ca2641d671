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

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .. import clock
from ..answer import Status
from ..exact_cover import AUTO, FEWEST, FIRST, ExactCover
from . import estimate, fast, fast_fewest, fewest, memo, reference

__all__ = ["Progress", "SearchResult", "Search", "count", "count_memoised", "first_solution", "uniqueness", "ENGINES", "choose"]

#: Engines by name.  Each module offers ``solutions(problem, given, tick)``; one
#: that can count without handing every solution to Python offers ``count`` too.
ENGINES = {reference.NAME: reference, fewest.NAME: fewest, fast.NAME: fast, fast_fewest.NAME: fast_fewest}
#: The engine of each branching rule: (plain Python, compiled).
BY_RULE = {FIRST: (reference, fast), FEWEST: (fewest, fast_fewest)}

#: Complete counts whose search is estimated to take longer than this (loading numba included) try
#: the memoised counter first, and give it up for the search once its sub-problems have cost as long.
MEMO_ABOVE_SECONDS = 0.1

#: Why a search stopped early: the one vocabulary of xlsolver.answer.Status.
LIMIT, TIME_LIMIT, CANCELLED = Status.LIMIT, Status.TIME_LIMIT, Status.CANCELLED


@dataclass(frozen=True)
class Progress:
    nodes: int
    solutions: int
    explored: float  # estimated fraction of the search tree explored, 0..1
    seconds: float


@dataclass(frozen=True)
class SearchResult:
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


class Search:
    """One search over a problem: iterate it for solutions, then read :attr:`result`."""

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
        memory_mb: float = memo.DEFAULT_MEMORY_MB,
        counting: bool = False,
    ) -> None:
        if limit is not None and limit < 0:
            raise ValueError("limit must be >= 0")
        self.problem = problem
        self.given = tuple(given)
        self.limit = limit
        self.time_limit = time_limit
        self._cancelled = as_predicate(cancel)
        self._progress = progress
        self._progress_interval = progress_interval
        self._engine_name = engine
        self._engine = choose(engine, problem, self.given, limit) if engine != "auto" else None  # errors now
        # the memoised counter finds no solution, only their number: it may answer a count (``counting``,
        # or no limit), not a search for solutions
        self.memoised = engine == "auto" and (counting or limit is None)
        self.memory_mb = memory_mb
        self._start: float | None = None  # set by run(): a count given up keeps the clock running
        self.result: SearchResult | None = None

    @property
    def engine(self):
        """The engine module that searches (chosen on first use: choosing "auto" costs estimates)."""
        if self._engine is None:
            self._engine = choose(self._engine_name, self.problem, self.given, self.limit)
        return self._engine

    def _controls(self):
        """The tick the engines call, and the state it keeps."""
        start = clock.now() if self._start is None else self._start
        deadline = None if self.time_limit is None else start + self.time_limit
        state = {"nodes": 0, "explored": 0.0, "stopped": None, "found": 0, "next_report": start, "start": start}

        def tick(nodes: int, explored: float, final: bool = False) -> bool:
            state["nodes"], state["explored"] = nodes, explored
            if final or state["stopped"] is not None:
                return True
            now = clock.now()
            if self._progress is not None and now >= state["next_report"]:
                state["next_report"] = now + self._progress_interval
                self._progress(Progress(nodes, state["found"], explored, now - start))
            if self._cancelled():
                state["stopped"] = CANCELLED
            elif deadline is not None and now >= deadline:
                state["stopped"] = TIME_LIMIT
            return state["stopped"] is not None

        return tick, state

    def _finish(self, state: dict, first) -> SearchResult:
        complete = state["stopped"] is None
        self.result = SearchResult(
            solutions=state["found"],
            complete=complete,
            stopped=state["stopped"],
            nodes=state["nodes"],
            seconds=clock.now() - state["start"],
            explored=1.0 if complete else state["explored"],
            first=first,
            engine=self.engine.NAME,
        )
        return self.result

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        tick, state = self._controls()
        first = None
        stream = self.engine.solutions(self.problem, self.given, tick)
        try:
            if self.limit == 0:
                state["stopped"] = LIMIT
                return
            for solution in stream:
                state["found"] += 1
                if first is None:
                    first = solution
                yield solution
                if self.limit is not None and state["found"] >= self.limit:
                    state["stopped"] = LIMIT
                    return
        finally:
            stream.close()
            self._finish(state, first)

    def run(self) -> SearchResult:
        """Search to the end (or until stopped) and return the result."""
        self._start = clock.now()
        if self.memoised:
            counted = self._memo_count()
            if counted is not None:
                return counted
        if not hasattr(self.engine, "count") or self.limit == 0:
            for _ in self:
                pass
            assert self.result is not None
            return self.result
        tick, state = self._controls()
        found, first, _, exhausted = self.engine.count(self.problem, self.given, tick, self.limit)
        state["found"] = found
        reached_limit = self.limit is not None and found >= self.limit
        if state["stopped"] is None and (reached_limit or not exhausted):
            state["stopped"] = LIMIT  # as when iterating: reaching the limit leaves the rest unsearched
        return self._finish(state, first)

    def _memo_count(self, searched: float = 1.0) -> SearchResult | None:
        """The count by memoised sub-problems when it pays; None to search instead.

        It pays where sub-problems repeat.  It is tried when the search it
        replaces (``searched``: the share of the tree a search would visit, less
        than 1 when symmetry spares the rest; less again when the search may stop
        at ``limit`` solutions) is estimated to take over MEMO_ABOVE_SECONDS,
        loading numba included when the search needs it and the counter does not.
        It is given up for that search when its state does not fit 64 bits, its
        tables would pass ``memory_mb``, or its sub-problems (``memo.STATE_SECONDS``
        each) would take longer than that estimate.  Its count is exact: the
        caller compares it with the limit.
        """
        if not memo.available() or self.engine not in BY_RULE[FIRST]:
            return None  # it replaces a first-item search; when fewest options wins, that search has no chance
        tree = estimate.first_item(self.problem, self.given)
        searched *= estimate.share(tree, self.limit)
        loop = memo.loop()
        if self.engine is reference:
            search_seconds = tree.seconds * searched * estimate.PYTHON_SLOWER[FIRST]
        else:
            numba_extra = loop != "numba" and not fast.loaded()
            search_seconds = tree.seconds * searched + (estimate.LOAD_SECONDS if numba_extra else 0.0)
        if search_seconds < MEMO_ABOVE_SECONDS:
            return None
        max_states = int(search_seconds / memo.STATE_SECONDS[loop])
        try:
            laid_out = memo.layout(self.problem, self.given)
        except memo.Unsuitable:
            return None
        tick, state = self._controls()
        try:
            counted = memo.count(self.problem, self.given, tick, memory_mb=self.memory_mb, laid_out=laid_out,
                                 max_states=max_states)
        except memo.Unsuitable:
            return None
        state["found"] = counted.solutions
        result = self._finish(state, None)
        self.result = dataclasses.replace(result, engine=memo.NAME, peak_bytes=counted.peak_bytes)
        return self.result


def count(problem: ExactCover, *, limit: int | None = None, **controls) -> SearchResult:
    """Count solutions, up to ``limit`` if given.

    The count is ``complete`` when it is exact, also when there are exactly
    ``limit`` solutions: the search looks for one more before saying so.
    (``first_solution`` and ``uniqueness`` stop at their limit instead.)
    A limited count costs no more than the whole count: where counting every
    solution by memoised sub-problems is cheaper than searching for ``limit`` + 1
    of them, that count is made and compared with the limit.
    """
    if limit is None or limit == 0:
        return Search(problem, limit=limit, **controls).run()
    result = Search(problem, limit=limit + 1, counting=True, **controls).run()
    if result.solutions <= limit:
        return result
    return dataclasses.replace(result, solutions=limit, complete=False, stopped=LIMIT)


def count_memoised(problem: ExactCover, searched: float = 1.0, limit: int | None = None,
                   **controls) -> SearchResult | None:
    """Count every solution by memoised sub-problems, or None when that would not pay against a
    search of ``searched`` of the tree (less than 1 when symmetry spares the rest) that stops
    after ``limit`` solutions (None: finds them all)."""
    search = Search(problem, limit=limit, **controls)
    search._start = clock.now()
    return search._memo_count(searched)


def first_solution(problem: ExactCover, **controls) -> SearchResult:
    """Find one solution: ``result.first`` is it, or None."""
    return Search(problem, limit=1, **controls).run()


def uniqueness(problem: ExactCover, **controls) -> SearchResult:
    """Stop at the second solution: ``result.unique`` tells."""
    return Search(problem, limit=2, **controls).run()


def choose(name: str, problem: ExactCover, given: Sequence[int] = (), limit: int | None = None):
    """The engine module for ``name``; "auto" picks by the problem and the work ahead.

    The branching rule is the problem's, or, for ``branching="auto"``, the one
    whose search is estimated cheaper (``estimate.plan``: heuristic samples of
    both trees, each node weighted by what it costs).  One solution or a
    uniqueness check (limit <= 2) stays in plain Python (the first solution of
    a tree with many comes early, and a puzzle's tree is small); so does a
    search estimated to save less than loading compiled code costs, a search
    for ``limit`` solutions costing its share of the tree (``estimate.share``).  "numba"
    asks for compiled code, with the rule chosen as above; naming an engine
    ("numba-first", "fewest"...) runs that one.  Every engine finds the same
    solutions, in its rule's order.
    """
    if name not in ("auto", "numba") and name not in ENGINES:
        raise ValueError(f"unknown engine {name!r}; choose from auto, numba, {', '.join(ENGINES)}")
    if name in ("numba", fast.NAME, fast_fewest.NAME) and not fast.available():
        raise ValueError(f"the {name} engine needs numba: pip install numba")
    if name in ENGINES:
        return ENGINES[name]
    may_python = name == "auto"
    may_compile = not may_python or (fast.available() and (limit is None or limit > 2))
    rule = problem.branching
    if rule != AUTO and not (may_python and may_compile):
        return BY_RULE[rule][may_compile]  # nothing to weigh
    rule, compiled = estimate.plan(problem, given, rule, python=may_python, compiled=may_compile, limit=limit)
    return BY_RULE[rule][compiled]


def as_predicate(cancel) -> Callable[[], bool]:
    if cancel is None:
        return lambda: False
    if hasattr(cancel, "is_set"):
        return cancel.is_set
    if callable(cancel):
        return cancel
    raise TypeError("cancel must be a threading.Event-like object or a callable")
