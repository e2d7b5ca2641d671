"""Algorithm M in C (``multiplicity_kernel.c``): the search of :mod:`.multiplicity`, compiled.

The same branching, the same nodes, the same solutions in the same order, at the
speed of Knuth's DLX3 or better.  The problem goes to the library as
:class:`fewest_native.Arrays` (the options' starts, items, colours) and two
int32 arrays of each primary item's bounds; the loop runs in slices, as
:mod:`.fewest_native`'s does, Python checking the clock, cancel and progress
between them.  Built at install (setup.py, optional); :func:`ready` says
whether it is here, and without it :mod:`.multiplicity` searches.
"""
from __future__ import annotations

import ctypes
from array import array
from collections.abc import Iterator, Sequence
from functools import cache

from ..base import clock
from .exact_cover import ExactCover
from .fast import BUFFER, BUFFER_BYTES, FIRST_ROWS, FIRST_SLICE, compiled_for, next_slice
from .fewest_native import Arrays
from .native import open_library

NAME = "compiled-multiplicity"
#: This engine honours items with bounds (``engine.choose`` routes such problems only to engines that do).
BOUNDS = True
LIBRARY = "_multiplicity_native"
ABI = 2  # as multiplicity_kernel.c's ABI
RUNNING, DONE, LIMIT, BUFFER_FULL = 0, 1, 2, 3

_P, _I32, _I64, _U64 = ctypes.c_void_p, ctypes.c_int32, ctypes.c_int64, ctypes.c_uint64


@cache
def _library() -> ctypes.CDLL | None:
    library = open_library(LIBRARY, "xlsolver_multiplicity_abi", ABI)
    if library is None:
        return None
    library.xlsolver_multiplicity_new.restype = _P
    library.xlsolver_multiplicity_new.argtypes = [_I32, _I32, _I32, _P, _P, _P, _P, _P, _P, _I32]
    library.xlsolver_multiplicity_run.restype = _I32
    library.xlsolver_multiplicity_run.argtypes = [_P, _I64, _U64, _P, _I32, _I32, ctypes.POINTER(_I32), _I32]
    library.xlsolver_multiplicity_free.restype = None
    library.xlsolver_multiplicity_free.argtypes = [_P]
    library.xlsolver_multiplicity_explored.restype = ctypes.c_double
    library.xlsolver_multiplicity_explored.argtypes = [_P]
    for name in ("xlsolver_multiplicity_solutions", "xlsolver_multiplicity_nodes"):
        getattr(library, name).restype = _U64
        getattr(library, name).argtypes = [_P]
    return library


def ready() -> bool:
    """Was the library built (and from this version of multiplicity_kernel.c)?"""
    return _library() is not None


class Bounds:
    """Each primary item's bounds as two int32 arrays, made once per problem object (``compiled_for``)."""

    def __init__(self, problem: ExactCover):
        pairs = problem.primary_bounds()
        self.low = array("i", (low for low, _ in pairs))
        self.high = array("i", (high for _, high in pairs))


class Run:
    """One search of the kernel, closed when done (the C state freed)."""

    def __init__(self, problem: ExactCover, given: Sequence[int], tick, limit: int | None):
        library = _library()
        if library is None:
            raise RuntimeError("the compiled multiplicity search was not built (pip install needs a C compiler)")
        self._library, self._tick, self._limit = library, tick, limit or 0
        data, bounds = compiled_for(problem, Arrays), compiled_for(problem, Bounds)
        self._keep = (data, bounds)
        chosen = array("i", given)
        self._state = library.xlsolver_multiplicity_new(
            data.n_items, data.n_primary, data.n_options, data.starts, data.items, data.colours,
            bounds.low.buffer_info()[0] if data.n_primary else None,
            bounds.high.buffer_info()[0] if data.n_primary else None,
            chosen.buffer_info()[0] if given else None, len(chosen))
        if not self._state:
            raise MemoryError("no memory for the search's tables")
        self._width = len(given) + sum(bounds.high) + 1  # a solution's options: at most the upper bounds' sum
        self._width = min(self._width, len(given) + data.n_options + 1)
        self._slice = FIRST_SLICE
        self.status = RUNNING
        self.stopped = False  # by tick

    def close(self) -> None:
        if self._state:
            self._library.xlsolver_multiplicity_free(self._state)
            self._state = None

    @property
    def nodes(self) -> int:
        return self._library.xlsolver_multiplicity_nodes(self._state) if self._state else 0

    @property
    def solutions(self) -> int:
        return self._library.xlsolver_multiplicity_solutions(self._state) if self._state else 0

    def explored(self) -> float:
        return 1.0 if self.status == DONE else self._library.xlsolver_multiplicity_explored(self._state)

    def slices(self, most: int) -> Iterator[list[tuple[int, ...]]]:
        """Run slice by slice, yielding each slice's solutions (``most`` at most: none when 0) until done, at
        the limit or stopped by ``tick`` (as ``fewest_native.Run.slices``)."""
        if most:
            most = min(most, max(2, BUFFER_BYTES // (4 * self._width)))
        rows = min(most, FIRST_ROWS)
        out = (ctypes.c_int32 * max(rows * self._width, 1))()
        stored = _I32(0)
        while True:
            if self.status == BUFFER_FULL and rows < most:
                rows = min(2 * rows, most)
                out = (ctypes.c_int32 * (rows * self._width))()
            began = clock.now()
            self.status = self._library.xlsolver_multiplicity_run(self._state, self._slice, self._limit, out,
                                                                  max(rows, 1), self._width, ctypes.byref(stored),
                                                                  1 if rows else 0)
            if self.status == RUNNING:
                self._slice = next_slice(self._slice, clock.now() - began)
            yield [_row(out, r * self._width) for r in range(stored.value)] if rows else []
            if self.status in (DONE, LIMIT):
                return
            if self._tick is not None and self._tick(self.nodes, self.explored()):
                self.stopped = True
                return

    def final_tick(self) -> None:
        if self._tick is not None:
            self._tick(self.nodes, self.explored(), final=True)


def _row(out, at: int) -> tuple[int, ...]:
    end = at
    while out[end] >= 0:
        end += 1
    return tuple(out[at:end])


def solutions(problem: ExactCover, given: Sequence[int] = (), tick=None) -> Iterator[tuple[int, ...]]:
    """Every solution holding ``given`` (the given options first in each), in :mod:`.multiplicity`'s order."""
    run = Run(problem, given, tick, None)
    try:
        for found in run.slices(BUFFER):
            yield from found
    finally:
        run.final_tick()
        run.close()


def count(problem: ExactCover, given: Sequence[int] = (), tick=None, limit: int | None = None):
    """``(solutions, first solution or None, nodes, exhausted)``: the first solution is asked for, the rest
    only counted."""
    run = Run(problem, given, tick, limit)
    try:
        first = None
        for found in run.slices(1):
            if found:
                first = found[0]
                break
        if run.status in (RUNNING, BUFFER_FULL) and not run.stopped:
            for _ in run.slices(0):
                pass
        run.final_tick()
        return run.solutions, first, run.nodes, run.status == DONE
    finally:
        run.close()
