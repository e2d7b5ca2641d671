"""Tiling puzzles: fill a board with every piece of a set, exactly once.

The grid is text, one string per row.  A letter marks a cell covered by that
piece (the whole piece or some of its cells, as a hint), ``.`` an open cell, and
``#`` or a space a cell that is not part of the board.  Letters may be either
case.

    puzzle = parse(["EAAAABGGG..", ...])         # raises InvalidPuzzle, naming cells
    problem = encode(puzzle)                      # an ExactCover
    rows = decode(puzzle, problem, solution)      # the solved letter grid

Exact-cover items: every board cell (primary, named in A1 notation), then every
piece (primary, named by its letter).  Cells come column by column when the
board is wider than tall, so the engine fills along the short side.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import catalog, geometry
from ..a1 import CellNamer, cell_name, range_name
from ..catalog import PieceSet
from ..exact_cover import ExactCover
from ..geometry import Cell
from . import InvalidPuzzle

OPEN, HOLE, OUTSIDE = ".", "#", " "


@dataclass(frozen=True)
class Puzzle:
    rows: tuple[str, ...]  # the grid as given, padded to a rectangle, letters upper case
    board: frozenset[Cell]  # cells that are part of the board
    givens: dict[Cell, str]  # pre-placed letter per cell
    pieces: PieceSet
    cell_name: CellNamer = field(default=cell_name, compare=False)

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    def given_cells(self) -> dict[str, list[Cell]]:
        by_letter: dict[str, list[Cell]] = defaultdict(list)
        for cell, letter in sorted(self.givens.items()):
            by_letter[letter].append(cell)
        return dict(by_letter)


def pad(rows: Sequence[str]) -> tuple[str, ...]:
    """Rows padded with spaces (not board) to the longest one, upper-cased."""
    rows = [row.rstrip("\r\n") for row in rows]
    width = max((len(row) for row in rows), default=0)
    return tuple(row.upper().ljust(width) for row in rows)


def choose_piece_set(rows: Sequence[str]) -> PieceSet:
    """The piece set that fits the grid: its letters and its total area.

    Raises InvalidPuzzle if none fits or several do.
    """
    rows = pad(rows)
    letters = {ch for row in rows for ch in row if ch.isalpha()}
    area = sum(ch != OUTSIDE and ch != HOLE for row in rows for ch in row)
    sets = catalog.piece_sets().values()
    by_letters = [s for s in sets if letters <= set(s.pieces)]
    by_area = [s for s in sets if s.area == area]
    fitting = [s for s in by_letters if s.area == area]
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


def parse(rows: Sequence[str], pieces: PieceSet | None = None, cell_name: CellNamer = cell_name) -> Puzzle:
    """Check a grid and make it a puzzle, or raise InvalidPuzzle listing every problem."""
    rows = pad(rows)
    if not rows or not rows[0]:
        raise InvalidPuzzle(["the grid is empty: draw the board with '.' for open cells"])
    if pieces is None:
        pieces = choose_piece_set(rows)
    messages: list[str] = []
    board: set[Cell] = set()
    givens: dict[Cell, str] = {}
    unknown: dict[str, list[Cell]] = defaultdict(list)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in (OUTSIDE, HOLE):
                continue
            board.add((r, c))
            if ch == OPEN:
                continue
            if not ch.isalpha() or not ch.isascii():
                messages.append(f"{cell_name(r, c)}: {ch!r} is not a piece letter; use a letter, '.' for an open cell or '#' for a hole")
            elif ch in pieces.pieces:
                givens[(r, c)] = ch
            else:
                unknown[ch].append((r, c))
    for letter, cells in unknown.items():
        also = f" (also {', '.join(cell_name(*c) for c in cells[1:])})" if len(cells) > 1 else ""
        messages.append(f"{cell_name(*cells[0])}: {letter!r} is not a piece of this set ({pieces.name}: {' '.join(pieces.pieces)}){also}")
    puzzle = Puzzle(rows, frozenset(board), givens, pieces, cell_name)
    messages += _check_givens(puzzle)
    if not messages:
        messages += _check_area(puzzle)
    if messages:
        raise InvalidPuzzle(messages)
    return puzzle


def _check_givens(puzzle: Puzzle) -> list[str]:
    """Each letter's cells must be one piece that can lie there."""
    messages = []
    name = puzzle.cell_name
    for letter, cells in puzzle.given_cells().items():
        piece = puzzle.pieces.pieces[letter]
        shapes = puzzle.pieces.orientations(letter)
        if _fits(shapes, cells, puzzle.board):
            continue
        groups = geometry.connected_components(cells)
        listed = ", ".join(name(*c) for c in cells)
        if len(groups) > 1 and all(_fits(shapes, g, puzzle.board) for g in groups):
            where = " and ".join(name(*g[0]) for g in groups)
            messages.append(f"{name(*groups[1][0])}: piece {letter} is given twice (at {where}); a letter marks one piece")
        elif len(cells) > piece.size:
            messages.append(f"{name(*cells[0])}: {len(cells)} cells are marked {letter} ({listed}) but piece {letter} has {piece.size}")
        else:
            messages.append(f"{name(*cells[0])}: the cells marked {letter} ({listed}) do not fit piece {letter} in any position")
    return messages


def _fits(shapes, cells: Sequence[Cell], board: frozenset[Cell]) -> bool:
    """Is there a placement of the piece on the board that covers all ``cells``?"""
    wanted = frozenset(cells)
    if len(wanted) > len(shapes[0]):
        return False
    return any(wanted <= placed for placed in geometry.placements(shapes, board))


def _check_area(puzzle: Puzzle) -> list[str]:
    open_cells = len(puzzle.board) - len(puzzle.givens)
    given = puzzle.given_cells()
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


def item_order(board: frozenset[Cell]) -> list[Cell]:
    """Board cells in the order the engine should fill them: along the short side."""
    rows = 1 + max(r for r, _ in board) - min(r for r, _ in board)
    cols = 1 + max(c for _, c in board) - min(c for _, c in board)
    if cols > rows:
        return sorted(board, key=lambda rc: (rc[1], rc[0]))
    return sorted(board)


def encode(puzzle: Puzzle) -> ExactCover:
    """The puzzle as exact cover; each option's label is ``(letter, cells)``."""
    cells = item_order(puzzle.board)
    problem = ExactCover(primary=[cell_name(*c) for c in cells] + list(puzzle.pieces.pieces))
    given = puzzle.given_cells()
    for letter in puzzle.pieces.pieces:
        own = frozenset(given.get(letter, ()))
        for placed in geometry.placements(puzzle.pieces.orientations(letter), puzzle.board):
            if own <= placed and all(puzzle.givens.get(c, letter) == letter for c in placed):
                problem.add_option([letter] + [cell_name(*c) for c in sorted(placed)], label=(letter, placed))
    return problem


def uncoverable(puzzle: Puzzle, problem: ExactCover) -> list[str]:
    """Names of open cells that no piece can cover: the plainest reason for no solution."""
    covered = {cell for _, placed in problem.labels for cell in placed}
    return [puzzle.cell_name(*cell) for cell in sorted(puzzle.board - covered)]


def decode(puzzle: Puzzle, problem: ExactCover, solution: Sequence[int]) -> list[str]:
    """The solved grid: every board cell shows the letter of the piece covering it."""
    grid = [list(row) for row in puzzle.rows]
    for option in solution:
        letter, placed = problem.labels[option]
        for r, c in placed:
            grid[r][c] = letter
    return ["".join(row) for row in grid]


def symmetries(puzzle: Puzzle) -> list[dict[Cell, Cell]]:
    """Symmetries of the board that also keep every given letter in place."""
    return [
        g
        for g in geometry.symmetries(puzzle.board)
        if all(puzzle.givens.get(g[cell]) == letter for cell, letter in puzzle.givens.items())
    ]


def item_maps(puzzle: Puzzle, problem: ExactCover) -> list[list[int]]:
    """Each puzzle symmetry as a permutation of the problem's items (pieces stay put)."""
    index = {name: i for i, name in enumerate(problem.items)}
    maps = []
    for g in symmetries(puzzle):
        mapping = list(range(len(problem.items)))
        for cell, image in g.items():
            mapping[index[cell_name(*cell)]] = index[cell_name(*image)]
        maps.append(mapping)
    return maps


def empty_board_rows(board: catalog.Board) -> list[str]:
    """A board's drawing as a puzzle grid with every cell open."""
    return [row.replace(HOLE, OUTSIDE) for row in board.rows]
