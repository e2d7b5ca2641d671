"""Puzzle families behind one interface, found through one registry.

Each family is one module (or subpackage) of this package that declares
``FAMILY = Family(...)``: its name, how it reads a grid, how it solves (and
counts), the settings it takes besides the grid, and the sheets it wants in the
workbook.  Front ends (the command line, the workbook's buttons) find families
here and never name one.

    family = families.get("roadblock")
    puzzle = family.read(rows, {"mode": "advanced"})      # InvalidPuzzle names every bad cell
    answer = family.solve(puzzle, Ask(unique=True))        # an Answer: status, message, frames

Errors in a grid raise :class:`InvalidPuzzle`, whose messages each start with
the cell at fault in A1 notation (row 1 is the top line, column A the first
character, or the sheet cell when the grid comes from the workbook).
"""
from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple
from functools import cache

from ..base import a1
from ..base.answer import typed

if TYPE_CHECKING:
    from .declaring import Family

#: What Next and Previous move through: other solutions, or the frames of one answer (a move sequence).
SOLUTIONS, FRAMES = "solutions", "frames"


class Unsupported(ValueError):
    """A request this family or puzzle cannot do (``count --distinct`` with a side condition); one line."""


class InvalidPuzzle(ValueError):
    """A grid that cannot be solved as given; ``messages`` names every problem by cell, in reading order
    (:func:`in_reading_order`), so a reader finds every mistake of one look in one pass."""

    def __init__(self, messages: list[str]):
        messages = in_reading_order(messages)
        super().__init__("\n".join(messages))
        self.messages = messages


#: A message's cell or range at its start, as every message of a grid names it: ``C7: ...``, ``A1:K5: ...``,
#: ``H7 (layer 2): ...`` (a sheet cell of a 3D board's layers).
_NAMED = re.compile(r"^([A-Z]{1,3})([1-9][0-9]*)(?::([A-Z]{1,3})([1-9][0-9]*))?(?: \([^)]*\))?: ")


def in_reading_order(messages: list[str]) -> list[str]:
    """Messages naming no cell first (a setting, a header line: they come before the grid), then those
    of a range (the whole grid, or a part of it), then those of one cell, row by row and left to right,
    each range or cell at its first cell; where two start at one cell, as found."""
    def place(numbered: tuple[int, str]) -> tuple:
        index, message = numbered
        named = _NAMED.match(message)
        if named is None:
            return 0, 0, 0, index
        letters, digits, last = named.group(1), named.group(2), named.group(3)
        return 1 if last else 2, int(digits), a1.column_index(letters), index

    return [message for _, message in sorted(enumerate(messages), key=place)]


class Setting(NamedTuple):
    """Something a family reads besides its grid: RoadBlock's play, Klotski's metric, a piece set.

    One key names it everywhere: ``--mode`` on the command line, a ``mode:``
    line at the top of a puzzle file, the ``<Area>_Mode`` cell of a sheet.
    """

    key: str  # "mode"
    label: str  # "Play": the sheet's label for the cell, and the name messages use
    help: str
    choices: tuple[str, ...] = ()  # the words allowed (any case); empty: free text
    default: str | None = None
    aliases: tuple[tuple[str, str], ...] = ()  # other words for a choice: (("y", "yes"), ...)
    wrong: str = "{where}: {label} is {choices}, not {value}"  # the message for a word not allowed; {value} as typed

    @property
    def suffix(self) -> str:
        """The defined-name suffix of its sheet cell: ``turn-over`` -> ``TurnOver``."""
        return "".join(part.capitalize() for part in self.key.split("-"))

    def word(self, given: object, where: str) -> str | None:
        """The value given (blank: the default), lower-cased if there are choices.

        Raises InvalidPuzzle naming ``where`` (a cell, or ``--mode``) for a word not among the choices.
        """
        text = "" if given is None else str(given).strip()
        if not text:
            return self.default
        if not self.choices:
            return text
        word = dict(self.aliases).get(text.lower(), text.lower())
        if word in self.choices:
            return word
        allowed = " or ".join(", ".join(c.capitalize() for c in self.choices).rsplit(", ", 1))
        raise InvalidPuzzle([self.wrong.format(where=where, label=self.label.lower(), choices=allowed,
                                               value=typed(given))])


class Settings(dict):
    """Setting values by key (a word, or a :class:`Drawing`), and where each was given."""

    def __init__(self, values: Mapping[str, object] = (), where: Mapping[str, str] | None = None):
        super().__init__(values)
        self.where = dict(where or {})

    def place(self, key: str) -> str:
        """Where ``key`` was given, for messages: a sheet cell, or the command-line flag."""
        return self.where.get(key, f"--{key}")


class Ask(NamedTuple):
    """What a front end asks of a family, and the controls every search takes."""

    index: int = 0  # which solution to show (Next asks for the one after)
    # how this front end asks for the next solution, for the messages that offer one ("press Next",
    # "--solution 2"): the family names no front end; "" leaves the way unsaid
    another: str = ""
    unique: bool = False  # also tell whether the solution is the only one
    limit: int | None = None  # count: stop after this many
    distinct: bool = False  # count: up to the board's symmetry
    jobs: int | None = 1  # count: processes to split the search over (None: as many as pay, counting chooses)
    scheduler: str | None = None  # count: a Dask scheduler's address to run the split on ("local": a LocalCluster)
    memory_mb: float | None = None  # count: for the memoised counter's tables (per process); None: the default
    time_limit: float | None = None
    cancel: object = None  # a threading.Event, or a callable returning True to stop
    # the search engine of an exact cover (engine.choose's names): "auto" weighs loading compiled code against
    # one search; a collection of puzzles asks for "numba", loaded once for all of them
    engine: str = "auto"
    progress: Callable | None = None  # called with engine.Progress about twice a second
    # solve, from the solution diagram (exact covers): solution number ``ordinal`` (from 0) in its fixed order,
    # or, with ``seed``, one drawn uniformly at random
    ordinal: int | None = None
    seed: int | None = None
    frequencies: bool = False  # count: how many solutions hold each option, and where each piece lies most often
    steps: bool = False  # solve: how to build the answer one piece at a time (3D puzzles)
    assemblable: bool = False  # count: only the solutions that can be built one piece at a time (3D puzzles)
    # count: every solution, none merged by symmetry (``count --all``): for a family whose count merges them unless
    # told (BurrTools' assemblies); the others count every solution anyway
    every: bool = False


#: The types a family module declares itself with (``FAMILY = Family(...)``), made in :mod:`.declaring` when
#: first asked for: a command that reads no family (``count FILE.dlx``) never makes their dataclasses.
DECLARING = ("Family", "Drawing", "LineForm", "FileForm", "NamedBoard", "Option", "Command")


def __getattr__(name: str):
    if name in DECLARING:
        return getattr(importlib.import_module(f"{__name__}.declaring"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Card(NamedTuple):
    """What the command line needs of a family before any puzzle is read: its name, module, title, place in
    listings, whether it counts, its own command's name and its settings (the options it takes).

    The cards are data (:mod:`.index`), so building the parser, ``--help``, or a command on a .dlx file or on
    a family named by ``--family`` imports no family module it does not use (docs/architecture.md,
    "Start-up").  :func:`index_source` writes them from the families' own ``FAMILY`` declarations, which stay
    the one source; a test fails while the index and the declarations differ.  (A NamedTuple, not a
    dataclass: Python 3.11 compiles a dataclass's methods when the class is made, a cost paid at every start.)
    """

    name: str
    module: str  # the module of this package that declares it, imported when the family is asked for
    title: str
    order: int
    counts: bool  # whether it has ``count``: ``count --family`` offers it
    command: str | None  # ``xlsolver COMMAND ...``, its own command, if any
    settings: tuple[Setting, ...]
    reads: tuple[str, ...] = ()  # the suffixes of the files it reads whole (``FileForm``: ".xmpuzzle")
    writes: tuple[str, ...] = ()  # the suffixes of the files it writes (``solve --xmpuzzle OUT``)
    # has ``Family.recognises`` (a grid with no family named may be its own): its ``recognisable``, else None
    recognises: str | None = None
    boards: bool = False  # has named boards (``Family.board``): ``--board NAME`` may be one of its

    def setting(self, key: str) -> Setting | None:
        return next((s for s in self.settings if s.key == key), None)


@cache
def cards() -> dict[str, Card]:
    """Every family's card by name, in listing order, with no family module imported (:mod:`.index`)."""
    from .index import CARDS

    return {card.name: card for card in sorted(CARDS, key=lambda card: (card.order, card.name))}


@cache
def _family(name: str) -> Family:
    """The family of that card, its module imported now."""
    return importlib.import_module(f"{__name__}.{cards()[name].module}").FAMILY


def all_families() -> dict[str, Family]:
    """Every family by name, in listing order (every family module imported: a front end that needs less asks
    :func:`cards`, or :func:`get` for the one family named)."""
    return {name: _family(name) for name in cards()}


def first() -> Family:
    """The family a grid is taken for when nothing names one (the first in listing order), its module alone
    imported."""
    return _family(next(iter(cards())))


def having(flag: str) -> list[Family]:
    """The families whose card has ``flag`` (``"boards"``), in listing order, only their modules imported."""
    return [_family(name) for name, card in cards().items() if getattr(card, flag)]


def recognising(rows: Sequence[str]) -> list[Family]:
    """The families that may recognise the grid ``rows`` as their own (``Family.recognises``), in listing order:
    those whose card's pattern the grid matches, only their modules imported."""
    grid = "\n".join(rows)
    return [_family(name) for name, card in cards().items()
            if card.recognises is not None and re.search(card.recognises, grid)]


def get(name: str) -> Family:
    """The family called ``name`` (its module alone imported); ValueError listing the names if there is none."""
    known = cards()
    if name not in known:
        raise ValueError(f"unknown family {name!r}; choose from {', '.join(known)}")
    return _family(name)


def declared() -> list[tuple[str, Family]]:
    """``(module, family)`` for every module of this package that declares ``FAMILY``, each imported: what the
    index is written from (:func:`index_source`)."""
    import pkgutil

    from .declaring import Family

    found = []
    for module in pkgutil.iter_modules(__path__):
        family = getattr(importlib.import_module(f"{__name__}.{module.name}"), "FAMILY", None)
        if isinstance(family, Family):
            found.append((module.name, family))
    return found


def index_source() -> str:
    """The text of :mod:`.index`, the families' cards, from their modules' ``FAMILY`` declarations.  Write it
    after adding a family or changing one's name, title, order, count, command or settings:
    ``python -c "from xlsolver.families import write_index; write_index()"``."""
    lines = ['"""The families\' cards (``families.Card``): what the command line needs of each family before',
             'reading a puzzle, as data, so that it imports no family module it does not use.',
             '',
             'Written by ``families.write_index()`` from every family module\'s ``FAMILY`` declaration; do not edit.',
             'tests/test_startup.py checks that it matches the declarations."""',
             'from . import Card, Setting', '', 'CARDS = (']
    blank = Setting("", "", "")
    for module, family in sorted(declared(), key=lambda pair: (pair[1].order, pair[1].name)):
        reads = tuple(form.suffix for form in family.files if form.rows is not None)
        writes = tuple(form.suffix for form in family.files if form.write is not None)
        files = (f", reads={reads!r}" if reads else "") + (f", writes={writes!r}" if writes else "")
        files += f", recognises={family.recognisable!r}" if family.recognises is not None else ""
        files += ", boards=True" if family.board is not None else ""
        lines.append(f"    Card({family.name!r}, {module!r}, {family.title!r}, order={family.order!r}, "
                     f"counts={family.count is not None!r}, command={family.command!r}{files}, settings=(")
        for setting in family.settings:
            fields = [f"{setting.key!r}, {setting.label!r}", f"{setting.help!r}"]
            fields += [f"{field}={getattr(setting, field)!r}" for field in ("choices", "default", "aliases", "wrong")
                       if getattr(setting, field) != getattr(blank, field)]
            lines.append(f"        Setting({', '.join(fields)}),")
        lines.append("    )),")
    return "\n".join(lines + [")", ""])


def write_index() -> None:
    """Write :mod:`.index` from the families' declarations (:func:`index_source`)."""
    from pathlib import Path

    Path(__file__).with_name("index.py").write_text(index_source(), encoding="utf-8")


__all__ = ["InvalidPuzzle", "Unsupported", "NamedBoard", "FileForm", "Setting", "Drawing", "Settings", "Ask", "LineForm", "Family", "Card", "cards", "all_families", "first", "having", "recognising", "get",
           "SOLUTIONS", "FRAMES"]
