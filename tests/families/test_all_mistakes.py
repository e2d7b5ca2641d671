"""Every mistake of a grid in one pass, each naming its cell, in reading order.

Each grid below holds two or three different mistakes, each of which once hid the
others until it was fixed (a bad letter stopped the check of where pieces lie, a
wrong number of ghosts the check of the tiles, a piece that is no whole piece the
count of pieces, the order followed the checks, not the grid).  The same grid is
read by the family, by the command line (one stderr line each) and by the
workbook's button (the status cell lists them).  Order: a range (the whole grid)
first, then the cells row by row, left to right.
"""
from __future__ import annotations

import pytest

from xlsolver import families
from xlsolver.base.a1 import cell_name, column_index, offset_namer
from xlsolver.families import InvalidPuzzle
from xlsolver.workbook.areas import namer_for
from workbook_helpers import committed_book, press, status, type_into

# family, settings, sheet area, grid, the mistakes expected: (the cell or range they start with, words they hold)
CASES = {
    "iq5x11": ("tiling", {"pieces": "iq-puzzler-pro"}, "IQ5x11",
               ["AAAA.......", "AA....?....", "...Q.......", "...........", "..........."],
               [("A1", "6 cells are marked A"), ("G2", "'?' is not a piece letter"),
                ("D3", "'Q' is not a piece of this set")]),
    "pentominoes": ("tiling", {}, "Pento6x10",
                    ["FF........", ".FF.......", ".F.7......", "......Q...", "..........", "XX........"],
                    [("D3", "'7' is not a piece letter"), ("G4", "'Q' is not a piece of this set"),
                     ("A6", "the cells marked X (A6, B6) do not fit piece X")]),
    "sudoku": ("sudoku", {}, "Sudoku",
               ["53..7..5.", "6..195...", ".98....6.", "8...6...3", "4..8.3..1", "7...2...6", ".6....28.",
                "...419..5", "5...8.X79"],
               [("H1", "'5' is already in row 1"), ("A9", "'5' is already in column A"),
                ("G9", "'X' is not a digit")]),
    "ghost-hunter": ("ghost-hunter", {}, "Ghost", ["GGGG", "GGQG", "G...", "A..A"],
                     [("A1:D4", "8 ghosts are marked"), ("C2", "'Q' is not a tile"),
                      ("A4", "tile A cannot lie on A4, D4")]),
    "roadblock": ("roadblock", {}, "RoadBlock", [".JJJ..", "..SSS.", "..S...", "X.EQ..", "...EW.", ".EEWW."],
                  [("C4", "the cells marked E (C4, D5, B6, C6) do not fit piece E"),
                   ("D4", "'Q' is not a piece in this game")]),
    "klotski": ("klotski", {}, "Klotski", ["VCCV", "VCQV", "VHHV", "VSSV", "SHHS"],
                [("A1:D5", "there must be one Guan Yu (H), found 2"), ("B1", "Cao Cao must be one 2x2 square"),
                 ("C2", "'Q' is not a Klotski piece")]),
    "zen": ("zen", {}, None, ["..Q..", "...", ".#..."],
            [("C1", "'Q' is not part of a garden"), ("D2", "row 2 has 3 squares")]),
}


def mistakes(family: str, settings: dict, rows: list[str], namer=cell_name) -> list[str]:
    with pytest.raises(InvalidPuzzle) as raised:
        families.get(family).parse(rows, settings, namer)
    return raised.value.messages


@pytest.mark.parametrize("case", CASES)
def test_every_mistake_is_found_in_one_pass_in_reading_order(case):
    family, settings, _, rows, expected = CASES[case]
    found = mistakes(family, settings, rows)
    assert [(m.split(": ", 1)[0], any(words in m for words in [w for _, w in expected])) for m in found] == \
        [(where, True) for where, _ in expected], found
    assert all(words in message for message, (_, words) in zip(found, expected))


@pytest.mark.parametrize("case", CASES)
def test_the_command_line_prints_each_on_a_line_of_its_own(cli, tmp_path, case):
    family, settings, _, rows, expected = CASES[case]
    puzzle = tmp_path / "puzzle.txt"
    header = [f"family: {family}"] + [f"{key}: {value}" for key, value in settings.items()]
    puzzle.write_text("\n".join(header + rows) + "\n")
    done = cli("solve", str(puzzle))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"xlsolver: {m}" for m in mistakes(family, settings, rows)]
    assert len(done.stderr.splitlines()) == len(expected)


@pytest.mark.parametrize("case", [case for case, (_, _, area, _, _) in CASES.items() if area])
def test_the_workbook_status_lists_them_all_by_sheet_cell(case):
    family, settings, area, rows, expected = CASES[case]
    book = committed_book()
    type_into(book, f"{area}_In", rows)
    press(book, area, "solve")
    at_sheet_cells = mistakes(family, settings, rows, namer_for(book, f"{area}_In"))
    assert status(book, area) == "; ".join(at_sheet_cells)
    _, top, left = book.anchor(f"{area}_In")
    first_cells = [part.split(": ", 1)[0].split(":")[0] for part in at_sheet_cells]
    assert first_cells == [offset_namer(top, left)(*_position(where.split(":")[0])) for where, _ in expected]


def test_a_cell_the_workbook_cannot_read_does_not_hide_the_grid_s_mistakes():
    """A number typed into a cell is said by the workbook; the family still judges the other cells."""
    book = committed_book()
    type_into(book, "IQ5x11_In", [list("AAAA.......")[:4] + [7] + list("......"), list("AA....?...."),
                                  list("...Q.......")])
    press(book, "IQ5x11", "solve")
    namer = namer_for(book, "IQ5x11_In")
    said = status(book, "IQ5x11")
    starts = [said.find(f"{namer(r, c)}: {words}") for (r, c), words in [
        ((0, 0), "6 cells are marked A"), ((0, 4), "the number 7 is not a piece letter"),
        ((1, 6), "'?' is not a piece letter"), ((2, 3), "'Q' is not a piece of this set")]]
    assert -1 not in starts and starts == sorted(starts), said
    assert said.count("; and") == 0 and said.count(f"{namer(0, 4)}: ") == 1  # told once, by the workbook


def _position(name: str) -> tuple[int, int]:
    letters = name.rstrip("0123456789")
    return int(name[len(letters):]) - 1, column_index(letters)


# --- a mistake in what the grid is read with does not hide the grid's own ----------------------------------------

def test_no_piece_set_fits_and_a_cell_holds_no_letter():
    found = mistakes("tiling", {}, ["FF.?......", ".FF.......", ".F........", "..........", "..........",
                                    ".........#"])
    assert [m.split(": ")[0] for m in found] == ["A1:J6", "D1"]
    assert "59 board cells match no piece set" in found[0] and "'?' is not a piece letter" in found[1]


def test_pieces_drawn_wrong_and_a_cell_of_the_grid_holding_no_letter():
    drawing = families.Drawing(("AA.", "A.A"), offset_namer(10, 0))
    found = mistakes("tiling", families.Settings({"pieces": drawing}, {"pieces": "A11:C12"}), ["AB.?", "...."])
    assert [m.split(": ")[0] for m in found] == ["D1", "C12"]
    assert "piece A is drawn in 2 places" in found[1]


def test_an_unreadable_regions_file_and_the_grid_s_mistakes(tmp_path):
    settings = families.Settings({"regions": str(tmp_path / "missing.txt")}, {"regions": "--regions"})
    found = mistakes("sudoku", settings, ["1..1", "....", "....", "...X"])
    assert found[0].startswith("--regions: cannot read") and found[1:] == [
        "D1: '1' is already in row 1 (at A1)", "D4: 'X' is not a digit of a 4x4 sudoku (1-4); use '.' for an empty cell"]


def test_a_cell_of_the_regions_that_is_no_letter_hides_only_the_regions_beside_it():
    found = mistakes("sudoku", {}, ["." * 4] * 4 + ["", "AAB1", "AABB", "CCCD", "CCDD"])
    assert found == ["D1: '1' in the regions grid is not a region letter; mark each cell with the letter of its "
                     "region (A-Z)",
                     "A3: region C has 5 cells (A3, B3, C3, A4, B4); each region of a 4x4 jigsaw has 4",
                     "D3: region D has 3 cells (D3, C4, D4); each region of a 4x4 jigsaw has 4"]


def test_advanced_play_without_room_and_the_grid_s_mistakes():
    found = mistakes("roadblock", {"mode": "advanced"}, CASES["roadblock"][3])
    assert [m.split(": ")[0] for m in found] == ["--mode", "C4", "D4"]


def test_a_count_of_pieces_is_not_told_where_unknown_cells_could_hold_the_missing_ones():
    # two empty cells are needed; the one typed 'Q' may be meant as one: no count message
    assert mistakes("klotski", {}, ["VCCV", "VCCV", "VHHV", "VSSV", "S.QS"]) == \
        ["C5: 'Q' is not a Klotski piece (C, H, V, S, .)"]
    # too many of a kind is wrong whatever 'Q' is meant to be
    assert [m.split(": ")[0] for m in mistakes("klotski", {}, ["VCCV", "VCCV", "VHHV", "VHHV", "SQ.S"])] == \
        ["A1:D5", "A1:D5", "B5"]
