"""Algorithm M in C (``multiplicity_kernel.c``): the search of :mod:`.multiplicity`, compiled.

The same branching, the same nodes, the same solutions in the same order, at the
speed of Knuth's DLX3 or better.  The problem goes to the library as
:class:`fewest_native.Arrays` (the options' starts, items, colours) and two
int32 arrays of each primary item's bounds; the loop runs in slices, driven by
:class:`.sliced.SlicedRun` as :mod:`.fewest_native`'s is, Python checking the
clock, cancel and progress between them.  Built at install (setup.py,
optional); :func:`ready` says whether it is here, and without it
:mod:`.multiplicity` searches.
"""
from __future__ import annotations

import ctypes
from array import array
from collections.abc import Iterator, Sequence
from functools import cache

from .exact_cover import ExactCover
from .fast import compiled_for
from .fewest_native import Arrays
from .sliced import SlicedRun, load

NAME = "compiled-multiplicity"
#: This engine honours items with bounds (``engine.choose`` routes such problems only to engines that do).
BOUNDS = True
LIBRARY = "_multiplicity_native"
PREFIX = "xlsolver_multiplicity"  # of the functions it exports
ABI = 2  # as multiplicity_kernel.c's ABI

_P, _I32 = ctypes.c_void_p, ctypes.c_int32


@cache
def _library() -> ctypes.CDLL | None:
    return load(LIBRARY, PREFIX, ABI, new=(_P, [_I32, _I32, _I32, _P, _P, _P, _P, _P, _P, _I32]))


def ready() -> bool:
    """Was the library built (and from this version of multiplicity_kernel.c)?"""
    return _library() is not None


class Bounds:
    """Each primary item's bounds as two int32 arrays, made once per problem object (``compiled_for``)."""

    def __init__(self, problem: ExactCover):
        pairs = problem.primary_bounds()
        self.low = array("i", (low for low, _ in pairs))
        self.high = array("i", (high for _, high in pairs))


class Run(SlicedRun):
    """One search of the kernel, closed when done (the C state freed)."""

    def __init__(self, problem: ExactCover, given: Sequence[int], tick, limit: int | None):
        library = _library()
        if library is None:
            raise RuntimeError("the compiled multiplicity search was not built (pip install needs a C compiler)")
        data, bounds = compiled_for(problem, Arrays), compiled_for(problem, Bounds)
        self._keep = (data, bounds)
        chosen = array("i", given)
        state = library.xlsolver_multiplicity_new(
            data.n_items, data.n_primary, data.n_options, data.starts, data.items, data.colours,
            bounds.low.buffer_info()[0] if data.n_primary else None,
            bounds.high.buffer_info()[0] if data.n_primary else None,
            chosen.buffer_info()[0] if given else None, len(chosen))
        width = len(given) + sum(bounds.high) + 1  # a solution's options: at most the upper bounds' sum
        super().__init__(library, PREFIX, state, min(width, len(given) + data.n_options + 1), tick, limit)


def solutions(problem: ExactCover, given: Sequence[int] = (), tick=None) -> Iterator[tuple[int, ...]]:
    """Every solution holding ``given`` (the given options first in each), in :mod:`.multiplicity`'s order."""
    yield from Run(problem, given, tick, None).every()


def count(problem: ExactCover, given: Sequence[int] = (), tick=None, limit: int | None = None):
    """``(solutions, first solution or None, nodes, exhausted)``: the first solution is asked for, the rest
    only counted."""
    return Run(problem, given, tick, limit).count()
