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

Knuth's *multiplicities* (his DLX3 / Algorithm M): a primary item may have
*bounds* ``(u, v)``, ``0 <= u <= v``, ``v >= 1``: a solution covers it at least
``u`` and at most ``v`` times (``ExactCover(primary, secondary, bounds={"A": (2, 3)})``;
``2:3|A`` in DLX text).  Options are still sets, each chosen at most once, and a
solution is still a set of options: choosing the same options in another order
is the same solution.  Items not named keep ``(1, 1)``; a problem where every item
does has ``bounds`` None, and costs nothing more.  (A primary item with bounds
``(0, 1)`` differs from a secondary item: an option must still hold a primary item.)
"""
from __future__ import annotations

import copy
import re
from operator import itemgetter
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field


class ProblemError(ValueError):
    """An exact-cover problem that is not well formed (unknown or repeated item...)."""


def shown(name: str, most: int = 60) -> str:
    """A name quoted for a message, cut short when long (a hostile file's 60 MB line is one line still)."""
    return repr(name) if len(name) <= most else f"{name[:most]!r}... ({len(name):,} characters)"


#: The largest bound an item may take (Knuth's DLX3 keeps it in an ``int``): a larger one is refused.
MAX_BOUND = 2**31 - 1
_NOT_IN_A_COLOUR = re.compile(r"[\s:|]")  # Knuth's colour names: no space, ':' or '|'

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
    #: primary item name -> (u, v): covered between u and v times; only items whose bounds are not (1, 1)
    #: are kept, and None when there is none (the module doc)
    bounds: dict[str, tuple[int, int]] | None = None

    @property
    def coloured(self) -> bool:
        """Does some option give a secondary item a colour?  (Then only colour-aware counters may run.)"""
        return self.colours is not None

    @property
    def multiplicities(self) -> bool:
        """Does some primary item have bounds other than (1, 1)?  (Then only bound-aware counters may run.)"""
        return self.bounds is not None

    def bounds_of(self, item: int) -> tuple[int, int]:
        """``(u, v)``: how many times a solution covers ``item`` (an index) at least and at most; a secondary
        item's are (0, 1)."""
        if item >= len(self.primary):
            return 0, 1
        if self.bounds is None:
            return 1, 1
        return self.bounds.get(self.primary[item], (1, 1))

    def primary_bounds(self) -> list[tuple[int, int]]:
        """Every primary item's ``(u, v)``, in item order (what a search over bounds starts from)."""
        if self.bounds is None:
            return [(1, 1)] * len(self.primary)
        return [self.bounds.get(name, (1, 1)) for name in self.primary]

    def __post_init__(self) -> None:
        if self.branching not in BRANCHING:
            raise ProblemError(f"branching {self.branching!r} is unknown; choose {' or '.join(map(repr, BRANCHING))}")
        self._index: dict[str, int] | None = None  # name -> item, made when an option is added by name
        if isinstance(self.primary, PackedNames) and isinstance(self.secondary, PackedNames):
            self.bounds = self._checked_bounds()
            return  # read from text and checked there (dlx_text), kept packed
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
        self.bounds = self._checked_bounds()

    def _checked_bounds(self) -> dict[str, tuple[int, int]] | None:
        """``bounds`` checked (primary items, ``0 <= u <= v``, ``1 <= v <= MAX_BOUND``), (1, 1) left out; None
        when nothing is left."""
        if self.bounds is None:
            return None
        if not isinstance(self.bounds, Mapping):
            raise ProblemError(f"bounds must map item names to (u, v), not {type(self.bounds).__name__}")
        if not self.bounds:
            return None
        primary = set(self.primary)
        kept = {}
        for name, pair in self.bounds.items():
            if name not in primary:
                where = "a secondary item: only primary items take bounds" if name in set(self.secondary) \
                    else "not an item of the problem"
                raise ProblemError(f"bounds of {shown(str(name))}: it is {where}")
            try:
                low, high = pair
            except (TypeError, ValueError):
                raise ProblemError(f"bounds of {name!r} must be a pair (u, v), not {pair!r}") from None
            for value in (low, high):
                if not isinstance(value, int) or isinstance(value, bool):
                    raise ProblemError(f"bounds of {name!r} must be whole numbers, not {value!r}")
            if not 0 <= low <= high or high < 1 or high > MAX_BOUND:
                raise ProblemError(f"bounds ({low}, {high}) of {name!r} must have 0 <= u <= v and "
                                   f"1 <= v <= {MAX_BOUND:,}")
            if (low, high) != (1, 1):
                kept[name] = (low, high)
        return kept or None

    @property
    def items(self) -> Sequence[str]:
        """All item names: primary ones first, then secondary ones (= item indices)."""
        if isinstance(self.primary, PackedNames):
            return self.primary.joined(self.secondary)
        return self.primary + self.secondary

    def flat(self):
        """``(starts, entries)`` as numpy arrays: option ``o``'s items are ``entries[starts[o]:starts[o + 1]]``
        (int64 and int32): the one form the compiled encodings are built from, without a tuple per option."""
        if isinstance(self.options, PackedOptions):
            return self.options.flat()
        return flattened(self.options)

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
        if self._index is None:
            self._index = {name: i for i, name in enumerate(self.items)}
        try:
            indices = tuple(self._index[name] for name in items)
        except KeyError as err:
            raise ProblemError(f"option uses undeclared item {shown(err.args[0])}") from None
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
        if not any(tints):
            return None
        n_primary = len(self.primary)
        for name, index, colour in zip(items, indices, tints):
            if not colour:
                continue
            if not isinstance(colour, str) or _NOT_IN_A_COLOUR.search(colour):
                raise ProblemError(f"colour {colour!r} of item {name!r} must be a name without spaces, ':' or '|'")
            if index < n_primary:
                raise ProblemError(f"item {name!r} is primary; only secondary items take a colour")
        return tints

    def option_items(self, option: int) -> list[str]:
        names = self.items
        return [names[i] for i in self.options[option]]

    def option_colours(self, option: int) -> tuple[str, ...]:
        """The colour of each item of ``option``, in its order ("": none)."""
        return self.colours[option] if self.colours is not None else ("",) * len(self.options[option])

    def is_solution(self, solution: Sequence[int]) -> bool:
        """True if ``solution`` (distinct options) covers each primary item once (within its bounds) and each
        secondary item at most once, or several times in one colour."""
        if len(set(solution)) != len(solution):
            return False
        covered = [0] * len(self.items)
        tints: dict[int, set[str]] = {}  # the colours each secondary item is given
        for option in solution:
            for item, colour in zip(self.options[option], self.option_colours(option)):
                if colour:
                    tints.setdefault(item, set()).add(colour)
                else:
                    covered[item] += 1
        primary = len(self.primary)
        return (all(low <= n <= high for n, (low, high) in zip(covered[:primary], self.primary_bounds()))
                and all(covered[i] + (i in tints) <= 1 for i in range(primary, len(covered)))
                and all(len(colours) == 1 for colours in tints.values()))

    def restricted(self, keep: Iterable[int], ordered: bool = False) -> tuple[ExactCover, list[int]]:
        """A problem with only the options in ``keep`` (the same items and bounds), and the map new index ->
        old index.  ``ordered``: ``keep`` is a list in increasing order already (a puzzle of a collection
        restricts one shared problem per puzzle: sorting it again is most of the work)."""
        keep = keep if ordered else sorted(set(keep))
        sub = copy.copy(self)  # the same items, already checked (checking them again cost more than the copy)
        sub.options, sub.labels = _picked(self.options, keep), _picked(self.labels, keep)
        if self.colours is not None:
            sub.colours = _picked(self.colours, keep)
        return sub, keep


def _picked(values: Sequence, indices: list[int]) -> list:
    """``[values[i] for i in indices]``, by itemgetter's loop in C."""
    if len(indices) < 2:
        return [values[i] for i in indices]
    return list(itemgetter(*indices)(values))


def flattened(rows: Sequence[Sequence[int]]):
    """``(starts, entries)`` of ``rows`` (tuples of ints) end to end, row ``r`` at
    ``entries[starts[r]:starts[r + 1]]`` (int64 and int32): :meth:`ExactCover.flat`'s form, also for rows that
    are not a problem's options (the bits of a coloured problem, ``engine.colour_bits``)."""
    import numpy as np

    lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
    starts = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum(lengths, out=starts[1:])
    entries = np.fromiter((i for row in rows for i in row), dtype=np.int32, count=int(starts[-1]))
    return starts, entries


_derived: dict[tuple[int, object], tuple[ExactCover, int, object]] = {}


def derived(problem: ExactCover, make):
    """``make(problem)``, made once per problem object (a few kept; made again when options were added since):
    what the engines build from a problem (a kernel's arrays, the bits of Knuth's colours) is asked for by
    each estimate and then by the search."""
    entry = _derived.get((id(problem), make))
    if entry is None or entry[0] is not problem or entry[1] != len(problem.options):
        if len(_derived) >= 8:
            _derived.clear()
        entry = _derived[id(problem), make] = (problem, len(problem.options), make(problem))
    return entry[2]


class PackedNames(Sequence):
    """Item names kept as the text they were read from (a bytes buffer, each name's start and end in numpy
    arrays), not a ``str`` object each: a name is decoded when asked for.  Slices are views."""

    def __init__(self, buffer: bytes, starts, ends, parent: PackedNames | None = None, at: int = 0):
        self.buffer, self.starts, self.ends = buffer, starts, ends
        self.parent, self.at = parent, at  # a slice of ``parent`` from ``at`` on (joined() gives it back)

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, _, step = index.indices(len(self))
            whole = self.parent is None and step == 1
            return PackedNames(self.buffer, self.starts[index], self.ends[index], self if whole else None, start)
        return self.buffer[self.starts[index]:self.ends[index]].decode("utf-8")

    def __iter__(self) -> Iterator[str]:
        buffer = self.buffer
        for start, end in zip(self.starts.tolist(), self.ends.tolist()):
            yield buffer[start:end].decode("utf-8")

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and len(self) == len(other) and all(a == b for a, b in zip(self, other))

    def __add__(self, other) -> list[str]:
        return list(self) + list(other)

    def __repr__(self) -> str:
        shown = [self[k] for k in range(min(len(self), 5))]
        return f"PackedNames({shown}{'...' if len(self) > 5 else ''}, {len(self)} names)"

    def joined(self, other: PackedNames) -> PackedNames:
        """These names, then ``other``'s (same buffer): one view when they are contiguous (made once)."""
        import numpy as np

        if not len(other):
            return self
        if not len(self):
            return other
        if self.parent is not None and self.parent is other.parent and self.at == 0 \
                and other.at == len(self) and len(self) + len(other) == len(self.parent):
            return self.parent
        return PackedNames(self.buffer, np.concatenate([self.starts, other.starts]),
                           np.concatenate([self.ends, other.ends]))


class PackedOptions(Sequence):
    """Options kept in two numpy arrays (``flat``'s form), read as the tuple of each; ``append`` adds more
    (kept as tuples until the next ``flat``)."""

    def __init__(self, starts, entries):
        self.starts, self.entries = starts, entries
        self.extra: list[tuple[int, ...]] = []

    def __len__(self) -> int:
        return len(self.starts) - 1 + len(self.extra)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        packed = len(self.starts) - 1
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("option index out of range")
        if index >= packed:
            return self.extra[index - packed]
        return tuple(self.entries[self.starts[index]:self.starts[index + 1]].tolist())

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        entries, starts = self.entries, self.starts.tolist()
        for k in range(len(starts) - 1):
            yield tuple(entries[starts[k]:starts[k + 1]].tolist())
        yield from self.extra

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and len(self) == len(other) and all(a == b for a, b in zip(self, other))

    def append(self, items: tuple[int, ...]) -> None:
        self.extra.append(tuple(items))

    def flat(self):
        """``(starts, entries)``, as ExactCover.flat."""
        import numpy as np

        if self.extra:
            lengths = np.array([len(items) for items in self.extra], dtype=np.int64)
            self.starts = np.concatenate([self.starts, self.starts[-1] + np.cumsum(lengths)])
            self.entries = np.concatenate([self.entries, np.array([i for items in self.extra for i in items],
                                                                  dtype=np.int32)])
            self.extra = []
        return self.starts, self.entries


class PackedNumbers(Sequence):
    """Integers (labels: the line each option was read from) in a numpy array, read as Python ints."""

    def __init__(self, values):
        self.values = values
        self.extra: list = []

    def __len__(self) -> int:
        return len(self.values) + len(self.extra)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if index >= len(self.values):
            return self.extra[index - len(self.values)]
        return int(self.values[index])

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and len(self) == len(other) and all(a == b for a, b in zip(self, other))

    def append(self, value) -> None:
        self.extra.append(value)
