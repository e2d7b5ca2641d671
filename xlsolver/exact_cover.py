"""Exact-cover problems as plain data.

Vocabulary (Knuth's): an *item* is something to cover; *primary* items must be
covered exactly once, *secondary* items at most once.  An *option* is a set of
items.  A *solution* is a set of options that covers every primary item exactly
once and no secondary item twice, written as the tuple of option indices.

Items keep the order in which they were declared.  An option may hold secondary
items only (Knuth's format allows it); no search ever chooses such an option,
since it covers no primary item (a ``given`` one is taken as it is).  The
problem also says how a search should pick the item to branch on (``branching``):

``"auto"`` (the default)
    the engine picks one of the two rules below for this problem, by estimating
    the work of both searches (:func:`xlsolver.engine.choose`).
``"first"``
    the first uncovered primary item in declaration order.  Tilings declare their
    cells in a narrow-frontier order (along the short side) and this rule follows it.
``"fewest"``
    the uncovered primary item with the fewest usable options, ties going to the
    one declared first (Knuth's "minimum remaining values").  General problems
    such as sudoku need it.

Either rule finds the same set of solutions; only the order and the speed differ.
"""
from __future__ import annotations

import copy
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field


class ProblemError(ValueError):
    """An exact-cover problem that is not well formed (unknown or repeated item...)."""


AUTO, FIRST, FEWEST = "auto", "first", "fewest"
BRANCHING = (AUTO, FIRST, FEWEST)


@dataclass
class ExactCover:
    """Items and options.  Build it with :meth:`add_option`; read it, don't mutate it.

    Item names are strings (non-empty, no spaces, no ``|``): any other name, an
    int for example, is refused with a ProblemError rather than silently converted,
    since ``1`` and ``"1"`` would then be two spellings of one item.
    """

    primary: list[str]
    secondary: list[str] = field(default_factory=list)
    options: list[tuple[int, ...]] = field(default_factory=list)
    labels: list[Hashable] = field(default_factory=list)
    branching: str = AUTO  # AUTO, FIRST or FEWEST: which item a search branches on (see the module doc)

    def __post_init__(self) -> None:
        if self.branching not in BRANCHING:
            raise ProblemError(f"branching {self.branching!r} is unknown; choose {' or '.join(map(repr, BRANCHING))}")
        for kind, names in (("primary", self.primary), ("secondary", self.secondary)):
            if isinstance(names, str):
                raise ProblemError(f"{kind} items must be a list of names, not the string {names!r}")
        self.primary = list(self.primary)
        self.secondary = list(self.secondary)
        names = self.primary + self.secondary
        for name in names:
            if not isinstance(name, str):
                raise ProblemError(f"item name {name!r} is a {type(name).__name__}; item names must be strings")
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
        """Add an option made of ``items`` (a list of names); return its index.

        A plain string is refused: ``"ab"`` would otherwise be read as the items
        ``a`` and ``b``.  Write ``["a", "b"]`` or ``"a b".split()``.
        """
        if isinstance(items, str):
            raise ProblemError(f"option {items!r} is a string; give a list of item names, e.g. {items.split() or [items]!r}")
        items = list(items)
        try:
            indices = tuple(self._index[name] for name in items)
        except KeyError as err:
            raise ProblemError(f"option uses undeclared item {err.args[0]!r}") from None
        if not indices:
            raise ProblemError("an option needs at least one item")
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
        sub = copy.copy(self)  # the same items, already checked (checking them again cost more than the copy)
        sub.options = [self.options[i] for i in keep]
        sub.labels = [self.labels[i] for i in keep]
        return sub, keep
