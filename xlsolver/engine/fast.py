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
from collections.abc import Iterator, Sequence
from pathlib import Path

from ..base import clock, private
from .exact_cover import ExactCover, derived
from . import colour_bits, search_native

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
    without, ``claims`` is ``masks``.
    """

    def __init__(self, problem: ExactCover):
        import numpy as np

        needs, claimed, n_bits = colour_bits.split(problem)
        self.n_primary = n_primary = len(problem.primary)
        self.words = max(2, (n_bits + 63) // 64)  # two words at least: the kernel for <= 128 bits
        order = sorted(range(len(needs)), key=lambda o: (min(needs[o]), o))
        self.ids = np.array(order, dtype=np.int64)
        self.masks = self._rows(needs, order)
        self.claims = self._rows(claimed, order) if problem.coloured else self.masks
        counts = np.zeros(n_primary + 1, dtype=np.int64)
        for option in order:
            if min(needs[option]) < n_primary:
                counts[min(needs[option]) + 1] += 1
        self.starts = np.cumsum(counts).astype(np.int64)
        self.row_of = {int(option): row for row, option in enumerate(order)}
        self.lo = np.ascontiguousarray(self.masks[:, 0])
        self.hi = np.ascontiguousarray(self.masks[:, 1])
        self.claim_lo = np.ascontiguousarray(self.claims[:, 0]) if problem.coloured else self.lo
        self.claim_hi = np.ascontiguousarray(self.claims[:, 1]) if problem.coloured else self.hi

    def _rows(self, bits, order):
        """One row of ``words`` 64-bit words per option, in ``order``, with its ``bits`` set."""
        import numpy as np

        rows = np.zeros((len(order), self.words), dtype=np.uint64)
        for row, option in enumerate(order):
            for bit in bits[option]:
                rows[row, bit >> 6] |= np.uint64(1) << np.uint64(bit & 63)
        return rows

    @staticmethod
    def kernels():
        return kernels()

    def begin(self, given: Sequence[int]):
        """Kernel state for a search below the options in ``given``, or its count (0 or 1) if no search is needed."""
        import numpy as np

        covered = np.zeros(self.words, dtype=np.uint64)
        for option in given:
            row = self.row_of[option]
            if (self.masks[row] & covered).any():
                return 0
            covered |= self.claims[row]
        first = _first_uncovered(covered, self.n_primary)
        if first is None:
            return 1
        usable = ~(self.masks & covered).any(axis=1)
        reachable = covered | np.bitwise_or.reduce(self.masks[usable], axis=0) if usable.any() else covered
        if _first_uncovered(reachable, self.n_primary) is not None:
            return 0  # a primary item no usable option covers
        depth_cap = min(self.n_primary, len(self.masks)) + 1  # each level takes an option and a primary item
        state = {
            "cov": np.zeros((depth_cap + 1, self.words), dtype=np.uint64),
            "item": np.zeros(depth_cap + 1, dtype=np.int64),
            "pos": np.zeros(depth_cap + 1, dtype=np.int64),
            "chosen": np.zeros(depth_cap + 1, dtype=np.int64),
            "meta": np.zeros(5, dtype=np.int64),
        }
        state["cov"][0] = covered
        state["item"][0] = first
        state["pos"][0] = self.starts[first]
        return state

    def advance(self, kernels, state, budget: int, limit: int, out) -> None:
        """Run the kernel for about ``budget`` nodes (state["meta"] tells how it ended)."""
        if self.words == 2:
            kernels.search2(self.starts, self.lo, self.hi, self.claim_lo, self.claim_hi, self.ids, self.n_primary,
                            state["cov"], state["item"], state["pos"], state["chosen"], state["meta"], budget, limit,
                            out)
        else:
            kernels.search(self.starts, self.masks, self.claims, self.ids, self.n_primary, state["cov"],
                           state["item"], state["pos"], state["chosen"], state["meta"], budget, limit, out)

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


def _first_uncovered(covered, n_primary: int) -> int | None:
    for item in range(n_primary):
        if not (int(covered[item >> 6]) >> (item & 63)) & 1:
            return item
    return None


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
        import numpy as np

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
        out = np.zeros((rows, width), dtype=np.int64)
        meta = state["meta"]
        budget = FIRST_SLICE
        while True:
            meta[kernels.STORED] = 0
            started = clock.now()
            self.compiled.advance(kernels, state, budget, -1 if self.limit is None else self.limit, out)
            took = clock.now() - started
            budget = next_slice(budget, took)
            self.nodes, self.found = int(meta[kernels.NODES]), int(meta[kernels.COUNT])
            status = int(meta[kernels.STATUS])
            self.exhausted = status == kernels.DONE
            self.explored = 1.0 if self.exhausted else self.compiled.explored(state)
            yield [self.given + tuple(int(v) for v in row[: list(row).index(-1)]) for row in out[: meta[kernels.STORED]]]
            if status in (kernels.DONE, kernels.LIMIT):
                return
            if status == kernels.BUFFER_FULL and rows < most:
                rows = min(2 * rows, most)
                out = np.zeros((rows, width), dtype=np.int64)
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
