"""What a family declares itself with: ``FAMILY = Family(...)`` and the parts it is made of (its one-line
form, the files it reads and writes, its named boards, its own commands and their options), and ``Drawing``,
a setting drawn on a sheet.  Every name here is also a name of :mod:`xlsolver.families`, where family modules
import them from; made when first asked for, so that a command that reads no family makes none of them."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from ..base.a1 import CellNamer, cell_name
from ..base.files import UserError
from . import SOLUTIONS, Ask, InvalidPuzzle, Setting, Settings

if TYPE_CHECKING:
    from ..base.answer import Answer
    from ..base.frames import Frame


@dataclass(frozen=True)
class Drawing:
    """A grid drawn on a sheet for a setting (the Custom sheet's pieces), with its cells' names."""

    rows: tuple[str, ...]
    cell_name: CellNamer


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
    # a regular expression that every grid ``recognises`` claims matches (``re.search``, its rows joined by
    # newlines): the command line asks ``recognises``, and so imports the family, only for a grid that matches
    recognisable: str = ""
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


