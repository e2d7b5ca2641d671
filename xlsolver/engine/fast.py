"""The fast engine: the reference search, compiled.

Its loop exists twice, tested to agree step for step: ``search_kernel.c``, a
plain shared library built at install and called through ctypes
(``search_native.py``), which starts in a millisecond; and ``_kernels.py``, the
same loop compiled by numba, run where no C compiler built the library.  Nothing
here imports numba until a numba kernel runs, so ``import xlsolver`` stays
light.  numba's compiled code is cached (``NUMBA_CACHE_DIR``, by default
``~/.cache/xlsolver/numba``): the first run ever compiles (about 0.3 s here,
measured by bench/run.py), later runs load the cache.  A cache folder that
cannot be written is never an error (:func:`cache_dir`): a folder of the user's
own under the temporary folder stands in, else the kernels compile afresh.

The kernel runs in slices of about ``SLICE_SECONDS``; between slices Python checks
the time limit and cancellation and reports progress, exactly as the reference
engine's ``tick`` does.  :class:`Driver` runs any kernel so (``fast_fewest.py``'s too).
"""
from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import sys
import tempfile
from array import array
from collections.abc import Iterator, Sequence
from functools import reduce
from itertools import accumulate
from operator import or_
from pathlib import Path

from ..base import clock, private
from .exact_cover import ExactCover, derived
from . import colour_bits, search_native
from .reference import as_mask

NAME = "compiled-first"
FIRST_SLICE = 1 << 15  # nodes in the first slice; later slices aim at SLICE_SECONDS each
SLICE_SECONDS = 0.05
MIN_SLICE, MAX_SLICE = 1 << 12, 1 << 26
BUFFER = 4096  # solutions handed to Python at a time when enumerating...
BUFFER_BYTES = 16 * 2**20  # ... or fewer, when that many long solutions would take more than this
#: Rows of the first slice's solution buffer; doubled each time a slice fills it, up to the buffer asked for.  A
#: buffer of BUFFER rows is megabytes (a row per primary item), and zeroing it cost more than a puzzle's search.
FIRST_ROWS = 16


@functools.cache
def available() -> bool:
    """Is numba installed?  Looked up once a process: a search asks on every call (a collection of puzzles,
    thousands of times), and each look walks the import path."""
    return importlib.util.find_spec("numba") is not None


def loaded() -> bool:
    """Is numba imported already (a later compiled search costs no LOAD_SECONDS)?"""
    return "numba" in sys.modules


def native() -> bool:
    """Is the C copy of the loop built here (this search then starts at once, without numba)?"""
    return search_native.load() is not None


def ready() -> bool:
    """Can this search run compiled: its C copy built, or numba installed?"""
    return native() or available()


def kernels():
    """The loop that runs: the C copy when built (``search_native``), else numba's (``_kernels``, loaded on
    first use).  Both offer ``search``, ``search2`` and the status codes and meta fields."""
    return search_native.load() or load("_kernels")


def next_slice(budget: int, took: float, smallest: int = MIN_SLICE, largest: int = MAX_SLICE) -> int:
    """The work for the next slice of a kernel, so that it lasts about SLICE_SECONDS."""
    return int(min(max(budget * SLICE_SECONDS / max(took, 1e-4), smallest), largest))


def load(module: str):
    """A kernel module of this package (``"_kernels"``), imported, numba with it, on first use."""
    where = cache_dir()
    if where is not None:
        os.environ["NUMBA_CACHE_DIR"] = str(where)  # read by numba when imported (workers inherit it)
        if "numba" in sys.modules:
            sys.modules["numba"].config.CACHE_DIR = str(where)
    return importlib.import_module(f"{__package__}.{module}")


def caching() -> bool:
    """Do the kernels cache what they compile?  (Their ``njit(cache=...)``.)"""
    return cache_dir() is not None


@functools.cache
def cache_dir() -> Path | None:
    """The folder numba caches compiled kernels in, or None: compile afresh in every process.

    The configured folder (``NUMBA_CACHE_DIR``, else ``~/.cache/xlsolver/numba``)
    if it can be written, else ``xlsolver-numba-UID`` in the temporary folder
    (:mod:`xlsolver.base.private`).  Without either, numba
    would look beside the installed package (``__pycache__``, root's in a shared
    environment) and in ``~/.cache/numba``, and failing both refuse to load the
    kernels at all.  Without a cache every run pays the compile time, so the
    first process (not each worker) says so once on stderr.
    """
    configured = configured_cache_dir()
    if configured is not None and writable_dir(configured):
        return configured
    try:
        own = private.temp_folder("xlsolver-numba")  # pickles: whoever can write them runs code in the next search
        if writable_dir(own):
            return own
        refused = f"{str(own)!r} cannot be written"
    except private.NotPrivate as err:
        refused = str(err)
    except OSError:
        refused = "there is no temporary folder"
    import multiprocessing  # here: a search that never caches compiled code does not load it

    if multiprocessing.parent_process() is None:
        home = f"{str(configured)!r} cannot be written; " if configured else ""
        print(f"xlsolver: no folder to cache compiled code in ({home}{refused}); it is compiled afresh on every run",
              file=sys.stderr)
    return None


def configured_cache_dir() -> Path | None:
    """``NUMBA_CACHE_DIR`` as the user set it, else ``~/.cache/xlsolver/numba`` (None: no home folder)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    try:
        return Path.home() / ".cache" / "xlsolver" / "numba"
    except (RuntimeError, KeyError):  # no HOME and no entry in the password database
        return None


def writable_dir(where: Path) -> bool:
    """Can files be made in ``where`` (created if missing)?  Tried as numba tries it: the mode bits
    do not tell (root, read-only file systems, a file where a folder should be)."""
    try:
        where.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=where).close()
        return True
    except OSError:
        return False


class Compiled:
    """A problem as the first-item kernel's arrays: masks grouped by first primary item.

    Options without a primary item come last, outside every group: no search
    branches on them, only a ``given`` one is taken.  With colours, masks are of
    the bits each option needs and ``claims`` of those it covers (``colour_bits``);
    without, ``claims`` is ``masks``.  The arrays are the standard library's
    (flat, ``words`` to a row), which the C copy reads as they are: a puzzle
    solved in C never imports numpy, whose import cost more than its search.
    numba's copy gets numpy views of the same memory (:meth:`advance`).
    """

    def __init__(self, problem: ExactCover):
        needs, claimed, n_bits = colour_bits.split(problem)
        self.n_primary = n_primary = len(problem.primary)
        self.words = max(2, (n_bits + 63) // 64)  # two words at least: the kernel for <= 128 bits
        order = sorted(range(len(needs)), key=lambda o: (min(needs[o]), o))
        self.ids = array("q", order)
        need_bits = [as_mask(needs[option]) for option in order]  # a row's mask as one Python int
        self.masks = self._rows(need_bits)
        self.claims = self._rows([as_mask(claimed[option]) for option in order]) if problem.coloured else self.masks
        counts = [0] * (n_primary + 1)
        for option in order:
            if min(needs[option]) < n_primary:
                counts[min(needs[option]) + 1] += 1
        self.starts = array("q", accumulate(counts))
        self.row_of = {option: row for row, option in enumerate(order)}
        if self.words == 2:  # the two-word kernel's arrays: each word of the rows on its own
            self.lo, self.hi, self.claim_lo, self.claim_hi = self.masks[0::2], self.masks[1::2], \
                self.claims[0::2], self.claims[1::2]
        self._reachable = reduce(or_, need_bits, 0)  # what the options can cover, none given
        self._ints: tuple[list[int], list[int]] | None = None  # the rows as Python ints, once options are given
        self._numpy: tuple | None = None  # numba's views of the arrays, made when numba's copy runs

    def _rows(self, masks: list[int]) -> array:
        """One row of ``words`` 64-bit words per mask, flat."""
        size = 8 * self.words
        rows = array("Q")
        rows.frombytes(b"".join(mask.to_bytes(size, "little") for mask in masks))
        return rows

    def _as_ints(self) -> tuple[list[int], list[int]]:
        """Each row's needs and claims as one Python int: what :meth:`begin` checks given options with (a
        search below some options: a split count's task, a hint), made when first asked for."""
        if self._ints is None:
            size = 8 * self.words

            def ints(rows: array) -> list[int]:
                raw = rows.tobytes()
                return [int.from_bytes(raw[at:at + size], "little") for at in range(0, len(raw), size)]

            needs = ints(self.masks)
            self._ints = needs, (ints(self.claims) if self.claims is not self.masks else needs)
        return self._ints

    @staticmethod
    def kernels():
        return kernels()

    def begin(self, given: Sequence[int]):
        """Kernel state for a search below the options in ``given``, or its count (0 or 1) if no search is needed."""
        covered, reachable = 0, self._reachable
        if given:
            needs, claims = self._as_ints()
            for option in given:
                row = self.row_of[option]
                if needs[row] & covered:
                    return 0
                covered |= claims[row]
            reachable = reduce(or_, (mask for mask in needs if not mask & covered), covered)
        first = _first_uncovered(covered, self.n_primary)
        if first is None:
            return 1
        if _first_uncovered(reachable, self.n_primary) is not None:
            return 0  # a primary item no usable option covers
        depth_cap = min(self.n_primary, len(self.ids)) + 1  # each level takes an option and a primary item
        levels = depth_cap + 1
        state = {"cov": self._rows([covered] + [0] * depth_cap), "item": _zeros("q", levels),
                 "pos": _zeros("q", levels), "chosen": _zeros("q", levels), "meta": _zeros("q", 5)}
        state["item"][0] = first
        state["pos"][0] = self.starts[first]
        return state

    def advance(self, kernels, state, budget: int, limit: int, out: array, width: int) -> None:
        """Run the kernel for about ``budget`` nodes (state["meta"] tells how it ended), solutions into ``out``
        (rows of ``width``)."""
        if isinstance(kernels, search_native.Kernel):
            rows = len(out) // width
            if self.words == 2:
                kernels.search2(self.starts, self.lo, self.hi, self.claim_lo, self.claim_hi, self.ids,
                                self.n_primary, state["cov"], state["item"], state["pos"], state["chosen"],
                                state["meta"], budget, limit, out, rows, width)
            else:
                kernels.search(self.starts, self.masks, self.claims, self.words, self.ids, self.n_primary,
                               state["cov"], state["item"], state["pos"], state["chosen"], state["meta"], budget,
                               limit, out, rows, width)
            return
        rows, (cov, item, pos, chosen, meta) = numpy_rows(out, width), self._numpy_state(state)
        if self.words == 2:
            starts, lo, hi, claim_lo, claim_hi, ids = self._numpy_arrays()
            kernels.search2(starts, lo, hi, claim_lo, claim_hi, ids, self.n_primary, cov, item, pos, chosen, meta,
                            budget, limit, rows)
        else:
            starts, masks, claims, ids = self._numpy_arrays()
            kernels.search(starts, masks, claims, ids, self.n_primary, cov, item, pos, chosen, meta, budget, limit,
                           rows)

    def _numpy_arrays(self) -> tuple:
        """numba's arguments, views of the arrays: (starts, lo, hi, claim_lo, claim_hi, ids) for two words, else
        (starts, masks, claims, ids)."""
        if self._numpy is None:
            import numpy as np

            def view(a, dtype=np.uint64):
                return np.frombuffer(a, dtype=dtype)

            starts, ids = view(self.starts, np.int64), view(self.ids, np.int64)
            self._numpy = (starts, *map(view, (self.lo, self.hi, self.claim_lo, self.claim_hi)), ids) \
                if self.words == 2 else \
                (starts, *(view(a).reshape(-1, self.words) for a in (self.masks, self.claims)), ids)
        return self._numpy

    def _numpy_state(self, state) -> tuple:
        import numpy as np

        cov = np.frombuffer(state["cov"], dtype=np.uint64).reshape(-1, self.words)
        return (cov, *(np.frombuffer(state[key], dtype=np.int64) for key in ("item", "pos", "chosen", "meta")))

    def explored(self, state) -> float:
        """Knuth's estimate of the fraction of the tree done, from the stack."""
        meta = state["meta"]
        done, weight = 0.0, 1.0
        for d in range(int(meta[0]) + 1):
            item = int(state["item"][d])
            width = max(int(self.starts[item + 1] - self.starts[item]), 1)
            before = int(state["pos"][d] - self.starts[item]) - 1
            done += weight * max(before, 0) / width
            weight /= width
        return min(done, 1.0)


def _zeros(kind: str, n: int) -> array:
    return array(kind, bytes(8 * n))


def _first_uncovered(covered: int, n_primary: int) -> int | None:
    free = ~covered & ((1 << n_primary) - 1)
    return (free & -free).bit_length() - 1 if free else None


def numpy_rows(out: array, width: int):
    """``out`` (flat int64) as a numpy array of rows of ``width``: the same memory, for numba's kernels."""
    import numpy as np

    return np.frombuffer(out, dtype=np.int64).reshape(-1, width)


def compiled_for(problem: ExactCover, kind=Compiled):
    """``kind(problem)`` (a kernel's arrays), made once per problem object (``exact_cover.derived``)."""
    return derived(problem, kind)


class Driver:
    """Runs a compiled search slice by slice; remembers nodes, progress and whether the tree is exhausted.

    ``compiled`` offers ``n_primary``, ``kernels()`` (its loop: a module or object, loaded on first use),
    ``begin(given)``, ``advance(kernels, state, budget, limit, out)`` and ``explored(state)``
    (``Compiled`` here, ``fast_fewest.Compiled``).
    """

    def __init__(self, compiled, given: Sequence[int], tick, limit: int | None, buffer: int):
        self.compiled = compiled
        self.given, self.tick, self.limit, self.buffer = tuple(given), tick, limit, buffer
        self.nodes, self.exhausted, self.explored, self.found = 0, False, 0.0, 0

    def slices(self) -> Iterator[list[tuple[int, ...]]]:
        """Lists of new solutions (only the first, when the buffer is 1), until done or told to stop."""
        kernels = self.compiled.kernels()
        state = self.compiled.begin(self.given)
        if isinstance(state, int):
            self.exhausted, self.explored, self.found = True, 1.0, state
            if state:
                yield [self.given]
            return
        width = getattr(self.compiled, "longest", self.compiled.n_primary) + len(self.given) + 2
        most = min(self.buffer, max(2, BUFFER_BYTES // (8 * width)))  # two at least: a full buffer pauses
        rows = most if most == 1 else min(most, FIRST_ROWS)  # 1: count, store the first only
        out = _zeros("q", rows * width)  # rows of ``width``, each a solution ended by -1
        meta = state["meta"]
        budget = FIRST_SLICE
        while True:
            meta[kernels.STORED] = 0
            started = clock.now()
            self.compiled.advance(kernels, state, budget, -1 if self.limit is None else self.limit, out, width)
            took = clock.now() - started
            budget = next_slice(budget, took)
            self.nodes, self.found = int(meta[kernels.NODES]), int(meta[kernels.COUNT])
            status = int(meta[kernels.STATUS])
            self.exhausted = status == kernels.DONE
            self.explored = 1.0 if self.exhausted else self.compiled.explored(state)
            found = []
            for at in range(0, int(meta[kernels.STORED]) * width, width):
                row = out[at:at + width]
                found.append(self.given + tuple(row[:row.index(-1)]))
            yield found
            if status in (kernels.DONE, kernels.LIMIT):
                return
            if status == kernels.BUFFER_FULL and rows < most:
                rows = min(2 * rows, most)
                out = _zeros("q", rows * width)
            if self.tick is not None and self.tick(self.nodes, self.explored):
                return

    def final_tick(self) -> None:
        if self.tick is not None:
            self.tick(self.nodes, self.explored, True)


def stream(compiled, given: Sequence[int] = (), tick=None) -> Iterator[tuple[int, ...]]:
    """Every solution of a compiled problem containing ``given``, in its kernel's order."""
    driver = Driver(compiled, given, tick, None, BUFFER)
    try:
        for found in driver.slices():
            yield from found
    finally:
        driver.final_tick()


def tally(compiled, given: Sequence[int] = (), tick=None, limit: int | None = None):
    """``(solutions, first solution or None, nodes, exhausted)``; solutions are counted, not handed over."""
    driver = Driver(compiled, given, tick, limit, 1)
    first = None
    for found in driver.slices():
        if first is None and found:
            first = found[0]
    driver.final_tick()
    return driver.found, first, driver.nodes, driver.exhausted


def solutions(problem: ExactCover, given: Sequence[int] = (), tick=None) -> Iterator[tuple[int, ...]]:
    """Every solution containing ``given``, in the reference engine's order."""
    return stream(compiled_for(problem), given, tick)


def count(problem: ExactCover, given: Sequence[int] = (), tick=None, limit: int | None = None):
    """``(solutions, first solution or None, nodes, exhausted)``, as :func:`tally`."""
    return tally(compiled_for(problem), given, tick, limit)
