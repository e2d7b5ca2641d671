"""The Polyforms sheet: boards and pieces on triangles and hexagons drawn in the cells, read back from the committed
workbook and pressed headless (on the file through the command line, and on the in-memory copy)."""
from __future__ import annotations

import json

import openpyxl
import pytest

from xlsolver.base.a1 import cell_name
from xlsolver.base.answer import Cell, Frame
from xlsolver.families import tiling
from xlsolver.geometry import catalog
from xlsolver.geometry.lattice import HEX, TRIANGLE
from xlsolver.workbook import build, layout, plane
from workbook_helpers import (COMMITTED, MemoryBook, button_macros, committed_book, copy_of_board, fills_of, press,
                              status, type_into, values_of)

SHEET = "Polyforms"
AREAS = {"Iamonds": (TRIANGLE, "hexiamonds-6x6"), "Hexes": (HEX, "tetrahexes-4x7")}
WHITE = layout.INPUT_FILL


def positions(rows, keep) -> dict[tuple[int, int], str]:
    """(row, col) -> value of the cells of a grid whose value ``keep`` accepts."""
    return {(r, c): value for r, row in enumerate(rows) for c, value in enumerate(row) if keep(value)}


# --- the sheet as built -----------------------------------------------------------------------------

def test_the_sheet_has_both_areas_with_their_names_pieces_cells_and_every_button():
    workbook = openpyxl.load_workbook(COMMITTED)
    sheet = next(s for s in layout.sheets() if s.name == SHEET)
    assert sheet.family == "tiling" and workbook[SHEET].sheet_properties.codeName == sheet.code_name
    assert [area.name for area in sheet.areas] == list(AREAS)
    macros = button_macros(COMMITTED)
    names = {name: next(iter(d.destinations)) for name, d in workbook.defined_names.items()}
    for name, (lattice, _) in AREAS.items():
        area = layout.area(name)
        assert area.lattice is lattice
        assert area.actions == ("solve", "next", "count", "heatmap", "unique", "hint", "generate", "booklet", "clear")
        assert {area.macro(action) for action in area.actions} <= set(macros)
        for suffix in ("In", "Out", "Status", "TimeLimit", "Level", "Pieces"):
            assert names[f"{name}_{suffix}"][0] == SHEET, suffix
        sheet_name, ref = names[f"{name}_Pieces"]
        cell = workbook[SHEET][ref.replace("$", "")]
        choices = next(c for c in area.spec.cells if c.key == "pieces").choices
        assert cell.value == choices[0] and all(catalog.piece_set(c).lattice is lattice for c in choices)
        rule = next(v for v in workbook[SHEET].data_validations.dataValidation if cell.coordinate in v.sqref)
        assert rule.type == "list" and rule.formula1 == '"' + ",".join(choices) + '"'


def test_triangles_pointing_down_are_shaded_and_the_cells_between_hexagons_grey():
    book = committed_book()
    triangles = fills_of(book, "Iamonds_In")
    assert all(fill == (plane.shade(WHITE) if TRIANGLE.orientation(TRIANGLE.cell(r, c)) == "down" else WHITE)
               for r, row in enumerate(triangles) for c, fill in enumerate(row))
    assert {fill for row in triangles for fill in row} == {WHITE, "#dbdbdb"}
    hexagons = fills_of(book, "Hexes_In")
    assert all(fill == (WHITE if (r + c) % 2 == 0 else plane.LAYOUT_FILL)
               for r, row in enumerate(hexagons) for c, fill in enumerate(row))
    for name in AREAS:  # the solution grid: shaded as output, whatever the lattice
        assert {fill for row in fills_of(book, f"{name}_Out") for fill in row} == {layout.OUTPUT_FILL}


def test_the_sample_boards_are_the_named_boards_drawn_in_the_cells():
    book = committed_book()
    for name, (lattice, board_name) in AREAS.items():
        typed = positions(values_of(book, f"{name}_In"), lambda v: v is not None)
        assert all(lattice.holds(r, c) for r, c in typed)
        cells = lattice.normalise(lattice.cell(r, c) for r, c in typed)
        assert cells == lattice.normalise(catalog.board(board_name).cells)
    assert "".join(v for v in values_of(book, "Iamonds_In")[0] if v) == "IIIIII......"  # I given on the top line


def test_the_legend_draws_both_sets_as_the_grids_do():
    sheet = next(s for s in layout.sheets() if s.name == SHEET)
    legend = build.sheet_legend(sheet)
    captions = [cell.text for cell in legend.values() if not cell.colour]
    assert captions == ["Hexiamonds", "Tetrahexes"]
    second = next(row for (row, _), cell in legend.items() if cell.text == "Tetrahexes")
    bar = catalog.piece_set("hexiamonds").pieces["I"]  # six triangles in a row, pointing up and down in turn
    assert [cell.colour for (r, _), cell in legend.items() if r < second and cell.text == "I"] == \
        [bar.colour, plane.shade(bar.colour)] * 3
    rod = catalog.piece_set("tetrahexes").pieces["I"]  # four hexagons in a row, bridged: seven cells of its colour
    row = [(r, c) for (r, c), cell in legend.items() if r > second and cell.colour == rod.colour]
    assert len(row) == 7 and len({r for r, _ in row}) == 1
    assert [legend[(r, c)].text for r, c in sorted(row)] == ["I", "", "I", "", "I", "", "I"]


# --- pressing -----------------------------------------------------------------------------------------

def tiling_of(values, lattice) -> dict[str, frozenset]:
    """Each letter of a solved grid -> its lattice cells."""
    found: dict[str, set] = {}
    for (r, c), letter in positions(values, lambda v: v is not None).items():
        assert lattice.holds(r, c), cell_name(r, c)
        found.setdefault(letter, set()).add(lattice.cell(r, c))
    return {letter: frozenset(cells) for letter, cells in found.items()}


def assert_tiling(values, lattice, pieces, board) -> None:
    """Every piece of the set once, each where it may lie, covering the board's cells and nothing else."""
    tiles = tiling_of(values, lattice)
    assert sorted(tiles) == sorted(pieces.pieces)
    for letter, cells in tiles.items():
        assert lattice.normalise(cells) in set(pieces.orientations(letter)), letter
    assert frozenset().union(*tiles.values()) == board


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
def test_solve_on_the_triangles_from_the_command_line_writes_a_tiling_in_the_pieces_colours(tmp_path, cli):
    path = copy_of_board(tmp_path)
    before = values_of(path, "Iamonds_In")
    result = cli("solve", str(path), "--area", "Iamonds")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Iamonds: Solution 1")
    book = MemoryBook.of_file(path)
    solved = book.read("Iamonds_Out")
    board = frozenset(TRIANGLE.cell(r, c) for r, c in positions(before, lambda v: v is not None))
    hexiamonds = catalog.piece_set("hexiamonds")
    assert_tiling(solved, TRIANGLE, hexiamonds, board)
    assert all(solved[r][c] == "I" for r, c in positions(before, lambda v: v == "I"))  # the given piece stays
    fills = book.fills_of("Iamonds_Out")
    for (r, c), letter in positions(solved, lambda v: v is not None).items():
        colour = hexiamonds.pieces[letter].colour
        down = TRIANGLE.orientation(TRIANGLE.cell(r, c)) == "down"
        assert fills[r][c] == (plane.shade(colour) if down else colour), cell_name(r, c)
    assert book.read("Iamonds_In") == before


def test_solve_on_the_hexagons_bridges_each_piece_and_clear_keeps_the_board_typed():
    book = committed_book()
    before = values_of(book, "Hexes_In")
    press(book, "Hexes", "solve")
    assert status(book, "Hexes").startswith("Solution 1")
    solved = values_of(book, "Hexes_Out")
    tetrahexes = catalog.piece_set("tetrahexes")
    assert_tiling(solved, HEX, tetrahexes, frozenset(HEX.cell(r, c) for r, c in
                                                     positions(before, lambda v: v is not None)))
    fills = fills_of(book, "Hexes_Out")
    colour = {letter: piece.colour for letter, piece in tetrahexes.pieces.items()}
    for r, row in enumerate(solved):
        for c, letter in enumerate(row):
            if letter is not None:
                assert fills[r][c] == colour[letter]
            elif (r + c) % 2:  # between two hexagons: a piece's colour where two touching hexagons around are its
                around = [solved[r][c - 1] if c else None, solved[r][c + 1] if c + 1 < len(row) else None,
                          solved[r + 1][c] if r + 1 < len(solved) else None]
                pairs = [(a, b) for a, b in ((0, 1), (0, 2), (1, 2)) if around[a] and around[a] == around[b]]
                assert fills[r][c] == (colour[around[pairs[0][0]]] if pairs else layout.OUTPUT_FILL), cell_name(r, c)
    typed_fills = fills_of(book, "Hexes_In")
    press(book, "Hexes", "clear")
    assert values_of(book, "Hexes_In") == before and fills_of(book, "Hexes_In") == typed_fills
    assert all(v is None for row in values_of(book, "Hexes_Out") for v in row)
    assert {fill for row in fills_of(book, "Hexes_Out") for fill in row} == {layout.OUTPUT_FILL}
    assert status(book, "Hexes") == ""


def test_a_letter_between_two_hexagons_is_named_by_its_cell_and_marked_until_put_right():
    book = committed_book()
    area = layout.area("Hexes")
    values = values_of(book, "Hexes_In")
    (r, c), _ = next(iter(positions(values, lambda v: v == ".").items()))
    values[r][c + 1] = "J"  # beside a hexagon of the board, between it and the next
    type_into(book, "Hexes_In", values)
    press(book, "Hexes", "solve")
    where = cell_name(area.top + r, area.left + c + 1)
    assert status(book, "Hexes") == (f"{where}: 'J' is between two hexagons; they stand in the white cells, every "
                                     "second column, each row shifted by one: leave this grey cell empty")
    assert fills_of(book, "Hexes_In")[r][c + 1] == layout.ERROR_FILL
    assert all(v is None for row in values_of(book, "Hexes_Out") for v in row)
    values[r][c + 1] = None
    type_into(book, "Hexes_In", values)
    press(book, "Hexes", "solve")
    assert status(book, "Hexes").startswith("Solution 1")
    assert fills_of(book, "Hexes_In") == committed_book().fills_of("Hexes_In")  # grey again


def test_other_mistakes_are_named_by_their_cells():
    book = committed_book()
    area = layout.area("Iamonds")
    values = values_of(book, "Iamonds_In")
    r, c = next(iter(positions(values, lambda v: v == ".")))
    values[r][c] = "Q"
    type_into(book, "Iamonds_In", values)
    press(book, "Iamonds", "solve")
    assert status(book, "Iamonds").startswith(f"{cell_name(area.top + r, area.left + c)}: 'Q' is not a piece of this "
                                              "set (hexiamonds: ")
    type_into(book, "Iamonds_Pieces", [["tetrahexes"]])  # a set of the other lattice
    press(book, "Iamonds", "solve")
    pieces_cell = cell_name(*area.at(area.spec.cells[0].at))
    assert status(book, "Iamonds").startswith(f"{pieces_cell}: the pieces here are hexiamonds or pentiamonds or ")


def test_generate_makes_a_challenge_on_the_board_as_drawn():
    book = committed_book()
    board = positions(values_of(book, "Hexes_In"), lambda v: v is not None)
    press(book, "Hexes", "generate")
    assert status(book, "Hexes").startswith("New ") and "one solution" in status(book, "Hexes")
    made = positions(values_of(book, "Hexes_In"), lambda v: v is not None)
    assert set(made) == set(board)  # the same cells, now with pieces given on some
    assert {v for v in made.values()} - {"."} <= set(catalog.piece_set("tetrahexes").pieces)
    press(book, "Hexes", "unique")
    assert status(book, "Hexes") == "Unique: exactly one solution (shown)."


# --- how a plane lattice's frame is drawn in square cells -------------------------------------------------

GAP = Cell(" ", None, True)


def hexagons(rows: list[str]) -> Frame:
    """A frame of hexagons from text: a letter a hexagon of that piece (coloured by its letter)."""
    return Frame(tuple(tuple(Cell(ch, f"#00000{ord(ch) % 10}") if ch.strip() else GAP for ch in row) for row in rows),
                 lattice="hex")


@pytest.mark.parametrize("rows, bridged", [
    (["A A", "   "], {(0, 1): "A"}),  # two on a row
    (["A  ", " A "], {(0, 1): "A"}),  # a step down to the right: the cell right of the upper one
    (["  A", " A "], {(0, 1): "A"}),  # a step down to the left: the cell left of the upper one
    (["A B", " B "], {(0, 1): "B"}),  # three around one cell: the pair of one piece bridges it
    (["A B", " C "], {}),  # three pieces: a gap
    (["A  ", "   ", "A  "], {}),  # two rows apart: no hexagons touch
])
def test_cells_between_hexagons_take_a_pieces_colour_only_between_two_touching_hexagons_of_it(rows, bridged):
    drawn = plane.as_drawn(hexagons(rows))
    for r, row in enumerate(drawn.rows):
        for c, cell in enumerate(row):
            if (r + c) % 2:
                expected = bridged.get((r, c))
                assert cell.colour == (f"#00000{ord(expected) % 10}" if expected else None), (r, c)
                assert cell.ground  # no letter: the sheet writes none there


def test_a_triangle_pointing_down_is_drawn_shaded_and_squares_as_they_are():
    frame = Frame(((Cell("A", "#ff8000"), Cell("A", "#ff8000")),), lattice="triangle")
    assert [cell.colour for cell in plane.as_drawn(frame).rows[0]] == ["#ff8000", plane.shade("#ff8000")]
    assert [cell.colour for cell in plane.as_drawn(frame, shift=1).rows[0]] == [plane.shade("#ff8000"), "#ff8000"]
    assert plane.shade("#ffffff") == "#dbdbdb" and plane.shade("#000000") == "#000000"
    square = Frame(((Cell("A", "#ff8000"), GAP),))
    assert plane.as_drawn(square) is square


def test_the_counts_and_use_cells_count_as_a_puzzle_file_with_those_lines(cli, tmp_path):
    """Use Any and Counts 'I x2' on the tetrahex parallelogram: the sheet's count is the count of the same board
    typed in a file with `use: any` and `counts: I x2`."""
    book = committed_book()
    type_into(book, "Hexes_Use", [["Any"]])
    type_into(book, "Hexes_Counts", [["I x2"]])
    on_sheet = press(book, "Hexes", "count").data["solutions"]
    board = catalog.board("tetrahexes-4x7")
    puzzle = tmp_path / "hexes.txt"
    puzzle.write_text("pieces: tetrahexes\nuse: any\ncounts: I x2\n\n" + "\n".join(board.rows) + "\n", encoding="utf-8")
    result = cli("count", str(puzzle), "--json")
    assert result.returncode == 0 and on_sheet == json.loads(result.stdout)["solutions"] > 18  # more than the plain set's 18


def test_a_set_of_more_than_26_pieces_tells_a_typed_q_from_Q_and_draws_each_in_its_colour():
    """One-sided pentahexes (33 pieces): q (Q's mirror image) and Q typed whole, Use Any: the solution keeps each
    letter's case and colour; a letter of neither case's piece is named by its cell."""
    pieces = catalog.piece_set("one-sided-pentahexes")
    grid = [[None] * layout.area("Hexes").cols for _ in range(layout.area("Hexes").rows)]
    for letter, left in (("q", 0), ("Q", 12)):
        frame = tiling.piece_frame(pieces.pieces[letter], HEX)
        for r, row in enumerate(frame.rows):
            for c, cell in enumerate(row):
                if cell.text == letter:
                    grid[r][left + c + frame.shift] = letter  # hexagons where row + column is even
    book = committed_book()
    type_into(book, "Hexes_In", grid)
    type_into(book, "Hexes_Pieces", [["one-sided-pentahexes"]])
    type_into(book, "Hexes_Use", [["Any"]])
    press(book, "Hexes", "solve")
    assert status(book, "Hexes").startswith("The only solution")
    solved, fills = values_of(book, "Hexes_Out"), fills_of(book, "Hexes_Out")
    shown = {(solved[r][c], fills[r][c]) for r, row in enumerate(grid) for c, letter in enumerate(row) if letter}
    assert shown == {("q", pieces.pieces["q"].colour), ("Q", pieces.pieces["Q"].colour)}
    assert pieces.pieces["q"].colour != pieces.pieces["Q"].colour
    r, c = next((r, c) for r, row in enumerate(grid) for c, letter in enumerate(row) if letter == "Q")
    grid[r][c] = "a"  # A is a piece, a is none
    type_into(book, "Hexes_In", grid)
    press(book, "Hexes", "solve")
    area = layout.area("Hexes")
    assert f"{cell_name(area.top + r, area.left + c)}: 'a' is not a piece of this set (one-sided-pentahexes: " \
        in status(book, "Hexes")
