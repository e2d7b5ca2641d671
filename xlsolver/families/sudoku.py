"""Sudoku: fill an n²×n² grid so every row, column and box holds each symbol once.

    puzzle = parse(rows)                         # raises InvalidPuzzle, naming cells
    problem = encode(puzzle)                     # an ExactCover, branching "fewest"
    result = uniqueness(problem)                 # xlsolver.uniqueness: one solution, and is it the only one?
    solved = decode(puzzle, problem, result.first)   # the solved grid as text rows
    colours(puzzle)                              # "given" or "solved" for every cell

Vocabulary: a *cell* is ``(row, col)``, 0-based from the top left; a *house* is a
group of cells that must hold every symbol once: a row, a column, a box (or a
jigsaw region), and for X-sudoku the two main diagonals.

Grid text: one row per line, one character per cell.  A symbol is a given; ``.``,
``0`` or a space is an empty cell.  Short lines are padded with empty cells, so an
editor that strips trailing spaces does no harm.  Letters may be either case.

Sizes and symbols: the grid is n²×n² with n×n boxes, n = 2..5 (4x4, 9x9, 16x16,
25x25).  Symbols are the digits 1-9, then letters from A, as many as the size
needs: 4x4 uses 1-4, 9x9 1-9, 16x16 1-9 and A-G, 25x25 1-9 and A-P.  This is the
common "digits first, then letters" convention for big sudokus; the other common
one for 16x16, hexadecimal 0-F, is not accepted because ``0`` marks an empty cell.

Variants (``variant=``; all of them exact covers):
``classic``
    rows, columns and boxes.
``x`` (diagonal sudoku)
    also both main diagonals hold every symbol once.
``jigsaw``
    irregular regions replace the boxes: a second grid of letters, the same size,
    each letter one region of exactly n² connected cells.  The regions follow the
    puzzle grid after an empty line, or come as ``regions=`` (a list of rows).
    Giving regions makes a classic puzzle jigsaw and an ``x`` one ``x-jigsaw``.
``x-jigsaw``
    both: irregular regions and the diagonals.
A header line such as ``variant: x`` belongs to the file format the CLI reads; here
the variant is an argument.

One line (the family's ``LineForm``, as collections list sudokus): the rows one after
another, 81 characters for a 9x9 (16, 256, 625), ``.`` or ``0`` an empty cell; text after
a space is not read.  A file of such lines is solved line by line (``families.batch``).

Blank lines: empty lines before and after are ignored; the first empty line
inside ends the puzzle grid and starts the regions grid.  A row with no givens
must therefore not be an empty line: write it with dots (or spaces).

Errors: :class:`~xlsolver.families.InvalidPuzzle`, one message per problem, all at
once, each starting with the cell (or range) in A1 notation as named by
``cell_name`` (row 1 = the top line, column A = the first character by default).

Exact cover (primary items only): every cell (``A1``...), and for every house and
symbol ``house=symbol`` (``row1=5``, ``colC=5``, ``box3=5`` or ``regionB=5``,
``diag=5``, ``anti=5``).  One option per cell and symbol that the givens allow
(a given cell gets only its given symbol; an empty cell no symbol already given
in one of its houses), labelled ``(row, col, symbol)``.  A search should branch
on the item with the fewest options, so the problem says ``branching="fewest"``.
"""
from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress
from typing import NamedTuple, TYPE_CHECKING

from ..base import a1
from ..base.a1 import CellNamer, range_name
from ..base.answer import Cell, Frame
from ..base.files import UserError, read_file
from . import Drawing, InvalidPuzzle, LineForm, Setting, Settings, cover

if TYPE_CHECKING:  # the engine is imported when a problem is built (cover.problem); the lattices and the sheets'
    # layout where a jigsaw's regions are checked and where a workbook is laid out: a solve needs neither
    from ..base.sheets import SheetSpec
    from ..engine.exact_cover import ExactCover
    from ..geometry.lattice import Point


#: Box side n -> grid side n * n.
SIZES = (4, 9, 16, 25)
ALPHABET = "123456789ABCDEFGHIJKLMNOP"  # symbols, in order; a size-s grid uses the first s
EMPTY = ".0 "
CLASSIC, X, JIGSAW, X_JIGSAW = "classic", "x", "jigsaw", "x-jigsaw"
VARIANTS = (CLASSIC, X, JIGSAW, X_JIGSAW)
GIVEN, SOLVED = "given", "solved"  # what colours() says of a cell


class House(NamedTuple):
    """Cells that hold every symbol once."""

    key: str  # its part of item names: row1, colA, box1, regionC, diag, anti
    label: str  # for messages, in the user's cell names: "row 7", "the box A7:C9"...
    cells: tuple[Point, ...]


@dataclass(frozen=True)
class Puzzle:
    rows: tuple[str, ...]  # the grid: symbols upper case, "." for an empty cell
    variant: str  # one of VARIANTS
    givens: dict[Point, str]  # symbol per given cell
    houses: tuple[House, ...]  # rows, columns, boxes or regions, diagonals
    regions: tuple[str, ...] | None = None  # the jigsaw regions grid (letters, upper case), or None
    cell_name: CellNamer = field(default=a1.cell_name, compare=False)

    @property
    def size(self) -> int:
        return len(self.rows)

    @property
    def symbols(self) -> str:
        return symbols(self.size)


def symbols(size: int) -> str:
    """The symbols of a size x size sudoku: ``"1234"``, ``"123456789"``, ``"123456789ABCDEFG"``..."""
    return ALPHABET[:size]


def describe_symbols(size: int) -> str:
    """``1-9`` or ``1-9, A-G``: the symbols of a size, for messages."""
    digits = symbols(size)
    if size <= 9:
        return f"1-{size}"
    return f"1-9, A-{digits[-1]}"


def _lines(rows: Sequence[str] | str) -> list[str]:
    if isinstance(rows, str):
        rows = rows.splitlines()
    lines = [row.rstrip("\r\n") for row in rows]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _pad(lines: Sequence[str]) -> tuple[list[str], int]:
    width = max((len(line) for line in lines), default=0)
    return [line.ljust(width) for line in lines], width


@lru_cache(maxsize=64)
def _variant(text: str) -> str | None:
    """The canonical variant name, or None if unknown (a collection asks it once a puzzle)."""
    words = set(re.split(r"[\s,+/_-]+", text.strip().lower())) - {""}
    aliases = {"classic": set(), "standard": set(), "normal": set(), "x": {X}, "diagonal": {X},
               "jigsaw": {JIGSAW}, "irregular": {JIGSAW}}
    if not words or not words <= set(aliases):
        return None
    features = set().union(*(aliases[w] for w in words))
    return {frozenset(): CLASSIC, frozenset({X}): X, frozenset({JIGSAW}): JIGSAW,
            frozenset({X, JIGSAW}): X_JIGSAW}[frozenset(features)]


def _label_parts(name: str) -> tuple[str, str] | None:
    """``("C", "7")`` from ``"C7"`` (also ``$C$7`` or ``Sheet!C7``)."""
    match = re.search(r"([A-Za-z]+)\$?(\d+)$", name)
    return (match.group(1), match.group(2)) if match else None


def parse(
    rows: Sequence[str] | str,
    *,
    variant: str = CLASSIC,
    regions: Sequence[str] | str | None = None,
    regions_unreadable: bool = False,
    cell_name: CellNamer = a1.cell_name,
) -> Puzzle:
    """Check a grid and make it a puzzle, or raise InvalidPuzzle listing every problem.

    ``regions_unreadable``: the regions were given but could not be read (said
    elsewhere); the grid is checked without them, as a jigsaw with its regions unknown.
    """
    lines = _lines(rows)
    region_lines: list[str] | None = None
    if "" in lines:
        cut = lines.index("")
        lines, region_lines = lines[:cut], _lines(lines[cut + 1:])
    grid, width = _pad(lines)
    height = len(grid)
    messages: list[str] = []
    where = range_name(cell_name, height, width) if height and width else cell_name(0, 0)

    kind = _variant(variant)
    if kind is None:
        messages.append(f"{where}: sudoku variant {variant!r} is unknown; choose {', '.join(VARIANTS)}")
        kind = CLASSIC
    if regions is not None:
        if region_lines is not None:
            messages.append(f"{where}: the regions are given twice, after the grid and as an argument; give them once")
        region_lines = _lines(regions)
    if (region_lines is not None or regions_unreadable) and kind in (CLASSIC, X):
        kind = X_JIGSAW if kind == X else JIGSAW

    if not height or not width:
        raise InvalidPuzzle(messages + [f"{where}: the grid is empty: write one line per row, "
                                        "digits for givens and '.' for empty cells"])
    size = height
    if height != width or size not in SIZES:
        sizes = ", ".join(f"{s}x{s}" for s in SIZES[:-1]) + f" or {SIZES[-1]}x{SIZES[-1]}"
        raise InvalidPuzzle(messages + [f"{where}: a sudoku is {sizes}; this grid is {height} x {width} (rows x columns)"])

    alphabet = symbols(size)
    givens: dict[Point, str] = {}
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            if ch in EMPTY:
                continue
            if ch.upper() in alphabet:
                givens[(r, c)] = ch.upper()
            else:
                messages.append(f"{cell_name(r, c)}: {ch!r} is not a digit of a {size}x{size} sudoku "
                                f"({describe_symbols(size)}); use '.' for an empty cell")

    region_rows: tuple[str, ...] | None = None
    if kind in (JIGSAW, X_JIGSAW):
        areas: list[House] | None = None
        if region_lines is None:
            if not regions_unreadable:
                messages.append(f"{where}: a jigsaw sudoku needs its regions: a grid of letters after an empty "
                                "line, one letter per region")
        else:
            areas, region_messages = _regions(region_lines, size, cell_name)
            messages += region_messages
            if areas is not None:
                region_rows = tuple(line.upper() for line in _pad(region_lines)[0])
        houses = (*_shared(_lines_and_diagonals, size, kind, cell_name), *(areas or ()))
    else:  # one tuple for every puzzle of this size and kind: what is made of the houses is made once
        houses = _shared(_standard_houses, size, kind, cell_name)
    messages += _duplicates(givens, houses, cell_name)
    if messages:
        raise InvalidPuzzle(messages)
    rows_out = tuple(line.upper().translate(_DOTS) for line in grid)  # every other character is a given
    return Puzzle(rows_out, kind, givens, houses, region_rows, cell_name)


_DOTS = str.maketrans({ch: "." for ch in EMPTY})  # an empty cell as the puzzle's rows show it


def _shared(make, *args) -> tuple[House, ...]:
    """``make(*args)``'s houses, made once per size, kind and cell namer (a collection's puzzles share them)."""
    try:
        return _made(make, *args)
    except TypeError:  # a cell namer that cannot be a key
        return tuple(make(*args))


@lru_cache(maxsize=32)
def _made(make, *args) -> tuple[House, ...]:
    return tuple(make(*args))


def _lines_and_diagonals(size: int, kind: str, name: CellNamer) -> list[House]:
    houses = []
    for r in range(size):
        parts = _label_parts(name(r, 0))
        houses.append(House(f"row{r + 1}", f"row {parts[1] if parts else r + 1}", tuple((r, c) for c in range(size))))
    for c in range(size):
        parts = _label_parts(name(0, c))
        letters = a1.column_letters(c)
        houses.append(House(f"col{letters}", f"column {parts[0] if parts else letters}", tuple((r, c) for r in range(size))))
    if kind in (X, X_JIGSAW):
        last = size - 1
        houses.append(House("diag", f"the diagonal {name(0, 0)}:{name(last, last)}", tuple((i, i) for i in range(size))))
        houses.append(House("anti", f"the diagonal {name(0, last)}:{name(last, 0)}", tuple((i, last - i) for i in range(size))))
    return houses


def _standard_houses(size: int, kind: str, name: CellNamer) -> list[House]:
    """The rows, columns (and diagonals) and boxes of a grid that is not a jigsaw."""
    return _lines_and_diagonals(size, kind, name) + _boxes(size, name)


def _boxes(size: int, name: CellNamer) -> list[House]:
    n = int(round(size ** 0.5))
    houses = []
    for k in range(size):
        top, left = (k // n) * n, (k % n) * n
        cells = tuple((top + i, left + j) for i in range(n) for j in range(n))
        houses.append(House(f"box{k + 1}", f"the box {name(top, left)}:{name(top + n - 1, left + n - 1)}", cells))
    return houses


def _regions(lines: list[str], size: int, name: CellNamer) -> tuple[list[House] | None, list[str]]:
    """Jigsaw regions from a grid of letters, or None and the reasons why not."""
    grid, width = _pad(lines)
    where = range_name(name, size, size)
    if len(grid) != size or width != size:
        return None, [f"{where}: the regions grid is {len(grid)} x {width}; it must be {size} x {size} like the puzzle"]
    from ..geometry.lattice import SQUARE

    connected_components = SQUARE.connected_components
    messages = []
    cells_of: dict[str, list[Point]] = defaultdict(list)
    unmarked: set[Point] = set()
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            if ch.isascii() and ch.isalpha():
                cells_of[ch.upper()].append((r, c))
            else:
                unmarked.add((r, c))
                messages.append(f"{name(r, c)}: {ch!r} in the regions grid is not a region letter; "
                                "mark each cell with the letter of its region (A-Z)")
    if not unmarked and len(cells_of) != size:  # an unmarked cell could be a region of its own
        messages.append(f"{where}: the regions grid has {len(cells_of)} regions ({' '.join(sorted(cells_of))}); "
                        f"a {size}x{size} jigsaw needs {size}")
    beside = {(r + dr, c + dc) for r, c in unmarked for dr, dc in ((0, 0), (0, 1), (1, 0), (0, -1), (-1, 0))}
    for letter in sorted(cells_of, key=lambda l: cells_of[l][0]):
        cells = cells_of[letter]
        if beside.intersection(cells):
            continue  # an unmarked cell beside it may be its own: its size and shape would repeat that mistake
        if len(cells) != size:
            listed = ", ".join(name(*cell) for cell in cells)
            messages.append(f"{name(*cells[0])}: region {letter} has {len(cells)} {'cell' if len(cells) == 1 else 'cells'} ({listed}); "
                            f"each region of a {size}x{size} jigsaw has {size}")
        parts = connected_components(cells)
        if len(parts) > 1:
            at = ", ".join(name(*part[0]) for part in parts)
            messages.append(f"{name(*parts[1][0])}: region {letter} is in {len(parts)} separate parts (at {at}); "
                            "a region must be one connected area")
    if messages:
        return None, messages
    houses = [House(f"region{letter}", f"region {letter}", tuple(cells))
              for letter, cells in sorted(cells_of.items(), key=lambda item: item[1][0])]
    return houses, []


def _duplicates(givens: dict[Point, str], houses: Sequence[House], name: CellNamer) -> list[str]:
    """One message per given that repeats an earlier one (in reading order) of its houses."""
    if not _any_repeat(givens, houses):
        return []  # the usual case, told apart quickly
    clashes: dict[tuple[Point, Point], list[str]] = defaultdict(list)
    for house in houses:
        first: dict[str, Point] = {}
        for cell in sorted(house.cells):
            symbol = givens.get(cell)
            if symbol is None:
                continue
            if symbol in first:
                clashes[(cell, first[symbol])].append(house.label)
            else:
                first[symbol] = cell
    return [f"{name(*cell)}: {givens[cell]!r} is already in {' and '.join(labels)} (at {name(*earlier)})"
            for (cell, earlier), labels in sorted(clashes.items())]


def _any_repeat(givens: dict[Point, str], houses: Sequence[House]) -> bool:
    """Does some house hold a symbol twice?  By each given's houses (:func:`_houses_of`): a few dozen steps
    for a puzzle of a collection, not a look at every cell of every house."""
    of = _houses_of(houses)
    seen = set()
    for cell, symbol in givens.items():
        for house in of.get(cell, ()):
            key = (house, symbol)
            if key in seen:
                return True
            seen.add(key)
    return False


def _houses_of(houses: Sequence[House]) -> dict[Point, tuple[int, ...]]:
    """The houses (indices) of each cell."""
    def make() -> dict[Point, tuple[int, ...]]:
        of: dict[Point, list[int]] = defaultdict(list)
        for index, house in enumerate(houses):
            for cell in house.cells:
                of[cell].append(index)
        return {cell: tuple(indices) for cell, indices in of.items()}

    return _of_houses("houses_of", houses, make)


def _of_houses(what: str, houses: Sequence[House], make):
    """``make()``, kept for the latest ``houses`` object: the puzzles of a collection share one (``_shared``),
    so what is made of them is made once, without hashing their cells again for every puzzle."""
    kept = _kept.get(what)
    if kept is None or kept[0] is not houses:
        kept = _kept[what] = (houses, make())
    return kept[1]


_kept: dict[str, tuple] = {}


def encode(puzzle: Puzzle) -> ExactCover:
    """The exact-cover problem of a puzzle (see the module doc); branch on the fewest options.

    Every grid of one shape (size and houses) shares one problem with every cell's every symbol
    (:func:`every_option`, made once); a puzzle's problem is that one restricted to the options its
    givens allow: the given options, and every option that shares no item with one of them.  Options are
    bits of a Python int (``Shape.holding``), so a puzzle of a collection costs a few dozen big-number
    operations, not a step per cell and symbol."""
    size = puzzle.size
    shape = _of_houses("shape", puzzle.houses,
                       lambda: every_option(size, tuple((house.key, house.cells) for house in puzzle.houses)))
    options, holding = shape.problem.options, shape.holding
    clashing = given = 0
    for (r, c), symbol in puzzle.givens.items():
        option = (r * size + c) * size + ALPHABET.index(symbol)
        given |= 1 << option
        for item in options[option]:
            clashing |= holding[item]
    return shape.problem.restricted(_ones(given | (shape.every & ~clashing), len(options)), ordered=True)[0]


_ONE_BYTES = bytes.maketrans(b"01", b"\x00\x01")


def _ones(bits: int, width: int) -> list[int]:
    """The positions of the ones of ``bits`` (below ``width``), in increasing order: by the int's binary
    text, made bytes of 0 and 1 that ``compress`` reads, all in C."""
    return list(compress(range(width), format(bits, f"0{width}b").encode("ascii").translate(_ONE_BYTES)[::-1]))


class Shape(NamedTuple):
    """Every option of a grid shape, and for each item the options holding it, as bits."""

    problem: ExactCover
    holding: tuple[int, ...]  # by item: bit o set when option o holds it
    every: int  # a bit for every option


@lru_cache(maxsize=8)
def every_option(size: int, houses: tuple[tuple[str, tuple[Point, ...]], ...]) -> Shape:
    """Every cell's every symbol as an option (cell-major, symbols in order: option ``cell * size + symbol``),
    for a grid of ``size`` with these houses (key, cells); :func:`encode` keeps those a puzzle allows."""
    alphabet = symbols(size)
    houses_of: list[list[int]] = [[] for _ in range(size * size)]
    for index, (_, cells) in enumerate(houses):
        for r, c in cells:
            houses_of[r * size + c].append(index)
    cells = [(r, c) for r in range(size) for c in range(size)]
    primary = [a1.cell_name(*cell) for cell in cells] + [f"{key}={symbol}" for key, _ in houses for symbol in alphabet]

    def options():
        for (r, c), indices in zip(cells, houses_of):
            name = a1.cell_name(r, c)
            for symbol in alphabet:
                yield [name] + [f"{houses[i][0]}={symbol}" for i in indices], (r, c, symbol)

    problem = cover.problem(primary, options(), branching="fewest")
    holding = [0] * len(problem.items)
    for option, items in enumerate(problem.options):
        for item in items:
            holding[item] |= 1 << option
    return Shape(problem, tuple(holding), (1 << len(problem.options)) - 1)


def places(label: tuple[int, int, str]) -> tuple[tuple[Point, str], ...]:
    """What an option writes into the grid: its symbol in its cell."""
    r, c, symbol = label
    return ((r, c), symbol),


def decode(puzzle: Puzzle, problem: ExactCover, solution: Sequence[int]) -> list[str]:
    """The solved grid as text rows (a cell no option fills stays ``.``)."""
    return cover.written(problem, solution, puzzle.rows, places)


def given_cells(puzzle: Puzzle) -> frozenset[Point]:
    """The cells whose symbol was given (the sheet shows them apart from solved ones)."""
    return frozenset(puzzle.givens)


def colours(puzzle: Puzzle) -> dict[Point, str]:
    """``GIVEN`` or ``SOLVED`` for every cell: the role a front end turns into a colour."""
    return {(r, c): GIVEN if (r, c) in puzzle.givens else SOLVED
            for r in range(puzzle.size) for c in range(puzzle.size)}


__all__ = ["Puzzle", "House", "parse", "encode", "places", "decode", "given_cells", "colours", "symbols",
           "describe_symbols", "SIZES", "VARIANTS", "CLASSIC", "X", "JIGSAW", "X_JIGSAW", "GIVEN", "SOLVED"]


# --- the family, as the front ends see it ------------------------------------------------------

GIVEN_COLOUR, SOLVED_COLOUR = "#c9daf8", "#fff2cc"  # givens light blue, solved cells light yellow
VARIANT = Setting("variant", "Variant", "classic; x: both main diagonals too; jigsaw: regions drawn "
                  "(after the grid in a file); x-jigsaw: both", VARIANTS, CLASSIC)
REGIONS = Setting("regions", "Regions", "jigsaw regions: a file holding the regions grid (one letter per region)")


def read(rows, settings, cell_name: CellNamer = a1.cell_name):
    """A grid (regions after it, or drawn on the sheet) as a puzzle ready to search."""
    regions = settings.get("regions")
    if isinstance(regions, Drawing):
        drawn = [row.replace(".", " ") for row in regions.rows]
        regions = drawn if any(row.strip() for row in drawn) else None
    elif isinstance(regions, str):
        try:
            regions = read_file(regions).splitlines()
        except UserError as err:
            place = settings.place('regions') if isinstance(settings, Settings) else '--regions'
            try:  # the grid's own mistakes too: those that do not need the regions
                parse(rows, variant=settings.get("variant") or JIGSAW, regions_unreadable=True, cell_name=cell_name)
            except InvalidPuzzle as grid:
                raise InvalidPuzzle([f"{place}: {err}"] + grid.messages) from None
            raise InvalidPuzzle([f"{place}: {err}"]) from None
    puzzle = parse(rows, variant=settings.get("variant") or CLASSIC, regions=regions, cell_name=cell_name)
    given = given_cells(puzzle)

    def draw(solved: list[str]) -> Frame:
        return Frame(tuple(tuple(_cell(ch, GIVEN_COLOUR if (r, c) in given else SOLVED_COLOUR)
                                 for c, ch in enumerate(row)) for r, row in enumerate(solved)))

    return cover.puzzle(encode(puzzle), places, puzzle.rows, why_none=lambda: "the givens admit no completion",
                        draw=draw, data={"family": "sudoku", "variant": puzzle.variant}, rows=tuple(rows),
                        cell_name=cell_name)


@lru_cache(maxsize=256)
def _cell(text: str, colour: str) -> Cell:
    """A square of the solved grid: a few dozen kinds, made once (a Cell is frozen), not 81 a puzzle."""
    return Cell(text, colour)


def sheets() -> tuple[SheetSpec, ...]:
    from ..base.sheets import BELOW_INTRO, AreaSpec, DrawingCells, SettingCell, SheetSpec

    return (SheetSpec(
        "Sudoku", "Sheet10", 10, "Sudoku",
        "Type the givens (digits 1-9) into the left grid and press Solve: the solution appears on the right, givens "
        "in blue. Variant X adds both diagonals; draw jigsaw regions below (one letter per region) for a jigsaw.",
        areas_top=BELOW_INTRO,
        areas=(AreaSpec("Sudoku", "9 x 9 grid", 9, 9, letters="123456789", digits=True,
                        hint="Type a digit 1-9",
                        cells=(SettingCell("variant", (-2, 16), "Classic"),),
                        drawing=DrawingCells("regions", (17, 0), 9, 9, "Jigsaw regions (optional)",
                                             "One letter per region of 9 cells; leave empty for the 3 x 3 boxes.",
                                             palette=REGION_PALETTE),
                        sample=("53  7", "6  195", " 98    6", "8   6   3", "4  8 3  1", "7   2   6",
                                " 6    28", "   419  5", "    8  79")),)),)  # Wikipedia's example puzzle


def one_line_rows(line: str) -> list[str]:
    """A sudoku written on one line (its rows one after another: 81 characters for 9x9, 16, 256 or 625 for the
    other sizes; '.' or '0' an empty cell) as grid rows.  What follows it after a space or tab (a solution,
    a rating, a comment, as lists have them) is not read."""
    words = line.split(None, 1)
    text = words[0] if words else ""
    side = math.isqrt(len(text))
    if side * side != len(text) or side not in SIZES:
        lengths = ", ".join(str(size * size) for size in SIZES[:-1]) + f" or {SIZES[-1] ** 2}"
        raise InvalidPuzzle([f"a one-line sudoku has {lengths} characters (its rows one after another, '.' or "
                             f"'0' for an empty cell); this line has {len(text)}"])
    return [text[row * side:(row + 1) * side] for row in range(side)]


def is_one_line(line: str) -> bool:
    """Is this line a whole sudoku, never a row of a grid (81, 256 or 625 characters before any space)?  A 4x4
    sudoku on one line (16 characters) is as wide as a 16x16 grid's row: a file of them says so (``--each-line``)."""
    words = line.split(None, 1)
    return bool(words) and len(words[0]) in (81, 256, 625)


LINE_FORM = LineForm("one sudoku a line: its rows one after another (81 characters for 9x9; 16, 256 or 625 for "
                     "the other sizes), '.' or '0' for an empty cell", one_line_rows, is_one_line, "".join)


REGION_PALETTE = ("#f4cccc", "#fce5cd", "#fff2cc", "#d9ead3", "#d0e0e3", "#cfe2f3", "#d9d2e9", "#ead1dc",
                  "#e6b8af") * 3


FAMILY = cover.family(name="sudoku", title="Sudoku: any n² x n² size, X (diagonal) and jigsaw variants", read=read,
                      settings=(VARIANT, REGIONS), sheets=sheets, order=50, line_form=LINE_FORM)
