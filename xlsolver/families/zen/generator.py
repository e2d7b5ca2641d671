"""Making gardens: built along a random raking, so each is solvable by construction.

:func:`generate` returns the first candidate the solver confirms (the solver
checks the construction); :func:`construct` is one attempt at building one.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import NamedTuple

from .garden import MAX_SIDE, Garden, parse
from .solver import CHECK_EVERY, Bitboard, parts, solve

#: States the solver may explore to confirm a candidate: counted, not timed, so that a seed gives the same
#: garden on every machine, however busy (16 x 16 gardens take up to about 50,000; this is seconds here).
CONFIRM_STATES = 300_000


def generate(rows: int, cols: int, rocks: int, seed: int, states: int = CONFIRM_STATES) -> Garden:
    """A garden of sand and ``rocks`` rocks that the monk can rake, the same for the same seed.

    The first of :func:`candidates` that ``solve`` confirms within about ``states``
    explored states (a candidate is solvable by construction; the solver checks
    the construction).
    """
    for garden in candidates(rows, cols, rocks, seed):
        if solve(garden, cancel=_after(states // CHECK_EVERY)).solved:
            return garden
    raise RuntimeError(f"no {rows} x {cols} garden with {_rocks(rocks)} found for seed {seed}")


def _after(looks: int) -> Callable[[], bool]:
    """A cancel flag that is up from its ``looks``-th reading on: the solver reads it every CHECK_EVERY states."""
    readings = itertools.count(1)
    return lambda: next(readings) >= looks


def default_rocks(rows: int, cols: int) -> int:
    """10 rocks, or a quarter of the squares on a garden too small for that (none on 1 x 1)."""
    return min(10, rows * cols // 4)


def _rocks(n: int) -> str:
    return f"{n} rock" if n == 1 else f"{n} rocks"


def candidates(rows: int, cols: int, rocks: int, seed: int, attempts: int = 100_000):
    """Gardens built along a random raking: each is solvable by construction.

    A monk walks random passes from the ring over an all-sand garden; where he
    is to turn, the open square ahead becomes a rock; the sand he never steps on
    becomes rock too (see :func:`construct`).
    """
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ValueError(f"a garden is 1 to {MAX_SIDE} squares each way, not {rows} x {cols}")
    if rocks < 0:
        raise ValueError(f"--rocks is a number of rocks, 0 or more, not {rocks}")
    if rocks >= rows * cols:
        raise ValueError(f"{_rocks(rocks)} {'leaves' if rocks == 1 else 'leave'} no sand in a {rows} x {cols} garden; "
                         f"give at most {rows * cols - 1} with --rocks")
    rng = random.Random(seed)
    for _ in range(attempts):
        drawing = construct(rows, cols, rocks, rng)
        if drawing is not None:
            yield parse(drawing)


# --- building gardens along a raking ---------------------------------------------------------

class _Build(NamedTuple):
    """A garden being built: rocks placed so far and sand stepped on; the rest is still open."""

    rock: int
    entered: int


def construct(rows: int, cols: int, rocks: int, rng: random.Random, tries: int = 8, budget: int = 100) -> list[str] | None:
    """One attempt at a garden with ``rocks`` rocks built along a random raking; None if it misses.

    The monk walks passes from the ring over an all-sand garden.  Where he is to
    turn, the open square ahead becomes a rock (it was never stepped on, so every
    earlier pass stays legal).  He stops once all but ``rocks`` squares are
    raked, and every square he never stepped on becomes a rock, for the same
    reason.  Depth-first over passes: each step draws ``tries`` random passes
    and goes on with those that leave enough rakeable sand, the one stranding
    least first (one that finishes exactly wins at once), within ``budget`` steps.
    """
    board = Bitboard(["_" * (cols + 2)] + ["_" + "." * cols + "_"] * rows + ["_" * (cols + 2)])
    goal = rows * cols - rocks  # squares to rake
    steps = 0

    def extend(build: _Build) -> _Build | None:
        nonlocal steps
        if build.entered.bit_count() == goal:
            return build
        steps += 1
        if steps > budget:
            return None
        ranked: dict[_Build, int] = {}
        for _ in range(tries):
            after = _random_pass(board, build, rocks, rng)
            if after is None or after in ranked:
                continue
            need = goal - after.entered.bit_count()
            if need == 0:
                return after
            open_ = board.sand & ~after.rock & ~after.entered
            lost = _unrakeable(board, open_)
            if need > 0 and open_.bit_count() - lost >= need:
                ranked[after] = lost
        for after in sorted(ranked, key=ranked.get):
            done = extend(after)
            if done is not None:
                return done
        return None

    built = extend(_Build(0, 0))
    if built is None:
        return None
    return ["".join("." if built.entered >> (board.W * (r + 1) + c + 1) & 1 else "#" for c in range(cols))
            for r in range(rows)]


def _random_pass(board: Bitboard, build: _Build, rocks: int, rng: random.Random, budget: int = 300) -> _Build | None:
    """A random pass from the ring back onto it, dropping rocks to turn; None if every try strands him.

    Each choice (go on or stop before a new rock; left or right) is random, and
    a choice that leads to a dead end is taken back, within ``budget`` steps.
    """
    open_ = board.sand & ~build.rock & ~build.entered
    ports = [(entry, d) for sand, entry, d in board.ports[0] if open_ >> sand & 1]
    if not ports:
        return None
    here, d = rng.choice(ports)
    return _Walk(board, rocks, rng, budget).run(build.rock, build.entered, here, d, False)


class _Walk:
    """The monk on one random pass, backtracking out of dead ends."""

    def __init__(self, board: Bitboard, rocks: int, rng: random.Random, budget: int):
        self.board, self.rocks, self.rng, self.budget = board, rocks, rng, budget

    def run(self, rock: int, entered: int, here: int, d: int, moved: bool) -> _Build | None:
        """Go on from ``here`` heading ``d``; ``moved``: he has stepped since his last turn."""
        self.budget -= 1
        if self.budget < 0:
            return None
        ahead = here + d
        if self.board.walk >> ahead & 1:
            return _Build(rock, entered)
        open_ = self.board.sand & ~rock & ~entered
        if not open_ >> ahead & 1:
            return self.turn(rock, entered, here, d)
        placed = rock.bit_count()
        stop = moved and placed < self.rocks  # a rock only stops a monk who has moved since his last turn
        first_stop = stop and self.rng.random() < (self.rocks - placed) / open_.bit_count()
        for stopping in ((True, False) if first_stop else (False, True) if stop else (False,)):
            if stopping:
                done = self.turn(rock | 1 << ahead, entered, here, d)
            else:
                done = self.run(rock, entered | 1 << ahead, ahead, d, True)
            if done is not None:
                return done
        return None

    def turn(self, rock: int, entered: int, here: int, d: int) -> _Build | None:
        turns = [t for t in ((1, -1) if abs(d) == self.board.W else (self.board.W, -self.board.W))
                 if (self.board.sand & ~rock & ~entered | self.board.walk) >> (here + t) & 1]
        self.rng.shuffle(turns)
        for t in turns:
            done = self.run(rock, entered, here, t, False)
            if done is not None:
                return done
        return None


def _unrakeable(board: Bitboard, open_: int) -> int:
    """How many open squares can never be raked (the solver's dead-end and reachability arguments)."""
    W, alive = board.W, open_
    while True:
        o = alive | board.walk
        e, w, s, n = o >> 1, o << 1, o >> W, o << W
        dead = alive & ~((e & w) | ((e | w) & (n | s)) | (n & s))
        if not dead:
            break
        alive &= ~dead
    reach = 0
    for part in parts(alive, W):
        if part & board.touch_any:
            reach |= part
    return open_.bit_count() - reach.bit_count()
