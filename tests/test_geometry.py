"""Shapes, orientations, placements and board symmetries."""
from __future__ import annotations

import pytest

from xlsolver.geometry.lattice import SQUARE
from xlsolver.geometry import catalog

PENTOMINOES = catalog.piece_set("pentominoes")


def test_the_twelve_pentominoes_have_63_fixed_orientations():
    assert sum(len(PENTOMINOES.orientations(letter)) for letter in PENTOMINOES.pieces) == 63
    assert len(PENTOMINOES.orientations("X")) == 1
    assert len(PENTOMINOES.orientations("I")) == 2


def test_iq_orientation_counts_match_the_published_facts(iq_facts):
    for letter, fact in iq_facts["pieces"].items():
        cells = [tuple(rc) for rc in fact["cells_rc"]]
        assert len(SQUARE.orientations(cells, turn_over=True)) == fact["distinct_orientations_with_flips"], letter
        assert len(SQUARE.orientations(cells, turn_over=False)) == fact["distinct_orientations_rotations_only"], letter
        assert catalog.piece_set("iq-puzzler-pro").pieces[letter].cells == SQUARE.normalise(cells)


def test_orientations_are_normalised_and_distinct():
    for letter in PENTOMINOES.pieces:
        shapes = PENTOMINOES.orientations(letter)
        assert len(set(shapes)) == len(shapes)
        for shape in shapes:
            assert shape == SQUARE.normalise(shape)
            assert min(r for r, _ in shape) == 0 and min(c for _, c in shape) == 0


def test_pentomino_placements_on_6x10_number_2056():
    board = catalog.board("6x10").cells
    total = sum(len(SQUARE.placements(PENTOMINOES.orientations(p), board)) for p in PENTOMINOES.pieces)
    assert total == 2056  # the row count of the classic 6x10 exact-cover matrix


def test_placements_stay_on_the_board_and_avoid_holes():
    board = catalog.board("scott").cells
    for placed in SQUARE.placements(PENTOMINOES.orientations("X"), board):
        assert placed <= board
    # the X's centre can be any cell whose four neighbours are on the board
    def neighbours(r, c):
        return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]

    centres = [cell for cell in board if all(n in board for n in neighbours(*cell))]
    assert len(SQUARE.placements(PENTOMINOES.orientations("X"), board)) == len(centres)


@pytest.mark.parametrize("name, order", [("6x10", 4), ("3x20", 4), ("scott", 8), ("iqdiamond", 4), ("iq5x11", 4)])
def test_board_symmetry_groups(name, order):
    board = catalog.board(name).cells
    group = SQUARE.symmetries(board)
    assert len(group) == order
    assert all(cell == image for cell, image in group[0].items()), "identity first"
    for g in group:
        assert set(g.values()) == board
    # closed under composition
    as_tuples = {tuple(sorted(g.items())) for g in group}
    for g in group:
        for h in group:
            composed = {cell: h[g[cell]] for cell in board}
            assert tuple(sorted(composed.items())) in as_tuples


def test_a_shape_with_no_symmetry_has_only_the_identity():
    l_shape = SQUARE.cells_from_art(["#..", "###"], lambda ch: ch == "#")
    assert len(SQUARE.symmetries(l_shape)) == 1
    assert len(SQUARE.symmetries(frozenset({(0, 0), (0, 1), (0, 2), (1, 1)}))) == 2


def test_connected_components_split_by_edges_not_corners():
    cells = {(0, 0), (0, 1), (1, 2), (3, 3), (3, 4)}
    assert SQUARE.connected_components(cells) == [[(0, 0), (0, 1)], [(1, 2)], [(3, 3), (3, 4)]]
