"""The search for problems whose items have bounds: Knuth's Algorithm M (his DLX3), in plain Python.

A primary item with bounds ``(u, v)`` must be covered between ``u`` and ``v`` times
(:mod:`.exact_cover`).  Each item keeps ``left``, how many more options may still
cover it (``v`` less the chosen ones holding it), and its ``slack`` ``v - u``; it
still *needs* ``left - slack`` more, or none.  An item whose ``left`` reaches 0 is
closed: every live option holding it dies.

At each node the search branches on the open item with the fewest ways to go on,
Knuth's score ``live + min(slack, left) - left + 1`` (``live``: its live options):
its branches are "the first of its live options, in order, that the solution
holds is ``x_k``" for each ``k`` that still leaves enough options after it, and,
when it needs none, "it holds none of them" (the item is closed as it is).
Branch ``k`` kills ``x_1 .. x_(k-1)`` for the rest of this node, so a set of
options is reached in one way only: each solution is found once, never once per
order of its options.  A score of 0 or less ends the branch (too few options
left); equal scores go to the item with less slack, then more live options, then
the one declared first (Knuth's choices).  No open item left: a solution.

Every other rule is :mod:`.fewest`'s: options hold their secondary items as bits
(:mod:`.colour_bits`: Knuth's colours too), ``given`` options are taken first,
``tick`` is called every ``reference.TICK_NODES`` nodes and once more at the end.
The state is a few arrays and the options each step killed (undone in reverse),
not dancing links: the same search, told in Python's terms.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from . import colour_bits
from .exact_cover import ExactCover
from .reference import TICK_NODES, Tick, explored_fraction

NAME = "multiplicity"
#: This engine honours items with bounds (``engine.choose`` routes such problems only to engines that do).
BOUNDS = True


class _State:
    """The search's arrays, and the moves that change them (each returning what undoes it)."""

    def __init__(self, problem: ExactCover):
        n_primary = len(problem.primary)
        needs, claims, bits = colour_bits.split(problem)
        self.primary_of = [tuple(i for i in items if i < n_primary) for items in problem.options]
        self.claims = [tuple(b for b in bits_ if b >= n_primary) for bits_ in claims]  # secondary bits only
        self.options_of: list[list[int]] = [[] for _ in range(bits)]  # primary item or secondary bit -> options
        for option, bits_ in enumerate(needs):  # an option of secondary items only is in no primary item's list:
            for bit in bits_:                    # no branch chooses it (a ``given`` one is taken as it is)
                self.options_of[bit].append(option)
        self.alive = bytearray(b"\x01") * len(needs)
        self.live = [len(self.options_of[i]) for i in range(n_primary)]
        pairs = problem.primary_bounds()
        self.left = [high for _, high in pairs]
        self.slack = [high - low for low, high in pairs]
        self.open = bytearray(b"\x01") * n_primary

    def kill(self, option: int, killed: list[int]) -> None:
        self.alive[option] = 0
        killed.append(option)
        for item in self.primary_of[option]:
            self.live[item] -= 1

    def close(self, item: int, killed: list[int]) -> None:
        """The item takes no more options: it leaves the open items, its live options die."""
        self.open[item] = 0
        alive = self.alive
        for option in self.options_of[item]:
            if alive[option]:
                self.kill(option, killed)

    def choose(self, option: int) -> tuple[list[int], list[int]]:
        """Take ``option`` (alive): its items take one cover more (closed at their upper bound), its
        secondary bits' other options die.  Returns (the killed options, the closed items) for :meth:`undo`."""
        killed: list[int] = []
        closed: list[int] = []
        self.kill(option, killed)
        for item in self.primary_of[option]:
            self.left[item] -= 1
            if self.left[item] == 0:
                self.close(item, killed)
                closed.append(item)
        alive = self.alive
        for bit in self.claims[option]:
            for other in self.options_of[bit]:
                if alive[other]:
                    self.kill(other, killed)
        return killed, closed

    def undo(self, option: int, taken: tuple[list[int], list[int]]) -> None:
        killed, closed = taken
        self.revive(killed)
        for item in closed:
            self.open[item] = 1
        for item in self.primary_of[option]:
            self.left[item] += 1

    def revive(self, killed: list[int]) -> None:
        alive, live, primary_of = self.alive, self.live, self.primary_of
        for option in reversed(killed):
            alive[option] = 1
            for item in primary_of[option]:
                live[item] += 1

    def best(self) -> tuple[int, int]:
        """(the open item to branch on, its score), or (-1, 0) when no item is open (a solution)."""
        best, score, best_slack, best_live = -1, 0, 0, 0
        live, left, slack = self.live, self.left, self.slack
        for item, is_open in enumerate(self.open):
            if not is_open:
                continue
            b = left[item]
            s = min(slack[item], b)
            n = live[item]
            t = n + s - b + 1
            if best < 0 or t < score or (t == score and (s < best_slack or (s == best_slack and n > best_live))):
                best, score, best_slack, best_live = item, t, s, n
                if t <= 0:
                    break  # a dead end: no need to look further
        return best, score


class _Level:
    """One node's branching: its item, the live options it had, the next branch, what undoes the current one."""

    __slots__ = ("item", "options", "next", "need", "width", "tweaked", "taken", "option", "null")

    def __init__(self, state: _State, item: int, width: int):
        self.item, self.width = item, width
        alive = state.alive
        self.options = [o for o in state.options_of[item] if alive[o]]
        self.need = max(state.left[item] - state.slack[item], 0)
        self.next = 0
        self.tweaked: list[int] = []  # the options this level has ruled out (x_1 .. x_(k-1))
        self.taken = None  # what undoes the branch under way
        self.option = -1  # its option (-1: the null branch)
        self.null = False

    def advance(self, state: _State, chosen: list[int]) -> bool:
        """Undo the branch under way, take the next one; False when there is none left (all undone)."""
        if self.taken is not None:
            if self.option >= 0:
                state.undo(self.option, self.taken)
                chosen.pop()
                state.kill(self.option, self.tweaked)  # ruled out below this node from now on
            else:
                state.open[self.item] = 1
            self.taken = None
        if self.next < len(self.options) and len(self.options) - self.next >= self.need:
            self.option = self.options[self.next]
            self.next += 1
            self.taken = state.choose(self.option)
            chosen.append(self.option)
            return True
        if self.need == 0 and not self.null and self.next == len(self.options):
            self.null, self.option, self.taken = True, -1, ((), ())
            state.open[self.item] = 0  # every option of the item is dead: it stays as it is
            return True
        state.revive(self.tweaked)
        return False

    def position(self) -> int:
        return self.next + self.null


def solutions(problem: ExactCover, given: Sequence[int] = (), tick: Tick | None = None) -> Iterator[tuple[int, ...]]:
    """Yield every solution that contains the options in ``given`` (each once, in a fixed order)."""
    state = _State(problem)
    chosen: list[int] = []
    for option in given:
        if not state.alive[option]:
            return  # given options that clash, or exceed an item's bound (or one given twice)
        state.choose(option)
        chosen.append(option)
    levels: list[_Level] = []
    nodes, next_tick, exhausted = 0, TICK_NODES, False
    try:
        item, score = state.best()
        while True:
            if item < 0:
                yield tuple(chosen)
            elif score > 0:
                levels.append(_Level(state, item, score))
            while levels and not levels[-1].advance(state, chosen):
                levels.pop()
            if not levels:
                exhausted = True
                return
            nodes += 1
            if tick is not None and nodes >= next_tick:
                next_tick += TICK_NODES
                if tick(nodes, explored_fraction((range(level.width), level.position()) for level in levels)):
                    return
            item, score = state.best()
    finally:
        if tick is not None:
            explored = 1.0 if exhausted else explored_fraction((range(level.width), level.position()) for level in levels)
            tick(nodes, explored, True)
