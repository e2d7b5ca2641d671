"""BurrTools files (.xmpuzzle): small files written here (gzip-compressed and plain), their counts worked out by
hand or by a brute force written here independently of xlsolver (every rotation of every piece tried, covers
found by backtracking, the classes of covers found by trying every symmetry of the result); files written by
xlsolver read back; hostile files refused in one line.

The public BurrTools files are not in the repository (they are GPL); bench/burrtools.py measures xlsolver's
counts against the assemblies they record.
"""
from __future__ import annotations

import gzip
import itertools

import pytest

from xlsolver import families
from xlsolver.base.answer import Status
from xlsolver.base.files import UserError
from xlsolver.families import Ask, InvalidPuzzle, Settings
from xlsolver.geometry import burr_grids, xmpuzzle

BURR = families.get("burrtools")


# --- files written here -------------------------------------------------------------------------------------------

def shape(cells: dict, name: str = "") -> str:
    """A ``<voxel>`` element: ``cells`` maps (x, y, z) to its text (``#``, ``+``, ``#1`` with a colour)."""
    size = [1 + max(c[i] for c in cells) for i in range(3)]
    text = "".join(cells.get((x, y, z), "_") for z in range(size[2]) for y in range(size[1]) for x in range(size[0]))
    named = f' name="{name}"' if name else ""
    return f'<voxel x="{size[0]}" y="{size[1]}" z="{size[2]}"{named} type="0">{text}</voxel>'


def problem(parts, result: int, *, name: str = "", pairs=(), extra: str = "") -> str:
    """A ``<problem>``: ``parts`` are (shape id, count) or (shape id, min, max)."""
    entries = "".join(f'<shape id="{p[0]}" count="{p[1]}"/>' if len(p) == 2 else
                      f'<shape id="{p[0]}" min="{p[1]}" max="{p[2]}"/>' for p in parts)
    bitmap = "".join(f'<pair piece="{a}" result="{b}"/>' for a, b in pairs)
    named = f' name="{name}"' if name else ""
    return (f'<problem{named} state="0"{extra}><shapes>{entries}</shapes><result id="{result}"/>'
            f'<bitmap>{bitmap}</bitmap></problem>')


def puzzle_text(shapes, problems, grid: int = 0, colours: int = 0) -> str:
    palette = "".join('<color red="1" green="2" blue="3"/>' for _ in range(colours))
    return (f'<?xml version="1.0"?>\n<puzzle version="2"><gridType type="{grid}"/><colors>{palette}</colors>'
            f'<shapes>{"".join(shapes)}</shapes><problems>{"".join(problems)}</problems><comment/></puzzle>\n')


def box(*sides, mark="#") -> dict:
    return {cell: mark for cell in itertools.product(*(range(n) for n in sides))}


def cells_of(*cells, mark="#") -> dict:
    return {cell: mark for cell in cells}


def saved(folder, text: str, name: str = "puzzle.xmpuzzle", packed: bool = True):
    path = folder / name
    path.write_bytes(gzip.compress(text.encode("utf-8")) if packed else text.encode("utf-8"))
    return path


def read(text: str, problem_asked: str | None = None):
    given = {"problem": problem_asked} if problem_asked else {}
    return BURR.parse(text.splitlines(), Settings(given))


def count(text: str, every: bool = False, problem_asked: str | None = None):
    answer = BURR.count(read(text, problem_asked), Ask(every=every))
    assert answer.status is Status.COUNTED, answer.message
    return answer.data["solutions"]


# --- the brute force: independent of xlsolver ------------------------------------------------------------------

def transforms(proper: bool):
    """The 3 x 3 signed permutation matrices of determinant +1 (``proper``) or -1."""
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            matrix = [[signs[i] if j == perm[i] else 0 for j in range(3)] for i in range(3)]
            inversions = sum(perm[i] > perm[j] for i in range(3) for j in range(i + 1, 3))
            if ((-1) ** inversions * signs[0] * signs[1] * signs[2] > 0) == proper:
                yield matrix


def apply(matrix, cell):
    return tuple(sum(matrix[i][j] * cell[j] for j in range(3)) for i in range(3))


def normalised(marked: dict) -> frozenset:
    low = [min(c[i] for c in marked) for i in range(3)]
    return frozenset((tuple(c[i] - low[i] for i in range(3)), m) for c, m in marked.items())


def brute(result: dict, pieces: dict, swap: dict | None = None, pairs=None):
    """(covers, classes): ``result`` maps cells to '#' or '+' (or (state, colour)), ``pieces`` names to
    {cell: colour}; ``swap``: what a mirror does to the names (None: mirrors not used); ``pairs``: colour rules."""
    states = {c: (m if isinstance(m, tuple) else (m, 0)) for c, m in result.items()}

    def fits(colour, cell) -> bool:
        return pairs is None or not colour or not states[cell][1] or (colour - 1, states[cell][1] - 1) in pairs

    placements = {}
    for name, piece in pieces.items():
        found = set()
        for matrix in transforms(True):
            turned = sorted(normalised({apply(matrix, c): m for c, m in piece.items()}))
            for target in states:
                shift = [t - a for t, a in zip(target, turned[0][0])]
                moved = tuple((tuple(c[i] + shift[i] for i in range(3)), m) for c, m in turned)
                if all(c in states and fits(m, c) for c, m in moved):
                    found.add(frozenset(moved))
        placements[name] = found
    names = list(pieces)
    covers = []

    def place(index: int, used: frozenset, chosen: list) -> None:
        if index == len(names):
            if all(c in used for c, (s, _) in states.items() if s == "#"):
                covers.append(tuple(chosen))
            return
        for option in placements[names[index]]:
            cells = frozenset(c for c, _ in option)
            if not cells & used:
                place(index + 1, used | cells, chosen + [(names[index], option)])
    place(0, frozenset(), [])
    target = normalised(states)
    symmetries = []
    for proper in (True, False) if swap is not None else (True,):
        for matrix in transforms(proper):
            image = {apply(matrix, c): m for c, m in states.items()}
            if normalised(image) == target:
                low = [min(c[i] for c in image) - min(c[i] for c in states) for i in range(3)]
                symmetries.append((lambda c, m=matrix, d=low: tuple(x - y for x, y in zip(apply(m, c), d)), proper))
    classes = set()
    for cover in covers:
        images = []
        for move, proper in symmetries:
            images.append(tuple(sorted((name if proper else swap.get(name, name),
                                        tuple(sorted((move(c), m) for c, m in o))) for name, o in cover)))
        classes.add(min(images))
    return len(covers), len(classes)


# --- tetracubes used below --------------------------------------------------------------------------------------

SCREW = cells_of((0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1))  # turns left: x, then y, then z
OTHER_SCREW = cells_of((1, 0, 0), (0, 0, 0), (0, 1, 0), (0, 1, 1))  # its mirror image (x -> -x)
ELL = cells_of((0, 0, 0), (1, 0, 0), (2, 0, 0), (2, 1, 0))  # flat: its own mirror image


def screws_and_ell(screw_text=SCREW, other=OTHER_SCREW, colours: int = 0, pairs=()):
    return puzzle_text([shape(box(2, 2, 3)), shape(screw_text), shape(other), shape(ELL)],
                       [problem([(1, 1), (2, 1), (3, 1)], 0, pairs=pairs)], colours=colours)


# --- counts ---------------------------------------------------------------------------------------------------------

def test_a_line_of_three_from_a_domino_and_a_cube_is_one_assembly_of_two_placements():
    text = puzzle_text([shape(box(3, 1, 1)), shape(box(2, 1, 1)), shape(box(1, 1, 1))], [problem([(1, 1), (2, 1)], 0)])
    assert (count(text, every=True), count(text)) == (2, 1)


def test_eight_cubes_of_eight_shapes_fill_a_2x2x2_cube_in_8_factorial_ways_840_up_to_its_48_symmetries():
    """Every piece is its own mirror image, so mirror images are merged: 8! / 48 (no assembly is symmetric, every
    piece being another); by rotations alone it would be 8! / 24."""
    shapes = [shape(box(2, 2, 2))] + [shape(box(1, 1, 1), name=f"c{n}") for n in range(8)]
    text = puzzle_text(shapes, [problem([(n, 1) for n in range(1, 9)], 0)])
    assert (count(text, every=True), count(text)) == (40_320, 840)


def test_mirror_images_merge_where_the_piece_set_is_closed_under_mirroring():
    """Two screws, one the other's mirror image, and a flat L fill a 2 x 2 x 3 box: 16 placements; the box's 8
    rotations and 8 mirror images (each swapping the screws) leave 1 assembly, as the brute force finds."""
    covers, classes = brute(box(2, 2, 3), {"A": {c: 0 for c in SCREW}, "B": {c: 0 for c in OTHER_SCREW},
                                           "C": {c: 0 for c in ELL}}, swap={"A": "B", "B": "A"})
    assert (covers, classes) == (16, 1)
    text = screws_and_ell()
    assert (count(text, every=True), count(text)) == (covers, classes)
    answer = BURR.count(read(text), Ask())
    assert "mirror images merged" in answer.notes[-1] and answer.data["mirror_symmetries"] == 8


def test_a_coloured_voxel_makes_a_piece_no_longer_the_mirror_image_of_another():
    """A colour on one screw's voxel (the result uncoloured: any colour lies there) leaves its partner a different
    piece: no mirror merging, the 8 rotations alone (the brute force, with the screw's colour, agrees).  The screw
    looks the same after a half turn, which moves the colour: two placements on the same cells, both counted."""
    coloured = dict(SCREW)
    coloured[(1, 1, 1)] = "#1"
    marks = {"A": {c: (1 if c == (1, 1, 1) else 0) for c in SCREW}, "B": {c: 0 for c in OTHER_SCREW},
             "C": {c: 0 for c in ELL}}
    assert brute(box(2, 2, 3), marks) == (32, 4)  # the screw's half turn moves its colour: twice the placements
    text = screws_and_ell(coloured, colours=1)
    assert (count(text, every=True), count(text)) == (32, 4)


def test_colour_rules_say_which_colour_of_piece_lies_on_which_colour_of_the_result():
    result = {(0, 0, 0): "#1", (1, 0, 0): "#2"}
    pieces = [shape({(0, 0, 0): "#1"}, "red"), shape({(0, 0, 0): "#2"}, "blue")]
    same = puzzle_text([shape(result)] + pieces, [problem([(1, 1), (2, 1)], 0, pairs=[(0, 0), (1, 1)])], colours=2)
    crossed = puzzle_text([shape(result)] + pieces, [problem([(1, 1), (2, 1)], 0, pairs=[(0, 1), (1, 0)])], colours=2)
    none = puzzle_text([shape(result)] + pieces, [problem([(1, 1), (2, 1)], 0)], colours=2)
    assert count(same, every=True) == count(crossed, every=True) == 1
    assert read(same).text(_first(same)) == ["AB"]
    assert read(crossed).text(_first(crossed)) == ["BA"]
    answer = BURR.solve(read(none), Ask())
    assert answer.status is Status.NO_SOLUTION and "no piece can cover" in answer.message


def _first(text: str) -> tuple:
    puzzle = read(text)
    BURR.solve(puzzle, Ask())
    return puzzle.shown


def test_variable_cells_may_stay_empty_and_are_shown_as_plus():
    text = puzzle_text([shape({(0, 0, 0): "#", (1, 0, 0): "+", (2, 0, 0): "#"}), shape(box(1, 1, 1)),
                        shape(box(1, 1, 1))], [problem([(1, 1), (2, 1)], 0)])
    assert (count(text, every=True), count(text)) == (2, 1)
    answer = BURR.solve(read(text), Ask())
    assert answer.data["solution"] in (["A+B"], ["B+A"])


def test_on_the_sphere_grid_a_triangle_of_balls_turned_over_is_turned_not_mirrored():
    """Three balls touching pairwise lie in a plane across the cube's body diagonal; its 6 symmetries are all
    rotations on BurrTools' sphere grid, so 3 different balls fill it in 6 ways, 1 assembly."""
    triangle = cells_of((0, 0, 0), (1, 1, 0), (1, 0, 1))
    balls = [shape(cells_of((0, 0, 0)), f"ball {n}") for n in range(3)]
    text = puzzle_text([shape(triangle)] + balls, [problem([(1, 1), (2, 1), (3, 1)], 0)], grid=2)
    assert (count(text, every=True), count(text)) == (6, 1)


def test_a_line_of_balls_from_two_and_one_and_its_answer_in_the_pyramids_lattice():
    line = cells_of((0, 0, 0), (1, 1, 0), (2, 2, 0))
    text = puzzle_text([shape(line), shape(cells_of((0, 0, 0), (1, 1, 0))), shape(cells_of((0, 0, 0)))],
                       [problem([(1, 1), (2, 1)], 0)], grid=2)
    assert (count(text, every=True), count(text)) == (2, 1)
    answer = BURR.solve(read(text), Ask())
    assert answer.scene.kind == "balls" and len(answer.scene.blocks) == 3


def test_a_cell_off_the_sphere_grid_is_named():
    text = puzzle_text([shape(cells_of((0, 0, 0), (1, 0, 0))), shape(cells_of((0, 0, 0)))], [problem([(1, 2)], 0)],
                       grid=2)
    with pytest.raises(InvalidPuzzle, match=r"shape 1 \(the result\): voxel \(1, 0, 0\) is not on the spheres grid"):
        read(text)


# --- copies, ranges and holes (multiplicities) ---------------------------------------------------------------------

def test_copies_of_one_shape_are_one_piece_two_congruent_shapes_are_two():
    square = shape(box(2, 2, 1))
    copies = puzzle_text([square, shape(box(2, 1, 1))], [problem([(1, 2)], 0)])
    two = puzzle_text([square, shape(box(2, 1, 1)), shape(box(2, 1, 1))], [problem([(1, 1), (2, 1)], 0)])
    assert (count(copies, every=True), count(copies)) == (2, 1)
    assert (count(two, every=True), count(two)) == (4, 1)


def test_ranges_let_the_pieces_used_vary():
    """A line of three from 0..3 cubes and 0..1 dominoes: three cubes, or a domino and a cube either way round;
    the line's half turn makes the last two one assembly."""
    text = puzzle_text([shape(box(3, 1, 1)), shape(box(1, 1, 1)), shape(box(2, 1, 1))],
                       [problem([(1, 0, 3), (2, 0, 1)], 0)])
    assert (count(text, every=True), count(text)) == (3, 2)


def test_max_holes_bounds_the_variable_cells_left_empty():
    """One filled cell and two variable ones, cubes 0..3: the filled cell covered and any of the variable ones
    (4 ways); at most one left empty: 3 ways."""
    result = shape({(0, 0, 0): "#", (1, 0, 0): "+", (2, 0, 0): "+"})
    free = puzzle_text([result, shape(box(1, 1, 1))], [problem([(1, 0, 3)], 0)])
    bounded = puzzle_text([result, shape(box(1, 1, 1))], [problem([(1, 0, 3)], 0, extra=' maxHoles="1"')])
    assert count(free, every=True) == 4
    assert count(bounded, every=True) == 3


# --- the numbering of BurrTools' rotations, and files written ---------------------------------------------------

def test_burrtools_numbers_its_cube_rotations_as_its_table_does():
    """Facts from BurrTools' cube table: 0 the identity, 1 a quarter turn about x (y -> z), 4 carries x to z,
    16 carries x to y, 24 the mirror x -> -x; 48 different signed permutations, the first 24 rotations."""
    turn = burr_grids.NUMBERED
    assert turn[0](1, 2, 3) == (1, 2, 3)
    assert turn[1](0, 1, 0) == (0, 0, 1) and turn[1](0, 0, 1) == (0, -1, 0)
    assert turn[4](1, 0, 0) == (0, 0, 1) and turn[16](1, 0, 0) == (0, 1, 0)
    assert turn[24](1, 2, 3) == (-1, 2, 3)
    assert {t.matrix for t in turn} == set(burr_grids.signed_permutations())
    assert all(t.determinant_sign == (1 if n < 24 else -1) for n, t in enumerate(turn))


# --- the triangular-prism grid (type 1) -------------------------------------------------------------------------
# A voxel (x, y, z) is a prism whose triangle points up (y runs up) where x + y is even: voxel (0, 0, 0) stands on
# the corners (0, 0), (1, 0), (1/2, h) of the plane, x steps half an edge, y one row of height h.

def test_burrtools_numbers_its_prism_turns_as_its_table_does():
    """Worked by hand from the table's geometry: turn 1 (60 degrees about the z axis through the origin) carries
    voxel (0, 0, 0) onto the triangle (0, 0), (1/2, h), (-1/2, h), which is voxel (-1, 0, 0); turn 6 (half a turn
    about the y axis) carries it onto (0, 0), (-1, 0), (-1/2, h), voxel (-2, 0, 0), and layer 1 onto layer -1;
    turn 12, the mirror x -> -x, does the same in the plane and keeps the layer."""
    grid = burr_grids.PRISM_GRID

    def turned(t, voxel):
        return grid.to_voxel(grid.transforms[t](*grid.cell(voxel)))

    assert turned(0, (3, 1, 2)) == (3, 1, 2)
    assert turned(1, (0, 0, 0)) == (-1, 0, 0)
    assert _power(grid, 1, 6, (5, 2, 1)) == (5, 2, 1) != _power(grid, 1, 3, (5, 2, 1))
    assert turned(6, (0, 0, 1)) == (-2, 0, -1) and turned(12, (0, 0, 1)) == (-2, 0, 1)
    assert len(set(grid.transforms)) == 24
    assert all(t.determinant_sign == (1 if n < 12 else -1) for n, t in enumerate(grid.transforms))
    assert all(grid.transforms[12 + n] == grid.mirror.then(t) for n, t in enumerate(grid.transforms[:12]))


def _power(grid, t, times, voxel):
    cell = grid.cell(voxel)
    for _ in range(times):
        cell = grid.transforms[t](*cell)
    return grid.to_voxel(cell)


def test_a_placement_read_is_the_placement_written_for_every_prism_turn():
    grid = burr_grids.PRISM_GRID
    piece = {(0, 0, 0): 0, (1, 0, 0): 0, (2, 0, 0): 0, (1, 1, 0): 0, (1, 1, 1): 0}  # a bent, twisted piece
    hotspot = (1, 0, 0)
    for t in range(12):
        turned_hotspot = grid.transforms[t](*grid.cell(hotspot))
        for shift in ((0, 0, 0), (3, 0, 1), (-3, 6, 2)):  # translations of the grid: the hotspot stays a like prism
            at = grid.to_voxel(tuple(a + b for a, b in zip(turned_hotspot, shift)))
            cells = grid.placed_cells(piece, hotspot, (*at, t))
            placement = grid.placement_of(piece, hotspot, {grid.cell(v): 0 for v in cells})
            assert grid.placed_cells(piece, hotspot, placement) == cells
    with pytest.raises(ValueError, match="not one of"):
        grid.placed_cells(piece, hotspot, (0, 0, 0, 24))


HEXAGON = {(x, y, 0): "#" for y in (0, 1) for x in (1, 2, 3)}  # six triangles about the point (3/2, h)


def test_three_lozenges_fill_the_hexagon_in_two_ways_that_are_one_assembly():
    """By hand: a hexagon of six triangles splits into three lozenges in two ways, a sixth of a turn apart."""
    lozenge = {(0, 0, 0): "#", (1, 0, 0): "#"}
    text = puzzle_text([shape(HEXAGON), shape(lozenge)], [problem([(1, 3)], 0)], grid=1)
    assert count(text, every=True) == 2 and count(text) == 1


def test_six_single_prisms_fill_the_hexagon_once():
    """A prism pointing up moved onto one pointing down is no translation: each cell has one placement."""
    text = puzzle_text([shape(HEXAGON), shape({(0, 0, 0): "#"})], [problem([(1, 6)], 0)], grid=1)
    assert count(text, every=True) == 1 and count(text) == 1


def test_two_layers_of_lozenges_are_four_fillings_and_two_assemblies():
    """Each layer one of the two fillings: 4 in all; a turn swaps the fillings of both layers at once, so
    (same, same) and (different) are the two classes."""
    two = {(x, y, z): "#" for x, y, _ in HEXAGON for z in (0, 1)}
    lozenge = {(0, 0, 0): "#", (1, 0, 0): "#"}
    text = puzzle_text([shape(two), shape(lozenge)], [problem([(1, 6)], 0)], grid=1)
    assert count(text, every=True) == 4 and count(text) == 2


def test_a_prism_problem_is_drawn_as_triangles_and_written_back(tmp_path):
    three = {(0, 0, 0): "#", (1, 0, 0): "#", (2, 0, 0): "#"}  # a trapezoid of three triangles
    text = puzzle_text([shape(HEXAGON), shape(three), shape({(0, 0, 0): "#", (1, 0, 0): "#", (1, 1, 0): "#"})],
                       [problem([(1, 1), (2, 1)], 0)], grid=1)
    puzzle = read(text)
    answer = BURR.solve(puzzle, Ask())
    assert answer.status is Status.SOLVED
    assert {frame.lattice for frame in answer.frames} == {"triangle"} and answer.scene.kind == "prisms"
    again = xmpuzzle.read(xmpuzzle.text_of(BURR.file_form(".xmpuzzle").write(puzzle)))
    [placements] = again.problems[0].solutions
    grid = burr_grids.PRISM_GRID
    covered = []
    for part, placement in zip(again.problems[0].parts, placements):
        piece = again.shapes[part.shape]
        covered += grid.placed_cells({v: 0 for v in piece.voxels}, piece.hotspot, placement)
    assert sorted(covered) == sorted(HEXAGON)


def prism_voxels(triangles) -> dict:
    """Triangles of ``lattice.TRIANGLE`` as one layer of prism voxels, moved to x, y >= 0 by a translation of the
    grid (x + y changing by an even number: an odd one would turn every triangle the other way up)."""
    voxels = [burr_grids.PRISM_GRID.to_voxel((*cell, 0)) for cell in triangles]
    low_x, low_y = min(v[0] for v in voxels), min(v[1] for v in voxels)
    low_x -= (low_x + low_y) % 2
    return {(x - low_x, y - low_y, 0): "#" for x, y, _ in voxels}


@pytest.mark.slow
def test_the_hexiamonds_in_the_6x6_rhombus_as_prisms_are_polyform_puzzlers_156():
    """The same puzzle two ways: the 12 hexiamonds (free: a flat prism turned over is turned in space) filling
    the rhombus, one prism high.  BurrTools' assemblies (its mirror images merged, the set being closed under
    them) are the tilings up to the rhombus's symmetries: Polyform Puzzler's published 156."""
    from xlsolver.geometry import catalog

    board = catalog.board("hexiamonds-6x6")
    pieces = catalog.piece_set("hexiamonds").pieces
    shapes = [shape(prism_voxels(board.cells))] + [shape(prism_voxels(p.cells), letter) for letter, p in pieces.items()]
    text = puzzle_text(shapes, [problem([(n, 1) for n in range(1, len(shapes))], 0)], grid=1)
    assert count(text) == board.known_distinct == 156


# --- the grids cut from cubes: rhombic (3) and tetrahedra-octahedra (4) --------------------------------------------
# Rhombic: a cube is 5 x 5 x 5 voxels, and its 24 cells are the voxels whose place in it, folded (4 - v for v > 2),
# is a permutation of (0, 1, 2): each face's four quarter-pyramids to the centre.

def cube_faces() -> list[dict]:
    """The six faces of one rhombic cube, each its four cells (a square pyramid to the centre)."""
    faces = []
    for axis in range(3):
        for side in (0, 4):
            cells = []
            for a, b in ((2, 1), (2, 3), (1, 2), (3, 2)):
                voxel = [a, b]
                voxel.insert(axis, side)
                cells.append(tuple(voxel))
            faces.append({cell: "#" for cell in cells})
    return faces


def test_a_rhombic_cube_of_24_cells_is_filled_by_six_face_pyramids_one_way():
    faces = cube_faces()
    whole = {cell: "#" for face in faces for cell in face}
    assert len(whole) == 24 and all(burr_grids.RHOMBIC_GRID.is_cell(cell) for cell in whole)
    text = puzzle_text([shape(whole), shape(faces[0])], [problem([(1, 6)], 0)], grid=3)
    assert count(text, every=True) == 1 and count(text) == 1
    two = puzzle_text([shape(whole), shape({**faces[0], **faces[2]})], [problem([(1, 3)], 0)], grid=3)
    # two faces at an edge: the three such pieces tile the cube in 8 ways (each pair of opposite faces split
    # once), one up to the cube's turns
    assert count(two, every=True) == 8 and count(two) == 1


def test_a_voxel_off_the_rhombic_grid_is_named():
    text = puzzle_text([shape({(0, 0, 0): "#"}), shape({(0, 0, 0): "#"})], [problem([(1, 1)], 0)], grid=3)
    with pytest.raises(InvalidPuzzle, match=r"voxel \(0, 0, 0\) is not on the rhombic grid"):
        read(text)


def test_an_octahedron_and_its_block_s_four_tetrahedra_fill_it_one_way():
    """Tetrahedra-octahedra: a block of 3 x 3 x 3 voxels holds its middle (an octahedron) and four corners; in
    block (0, 0, 0), whose indices add up even, the corners (2, 0, 0), (0, 2, 0), (0, 0, 2), (2, 2, 2)."""
    block = {(1, 1, 1): "#", (2, 0, 0): "#", (0, 2, 0): "#", (0, 0, 2): "#", (2, 2, 2): "#"}
    text = puzzle_text([shape(block), shape({(1, 1, 1): "#"}), shape({(2, 0, 0): "#"})],
                       [problem([(1, 1), (2, 4)], 0)], grid=4)
    assert count(text, every=True) == 1 and count(text) == 1
    off = puzzle_text([shape({(0, 0, 0): "#"}), shape({(0, 0, 0): "#"})], [problem([(1, 1)], 0)], grid=4)
    with pytest.raises(InvalidPuzzle, match=r"not on the tetrahedra-octahedra grid"):
        read(off)


def test_a_solution_written_reads_back_as_the_same_problem_and_cells(tmp_path):
    text = screws_and_ell()
    puzzle = read(text)
    answer = BURR.solve(puzzle, Ask())
    written = BURR.file_form(".xmpuzzle").write(puzzle)
    assert written[:2] == b"\x1f\x8b"
    again = xmpuzzle.read(xmpuzzle.text_of(written))
    original = xmpuzzle.read(text)
    assert again.shapes == original.shapes and again.problems[0].parts == original.problems[0].parts
    # its one assembly (16 placements, all of them images of it): the problem is written solved
    assert (again.problems[0].state, again.problems[0].assemblies) == (xmpuzzle.SOLVED, 1)
    [placements] = again.problems[0].solutions
    shown = {letter: cells for letter, cells in zip("ABC", placements)}
    built = puzzle.built
    for letter, placement in shown.items():
        piece = built.pieces["ABC".index(letter)]
        filled = {voxel: 0 for voxel in again.shapes[piece.shape].voxels}
        cells = set(burr_grids.placed_cells(filled, again.shapes[piece.shape].hotspot, placement))
        rows = answer.data["solution"]
        layers = [rows[start:start + 2] for start in (0, 3, 6)]
        assert cells == {(x, y, z) for z, layer in enumerate(layers) for y, row in enumerate(layer)
                         for x, ch in enumerate(row) if ch == letter}
    assert count(xmpuzzle.dumps(again)) == 1  # the written file is a BurrTools problem of its own


def test_a_problem_with_more_assemblies_than_the_one_written_is_written_unsolved():
    text = puzzle_text([shape(box(3, 1, 1)), shape(box(1, 1, 1)), shape(box(2, 1, 1))],
                       [problem([(1, 0, 3), (2, 0, 1)], 0)])
    puzzle = read(text)
    BURR.solve(puzzle, Ask())
    again = xmpuzzle.read(xmpuzzle.text_of(BURR.file_form(".xmpuzzle").write(puzzle)))
    assert again.problems[0].state == xmpuzzle.UNSOLVED and len(again.problems[0].solutions) == 1
    assert [p is None for p in again.problems[0].solutions[0]].count(True) in (1, 3)  # copies left out: 'x'


#: A tetrahedron of 10 balls from three flat pieces (as tests/test_burr_spheres.py): BurrTools finds 2 assemblies,
#: some pieces turned by turns of a triangular layer that are not the cube's.  No hotspots given (0 0 0: for two
#: pieces no ball of theirs).
TETRAHEDRON = puzzle_text([shape(cells_of((0, 0, 0), (0, 1, 1), (0, 2, 2), (1, 0, 1), (1, 1, 0), (1, 1, 2), (1, 2, 1),
                                          (2, 0, 2), (2, 1, 1), (2, 2, 0))),
                           shape(cells_of((0, 0, 0), (1, 1, 0), (2, 1, 1))),
                           shape(cells_of((1, 1, 0), (2, 0, 0), (2, 1, 1), (3, 1, 2))),
                           shape(cells_of((0, 1, 1), (1, 0, 1), (2, 0, 0)))], [problem([(1, 1), (2, 1), (3, 1)], 0)],
                          grid=2)


def test_a_solution_on_the_sphere_grid_is_written_in_burrtools_turn_numbers_and_read_back():
    import xml.etree.ElementTree as ET

    assert count(TETRAHEDRON) == 2  # as BurrTools counts
    puzzle = read(TETRAHEDRON)
    BURR.solve(puzzle, Ask())
    data = BURR.file_form(".xmpuzzle").write(puzzle)
    root = ET.fromstring(gzip.decompress(data))  # read here without xlsolver's reader
    assert root.find("gridType").get("type") == "2"
    voxels, hotspots = [], []
    for element in root.find("shapes"):
        size = [int(element.get(axis)) for axis in "xyz"]
        text = element.text
        voxels.append({(i % size[0], i // size[0] % size[1], i // (size[0] * size[1]))
                       for i, ch in enumerate(text) if ch == "#"})
        hotspots.append(tuple(int(element.get(axis, "0")) for axis in ("hx", "hy", "hz")))
    assert hotspots[1:] == [(0, 0, 0), (1, 1, 0), (1, 0, 1)]  # moved onto a ball, as BurrTools moves them
    problem_element = root.find("problems/problem")
    assert problem_element.get("state") == "0"  # one of its 2 assemblies
    words = list(map(int, problem_element.find("solutions/solution/assembly").text.split()))
    placed = [burr_grids.BALLS.placed_cells(dict.fromkeys(voxels[n + 1], 0), hotspots[n + 1], words[4 * n:4 * n + 4])
              for n in range(3)]
    assert sorted(c for cells in placed for c in cells) == sorted(voxels[0])
    shown = {label.letter: label.cells for option in puzzle.shown for label in [puzzle.built.cover.labels[option]]}
    assert [set(cells) for cells in placed] == [set(shown[letter]) for letter in "ABC"]
    assert count(xmpuzzle.dumps(xmpuzzle.read(xmpuzzle.text_of(data)))) == 2


def test_reading_a_file_written_plain_or_packed_in_latin_1(tmp_path):
    text = screws_and_ell().replace("<comment/>", "<comment>Markus G\u00f6tz</comment>")
    plain = saved(tmp_path, text, "plain.xmpuzzle", packed=False)
    plain.write_bytes(text.encode("latin-1"))
    packed = saved(tmp_path, text)
    for path in (plain, packed):
        rows = BURR.file_form(".xmpuzzle").rows(str(path))
        assert count("\n".join(rows)) == 1


# --- the command line -----------------------------------------------------------------------------------------------

def test_the_command_line_solves_counts_and_writes_a_file_by_its_suffix(cli, tmp_path):
    path = saved(tmp_path, screws_and_ell())
    solved = cli("solve", str(path), "--xmpuzzle", str(tmp_path / "out.xmpuzzle"))
    assert solved.returncode == 0, solved.stderr
    assert "pieces: A = shape 2, B = shape 3, C = shape 4" in solved.stdout and "layer 3" in solved.stdout
    counted = cli("count", str(tmp_path / "out.xmpuzzle"))
    assert counted.returncode == 0 and "1 assembly, as BurrTools counts" in counted.stdout
    every = cli("count", str(path), "--all", "--json")
    assert '"solutions": 16' in every.stdout


def test_the_problem_is_chosen_by_number_or_name_and_said(cli, tmp_path):
    line = puzzle_text([shape(box(3, 1, 1)), shape(box(2, 1, 1)), shape(box(1, 1, 1)), shape(box(3, 1, 1))],
                       [problem([(1, 1), (2, 1)], 0, name="short"), problem([(3, 1)], 0, name="long")])
    path = saved(tmp_path, line)
    first = cli("count", str(path))
    assert "problem 1 (short) of the file's 2; --problem N or NAME for another (1 'short', 2 'long')" in first.stdout
    assert "1 assembly" in cli("count", str(path), "--problem", "LONG").stdout
    wrong = cli("count", str(path), "--problem", "3")
    said = wrong.stdout + wrong.stderr
    assert wrong.returncode == 2 and "'3' is neither the number nor the name of a problem" in said


def test_options_that_do_not_fit_are_refused_in_one_line(cli, tmp_path):
    path = saved(tmp_path, screws_and_ell())
    named = cli("solve", str(path), "--family", "tiling")
    assert named.returncode == 2 and "is a BurrTools puzzle file, read by the burrtools family" in named.stderr
    text_puzzle = tmp_path / "p.txt"
    text_puzzle.write_text("family: tiling\npieces: pentominoes\n\n" + "......\n" * 10, encoding="utf-8")
    wrote = cli("solve", str(text_puzzle), "--xmpuzzle", str(tmp_path / "x.xmpuzzle"), "--time-limit", "5")
    assert wrote.returncode == 2 and "tiling puzzles are not written as" in wrote.stderr


# --- hostile and broken files ---------------------------------------------------------------------------------------

HOSTILE = {
    "not gzip nor XML": (b"\x00\x01binary junk", "NUL bytes"),
    "cut short": (gzip.compress(b"<puzzle version='2'>" * 100)[:40], "cannot be unpacked"),
    "gzip bomb": (gzip.compress(b"<puzzle>" + b" " * (40 * 1024 * 1024)), "unpacks to more than 32 MB"),
    "billion laughs": (b'<?xml version="1.0"?><!DOCTYPE p [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
                       b"<puzzle>&b;</puzzle>", "DOCTYPE"),
    "deep": (b"<puzzle>" + b"<a>" * 20_000 + b"</a>" * 20_000 + b"</puzzle>", "nested more than 500 deep"),
    "not well formed": (b"<puzzle version='2'><shapes></puzzle>", "not well-formed XML"),
    "another root": (b"<workbook/>", "not <puzzle>"),
    "huge side": (puzzle_text(['<voxel x="100000000" y="1" z="1" type="0"></voxel>'], []).encode(),
                  "x=100000000 is out of range (0 to 1,000,000)"),
    "huge box": (puzzle_text(['<voxel x="1000" y="1000" z="1000" type="0"></voxel>'], []).encode(),
                 "xlsolver reads shapes of at most 1,000,000"),
    "a million voxels, many times": (gzip.compress(puzzle_text([
        '<voxel x="100" y="100" z="100" type="0">' + "#" * 1_000_000 + "</voxel>"] * 3, []).encode()),
        "more than 100,000 filled or variable voxels"),
    "voxels beyond the box": (puzzle_text(['<voxel x="1" y="1" z="1" type="0">##</voxel>'], []).encode(),
                              "more voxels in its text"),
    "a letter among voxels": (puzzle_text(['<voxel x="2" y="1" z="1" type="0">#Q</voxel>'], []).encode(),
                              "'Q' at character 2"),
    "not a number": (puzzle_text(['<voxel x="two" y="1" z="1" type="0">##</voxel>'], []).encode(),
                     "x='two' is not a whole number"),
    "a shape not in the file": (puzzle_text([shape(box(1, 1, 1))], [problem([(7, 1)], 0)]).encode(),
                                "id=7 is out of range"),
    "a colour not defined": (puzzle_text([shape({(0, 0, 0): "#3"})], []).encode(), "colour 3 but the file defines 0"),
    "a bad assembly": (puzzle_text([shape(box(1, 1, 1))], [problem([(0, 1)], 0).replace(
        "</problem>", "<solutions><solution><assembly>0 0 x 0</assembly></solution></solutions></problem>")]).encode(),
        "is not a placement"),
    "no problem": (puzzle_text([shape(box(1, 1, 1))], []).encode(), "holds no problem"),
    "a grid BurrTools has not": (puzzle_text([shape(box(1, 1, 1))], [problem([(0, 1)], 0)], grid=7).encode(),
                                 "<gridType> has type '7'; BurrTools' grids are 0 to 4"),
    "a piece with variable voxels": (puzzle_text([shape(box(2, 1, 1)), shape(box(1, 1, 1, mark="+"))],
                                                 [problem([(1, 1)], 0)]).encode(), "variable ('+') voxels"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_or_broken_file_is_refused_in_one_line(cli, tmp_path, case):
    data, said = HOSTILE[case]
    path = tmp_path / "hostile.xmpuzzle"
    path.write_bytes(data)
    for command in ("solve", "count"):
        done = cli(command, str(path))
        assert done.returncode == 2, (done.stdout, done.stderr)
        message = (done.stderr + done.stdout).strip()
        assert said in message and "Traceback" not in message and "internal error" not in message
        assert len([line for line in done.stderr.splitlines() if line.strip()]) == 1, done.stderr


def test_too_many_elements_are_refused(tmp_path):
    data = gzip.compress(b"<puzzle version='2'><colors>" + b"<color/>" * 200_001 + b"</colors></puzzle>")
    path = tmp_path / "many.xmpuzzle"
    path.write_bytes(data)
    with pytest.raises(InvalidPuzzle, match="more than 200,000 XML elements"):
        BURR.parse(BURR.file_form(".xmpuzzle").rows(str(path)))


def test_a_file_too_large_to_read_is_refused(tmp_path):
    path = tmp_path / "large.xmpuzzle"
    with open(path, "wb") as out:
        out.truncate(xmpuzzle.MAX_BYTES + 1)
    with pytest.raises(UserError, match="larger than 32.0 MB"):
        BURR.file_form(".xmpuzzle").rows(str(path))
