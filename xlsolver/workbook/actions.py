"""What each button does, for every family: Solve, Previous, Next, Count, Unique?, Hint, Generate, Clear.

Every action reads the area's input and ends by writing one line to the area's
status cell.  Only Hint and Generate write into the input: Hint types one more
piece into empty cells (shaded), Generate replaces the input with a new
challenge, and only after a second press when something is typed there.
Problems the user can fix become that line,
naming the sheet cell; nothing raises out of :func:`press`.

Each click is a new Python, so what Next showed last is kept in ``<Area>_State``
with a fingerprint of the input: Next asks the family for the following
solution, or, for a family whose answer is a sequence (Klotski's moves), shows
the following frame of the same answer.
"""
from __future__ import annotations

import hashlib
import random

from .. import catalog, families
from ..answer import OFF_BOARD, Answer, Colour, Frame, Status, typed
from ..families import FRAMES, Ask, InvalidPuzzle, Unsupported, challenges
from ..families.challenges import HINT_COLOUR, LEVELS
from . import areas, layout
from .book import Book, MissingName

MAX_MESSAGES = 4  # the status cell shows this many problems, then "and N more"


def press(book: Book, area_name: str, action: str) -> Answer:
    """Run a button's action on an area and write its status line."""
    area = layout.area(area_name)
    if area is None:
        return Answer(Status.ERROR, f"unknown area {area_name!r}; areas are {', '.join(layout.areas())}")
    if action not in area.actions:
        answer = Answer(Status.ERROR, f"unknown action {action!r}; actions are {', '.join(area.actions)}")
    else:
        book.status_bar(f"xlsolver: {layout.BUTTON_CAPTIONS[action]} {area.name}...")
        try:
            answer = ACTIONS[action](book, area)
        except InvalidPuzzle as err:
            answer = Answer(Status.INVALID, _summary(err.messages), messages=err.messages)
        except MissingName as err:
            answer = Answer(Status.ERROR, f"{err.args[0]}: this workbook lacks a range the button needs")
        except (catalog.DataFileError, Unsupported) as err:
            answer = Answer(Status.ERROR, str(err))
        finally:
            book.status_bar(None)
    try:
        book.write(f"{area.name}_Status", [[answer.message]])
    except MissingName:
        pass  # nowhere to write; the caller still gets the answer
    return answer


def _summary(messages: list[str]) -> str:
    shown = "; ".join(messages[:MAX_MESSAGES])
    more = len(messages) - MAX_MESSAGES
    return shown + (f"; and {more} more" if more > 0 else "")


def solve(book: Book, area: layout.Area) -> Answer:
    return _show(book, area, 0)


def next_one(book: Book, area: layout.Area) -> Answer:
    """The solution (or step) after the one shown last, for the same input."""
    return _step(book, area, +1)


def previous(book: Book, area: layout.Area) -> Answer:
    return _step(book, area, -1)


def _step(book: Book, area: layout.Area, delta: int) -> Answer:
    read = areas.read(book, area)
    fingerprint, shown = load_state(book, area)
    index = max(shown + delta, 0) if fingerprint == read.fingerprint and shown >= 0 else 0
    return _show(book, area, index, read)


def _show(book: Book, area: layout.Area, index: int, read: areas.AreaPuzzle | None = None) -> Answer:
    """Ask the family and show solution (or step) ``index``."""
    read = read or areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    stepping = read.family.steps == FRAMES
    ask = Ask(index=0 if stepping else index, time_limit=seconds)
    answer = read.family.solve(read.puzzle, ask)
    if answer.frames:
        shown = min(index, len(answer.frames) - 1) if stepping else answer.index
        frame = answer.frames[shown if stepping else 0]
        if stepping and shown and frame.message:
            answer.message = frame.message
        write_frame(book, area, read, frame)
        write_listing(book, area, answer.table)
        save_state(book, area, read.fingerprint, shown)
    answer.message = with_warning(answer.message, warning)
    return answer


def count(book: Book, area: layout.Area) -> Answer:
    read = areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    answer = read.family.count(read.puzzle, Ask(time_limit=seconds, progress=_progress(book, area, "Count", seconds)))
    answer.message = with_warning(answer.message, warning)
    return answer


def unique(book: Book, area: layout.Area) -> Answer:
    read = areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    answer = read.family.solve(read.puzzle, Ask(unique=True, time_limit=seconds,
                                                progress=_progress(book, area, "Unique?", seconds)))
    if answer.frames:
        write_frame(book, area, read, answer.frames[0])
        save_state(book, area, read.fingerprint, 0)
    answer.message = with_warning(answer.message, warning)
    return answer


def _progress(book: Book, area: layout.Area, caption: str, seconds: float):
    """A search's progress in the status bar, so a long Count shows it moves and when it will end."""
    def show(progress) -> None:
        if progress.seconds >= 1:
            book.status_bar(progress_line(f"{caption} {area.name}", progress, seconds))
    return show


def progress_line(doing: str, progress, seconds: float) -> str:
    """``xlsolver: Count IQ5x11: 42% explored, 3 s of the 10 s limit, 120,000 found so far``."""
    return (f"xlsolver: {doing}: {progress.explored:.0%} explored, {progress.seconds:.0f} s of the {seconds:g} s "
            f"limit, {progress.solutions:,} found so far")


def clear(book: Book, area: layout.Area) -> Answer:
    """Empty the solution grid, its list and the status; inputs stay as they are."""
    name = f"{area.name}_Out"
    rows, cols = _shape(book.read(name))
    book.write(name, [[None] * cols for _ in range(rows)])
    mask = catalog.board(area.board).cells if area.board else None
    book.paint(name, [[None if mask is None or (r, c) in mask else OFF_BOARD for c in range(cols)] for r in range(rows)])
    write_listing(book, area, [])
    save_state(book, area, "", -1)
    return Answer(Status.CLEARED, "")


def hint(book: Book, area: layout.Area) -> Answer:
    """Type one more piece of the unique solution into the input, its cells shaded as a hint."""
    read = areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    answer = read.family.hint(read.puzzle, Ask(time_limit=seconds))
    cells = {(r, c): text for r, c, text in answer.data.get("typed", [])}
    if cells:
        name = f"{area.name}_In"
        values = book.read(name)
        for (r, c), text in cells.items():
            if _blank(values[r][c]):  # a cell the user typed keeps what they typed
                values[r][c] = int(text) if area.spec.digits and text.isdigit() else text
        book.write(name, values)
        book.paint(name, _input_fills(area, len(values), len(values[0]), set(cells)))
    answer.message = with_warning(answer.message, warning)
    return answer


def _input_fills(area: layout.Area, rows: int, cols: int, hinted: set = frozenset()) -> list[list[Colour]]:
    """The input grid's fills: dark off a fixed board, the hint colour on ``hinted`` cells, none elsewhere."""
    mask = catalog.board(area.board).cells if area.board else None
    return [[HINT_COLOUR if (r, c) in hinted else (OFF_BOARD if mask is not None and (r, c) not in mask else None)
             for c in range(cols)] for r in range(rows)]


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and value.strip() in ("", "."))


def generate(book: Book, area: layout.Area) -> Answer:
    """A new challenge of the level in ``<Area>_Level`` typed into the input; asks (by a second press) before
    replacing what the user typed."""
    name = f"{area.name}_In"
    values = book.read(name)
    level_cell = namer_of(book, f"{area.name}_Level")
    level_word = book.read(f"{area.name}_Level")[0][0]
    level = str(level_word).strip().lower() if not _blank(level_word) else None
    if level is not None and level not in LEVELS:
        raise InvalidPuzzle([f"{level_cell}: the level is {', '.join(l.capitalize() for l in LEVELS)} or empty "
                             f"(any level), not {typed(level_word)}"])
    typed_cells = [v for row in values for v in row if not _blank(v)]
    pending = "generate:" + _fingerprint(values, level)
    if typed_cells and load_state(book, area)[0] != pending:
        save_state(book, area, pending, -1)
        where = f"{namer_of(book, name)}:{namer_of(book, name, len(values) - 1, len(values[0]) - 1)}"
        kind = f"{level.capitalize()} challenge" if level else "challenge"
        return Answer(Status.INCOMPLETE, f"Press Generate again to replace what is typed in {where} with a new {kind}.")
    seconds, warning = areas.time_limit(book, area)
    family = families.get(area.family)
    settings, problems = areas.read_settings(book, area)
    if problems:
        raise InvalidPuzzle(problems)
    seed = random.SystemRandom().randrange(1_000_000)
    request = challenges.Request(1, seed, level, time_limit=seconds)
    made = next(iter(family.generate(areas.blank_rows(area), dict(settings), request)), None)
    if made is None:
        kind = f"{level.capitalize()} challenge" if level else "challenge"
        return Answer(Status.TIME_LIMIT, with_warning(f"No {kind} found within the {seconds:g} s time limit; press "
                                                      "Generate again or raise the limit.", warning))
    book.write(name, [[None if ch in ". " else (int(ch) if area.spec.digits and ch.isdigit() else ch)
                       for ch in row.ljust(len(values[0]))] for row in made.rows])
    clear(book, area)
    book.paint(name, _input_fills(area, len(values), len(values[0])))
    grade = made.grade
    return Answer(Status.SOLVED, with_warning(
        f"New {grade.level.capitalize()} challenge (seed {made.seed}, difficulty {grade.difficulty}: {grade.given} "
        f"given, {grade.to_place} to place; one solution). Hint helps, Solve shows it.", warning))


def _fingerprint(values: list[list[object]], level: str | None) -> str:
    text = "|".join(",".join("" if v is None else str(v) for v in row) for row in values) + f"|{level}"
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def namer_of(book: Book, name: str, r: int = 0, c: int = 0) -> str:
    return areas.namer_for(book, name)(r, c)


ACTIONS = {"solve": solve, "next": next_one, "previous": previous, "count": count, "unique": unique, "hint": hint,
           "generate": generate, "clear": clear}


def _shape(values: list[list[object]]) -> tuple[int, int]:
    return len(values), len(values[0]) if values else 0


def write_frame(book: Book, area: layout.Area, read: areas.AreaPuzzle, frame: Frame) -> None:
    """A frame into ``<Area>_Out``: texts and fills; the margin beyond it empty, off the mask dark."""
    name = f"{area.name}_Out"
    rows, cols = _shape(book.read(name))
    values: list[list[object]] = [[None] * cols for _ in range(rows)]
    fills: list[list[Colour]] = [[None] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            cell = frame.rows[r][c] if r < frame.height and c < len(frame.rows[r]) else None
            off_mask = area.board is not None and read.mask is not None and (r, c) not in read.mask
            if cell is None:
                fills[r][c] = OFF_BOARD if off_mask else None
                continue
            if not cell.ground:
                values[r][c] = int(cell.text) if cell.text.isdigit() else cell.text
            fills[r][c] = cell.colour or (OFF_BOARD if off_mask else None)
    book.write(name, values)
    book.paint(name, fills)


def write_listing(book: Book, area: layout.Area, table: list[tuple]) -> None:
    """The answer's list (Klotski's moves) into ``<Area>_<List>``, the rest of it emptied."""
    listing = area.spec.listing
    if listing is None:
        return
    width = len(listing.headings)
    rows = [list(row)[:width] + [None] * (width - len(row)) for row in table[: listing.rows]]
    book.write(f"{area.name}_{listing.suffix}", rows + [[None] * width] * (listing.rows - len(rows)))


def with_warning(text: str, warning: str | None) -> str:
    return f"{text} ({warning}; used {layout.DEFAULT_TIME_LIMIT} s)" if warning else text


def load_state(book: Book, area: layout.Area) -> tuple[str, int]:
    value = book.read(f"{area.name}_State")[0][0]
    fingerprint, _, index = str(value or "").partition(" ")
    return fingerprint, int(index) if index.lstrip("-").isdigit() else -1


def save_state(book: Book, area: layout.Area, fingerprint: str, index: int) -> None:
    book.write(f"{area.name}_State", [[f"{fingerprint} {index}" if fingerprint else None]])
