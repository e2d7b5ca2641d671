"""How the sheets look and guard themselves: square cells, shaded solution grids that refuse typing, a status
box, wide option cells, marked mistakes, outputs emptied on a failure, page setup, no recalculation on load."""
from __future__ import annotations

import zipfile

import openpyxl
import pytest

from xlsolver import families
from xlsolver.base.a1 import cell_name, column_index, column_letters
from xlsolver.base.answer import OFF_BOARD, Answer, Status
from xlsolver.families import challenges, levels
from xlsolver.families.zen import ROCK_COLOUR, WALK_COLOUR
from xlsolver.pictures.terminal import text_colour
from xlsolver.workbook import build, headless, layout, marking, state
from xlsolver.workbook.openpyxl_book import OpenpyxlBook
from workbook_helpers import COMMITTED, committed_book, copy_of_board, fills_of, press, status, type_into, values_of


@pytest.fixture(scope="module")
def workbook():
    return openpyxl.load_workbook(COMMITTED)


def validations(ws) -> dict[str, object]:
    """Cell -> the data-validation rule that covers it."""
    found = {}
    for rule in ws.data_validations.dataValidation:
        for cell_range in rule.sqref.ranges:
            min_col, min_row, max_col, max_row = cell_range.bounds
            for r in range(min_row, max_row + 1):
                for c in range(min_col, max_col + 1):
                    found[cell_name(r - 1, c - 1)] = rule
    return found


def merged_at(ws, row: int, col: int):
    """The merged range whose top-left is the 0-based (row, col), or None."""
    return next((m for m in ws.merged_cells.ranges if (m.min_row, m.min_col) == (row + 1, col + 1)), None)


# --- the built file -----------------------------------------------------------------------------------

def test_grid_cells_are_square_in_pixels(workbook):
    for sheet in layout.sheets():
        ws = workbook[sheet.name]
        pixels = sheet.spec.cell_pixels
        area = sheet.areas[0]
        width = ws.column_dimensions[openpyxl.utils.get_column_letter(area.left + 1)].width
        assert int((256 * width + 128 // 7) / 256 * 7) == pixels, sheet.name  # Excel's rule, 7-pixel digits
        assert ws.sheet_format.defaultRowHeight * 4 / 3 == pixels, sheet.name  # points to pixels
        assert ws.sheet_format.customHeight


def test_solution_grids_are_shaded_and_refuse_typing_with_where_to_type(workbook):
    for area in layout.areas().values():
        ws = workbook[area.sheet]
        rules = validations(ws)
        typed_in = layout.defined_names()[area.input_name].split("!")[1].replace("$", "")
        for r in range(area.rows):
            for c in range(area.cols):
                out = cell_name(area.top + r, area.out_left + c)
                assert rules[out].type == "custom" and rules[out].formula1 == "FALSE", out
                assert rules[out].showErrorMessage and typed_in in rules[out].error, out
                fill = ws[out].fill.fgColor.rgb[-6:].lower()
                assert "#" + fill in (layout.OUTPUT_FILL.lower(), OFF_BOARD), out
                if area.spec.file is not None:
                    continue  # no input grid: the solution grid starts where it would
                typed = cell_name(area.top + r, area.left + c)
                assert rules[typed].formula1 != "FALSE" or ws[typed].fill.fgColor.rgb[-6:] == OFF_BOARD[1:], typed
        assert ws.protection.sheet is False  # no sheet protection: formulas elsewhere and every program still write


def test_the_status_box_is_labelled_merged_and_wraps(workbook):
    for area in layout.areas().values():
        ws = workbook[area.sheet]
        top, left, bottom, right = area.status_box
        assert (top, left) == area.status_cell
        assert layout.defined_names()[f"{area.name}_Status"].split("!")[1] == layout.absolute_range(top, left, 1, 1)
        merged = merged_at(ws, top, left)
        assert merged is not None and (merged.max_row, merged.max_col) == (bottom + 1, right + 1), area.name
        assert bottom - top + 1 == layout.STATUS_ROWS and right >= area.out_left + area.cols - 1
        cell = ws.cell(top + 1, left + 1)
        assert cell.alignment.wrap_text and cell.alignment.vertical == "top"
        assert ws.cell(top, left + 1).value == layout.STATUS_LABEL
        assert validations(ws)[cell_name(top, left)].formula1 == "FALSE"


def test_option_cells_are_wide_enough_for_their_longest_choice(workbook):
    checked = 0
    for area in layout.areas().values():
        ws = workbook[area.sheet]
        family = families.get(area.family)
        cells = [(area.at(cell.at), [c.capitalize() for c in family.setting(cell.key).choices])
                 for cell in area.spec.cells if family.setting(cell.key).choices]
        if "generate" in area.actions:
            cells.append((area.level_cell, [level.capitalize() for level in levels.LEVELS]))
        for (row, col), words in cells:
            merged = merged_at(ws, row, col)
            span = merged.max_col - merged.min_col + 1 if merged else 1
            assert span * area.cell_pixels >= layout.text_pixels(max(words, key=len)), (area.name, words)
            checked += 1
    assert checked >= 9  # Klotski's metric, Sudoku's variant, Custom's turn-over, the Level cells


def test_nothing_an_area_draws_overlaps(workbook):
    """Grids, status box, value cells, setting cells, drawing and list each have cells of their own."""
    for sheet in layout.sheets():
        owner: dict[tuple[int, int], str] = {}

        def claim(what: str, top: int, left: int, rows: int, cols: int) -> None:
            for r in range(top, top + rows):
                for c in range(left, left + cols):
                    assert (r, c) not in owner, f"{sheet.name}: {what} overlaps {owner[(r, c)]} at {cell_name(r, c)}"
                    owner[(r, c)] = what

        for (r, c) in build.sheet_legend(sheet):
            claim("legend", r, c, 1, 1)
        for area in sheet.areas:
            claim(f"{area.name} title", area.labels_row - 1, area.left, 2, 1)
            if area.spec.file is not None:  # its File cell on the labels row, the Solution label under it
                row, col = area.file_cell
                claim(area.input_name, row, col, 1, area.spec.file.span)
                claim(f"{area.name} Solution label", area.top - 1, area.out_left, 1, 1)
            else:
                claim(f"{area.name} Solution label", area.labels_row, area.out_left, 1, 1)
                claim(f"{area.name}_In", area.top, area.left, area.rows, area.cols)
            if area.spec.layers is not None:  # layer captions and column letters over both grids, rows numbered
                for left in (area.left, area.out_left):
                    claim(f"{area.name} layer heads", area.top - 2, left, 2, area.cols)
                    claim(f"{area.name} row numbers", area.top, left - 1, area.rows, 1)
            claim(f"{area.name}_Out", area.top, area.out_left, area.rows, area.cols)
            top, left, bottom, right = area.status_box
            claim(f"{area.name}_Status", top - 1, left, bottom - top + 2, right - left + 1)
            claim(f"{area.name}_TimeLimit", *area.time_limit_cell, 1, area.value_span)
            for action in area.actions:  # a button as wide as it is drawn, within the area's width
                row, col = area.button_cell(action)
                width = area.columns_for(layout.button_pixels(action))
                claim(f"{area.name} {action} button", row, col, 1, width)
                assert col + width - 1 <= area.right, (area.name, action)
            if "generate" in area.actions:
                claim(f"{area.name}_Level", *area.level_cell, 1, area.value_span)
            for cell in area.spec.cells:
                claim(f"{area.name} {cell.key}", *area.at(cell.at), 1, area.setting_span(cell))
            if area.spec.drawing:
                top, left = area.at(area.spec.drawing.at)
                claim(f"{area.name} drawing", top - 2, left, area.spec.drawing.rows + 2, area.spec.drawing.cols)
                assert top - 2 > area.bottom - 1
            if area.spec.listing:
                top, left = area.at(area.spec.listing.at)
                claim(f"{area.name} list", top - 1, left, area.spec.listing.rows + 1, len(area.spec.listing.headings))
                assert left > area.status_box[3], "the list stays right of the status box"


def test_every_puzzle_sheet_prints_landscape_one_page_wide_with_all_it_draws(workbook):
    names = layout.defined_names()
    for sheet in layout.sheets():
        ws = workbook[sheet.name]
        assert ws.page_setup.orientation == "landscape"
        assert ws.sheet_properties.pageSetUpPr.fitToPage and ws.page_setup.fitToHeight == 0
        assert ws.page_setup.fitToWidth in (None, 1)  # 1 is the default, left out of the file
        area_ref = ws.print_area[0] if isinstance(ws.print_area, list) else ws.print_area
        min_col, min_row, max_col, max_row = openpyxl.utils.range_boundaries(area_ref.split("!")[1].replace("$", ""))
        assert (min_row, min_col) == (1, 1)
        drawn = [(r, c) for r, c in build.sheet_legend(sheet)]
        for area in sheet.areas:
            for name, ref in names.items():
                if name.startswith(area.name + "_") and not name.endswith("_State"):
                    _, _, right, bottom = openpyxl.utils.range_boundaries(ref.split("!")[1].replace("$", ""))
                    drawn.append((bottom - 1, right - 1))
            drawn.append(area.status_box[2:])
        assert all(r < max_row and c < max_col for r, c in drawn), sheet.name


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
def test_the_workbook_asks_for_no_recalculation_on_load(tmp_path):
    with zipfile.ZipFile(COMMITTED) as archive:
        assert b"fullCalcOnLoad" not in archive.read("xl/workbook.xml")
    path = copy_of_board(tmp_path)
    headless.solve(path)  # openpyxl's save would write it back by default
    with zipfile.ZipFile(path) as archive:
        assert b"<calcPr" in archive.read("xl/workbook.xml")
        assert b"fullCalcOnLoad" not in archive.read("xl/workbook.xml")


def test_a_formula_typed_into_the_workbook_keeps_recalculation_on_load(tmp_path):
    """openpyxl keeps no formula's value, so Excel must calculate them when it opens the saved file."""
    path = copy_of_board(tmp_path)
    book = OpenpyxlBook(path)
    book.workbook["Sudoku"]["AZ1"] = "=1+1"
    book.save()
    book.close()
    with zipfile.ZipFile(path) as archive:
        assert b'fullCalcOnLoad="1"' in archive.read("xl/workbook.xml")


def test_zen_rocks_stand_apart_from_the_dark_cells_and_the_ground():
    def rgb(colour: str) -> tuple[int, ...]:
        return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))

    def distance(a: str, b: str) -> float:
        return sum((x - y) ** 2 for x, y in zip(rgb(a), rgb(b))) ** 0.5

    assert distance(ROCK_COLOUR, OFF_BOARD) > 100 and distance(ROCK_COLOUR, WALK_COLOUR) > 100
    assert distance(ROCK_COLOUR, layout.OUTPUT_FILL) > 100


# --- pressing the buttons -----------------------------------------------------------------------------

def test_solution_grids_start_and_end_shaded_as_output():
    book = committed_book()
    area = layout.area("Pento6x10")
    assert all(f == layout.OUTPUT_FILL for row in fills_of(book, "Pento6x10_Out") for f in row)
    press(book, "Pento6x10", "solve")
    assert layout.OUTPUT_FILL not in {f for row in fills_of(book, "Pento6x10_Out") for f in row}
    press(book, "Pento6x10", "clear")
    assert all(f == layout.OUTPUT_FILL for row in fills_of(book, "Pento6x10_Out") for f in row)
    assert area.rows == len(fills_of(book, "Pento6x10_Out"))


def test_a_named_cell_is_marked_until_the_next_action():
    book = committed_book()
    area = layout.area("IQ5x11")
    type_into(book, "IQ5x11_In", ["G", "GGQ", "  C", "  CCCC", ""])
    press(book, "IQ5x11", "solve")
    bad = cell_name(area.top + 1, area.left + 2)
    assert status(book, "IQ5x11").startswith(f"{bad}: 'Q' is not a piece of this set")
    fills = fills_of(book, "IQ5x11_In")
    marked = {(r, c) for r, row in enumerate(fills) for c, f in enumerate(row) if f == layout.ERROR_FILL}
    assert marked == {(1, 2)}
    assert text_colour(layout.ERROR_FILL) == "#000000"
    type_into(book, "IQ5x11_In", ["G", "GGG", "  C", "  CCCC", ""])
    press(book, "IQ5x11", "solve")
    assert status(book, "IQ5x11").startswith("The only solution")
    assert layout.ERROR_FILL not in {f for row in fills_of(book, "IQ5x11_In") for f in row}
    assert fills_of(book, "IQ5x11_In") == committed_book().fills_of("IQ5x11_In")  # dark cells dark again


def test_setting_cells_and_ranges_named_in_a_message_are_marked_too():
    book = committed_book()
    type_into(book, "Klotski_Metric", [["fast"]])
    type_into(book, "Klotski_In", ["VCCV", "VCQV", "VHHV", "VSSV", "S  S"])
    press(book, "Klotski", "solve")
    assert fills_of(book, "Klotski_Metric") == [[layout.ERROR_FILL]]
    assert fills_of(book, "Klotski_In")[1][2] == layout.ERROR_FILL
    press(book, "Klotski", "clear")  # any next action gives the cells their own fills back
    assert fills_of(book, "Klotski_Metric") == [[layout.INPUT_FILL]] == committed_book().fills_of("Klotski_Metric")
    assert layout.ERROR_FILL not in {f for row in fills_of(book, "Klotski_In") for f in row}
    type_into(book, "Pento5x12_Level", [["Easy"]])
    press(book, "Pento5x12", "generate")
    assert fills_of(book, "Pento5x12_Level") == [[layout.ERROR_FILL]]


def test_a_failure_empties_the_solution_and_the_list():
    book = committed_book()
    press(book, "Klotski", "solve")
    assert any(v for row in values_of(book, "Klotski_Out") for v in row)
    assert values_of(book, "Klotski_Moves")[0][0] == 1
    type_into(book, "Klotski_In", ["VCCV", "VCQV", "VHHV", "VSSV", "S  S"])
    press(book, "Klotski", "solve")
    assert status(book, "Klotski").startswith("C10: Cao Cao must be one 2x2 square; cells C10, D10, C11 are marked C; "
                                              "D11: 'Q' is not a Klotski piece")  # in reading order
    assert all(v is None for row in values_of(book, "Klotski_Out") for v in row)
    assert all(v is None for row in values_of(book, "Klotski_Moves") for v in row)
    assert all(f == layout.OUTPUT_FILL for row in fills_of(book, "Klotski_Out") for f in row)
    press(book, "IQ5x11", "solve")
    type_into(book, "IQ5x11_In", ["GGGG", "GGG", "  C", "  CCCC", ""])  # legal letters, no solution
    press(book, "IQ5x11", "solve")
    assert status(book, "IQ5x11") and not status(book, "IQ5x11").startswith("Solution")
    assert all(v is None for row in values_of(book, "IQ5x11_Out") for v in row)


def test_count_keeps_the_solution_shown_when_it_counts():
    book = committed_book()
    press(book, "Ghost", "solve")
    shown = values_of(book, "Ghost_Out")
    press(book, "Ghost", "count")
    assert values_of(book, "Ghost_Out") == shown


def test_the_latest_hint_stays_shaded_through_a_failure_and_its_unmarking():
    book = committed_book()
    press(book, "IQ5x11", "hint")
    hinted = {(r, c) for r, row in enumerate(fills_of(book, "IQ5x11_In")) for c, f in enumerate(row)
              if f == challenges.HINT_COLOUR}
    assert len(hinted) == 5
    values = values_of(book, "IQ5x11_In")
    values[4][10] = "Q"
    type_into(book, "IQ5x11_In", values)
    press(book, "IQ5x11", "solve")
    fills = fills_of(book, "IQ5x11_In")
    assert fills[4][10] == layout.ERROR_FILL
    assert {(r, c) for r, row in enumerate(fills) for c, f in enumerate(row) if f == challenges.HINT_COLOUR} == hinted
    values[4][10] = None
    type_into(book, "IQ5x11_In", values)
    press(book, "IQ5x11", "clear")
    fills = fills_of(book, "IQ5x11_In")
    assert fills[4][10] == layout.INPUT_FILL
    assert {(r, c) for r, row in enumerate(fills) for c, f in enumerate(row) if f == challenges.HINT_COLOUR} == hinted


def test_the_state_line_reads_back_and_forgives_other_text():
    kept = state.State("abc", 3, frozenset({(1, 2), (0, 4)}), ("IQ5x11_In", "IQ5x11_Level"))
    assert kept.text() == "abc 3 hinted=0.4,1.2 marked=IQ5x11_In,IQ5x11_Level"
    assert state.State.of_text(kept.text()) == kept
    assert state.State.of_text("abc 3") == state.State("abc", 3)  # an older workbook's state
    assert state.State.of_text(None) == state.State() and state.State().text() is None
    assert state.State.of_text("- -1 hinted=2.3") == state.State(hinted=frozenset({(2, 3)}))
    assert state.State.of_text("typed by someone x=1 hinted=zz") == state.State("typed", -1)


def test_column_letters_read_back():
    assert [column_index(column_letters(col)) for col in range(800)] == list(range(800))
    assert (column_index("A"), column_index("Z"), column_index("AA"), column_index("AE")) == (0, 25, 26, 30)


def test_named_cells_of_a_message():
    assert marking.named_cells("C7: 'Q' is not a piece") == {(6, 2)}
    assert marking.named_cells("B14:C15: should be 6 x 10") == {(13, 1), (13, 2), (14, 1), (14, 2)}
    assert marking.named_cells("No solution: C7 is stuck") == set()
    assert marking.named_cells("piece F: drawn twice") == set()
    none = Answer(Status.NO_SOLUTION, "No solution: no piece can cover B14, C15.",
                  messages=["no solution: no piece can cover B14, C15"])
    assert marking.cells_to_mark(none) == [{(13, 1), (14, 2)}]
    assert marking.cells_to_mark(Answer(Status.SOLVED, "Solution 1 (B14 is an F)")) == []


def test_cells_a_no_solution_names_are_marked_but_not_a_whole_board():
    book = committed_book()
    area = layout.area("Pento6x10")
    marking.mark(book, area, marking.cells_to_mark(Answer(Status.NO_SOLUTION, "No solution: no piece can cover "
                                                                            f"{cell_name(area.top, area.left)}.")))
    assert fills_of(book, "Pento6x10_In")[0][:2] == [layout.ERROR_FILL, layout.INPUT_FILL]
    book = committed_book()
    type_into(book, "Pento6x10_In", [" X", "XXX", " X  #", "    ##", "", ""])
    press(book, "Pento6x10", "solve")
    assert status(book, "Pento6x10").startswith(f"{layout.absolute_range(area.top, area.left, 6, 10)}: 52 open"
                                                .replace("$", ""))
    assert layout.ERROR_FILL not in {f for row in fills_of(book, "Pento6x10_In") for f in row}


def test_the_status_box_takes_the_line_on_a_saved_file(tmp_path):
    """openpyxl writes the merged box's top-left cell, and the file keeps the merge."""
    path = copy_of_board(tmp_path)
    type_into(path, "Ghost_In", ["Z"])
    press(path, "Ghost", "solve")
    area = layout.area("Ghost")
    ws = openpyxl.load_workbook(path)["Ghost Hunter"]
    assert ws.cell(area.status_cell[0] + 1, area.status_cell[1] + 1).value.startswith("B14: 'Z' is not a tile")
    assert merged_at(ws, *area.status_cell) is not None
    assert fills_of(path, "Ghost_In")[0][0] == layout.ERROR_FILL
