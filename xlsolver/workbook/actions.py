"""What each button does, for every family: Solve, Previous, Next, Count, Unique?, Clear.

Every action reads the area's input, never writes it, and ends by writing one
line to the area's status cell.  Problems the user can fix become that line,
naming the sheet cell; nothing raises out of :func:`press`.

Each click is a new Python, so what Next showed last is kept in ``<Area>_State``
with a fingerprint of the input: Next asks the family for the following
solution, or, for a family whose answer is a sequence (Klotski's moves), shows
the following frame of the same answer.
"""
from __future__ import annotations

from .. import catalog
from ..answer import OFF_BOARD, Answer, Colour, Frame, Status
from ..families import FRAMES, Ask, InvalidPuzzle, Unsupported
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
    answer = read.family.count(read.puzzle, Ask(time_limit=seconds))
    answer.message = with_warning(answer.message, warning)
    return answer


def unique(book: Book, area: layout.Area) -> Answer:
    read = areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    answer = read.family.solve(read.puzzle, Ask(unique=True, time_limit=seconds))
    if answer.frames:
        write_frame(book, area, read, answer.frames[0])
        save_state(book, area, read.fingerprint, 0)
    answer.message = with_warning(answer.message, warning)
    return answer


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


ACTIONS = {"solve": solve, "next": next_one, "previous": previous, "count": count, "unique": unique, "clear": clear}


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
