"""What each button does, for every family: Solve, Save .xmpuzzle, Previous, Next, Steps, Count, Heat map, Unique?,
Hint, Generate, Booklet, Clear.

Every action reads the area's input and ends by writing one line to the area's
status cell.  Only Hint and Generate write into the input: Hint types one more
piece into empty cells (shaded), Generate replaces the input with a new
challenge, and only after a second press when something is typed there.
Booklet writes a PDF beside the workbook and touches no cell but the status; Save writes the puzzle and
the solution shown as a file of the family's format (a BurrTools file) beside the workbook.  An area read
from a file (``AreaSpec.file``) says the answer's notes after its status line (which problem of the file,
what each letter is): the file is not on the sheet.
Problems the user can fix become that line,
naming the sheet cell; nothing raises out of :func:`press`.

An action that fails empties the solution grid and its list, so no old solution
stands beside the new message, and paints the cells its messages name (the input
grid's, the setting cells') until the area's next action.

Each click is a new Python, so what Next showed last is kept in ``<Area>_State``
with a fingerprint of the input: Next asks the family for the following
solution, or, for a family whose answer is a sequence (Klotski's moves), shows
the following frame of the same answer.  The same cell remembers the latest
Hint's cells and the ranges a failure marked (``state.py``); ``marking.py`` writes
and paints the cells.
"""
from __future__ import annotations

import random

from ..geometry import catalog
from .. import families
from ..base.answer import Answer, Status, typed
from ..families import FRAMES, Ask, InvalidPuzzle, Unsupported, generating
from ..families.levels import LEVELS
from . import areas, layout
from .book import Book, MissingName
from .cells import OPEN, cell_value
from .marking import (
    TooLarge,
    cells_to_mark,
    empty_outputs,
    input_fills,
    layered,
    mark,
    unmark,
    write_frame,
    write_listing,
    write_picture,
)
from .state import fingerprint, load_state, remember

MAX_MESSAGES = 4  # the status cell shows this many problems, then "and N more"
NEXT_WAY = "press Next"  # the way to the next solution, as a status line offering one words it (Ask.another)


def press(book: Book, area_name: str, action: str, cancel: object = None) -> Answer:
    """Run a button's action on an area and write its status line; ``cancel`` (an Event) stops its search."""
    area = layout.area(area_name)
    if area is None:
        return Answer(Status.ERROR, f"unknown area {area_name!r}; areas are {', '.join(layout.areas())}")
    if action not in area.actions:
        answer = Answer(Status.ERROR, f"unknown action {action!r}; actions are {', '.join(area.actions)}")
    else:
        book.status_bar(f"xlsolver: {layout.BUTTON_CAPTIONS[action]} {area.name}...")
        try:
            unmark(book, area)
            answer = ACTIONS[action](book, area, cancel)
            if area.spec.file is not None:
                answer.message = with_notes(answer.message, answer.notes)
        except TooLarge as err:  # an area read from a file: the file is what is too large
            saving = f"; {layout.BUTTON_CAPTIONS['save']} still writes it" if "save" in area.actions else ""
            line = f"{namer_of(book, area.input_name)}: {err}{saving}"
            answer = Answer(Status.INVALID, line, messages=[line])
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
    action that shows a solution showed none (stopped by the time limit, say).  Save's ERROR is about the file
    (the format cannot hold this puzzle, the folder is read-only): the solution it showed stays."""
    if action == "save" and answer.status is Status.ERROR:
        return False
    return answer.status in FAILED or (action in SHOWING and not answer.frames)


def _after_failure(book: Book, area: layout.Area, action: str, answer: Answer) -> None:
    """Empty the outputs of a failed action and mark the cells its messages name; a range the workbook lacks
    leaves that part undone (the status line already says what is missing)."""
    if not failed(action, answer):
        return
    try:
        clear_outputs(book, area)
        # a file's answer names the file's cells (``no piece can cover layer 1 B3``), not the sheet's
        if area.spec.file is None or answer.status is Status.INVALID:
            mark(book, area, cells_to_mark(answer))
    except MissingName:
        pass


def _summary(messages: list[str]) -> str:
    shown = "; ".join(messages[:MAX_MESSAGES])
    more = len(messages) - MAX_MESSAGES
    return shown + (f"; and {more} more" if more > 0 else "")


def solve(book: Book, area: layout.Area, cancel: object = None) -> Answer:
    return _show(book, area, 0, cancel=cancel)


def next_one(book: Book, area: layout.Area, cancel: object = None) -> Answer:
    """The solution (or step) after the one shown last, for the same input."""
    return _step(book, area, +1, cancel)


def previous(book: Book, area: layout.Area, cancel: object = None) -> Answer:
    return _step(book, area, -1, cancel)


def _step(book: Book, area: layout.Area, delta: int, cancel: object = None) -> Answer:
    read = areas.read(book, area)
    state = load_state(book, area)
    index = max(state.shown + delta, 0) if state.fingerprint == read.fingerprint and state.shown >= 0 else 0
    return _show(book, area, index, read, cancel)


def _show(book: Book, area: layout.Area, index: int, read: areas.AreaPuzzle | None = None,
          cancel: object = None) -> Answer:
    """Ask the family and show solution (or step) ``index``."""
    read = read or areas.read(book, area)
    answer = _asked(book, area, index, read, cancel)
    _draw(book, area, index, read, answer)
    return answer


def _asked(book: Book, area: layout.Area, index: int, read: areas.AreaPuzzle, cancel: object = None) -> Answer:
    """The family's answer with solution (or step) ``index``, its message with the time limit's warning."""
    seconds, warning = areas.time_limit(book, area)
    stepping = read.family.steps == FRAMES
    ask = Ask(index=0 if stepping else index, time_limit=seconds, cancel=cancel, another=NEXT_WAY)
    answer = read.family.solve(read.puzzle, ask)
    answer.message = with_warning(answer.message, warning)
    return answer


def _draw(book: Book, area: layout.Area, index: int, read: areas.AreaPuzzle, answer: Answer) -> None:
    """Show the answer's solution (or step ``index``) in the solution grid, its list and picture, and remember it
    for Next; TooLarge, before anything is written, for one the grid cannot hold (an area read from a file)."""
    stepping = read.family.steps == FRAMES
    if answer.frames:
        shown = min(index, len(answer.frames) - 1) if stepping else answer.index
        frame = answer.frames[shown] if stepping else layered(area, answer.frames, answer.scene)
        if stepping and shown and frame.message:
            answer.message = frame.message
        write_frame(book, area, read, frame)
        write_listing(book, area, answer.table)
        write_picture(book, area, answer.scene)
        remember(book, area, fingerprint=read.fingerprint, shown=shown, step=-1)


def save(book: Book, area: layout.Area, cancel: object = None) -> Answer:
    """Write the area's puzzle and the solution it shows (the first, as Solve shows it, when it shows none for
    what the area holds now) as a file of its family's format (``FileForm.write``: a BurrTools file, as
    ``solve --xmpuzzle`` writes it), beside the workbook as ``<workbook>-<Area><suffix>``; the solution written is
    shown.  The name is fixed, as Booklet's is: a cell naming where to write would let a workbook from someone
    else overwrite any file its user may write."""
    from pathlib import Path

    from .atomic import replace_file

    form = next(form for form in read_family(area).files if form.write is not None)
    folder = areas.workbook_folder(book)
    if folder is None:
        return Answer(Status.ERROR, f"Save writes the {form.suffix} file beside the workbook: save the workbook first.")
    target = folder / f"{Path(book.path).stem}-{area.name}{form.suffix}"
    read = areas.read(book, area)
    if read.source is not None and _same_file(read.source, target):
        where = namer_of(book, area.input_name)
        return Answer(Status.ERROR, f"{where}: Save writes {target}, the file this area reads; copy it under another "
                                    f"name and read that, so the file stays as it is")
    state = load_state(book, area)
    index = state.shown if state.fingerprint == read.fingerprint and state.shown >= 0 else 0
    answer = _asked(book, area, index, read, cancel)
    not_drawn = ""
    try:
        _draw(book, area, index, read, answer)
    except TooLarge as err:  # written all the same: the file is the whole answer
        clear_outputs(book, area)
        not_drawn = f" It is not drawn here: {err}."
    if not answer.frames:
        return answer  # no solution, or none within the time limit: the message says which
    try:
        data = form.write(read.puzzle)
    except Unsupported as err:
        answer.status, answer.message = Status.ERROR, f"Not saved: {err}."
        return answer
    try:
        replace_file(target, lambda out: out.write(data))
    except OSError as err:
        answer.status, answer.message = Status.ERROR, f"Not saved: cannot write {target}: {err.strerror or err}."
        return answer
    seconds, warning = areas.time_limit(book, area)
    answer.message = with_warning(f"Saved solution {answer.index + 1} with the puzzle to {target} ({form.about})."
                                  f"{not_drawn}", warning)
    answer.data = {**answer.data, "saved": str(target)}
    return answer


def _same_file(one, other) -> bool:
    import os

    try:
        return other.exists() and os.path.samefile(one, other)
    except OSError:
        return False


def read_family(area: layout.Area):
    return families.get(area.family)


def steps(book: Book, area: layout.Area, cancel: object = None) -> Answer:
    """How to build the solution shown, a piece a press: the layers built so far after the next step (after the
    last, the first again); the status line says which piece goes where."""
    read = areas.read(book, area)
    state = load_state(book, area)
    same = state.fingerprint == read.fingerprint and state.shown >= 0
    seconds, warning = areas.time_limit(book, area)
    ask = Ask(index=state.shown if same else 0, steps=True, time_limit=seconds, cancel=cancel, another=NEXT_WAY)
    answer = read.family.solve(read.puzzle, ask)
    built = answer.steps
    if not answer.frames or built is None:
        return answer
    if not built.frames:
        answer.message = with_warning(f"{built.lines[0][0].upper()}{built.lines[0][1:]}.", warning)
        return answer
    step = (state.step + 1 if same else 0) % len(built.frames)
    write_frame(book, area, read, layered(area, list(built.frames[step])))
    write_picture(book, area, built.scenes[step])
    remember(book, area, fingerprint=read.fingerprint, shown=answer.index, step=step)
    line = next(line for line in built.lines if line.startswith(f"step {step + 1}:"))
    again = "Steps for the next" if step + 1 < len(built.frames) else "Steps to start again"
    answer.message = with_warning(f"Step {step + 1} of {len(built.frames)}: {line.split(': ', 1)[1]}. Press {again}.",
                                  warning)
    return answer


def count(book: Book, area: layout.Area, cancel: object = None) -> Answer:
    read = areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    answer = read.family.count(read.puzzle, Ask(time_limit=seconds, cancel=cancel,
                                                              progress=_progress(book, area, "Count", seconds)))
    answer.message = with_warning(answer.message, warning)
    return answer


def unique(book: Book, area: layout.Area, cancel: object = None) -> Answer:
    read = areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    answer = read.family.solve(read.puzzle, Ask(unique=True, time_limit=seconds, cancel=cancel, another=NEXT_WAY,
                                                progress=_progress(book, area, "Unique?", seconds)))
    if answer.frames:
        write_frame(book, area, read, layered(area, answer.frames, answer.scene))
        write_picture(book, area, answer.scene)
        remember(book, area, fingerprint=read.fingerprint, shown=0)
    answer.message = with_warning(answer.message, warning)
    return answer


def heat_map(book: Book, area: layout.Area, cancel: object = None) -> Answer:
    """Every solution counted (the family's count with ``Ask.frequencies``) and drawn in the solution grid as a
    heat map: on each cell the letter of the piece lying there in most solutions, in its colour faded by that
    share.  The share is shown by the shade, its range in the status line: a grid cell is one letter wide (a
    percentage would replace the letter or spill over), and a note is a third thing besides values and fills
    that every adapter (openpyxl, Excel, LibreOffice) would have to write and Clear to remove; the exact
    shares are in ``xlsolver count WORKBOOK --area NAME --frequencies``.  What Next showed is forgotten: Next
    starts again from solution 1."""
    read = areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    answer = read.family.count(read.puzzle, Ask(frequencies=True, time_limit=seconds, cancel=cancel,
                                                progress=_progress(book, area, "Heat map", seconds)))
    if answer.status is Status.COUNTED:
        clear_outputs(book, area)
        if answer.frames:
            write_frame(book, area, read, layered(area, answer.frames))
            answer.message = heat_map_line(answer.data["solutions"], answer.data["heat_map"]["shares"])
        elif answer.data.get("solutions") == 0:
            answer = Answer(Status.NO_SOLUTION, "No solution, so no heat map.", messages=["no solution"],
                            data=answer.data)
        else:
            answer = Answer(Status.ERROR, "This puzzle's solutions cannot be drawn as a heat map on this sheet.",
                            data=answer.data)
    answer.message = with_warning(answer.message, warning)
    return answer


def heat_map_line(solutions: int, shares: list[list[int | None]]) -> str:
    """The status line of a heat map: what it shows, and between which shares its shades run."""
    numbers = [share for row in shares for share in row if share is not None]
    noun = "solution" if solutions == 1 else "solutions"
    low, high = min(numbers), max(numbers)
    here = f"here {high}% on every cell" if low == high else f"here from {low}% to {high}% of them"
    return (f"{solutions:,} {noun}. Heat map: each cell shows the piece lying there in most solutions, its colour "
            f"strong where nearly all put it there, pale where few do ({here}).")


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


def clear(book: Book, area: layout.Area, cancel: object = None) -> Answer:
    """Empty the solution grid, its list and the status; inputs stay as they are."""
    clear_outputs(book, area)
    return Answer(Status.CLEARED, "")


def clear_outputs(book: Book, area: layout.Area) -> None:
    """The solution grid and its list empty, Next back to the start."""
    empty_outputs(book, area)
    remember(book, area, fingerprint="", shown=-1)


def hint(book: Book, area: layout.Area, cancel: object = None) -> Answer:
    """Type one more piece of the unique solution into the input, its cells shaded as a hint."""
    read = areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    answer = read.family.hint(read.puzzle, Ask(time_limit=seconds, cancel=cancel))
    cells = {area.grid_cell(r, c): text for r, c, text in answer.data.get("typed", [])}
    cells.pop(None, None)
    if cells:
        name = f"{area.name}_In"
        values = book.read(name)
        for (r, c), text in cells.items():
            if _blank(values[r][c]):  # a cell the user typed keeps what they typed
                values[r][c] = cell_value(text, area.spec.digits)
        book.write(name, values)
        book.paint(name, input_fills(area, len(values), len(values[0]), set(cells)))
        remember(book, area, hinted=frozenset(cells))
    answer.message = with_warning(answer.message, warning)
    return answer


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and value.strip() in ("", "."))


def generate(book: Book, area: layout.Area, cancel: object = None) -> Answer:
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
    pending = "generate:" + fingerprint(values, level)
    if typed_cells and load_state(book, area).fingerprint != pending:
        remember(book, area, fingerprint=pending, shown=-1)
        where = f"{namer_of(book, name)}:{namer_of(book, name, len(values) - 1, len(values[0]) - 1)}"
        kind = f"{level.capitalize()} challenge" if level else "challenge"
        return Answer(Status.INCOMPLETE, f"Press Generate again to replace what is typed in {where} with a new {kind}.")
    family, settings, seconds, warning, seed = _to_make(book, area)
    request = generating.Request(1, seed, level, time_limit=seconds, cancel=cancel)
    try:
        made = next(iter(family.generate(areas.blank_rows(area, book), dict(settings), request)), None)
    except generating.NotMade as err:
        return Answer(Status.INCOMPLETE, with_warning(f"No challenge made: {err}. Choose another level in "
                                                      f"{level_cell}.", warning))
    if made is None:
        kind = f"{level.capitalize()} challenge" if level else "challenge"
        return Answer(Status.TIME_LIMIT, with_warning(f"No {kind} found within the {seconds:g} s time limit; press "
                                                      "Generate again or raise the limit.", warning))
    left_empty = ". " if area.spec.empty == OPEN else " "  # where an empty cell is no board, '.' is typed
    book.write(name, [[None if ch in left_empty else cell_value(ch, area.spec.digits)
                       for ch in row.ljust(len(values[0]))] for row in area.grid_rows(made.rows)])
    clear(book, area)
    book.paint(name, input_fills(area, len(values), len(values[0])))
    remember(book, area, hinted=frozenset())
    grade = made.grade
    return Answer(Status.SOLVED, with_warning(
        f"New {grade.level.capitalize()} challenge (seed {made.seed}, difficulty {grade.difficulty}: {grade.given} "
        f"given, {grade.to_place} to place; one solution). Hint helps, Solve shows it.", warning))


#: Challenges of each level in the booklet the Booklet button writes.
BOOKLET_PER_LEVEL = 4


def booklet(book: Book, area: layout.Area, cancel: object = None) -> Answer:
    """A printable booklet of new challenges for the area's board (BOOKLET_PER_LEVEL of each level, Starter to
    Wizard, the solutions at the back), written as ``<workbook>-<Area>-booklet.pdf`` beside the workbook; each
    challenge may take the area's time limit."""
    from io import BytesIO
    from pathlib import Path

    from ..families import booklet_maker
    from .atomic import replace_file

    where = getattr(book, "path", None)
    if not where:
        return Answer(Status.ERROR, "Booklet writes its PDF beside the workbook: save the workbook first.")
    family, settings, seconds, warning, seed = _to_make(book, area)
    rows = areas.blank_rows(area, book)
    try:
        made = booklet_maker.make(family, rows, dict(settings), BOOKLET_PER_LEVEL, seed,
                                  cancel=cancel, time_limit=seconds * BOOKLET_PER_LEVEL)
    except booklet_maker.Unfinished as err:
        return Answer(Status.INCOMPLETE, with_warning(f"No booklet written: {err}.", warning))
    if len(made) < BOOKLET_PER_LEVEL * len(LEVELS):
        return Answer(Status.TIME_LIMIT, with_warning(
            f"No booklet written: {len(made)} of {BOOKLET_PER_LEVEL * len(LEVELS)} challenges made within the time "
            "limit, which each challenge may take; raise it and press Booklet again.", warning))
    target = Path(where).with_name(f"{Path(where).stem}-{area.name}-booklet.pdf")
    pdf = BytesIO()
    pages, _ = booklet_maker.write(pdf, area.title, family, dict(settings), made,
                                   f"{len(made)} challenges, {BOOKLET_PER_LEVEL} per level, each with exactly one "
                                   f"solution; seed {seed}", rows=rows)
    try:
        replace_file(target, lambda out: out.write(pdf.getvalue()))
    except OSError as err:
        return Answer(Status.ERROR, f"Booklet could not write {target.name}: {err.strerror or err}")
    return Answer(Status.SOLVED, with_warning(
        f"Booklet of {len(made)} challenges, {BOOKLET_PER_LEVEL} per level, written to {target} ({pages} pages, seed "
        f"{seed}).", warning), data={"booklet": str(target), "pages": pages, "seed": seed})


def _to_make(book: Book, area: layout.Area):
    """What Generate and Booklet start from: (family, settings, time limit, its warning, a new seed)."""
    seconds, warning = areas.time_limit(book, area)
    settings, problems = areas.read_settings(book, area)
    if problems:
        raise InvalidPuzzle(problems)
    return families.get(area.family), settings, seconds, warning, random.SystemRandom().randrange(1_000_000)


def namer_of(book: Book, name: str, r: int = 0, c: int = 0) -> str:
    return areas.namer_for(book, name)(r, c)


ACTIONS = {"solve": solve, "save": save, "next": next_one, "previous": previous, "count": count, "heatmap": heat_map,
           "unique": unique, "hint": hint, "generate": generate, "booklet": booklet, "clear": clear, "steps": steps}


def with_warning(text: str, warning: str | None) -> str:
    return f"{text} ({warning}; used {layout.DEFAULT_TIME_LIMIT} s)" if warning else text


def with_notes(message: str, notes: list[str]) -> str:
    """A status line followed by the answer's notes, each a sentence (those it already says left out)."""
    said = [message] if message else []
    for note in notes:
        if note and note.rstrip(".") not in (line.rstrip(".") for line in said):
            text = note[0].upper() + note[1:]
            said.append(text if text[-1] in ".!?" else text + ".")
    return " ".join(said)
