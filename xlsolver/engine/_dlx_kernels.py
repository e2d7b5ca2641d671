"""The compiled "fewest options" search loop (numba).  Imported only by ``fast_fewest.py``, only when used.

The same search as ``fewest.py``, step for step (same nodes, same solutions in
the same order), on flat arrays:

- ``opt_start[o]..opt_start[o + 1]`` index ``opt_items``: the items of option ``o``
  (with Knuth's colours, the bits it needs, ``colour_bits.py``); ``claim_start`` and
  ``claim_items`` the same for what it claims (without colours, the same arrays);
- ``col_start[i]..col_start[i + 1]`` index ``col_opts``: the options holding item
  ``i``, in option order (so candidates come in option order with no sorting);
- ``alive[o]``: the option still fits; ``key[i] = live options * step + i`` for
  every item (``step`` = the number of items), so "fewest, then first declared"
  is the smallest key, and ``key < step`` means no option is left;
- ``killed``: a stack of the options taken out, so undoing is popping;
- ``uset[:n_unc]``: the uncovered primary items as a sparse set (``uloc`` = where
  each sits): removing swaps an item to the end, undoing only restores ``n_unc``;
- ``heap[:htop]``: a binary min-heap of the keys of items with one option or none
  left, pushed whenever an item's key takes such a value (a count lowered or raised,
  the item uncovered again); an entry whose item is covered or whose key has changed
  since is dropped when it comes to the top.  Its top, when valid, is the smallest key
  of all, so a forced item is found without scanning every uncovered item (a problem
  of a million one-item options: a million nodes, not 10^12 steps); without one, the
  scan (``_fewest``).  A full heap is rebuilt from the uncovered items.

Branching on item ``c`` takes every live option of ``c`` out once (they are the
candidates, copied to ``cands``); trying a candidate then takes out the live
options needing one of the other items it claims, and stops early when that leaves an
uncovered item without options (``fewest.py`` finds the same dead end a step
later: the nodes are the same).  Levels live in ``lv`` (one row per
depth), so a call runs for a budget of nodes and returns with the whole search
in the arrays, to be resumed by the next call.
"""
from __future__ import annotations

from numba import njit

from ._kernels import BUFFER_FULL, COUNT, DEPTH, DONE, LIMIT, NODES, RUNNING, STATUS, STORED
from .fast import caching

CACHE = caching()  # False where no folder can be written: compile afresh

# more meta fields, after those of _kernels
KTOP, NUNC, CTOP, HTOP = 5, 6, 7, 8
META = 9
# columns of lv: branching item, first candidate, next candidate, end of candidates, killed-stack
# height and uncovered count before the branch, the same before the current candidate, the candidate
ITEM, LO, POS, HI, KB, UB, KO, UO, CHOSEN = range(9)
LEVEL = 9


@njit(cache=CACHE, nogil=True, inline="always")
def _push(v, heap, htop, uset, n_unc, key, step):
    """Push key ``v`` on the heap of forced items (a full heap is rebuilt first); returns its size."""
    if htop == heap.shape[0]:
        htop = 0
        for t in range(n_unc):
            k = key[uset[t]]
            if k < 2 * step:
                htop = _sift_up(heap, htop, k)
    return _sift_up(heap, htop, v)


@njit(cache=CACHE, nogil=True, inline="always")
def _sift_up(heap, htop, v):
    h = htop
    while h > 0:
        parent = (h - 1) >> 1
        if heap[parent] <= v:
            break
        heap[h] = heap[parent]
        h = parent
    heap[h] = v
    return htop + 1


@njit(cache=CACHE, nogil=True, inline="always")
def _forced(heap, htop, uloc, n_unc, key, step):
    """``(key, heap size)``: the smallest key of an uncovered item with one option or none, -1 if none
    (entries no longer true are dropped on the way)."""
    while htop > 0:
        v = heap[0]
        i = v % step
        if uloc[i] < n_unc and key[i] == v:
            return v, htop
        htop -= 1
        last = heap[htop]
        h = 0
        while True:
            child = 2 * h + 1
            if child >= htop:
                break
            if child + 1 < htop and heap[child + 1] < heap[child]:
                child += 1
            if heap[child] >= last:
                break
            heap[h] = heap[child]
            h = child
        heap[h] = last
    return -1, 0


@njit(cache=CACHE, nogil=True, inline="always")
def _kill(o, opt_start, opt_items, alive, key, step, killed, ktop, n_primary, heap, htop, uset, n_unc):
    """Take option ``o`` out; returns ``(ktop, htop)``."""
    alive[o] = 0
    killed[ktop] = o
    for r in range(opt_start[o], opt_start[o + 1]):
        i = opt_items[r]
        k = key[i] - step
        key[i] = k
        if k < 2 * step and i < n_primary:
            htop = _push(k, heap, htop, uset, n_unc, key, step)
    return ktop + 1, htop


@njit(cache=CACHE, nogil=True, inline="always")
def _revive(mark, opt_start, opt_items, alive, key, step, killed, ktop, n_primary, heap, htop, uset, n_unc):
    """Put back the options taken out since ``mark``; returns ``(ktop, htop)``."""
    while ktop > mark:
        ktop -= 1
        o = killed[ktop]
        alive[o] = 1
        for r in range(opt_start[o], opt_start[o + 1]):
            i = opt_items[r]
            k = key[i] + step
            key[i] = k
            if k < 2 * step and i < n_primary:
                htop = _push(k, heap, htop, uset, n_unc, key, step)
    return ktop, htop


@njit(cache=CACHE, nogil=True, inline="always")
def _uncovered(o, skip, opt_start, opt_items, n_primary, key, step, heap, htop, uset, n_unc):
    """Option ``o``'s primary items but ``skip`` are uncovered again (``n_unc`` restored): the forced are
    pushed.  Returns the heap's size."""
    for p in range(opt_start[o], opt_start[o + 1]):
        j = opt_items[p]
        if j != skip and j < n_primary and key[j] < 2 * step:
            htop = _push(key[j], heap, htop, uset, n_unc, key, step)
    return htop


@njit(cache=CACHE, nogil=True, inline="always")
def _pick(heap, htop, uset, uloc, n_unc, key, step):
    """``(smallest key of an uncovered item, heap size)``: from the heap when an item is forced, else a scan."""
    best, htop = _forced(heap, htop, uloc, n_unc, key, step)
    if best < 0:
        best = _fewest(uset, n_unc, key, step)
    return best, htop


@njit(cache=CACHE, nogil=True, inline="always")
def _cover(j, uset, uloc, n_unc):
    """Take item ``j`` out of the uncovered set (see the module doc); returns the new size."""
    n_unc -= 1
    t = uloc[j]
    last = uset[n_unc]
    uset[t] = last
    uloc[last] = t
    uset[n_unc] = j
    uloc[j] = n_unc
    return n_unc


@njit(cache=CACHE, nogil=True, inline="always")
def _take(o, skip, opt_start, opt_items, claim_start, claim_items, col_start, col_opts, n_primary, alive, key,
          step, killed, ktop, uset, uloc, n_unc, heap, htop):
    """Choose option ``o`` (its item ``skip`` is already dealt with): cover its items, kill what clashes.

    Returns ``(ktop, n_unc, htop)``, n_unc -1 as soon as an uncovered item has no option left:
    a dead end, the rest of the kills are not needed.
    """
    for p in range(opt_start[o], opt_start[o + 1]):
        j = opt_items[p]
        if j != skip and j < n_primary:
            n_unc = _cover(j, uset, uloc, n_unc)
    for p in range(claim_start[o], claim_start[o + 1]):
        j = claim_items[p]
        if j == skip:
            continue
        for q in range(col_start[j], col_start[j + 1]):
            if key[j] < step:
                break  # no live option of j is left further down the column
            o2 = col_opts[q]
            if alive[o2]:
                alive[o2] = 0
                killed[ktop] = o2
                ktop += 1
                dead = False
                for r in range(opt_start[o2], opt_start[o2 + 1]):
                    i = opt_items[r]
                    k = key[i] - step
                    key[i] = k
                    if k < 2 * step and i < n_primary:
                        htop = _push(k, heap, htop, uset, n_unc, key, step)
                        if k < step and uloc[i] < n_unc:
                            dead = True
                if dead:
                    return ktop, -1, htop
    return ktop, n_unc, htop


@njit(cache=CACHE, nogil=True, inline="always")
def _fewest(uset, n_unc, key, step):
    """The smallest key among the uncovered primary items (below ``step``: that item has no option)."""
    best = key[uset[0]]
    for t in range(1, n_unc):
        k = key[uset[t]]
        if k < best:
            best = k
            if k < step:
                break
    return best


@njit(cache=CACHE, nogil=True, inline="always")
def _branch(c, d, lv, cands, col_start, col_opts, opt_start, opt_items, alive, key, step, killed, ktop,
            uset, uloc, n_unc, ctop, n_primary, heap, htop):
    """Open level ``d`` on item ``c``: its live options become the candidates and are taken out."""
    lv[d, ITEM] = c
    lv[d, LO] = ctop
    lv[d, POS] = ctop
    lv[d, KB] = ktop
    lv[d, UB] = n_unc
    for q in range(col_start[c], col_start[c + 1]):
        if key[c] < step:
            break
        o = col_opts[q]
        if alive[o]:
            cands[ctop] = o
            ctop += 1
            ktop, htop = _kill(o, opt_start, opt_items, alive, key, step, killed, ktop, n_primary, heap, htop, uset,
                               n_unc)
    lv[d, HI] = ctop
    return ktop, _cover(c, uset, uloc, n_unc), ctop, htop


@njit(cache=CACHE, nogil=True)
def start(opt_start, opt_items, claim_start, claim_items, col_start, col_opts, n_primary, step, given, alive, key,
          killed, uset, uloc, cands, lv, meta, heap):
    """Set up the search below the options in ``given`` (fresh arrays in, alive all 1, key full).

    meta[STATUS]: RUNNING with level 0 open, or DONE with meta[COUNT] 0 (a clash or an item
    no option covers) or 1 (``given`` already covers every primary item).
    """
    ktop, n_unc, htop = 0, n_primary, 0
    for i in range(n_primary):
        if key[i] < 2 * step:
            htop = _push(key[i], heap, htop, uset, n_unc, key, step)
    for g in range(given.shape[0]):
        o = given[g]
        if not alive[o]:
            meta[STATUS] = DONE  # given options that clash (or one given twice)
            return
        ktop, htop = _kill(o, opt_start, opt_items, alive, key, step, killed, ktop, n_primary, heap, htop, uset,
                           n_unc)
        ktop, n_unc, htop = _take(o, -1, opt_start, opt_items, claim_start, claim_items, col_start, col_opts,
                                  n_primary, alive, key, step, killed, ktop, uset, uloc, n_unc, heap, htop)
        if n_unc < 0:
            meta[STATUS] = DONE
            return
    meta[DEPTH], meta[COUNT], meta[NODES], meta[STORED] = 0, 0, 0, 0
    if n_unc == 0:
        meta[COUNT], meta[STATUS] = 1, DONE
        return
    best, htop = _pick(heap, htop, uset, uloc, n_unc, key, step)
    if best < step:
        meta[STATUS] = DONE
        return
    ktop, n_unc, ctop, htop = _branch(best % step, 0, lv, cands, col_start, col_opts, opt_start, opt_items, alive,
                                      key, step, killed, ktop, uset, uloc, n_unc, 0, n_primary, heap, htop)
    meta[KTOP], meta[NUNC], meta[CTOP], meta[HTOP], meta[STATUS] = ktop, n_unc, ctop, htop, RUNNING


@njit(cache=CACHE, nogil=True)
def search(opt_start, opt_items, claim_start, claim_items, col_start, col_opts, n_primary, step, alive, key,
           killed, uset, uloc, cands, lv, meta, heap, budget, limit, out):
    """Advance the search by up to ``budget`` nodes (state from ``start`` or an earlier call).

    Solutions go to ``out`` rows while it has room (chosen options, then -1; meta[STORED]
    counts them); ``limit`` stops after that many (-1: none).  meta[STATUS] says how it left.
    """
    depth = meta[DEPTH]
    count = meta[COUNT]
    nodes = meta[NODES]
    stored = meta[STORED]
    ktop, n_unc, ctop, htop = meta[KTOP], meta[NUNC], meta[CTOP], meta[HTOP]
    stop_at = nodes + budget
    status = RUNNING
    while True:
        if nodes >= stop_at:
            break
        pos = lv[depth, POS]
        if pos == lv[depth, HI]:  # every candidate tried: close the level
            n_unc = lv[depth, UB]
            ktop, htop = _revive(lv[depth, KB], opt_start, opt_items, alive, key, step, killed, ktop, n_primary,
                                 heap, htop, uset, n_unc)
            c = lv[depth, ITEM]
            if key[c] < 2 * step:
                htop = _push(key[c], heap, htop, uset, n_unc, key, step)
            ctop = lv[depth, LO]
            if depth == 0:
                status = DONE
                break
            depth -= 1
            n_unc = lv[depth, UO]
            ktop, htop = _revive(lv[depth, KO], opt_start, opt_items, alive, key, step, killed, ktop, n_primary,
                                 heap, htop, uset, n_unc)
            htop = _uncovered(lv[depth, CHOSEN], lv[depth, ITEM], opt_start, opt_items, n_primary, key, step, heap,
                              htop, uset, n_unc)
            continue
        o = cands[pos]
        lv[depth, POS] = pos + 1
        nodes += 1
        lv[depth, KO] = ktop
        lv[depth, UO] = n_unc
        lv[depth, CHOSEN] = o
        ktop, n_unc, htop = _take(o, lv[depth, ITEM], opt_start, opt_items, claim_start, claim_items, col_start,
                                  col_opts, n_primary, alive, key, step, killed, ktop, uset, uloc, n_unc, heap, htop)
        solved = n_unc == 0
        if n_unc < 0:
            pass  # a dead end
        elif solved:
            if stored < out.shape[0]:
                for d in range(depth + 1):
                    out[stored, d] = lv[d, CHOSEN]
                out[stored, depth + 1] = -1
                stored += 1
            count += 1
        else:
            best, htop = _pick(heap, htop, uset, uloc, n_unc, key, step)
            if best >= step:  # go deeper
                ktop, n_unc, ctop, htop = _branch(best % step, depth + 1, lv, cands, col_start, col_opts, opt_start,
                                                  opt_items, alive, key, step, killed, ktop, uset, uloc, n_unc, ctop,
                                                  n_primary, heap, htop)
                depth += 1
                continue
        n_unc = lv[depth, UO]
        ktop, htop = _revive(lv[depth, KO], opt_start, opt_items, alive, key, step, killed, ktop, n_primary, heap,
                             htop, uset, n_unc)
        htop = _uncovered(o, lv[depth, ITEM], opt_start, opt_items, n_primary, key, step, heap, htop, uset, n_unc)
        if solved:
            if count == limit:
                status = LIMIT
                break
            if stored == out.shape[0] and out.shape[0] > 1:
                status = BUFFER_FULL
                break
    meta[DEPTH], meta[COUNT], meta[NODES], meta[STATUS], meta[STORED] = depth, count, nodes, status, stored
    meta[KTOP], meta[NUNC], meta[CTOP], meta[HTOP] = ktop, n_unc, ctop, htop
