"""The compiled search loop (numba).  Imported only by ``fast.py``, only when used, and only where the
C copy of the loop (``search_kernel.c``, ``search_native.py``) was not built: the two agree step for step.

Same algorithm as the reference engine: branch on the first uncovered primary
item, trying the options whose first primary item it is.  Masks are rows of
``W`` 64-bit words, so any number of items fits.  An option fits when its mask
misses the covered bits, and covers its claim mask (Knuth's colours,
``colour_bits.py``; without colours the claims are the masks themselves).  The loop runs for a budget of
nodes and returns with its whole stack in the ``state`` arrays, so Python can
check the clock, report progress or stop, then call again to resume.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from .fast import caching
from .search_native import BUFFER_FULL, COUNT, DEPTH, DONE, LIMIT, NODES, RUNNING, STATUS, STORED  # both copies'

CACHE = caching()  # False where no folder can be written: compile afresh


@njit(cache=CACHE, nogil=True)
def _found(chosen, depth, count, stored, limit, out):
    """A solution, ``chosen[0..depth]``: written to ``out``'s next row while it has room.  Returns the
    count and rows stored since, and LIMIT at the limit, BUFFER_FULL when ``out`` is full, else RUNNING."""
    if stored < out.shape[0]:
        for d in range(depth + 1):
            out[stored, d] = chosen[d]
        out[stored, depth + 1] = -1
        stored += 1
    count += 1
    if count == limit:
        return count, stored, LIMIT
    if stored == out.shape[0] and out.shape[0] > 1:
        return count, stored, BUFFER_FULL
    return count, stored, RUNNING


@njit(cache=CACHE, nogil=True)
def _pause(meta, depth, count, nodes, status, stored):
    """Leave the loop with where it is and why in ``meta``: Python reads it, the next call resumes from it."""
    meta[DEPTH], meta[COUNT], meta[NODES], meta[STATUS], meta[STORED] = depth, count, nodes, status, stored


@njit(cache=CACHE, nogil=True)
def search(starts, masks, claims, ids, n_primary, cov, item, pos, chosen, meta, budget,
           limit, out):
    """Advance the search by up to ``budget`` nodes.

    starts[i]..starts[i+1]: candidate rows (in masks/ids) whose first primary item is i.
    cov[d]: covered words at depth d; item[d], pos[d]: branching item and next candidate;
    chosen[d]: option id taken at depth d.  Solutions are written to ``out`` rows while
    it has room (meta[STORED] counts them); ``limit`` stops after that many (-1: none).
    """
    words = masks.shape[1]
    depth = meta[DEPTH]
    count = meta[COUNT]
    nodes = meta[NODES]
    stop_at = nodes + budget
    stored = meta[STORED]
    while True:
        k = pos[depth]
        end = starts[item[depth] + 1]
        if k >= end:
            if depth == 0:
                return _pause(meta, depth, count, nodes, DONE, stored)
            depth -= 1
            continue
        pos[depth] = k + 1
        clash = False
        for w in range(words):
            if masks[k, w] & cov[depth, w]:
                clash = True
                break
        if clash:
            continue
        nodes += 1
        for w in range(words):
            cov[depth + 1, w] = cov[depth, w] | claims[k, w]
        chosen[depth] = ids[k]
        # the next uncovered primary item lies after this one: all before it are covered
        nxt = item[depth] + 1
        while nxt < n_primary and (cov[depth + 1, nxt >> 6] >> np.uint64(nxt & 63)) & np.uint64(1):
            nxt += 1
        if nxt == n_primary:
            count, stored, status = _found(chosen, depth, count, stored, limit, out)
            if status != RUNNING:
                return _pause(meta, depth, count, nodes, status, stored)
            continue
        depth += 1
        item[depth] = nxt
        pos[depth] = starts[nxt]
        if nodes >= stop_at:
            return _pause(meta, depth, count, nodes, RUNNING, stored)


@njit(cache=CACHE, nogil=True)
def search2(starts, lo, hi, claim_lo, claim_hi, ids, n_primary, cov, item, pos, chosen, meta, budget,
            limit, out):
    """``search`` for problems of at most 128 bits: each mask is two words, ``lo`` and ``hi``;
    the covered words of the current depth and the candidate scan stay in registers."""
    depth = meta[DEPTH]
    count = meta[COUNT]
    nodes = meta[NODES]
    stop_at = nodes + budget
    stored = meta[STORED]
    one = np.uint64(1)
    c0 = cov[depth, 0]
    c1 = cov[depth, 1]
    while True:
        k = pos[depth]
        end = starts[item[depth] + 1]
        while k < end:  # the next candidate that fits
            if (lo[k] & c0) | (hi[k] & c1):
                k += 1
            else:
                break
        if k >= end:
            if depth == 0:
                pos[0] = k
                return _pause(meta, depth, count, nodes, DONE, stored)
            depth -= 1
            c0 = cov[depth, 0]
            c1 = cov[depth, 1]
            continue
        pos[depth] = k + 1
        nodes += 1
        n0 = c0 | claim_lo[k]
        n1 = c1 | claim_hi[k]
        chosen[depth] = ids[k]
        nxt = item[depth] + 1
        while nxt < n_primary:
            bits = n0 if nxt < 64 else n1
            if not (bits >> np.uint64(nxt & 63)) & one:
                break
            nxt += 1
        if nxt == n_primary:
            count, stored, status = _found(chosen, depth, count, stored, limit, out)
            if status == RUNNING:
                continue
            return _pause(meta, depth, count, nodes, status, stored)
        depth += 1
        cov[depth, 0] = n0
        cov[depth, 1] = n1
        c0 = n0
        c1 = n1
        item[depth] = nxt
        pos[depth] = starts[nxt]
        if nodes >= stop_at:
            return _pause(meta, depth, count, nodes, RUNNING, stored)
