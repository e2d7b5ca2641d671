"""The "fewest options" search compiled: ``fewest.py``'s search (same nodes, same
solutions in the same order) run by numba (``_dlx_kernels``) in slices, like ``fast.py``."""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from .exact_cover import ExactCover, flattened
from . import colour_bits, fast

NAME = "numba-fewest"


class Compiled:
    """A problem as the kernel's flat arrays (see ``_dlx_kernels``), ready for any ``given``."""

    def __init__(self, problem: ExactCover):
        import numpy as np

        self.n_primary = len(problem.primary)
        self.n_options = len(problem.options)
        self.longest = min(self.n_primary, self.n_options)  # the deepest a search goes: one option a level
        needs, claims, bits = colour_bits.split(problem)  # without colours: the options, their items
        self.step = max(bits, 1)
        # arrays, not a tuple per option: linear in the problem's size
        starts, entries = flattened(needs) if problem.coloured else problem.flat()
        self.opt_start = starts.astype(np.int32) if starts[-1] < 2**31 else starts
        self.opt_items = entries
        self.claim_start, self.claim_items = self.opt_start, self.opt_items
        if problem.coloured:
            claim_start, self.claim_items = flattened(claims)
            self.claim_start = claim_start.astype(self.opt_start.dtype)
        lengths = np.diff(starts)
        owner = np.repeat(np.arange(self.n_options, dtype=np.int32), lengths)
        self.col_opts = owner[np.argsort(self.opt_items, kind="stable")]  # by item, then option order
        per_item = np.bincount(self.opt_items, minlength=bits)
        self.col_start = np.zeros(bits + 1, dtype=np.int32)
        np.cumsum(per_item, out=self.col_start[1:])
        self.full_key = per_item.astype(np.int64) * self.step + np.arange(bits)

    @staticmethod
    def kernels():
        return fast.load("_dlx_kernels")

    def begin(self, given: Sequence[int]):
        """Kernel state for a search below the options in ``given``, or its count (0 or 1) if no search is needed."""
        import numpy as np

        k = self.kernels()
        state = {
            "alive": np.ones(self.n_options, dtype=np.uint8),
            "key": self.full_key.copy(),
            "killed": np.zeros(self.n_options, dtype=np.int32),
            "uset": np.arange(self.n_primary, dtype=np.int32),
            "uloc": np.arange(self.n_primary, dtype=np.int32),
            "cands": np.zeros(self.n_options, dtype=np.int32),
            "lv": np.zeros((self.longest + 1, k.LEVEL), dtype=np.int64),
            "heap": np.zeros(2 * self.n_primary + 64, dtype=np.int64),
            "meta": np.zeros(k.META, dtype=np.int64),
        }
        k.start(self.opt_start, self.opt_items, self.claim_start, self.claim_items, self.col_start, self.col_opts,
                self.n_primary, self.step, np.asarray(given, dtype=np.int64), state["alive"], state["key"],
                state["killed"], state["uset"], state["uloc"], state["cands"], state["lv"], state["meta"],
                state["heap"])
        meta = state["meta"]
        return int(meta[k.COUNT]) if meta[k.STATUS] == k.DONE else state

    def advance(self, kernels, state, budget: int, limit: int, out, width: int) -> None:
        """Run the kernel for about ``budget`` nodes (state["meta"] tells how it ended), solutions into ``out``
        (flat, rows of ``width``)."""
        kernels.search(self.opt_start, self.opt_items, self.claim_start, self.claim_items, self.col_start,
                       self.col_opts, self.n_primary, self.step, state["alive"], state["key"], state["killed"],
                       state["uset"], state["uloc"], state["cands"], state["lv"], state["meta"], state["heap"],
                       budget, limit, fast.numpy_rows(out, width))

    def explored(self, state) -> float:
        """Knuth's estimate of the fraction of the tree done, from the levels' candidates."""
        import numpy as np

        k = self.kernels()
        rows = state["lv"][:int(state["meta"][k.DEPTH]) + 1]  # arrays: a search may be a million levels deep
        width = np.maximum(rows[:, k.HI] - rows[:, k.LO], 1).astype(float)
        before = np.maximum(rows[:, k.POS] - rows[:, k.LO] - 1, 0)
        weight = np.concatenate(([1.0], np.cumprod(1.0 / width)[:-1]))
        return min(float(np.sum(weight * before / width)), 1.0)


def solutions(problem: ExactCover, given: Sequence[int] = (), tick=None) -> Iterator[tuple[int, ...]]:
    """Every solution containing ``given``, in ``fewest.py``'s order."""
    return fast.stream(fast.compiled_for(problem, Compiled), given, tick)


def count(problem: ExactCover, given: Sequence[int] = (), tick=None, limit: int | None = None):
    """``(solutions, first solution or None, nodes, exhausted)``, as ``fast.tally``."""
    return fast.tally(fast.compiled_for(problem, Compiled), given, tick, limit)
