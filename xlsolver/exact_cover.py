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

Knuth's *colours* (his DLX2 / Algorithm C): an option may give a secondary item a
colour, a name (``add_option(items, colours=...)``; ``item:colour`` in DLX text).
Options may then share that item when they give it the same colour; an uncoloured
use of a secondary item still excludes every other use.  A problem with no colour
anywhere has ``colours`` None, and costs nothing more.
"""
from __future__ import annotations

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
    colours: list[tuple[str, ...]] | None = None  # per option, each item's colour ("": none); None: no colours

    @property
    def coloured(self) -> bool:
        """Does some option give a secondary item a colour?  (Then only colour-aware counters may run.)"""
        return self.colours is not None

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

    def add_option(self, items: Iterable[str], label: Hashable = None,
                   colours: Sequence[str | None] | None = None) -> int:
        """Add an option made of ``items`` (a list of names); return its index.

        A plain string is refused: ``"ab"`` would otherwise be read as the items
        ``a`` and ``b``.  Write ``["a", "b"]`` or ``"a b".split()``.  ``colours``,
        one per item ("" or None: none), colours secondary items only.
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
        tints = self._checked_colours(items, indices, colours)
        if tints is not None and self.colours is None:
            self.colours = [("",) * len(option) for option in self.options]
        if self.colours is not None:
            self.colours.append(tints or ("",) * len(indices))
        self.options.append(indices)
        self.labels.append(label)
        return len(self.options) - 1

    def _checked_colours(self, items: list[str], indices: tuple[int, ...],
                         colours: Sequence[str | None] | None) -> tuple[str, ...] | None:
        """``colours`` as a tuple of names ("": none), or None when the option colours nothing."""
        if colours is None:
            return None
        if isinstance(colours, str) or len(colours) != len(indices):
            raise ProblemError(f"give one colour (or None) for each of the {len(indices)} items of the option")
        tints = tuple(colour or "" for colour in colours)
        for name, index, colour in zip(items, indices, tints):
            if not colour:
                continue
            if not isinstance(colour, str) or any(ch.isspace() for ch in colour) or set(colour) & {":", "|"}:
                raise ProblemError(f"colour {colour!r} of item {name!r} must be a name without spaces, ':' or '|'")
            if index < len(self.primary):
                raise ProblemError(f"item {name!r} is primary; only secondary items take a colour")
        return tints if any(tints) else None

    def option_items(self, option: int) -> list[str]:
        names = self.items
        return [names[i] for i in self.options[option]]

    def option_colours(self, option: int) -> tuple[str, ...]:
        """The colour of each item of ``option``, in its order ("": none)."""
        return self.colours[option] if self.colours is not None else ("",) * len(self.options[option])

    def is_solution(self, solution: Sequence[int]) -> bool:
        """True if ``solution`` covers each primary item once and each secondary item at most once, or
        several times in one colour."""
        covered = [0] * len(self._index)
        tints: dict[int, set[str]] = {}  # the colours each secondary item is given
        for option in solution:
            for item, colour in zip(self.options[option], self.option_colours(option)):
                if colour:
                    tints.setdefault(item, set()).add(colour)
                else:
                    covered[item] += 1
        primary = len(self.primary)
        return (all(n == 1 for n in covered[:primary])
                and all(covered[i] + (i in tints) <= 1 for i in range(primary, len(covered)))
                and all(len(colours) == 1 for colours in tints.values()))

    def restricted(self, keep: Iterable[int]) -> tuple[ExactCover, list[int]]:
        """A problem with only the options in ``keep``, and the map new index -> old index."""
        keep = sorted(set(keep))
        sub = ExactCover(self.primary, self.secondary, branching=self.branching)
        sub.options = [self.options[i] for i in keep]
        sub.labels = [self.labels[i] for i in keep]
        if self.colours is not None:
            sub.colours = [self.colours[i] for i in keep]
        return sub, keep
