"""The solver: :func:`solve`, and the search behind it: depth-first over bitboards, in independent parts,
after cheap proofs.

The garden and its ring are one bitboard (a Python int): square ``(r, c)`` is
bit ``(r + 1) * W + c + 1`` with ``W = width + 2``, so a step adds ``+-1`` or
``+-W`` to a bit index and every neighbour of a garden square is on the board.
A state is the set of unraked sand plus where the monk is: on foot in one
walkable region, or stopped on a sand square after moving in some direction.

What keeps it small, each step sound (it never throws away a state from which
the rules allow a win):

* independent parts: a pass only ever steps on unraked sand joined to where it
  started, and only rakes, rocks and walkable ground stop it.  So when every
  walkable square touching the unraked sand is in the monk's region, each
  4-connected part of the unraked sand is solved on its own and the answers are
  put one after another.  A stopped monk can only go on into the parts beside
  him; the other parts wait for him on the ring.
* dead ends: a sand square is stepped onto from one neighbour and left to
  another (straight back is raked, or forbidden), and both must still be open
  (unraked sand or walkable ground) when that happens.  Openness only shrinks,
  so an unraked square with fewer than two open neighbours now is never raked.
* reachability: sand is stepped on only from walkable ground or from sand the
  monk stands on, so a part touching no walkable ground (and not the monk) is
  never entered; a part the monk is not in needs two contacts with walkable
  ground, one to come in by and another to leave by.
* memo: every part and every stopped state is solved once; failures and
  answers are remembered, so other orders of the same passes cost nothing.
* windows: before the garden, small windows of it are searched with everything
  outside them free (see :func:`window_check`); one that cannot be raked even so
  proves there is no solution, usually in milliseconds where the whole search
  would take seconds.
* order: from the ring, passes that stop on sand come first, then those that
  leave the fewest tight squares (two open neighbours left: the next dead ends).
  This only decides how soon a solution turns up.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from ...base import clock
from ...base.answer import Status
from .garden import NO_SOLUTION, SOLVED, Garden, Result, square_names
from .rules import pass_grid, play, raking_order

#: Why a search stopped early, in the engine's words (``Status``'s): the engine itself is imported only
#: for ``as_predicate`` when a search starts, so declaring the family does not load it.
TIME_LIMIT, CANCELLED = Status.TIME_LIMIT, Status.CANCELLED

CHECK_EVERY = 256  # states between looks at the clock and the cancel flag
BUDGET = "budget"  # why a window's search (or the first look at the garden) gave up


@dataclass(frozen=True)
class Found:
    moves: list | None  # [(entry, direction)] in garden coordinates, or None
    explored: int  # states expanded
    stopped: str | None  # None, "time limit" or "cancelled"
    # for no solution: ("dead end" | "shut in", cells), ("window", (top, left, height, width)), ("search", None)
    why: tuple | None = None


class _Stop(Exception):
    def __init__(self, why: str):
        self.why = why


class Bitboard:
    """The fixed facts of a garden, or of a window of one, as bitboards and tables.

    ``rows`` includes the ring: ``.`` sand, ``#`` rock, ``_`` walkable ground,
    ``?`` a wildcard (sand outside a window: the monk may stop before it or
    leave the window over it).  With ``teleport`` the monk on foot may start
    anywhere, as the window check assumes.
    """

    def __init__(self, rows: list[str], teleport: bool = False):
        self.W = W = len(rows[0])
        self.size = W * len(rows)
        self.sand = self.walk = self.wild = 0
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                bit = 1 << (r * W + c)
                if ch == ".":
                    self.sand |= bit
                elif ch == "_":
                    self.walk |= bit
                elif ch == "?":
                    self.wild |= bit
        self.exits = self.walk | self.wild  # where a pass may end on foot
        self.steps = (-W, 1, W, -1)  # north, east, south, west
        self.region = self._regions(teleport)
        regions = max(self.region.values(), default=0) + 1
        squares = [0] * regions
        for i, label in self.region.items():
            squares[label] |= 1 << i
        self.ports = [self._ports(squares[label]) for label in range(regions)]
        self.foreign = [self.sand & neighbours(self.exits & ~mask, W) for mask in squares]
        self.touch_any = self.sand & neighbours(self.exits, W)
        # sand squares with a way off north, east, south, west of them
        self.contacts = [self.sand & shift(self.exits, -d) for d in self.steps]

    def unreachable(self, part: int) -> bool:
        """A part the monk is not in needs a way in and a different way out."""
        if not part & self.touch_any:
            return True
        found = 0
        for mask in self.contacts:
            found += (part & mask).bit_count()
            if found >= 2:
                return False
        return True

    @classmethod
    def of_garden(cls, garden) -> Bitboard:
        return cls(["".join(garden.square((r, c)) for c in range(-1, garden.width + 1))
                    for r in range(-1, garden.height + 1)])

    @classmethod
    def of_window(cls, garden, top: int, left: int, height: int, width: int) -> Bitboard:
        """The window's squares, its border as the garden has it, sand there as wildcards."""
        def square(r, c):
            ch = garden.square((r, c))
            inside = top <= r < top + height and left <= c < left + width
            return "?" if ch == "." and not inside else ch

        return cls(["".join(square(r, c) for c in range(left - 1, left + width + 1))
                    for r in range(top - 1, top + height + 1)], teleport=True)

    def cell(self, i: int) -> tuple[int, int]:
        return i // self.W - 1, i % self.W - 1

    def direction(self, offset: int) -> tuple[int, int]:
        return {-self.W: (-1, 0), 1: (0, 1), self.W: (1, 0), -1: (0, -1)}[offset]

    def _regions(self, teleport: bool) -> dict[int, int]:
        """Square the monk may stand on -> the number of its region (squares joined on foot); the ring is 0."""
        region: dict[int, int] = {}
        for i in range(self.size):
            if self.exits >> i & 1 and i not in region:
                label = 0 if teleport else len(set(region.values()))
                frontier = [i]
                region[i] = label
                while frontier:
                    j = frontier.pop()
                    for d in self.steps:
                        k = j + d
                        if 0 <= k < self.size and self.exits >> k & 1 and k not in region:
                            region[k] = label
                            frontier.append(k)
        return region

    def _ports(self, squares: int) -> list[tuple[int, int, int]]:
        """Every (sand square, square on foot, step) that steps from ``squares`` onto sand."""
        found = []
        for i in range(self.size):
            if squares >> i & 1:
                for d in self.steps:
                    if 0 <= i + d < self.size and self.sand >> (i + d) & 1:
                        found.append((i + d, i, d))
        return sorted(found)


def shift(mask: int, d: int) -> int:
    """``mask`` moved ``d`` bits up (a negative ``d`` moves it down)."""
    return mask << d if d > 0 else mask >> -d


def neighbours(mask: int, W: int) -> int:
    return (mask << 1) | (mask >> 1) | (mask << W) | (mask >> W)


def parts(mask: int, W: int) -> list[int]:
    """The 4-connected parts of ``mask``.

    Each round spreads a part to the end of its runs along the rows at once
    (adding the part to the mask carries through a run of ones; the ring's bits
    are never in ``mask``, so no run leaves its row), then one step every way.
    """
    found = []
    while mask:
        part = mask & -mask
        while True:
            along = ((part + mask) ^ mask) & mask | part
            grown = along | (mask & ((along << W) | (along >> W) | (along >> 1)))
            if grown == part:
                break
            part = grown
        found.append(part)
        mask &= ~part
    return found


def search(garden, deadline: float | None = None, cancelled: Callable[[], bool] = lambda: False) -> Found:
    """The garden's plain faults, then windows (a cheap proof of no solution), then the garden:
    small windows, a short look at the garden, larger windows, the garden to the end."""
    board = Bitboard.of_garden(garden)
    run = _Search(board, deadline, cancelled)
    fault = board_faults(board)
    if fault:
        return Found(None, 0, None, fault)
    checked = 0
    try:
        for windows, budget in ((SMALL_WINDOWS, FIRST_LOOK), (LARGE_WINDOWS, float("inf"))):
            window, states = window_check(garden, windows, deadline, cancelled)
            checked += states
            if window:
                return Found(None, run.nodes + checked, None, ("window", window))
            run.budget = run.nodes + budget
            try:
                moves = run.on_foot(board.sand, 0)
                break
            except _Stop as stop:
                if stop.why != BUDGET:
                    raise
    except _Stop as stop:
        return Found(None, run.nodes + checked, stop.why)
    if moves is FAIL:
        return Found(None, run.nodes + checked, None, ("search", None))
    return Found([(board.cell(i), board.direction(d)) for i, d in moves], run.nodes + checked, None)


def board_faults(board: Bitboard) -> tuple | None:
    """Sand that can never be raked, seen without searching: ("dead end" | "shut in", [cells])."""
    W = board.W
    o = board.sand | board.exits
    e, w, s, n = o >> 1, o << 1, o >> W, o << W
    dead = board.sand & ~((e & w) | ((e | w) & (n | s)) | (n & s))
    if dead:
        return "dead end", _cells(board, dead)
    shut = [part for part in parts(board.sand, W) if board.unreachable(part)]
    if shut:
        return "shut in", _cells(board, shut[0])
    return None


def _cells(board: Bitboard, mask: int) -> list[tuple[int, int]]:
    return [board.cell(i) for i in range(board.size) if mask >> i & 1]


SMALL_WINDOWS = ((4, 4, 400), (5, 5, 2000))  # window height, width, and states each may take
LARGE_WINDOWS = ((6, 6, 5000), (7, 7, 20000), (6, 16, 20000), (16, 6, 20000))
FIRST_LOOK = 5000  # states of the garden searched between the small and the large windows


def window_check(garden, windows, deadline: float | None, cancelled: Callable[[], bool]) -> tuple[tuple | None, int]:
    """A window of the garden that cannot be raked even with everything outside it free, or None.

    Outside a window the monk may come in from any square that is not rock, at
    any time, and may treat outside sand as raked (stop before it) or unraked
    (leave over it).  Every real raking does that, so a window that cannot be
    raked so proves the garden has no solution, and a small window is quick to
    search.  Returns ``(top, left, height, width)`` or None, and the states it took.
    """
    states = 0
    for height, width, budget in windows:
        height, width = min(height, garden.height), min(width, garden.width)
        if (height, width) == (garden.height, garden.width):
            continue
        for top in range(garden.height - height + 1):
            for left in range(garden.width - width + 1):
                board = Bitboard.of_window(garden, top, left, height, width)
                if not board.sand:
                    continue
                run = _Search(board, deadline, cancelled, budget)
                try:
                    answer = run.on_foot(board.sand, 0)
                except _Stop as stop:
                    if stop.why != BUDGET:
                        raise
                    answer = ()
                states += run.nodes
                if answer is FAIL:
                    return (top, left, height, width), states
    return None, states


FAIL = None


def _memoised(key_of: Callable[..., tuple]):
    """A search step remembered by the state ``key_of`` its arguments names: a state is tried once (one tick
    for the budget), then answered from ``known``."""
    def wrap(step):
        @functools.wraps(step)
        def remembered(self, *args):
            key = key_of(*args)
            if key in self.known:
                return self.known[key]
            self._tick()
            answer = self.known[key] = step(self, *args)
            return answer
        return remembered
    return wrap


class _Search:
    def __init__(self, board: Bitboard, deadline: float | None, cancelled: Callable[[], bool], budget: float = float("inf")):
        self.b = board
        self.deadline = deadline
        self.cancelled = cancelled
        self.budget = budget  # states before giving up with "budget"
        self.nodes = 0
        self.known: dict = {}  # state -> moves (a tuple) or FAIL

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _Stop(BUDGET)
        if self.nodes % CHECK_EVERY == 0:
            if self.cancelled():
                raise _Stop(CANCELLED)
            if self.deadline is not None and clock.now() >= self.deadline:
                raise _Stop(TIME_LIMIT)

    # --- pruning ---------------------------------------------------------------------------

    def dead_end(self, unraked: int, monk: int) -> bool:
        """Some unraked square has fewer than two open neighbours (``monk``: the square he stands on)."""
        W = self.b.W
        open_ = unraked | self.b.exits | monk
        e, w, s, n = open_ >> 1, open_ << 1, open_ >> W, open_ << W
        two = (e & w) | ((e | w) & (n | s)) | (n & s)
        return bool(unraked & ~two)

    def tight(self, unraked: int) -> int:
        """Unraked squares with at most two open neighbours."""
        W = self.b.W
        open_ = unraked | self.b.exits
        e, w, s, n = open_ >> 1, open_ << 1, open_ >> W, open_ << W
        return unraked & ~((e & w & (n | s)) | ((e | w) & n & s))

    # --- moves -----------------------------------------------------------------------------

    def slide(self, unraked: int, here: int, d: int) -> tuple[int, int]:
        """Unraked sand after the run, and the first square it does not step on."""
        nxt = here + d
        while unraked >> nxt & 1:
            unraked &= ~(1 << nxt)
            nxt += d
        return unraked, nxt

    def _turns(self, d: int) -> tuple[int, int]:
        return (1, -1) if abs(d) == self.b.W else (self.b.W, -self.b.W)

    # --- on foot ---------------------------------------------------------------------------

    def on_foot(self, unraked: int, region: int):
        """Moves that win for a monk on foot in ``region``, or FAIL."""
        if not unraked:
            return ()
        if self.dead_end(unraked, 0):
            return FAIL
        found = parts(unraked, self.b.W)
        if any(self.b.unreachable(part) for part in found):
            return FAIL
        if unraked & self.b.foreign[region]:
            return self._from(unraked, region)  # the parts are not independent: solve them together
        moves = ()
        for part in sorted(found, key=int.bit_count):
            answer = self._from(part, region)
            if answer is FAIL:
                return FAIL
            moves += answer
        return moves

    @_memoised(lambda unraked, region: (unraked, region))
    def _from(self, unraked: int, region: int):
        """Every pass the monk can start from ``region``, tried in turn."""
        if not self.dead_end(unraked, 0):
            for entry, d, after, end in self._passes(unraked, region):
                rest = self._land(after, end, d)
                if rest is not FAIL:
                    return ((entry, d),) + rest
        return FAIL

    def _passes(self, unraked: int, region: int) -> list[tuple[int, int, int, int]]:
        """The passes from ``region``, each once: (entry, step, unraked after, where it ends).

        Tried in this order: passes that stop on sand before those that cross
        back to walkable ground (a crossing can as well come later); then those
        leaving the fewest tight squares (unraked, with at most two open
        neighbours: the next dead ends); then those leaving the least sand.
        """
        found = {}
        for sand, entry, d in self.b.ports[region]:
            if unraked >> sand & 1:
                after, end = self.slide(unraked, entry, d)
                on_foot = self.b.walk >> end & 1
                outcome = (after, self.b.region[end] if on_foot else (end, abs(d)))
                if outcome not in found:
                    found[outcome] = (on_foot, self.tight(after).bit_count(), after.bit_count(), entry, d, after, end)
        return [(entry, d, after, end) for *_, entry, d, after, end in sorted(found.values())]

    # --- on sand ---------------------------------------------------------------------------

    def _go(self, unraked: int, here: int, d: int):
        after, end = self.slide(unraked, here, d)
        return self._land(after, end, d)

    def _land(self, after: int, end: int, d: int):
        """Go on from where a run over the sand ended: on foot, or stopped before ``end``."""
        if self.b.walk >> end & 1:
            return self.on_foot(after, self.b.region[end])
        if self.b.wild >> end & 1:  # a window's edge: leave it, or stop as if before raked sand
            answer = self.on_foot(after, 0)
            if answer is not FAIL:
                return answer
        return self._stopped(after, end - d, d)

    def _stopped(self, unraked: int, here: int, d: int):
        """Moves that win for a monk stopped on ``here`` after moving by ``d``, or FAIL.

        When the parts are independent, those not beside him wait on the ring.
        """
        if (unraked | 1 << here) & self.b.foreign[0]:
            return self._turn(unraked, here, d, False)
        beside = neighbours(1 << here, self.b.W)
        behind = [part for part in parts(unraked, self.b.W) if not part & beside]
        if any(self.b.unreachable(part) for part in behind):
            return FAIL
        later = ()
        for part in sorted(behind, key=int.bit_count):  # independent: the cheap refutation first
            answer = self._from(part, 0)
            if answer is FAIL:
                return FAIL
            later += answer
            unraked &= ~part
        moves = self._turn(unraked, here, d, True)
        return FAIL if moves is FAIL else moves + later

    @_memoised(lambda unraked, here, d, independent: (unraked, here, abs(d)))
    def _turn(self, unraked: int, here: int, d: int, independent: bool):
        """Left or right from ``here``; ``unraked`` is only the sand beside him when ``independent``."""
        open_ = unraked | self.b.exits
        turns = [t for t in self._turns(d) if open_ >> (here + t) & 1]
        if turns and not self.dead_end(unraked, 1 << here):
            for t in turns:
                target = here + t
                if not unraked >> target & 1:  # straight onto walkable ground
                    rest = self.on_foot(unraked, self.b.region[target])
                elif independent:
                    rest = self._into(unraked, here, t)
                else:
                    rest = self._go(unraked, here, t)
                if rest is not FAIL:
                    return ((here, t),) + rest
        return FAIL

    def _into(self, unraked: int, here: int, t: int):
        """Turn into one part; the other (across him) is left for later, from the ring."""
        ahead = next(part for part in parts(unraked, self.b.W) if part >> (here + t) & 1)
        other = unraked & ~ahead
        if not ahead & self.b.touch_any:
            return FAIL  # no way back to walkable ground from there
        if other and (self.b.unreachable(other) or (other, 0) in self.known and self.known[(other, 0)] is FAIL):
            return FAIL
        later = ()
        if other and other.bit_count() < ahead.bit_count():  # the smaller first: cheaper to refute
            later = self._from(other, 0)
            if later is FAIL:
                return FAIL
        rest = self._go(ahead, here, t)
        if rest is FAIL or not other or later:
            return FAIL if rest is FAIL else rest + later
        later = self._from(other, 0)
        return FAIL if later is FAIL else rest + later


# --- solving: the search's answer as passes, its reason in square names --------------------------

def solve(garden: Garden, time_limit: float | None = None, cancel=None) -> Result:
    """Find a raking sequence or prove there is none (depth-first, pruned, memoised)."""
    from ...engine import as_predicate

    start = clock.now()
    deadline = None if time_limit is None else start + time_limit
    found = search(garden, deadline, as_predicate(cancel))
    seconds = clock.now() - start
    if found.moves is None:
        status = found.stopped or NO_SOLUTION
        why = _why(garden, found.why) if status == NO_SOLUTION else None
        return Result(status, [], None, None, found.explored, seconds, why)
    passes = play(garden, found.moves)
    return Result(SOLVED, passes, raking_order(garden, passes), pass_grid(garden, passes), found.explored, seconds)


def _why(garden: Garden, why: tuple) -> str:
    """The search's reason for no solution, in the user's square names."""
    kind, detail = why
    if kind == "dead end":
        return f"{square_names(garden, detail)}: sand with fewer than two open neighbours can never be raked"
    if kind == "shut in":
        return (f"{square_names(garden, detail[:6])}{' ...' if len(detail) > 6 else ''}: this sand has fewer "
                f"than two ways on and off it from walkable ground")
    if kind == "window":
        top, left, height, width = detail
        where = f"{garden.cell_name(top, left)}:{garden.cell_name(top + height - 1, left + width - 1)}"
        return f"{where}: this part cannot be raked, whatever is done outside it"
    return "no order of passes rakes all the sand"


