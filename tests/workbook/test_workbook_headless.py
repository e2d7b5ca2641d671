"""Pressing the buttons headless: on real .xlsm files written and read back with openpyxl, and on the
in-memory copy of board.xlsm the other button tests use (checked here to end as the file does)."""
from __future__ import annotations

import datetime as dt
import json
import re

import openpyxl
import pytest

from xlsolver.geometry import catalog
from xlsolver.base.answer import OFF_BOARD
from xlsolver.base.a1 import cell_name
from xlsolver.families import InvalidPuzzle, tiling
from xlsolver.workbook import actions, areas, headless, layout
from xlsolver.workbook.openpyxl_book import OpenpyxlBook
from workbook_helpers import (COMMITTED, MemoryBook, all_values, button_macros, committed_book, copy_of_board, fills_of,
                              press, status, type_into, values_of, vba_bin)

OUTPUTS = {f"{name}_{suffix}" for name in layout.AREAS for suffix in ("Out", "Status", "State")} | {"Klotski_Moves"} \
    | {name for area in layout.AREAS.values() for name in area.names() if name.endswith("_Picture")}
IQ = catalog.piece_set("iq-puzzler-pro")


def test_every_area_of_the_committed_workbook_parses():
    book = OpenpyxlBook(COMMITTED)
    for area in layout.AREAS.values():
        if area.spec.file is not None:  # shipped with its File cell empty: it says what to type there
            with pytest.raises(InvalidPuzzle, match=rf"^{cell_name(*area.file_cell)}: type the path"):
                areas.read(book, area)
            continue
        read = areas.read(book, area)
        assert read.family.name == area.family
        if area.family == "tiling":  # the area's set, or the one its Pieces cell names as shipped, or drawn ones
            chosen = area.pieces or next((cell.sample for cell in area.spec.cells if cell.key == "pieces"), None)
            expected = catalog.piece_set(chosen).name if chosen else "custom"
            assert read.puzzle.data["pieces"] == expected


@pytest.mark.slow
def test_the_in_memory_book_ends_as_the_saved_file_does(tmp_path):
    path = copy_of_board(tmp_path)
    on_file, in_memory = OpenpyxlBook(path), committed_book()
    presses = [("IQ5x11", "solve"), ("Pento3x20", "next"), ("Pento3x20", "next"), ("Klotski", "solve"),
               ("Klotski", "next"), ("Sudoku", "solve"), ("Ghost", "count"), ("IQDiamond", "solve"),
               ("IQDiamond", "clear"), ("Zen", "solve"), ("Custom", "unique")]
    for book in (on_file, in_memory):
        book.write("Pento6x10_In", [["X", "Q"]])  # a mistake: its status names the cell
        for area, action in presses + [("Pento6x10", "solve")]:
            actions.press(book, area, action)
    on_file.save()
    reopened = MemoryBook.of_file(path)

    def without_times(values):  # "found in 0.08 s": the two runs differ only in their clocks
        return {p: re.sub(r"\d+\.\d+ s\b", "T s", v) if isinstance(v, str) else v for p, v in values.items()}

    assert without_times(reopened.values) == without_times(in_memory.values)
    assert reopened.fills == in_memory.fills
    assert set(reopened.names) == set(in_memory.names)


@pytest.mark.slow
@pytest.mark.parametrize("index", [2, 3])  # an expert and a master challenge
def test_typed_challenge_is_solved_coloured_and_inputs_stay(tmp_path, cli, iq_facts, index):
    challenge = iq_facts["sample_challenges"][index]
    path = copy_of_board(tmp_path)
    type_into(path, "IQ5x11_In", [row.replace(".", " ") for row in challenge["start"]])
    before = all_values(path, skip=OUTPUTS)
    result = cli("solve", str(path), "--area", "IQ5x11")
    assert result.returncode == 0, result.stderr
    assert values_of(path, "IQ5x11_Out") == [list(row) for row in challenge["solution"]]
    colours = fills_of(path, "IQ5x11_Out")
    for row, fill_row in zip(challenge["solution"], colours):
        assert fill_row == [IQ.pieces[letter].colour for letter in row]
    assert status(path, "IQ5x11").startswith("The only solution")
    assert all_values(path, skip=OUTPUTS) == before, "an input or label changed"


def test_solve_all_areas_with_input_and_write_elsewhere(tmp_path, cli):
    path = copy_of_board(tmp_path)
    out = tmp_path / "solved.xlsm"
    result = cli("solve", str(path), "-o", str(out), "--json")
    report = json.loads(result.stdout)
    assert result.returncode == 0
    sampled = {area.name for area in layout.areas().values() if any(row.strip() for row in area.spec.sample)
               and not area.spec.unfilled}  # a box shipped filled with '.' (Soma, Bedlam): nothing placed, left alone
    assert {"Soma", "Bedlam"} <= {area.name for area in layout.areas().values() if area.spec.unfilled}
    assert set(report["areas"]) == sampled and len(sampled) >= 9  # the areas with samples
    assert all(a["status"] == "solved" for a in report["areas"].values())
    custom = report["areas"]["Custom"]["solution"]
    assert len(custom) == 8 and custom[3] == "YYW##TNN"  # trimmed to the 8 x 8 board, holes kept
    assert path.read_bytes() == COMMITTED.read_bytes(), "-o leaves the original alone"
    assert values_of(out, "IQDiamond_Out")[0][1:3] == ["F", "F"]


def test_terminal_output_names_each_area(tmp_path, cli):
    result = cli("solve", str(copy_of_board(tmp_path)), "--area", "IQDiamond")
    lines = result.stdout.splitlines()
    assert lines[0].startswith("IQDiamond: The only solution") and lines[1] == "   FFII"


@pytest.mark.parametrize("typed, cell, fragment", [
    ({"C15": "Q"}, "C15", "'Q' is not a piece of this set (iq-puzzler-pro"),
    ({"D16": 7}, "D16", "the number 7 is not a piece letter"),
    ({"D16": 2.5}, "D16", "the number 2.5 is not a piece letter"),
    ({"E17": dt.datetime(2026, 11, 22)}, "E17", "a date or time is not a piece letter"),
    ({"F18": "=A1"}, "F18", "a formula (=A1) is not allowed"),
    ({"G14": "hello"}, "G14", "'hello' is more than one character"),
    ({"G14": True}, "G14", "TRUE is not a piece letter"),
    ({"H14": "B", "I14": "B", "J14": "B", "K14": "B", "L14": "B", "H15": "B"}, "H14", "6 cells are marked B"),
    ({"H16": "K", "I16": "K", "H17": "K", "I17": "K"}, "H16", "do not fit piece K"),
])
def test_bad_input_names_the_sheet_cell_and_nothing_typed_is_lost(typed, cell, fragment):
    book = committed_book()
    type_into(book, "IQ5x11_In", [""] * 5)  # start from an empty board, then type the mistake
    for ref, value in typed.items():
        book.set("IQ Puzzler Pro", ref, value)
    before = all_values(book, skip=OUTPUTS)
    outcome = press(book, "IQ5x11", "solve")
    assert outcome.status == "invalid"
    text = status(book, "IQ5x11")
    assert text.startswith(f"{cell}: ") and fragment in text
    assert all_values(book, skip=OUTPUTS) == before


def test_off_board_cells_and_wrong_areas_are_reported(tmp_path, cli):
    book = committed_book()
    diamond = layout.area("IQDiamond")
    corner = cell_name(diamond.top, diamond.left)  # the top-left of the diamond's 9x9 square is off the board
    book.set("IQ Puzzler Pro", corner, "A")
    press(book, "IQDiamond", "solve")
    assert status(book, "IQDiamond").startswith(f"{corner}: this cell is not part of the board")
    # a pentomino puzzle typed into the IQ area: letters of the wrong set
    type_into(book, "IQ5x11_In", ["XXXX", "", "", "", ""])
    press(book, "IQ5x11", "solve")
    assert status(book, "IQ5x11").startswith("B14: 'X' is not a piece of this set (iq-puzzler-pro")
    assert "unknown area 'IQ7x7'" in cli("solve", str(copy_of_board(tmp_path)), "--area", "IQ7x7").stderr


@pytest.mark.slow
def test_next_walks_through_every_solution_then_wraps():
    book = committed_book()
    seen = []
    press(book, "Pento3x20", "solve")
    seen.append(values_of(book, "Pento3x20_Out"))
    for _ in range(7):
        assert press(book, "Pento3x20", "next").status == "solved"
        seen.append(values_of(book, "Pento3x20_Out"))
    assert len({json.dumps(s) for s in seen}) == 8
    press(book, "Pento3x20", "next")
    assert status(book, "Pento3x20") == "That was the last of 8 solutions; back to the first."
    assert values_of(book, "Pento3x20_Out") == seen[0]


def test_next_starts_over_when_the_puzzle_changes():
    book = committed_book()
    press(book, "Pento3x20", "solve")
    press(book, "Pento3x20", "next")
    type_into(book, "Pento3x20_In", ["UU", "U", "UU"])
    press(book, "Pento3x20", "next")
    assert status(book, "Pento3x20").startswith("Solution 1")


def test_count_unique_and_their_time_limit(step_clock):
    book = committed_book()
    assert press(book, "Pento3x20", "count").data["solutions"] == 8
    assert status(book, "Pento3x20").startswith("8 solutions (2 up to the board's symmetry); complete")
    press(book, "IQ5x11", "unique")
    assert status(book, "IQ5x11") == "Unique: exactly one solution (shown)."
    press(book, "Pento6x10", "unique")
    assert status(book, "Pento6x10").startswith("Not unique")
    type_into(book, "IQ5x11_TimeLimit", [[0.2]])
    type_into(book, "IQ5x11_In", ["", "", "", "", ""])
    outcome = press(book, "IQ5x11", "count")
    assert outcome.data["complete"] is False
    assert status(book, "IQ5x11").startswith("At least ") and "0.2 s time limit" in status(book, "IQ5x11")
    type_into(book, "IQ5x11_TimeLimit", [["soon"]])
    type_into(book, "IQ5x11_In", ["G", "GGG", "  C", "  CCCC", ""])
    press(book, "IQ5x11", "count")
    assert "the time limit must be a number of seconds" in status(book, "IQ5x11")


def test_clear_empties_solution_and_status_only():
    book = committed_book()
    press(book, "IQDiamond", "solve")
    before = all_values(book, skip=OUTPUTS)
    press(book, "IQDiamond", "clear")
    assert all(v is None for row in values_of(book, "IQDiamond_Out") for v in row)
    assert status(book, "IQDiamond") == ""
    board = catalog.board("iqdiamond").cells
    fills = fills_of(book, "IQDiamond_Out")
    assert all(fills[r][c] == (layout.OUTPUT_FILL if (r, c) in board else OFF_BOARD) for r in range(9) for c in range(9))
    assert all_values(book, skip=OUTPUTS) == before


def test_custom_pieces_and_size_mistakes_name_cells():
    book = committed_book()
    book.set("Custom", "AO35", "F")  # a second F, far from the first
    book.set("Custom", "E5", 30)  # rows: at most 12
    book.set("Custom", "W5", "maybe")
    press(book, "Custom", "solve")
    text = status(book, "Custom")
    assert "E5: the board size must be a whole number from 1 to 12" in text
    assert "AO35: piece F is drawn in 2 places" in text
    assert "W5: answer Yes or No" in text


def test_custom_board_with_its_own_pieces():
    """Four trominoes on a 3x4 board, drawn on the sheet: no code."""
    book = committed_book()
    type_into(book, "Custom_Pieces", ["AAA.BB", "....B.", "CCC.DD", "....D."] + [""] * 8)
    type_into(book, "Custom_In", [""] * 12)
    type_into(book, "Custom_Rows", [[3]])
    type_into(book, "Custom_Cols", [[4]])
    assert press(book, "Custom", "count").data["solutions"] == 64
    press(book, "Custom", "solve")
    solved = values_of(book, "Custom_Out")
    assert {v for row in solved[:3] for v in row[:4]} == set("ABCD")
    assert all(v is None for row in solved[3:] for v in row) and all(v is None for v in solved[0][4:])


def test_the_custom_sheet_draws_27_pieces_and_tells_a_from_A():
    """Dominoes drawn with A-Z and a on the Custom sheet fill a 6 x 9 board; a is a piece of its own, in its colour."""
    letters = catalog.PIECE_LETTERS[:27]
    drawn = ["".join(f"{letter * 2}." for letter in letters[k:k + 13]) for k in range(0, 27, 13)]
    book = committed_book()
    type_into(book, "Custom_Pieces", drawn + [""] * 9)
    type_into(book, "Custom_In", [""] * 12)
    type_into(book, "Custom_Rows", [[6]])
    type_into(book, "Custom_Cols", [[9]])
    answer = press(book, "Custom", "solve")
    assert answer.status == "solved"
    solved, fills = values_of(book, "Custom_Out"), fills_of(book, "Custom_Out")
    shown = {(solved[r][c], fills[r][c]) for r in range(6) for c in range(9)}
    assert {letter for letter, _ in shown} == set(letters)
    assert shown == {(letter, tiling.drawn_colour(letter)) for letter in letters}


def test_bad_files_get_one_clear_line(tmp_path, cli):
    not_a_workbook = tmp_path / "notes.xlsm"
    not_a_workbook.write_text("hello")
    result = cli("solve", str(not_a_workbook))
    assert result.returncode == 2 and "cannot open" in result.stderr and "Traceback" not in result.stderr
    other = tmp_path / "other.xlsx"
    openpyxl.Workbook().save(other)
    result = cli("solve", str(other))
    assert result.returncode == 2 and "has no xlsolver areas" in result.stderr
    assert "applies to text puzzles" in cli("solve", str(COMMITTED), "--time-limit", "5").stderr
    assert "works on one area: name it with --area" in cli("solve", str(COMMITTED), "--unique").stderr


@pytest.mark.slow
def test_many_solves_leave_the_workbook_intact(tmp_path):
    """Twenty-five solves in place, each a load and a save: the macros, the VBA project, the names and what was
    typed come through every time (a hundred took three minutes of CI for nothing more)."""
    path = copy_of_board(tmp_path)
    macros, project = button_macros(path), vba_bin(path)
    names = set(openpyxl.load_workbook(path).defined_names)
    inputs = all_values(path, skip=OUTPUTS)
    for _ in range(25):
        headless.solve(path)
    assert button_macros(path) == macros
    assert vba_bin(path) == project
    reopened = openpyxl.load_workbook(path, keep_vba=True)
    assert set(reopened.defined_names) == names
    assert [ws.sheet_properties.codeName for ws in reopened.worksheets] == \
        [sheet.code_name for sheet in layout.sheets()] + [layout.CONF_SHEET_CODE_NAME, layout.STATE_SHEET_CODE_NAME]
    assert len(reopened["IQ Puzzler Pro"].data_validations.dataValidation) > 10
    assert all_values(path, skip=OUTPUTS) == inputs


def test_a_long_count_shows_its_progress_in_the_status_bar_and_ends_at_the_time_limit(step_clock):
    book = committed_book()
    type_into(book, "Sudoku_In", [[None] * 9] * 9)  # an empty grid: more solutions than any time limit allows
    type_into(book, "Sudoku_TimeLimit", [[2]])
    answer = press(book, "Sudoku", "count")
    shown = [text for text in book.status_bar_texts if text]
    assert "stopped by the 2 s time limit" in answer.message
    assert shown[0] == "xlsolver: Count Sudoku..."
    progress = [text for text in shown if "explored" in text]
    assert progress and all(re.fullmatch(r"xlsolver: Count Sudoku: \d+% explored, \d+ s of the 2 s limit, "
                                         r"[\d,]+ found so far", text) for text in progress), progress
    assert book.status_bar_texts[-1] is None  # given back to Excel when the count ends


def test_custom_counts_and_use_cells_take_copies_and_parts_of_the_set():
    """The Counts and Use cells mean what `counts:` and `use:` mean in a file: two copies of each drawn tromino
    tile a 3x4 board as a plain set of four trominoes does (the same count), and a wrong count names its cell."""
    book = committed_book()
    type_into(book, "Custom_Pieces", ["AAA.BB", "....B."] + [""] * 10)
    type_into(book, "Custom_In", [""] * 12)
    type_into(book, "Custom_Rows", [[3]])
    type_into(book, "Custom_Cols", [[4]])
    type_into(book, "Custom_Counts", [["A x2, B x2"]])
    copies = press(book, "Custom", "count").data["solutions"]
    type_into(book, "Custom_Pieces", ["AAA.BB", "....B.", "CCC.DD", "....D."] + [""] * 8)
    type_into(book, "Custom_Counts", [[None]])
    assert copies * 4 == press(book, "Custom", "count").data["solutions"]  # A, C alike and B, D alike: 2 x 2 labellings
    type_into(book, "Custom_Use", [["Any"]])
    type_into(book, "Custom_Counts", [["A x4"]])
    press(book, "Custom", "solve")
    solved = values_of(book, "Custom_Out")
    assert {v for row in solved[:3] for v in row[:4]} <= set("ABCD") and solved[0][0] is not None
    type_into(book, "Custom_Counts", [["Q x2"]])
    press(book, "Custom", "solve")
    assert re.match(r"[A-Z]+\d+: 'Q' is not a piece of this set", status(book, "Custom"))
    assert values_of(book, "Custom_Counts") == [["Q x2"]]  # what was typed stays
