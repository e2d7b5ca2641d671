"""Formulas for people who prefer them to buttons: ``=XLSOLVER_SOLVE``, ``=XLSOLVER_COUNT``, ``=XLSOLVER_UNIQUE``.

    =XLSOLVER_SOLVE(B14:L18)                  the solution's letters, spilled over a block the range's size
    =XLSOLVER_COUNT(B14:L18, 1000)            the number of solutions (a sentence when a limit stops it)
    =XLSOLVER_UNIQUE(B14:L18)                 TRUE or FALSE (a sentence when there is no solution)
    =XLSOLVER_SOLVE(A1:I9, "sudoku; variant: x")    a range anywhere else: its family and settings

Which puzzle a range is: a range that is, or lies within, an area's input grid
(``<Area>_In``) is read as that area's Solve button reads it (its family, its
setting cells, its board, its time limit; ``areas.read`` over the workbook with
the range standing in for the input grid).  A range anywhere else is a puzzle
grid as in a puzzle file: one character a cell, empty for open board, ``#`` for
a hole; the optional ``family`` argument is the ``key: value`` header of such a
file (``"roadblock; mode: advanced"``; a word alone is the family), the first
family when left out.  Named boards are not offered there: a range states its
board by its shape and its ``#`` cells, and a fixed board's mask belongs to the
sheet's areas.

The work is done by :func:`solve`, :func:`count` and :func:`unique`, which take
the range's cells as values, where it is, and the workbook (any ``Book``), so
they are tested without Excel.  The ``XLSOLVER_...`` functions are what xlwings'
COM server calls from the VBA wrappers embedded in board.xlsm (``udf_vba``);
their decorators are xlwings' own.  A search stops at the time limit, so Excel
never waits without end, and every problem comes back as one line of text in
the cell, never raised (xlwings would show a Python traceback there).
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from .. import families
from ..geometry import catalog
from ..base.a1 import offset_namer, range_name
from ..base.answer import Frame, Status, typed
from ..base.files import UserError
from ..families import FRAMES, Ask, Family, InvalidPuzzle, Settings, Unsupported
from . import areas, layout, marking
from .book import Book, MissingName
from .cells import cell_value, grid_chars
from .udf_vba import decorators

# xlwings' @xw.func and @xw.arg.  Its @xw.ret is not needed: rows of values spill by themselves in Excel 365,
# and its ``expand`` option (for older Excel) rewrites the caller as an array formula.
func, arg, _ = decorators()

MAX_CELLS = 10_000  # the largest range read: far above any puzzle grid, far below a whole column
Where = tuple[str, int, int]  # the range's sheet, and its top-left cell's 0-based row and column
Value = object  # what one cell of a result holds: a text, a number, a truth value

GRID_DOC = "The puzzle's cells: an area's input grid (or part of it), or a grid anywhere else."
FAMILY_DOC = ("Only for a grid outside the areas: the family, and settings as in a puzzle file's header, "
              "e.g. \"sudoku; variant: x\".")


def solve(rows: Sequence[Sequence[object]], where: Where, book: Book | None = None,
          family: object = None) -> list[list[Value]] | str:
    """The solved grid as the solution grid shows it (letters; digits as numbers; empty as ""), the range's size.

    For a family whose answer is a sequence of moves, the last picture: the solved position.
    """
    try:
        chosen, puzzle, seconds = _puzzle(rows, where, book, family)
        answer = chosen.solve(puzzle, Ask(time_limit=seconds))
        if not answer.frames:
            return answer.message
        frame = answer.frames[-1] if chosen.steps == FRAMES else answer.frames[0]
        area = area_of(book, where, len(rows), len(rows[0]) if rows else 0) if book is not None else None
        if area is not None and area.spec.layers is not None:  # a 3D board: its layers side by side, as typed
            frame = marking.layered(area, answer.frames)
        return shown(frame, len(rows), len(rows[0]) if rows else 0)
    except Exception as err:  # a formula answers in its cell, whatever happened
        return one_line(err)


def count(rows: Sequence[Sequence[object]], where: Where, book: Book | None = None, limit: object = None,
          family: object = None) -> int | str:
    """The number of solutions; a sentence when the limit or the time limit stopped the count first."""
    try:
        most = _limit(limit)
        chosen, puzzle, seconds = _puzzle(rows, where, book, family)
        if chosen.count is None:
            return f"{chosen.name} puzzles are not counted"
        answer = chosen.count(puzzle, Ask(limit=most, time_limit=seconds))
        solutions = answer.data.get("solutions")
        if answer.status == Status.COUNTED and isinstance(solutions, int):
            return solutions
        return answer.message
    except Exception as err:
        return one_line(err)


def unique(rows: Sequence[Sequence[object]], where: Where, book: Book | None = None,
           family: object = None) -> bool | str:
    """TRUE for exactly one solution, FALSE for two or more; a sentence for none, an invalid grid or the time limit."""
    try:
        chosen, puzzle, seconds = _puzzle(rows, where, book, family)
        if not chosen.unique:
            return f"{chosen.name} puzzles are not checked for uniqueness"
        answer = chosen.solve(puzzle, Ask(unique=True, time_limit=seconds))
        if answer.status == Status.SOLVED:
            return True
        if answer.status == Status.NOT_UNIQUE:
            return False
        return answer.message
    except Exception as err:
        return one_line(err)


def shown(frame: Frame, rows: int, cols: int) -> list[list[Value]]:
    """A frame as the solution grid's values: a cell's text (a digit as a number), "" for backdrop and margin."""
    values: list[list[Value]] = [[""] * cols for _ in range(rows)]
    for r, row in enumerate(frame.rows[:rows]):
        for c, cell in enumerate(row[:cols]):
            if not cell.ground:
                values[r][c] = cell_value(cell.text)
    return values


def one_line(err: Exception) -> str:
    """What a formula shows for a failure: the first problem (and how many more), or what went wrong."""
    if isinstance(err, InvalidPuzzle):
        more = len(err.messages) - 1
        return err.messages[0] + (f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else "")
    if isinstance(err, MissingName):
        return f"{err.args[0]}: this workbook lacks a range the formula needs"
    if isinstance(err, (UserError, Unsupported, catalog.DataFileError)):
        text = str(err)
    else:
        text = f"xlsolver internal error: {type(err).__name__}: {err}"
    return " ".join(text.split())


# --- which puzzle a range is ----------------------------------------------------------------------

def _puzzle(rows: Sequence[Sequence[object]], where: Where, book: Book | None,
            family: object) -> tuple[Family, object, float]:
    """The family, its puzzle and the time limit (seconds) for the range; InvalidPuzzle or UserError otherwise."""
    height, width = len(rows), len(rows[0]) if rows else 0
    if not height or not width:
        raise UserError("the first argument must be a range of cells, such as B14:L18")
    area = area_of(book, where, height, width) if book is not None else None
    if area is None:
        return _anywhere(rows, where, family)
    if not _blank(family):
        namer = offset_namer(where[1], where[2])
        raise UserError(f"{range_name(namer, height, width)}: this range is in the {area.name} area, whose family and "
                        f"settings come from its sheet; leave out the family argument")
    read = areas.read(_RangeBook(book, f"{area.name}_In", rows, where), area)
    seconds, warning = areas.time_limit(book, area)
    if warning:
        raise UserError(warning)
    return read.family, read.puzzle, seconds


def area_of(book: Book, where: Where, height: int, width: int) -> layout.Area | None:
    """The area whose input grid holds the range, None if none does; UserError for a range across an input's edge."""
    sheet, top, left = where
    for area in layout.areas().values():
        name = f"{area.name}_In"
        try:
            area_sheet, area_top, area_left = book.anchor(name)
        except MissingName:
            continue
        if area_sheet != sheet:
            continue
        grid = book.read(name)
        rows, cols = len(grid), len(grid[0]) if grid else 0
        across = (top < area_top + rows and area_top < top + height and left < area_left + cols
                  and area_left < left + width)
        within = (area_top <= top and top + height <= area_top + rows and area_left <= left
                  and left + width <= area_left + cols)
        if within:
            return area
        if across:
            ours = range_name(offset_namer(top, left), height, width)
            theirs = range_name(offset_namer(area_top, area_left), rows, cols)
            raise UserError(f"{ours}: this range crosses the edge of the {area.name} area's input grid {theirs}; "
                            f"give that grid or a range inside it, or a range clear of it")
    return None


def _anywhere(rows: Sequence[Sequence[object]], where: Where, family: object) -> tuple[Family, object, float]:
    """A range outside the areas: a puzzle grid of the family the argument names, read as its sheets read grids."""
    chosen, settings = header_settings(family)
    specs = [area.spec for area in layout.areas().values() if area.family == chosen.name]
    namer = offset_namer(where[1], where[2])
    grid, problems = grid_chars(rows, namer, keep_case=any(spec.keep_case for spec in specs),
                                digits=any(spec.digits for spec in specs))
    if problems:
        _, invalid_settings = chosen.check_settings(settings)
        raise InvalidPuzzle(problems + invalid_settings)
    puzzle = chosen.parse(["".join(row) for row in grid], settings, namer)
    return chosen, puzzle, float(layout.DEFAULT_TIME_LIMIT)


def header_settings(text: object) -> tuple[Family, Settings]:
    """The family and settings a ``family`` argument names: ``key: value`` parts split by ``;`` (or lines), as a
    puzzle file's header; a part without a colon is the family's name.  Left out: the first family, no settings."""
    values: dict[str, str] = {}
    name = None
    for part in re.split(r"[;\n]", "" if _blank(text) else typed_text(text)):
        if not part.strip():
            continue
        key, colon, value = part.partition(":")
        key, value = (key.strip().lower(), value.strip()) if colon else ("family", part.strip())
        if key == "family":
            if name is not None:
                raise UserError(f"the family argument names the family twice ({name}, {value})")
            name = value.lower()
        elif key in values:
            raise UserError(f"the family argument gives '{key}:' twice")
        else:
            values[key] = value
    try:
        chosen = families.get(name) if name else families.first()
    except ValueError as err:
        raise UserError(f"the family argument: {err}") from None
    keys = [setting.key for setting in chosen.settings]
    for key in values:
        if key not in keys:
            takes = f"its settings are {', '.join(keys)}" if keys else "it takes no settings"
            raise UserError(f"the family argument: '{key}:' does not apply to {chosen.name} puzzles ({takes})")
    return chosen, Settings(values, {key: f"the family argument's '{key}:'" for key in values})


def typed_text(value: object) -> str:
    """An argument as text: a number Excel passes as 3.0 reads 3."""
    return typed(value) if isinstance(value, (int, float)) else str(value)


def _limit(value: object) -> int | None:
    if _blank(value):
        return None
    number = areas.whole_number(value)
    if number is None or number < 1:
        raise UserError(f"the limit must be a whole number above 0, not {typed(value)}")
    return number


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


class _RangeBook:
    """The workbook, with the formula's range read in place of the area's input grid (and anchored where it is).

    A formula writes nothing: ``write`` and ``paint`` refuse, so a change to the
    area reader that starts writing fails in the tests, not in a user's cells.
    """

    def __init__(self, book: Book, input_name: str, rows: Sequence[Sequence[object]], where: Where):
        self.book, self.input_name, self.rows, self.where = book, input_name, rows, where

    def read(self, name: str) -> list[list[object]]:
        return [list(row) for row in self.rows] if name == self.input_name else self.book.read(name)

    def anchor(self, name: str) -> tuple[str, int, int]:
        return self.where if name == self.input_name else self.book.anchor(name)

    def write(self, name: str, values) -> None:
        raise TypeError(f"a formula writes nothing into the workbook (asked to write {name})")

    def paint(self, name: str, fills) -> None:
        raise TypeError(f"a formula paints nothing in the workbook (asked to paint {name})")

    def status_bar(self, text: str | None) -> None:
        """A formula leaves the status bar alone."""


# --- what Excel calls, through xlwings' COM server ------------------------------------------------
# No type hints on these: xlwings reads a hint as a conversion for the argument.

def from_excel(grid) -> tuple[list[list[object]], Where, Book]:
    """The cells of an xlwings Range as the buttons read them (what was typed, formulas as text), where the range
    is, and its workbook."""
    from .xlwings_book import XlwingsBook  # only Excel's side needs it

    shape = getattr(grid, "shape", None)  # xlwings passes a Range for a range, the value itself for anything else
    if grid is None or isinstance(grid, (str, tuple, list)) or not shape:
        raise UserError("the first argument must be a range of cells, such as B14:L18")
    height, width = shape
    if height * width > MAX_CELLS:  # say so before Excel hands over a whole column's cells
        where = range_name(offset_namer(grid.row - 1, grid.column - 1), height, width)
        raise UserError(f"{where} is {height * width:,} cells; a puzzle grid has at most {MAX_CELLS:,}")
    formulas = grid.formula
    if isinstance(formulas, str):
        formulas = ((formulas,),)
    rows = [[value if value != "" else None for value in row] for row in formulas]
    return rows, (grid.sheet.name, grid.row - 1, grid.column - 1), XlwingsBook(grid.sheet.book)


def _called(plain, grid, **given):
    try:
        rows, where, book = from_excel(grid)
    except Exception as err:
        return one_line(err)
    return plain(rows, where, book, **given)


@func(category="xlsolver", call_in_wizard=False)
@arg("grid", "range", doc=GRID_DOC)
@arg("family", doc=FAMILY_DOC)
def XLSOLVER_SOLVE(grid, family=None):
    """Solves the puzzle in grid and spills its solution (the letters the Solve button shows), or says why not."""
    return _called(solve, grid, family=family)


@func(category="xlsolver", call_in_wizard=False)
@arg("grid", "range", doc=GRID_DOC)
@arg("limit", doc="Stop counting after this many solutions (optional).")
@arg("family", doc=FAMILY_DOC)
def XLSOLVER_COUNT(grid, limit=None, family=None):
    """Counts the solutions of the puzzle in grid; a sentence when the limit or the time limit stops the count."""
    return _called(count, grid, limit=limit, family=family)


@func(category="xlsolver", call_in_wizard=False)
@arg("grid", "range", doc=GRID_DOC)
@arg("family", doc=FAMILY_DOC)
def XLSOLVER_UNIQUE(grid, family=None):
    """TRUE if the puzzle in grid has exactly one solution, FALSE if more; a sentence if none or it cannot tell."""
    return _called(unique, grid, family=family)


__all__ = ["solve", "count", "unique", "XLSOLVER_SOLVE", "XLSOLVER_COUNT", "XLSOLVER_UNIQUE"]
