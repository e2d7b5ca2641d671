"""Tiling puzzles: fill a board with every piece of a set, exactly once (or as many times as its count says).

The grid is text, one string per row.  A letter marks a cell covered by that
piece (the whole piece or some of its cells, as a hint), ``.`` an open cell, and
``#`` or a space a cell that is not part of the board.  Letters may be either
case, except with a set of more than 26 pieces (named A-Z then a-z: ``PieceSet.cased``), where ``a`` and
``A`` are two pieces.  The grid lies on the piece set's lattice: squares, unit triangles (each
character a triangle, pointing up and down in turn; ``first`` says how the
top-left one points) or hexagons (one at every second column, each line shifted
by one column: the spaces between them are layout).  Everything here works on
the characters' positions (rows, columns: what cells are named by, what an
answer writes); the lattice turns them into its cells where pieces are placed
and the board's symmetries found.

    puzzle = parse(["EAAAABGGG..", ...])         # raises InvalidPuzzle, naming cells
    problem = encode(puzzle)                      # an ExactCover
    rows = decode(puzzle, problem, solution)      # the solved letter grid

Exact-cover items: every board cell (primary, named in A1 notation), then every
piece (primary, named by its letter).  Cells come column by column when the
board is wider than tall, so the engine fills along the short side.

Pieces with counts: a piece set may say how many copies of a piece a puzzle
uses (``T #rrggbb x3``, ``L #rrggbb 2..4`` in its file), and so may the puzzle
(``counts: T x3, L 2..4``; ``use: any``: each piece at most once, so a part of
the set fills the board).  A piece's item then has bounds (Knuth's
multiplicities): its copies are alike, one option per placement of the piece,
and a solution that swaps two copies is the same solution.  The solved grid
shows every copy with its piece's letter.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..geometry import catalog
from ..base.a1 import CellNamer, cell_name, range_name
from ..base.answer import OFF_BOARD, Cell, Frame
from ..geometry.catalog import PIECE_LETTERS, Piece, PieceSet
from ..geometry.lattice import HEX, LATTICES, SQUARE, TRIANGLE, PlaneLattice, Point
from . import Drawing, InvalidPuzzle, NamedBoard, Setting, Settings, cover, exact

if TYPE_CHECKING:  # the engine is imported when a problem is built (cover.problem), the sheets' layout where
    # a workbook is laid out (a solve needs neither)
    from ..base.sheets import SheetSpec
    from ..engine.exact_cover import ExactCover

OPEN, HOLE, OUTSIDE = ".", "#", " "


@dataclass(frozen=True)
class Puzzle:
    rows: tuple[str, ...]  # the grid as given, padded to a rectangle, letters as the set names them (PieceSet.named)
    board: frozenset[Point]  # cells that are part of the board
    givens: dict[Point, str]  # pre-placed letter per cell
    pieces: PieceSet
    cell_name: CellNamer = field(default=cell_name, compare=False)
    shift: int = 0  # the drawing's layout on the pieces' lattice (PlaneLattice): triangles first: down, odd hexagons
    # each piece's placements, worked out once: the givens' check and the exact cover both ask (a set of 48
    # pieces on 217 hexagons took a second for each)
    placed: dict[str, list[frozenset[Point]]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    @property
    def lattice(self) -> PlaneLattice:
        return self.pieces.lattice

    @property
    def plain(self) -> bool:
        """Positions are the lattice's cells (the square grid as typed): nothing to translate."""
        return self.pieces.lattice is SQUARE and self.shift == 0

    def cells(self, positions=None) -> frozenset:
        """The lattice cells of ``positions`` (default: the board)."""
        positions = self.board if positions is None else positions
        if self.plain:
            return frozenset(positions)
        lattice, shift = self.lattice, self.shift
        return frozenset(lattice.cell(r, c, shift) for r, c in positions)

    def positions(self, cells) -> frozenset[Point]:
        """Where lattice ``cells`` stand in the grid."""
        if self.plain:
            return frozenset(cells)
        lattice, shift = self.lattice, self.shift
        return frozenset(lattice.position(cell, shift) for cell in cells)

    def placements(self, letter: str) -> list[frozenset[Point]]:
        """Every placement of a piece on the board, as the positions it covers."""
        if letter not in self.placed:
            shapes = self.pieces.orientations(letter)
            self.placed[letter] = SQUARE.placements(shapes, self.board) if self.plain else \
                [self.positions(placed) for placed in self.lattice.placements(shapes, self.cells())]
        return self.placed[letter]

    def groups(self, positions) -> list[list[Point]]:
        """Positions split into groups of touching cells on the lattice, each sorted, in reading order."""
        found = self.lattice.connected_components(self.cells(positions))
        return sorted(sorted(self.positions(group)) for group in found)

    def given_cells(self) -> dict[str, list[Point]]:
        by_letter: dict[str, list[Point]] = defaultdict(list)
        for cell, letter in sorted(self.givens.items()):
            by_letter[letter].append(cell)
        return dict(by_letter)


def pad(rows: Sequence[str], keep_case: bool = False) -> tuple[str, ...]:
    """Rows padded with spaces (not board) to the longest one, upper-cased unless ``keep_case`` (until the piece
    set is known: a set of more than 26 pieces tells ``a`` from ``A``)."""
    rows = [row.rstrip("\r\n") for row in rows]
    width = max((len(row) for row in rows), default=0)
    return tuple((row if keep_case else row.upper()).ljust(width) for row in rows)


def as_named(rows: Sequence[str], pieces: PieceSet) -> tuple[str, ...]:
    """The grid's letters as ``pieces`` names them: as typed in a set of more than 26 pieces, upper case in any
    other."""
    return tuple(rows) if pieces.cased else tuple(row.upper() for row in rows)


def choose_piece_set(rows: Sequence[str], lattice: PlaneLattice = SQUARE) -> PieceSet:
    """The piece set on ``lattice`` that fits the grid: its letters and its total area.

    Raises InvalidPuzzle if none fits or several do.
    """
    rows = pad(rows, keep_case=True)
    letters = {ch for row in rows for ch in row if ch.isalpha()}
    area = sum(ch != OUTSIDE and ch != HOLE for row in rows for ch in row)
    sets = catalog.grid_piece_sets(lattice)
    by_letters = [s for s in sets if {s.named(ch) for ch in letters} <= set(s.pieces)]
    by_area = [s for s in sets if s.least_area <= area <= s.area]
    fitting = [s for s in by_letters if s.least_area <= area <= s.area]
    if len(fitting) == 1:
        return fitting[0]
    # One clue is enough when the other cannot decide: parse() then reports the
    # letter that is not in the set, or the area that does not match.
    for clue in (by_area, by_letters):
        if not fitting and len(clue) == 1:
            return clue[0]
    sizes = ", ".join(f"{s.name} {s.area}" for s in sets)
    where = range_name(cell_name, len(rows), len(rows[0])) if rows and rows[0] else "the grid"
    if not fitting:
        raise InvalidPuzzle([f"{where}: {area} board cells match no piece set ({sizes} cells); choose one with --pieces"])
    raise InvalidPuzzle([f"{where}: several piece sets fit ({', '.join(s.name for s in fitting)}); choose one with --pieces"])


def parse(rows: Sequence[str], pieces: PieceSet | None = None, cell_name: CellNamer = cell_name,
          first: str = "up", lattice: PlaneLattice = SQUARE) -> Puzzle:
    """Check a grid and make it a puzzle, or raise InvalidPuzzle listing every problem.

    ``first``: how the top-left character points on triangles; ``lattice``: where to guess a piece set when
    none is given (a named set brings its own).
    Every check runs whatever the others found, except where it depends on them:
    no piece set chosen, no letter can be judged (only characters that are no
    letter at all); a letter that is no piece or a piece that cannot lie where it
    is marked leaves the count of cells without its breakdown of that letter.
    """
    rows = pad(rows, keep_case=True)
    if not rows or not rows[0]:
        raise InvalidPuzzle(["the grid is empty: draw the board with '.' for open cells"])
    messages = not_letters(rows, cell_name)
    if pieces is None:
        try:
            pieces = choose_piece_set(rows, lattice)
        except InvalidPuzzle as err:
            raise InvalidPuzzle(messages + err.messages) from None
    rows = as_named(rows, pieces)
    shift = layout_shift(pieces.lattice, rows, first)
    messages += between_hexagons(pieces.lattice, rows, shift, cell_name)
    board: set[Point] = set()
    givens: dict[Point, str] = {}
    unknown: dict[str, list[Point]] = defaultdict(list)
    lattice = pieces.lattice
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in (OUTSIDE, HOLE) or not lattice.holds(r, c, shift):
                continue
            board.add((r, c))
            if ch == OPEN or not (ch.isalpha() and ch.isascii()):
                continue
            if ch in pieces.pieces:
                givens[(r, c)] = ch
            else:
                unknown[ch].append((r, c))
    for letter, cells in unknown.items():
        also = f" (also {', '.join(cell_name(*c) for c in cells[1:])})" if len(cells) > 1 else ""
        messages.append(f"{cell_name(*cells[0])}: {letter!r} is not a piece of this set ({pieces.name}: "
                        f"{' '.join(pieces.pieces)}){also}{_case_matters(pieces, letter)}")
    puzzle = Puzzle(rows, frozenset(board), givens, pieces, cell_name, shift)
    if pieces.counts:
        messages += _check_counted_givens(puzzle)
        messages += _check_counted_area(puzzle)
        if messages:
            raise InvalidPuzzle(messages)
        return puzzle
    misplaced = _check_givens(puzzle)
    messages += misplaced.values()
    messages += _check_area(puzzle, set(misplaced))
    if messages:
        raise InvalidPuzzle(messages)
    return puzzle


def _case_matters(pieces: PieceSet, letter: str) -> str:
    """What to add when a letter is no piece of a set but its other case is one: a note, or nothing."""
    return f"; a set of more than {catalog.CASED} pieces tells {letter.swapcase()} from {letter}" \
        if pieces.cased and letter.swapcase() in pieces.pieces else ""


def layout_shift(lattice: PlaneLattice, rows: Sequence[str], first: str = "up") -> int:
    """How a grid is laid out on ``lattice`` (``PlaneLattice``'s shift): triangles by ``first``, hexagons by
    where the first character that is not a space stands."""
    if lattice is TRIANGLE:
        return TRIANGLE.FIRST[first]
    if lattice is HEX:
        return HEX.shift_of(rows, lambda ch: ch != OUTSIDE)
    return 0


def between_hexagons(lattice: PlaneLattice, rows: Sequence[str], shift: int, cell_name: CellNamer) -> list[str]:
    """A message per character typed where no cell stands (hexagons: between two; the first one typed sets
    the columns)."""
    messages = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != OUTSIDE and not lattice.holds(r, c, shift):
                on_line = [cell_name(r, k) for k in range(len(row)) if lattice.holds(r, k, shift)]
                messages.append(f"{cell_name(r, c)}: a hexagon stands at every second column, each line shifted by "
                                f"one; {ch!r} is between two (on this line they stand at "
                                f"{', '.join(on_line[:4] + ['...'] * (len(on_line) > 4))}); leave a space here")
    return messages


def not_letters(rows: Sequence[str], cell_name: CellNamer) -> list[str]:
    """A message per cell holding neither a letter nor '.', '#' or a blank: wrong whatever the pieces."""
    return [f"{cell_name(r, c)}: {ch!r} is not a piece letter; use a letter, '.' for an open cell or '#' for a hole"
            for r, row in enumerate(rows) for c, ch in enumerate(row)
            if ch not in (OUTSIDE, HOLE, OPEN) and not (ch.isalpha() and ch.isascii())]


def _check_givens(puzzle: Puzzle) -> dict[str, str]:
    """Each letter's cells must be one piece that can lie there: a message per letter that cannot."""
    messages = {}
    name = puzzle.cell_name
    for letter, cells in puzzle.given_cells().items():
        piece = puzzle.pieces.pieces[letter]
        placements = puzzle.placements(letter) if len(cells) <= piece.size else []
        if _fits(placements, cells):
            continue
        groups = puzzle.groups(cells)
        listed = ", ".join(name(*c) for c in cells)
        if len(groups) > 1 and all(_fits(placements or puzzle.placements(letter), g) for g in groups):
            where = " and ".join(name(*g[0]) for g in groups)
            messages[letter] = f"{name(*groups[1][0])}: piece {letter} is given twice (at {where}); a letter marks one piece"
        elif len(cells) > piece.size:
            messages[letter] = f"{name(*cells[0])}: {len(cells)} {'cell is' if len(cells) == 1 else 'cells are'} marked {letter} ({listed}) but piece {letter} has {piece.size}"
        else:
            messages[letter] = f"{name(*cells[0])}: the cells marked {letter} ({listed}) do not fit piece {letter} in any position"
    return messages


def _fits(placements: Sequence[frozenset[Point]], cells: Sequence[Point]) -> bool:
    """Is there a placement of the piece (``placements``: all of them on the board) that covers all ``cells``?"""
    wanted = frozenset(cells)
    return any(wanted <= placed for placed in placements)


def _check_area(puzzle: Puzzle, misplaced: set[str] = frozenset()) -> list[str]:
    """The open cells must be what the pieces still to place cover.  That is the board's size against the
    set's, whatever is typed: a letter at fault, or no letter, counts its cells as open and its piece as to place."""
    given = {letter: cells for letter, cells in puzzle.given_cells().items() if letter not in misplaced}
    open_cells = len(puzzle.board) - sum(len(cells) for cells in given.values())
    unused = [letter for letter in puzzle.pieces.pieces if letter not in given]
    partial = {letter: puzzle.pieces.pieces[letter].size - len(cells) for letter, cells in given.items()}
    needed = sum(puzzle.pieces.pieces[letter].size for letter in unused) + sum(partial.values())
    if open_cells == needed:
        return []
    parts = []
    if unused:
        parts.append(f"pieces {' '.join(unused)}" if len(unused) > 1 else f"piece {unused[0]}")
    parts += [f"{n} more cell{'s' if n > 1 else ''} of {letter}" for letter, n in partial.items() if n]
    what = " + ".join(parts) if parts else "nothing more"
    where = range_name(puzzle.cell_name, len(puzzle.rows), puzzle.width)
    return [f"{where}: {open_cells} open cells but the pieces still to place need {needed} ({what})"]


def _check_counted_givens(puzzle: Puzzle) -> list[str]:
    """With counts, a letter typed marks cells that copies of its piece cover (several copies may touch): no
    more cells than its copies have, and each one under some placement of the piece that covers no cell typed
    with another letter."""
    messages = []
    name = puzzle.cell_name
    for letter, cells in puzzle.given_cells().items():
        piece, (_, most) = puzzle.pieces.pieces[letter], puzzle.pieces.count_of(letter)
        if len(cells) > most * piece.size:
            messages.append(f"{name(*cells[0])}: {len(cells)} cells are marked {letter} but {most} "
                            f"{'copy' if most == 1 else 'copies'} of piece {letter} cover {most * piece.size}")
            continue
        reached: set[Point] = set()
        for placed in puzzle.placements(letter):
            if all(puzzle.givens.get(c, letter) == letter for c in placed):
                reached |= placed
        stranded = [cell for cell in cells if cell not in reached]
        if stranded:
            listed = ", ".join(name(*c) for c in stranded)
            messages.append(f"{name(*stranded[0])}: no piece {letter} can lie over the cells marked {letter} at {listed}")
    return messages


def _check_counted_area(puzzle: Puzzle) -> list[str]:
    """With counts, the board's cells must be a number of cells the pieces' copies can make."""
    pieces = puzzle.pieces
    cells = len(puzzle.board)
    least, most = pieces.least_area, pieces.area
    where = range_name(puzzle.cell_name, len(puzzle.rows), puzzle.width)
    counts = ", ".join(f"{letter} {_count_text(pieces.count_of(letter))}" for letter in pieces.pieces)
    if not least <= cells <= most:
        between = f"exactly {least}" if least == most else f"{least} to {most}"
        return [f"{where}: {cells} board cells but the pieces cover {between} ({counts})"]
    reachable = 1  # bit n: n cells can be made of copies of the pieces so far
    for letter, piece in pieces.pieces.items():
        low, high = pieces.count_of(letter)
        made = 0
        for copies in range(low, min(high, cells // piece.size) + 1):
            made |= reachable << (copies * piece.size)
        reachable = made & ((2 << cells) - 1)
    if not reachable >> cells & 1:
        return [f"{where}: {cells} board cells, but no choice of copies covers that many cells ({counts}; sizes "
                f"{', '.join(f'{letter} {piece.size}' for letter, piece in pieces.pieces.items())})"]
    return []


def _count_text(count: tuple[int, int]) -> str:
    low, high = count
    return f"x{low}" if low == high else f"{low}..{high}"


#: Orders a board can be filled in: along the rows, down the columns, along either diagonal.
SWEEPS = (lambda rc: (rc[1], rc[0]), lambda rc: rc, lambda rc: (rc[0] + rc[1], rc[0]), lambda rc: (rc[0] - rc[1], rc[0]))


def item_order(board: frozenset[Point], placements: Sequence[frozenset[Point]]) -> list[Point]:
    """Board cells in the order the engine should fill them.

    The search fills the first empty cell, and what is left depends on the
    cells just after it that pieces reach: the narrower that reach, the fewer
    sub-problems (the memoised counter keeps it as its state) and the sooner a
    dead end shows.  A rectangle is filled along its short side; any other board
    by the sweep whose widest placement reaches least far past its first cell
    (a diagonal on the diamond board), ties going to the short side.
    """
    rows = 1 + max(r for r, _ in board) - min(r for r, _ in board)
    cols = 1 + max(c for _, c in board) - min(c for _, c in board)
    sweeps = SWEEPS if cols > rows else SWEEPS[1:2] + SWEEPS[:1] + SWEEPS[2:]
    if len(board) == rows * cols:
        return sorted(board, key=sweeps[0])
    return min((sorted(board, key=sweep) for sweep in sweeps), key=lambda order: _reach(order, placements))


def _reach(order: list[Point], placements: Sequence[frozenset[Point]]) -> int:
    """How far the widest placement reaches past its first cell in ``order``."""
    position = {cell: p for p, cell in enumerate(order)}
    return max((max(map(position.__getitem__, placed)) - min(map(position.__getitem__, placed))
                for placed in placements), default=0)


def encode(puzzle: Puzzle) -> ExactCover:
    """The puzzle as exact cover; each option's label is ``(letter, cells)``.  A piece with a count is one
    item with bounds, its placements its options (each may lie over cells typed with its letter, not over
    another's; a piece used once must cover all of its letter's)."""
    given = puzzle.given_cells()
    counts = puzzle.pieces.counts
    options = []
    for letter in puzzle.pieces.pieces:
        own = frozenset(() if letter in counts else given.get(letter, ()))
        for placed in puzzle.placements(letter):
            if own <= placed and all(puzzle.givens.get(c, letter) == letter for c in placed):
                options.append((letter, placed))
    cells = item_order(puzzle.board, [placed for _, placed in options])
    return cover.problem([cell_name(*c) for c in cells] + list(puzzle.pieces.pieces),
                         (cover.piece_option(letter, placed) for letter, placed in options), bounds=counts)


def uncoverable(puzzle: Puzzle, problem: ExactCover) -> list[str]:
    """Names of open cells that no piece can cover: the plainest reason for no solution."""
    covered = {cell for _, placed in problem.labels for cell in placed}
    return [puzzle.cell_name(*cell) for cell in sorted(puzzle.board - covered)]


#: What an option writes into the grid: its piece's letter on each of its cells.
places = cover.piece_places()


def decode(puzzle: Puzzle, problem: ExactCover, solution: Sequence[int]) -> list[str]:
    """The solved grid: every board cell shows the letter of the piece covering it."""
    return cover.written(problem, solution, puzzle.rows, places)


@dataclass(frozen=True)
class Symmetry:
    """A board symmetry and what it makes of each piece: itself, or (one-sided sets) its mirror image."""

    cells: dict[Point, Point]
    letters: dict[str, str]


def symmetries(puzzle: Puzzle) -> list[Symmetry]:
    """The board symmetries that carry the piece set onto itself (each piece onto one of its count) and every
    given letter onto its image's."""
    found: dict[tuple, Symmetry] = {}
    count_of = puzzle.pieces.count_of
    for transform, moved in puzzle.lattice.transformed_symmetries(puzzle.cells()):
        cells = moved if puzzle.plain else {puzzle.lattice.position(cell, puzzle.shift):
                                            puzzle.lattice.position(image, puzzle.shift) for cell, image in moved.items()}
        key = tuple(sorted(cells.items()))
        letters = piece_images(puzzle.pieces, transform)
        if key in found or letters is None or any(count_of(a) != count_of(b) for a, b in letters.items()):
            continue
        if all(puzzle.givens.get(cells[cell]) == letters[letter] for cell, letter in puzzle.givens.items()):
            found[key] = Symmetry(cells, letters)
    return list(found.values())


def piece_images(pieces: PieceSet, transform) -> dict[str, str] | None:
    """Which piece each piece becomes under ``transform``, or None if some image is not in the set
    (``Lattice.shape_images``)."""
    return pieces.lattice.shape_images({letter: pieces.orientations(letter) for letter in pieces.pieces}, transform)


def item_maps(puzzle: Puzzle, problem: ExactCover) -> list[list[int]]:
    """Each puzzle symmetry as a permutation of the problem's items: cells and pieces."""
    index = {name: i for i, name in enumerate(problem.items)}
    maps = []
    for symmetry in symmetries(puzzle):
        mapping = list(range(len(problem.items)))
        for cell, image in symmetry.cells.items():
            mapping[index[cell_name(*cell)]] = index[cell_name(*image)]
        for letter, image in symmetry.letters.items():
            mapping[index[letter]] = index[image]
        maps.append(mapping)
    return maps


def empty_board_rows(board: catalog.Board) -> list[str]:
    """A board's drawing as a puzzle grid with every cell open."""
    return [row.replace(HOLE, OUTSIDE) for row in board.rows]


# --- the family, as the front ends see it ------------------------------------------------------

#: Colours for pieces drawn on a sheet, by letter: A-Z, then a-z (``PIECE_LETTERS``); the lower-case ones chosen
#: greedily, each as far (CIELAB distance) from every colour before it as a colour light enough for black ink can be,
#: so that a stands apart from A.
DRAWN_PALETTE = (
    "#fb8072", "#80b1d3", "#b3de69", "#fdb462", "#bebada", "#fccde5", "#8dd3c7", "#ffed6f",
    "#bc80bd", "#ccebc5", "#ffffb3", "#e5c494", "#66c2a5", "#fc8d62", "#8da0cb", "#e78ac3",
    "#a6d854", "#ffd92f", "#b3b3ff", "#f4a582", "#92c5de", "#d6604d", "#5aae61", "#c2a5cf",
    "#dfc27d", "#80cdc1",
    "#e100ff", "#00ff00", "#ff0087", "#ff2d00", "#9669ff", "#1eff87", "#ff5ae1", "#0087ff", "#00a500", "#968700",
    "#878778", "#ff8700", "#4bffc3", "#a5ff2d", "#ff2d4b", "#00ffff", "#ff6996", "#b47878", "#e1f000", "#f096ff",
    "#87964b", "#00a5f0", "#9678e1", "#0096a5", "#e15a1e", "#a5f0a5",
)


def drawn_colour(letter: str) -> str:
    """The colour of a piece drawn with ``letter`` (as typed: a and A have their own)."""
    return DRAWN_PALETTE[PIECE_LETTERS.index(letter)]


PIECES = Setting("pieces", "Pieces", "piece set name or file (default: the one that fits)")
TURN_OVER = Setting("turn-over", "Pieces may be turned over", "drawn pieces only: may they be turned over?",
                    ("yes", "no"), "yes", aliases=(("y", "yes"), ("true", "yes"), ("1", "yes"), ("n", "no"),
                                                   ("false", "no"), ("0", "no")),
                    wrong="{where}: answer Yes or No (may pieces be turned over?), not {value}")
PLANE_LATTICES = ("square", "triangle", "hex")
LATTICE = Setting("lattice", "Lattice", "the grid the board is drawn on: square, triangle or hex (default: the "
                  "piece set's; square for pieces drawn on the Custom sheet)", PLANE_LATTICES)
FIRST = Setting("first", "First triangle", "triangles: does the top-left character point up or down?",
                tuple(TRIANGLE.FIRST), "up")
USE = Setting("use", "Use", "all: every piece of the set, as many times as its count says (once: no count); any: each "
              "piece at most that many times, so a part of the set fills the board", ("all", "any"), "all")
COUNTS = Setting("counts", "Counts", "copies of pieces, over their set's counts: 'T x3, L 2..4' (three T, two to four "
                 "L); a piece not named is used once, or as its set says")


def counted(pieces: PieceSet, settings: Settings) -> PieceSet:
    """``pieces`` with the counts the settings give: ``use: any`` makes every piece's least count 0, then
    ``counts:`` sets the pieces it names.  InvalidPuzzle naming where a count is wrong."""
    counts = dict(pieces.counts)
    if settings.get("use") == "any":
        counts = {letter: (0, pieces.count_of(letter)[1]) for letter in pieces.pieces}
    text = settings.get("counts") or ""
    where = settings.place("counts")
    messages = []
    for entry in filter(None, (part.strip() for part in text.split(","))):
        letter, _, count = entry.partition(" ")
        letter, count = pieces.named(letter), count.strip()
        if len(letter) != 1 or not count or " " in count:
            messages.append(f"{where}: {entry!r} is not 'LETTER xN' or 'LETTER U..V' (entries separated by commas)")
            continue
        if letter not in pieces.pieces:
            messages.append(f"{where}: {letter!r} is not a piece of this set ({pieces.name}: "
                            f"{' '.join(pieces.pieces)}){_case_matters(pieces, letter)}")
            continue
        try:
            counts[letter] = catalog.parse_count(count)
        except ValueError as err:
            messages.append(f"{where}: piece {letter}: {err}")
    if messages:
        raise InvalidPuzzle(messages)
    counts = {letter: count for letter, count in counts.items() if count != (1, 1)}
    return pieces if counts == pieces.counts else replace(pieces, counts=counts)


def drawn_pieces(drawing: Drawing, turn_over: bool, lattice: PlaneLattice = SQUARE, first: str = "up") -> PieceSet:
    """The pieces drawn in a grid on ``lattice``: each letter's connected cells are one piece.

    As for a set from a file, a letter's case matters only where the drawing holds more than 26 letters (counted
    as typed): ``a`` and ``A`` are then two pieces, and one otherwise.  A piece takes the colour of its letter as
    first typed (``DRAWN_PALETTE``: A-Z, then a-z), the colour the sheet shows it in as it is typed."""
    namer = drawing.cell_name
    rows = pad(drawing.rows, keep_case=True)
    shift = layout_shift(lattice, rows, first)
    typed = {ch for row in rows for ch in row if ch.isascii() and ch.isalpha()}
    cased = len(typed) > catalog.CASED
    cells_of: dict[str, list] = {}
    first_typed: dict[str, str] = {}
    messages = between_hexagons(lattice, rows, shift, namer)
    for r, row in enumerate(drawing.rows):
        for c, ch in enumerate(row):
            if ch in (OPEN, OUTSIDE) or not lattice.holds(r, c, shift):
                continue
            if not (ch.isascii() and ch.isalpha()):
                messages.append(f"{namer(r, c)}: draw pieces with letters only, not {ch!r}")
                continue
            letter = ch if cased else ch.upper()
            cells_of.setdefault(letter, []).append(lattice.cell(r, c, shift))
            first_typed.setdefault(letter, ch)
    pieces = {}
    for letter in sorted(cells_of, key=PIECE_LETTERS.index):
        groups = sorted(sorted(lattice.position(cell, shift) for cell in group)
                        for group in lattice.connected_components(cells_of[letter]))
        if len(groups) > 1:
            where = " and ".join(namer(*g[0]) for g in groups)
            messages.append(f"{namer(*groups[1][0])}: piece {letter} is drawn in {len(groups)} places ({where}); "
                            "one letter draws one piece")
            continue
        pieces[letter] = Piece(letter, lattice.normalise(cells_of[letter]), drawn_colour(first_typed[letter]))
    if not cells_of and not messages:
        rows, cols = len(drawing.rows), max((len(r) for r in drawing.rows), default=1)
        messages.append(f"{range_name(namer, rows, cols)}: draw the pieces here first, one letter per piece")
    if messages:
        raise InvalidPuzzle(messages)
    return PieceSet("custom", "pieces drawn on the sheet", turn_over, pieces, lattice=lattice)


def read(rows: Sequence[str], settings: Settings, cell_name: CellNamer = cell_name) -> exact.CoverPuzzle:
    """A grid and its piece set (a name, a file, or a drawing) as a puzzle ready to search."""
    chosen = settings.get("pieces")
    messages = []
    named = settings.get("lattice")
    lattice = LATTICES[named or SQUARE.name]
    first = settings.get("first") or FIRST.default
    if isinstance(chosen, Drawing):
        try:
            pieces = drawn_pieces(chosen, settings.get("turn-over", "yes") == "yes", lattice, first)
        except InvalidPuzzle as err:  # the grid's letters cannot be judged without the pieces; the rest can
            raise InvalidPuzzle(err.messages + not_letters(pad(rows), cell_name)) from None
    else:
        if "turn-over" in settings.where:  # given, but a named piece set says itself whether its pieces turn over
            messages.append(f"{settings.place('turn-over')} applies to pieces drawn on the Custom sheet; "
                            "a named piece set says itself whether its pieces may be turned over")
        pieces = catalog.piece_set(chosen) if chosen else None
        if pieces is not None and not isinstance(pieces.lattice, PlaneLattice):
            raise InvalidPuzzle(messages + [f"{settings.place('pieces')}: {pieces.name} is a set of "
                                            f"{pieces.lattice.name} pieces; a tiling board is flat"])
        if pieces is not None and named and pieces.lattice is not lattice:
            messages.append(f"{settings.place('lattice')}: the {pieces.name} pieces lie on the "
                            f"{pieces.lattice.name} lattice, not {named}")
            lattice = pieces.lattice
    given_first = "first" in settings.where or first != FIRST.default
    if given_first and (pieces.lattice if pieces is not None else lattice) is not TRIANGLE:
        messages.append(f"{settings.place('first')} says how the top-left triangle points; this board is not "
                        "drawn in triangles")
    if pieces is None and (settings.get("counts") or settings.get("use") == "any"):
        pieces = choose_piece_set(rows, lattice)  # the set the counts are of
    if pieces is not None:
        pieces = counted(pieces, settings)
    try:
        puzzle = parse(rows, pieces, cell_name, first, lattice)
    except InvalidPuzzle as err:
        raise InvalidPuzzle(messages + err.messages) from None
    if messages:
        raise InvalidPuzzle(messages)
    return cover_puzzle(puzzle)


def cover_puzzle(puzzle: Puzzle) -> exact.CoverPuzzle:
    problem = encode(puzzle)
    colours = {k: p.colour for k, p in puzzle.pieces.pieces.items()}
    drawn = {**colours, HOLE: OFF_BOARD}

    def why_none() -> str:
        stranded = uncoverable(puzzle, problem)
        return f"no piece can cover {', '.join(stranded)}" if stranded else "the pieces cannot fill the open cells"

    plane = {} if puzzle.lattice is SQUARE else {"lattice": puzzle.lattice.name, "shift": puzzle.shift}

    def draw(rows: list[str]) -> Frame:
        frame = Frame.of_letters(rows, drawn, ground=HOLE + OUTSIDE)
        return replace(frame, **plane) if plane else frame

    return cover.puzzle(problem, places, puzzle.rows, why_none=why_none, colours=colours, draw=draw,
                        tint=(lambda solution: copies_tinted(puzzle, problem, solution)) if puzzle.pieces.counts else None,
                        item_maps=item_maps(puzzle, problem), rows=puzzle.rows, cell_name=puzzle.cell_name,
                        data={"family": "tiling", "pieces": puzzle.pieces.name,
                              **({"lattice": puzzle.lattice.name} if plane else {}),
                              **({"board": board} if (board := board_named(puzzle)) else {})},
                        **({"drawn": lambda frame: [replace(frame, **plane)]} if plane else {}))


#: How far each copy of a piece after the first moves its colour to white (> 0) or black (< 0).
COPY_SHADES = (0.0, 0.45, -0.35, 0.7, -0.55, 0.25, -0.2)


def copies_tinted(puzzle: Puzzle, problem: ExactCover, solution: Sequence[int]) -> dict[Point, str]:
    """The cells of a solution's copies of counted pieces, each copy in its own shade of its piece's colour
    (in reading order of the copies' first cells), so that two copies side by side show as two."""
    from ..pictures.shading import mix

    copies: dict[str, list[frozenset[Point]]] = defaultdict(list)
    for option in solution:
        letter, cells = problem.labels[option]
        if letter in puzzle.pieces.counts:
            copies[letter].append(cells)
    tinted = {}
    for letter, placed in copies.items():
        colour = puzzle.pieces.pieces[letter].colour
        for k, cells in enumerate(sorted(placed, key=min)):
            step = COPY_SHADES[k % len(COPY_SHADES)]
            shade = colour if not step else mix(colour, "#ffffff" if step > 0 else "#000000", abs(step))
            tinted.update((cell, shade) for cell in cells)
    return tinted


def board_named(puzzle: Puzzle) -> str | None:
    """The named board whose cells the puzzle's are (the one for its piece set first), or None: what its levels
    are looked up by (``levels.txt``).  A broken board file of the user's leaves a puzzle unnamed, not unread."""
    cells = puzzle.cells()
    try:
        return next((board.name for board in catalog.boards_of_set_first(puzzle.pieces.name)
                     if board.lattice is puzzle.lattice and board.cells == cells), None)
    except catalog.DataFileError:
        return None


def named_board(name: str) -> tuple[list[str], dict]:
    """A named board, empty, and its piece set (and its use: and counts:, if it says)."""
    board = catalog.board(name)
    return empty_board_rows(board), {"pieces": board.pieces, **({"first": board.first} if board.first else {}),
                                     **board.settings}


def named_boards() -> list[NamedBoard]:
    """The catalogue's boards (shipped and from XLSOLVER_DATA), for ``xlsolver boards``."""
    return [NamedBoard(name, b.title, b.pieces, b.rows, len(b.cells), b.known_total, b.known_distinct,
                       len(b.lattice.symmetries(b.cells))) for name, b in catalog.boards().items()]


def legend(settings) -> list[Frame]:
    """Each piece of the set, drawn in its colour (on triangles or hexagons, each frame says its layout); of
    several sets (``settings["pieces"]`` a tuple of names), each piece captioned with its set's title."""
    names = settings["pieces"]
    if isinstance(names, str):
        pieces = catalog.piece_set(names)
        return [piece_frame(piece, pieces.lattice) for piece in pieces.pieces.values()]
    frames = []
    for name in names:
        pieces = catalog.piece_set(name)
        caption = pieces.title.split(" (")[0]
        frames += [replace(piece_frame(piece, pieces.lattice), caption=caption) for piece in pieces.pieces.values()]
    return frames


def piece_frame(piece: Piece, lattice: PlaneLattice) -> Frame:
    """One piece drawn in its colour, in the smallest frame that holds it."""
    if lattice is SQUARE:
        return Frame.of_cells({cell: Cell(piece.letter, piece.colour) for cell in piece.cells})
    positions, shift = lattice.drawn(piece.cells)
    frame = Frame.of_cells({position: Cell(piece.letter, piece.colour) for position in positions.values()})
    return replace(frame, lattice=lattice.name, shift=shift)


def board_sheet(order: int, name: str, intro: str, pieces: str,
                boards: tuple[tuple[str, str, str, tuple[str, ...]], ...]) -> SheetSpec:
    """A sheet of named boards for one piece set, the set's pieces its legend; ``boards``: each area's name,
    title, board and sample input."""
    from ..base.sheets import AreaSpec, SheetSpec

    letters = "".join(catalog.piece_set(pieces).pieces)

    def area(area_name: str, title: str, board: str, sample: tuple[str, ...]) -> AreaSpec:
        drawing = catalog.board(board).rows
        return AreaSpec(area_name, title, len(drawing), len(drawing[0]), board=board, settings={"pieces": pieces},
                        letters=letters, sample=sample, generate=True)

    return SheetSpec(name, f"Sheet{order}", order, name, intro, tuple(area(*each) for each in boards),
                     legend={"pieces": pieces})


#: The piece sets the Polyforms sheet's Pieces cells offer, by lattice; the first is the sample's.
POLYIAMOND_SETS = ("hexiamonds", "pentiamonds", "tetriamonds", "polyiamonds-1-6", "one-sided-hexiamonds",
                   "one-sided-pentiamonds", "one-sided-polyiamonds-1-6")
POLYHEX_SETS = ("tetrahexes", "pentahexes", "trihexes", "polyhexes-1-4", "one-sided-tetrahexes", "polyhexes-1-5",
                "one-sided-pentahexes")


def sheet_drawing(board: catalog.Board, given: str = "") -> tuple[str, ...]:
    """A named board drawn as a Polyforms grid lays it out (its top-left character a triangle pointing up, or a
    hexagon), one column further right where the board's drawing starts the other way; ``given``: a piece's
    letters typed over the first of its top line's cells ('.' in every other cell)."""
    rows = [" " * board.shift + row.replace(HOLE, OUTSIDE) for row in board.rows]
    rows[0] = rows[0].replace(OPEN * len(given), given, 1)
    return tuple(row.rstrip() for row in rows)


WIDE_LEGEND = 64  # the legend's columns: the twelve hexiamonds on one line, as wide as the sheet's grids


def polyform_sheet(order: int, code_name: str) -> SheetSpec:
    """Boards and pieces on triangles and hexagons, drawn in the cells: a grid of each, its Pieces cell, the
    hexiamonds and tetrahexes as the legend."""
    from ..base.sheets import LEGEND_TOP, AreaSpec, SettingCell, SheetSpec, legend_places

    shown = (POLYIAMOND_SETS[0], POLYHEX_SETS[0])
    legend_rows = legend_places([(f.height, f.width, f.caption) for f in legend({"pieces": shown})], WIDE_LEGEND)[2]

    def area(name: str, cells: str, lattice: str, rows: int, cols: int, choices: tuple[str, ...], board: str,
             given: str = "") -> AreaSpec:
        shipped = catalog.board(board)
        title = (f"{cells}: the {shipped.title[0].lower()}{shipped.title[1:]}{f', {given[0]} given' if given else ''} "
                 f"({shipped.known_total:,} solutions, {shipped.known_distinct:,} up to turning)")
        return AreaSpec(name, title, rows, cols, settings={"lattice": lattice},
                        cells=(SettingCell("pieces", (-2, cols + 9), choices[0], choices=choices),  # past the title
                               SettingCell("use", (-1, cols + 9), "All"), SettingCell("counts", (-1, cols + 16), "")),
                        hint="Type . for a cell of the board, a piece letter", empty=OUTSIDE, generate=True,
                        lattice=lattice, sample=sheet_drawing(shipped, given), keep_case=True)  # a and A: two
    # pieces of a set of more than 26 (the family folds the case for any other set)

    return SheetSpec(
        "Polyforms", code_name, order, "Triangles and hexagons: polyiamonds and polyhexes",
        "Draw a board with . in the cells (a letter: a piece placed), choose the pieces, press Solve. Triangles: a "
        "white cell points up, a grey one down. Hexagons: one in every white cell; the grey cells lie between two.",
        areas=(
            area("Iamonds", "Triangles", "triangle", 8, 24, POLYIAMOND_SETS, "hexiamonds-6x6", "IIIIII"),
            area("Hexes", "Hexagons", "hex", 8, 24, POLYHEX_SETS, "tetrahexes-4x7"),
        ),
        legend={"pieces": shown}, areas_top=LEGEND_TOP + legend_rows + 1, legend_width=WIDE_LEGEND)


def sheets() -> tuple[SheetSpec, ...]:
    from ..base.sheets import BELOW_INTRO, AreaSpec, DrawingCells, SettingCell, SheetSpec, SizeCells

    return (
        board_sheet(
            1, "Pentominoes",
            "Type piece letters into a left-hand grid as hints (a whole piece or a few of its cells), leave the "
            "other cells empty, and press Solve. The solution appears on the right; what you typed is never changed.",
            "pentominoes", (
                ("Pento6x10", "6 x 10 rectangle (9,356 solutions)", "6x10", ("", "", "    X", "   XXX", "    X", "")),
                ("Pento5x12", "5 x 12 rectangle (4,040 solutions)", "5x12", ()),
                ("Pento4x15", "4 x 15 rectangle (1,472 solutions)", "4x15", ()),
                ("Pento3x20", "3 x 20 rectangle (8 solutions)", "3x20", ()),
                ("PentoScott", "8 x 8 minus the centre (Scott's board, 520 solutions)", "scott", ()),
            )),
        board_sheet(
            2, "IQ Puzzler Pro",
            "Copy a challenge from the booklet: type the letter of each pre-placed piece into its cells "
            "(A = yellow ... L = light green, as in the legend) and press Solve. Dark cells are not part of the board.",
            "iq-puzzler-pro", (
                ("IQ5x11", "5 x 11 board", "iq5x11", ("G", "GGG", "  C", "  CCCC", "")),  # challenge 37
                ("IQDiamond", "Diamond board (the 45-degree side, drawn on the square grid)", "iqdiamond",
                 (" ..II", "...ID", "....DDE", "...GKDE", "...GKKEEA", "  GGKCCEA", "  HHHCJAA", "    HCJJA",
                  "    HCJJ")),  # booklet challenge 41
            )),
        SheetSpec(
            "Custom", "Sheet3", 3, "Your own puzzle",
            "Set the board size, type # for holes and letters for pre-placed pieces in the left grid; draw every piece "
            "below, one letter per piece (a letter's connected cells are that piece). Then press Solve.",
            areas_top=BELOW_INTRO,
            areas=(
                AreaSpec("Custom", "Board (empty cells inside the size are open board)", 12, 16,
                         cells=(SettingCell("turn-over", (-4, 21), "Yes"), SettingCell("use", (-4, 29), "All"),
                                SettingCell("counts", (-4, 36), "")),
                         size=SizeCells((-4, 3), (-4, 9), (8, 8), "this cell is not part of the board; leave it empty"),
                         drawing=DrawingCells("pieces", (19, 0), 12, 40,
                                              "Pieces: draw each with its own letter (here, the 12 pentominoes)",
                                              "A letter's connected cells are one piece; colours follow the letters.",
                                              {"pieces": "pentominoes"}, DRAWN_PALETTE),
                         sample=("", "", "", "   ##", "   ##", "", "", ""),  # Scott's board, drawn by hand
                         keep_case=True),  # pieces drawn with more than 26 letters tell a from A
            )),
        polyform_sheet(5, "Sheet14"),
    )


FAMILY = cover.family(name="tiling", read=read, settings=(PIECES, TURN_OVER, LATTICE, FIRST, USE, COUNTS), board=named_board, boards=named_boards, legend=legend, heat_map=True,
                      title="Tilings: fill a board with every piece of a set (pentominoes, IQ Puzzler Pro, your own)",
                      sheets=sheets, order=0)
