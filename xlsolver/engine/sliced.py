"""Python's side of a C search that runs in slices (``fewest_kernel.c``, ``multiplicity_kernel.c``), written once.

Such a kernel exports, under its own prefix, ``PREFIX_run`` (a slice: a budget of nodes, the solutions found
written to a buffer of rows), ``PREFIX_free``, ``PREFIX_explored``, ``PREFIX_solutions`` and ``PREFIX_nodes``
over a state its ``PREFIX_new`` made; the statuses and the buffer's rows are ``slices.h``'s.  A
:class:`SlicedRun` drives one search: slices of about ``fast.SLICE_SECONDS`` (counted in nodes, resized by
``fast.next_slice``), Python checking the time limit and cancel and reporting progress (``tick``) between
them.  Each engine says only what is its own: how it makes its state and how wide a solution can be.
"""
from __future__ import annotations

import ctypes
from collections.abc import Iterator

from ..base import clock
from .fast import BUFFER, BUFFER_BYTES, FIRST_ROWS, FIRST_SLICE, next_slice
from .native import open_library

RUNNING, DONE, LIMIT, BUFFER_FULL = 0, 1, 2, 3  # as slices.h's

_P, _I32, _I64, _U64 = ctypes.c_void_p, ctypes.c_int32, ctypes.c_int64, ctypes.c_uint64
#: What every sliced kernel exports after its prefix: (result type, argument types).
FUNCTIONS = {
    "run": (_I32, [_P, _I64, _U64, _P, _I32, _I32, ctypes.POINTER(_I32), _I32]),
    "free": (None, [_P]),
    "explored": (ctypes.c_double, [_P]),
    "solutions": (_U64, [_P]),
    "nodes": (_U64, [_P]),
}


def load(name: str, prefix: str, abi: int, **own: tuple) -> ctypes.CDLL | None:
    """The sliced kernel ``name`` of this folder (as ``native.open_library``: None when not built, or built from
    another version than ``abi``), its FUNCTIONS and its ``own`` (``new`` at least, as FUNCTIONS gives them)
    under ``prefix`` typed for ctypes."""
    library = open_library(name, f"{prefix}_abi", abi)
    if library is not None:
        for function, (result, arguments) in {**FUNCTIONS, **own}.items():
            exported = getattr(library, f"{prefix}_{function}")
            exported.restype, exported.argtypes = result, arguments
    return library


class SlicedRun:
    """One search of a sliced kernel (``library``'s FUNCTIONS under ``prefix``), on the ``state`` its ``new``
    made (None: out of memory), a solution at most ``width`` - 1 options; closed when done (the C state freed)."""

    def __init__(self, library: ctypes.CDLL, prefix: str, state, width: int, tick, limit: int | None):
        if not state:
            raise MemoryError("no memory for the search's tables")
        self._run, self._free, self._explored, self._solutions, self._nodes = (
            getattr(library, f"{prefix}_{name}") for name in FUNCTIONS)
        self._state, self._width, self._tick, self._limit = state, width, tick, limit or 0
        self._slice = FIRST_SLICE
        self.status = RUNNING
        self.stopped = False  # by tick

    def close(self) -> None:
        if self._state:
            self._free(self._state)
            self._state = None

    @property
    def nodes(self) -> int:
        return self._nodes(self._state) if self._state else 0

    @property
    def solutions(self) -> int:
        return self._solutions(self._state) if self._state else 0

    def explored(self) -> float:
        return 1.0 if self.status == DONE else self._explored(self._state)

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
            self.status = self._run(self._state, self._slice, self._limit, out, max(rows, 1), self._width,
                                    ctypes.byref(stored), 1 if rows else 0)
            if self.status == RUNNING:  # the budget spent: a slice cut short by a full buffer says nothing
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

    def every(self) -> Iterator[tuple[int, ...]]:
        """Every solution, in the kernel's order; the run closed at the end (or when the caller stops)."""
        try:
            for found in self.slices(BUFFER):
                yield from found
        finally:
            self.final_tick()
            self.close()

    def count(self) -> tuple[int, tuple[int, ...] | None, int, bool]:
        """``(solutions, first solution or None, nodes, exhausted)``: the first solution is asked for, the rest
        only counted; the run closed."""
        try:
            first = None
            for found in self.slices(1):
                if found:
                    first = found[0]
                    break
            if self.status in (RUNNING, BUFFER_FULL) and not self.stopped:
                for _ in self.slices(0):
                    pass
            self.final_tick()
            return self.solutions, first, self.nodes, self.status == DONE
        finally:
            self.close()


def _row(out, at: int) -> tuple[int, ...]:
    """The solution written at ``out[at]`` (its options, -1 ended)."""
    end = at
    while out[end] >= 0:
        end += 1
    return tuple(out[at:end])
