"""The "fewest options" search in C (``fewest_kernel.c``): Knuth's branching rule at Knuth's speed.

Branches as :mod:`.fewest` does (the uncovered primary item with the fewest live
options, the first declared among equals; candidates in option order), with Knuth's
colours, ``given`` options, limits and the engines' ``tick``.  The problem goes to
the library as three int32 arrays (the options' starts, items and colours), made
with the standard library's ``array`` from a problem built in Python, or from the
arrays a DLX file was read into: no numpy for a problem that does not already
hold it, so a small search costs what its nodes cost, not an import.

The loop runs in slices of about ``fast.SLICE_SECONDS`` (counted in nodes, resized by
``fast.next_slice`` as the other kernels' are); between slices Python checks the time limit and cancel and reports
progress.  A count asks for no solutions after the first: the kernel counts the
last item's live options without trying them.  Built at install (setup.py,
optional); :func:`ready` says whether it is here.
"""
from __future__ import annotations

import ctypes
from array import array
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import accumulate, chain

from ..base import clock
from .exact_cover import ExactCover, PackedOptions
from .fast import BUFFER, BUFFER_BYTES, FIRST_ROWS, FIRST_SLICE, compiled_for, next_slice
from .native import open_library

NAME = "compiled-fewest"
LIBRARY = "_fewest_native"  # the library's file name before the platform's extension suffix
ABI = 1  # as fewest_kernel.c's ABI
RUNNING, DONE, LIMIT, BUFFER_FULL = 0, 1, 2, 3
#: How the kernel keeps the live options (fewest_kernel.c): chosen by the problem's size, or as a bit per
#: option (a node costs a scan of the uncovered items' rows), or as lists (a node costs its kills).
AUTO, LISTS, BITS = -1, 0, 1

_P, _I32, _I64, _U64 = ctypes.c_void_p, ctypes.c_int32, ctypes.c_int64, ctypes.c_uint64


@cache
def _library() -> ctypes.CDLL | None:
    library = open_library(LIBRARY, "xlsolver_fewest_abi", ABI)
    if library is None:
        return None
    library.xlsolver_fewest_new.restype = _P
    library.xlsolver_fewest_new.argtypes = [_I32, _I32, _I32, _P, _P, _P, _P, _I32, _I32]
    library.xlsolver_fewest_run.restype = _I32
    library.xlsolver_fewest_run.argtypes = [_P, _I64, _U64, _P, _I32, _I32, ctypes.POINTER(_I32), _I32]
    library.xlsolver_fewest_free.restype = None
    library.xlsolver_fewest_free.argtypes = [_P]
    library.xlsolver_fewest_explored.restype = ctypes.c_double
    library.xlsolver_fewest_explored.argtypes = [_P]
    library.xlsolver_fewest_children.restype = _I32
    library.xlsolver_fewest_children.argtypes = [_P, _P]
    for name in ("xlsolver_fewest_solutions", "xlsolver_fewest_nodes"):
        getattr(library, name).restype = _U64
        getattr(library, name).argtypes = [_P]
    return library


#: As fewest_kernel.c: the bit mode where a node's scan is at most this many words.
BIT_SCAN = 4096


def bits(problem: ExactCover) -> bool:
    """Does the kernel keep ``problem``'s live options as bits (AUTO's choice, but for memory)?"""
    return len(problem.primary) * (-(-len(problem.options) // 64)) <= BIT_SCAN


def ready() -> bool:
    """Was the library built (and from this version of fewest_kernel.c)?"""
    return _library() is not None


class Arrays:
    """A problem as the kernel reads it: int32 starts, items and colours (0: none; None: no colours), and
    their addresses.  Made once per problem object (``fast.compiled_for(problem, Arrays)``)."""

    def __init__(self, problem: ExactCover):
        self.n_items, self.n_primary, self.n_options = len(problem.items), len(problem.primary), len(problem.options)
        if isinstance(problem.options, PackedOptions):  # read from a DLX file: numpy is here already
            starts, entries = problem.flat()
            if starts[-1] >= 2**31:
                raise OverflowError("more than 2**31 option entries")
            self._keep = [starts.astype("int32"), entries.astype("int32")]
            self.starts, self.items = (a.ctypes.data for a in self._keep)
        else:  # the options' items in one flat array, made in C by chain and accumulate: a sudoku's in 0.1 ms
            starts = array("i", accumulate(map(len, problem.options), initial=0))
            items = array("i", chain.from_iterable(problem.options))
            self._keep = [starts, items]
            self.starts, self.items = starts.buffer_info()[0], items.buffer_info()[0]
        self.colours = None
        if problem.coloured:
            number: dict[str, int] = {"": 0}
            colours = array("i", (number.setdefault(c, len(number)) if c else 0
                                  for option in problem.colours for c in option))
            self._keep.append(colours)
            self.colours = colours.buffer_info()[0]


class Run:
    """One search of the kernel, closed when done (the C state freed)."""

    def __init__(self, problem: ExactCover, given: Sequence[int], tick, limit: int | None, mode: int = AUTO):
        library = _library()
        if library is None:
            raise RuntimeError("the compiled fewest-options search was not built (pip install needs a C compiler)")
        self._library, self._tick, self._limit = library, tick, limit or 0
        data = compiled_for(problem, Arrays)
        self._data = data
        chosen = array("i", given)
        self._state = library.xlsolver_fewest_new(data.n_items, data.n_primary, data.n_options, data.starts,
                                                  data.items, data.colours, chosen.buffer_info()[0] if given else None,
                                                  len(chosen), mode)
        if not self._state:
            raise MemoryError("no memory for the search's tables")
        self._width = len(given) + data.n_primary + 1
        self._slice = FIRST_SLICE
        self.status = RUNNING
        self.stopped = False  # by tick

    def children(self) -> list[int] | None:
        """As :func:`children`, for a search not yet run."""
        out = (ctypes.c_int32 * max(self._data.n_options, 1))()
        n = self._library.xlsolver_fewest_children(self._state, out)
        return None if n < 0 else list(out[:n])

    def close(self) -> None:
        if self._state:
            self._library.xlsolver_fewest_free(self._state)
            self._state = None

    @property
    def nodes(self) -> int:
        return self._library.xlsolver_fewest_nodes(self._state) if self._state else 0

    @property
    def solutions(self) -> int:
        return self._library.xlsolver_fewest_solutions(self._state) if self._state else 0

    def slices(self, most: int) -> Iterator[list[tuple[int, ...]]]:
        """Run slice by slice, yielding each slice's solutions (``most`` at most, and no more than
        ``fast.BUFFER_BYTES`` of them: none when 0) until done, at the limit or stopped by ``tick``.  The
        buffer starts at ``fast.FIRST_ROWS`` rows and doubles each time a slice fills it: a buffer of 1,024
        rows of a sudoku is over a megabyte, and zeroing it cost more than the puzzle's search."""
        if most:
            most = min(most, max(2, BUFFER_BYTES // (4 * self._width)))  # two at least: a full buffer pauses
        rows = min(most, FIRST_ROWS)
        out = (ctypes.c_int32 * max(rows * self._width, 1))()
        stored = _I32(0)
        while True:
            if self.status == BUFFER_FULL and rows < most:
                rows = min(2 * rows, most)
                out = (ctypes.c_int32 * (rows * self._width))()
            began = clock.now()
            self.status = self._library.xlsolver_fewest_run(self._state, self._slice, self._limit, out, max(rows, 1),
                                                            self._width, ctypes.byref(stored), 1 if rows else 0)
            if self.status == RUNNING:  # the budget spent: a slice cut short by a full buffer says nothing
                self._slice = next_slice(self._slice, clock.now() - began)
            found = [_row(out, r * self._width) for r in range(stored.value)] if rows else []
            yield found
            if self.status in (DONE, LIMIT):
                return
            if self._tick is not None and self._tick(self.nodes, self._library.xlsolver_fewest_explored(self._state)):
                self.stopped = True
                return

    def final_tick(self) -> None:
        if self._tick is not None:
            explored = 1.0 if self.status == DONE else self._library.xlsolver_fewest_explored(self._state)
            self._tick(self.nodes, explored, final=True)


def _row(out, at: int) -> tuple[int, ...]:
    end = at
    while out[end] >= 0:
        end += 1
    return tuple(out[at:end])


def children(problem: ExactCover, given: Sequence[int] = ()) -> list[int] | None:
    """The options this search tries first below ``given`` (a split count's branches: each task a subtree of
    the one search); None when ``given`` is a solution already, [] when no solution holds it."""
    run = Run(problem, given, None, None)
    try:
        return run.children()
    finally:
        run.close()


def solutions(problem: ExactCover, given: Sequence[int] = (), tick=None, mode: int = AUTO
              ) -> Iterator[tuple[int, ...]]:
    """Every solution holding ``given`` (the given options first in each), in the kernel's order."""
    run = Run(problem, given, tick, None, mode)
    try:
        for found in run.slices(BUFFER):
            yield from found
    finally:
        run.final_tick()
        run.close()


def count(problem: ExactCover, given: Sequence[int] = (), tick=None, limit: int | None = None, mode: int = AUTO):
    """``(solutions, first solution or None, nodes, exhausted)``: the first solution is asked for, the rest
    only counted."""
    run = Run(problem, given, tick, limit, mode)
    try:
        first = None
        for found in run.slices(1 if first is None else 0):
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
