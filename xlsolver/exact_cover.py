"""Exact-cover problems as plain data.

Vocabulary (Knuth's): an *item* is something to cover; *primary* items must be
covered exactly once, *secondary* items at most once.  An *option* is a set of
items.  A *solution* is a set of options that covers every primary item exactly
once and no secondary item twice, written as the tuple of option indices.

Items keep the order in which they were declared; the reference engine fills the
first uncovered primary item in that order, so declare neighbours together.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field


class ProblemError(ValueError):
    """An exact-cover problem that is not well formed (unknown or repeated item...)."""


@dataclass
class ExactCover:
    """Items and options.  Build it with :meth:`add_option`; read it, don't mutate it."""

    primary: list[str]
    secondary: list[str] = field(default_factory=list)
    options: list[tuple[int, ...]] = field(default_factory=list)
    labels: list[Hashable] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.primary = list(self.primary)
        self.secondary = list(self.secondary)
        names = self.primary + self.secondary
        self._index = {name: i for i, name in enumerate(names)}
        if len(self._index) != len(names):
            seen: set[str] = set()
            twice = next(n for n in names if n in seen or seen.add(n))
            raise ProblemError(f"item {twice!r} is declared twice")
        for name in names:
            if not name or any(ch.isspace() for ch in name) or "|" in name:
                raise ProblemError(f"item name {name!r} must be non-empty, without spaces or '|'")

    @property
    def items(self) -> list[str]:
        """All item names: primary ones first, then secondary ones (= item indices)."""
        return self.primary + self.secondary

    def add_option(self, items: Iterable[str], label: Hashable = None) -> int:
        """Add an option made of ``items`` (names); return its index."""
        try:
            indices = tuple(self._index[name] for name in items)
        except KeyError as err:
            raise ProblemError(f"option uses undeclared item {err.args[0]!r}") from None
        if not indices or min(indices) >= len(self.primary):
            # As in Knuth's programs: a search only ever branches on primary items.
            raise ProblemError(f"option {' '.join(items)!r} needs at least one primary item")
        if len(set(indices)) != len(indices):
            raise ProblemError(f"option {' '.join(items)!r} names an item twice")
        self.options.append(indices)
        self.labels.append(label)
        return len(self.options) - 1

    def option_items(self, option: int) -> list[str]:
        names = self.items
        return [names[i] for i in self.options[option]]

    def is_solution(self, solution: Sequence[int]) -> bool:
        """True if ``solution`` covers each primary item once and each secondary at most once."""
        covered = [0] * len(self._index)
        for option in solution:
            for item in self.options[option]:
                covered[item] += 1
        primary = len(self.primary)
        return all(n == 1 for n in covered[:primary]) and all(n <= 1 for n in covered[primary:])

    def restricted(self, keep: Iterable[int]) -> tuple[ExactCover, list[int]]:
        """A problem with only the options in ``keep``, and the map new index -> old index."""
        keep = sorted(set(keep))
        sub = ExactCover(self.primary, self.secondary)
        sub.options = [self.options[i] for i in keep]
        sub.labels = [self.labels[i] for i in keep]
        return sub, keep
