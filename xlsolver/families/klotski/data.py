"""Klotski puzzles as data: the board, the piece types and the goal, read from a data file.

A new sliding-block puzzle is a new data file, no code.

Data file (``xlsolver/data/klotski/NAME.txt``, or a folder ``klotski/`` under one
named by ``XLSOLVER_DATA``).  ``#`` lines are comments (put the known figures
there); ``key: value`` lines up to the first blank line form the header:

* ``name``: the game's name in messages (``Klotski``); ``title``: a longer title;
* ``board``: ``WIDTHxHEIGHT``, e.g. ``4x5``;
* ``goal``: a piece letter and the cell, in A1 notation, of its top-left square
  (its first square in reading order), e.g. ``C B4``; several, comma-separated,
  must all hold.

After it, one line per piece type::

    LETTER  COUNT  SHAPE  ALIKE  COLOUR  NAME[/PLURAL]
    V       4      1x2    alike  #1f77b4 general/generals

``SHAPE`` is ``WIDTHxHEIGHT`` for a block, or rows of the letter and ``.``
joined by ``/`` (``VV/V.``) for any other shape.  ``ALIKE`` is ``alike`` (the
copies are interchangeable: one layout whoever stands where), ``apart`` (each
copy is its own piece, numbered in reading order: the state space grows by
COUNT!) or ``-`` for a single piece.  The letter ``.`` declares the empty cells
(one cell each).  The pieces and the empty cells must fill the board exactly.

Nothing is read at import: :func:`classic` loads the classic puzzle on first use.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path

from ...base.a1 import cell_name, column_index
from ...geometry.catalog import COLOUR, DataFileError, read_data_file, split_header
from ...geometry.lattice import Point
from . import search

EMPTY = "."
ALIKE, APART, SINGLE = "alike", "apart", "-"
HEADER_KEYS = ("name", "title", "board", "goal")

_BLOCK = re.compile(r"^(\d+)x(\d+)$")
_A1 = re.compile(r"^([A-Z]+)(\d+)$")


@dataclass(frozen=True)
class PieceType:
    """One line of the data file: a letter, how many pieces carry it, their shape."""

    letter: str
    count: int
    cells: tuple[Point, ...]  # offsets from the anchor, its first cell in reading order
    alike: bool
    colour: str
    name: str
    plural: str

    @property
    def size(self) -> int:
        return len(self.cells)

    def describe(self) -> str:
        """The shape in words, for messages: ``2x2 square``, ``1 wide x 2 tall block``."""
        rows = 1 + max(r for r, _ in self.cells) - min(r for r, _ in self.cells)
        cols = 1 + max(c for _, c in self.cells) - min(c for _, c in self.cells)
        if rows * cols != self.size:
            return f"piece shaped {self.art()}"
        if rows == cols:
            return f"{cols}x{rows} square"
        return f"{cols} wide x {rows} tall block"

    def art(self) -> str:
        top = min(r for r, _ in self.cells)
        left = min(c for _, c in self.cells)
        rows = 1 + max(r for r, _ in self.cells) - top
        cols = 1 + max(c for _, c in self.cells) - left
        cells = {(r - top, c - left) for r, c in self.cells}
        return "/".join("".join(self.letter if (r, c) in cells else "." for c in range(cols)) for r in range(rows))


@dataclass(frozen=True)
class Kind:
    """Pieces the search does not tell apart: an alike letter, or one copy of an apart letter."""

    label: str  # the letter, or letter and number for one copy of an apart letter
    type: PieceType
    count: int
    copy: int = 0  # which copy of an apart letter, in reading order from 1; 0 for the whole letter

    @property
    def letter(self) -> str:
        return self.type.letter


@dataclass(frozen=True, eq=False)
class Puzzle:
    name: str  # the data file's name, e.g. "classic"
    game: str  # for messages: "Klotski"
    title: str
    width: int
    height: int
    types: tuple[PieceType, ...]  # in data-file order, the empty cells (".") included
    goal: tuple[tuple[str, Point], ...]  # (letter, anchor cell) pairs that must all hold
    notes: str = ""

    def type(self, letter: str) -> PieceType:
        return next(t for t in self.types if t.letter == letter)

    @property
    def empty(self) -> PieceType:
        return self.type(EMPTY)

    @cached_property
    def kinds(self) -> tuple[Kind, ...]:
        kinds = []
        for t in self.types:
            if t.letter == EMPTY:
                continue
            if t.alike or t.count == 1:
                kinds.append(Kind(t.letter, t, t.count))
            else:
                kinds += [Kind(f"{t.letter}{i}", t, 1, i) for i in range(1, t.count + 1)]
        return tuple(kinds)

    @cached_property
    def moves(self) -> search.MoveTables:
        """The move tables (built once per puzzle)."""
        goal = [(self._goal_kind(letter), r * self.width + c) for letter, (r, c) in self.goal]
        return search.MoveTables(self.width, self.height, [k.type.cells for k in self.kinds], goal)

    def _goal_kind(self, letter: str) -> int:
        return next(i for i, k in enumerate(self.kinds) if k.letter == letter)

    @property
    def colours(self) -> dict[str, str]:
        return {t.letter: t.colour for t in self.types}

    def goal_text(self) -> str:
        """The goal in words: ``Cao Cao at B4:C5``."""
        parts = []
        for letter, (r, c) in self.goal:
            t = self.type(letter)
            cells = [(r + dr, c + dc) for dr, dc in t.cells]
            where = cell_name(r, c) if len(cells) == 1 else f"{cell_name(*min(cells))}:{cell_name(*max(cells))}"
            parts.append(f"{t.name} at {where}")
        return " and ".join(parts)


def load(name: str = "classic") -> Puzzle:
    """A puzzle by data-file name (``classic``) or by path to a data file."""
    path = Path(name)
    if path.suffix.lower() == ".txt" or os.sep in name or "/" in name:
        if not path.exists():
            raise DataFileError(f"no Klotski data file '{name}'")
        return parse_puzzle(read_data_file(path, str(path)), path.stem, str(path))
    for index, folder in enumerate(_data_dirs()):
        entry = folder / f"{name}.txt"
        if entry.is_file():
            where = f"klotski/{name}.txt" if index == 0 else str(entry)
            return parse_puzzle(read_data_file(entry, where), name, where)
    known = ", ".join(names()) or "none"
    raise DataFileError(f"no Klotski puzzle named '{name}' (known: {known})")


def names() -> list[str]:
    """The puzzles' data-file names."""
    return sorted({e.name[:-4] for folder in _data_dirs() if folder.is_dir() for e in folder.iterdir()
                   if e.name.endswith(".txt")})


def _data_dirs() -> list:
    folders = [resources.files("xlsolver") / "data" / "klotski"]
    extra = os.environ.get("XLSOLVER_DATA", "")
    return folders + [Path(p) / "klotski" for p in extra.split(os.pathsep) if p and (Path(p) / "klotski").is_dir()]


def parse_puzzle(text: str, name: str, where: str = "<text>") -> Puzzle:
    """A puzzle from the text of its data file (the format is in the module docstring)."""
    header, notes, body = split_header(text, where, HEADER_KEYS)
    types = [_piece_type(line, f"{where}:{number}") for number, line in body
             if line.strip() and not line.lstrip().startswith("#")]
    width, height = _board_size(header.get("board"), where)
    letters = [t.letter for t in types]
    twice = sorted({letter for letter in letters if letters.count(letter) > 1})
    if twice:
        raise DataFileError(f"{where}: piece {twice[0]} is declared twice")
    if EMPTY not in letters:
        raise DataFileError(f"{where}: declare the empty cells with a line '. COUNT 1x1 alike #rrggbb empty cell'")
    area = sum(t.size * t.count for t in types)
    if area != width * height:
        raise DataFileError(f"{where}: the pieces and empty cells cover {area} {'cell' if area == 1 else 'cells'} but the board has "
                              f"{width * height}")
    for t in types:
        if max(r for r, _ in t.cells) >= height or max(c for _, c in t.cells) - min(c for _, c in t.cells) >= width:
            raise DataFileError(f"{where}: piece {t.letter} ({t.describe()}) does not fit on a {width}x{height} board")
    goal = _goal(header.get("goal"), {t.letter: t for t in types}, width, height, where)
    return Puzzle(name, header.get("name", name), header.get("title", name), width, height, tuple(types), goal, notes)


def _piece_type(line: str, where: str) -> PieceType:
    fields = line.split()
    if len(fields) < 6:
        raise DataFileError(f"{where}: expected 'LETTER COUNT SHAPE ALIKE #rrggbb NAME[/PLURAL]', got {line.strip()!r}")
    letter, count, shape, alike, colour = fields[:5]
    letter = letter.upper()
    if len(letter) != 1 or not (letter == EMPTY or (letter.isascii() and letter.isalpha())):
        raise DataFileError(f"{where}: a piece letter is one letter A-Z, or '.' for the empty cells; got {letter!r}")
    if not count.isdecimal() or int(count) < 1:
        raise DataFileError(f"{where}: the count of {letter} must be a whole number from 1, got {count!r}")
    if alike not in (ALIKE, APART, SINGLE) or (alike == SINGLE and int(count) > 1):
        raise DataFileError(f"{where}: say whether the {count} pieces {letter} are 'alike' or 'apart', got {alike!r}")
    if not COLOUR.match(colour):
        raise DataFileError(f"{where}: the colour of {letter} must be #rrggbb, got {colour!r}")
    singular, _, plural = " ".join(fields[5:]).partition("/")
    cells = _shape(shape, letter, where)
    if letter == EMPTY and (len(cells) != 1 or alike == APART):
        raise DataFileError(f"{where}: empty cells are one cell each and alike: declare '. COUNT 1x1 alike ...'")
    return PieceType(letter, int(count), cells, alike != APART, colour.lower(), singular.strip(),
                     plural.strip() or singular.strip() + "s")


def _shape(text: str, letter: str, where: str) -> tuple[Point, ...]:
    """Cells of ``WxH`` or of art rows joined by ``/``, as offsets from the first cell in reading order."""
    block = _BLOCK.match(text)
    if block:
        cols, rows = int(block.group(1)), int(block.group(2))
        cells = [(r, c) for r in range(rows) for c in range(cols)]
    else:
        art = text.upper().split("/")
        if any(set(row) - {letter, "."} for row in art):
            raise DataFileError(f"{where}: the shape of {letter} is WIDTHxHEIGHT or rows of {letter} and '.' "
                                f"joined by '/', got {text!r}")
        cells = [(r, c) for r, row in enumerate(art) for c, ch in enumerate(row) if ch == letter]
    if not cells:
        raise DataFileError(f"{where}: piece {letter} has no cells")
    anchor = min(cells)
    return tuple(sorted((r - anchor[0], c - anchor[1]) for r, c in cells))


def _board_size(text: str | None, where: str) -> tuple[int, int]:
    match = _BLOCK.match(text or "")
    if not match or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        got = f"; got '{text}'" if text is not None else ""
        raise DataFileError(f"{where}: the header needs 'board: WIDTHxHEIGHT', e.g. 'board: 4x5'{got}")
    return int(match.group(1)), int(match.group(2))


def _goal(text: str | None, types: dict[str, PieceType], width: int, height: int, where: str):
    if not text:
        raise DataFileError(f"{where}: the header needs 'goal: LETTER CELL', e.g. 'goal: C B4'")
    goal = []
    for part in text.split(","):
        fields = part.split()
        cell = _cell(fields[1]) if len(fields) == 2 else None
        letter = fields[0].upper() if fields else ""
        if cell is None or letter not in types or letter == EMPTY:
            raise DataFileError(f"{where}: a goal is a piece letter and a cell in A1 notation, e.g. 'C B4'; "
                                f"got {part.strip()!r}")
        t = types[letter]
        if t.count > 1 and not t.alike:
            raise DataFileError(f"{where}: the goal names {letter}, but its {t.count} pieces are told apart; which one?")
        if not all(0 <= cell[0] + dr < height and 0 <= cell[1] + dc < width for dr, dc in t.cells):
            raise DataFileError(f"{where}: piece {letter} does not fit on the board at {fields[1]}")
        goal.append((letter, cell))
    return tuple(goal)


def _cell(name: str) -> Point | None:
    """0-based (row, col) of an A1 name, or None."""
    match = _A1.match(name.upper())
    if not match or int(match.group(2)) < 1:
        return None
    return int(match.group(2)) - 1, column_index(match.group(1))


@cache
def classic() -> Puzzle:
    """The classic Huarong Dao puzzle (data file ``classic``), loaded once, on first use."""
    return load("classic")
