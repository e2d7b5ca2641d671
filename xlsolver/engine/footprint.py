"""How much memory a problem's encodings take, so that no engine is chosen whose arrays outgrow memory,
and a problem too big for any is refused in one line rather than killed by the system.

The first-item engines hold every option as a row of bits, one per item (``fast.Compiled``; the plain
engine's ints are as long): options x items / 8 bytes, quadratic in a problem of many items and small
options (a million one-item options: 125 GB).  The fewest-options engines hold the options' items and
each item's options as flat arrays, a few bytes per item, option and entry: linear.  The trees' sampled
estimates (``estimate.py``) copy a node's state at each depth they go down: about depth x (items +
options) steps.  A problem too big for the first or the second is searched by the fewest-options rule
without estimating (:func:`big`).
"""
from __future__ import annotations

from .exact_cover import ExactCover, PackedOptions, ProblemError

#: The most the first-item engines' bit masks may take.
DENSE_BYTES = 256 * 2**20
#: The most steps the sampled estimates may take (depth x (items + options)), about a tenth of a second,
#: and the most items, options and entries they build Python tables of.
ESTIMATE_STEPS, ESTIMATE_SIZE = 10**7, 10**6
#: Bytes the fewest-options search holds per entry (an option's item, an item's option), per option
#: (its start, alive, killed, candidates; the encoder's lengths and owners), per item (its start, count and
#: key, the uncovered set, the forced heap) and per level of depth (one row of the kernel's stack).
PER_ENTRY, PER_OPTION, PER_ITEM, PER_LEVEL = 12, 30, 52, 72
#: The memoised counter's tables, per process, unless the user says otherwise (``--memory``).
DEFAULT_MEMORY_MB = 512
#: The least memory a search may take: ``--memory`` (the memoised counter's tables, where a smaller value
#: means "search instead") raises it, never lowers it.
SEARCH_MB = 512


class TooBig(ProblemError):
    """A problem whose search would need more memory than the limit allows: one line saying how much."""


def entries(problem: ExactCover) -> int:
    """How many (option, item) pairs the problem holds."""
    if isinstance(problem.options, PackedOptions):
        return int(problem.options.flat()[0][-1])
    return sum(map(len, problem.options))


def dense_bytes(problem: ExactCover) -> int:
    """The first-item engines' masks: a row of 64-bit words (two at least) per option, and one per level of
    the compiled search's stack (300,000 items in one option: 11 GB of stack, its one mask 38 kB)."""
    depth = min(len(problem.primary), len(problem.options)) + 1
    return (len(problem.options) + depth + 1) * max(2, -(-len(problem.items) // 64)) * 8


def sparse_bytes(problem: ExactCover) -> int:
    """The fewest-options search's arrays, all told."""
    depth = min(len(problem.primary), len(problem.options)) + 1
    return (entries(problem) * PER_ENTRY + len(problem.options) * PER_OPTION + len(problem.items) * PER_ITEM
            + depth * PER_LEVEL)


def big(problem: ExactCover) -> bool:
    """Too big for the first-item engines' masks, or for estimating the trees in less than searching them?"""
    depth = min(len(problem.primary), len(problem.options))
    size = len(problem.items) + len(problem.options)
    return (dense_bytes(problem) > DENSE_BYTES or depth * size > ESTIMATE_STEPS
            or size + entries(problem) > ESTIMATE_SIZE)


def check(problem: ExactCover, memory_mb: float) -> None:
    """Raise TooBig when even the fewest-options search of ``problem`` would pass ``memory_mb`` (SEARCH_MB at
    least)."""
    need = sparse_bytes(problem)
    memory_mb = max(memory_mb, SEARCH_MB)
    if need > memory_mb * 2**20:
        raise TooBig(f"the problem needs about {-(-need // 2**20):,} MB to search ({len(problem.items):,} items, "
                     f"{len(problem.options):,} options, {entries(problem):,} entries), more than the memory "
                     f"limit of {memory_mb:g} MB")
