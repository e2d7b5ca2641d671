"""The 3D lattices: cubic space (Soma's pieces, boxes) and the balls of a sphere pyramid in (2c + z, 2r + z, z)
coordinates, with flat pieces standing in their three families of planes.  Known figures are checked against
independent counts written here (lines of balls found by walking the twelve neighbour steps, boxes counted by hand)."""
from __future__ import annotations

import math
from itertools import combinations, product

import pytest

from xlsolver.geometry import catalog
from xlsolver.geometry.lattice import CUBIC, PRISMS, SPHERES, SQUARE, Transform

SOMA = catalog.piece_set("soma")
PYRAMID = SPHERES.pyramid()
ROD = ((0, 0), (0, 1), (0, 2))  # a straight flat piece of three balls


def is_group(transforms) -> bool:
    group = set(transforms)
    identity = Transform([[int(i == j) for j in range(3)] for i in range(3)])
    return (identity in group and all(a.then(b) in group for a in group for b in group)
            and all(any(a.then(b) == identity for b in group) for a in group))


def test_the_sphere_lattice_turns_about_the_vertical_axis_as_the_square_does():
    assert len(SPHERES.transforms) == 8 and is_group(SPHERES.transforms) and is_group(SPHERES.rotations)
    assert all(t.determinant_sign == 1 for t in SPHERES.rotations)
    assert all(t.determinant_sign == -1 for t in SPHERES.transforms[4:])
    assert all(t(0, 0, 1) == (0, 0, 1) for t in SPHERES.transforms), "up stays up"
    assert all(t(*cell) in SPHERES for t in SPHERES.transforms for cell in PYRAMID), "balls go to balls"


def test_balls_touch_their_twelve_neighbours_at_one_distance():
    """In space, layer z sits sqrt(2)/2 ball-spacings above the last: each step is one diameter (2 units)."""
    assert len(set(SPHERES.steps)) == 12
    for dx, dy, dz in SPHERES.steps:
        assert dx * dx + dy * dy + 2 * dz * dz == 4
        assert (dx, dy, dz) in SPHERES and (dx + 1, dy, dz) not in SPHERES


def test_the_pyramid_has_55_balls_in_layers_of_25_16_9_4_1_each_resting_on_four():
    assert len(PYRAMID) == 55
    assert [sum(1 for cell in PYRAMID if cell[2] == z) for z in range(5)] == [25, 16, 9, 4, 1]
    assert all(cell in SPHERES for cell in PYRAMID)
    for x, y, z in PYRAMID:
        below = {(x + dx, y + dy, z - 1) for dx, dy in product((1, -1), repeat=2)}
        assert z == 0 or below <= PYRAMID
    layer, row, col = 2, 1, 0
    assert SPHERES.cell(layer, row, col) == (2, 4, 2) and SPHERES.position((2, 4, 2)) == (2, 1, 0)
    assert all(SPHERES.cell(*SPHERES.position(cell)) == cell for cell in PYRAMID)
    assert [len(SPHERES.pyramid(h)) for h in (1, 2, 3, 4, 6)] == [1, 5, 14, 30, 91]


def test_the_pyramids_symmetries_are_the_eight_of_its_square_base():
    for height in (2, 3, 5):
        group = SPHERES.symmetries(SPHERES.pyramid(height))
        assert len(group) == 8
        apex = max(SPHERES.pyramid(height), key=lambda cell: cell[2])
        assert all(g[apex] == apex for g in group)
    assert len(SPHERES.symmetries(SPHERES.pyramid(5) - {(0, 0, 0)})) == 2, "a missing corner ball leaves a mirror"


def test_a_flat_piece_lies_in_three_families_of_planes_each_a_square_grid():
    """A horizontal layer and the two vertical planes along the base's diagonals; in each the piece's two unit
    steps touch and are at right angles in space (any other pair of touching steps meets at 60 degrees): the
    squares of balls that exist at all are the three a flat square piece finds."""
    for row_step, col_step in SPHERES.planes:
        assert row_step in SPHERES.steps and col_step in SPHERES.steps
        assert row_step[0] * col_step[0] + row_step[1] * col_step[1] + 2 * row_step[2] * col_step[2] == 0
    right_angles = {frozenset((a, b)) for a, b in combinations(SPHERES.steps, 2)
                    if a[0] * b[0] + a[1] * b[1] + 2 * a[2] * b[2] == 0}
    squares = {SPHERES.normalise([(0, 0, 0), a, b, tuple(map(sum, zip(a, b)))]) for a, b in map(tuple, right_angles)}
    assert len(squares) == 3
    assert squares == set(SPHERES.flat_orientations(((0, 0), (0, 1), (1, 0), (1, 1))))


@pytest.mark.parametrize("shape, orientations", [
    (ROD, 6),                                      # 6 directions: 2 in a layer, 4 along the diagonals
    (((0, 0), (0, 1), (1, 0), (1, 1)), 3),          # a square: one per plane family
    (((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)), 3),  # a plus
    (((0, 0), (0, 1), (0, 2), (1, 0)), 24),         # an L: 8 square orientations in each of 3 planes
])
def test_flat_orientations_are_square_transforms_times_planes_deduplicated(shape, orientations):
    found = SPHERES.flat_orientations(shape)
    assert len(found) == len(set(found)) == orientations
    assert all(cell in SPHERES for form in found for cell in form), "normal forms are balls"
    assert all(SPHERES.normalise(form) == form for form in found)
    assert all(len(SPHERES.connected_components(form)) == 1 for form in found)


def test_placements_of_a_straight_three_on_the_pyramid():
    """52 in the layers (2n(n - 2) in an n x n layer: 30 + 16 + 6) and 14 along each of the 4 diagonal
    directions (9 + 4 + 1 starting on layers 0, 1, 2): 108; the same as walking every step twice from every ball."""
    placed = SPHERES.placements(SPHERES.flat_orientations(ROD), PYRAMID)
    lines = {frozenset((ball, tuple(a + b for a, b in zip(ball, step)), tuple(a + 2 * b for a, b in zip(ball, step))))
             for ball in PYRAMID for step in SPHERES.steps}
    assert len(placed) == len(set(placed)) == 108 == len({line for line in lines if line <= PYRAMID})


def test_the_cube_has_24_rotations_and_48_symmetries_and_layers_bottom_first():
    assert len(CUBIC.rotations) == 24 and is_group(CUBIC.rotations) and is_group(CUBIC.transforms)
    assert CUBIC.cell(2, 1, 0) == (0, 1, 2) and CUBIC.position((0, 1, 2)) == (2, 1, 0)
    drawn = CUBIC.cells_from_layers([["##", "#."], ["#."]], lambda ch: ch == "#")
    assert drawn == {(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)}
    assert len(CUBIC.symmetries(drawn)) == 6, "the branch: three arms, each mirror"
    assert len(CUBIC.symmetries(CUBIC.box(3, 3, 3))) == 48
    assert len(CUBIC.symmetries(CUBIC.box(4, 4, 2))) == 16
    assert len(CUBIC.flat_orientations(((0, 0), (0, 1), (0, 2), (1, 0)))) == 24


# Rotations of each Soma piece and its placements in the 3x3x3 cube: a piece of r rotations whose box is
# a x b x c lies in (4-a)(4-b)(4-c) places per rotation; together 688 (the figure quoted for the Soma cube).
SOMA_FACTS = {"V": (12, 144), "L": (24, 144), "T": (12, 72), "Z": (12, 72), "A": (12, 96), "B": (12, 96), "P": (8, 64)}


@pytest.mark.parametrize("letter", list(SOMA_FACTS))
def test_each_soma_piece_has_its_known_rotations_and_placements(letter):
    piece = SOMA.pieces[letter]
    rotations, placements = SOMA_FACTS[letter]
    shapes = piece.orientations(False, CUBIC)
    assert len(shapes) == rotations
    by_box = sum((4 - (max(c[0] for c in s) + 1)) * (4 - (max(c[1] for c in s) + 1)) * (4 - (max(c[2] for c in s) + 1))
                 for s in shapes)
    assert len(piece.placements(False, CUBIC.box(3, 3, 3), CUBIC)) == placements == by_box


def test_the_soma_screws_are_each_others_mirror_image_and_no_rotation_of_each_other():
    a, b = (frozenset(SOMA.pieces[x].orientations(False, CUBIC)) for x in "AB")
    assert not a & b
    mirror = CUBIC.transforms[24]
    shapes = {x: SOMA.pieces[x].orientations(False, CUBIC) for x in SOMA.pieces}
    images = CUBIC.shape_images(shapes, mirror)
    assert images == {"V": "V", "L": "L", "T": "T", "Z": "Z", "A": "B", "B": "A", "P": "P"}
    assert CUBIC.shape_images(shapes, CUBIC.rotations[5]) == {x: x for x in shapes}
    assert CUBIC.shape_images({"A": shapes["A"]}, mirror) is None, "alone, a screw has no mirror in the set"
    assert sum(len(SOMA.orientations(x)) for x in SOMA.pieces) == 92
    assert SQUARE.shape_images({"L": SQUARE.orientations(((0, 0), (1, 0), (1, 1)))}, SQUARE.transforms[4]) == {"L": "L"}


def test_centres_put_touching_cells_one_unit_apart():
    """What a picture draws: every two neighbours of the pyramid and of cubic space have centres 1 apart."""
    import math

    from xlsolver.geometry.lattice import CUBIC, SPHERES

    for lattice, cells in ((SPHERES, SPHERES.pyramid(5)), (CUBIC, CUBIC.box(3, 3, 3))):
        for cell in cells:
            for other in lattice.neighbours(cell):
                if other in cells:
                    assert math.dist(lattice.centre(cell), lattice.centre(other)) == pytest.approx(1.0)
    assert (SPHERES.solid, CUBIC.solid) == ("balls", "cubes")


def test_prisms_turn_in_24_ways_that_keep_their_layers_level_and_their_triangles_triangles():
    assert len(set(PRISMS.transforms)) == 24 and PRISMS.transforms[0] == Transform(((1, 0, 0), (0, 1, 0), (0, 0, 1)))
    assert all((t.determinant_sign > 0) == (n < 12) for n, t in enumerate(PRISMS.transforms))
    assert all(t.then(u) in PRISMS.transforms for t in PRISMS.transforms for u in PRISMS.transforms)
    cells = [PRISMS.cell(z, r, c) for z in range(2) for r in range(-2, 3) for c in range(-3, 4)]
    assert all(PRISMS.position(cell) == (z, r, c) for cell, (z, r, c) in
               zip(cells, product(range(2), range(-2, 3), range(-3, 4))))
    assert all(t(*cell) in PRISMS and t(*cell)[2] in (cell[2], -cell[2]) for t in PRISMS.transforms for cell in cells)


def test_a_prism_touches_three_in_its_layer_and_one_above_and_below_each_one_unit_away():
    cell = PRISMS.cell(1, 0, 0)
    near = PRISMS.neighbours(cell)
    assert len(near) == 5 and all(cell in PRISMS.neighbours(other) for other in near)
    assert all(abs(math.dist(PRISMS.centre(cell), PRISMS.centre(other)) - d) < 1e-9
               for other, d in zip(near, [math.sqrt(1 / 3)] * 3 + [1, 1]))


def test_one_prism_lies_two_ways_and_its_translations_keep_which_way():
    """A single prism points up or down: two orientations; a translation never turns one into the other."""
    one = [PRISMS.cell(0, 0, 0)]
    assert len(PRISMS.orientations(one, turn_over=False)) == 2
    board = frozenset(PRISMS.cell(0, 0, c) for c in range(4))  # up, down, up, down
    assert len(PRISMS.placements(PRISMS.orientations(one), board)) == 4


def test_the_cut_cube_grids_hold_24_and_5_cells_a_block_and_the_cubes_48_symmetries_keep_them():
    from xlsolver.geometry.lattice import RHOMBIC, TETRA_OCTA

    rhombic = [cell for cell in product(range(-2, 8), range(-2, 3), range(-2, 3)) if cell in RHOMBIC]  # two cubes
    assert len(rhombic) == 48
    octa = [cell for cell in product(range(1, 12, 2), repeat=3) if cell in TETRA_OCTA]  # the points 0-5: 8 blocks
    assert len(octa) == 8 * 5
    for lattice, cells in ((RHOMBIC, rhombic), (TETRA_OCTA, octa)):
        assert len(lattice.transforms) == 48 and all(t(*cell) in lattice for t in lattice.transforms for cell in cells)
        for cell in cells:  # a normal form is a translation of the grid: it keeps every cell a cell
            low = lattice.corner(cells)
            assert tuple(a - b for a, b in zip(cell, low)) in lattice
