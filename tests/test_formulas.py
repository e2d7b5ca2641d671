"""The formulas =XLSOLVER_SOLVE, =XLSOLVER_COUNT and =XLSOLVER_UNIQUE, called without Excel.

The plain functions take cells as values, so they run here on the committed
board.xlsm (its cells read with openpyxl into a MemoryBook) and on the puzzles in
examples/, and their answers are compared with what the buttons write and what
``xlsolver count`` prints.  The functions Excel calls are checked through a small
stand-in for the three things they take from an xlwings Range (its typed cells,
its place, its workbook), since Excel cannot run here.
"""
from __future__ import annotations

import re

import openpyxl
import pytest
from openpyxl.utils import range_boundaries

from xlsolver.workbook import formulas
from xlsolver.base.files import read_puzzle_text
from xlsolver.families import FRAMES, Ask
from xlsolver.workbook import areas, layout, marking
from helpers import EXAMPLES
from workbook_helpers import COMMITTED, committed_book, press

AREAS = [name for name, area in layout.areas().items() if area.spec.file is None]  # a file's has no grid to give


def cells_of(book, name: str) -> tuple[list[list[object]], tuple[str, int, int]]:
    return book.read(name), book.anchor(name)


def as_shown(values: list[list[object]]) -> list[list[object]]:
    """A solution grid's values as a formula returns them: empty cells as ""."""
    return [["" if value is None else value for value in row] for row in values]


def file_cells(path) -> tuple[list[list[object]], str]:
    """A puzzle file's grid as typed into cells (``.`` left empty), and its header as a family argument."""
    rows, header = read_puzzle_text(str(path))
    width = max(len(row) for row in rows)
    cells = [[None if ch in ". " else ch for ch in row.ljust(width)] for row in rows]
    return cells, "; ".join(f"{key}: {value}" for key, value in header.items() if key != "title")


def last_frame_by_the_buttons(book, area: layout.Area) -> list[list[object]]:
    """What the solution grid shows when Next has stepped to the end of a move sequence (written by the
    buttons' own writer: stepping there takes a press, and a search, per move)."""
    read = areas.read(book, area)
    frames = read.family.solve(read.puzzle, Ask()).frames
    marking.write_frame(book, area, read, frames[-1])
    return book.read(f"{area.name}_Out")


# --- an area's input grid: as the buttons read it --------------------------------------------------

@pytest.mark.parametrize("name", AREAS)
def test_solve_gives_the_letters_the_solve_button_writes(name):
    book = committed_book()
    area = layout.area(name)
    solved = formulas.solve(*cells_of(book, f"{name}_In"), book)
    if read_family(area).steps == FRAMES:  # a move sequence: the solved position, where Next ends
        expected = last_frame_by_the_buttons(book, area)
    else:
        press(book, name, "solve")
        expected = book.read(f"{name}_Out")
    assert solved == as_shown(expected)


def read_family(area: layout.Area):
    from xlsolver import families

    return families.get(area.family)


def test_a_sized_area_read_from_part_of_its_grid_solves_as_the_whole():
    book = committed_book()
    area = layout.area("Custom")
    rows = int(book.read("Custom_Rows")[0][0])
    cols = int(book.read("Custom_Cols")[0][0])
    values, (sheet, top, left) = cells_of(book, "Custom_In")
    assert (rows, cols) < (len(values), len(values[0])), "the sample leaves a margin"
    part = formulas.solve([row[:cols] for row in values[:rows]], (sheet, top, left), book)
    whole = formulas.solve(values, (sheet, top, left), book)
    assert part == [row[:cols] for row in whole[:rows]]
    assert area.family == "tiling" and isinstance(part, list)


def test_count_and_unique_agree_with_the_buttons():
    book = committed_book()
    assert formulas.count(*cells_of(book, "IQ5x11_In"), book) == 1
    assert formulas.unique(*cells_of(book, "IQ5x11_In"), book) is True
    assert formulas.count(*cells_of(book, "Pento3x20_In"), book) == 8
    assert formulas.unique(*cells_of(book, "Pento3x20_In"), book) is False
    press(book, "Pento3x20", "count")
    assert book.read("Pento3x20_Status")[0][0].startswith("8 solutions")


def test_count_stops_at_the_limit_and_says_so():
    book = committed_book()
    assert formulas.count(*cells_of(book, "Pento6x10_In"), book, limit=5) == \
        "At least 5 solutions: stopped at the limit of 5 asked for."
    assert formulas.count(*cells_of(book, "Pento3x20_In"), book, limit=100.0) == 8  # Excel passes numbers as floats
    for wrong, shown in ((0, "0"), (-2, "-2"), (2.5, "2.5"), ("many", "'many'"), (True, "TRUE")):
        assert formulas.count(*cells_of(book, "Pento3x20_In"), book, limit=wrong) == \
            f"the limit must be a whole number above 0, not {shown}"


def test_the_areas_time_limit_stops_a_long_count(step_clock):
    book = committed_book()
    book.write("Pento6x10_In", [[None] * 10 for _ in range(6)])  # the empty board: 9,356 solutions
    book.write("Pento6x10_TimeLimit", [[0.05]])
    found = formulas.count(*cells_of(book, "Pento6x10_In"), book)
    assert re.fullmatch(r"At least [\d,]+ solutions? so far: stopped by the 0\.05 s time limit .*", found), found


def test_an_unusable_time_limit_cell_is_named():
    book = committed_book()
    book.write("IQ5x11_TimeLimit", [["soon"]])
    _, top, left = book.anchor("IQ5x11_TimeLimit")
    cell = f"{openpyxl.utils.get_column_letter(left + 1)}{top + 1}"
    assert formulas.solve(*cells_of(book, "IQ5x11_In"), book) == \
        f"{cell}: the time limit must be a number of seconds above 0, not 'soon'"


def test_a_bad_cell_is_named_in_one_line():
    book = committed_book()
    values, (sheet, top, left) = cells_of(book, "IQ5x11_In")
    values[2][3] = "Q"  # E16 on the sheet
    message = formulas.solve(values, (sheet, top, left), book)
    assert message.startswith("E16: 'Q' is not a piece of this set")
    assert "\n" not in message
    values[2][3] = None
    values[4][0] = 7
    assert formulas.count(values, (sheet, top, left), book) == \
        "B18: the number 7 is not a piece letter; type one letter, # for a hole, or leave the cell empty"
    values[4][0] = "=A1"
    assert formulas.unique(values, (sheet, top, left), book).startswith("B18: a formula (=A1) is not allowed")
    values[2][3] = "Q"  # both mistakes at once, in reading order
    both = formulas.count(values, (sheet, top, left), book)
    assert both.startswith("E16: 'Q' is not a piece") and both.endswith("(and 1 more problem)")


def test_several_problems_show_the_first_and_how_many_more():
    book = committed_book()
    values, where = cells_of(book, "IQ5x11_In")
    values[0][5], values[1][5], values[2][5] = 1, 2, 3
    assert formulas.solve(values, where, book).endswith("leave the cell empty (and 2 more problems)")


def test_a_range_crossing_an_input_grids_edge_is_refused():
    book = committed_book()
    sheet, top, left = book.anchor("IQ5x11_In")
    found = formulas.solve([[None] * 3] * 2, (sheet, top - 1, left), book)
    assert found == ("B13:D14: this range crosses the edge of the IQ5x11 area's input grid B14:L18; give that grid "
                     "or a range inside it, or a range clear of it")


def test_part_of_a_fixed_board_is_refused_by_the_area_reader():
    book = committed_book()
    values, where = cells_of(book, "IQ5x11_In")
    assert formulas.solve(values[:2], where, book) == \
        "B14:L15: IQ5x11_In should be 5 x 11 cells for the iq5x11 board, it is 2 x 11"


def test_an_area_takes_its_family_from_the_sheet():
    book = committed_book()
    assert formulas.count(*cells_of(book, "IQ5x11_In"), book, family="sudoku") == (
        "B14:L18: this range is in the IQ5x11 area, whose family and settings come from its sheet; leave out the "
        "family argument")


@pytest.mark.slow
def test_a_formula_writes_nothing():
    book = committed_book()
    before = dict(book.values), dict(book.fills)
    for name in AREAS:
        formulas.solve(*cells_of(book, f"{name}_In"), book)
        formulas.unique(*cells_of(book, f"{name}_In"), book)
    assert (book.values, book.fills) == before
    assert book.status_bar_texts == []


# --- a range anywhere else: a puzzle grid and the family argument ------------------------------------

@pytest.mark.parametrize("example, family", [
    ("pento-6x10-hint.txt", None), ("one-sided-3x30.txt", None), ("iq-expert-25.txt", None),
    ("iq-diamond-41.txt", None), ("sudoku-x.txt", "sudoku"), ("roadblock-1.txt", "roadblock"),
    ("ghost-hunter-49.txt", "ghost-hunter"),
])
def test_count_equals_the_command_line(cli, example, family):
    path = EXAMPLES / example
    result = cli("count", str(path), *(["--family", family] if family else []))
    printed = int(re.match(r"([\d,]+) solutions?", result.stdout).group(1).replace(",", ""))
    cells, header = file_cells(path)
    argument = "; ".join(part for part in (f"family: {family}" if family else "", header) if part)
    assert formulas.count(cells, ("Sheet", 30, 2), None, family=argument or None) == printed
    book = committed_book()  # the same grid on a puzzle sheet, clear of its areas
    assert formulas.count(cells, ("Pentominoes", 200, 40), book, family=argument or None) == printed


def test_solve_anywhere_gives_the_command_lines_solution(cli):
    import json

    path = EXAMPLES / "iq-expert-25.txt"
    solution = json.loads(cli("solve", "--json", str(path)).stdout)["solution"]
    cells, _ = file_cells(path)
    assert ["".join(row) for row in formulas.solve(cells, ("Sheet", 0, 0))] == solution
    assert formulas.unique(cells, ("Sheet", 0, 0)) is True


def test_a_sudoku_anywhere_reads_numbers_as_digits():
    cells, _ = file_cells(EXAMPLES / "sudoku-x.txt")
    typed = [[int(v) if isinstance(v, str) else v for v in row] for row in cells]  # as a sheet holds numbers
    solved = formulas.solve(typed, ("Sheet", 0, 0), family="sudoku; variant: x")
    assert all(sorted(row) == list(range(1, 10)) for row in solved)
    assert [solved[i][i] for i in range(9)] != [solved[0][0]] * 9
    assert sorted(solved[i][i] for i in range(9)) == list(range(1, 10))  # the X variant's diagonal


def test_unique_false_and_no_solution_anywhere():
    open_3x20 = [[None] * 20 for _ in range(3)]
    assert formulas.unique(open_3x20, ("Sheet", 0, 0), family="pieces: pentominoes") is False
    crowded = [row[:] for row in open_3x20]
    for r, c in ((0, 3), (1, 2), (1, 3), (1, 4), (2, 3)):  # a whole X leaving 8 cells on its left
        crowded[r][c] = "X"
    found = formulas.unique(crowded, ("Sheet", 0, 0), family="pieces: pentominoes")
    assert isinstance(found, str) and found.startswith("No solution")
    assert formulas.solve(crowded, ("Sheet", 0, 0), family="pieces: pentominoes").startswith("No solution")
    assert formulas.count(crowded, ("Sheet", 0, 0), family="pieces: pentominoes") == 0


@pytest.mark.parametrize("argument, message", [
    ("tilings", "the family argument: unknown family 'tilings'; choose from "),
    ("tiling; colour: red", "the family argument: 'colour:' does not apply to tiling puzzles (its settings are "
                            "pieces, turn-over, lattice, first, use, counts)"),
    ("sudoku; variant: y", "the family argument's 'variant:': "),
    ("sudoku; family: zen", "the family argument names the family twice (sudoku, zen)"),
    ("sudoku; variant: x; variant: x", "the family argument gives 'variant:' twice"),
])
def test_the_family_argument_is_checked(argument, message):
    cells, _ = file_cells(EXAMPLES / "sudoku-x.txt")
    found = formulas.solve(cells, ("Sheet", 0, 0), family=argument)
    assert found.startswith(message), found


def test_families_without_a_count_or_uniqueness_say_so():
    cells, _ = file_cells(EXAMPLES / "zen-two-rocks.txt")
    assert formulas.count(cells, ("Sheet", 0, 0), family="zen") == "zen puzzles are not counted"
    assert formulas.unique(cells, ("Sheet", 0, 0), family="zen") == "zen puzzles are not checked for uniqueness"
    assert isinstance(formulas.solve(cells, ("Sheet", 0, 0), family="zen"), list)


def test_an_internal_error_is_one_line_not_a_traceback(monkeypatch):
    def broken(*_):
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(areas, "read", broken)
    book = committed_book()
    assert formulas.solve(*cells_of(book, "IQ5x11_In"), book) == "xlsolver internal error: RuntimeError: boom second line"


# --- the functions Excel calls ----------------------------------------------------------------------

class SheetRange:
    """What the formulas take from an xlwings Range (``formula``, ``shape``, ``row``, ``column``, ``sheet.name``,
    ``sheet.book``) over the committed workbook's cells; Excel's ``Formula`` gives every cell as text."""

    def __init__(self, book: ExcelBook, sheet: str, ref: str):
        self.left, self.row, self.right, self.bottom = range_boundaries(ref.replace("$", ""))
        self.sheet, self.column, self.reads = book.sheets[sheet], self.left, 0

    @property
    def shape(self) -> tuple[int, int]:
        return self.bottom - self.row + 1, self.right - self.left + 1

    @property
    def formula(self):
        self.reads += 1
        grid = tuple(tuple("" if self.sheet.cells.get((r, c)) is None else str(self.sheet.cells[r, c])
                           for c in range(self.left, self.right + 1)) for r in range(self.row, self.bottom + 1))
        return grid[0][0] if len(grid) == 1 and len(grid[0]) == 1 else grid


class ExcelSheet:
    def __init__(self, book: ExcelBook, name: str, cells: dict):
        self.book, self.name, self.cells = book, name, cells


class ExcelName:
    def __init__(self, book: ExcelBook, sheet: str, ref: str):
        self.refers_to_range = SheetRange(book, sheet, ref)


class ExcelBook:
    def __init__(self):
        source = openpyxl.load_workbook(COMMITTED)
        self.sheets = {ws.title: ExcelSheet(self, ws.title, {(c.row, c.column): c.value for row in ws.iter_rows()
                                                             for c in row}) for ws in source.worksheets}
        self.names = {name: ExcelName(self, *next(iter(defined.destinations)))
                      for name, defined in source.defined_names.items()}

    def range(self, sheet: str, ref: str) -> SheetRange:
        return SheetRange(self, sheet, ref)


def test_the_excel_functions_answer_as_the_plain_ones():
    excel = ExcelBook()
    grid = excel.names["IQ5x11_In"].refers_to_range
    book = committed_book()
    press(book, "IQ5x11", "solve")
    assert formulas.XLSOLVER_SOLVE(grid) == as_shown(book.read("IQ5x11_Out"))
    assert formulas.XLSOLVER_COUNT(grid) == 1
    assert formulas.XLSOLVER_COUNT(grid, 1.0) == 1
    assert formulas.XLSOLVER_UNIQUE(grid) is True
    sudoku = excel.names["Sudoku_In"].refers_to_range  # numbers come as text from Excel's Formula
    assert formulas.XLSOLVER_UNIQUE(sudoku) is True


def test_the_excel_functions_refuse_a_whole_column_before_reading_it():
    column = ExcelBook().range("Sudoku", "A1:A1048576")
    assert formulas.XLSOLVER_COUNT(column) == "A1:A1048576 is 1,048,576 cells; a puzzle grid has at most 10,000"
    assert column.reads == 0


def test_the_excel_functions_refuse_what_is_not_a_range():
    for given in (None, 3.0, "B14:L18", (("A", "B"),)):
        assert formulas.XLSOLVER_SOLVE(given) == "the first argument must be a range of cells, such as B14:L18"
        assert formulas.XLSOLVER_COUNT(given, None, "sudoku") == \
            "the first argument must be a range of cells, such as B14:L18"


def test_the_excel_functions_carry_xlwings_metadata():
    expected = {"XLSOLVER_SOLVE": ["grid", "family"], "XLSOLVER_COUNT": ["grid", "limit", "family"],
                "XLSOLVER_UNIQUE": ["grid", "family"]}
    for name, arguments in expected.items():
        record = getattr(formulas, name).__xlfunc__
        assert record["name"] == name and record["sub"] is False
        assert record["category"] == "xlsolver"
        assert record["call_in_wizard"] is False, "a search must not run while the Function Arguments dialog is open"
        assert record["volatile"] is False and record["async_mode"] is None
        assert [a["name"] for a in record["args"]] == arguments
        assert record["argmap"]["grid"]["options"] == {"convert": "range"}, "the formula needs where the range is"
        assert "optional" not in record["argmap"]["grid"]
        assert all(record["argmap"][a]["optional"] is None for a in arguments[1:])
        assert all(not a["vba"] and a["doc"] and not a["doc"].startswith("Positional") for a in record["args"])
        assert record["ret"]["options"] == {}, "no conversion: lists spill, a text or number fills one cell"
        assert len(record["ret"]["doc"]) <= 255, "Excel's function description"
    decorated = sorted(name for name in dir(formulas) if hasattr(getattr(formulas, name), "__xlfunc__"))
    assert decorated == sorted(expected), "only the formulas get a VBA wrapper"
