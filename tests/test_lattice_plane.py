"""The lattices typed as text in the plane: unit triangles and hexagons.  Their transforms as a group, the numbers
of polyiamonds and polyhexes grown over their neighbours against the published sequences (OEIS), the text layout
against the pictures the issue describes, and the corners a picture draws."""
from __future__ import annotations

import math

import pytest

from xlsolver.geometry.lattice import HEX, SQUARE, TRIANGLE, PlaneLattice, Transform

from helpers import form_classes, grown_polyforms

PLANE = (SQUARE, TRIANGLE, HEX)


def polyforms(lattice: PlaneLattice, size: int) -> set[tuple]:
    """Grown from each kind of cell: a triangle pointing up and one pointing down."""
    return grown_polyforms(lattice, size, [lattice.cell(0, col) for col in (0, 1) if lattice.holds(0, col)])


@pytest.mark.parametrize("lattice", [TRIANGLE, HEX])
def test_twelve_transforms_form_a_group_with_the_six_rotations_first(lattice):
    group = set(lattice.transforms)
    assert len(group) == len(lattice.transforms) == 12
    assert lattice.transforms[0] == Transform(((1, 0), (0, 1)))
    assert all(a.then(b) in group for a in group for b in group)
    assert [t.determinant_sign for t in lattice.transforms] == [1] * 6 + [-1] * 6
    assert set(lattice.rotations) == set(lattice.transforms[:6])


@pytest.mark.parametrize("lattice", [TRIANGLE, HEX])
def test_transforms_carry_cells_to_cells_and_neighbours_to_neighbours(lattice):
    cells = [lattice.cell(r, c) for r in range(-2, 3) for c in range(-3, 4) if lattice.holds(r, c)]
    for transform in lattice.transforms:
        for cell in cells:
            image = transform(*cell)
            assert image in lattice
            assert sorted(transform(*near) for near in lattice.neighbours(cell)) == sorted(lattice.neighbours(image))


def test_a_turn_by_sixty_degrees_turns_an_up_triangle_into_a_down_one():
    turn = TRIANGLE.rotations[1]
    up = TRIANGLE.cell(0, 0)
    assert TRIANGLE.orientation(up) == "up" and TRIANGLE.orientation(turn(*up)) == "down"
    assert (0, 0) not in TRIANGLE and (1, 2) not in TRIANGLE and (3, 3) not in TRIANGLE


# OEIS A001420, A006534, A000577 (polyiamonds); A001207, A006535, A000228 (polyhexes).
@pytest.mark.parametrize("lattice, size, fixed, one_sided, free", [
    (TRIANGLE, 1, 2, 1, 1), (TRIANGLE, 2, 3, 1, 1), (TRIANGLE, 3, 6, 1, 1), (TRIANGLE, 4, 14, 4, 3),
    (TRIANGLE, 5, 36, 6, 4), (TRIANGLE, 6, 94, 19, 12),
    (HEX, 1, 1, 1, 1), (HEX, 2, 3, 1, 1), (HEX, 3, 11, 3, 3), (HEX, 4, 44, 10, 7),
])
def test_polyforms_grown_over_the_neighbours_number_as_published(lattice, size, fixed, one_sided, free):
    forms = polyforms(lattice, size)
    assert len(forms) == fixed
    assert form_classes(lattice, forms, turn_over=False) == one_sided
    assert form_classes(lattice, forms, turn_over=True) == free


@pytest.mark.slow
@pytest.mark.parametrize("lattice, size, fixed, one_sided, free", [
    (TRIANGLE, 7, 250, 43, 24), (TRIANGLE, 8, 675, 120, 66), (HEX, 5, 186, 33, 22), (HEX, 6, 814, 147, 82)])
def test_larger_polyforms_number_as_published(lattice, size, fixed, one_sided, free):
    test_polyforms_grown_over_the_neighbours_number_as_published(lattice, size, fixed, one_sided, free)


@pytest.mark.parametrize("lattice", PLANE)
@pytest.mark.parametrize("shift", [0, 1])
def test_the_text_layout_is_a_bijection_between_positions_and_cells(lattice, shift):
    seen = {}
    for r in range(-4, 5):
        for c in range(-6, 7):
            if lattice.holds(r, c, shift):
                cell = lattice.cell(r, c, shift)
                assert cell in lattice and cell not in seen
                seen[cell] = (r, c)
                assert lattice.position(cell, shift) == (r, c)


def test_triangles_alternate_along_a_line_and_from_line_to_line_and_first_down_shifts_them():
    drawn = [[TRIANGLE.orientation(TRIANGLE.cell(r, c)) for c in range(4)] for r in range(2)]
    assert drawn == [["up", "down", "up", "down"], ["down", "up", "down", "up"]]
    shifted = TRIANGLE.FIRST["down"]
    assert [TRIANGLE.orientation(TRIANGLE.cell(0, c, shifted)) for c in range(3)] == ["down", "up", "down"]


def touching(lattice: PlaneLattice, row: int, col: int, shift: int = 0) -> list[tuple[int, int]]:
    return sorted(lattice.position(near, shift) for near in lattice.neighbours(lattice.cell(row, col, shift)))


@pytest.mark.parametrize("shift", [0, 1])
def test_a_triangle_touches_its_left_and_right_characters_and_one_above_or_below(shift):
    up, down = (2, 2 + shift), (2, 3 + shift)
    assert TRIANGLE.orientation(TRIANGLE.cell(*up, shift)) == "up"
    assert touching(TRIANGLE, *up, shift) == [(2, 1 + shift), (2, 3 + shift), (3, 2 + shift)]  # below: the flat edge
    assert touching(TRIANGLE, *down, shift) == [(1, 3 + shift), (2, 2 + shift), (2, 4 + shift)]


def test_a_hexagon_touches_two_columns_along_its_line_and_one_column_on_the_lines_above_and_below():
    assert touching(HEX, 2, 4) == [(1, 3), (1, 5), (2, 2), (2, 6), (3, 3), (3, 5)]
    assert touching(HEX, 1, 4, 1) == [(0, 3), (0, 5), (1, 2), (1, 6), (2, 3), (2, 5)]
    assert HEX.holds(0, 0) and not HEX.holds(0, 1) and HEX.holds(1, 1) and HEX.holds(0, 1, 1)
    assert HEX.shift_of(["  .", " . ."], lambda ch: ch == ".") == 0
    assert HEX.shift_of([" .", ". ."], lambda ch: ch == ".") == 1


def shared_edges(lattice: PlaneLattice, a, b) -> int:
    """How many corners two cells' polygons share (2: an edge)."""
    rounded = [{(round(x, 9), round(y, 9)) for x, y in lattice.corners(cell)} for cell in (a, b)]
    return len(rounded[0] & rounded[1])


@pytest.mark.parametrize("lattice, sides", [(SQUARE, 4), (TRIANGLE, 3), (HEX, 6)])
def test_corners_are_regular_polygons_with_unit_edges_and_neighbours_share_an_edge(lattice, sides):
    cells = [lattice.cell(r, c) for r in range(3) for c in range(5) if lattice.holds(r, c)]
    for cell in cells:
        corners = lattice.corners(cell)
        assert len(corners) == sides
        for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
            assert math.isclose(math.hypot(x1 - x0, y1 - y0), 1)
        for other in cells:
            if other != cell:
                assert (shared_edges(lattice, cell, other) == 2) == (other in lattice.neighbours(cell))


@pytest.mark.parametrize("lattice", PLANE)
def test_the_first_character_of_a_drawing_touches_both_axes(lattice):
    xs, ys = zip(*lattice.corners(lattice.cell(0, 0)))
    assert math.isclose(min(xs), 0, abs_tol=1e-12) and math.isclose(min(ys), 0, abs_tol=1e-12)


def test_up_triangles_point_up_in_the_picture():
    ys = sorted(y for _, y in TRIANGLE.corners(TRIANGLE.cell(0, 0)))
    assert ys[0] < ys[1] == ys[2]  # one corner on top, a flat edge below
    ys = sorted(y for _, y in TRIANGLE.corners(TRIANGLE.cell(0, 1)))
    assert ys[0] == ys[1] < ys[2]
