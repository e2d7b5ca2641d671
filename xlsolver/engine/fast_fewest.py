"""The "fewest options" search compiled: ``fewest.py``'s search (same nodes, same
solutions in the same order) run by numba (``_dlx_kernels``) in slices, like ``fast.py``."""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..exact_cover import ExactCover
from . import colour_bits, fast

NAME = "numba-fewest"


class Compiled:
    """A problem as the kernel's flat arrays (see ``_dlx_kernels``), ready for any ``given``."""

    def __init__(self, problem: ExactCover):
        import numpy as np

        options, claims, bits = colour_bits.split(problem)  # without colours: the options, their items
        self.n_primary = len(problem.primary)
        self.n_options = len(options)
        self.step = max(bits, 1)
        self.opt_start, self.opt_items, lengths = _flat(options)
        self.claim_start, self.claim_items = self.opt_start, self.opt_items
        if problem.coloured:
            self.claim_start, self.claim_items, _ = _flat(claims)
        owner = np.repeat(np.arange(len(options), dtype=np.int32), lengths)
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
            "lv": np.zeros((self.n_primary + 1, k.LEVEL), dtype=np.int64),
            "meta": np.zeros(k.META, dtype=np.int64),
        }
        k.start(self.opt_start, self.opt_items, self.claim_start, self.claim_items, self.col_start, self.col_opts,
                self.n_primary, self.step, np.asarray(given, dtype=np.int64), state["alive"], state["key"],
                state["killed"], state["uset"], state["uloc"], state["cands"], state["lv"], state["meta"])
        meta = state["meta"]
        return int(meta[k.COUNT]) if meta[k.STATUS] == k.DONE else state

    def advance(self, kernels, state, budget: int, limit: int, out) -> None:
        """Run the kernel for about ``budget`` nodes (state["meta"] tells how it ended)."""
        kernels.search(self.opt_start, self.opt_items, self.claim_start, self.claim_items, self.col_start,
                       self.col_opts, self.n_primary, self.step, state["alive"], state["key"], state["killed"],
                       state["uset"], state["uloc"], state["cands"], state["lv"], state["meta"], budget, limit, out)

    def explored(self, state) -> float:
        """Knuth's estimate of the fraction of the tree done, from the levels' candidates."""
        k = self.kernels()
        lv = state["lv"]
        done, weight = 0.0, 1.0
        for d in range(int(state["meta"][k.DEPTH]) + 1):
            width = max(int(lv[d, k.HI] - lv[d, k.LO]), 1)
            done += weight * max(int(lv[d, k.POS] - lv[d, k.LO]) - 1, 0) / width
            weight /= width
        return min(done, 1.0)


def _flat(rows):
    """``(start, entries, lengths)``: ``rows`` (tuples of ints) end to end, row ``r`` at
    ``entries[start[r]:start[r + 1]]``."""
    import numpy as np

    lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
    start = np.zeros(len(rows) + 1, dtype=np.int32)
    np.cumsum(lengths, out=start[1:])
    entries = np.fromiter((i for row in rows for i in row), dtype=np.int32, count=int(start[-1]))
    return start, entries, lengths


def solutions(problem: ExactCover, given: Sequence[int] = (), tick=None) -> Iterator[tuple[int, ...]]:
    """Every solution containing ``given``, in ``fewest.py``'s order."""
    return fast.stream(fast.compiled_for(problem, Compiled), given, tick)


def count(problem: ExactCover, given: Sequence[int] = (), tick=None, limit: int | None = None):
    """``(solutions, first solution or None, nodes, exhausted)``, as ``fast.tally``."""
    return fast.tally(fast.compiled_for(problem, Compiled), given, tick, limit)
