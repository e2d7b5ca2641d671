"""The memoised counter's loop (numba).  Imported only by ``memo.py``, only when used,
and only where the same loop compiled from C (``memo_kernel.c``) was not built.

A forward pass over sub-problems, level by level.  Level ``f`` holds the states
whose first uncovered primary item (the *frontier*) is at position ``f``; a
state is one 64-bit key, ``window | wide << W``: which of the next ``W``
positions are covered, and which wide items (``memo.py`` explains the layout).
Each state carries how many ways lead to it.  Expanding a state tries the
options whose first position is ``f`` and adds its ways to the state each one
leads to, always at a later level; ways that cover every primary item are
solutions.  So a level is complete when every earlier level is done, and is
freed once expanded: only the levels ahead are in memory.

Each level is an open-addressing hash table of slots, grown by doubling at three-quarters
load.  A slot is ``2 + lanes`` words: the key, then the state's ways.  Without moduli (the first
pass) they are one exact 64-bit number, and a sum that would pass 2**64 stops the pass
(``OVERFLOW``).  With moduli, they are their size as a double (its bits) and one residue per
modulus (0 stands for 2**64: plain wrapping sums); ``memo.py`` combines the residues by the
Chinese remainder theorem, the size says how many are needed.  0 in the first word of the
ways: an empty slot.  The tables live in one
array, the *arena* (``off[level]``, ``cap[level]``, in slots): new tables go on top, and a full arena
is copied, live tables only, into a new one (twice what they need), which
``run`` hands back.  (numba's typed lists would be simpler, but compiling them
costs 0.7 s in every new process.)
"""
from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from .fast import caching
from .memo import DONE, EDGES, LEVEL, MEMORY, OUT_OF_MEMORY, OVERFLOW, PEAK, RUNNING, SLOT, STATES, STATUS, TOP

CACHE = caching()  # False where no folder can be written: compile afresh

FIRST_CAPACITY = 1 << 8
MIX1, MIX2 = np.uint64(0xFF51AFD7ED558CCD), np.uint64(0xC4CEB9FE1A85EC53)
SHIFT = np.uint64(33)


@njit(cache=CACHE, nogil=True, inline="always")
def _add_ways(arena, to, ways, at, moduli):
    """The ways at ``ways[at:]`` added into ``arena[to:]``: without moduli one exact sum, True if it wrapped
    past 2**64; else the size as doubles, each residue modulo its modulus (below 2**63, so the sum cannot
    wrap; 0 is 2**64: nothing taken off)."""
    if moduli.shape[0] == 0:
        arena[to] += ways[at]
        return arena[to] < ways[at]
    sizes, given = arena.view(np.float64), ways.view(np.float64)
    sizes[to] += given[at]
    for j in range(moduli.shape[0]):
        s = arena[to + 1 + j] + ways[at + 1 + j]
        arena[to + 1 + j] = s - moduli[j] if s >= moduli[j] else s
    return False


@njit(cache=CACHE, nogil=True, inline="always")
def _slot_of(key, mask):
    """A key's slot: its bits mixed (MurmurHash3's finaliser), the low ones kept (memo_kernel.c says why)."""
    key ^= key >> SHIFT
    key *= MIX1
    key ^= key >> SHIFT
    key *= MIX2
    key ^= key >> SHIFT
    return np.int64(key & np.uint64(mask))


@njit(cache=CACHE, nogil=True, inline="always")
def _put(arena, stride, start, capacity, key, ways, at, moduli):
    """Add the ways at ``ways[at:]`` to ``key`` in the table at ``start``: 1 if the key is new, 0 if not,
    -1 if its exact ways wrapped past 2**64."""
    mask = capacity - 1
    i = _slot_of(key, mask)
    while arena[stride * (start + i) + 1] != 0:
        if arena[stride * (start + i)] == key:
            return -1 if _add_ways(arena, stride * (start + i) + 1, ways, at, moduli) else 0
        i = (i + 1) & mask
    s = stride * (start + i)
    arena[s] = key
    arena[s + 1:s + stride] = ways[at:at + stride - 1]
    return 1


@njit(cache=CACHE, nogil=True, inline="always")
def _room(arena, stride, off, cap, meta, size, memory_cap):
    """An arena with ``size`` free slots on top (a copy of the live tables if full);
    sets OUT_OF_MEMORY instead when the copy would pass ``memory_cap`` bytes."""
    if meta[TOP] + size <= arena.shape[0] // stride:
        return arena
    live = size
    for level in range(cap.shape[0]):
        live += cap[level]
    length = max(2 * live, 1 << 12)
    if 8 * (stride * length + arena.shape[0]) > memory_cap:
        meta[STATUS] = OUT_OF_MEMORY
        return arena
    new = np.zeros(stride * length, np.uint64)
    top = 0
    for level in range(cap.shape[0]):
        if cap[level]:
            new[stride * top:stride * (top + cap[level])] = arena[stride * off[level]:stride * (off[level] + cap[level])]
            off[level] = top
            top += cap[level]
    meta[TOP] = top
    meta[PEAK] = max(meta[PEAK], 8 * (stride * length + arena.shape[0]))
    meta[MEMORY] = 8 * stride * length
    return new


@njit(cache=CACHE, nogil=True, inline="always")
def _new_table(level, arena, stride, off, cap, meta, memory_cap):
    """An empty table for ``level`` on top of the arena; returns the arena."""
    arena = _room(arena, stride, off, cap, meta, FIRST_CAPACITY, memory_cap)
    if meta[STATUS] != OUT_OF_MEMORY:
        off[level] = meta[TOP]
        cap[level] = FIRST_CAPACITY
        meta[TOP] += FIRST_CAPACITY
    return arena


@njit(cache=CACHE, nogil=True, inline="always")
def _grow(level, arena, stride, off, cap, meta, moduli, memory_cap):
    """The table of ``level`` moved to twice its size on top of the arena; returns the arena."""
    capacity = 2 * cap[level]
    arena = _room(arena, stride, off, cap, meta, capacity, memory_cap)
    if meta[STATUS] == OUT_OF_MEMORY:
        return arena
    old, old_capacity = off[level], cap[level]  # read after _room: a copy moves tables
    new = meta[TOP]
    meta[TOP] += capacity
    for i in range(old, old + old_capacity):
        if arena[stride * i + 1] != 0:
            _put(arena, stride, new, capacity, arena[stride * i], arena, stride * i + 1, moduli)
    off[level], cap[level] = new, capacity
    return arena


@njit(cache=CACHE, nogil=True)
def run(starts, patterns, narrow, wide, run_end, needs, n_narrow, window, wide_primary, moduli, first, arena, off, cap,
        fill, meta, total, budget, memory_cap):
    """Expand up to ``budget`` states, from ``meta[LEVEL]``/``meta[SLOT]`` on; returns the arena
    (the same array, or a bigger copy).

    ``narrow[o]``: the option's positions relative to its first one (bit 0 is
    the first); ``wide[o]``: its wide items.  Options are listed by first
    position and by which of the next log2(``patterns``) positions they leave
    free (``starts[level * patterns + pattern]``), then grouped by wide items
    (``run_end[o]``: the first option after o's group).  A new state is stored
    only if one of its list's ``needs`` (wide items) is free: else it has no move.
    ``wide_primary`` masks the wide items that are primary.
    ``first``: the start's ways (one; with moduli: its size, one residue per modulus); ``total``
    gathers the solutions' ways alike.
    """
    n_levels = (starts.shape[0] - 1) // patterns
    stride = 2 + moduli.shape[0]
    pattern_mask = np.uint64(patterns - 1)
    window_mask = (np.uint64(1) << np.uint64(window)) - np.uint64(1)
    one = np.uint64(1)
    here = np.empty(stride - 1, np.uint64)  # the state expanded (a copy moves tables)
    if cap[0] == 0 and meta[LEVEL] == 0:  # the start: nothing covered, the frontier at 0, one way
        arena = _new_table(0, arena, stride, off, cap, meta, memory_cap)
        if meta[STATUS] == OUT_OF_MEMORY:
            return arena
        _put(arena, stride, off[0], cap[0], np.uint64(0), first, 0, moduli)
        fill[0], meta[STATES] = 1, 1
    level, slot, edges, done = meta[LEVEL], meta[SLOT], meta[EDGES], 0
    while level < n_levels and meta[STATUS] == RUNNING:
        if slot == cap[level]:
            cap[level] = 0  # expanded: its table is garbage, left for the next copy
            level += 1
            slot = 0
            continue
        if done == budget:
            break
        at = stride * (off[level] + slot)
        slot += 1
        if arena[at + 1] == 0:
            continue
        key = arena[at]
        here[:] = arena[at + 1:at + stride]
        done += 1
        covered = key & window_mask
        taken = key >> np.uint64(window)
        row = level * patterns + np.int64(covered & pattern_mask)  # the options that leave those free
        o, last = starts[row], starts[row + 1]
        while o < last:
            if wide[o] & taken:
                o = run_end[o]  # options of one level come grouped by their wide items
                continue
            ahead = narrow[o] >> one
            now_taken = taken | wide[o]
            o += 1
            if ahead & covered:
                continue
            edges += 1
            now = covered | ahead
            if level < n_narrow:
                step = trailing_zeros(~now) + 1  # the frontier moves past the covered run
                nxt = level + step
                now = now >> np.uint64(step) if step < 64 else np.uint64(0)
            else:
                nxt = n_narrow
            if nxt >= n_narrow:
                free = ~now_taken & wide_primary
                if free == 0:
                    if _add_ways(total, 0, here, 0, moduli):
                        meta[STATUS] = OVERFLOW
                        break
                    continue
                nxt = n_narrow + trailing_zeros(free)
                now = np.uint64(0)
            if needs[nxt * patterns + np.int64(now & pattern_mask)] & ~now_taken == 0:
                continue  # a state with no move: not worth a slot
            if cap[nxt] == 0:
                arena = _new_table(nxt, arena, stride, off, cap, meta, memory_cap)
                if meta[STATUS] == OUT_OF_MEMORY:
                    break
            added = _put(arena, stride, off[nxt], cap[nxt], now | (now_taken << np.uint64(window)), here, 0, moduli)
            if added < 0:
                meta[STATUS] = OVERFLOW
                break
            if added:
                fill[nxt] += 1
                meta[STATES] += 1
                if 4 * fill[nxt] > 3 * cap[nxt]:
                    arena = _grow(nxt, arena, stride, off, cap, meta, moduli, memory_cap)
                    if meta[STATUS] == OUT_OF_MEMORY:
                        break
    meta[LEVEL], meta[SLOT], meta[EDGES] = level, slot, edges
    if level == n_levels and meta[STATUS] == RUNNING:
        meta[STATUS] = DONE
    return arena


def arena():
    """An empty arena for the first ``run``."""
    return np.zeros(0, dtype=np.uint64)


def release(arena) -> None:
    """Nothing to do: numpy frees the arena (the C loop's ``release`` frees its own)."""
