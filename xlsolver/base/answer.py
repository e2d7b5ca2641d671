"""The words every layer shares: how a search ended, and what a family answers.

    Status      how it ended ("solved", "no solution", "time limit", ...); also the exit code
    Cell        one square of a picture: its text and its fill colour
    Frame       a picture: rows of cells (a solution, one board of a move sequence, a raking order)
    Answer      a family's reply to one request: status, message, frames, and the figures behind them

The engine reports its stops with :class:`Status` members, families answer with
:class:`Answer`, and every front end (the command line, its JSON, the workbook's
buttons) is written once against these, whatever the puzzle.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

Colour = str | None  # "#rrggbb", or None for no fill

#: Cells that are not part of the board (holes, the dark margin of a fixed board).
OFF_BOARD = "#404040"


class Status(str, Enum):
    """How a request ended.  The values are the words the JSON output and the status cells use."""

    SOLVED = "solved"
    COUNTED = "counted"
    CLEARED = "cleared"
    LIMIT = "limit"  # a search stopped at the limit asked for (the engine's reason; a count says INCOMPLETE)
    NO_SOLUTION = "no solution"
    INVALID = "invalid"  # the input cannot be solved as given; the messages name the cells
    TIME_LIMIT = "time limit"
    NOT_UNIQUE = "not unique"  # asked whether the solution is the only one: it is not
    INCOMPLETE = "incomplete"  # a count stopped before the end (--limit, the time limit); the answer says which
    CANCELLED = "cancelled"
    ERROR = "error"  # the workbook or the request is unusable (a missing range, an unknown area)

    def __str__(self) -> str:
        return self.value

    __format__ = str.__format__

    @property
    def exit_code(self) -> int:
        """The command line's exit code for this ending (see ``xlsolver --help``)."""
        return EXIT_CODES[self]


EXIT_CODES = {
    Status.SOLVED: 0, Status.COUNTED: 0, Status.CLEARED: 0,
    Status.NO_SOLUTION: 1,
    Status.INVALID: 2, Status.ERROR: 2,
    Status.TIME_LIMIT: 3,
    Status.NOT_UNIQUE: 4,
    Status.INCOMPLETE: 5, Status.LIMIT: 5,
    Status.CANCELLED: 130,
}
INTERNAL_ERROR_EXIT = 70  # a bug: no Status, since nothing answered


def typed(value: object) -> str:
    """A cell's or option's value as the user typed it, for a message: ``'abc'``, ``12``, ``2024-05-01``, ``empty``."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return "empty"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (int, float)):
        return str(value)
    from datetime import date, datetime, time  # here: a sheet's dates are rare, and every command imports this

    if isinstance(value, (datetime, date, time)):
        if isinstance(value, datetime) and value.time() == time():
            value = value.date()
        return value.isoformat()
    return f"'{value}'"


@dataclass(frozen=True)
class Cell:
    """One square of a frame.

    ``ground`` marks the backdrop (a hole, a rock, an empty square): a sheet
    shows only its colour, a terminal without colour shows its text.
    """

    text: str = ""
    colour: Colour = None
    ground: bool = False


@dataclass(frozen=True)
class Frame:
    """A picture made of cells, row by row, with an optional caption (``12 V2 down``)."""

    rows: tuple[tuple[Cell, ...], ...]
    caption: str = ""  # a few words under which a terminal prints it beside others (``12 V2 down``)
    message: str = ""  # what a status cell says while it is shown, for frames after an answer's first
    spaced: bool = False  # a terminal prints its cells apart, right-aligned (numbers), not as a letter grid
    # The plane lattice its cells lie on, by name (``geometry.lattice.LATTICES``): "" for squares; "triangle"
    # (each cell a unit triangle) or "hex" (a hexagon at every second column), laid out with ``shift``
    # (``PlaneLattice``: triangles ``first: down``, hexagons at odd row + col).
    lattice: str = ""
    shift: int = 0

    @classmethod
    def of_letters(cls, rows: Sequence[str], colours: Mapping[str, Colour], ground: str = "",
                   shown: Mapping[str, str] | None = None, caption: str = "") -> Frame:
        """A frame from a letter grid: each character coloured by ``colours``.

        Characters in ``ground`` are backdrop; ``shown`` maps a character to the
        text a sheet should show for it (Ghost Hunter's lamp ``a`` is ``A*``).
        """
        shown = shown or {}
        return cls(tuple(tuple(Cell(shown.get(ch, ch), colours.get(ch), ch in ground) for ch in row)
                         for row in rows), caption)

    @classmethod
    def of_cells(cls, cells: Mapping[tuple[int, int], Cell]) -> Frame:
        """A frame of the given cells (offsets from the top-left), the gaps between them backdrop."""
        height = 1 + max(r for r, _ in cells)
        width = 1 + max(c for _, c in cells)
        gap = Cell(" ", None, True)
        return cls(tuple(tuple(cells.get((r, c), gap) for c in range(width)) for r in range(height)))

    def text_rows(self) -> list[str]:
        """The frame as text, one string a row (one character a cell where the texts are single)."""
        return ["".join(cell.text for cell in row) for row in self.rows]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return max((len(row) for row in self.rows), default=0)


@dataclass(frozen=True)
class Block:
    """One ball or cube of a 3D picture: its centre in space (x, y across, z up, one unit between touching
    neighbours), its colour and its text (a piece's letter)."""

    x: float
    y: float
    z: float
    colour: Colour
    text: str = ""
    lit: bool = False  # the piece a step places (a step's picture draws it highlighted, the rest subdued)


@dataclass(frozen=True)
class Scene:
    """A solved 3D shape as a picture shows it: ``kind`` "balls" (a pyramid of spheres) or "cubes"."""

    kind: str
    blocks: tuple[Block, ...]
    caption: str = ""  # a few words over it where several are drawn ("step 3: G from above")


@dataclass(frozen=True)
class Steps:
    """How to build a 3D answer one piece at a time (``solve --steps``): a line a step for a person, the JSON
    fields (``steps``, ``assemblable``), and after each step the shape built so far, in space and as the
    answer's frames (a sheet's layers); no step where it cannot be built so."""

    lines: list[str]
    data: dict
    scenes: tuple[Scene, ...] = ()
    frames: tuple[tuple[Frame, ...], ...] = ()


@dataclass
class Answer:
    """What a family says about one request.

    ``message`` is one line for a person (the status cell); ``messages`` are the
    lines the command line prints (every problem of an invalid input, each
    naming its cell); ``frames`` the pictures, ``index`` which solution they
    show (Next asks for the following one), ``notes`` text that goes with the
    frames (a move list, the passes), ``table`` the same as rows for a sheet's
    list, and ``data`` the figures for the JSON output.
    """

    status: Status
    message: str
    frames: list[Frame] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    table: list[tuple] = field(default_factory=list)
    data: dict = field(default_factory=dict)
    index: int = 0
    scene: Scene | None = None  # the solved shape in space, for a picture (3D puzzles); None: the frames say it
    steps: Steps | None = None  # how to build the solution shown, asked for (``--steps``, 3D puzzles)

    @property
    def ok(self) -> bool:
        return self.status.exit_code == 0


__all__ = ["Status", "Cell", "Frame", "Answer", "Block", "Scene", "Steps", "Colour", "OFF_BOARD", "EXIT_CODES",
           "INTERNAL_ERROR_EXIT",
           "typed"]
