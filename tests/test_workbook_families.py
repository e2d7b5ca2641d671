"""The Ghost Hunter and RoadBlock sheets, pressed headless on real .xlsm files."""
from __future__ import annotations

import openpyxl

from xlsolver.families import ghost_hunter, roadblock
from xlsolver.workbook import actions, layout
from xlsolver.workbook.openpyxl_book import OpenpyxlBook
from conftest import load_facts
from workbook_helpers import all_values, copy_of_board, fills_of, press, status, type_into, values_of

OUTPUTS = {f"{name}_{suffix}" for name in layout.AREAS for suffix in ("Out", "Status", "State")}


def test_ghost_level_49_is_solved_unique_with_lamps_marked(tmp_path):
    path = copy_of_board(tmp_path)
    before = all_values(path, skip=OUTPUTS)
    press(path, "Ghost", "unique")
    assert status(path, "Ghost") == "Unique: exactly one solution (shown)."
    assert values_of(path, "Ghost_Out") == [["A", "A", "B", "B*"], ["A*", "E*", "C", "C*"],
                                            ["D*", "E", "E", "C"], ["D", "D*", "F", "F"]]
    colours = {p.letter: p.colour for p in ghost_hunter.tiles().pieces.values()}
    assert fills_of(path, "Ghost_Out")[0] == [colours["A"], colours["A"], colours["B"], colours["B"]]
    assert all_values(path, skip=OUTPUTS) == before


def test_ghost_mistakes_name_sheet_cells(tmp_path):
    path = copy_of_board(tmp_path)
    type_into(path, "Ghost_In", ["   G", "GG G", "G", "  Q"])
    press(path, "Ghost", "solve")
    assert status(path, "Ghost") == "D17: 'Q' is not a tile (A B C D E F), a ghost (G) or '.'"
    type_into(path, "Ghost_In", ["   G", "GG G", "G", ""])
    press(path, "Ghost", "solve")
    assert status(path, "Ghost").startswith("B14:E17: 5 ghosts are marked (E14, B15, C15, E15, B16)")


def test_roadblock_sample_solved_with_police_cars_and_counted(tmp_path):
    path = copy_of_board(tmp_path)
    sample = load_facts("roadblock.json")["sample_instances"][0]
    press(path, "RoadBlock", "solve")
    assert ["".join(row) for row in values_of(path, "RoadBlock_Out")] == sample["solution"]
    police_car = roadblock.pieces().header["police-car-colour"]
    assert fills_of(path, "RoadBlock_Out")[1][0] == police_car  # 'i', I's police car
    assert press(path, "RoadBlock", "count").data["solutions"] == 1
    assert status(path, "RoadBlock").startswith("1 solution; complete count")


def test_roadblock_escape_and_play_cell(tmp_path):
    path = copy_of_board(tmp_path)
    type_into(path, "RoadBlock_In", [" JJJ", "  SSS", "  S", "X E", "  EW", " EEWW"])  # the car on the edge
    press(path, "RoadBlock", "solve")
    assert status(path, "RoadBlock") == "No solution: every way to fill the board lets a car reach the edge."
    workbook = openpyxl.load_workbook(path, keep_vba=True)
    sheet, ref = next(iter(workbook.defined_names["RoadBlock_Mode"].destinations))
    workbook[sheet][ref.replace("$", "")] = "Advanced"
    workbook.save(path)
    press(path, "RoadBlock", "solve")
    assert "the required pieces cover 37" in status(path, "RoadBlock")
    workbook = openpyxl.load_workbook(path, keep_vba=True)
    workbook[sheet][ref.replace("$", "")] = "Hard"
    workbook.save(path)
    press(path, "RoadBlock", "solve")
    assert status(path, "RoadBlock").startswith("O12: play is Easy or Advanced, not 'Hard'")


def test_klotski_solve_lists_moves_and_steps_through_them(tmp_path):
    from xlsolver.families import klotski

    path = copy_of_board(tmp_path)
    before = all_values(path, skip=OUTPUTS | {"Klotski_Moves"})
    press(path, "Klotski", "solve")
    assert status(path, "Klotski").startswith("Solved in 81 moves (piece metric)")
    moves = [row for row in values_of(path, "Klotski_Moves") if row[0] is not None]
    assert len(moves) == 81 and moves[0][0] == 1
    start = ["VCCV", "VCCV", "VHHV", "VSSV", "S..S"]
    boards = klotski.replay(klotski.parse(start), [klotski.Move(*row) for row in moves], "piece")
    for step in (1, 2):
        press(path, "Klotski", "next")
        shown = ["".join(ch or "." for ch in row) for row in values_of(path, "Klotski_Out")]
        assert shown == boards[step - 1]
    press(path, "Klotski", "previous")
    assert status(path, "Klotski").startswith("Move 1 of 81:")
    assert all_values(path, skip=OUTPUTS | {"Klotski_Moves"}) == before
    press(path, "Klotski", "clear")
    assert all(row == [None] * 4 for row in values_of(path, "Klotski_Moves"))


def test_klotski_metric_cell_and_bad_layouts(tmp_path):
    path = copy_of_board(tmp_path)
    type_into(path, "Klotski_Metric", [["step"]])
    press(path, "Klotski", "solve")
    assert status(path, "Klotski").startswith("Solved in 116 moves (step metric)")
    type_into(path, "Klotski_Metric", [["fast"]])
    press(path, "Klotski", "solve")
    assert status(path, "Klotski") == "O8: the metric is piece, straight or step, not 'fast'"
    type_into(path, "Klotski_Metric", [["piece"]])
    type_into(path, "Klotski_In", ["VCCV", "VCQV", "VHHV", "VSSV", "S  S"])
    press(path, "Klotski", "solve")
    assert status(path, "Klotski").startswith("D11: 'Q' is not a Klotski piece")


def test_zen_garden_solve_numbers_every_sand_cell_in_a_legal_order(tmp_path):
    from xlsolver.families import zen

    path = copy_of_board(tmp_path)
    press(path, "Zen", "solve")
    assert status(path, "Zen").startswith("Raked in ")
    garden_rows = ["__......", "_....#..", "........", "..#.....", "......._"]
    order = [row[:8] for row in values_of(path, "Zen_Out")[:5]]
    for r, row in enumerate(garden_rows):
        for c, ch in enumerate(row):
            assert (order[r][c] is not None) == (ch == ".")
    numbers = sorted(v for row in order for v in row if v is not None)
    assert numbers == list(range(1, len(numbers) + 1)), "each sand cell raked once, numbered 1..n"
    result = zen.solve(zen.parse(garden_rows))
    zen.replay(zen.parse(garden_rows), result.passes, complete=True)  # the solver's own order is legal


def test_zen_garden_mistakes_name_cells(tmp_path):
    path = copy_of_board(tmp_path)
    type_into(path, "Zen_In", ["__", "_  x #", "", "  #", "       _"])
    press(path, "Zen", "solve")
    assert status(path, "Zen") == "E10: 'X' is not part of a garden; use '.' sand, '#' rock or '_' walkable ground"
    type_into(path, "Zen_In", ["__", "_    #", "", "  #", "       _"])
    type_into(path, "Zen_Rows", [[20]])
    press(path, "Zen", "solve")
    assert "E5: the board size must be a whole number from 1 to 16" in status(path, "Zen")
