"""Piece sets of more than 26 pieces: named A-Z then a-z, where (and only where) a letter's case tells two pieces
apart.  The shipped sets against the published numbers of polyforms (grown here, independently), the case rule in
piece files, grids, counts and drawings, and a puzzle of Polyform Puzzler's collection solved with each set: fast
as a challenge (most pieces given, from a tiling checked here), whole from an empty board when slow tests run."""
from __future__ import annotations

import json
from collections import Counter
from xml.etree import ElementTree

import pytest

from xlsolver.base.a1 import offset_namer
from xlsolver.families import Ask, Drawing, InvalidPuzzle, Settings, tiling
from xlsolver.geometry import catalog
from xlsolver.geometry.lattice import HEX, SQUARE, TRIANGLE
from helpers import form_classes, grown_polyforms

SVG = "{http://www.w3.org/2000/svg}"

# (set, lattice, orders, one-sided, pieces published): OEIS A000577 polyiamonds and A006534 one-sided, A000228
# polyhexes and A006535 one-sided, A000105 polyominoes.
BIG_SETS = [
    ("one-sided-polyiamonds-1-6", TRIANGLE, (1, 2, 3, 4, 5, 6), True, 1 + 1 + 1 + 4 + 6 + 19),
    ("one-sided-pentahexes", HEX, (5,), True, 33),
    ("polyhexes-1-5", HEX, (1, 2, 3, 4, 5), False, 1 + 1 + 3 + 7 + 22),
    ("one-sided-polyhexes-1-5", HEX, (1, 2, 3, 4, 5), True, 1 + 1 + 3 + 10 + 33),
    ("hexominoes", SQUARE, (6,), False, 35),
]

# A tiling of each set's board from Polyform Puzzler's collection (found by xlsolver, checked below by hand, not by
# the solver): the challenges below blank some of its pieces, letters of both cases among them.
TILINGS = {
    "one-sided-polyiamonds-1-6-triangle": ("FfQqSs", [
        "            D",
        "           kDN",
        "          TkkNN",
        "         TTTksNN",
        "        OOOSSssss",
        "       hOOOSSgggsE",
        "       hhhhSSggEEE",
        "     jjjhHVVVVgEELLL",
        "    jjHHHHXVViiiiiiLL",
        "   fjfIIHXXXXqpppppUUU",
        "  GffffIIPPXqqqQQpWUWKK",
        " GGFFFCCIIPPPyqQQQWWWJKK",
        "AGGGFFFCCCCP yyyyJJJJJRRR"]),
    "one-sided-pentahexes-trapezoid-30x6": ("JjQqRr", [
        "     J J J J P P P P h q s r r X W N Q Q R R j j j j g",
        "    J b b b H P H h h q s r X X X W N N Q Q R L L L j g",
        "   D D C b b H H h p h q s r X Y W S S N Q R L t G g g A",
        "  D D D C F F F H p V q q s r Y U W T S N R L t G g A A A",
        " B B B C F E F p p V n n s Y Y U W U T S S t t t G G f A f",
        "B B C C E E E E p V V V n n n Y U U T T T I I I I I G f f f"]),
    "polyhexes-1-5-10x15": ("BbHhsSi", [
        "         B B B H L L L i i i i v v d d",
        "        s s B B H H N L S W W v b b b",
        "       J J s s H X H N L S V W W a a",
        "      J u u A A X X X N S V Q Q W a",
        "     J I C u A A D X N S V V V Q Q",
        "    J I C u A y D D R N S Y U U Q",
        "   j I G C y y D D R Y Y Y U T U",
        "  j I p G C C y F F R R R Y T U",
        " j I p G E E E E F o o P T T T",
        "h j p p G G E F F o o P P P P"]),
    "one-sided-polyhexes-1-5-31x7": ("aKkzZed", [
        "      I I I I I u u E E E E J J j j j j p p p p s s W W T Q Q V V V",
        "     i i i i M u f u f E F F F J G g g j g n p s W W T T q q Q Q V",
        "    a K k k k M M f f f F A F y J G G g g n s s W U U T S q Y Q V",
        "   a a K z z k M C C C A A y y h J h G n n P R H U H U T S q Y Y",
        "  e e e K K z z C Z Z C A A D y h h G n L P R X H H U t S q Y r",
        " d d v m b b b Z Z B B o o D D h N N N L P R X X X H t S r Y r",
        "x v v m m m b b B B B o o D D N N L L L P P R R X t t t S r r"]),
    "hexominoes-15x15": ("AfFhgC", [
        "AAACCEffGHHHJJJ",
        "AADCEEEfGGHTTTJ",
        "ADDCEgEffGHHTJJ",
        "IDDCCggfGGQQTZZ",
        "IFDgggnnnnQQTZY",
        "IFFFFnnVVVVQQZY",
        "IhFLL#####VcZZY",
        "IhhhL#####VccYY",
        "INhPL#####ccwRY",
        "NNhPLMMOOOcwwRR",
        "NNPPLxMOOOwwRRR",
        "NKPPxxMMzzwSSSU",
        "KKKWtxxMzSSSXUU",
        "KKWWtxzzzyXXXXU",
        "WWWttttyyyyyXUU"]),
}


def checked_tiling(board_name: str, rows) -> None:
    """By hand: the grid covers the board's cells exactly, each piece of the set once, in one of its orientations."""
    board = catalog.board(board_name)
    pieces = catalog.piece_set(board.pieces)
    lattice = pieces.lattice
    shift = tiling.layout_shift(lattice, rows, board.first or "up")
    cells: dict[str, list] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch.isalpha():
                cells.setdefault(ch, []).append(lattice.cell(r, c, shift))
    assert sorted(cells, key=catalog.PIECE_LETTERS.index) == sorted(pieces.pieces, key=catalog.PIECE_LETTERS.index)
    assert lattice.normalise(c for placed in cells.values() for c in placed) == lattice.normalise(board.cells)
    for letter, placed in cells.items():
        assert lattice.normalise(placed) in lattice.orientations(pieces.pieces[letter].cells, pieces.turn_over), letter


# --- the sets ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, lattice, orders, one_sided, published", BIG_SETS, ids=[s[0] for s in BIG_SETS])
def test_each_big_set_holds_every_polyform_of_its_orders_once(name, lattice, orders, one_sided, published):
    chosen = catalog.piece_set(name)
    seeds = [lattice.cell(0, col) for col in (0, 1) if lattice.holds(0, col)]
    grown = {order: grown_polyforms(lattice, order, seeds) for order in orders}
    assert sum(form_classes(lattice, forms, not one_sided) for forms in grown.values()) == published
    assert chosen.lattice is lattice and chosen.turn_over is not one_sided and len(chosen.pieces) == published
    classes = {min(lattice.orientations(form, not one_sided)) for forms in grown.values() for form in forms}
    assert {min(chosen.orientations(letter)) for letter in chosen.pieces} == classes  # each form, none twice


def test_a_set_is_cased_only_past_26_pieces_and_its_letters_and_colours_are_its_own():
    for name, pieces in catalog.piece_sets().items():
        letters = list(pieces.pieces)
        assert pieces.cased == (len(letters) > 26) and set(letters) <= set(catalog.PIECE_LETTERS), name
        if not pieces.cased:
            assert all(letter.isupper() for letter in letters), name
        assert not {"I", "l"} <= set(letters), name  # l reads as I in a picture's font and on a sheet
        assert len({piece.colour for piece in pieces.pieces.values()}) == len(letters), name


def test_pieces_drawn_with_more_than_26_letters_tell_a_from_A_and_take_their_own_colours():
    letters = catalog.PIECE_LETTERS[:27]  # A-Z, then a: 27 pieces, one cell each
    drawing = Drawing(tuple(" ".join(letters[k:k + 9]) for k in range(0, 27, 9)), offset_namer(20, 0))
    pieces = tiling.drawn_pieces(drawing, True)
    assert list(pieces.pieces) == list(letters) and pieces.cased
    assert pieces.pieces["a"].colour == tiling.DRAWN_PALETTE[26] != pieces.pieces["A"].colour
    few = tiling.drawn_pieces(Drawing(("aA.bb",), offset_namer(20, 0)), True)  # two letters: case does not matter
    assert {letter: piece.size for letter, piece in few.pieces.items()} == {"A": 2, "B": 2}
    assert few.pieces["A"].colour == tiling.drawn_colour("a")  # as first typed: the colour the sheet shows it in


# Each board's shape, by the order of its symmetry group: what Polyform Puzzler draws (a triangle with a notch in
# the middle of each side, a semi-regular hexagon: the six of the triangle; a trapezoid: a mirror; parallelograms:
# the half turn; the square with its hole in the middle: four; the staircase triangle: its diagonal).
BOARD_GROUPS = {"one-sided-polyiamonds-1-6-triangle": 6, "one-sided-polyiamonds-1-6-hexagon-11x1": 6,
                "one-sided-pentahexes-trapezoid-30x6": 2, "polyhexes-1-5-10x15": 2, "one-sided-polyhexes-1-5-31x7": 2,
                "hexominoes-15x15": 4, "hexominoes-triangle": 2}


@pytest.mark.parametrize("board_name, group", BOARD_GROUPS.items())
def test_each_big_sets_board_has_its_shapes_symmetry_and_the_sets_area(board_name, group):
    board = catalog.board(board_name)
    assert len(board.lattice.symmetries(board.cells)) == group
    assert len(board.cells) == catalog.piece_set(board.pieces).area


# --- the case rule in files ---------------------------------------------------------------------------------------

def one_cell_pieces(letters: str) -> str:
    return "title: t\n\n" + "".join(f"{letter} #{0x102030 + k:06x}\n{letter}\n\n" for k, letter in enumerate(letters))


def test_a_piece_file_of_more_than_26_pieces_keeps_its_letters_case_and_one_of_more_than_52_is_refused():
    pieces = catalog.parse_piece_set(one_cell_pieces(catalog.PIECE_LETTERS[:30]), "t")
    assert list(pieces.pieces)[-4:] == ["a", "b", "c", "d"] and pieces.cased
    with pytest.raises(catalog.DataFileError) as caught:  # 26 pieces: a is A, as it always was
        catalog.parse_piece_set(one_cell_pieces("ABCa"), "t", "t.txt")
    assert str(caught.value) == ("t.txt:12: piece A is drawn twice (in a set of up to 26 pieces a letter's case does "
                                 "not matter: a and A are one piece)")
    with pytest.raises(catalog.DataFileError) as caught:
        catalog.parse_piece_set(one_cell_pieces(catalog.PIECE_LETTERS + "A"), "t", "t.txt")
    assert str(caught.value) == "t.txt:159: 53 pieces, but a set has at most 52: one letter a piece, A-Z then a-z"
    with pytest.raises(catalog.DataFileError) as caught:
        catalog.parse_piece_set(one_cell_pieces(catalog.PIECE_LETTERS[:29]).replace("b\nb\n", "b\nB\n"), "t", "t.txt")
    assert str(caught.value) == ("t.txt:85: piece b is drawn with 'B'; use b and '.' (a set of more than 26 pieces "
                                 "tells a letter's cases apart)")


# --- the case rule in grids and settings --------------------------------------------------------------------------

def messages_for(rows, **settings) -> list[str]:
    with pytest.raises(InvalidPuzzle) as caught:
        tiling.FAMILY.parse(rows, settings)
    return caught.value.messages


def test_a_lower_case_letter_is_its_own_piece_in_a_big_set_and_its_upper_case_one_elsewhere():
    rows = [". . . . .", " c . . . .", "  . . . . ."]
    assert messages_for(rows, pieces="polyhexes-1-5")[-1] == (  # after the area's, as messages naming a range come
        "B2: 'c' is not a piece of this set (polyhexes-1-5: h d b v a i j p s u y o A B C D E F G H I J L N P Q R S "
        "T U V W X Y); a set of more than 26 pieces tells C from c")
    rows, _ = challenge("polyhexes-1-5-10x15")
    given = Counter(tiling.parse(rows, catalog.piece_set("polyhexes-1-5")).givens.values())
    assert (given["j"], given["J"], given["p"], given["P"]) == (4, 5, 4, 5)  # a tetrahex and a pentahex each
    small = tiling.parse(["..........", "..........", "....x.....", "...xXx....", "....X.....", ".........."],
                         catalog.piece_set("pentominoes"))
    assert set(small.givens.values()) == {"X"} and small.rows[3] == "...XXX...."  # 12 pieces: x is X, as always


def test_counts_name_pieces_in_their_case():
    pieces = catalog.piece_set("one-sided-pentahexes")
    counted = tiling.counted(pieces, Settings({"counts": "f x2, F 0..1"}, {}))
    assert counted.counts == {"f": (2, 2), "F": (0, 1)}
    with pytest.raises(InvalidPuzzle) as caught:
        tiling.counted(pieces, Settings({"counts": "a x2"}, {"counts": "--counts"}))
    assert caught.value.messages[0].endswith("; a set of more than 26 pieces tells A from a")
    small = tiling.counted(catalog.piece_set("pentahexes"), Settings({"counts": "f x2"}, {}))
    assert small.counts == {"F": (2, 2)}  # 22 pieces: f is F


# --- one puzzle a set -----------------------------------------------------------------------------------------------

def challenge(board_name: str) -> tuple[list[str], str]:
    """The tiling with some pieces blanked (each of their cells '.'), and the letters blanked."""
    blanked, rows = TILINGS[board_name]
    return [row.translate(str.maketrans(blanked, "." * len(blanked))) for row in rows], blanked


@pytest.mark.parametrize("board_name", TILINGS)
def test_a_challenge_of_each_set_is_solved_into_a_tiling(board_name):
    checked_tiling(board_name, TILINGS[board_name][1])
    rows, blanked = challenge(board_name)
    board = catalog.board(board_name)
    puzzle = tiling.FAMILY.parse(rows, {"pieces": board.pieces, **({"first": board.first} if board.first else {})})
    answer = tiling.FAMILY.solve(puzzle, Ask())
    assert answer.status == "solved"
    solved = [row.rstrip() for row in answer.frames[0].text_rows()]
    checked_tiling(board_name, solved)
    assert {ch for row in solved for ch in row if ch.isalpha()} >= set(blanked)


def test_json_and_svg_keep_a_lower_case_piece_apart_from_its_upper_case_namesake(cli, tmp_path):
    rows, _ = challenge("one-sided-pentahexes-trapezoid-30x6")
    puzzle = tmp_path / "t.txt"
    puzzle.write_text("pieces: one-sided-pentahexes\n\n" + "\n".join(rows) + "\n", encoding="utf-8")
    picture = tmp_path / "t.svg"
    data = json.loads(cli("solve", str(puzzle), "--json", "--svg", str(picture)).stdout)
    assert data["status"] == "solved"
    letters = Counter(ch for row in data["solution"] for ch in row if ch.isalpha())
    assert letters["q"] == letters["Q"] == 5 and len(letters) == 33
    pieces = catalog.piece_set("one-sided-pentahexes")
    group = ElementTree.parse(picture).getroot().find(f"{SVG}g")
    centres = []
    for polygon in group.findall(f"{SVG}polygon"):
        points = [tuple(map(float, point.split(","))) for point in polygon.get("points").split()]
        centres.append((sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points),
                        polygon.get("fill")))
    fills: dict[str, set] = {}
    for text in group.findall(f"{SVG}text"):  # each letter on the hexagon nearest to it
        x, y = float(text.get("x")), float(text.get("y"))
        fills.setdefault(text.text, set()).add(min(centres, key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)[2])
    assert fills["q"] == {pieces.pieces["q"].colour} and fills["Q"] == {pieces.pieces["Q"].colour}
    assert pieces.pieces["q"].colour != pieces.pieces["Q"].colour


def test_a_hint_names_the_piece_in_its_case(cli, tmp_path):
    rows, _ = challenge("polyhexes-1-5-10x15")
    puzzle = tmp_path / "h.txt"
    puzzle.write_text("pieces: polyhexes-1-5\n\n" + "\n".join(rows) + "\n", encoding="utf-8")
    data = json.loads(cli("hint", str(puzzle), "--json").stdout)
    solution = TILINGS["polyhexes-1-5-10x15"][1]
    assert {data["hint"]} == {ch for _, _, ch in data["typed"]} == {solution[r][c] for r, c, _ in data["typed"]}
    assert data["hint"].islower()  # (this puzzle's next clue is the monohex, h: a hint once said H)


# --- whole boards, from empty ----------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("board_name", [*TILINGS, "hexominoes-triangle"])
def test_each_board_is_solved_from_empty(board_name):
    """Polyform Puzzler's boards for these sets, each solved from nothing given (seconds each: slow).  Not the
    one-sided polyiamonds' semi-regular hexagon 11 x 1: its first solution took six minutes."""
    rows, settings = tiling.named_board(board_name)
    answer = tiling.FAMILY.solve(tiling.FAMILY.parse(rows, settings), Ask())
    assert answer.status == "solved"
    checked_tiling(board_name, [row.rstrip() for row in answer.frames[0].text_rows()])

