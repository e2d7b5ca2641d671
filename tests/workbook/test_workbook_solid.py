"""The Pyramid and Cubes sheets: 3D boards typed as layers side by side, pressed headless.

The pyramid samples are the booklet's (tests/data/pyramid.json, as tests/families/test_solid.py reads them),
typed into a copy of board.xlsm with openpyxl and pressed on the file; the other presses run on the in-memory
copy (test_workbook_headless.py checks it ends as the file does)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from xlsolver.geometry import catalog
from xlsolver import families
from xlsolver.base.a1 import cell_name
from xlsolver.base.answer import OFF_BOARD
from xlsolver.families import Ask
from xlsolver.workbook import layout
from workbook_helpers import (COMMITTED, all_values, committed_book, copy_of_board, fills_of, press, status,
                              type_into, values_of)

SAMPLES = json.loads((Path(__file__).parent.parent / "data" / "pyramid.json").read_text(encoding="utf-8"))["samples"]
OUTPUTS = {f"{name}_{suffix}" for name in layout.AREAS for suffix in ("Out", "Status", "State", "Picture")} & \
    set(layout.defined_names())
PYRAMID, SOMA, BEDLAM, CUBES = (layout.area(name) for name in ("Pyramid", "Soma", "Bedlam", "Cubes"))
IQ = catalog.piece_set("iq-puzzler-pro")


def text_form(layers: list[list[str]]) -> list[str]:
    return [row for z, rows in enumerate(layers) for row in ([""] if z else []) + list(rows)]


def as_typed(area: layout.Area, layers: list[list[str]]) -> list[str]:
    """Layers (bottom first) as a user types them into the area: side by side, '.' left empty where an empty cell
    is one to fill (the Pyramid), typed where an empty cell is no part of the shape (the Cubes sheet)."""
    spread = area.spec.layers.spread(text_form(layers))
    return [row.replace(".", " ") for row in spread] if area.spec.empty == "." else spread


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


# --- the sheets guide the typing: layer captions and A1 marks, typed letters in colour, the Cubes rule ----------

LAYERED = [PYRAMID, SOMA, BEDLAM, CUBES]


@pytest.fixture(scope="module")
def built():
    import openpyxl

    return openpyxl.load_workbook(COMMITTED)


@pytest.mark.parametrize("area", LAYERED, ids=lambda a: a.name)
def test_each_layer_block_is_captioned_and_lettered_and_the_rows_numbered(built, area):
    ws = built[area.sheet]
    at = lambda r, c: ws.cell(r + 1, c + 1).value  # noqa: E731  (0-based)
    assert at(area.labels_row, area.left) == "Your puzzle" and at(area.labels_row, area.out_left) == "Solution"
    assert at(area.labels_row - 1, area.left) == area.title
    layers = area.spec.layers
    for left in (area.left, area.out_left):  # the input grid, then the solution grid
        for z, ((rows, cols), (_, offset)) in enumerate(zip(layers.shapes, layers.origins())):
            assert at(area.top - 2, left + offset) == f"layer {z + 1}", (area.name, left, z)
            assert [at(area.top - 1, left + offset + c) for c in range(cols)] == list("ABCDE"[:cols])
            assert at(area.top - 1, left + offset + cols) is None, "no letter over the gap between layers"
        assert [at(area.top + r, left - 1) for r in range(layers.rows)] == list(range(1, layers.rows + 1))
    assert at(area.top - 2, area.left + 1) is None  # one caption a layer, at its block's first column


def test_a_cell_found_by_its_marks_is_the_cell_a_puzzle_file_names_and_the_message_names_it_so():
    """Layer 2, column D, row 4 by the sheet's marks is what a puzzle file calls ``layer 2 D4``; a mistake typed
    there (an open cell of challenge 81) is named by its sheet cell and layer, as every message on the sheet names
    a cell."""
    import openpyxl

    ws = openpyxl.load_workbook(COMMITTED)["Pyramid"]
    row = next(r for r in range(PYRAMID.top, PYRAMID.top + PYRAMID.rows) if ws.cell(r + 1, PYRAMID.left).value == 4)
    caption = next(c for c in range(PYRAMID.left, PYRAMID.out_left) if ws.cell(PYRAMID.top - 1, c + 1).value == "layer 2")
    col = next(c for c in range(caption, PYRAMID.out_left) if ws.cell(PYRAMID.top, c + 1).value == "D")
    book = committed_book()
    layers = [list(rows) for rows in SAMPLES[0]["layers"]]
    type_into(book, "Pyramid_In", as_typed(PYRAMID, layers))
    book.set("Pyramid", cell_name(row, col), "Q")
    assert press(book, "Pyramid", "solve").status == "invalid"
    assert status(book, "Pyramid").startswith(f"{cell_name(row, col)} (layer 2): 'Q' is not a piece")
    assert layers[1][3] == "AFD."
    layers[1][3] = "AFDQ"
    with pytest.raises(families.InvalidPuzzle) as err:
        families.get("solid").parse(text_form(layers), {"board": "pyramid"})
    assert err.value.messages[0].startswith("layer 2 D4: 'Q' is not a piece")


def conditional_rules(ws, name: str) -> list[tuple[str, object]]:
    """(formula, its format) of every conditional format over the range a defined name holds."""
    ref = layout.defined_names()[name].split("!")[1].replace("$", "")
    return [(rule.formula[0], rule.dxf) for cf in ws.conditional_formatting if str(cf.sqref) == ref for rule in cf.rules]


def chooses(formula: str, pieces: str, word: str) -> bool:
    """Whether a rule's condition on the Pieces cell holds with ``word`` typed there (the two forms the builder
    writes: the set named, or none of the others named)."""
    cell = re.escape(layout.defined_names()[f"{pieces}_Pieces"].split("!")[1])
    named = re.findall(rf'LOWER\(TRIM\({cell}\)\)="([^"]*)"', formula)
    return word not in named if "NOT(OR(" in formula else word in named


@pytest.mark.parametrize("area,choices", [(PYRAMID, ("iq-puzzler-pro", "kanoodle")), (SOMA, ("soma",)),
                                          (BEDLAM, ("bedlam",)), (CUBES, ("soma", "bedlam"))], ids=lambda a: getattr(a, "name", ""))
def test_a_typed_letter_shows_in_its_pieces_colour_as_the_pieces_cell_chooses(built, area, choices):
    rules = conditional_rules(built[area.sheet], f"{area.name}_In")
    first = cell_name(area.top, area.left)
    for word in choices:
        for letter, piece in catalog.piece_set(word).pieces.items():
            found = [dxf for formula, dxf in rules if f'UPPER({first})="{letter}"' in formula
                     and (len(choices) == 1 or chooses(formula, area.name, word))]
            assert len(found) == 1, (area.name, word, letter)
            assert found[0].fill.bgColor.rgb[2:].lower() == piece.colour.lstrip("#").lower(), (word, letter)
    status_cell = layout.absolute_range(*area.status_cell, 1, 1)
    assert all(f'ADDRESS(ROW(),COLUMN(),4)&" ("," "&{status_cell})' in formula for formula, _ in rules), \
        "a cell the status names keeps its mark"
    assert len(rules) == sum(len(catalog.piece_set(word).pieces) for word in choices)


def test_kanoodles_white_piece_is_outlined_in_the_legend_the_typing_the_solution_and_the_picture(built):
    from xlsolver.workbook import build

    white = catalog.piece_set("kanoodle").pieces["F"]
    assert build.pale(white.colour) and not any(build.pale(piece.colour) for name in ("iq-puzzler-pro", "soma", "bedlam")
                                                for piece in catalog.piece_set(name).pieces.values())
    ws = built["Pyramid"]
    sheet = next(sheet for sheet in layout.sheets() if sheet.name == "Pyramid")
    legend = [ws.cell(r + 1, c + 1) for (r, c), cell in build.sheet_legend(sheet).items() if cell.colour == white.colour]
    assert len(legend) == white.size
    assert all(side.color.rgb == "FF" + build.OUTLINE.lstrip("#").upper() for cell in legend
               for side in (cell.border.left, cell.border.right, cell.border.top, cell.border.bottom))
    for name in ("Pyramid_In", "Pyramid_Out", "Pyramid_Picture"):
        outlined = [formula for formula, dxf in conditional_rules(ws, name) if dxf.border is not None
                    and dxf.border.left.style and dxf.border.left.color.rgb.endswith(build.OUTLINE.lstrip("#").upper())]
        assert len(outlined) == 1 and '="F"' in outlined[0] and chooses(outlined[0], "Pyramid", "kanoodle"), name


def test_the_cubes_ship_filled_with_dots_and_solve_as_shipped_and_unpressed_by_solve_on_every_area():
    from xlsolver.workbook import headless

    book = committed_book()
    for area in (SOMA, BEDLAM):
        assert {ch for rows in shown_layers(book, area, "In", empty=" ") for row in rows for ch in row} == {"."}
    assert set(headless.areas_with_input(book)) >= {"Pyramid", "Cubes"}
    assert not {"Soma", "Bedlam"} & set(headless.areas_with_input(book)), "a box as shipped has nothing typed"
    book.write("Bedlam_TimeLimit", [[60]])
    for area in (SOMA, BEDLAM):
        assert press(book, area.name, "solve").status == "solved", status(book, area.name)
    book.set("Cubes", sheet_cell(SOMA, 0, 0, 0), "V")
    assert "Soma" in headless.areas_with_input(book)


def test_an_empty_cell_of_the_soma_cube_gets_one_message_naming_it_and_its_mark():
    book = committed_book()
    before = all_values(book, skip=OUTPUTS)
    cell = sheet_cell(SOMA, 1, 1, 1)  # the cube's centre
    book.set("Cubes", cell, None)
    answer = press(book, "Soma", "solve")
    assert answer.status == "invalid"
    assert answer.messages == [f"{cell} (layer 2): empty, but the Soma cube has a cube here; type '.' (a cube to "
                               "fill) or a piece's letter"]
    fills = fills_of(book, "Soma_In")
    _, left = SOMA.spec.layers.origins()[1]
    assert [(r, c) for r, row in enumerate(fills) for c, fill in enumerate(row) if fill == layout.ERROR_FILL] == \
        [(1, left + 1)]
    assert values_of(book, "Soma_In")[1][left + 1] is None, "the puzzle is not changed behind the user's back"
    book.set("Cubes", cell, ".")
    assert all_values(book, skip=OUTPUTS) == before
    assert press(book, "Soma", "solve").status == "solved"


def test_on_the_soma_cube_generate_types_dots_hint_adds_a_piece_and_clear_keeps_them():
    book = committed_book()
    press(book, "Soma", "generate")
    typed = shown_layers(book, SOMA, "In", empty=" ")
    cells = "".join(row for rows in typed for row in rows)
    assert " " not in cells and "." in cells, "the cubes to fill typed as '.', none left empty"
    assert press(book, "Soma", "hint").status == "solved", status(book, "Soma")
    hinted = shown_layers(book, SOMA, "In", empty=" ")
    assert sum(a != b for x, y in zip(typed, hinted) for p, q in zip(x, y) for a, b in zip(p, q)) >= 3
    press(book, "Soma", "solve")
    press(book, "Soma", "clear")
    assert shown_layers(book, SOMA, "In", empty=" ") == hinted
    assert all(v is None for row in values_of(book, "Soma_Out") for v in row)


def test_steps_builds_the_solution_shown_a_piece_a_press_then_starts_again():
    """Steps on the shipped pyramid (challenge 81): each press shows the layers with one piece more, in the order
    that rests every ball on balls placed, the given pieces first; after the last, the first again."""
    book = committed_book()
    before = all_values(book, skip=OUTPUTS)
    solution = SAMPLES[0]["solution"]
    pieces = {ch for layer in solution for row in layer for ch in row}
    placed: set[str] = set()
    for number in range(1, len(pieces) + 1):
        answer = press(book, "Pyramid", "steps")
        assert answer.status == "solved"
        assert status(book, "Pyramid").startswith(f"Step {number} of {len(pieces)}: ")
        shown = shown_layers(book, PYRAMID)
        new = {ch for layer in shown for row in layer for ch in row} - placed - {"."}
        assert len(new) == 1, f"step {number} places one piece"
        placed |= new
        assert shown == [["".join(ch if ch in placed else "." for ch in row) for row in layer] for layer in solution]
    assert "Press Steps to start again" in status(book, "Pyramid")
    press(book, "Pyramid", "steps")
    assert status(book, "Pyramid").startswith(f"Step 1 of {len(pieces)}: C (given)")
    assert all_values(book, skip=OUTPUTS) == before, "Steps writes no cell the user types"


def test_steps_follows_next_to_the_solution_it_shows():
    """On the Soma cube, Next shows solution 2; Steps then builds solution 2 from its first step."""
    book = committed_book()
    press(book, "Soma", "solve")
    press(book, "Soma", "steps")
    press(book, "Soma", "next")
    second = shown_layers(book, SOMA)
    for _ in range(7):
        press(book, "Soma", "steps")
    assert shown_layers(book, SOMA) == second
    assert status(book, "Soma").startswith("Step 7 of 7: ")
