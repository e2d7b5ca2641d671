"""Lattices: the square grid's transforms as a group, orientations and board symmetries, marks travelling with
their cells, and the generic code over integer tuples working unchanged for a lattice in three dimensions (the package's
cubic lattice; tests/test_lattice_3d.py holds the 3D lattices' own facts)."""
from __future__ import annotations

from itertools import product

import pytest

from xlsolver.geometry import catalog
from xlsolver.families import ghost_hunter
from xlsolver.geometry.lattice import CUBIC, SQUARE, Lattice, Transform
from xlsolver.geometry.piece import Piece, marked_piece

from helpers import form_classes, grown_polyforms

PENTOMINOES = catalog.piece_set("pentominoes")


def polyforms(lattice: Lattice, size: int) -> set[tuple]:
    return grown_polyforms(lattice, size, [(0,) * lattice.dimension])


@pytest.mark.parametrize("lattice, order, proper", [(SQUARE, 8, 4), (CUBIC, 48, 24)])
def test_the_transforms_form_a_group_with_the_rotations_first(lattice, order, proper):
    group = set(lattice.transforms)
    assert len(group) == len(lattice.transforms) == order
    identity = Transform([[int(i == j) for j in range(lattice.dimension)] for i in range(lattice.dimension)])
    assert lattice.transforms[0] == identity
    for a in group:
        assert any(a.then(b) == identity for b in group), "every transform has an inverse"
        for b in group:
            assert a.then(b) in group, "closed under composition"
    rotations = set(lattice.rotations)
    assert len(rotations) == proper and all(t.determinant_sign == 1 for t in rotations)
    assert all(a.then(b) in rotations for a in rotations for b in rotations)
    assert all(t.determinant_sign == -1 for t in lattice.transforms[proper:])


def test_a_transform_applied_is_its_matrix_and_composes_in_order():
    quarter, flip = SQUARE.transforms[1], SQUARE.transforms[4]
    assert quarter.matrix == ((0, 1), (-1, 0)) and quarter(2, 5) == (5, -2)
    assert flip(2, 5) == (2, -5)
    assert quarter.then(flip)(2, 5) == flip(*quarter(2, 5)) == (5, 2)
    assert SQUARE.transforms is SQUARE.transforms  # the square grid's names are the square lattice's


def test_square_transforms_keep_their_documented_order():
    """Orientations and symmetries come in the transforms' order, which fixes the order of every option."""
    images = [t(1, 2) for t in SQUARE.transforms]
    assert images == [(1, 2), (2, -1), (-1, -2), (-2, 1), (1, -2), (2, 1), (-1, 2), (-2, -1)]


@pytest.mark.parametrize("letter, free, one_sided", [
    ("F", 8, 4), ("I", 2, 2), ("L", 8, 4), ("N", 8, 4), ("P", 8, 4), ("T", 4, 4),
    ("U", 4, 4), ("V", 4, 4), ("W", 4, 4), ("X", 1, 1), ("Y", 8, 4), ("Z", 4, 2)])
def test_each_pentomino_has_its_known_number_of_orientations(letter, free, one_sided):
    piece = PENTOMINOES.pieces[letter]
    assert len(piece.orientations(True, SQUARE)) == free
    assert len(piece.orientations(False, SQUARE)) == one_sided
    assert all(shape == SQUARE.normalise(shape) for shape in piece.orientations(True, SQUARE))


@pytest.mark.parametrize("lattice, size, fixed, one_sided, free", [
    (SQUARE, 5, 63, 18, 12),  # pentominoes
    (CUBIC, 4, 86, 8, 7),     # tetracubes: two of them mirror images of each other
])
def test_polyforms_grown_over_the_lattice_number_as_known(lattice, size, fixed, one_sided, free):
    forms = polyforms(lattice, size)
    assert len(forms) == fixed
    assert form_classes(lattice, forms, turn_over=False) == one_sided
    assert form_classes(lattice, forms, turn_over=True) == free


@pytest.mark.parametrize("board, order", [
    (catalog.board("6x10").cells, 4),
    (frozenset(product(range(8), range(8))), 8),
    (frozenset(product(range(2), range(3), range(4))), 8),  # a box with three different sides (in CUBIC)
    (frozenset(product(range(3), repeat=3)), 48),           # a cube
])
def test_board_symmetries(board, order):
    lattice = CUBIC if len(next(iter(board))) == 3 else SQUARE
    group = lattice.symmetries(board)
    assert len(group) == order
    assert all(cell == image for cell, image in group[0].items()), "identity first"
    assert all(set(g.values()) == board for g in group)
    for transform, cells in lattice.transformed_symmetries(board):
        moved = {cell: transform(*cell) for cell in board}
        offsets = {tuple(a - b for a, b in zip(cells[cell], moved[cell])) for cell in board}
        assert len(offsets) == 1, "each symmetry is its transform followed by one translation"


def test_placements_on_the_6x10_board_and_in_a_box():
    board = catalog.board("6x10").cells
    assert sum(len(p.placements(True, board, SQUARE)) for p in PENTOMINOES.pieces.values()) == 2056
    rod = (0, 0, 0), (1, 0, 0), (2, 0, 0)
    box = frozenset(product(range(3), range(3), range(3)))
    assert len(CUBIC.placements(CUBIC.orientations(rod), box)) == 27  # 9 lines along each of 3 axes


def test_marks_travel_with_their_cells():
    lamp_end = marked_piece("A", "#000000", [((0, 0), "L"), ((0, 1), "O")], (), SQUARE)
    plain = Piece("A", ((0, 0), (0, 1)), "#000000")
    assert len(plain.orientations(False, SQUARE)) == 2
    poses = lamp_end.orientations(False, SQUARE)
    assert len(poses) == 4, "a half turn moves the lamp to the other end: another orientation"
    assert [dict(zip(*pose))[cell] for pose, cell in zip(poses, [(0, 0), (0, 0), (0, 1), (1, 0)])] == ["L"] * 4
    board = frozenset(product(range(4), range(4)))
    assert all(isinstance(placed, frozenset) for placed in plain.placements(False, board, SQUARE))
    placed = lamp_end.placements(False, board, SQUARE)
    assert len(placed) == 2 * len(plain.placements(False, board, SQUARE)) == 48
    assert all(sorted(p.values()) == ["L", "O"] for p in placed)
    assert ({(0, 0): "L", (0, 1): "O"} in placed) and ({(0, 0): "O", (0, 1): "L"} in placed)


def test_every_orientation_of_a_tile_keeps_its_marks_on_the_same_cells():
    tiles = ghost_hunter.tiles()
    for piece in tiles.pieces.values():
        for cells, marks in piece.orientations(True, SQUARE):
            # the cells carrying each mark form the same shape as on the drawn tile, turned
            for mark in set(piece.marks):
                drawn = [c for c, m in piece.marked().items() if m == mark]
                turned = [c for c, m in zip(cells, marks) if m == mark]
                assert SQUARE.normalise(turned) in SQUARE.orientations(drawn)


def test_connected_components_follow_the_lattice_steps():
    assert SQUARE.connected_components({(0, 0), (1, 1)}) == [[(0, 0)], [(1, 1)]]
    assert CUBIC.connected_components({(0, 0, 0), (0, 0, 1), (2, 0, 0)}) == [[(0, 0, 0), (0, 0, 1)], [(2, 0, 0)]]


def test_a_transform_is_written_out_on_first_use_and_maps_as_its_matrix_says():
    """Every lattice's transforms are made at import (112 of them); each compiles its arithmetic when first called,
    so a flat solve does not pay for the 3D lattices' (two thirds of the lattice module's import)."""
    fresh = Transform(((0, -1, 0), (1, 0, 0), (0, 0, 1)))
    assert fresh._apply == fresh._compile  # nothing written out yet
    assert fresh(2, 3, 5) == (-3, 2, 5) and fresh._apply != fresh._compile
    assert fresh(-1, 4, 0) == (-4, -1, 0)
    for transform in CUBIC.transforms:
        x, y, z = 2, 3, 5
        assert transform(x, y, z) == tuple(sum(k * v for k, v in zip(row, (x, y, z))) for row in transform.matrix)
