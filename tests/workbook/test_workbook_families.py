"""The Ghost Hunter, RoadBlock, Klotski and Zen sheets, pressed on the committed workbook held in memory."""
from __future__ import annotations

import re

from xlsolver.families import ghost_hunter, roadblock
from xlsolver.workbook import layout
from helpers import load_facts
from workbook_helpers import all_values, committed_book, fills_of, press, status, type_into, values_of

OUTPUTS = {f"{name}_{suffix}" for name in layout.AREAS for suffix in ("Out", "Status", "State")}


def test_ghost_level_49_is_solved_unique_with_lamps_marked():
    book = committed_book()
    before = all_values(book, skip=OUTPUTS)
    press(book, "Ghost", "unique")
    assert status(book, "Ghost") == "Unique: exactly one solution (shown)."
    assert values_of(book, "Ghost_Out") == [["A", "A", "B", "B*"], ["A*", "E*", "C", "C*"],
                                            ["D*", "E", "E", "C"], ["D", "D*", "F", "F"]]
    colours = {p.letter: p.colour for p in ghost_hunter.tiles().pieces.values()}
    assert fills_of(book, "Ghost_Out")[0] == [colours["A"], colours["A"], colours["B"], colours["B"]]
    assert all_values(book, skip=OUTPUTS) == before


def test_ghost_mistakes_name_sheet_cells():
    book = committed_book()
    type_into(book, "Ghost_In", ["   G", "GG G", "G", "  Q"])
    press(book, "Ghost", "solve")
    assert status(book, "Ghost") == "D17: 'Q' is not a tile (A B C D E F), a ghost (G) or '.'"
    type_into(book, "Ghost_In", ["   G", "GG G", "G", ""])
    press(book, "Ghost", "solve")
    assert status(book, "Ghost").startswith("B14:E17: 5 ghosts are marked (E14, B15, C15, E15, B16)")


def test_roadblock_sample_solved_with_police_cars_and_counted():
    book = committed_book()
    sample = load_facts("roadblock.json")["sample_instances"][0]
    press(book, "RoadBlock", "solve")
    assert ["".join(row) for row in values_of(book, "RoadBlock_Out")] == sample["solution"]
    police_car = roadblock.pieces().header["police-car-colour"]
    assert fills_of(book, "RoadBlock_Out")[1][0] == police_car  # 'i', I's police car
    assert press(book, "RoadBlock", "count").data["solutions"] == 1
    assert status(book, "RoadBlock").startswith("1 solution; complete count")


def test_roadblock_escape_and_no_play_cell():
    book = committed_book()
    type_into(book, "RoadBlock_In", [" JJJ", "  SSS", "  S", "X E", "  EW", " EEWW"])  # the car on the edge
    press(book, "RoadBlock", "solve")
    assert status(book, "RoadBlock") == "No solution: every way to fill the board lets a car reach the edge."
    # The shipped pieces leave no room for advanced play's green car, so the sheet does not offer it.
    assert not book.has_name("RoadBlock_Mode")
    type_into(book, "RoadBlock_In", [" JJJ", "  SSS", "  S", " E", "Y EW", " EEWW"])
    press(book, "RoadBlock", "solve")
    assert "B18: 'Y' is not a piece in this game" in status(book, "RoadBlock")  # with the E that cannot lie there


def test_klotski_solve_lists_moves_and_steps_through_them():
    from xlsolver.families import klotski

    book = committed_book()
    before = all_values(book, skip=OUTPUTS | {"Klotski_Moves"})
    press(book, "Klotski", "solve")
    assert status(book, "Klotski").startswith("Solved in 81 moves (piece metric)")
    moves = [row for row in values_of(book, "Klotski_Moves") if row[0] is not None]
    assert len(moves) == 81 and moves[0][0] == 1
    start = ["VCCV", "VCCV", "VHHV", "VSSV", "S..S"]
    boards = klotski.replay(klotski.parse(start), [klotski.Move(*row) for row in moves], "piece")
    for step in (1, 2):
        press(book, "Klotski", "next")
        names = values_of(book, "Klotski_Out")
        assert ["".join(re.sub(r"\d", "", name or ".") for name in row) for row in names] == boards[step - 1]
        # the board names each piece as the move list does: the piece that moved shows its name where it went
        piece = moves[step - 1][1]
        went = {(r, c) for r, row in enumerate(boards[step - 1]) for c, _ in enumerate(row)
                if (boards[step - 2] if step > 1 else start)[r][c] == "." and boards[step - 1][r][c] != "."}
        assert went and all(names[r][c] == piece for r, c in went)
        assert {name for row in names for name in row if name} <= {row[1] for row in moves} | {"C", "H"}
    press(book, "Klotski", "previous")
    assert status(book, "Klotski").startswith("Move 1 of 81:")
    assert all_values(book, skip=OUTPUTS | {"Klotski_Moves"}) == before
    press(book, "Klotski", "clear")
    assert all(row == [None] * 4 for row in values_of(book, "Klotski_Moves"))


def test_klotski_metric_cell_and_bad_layouts():
    book = committed_book()
    type_into(book, "Klotski_Metric", [["step"]])
    press(book, "Klotski", "solve")
    assert status(book, "Klotski").startswith("Solved in 116 moves (step metric)")
    type_into(book, "Klotski_Metric", [["fast"]])
    press(book, "Klotski", "solve")
    assert status(book, "Klotski") == "O8: the metric is piece, straight or step, not 'fast'"
    type_into(book, "Klotski_Metric", [["piece"]])
    type_into(book, "Klotski_In", ["VCCV", "VCQV", "VHHV", "VSSV", "S  S"])
    press(book, "Klotski", "solve")
    assert status(book, "Klotski").startswith("C10: Cao Cao must be one 2x2 square; cells C10, D10, C11 are marked C; "
                                              "D11: 'Q' is not a Klotski piece")  # in reading order


def test_zen_garden_solve_numbers_every_sand_cell_in_a_legal_order():
    from xlsolver.families import zen

    book = committed_book()
    press(book, "Zen", "solve")
    assert status(book, "Zen").startswith("Raked in ")
    garden_rows = ["__......", "_....#..", "........", "..#.....", "......._"]
    order = [row[:8] for row in values_of(book, "Zen_Out")[:5]]
    for r, row in enumerate(garden_rows):
        for c, ch in enumerate(row):
            assert (order[r][c] is not None) == (ch == ".")
    numbers = sorted(v for row in order for v in row if v is not None)
    assert numbers == list(range(1, len(numbers) + 1)), "each sand cell raked once, numbered 1..n"
    result = zen.solve(zen.parse(garden_rows))
    zen.replay(zen.parse(garden_rows), result.passes, complete=True)  # the solver's own order is legal


def test_zen_garden_mistakes_name_cells():
    book = committed_book()
    type_into(book, "Zen_In", ["__", "_  x #", "", "  #", "       _"])
    press(book, "Zen", "solve")
    assert status(book, "Zen") == "E10: 'X' is not part of a garden; use '.' sand, '#' rock or '_' walkable ground"
    type_into(book, "Zen_In", ["__", "_    #", "", "  #", "       _"])
    type_into(book, "Zen_Rows", [[20]])
    press(book, "Zen", "solve")
    assert "E5: the board size must be a whole number from 1 to 16" in status(book, "Zen")
    type_into(book, "Zen_Rows", [["²"]])  # a digit to str.isdigit, not a number to int() (found by the fuzz test)
    press(book, "Zen", "solve")
    assert "E5: the board size must be a whole number from 1 to 16, not '²'" in status(book, "Zen")
