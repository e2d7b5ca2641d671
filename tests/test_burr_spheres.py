"""BurrTools' sphere grid (``geometry.burr_spheres``): its numbered turns, and placements read and written.

The facts checked here come from BurrTools' sources (its table of the grid's turns, ``src/lib/tabs_2/rotmatrix.inc``,
read row by row; its voxel_2 class) and from assemblies BurrTools' own assembler (its library, 0.7) found for a
puzzle made here; bench/burr_spheres.py checks the whole table against a BurrTools source tree.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from xlsolver.geometry import burr_grids, burr_spheres, xmpuzzle


def matrix(t: int) -> tuple:
    return tuple(tuple(Fraction(k, 3) for k in row) for row in burr_spheres.turns()[t])


def thirds(*rows) -> tuple:
    return tuple(tuple(Fraction(k, 3) for k in row) for row in rows)


def test_the_turns_are_240_rotations_and_mirror_images_numbered_as_burrtools_lists_them():
    """Rows of BurrTools' table: 0 the identity, 1 and 2 turns of the cube, 24 and 119 turns of a triangular
    layer, 120 the mirror x -> -x, 121 the mirror then turn 1."""
    assert matrix(0) == thirds((3, 0, 0), (0, 3, 0), (0, 0, 3))
    assert matrix(1) == thirds((0, 0, 3), (0, -3, 0), (3, 0, 0))
    assert matrix(2) == thirds((0, -3, 0), (3, 0, 0), (0, 0, 3))
    assert matrix(24) == thirds((1, 2, 2), (-2, -1, 2), (2, -2, 1))
    assert matrix(119) == thirds((-2, 1, 2), (-1, 2, -2), (-2, -2, -1))
    assert matrix(120) == thirds((-3, 0, 0), (0, 3, 0), (0, 0, 3))
    assert matrix(121) == thirds((0, 0, 3), (0, -3, 0), (-3, 0, 0))
    turns = [matrix(t) for t in range(240)]
    assert len(set(turns)) == 240
    for t, m in enumerate(turns):  # orthogonal; rotations first, then their mirror images
        assert all(sum(m[i][k] * m[j][k] for k in range(3)) == (i == j) for i in range(3) for j in range(3))
        det = sum(m[0][p[0]] * m[1][p[1]] * m[2][p[2]] * (1 if p in ((0, 1, 2), (1, 2, 0), (2, 0, 1)) else -1)
                  for p in itertools.permutations(range(3)))
        assert det == (1 if t < 120 else -1)


NEIGHBOURS = [v for v in itertools.product((-1, 0, 1), repeat=3) if sorted(map(abs, v)) == [0, 1, 1]]


def test_the_first_24_are_the_cubes_rotations_and_each_other_turn_keeps_one_triangular_layer():
    """Turns 0-23 are the cube's rotations (the cube grid's numbers in another order); each of 24-119 carries the
    six neighbours of a ball in one triangular layer onto neighbours, and puts the other six between balls;
    120 + t is x mirrored, then t."""
    on_cube_grid = (0, 6, 16, 7, 10, 4, 20, 5, 17, 3, 11, 19, 21, 9, 1, 23, 12, 2, 15, 18, 14, 8, 13, 22)
    assert [burr_grids.NUMBERED[n].matrix for n in on_cube_grid] == \
        [tuple(tuple(int(k) for k in row) for row in matrix(t)) for t in range(24)]
    for t in range(24, 120):
        kept = [v for v in NEIGHBOURS if burr_spheres.turned(t, v) is not None]
        assert len(kept) == 6
        assert [n for n in burr_spheres.PLANES if all(sum(a * b for a, b in zip(n, v)) == 0 for v in kept)] == \
            [burr_spheres.PLANES[burr_spheres.ACROSS[t - 24][0]]]
    mirror = thirds((-3, 0, 0), (0, 3, 0), (0, 0, 3))
    for t in range(120):
        assert matrix(120 + t) == tuple(tuple(sum(matrix(t)[i][k] * mirror[k][j] for k in range(3))
                                              for j in range(3)) for i in range(3))


#: A tetrahedron of 10 balls and three flat pieces of balls (made here).  BurrTools' assembler (its library,
#: assembler_0) finds these two assemblies, turns 45, 47 and 32 being none of the cube's.
TETRAHEDRON = (((0, 0, 0), (0, 1, 1), (0, 2, 2), (1, 0, 1), (1, 1, 0), (1, 1, 2), (1, 2, 1), (2, 0, 2), (2, 1, 1),
                (2, 2, 0)), (0, 0, 0))
PIECES = ((((0, 0, 0), (1, 1, 0), (2, 1, 1)), (0, 0, 0)),
          (((1, 1, 0), (2, 0, 0), (2, 1, 1), (3, 1, 2)), (1, 1, 0)),
          (((0, 1, 1), (1, 0, 1), (2, 0, 0)), (1, 0, 1)))
BURRTOOLS_FOUND = (((0, 0, 0, 0), (0, 2, 2, 47), (1, 0, 1, 45)),
                   ((0, 0, 0, 0), (2, 0, 2, 10), (1, 2, 1, 32)))


def test_assemblies_burrtools_found_fill_the_result_and_are_written_back_the_same():
    for assembly in BURRTOOLS_FOUND:
        filled: list = []
        for (voxels, hotspot), placement in zip(PIECES, assembly):
            piece = dict.fromkeys(voxels, 0)
            cells = burr_grids.BALLS.placed_cells(piece, hotspot, placement)
            filled += cells
            assert burr_grids.BALLS.placement_of(piece, hotspot, cells) == placement
        assert sorted(filled) == sorted(TETRAHEDRON[0])


def test_a_hotspot_that_is_no_ball_turns_with_the_piece_and_must_stay_on_the_grid():
    """The second piece placed as BurrTools placed it, its hotspot moved to (3, 0, 1), no ball of it but in its
    layer: BurrTools places it on the same balls at (2, 1, 1) with turn 47.  At (0, 0, 0), turn 47 puts the hotspot
    between balls, where BurrTools cannot place the piece; a written file moves such a hotspot onto a ball."""
    voxels, hotspot = PIECES[1]
    piece = dict.fromkeys(voxels, 0)
    cells = burr_spheres.placed_cells(piece, hotspot, (0, 2, 2, 47))
    assert burr_spheres.placement_of(piece, (3, 0, 1), cells) == (2, 1, 1, 47)
    assert burr_spheres.placed_cells(piece, (3, 0, 1), (2, 1, 1, 47)) == cells
    with pytest.raises(ValueError, match="hotspot between the balls"):
        burr_spheres.placed_cells(piece, (0, 0, 0), (0, 2, 2, 47))
    shape = xmpuzzle.Shape((4, 2, 3), {v: ("#", 0) for v in voxels})
    assert burr_spheres.on_balls([shape])[0].hotspot == (1, 1, 0)  # the ball nearest the origin


def test_a_turn_other_than_the_cubes_applies_only_to_balls_of_one_layer_or_layers_three_apart():
    for t in range(24, 120):
        plane, _ = burr_spheres.ACROSS[t - 24]
        normal = burr_spheres.PLANES[plane]
        for v in itertools.product(range(-4, 5), repeat=3):
            if sum(v) % 2 == 0:
                assert (burr_spheres.turned(t, v) is not None) == (sum(a * b for a, b in zip(normal, v)) % 6 == 0)
    line = {(0, 0, 0): 0, (1, 1, 0): 0, (2, 2, 0): 0}  # in two triangular layers: more turns, the same shapes
    square = {(0, 0, 0): 0, (1, 1, 0): 0, (1, -1, 0): 0, (2, 0, 0): 0}  # a square of balls: only the cube's turns
    assert len(burr_spheres.orientations(line)) == 6 and len(burr_spheres.orientations(square)) == 3
    with pytest.raises(ValueError, match="between the balls"):
        burr_spheres.placed_cells(square, (0, 0, 0), (0, 0, 0, 24))
    with pytest.raises(ValueError, match="not one of the sphere grid's"):
        burr_spheres.placed_cells(square, (0, 0, 0), (0, 0, 0, 240))


def test_a_flat_piece_of_a_triangular_layer_takes_the_turns_of_that_layer():
    """Three balls bent at 120 degrees in a triangular layer: 6 turns in each of the 4 layers, and turned over,
    24 orientations in all; the cube's rotations alone give 12 of them."""
    bent = {(0, 0, 0): 0, (1, 1, 0): 0, (2, 1, 1): 0}
    assert len(burr_spheres.orientations(bent)) == 24
    assert len({burr_grids.normal(burr_grids.moved(bent, t)) for t in burr_grids.ROTATIONS}) == 12
