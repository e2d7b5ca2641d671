"""Pieces whose cells carry marks (a lamp, a road, a police car), shared by the
Ghost Hunter and RoadBlock families.

A piece-set file starts with ``key: value`` lines (``title``, ``board`` as
``ROWSxCOLS``, ``turn-over``), then one block per piece: a line
``LETTER #rrggbb [words...]`` and the piece drawn with mark characters, ``.``
for a gap.  Which marks exist is the family's business.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import geometry
from ..answer import Cell, Frame
from ..catalog import COLOUR, DataFileError, read_data_file, split_header, yes_no

Mark = str
MarkedCell = tuple[int, int, Mark]
#: The header keys of a marked piece-set file (``police-car-colour``: RoadBlock's police cars).
HEADER_KEYS = ("title", "board", "turn-over", "police-car-colour")


@dataclass(frozen=True)
class MarkedPiece:
    letter: str
    colour: str
    cells: tuple[MarkedCell, ...]  # normal form of the drawn orientation
    words: tuple[str, ...] = ()  # what follows the colour on its line (kind, required...)

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class MarkedSet:
    title: str
    rows: int
    cols: int
    turn_over: bool
    pieces: dict[str, MarkedPiece]
    header: dict[str, str]

    @property
    def board(self) -> frozenset[tuple[int, int]]:
        return frozenset((r, c) for r in range(self.rows) for c in range(self.cols))


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
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, line in body:
        if line:
            blocks[-1].append((number, line))
        elif blocks[-1]:
            blocks.append([])
    pieces: dict[str, MarkedPiece] = {}
    for block in filter(None, blocks):
        (number, title), art = block[0], block[1:]
        letter, *words = title.split()
        if len(letter) != 1 or not letter.isalpha() or not words or not COLOUR.match(words[0]):
            raise DataFileError(f"{where}:{number}: a piece starts with 'LETTER #rrggbb ...', got {title!r}")
        cells = [(r, c, ch) for r, (_, line) in enumerate(art) for c, ch in enumerate(line) if ch != "."]
        stray = {ch for _, _, ch in cells} - set(marks)
        if stray or not cells:
            raise DataFileError(f"{where}:{number}: piece {letter} must be drawn with {' '.join(marks)} and '.'")
        if len(geometry.connected_components((r, c) for r, c, _ in cells)) != 1:
            raise DataFileError(f"{where}:{number}: piece {letter} is not connected")
        pieces[letter.upper()] = MarkedPiece(letter.upper(), words[0].lower(), _normalise(cells), tuple(words[1:]))
    return MarkedSet(header.get("title", where), rows, cols, yes_no(header.get("turn-over", "no"), where),
                     pieces, header)


def read_marked_file(path: str, marks: str) -> MarkedSet:
    """Another edition's piece file (same format as the shipped one), for ``--pieces FILE``."""
    return parse_marked_set(read_data_file(path, path), marks, path)


def picture(piece: MarkedPiece, text, colour) -> Frame:
    """A piece drawn for a legend: ``text(letter, mark)`` and ``colour(piece, mark)`` per cell."""
    return Frame.of_cells({(r, c): Cell(text(piece.letter, m), colour(piece, m)) for r, c, m in piece.cells})


def _normalise(cells) -> tuple[MarkedCell, ...]:
    top = min(r for r, _, _ in cells)
    left = min(c for _, c, _ in cells)
    return tuple(sorted((r - top, c - left, m) for r, c, m in cells))


def orientations(piece: MarkedPiece, turn_over: bool) -> list[tuple[MarkedCell, ...]]:
    """Distinct orientations, marks travelling with their cells."""
    seen: dict[tuple[MarkedCell, ...], None] = {}
    for transform in geometry.TRANSFORMS if turn_over else geometry.ROTATIONS:
        seen.setdefault(_normalise([(*transform(r, c), m) for r, c, m in piece.cells]), None)
    return list(seen)


def placements(piece: MarkedPiece, turn_over: bool, board: frozenset) -> list[dict[tuple[int, int], Mark]]:
    """Every placement on the board, as cell -> mark."""
    found = []
    for shape in orientations(piece, turn_over):
        r0, c0, _ = shape[0]
        for br, bc in sorted(board):
            moved = {(r + br - r0, c + bc - c0): m for r, c, m in shape}
            if moved.keys() <= board:
                found.append(moved)
    return found
