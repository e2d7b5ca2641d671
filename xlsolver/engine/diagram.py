"""The solution diagram: every solution of an exact cover as the paths of one graph, to number, draw and weigh them.

A count says how many solutions there are; the memoised counter's sub-problems (``memo.py``) say more when
they are kept: each state of its sweep is a node, each option taken from a state an edge to the state it
leads to (or to the one final node: all covered), and the solutions are exactly the paths from the first
state to the final one.  Knuth's DLX6 and xcover keep the same kind of graph as a ZDD.  Built once here
(numpy, level by level in the counter's own layout and item order, states no option leaves never kept),
with for every node the number of paths out of it (Python ints where a count passes 2**62), it answers:

- :meth:`Diagram.solution`: solution number ``k`` in a fixed order that depends on the problem alone, not
  on the layout: solutions sorted by the option covering the problem's first item (options by their
  number, as the problem lists them), then by the option covering its second item, and so on: the order a
  first-item search in the declared item order, trying options in their declared order, finds them;
- :meth:`Diagram.rank`: the inverse, a solution's number in that order;
- :meth:`Diagram.sample`: a uniformly random solution: from each node an edge with probability (paths
  after it) / (paths after the node);
- :meth:`Diagram.frequencies`: for every option, the solutions holding it: paths into an edge's node times
  paths out of the node it leads to, summed over the option's edges.

The diagram is kept while it fits ``memory_mb``; a bigger one is refused (:class:`TooBig`), as is a
problem the counter's layout does not take (colours; a state wider than 64 bits).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .exact_cover import ExactCover
from . import memo

DEFAULT_MEMORY_MB = memo.DEFAULT_MEMORY_MB
EDGE_BYTES = 40  # an edge's arrays while the diagram is built (source, option, target, its key) and kept
EXACT_BELOW = 2.0**62  # counts whose float estimate stays below this are summed exactly in 64-bit integers


class Refused(Exception):
    """The diagram cannot answer for this problem: why, in one line."""


class TooBig(Refused):
    """The diagram would pass its memory limit."""


class Stopped(Exception):
    """Cancelled (Ctrl-C, a time limit) while being built."""


@dataclass
class Diagram:
    """Every solution of a problem, as the paths from node 0 to the last node (the final one).

    Nodes are numbered level by level; edges are sorted by their source node, then by option, so the
    edges out of node ``g`` are ``edge_of[g]:edge_of[g + 1]``.
    """

    problem: ExactCover
    taken: tuple[int, ...]  # options every solution holds (forced before the sweep)
    total: int
    nodes: int  # the final node is nodes - 1
    source: object  # per edge: its node
    target: object  # per edge: the node it leads to
    option: object  # per edge: the problem's option
    edge_of: object  # per node: its first edge (and one past the last node's last)
    level_edges: object  # per level: its first edge (levels in sweep order; edges never go back)
    paths_out: object  # per node: the solutions below it (uint64, or Python ints in an object array)

    @property
    def edges(self) -> int:
        return len(self.source)

    def solution(self, k: int) -> tuple[int, ...]:
        """Solution number ``k`` (from 0) in the order of the module doc; IndexError past the last."""
        if not 0 <= k < self.total:
            raise IndexError(k)
        return self._walk_declared(k=k)[1]

    def rank(self, solution: Sequence[int]) -> int:
        """The number of ``solution`` (options of the problem) in the order :meth:`solution` counts."""
        return self._walk_declared(chosen=set(solution))[0]

    def sample(self, rng) -> tuple[int, ...]:
        """A solution drawn uniformly at random, ``rng`` a ``random.Random``."""
        if self.total == 0:
            raise IndexError("no solution")
        picked = list(self.taken)
        node, final = 0, self.nodes - 1
        out, target, edge_of = self.paths_out, self.target, self.edge_of
        while node != final:
            left = rng.randrange(int(out[node]))
            for e in range(int(edge_of[node]), int(edge_of[node + 1])):
                ways = int(out[target[e]])
                if left < ways:
                    break
                left -= ways
            picked.append(int(self.option[e]))
            node = int(target[e])
        return tuple(sorted(picked))

    def frequencies(self) -> dict[int, int]:
        """For every option in some solution, how many solutions hold it (options in none are left out)."""
        return self._frequencies(None)

    def _frequencies(self, keep) -> dict[int, int]:
        """:meth:`frequencies` over the edges ``keep`` (a bool per edge; None: all), the taken options included."""
        import numpy as np

        out = self._paths_out(keep)
        if out[0] == 0:
            return {}
        into = self._paths_in(keep)
        live = np.arange(self.edges) if keep is None else np.flatnonzero(keep)
        through = into[self.source[live]] * out[self.target[live]]
        counts = np.zeros(len(self.problem.options), dtype=out.dtype)
        np.add.at(counts, self.option[live], through)
        found = {int(o): int(counts[o]) for o in np.flatnonzero(counts)}
        found.update({o: int(out[0]) for o in self.taken})
        return found

    def _paths_out(self, keep):
        """Per node, the paths to the final node over the edges ``keep``."""
        import numpy as np

        if keep is None:
            return self.paths_out
        out = np.zeros(self.nodes, dtype=self.paths_out.dtype)
        out[self.nodes - 1] = 1
        bounds = self.level_edges
        for level in range(len(bounds) - 2, -1, -1):
            part = slice(int(bounds[level]), int(bounds[level + 1]))
            live = keep[part]
            np.add.at(out, self.source[part][live], out[self.target[part][live]])
        return out

    def _paths_in(self, keep):
        """Per node, the paths to it from node 0 over the edges ``keep`` (None: all)."""
        import numpy as np

        into = np.zeros(self.nodes, dtype=self.paths_out.dtype)
        into[0] = 1
        bounds = self.level_edges
        for level in range(len(bounds) - 1):
            part = slice(int(bounds[level]), int(bounds[level + 1]))
            sources, targets = self.source[part], self.target[part]
            if keep is not None:
                sources, targets = sources[keep[part]], targets[keep[part]]
            np.add.at(into, targets, into[sources])
        return into

    def _walk_declared(self, k: int | None = None, chosen: set[int] | None = None) -> tuple[int, tuple[int, ...]]:
        """(rank, solution): item by item in declared order, the option covering the first item not yet
        covered, options in declared order, each weighed by the solutions holding it with those chosen
        before.  Given ``k``, picks the option within whose solutions ``k`` falls; given ``chosen`` (a
        solution), follows it and sums the solutions before it."""
        import numpy as np

        problem = self.problem
        n_primary = len(problem.primary)
        options_of: dict[int, list[int]] = {}
        for o, items in enumerate(problem.options):
            for i in items:
                options_of.setdefault(i, []).append(o)
        keep = np.ones(self.edges, dtype=bool)
        banned = np.zeros(len(problem.options), dtype=bool)
        covered: set[int] = set()
        picked: list[int] = []
        rank = 0
        for item in range(n_primary):
            if item in covered:
                continue
            counts = self._frequencies(keep)
            pick = None
            for o in options_of.get(item, ()):
                ways = counts.get(o, 0)
                if ways == 0:
                    continue
                if (chosen is not None and o in chosen) or (k is not None and k - rank < ways):
                    pick = o
                    break
                rank += ways
            if pick is None:
                raise ValueError("not a solution of this problem")
            picked.append(pick)
            covered.update(i for i in problem.options[pick] if i < n_primary)
            for i in problem.options[pick]:
                banned[options_of[i]] = True
            banned[pick] = False
            keep &= ~banned[self.option]
        if chosen is not None and set(picked) != set(chosen):
            raise ValueError("not a solution of this problem")
        return rank, tuple(sorted(picked))


def build(problem: ExactCover, memory_mb: float = DEFAULT_MEMORY_MB,
          stop: Callable[[], bool] | None = None) -> Diagram:
    """The diagram of ``problem``; Refused where the counter's layout does not take it, TooBig past
    ``memory_mb``, Stopped when ``stop()`` says so (asked once a level)."""
    import numpy as np

    try:
        plan = memo.layout(problem)
    except memo.Unsuitable as err:
        raise Refused(f"the solution diagram does not apply to this problem: {err}") from None
    if isinstance(plan, int):  # nothing left to choose: no solution, or the forced options alone
        taken = memo.forced(problem) if plan else ()
        return _trivial(problem, taken or (), plan)
    first_node, pieces = _sweep(plan, int(memory_mb * 2**20), stop)
    out = _count_out(int(first_node[-1]), pieces)
    if out[0] == 0:
        return _trivial(problem, (), 0)
    return _pruned(problem, plan.taken, out, pieces, first_node)


def _trivial(problem: ExactCover, taken: tuple[int, ...], total: int) -> Diagram:
    """The diagram of a problem with no choice left: one node (0 solutions), or node 0 the final one."""
    import numpy as np

    none = np.zeros(0, dtype=np.int64)
    out = np.array([total], dtype=np.uint64)
    return Diagram(problem, taken if total else (), total, 1, none, none, none,
                   np.zeros(2, dtype=np.int64), np.zeros(1, dtype=np.int64), out)


def _sweep(plan: memo.Layout, memory_cap: int, stop):
    """Every state the counter's sweep meets and every step between them, as ``memo``'s loop takes them
    (``_memo_kernels.run``, for all states of a level at once): (first_node, pieces): each level's first node
    (the final node's level last, then the number of nodes), and per level the edges out of it in pieces
    ``[source nodes, options, target nodes]``, one piece for each level they lead to."""
    import numpy as np

    u64 = np.uint64
    window, patterns, levels = plan.window, plan.patterns, plan.levels
    n_narrow = len(plan.narrow_items)
    window_mask = u64((1 << window) - 1)
    pattern_mask = u64(patterns - 1)
    wide_primary = u64(plan.wide_primary)
    pending: list[list[list]] = [[] for _ in range(levels + 1)]  # per level: pieces [source, option, key]
    pending[0].append([np.zeros(1, np.int64), None, np.zeros(1, u64)])
    first_node = np.zeros(levels + 2, dtype=np.int64)
    pieces = []  # (source level, pieces by target level)
    held = 0
    for level in range(levels + 1):
        if stop is not None and stop():
            raise Stopped()
        incoming = pending[level]
        pending[level] = []
        if level == levels:  # the final node
            for piece in incoming:
                piece[2] = np.full(len(piece[0]), first_node[level], dtype=np.int64)
            first_node[level + 1] = first_node[level] + 1
            break
        if not incoming:
            first_node[level + 1] = first_node[level]
            continue
        keys, inverse = np.unique(np.concatenate([piece[2] for piece in incoming]), return_inverse=True)
        at = 0
        for piece in incoming:
            piece[2] = first_node[level] + inverse[at:at + len(piece[0])]  # the key becomes the target node
            at += len(piece[0])
        first_node[level + 1] = first_node[level] + len(keys)
        covered, taken = keys & window_mask, keys >> u64(window)
        row = level * patterns + (covered & pattern_mask).astype(np.int64)
        begin, many = plan.starts[row], plan.starts[row + 1] - plan.starts[row]
        state = np.repeat(np.arange(len(keys)), many)
        listed = begin[state] + np.arange(len(state)) - np.repeat(np.cumsum(many) - many, many)
        ahead = plan.narrow[listed] >> u64(1)
        fits = ((plan.wide[listed] & taken[state]) == 0) & ((ahead & covered[state]) == 0)
        state, listed, ahead = state[fits], listed[fits], ahead[fits]
        now = covered[state] | ahead
        now_taken = taken[state] | plan.wide[listed]
        if level < n_narrow:
            step = _trailing_zeros(~now) + 1  # the frontier moves past the covered run
            nxt = level + step
            now = np.where(step < 64, now >> np.minimum(step, 63).astype(u64), u64(0))
        else:
            nxt = np.full(len(now), n_narrow, dtype=np.int64)
        past = nxt >= n_narrow
        free = ~now_taken & wide_primary
        done = past & (free == 0)
        wide_level = past & ~done
        nxt = np.where(done, levels, nxt)
        nxt[wide_level] = n_narrow + _trailing_zeros(free[wide_level])
        now[past] = 0
        alive = done | ((plan.needs[np.minimum(nxt, levels - 1) * patterns + (now & pattern_mask).astype(np.int64)]
                         & ~now_taken) != 0)
        state, listed, nxt, now, now_taken = state[alive], listed[alive], nxt[alive], now[alive], now_taken[alive]
        key = now | (now_taken << u64(window))
        order = np.argsort(nxt, kind="stable")
        state, listed, nxt, key = state[order], listed[order], nxt[order], key[order]
        held += EDGE_BYTES * len(state) + 8 * len(keys)
        if held > memory_cap:
            raise TooBig(f"the solution diagram would need more than {memory_cap / 2**20:g} MB (--memory)")
        cuts = np.flatnonzero(np.diff(nxt)) + 1
        mine = []
        for part in np.split(np.arange(len(nxt)), cuts):
            if len(part):
                piece = [first_node[level] + state[part], plan.options[listed[part]], key[part]]
                pending[int(nxt[part[0]])].append(piece)
                mine.append(piece)
        pieces.append(mine)
    return first_node, pieces


def _count_out(nodes: int, pieces):
    """Per node, the paths from it to the final node: exact, in 64-bit integers where the float estimate says
    the counts stay below 2**62, else in Python ints."""
    import numpy as np

    estimate = _backward(nodes, pieces, np.float64)
    return _backward(nodes, pieces, np.uint64 if estimate.max(initial=0.0) < EXACT_BELOW else object)


def _backward(nodes: int, pieces, dtype):
    """Paths out of every node, level by level from the last (an edge always leads to a later level)."""
    import numpy as np

    out = np.zeros(nodes, dtype=dtype)
    out[nodes - 1] = 1
    for mine in reversed(pieces):
        for source, _, target in mine:
            np.add.at(out, source, out[target])
    return out


def _pruned(problem: ExactCover, taken: tuple[int, ...], out, pieces, first_node) -> Diagram:
    """The diagram of the nodes on some solution's path (those with a path out: every node has one in),
    renumbered in order, edges sorted by source node then option."""
    import numpy as np

    alive = out > 0
    number = np.cumsum(alive) - 1
    kept = [(number[s[live]], o[live], number[t[live]]) for mine in pieces for s, o, t in mine
            for live in [alive[t]] if live.any()]
    source, option, target = (np.concatenate([k[j] for k in kept]) for j in range(3))
    order = np.lexsort((option, source))
    source, option, target = source[order], option[order], target[order]
    nodes = int(alive.sum())
    before = np.concatenate([[0], np.cumsum(alive)])  # live nodes before each node
    level_edges = np.searchsorted(source, before[first_node[:-1]])  # each level's first edge; the final one's: none
    return Diagram(problem, taken, int(out[0]), nodes, source, target, option,
                   np.searchsorted(source, np.arange(nodes + 1)), level_edges, out[alive])


def _trailing_zeros(x):
    """Per uint64 (none zero): its count of trailing zero bits."""
    import numpy as np

    low = x & (~x + np.uint64(1))
    return np.frexp(low.astype(np.float64))[1].astype(np.int64) - 1


__all__ = ["Diagram", "Refused", "TooBig", "Stopped", "build", "DEFAULT_MEMORY_MB"]
