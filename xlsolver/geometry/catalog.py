"""Piece sets and boards, read from the text files in ``xlsolver/data``.

A new piece set or board is a new file, no code.  Both kinds of file start with
``key: value`` lines (and ``#`` comments) up to the first blank line.

Piece set (``data/pieces/NAME.txt``): keys ``title``, ``turn-over`` (yes/no) and
``lattice`` (``square``, the default; ``triangle``: polyiamonds, each character a
unit triangle, ``first: up`` (the default) or ``down`` saying how the top-left
character of each drawing points; ``hex``: polyhexes, a hexagon at every second
column, each line shifted by one column; ``cubic``: pieces made of cubes), then
one block per piece, blocks separated by blank lines.  A block's first line is
``LETTER #RRGGBB [colour name] [count]``; the lines below draw the piece with its
letter, ``.`` for gaps.  A set of up to 26 pieces takes its letters in either case (``a`` is piece ``A``); one
of more than 26 names them ``A``-``Z`` then ``a``-``z``, so there, and only there, a letter's case tells two
pieces apart (``CASED``); more than 52 pieces is an error.  The count says how many copies of the piece a puzzle
uses: ``x3`` (three), ``2..4`` (two to four), ``0..1`` (at most one); none:
exactly one.  Copies are alike: two solutions that swap them are one.  ``chosen-by-grid: no`` keeps a set out of the guess a
flat grid that names no set makes from its area and letters (Kanoodle and IQ
Puzzler Pro share both: the latter is the one guessed).  A piece of cubes is drawn layer by layer, bottom first,
the layers separated by a line ``/``.

Board (``data/boards/NAME.txt``): keys ``title``, ``pieces`` (the default set),
optional ``known-total`` and ``known-distinct`` solution counts, ``lattice`` and
``first`` as for piece sets (the lattice must be its piece set's), ``use: any``
(each piece at most once: a part of the set fills the board) and ``counts``
(``T x3, L 2..4``: the tiling family's setting); then the board drawn with
``.`` for a cell and ``#`` or a space for a cell that is not part of it (on
hexagons, spaces between cells are layout).

Users add their own files without touching the package: ``XLSOLVER_DATA`` lists
folders (separated like PATH) holding ``pieces/`` and ``boards/`` subfolders.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from ..base.files import did_you_mean, read_file
from .lattice import Point
from .lattice import CUBIC, HEX, SQUARE, TRIANGLE, Lattice, PlaneLattice
from .piece import Piece

COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")  # a colour in any data file: #rrggbb
PIECE_SET_KEYS = ("title", "turn-over", "lattice", "first", "chosen-by-grid", "balls")
PIECE_LATTICES = {lattice.name: lattice for lattice in (SQUARE, TRIANGLE, HEX, CUBIC)}  # where pieces are drawn
BOARD_LATTICES = {lattice.name: lattice for lattice in (SQUARE, TRIANGLE, HEX)}  # where boards are drawn
LAYER_BREAK = "/"  # the line between two layers of a piece of cubes
BOARD_KEYS = ("title", "pieces", "known-total", "known-distinct", "lattice", "first", "use", "counts")
#: A piece's count: ``xN`` copies, or ``U..V`` copies (parse_count); at most MAX_COPIES of one piece.
COUNT = re.compile(r"x\d+|\d+\.\.\d+")
MAX_COPIES = 10_000
#: The pieces a set names with the upper-case letters alone, so that a letter's case does not matter; a set of
#: more pieces takes the lower-case ones too, and tells ``A`` from ``a``.  At most MAX_PIECES pieces.
CASED = 26
MAX_PIECES = 52
PIECE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"  # a set's letters, in the order they are taken


class DataFileError(ValueError):
    """A data file that cannot be read; the message names file and line."""


@dataclass(frozen=True)
class PieceSet:
    name: str
    title: str
    turn_over: bool
    pieces: dict[str, Piece]
    notes: str = ""
    lattice: Lattice = SQUARE
    chosen_by_grid: bool = True  # may be guessed for a grid on its lattice from its area and letters
    balls: bool = False  # the pieces are balls (IQ Puzzler, Kanoodle): pictures draw circles
    #: how many copies of a piece a puzzle uses, (least, most), for the pieces whose count is not exactly one
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def area(self) -> int:
        """The cells of every piece, each at its most copies."""
        return sum(p.size * self.count_of(letter)[1] for letter, p in self.pieces.items())

    @property
    def least_area(self) -> int:
        """The cells of every piece, each at its least copies (``area`` when every count is exact)."""
        return sum(p.size * self.count_of(letter)[0] for letter, p in self.pieces.items())

    @property
    def cased(self) -> bool:
        """More than 26 pieces: named A-Z then a-z, so a letter's case tells two pieces apart."""
        return len(self.pieces) > CASED

    def named(self, typed: str) -> str:
        """The piece letter a typed character stands for: itself in a cased set, its upper case in any other
        (so everything typed for a set of up to 26 pieces stays case-insensitive)."""
        return typed if self.cased else typed.upper()

    def count_of(self, letter: str) -> tuple[int, int]:
        """(least, most) copies of piece ``letter`` a puzzle uses."""
        return self.counts.get(letter, (1, 1))

    def orientations(self, letter: str) -> list[tuple[Point, ...]]:
        return self.pieces[letter].orientations(self.turn_over, self.lattice)


@dataclass(frozen=True)
class Board:
    name: str
    title: str
    rows: tuple[str, ...]  # the drawing: '.' cell, '#' or ' ' not part of the board
    pieces: str  # name of the default piece set
    known_total: int | None = None
    known_distinct: int | None = None
    notes: str = ""
    lattice: PlaneLattice = SQUARE
    shift: int = 0  # the drawing's layout (PlaneLattice): triangles ``first: down``, hexagons at odd row + col
    settings: dict[str, str] = field(default_factory=dict)  # its "use:" and "counts:", if given
    cells: frozenset = field(init=False)  # lattice cells

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", self.lattice.cells_from_art(self.rows, lambda ch: ch == ".", self.shift))

    @property
    def first(self) -> str:
        """How the drawing's top-left character points, for a board of triangles ("" on another lattice)."""
        return {shift: word for word, shift in TRIANGLE.FIRST.items()}[self.shift] if self.lattice is TRIANGLE else ""


def data_dirs(kind: str) -> list:
    """The package's data folder of ``kind``, then those named by XLSOLVER_DATA (that hold one)."""
    folders = [resources.files("xlsolver") / "data" / kind]
    extra = os.environ.get("XLSOLVER_DATA", "")
    for entry in extra.split(os.pathsep):
        folder = Path(entry) / kind if entry else None
        try:
            if folder is not None and folder.is_dir():
                folders.append(folder)
        except OSError:  # a folder we may not look into is one without data
            continue
    return folders


def data_files(kind: str) -> dict[str, tuple[object, str]]:
    """Every ``.txt`` data file of ``kind`` by name: (where it is, how messages name it).

    A user's folder (XLSOLVER_DATA) comes after the package's, so its file of the
    same name wins.  Shipped files are named ``pieces/NAME.txt``, a user's by its path.
    """
    found: dict[str, tuple[object, str]] = {}
    for index, folder in enumerate(data_dirs(kind)):
        try:
            entries = sorted(folder.iterdir(), key=lambda e: e.name)
        except OSError as err:
            raise DataFileError(f"cannot list the data folder '{folder}': {str(err.strerror or err).lower()}") from None
        for entry in entries:
            if entry.name.endswith(".txt"):
                name = entry.name[: -len(".txt")]
                found[name] = (entry, f"{kind}/{entry.name}" if index == 0 else str(entry))
    return found


def read_data_file(source, where: str) -> str:
    """A data file's text through the one reader; a problem is a DataFileError naming it."""
    return read_file(source, what="data file", error=DataFileError, name=where, kind="data files")


def _read_all(kind: str, parse) -> dict:
    return {name: _named(entry, where, name, parse) for name, (entry, where) in data_files(kind).items()}


def split_header(text: str, where: str, keys: tuple[str, ...] | None = None
                 ) -> tuple[dict[str, str], str, list[tuple[int, str]]]:
    """Header keys, the comment text, and the numbered lines after the header.

    ``keys``: the keys this kind of file takes; another one (a misspelling, a
    capital) is a DataFileError naming it, its line and the keys, with the closest
    as a suggestion.  A key given twice is an error too.
    """
    lines = text.splitlines()
    header: dict[str, str] = {}
    notes: list[str] = []
    body_start = len(lines)
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped:
            if header or notes:
                body_start = number
                break
            continue
        if stripped.startswith("#"):
            notes.append(stripped.lstrip("# "))
            continue
        key, sep, value = stripped.partition(":")
        key = key.strip()
        if not sep or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_ -]*", key):
            raise DataFileError(f"{where}:{number}: expected 'key: value' in the header, got '{stripped}'")
        if keys is not None and key not in keys:
            raise DataFileError(f"{where}:{number}: unknown header key '{key}'{did_you_mean(key, keys)} The keys of this file are "
                                f"{', '.join(keys)} (lower case)")
        if key in header:
            raise DataFileError(f"{where}:{number}: the header gives '{key}:' twice")
        header[key] = value.strip()
    body = [(n, line.rstrip()) for n, line in enumerate(lines[body_start:], body_start + 1)]
    return header, " ".join(notes), body


def yes_no(value: str, where: str) -> bool:
    """A header's yes/no value (also true/false, 1/0); ``where`` names the file in the error."""
    if value.lower() in ("yes", "true", "1"):
        return True
    if value.lower() in ("no", "false", "0"):
        return False
    raise DataFileError(f"{where}: expected yes or no, got '{value}'")


def piece_blocks(body: list[tuple[int, str]], where: str, words: str = "[colour name]"
                 ) -> list[tuple[int, str, str, list[str], list[tuple[int, str]]]]:
    """Each piece of a file body (blocks split at blank lines): its heading ``LETTER #rrggbb WORDS`` read as
    (line number, letter as written, colour, the words after it), and the numbered lines that draw it.

    ``words``: what the file's heading takes after the colour, for the message when a heading is wrong.
    """
    found: list[list[tuple[int, str]]] = [[]]
    for number, line in body:
        if line:
            found[-1].append((number, line))
        elif found[-1]:
            found.append([])
    pieces = []
    for (number, title), *art in filter(None, found):
        letter, *rest = title.split()
        if len(letter) != 1 or not letter.isalpha() or not rest or not COLOUR.match(rest[0]):
            raise DataFileError(f"{where}:{number}: a piece starts with 'LETTER #rrggbb {words}', got {title!r}")
        pieces.append((number, letter, rest[0], rest[1:], art))
    return pieces


def parse_count(text: str) -> tuple[int, int]:
    """A piece's count, ``xN`` or ``U..V``, as (least, most) copies; ValueError saying what is wrong."""
    if not COUNT.fullmatch(text):
        raise ValueError(f"{text!r} is no count: write xN (N copies) or U..V (U to V copies)")
    low, _, high = text[1:].partition("..") if text.startswith("x") else text.partition("..")
    high = high or low
    if max(len(low.lstrip("0")), len(high.lstrip("0"))) > len(str(MAX_COPIES)) or int(high) > MAX_COPIES:
        raise ValueError(f"count {text!r}: a piece takes at most {MAX_COPIES:,} copies")
    if int(high) == 0:
        raise ValueError(f"count {text!r}: at most no copy is no piece (leave the piece out of the set instead)")
    if int(low) > int(high):
        raise ValueError(f"count {text!r}: {int(low)} copies at least is more than {int(high)} at most")
    return int(low), int(high)


def header_lattice(header: dict[str, str], where: str, known: dict[str, Lattice]) -> Lattice:
    """The lattice a data file's header names (square if none), checked with its ``first:``."""
    lattice = known.get(header.get("lattice", SQUARE.name))
    if lattice is None:
        raise DataFileError(f"{where}: 'lattice:' is {' or '.join(known)}, not {header['lattice']!r}")
    if "first" in header:
        if lattice is not TRIANGLE:
            raise DataFileError(f"{where}: 'first:' says how the top-left triangle points; it applies to "
                                "'lattice: triangle' only")
        if header["first"].lower() not in TRIANGLE.FIRST:
            raise DataFileError(f"{where}: 'first:' is up or down, not {header['first']!r}")
    return lattice


def drawing_shift(lattice: Lattice, header: dict[str, str], drawing: list[str]) -> int:
    """The layout of a drawing on a plane lattice (``PlaneLattice``'s shift): triangles from the header's
    ``first:``, hexagons from where the first character that is not a space stands."""
    if lattice is TRIANGLE:
        return TRIANGLE.FIRST[header.get("first", "up").lower()]
    if lattice is HEX:
        return HEX.shift_of(drawing, lambda ch: ch != " ")
    return 0


def misplaced(lattice: Lattice, drawing: list[str], shift: int) -> tuple[int, int] | None:
    """The first (row, col) of a drawing holding a character where no cell can stand (hexagons: the columns
    between them), or None."""
    if not isinstance(lattice, PlaneLattice):
        return None
    return next(((r, c) for r, line in enumerate(drawing) for c, ch in enumerate(line)
                 if ch != " " and not lattice.holds(r, c, shift)), None)


HEX_LAYOUT = "a hexagon stands at every second column, each line shifted by one column"


def parse_piece_set(text: str, name: str, where: str = "<text>") -> PieceSet:
    header, notes, body = split_header(text, where, PIECE_SET_KEYS)
    lattice = header_lattice(header, where, PIECE_LATTICES)
    pieces: dict[str, Piece] = {}
    counts: dict[str, tuple[int, int]] = {}
    blocks = piece_blocks(body, where, "[colour name] [count: x3, 2..4]")
    cased = len(blocks) > CASED
    if len(blocks) > MAX_PIECES:
        raise DataFileError(f"{where}:{blocks[MAX_PIECES][0]}: {len(blocks)} pieces, but a set has at most "
                            f"{MAX_PIECES}: one letter a piece, A-Z then a-z")
    for number, letter, colour, words, art in blocks:
        letter = letter if cased else letter.upper()
        if letter not in PIECE_LETTERS:
            raise DataFileError(f"{where}:{number}: piece {letter!r}: a piece is named by a letter A-Z or a-z")
        if letter in pieces:
            raise DataFileError(f"{where}:{number}: piece {letter} is drawn twice"
                                + ("" if cased else f" (in a set of up to {CASED} pieces a letter's case does not "
                                   "matter: a and A are one piece)"))
        if words and COUNT.fullmatch(words[-1]):
            try:
                count = parse_count(words.pop())
            except ValueError as err:
                raise DataFileError(f"{where}:{number}: piece {letter}: {err}") from None
            if count != (1, 1):
                counts[letter] = count
        drawing = [line for _, line in art]
        layers = _layers(drawing) if lattice.dimension == 3 else [drawing]
        drawn_as = (lambda ch: ch == letter) if cased else (lambda ch: ch.upper() == letter)
        stray = {ch for rows in layers for line in rows for ch in line if not drawn_as(ch) and ch not in ". "}
        if stray:
            case = f" (a set of more than {CASED} pieces tells a letter's cases apart)" if cased and \
                letter.swapcase() in stray else ""
            raise DataFileError(f"{where}:{art[0][0] if art else number}: piece {letter} is drawn with "
                                f"{''.join(sorted(stray))!r}; use {letter} and '.'{case}")
        shift = drawing_shift(lattice, header, drawing)
        if (wrong := misplaced(lattice, drawing, shift)) is not None:
            raise DataFileError(f"{where}:{art[wrong[0]][0]}: piece {letter}: column {wrong[1] + 1} is between two "
                                f"hexagons ({HEX_LAYOUT})")
        cells = _drawn_cells(lattice, layers, drawn_as, shift)
        if not cells:
            raise DataFileError(f"{where}:{number}: piece {letter} has no cells")
        if len(lattice.connected_components(cells)) != 1:
            raise DataFileError(f"{where}:{number}: piece {letter} is not connected")
        pieces[letter] = Piece(letter, lattice.normalise(cells), colour.lower(), tuple(words))
    if not pieces:
        raise DataFileError(f"{where}: no pieces found")
    return PieceSet(
        name=name,
        title=header.get("title", name),
        turn_over=yes_no(header.get("turn-over", "yes"), where),
        pieces=pieces,
        notes=notes,
        lattice=lattice,
        chosen_by_grid=yes_no(header.get("chosen-by-grid", "yes"), where) and isinstance(lattice, PlaneLattice),
        balls=yes_no(header.get("balls", "no"), where),
        counts=counts,
    )


def _layers(drawing: list[str]) -> list[list[str]]:
    """A drawing of cubes split into its layers (bottom first) at the lines ``/``."""
    layers: list[list[str]] = [[]]
    for line in drawing:
        if line.strip() == LAYER_BREAK:
            layers.append([])
        else:
            layers[-1].append(line)
    return layers


def _drawn_cells(lattice: Lattice, layers: list[list[str]], is_cell, shift: int = 0) -> frozenset:
    """The cells of a drawing: one grid on a plane lattice, its layers bottom first on a layered one."""
    if isinstance(lattice, PlaneLattice):
        return lattice.cells_from_art(layers[0], is_cell, shift)
    return lattice.cells_from_layers(layers, is_cell)


def parse_board(text: str, name: str, where: str = "<text>") -> Board:
    header, notes, body = split_header(text, where, BOARD_KEYS)
    lattice = header_lattice(header, where, BOARD_LATTICES)
    rows = [line for _, line in body]
    while rows and not rows[-1].strip(" #"):
        rows.pop()
    for number, line in body:
        bad = set(line) - set(".# ")
        if bad:
            raise DataFileError(f"{where}:{number}: a board is drawn with '.', '#' and spaces, not {''.join(sorted(bad))!r}")
    if not any("." in row for row in rows):
        raise DataFileError(f"{where}: the board has no cells")
    if "pieces" not in header:
        raise DataFileError(f"{where}: the header needs 'pieces: NAME' (the default piece set)")

    def number(key: str) -> int | None:
        value = header.get(key)
        if value is None:
            return None
        try:
            return int(value.replace(",", ""))
        except ValueError:
            raise DataFileError(f"{where}: {key} must be a whole number, got {value!r}") from None

    shift = drawing_shift(lattice, header, rows)
    if (wrong := misplaced(lattice, rows, shift)) is not None:
        raise DataFileError(f"{where}:{body[wrong[0]][0]}: column {wrong[1] + 1} is between two hexagons ({HEX_LAYOUT})")
    width = max(len(row) for row in rows)
    return Board(
        name=name,
        title=header.get("title", name),
        rows=tuple(row.ljust(width) for row in rows),
        pieces=header["pieces"],
        known_total=number("known-total"),
        known_distinct=number("known-distinct"),
        notes=notes,
        lattice=lattice,
        shift=shift,
        settings={key: header[key] for key in ("use", "counts") if key in header},
    )


@cache
def piece_sets() -> dict[str, PieceSet]:
    """Every piece set (shipped and from XLSOLVER_DATA), by name."""
    return _read_all("pieces", parse_piece_set)


@cache
def _header(entry, where: str, keys: tuple[str, ...]) -> dict[str, str]:
    """A data file's header keys alone: what decides whether the rest of it is worth parsing.  Read once per
    place, as :func:`_named` parses (a workbook's areas each choose a piece set and look up a board)."""
    return split_header(read_data_file(entry, where), where, keys)[0]


def grid_piece_sets(lattice: Lattice) -> list[PieceSet]:
    """The piece sets a grid drawn on ``lattice`` may be taken for (``chosen-by-grid``), by name.  Only their
    files are parsed whole: the others' headers say they are not (another lattice, or ``chosen-by-grid: no``),
    so a grid of IQ Puzzler Pro's pieces parses the few square sets, not every set of every lattice."""
    chosen = []
    for name, (entry, where) in data_files("pieces").items():
        header = _header(entry, where, PIECE_SET_KEYS)
        if header_lattice(header, where, PIECE_LATTICES) is lattice and \
                yes_no(header.get("chosen-by-grid", "yes"), where):
            found = _named(entry, where, name, parse_piece_set)
            if found.chosen_by_grid:
                chosen.append(found)
    return chosen


def boards_of_set_first(pieces: str) -> Iterator[Board]:
    """Every named board, those whose header names the piece set ``pieces`` first, each file parsed only when
    reached: a grid looked up among them (``tiling.board_named``) mostly stops at one of its own set's."""
    files = data_files("boards")
    own = {name for name, (entry, where) in files.items() if _header(entry, where, BOARD_KEYS).get("pieces") == pieces}
    for name in sorted(files, key=lambda name: name not in own):
        yield _named(*files[name], name, parse_board)


@cache
def boards() -> dict[str, Board]:
    """Every named board (shipped and from XLSOLVER_DATA), by name."""
    return _read_all("boards", parse_board)


def piece_set(name_or_path: str) -> PieceSet:
    """A piece set by name (shipped or from XLSOLVER_DATA), or a piece-set file by path.

    Only the file asked for is read: a broken file elsewhere in a data folder
    stops only what needs it (``xlsolver pieces``, choosing a set by its area).
    """
    return _lookup(name_or_path, "pieces", parse_piece_set, "piece set")


def board(name_or_path: str) -> Board:
    """A board by name (shipped or from XLSOLVER_DATA), or a board file by path."""
    return _lookup(name_or_path, "boards", parse_board, "board")


@cache
def _named(entry, where: str, name: str, parse):
    """A data file read and parsed once per place (XLSOLVER_DATA may name another folder later, in tests)."""
    return parse(read_data_file(entry, where), name, where)


def _lookup(name_or_path: str, kind: str, parse, what: str):
    known = data_files(kind)
    if name_or_path in known:
        return _named(*known[name_or_path], name_or_path, parse)
    path = Path(name_or_path)
    if path.suffix.lower() == ".txt" or os.sep in name_or_path or "/" in name_or_path or path.exists():
        text = read_file(path, what=f"{what} file", error=DataFileError, kind="data files")
        return parse(text, path.stem, str(path))
    raise DataFileError(f"unknown {what} '{name_or_path}'; choose from {', '.join(known)} or give a .txt file")
