"""The fast engine: the reference search, compiled by numba and cached on disk.

Nothing here imports numba until a search runs, so ``import xlsolver`` stays
light.  Compiled code is cached (``NUMBA_CACHE_DIR``, by default
``~/.cache/xlsolver/numba``): the first run ever compiles (about 0.3 s here,
measured by bench/run.py), later runs load the cache.

The kernel runs in slices of about ``SLICE_SECONDS``; between slices Python checks
the time limit and cancellation and reports progress, exactly as the reference
engine's ``tick`` does.
"""
from __future__ import annotations

import importlib.util
import os
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from ..exact_cover import ExactCover

NAME = "numba"
FIRST_SLICE = 1 << 15  # nodes in the first slice; later slices aim at SLICE_SECONDS each
SLICE_SECONDS = 0.05
BUFFER = 4096  # solutions handed to Python at a time when enumerating


def available() -> bool:
    return importlib.util.find_spec("numba") is not None


def _kernels():
    os.environ.setdefault("NUMBA_CACHE_DIR", str(Path.home() / ".cache" / "xlsolver" / "numba"))
    from . import _kernels

    return _kernels


class Compiled:
    """A problem as the kernel's arrays: masks grouped by first primary item."""

    def __init__(self, problem: ExactCover):
        import numpy as np

        n_items = len(problem.items)
        self.n_primary = len(problem.primary)
        self.words = max(2, (n_items + 63) // 64)  # two words at least: the kernel for <= 128 items
        order = sorted(range(len(problem.options)), key=lambda o: (min(problem.options[o]), o))
        self.ids = np.array(order, dtype=np.int64)
        self.masks = np.zeros((len(order), self.words), dtype=np.uint64)
        counts = np.zeros(self.n_primary + 1, dtype=np.int64)
        for row, option in enumerate(order):
            items = problem.options[option]
            for item in items:
                self.masks[row, item >> 6] |= np.uint64(1) << np.uint64(item & 63)
            counts[min(items) + 1] += 1
        self.starts = np.cumsum(counts).astype(np.int64)
        self.row_of = {int(option): row for row, option in enumerate(order)}
        self.lo = np.ascontiguousarray(self.masks[:, 0])
        self.hi = np.ascontiguousarray(self.masks[:, 1])

    def start_state(self, given: Sequence[int]):
        """Kernel state for a search below the options in ``given``; None if it has no solution."""
        import numpy as np

        covered = np.zeros(self.words, dtype=np.uint64)
        for option in given:
            mask = self.masks[self.row_of[option]]
            if (mask & covered).any():
                return None
            covered |= mask
        usable = ~(self.masks & covered).any(axis=1)
        reachable = covered | np.bitwise_or.reduce(self.masks[usable], axis=0) if usable.any() else covered
        first = _first_uncovered(covered, self.n_primary)
        if first is not None and _first_uncovered(reachable, self.n_primary) is not None:
            return None  # a primary item no usable option covers
        depth_cap = self.n_primary + 1
        state = {
            "cov": np.zeros((depth_cap + 1, self.words), dtype=np.uint64),
            "item": np.zeros(depth_cap + 1, dtype=np.int64),
            "pos": np.zeros(depth_cap + 1, dtype=np.int64),
            "chosen": np.zeros(depth_cap + 1, dtype=np.int64),
            "meta": np.zeros(5, dtype=np.int64),
            "first": first,
        }
        state["cov"][0] = covered
        if first is not None:
            state["item"][0] = first
            state["pos"][0] = self.starts[first]
        return state

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


_compiled: dict[int, tuple[ExactCover, int, Compiled]] = {}


def compiled_for(problem: ExactCover) -> Compiled:
    """The kernel's arrays for a problem, made once per problem object (a few kept)."""
    entry = _compiled.get(id(problem))
    if entry is None or entry[0] is not problem or entry[1] != len(problem.options):
        if len(_compiled) >= 8:
            _compiled.clear()
        entry = _compiled[id(problem)] = (problem, len(problem.options), Compiled(problem))
    return entry[2]


class _Driver:
    """Runs the kernel slice by slice; remembers nodes, progress and whether the tree is exhausted."""

    def __init__(self, problem: ExactCover, given: Sequence[int], tick, limit: int | None, buffer: int):
        self.compiled = compiled_for(problem)
        self.given, self.tick, self.limit, self.buffer = tuple(given), tick, limit, buffer
        self.nodes, self.exhausted, self.explored, self.found = 0, False, 0.0, 0

    def slices(self) -> Iterator[list[tuple[int, ...]]]:
        """Lists of new solutions (only the first, when the buffer is 1), until done or told to stop."""
        import numpy as np

        kernels = _kernels()
        state = self.compiled.start_state(self.given)
        if state is None or state["first"] is None:
            self.exhausted, self.explored = True, 1.0
            if state is not None:
                self.found = 1
                yield [self.given]
            return
        out = np.zeros((self.buffer, self.compiled.n_primary + 2), dtype=np.int64)
        meta = state["meta"]
        budget = FIRST_SLICE
        c = self.compiled
        rows = (c.lo, c.hi) if c.words == 2 else (c.masks,)
        kernel = kernels.search2 if c.words == 2 else kernels.search
        while True:
            meta[kernels.STORED] = 0
            started = time.perf_counter()
            kernel(c.starts, *rows, c.ids, c.n_primary, state["cov"],
                   state["item"], state["pos"], state["chosen"], meta, budget,
                   -1 if self.limit is None else self.limit, out)
            took = time.perf_counter() - started
            budget = int(min(max(budget * SLICE_SECONDS / max(took, 1e-4), 1 << 12), 1 << 26))
            self.nodes, self.found = int(meta[kernels.NODES]), int(meta[kernels.COUNT])
            status = int(meta[kernels.STATUS])
            self.exhausted = status == kernels.DONE
            self.explored = 1.0 if self.exhausted else self.compiled.explored(state)
            yield [self.given + tuple(int(v) for v in row[: list(row).index(-1)]) for row in out[: meta[kernels.STORED]]]
            if status in (kernels.DONE, kernels.LIMIT):
                return
            if self.tick is not None and self.tick(self.nodes, self.explored):
                return

    def final_tick(self) -> None:
        if self.tick is not None:
            self.tick(self.nodes, self.explored, True)


def solutions(problem: ExactCover, given: Sequence[int] = (), tick=None) -> Iterator[tuple[int, ...]]:
    """Every solution containing ``given``, in the reference engine's order."""
    driver = _Driver(problem, given, tick, None, BUFFER)
    try:
        for found in driver.slices():
            yield from found
    finally:
        driver.final_tick()


def count(problem: ExactCover, given: Sequence[int] = (), tick=None, limit: int | None = None):
    """``(solutions, first solution or None, nodes, exhausted)``; solutions are counted, not handed over."""
    driver = _Driver(problem, given, tick, limit, 1)
    first = None
    for found in driver.slices():
        if first is None and found:
            first = found[0]
    driver.final_tick()
    return driver.found, first, driver.nodes, driver.exhausted
