"""The tiling family: checking grids, encoding, solving the booklet challenges."""
from __future__ import annotations

import pytest

from xlsolver.geometry.lattice import SQUARE
from xlsolver.geometry import catalog
from xlsolver import count
from xlsolver.base.a1 import column_letters, offset_namer
from xlsolver.families import tiling
from xlsolver.families.tiling import InvalidPuzzle

IQ = catalog.piece_set("iq-puzzler-pro")
PENTO = catalog.piece_set("pentominoes")
EMPTY_6X10 = ["." * 10] * 6


def messages_for(rows, pieces=PENTO, **kw) -> list[str]:
    with pytest.raises(InvalidPuzzle) as caught:
        tiling.parse(rows, pieces, **kw)
    return caught.value.messages


def with_cells(rows: list[str], **cells: str) -> list[str]:
    """``rows`` with A1-named cells set, e.g. with_cells(rows, C7="Q")."""
    grid = [list(row) for row in rows]
    for name, ch in cells.items():
        col = ord(name[0]) - ord("A")
        grid[int(name[1:]) - 1][col] = ch
    return ["".join(row) for row in grid]


def test_iq_5x11_matrix_has_2140_options_over_67_items():
    puzzle = tiling.parse(tiling.empty_board_rows(catalog.board("iq5x11")), IQ)
    problem = tiling.encode(puzzle)
    assert (len(problem.options), len(problem.items)) == (2140, 67)
    assert sum(1 for letter, _ in problem.labels if letter == "A") == 208


@pytest.mark.parametrize("index", range(6))
def test_each_booklet_challenge_has_exactly_its_one_solution(iq_facts, index):
    challenge = iq_facts["sample_challenges"][index]
    puzzle = tiling.parse(challenge["start"])  # the piece set is chosen by area and letters
    assert puzzle.pieces.name == "iq-puzzler-pro"
    problem = tiling.encode(puzzle)
    result = count(problem)
    assert (result.solutions, result.complete) == (challenge["solution_count"], True) == (1, True)
    assert tiling.decode(puzzle, problem, result.first) == [row.upper() for row in challenge["solution"]]


def test_every_decoded_solution_is_a_true_tiling():
    """Independent check: each letter's cells are an orientation of its piece."""
    puzzle = tiling.parse(EMPTY_6X10, PENTO)
    problem = tiling.encode(puzzle)
    for solution in list(__import__("xlsolver").Search(problem, limit=25)):
        rows = tiling.decode(puzzle, problem, solution)
        for letter, piece in PENTO.pieces.items():
            cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == letter]
            assert SQUARE.normalise(cells) in SQUARE.orientations(piece.cells)


def test_hints_are_kept_and_can_be_partial():
    rows = with_cells(EMPTY_6X10, E3="X", D4="X")  # two cells of X as a hint
    puzzle = tiling.parse(rows, PENTO)
    problem = tiling.encode(puzzle)
    result = count(problem, limit=3)
    assert result.solutions == 3
    solved = tiling.decode(puzzle, problem, result.first)
    assert solved[2][4] == "X" and solved[3][3] == "X"


def test_lower_case_letters_and_holes_and_ragged_rows_are_accepted():
    rows = ["eaaaabggg..", "EEKABBG....", "HEKKDBB....", "HEKIDDJJ...", "HHHIIDJJJ.."]
    assert tiling.parse(rows).givens[(0, 0)] == "E"
    diamond = [" ..II", "...ID", "....DDE"]  # short lines: the rest is off the board
    assert tiling.pad(diamond)[0] == " ..II  "


def test_unknown_letter_names_its_cell_and_the_set():
    [message] = messages_for(with_cells(EMPTY_6X10, C6="Q"))
    assert message.startswith("C6: 'Q' is not a piece of this set (pentominoes: F I L N P T U V W X Y Z)")


def test_unknown_letter_repeated_is_one_message_listing_the_others():
    [message] = messages_for(with_cells(EMPTY_6X10, C6="Q", D6="Q"))
    assert message.startswith("C6: 'Q'") and message.endswith("(also D6)")


def test_character_that_is_no_letter_names_its_cell():
    [message] = messages_for(with_cells(EMPTY_6X10, B3="7"))
    assert message.startswith("B3: '7' is not a piece letter")


def test_more_cells_than_the_piece_has():
    [message] = messages_for(with_cells(EMPTY_6X10, A1="I", B1="I", C1="I", D1="I", E1="I", F1="I"))
    assert message == "A1: 6 cells are marked I (A1, B1, C1, D1, E1, F1) but piece I has 5"


def test_cells_that_fit_no_placement_of_their_piece():
    [message] = messages_for(with_cells(EMPTY_6X10, A1="X"))  # an X cannot reach a corner
    assert message == "A1: the cells marked X (A1) do not fit piece X in any position"
    [square] = messages_for(with_cells(EMPTY_6X10, D2="F", E2="F", D3="F", E3="F"))
    assert square.startswith("D2: the cells marked F (D2, E2, D3, E3) do not fit")


def test_piece_given_twice():
    rows = with_cells(EMPTY_6X10, A1="I", B1="I", C1="I", D1="I", E1="I",
                      F6="I", G6="I", H6="I", I6="I", J6="I")
    [message] = messages_for(rows)
    assert message == "F6: piece I is given twice (at A1 and F6); a letter marks one piece"


def test_open_area_must_match_the_pieces_still_to_place():
    [message] = messages_for(with_cells(EMPTY_6X10, J6="#"))
    assert message == "A1:J6: 59 open cells but the pieces still to place need 60 (pieces F I L N P T U V W X Y Z)"
    rows = with_cells(EMPTY_6X10, A1="#", B2="U", C2="U")
    [partial] = messages_for(rows)
    assert partial.endswith("need 58 (pieces F I L N P T V W X Y Z + 3 more cells of U)")


def test_every_problem_is_reported_at_once():
    messages = messages_for(with_cells(EMPTY_6X10, C6="Q", B3="7", A1="X"))
    assert [m.split(":")[0] for m in messages] == ["A1", "B3", "C6"]  # in reading order


def test_messages_name_sheet_cells_when_the_grid_sits_elsewhere():
    [message] = messages_for(with_cells(EMPTY_6X10, C6="Q"), cell_name=offset_namer(3, 2))
    assert message.startswith("E9: 'Q'")
    assert column_letters(0) == "A" and column_letters(25) == "Z" and column_letters(26) == "AA"
    assert column_letters(701) == "ZZ" and column_letters(702) == "AAA"


def test_piece_set_is_chosen_by_area_or_the_user_is_asked():
    assert tiling.choose_piece_set(EMPTY_6X10).name == "pentominoes"
    assert tiling.choose_piece_set(["." * 11] * 5).name == "iq-puzzler-pro"
    with pytest.raises(InvalidPuzzle, match=r"A1:E5: 25 board cells match no piece set .*--pieces"):
        tiling.parse(["....."] * 5)
    with pytest.raises(InvalidPuzzle, match="empty"):
        tiling.parse([])


def test_symmetries_must_keep_the_givens():
    assert len(tiling.symmetries(tiling.parse(EMPTY_6X10, PENTO))) == 4
    off_centre = with_cells(EMPTY_6X10, B2="X", C2="X", A2="X", B1="X", B3="X")
    assert len(tiling.symmetries(tiling.parse(off_centre, PENTO))) == 1
    # an X on the middle row of 5x12 keeps the top-bottom reflection only
    on_axis = with_cells(["." * 12] * 5, B2="X", A3="X", B3="X", C3="X", B4="X")
    assert len(tiling.symmetries(tiling.parse(on_axis, PENTO))) == 2
