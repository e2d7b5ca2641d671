"""Pieces whose cells carry marks (a lamp, a road, a police car), shared by the
Ghost Hunter and RoadBlock families.

A piece-set file starts with ``key: value`` lines (``title``, ``board`` as
``ROWSxCOLS``, ``turn-over``), then one block per piece: a line
``LETTER #rrggbb [words...]`` and the piece drawn with mark characters, ``.``
for a gap.  Which marks exist is the family's business.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..base.a1 import CellNamer, range_name
from ..base.answer import Cell, Frame
from ..geometry.catalog import DataFileError, piece_blocks, read_data_file, split_header, yes_no
from ..geometry.lattice import Point
from ..geometry.lattice import SQUARE, Lattice, Mark
from ..geometry.piece import Piece, marked_piece

#: What a grid gives of a piece, per cell: (the piece's letter, whether it is typed in lower case: its mark).
Givens = Mapping[Point, tuple[str, bool]]
#: The header keys of a marked piece-set file (``police-car-colour``: RoadBlock's police cars).
HEADER_KEYS = ("title", "board", "turn-over", "police-car-colour")


@dataclass(frozen=True)
class MarkedSet:
    title: str
    rows: int
    cols: int
    turn_over: bool
    pieces: dict[str, Piece]
    header: dict[str, str]
    lattice: Lattice = SQUARE

    @property
    def board(self) -> frozenset[Point]:
        return frozenset((r, c) for r in range(self.rows) for c in range(self.cols))

    def placements(self, letter: str) -> list[dict[Point, Mark]]:
        """Every placement of a piece on the board, as cell -> mark."""
        return self.pieces[letter].placements(self.turn_over, self.board, self.lattice)


def parse_marked_set(text: str, marks: str, where: str, keys: tuple[str, ...] = HEADER_KEYS) -> MarkedSet:
    """Read a marked piece-set file; ``marks`` are the characters a drawing may use."""
    header, _, body = split_header(text, where, keys)
    size = header.get("board")
    try:
        rows, cols = (int(n) for n in (size or "").lower().split("x"))
        if not (0 < rows <= 100 and 0 < cols <= 100):
            raise ValueError
    except ValueError:
        got = f", got '{size}'" if size is not None else ""
        raise DataFileError(f"{where}: the header needs 'board: ROWSxCOLS' (1 to 100 each){got}") from None
    pieces: dict[str, Piece] = {}
    for number, letter, colour, words, art in piece_blocks(body, where, "..."):
        cells = [((r, c), ch) for r, (_, line) in enumerate(art) for c, ch in enumerate(line) if ch != "."]
        stray = {ch for _, ch in cells} - set(marks)
        if stray or not cells:
            raise DataFileError(f"{where}:{number}: piece {letter} must be drawn with {' '.join(marks)} and '.'")
        if len(SQUARE.connected_components(cell for cell, _ in cells)) != 1:
            raise DataFileError(f"{where}:{number}: piece {letter} is not connected")
        pieces[letter.upper()] = marked_piece(letter.upper(), colour.lower(), cells, tuple(words), SQUARE)
    return MarkedSet(header.get("title", where), rows, cols, yes_no(header.get("turn-over", "no"), where),
                     pieces, header)


def read_marked_file(path: str, marks: str) -> MarkedSet:
    """Another edition's piece file (same format as the shipped one), for ``--pieces FILE``."""
    return parse_marked_set(read_data_file(path, path), marks, path)


def picture(piece: Piece, text, colour) -> Frame:
    """A piece drawn for a legend: ``text(letter, mark)`` and ``colour(piece, mark)`` per cell."""
    return Frame.of_cells({cell: Cell(text(piece.letter, m), colour(piece, m)) for cell, m in piece.marked().items()})


# --- a grid that gives some pieces' cells, read the same way by every family of marked pieces ----------------

def given_placements(piece_set: MarkedSet, letter: str, givens: Givens, mark: Mark | None = None
                     ) -> list[dict[Point, Mark]]:
    """Placements of a piece that cover every cell given to it and no cell given to another piece.

    With ``mark``: a cell given in lower case carries that mark, one in upper case does not.
    """
    mine = {cell: lower for cell, (other, lower) in givens.items() if other == letter}
    found = []
    for placed in piece_set.placements(letter):
        if any(givens.get(cell, (letter, False))[0] != letter for cell in placed):
            continue
        if all(cell in placed and (mark is None or (placed[cell] == mark) == lower) for cell, lower in mine.items()):
            found.append(placed)
    return found


def misplaced(givens: Givens, allowed: Callable[[str], list]) -> list[tuple[str, list[Point]]]:
    """Each piece given cells where it has no ``allowed`` placement, with those cells (reading order)."""
    by_piece: dict[str, list[Point]] = {}
    for cell, (letter, _) in sorted(givens.items()):
        by_piece.setdefault(letter, []).append(cell)
    return [(letter, cells) for letter, cells in by_piece.items() if not allowed(letter)]


def wrong_size(grid: list[str], piece_set: MarkedSet, cell_name: CellNamer) -> tuple[str, int, int] | None:
    """Where the grid is and its rows and columns, if that is not the board's size."""
    if len(grid) == piece_set.rows and all(len(row) == piece_set.cols for row in grid):
        return None
    width = max((len(r) for r in grid), default=0)
    return range_name(cell_name, max(len(grid), 1), max(width, 1)), len(grid), width


