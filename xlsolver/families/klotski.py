"""Klotski (华容道, Huarong Dao) and other sliding-block puzzles.

Vocabulary.  A *puzzle* is a board, a set of piece types and a goal, read from a
data file.  A *layout* is where every piece stands; ``.`` marks an empty cell.
A *move* slides one piece into empty cells; how much sliding counts as one move
is the *metric*:

* ``piece``: one piece moved any distance along any path counts 1 (the usual
  convention, under which the classic start 横刀立马 needs 81 moves);
* ``straight``: one piece moved any distance in one direction counts 1 (90);
* ``step``: every unit move counts 1 (116).

A layout is drawn as rows of letters, top row first (classic: ``C`` Cao Cao,
``H`` Guan Yu, ``V`` general, ``S`` soldier, ``.`` or a space empty; any case).
Pieces of one letter are *alike* unless the data file says ``apart``: a layout
does not say which general is which.  Moves still name them, by letter and
number (``V1`` ... ``V4`` in reading order of their top-left cells at the start,
each number following its piece).  A move's ``direction`` is one word when the
piece goes ``distance`` cells one way, else one word per unit step
(``down,left``: one cell down, then one left).

    layout = parse(["VCCV", "VCCV", "VHHV", "VSSV", "S..S"])   # raises InvalidPuzzle, naming cells
    solution = solve(layout, metric="piece")                     # .status, .moves, .boards, .length
    replay(layout, solution.moves, "piece")                      # the boards again, every step checked
    reachable(layout)                                            # (25955, 964): layouts, goals among them
    analyse()                                                    # the state-space figures

Layouts are enumerated with the exact-cover engine: the pieces bigger than one
cell tile the board (alike copies kept in reading order by secondary items, so
each tiling comes once), and the cells left over are dealt to the one-cell pieces
and the empty cells.  The search itself works on one int per layout, in
``klotski_search``.

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
"""
from __future__ import annotations

import itertools
import math
import os
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path

from .. import catalog
from ..a1 import CellNamer, cell_name, range_name
from ..catalog import DataFileError
from ..engine import Search
from ..exact_cover import ExactCover
from . import InvalidPuzzle
from . import klotski_search as search
from .klotski_search import DIRECTIONS, METRICS

Cell = tuple[int, int]
EMPTY = "."
ALIKE, APART, SINGLE = "alike", "apart", "-"
SOLVED, NO_SOLUTION, TIME_LIMIT, CANCELLED = "solved", "no solution", "time limit", "cancelled"
DIRECTION_STEPS = {name: (dr, dc) for name, dr, dc in DIRECTIONS}

_BLOCK = re.compile(r"^(\d+)x(\d+)$")
_A1 = re.compile(r"^([A-Z]+)(\d+)$")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


# -- the puzzle as data ---------------------------------------------------------


@dataclass(frozen=True)
class PieceType:
    """One line of the data file: a letter, how many pieces carry it, their shape."""

    letter: str
    count: int
    cells: tuple[Cell, ...]  # offsets from the anchor, its first cell in reading order
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
    goal: tuple[tuple[str, Cell], ...]  # (letter, anchor cell) pairs that must all hold
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
    def board(self) -> search.Board:
        """The move tables (built once per puzzle)."""
        goal = [(self._goal_kind(letter), r * self.width + c) for letter, (r, c) in self.goal]
        return search.Board(self.width, self.height, [k.type.cells for k in self.kinds], goal)

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
    if path.suffix == ".txt" or os.sep in name or "/" in name:
        if not path.is_file():
            raise DataFileError(f"no Klotski data file {name!r}")
        return parse_puzzle(path.read_text(encoding="utf-8"), path.stem, str(path))
    for folder in _data_dirs():
        entry = folder / f"{name}.txt"
        if entry.is_file():
            return parse_puzzle(entry.read_text(encoding="utf-8"), name, f"klotski/{name}.txt")
    known = ", ".join(names()) or "none"
    raise DataFileError(f"no Klotski puzzle named {name!r} (known: {known})")


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
    header, notes, body = catalog._split(text, where)
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
        raise DataFileError(f"{where}: the pieces and empty cells cover {area} cells but the board has {width * height}")
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
    if not count.isdigit() or int(count) < 1:
        raise DataFileError(f"{where}: the count of {letter} must be a whole number from 1, got {count!r}")
    if alike not in (ALIKE, APART, SINGLE) or (alike == SINGLE and int(count) > 1):
        raise DataFileError(f"{where}: say whether the {count} pieces {letter} are 'alike' or 'apart', got {alike!r}")
    if not _COLOUR.match(colour):
        raise DataFileError(f"{where}: the colour of {letter} must be #rrggbb, got {colour!r}")
    singular, _, plural = " ".join(fields[5:]).partition("/")
    cells = _shape(shape, letter, where)
    if letter == EMPTY and (len(cells) != 1 or alike == APART):
        raise DataFileError(f"{where}: empty cells are one cell each and alike: declare '. COUNT 1x1 alike ...'")
    return PieceType(letter, int(count), cells, alike != APART, colour.lower(), singular.strip(),
                     plural.strip() or singular.strip() + "s")


def _shape(text: str, letter: str, where: str) -> tuple[Cell, ...]:
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
        raise DataFileError(f"{where}: the header needs 'board: WIDTHxHEIGHT', e.g. 'board: 4x5'; got {text!r}")
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


def _cell(name: str) -> Cell | None:
    """0-based (row, col) of an A1 name, or None."""
    match = _A1.match(name.upper())
    if not match or int(match.group(2)) < 1:
        return None
    col = 0
    for ch in match.group(1):
        col = col * 26 + ord(ch) - ord("A") + 1
    return int(match.group(2)) - 1, col - 1


classic = load("classic")


# -- layouts ----------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where every piece stands: one int (see ``klotski_search``) on a puzzle."""

    puzzle: Puzzle
    state: int

    @property
    def rows(self) -> list[str]:
        return render(self.puzzle, self.state)

    @property
    def solved(self) -> bool:
        return self.puzzle.board.is_goal(self.state)

    def pieces(self) -> list[tuple[str, str, list[Cell]]]:
        """``(name, letter, cells)`` of every piece, named as moves name them."""
        board = self.puzzle.board
        return [(name, self.puzzle.kinds[kind].letter, _cells(board, kind, anchor))
                for (kind, anchor), name in piece_names(self.puzzle, self.state).items()]


def piece_names(puzzle: Puzzle, state: int) -> dict[tuple[int, int], str]:
    """``(kind, anchor) -> name``: the letter, numbered in reading order when several are alike."""
    names = {}
    by_kind: dict[int, list[int]] = defaultdict(list)
    for kind, anchor in puzzle.board.pieces(state):
        by_kind[kind].append(anchor)
    for kind, anchors in by_kind.items():
        label = puzzle.kinds[kind].label
        for number, anchor in enumerate(sorted(anchors), 1):
            names[(kind, anchor)] = label if puzzle.kinds[kind].count == 1 else f"{label}{number}"
    return names


def _cells(board: search.Board, kind: int, anchor: int) -> list[Cell]:
    mask = board.placements[kind][anchor]
    return [board.cell(i) for i in range(board.size) if mask >> i & 1]


def render(puzzle: Puzzle, state: int) -> list[str]:
    """The layout as rows of letters, ``.`` for the empty cells."""
    grid = [[EMPTY] * puzzle.width for _ in range(puzzle.height)]
    for kind, anchor in puzzle.board.pieces(state):
        for r, c in _cells(puzzle.board, kind, anchor):
            grid[r][c] = puzzle.kinds[kind].letter
    return ["".join(row) for row in grid]


def parse(rows: Sequence[str], puzzle: Puzzle = classic, cell_name: CellNamer = cell_name) -> Layout:
    """Check a layout drawn in letters and make it a Layout, or raise InvalidPuzzle listing every problem.

    Letters may be lower case; a space counts as an empty cell, like ``.``.
    """
    rows = [row.rstrip("\r\n").upper() for row in rows]
    while rows and not rows[-1].strip():
        rows.pop()
    messages = _size_messages(rows, puzzle, cell_name)
    marked: dict[str, list[Cell]] = defaultdict(list)
    unknown: dict[str, list[Cell]] = defaultdict(list)
    letters = [t.letter for t in puzzle.types]
    for r, row in enumerate(rows[: puzzle.height]):
        for c, ch in enumerate(row[: puzzle.width]):
            ch = EMPTY if ch == " " else ch
            (marked if ch in letters else unknown)[ch].append((r, c))
    for ch, cells in unknown.items():
        also = f" (also {', '.join(cell_name(*cell) for cell in cells[1:])})" if len(cells) > 1 else ""
        messages.append(f"{cell_name(*cells[0])}: {ch!r} is not a {puzzle.game} piece ({', '.join(letters)}){also}")
    found: dict[str, list[Cell]] = {}
    for t in puzzle.types:
        anchors, message = _split_into_pieces(t, marked.get(t.letter, []), cell_name)
        found[t.letter] = anchors
        messages += [message] if message else []
    if not messages:
        messages += _count_messages(puzzle, found, cell_name)
    if messages:
        raise InvalidPuzzle(messages)
    return Layout(puzzle, _encode(puzzle, found))


def _size_messages(rows: list[str], puzzle: Puzzle, name: CellNamer) -> list[str]:
    w, h = puzzle.width, puzzle.height
    if not rows:
        return [f"{range_name(name, h, w)}: the layout is empty: draw the {w} x {h} board, one row of letters per line"]
    messages = []
    for r, row in enumerate(rows[:h]):
        if len(row.rstrip()) > w:
            messages.append(f"{name(r, w)}: row {r + 1} is {len(row.rstrip())} cells wide; the board is {w} wide")
        elif len(row) < w:
            messages.append(f"{name(r, len(row))}: row {r + 1} has {len(row)} cells; the board is {w} wide "
                            "(use '.' for an empty cell)")
    if len(rows) > h:
        extra = f"row {h + 1} is one" if len(rows) == h + 1 else f"rows {h + 1} to {len(rows)} are"
        messages.append(f"{name(h, 0)}: the board is {h} rows tall; {extra} too many")
    elif len(rows) < h:
        messages.append(f"{name(len(rows), 0)}: the board is {h} rows tall; the layout stops after row {len(rows)}")
    return messages


def _split_into_pieces(t: PieceType, cells: list[Cell], name: CellNamer) -> tuple[list[Cell], str | None]:
    """The anchors of the pieces the cells marked with ``t.letter`` make, and a message if some don't fit.

    The first unclaimed cell in reading order must be the first cell of a piece
    (every earlier cell is claimed), so claiming greedily finds the one way, if any.
    """
    left = set(cells)
    anchors, stray = [], []
    for cell in sorted(cells):
        if cell not in left:
            continue
        piece = {(cell[0] + dr, cell[1] + dc) for dr, dc in t.cells}
        if piece <= left:
            anchors.append(cell)
            left -= piece
        else:
            stray.append(cell)
            left.discard(cell)
    if not stray:
        return anchors, None
    listed = ", ".join(name(*c) for c in sorted(cells))
    if t.count == 1:
        marked = f"cells {listed} are" if len(cells) > 1 else f"only cell {listed} is"
        return anchors, f"{name(*stray[0])}: {t.name} must be one {t.describe()}; {marked} marked {t.letter}"
    where = ", ".join(name(*c) for c in stray)
    several = len(stray) > 1
    what = f"{t.letter} cells at {where} are not part of whole {t.plural}" if several else \
        f"{t.letter} at {where} is not part of a whole {t.name}"
    return anchors, f"{name(*stray[0])}: the {what} ({t.letter}, each a {t.describe()})"


def _count_messages(puzzle: Puzzle, found: dict[str, list[Cell]], name: CellNamer) -> list[str]:
    messages = []
    for t in puzzle.types:
        anchors = found[t.letter]
        if len(anchors) == t.count:
            continue
        what = f"one {t.name}" if t.count == 1 else f"{t.count} {t.plural}"
        where = f" (at {', '.join(name(*a) for a in anchors)})" if anchors else ""
        count = len(anchors) or "none"
        board = range_name(name, puzzle.height, puzzle.width)
        messages.append(f"{board}: there must be {what} ({t.letter}), found {count}{where}")
    return messages


def _encode(puzzle: Puzzle, found: dict[str, list[Cell]]) -> int:
    board = puzzle.board
    pieces = []
    for kind, k in enumerate(puzzle.kinds):
        anchors = sorted(found[k.letter])
        if k.copy:  # one copy of an apart letter: the n-th in reading order
            anchors = [anchors[k.copy - 1]]
        pieces += [(kind, board.index(*a)) for a in anchors]
    return board.encode((board.index(*c) for c in found[EMPTY]), pieces)


# -- enumeration with the exact-cover engine ---------------------------------------


def tiling_problem(puzzle: Puzzle) -> ExactCover:
    """The pieces bigger than one cell tiling the board, other cells left single.

    Items: every cell (primary, A1 names, reading order), one per copy of each
    piece (``V#1`` ... ``V#4``, primary) and, between consecutive alike copies,
    ``V#1<B2``-style secondary items: copy j at anchor p takes ``V#j<q`` for every
    q <= p, copy j+1 at anchor p' takes ``V#j<q`` for every q >= p', so they clash
    unless p < p' and each tiling comes once, copies in reading order.
    Option labels are ``(kind, anchor)``, kind None for a cell left single.
    """
    board = puzzle.board
    cells = [cell_name(*board.cell(i)) for i in range(board.size)]
    big = [(kind, k) for kind, k in enumerate(puzzle.kinds) if k.type.size > 1]
    copies = [f"{k.label}#{j}" for _, k in big for j in range(1, k.count + 1)]
    order = [f"{k.label}#{j}<{cell}" for _, k in big for j in range(1, k.count) for cell in cells]
    problem = ExactCover(primary=cells + copies, secondary=order)
    for kind, k in big:
        for j in range(1, k.count + 1):
            for anchor, mask in enumerate(board.placements[kind]):
                if not mask:
                    continue
                items = [f"{k.label}#{j}"] + [cells[i] for i in range(board.size) if mask >> i & 1]
                if j > 1:
                    items += [f"{k.label}#{j - 1}<{cells[q]}" for q in range(anchor, board.size)]
                if j < k.count:
                    items += [f"{k.label}#{j}<{cells[q]}" for q in range(anchor + 1)]
                problem.add_option(items, label=(kind, anchor))
    for index, cell in enumerate(cells):
        problem.add_option([cell], label=(None, index))
    return problem


@dataclass(frozen=True)
class Enumeration:
    tilings: int
    layouts: list[int]  # states, one per layout


def enumerate_layouts(puzzle: Puzzle) -> Enumeration:
    """Every layout: each tiling, then each way to deal its single cells to the one-cell pieces and the empties."""
    problem = tiling_problem(puzzle)
    board = puzzle.board
    singles = [(kind, k.count) for kind, k in enumerate(puzzle.kinds) if k.type.size == 1]
    layouts: list[int] = []
    tilings = 0
    # Plain Python: the whole search takes a fraction of a second, less than loading compiled code.
    for solution in Search(problem, engine="reference"):
        tilings += 1
        pieces, free = [], []
        for option in solution:
            kind, anchor = problem.labels[option]
            (free.append(anchor) if kind is None else pieces.append((kind, anchor)))
        base = board.encode((), pieces)
        for dealt, empties in deal(free, [count for _, count in singles]):
            placed = [(kind, cell) for (kind, _), cells in zip(singles, dealt) for cell in cells]
            layouts.append(base | board.encode(empties, placed))
    return Enumeration(tilings, layouts)


def deal(cells: Sequence[int], counts: Sequence[int]) -> Iterator[tuple[list[tuple[int, ...]], list[int]]]:
    """Every way to give ``counts[i]`` of ``cells`` to group i; the rest are returned too."""
    if not counts:
        yield [], list(cells)
        return
    for chosen in itertools.combinations(cells, counts[0]):
        rest = [c for c in cells if c not in chosen]
        for groups, left in deal(rest, counts[1:]):
            yield [chosen] + groups, left


def told_apart_factors(puzzle: Puzzle) -> dict[str, int]:
    """How many layouts each alike layout becomes when more and more letters are told apart.

    Keys list the letters told apart, in data-file order: ``{"V": 24, "V S": 576, "V S .": 1152}``.
    """
    factors, letters, product = {}, [], 1
    for t in puzzle.types:
        if t.alike and t.count > 1:
            letters.append(t.letter)
            product *= math.factorial(t.count)
            factors[" ".join(letters)] = product
    return factors


def analyse(puzzle: Puzzle = classic) -> dict:
    """The state-space figures: layouts, goal layouts, solvable ones, components; and the time taken."""
    start = time.perf_counter()
    enumeration = enumerate_layouts(puzzle)
    enumerated = time.perf_counter()
    parts = search.components(puzzle.board, enumeration.layouts)
    done = time.perf_counter()
    layouts = len(enumeration.layouts)
    solvable = sum(size for size, goals in parts if goals)
    factors = told_apart_factors(puzzle)
    return {
        "puzzle": puzzle.name,
        "title": puzzle.title,
        "board": f"{puzzle.width}x{puzzle.height}",
        "goal": puzzle.goal_text(),
        "tilings": enumeration.tilings,
        "layouts": layouts,
        "layouts_told_apart": {letters: layouts * f for letters, f in factors.items()},
        "goal_layouts": sum(goals for _, goals in parts),
        "solvable_layouts": solvable,
        "solvable_layouts_told_apart": {letters: solvable * f for letters, f in factors.items()},
        "components": len(parts),
        "components_with_goal": sum(1 for _, goals in parts if goals),
        "largest_component": parts[0][0] if parts else 0,
        "seconds": {"enumerate": round(enumerated - start, 3), "components": round(done - enumerated, 3)},
    }


# -- solving -------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    number: int
    piece: str  # "C", "H", or letter and number for alike pieces: "V2"
    direction: str  # "down", or one word per unit step for a path that turns: "down,left"
    distance: int  # unit steps


@dataclass(frozen=True)
class Solution:
    status: str  # "solved", "no solution", "time limit" or "cancelled"
    metric: str
    moves: list[Move]
    boards: list[list[str]]  # the layout after each move
    states_explored: int
    seconds: float
    start: list[str] = field(default_factory=list)

    @property
    def length(self) -> int | None:
        return len(self.moves) if self.status == SOLVED else None


def solve(layout: Layout, metric: str = "piece", time_limit: float | None = None,
          cancel: Callable[[], bool] | object | None = None) -> Solution:
    """Fewest moves in ``metric`` that bring the goal piece(s) home; breadth-first."""
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; choose from {', '.join(METRICS)}")
    started = time.perf_counter()
    cancelled = cancel.is_set if hasattr(cancel, "is_set") else cancel or (lambda: False)
    outcome = search.shortest(layout.puzzle.board, layout.state, metric, time_limit, cancelled)
    moves, boards = describe(layout.puzzle, outcome.path) if outcome.path else ([], [])
    status = SOLVED if outcome.path else outcome.stopped or NO_SOLUTION
    return Solution(status, metric, moves, boards, outcome.explored, time.perf_counter() - started, layout.rows)


def reachable(layout: Layout) -> tuple[int, int]:
    """How many layouts can be reached from this one, and how many of them are goals."""
    members = search.component(layout.puzzle.board, layout.state)
    return len(members), sum(layout.puzzle.board.is_goal(s) for s in members)


def describe(puzzle: Puzzle, path: Sequence[int]) -> tuple[list[Move], list[list[str]]]:
    """The moves between consecutive states of ``path``, and the boards after each."""
    board = puzzle.board
    names = piece_names(puzzle, path[0])
    moves, boards = [], []
    for number, (before, after) in enumerate(zip(path, path[1:]), 1):
        kind, source, target = board.difference(before, after)
        steps = [DIRECTIONS[d][0] for d in board.path(before, kind, source, target)]
        name = names.pop((kind, source))
        names[(kind, target)] = name
        direction = steps[0] if len(set(steps)) == 1 else ",".join(steps)
        moves.append(Move(number, name, direction, len(steps)))
        boards.append(render(puzzle, after))
    return moves, boards


# -- checking moves, independently of the search -----------------------------------------


class IllegalMove(ValueError):
    """A move that breaks the rules; the message names the move and the cell."""


def unit_steps(move: Move) -> list[Cell]:
    """The (row, col) steps of a move: ``distance`` times one direction, or one per listed word."""
    words = [w.strip() for w in move.direction.split(",")]
    if any(w not in DIRECTION_STEPS for w in words):
        raise IllegalMove(f"move {move.number}: {move.direction!r} is not a direction (up, down, left, right)")
    if move.distance < 1 or (len(words) > 1 and move.distance != len(words)):
        raise IllegalMove(f"move {move.number}: a distance of {move.distance} does not match {move.direction!r}")
    return [DIRECTION_STEPS[w] for w in words] * (move.distance if len(words) == 1 else 1)


def replay(layout: Layout, moves: Sequence[Move], metric: str = "piece",
           cell_name: CellNamer = cell_name) -> list[list[str]]:
    """The boards after each move, checking every unit step lands on empty cells of the board.

    Works on letter grids and cell sets, not on the search's ints, so it checks
    the search rather than repeating it.  Raises IllegalMove.
    """
    letters = {name: letter for name, letter, _ in layout.pieces()}
    height, width = layout.puzzle.height, layout.puzzle.width
    return [["".join(letters[owner[(r, c)]] if (r, c) in owner else EMPTY for c in range(width)) for r in range(height)]
            for owner in replay_owners(layout, moves, metric, cell_name)]


def replay_owners(layout: Layout, moves: Sequence[Move], metric: str = "piece",
                  cell_name: CellNamer = cell_name) -> Iterator[dict[Cell, str]]:
    """After each move, which piece (by name) covers each cell; raises IllegalMove."""
    height, width = layout.puzzle.height, layout.puzzle.width
    pieces = {name: set(cells) for name, _, cells in layout.pieces()}
    owner = {cell: name for name, cells in pieces.items() for cell in cells}
    for number, move in enumerate(moves, 1):
        if move.number != number:
            raise IllegalMove(f"move {number} is numbered {move.number}")
        if move.piece not in pieces:
            raise IllegalMove(f"move {number}: there is no piece {move.piece!r}")
        steps = unit_steps(move)
        if metric == "step" and len(steps) != 1 or metric == "straight" and len(set(steps)) != 1:
            raise IllegalMove(f"move {number}: {move.piece} {move.direction} {move.distance} is not one {metric} move")
        cells = pieces[move.piece]
        for dr, dc in steps:
            moved = {(r + dr, c + dc) for r, c in cells}
            for r, c in sorted(moved - cells):
                if not (0 <= r < height and 0 <= c < width):
                    raise IllegalMove(f"move {number}: {move.piece} would leave the board")
                if (r, c) in owner:
                    raise IllegalMove(f"move {number}: {move.piece} runs into {owner[(r, c)]} at {cell_name(r, c)}")
            for cell in cells:
                del owner[cell]
            owner.update((cell, move.piece) for cell in moved)
            cells = moved
        pieces[move.piece] = cells
        yield dict(owner)
