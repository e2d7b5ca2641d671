"""The engine's own item order: chosen from the problem's structure, not from how the file lists its items.

The memoised counter's sub-problem is "which items just after the first uncovered one are covered, and
which wide items (a tiling's pieces) are used"; how many such states a count meets depends on the order
of the items, and the same problem written row by row, or shuffled, must not cost more than as xlsolver
writes it.  So the order is the engine's: items are split into *narrow* ones, laid out along a sweep,
and *wide* ones (sharing options with nearly every other item, as a piece does), kept as bits of their own.

Candidate sweeps of the narrow items, each scored by :func:`profile`:

- the declared order, with the items reaching farthest in it, or sharing options with the most others,
  made wide (a tiling declares its cells in a narrow sweep, then its pieces);
- with no item wide, and with the items above the widest gap in the number of items they share options
  with made wide (whatever the order), reverse Cuthill-McKee over the items sharing options (breadth first from a
  far-out item: a bandwidth-reducing order) and a spectral sweep (the items sorted by the Fiedler vector
  of the graph's Laplacian, the next eigenvector breaking near ties: along a board's long side, across
  its short side, whichever way it was written).  With no item wide, reverse Cuthill-McKee as well: on a
  square board its breadth-first layers from a corner are the diagonals, a sweep no mix of the two equal
  lowest modes gives (20 x 20 dominoes: 6.7 million states against 15.6 million).  Not with wide items: its
  order within a layer follows the file's, and with a tiling's pieces the score misjudged it (a shuffled
  scott board, 2.5 times the work).

The score is the log2 of the states the counter could meet: at each frontier position, two to the number
of later positions an option begun before the frontier may have covered, summed, times two per wide bit.
It weighs what a state holds, where the widest option (the key's width) would only bound it.
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

MAX_ITEMS = 4096  # beyond this many items left, ordering costs more than it could win
SPECTRAL_ITEMS = 600  # spectral sweeps (dense inverse of the item graph's Laplacian) up to this many items
SPECTRAL_PAIRS = 10_000_000  # ... and up to this many pairs of items in options
ANGLES = (0.0, math.pi / 4, math.pi / 2, 3 * math.pi / 4)  # mixes of the two lowest modes swept along


@dataclass(frozen=True)
class Sweep:
    """An order of the items for the memoised counter (and the first-item search: narrow, then wide)."""

    narrow: list[int]  # in sweep order
    wide: list[int]  # each a bit of its own in a state
    span: int  # the widest option, first narrow position to last: the state's window
    window_bits: float  # log2 of the window states it promises, summed over the frontiers (:func:`profile`)


class TooMany(Exception):
    """More items than ordering is worth (MAX_ITEMS)."""


def search_order(problem) -> list[int]:
    """The primary items of ``problem`` (an ExactCover) in the order a first-item search should take them:
    the memoised counter's sweep (:func:`narrow_and_wide`, as for a state of 64 bits), its wide items last."""
    n = len(problem.primary)
    rows = [row for row in ([i for i in items if i < n] for items in problem.options) if row]
    if not rows or n > MAX_ITEMS:
        return list(range(n))
    sweep = narrow_and_wide(rows, n, 64)
    return sweep.narrow + sweep.wide


def narrow_and_wide(rows: list[list[int]], n: int, bits: int) -> Sweep:
    """The sweep of items ``0..n-1``, ``rows`` the options as lists of those items: the candidate with the smallest :func:`profile` among those whose
    state (widest option's span plus the wide bits) fits ``bits``; else the one with the smallest state.
    Kept for the next call with the same rows (a count orders them for the searches it prices, then for the
    memoised counter)."""
    if n > MAX_ITEMS:
        raise TooMany(f"{n} items to order")
    key = (n, bits, tuple(map(tuple, rows)))
    sweep = _sweeps.get(key)
    if sweep is None:
        if len(_sweeps) >= 8:
            _sweeps.clear()
        sweep = _sweeps[key] = _narrow_and_wide(rows, n, bits)
    return sweep


_sweeps: dict[tuple, Sweep] = {}


def _narrow_and_wide(rows: list[list[int]], n: int, bits: int) -> Sweep:
    import numpy as np

    width = max(map(len, rows))
    padded = np.full((len(rows), width), n, dtype=np.int64)  # n: no item
    for r, row in enumerate(rows):
        padded[r, :len(row)] = row
    incidence = np.zeros((len(rows), n + 1), dtype=bool)
    np.put_along_axis(incidence, padded, True, axis=1)
    incidence = incidence[:, :-1]
    neighbours = [np.flatnonzero(incidence[incidence[:, k]].any(axis=0)) for k in range(n)]
    degree = [len(each) for each in neighbours]  # items sharing an option with this one (itself included)
    splits = _splits(_reach(padded, n), n, bits) + _splits(degree, n, bits)
    candidates = [(narrow, wide) for narrow, wide in splits]
    for narrow, wide in _gap_splits(degree, n, bits):
        spectral = 2 < len(narrow) <= SPECTRAL_ITEMS and padded.size * width <= SPECTRAL_PAIRS
        if spectral:
            candidates += [(sweep, wide) for sweep in _spectral(narrow, _shared(padded, n))]
        if not spectral or not wide:  # no wide items: a square board's diagonals (see the module's docstring)
            candidates.append((_reverse_cuthill_mckee(narrow, neighbours, wide), wide))
    scored = []
    for narrow, wide in candidates:
        span = _span(narrow, padded, n)
        fits = span + len(wide) <= bits
        scored.append((not fits, profile(narrow, padded, n) + len(wide) if fits else span + len(wide),
                       len(wide), narrow, wide, span))
    _, _, _, narrow, wide, span = min(scored, key=lambda c: c[:3])
    return Sweep(narrow, sorted(wide), span, profile(narrow, padded, n))


def profile(order: list[int], padded, n: int) -> float:
    """log2 of the window states of ``order``: at each position f, 2 ** (later positions that an option
    whose first position is before f covers), summed over f."""
    import numpy as np

    if not order:
        return 0.0
    position = np.full(n + 1, -1, dtype=np.int64)
    position[order] = np.arange(len(order))
    at = position[padded]
    present = at >= 0
    low = np.where(present, at, len(order)).min(axis=1)
    # first[p]: the earliest first position of an option covering p (p itself when none starts before)
    first = np.arange(len(order))
    np.minimum.at(first, at[present], np.broadcast_to(low[:, None], at.shape)[present])
    # p counts at every level f with first[p] < f < p
    positions = np.arange(len(order))
    counts = first + 1 < positions
    steps = np.zeros(len(order) + 1, dtype=np.int64)
    np.add.at(steps, first[counts] + 1, 1)
    np.add.at(steps, positions[counts], -1)
    touched = np.cumsum(steps)[:len(order)]
    top = int(touched.max(initial=0))
    return top + math.log2(float(np.exp2(touched - top).sum()))


def _shared(padded, n: int):
    """How many options each two items share (not by BLAS: its threads cost a tenth of a second on a
    busy machine, more than this)."""
    import numpy as np

    shared = np.zeros((n + 1, n + 1), dtype=np.float64)
    np.add.at(shared, (padded[:, :, None], padded[:, None, :]), 1.0)
    return shared[:n, :n]


def _splits(rank, n: int, bits: int) -> list[tuple[list[int], set[int]]]:
    """(narrow items, wide items) for the top-ranked items made wide, at each step of rank."""
    ranked = sorted(range(n), key=lambda k: (-rank[k], k))
    splits = []
    for k in [0] + [k for k in range(1, min(n, bits) + 1) if k == n or rank[ranked[k - 1]] > rank[ranked[k]]]:
        wide = set(ranked[:k])
        splits.append(([i for i in range(n) if i not in wide], wide))
    return splits


def _gap_splits(degree, n: int, bits: int) -> list[tuple[list[int], set[int]]]:
    """No item wide, and the items above the widest gap in ``degree`` (by ratio) made wide: a tiling's
    pieces share options with every cell, a cell with the few cells near it, whatever the order."""
    ranked = sorted(range(n), key=lambda k: (-degree[k], k))
    gaps = [(degree[ranked[k - 1]] / max(degree[ranked[k]], 1), -k) for k in range(1, min(n - 1, bits) + 1)]
    splits = [(list(range(n)), set())]
    if gaps:
        ratio, k = max(gaps)
        if ratio > 1:
            wide = set(ranked[:-k])
            splits.append(([i for i in range(n) if i not in wide], wide))
    return splits


def _reach(padded, n: int):
    """For each item (declared order), how far its options reach from it."""
    import numpy as np

    present = padded < n
    high = np.where(present, padded, -1).max(axis=1, keepdims=True)
    low = np.where(present, padded, n + 1).min(axis=1, keepdims=True)
    far = np.maximum(padded - low, high - padded)
    reach = np.zeros(n + 1, dtype=np.int64)
    np.maximum.at(reach, padded[present], far[present])
    return reach[:n].tolist()


def _span(order: list[int], padded, n: int) -> int:
    """The widest option in ``order`` (positions from its first narrow item to its last)."""
    import numpy as np

    position = np.full(n + 1, -1, dtype=np.int64)
    position[order] = np.arange(len(order))
    at = position[padded]
    present = at >= 0
    if not present.any():
        return 0
    high = np.where(present, at, -1).max(axis=1)
    low = np.where(present, at, n + 1).min(axis=1)
    return int((high - low)[high >= 0].max())


def _spectral(items: list[int], shared) -> list[list[int]]:
    """Sweeps of ``items`` along the two lowest modes of the graph of options they share (weighted by how
    many), each piece of the graph after the other: the items sorted by the Fiedler vector (along a
    board's long side, whichever way it was written), and by its mixes with the next mode at ANGLES (two
    equal modes, a square board's, come out of the solver in any mix)."""
    import numpy as np

    weights = shared[np.ix_(items, items)].copy()
    np.fill_diagonal(weights, 0.0)
    sweeps: list[list[int]] = [[] for _ in ANGLES]
    for part in _components(weights):
        if len(part) < 3:
            for sweep in sweeps:
                sweep += [items[k] for k in part]
            continue
        w = weights[np.ix_(part, part)]
        modes = _low_modes(np.diag(w.sum(axis=1)) - w)
        for sweep, angle in zip(sweeps, ANGLES):
            along = modes @ np.array([math.cos(angle), math.sin(angle)])
            sweep += [items[part[k]] for k in np.lexsort((np.array([items[k] for k in part]), along))]
    return sweeps


def _low_modes(laplacian, steps: int = 60):
    """The two lowest non-constant eigenvectors of a connected graph's ``laplacian`` (columns, lowest
    first, each signed so its largest entry is positive): inverse subspace iteration, then Rayleigh-Ritz.
    Not LAPACK's eigh, and BLAS on one thread: on a busy machine its threads cost a tenth of a second on
    a 60-item graph (eigh), and on a 256-item one (the inverse), more than the count they prepare."""
    from threadpoolctl import threadpool_limits

    with threadpool_limits(1, user_api="blas"):
        return _inverse_iteration(laplacian, steps)


def _inverse_iteration(laplacian, steps: int):
    import numpy as np

    n = len(laplacian)
    shift = 1e-3 * max(float(np.trace(laplacian)) / n, 1.0)
    inverse = np.linalg.inv(laplacian + shift * np.eye(n))
    x = np.random.default_rng(1).standard_normal((n, 2))
    for _ in range(steps):
        x = inverse @ (x - x.mean(axis=0))
        x, _ = np.linalg.qr(x)
    x, _ = np.linalg.qr(x - x.mean(axis=0))
    small = x.T @ laplacian @ x
    _, turn = np.linalg.eigh((small + small.T) / 2)
    modes = x @ turn
    biggest = np.argmax(np.abs(modes), axis=0)
    return modes * np.sign(modes[biggest, [0, 1]])


def _components(weights) -> list[list[int]]:
    """The connected parts of a weighted graph, as lists of its vertices."""
    import numpy as np

    seen = np.zeros(len(weights), dtype=bool)
    parts = []
    for start in range(len(weights)):
        if seen[start]:
            continue
        seen[start] = True
        part, queue = [], [start]
        while queue:
            k = queue.pop()
            part.append(k)
            for j in np.flatnonzero(weights[k]):
                if not seen[j]:
                    seen[j] = True
                    queue.append(int(j))
        parts.append(sorted(part))
    return parts


def _reverse_cuthill_mckee(items: list[int], neighbours, skip: set[int]) -> list[int]:
    """A bandwidth-reducing order: breadth first from a far-out item, fewest neighbours first, reversed."""
    keep = set(items) - skip
    graph = {i: sorted((int(j) for j in neighbours[i] if j != i and int(j) in keep),
                       key=lambda j: (len(neighbours[j]), j)) for i in items}
    placed: set[int] = set()
    order: list[int] = []
    for seed in sorted(items, key=lambda i: (len(graph[i]), i)):
        if seed in placed:
            continue
        start = _far_out(seed, graph)
        queue = deque([start])
        placed.add(start)
        while queue:
            item = queue.popleft()
            order.append(item)
            for other in graph[item]:
                if other not in placed:
                    placed.add(other)
                    queue.append(other)
    return order[::-1]


def _far_out(seed: int, graph: dict[int, list[int]]) -> int:
    """A pseudo-peripheral item: the last one reached breadth first, twice over."""
    start = seed
    for _ in range(2):
        seen, frontier, last = {start}, [start], [start]
        while frontier:
            last = frontier
            frontier = [j for i in frontier for j in graph[i] if j not in seen and not seen.add(j)]
        start = min(last, key=lambda i: (len(graph[i]), i))
    return start
