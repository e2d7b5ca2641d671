"""A new booklet: N challenges per level, Starter to Wizard, numbered, each with one solution, as a PDF.

The challenges come from the generator (:mod:`.generating`), a level at a time: level ``i`` tries the seeds
from ``seed + i * LEVEL_SEEDS`` on, so a booklet is a pure function of its board, pieces, size and seed.
Each is drawn the way the game's booklet draws it (:mod:`xlsolver.pictures.booklet_pdf`): the board with the given
pieces in their colours, the pieces still to place beside it, the solutions at the back.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..pictures import booklet_pdf
from ..geometry import catalog
from ..geometry.lattice import drawn_corners
from ..base.answer import Frame
from . import Family, generating, grading
from .challenges import label_letter
from .levels import LEVELS

#: Seeds between the first of one level and the next: levels draw from streams of their own.
LEVEL_SEEDS = 100_003


@dataclass(frozen=True)
class Numbered:
    number: int
    challenge: generating.Challenge

    @property
    def level(self) -> str:
        return self.challenge.grade.level


class Unfinished(Exception):
    """A level the board does not make (``tries`` seeds in a row made none); ``made``: the challenges before."""

    def __init__(self, made: list[Numbered], why: str):
        super().__init__(why)
        self.made = made


def make(family: Family, rows: Sequence[str], settings: dict, per_level: int, seed: int = 0, *,
         runner: Callable[[generating.Target], Callable | None] = lambda target: None, jobs: int = 1,
         progress: Callable[[generating.Made], None] | None = None, cancel=None,
         time_limit: float | None = None, tries: int = generating.Request.tries) -> list[Numbered]:
    """``per_level`` challenges of each level, numbered from 1 in level order (fewer when the time limit, which
    each level may take, or ``cancel`` stops it).  ``runner(target)``: how a batch of seeds' attempts at that
    target runs on ``jobs`` workers (None: here, one by one); ``progress`` hears of each challenge made, counted
    over the whole booklet."""
    made: list[Numbered] = []
    wanted = per_level * len(LEVELS)
    for index, level in enumerate(LEVELS):
        request = generating.Request(per_level, seed + index * LEVEL_SEEDS, level, time_limit=time_limit,
                                     cancel=cancel, tries=tries, jobs=jobs, progress=_overall(progress, len(made), wanted))
        before = len(made)
        try:
            for challenge in family.generate(rows, settings, request, runner(request.target)):
                made.append(Numbered(len(made) + 1, challenge))
        except generating.NotMade as err:
            raise Unfinished(made, f"no {level.capitalize()} challenge made: {err}") from None
        if len(made) - before < per_level:  # stopped by the time limit or a cancel: the caller says which
            return made
    return made


def _overall(progress, done: int, wanted: int):
    """A level's progress as the booklet's: its challenges counted after the levels before it."""
    if progress is None:
        return None
    return lambda made: progress(generating.Made(done + made.made, wanted, made.seeds, made.seconds))


def entries(family: Family, settings: dict, made: Sequence[Numbered], read: Callable | None = None
            ) -> list[booklet_pdf.Entry]:
    """What the PDF draws of each challenge: the board as typed, the pieces to place, the solved board.
    ``read``: a challenge's rows to its puzzle (the generator's reader, :func:`reader`); the family's own by
    default."""
    read = read or (lambda grid: family.parse(grid, settings))
    drawn = []
    for numbered in made:
        puzzle = read(numbered.challenge.rows)
        measured = grading.measure(puzzle)
        letters = {label_letter(puzzle.problem.labels[o]) for o in measured.solution if o not in measured.given}
        pieces = tuple(frame for frame in _legend(family, settings, puzzle) if _frame_letter(frame) in letters)
        drawn.append(booklet_pdf.Entry(numbered.number, numbered.level, numbered.challenge.grade.difficulty,
                                       tuple(puzzle.pictures(measured.given)), pieces,
                                       tuple(puzzle.pictures(measured.solution))))
    return drawn


def _legend(family: Family, settings: dict, puzzle) -> list[Frame]:
    """The family's picture of each piece of the puzzle's set (none for a family without pieces: sudoku)."""
    pieces = puzzle.data.get("pieces")
    if family.legend is None or not isinstance(pieces, str):
        return []
    return family.legend({**settings, "pieces": pieces})


def _frame_letter(frame: Frame) -> str | None:
    return next((cell.text for row in frame.rows for cell in row if not cell.ground and cell.text.strip()), None)


def board_title(family: Family, rows: Sequence[str], settings: dict, name: str) -> str:
    """What a booklet of this board is called: its piece set's game and the board ("IQ Puzzler Pro, 5 x 11
    board"), from the catalogue where it knows them, else ``name``."""
    data = family.parse(list(rows), settings).data
    pieces, board = data.get("pieces"), data.get("board")
    try:
        game = catalog.piece_set(pieces).title.split(" (")[0] if isinstance(pieces, str) else None
    except catalog.DataFileError:
        game = None
    try:
        shape = catalog.board(board).title if board else name
    except catalog.DataFileError:
        shape = board or name
    if game and shape.startswith(game):
        return shape
    return f"{game}, {shape}" if game else shape


def balls(puzzle_data: dict) -> bool:
    """Are the pieces balls (IQ Puzzler, Kanoodle: drawn as circles), as the piece set says?"""
    name = puzzle_data.get("pieces")
    try:
        return isinstance(name, str) and catalog.piece_set(name).balls
    except catalog.DataFileError:
        return False


def reader(family: Family, rows: Sequence[str], settings: dict) -> Callable:
    """How challenges made from the board ``rows`` are read: as the generator reads them (a challenge made from a
    file read whole, BurrTools', is typed into the answer's text, not into the file)."""
    return family.generate.board(rows, settings)[1]


def write(target, title: str, family: Family, settings: dict, made: Sequence[Numbered], subtitle: str = "", *,
          rows: Sequence[str]) -> tuple[int, dict[int, int]]:
    """The booklet PDF into ``target`` (a path or a binary file): (pages, each challenge's page); ``rows``: the
    board the challenges were made on.  Frames on triangles or hexagons are drawn as their polygons."""
    read = reader(family, rows, settings)
    drawn = entries(family, settings, made, read)
    data = read(made[0].challenge.rows).data if made else {}
    pages = booklet_pdf.write_booklet(target, title, drawn, balls=balls(data), subtitle=subtitle,
                                      corners=drawn_corners)
    return pages, booklet_pdf.challenge_pages_of(drawn, drawn_corners)
