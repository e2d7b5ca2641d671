"""RoadBlock chase (迷宫大追捕): fill a 6x6 board so no car can escape.

Grid: ``.`` (or an empty workbook cell) a cell to fill, a piece letter a
pre-placed piece cell (buildings S E W J, cars X and Y, police tiles), a
police tile's letter in lower case its police car.

Exact cover: every cell is a primary item, every required piece too; optional
pieces are secondary items (used at most once).  The side condition, checked on
each candidate: starting from each car, moving up, down, left or right over road
cells only, no edge cell of the board can be reached.  In easy play only the red
car X takes part; advanced play adds the green car Y, placed by the solver.

The shipped edition's pieces cover the 36 cells exactly with the red car alone
(police tiles 21, buildings 14, X 1), and no choice of its police tiles leaves
room for Y as well (their sizes 4 4 4 3 3 3 never sum to 20): advanced play
needs another edition (``--pieces FILE``), so the sheet offers easy play only.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from ..geometry import catalog
from ..base.a1 import CellNamer, cell_name, range_name
from ..base.answer import Frame
from . import InvalidPuzzle, Setting, Settings, cover, exact

if TYPE_CHECKING:  # the engine is imported when a problem is built (cover.problem), the sheets' layout where
    # a workbook is laid out (a solve needs neither)
    from ..base.sheets import SheetSpec
    from ..engine.exact_cover import ExactCover
from .marked import MarkedSet, given_placements, misplaced, parse_marked_set, picture, read_marked_file, wrong_size

NAME = "roadblock"
ROAD, POLICE_CAR, BUILDING = "R", "P", "B"
CARS = "XY"
MODES = ("easy", "advanced")


@cache
def pieces() -> MarkedSet:
    text = catalog.read_data_file(resources.files("xlsolver") / "data" / "roadblock" / "pieces.txt", "roadblock/pieces.txt")
    return parse_marked_set(text, ROAD + POLICE_CAR + BUILDING + CARS, "roadblock/pieces.txt")


@dataclass(frozen=True)
class Puzzle:
    givens: dict[tuple[int, int], tuple[str, bool]]  # cell -> (piece, is it the police car)
    pieces: MarkedSet
    in_play: tuple[str, ...]  # piece letters taking part (Y only in advanced play)
    mode: str
    cell_name: CellNamer = cell_name

    def required(self, letter: str) -> bool:
        return "optional" not in self.pieces.pieces[letter].words


def parse(rows: list[str], mode: str = "easy", cell_name: CellNamer = cell_name,
          piece_set: MarkedSet | None = None, check_area: bool = True) -> Puzzle:
    """Check a challenge; raise InvalidPuzzle naming every cell at fault.  ``check_area=False`` leaves out
    whether the pieces can fill the board (where the caller has said why they cannot)."""
    piece_set = piece_set or pieces()
    if mode not in MODES:
        raise InvalidPuzzle([f"play is easy or advanced, not '{mode}'"])
    in_play = tuple(p for p in piece_set.pieces if p != "Y" or mode == "advanced")
    grid = [row.rstrip("\n") for row in rows]
    messages, givens = [], {}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch in ". ":
                continue
            letter = ch.upper()
            if letter not in in_play:
                extra = (" (the green car Y takes part in advanced play only, with a piece edition that has room "
                         "for it)") if letter == "Y" and "Y" in piece_set.pieces else ""
                messages.append(f"{cell_name(r, c)}: '{ch}' is not a piece in this game ({' '.join(in_play)}){extra}")
                continue
            if ch.islower() and not _has_police_car(piece_set.pieces[letter]):
                messages.append(f"{cell_name(r, c)}: '{ch}' in lower case marks a police car, and "
                                f"{_kind(piece_set.pieces[letter])} {letter} has none; write {letter}")
                continue
            givens[(r, c)] = (letter, ch.islower())
    size = wrong_size(grid, piece_set, cell_name)
    if size:
        where, height, width = size
        raise InvalidPuzzle([f"{where}: the board is {piece_set.rows} x {piece_set.cols} cells, "
                             f"this grid is {height} x {width}"] + messages)  # where pieces lie waits for the size
    puzzle = Puzzle(givens, piece_set, in_play, mode, cell_name)
    messages += _check(puzzle, check_area)  # a cell at fault is left out: it stops no piece from lying there
    if messages:
        raise InvalidPuzzle(messages)
    return puzzle


def _has_police_car(piece) -> bool:
    return POLICE_CAR in piece.marks


def _kind(piece) -> str:
    """``building``, ``car`` or ``police tile``: what its line in the piece file calls it."""
    kind = next((w for w in piece.words if w in ("police", "building", "car")), "piece")
    return "police tile" if kind == "police" else kind


def _allowed(puzzle: Puzzle, letter: str) -> list[dict]:
    return given_placements(puzzle.pieces, letter, puzzle.givens, POLICE_CAR)


def _check(puzzle: Puzzle, check_area: bool = True) -> list[str]:
    name = puzzle.cell_name
    messages = [f"{name(*cells[0])}: the cells marked {letter} ({', '.join(name(*c) for c in cells)}) do not fit "
                f"piece {letter} in any position" for letter, cells in misplaced(puzzle.givens, lambda p: _allowed(puzzle, p))]
    area = puzzle.pieces.rows * puzzle.pieces.cols
    required = sum(puzzle.pieces.pieces[p].size for p in puzzle.in_play if puzzle.required(p))
    available = sum(puzzle.pieces.pieces[p].size for p in puzzle.in_play)
    if check_area and not required <= area <= available:  # the board against the pieces: whatever is typed
        where = range_name(puzzle.cell_name, puzzle.pieces.rows, puzzle.pieces.cols)
        cover = f"{required}" if required == available else f"{required} to {available}"
        messages.append(f"{where}: the board has {area} cells, and in {puzzle.mode} play this edition's pieces "
                        f"cover {cover}: it cannot fill the board in {puzzle.mode} play")
    return messages


def encode(puzzle: Puzzle) -> ExactCover:
    """Items: cells and required pieces (primary), optional pieces (secondary)."""
    cells = sorted(puzzle.pieces.board)
    required = [p for p in puzzle.in_play if puzzle.required(p)]
    optional = [p for p in puzzle.in_play if not puzzle.required(p)]
    return cover.problem([cell_name(*c) for c in cells] + required,
                         (cover.piece_option(letter, placed) for letter in puzzle.in_play
                          for placed in _allowed(puzzle, letter)), optional)


def marks(problem: ExactCover, solution) -> dict[tuple[int, int], str]:
    found = {}
    for option in solution:
        found.update(problem.labels[option][1])
    return found


def trapped(puzzle: Puzzle, problem: ExactCover, solution) -> bool:
    """The side condition: from no car can an edge cell be reached over road cells."""
    board = marks(problem, solution)
    last_row, last_col = puzzle.pieces.rows - 1, puzzle.pieces.cols - 1
    for start, mark in board.items():
        if mark not in CARS:
            continue
        seen, queue = {start}, deque([start])
        while queue:
            r, c = queue.popleft()
            if r in (0, last_row) or c in (0, last_col):
                return False
            for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nxt not in seen and board.get(nxt) == ROAD:
                    seen.add(nxt)
                    queue.append(nxt)
    return True


def streets(puzzle: Puzzle, problem: ExactCover, solution) -> dict[tuple[int, int], str]:
    """A challenge for a filling: its buildings and cars, as the booklet gives them (the police tiles are the clues)."""
    return {cell: letter for option in solution for letter, placed in [problem.labels[option]]
            if "police" not in puzzle.pieces.pieces[letter].words for cell in placed}


#: What an option writes into the grid: its letter per cell, a police car in lower case.
places = cover.piece_places(POLICE_CAR)


def blank(puzzle: Puzzle) -> list[str]:
    """The board before any piece is placed: the grid a solution is written into."""
    return ["." * puzzle.pieces.cols] * puzzle.pieces.rows


def colours(puzzle: Puzzle) -> dict[str, str]:
    table = {p.letter: p.colour for p in puzzle.pieces.pieces.values()}
    police_car = puzzle.pieces.header.get("police-car-colour", "#1d3557")
    return {**table, **{p.letter.lower(): police_car for p in puzzle.pieces.pieces.values() if "police" in p.words}}


# --- the family, as the front ends see it ------------------------------------------------------

PLAY = Setting("mode", "Play", "easy: the red car X only; advanced: the solver also places the green car Y "
               "(needs a --pieces edition with room for it; the shipped one has none)",
               MODES, "easy", wrong="{where}: play is {choices}, not {value}")
EDITION = Setting("pieces", "Pieces", "another edition's piece file (the shipped one's format)")


def read(rows, settings: Settings, cell_name: CellNamer = cell_name) -> exact.CoverPuzzle:
    edition = read_marked_file(settings["pieces"], ROAD + POLICE_CAR + BUILDING + CARS) if settings.get("pieces") else None
    mode = settings.get("mode") or "easy"
    rows = [row.replace(" ", ".") for row in rows]
    if mode == "advanced" and edition is None and not _room_for_all(pieces()):
        no_room = [f"{settings.place('mode')}: advanced play adds the green car Y, and the shipped pieces have no "
                   "room for it (they fill the board with the red car alone); play easy, or give an edition with "
                   "room for Y with --pieces FILE"]
        try:  # the grid's own mistakes too
            parse(rows, mode=mode, cell_name=cell_name, check_area=False)
        except InvalidPuzzle as err:
            raise InvalidPuzzle(no_room + err.messages) from None
        raise InvalidPuzzle(no_room)
    puzzle = parse(rows, mode=mode, cell_name=cell_name, piece_set=edition)
    problem = encode(puzzle)
    return cover.puzzle(problem, places, blank(puzzle),
                        why_none=lambda: "every way to fill the board lets a car reach the edge",
                        colours=colours(puzzle), accept=lambda s: trapped(puzzle, problem, s), data={"family": NAME},
                        rows=tuple(rows), cell_name=cell_name, challenge=lambda s: streets(puzzle, problem, s))


def _room_for_all(piece_set: MarkedSet) -> bool:
    """Whether the required pieces of advanced play fit on the board (Y included)."""
    return sum(p.size for p in piece_set.pieces.values() if "optional" not in p.words) <= piece_set.rows * piece_set.cols


def legend(settings) -> list[Frame]:
    """The pieces in their colours, a police car in lower case."""
    police_car = pieces().header.get("police-car-colour", "#1d3557")
    return [picture(p, lambda letter, mark: letter.lower() if mark == POLICE_CAR else letter,
                    lambda piece, mark: police_car if mark == POLICE_CAR else piece.colour)
            for p in pieces().pieces.values() if p.letter != "Y"]  # the sheet plays easy: no green car


def sheets() -> tuple[SheetSpec, ...]:
    from ..base.sheets import AreaSpec, SheetSpec

    return (SheetSpec(
        "RoadBlock", "Sheet7", 7, "RoadBlock chase (迷宫大追捕)",
        "Type the challenge's buildings (S E W J) and the red car X, then press Solve: the police tiles fill the "
        "board so that no car can reach the edge over roads. Lower case in the solution is a police car.",
        legend={},
        areas=(AreaSpec("RoadBlock", "6 x 6 board", 6, 6, letters="RLCDTISEWJX", keep_case=True,
                        sample=(" JJJ", "  SSS", "  S", "  EX", "  EW", " EEWW")),)),)  # the first sample challenge


FAMILY = cover.family(name=NAME, title="RoadBlock: police tiles trap the cars", read=read, settings=(PLAY, EDITION),
                      legend=legend, sheets=sheets, order=20)
