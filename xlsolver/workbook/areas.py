"""Reading an area of the workbook as a puzzle; messages name sheet cells.

Fixed boards (pentomino rectangles, IQ boards) take their mask from the named
board: an empty input cell on the board is open, cells off the board must stay
empty.  The Custom area takes its size from ``Custom_Rows`` and ``Custom_Cols``
and its pieces from the drawing in ``Custom_Pieces``.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from .. import catalog, geometry
from ..a1 import CellNamer, offset_namer, range_name
from ..catalog import Piece, PieceSet
from ..families import tiling
from ..families import InvalidPuzzle
from ..families.prepared import Prepared, prepare
from . import layout
from .book import Book
from .cells import OPEN, grid_chars

#: Colours for pieces drawn on the Custom sheet, by letter (A..Z).
CUSTOM_PALETTE = (
    "#fb8072", "#80b1d3", "#b3de69", "#fdb462", "#bebada", "#fccde5", "#8dd3c7", "#ffed6f",
    "#bc80bd", "#ccebc5", "#ffffb3", "#e5c494", "#66c2a5", "#fc8d62", "#8da0cb", "#e78ac3",
    "#a6d854", "#ffd92f", "#b3b3ff", "#f4a582", "#92c5de", "#d6604d", "#5aae61", "#c2a5cf",
    "#dfc27d", "#80cdc1",
)


@dataclass(frozen=True)
class AreaPuzzle:
    prepared: Prepared  # the puzzle ready to search, whatever its family
    on_board: frozenset  # (row, col) cells of the input block that belong to the board
    shape: tuple[int, int]  # rows, cols of the input block
    fingerprint: str  # changes when the input (or the pieces, or the play) change

    def shows_piece(self, cell: tuple[int, int]) -> bool:
        """Does a solution put a piece letter on this cell (not a hole, not off the board)?"""
        puzzle = self.prepared.puzzle
        return cell in puzzle.board if self.prepared.family == "tiling" else cell in self.on_board


def namer_for(book: Book, name: str) -> CellNamer:
    _, top, left = book.anchor(name)
    return offset_namer(top, left)


def read(book: Book, area: layout.Area) -> AreaPuzzle:
    """The area's puzzle, or InvalidPuzzle with every problem, named by sheet cell."""
    name = f"{area.name}_In"
    values = book.read(name)
    namer = namer_for(book, name)
    grid, messages = grid_chars(values, namer, keep_case=area.keeps_case)
    rows, cols = len(grid), len(grid[0]) if grid else 0
    pieces, mode = None, "easy"
    if area.board is not None:
        board = catalog.board(area.board)
        pieces = catalog.piece_set(area.pieces)
        if (rows, cols) != (len(board.rows), len(board.rows[0])):
            raise InvalidPuzzle([f"{range_name(namer, rows, cols)}: {name} should be {len(board.rows)} x "
                                 f"{len(board.rows[0])} cells for the {board.name} board, it is {rows} x {cols}"])
        on_board = board.cells
    elif area.family == "tiling":
        size, size_messages = _custom_size(book, rows, cols)
        messages += size_messages
        pieces, piece_messages = read_custom_pieces(book)
        messages += piece_messages
        on_board = frozenset((r, c) for r in range(size[0]) for c in range(size[1]))
    else:
        on_board = frozenset((r, c) for r in range(rows) for c in range(cols))
        if area.family == "roadblock":
            mode, mode_message = _play(book)
            messages += [mode_message] if mode_message else []
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if (r, c) not in on_board:
                if ch != OPEN:
                    messages.append(f"{namer(r, c)}: this cell is not part of the board; leave it empty")
                row[c] = tiling.OUTSIDE
    if messages:
        raise InvalidPuzzle(messages)
    text_rows = ["".join(row) for row in grid]
    if area.family != "tiling":  # these boards are whole rectangles: trim nothing
        text_rows = [row.replace(tiling.OUTSIDE, OPEN) for row in text_rows]
    prepared = prepare(area.family, text_rows, cell_name=namer, piece_set=pieces, mode=mode)
    signature = _piece_signature(pieces) if pieces else [area.family, mode]
    digest = hashlib.sha1("\n".join([area.name, *text_rows, *signature]).encode()).hexdigest()[:16]
    return AreaPuzzle(prepared, frozenset(on_board), (rows, cols), digest)


def _play(book: Book) -> tuple[str, str | None]:
    """RoadBlock's option cell: easy (red car only) or advanced (green car too)."""
    value = book.read(layout.ROADBLOCK_MODE)[0][0]
    text = str(value).strip().lower() if value is not None else "easy"
    if text in ("easy", ""):
        return "easy", None
    if text == "advanced":
        return "advanced", None
    where = namer_for(book, layout.ROADBLOCK_MODE)(0, 0)
    return "easy", f"{where}: play is Easy or Advanced, not {value!r}"


def _piece_signature(pieces: PieceSet) -> list[str]:
    return [f"{p.letter}{p.cells}" for p in pieces.pieces.values()] + [str(pieces.turn_over)]


def _custom_size(book: Book, rows: int, cols: int) -> tuple[tuple[int, int], list[str]]:
    return _custom_size_of(book, layout.CUSTOM_ROWS, layout.CUSTOM_COLS, rows, cols)


def _custom_size_of(book: Book, rows_name: str, cols_name: str, rows: int, cols: int):
    """A board size typed into two cells, each at most the grid's; messages name the cells."""
    size, messages = [], []
    for name, most in ((rows_name, rows), (cols_name, cols)):
        value = book.read(name)[0][0]
        where = namer_for(book, name)(0, 0)
        number = _whole_number(value)
        if number is None or not 1 <= number <= most:
            messages.append(f"{where}: the board size must be a whole number from 1 to {most}, not {value!r}")
            number = most
        size.append(number)
    return (size[0], size[1]), messages


def _whole_number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) and float(value).is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def read_custom_pieces(book: Book) -> tuple[PieceSet, list[str]]:
    """The pieces drawn in Custom_Pieces: each letter's connected cells are one piece."""
    name = layout.CUSTOM_PIECES
    namer = namer_for(book, name)
    values = book.read(name)
    grid, messages = grid_chars(values, namer)
    cells_of: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == OPEN:
                continue
            if not (ch.isascii() and ch.isalpha()):
                messages.append(f"{namer(r, c)}: draw pieces with letters only, not {ch!r}")
                continue
            cells_of.setdefault(ch, []).append((r, c))
    pieces = {}
    for letter in sorted(cells_of):
        groups = geometry.connected_components(cells_of[letter])
        if len(groups) > 1:
            where = " and ".join(namer(*g[0]) for g in groups)
            messages.append(f"{namer(*groups[1][0])}: piece {letter} is drawn in {len(groups)} places ({where}); "
                            "one letter draws one piece")
            continue
        colour = CUSTOM_PALETTE[ord(letter) - ord("A")]
        pieces[letter] = Piece(letter, geometry.normalise(groups[0]), colour)
    if not cells_of and not messages:
        rows, cols = len(grid), len(grid[0]) if grid else 0
        messages.append(f"{range_name(namer, rows, cols)}: draw the pieces here first, one letter per piece")
    turn_over, turn_message = _turn_over(book)
    if turn_message:
        messages.append(turn_message)
    return PieceSet("custom", "pieces drawn on the Custom sheet", turn_over, pieces), messages


def _turn_over(book: Book) -> tuple[bool, str | None]:
    value = book.read(layout.CUSTOM_TURN_OVER)[0][0]
    text = str(value).strip().lower() if value is not None else "yes"
    if text in ("yes", "y", "true", "1", ""):
        return True, None
    if text in ("no", "n", "false", "0"):
        return False, None
    where = namer_for(book, layout.CUSTOM_TURN_OVER)(0, 0)
    return True, f"{where}: answer Yes or No (may pieces be turned over?), not {value!r}"


def time_limit(book: Book, area: layout.Area) -> tuple[float, str | None]:
    """Seconds from the area's time-limit cell (default when empty), or a message."""
    name = f"{area.name}_TimeLimit"
    value = book.read(name)[0][0]
    if value is None or (isinstance(value, str) and not value.strip()):
        return float(layout.DEFAULT_TIME_LIMIT), None
    try:
        seconds = float(value) if not isinstance(value, bool) else -1.0
    except (TypeError, ValueError):
        seconds = -1.0
    if seconds > 0:
        return seconds, None
    where = namer_for(book, name)(0, 0)
    return float(layout.DEFAULT_TIME_LIMIT), f"{where}: the time limit must be a number of seconds above 0, not {value!r}"
