"""Ghost Hunter (幽灵捕手): cover a 4x4 board with six tiles so that every ghost
sits under exactly one lamp.

Grid: ``G`` a ghost, ``.`` (or an empty workbook cell) a plain cell, ``A``-``F`` a
pre-placed tile cell, ``a``-``f`` that tile's lamp on a ghost.

Exact cover: every cell, every tile and every ghost is a primary item.  A tile
placement covers its cells, its tile and the ghosts its lamps land on; a
placement that covers a ghost with a lampless cell is left out (that ghost could
then never be lit).  With six ghosts and six lamps every lamp finds a ghost.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from ..base.a1 import CellNamer, cell_name, range_name
from ..base.answer import Frame
from ..geometry.catalog import read_data_file
from . import InvalidPuzzle, Setting, Settings, cover, exact

if TYPE_CHECKING:  # the engine is imported when a problem is built (cover.problem), the sheets' layout where
    # a workbook is laid out (a solve needs neither)
    from ..base.sheets import SheetSpec
    from ..engine.exact_cover import ExactCover
from .marked import MarkedSet, given_placements, misplaced, parse_marked_set, picture, read_marked_file, wrong_size

NAME = "ghost-hunter"
GHOST, PLAIN, LAMP = "G", "O", "L"


@cache
def tiles() -> MarkedSet:
    where = "ghost-hunter/tiles.txt"
    return parse_marked_set(read_data_file(resources.files("xlsolver") / "data" / where, where), PLAIN + LAMP, where)


@dataclass(frozen=True)
class Puzzle:
    ghosts: frozenset[tuple[int, int]]
    givens: dict[tuple[int, int], tuple[str, bool]]  # cell -> (tile, is its lamp on a ghost)
    tiles: MarkedSet
    cell_name: CellNamer = cell_name


def lamps(tile_set: MarkedSet) -> int:
    return sum(1 for p in tile_set.pieces.values() for m in p.marks if m == LAMP)


def parse(rows: list[str], cell_name: CellNamer = cell_name, tile_set: MarkedSet | None = None,
          count_ghosts: bool = True) -> Puzzle:
    """Check a level; raise InvalidPuzzle naming every cell at fault.  ``count_ghosts=False`` also accepts a
    board with no ghost at all (the board a new level is made on)."""
    tile_set = tile_set or tiles()
    letters = " ".join(tile_set.pieces)
    grid = [row.rstrip("\n") for row in rows]
    messages = []
    ghosts, givens, unknown = set(), {}, 0
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch in ". ":
                continue
            if ch.upper() == GHOST:
                ghosts.add((r, c))
            elif ch.upper() in tile_set.pieces:
                givens[(r, c)] = (ch.upper(), ch.islower())
                if ch.islower():
                    ghosts.add((r, c))
            else:
                unknown += 1
                messages.append(f"{cell_name(r, c)}: {ch!r} is not a tile ({letters}), a ghost (G) or '.'")
    size = wrong_size(grid, tile_set, cell_name)
    if size:
        where, height, width = size
        raise InvalidPuzzle([f"{where}: a level is {tile_set.rows} x {tile_set.cols} cells, "
                             f"this one is {height} x {width}"] + messages)  # where tiles lie waits for the size
    needed = lamps(tile_set)
    # a cell that is no tile or ghost might be meant as a ghost: the count is wrong only if it is whatever they are
    if (len(ghosts) > needed or len(ghosts) + unknown < needed) and (count_ghosts or ghosts):
        listed = ", ".join(cell_name(*g) for g in sorted(ghosts)) or "none"
        where = range_name(cell_name, tile_set.rows, tile_set.cols)
        messages.append(f"{where}: {len(ghosts)} ghosts are marked ({listed}); a level has {needed}, "
                        "one under each lamp")
    puzzle = Puzzle(frozenset(ghosts), givens, tile_set, cell_name)
    messages += _check_givens(puzzle)
    if messages:
        raise InvalidPuzzle(messages)
    return puzzle


def _allowed(puzzle: Puzzle, letter: str) -> list[dict]:
    """Placements of a tile that keep the givens and put no lampless cell on a ghost."""
    return [placed for placed in given_placements(puzzle.tiles, letter, puzzle.givens)
            if not any(mark != LAMP and cell in puzzle.ghosts for cell, mark in placed.items())]


def _check_givens(puzzle: Puzzle) -> list[str]:
    name = puzzle.cell_name
    return [f"{name(*cells[0])}: tile {tile} cannot lie on {', '.join(name(*c) for c in cells)} (with a lamp on each "
            "ghost it covers)" for tile, cells in misplaced(puzzle.givens, lambda t: _allowed(puzzle, t))]


def encode(puzzle: Puzzle) -> ExactCover:
    """Items: cells, tiles, ghosts (all primary); labels ``(tile, {cell: mark})``."""
    cells = sorted(puzzle.tiles.board)
    ghost_item = {g: f"ghost@{cell_name(*g)}" for g in sorted(puzzle.ghosts)}
    return cover.problem([cell_name(*c) for c in cells] + list(puzzle.tiles.pieces) + list(ghost_item.values()),
                         (cover.piece_option(letter, placed, [ghost_item[c] for c, m in placed.items()
                                                              if m == LAMP and c in puzzle.ghosts])
                          for letter in puzzle.tiles.pieces for placed in _allowed(puzzle, letter)))


def unlightable(puzzle: Puzzle, problem: ExactCover) -> list[str]:
    """Ghost cells that no tile placement can put a lamp on."""
    lit = {c for _, placed in problem.labels for c, m in placed.items() if m == LAMP}
    return [puzzle.cell_name(*g) for g in sorted(puzzle.ghosts - lit)]


#: What an option writes into the grid: its letter per cell, a lamp in lower case.
places = cover.piece_places(LAMP)


def blank(puzzle: Puzzle) -> list[str]:
    """The board before any tile is placed: the grid a solution is written into."""
    return ["." * puzzle.tiles.cols] * puzzle.tiles.rows


def colours(puzzle: Puzzle) -> dict[str, str]:
    table = {p.letter: p.colour for p in puzzle.tiles.pieces.values()}
    return {**table, **{k.lower(): v for k, v in table.items()}}


# --- the family, as the front ends see it ------------------------------------------------------

EDITION = Setting("pieces", "Pieces", "another edition's piece file (the shipped one's format)")


def read(rows, settings: Settings, cell_name: CellNamer = cell_name, ghosts: bool = True) -> exact.CoverPuzzle:
    """A level as a puzzle ready to search; ``ghosts=False`` reads a board without ghosts (to make a level on)."""
    edition = read_marked_file(settings["pieces"], PLAIN + LAMP) if settings.get("pieces") else None
    rows = [row.replace(" ", ".") for row in rows]
    puzzle = parse(rows, cell_name=cell_name, tile_set=edition, count_ghosts=ghosts)
    problem = encode(puzzle)
    table = colours(puzzle)
    lamps_shown = {ch: f"{ch.upper()}*" for ch in table if ch.islower()}

    def why_none() -> str:
        dark = unlightable(puzzle, problem)
        if dark:
            return f"no tile can put a lamp on the ghost at {', '.join(dark)}"
        return "no way to light every ghost with exactly one lamp"

    def ghosts(solution) -> dict[tuple[int, int], str]:
        """A challenge for a tiling: a ghost under every lamp."""
        return {cell: GHOST for option in solution for cell, mark in problem.labels[option][1].items() if mark == LAMP}

    return cover.puzzle(problem, places, blank(puzzle), why_none=why_none,
                        colours=table, draw=lambda solved: Frame.of_letters(solved, table, shown=lamps_shown),
                        data={"family": NAME}, rows=tuple(rows), cell_name=cell_name, challenge=ghosts)


def legend(settings) -> list[Frame]:
    """The tiles in their colours, a lamp shown as ``A*``."""
    return [picture(p, lambda letter, mark: f"{letter}*" if mark == LAMP else letter, lambda piece, mark: piece.colour)
            for p in tiles().pieces.values()]


def sheets() -> tuple[SheetSpec, ...]:
    from ..base.sheets import AreaSpec, SheetSpec

    return (SheetSpec(
        "Ghost Hunter", "Sheet6", 6, "Ghost Hunter (幽灵捕手)",
        "Mark the six ghosts with G and press Solve: the tiles cover the board and every ghost sits under one lamp "
        "(* in the legend and the solution). A tile letter pre-places a tile cell; its lower-case letter puts its "
        "lamp on a ghost there.",
        legend={},
        areas=(AreaSpec("Ghost", "4 x 4 board", 4, 4, letters="GABCDEF", keep_case=True,
                        sample=("   G", "GG G", "G", " G")),)),)  # level 49


FAMILY = cover.family(name=NAME, title="Ghost Hunter: tiles cover the board, a lamp on every ghost", read=read,
                      settings=(EDITION,), blank=lambda rows, settings: read(rows, settings, ghosts=False),
                      legend=legend, sheets=sheets, order=10)
