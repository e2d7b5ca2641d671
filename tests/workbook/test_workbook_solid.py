"""The Pyramid and Cubes sheets: 3D boards typed as layers side by side, pressed headless.

The pyramid samples are the booklet's (tests/data/pyramid.json, as tests/families/test_solid.py reads them),
typed into a copy of board.xlsm with openpyxl and pressed on the file; the other presses run on the in-memory
copy (test_workbook_headless.py checks it ends as the file does)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from xlsolver import catalog, families
from xlsolver.a1 import cell_name
from xlsolver.answer import OFF_BOARD
from xlsolver.families import Ask
from xlsolver.workbook import layout
from workbook_helpers import (all_values, committed_book, copy_of_board, fills_of, press, status, type_into,
                              values_of)

SAMPLES = json.loads((Path(__file__).parent.parent / "data" / "pyramid.json").read_text(encoding="utf-8"))["samples"]
OUTPUTS = {f"{name}_{suffix}" for name in layout.AREAS for suffix in ("Out", "Status", "State", "Picture")} & \
    set(layout.defined_names())
PYRAMID, SOMA, BEDLAM, CUBES = (layout.area(name) for name in ("Pyramid", "Soma", "Bedlam", "Cubes"))
IQ = catalog.piece_set("iq-puzzler-pro")


def text_form(layers: list[list[str]]) -> list[str]:
    return [row for z, rows in enumerate(layers) for row in ([""] if z else []) + list(rows)]


def as_typed(area: layout.Area, layers: list[list[str]]) -> list[str]:
    """Layers (bottom first) as a user types them into the area: side by side, '.' left empty."""
    return [row.replace(".", " ") for row in area.spec.layers.spread(text_form(layers))]


def shown_layers(book, area: layout.Area, name: str = "Out", empty: str = ".") -> list[list[str]]:
    """The layers a grid of the area shows, each block read back as text (``empty`` for an empty cell)."""
    values = values_of(book, f"{area.name}_{name}")
    layers = []
    for (rows, cols), (_, left) in zip(area.spec.layers.shapes, area.spec.layers.origins()):
        layers.append(["".join(v or empty for v in values[r][left:left + cols]) for r in range(rows)])
    return layers


def sheet_cell(area: layout.Area, layer: int, row: int, col: int) -> str:
    """The sheet name of a cell of a layer (0 at the bottom) of an area's input grid."""
    _, left = area.spec.layers.origins()[layer]
    return cell_name(area.top + row, area.left + left + col)


@pytest.mark.slow  # a second a press on a file
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s["name"])
def test_each_booklet_sample_typed_into_the_pyramid_sheet_has_one_solution_the_booklets(tmp_path, sample):
    path = copy_of_board(tmp_path)
    type_into(path, "Pyramid_In", as_typed(PYRAMID, sample["layers"]))
    before = all_values(path, skip=OUTPUTS)
    outcome = press(path, "Pyramid", "unique")
    assert outcome.status == "solved" and status(path, "Pyramid").startswith("Unique: exactly one solution")
    assert shown_layers(path, PYRAMID) == sample["solution"]
    fills = fills_of(path, "Pyramid_Out")
    for z, rows in enumerate(sample["solution"]):
        _, left = PYRAMID.spec.layers.origins()[z]
        assert [[fills[r][left + c] for c in range(len(row))] for r, row in enumerate(rows)] == \
            [[IQ.pieces[letter].colour for letter in row] for row in rows]
    gap = PYRAMID.spec.layers.origins()[1][1] - 1  # the column between layers 1 and 2, and below layer 2
    assert fills[0][gap] == OFF_BOARD and fills[4][gap + 1] == OFF_BOARD
    assert all_values(path, skip=OUTPUTS) == before, "an input or label changed"


def test_the_shipped_pyramid_is_booklet_challenge_81_solved_from_the_command_line(tmp_path, cli):
    path = copy_of_board(tmp_path)
    assert shown_layers(path, PYRAMID, "In") == SAMPLES[0]["layers"]
    result = cli("solve", str(path), "--area", "Pyramid")
    assert result.returncode == 0, result.stderr
    assert shown_layers(path, PYRAMID) == SAMPLES[0]["solution"]


@pytest.mark.slow  # an empty pyramid: two seconds
def test_kanoodle_pieces_are_chosen_in_the_pieces_cell():
    book = committed_book()
    type_into(book, "Pyramid_In", [""] * PYRAMID.rows)
    book.write("Pyramid_Pieces", [["kanoodle"]])
    assert press(book, "Pyramid", "solve").status == "solved"
    kanoodle = catalog.piece_set("kanoodle")
    solved = shown_layers(book, PYRAMID)
    assert sorted("".join("".join(rows) for rows in solved)) == sorted(
        "".join(letter * piece.size for letter, piece in kanoodle.pieces.items()))
    assert {ch for rows in solved for row in rows for ch in row} == set(kanoodle.pieces)
    letter = solved[0][0][0]
    assert fills_of(book, "Pyramid_Out")[0][0] == kanoodle.pieces[letter].colour
    book.write("Pyramid_Pieces", [["pentominoes"]])
    press(book, "Pyramid", "solve")
    where = layout.defined_names()["Pyramid_Pieces"].split("!")[1].replace("$", "")
    assert status(book, "Pyramid") == f"{where}: the pieces here are iq-puzzler-pro or kanoodle, not 'pentominoes'"


def test_a_mistake_names_its_sheet_cell_and_layer_and_the_cell_is_marked():
    book = committed_book()
    layers = [list(rows) for rows in SAMPLES[0]["layers"]]
    layers[1][3] = "AFDQ"  # layer 2, D4: not a piece
    type_into(book, "Pyramid_In", as_typed(PYRAMID, layers))
    before = all_values(book, skip=OUTPUTS)
    assert press(book, "Pyramid", "solve").status == "invalid"
    cell = sheet_cell(PYRAMID, 1, 3, 3)
    assert status(book, "Pyramid").startswith(f"{cell} (layer 2): 'Q' is not a piece of iq-puzzler-pro")
    fills = fills_of(book, "Pyramid_In")
    _, left = PYRAMID.spec.layers.origins()[1]
    marked = {(r, c) for r, row in enumerate(fills) for c, fill in enumerate(row) if fill == layout.ERROR_FILL}
    assert marked == {(3, left + 3)}
    assert all_values(book, skip=OUTPUTS) == before
    layers[1][3] = "AFD."
    type_into(book, "Pyramid_In", as_typed(PYRAMID, layers))
    assert press(book, "Pyramid", "solve").status == "solved"
    assert fills_of(book, "Pyramid_In")[3][left + 3] == layout.INPUT_FILL, "the mark goes at the next action"


def test_a_number_a_misshapen_piece_and_a_letter_between_layers_are_each_named():
    book = committed_book()
    type_into(book, "Pyramid_In", [""] * PYRAMID.rows)
    gap = PYRAMID.spec.layers.origins()[1][1] - 1
    book.set("Pyramid", sheet_cell(PYRAMID, 2, 1, 1), 7)  # layer 3's middle ball
    book.set("Pyramid", sheet_cell(PYRAMID, 0, 0, 0), "K")
    book.set("Pyramid", cell_name(PYRAMID.top, PYRAMID.left + gap), "A")
    messages = press(book, "Pyramid", "solve").messages  # in reading order: sheet rows, then columns
    assert f"{sheet_cell(PYRAMID, 0, 0, 0)} (layer 1): the cell marked K: piece K has 4 balls" in messages[0]
    assert messages[1] == f"{cell_name(PYRAMID.top, PYRAMID.left + gap)}: this cell is not part of the board; " \
                          "leave it empty"
    assert messages[2].startswith(f"{sheet_cell(PYRAMID, 2, 1, 1)} (layer 3): the number 7 is not a piece letter")


def test_hint_types_a_piece_into_its_layers_and_names_them():
    book = committed_book()  # challenge 81: E and I to place, E the most constrained
    before = shown_layers(book, PYRAMID, "In")
    press(book, "Pyramid", "hint")
    after = shown_layers(book, PYRAMID, "In")
    changed = [(z, r, c) for z, (old, new) in enumerate(zip(before, after)) for r, (a, b) in enumerate(zip(old, new))
               for c, (x, y) in enumerate(zip(a, b)) if x != y]
    solution = SAMPLES[0]["solution"]
    assert len(changed) == 5 and all(after[z][r][c] == solution[z][r][c] == "E" for z, r, c in changed)
    named = ", ".join(f"{sheet_cell(PYRAMID, z, r, c)} (layer {z + 1})" for z, r, c in changed)  # layer by layer
    assert status(book, "Pyramid") == f"Hint: E at {named} (the only way left)."


def test_solve_and_clear_keep_what_was_typed_and_clear_empties_the_solution_and_picture():
    book = committed_book()
    before = all_values(book, skip=OUTPUTS)
    press(book, "Pyramid", "solve")
    assert any(v for row in values_of(book, "Pyramid_Picture") for v in row)
    press(book, "Pyramid", "clear")
    assert all_values(book, skip=OUTPUTS) == before
    assert all(v is None for name in ("Pyramid_Out", "Pyramid_Picture") for row in values_of(book, name) for v in row)
    fills = fills_of(book, "Pyramid_Out")
    mask = PYRAMID.mask
    assert all(fill == (layout.OUTPUT_FILL if (r, c) in mask else OFF_BOARD)
               for r, row in enumerate(fills) for c, fill in enumerate(row))
    assert {fill for row in fills_of(book, "Pyramid_Picture") for fill in row} == {layout.OUTPUT_FILL}


def test_the_pyramid_seen_from_above_shows_the_top_ball_over_the_layers_below():
    book = committed_book()
    press(book, "Pyramid", "solve")
    picture = values_of(book, "Pyramid_Picture")
    solution = SAMPLES[0]["solution"]
    assert [row[4:6] for row in picture[4:6]] == [[solution[4][0][0]] * 2] * 2  # the top ball, in the middle
    assert picture[0] == [ch for ch in solution[0][0] for _ in (0, 1)]  # the bottom layer's first row, uncovered
    assert picture[1][1:9] == [ch for ch in solution[1][0] for _ in (0, 1)]  # layer 2's first row, over layer 1
    colours = fills_of(book, "Pyramid_Picture")
    assert all(colours[r][c] == IQ.pieces[letter].colour for r, row in enumerate(picture)
               for c, letter in enumerate(row))


def test_the_soma_cube_counts_11520_and_240_and_a_generated_challenge_is_unique():
    book = committed_book()
    assert press(book, "Soma", "count").status == "counted"
    assert status(book, "Soma").startswith("11,520 solutions (240 up to the board's symmetry)")
    assert press(book, "Soma", "unique").status == "not unique"
    press(book, "Soma", "generate")
    assert "one solution" in status(book, "Soma")
    typed = shown_layers(book, SOMA, "In")
    assert press(book, "Soma", "unique").status == "solved"
    solved = shown_layers(book, SOMA)
    assert all(t in (".", s) for typed_rows, rows in zip(typed, solved) for a, b in zip(typed_rows, rows)
               for t, s in zip(a, b))
    top = values_of(book, "Soma_Picture")
    assert [row[:3] for row in top[:3]] == [list(row) for row in solved[2]]  # from above: the top layer


def test_bedlam_with_most_pieces_given_counts_as_the_text_form_does(tmp_path, cli):
    book = committed_book()
    book.write("Bedlam_TimeLimit", [[60]])
    press(book, "Bedlam", "solve")
    solved = shown_layers(book, BEDLAM)
    given = [["".join(ch if ch not in "ABC" else "." for ch in row) for row in rows] for rows in solved]
    type_into(book, "Bedlam_In", as_typed(BEDLAM, given))
    assert press(book, "Bedlam", "count").status == "counted"
    puzzle = tmp_path / "bedlam.txt"
    puzzle.write_text("family: solid\nboard: bedlam\npieces: bedlam\n\n" + "\n".join(text_form(given)) + "\n")
    counted = json.loads(cli("count", str(puzzle), "--json").stdout)["solutions"]
    assert counted >= 1 and status(book, "Bedlam").startswith(f"{counted:,} solution")
    verdict = press(book, "Bedlam", "unique").status
    assert verdict == ("solved" if counted == 1 else "not unique")


def test_a_shape_drawn_on_the_cubes_sheet_is_filled_where_drawn_and_dark_elsewhere():
    book = committed_book()  # ships with steps of 3 x 5, 3 x 3 and 3 x 1 cubes for the Soma pieces
    drawn = shown_layers(book, CUBES, "In", empty=" ")
    assert sum(row.count(".") for rows in drawn for row in rows) == 27 and {ch for rows in drawn for row in rows
                                                                          for ch in row} == {".", " "}
    assert press(book, "Cubes", "solve").status == "solved"
    solved = shown_layers(book, CUBES)
    assert [[[ch != "." for ch in row] for row in rows] for rows in solved] == \
        [[[ch == "." for ch in row] for row in rows] for rows in drawn]
    fills = fills_of(book, "Cubes_Out")
    assert fills[4][0] == OFF_BOARD  # an empty cell of the drawing: not part of the shape
    solid = families.get("solid")
    again = solid.parse(text_form([[row.replace(".", "#") for row in rows] for rows in solved]),
                        {"board": "cubes", "pieces": "soma"})
    assert solid.count(again, Ask()).data["solutions"] == 1, "every piece placed once, as the text form reads it"
    book.write("Cubes_Pieces", [["bedlam"]])
    press(book, "Cubes", "solve")
    assert status(book, "Cubes") == "board cubes: 27 open cells but the pieces still to place, " \
                                    "A B C D E F G H I J K L M, fill 64"


def test_the_legends_show_both_flat_sets_and_the_cube_pieces_layer_by_layer():
    from xlsolver.workbook import build

    sheets = {sheet.name: sheet for sheet in layout.sheets()}
    pyramid = build.sheet_legend(sheets["Pyramid"])
    captions = [cell.text for cell in pyramid.values() if cell.colour is None]
    assert captions == ["IQ Puzzler Pro", "Kanoodle"]
    kanoodle = catalog.piece_set("kanoodle")
    colours = {(cell.text, cell.colour) for cell in pyramid.values() if cell.colour}
    assert {(letter, piece.colour) for letter, piece in kanoodle.pieces.items()} <= colours
    assert {(letter, piece.colour) for letter, piece in IQ.pieces.items()} <= colours
    cubes = build.sheet_legend(sheets["Cubes"])
    assert [cell.text for cell in cubes.values() if cell.colour is None] == ["Soma cube", "Bedlam cube"]
    bedlam = catalog.piece_set("bedlam")
    for letter, piece in bedlam.pieces.items():
        assert sum(cell.text == letter and cell.colour == piece.colour for cell in cubes.values()) == piece.size
    assert max(c for _, c in cubes) < 60 and max(r for r, _ in cubes) < sheets["Cubes"].areas[0].top - 2
