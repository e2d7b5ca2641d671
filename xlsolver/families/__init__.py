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
from typing import Generic, NamedTuple, TypeVar
from dataclasses import dataclass
from functools import cache

from ..base import a1
from ..base.a1 import CellNamer, cell_name
from ..base.answer import Answer, Frame, typed
from ..base.files import UserError

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


@dataclass(frozen=True)
class Setting:
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


@dataclass(frozen=True)
class Drawing:
    """A grid drawn on a sheet for a setting (the Custom sheet's pieces), with its cells' names."""

    rows: tuple[str, ...]
    cell_name: CellNamer


class Settings(dict):
    """Setting values by key (a word, or a :class:`Drawing`), and where each was given."""

    def __init__(self, values: Mapping[str, object] = (), where: Mapping[str, str] | None = None):
        super().__init__(values)
        self.where = dict(where or {})

    def place(self, key: str) -> str:
        """Where ``key`` was given, for messages: a sheet cell, or the command-line flag."""
        return self.where.get(key, f"--{key}")


@dataclass(frozen=True)
class Ask:
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


@dataclass(frozen=True)
class LineForm:
    """A family's puzzle written on one line, as collections list them (sudoku's 81 characters): a file
    of such lines is solved line by line in one call (``families.batch``)."""

    about: str  # what a line holds, for messages: "81 characters (16, 256 or 625), '.' or '0' an empty cell"
    rows: Callable[[str], list[str]]  # a line's puzzle as grid rows (text after it may be a comment); InvalidPuzzle
    whole: Callable[[str], bool]  # is this line a whole puzzle, never a grid's row (a file of them is a collection)?
    text: Callable[[Sequence[str]], str]  # grid rows (a solution) written on one line


@dataclass(frozen=True)
class FileForm:
    """A file format a family reads whole, or writes: a puzzle file that is not typed text (BurrTools'
    ``.xmpuzzle``).  The command line knows such a file by its ``suffix`` (the families' cards say which suffixes
    each reads), and offers ``--FORM FILE`` (``--xmpuzzle OUT.xmpuzzle``) where a family writes it."""

    suffix: str  # ".xmpuzzle"
    about: str  # "a BurrTools puzzle file": for messages and help
    # reading: a file's path to the rows ``read`` takes; UserError naming the file when it cannot be read
    rows: Callable[[str], list[str]] | None = None
    # writing: a puzzle whose solution was shown (``exact.CoverPuzzle.shown``) to the file's bytes; Unsupported
    write: Callable[[object], bytes] | None = None
    # a new challenge made from such a file (``generate``): (the file's rows, settings, the challenge) to the bytes
    # of a file of this form holding it; None: challenges are written as typed text
    challenge: Callable[[Sequence[str], dict, object], bytes] | None = None


@dataclass(frozen=True)
class NamedBoard:
    """A board a family names, as ``xlsolver boards`` lists it; ``name`` may stand for many (``pyramid-N``)."""

    name: str
    title: str
    pieces: str = ""  # the piece set it takes unless told ("" for one that depends: a box's)
    rows: tuple[str, ...] = ()  # its picture as text ('.' a cell); empty for a name standing for many
    cells: int | None = None
    known_total: int | None = None
    known_distinct: int | None = None
    symmetries: int | None = None  # the order of its symmetry group, where known


@dataclass(frozen=True)
class Option:
    """One argument of a family's own command, as data (only the command line parses): ``size`` a positional,
    ``--rocks`` an option."""

    name: str
    help: str
    metavar: str | None = None
    parse: Callable[[str], object] | None = None  # the text to a value; a ValueError's message says what is wrong
    default: object = None
    switch: bool = False  # an option without a value: True when given

    @property
    def key(self) -> str:
        """Its value's key in what the command's ``run`` is given: ``--rocks`` -> ``rocks``."""
        return self.name.lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class Command:
    """A command of a family's own (``xlsolver klotski analyse``): its options as data, and what it does as a
    function of their values to an :class:`Answer` (its notes the text a terminal shows, its data the JSON)."""

    name: str
    help: str
    description: str
    run: Callable[[Mapping[str, object]], Answer]
    options: tuple[Option, ...] = ()
    aliases: tuple[str, ...] = ()


P = TypeVar("P")  # a family's puzzle: what its ``read`` returns and its answers take


@dataclass(frozen=True)
class Family(Generic[P]):
    """One kind of puzzle, as every front end sees it: the whole contract between a family and the front ends.

    A family MUST give its ``name``, ``title``, ``read`` (a grid and settings to its puzzle, of its own type
    ``P``, or InvalidPuzzle naming every bad cell) and ``solve`` (a puzzle and an :class:`Ask` to an
    :class:`Answer`).  Everything else is a capability it MAY give; a front end offers a button, a command or an
    option only where the family gives what it needs, and never names a family:

    - settings: ``settings`` it reads besides the grid (a ``key:`` header line, ``--key``, a sheet cell);
    - more answers: ``count`` (Count), ``unique`` (Unique?, --unique), ``heat_map`` (Heat map), ``exact_cover``
      (--save-dlx), ``steps`` (what Next and Previous step through), ``builds`` (--steps, the Steps button);
    - challenges: ``hint`` (Hint), ``generate`` (Generate, Booklet);
    - boards: ``board`` (--board NAME), ``has_board`` (a ``board:`` line says the family), ``boards`` (listed);
    - the workbook: ``sheets`` (its sheets, as data), ``legend`` (its pieces drawn for a sheet);
    - the command line: ``command`` and ``commands`` (commands of its own, options as data), ``line_form`` (a
      puzzle on one line, for collections), ``empty_data`` (the JSON of an answer to an invalid puzzle),
      ``files`` (file formats it reads whole or writes: ``FileForm``s);
    - ``order``: where it comes in listings.
    """

    # --- must ---
    name: str  # "ghost-hunter": --family and the workbook's area descriptions use it
    title: str
    read: Callable[[Sequence[str], Settings, CellNamer], P]  # grid -> puzzle; raises InvalidPuzzle
    solve: Callable[[P, Ask], Answer]
    # --- may: settings and more answers ---
    settings: tuple[Setting, ...] = ()
    count: Callable[[P, Ask], Answer] | None = None  # None: the family does not count
    unique: bool = False  # can tell whether a solution is the only one (the Unique? button, --unique)
    # its count, asked for ``Ask.frequencies``, draws where each piece lies most often on a flat board, in the
    # pieces' colours (the Heat map button); a puzzle of it that cannot (a side condition) says so, Unsupported
    heat_map: bool = False
    exact_cover: Callable[[P], object] | None = None  # the ExactCover behind a puzzle (--save-dlx)
    steps: str | None = SOLUTIONS  # what Next/Previous step through; None: no such buttons
    builds: bool = False  # its answers can be built one piece at a time (3D): ``solve --steps``, the Steps button
    # --- may: challenges ---
    hint: Callable[[P, Ask], Answer] | None = None  # one more clue of the unique solution (challenges.hint)
    generate: Callable | None = None  # new challenges: generate(rows, settings, generating.Request) -> Challenges
    # --- may: boards ---
    board: Callable[[str], tuple[list[str], dict]] | None = None  # a named empty board: grid, settings
    # is a board of this name the family's (a 'board:' line of a file names one)? None: whether ``board`` makes it
    has_board: Callable[[str], bool] | None = None
    boards: Callable[[], list[NamedBoard]] | None = None  # the boards it names, for ``xlsolver boards``
    # --- may: the workbook ---
    sheets: Callable[[], tuple] | None = None  # -> base.sheets.SheetSpec: what the workbook shows
    legend: Callable[[Mapping[str, object]], list[Frame]] | None = None  # the pieces, for a sheet
    # --- may: the command line ---
    command: str | None = None  # a command of its own: ``xlsolver NAME solve ...`` (and ``commands``)
    commands: tuple[Command, ...] = ()  # more subcommands under ``command``
    line_form: LineForm | None = None  # a puzzle on one line, as collections have them; None: none
    # does a grid typed with no family named unmistakably belong to this family (a form no other family's puzzles
    # take: Klotski's layout, a Zen garden with walkable ground)?  None: it is never guessed, only named
    recognises: Callable[[Sequence[str]], bool] | None = None
    empty_data: Callable[[Settings], dict] | None = None  # the JSON figures of an answer to an invalid puzzle
    files: tuple[FileForm, ...] = ()  # file formats it reads whole (by suffix) or writes (``--xmpuzzle OUT``)
    order: int = 100  # where it comes in listings

    def file_form(self, suffix: str) -> FileForm | None:
        """The file format of this suffix (any case) the family reads or writes, if any."""
        return next((form for form in self.files if form.suffix == suffix.lower()), None)

    def names_board(self, name: str) -> bool:
        """Whether ``name`` is one of this family's boards (``--board NAME``, a file's ``board:`` line)."""
        if self.has_board is not None:
            return self.has_board(name)
        if self.board is None:
            return False
        try:
            self.board(name)
        except (ValueError, LookupError, OSError, UserError):  # catalog.DataFileError is a ValueError
            return False
        return True

    def setting(self, key: str) -> Setting | None:
        return next((s for s in self.settings if s.key == key), None)

    def parse(self, rows: Sequence[str], given: Mapping[str, object] | None = None,
              cell_name: CellNamer = cell_name) -> object:
        """``read`` with every setting checked first (blank ones take their defaults).

        A setting that is not allowed is reported together with the grid's own
        problems (it counts as its default meanwhile), so one look shows them all.
        """
        given = given if isinstance(given, Settings) else Settings(given or {})
        values, problems = self.check_settings(given)
        try:
            puzzle = self.read(rows, values, cell_name)
        except InvalidPuzzle as err:
            problems += err.messages
        if problems:
            raise InvalidPuzzle(problems)
        return puzzle

    def check_settings(self, given: Settings) -> tuple[Settings, list[str]]:
        """Each setting's value (its default where blank or not allowed), and a message per one not allowed."""
        values = Settings({}, given.where)
        problems = [f"{given.place(key)} does not apply to {self.name} puzzles"
                    for key in given if self.setting(key) is None]
        for setting in self.settings:
            value = given.get(setting.key)
            if isinstance(value, Drawing):
                values[setting.key] = value
                continue
            try:
                values[setting.key] = setting.word(value, given.place(setting.key))
            except InvalidPuzzle as err:
                problems += err.messages
                values[setting.key] = setting.default
        return values, problems


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
    recognises: bool = False  # has ``Family.recognises``: a grid with no family named may be its own
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
    """The families whose card has ``flag`` (``"recognises"``, ``"boards"``), in listing order, only their
    modules imported."""
    return [_family(name) for name, card in cards().items() if getattr(card, flag)]


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
        files += ", recognises=True" if family.recognises is not None else ""
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


__all__ = ["InvalidPuzzle", "Unsupported", "NamedBoard", "FileForm", "Setting", "Drawing", "Settings", "Ask", "LineForm", "Family", "Card", "cards", "all_families", "first", "having", "get",
           "SOLUTIONS", "FRAMES"]
