"""Counting by memoised sub-problems: the count without visiting every solution.

A first-item search on a tiling meets the same sub-problem again and again:
once the first empty cell is known, what is left depends only on which cells
just after it are covered and which pieces are used, however the search got
there (Nishino et al.'s DXZ caches such counts).  Here the same idea runs as a
forward pass (``_memo_kernels.run``): states are gathered level by level (the
position of the first uncovered item), each with the number of ways to reach
it, so a state is expanded once however many paths lead to it, and only the
levels ahead of the one being expanded are in memory.

What makes a state small is the item order (:func:`layout`).  Primary items are
split into *narrow* ones, in an order where every option spans at most
``window`` consecutive positions, and *wide* ones (a tiling's pieces: an option
holds one of them wherever it lies), kept with the secondary items as bits of
their own.  A state is then ``window`` bits of the positions after the frontier
and one bit per wide item: the key is one 64-bit number, or this counter does
not apply.  Options that are an item's only one are taken first.  Each level's
options are listed once for every pattern of the few positions after the
frontier that they leave free, so a state looks only at options that fit there;
a state whose list has no option it could take (no list, or every piece of the
list used) is never stored.  The order is the engine's own (``order.py``: the
declared one, reverse Cuthill-McKee or a spectral sweep, whichever promises the
fewest states), so a problem costs the same however its file lists the items.

The loop itself exists twice, line for line: ``memo_kernel.c``, compiled at
install and called through ctypes (``native.py``), which starts at once, and
``_memo_kernels.py`` (numba) where no C compiler was there.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
import math
from math import prod

from ..base import clock
from .exact_cover import ExactCover
from . import fast, native, order
from .footprint import DEFAULT_MEMORY_MB  # noqa: F401 (memo.DEFAULT_MEMORY_MB, as ever)

NAME = "memo"
KEY_BITS = 64
MAX_PATTERN_BITS = 8  # the positions after the frontier that pick a state's list of options...
LISTED_PER_OPTION = 64  # ... unless the lists would hold more copies of each option than this
ALWAYS = 2**64 - 1  # the needs of a list with an option holding no wide item, or several
# Past this many (log2) window states the sweep promises, the states never repeated enough to fit the tables
# (the pyramids promise 2**41 and ran out of memory after seconds; tilings promise at most 2**30, Bedlam 2**35).
MAX_WINDOW_BITS = 36
FIRST_SLICE = 1 << 14  # states in the first slice; later ones last about fast.SLICE_SECONDS
# The loop's meta fields and status codes (both copies of it: _memo_kernels.py, memo_kernel.c)
LEVEL, SLOT, STATUS, MEMORY, STATES, EDGES, PEAK, TOP = range(8)
META = 8
RUNNING, DONE, OUT_OF_MEMORY, OVERFLOW = range(4)


@dataclass(frozen=True)
class Layout:
    """A problem laid out for the counter (arrays are numpy, options grouped by first position)."""

    narrow_items: tuple[int, ...]  # problem items at positions 0.. (branching order)
    wide_items: tuple[int, ...]  # wide primary items, then secondary items: the wide bits
    window: int
    levels: int  # narrow + wide primary items: the positions a frontier can take
    patterns: int  # the lists of options per level, one for each pattern of the positions after it
    starts: object  # options of level f for pattern m: starts[f * patterns + m] .. the next start
    narrow: object  # per option: its narrow positions relative to its first (bit 0)
    wide: object  # per option: its wide bits
    run_end: object  # per option: the first option after its run (same list, same wide bits)
    needs: object  # per list: a state using it has a move only if one of these wide bits is free
    wide_primary: int  # mask of the wide bits that are primary items
    options: object = None  # per listed option: its number in the problem (the solution diagram reads them back)
    taken: tuple[int, ...] = ()  # the options every solution holds: ``given`` and those forced by it


@dataclass(frozen=True)
class MemoCount:
    solutions: int
    complete: bool  # False: stopped by ``tick`` (time limit, Ctrl-C)
    states: int
    edges: int  # state-to-state steps: the counter's nodes
    peak_bytes: int


class Unsuitable(Exception):
    """The counter does not apply here (key too wide, memory cap, sub-problems that hardly repeat); search
    instead."""


class OutOfMemory(Unsuitable):
    """Its tables would pass the memory limit (``limit_mb``), or (``machine``) the memory the machine
    has free, where that is less."""

    def __init__(self, limit_mb: float, machine: bool = False):
        super().__init__(f"the counter would need more than {limit_mb:g} MB")
        self.limit_mb, self.machine = limit_mb, machine


#: The share of the memory the machine has free that the tables may take, whatever the limit says: beyond
#: it, the system would kill the process.
FREE_SHARE = 0.8


def free_mb() -> float | None:
    """The memory this machine has free (MemAvailable), in MB; None where that is not known."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def available() -> bool:
    return loop() is not None


#: The two copies of the loop (memo_kernel.c, built at install; _memo_kernels.py), and the seconds
#: each takes per sub-problem (C: 120-220 ns on bench/run.py's tilings and square dominoes, 250-420 ns on
#: Langford pairs; numba's, 280-300 ns on the tilings).
STATE_SECONDS = {"c": 200e-9, "numba": 300e-9}


def loop() -> str | None:
    """The copy of the loop that runs by default: "c" when built (it starts at once; numba's import
    and first call cost about 0.4 s), else "numba" when installed, else None."""
    if native.load() is not None:
        return "c"
    return "numba" if fast.available() else None


def kernel(name: str | None = None):
    """The loop ``name`` ("c" or "numba"; by default :func:`loop`)."""
    name = name or loop()
    if name == "c" and native.load() is not None:
        return native.load()
    if name == "numba" and fast.available():
        return fast.load("_memo_kernels")
    raise Unsuitable(f"the memoised counter's {name} loop is not available here")


def layout(problem: ExactCover, given: Sequence[int] = ()) -> Layout | int:
    """The counter's layout below the options in ``given``, or the count itself when
    no search is needed (0: clash or an uncoverable item; 1: nothing left to cover).

    Raises Unsuitable when no order found keeps a state within 64 bits, or the problem has
    Knuth's colours (a state's bits say which items are covered, not in which colour) or bounds (nor how
    many times).
    """
    import numpy as np

    if problem.coloured:
        raise Unsuitable("options colour secondary items")
    if problem.multiplicities:
        raise Unsuitable("items have bounds (a state says which items are covered, not how many times)")
    n_primary = len(problem.primary)
    start = _start(problem, given)
    if start is None:
        return 0
    usable, left, taken = start
    if not left:
        return 1
    reach = set()
    for o in usable:
        reach.update(problem.options[o])
    if any(i not in reach for i in left):
        return 0
    secondary = sorted(i for i in reach if i >= n_primary)
    narrow, wide_primary = _order(problem, usable, left, KEY_BITS - len(secondary))
    position = {item: p for p, item in enumerate(narrow)}
    wide_items = tuple(wide_primary) + tuple(secondary)
    wide_bit = {item: b for b, item in enumerate(wide_items)}
    firsts, narrow_bits, wide_bits = [], [], []
    window = 0
    for o in usable:
        at = [position[i] for i in problem.options[o] if i in position]
        bits = 0
        for item in problem.options[o]:
            if item in wide_bit:
                bits |= 1 << wide_bit[item]
        if at:
            first = min(at)
            window = max(window, max(at) - first)
            rel = 0
            for p in at:
                rel |= 1 << (p - first)
        else:  # only wide items: its level is its first wide primary item's
            first = len(narrow) + min(wide_bit[i] for i in problem.options[o] if i < n_primary)
            rel = 0
        firsts.append(first)
        narrow_bits.append(rel)
        wide_bits.append(bits)
    if window + len(wide_items) > KEY_BITS or window >= KEY_BITS:
        raise Unsuitable(f"a state needs {window + len(wide_items)} bits")
    levels = len(narrow) + len(wide_primary)
    firsts_a, narrow_a, wide_a = (np.array(a, dtype=t) for a, t in
                                  ((firsts, np.int64), (narrow_bits, np.uint64), (wide_bits, np.uint64)))
    bits = _pattern_bits(narrow_a >> np.uint64(1))
    starts, rows, needs = _lists(levels, bits, firsts_a, narrow_a, wide_a)
    last = np.zeros(len(rows), dtype=bool)  # the last option of its group
    last[starts[1:][starts[1:] > 0] - 1] = True
    last[:-1] |= wide_a[rows[:-1]] != wide_a[rows[1:]]
    if len(rows):
        last[-1] = True
    ends = np.flatnonzero(last)
    run_end = ends[np.searchsorted(ends, np.arange(len(rows)))] + 1
    return Layout(
        narrow_items=tuple(narrow),
        wide_items=wide_items,
        window=window,
        levels=levels,
        patterns=1 << bits,
        starts=starts,
        narrow=narrow_a[rows],
        wide=wide_a[rows],
        run_end=run_end.astype(np.int64),
        needs=needs,
        wide_primary=(1 << len(wide_primary)) - 1,
        options=np.array(usable, dtype=np.int64)[rows],
        taken=tuple(taken),
    )


def forced(problem: ExactCover, given: Sequence[int] = ()) -> tuple[int, ...] | None:
    """The options every solution holding ``given`` holds: ``given`` and those taken because they are an
    item's only option left (a layout's ``taken``, also where :func:`layout` answers with a number); None
    where they clash."""
    start = _start(problem, given)
    return None if start is None else tuple(start[2])


def _start(problem: ExactCover, given: Sequence[int]) -> tuple[list[int], list[int], list[int]] | None:
    """(usable options, primary items left, options taken) below ``given``; None where options clash."""
    covered: set[int] = set()
    for option in given:
        items = problem.options[option]
        if covered.intersection(items):
            return None
        covered.update(items)
    taken = list(given)
    usable, left = _forced(problem, covered, taken)
    return None if usable is None else (usable, left, taken)


def _pattern_bits(ahead) -> int:
    """How many positions after the frontier pick a state's list of options: as many as
    MAX_PATTERN_BITS while the lists hold at most LISTED_PER_OPTION copies of an option on average
    (an option is listed once for every pattern of those positions it leaves free)."""
    import numpy as np

    for bits in range(MAX_PATTERN_BITS, 0, -1):
        low = ahead & np.uint64((1 << bits) - 1)
        held = np.zeros(len(ahead), dtype=np.int64)
        for b in range(bits):
            held += ((low >> np.uint64(b)) & np.uint64(1)).astype(np.int64)
        if np.sum(np.left_shift(1, bits - held)) <= LISTED_PER_OPTION * max(len(ahead), 1):
            return bits
    return 0


def _lists(levels: int, bits: int, firsts, narrow, wide):
    """Each level's options, once for every pattern of the ``bits`` positions after it that they
    leave free (a state picks its list by what it has covered there), grouped by wide bits.

    Returns (starts, rows, needs): list ``level << bits | pattern`` is
    ``rows[starts[l]:starts[l + 1]]``; ``needs[l]``: the wide bits one of which a state
    must have free for some option of the list to fit (0: the list is empty; every bit when an
    option of it holds no wide item, or several).
    """
    import numpy as np

    patterns = 1 << bits
    by_level = np.lexsort((wide, firsts))
    ahead = (narrow[by_level] >> np.uint64(1)) & np.uint64(patterns - 1)
    fits = (ahead[None, :] & np.arange(patterns, dtype=np.uint64)[:, None]) == 0
    pattern, at = np.nonzero(fits)  # pattern-major, options in level order within each pattern
    listed = firsts[by_level][at] * patterns + pattern
    keep = np.argsort(listed, kind="stable")
    rows, listed = by_level[at[keep]], listed[keep]
    starts = np.zeros(levels * patterns + 1, dtype=np.int64)
    np.cumsum(np.bincount(listed, minlength=levels * patterns), out=starts[1:])
    w = wide[rows]
    needs = np.zeros(levels * patterns, dtype=np.uint64)
    np.bitwise_or.at(needs, listed, w)
    one_wide = (w != 0) & ((w & (w - np.uint64(1))) == 0)
    needs[np.bincount(listed[~one_wide], minlength=levels * patterns) > 0] = ALWAYS
    return starts, rows, needs


def _forced(problem: ExactCover, covered: set[int], taken: list[int] | None = None) -> tuple[list[int] | None, list[int]]:
    """(usable options, primary items left) once every option that is an item's only one
    is taken (added to ``taken``), as often as that happens; (None, []) if two such options clash."""
    n_primary = len(problem.primary)
    while True:
        usable = [o for o, items in enumerate(problem.options)
                  if min(items) < n_primary and not covered.intersection(items)]
        options_of: dict[int, list[int]] = {}
        for o in usable:
            for i in problem.options[o]:
                if i < n_primary:
                    options_of.setdefault(i, []).append(o)
        forced = {only[0] for only in options_of.values() if len(only) == 1}
        if not forced:
            return usable, [i for i in range(n_primary) if i not in covered]
        for o in sorted(forced):
            if covered.intersection(problem.options[o]):
                return None, []
            covered.update(problem.options[o])
            if taken is not None:
                taken.append(o)


def _order(problem: ExactCover, usable: list[int], left: list[int], bits: int) -> tuple[list[int], list[int]]:
    """(narrow items in branching order, wide primary items): the engine's own order (``order.py``),
    whatever order the problem lists its items in."""
    index = {item: k for k, item in enumerate(left)}
    rows = [[index[i] for i in problem.options[o] if i in index] for o in usable]
    try:
        sweep = order.narrow_and_wide(rows, len(left), bits)
    except order.TooMany as err:
        raise Unsuitable(str(err)) from None
    if sweep.span + len(sweep.wide) <= bits and sweep.window_bits > MAX_WINDOW_BITS:  # else: the key's too wide
        raise Unsuitable(f"2**{sweep.window_bits:.0f} window states: they would hardly repeat")
    return [left[k] for k in sweep.narrow], [left[k] for k in sweep.wide]


def count(problem: ExactCover, given: Sequence[int] = (), tick=None, memory_mb: float = DEFAULT_MEMORY_MB,
          laid_out: Layout | int | None = None, max_states: int | None = None, using: str | None = None,
          expected: float = 0.0) -> MemoCount:
    """Count every solution holding ``given``, exactly at any size; ``tick(nodes, explored) -> stop?``
    between slices.  ``expected``: the solutions an estimate expects (0: no estimate).

    ``using``: "c" or "numba", the copy of the loop (by default :func:`loop`).
    Raises Unsuitable when the layout does not fit, memory would pass
    ``memory_mb``, or more than ``max_states`` sub-problems turn up: the caller searches instead.

    The first pass adds ways as exact 64-bit numbers.  One whose sums pass 2**64 stops there, and
    the count is made again with residues (``residues.py``), as many as the growth up to there
    suggests, and if that was too few, by more passes with more residues.  Where the estimate
    expects far more than 2**64 solutions, the first pass has residues for that many already.
    """
    plan = layout(problem, given) if laid_out is None else laid_out
    if isinstance(plan, int):
        return MemoCount(plan, True, 0, 0, 0)
    k = kernel(using)
    free = free_mb()
    machine = free is not None and FREE_SHARE * free < memory_mb
    if machine:
        memory_mb = round(FREE_SHARE * free)
    memory_cap = int(memory_mb * 2**20)
    edges, peak = 0, 0
    if expected < 2.0**EXPECTED_BITS:
        done = _pass(plan, k, (), tick, 0, memory_mb, machine, max_states)
        edges, peak = done.edges, done.peak_bytes
        if done.overflow is None:
            return MemoCount(done.residues[0], done.complete, done.states, edges, peak)
        bits = 64 * plan.levels / max(done.overflow, 1)  # if it keeps growing as fast
    else:
        bits = math.log2(expected) + ESTIMATE_ERROR_BITS
    from . import residues  # fractions and decimal: for counts past 2**64 only, not at every start

    moduli = residues.moduli_for_bits(bits)
    found: dict[int, int] = {}
    while True:
        try:
            done = _pass(plan, k, moduli, tick, edges, memory_mb, machine, max_states)
        except OutOfMemory:
            if len(moduli) == 1:
                raise
            moduli = moduli[:len(moduli) // 2]  # narrower slots, more passes
            continue
        found.update(zip(moduli, done.residues))
        edges, peak = edges + done.edges, max(peak, done.peak_bytes)
        known = residues.bounds(done.size, done.edges + 1)
        low, high = known if known is not None else (0, _most_paths(plan))
        solutions = residues.exact(found, low, high)
        if not done.complete:  # stopped: what is surely counted so far
            return MemoCount(low if solutions is None else solutions, False, done.states, edges, peak)
        if solutions is not None:
            return MemoCount(solutions, True, done.states, edges, peak)
        moduli = residues.moduli_for(high - low, list(found))
        # as many as the memory holds (the same tables, wider slots: the peak grows with them); more passes after
        room = int(memory_cap / done.peak_bytes * (2 + len(done.residues))) - 2 if done.peak_bytes else len(moduli)
        moduli = tuple(moduli[:max(1, room)])


#: Counts expected past 2**EXPECTED_BITS skip the pass in exact 64-bit sums (it would pass 2**64), and
#: the residues of the first pass with moduli make room for ESTIMATE_ERROR_BITS more than expected
#: (estimate.first_item's solutions were within a factor of 3 on domino tilings to 20 x 20).
EXPECTED_BITS, ESTIMATE_ERROR_BITS = 72, 8



@dataclass(frozen=True)
class _Pass:
    residues: tuple[int, ...]  # the count modulo each modulus (no modulus: the count itself)
    size: float  # the count as a double, in units of residues.ONE (with moduli)
    complete: bool
    overflow: int | None  # (no moduli) the level where a sub-problem's ways passed 2**63: stopped there
    states: int
    edges: int
    peak_bytes: int


def _pass(plan: Layout, k, moduli: Sequence[int], tick, edges_before: int, memory_mb: float, machine: bool,
          max_states: int | None) -> _Pass:
    """One pass of the loop ``k`` over ``plan``, slice by slice, its ways exact or modulo ``moduli``, until
    done, stopped, overflowing or unsuitable (``machine``: ``memory_mb`` is the machine's, not the limit)."""
    import numpy as np

    memory_cap = int(memory_mb * 2**20)
    arena = k.arena()
    off = np.zeros(plan.levels, dtype=np.int64)
    cap = np.zeros(plan.levels, dtype=np.int64)
    fill = np.zeros(plan.levels, dtype=np.int64)
    meta = np.zeros(META, dtype=np.int64)
    lanes = np.array(moduli, dtype=np.uint64)
    first = np.ones(1 + len(moduli), dtype=np.uint64)  # the start's one way
    if moduli:
        from .residues import ONE  # a pass with residues: a count past 2**64 (see count)

        first[:1] = np.array([ONE]).view(np.uint64)
    total = np.zeros(1 + len(moduli), dtype=np.uint64)
    budget = FIRST_SLICE
    try:
        while True:
            started = clock.now()
            arena = k.run(plan.starts, plan.patterns, plan.narrow, plan.wide, plan.run_end, plan.needs,
                          len(plan.narrow_items), plan.window, np.uint64(plan.wide_primary), lanes, first, arena, off,
                          cap, fill, meta, total, budget, memory_cap)
            took = clock.now() - started
            budget = fast.next_slice(budget, took, 1 << 10, 1 << 24)  # in states, not nodes
            status = int(meta[STATUS])
            if status == OUT_OF_MEMORY:
                raise OutOfMemory(memory_mb, machine)
            edges = int(meta[EDGES])
            if max_states is not None and meta[STATES] > max_states:
                raise Unsuitable(f"more than {max_states:,} sub-problems: they hardly repeat")
            stopped = False
            if status == DONE:
                if tick is not None:
                    tick(edges_before + edges, 1.0, True)
            elif status == RUNNING and tick is not None and tick(edges_before + edges, int(meta[LEVEL]) / plan.levels):
                tick(edges_before + edges, int(meta[LEVEL]) / plan.levels, True)
                stopped = True
            if status != RUNNING or stopped:
                counted = tuple(int(r) for r in total[1:]) if moduli else (int(total[0]),)
                return _Pass(counted, float(total[:1].view(np.float64)[0]), status == DONE,
                             int(meta[LEVEL]) if status == OVERFLOW else None, int(meta[STATES]), edges, int(meta[PEAK]))
    finally:
        k.release(arena)


def _most_paths(plan: Layout) -> int:
    """More solutions than there can be: a solution takes at most one option of each level (all of them
    fit a state with nothing covered ahead: pattern 0)."""
    options = plan.starts[1::plan.patterns][:plan.levels] - plan.starts[::plan.patterns][:plan.levels]
    return prod(int(n) + 1 for n in options)
