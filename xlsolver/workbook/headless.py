"""Pressing a button without Excel: on one area (Solve: every area with input, or the one named), on the
workbook file, saved back (or to another file) the way the button leaves it."""
from __future__ import annotations

import os
import zipfile
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from .. import families
from ..pictures import views
from ..base.answer import Answer, Cell, Frame, Status
from ..base.interrupt import interruptible
from ..families import FRAMES
from . import actions, busy, layout, plane, state
from .book import Book, MissingName
from .cells import OPEN, cell_char, is_blank


class WorkbookError(Exception):
    """A workbook that cannot be used; the message says why in one line."""


class Interrupted(Exception):
    """Ctrl-C: the message says in one line whether the workbook was saved."""


@dataclass
class Pressed:
    """What one press did: each area's answer and the grid it wrote, and where the workbook was saved."""

    action: str
    answers: dict[str, Answer] = field(default_factory=dict)
    # the solution (or step) shown, the input typed: a frame, or a 3D board's layers (a frame each, captioned)
    shown: dict[str, list[Frame] | None] = field(default_factory=dict)
    saved: str | None = None  # the file written; None when nothing was pressed or the save failed
    not_saved: str | None = None  # why the save failed (one line naming the file); the file is as it was


def open_book(path: str | Path):
    """The workbook at ``path``, opened headless; WorkbookError, in one line, for a file that is not one xlsolver
    opens: no zip, broken or hostile (``package_guard``: a bomb, a DOCTYPE, a range of a billion cells), XML
    openpyxl cannot read, no areas, or an area's range larger than xlsolver made it."""
    from xml.etree.ElementTree import ParseError

    from openpyxl.utils.exceptions import InvalidFileException

    from .openpyxl_book import OpenpyxlBook
    from .package_guard import REFUSED, PackageError

    path = Path(path)
    if not path.is_file():
        raise WorkbookError(f"cannot read {str(path)!r}: no such file")
    try:
        book = OpenpyxlBook(path)
    except PackageError as err:
        raise WorkbookError(str(err)) from None
    except (ParseError, InvalidFileException, zipfile.BadZipFile, KeyError, IndexError, TypeError, ValueError,
            NotImplementedError) as err:  # NotImplementedError: zipfile's for a zip feature it lacks (a version)
        raise WorkbookError(f"cannot open {str(path)!r}: not a valid workbook ({_reason(err)})") from None
    except OSError as err:
        raise WorkbookError(f"cannot open {str(path)!r}: {err.strerror or err}") from None
    if not any(sheet.sheet_state == "visible" for sheet in book.workbook.worksheets):
        book.close()  # a workbook.xml whose sheets openpyxl could not find (it then fails at the save)
        raise WorkbookError(f"cannot open {str(path)!r}: not a valid workbook (no sheet that can be shown)")
    if not any(book.has_name(area.input_name) for area in layout.areas().values()):
        book.close()
        raise WorkbookError(f"{str(path)!r} has no xlsolver areas (no range named like Pento6x10_In)")
    for name, (rows, cols) in _layout_shapes().items():
        try:
            found = book.shape(name) if book.has_name(name) else (0, 0)
        except MissingName:
            continue  # an action that needs it says so
        if found[0] > rows or found[1] > cols:
            book.close()
            raise WorkbookError(f"{str(path)!r}: range {name} is {found[0]:,} x {found[1]:,} cells, larger than the "
                                f"{rows} x {cols} xlsolver made; {REFUSED}")
    return book


def _reason(err: Exception) -> str:
    """What openpyxl said, on one line; where it wrapped the error ("Unable to read workbook: could not read
    worksheets from ...", three lines), the step and the error inside (defusedxml's refusals are such)."""
    cause = err.__cause__
    if isinstance(err, ValueError) and str(err).startswith("Unable to read workbook: ") and cause is not None:
        step = str(err).removeprefix("Unable to read workbook: ").split(" from ")[0]
        return " ".join(f"{step}: {type(cause).__name__}: {cause}".split())
    return " ".join(f"{type(err).__name__}: {err}".split())


def _layout_shapes() -> dict[str, tuple[int, int]]:
    """Rows and columns of every range xlsolver names: a button reads each one whole."""
    from openpyxl.utils import range_boundaries

    shapes = {}
    for name, ref in layout.defined_names().items():
        left, top, right, bottom = range_boundaries(ref.rpartition("!")[2].replace("$", ""))
        shapes[name] = (bottom - top + 1, right - left + 1)
    return shapes


def check_output(path: str | Path, output: str | Path | None) -> None:
    """The file written is the kind read (board.xlsm: macro-enabled), so its name keeps that extension;
    Excel refuses a macro-enabled package named .xlsx."""
    if output is None:
        return
    if Path(output).suffix.lower() != Path(path).suffix.lower():
        raise WorkbookError(f"--output must end in {Path(path).suffix.lower()}, as {str(path)!r} does "
                            f"(the workbook is saved with its macros as it was read), not {str(output)!r}")
    if os.path.exists(output) and not os.path.isfile(output):
        raise WorkbookError(f"cannot save {str(output)!r}: not a regular file")


def areas_with_input(book: Book) -> list[str]:
    """Every area whose input grid has something typed in it (a box shipped filled with '.' as it is: nothing), or
    whose File cell names a file."""
    chosen = []
    for name, area in layout.areas().items():
        try:
            values = book.read(area.input_name)
        except MissingName:
            continue
        if not is_blank(values) and not untouched_box(area, values):
            chosen.append(name)
    return chosen


def untouched_box(area: layout.Area, values) -> bool:
    """True for a box that must be typed in full (``unfilled``: the Cubes sheet's Soma, Bedlam) holding '.' on every
    cell of its board and nothing else: the board as shipped, with no piece placed."""
    if not area.spec.unfilled or area.mask is None:
        return False
    for r, row in enumerate(values):
        for c, value in enumerate(row):
            typed = "" if is_blank([[value]]) else str(value).strip()
            if typed != (OPEN if (r, c) in area.mask else ""):
                return False
    return True


def areas_to_press(book: Book, area: str | None, action: str) -> list[str]:
    """The named area, if it has the button; with none named, every area with input for Solve, and for any
    other button a WorkbookError asking for one (naming the areas with input that have the button)."""
    caption = layout.BUTTON_CAPTIONS.get(action, action)
    if area is None:
        if action == "solve":
            return areas_with_input(book)
        having = [name for name, a in layout.areas().items() if action in a.actions and book.has_name(a.input_name)]
        typed = [name for name in areas_with_input(book) if name in having]
        which = (f"the areas with input are {', '.join(typed)}" if typed and action != "generate" else
                 f"the areas with a {caption} button are {', '.join(having)}")
        raise WorkbookError(f"{caption} works on one area: name it with --area ({which})")
    found = layout.area(area)
    if found is None:
        raise WorkbookError(f"unknown area {area!r}; the areas are {', '.join(layout.areas())}")
    if not book.has_name(found.input_name):
        raise WorkbookError(f"this workbook has no range named {found.input_name}")
    if action not in found.actions:
        buttons = ", ".join(layout.BUTTON_CAPTIONS[a] for a in found.actions)
        raise WorkbookError(f"{found.name} has no {caption} button; its buttons are {buttons}")
    return [found.name]


def press(path: str | Path, area: str | None, action: str, output: str | Path | None = None) -> Pressed:
    """Press a button (an action of ``actions.ACTIONS``) on ``area`` of the workbook and save it (to ``output``
    if given), as a click in Excel leaves it.

    The workbook (and the output) are locked while this runs: WorkbookError "busy: ..." if another
    action holds them.  A save that fails (a read-only file, a full disk) leaves the file as it was and
    says why in ``not_saved``; the answers are returned all the same.  Ctrl-C raises Interrupted,
    which says whether the file was saved: before the save nothing is written; a save once begun runs
    to its end (it is short), as searches finish theirs.
    """
    if action not in actions.ACTIONS:
        raise WorkbookError(f"unknown button {action!r}; the buttons are {', '.join(layout.BUTTON_CAPTIONS.values())}")
    check_output(path, output)
    target = output or path
    caption = layout.BUTTON_CAPTIONS[action]
    pressed = Pressed(action)
    doing = f"{caption} on {area or 'every area with input'} (xlsolver command line)"
    try:
        # Ctrl-C sets an event the searches stop at, rather than raising wherever Python happens to be: raised
        # during an import, C code may swallow it (an extension's init clearing errors) and the count runs on
        with interruptible() as ctrl_c, ExitStack() as held:
            for locked in dict.fromkeys(os.path.realpath(p) for p in (path, target)):
                held.enter_context(busy.hold(locked, doing))
            book = open_book(path)
            held.callback(book.close)
            for name in areas_to_press(book, area, action):
                if ctrl_c.is_set():
                    break
                answer = actions.press(book, name, action, cancel=ctrl_c)
                pressed.answers[name] = answer
                pressed.shown[name] = shown_grid(book, layout.area(name), action, answer)
            if ctrl_c.is_set():
                raise KeyboardInterrupt
            if pressed.answers:  # a save once begun runs to its end; Ctrl-C meanwhile is told after it
                pressed.not_saved = _save(book, target)
                pressed.saved = None if pressed.not_saved else str(target)
            if ctrl_c.is_set():
                raise KeyboardInterrupt
    except busy.Busy as err:
        raise WorkbookError(f"{err} ({str(path)!r})") from None
    except KeyboardInterrupt:
        done = f"saved {str(target)!r} first" if pressed.saved else f"{str(path)!r} left as it was"
        raise Interrupted(f"interrupted (Ctrl-C); {done}") from None
    return pressed


def solve(path: str | Path, area: str | None = None, output: str | Path | None = None) -> dict[str, Answer]:
    """Solve (every area with input, or ``area``), write the solutions into the workbook and save it; a save
    that fails raises WorkbookError."""
    pressed = press(path, area, "solve", output)
    if pressed.not_saved:
        raise WorkbookError(pressed.not_saved)
    return pressed.answers


def shown_grid(book: Book, area: layout.Area, action: str, answer: Answer) -> list[Frame] | None:
    """The grid an action wrote, as the command line shows it: the solution (or the step) now in the
    solution grid (every frame of a solution: a 3D one's layers; after Steps, the layers built so far), the heat
    map drawn there, or the input grid as
    Hint or Generate typed it; None when it wrote none of them."""
    if action in actions.SHOWING:
        if actions.failed(action, answer):
            return None
        if families.get(area.family).steps != FRAMES:
            return list(answer.frames)
        shown = state.load_state(book, area).shown  # the step Next or Previous moved to
        return [answer.frames[min(max(shown, 0), len(answer.frames) - 1)]]
    if action == "steps" and answer.steps is not None and answer.steps.frames:
        return list(answer.steps.frames[state.load_state(book, area).step])  # the layers built so far
    if action == "heatmap" and answer.status is Status.COUNTED and answer.frames:
        return [answer.frames[0]]
    if action == "hint" and answer.status is Status.SOLVED and answer.frames:
        return list(answer.frames)
    if action == "generate" and answer.status is Status.SOLVED:
        return _input_frames(book, area)
    return None


def _input_frames(book: Book, area: layout.Area) -> list[Frame]:
    """The input grid as typed (one character a cell, '.' empty), as the answers show it: a 3D board's layers a
    frame each (``views.layers``), else one frame with cells off a fixed board as backdrop."""
    layers = area.spec.layers
    if layers is None:
        return [_input_frame(book, area)]
    grid = [[cell_char(value, "", area.spec.keep_case, area.spec.digits)[0] for value in row]
            for row in book.read(f"{area.name}_In")]
    stacked = Frame(tuple(tuple(Cell(ch) for ch in row) for row in layers.stacked(grid)))
    return views.layers(stacked, [rows for rows, _ in layers.shapes])


def _input_frame(book: Book, area: layout.Area) -> Frame:
    """The input grid as typed: one character a cell ('.' empty, or a space where an empty cell is no board),
    cells off a fixed board and between hexagons as backdrop."""
    mask, lattice = area.mask, area.lattice
    rows = []
    for r, row in enumerate(book.read(f"{area.name}_In")):
        cells = []
        for c, value in enumerate(row):
            off = (mask is not None and (r, c) not in mask) or plane.between(lattice, r, c)
            if off or (area.spec.empty != OPEN and is_blank([[value]])):
                cells.append(Cell(" ", None, True))
            else:
                cells.append(Cell(cell_char(value, "", area.spec.keep_case, area.spec.digits)[0]))
        rows.append(tuple(cells))
    return Frame(tuple(rows), lattice=area.spec.lattice)


def _save(book, target: str | Path) -> str | None:
    """Save the workbook; None when done, else why not, in one line naming the file."""
    try:
        book.save(target)
    except OSError as err:
        return f"cannot save {str(target)!r}: {err.strerror or err}"
    return None
