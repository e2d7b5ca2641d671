"""What each button does, for every family: Solve, Previous, Next, Count, Unique?, Hint, Generate, Clear.

Every action reads the area's input and ends by writing one line to the area's
status cell.  Only Hint and Generate write into the input: Hint types one more
piece into empty cells (shaded), Generate replaces the input with a new
challenge, and only after a second press when something is typed there.
Problems the user can fix become that line,
naming the sheet cell; nothing raises out of :func:`press`.

An action that fails empties the solution grid and its list, so no old solution
stands beside the new message, and paints the cells its messages name (the input
grid's, the setting cells') until the area's next action.

Each click is a new Python, so what Next showed last is kept in ``<Area>_State``
with a fingerprint of the input: Next asks the family for the following
solution, or, for a family whose answer is a sequence (Klotski's moves), shows
the following frame of the same answer.  The same cell remembers the latest
Hint's cells and the ranges a failure marked (:class:`State`).
"""
from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass, replace

from .. import catalog, families
from ..a1 import column_index
from ..answer import OFF_BOARD, Answer, Colour, Frame, Status, typed
from ..families import FRAMES, Ask, InvalidPuzzle, Unsupported, challenges
from ..families.challenges import HINT_COLOUR, LEVELS
from . import areas, layout
from .book import Book, MissingName
from .cells import cell_value

MAX_MESSAGES = 4  # the status cell shows this many problems, then "and N more"
NEXT_WAY = "press Next"  # the way to the next solution, as a status line offering one words it (Ask.another)


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
            unmark(book, area)
            answer = ACTIONS[action](book, area)
        except InvalidPuzzle as err:
            answer = Answer(Status.INVALID, _summary(err.messages), messages=err.messages)
        except MissingName as err:
            answer = Answer(Status.ERROR, f"{err.args[0]}: this workbook lacks a range the button needs")
        except (catalog.DataFileError, Unsupported) as err:
            answer = Answer(Status.ERROR, str(err))
        finally:
            book.status_bar(None)
        _after_failure(book, area, action, answer)
    try:
        book.write(f"{area.name}_Status", [[answer.message]])
    except MissingName:
        pass  # nowhere to write; the caller still gets the answer
    return answer


FAILED = (Status.INVALID, Status.ERROR, Status.NO_SOLUTION)  # no solution to show for what the sheet holds now
SHOWING = ("solve", "next", "previous", "unique")  # actions that show a solution, or fail


def failed(action: str, answer: Answer) -> bool:
    """True when the solution grid must not keep an old solution: the input is wrong or has none, or an
    action that shows a solution showed none (stopped by the time limit, say)."""
    return answer.status in FAILED or (action in SHOWING and not answer.frames)


def _after_failure(book: Book, area: layout.Area, action: str, answer: Answer) -> None:
    """Empty the outputs of a failed action and mark the cells its messages name; a range the workbook lacks
    leaves that part undone (the status line already says what is missing)."""
    if not failed(action, answer):
        return
    try:
        clear_outputs(book, area)
        mark(book, area, cells_to_mark(answer))
    except MissingName:
        pass


def cells_to_mark(answer: Answer) -> list[set[tuple[int, int]]]:
    """The sheet cells (0-based) each message of an answer names: the cell or range a problem of an invalid
    puzzle starts with (``C7: ...``); for a puzzle with no solution, every cell its reason names (``no piece
    can cover B14, C14``)."""
    texts = answer.messages or [answer.message]
    if answer.status is Status.INVALID:
        return [named_cells(text) for text in texts]
    if answer.status is Status.NO_SOLUTION:
        return [{_position(letters, digits) for letters, digits in _CELL.findall(text)} for text in texts]
    return []


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
    state = load_state(book, area)
    index = max(state.shown + delta, 0) if state.fingerprint == read.fingerprint and state.shown >= 0 else 0
    return _show(book, area, index, read)


def _show(book: Book, area: layout.Area, index: int, read: areas.AreaPuzzle | None = None) -> Answer:
    """Ask the family and show solution (or step) ``index``."""
    read = read or areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    stepping = read.family.steps == FRAMES
    ask = Ask(index=0 if stepping else index, time_limit=seconds, another=NEXT_WAY)
    answer = read.family.solve(read.puzzle, ask)
    if answer.frames:
        shown = min(index, len(answer.frames) - 1) if stepping else answer.index
        frame = answer.frames[shown if stepping else 0]
        if stepping and shown and frame.message:
            answer.message = frame.message
        write_frame(book, area, read, frame)
        write_listing(book, area, answer.table)
        remember(book, area, fingerprint=read.fingerprint, shown=shown)
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
    answer = read.family.solve(read.puzzle, Ask(unique=True, time_limit=seconds, another=NEXT_WAY,
                                                progress=_progress(book, area, "Unique?", seconds)))
    if answer.frames:
        write_frame(book, area, read, answer.frames[0])
        remember(book, area, fingerprint=read.fingerprint, shown=0)
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
    clear_outputs(book, area)
    return Answer(Status.CLEARED, "")


def clear_outputs(book: Book, area: layout.Area) -> None:
    """The solution grid empty (shaded as output, dark off the board), its list empty, Next back to the start."""
    name = f"{area.name}_Out"
    rows, cols = _shape(book.read(name))
    book.write(name, [[None] * cols for _ in range(rows)])
    mask = catalog.board(area.board).cells if area.board else None
    book.paint(name, [[layout.OUTPUT_FILL if mask is None or (r, c) in mask else OFF_BOARD for c in range(cols)]
                      for r in range(rows)])
    write_listing(book, area, [])
    remember(book, area, fingerprint="", shown=-1)


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
                values[r][c] = cell_value(text, area.spec.digits)
        book.write(name, values)
        book.paint(name, _input_fills(area, len(values), len(values[0]), set(cells)))
        remember(book, area, hinted=frozenset(cells))
    answer.message = with_warning(answer.message, warning)
    return answer


def _input_fills(area: layout.Area, rows: int, cols: int, hinted: set = frozenset(),
                 marked: set = frozenset()) -> list[list[Colour]]:
    """The input grid's fills: the error colour on ``marked`` cells, the hint colour on ``hinted`` ones, dark off
    a fixed board, white elsewhere (as built)."""
    mask = catalog.board(area.board).cells if area.board else None

    def fill(r: int, c: int) -> Colour:
        if (r, c) in marked:
            return layout.ERROR_FILL
        if (r, c) in hinted:
            return HINT_COLOUR
        return OFF_BOARD if mask is not None and (r, c) not in mask else layout.INPUT_FILL
    return [[fill(r, c) for c in range(cols)] for r in range(rows)]


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
    if typed_cells and load_state(book, area).fingerprint != pending:
        remember(book, area, fingerprint=pending, shown=-1)
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
    book.write(name, [[None if ch in ". " else cell_value(ch, area.spec.digits)
                       for ch in row.ljust(len(values[0]))] for row in made.rows])
    clear(book, area)
    book.paint(name, _input_fills(area, len(values), len(values[0])))
    remember(book, area, hinted=frozenset())
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
    """A frame into ``<Area>_Out``: texts and fills; the margin beyond it empty (the output shade), off the
    mask dark."""
    name = f"{area.name}_Out"
    rows, cols = _shape(book.read(name))
    values: list[list[object]] = [[None] * cols for _ in range(rows)]
    fills: list[list[Colour]] = [[None] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            cell = frame.rows[r][c] if r < frame.height and c < len(frame.rows[r]) else None
            off_mask = area.board is not None and read.mask is not None and (r, c) not in read.mask
            empty = OFF_BOARD if off_mask else layout.OUTPUT_FILL
            if cell is None:
                fills[r][c] = empty
                continue
            if not cell.ground:
                values[r][c] = cell_value(cell.text)
            fills[r][c] = cell.colour or empty
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


@dataclass(frozen=True)
class State:
    """What one click leaves for the next (each is a new Python), in ``<Area>_State`` as one line of text:
    ``FINGERPRINT SHOWN [hinted=R.C,...] [marked=NAME,...]``."""

    fingerprint: str = ""  # of the input Next showed a solution for ("" none; "generate:..." a pending Generate)
    shown: int = -1  # which solution (or step) it showed
    hinted: frozenset = frozenset()  # input cells (row, col) the latest Hint typed: shaded until the next one
    marked: tuple[str, ...] = ()  # the area's ranges holding cells a failure painted: repainted by the next action

    def text(self) -> str | None:
        if self == State():
            return None
        words = [self.fingerprint or "-", str(self.shown)]
        if self.hinted:
            words.append("hinted=" + ",".join(f"{r}.{c}" for r, c in sorted(self.hinted)))
        if self.marked:
            words.append("marked=" + ",".join(self.marked))
        return " ".join(words)

    @classmethod
    def of_text(cls, value: object) -> State:
        """The state a cell holds; whatever else it holds (an older workbook's, a user's) is no state."""
        words = str(value or "").split()
        if not words:
            return cls()
        shown = int(words[1]) if len(words) > 1 and words[1].lstrip("-").isdecimal() else -1
        extras = dict(word.partition("=")[::2] for word in words[2:])
        hinted = frozenset(tuple(int(n) for n in cell.split(".")) for cell in extras.get("hinted", "").split(",")
                           if re.fullmatch(r"\d+\.\d+", cell))
        marked = tuple(name for name in extras.get("marked", "").split(",") if name)
        return cls("" if words[0] == "-" else words[0], shown, hinted, marked)


def load_state(book: Book, area: layout.Area) -> State:
    return State.of_text(book.read(f"{area.name}_State")[0][0])


def save_state(book: Book, area: layout.Area, state: State) -> None:
    book.write(f"{area.name}_State", [[state.text()]])


def remember(book: Book, area: layout.Area, **changes) -> None:
    """Change some fields of the area's state, keeping the others (a Clear keeps the latest Hint's cells)."""
    save_state(book, area, replace(load_state(book, area), **changes))


# --- cells named in a message ------------------------------------------------------------------------

_REFERENCE = re.compile(r"^\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?:")
_CELL = re.compile(r"\b([A-Z]{1,3})([1-9]\d*)\b")


def named_cells(message: str) -> set[tuple[int, int]]:
    """The sheet cells (0-based row, column) a message names at its start: ``C7: ...``, ``B14:K19: ...``."""
    found = _REFERENCE.match(message)
    if not found:
        return set()
    first = _position(found.group(1), found.group(2))
    last = _position(found.group(3), found.group(4)) if found.group(3) else first
    return {(r, c) for r in range(min(first[0], last[0]), max(first[0], last[0]) + 1)
            for c in range(min(first[1], last[1]), max(first[1], last[1]) + 1)}


def _position(letters: str, digits: str) -> tuple[int, int]:
    return int(digits) - 1, column_index(letters)


def typed_ranges(area: layout.Area) -> dict[str, tuple[int, int]]:
    """The area's ranges a user types into, with their shape: where a message's cells are marked."""
    spec = area.spec
    shapes = {f"{area.name}_In": (area.rows, area.cols), f"{area.name}_TimeLimit": (1, 1)}
    for key, name in area.setting_names().items():
        drawing = spec.drawing if spec.drawing and spec.drawing.key == key else None
        shapes[name] = (drawing.rows, drawing.cols) if drawing else (1, 1)
    if spec.size:
        shapes.update({f"{area.name}_Rows": (1, 1), f"{area.name}_Cols": (1, 1)})
    if "generate" in area.actions:
        shapes[f"{area.name}_Level"] = (1, 1)
    return shapes


def mark(book: Book, area: layout.Area, named: list[set[tuple[int, int]]]) -> None:
    """Paint the sheet cells each message names (``named``) in the error colour, in whichever typed range
    holds them, and remember those ranges so that the next action repaints them.  A message naming a whole
    grid (``B14:K19: 52 open cells but ...``) speaks of the board, not of cells to correct: not painted."""
    if not any(named):
        return
    state = load_state(book, area)
    marked = []
    for name, (rows, cols) in typed_ranges(area).items():
        try:
            _, top, left = book.anchor(name)
        except MissingName:  # a range this workbook lacks holds nothing to mark
            continue
        cells = set()
        for message_cells in named:
            inside = {(r - top, c - left) for r, c in message_cells if 0 <= r - top < rows and 0 <= c - left < cols}
            if len(inside) < rows * cols or rows * cols == 1:
                cells |= inside
        if cells:
            book.paint(name, _base_fills(area, name, rows, cols, state.hinted, cells))
            marked.append(name)
    if marked:
        remember(book, area, marked=tuple(marked))


def unmark(book: Book, area: layout.Area) -> None:
    """Give the cells the last failure marked their own fills back (the latest Hint's shading included)."""
    state = load_state(book, area)
    if not state.marked:
        return
    shapes = typed_ranges(area)
    for name in state.marked:
        if name in shapes:
            try:
                book.paint(name, _base_fills(area, name, *shapes[name], state.hinted))
            except MissingName:  # gone since it was marked: nothing to repaint
                pass
    remember(book, area, marked=())


def _base_fills(area: layout.Area, name: str, rows: int, cols: int, hinted: frozenset,
                marked: set = frozenset()) -> list[list[Colour]]:
    """A typed range's fills: the input grid's own (hints, dark cells), white in the others (as built);
    ``marked`` cells in the error colour."""
    if name == f"{area.name}_In":
        return _input_fills(area, rows, cols, hinted, marked)
    return [[layout.ERROR_FILL if (r, c) in marked else layout.INPUT_FILL for c in range(cols)] for r in range(rows)]
