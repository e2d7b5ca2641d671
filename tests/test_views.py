"""A 3D shape seen flat in cells (views.py): balls from above as 2 x 2 half-cells, cubes from three sides."""
from __future__ import annotations

from xlsolver.base.answer import Block, Scene
from xlsolver.geometry.lattice import CUBIC, SPHERES
from xlsolver.pictures.views import side_by_side, views


def letters(frame) -> list[str]:
    return ["".join(" " if cell.ground else cell.text for cell in row) for row in frame.rows]


def test_a_pyramid_of_two_layers_from_above_shows_the_top_ball_over_the_middle_of_the_four():
    letter = {SPHERES.cell(0, 0, 0): "A", SPHERES.cell(0, 0, 1): "B", SPHERES.cell(0, 1, 0): "C",
              SPHERES.cell(0, 1, 1): "D", SPHERES.cell(1, 0, 0): "E"}
    scene = Scene("balls", tuple(Block(*SPHERES.centre(cell), "#123456", text) for cell, text in letter.items()))
    [above] = views(scene)
    assert above.caption == "from above"
    assert letters(above) == ["AABB", "AEEB", "CEED", "CCDD"]


def test_cubes_are_seen_from_above_the_front_and_the_right_nearest_first():
    # an L of three cubes on the floor (x, y) = (0, 0), (1, 0), (0, 1), and one on top of (0, 1)
    cubes = {(0, 0, 0): "A", (1, 0, 0): "B", (0, 1, 0): "C", (0, 1, 1): "D"}
    scene = Scene("cubes", tuple(Block(*CUBIC.centre(cell), None, text) for cell, text in cubes.items()))
    above, front, right = views(scene)
    assert [f.caption for f in (above, front, right)] == ["from above", "from the front", "from the right"]
    assert letters(above) == ["AB", "D "]  # D hides C below it
    assert letters(front) == ["D ", "CB"]  # top row first; C (y = 1) is nearer the viewer than A
    assert letters(right) == ["D ", "CB"]  # seen from +x: y decreasing to the right; B (x = 1) hides A
    assert letters(side_by_side([above, front])) == ["AB D ", "D  CB"]


def test_prisms_from_above_are_triangles_laid_out_as_text_the_highest_shown():
    from xlsolver.geometry.lattice import PRISMS, TRIANGLE

    cells = [PRISMS.cell(z, r, c) for z in range(2) for r in range(2) for c in range(3)]  # a hexagon, two high
    scene = Scene("prisms", tuple(Block(*PRISMS.centre(cell), "#ffffff", "AB"[cell[2]]) for cell in cells))
    [above] = views(scene)
    assert above.lattice == "triangle" and [[c.text for c in row] for row in above.rows] == [["B"] * 3] * 2
    assert [TRIANGLE.orientation(TRIANGLE.cell(0, c, above.shift)) for c in range(3)] == ["up", "down", "up"]
