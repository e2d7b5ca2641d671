"""The words every layer shares: how a search ended, and what a family answers.

    Status      how it ended ("solved", "no solution", "time limit", ...); also the exit code
    Answer      a family's reply to one request: status, message, frames, and the figures behind them
    Cell, Frame, Block, Scene, Steps: its pictures, Colour their fills (:mod:`.frames`)

The engine reports its stops with :class:`Status` members, families answer with
:class:`Answer`, and every front end (the command line, its JSON, the workbook's
buttons) is written once against these, whatever the puzzle.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .frames import Frame, Scene, Steps

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


#: The pictures an answer carries, made in :mod:`.frames` when first asked for (a count of a .dlx file draws
#: none, and never makes their dataclasses); still names of this module, where most code imports them from.
PICTURES = ("Cell", "Frame", "Block", "Scene", "Steps", "Colour")


def __getattr__(name: str):
    if name in PICTURES:
        return getattr(importlib.import_module(f"{__package__}.frames"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
