"""What each level (Starter to Wizard) means on a board: the pieces its challenges give, and its difficulty.

A booklet's levels are its own scale: the same challenge is a Junior in one booklet and a Master in
another (docs/levels.md shows it), so each board with a booklet has its levels from that booklet, in
``data/levels/levels.txt`` (written by ``python bench/levels.py --write``): per level, the pieces the
booklet's challenges of that level give and the difficulty (:mod:`.grading`) where the level begins.
A challenge on such a board takes the level its difficulty falls in.

A board without a booklet (pentomino boards, Soma, the calendar, one drawn by hand) has its levels
scaled from the IQ Puzzler Pro 5 x 11 booklet: from two pieces to place (Starter) down to the fewest
pieces that still leave one solution (Wizard), by the share of that span still to place; its challenges
take their level from the pieces they give.  ``levels.txt`` may say how few pieces a board's challenges
can give (measured on its minimal challenges); otherwise a sixth of them.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

LEVELS = ("starter", "junior", "expert", "master", "wizard")

#: Where each level after Starter begins on a scaled board, as the share of the span from two pieces to
#: place to the most a challenge can leave (the IQ Puzzler Pro 5 x 11 booklet: 3-4 of 12 pieces to place
#: is Starter, 4-6 Junior, 7-8 Expert, 8-9 Master, 10 Wizard, of a span of 2 to 10).
SCALED_FROM = (0.25, 0.5, 0.7, 0.95)


@dataclass(frozen=True)
class Level:
    name: str
    given: tuple[int, int]  # the fewest and most pieces (clues) its challenges give
    floor: float | None  # the difficulty where it begins (None: Starter, or a board ranked by pieces given)


@dataclass(frozen=True)
class Scale:
    """The levels of one board and piece set, easiest first, and where they come from."""

    levels: tuple[Level, ...]
    source: str  # "the booklet iq-puzzler-pro-5x11", "scaled from ...": what ``grade`` says

    def level(self, name: str) -> Level:
        return next(level for level in self.levels if level.name == name)

    def level_of(self, difficulty: float, given: int) -> str:
        """The level of a challenge: by its difficulty where the booklet gave floors, else by pieces given."""
        if all(level.floor is not None for level in self.levels[1:]):
            return LEVELS[sum(difficulty >= level.floor for level in self.levels[1:])]
        for level in reversed(self.levels):
            if given <= level.given[1]:
                return level.name
        return self.levels[0].name


@dataclass(frozen=True)
class BoardLevels:
    """A line group of levels.txt: a board's levels from a booklet, or the fewest pieces its challenges give."""

    levels: tuple[Level, ...] = ()
    source: str = ""
    fewest: int | None = None


@cache
def table() -> dict[tuple[str, str], BoardLevels]:
    """(board, piece set) -> what ``data/levels/levels.txt`` says of it (shipped with the package)."""
    text = (resources.files("xlsolver") / "data" / "levels" / "levels.txt").read_text(encoding="utf-8")
    found: dict[tuple[str, str], BoardLevels] = {}
    rows: dict[tuple[str, str], list[Level]] = {}
    sources: dict[tuple[str, str], str] = {}
    for line in text.splitlines():
        words, _, comment = line.partition("#")
        words = words.split()
        if not words:
            continue
        key = (words[0], words[1])
        if words[2] == "fewest":
            found[key] = BoardLevels(fewest=int(words[3]), source=comment.strip())
            continue
        low, _, high = words[3].partition("-")
        floor = None if words[4] == "-" else float(words[4])
        rows.setdefault(key, []).append(Level(words[2], (int(low), int(high or low)), floor))
        if comment.strip():
            sources.setdefault(key, comment.strip())
    for key, levels in rows.items():
        if tuple(level.name for level in levels) != LEVELS:
            raise ValueError(f"levels.txt: {key[0]} {key[1]} must list {', '.join(LEVELS)} in that order")
        found[key] = BoardLevels(tuple(levels), sources.get(key, "a booklet"))
    return found


def scale(board: str | None, pieces: str | None, clues: int) -> Scale:
    """The levels of ``board`` (a named board, or None) with ``pieces``, for challenges of ``clues`` clues."""
    known = table().get((board or "", pieces or ""))
    if known is not None and known.levels:
        return Scale(known.levels, known.source)
    fewest = known.fewest if known is not None and known.fewest else max(1, round(clues / 6))
    return scaled(clues, fewest)


def scaled(clues: int, fewest: int) -> Scale:
    """Levels by pieces given, from two to place (Starter) to ``fewest`` given (Wizard), split by SCALED_FROM
    (a small board starts at one to place, so each level has a count of its own where it can)."""
    most = max(clues - fewest, 1)  # the most pieces a challenge can leave to place
    lowest = 2 if most >= 6 else max(1, most - 4)
    counts = list(range(lowest, most + 1))  # pieces to place, easiest first
    starts = [round(share * (len(counts) - 1)) for share in SCALED_FROM]
    for i in range(len(starts)):  # each level one count at least, where there are enough
        starts[i] = max(starts[i], starts[i - 1] + 1 if i else 1)
    for i in reversed(range(len(starts))):
        starts[i] = min(starts[i], len(counts) - (len(starts) - i), starts[i + 1] - 1 if i + 1 < len(starts) else len(counts) - 1)
    bounds = [0] + [max(s, 0) for s in starts] + [len(counts)]
    levels = []
    for name, low, high in zip(LEVELS, bounds, bounds[1:]):
        placed = counts[min(low, len(counts) - 1):max(high, low + 1)]
        levels.append(Level(name, (clues - placed[-1], clues - placed[0]), None))
    return Scale(tuple(levels), f"scaled from the IQ Puzzler Pro booklet: {clues} pieces, {fewest} the fewest given")


def for_puzzle(puzzle, clues: int) -> Scale:
    """The levels of the board a puzzle is on (its ``data``: ``board`` and ``pieces``, where they are names), for
    its ``clues``."""
    named = [value if isinstance(value, str) else None for value in (puzzle.data.get(k) for k in ("board", "pieces"))]
    return scale(*named, clues)
