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
progress (:class:`.sliced.SlicedRun`, which drives Algorithm M's kernel too).  A count asks for no solutions
after the first: the kernel counts the last item's live options without trying them.  Built at install (setup.py,
optional); :func:`ready` says whether it is here.
"""
from __future__ import annotations

import ctypes
import struct
from array import array
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import accumulate, chain

from . import footprint
from .exact_cover import ExactCover, PackedOptions
from .fast import compiled_for
from .sliced import SlicedRun, load

NAME = "compiled-fewest"
LIBRARY = "_fewest_native"  # the library's file name before the platform's extension suffix
PREFIX = "xlsolver_fewest"  # of the functions it exports
ABI = 1  # as fewest_kernel.c's ABI
#: How the kernel keeps the live options (fewest_kernel.c): chosen by the problem's size, or as a bit per
#: option (a node costs a scan of the uncovered items' rows), or as lists (a node costs its kills).
AUTO, LISTS, BITS = -1, 0, 1

_P, _I32 = ctypes.c_void_p, ctypes.c_int32


@cache
def _library() -> ctypes.CDLL | None:
    return load(LIBRARY, PREFIX, ABI, new=(_P, [_I32, _I32, _I32, _P, _P, _P, _P, _I32, _I32]),
                children=(_I32, [_P, _P]))


#: As fewest_kernel.c: the bit mode where a node's scan is at most this many words, and where a word of it,
#: costing BIT_COST, adds up to less than the lists' steps, LIST_COST each.
BIT_SCAN = 4096
BIT_COST, LIST_COST = 2, 3


def bits(problem: ExactCover) -> bool:
    """Does the kernel keep ``problem``'s live options as bits (AUTO's choice, but for memory)?  As
    fewest_kernel.c's ``bits_pay``: where a node costs less so, counted in words of bits against the lists'
    steps (few items with long columns, as queens and tilings: bits; a sudoku's 324 items with columns of 9
    at most: lists)."""
    n_items, n_primary, n_options = len(problem.items), len(problem.primary), len(problem.options)
    words = -(-n_options // 64)
    if not n_options or not n_items or n_primary * words > BIT_SCAN:
        return False
    entries = footprint.entries(problem)
    per_option, per_item = entries / n_options, entries / n_items
    cost_bits = words * (n_primary / 2 + per_option)
    cost_lists = n_primary / 2 + per_option * per_option * per_item
    return BIT_COST * cost_bits <= LIST_COST * cost_lists


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
        else:  # the options' items in one flat array, made in C by chain, accumulate and struct
            starts = int32s(list(accumulate(map(len, problem.options), initial=0)))
            items = int32s(list(chain.from_iterable(problem.options)))
            self._keep = [starts, items]
            self.starts, self.items = starts.buffer_info()[0], items.buffer_info()[0]
        self.colours = None
        if problem.coloured:
            number: dict[str, int] = {"": 0}
            colours = array("i", (number.setdefault(c, len(number)) if c else 0
                                  for option in problem.colours for c in option))
            self._keep.append(colours)
            self.colours = colours.buffer_info()[0]


def int32s(values: list[int]) -> array:
    """``array("i", values)``, packed by struct: array converts int by int, at three times the cost (a sudoku of a
    collection spent more on its arrays than on its search)."""
    packed = array("i")
    packed.frombytes(struct.pack(f"{len(values)}i", *values))
    return packed


class Run(SlicedRun):
    """One search of the kernel, closed when done (the C state freed)."""

    def __init__(self, problem: ExactCover, given: Sequence[int], tick, limit: int | None, mode: int = AUTO):
        library = _library()
        if library is None:
            raise RuntimeError("the compiled fewest-options search was not built (pip install needs a C compiler)")
        self._library = library
        data = compiled_for(problem, Arrays)
        self._data = data
        chosen = array("i", given)
        state = library.xlsolver_fewest_new(data.n_items, data.n_primary, data.n_options, data.starts, data.items,
                                            data.colours, chosen.buffer_info()[0] if given else None, len(chosen),
                                            mode)
        super().__init__(library, PREFIX, state, len(given) + data.n_primary + 1, tick, limit)

    def children(self) -> list[int] | None:
        """As :func:`children`, for a search not yet run."""
        out = (ctypes.c_int32 * max(self._data.n_options, 1))()
        n = self._library.xlsolver_fewest_children(self._state, out)
        return None if n < 0 else list(out[:n])


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
    yield from Run(problem, given, tick, None, mode).every()


def count(problem: ExactCover, given: Sequence[int] = (), tick=None, limit: int | None = None, mode: int = AUTO):
    """``(solutions, first solution or None, nodes, exhausted)``: the first solution is asked for, the rest
    only counted."""
    return Run(problem, given, tick, limit, mode).count()
