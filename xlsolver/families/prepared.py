"""A parsed puzzle of any exact-cover family, ready to search: what the command
line and the workbook need, whichever family it is.

    prepared = prepare("roadblock", rows, mode="advanced")
    found, result = find(prepared, limit=2, time_limit=10)

Families with a side condition (RoadBlock) have ``accept``: the engine's
candidates are filtered by it, so ``limit`` counts accepted solutions only.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .. import catalog, engine
from ..a1 import CellNamer, cell_name
from ..exact_cover import ExactCover

FAMILIES = ("tiling", "ghost-hunter", "roadblock")


@dataclass
class Prepared:
    family: str
    puzzle: object
    problem: ExactCover
    decode: Callable[[tuple[int, ...]], list[str]]
    colours: dict[str, str]
    why_none: Callable[[], str]  # a plain reason when there is no solution
    accept: Callable[[tuple[int, ...]], bool] | None = None
    item_maps: list[list[int]] = field(default_factory=list)  # symmetries, for counting (tilings)
    display: Callable[[str], str] = str  # how a solved cell's letter is shown in the workbook


def prepare(family: str, rows: list[str], *, cell_name: CellNamer = cell_name, pieces: str | None = None,
            piece_set=None, mode: str = "easy") -> Prepared:
    """Parse ``rows`` as a puzzle of ``family``; raises InvalidPuzzle naming cells."""
    if family == "tiling":
        from . import tiling

        chosen = piece_set or (catalog.piece_set(pieces) if pieces else None)
        puzzle = tiling.parse(rows, chosen, cell_name=cell_name)
        problem = tiling.encode(puzzle)

        def why_none() -> str:
            stranded = tiling.uncoverable(puzzle, problem)
            return f"no piece can cover {', '.join(stranded)}" if stranded else "the pieces cannot fill the open cells"

        return Prepared(family, puzzle, problem, lambda s: tiling.decode(puzzle, problem, s),
                        {k: p.colour for k, p in puzzle.pieces.pieces.items()}, why_none,
                        item_maps=tiling.item_maps(puzzle, problem))
    if family == "ghost-hunter":
        from . import ghost_hunter

        puzzle = ghost_hunter.parse(rows, cell_name=cell_name, tile_set=piece_set)
        problem = ghost_hunter.encode(puzzle)

        def why_none() -> str:
            dark = ghost_hunter.unlightable(puzzle, problem)
            if dark:
                return f"no tile can put a lamp on the ghost at {', '.join(dark)}"
            return "no way to light every ghost with exactly one lamp"

        return Prepared(family, puzzle, problem, lambda s: ghost_hunter.decode(puzzle, problem, s),
                        ghost_hunter.colours(puzzle), why_none,
                        display=lambda ch: f"{ch.upper()}*" if ch.islower() else ch)
    if family == "roadblock":
        from . import roadblock

        puzzle = roadblock.parse(rows, mode=mode, cell_name=cell_name, piece_set=piece_set)
        problem = roadblock.encode(puzzle)
        return Prepared(family, puzzle, problem, lambda s: roadblock.decode(puzzle, problem, s),
                        roadblock.colours(puzzle), lambda: "every way to fill the board lets a car reach the edge",
                        accept=lambda s: roadblock.trapped(puzzle, problem, s))
    raise ValueError(f"unknown family {family!r}; choose from {', '.join(FAMILIES)}")


def read_edition(family: str, path: str):
    """Another edition's piece file for Ghost Hunter or RoadBlock (same format as the shipped one)."""
    from pathlib import Path

    from .marked import parse_marked_set

    marks = {"ghost-hunter": "OL", "roadblock": "RPBXY"}.get(family)
    if marks is None:
        raise catalog.DataFileError("--pieces FILE applies to ghost-hunter and roadblock, or names a tiling set")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise catalog.DataFileError(f"cannot read piece file {path!r}: {err.strerror or err}") from None
    return parse_marked_set(text, marks, path)


def find(prepared: Prepared, *, limit: int | None = None, skip: int = 0, **controls):
    """Up to ``limit`` accepted solutions after the first ``skip``; returns (solutions, engine result, accepted).

    ``accepted`` counts every accepted solution seen, skipped ones included.
    """
    wanted = None if limit is None else skip + limit
    search = engine.Search(prepared.problem, limit=wanted if prepared.accept is None else None, **controls)
    found, accepted = [], 0
    for solution in search:
        if prepared.accept is not None and not prepared.accept(solution):
            continue
        accepted += 1
        if accepted > skip:
            found.append(solution)
        if wanted is not None and accepted >= wanted:
            break
    result = search.result
    if wanted is not None and accepted >= wanted and result.complete:
        # stopped by our own limit, not the engine's: more may exist
        result = engine.SearchResult(result.solutions, False, engine.LIMIT, result.nodes, result.seconds,
                                     result.explored, result.first, result.engine)
    return found, result, accepted
