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

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..answer import Status
from ..exact_cover import FEWEST, ExactCover
from . import estimate, fast, fewest, reference

__all__ = ["Progress", "SearchResult", "Search", "count", "first_solution", "uniqueness", "ENGINES", "choose"]

#: Engines by name.  Each module offers ``solutions(problem, given, tick)``; one
#: that can count without handing every solution to Python offers ``count`` too.
ENGINES = {reference.NAME: reference, fewest.NAME: fewest, fast.NAME: fast}

#: Searches estimated smaller than this stay in plain Python: loading compiled code costs more.
FAST_ABOVE_NODES = 300_000

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
    solutions: int  # how many were found
    complete: bool  # True if the whole search tree was explored
    stopped: str | None  # None, or why it stopped early: "limit", "time limit", "cancelled"
    nodes: int
    seconds: float
    explored: float  # estimated fraction of the search tree explored (1.0 if complete)
    first: tuple[int, ...] | None  # the first solution found, if any
    engine: str

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
        self.engine = choose(engine, problem, self.given, limit)
        self.result: SearchResult | None = None

    def _controls(self):
        """The tick the engines call, and the state it keeps."""
        start = time.monotonic()
        deadline = None if self.time_limit is None else start + self.time_limit
        state = {"nodes": 0, "explored": 0.0, "stopped": None, "found": 0, "next_report": start, "start": start}

        def tick(nodes: int, explored: float, final: bool = False) -> bool:
            state["nodes"], state["explored"] = nodes, explored
            if final or state["stopped"] is not None:
                return True
            now = time.monotonic()
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
            seconds=time.monotonic() - state["start"],
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


def count(problem: ExactCover, **controls) -> SearchResult:
    """Count solutions (up to ``limit`` if given)."""
    return Search(problem, **controls).run()


def first_solution(problem: ExactCover, **controls) -> SearchResult:
    """Find one solution: ``result.first`` is it, or None."""
    return Search(problem, limit=1, **controls).run()


def uniqueness(problem: ExactCover, **controls) -> SearchResult:
    """Stop at the second solution: ``result.unique`` tells."""
    return Search(problem, limit=2, **controls).run()


def choose(name: str, problem: ExactCover, given: Sequence[int] = (), limit: int | None = None):
    """The engine module for ``name``; "auto" picks by the problem and the work ahead.

    A problem that asks for "fewest options" branching gets the engine that does
    it.  Otherwise one solution or a uniqueness check (limit <= 2) stays in plain
    Python, and so does a small search; big counts and enumerations go to the
    compiled engine when numba is installed.

    Any engine finds the same solutions; "reference" on a "fewest" problem is
    merely slow.  The compiled engine only knows the first-item rule, so naming
    it for a "fewest" problem is an error rather than a silent slowdown.
    """
    if name != "auto":
        if name not in ENGINES:
            raise ValueError(f"unknown engine {name!r}; choose from auto, {', '.join(ENGINES)}")
        if name == fast.NAME and not fast.available():
            raise ValueError("the numba engine needs numba: pip install numba")
        if name == fast.NAME and problem.branching == FEWEST:
            raise ValueError(f"the numba engine branches on the first item only; this problem asks for "
                             f"{FEWEST!r} branching: use engine 'auto' or {fewest.NAME!r}")
        return ENGINES[name]
    if problem.branching == FEWEST:
        return fewest
    if (limit is not None and limit <= 2) or not fast.available():
        return reference
    return fast if estimate.tree_size(problem, given) >= FAST_ABOVE_NODES else reference


def as_predicate(cancel) -> Callable[[], bool]:
    if cancel is None:
        return lambda: False
    if hasattr(cancel, "is_set"):
        return cancel.is_set
    if callable(cancel):
        return cancel
    raise TypeError("cancel must be a threading.Event-like object or a callable")
