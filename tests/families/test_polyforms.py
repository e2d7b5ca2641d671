"""Tilings on triangles and hexagons: polyiamond and polyhex piece sets and boards read from data, grids typed
in the text layouts (every problem named by its cell), counts against Polyform Puzzler's published ones, the
answers drawn (terminal text as typed, SVG polygons), and what a picture of a piece needs (its frame's layout)."""
from __future__ import annotations

import json
import math
from collections import Counter
from xml.etree import ElementTree

import pytest

from xlsolver import count
from xlsolver.base.a1 import offset_namer
from xlsolver.families import Ask, Drawing, InvalidPuzzle, tiling
from xlsolver.geometry import catalog
from xlsolver.geometry.lattice import HEX, TRIANGLE
from helpers import EXAMPLES

HEXIAMONDS = catalog.piece_set("hexiamonds")
TETRAHEXES = catalog.piece_set("tetrahexes")
SVG = "{http://www.w3.org/2000/svg}"

# Polyform Puzzler's boards, as the catalogue ships them: (board, published count (its duplicates removed), total).
PUBLISHED = [("hexiamonds-4x9", 74, 148), ("tetrahexes-4x7", 9, 18)]


def read(rows, **settings):
    return tiling.FAMILY.parse(rows, settings)


def messages_for(rows, **settings) -> list[str]:
    with pytest.raises(InvalidPuzzle) as caught:
        read(rows, **settings)
    return caught.value.messages


def board_rows(name: str) -> tuple[list[str], dict]:
    return tiling.named_board(name)


@pytest.mark.parametrize("name, published, total", PUBLISHED)
def test_named_boards_count_as_polyform_puzzler_publishes_up_to_their_symmetry(name, published, total):
    rows, settings = board_rows(name)
    answer = tiling.FAMILY.count(read(rows, **settings), Ask(distinct=True))
    board = catalog.board(name)
    assert (answer.data["total"], answer.data["up_to_symmetry"]) == (total, published)
    assert (board.known_total, board.known_distinct) == (total, published)


def test_a_plain_search_of_the_saved_problem_finds_the_symmetry_counts_total(tmp_path):
    """The symmetry plan's total, checked by a search that knows no symmetry (the problem as DLX text)."""
    rows, settings = board_rows("hexiamonds-4x9")
    puzzle = read(rows, **settings)
    assert count(tiling.FAMILY.exact_cover(puzzle)).solutions == 148


def test_the_moniamond_lies_once_on_each_triangle():
    """An up triangle moved onto a down one is no translation of the grid: a one-triangle piece gets one
    placement per cell, not two (every count of a set holding it was doubled before)."""
    board = TRIANGLE.cells_from_art(["....", "...."], lambda ch: ch == ".")
    moniamond = catalog.piece_set("moniamond").pieces["T"]
    assert len(moniamond.placements(True, board, TRIANGLE)) == len(board) == 8
    triamond = catalog.piece_set("triamond").pieces["I"]
    middles = [sum(near in board for near in TRIANGLE.neighbours(cell)) for cell in board]
    assert len(triamond.placements(True, board, TRIANGLE)) == sum(d * (d - 1) // 2 for d in middles) == 10


def test_polyiamonds_of_orders_1_to_5_fill_the_butterfly_as_polyform_puzzler_counts():
    rows = ["." * 19] * 2  # Polyform Puzzler's Polyiamonds12345Butterfly10x1: a down triangle at each end
    answer = tiling.FAMILY.count(read(rows, pieces="polyiamonds-1-5", first="down"), Ask(distinct=True))
    assert (answer.data["total"], answer.data["up_to_symmetry"]) == (8000, 2000)  # published: 2,000


def test_a_solution_is_a_tiling_by_the_pieces_as_drawn():
    """Independent check: each letter's triangles of a solution are an orientation of its piece."""
    rows, settings = board_rows("hexiamonds-6x6")
    puzzle = tiling.parse(rows, HEXIAMONDS, first=settings["first"])
    problem = tiling.encode(puzzle)
    solved = tiling.decode(puzzle, problem, count(problem, limit=1).first)
    for letter, piece in HEXIAMONDS.pieces.items():
        cells = [TRIANGLE.cell(r, c, puzzle.shift) for r, row in enumerate(solved) for c, ch in enumerate(row)
                 if ch == letter]
        assert TRIANGLE.normalise(cells) in TRIANGLE.orientations(piece.cells)


def test_the_example_has_one_solution_and_a_hint(cli):
    example = str(EXAMPLES / "hexiamonds-6x6.txt")
    solved = json.loads(cli("solve", example, "--unique", "--json").stdout)
    assert solved["unique"] is True and solved["lattice"] == "triangle"
    hint = json.loads(cli("hint", example, "--json").stdout)
    assert hint["hint"] == "I" and len(hint["typed"]) == 6


def test_a_board_of_triangles_turned_by_a_third_has_its_symmetry_found():
    rows, settings = board_rows("hexiamonds-snowflake")
    puzzle = tiling.parse(rows, HEXIAMONDS, first=settings.get("first", "up"))
    assert len(tiling.symmetries(puzzle)) == 6  # the six turns; the snowflake has no mirror


def test_first_down_lays_the_same_cells_one_column_later():
    up = TRIANGLE.cells_from_art(["......", "......"], lambda ch: ch == ".")
    assert TRIANGLE.cells_from_art([" ......", " ......"], lambda ch: ch == ".", TRIANGLE.FIRST["down"]) == up


# --- what is typed ------------------------------------------------------------------------------------------

def test_a_character_between_two_hexagons_is_named_with_where_they_stand():
    messages = messages_for([". . . .", " . . . .", ". .. . ."], pieces="tetrahexes")
    assert messages[1].startswith("D3: a hexagon stands at every second column, each line shifted by one; '.' is "
                                  "between two (on this line they stand at A3, C3, E3, G3)")


def test_hexagons_at_odd_columns_are_read_from_the_first_cell():
    board = [" . . . . . . .", "  . . . . . . .", "   . . . . . . .", "    . . . . . . ."]
    answer = tiling.FAMILY.count(read(board, pieces="tetrahexes"), Ask(distinct=True))
    assert answer.data["total"] == 18  # the 4 x 7 parallelogram one column to the right


def test_settings_that_do_not_fit_the_lattice_are_named():
    rows, _ = board_rows("tetrahexes-4x7")
    assert messages_for(rows, pieces="tetrahexes", first="down") == [
        "--first says how the top-left triangle points; this board is not drawn in triangles"]
    assert messages_for(rows, pieces="tetrahexes", lattice="triangle") == [
        "--lattice: the tetrahexes pieces lie on the hex lattice, not triangle"]
    assert messages_for(rows, pieces="soma")[0] == "--pieces: soma is a set of cubic pieces; a tiling board is flat"


def test_a_letter_that_is_no_piece_and_a_piece_that_cannot_lie_there():
    messages = messages_for(["ZZ.........", "............"], pieces="hexiamonds")
    assert any(m.startswith("A1: 'Z' is not a piece of this set (hexiamonds: I P J E V H S X C G F O)")
               for m in messages)
    placed = messages_for(["IIIIII......", "............", "............"], pieces="hexiamonds")
    assert placed[-1].startswith("A1: the cells marked I") or "open cells" in placed[-1]


def test_a_lattice_setting_chooses_the_piece_set_by_area():
    rows, _ = board_rows("tetrahexes-4x7")
    assert read(rows, lattice="hex").data["pieces"] == "tetrahexes"
    assert "match no piece set" in messages_for(rows)[0]  # squares: no set of 28


def test_pieces_drawn_on_hexagons_are_their_letters_connected_cells():
    drawing = Drawing(("A A . B", " A . B B", ". . . ."), offset_namer(20, 0))
    pieces = tiling.drawn_pieces(drawing, True, HEX)
    assert {letter: len(piece.cells) for letter, piece in pieces.pieces.items()} == {"A": 3, "B": 3}
    assert pieces.lattice is HEX
    with pytest.raises(InvalidPuzzle) as caught:
        tiling.drawn_pieces(Drawing(("AA",), offset_namer(20, 0)), True, HEX)
    assert caught.value.messages[0].startswith("B21: a hexagon stands at every second column")


# --- data files ---------------------------------------------------------------------------------------------

# Published numbers of free polyforms (OEIS A000577, A000228) and their fixed orientations (A001420, A001207).
@pytest.mark.parametrize("name, lattice, pieces, fixed", [
    ("tetriamonds", TRIANGLE, 3, 14), ("pentiamonds", TRIANGLE, 4, 36), ("hexiamonds", TRIANGLE, 12, 94),
    ("trihexes", HEX, 3, 11), ("tetrahexes", HEX, 7, 44), ("pentahexes", HEX, 22, 186),
])
def test_each_free_set_holds_every_polyform_of_its_order_once(name, lattice, pieces, fixed):
    chosen = catalog.piece_set(name)
    assert chosen.lattice is lattice and chosen.turn_over and len(chosen.pieces) == pieces
    assert sum(len(chosen.orientations(letter)) for letter in chosen.pieces) == fixed
    assert len({min(chosen.orientations(letter)) for letter in chosen.pieces}) == pieces


@pytest.mark.parametrize("free, one_sided, pieces", [
    ("hexiamonds", "one-sided-hexiamonds", 19), ("pentiamonds", "one-sided-pentiamonds", 6),
    ("tetrahexes", "one-sided-tetrahexes", 10), ("polyiamonds-1-5", "one-sided-polyiamonds-1-5", 13),
])
def test_a_one_sided_set_adds_each_mirror_image_as_a_piece(free, one_sided, pieces):
    a, b = catalog.piece_set(free), catalog.piece_set(one_sided)
    assert not b.turn_over and len(b.pieces) == pieces
    lattice = b.lattice
    turned = {frozenset(lattice.orientations(p.cells, turn_over=False)) for p in b.pieces.values()}
    assert len(turned) == pieces  # no two pieces alike under rotations
    assert {min(lattice.orientations(p.cells)) for p in b.pieces.values()} == \
        {min(lattice.orientations(p.cells)) for p in a.pieces.values()}


def test_piece_files_and_boards_say_their_lattice_and_layout(tmp_path):
    text = "title: t\nlattice: triangle\nfirst: down\n\nA #ff0000\nAA\n"
    pieces = catalog.parse_piece_set(text, "t")
    assert pieces.lattice is TRIANGLE and TRIANGLE.orientation(pieces.pieces["A"].cells[0]) in ("up", "down")
    assert len(pieces.pieces["A"].orientations(True, TRIANGLE)) == 3  # a diamond
    with pytest.raises(catalog.DataFileError, match="'first:' says how the top-left triangle points"):
        catalog.parse_piece_set("lattice: hex\nfirst: up\n\nA #ff0000\nA A\n", "t", "t.txt")
    with pytest.raises(catalog.DataFileError, match="'first:' is up or down, not 'sideways'"):
        catalog.parse_piece_set("lattice: triangle\nfirst: sideways\n\nA #ff0000\nAA\n", "t", "t.txt")
    with pytest.raises(catalog.DataFileError, match=r"t.txt:5: piece A: column 2 is between two hexagons"):
        catalog.parse_piece_set("title: t\nlattice: hex\n\nA #ff0000\nAA\n", "t", "t.txt")
    with pytest.raises(catalog.DataFileError, match=r"b.txt:5: column 1 is between two hexagons"):
        catalog.parse_board("pieces: tetrahexes\nlattice: hex\n\n. .\n..\n", "b", "b.txt")
    with pytest.raises(catalog.DataFileError, match="'lattice:' is square or triangle or hex, not 'cubic'"):
        catalog.parse_board("pieces: soma\nlattice: cubic\n\n..\n", "b", "b.txt")
    board = catalog.parse_board("pieces: hexiamonds\nlattice: triangle\nfirst: down\n\n....\n", "b")
    assert board.first == "down" and board.lattice is TRIANGLE and len(board.cells) == 4


def test_every_shipped_board_of_triangles_or_hexagons_reads_and_fits_its_piece_set():
    for name, board in catalog.boards().items():
        if board.lattice.name in ("triangle", "hex"):
            pieces = catalog.piece_set(board.pieces)
            assert pieces.lattice is board.lattice and pieces.area == len(board.cells), name


# --- pictures ------------------------------------------------------------------------------------------------

def test_an_answer_prints_as_typed_and_draws_each_cell_as_its_polygon(cli, tmp_path):
    picture = tmp_path / "t.svg"
    rows, _ = board_rows("tetrahexes-4x7")
    puzzle = tmp_path / "t.txt"
    puzzle.write_text("pieces: tetrahexes\n\n" + "\n".join(rows) + "\n")
    result = cli("solve", str(puzzle), "--svg", str(picture))
    printed = result.stdout.splitlines()
    assert [line.replace("I", ".").replace("J", ".").translate(str.maketrans("PSUYO", ".....")) for line in printed] \
        == [row.rstrip() for row in rows]
    root = ElementTree.parse(picture).getroot()
    polygons = root.findall(f"{SVG}g/{SVG}polygon")
    assert len(polygons) == 28 and all(len(p.get("points").split()) == 6 for p in polygons)
    letters = [t.text for t in root.findall(f"{SVG}g/{SVG}text")]
    assert Counter(letters) == Counter(ch for line in printed for ch in line if ch.isalpha())
    assert root.findall(f"{SVG}g/{SVG}line")  # the pieces outlined


def test_triangles_are_drawn_as_triangles_of_one_size(cli, tmp_path):
    picture = tmp_path / "h.svg"
    cli("solve", str(EXAMPLES / "hexiamonds-6x6.txt"), "--svg", str(picture))
    polygons = ElementTree.parse(picture).getroot().findall(f"{SVG}g/{SVG}polygon")
    assert len(polygons) == 72
    sides = set()
    for polygon in polygons:
        points = [tuple(map(float, p.split(","))) for p in polygon.get("points").split()]
        assert len(points) == 3
        sides |= {round(math.dist(a, b)) for a, b in zip(points, points[1:] + points[:1])}
    assert len(sides) == 1


def test_a_legend_frame_says_its_layout_and_draws_the_piece():
    """What a picture of a piece needs: the frame's lattice and shift put each letter on the piece's cells."""
    for letter, frame in zip(HEXIAMONDS.pieces, tiling.legend({"pieces": "hexiamonds"})):
        assert frame.lattice == "triangle"
        cells = [TRIANGLE.cell(r, c, frame.shift) for r, row in enumerate(frame.rows) for c, cell in enumerate(row)
                 if cell.text == letter]
        assert TRIANGLE.normalise(cells) == HEXIAMONDS.pieces[letter].cells


def test_the_heat_map_of_a_board_of_hexagons_is_laid_out_as_the_board():
    rows, settings = board_rows("tetrahexes-4x7")
    answer = tiling.FAMILY.count(read(rows, **settings), Ask(frequencies=True))
    assert [(frame.lattice, frame.shift) for frame in answer.frames] == [("hex", 1)] * 2
    assert answer.data["heat_map"]["pieces"][0].strip()[0].isalpha()
