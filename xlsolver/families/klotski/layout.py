"""Layouts: where every piece stands, read from rows of letters and drawn back.

The one place that turns a drawn layout into the search's int and back:
:func:`parse` checks the drawing and names every cell at fault, :func:`render`
draws a state, :func:`piece_names` numbers alike pieces as moves name them.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ...base.a1 import CellNamer, cell_name, range_name
from .. import InvalidPuzzle
from . import search
from .data import EMPTY, Point, PieceType, Puzzle, classic


@dataclass(frozen=True)
class Layout:
    """Where every piece stands: one int (see :mod:`.search`) on a puzzle."""

    puzzle: Puzzle
    state: int

    @property
    def rows(self) -> list[str]:
        return render(self.puzzle, self.state)

    @property
    def solved(self) -> bool:
        return self.puzzle.moves.is_goal(self.state)

    def pieces(self) -> list[tuple[str, str, list[Point]]]:
        """``(name, letter, cells)`` of every piece, named as moves name them."""
        board = self.puzzle.moves
        return [(name, self.puzzle.kinds[kind].letter, _cells(board, kind, anchor))
                for (kind, anchor), name in piece_names(self.puzzle, self.state).items()]


def piece_names(puzzle: Puzzle, state: int) -> dict[tuple[int, int], str]:
    """``(kind, anchor) -> name``: the letter, numbered in reading order when several are alike."""
    names = {}
    by_kind: dict[int, list[int]] = defaultdict(list)
    for kind, anchor in puzzle.moves.pieces(state):
        by_kind[kind].append(anchor)
    for kind, anchors in by_kind.items():
        label = puzzle.kinds[kind].label
        for number, anchor in enumerate(sorted(anchors), 1):
            names[(kind, anchor)] = label if puzzle.kinds[kind].count == 1 else f"{label}{number}"
    return names


def _cells(board: search.MoveTables, kind: int, anchor: int) -> list[Point]:
    mask = board.placements[kind][anchor]
    return [board.cell(i) for i in range(board.size) if mask >> i & 1]


def render(puzzle: Puzzle, state: int) -> list[str]:
    """The layout as rows of letters, ``.`` for the empty cells."""
    grid = [[EMPTY] * puzzle.width for _ in range(puzzle.height)]
    for kind, anchor in puzzle.moves.pieces(state):
        for r, c in _cells(puzzle.moves, kind, anchor):
            grid[r][c] = puzzle.kinds[kind].letter
    return ["".join(row) for row in grid]


def parse(rows: Sequence[str], puzzle: Puzzle | None = None, cell_name: CellNamer = cell_name) -> Layout:
    """Check a layout drawn in letters and make it a Layout, or raise InvalidPuzzle listing every problem.

    Letters may be lower case; a space counts as an empty cell, like ``.``.
    ``puzzle`` defaults to :func:`~.data.classic`.
    """
    if puzzle is None:
        puzzle = classic()
    rows = [row.rstrip("\r\n").upper() for row in rows]
    while rows and not rows[-1].strip():
        rows.pop()
    messages = _size_messages(rows, puzzle, cell_name)
    marked: dict[str, list[Point]] = defaultdict(list)
    unknown: dict[str, list[Point]] = defaultdict(list)
    letters = [t.letter for t in puzzle.types]
    for r, row in enumerate(rows[: puzzle.height]):
        for c, ch in enumerate(row[: puzzle.width]):
            ch = EMPTY if ch == " " else ch
            (marked if ch in letters else unknown)[ch].append((r, c))
    for ch, cells in unknown.items():
        also = f" (also {', '.join(cell_name(*cell) for cell in cells[1:])})" if len(cells) > 1 else ""
        messages.append(f"{cell_name(*cells[0])}: {ch!r} is not a {puzzle.game} piece ({', '.join(letters)}){also}")
    found: dict[str, list[Point]] = {}
    broken = set()  # letters with cells that make no whole piece: their count would repeat that
    for t in puzzle.types:
        anchors, message = _split_into_pieces(t, marked.get(t.letter, []), cell_name)
        found[t.letter] = anchors
        if message:
            messages.append(message)
            broken.add(t.letter)
    if len(messages) == len(unknown) + len(broken):  # a board of the wrong size leaves every count unsure
        # cells whose piece is unknown: an unknown character, or a letter making no whole piece
        unsure = sum(len(cells) for cells in unknown.values()) + sum(
            len(marked[t.letter]) - len(found[t.letter]) * len(t.cells) for t in puzzle.types if t.letter in broken)
        messages += _count_messages(puzzle, found, cell_name, broken, unsure)
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
            messages.append(f"{name(r, len(row))}: row {r + 1} has {len(row)} {'cell' if len(row) == 1 else 'cells'}; the board is {w} wide "
                            "(use '.' for an empty cell)")
    if len(rows) > h:
        extra = f"row {h + 1} is one" if len(rows) == h + 1 else f"rows {h + 1} to {len(rows)} are"
        messages.append(f"{name(h, 0)}: the board is {h} rows tall; {extra} too many")
    elif len(rows) < h:
        messages.append(f"{name(len(rows), 0)}: the board is {h} rows tall; the layout stops after row {len(rows)}")
    return messages


def _split_into_pieces(t: PieceType, cells: list[Point], name: CellNamer) -> tuple[list[Point], str | None]:
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


def _count_messages(puzzle: Puzzle, found: dict[str, list[Point]], name: CellNamer, broken: set[str] = frozenset(),
                    unsure: int = 0) -> list[str]:
    """A message per kind of piece found too few or too many times; not for ``broken`` letters, and too few
    only where ``unsure`` cells (their letter unknown) could not hold the pieces missing."""
    messages = []
    for t in puzzle.types:
        anchors = found[t.letter]
        missing = t.count - len(anchors)
        if not missing or t.letter in broken or 0 < missing * len(t.cells) <= unsure:
            continue
        what = f"one {t.name}" if t.count == 1 else f"{t.count} {t.plural}"
        where = f" (at {', '.join(name(*a) for a in anchors)})" if anchors else ""
        count = len(anchors) or "none"
        board = range_name(name, puzzle.height, puzzle.width)
        messages.append(f"{board}: there must be {what} ({t.letter}), found {count}{where}")
    return messages


def _encode(puzzle: Puzzle, found: dict[str, list[Point]]) -> int:
    board = puzzle.moves
    pieces = []
    for kind, k in enumerate(puzzle.kinds):
        anchors = sorted(found[k.letter])
        if k.copy:  # one copy of an apart letter: the n-th in reading order
            anchors = [anchors[k.copy - 1]]
        pieces += [(kind, board.index(*a)) for a in anchors]
    return board.encode((board.index(*c) for c in found[EMPTY]), pieces)
