"""``xlsolver solve --svg``: the answer's frames drawn as SVG, read back here with an XML parser."""
from __future__ import annotations

import colorsys
import itertools
import json
import math
from dataclasses import replace
from xml.etree import ElementTree

import pytest

from xlsolver.geometry import catalog
from xlsolver import families
from xlsolver.base.answer import Block, Cell, Frame, Scene
from xlsolver.families import Ask
from xlsolver.base.files import read_puzzle_text
from xlsolver.pictures.shading import faces, luminance
from xlsolver.pictures.svg import frames_svg
from xlsolver.pictures.svg3d import scene_svg, steps_svg
from helpers import EXAMPLES

SVG = "{http://www.w3.org/2000/svg}"


def drawn(path) -> ElementTree.Element:
    return ElementTree.parse(path).getroot()


def test_a_solution_is_drawn_cell_by_cell_in_its_colours(cli, tmp_path):
    picture = tmp_path / "iq.svg"
    result = cli("solve", str(EXAMPLES / "iq-wizard-37.txt"), "--svg", str(picture), "--json")
    answer = json.loads(result.stdout)
    root = drawn(picture)
    rects = root.findall(f"{SVG}g/{SVG}rect")
    texts = [t.text for t in root.findall(f"{SVG}g/{SVG}text")]
    letters = "".join(answer["solution"])
    assert len(rects) == len(letters) == 55 and texts == list(letters)
    assert [r.get("fill") for r in rects] == [answer["colours"][letter] for letter in letters]
    assert root.find(f"{SVG}title").text == str(EXAMPLES / "iq-wizard-37.txt")


def test_the_calendar_shows_its_date_and_leaves_the_off_board_cells_dark(cli, tmp_path):
    picture = tmp_path / "calendar.svg"
    cli("solve", str(EXAMPLES / "calendar-dec-26.txt"), "--svg", str(picture))
    root = drawn(picture)
    texts = [t.text for t in root.findall(f"{SVG}g/{SVG}text")]
    assert "Dec" in texts and "26" in texts and len(texts) == 41 + 2
    assert sum(r.get("fill") == "#404040" for r in root.iter(f"{SVG}rect")) == 6  # the board's corners


def test_the_frames_of_a_move_list_stand_side_by_side_under_their_captions(cli, tmp_path):
    picture = tmp_path / "moves.svg"
    result = cli("klotski", "solve", str(EXAMPLES / "klotski-hengdaolima.txt"), "--svg", str(picture), "--json")
    steps = len(json.loads(result.stdout)["moves"]) + 1  # the start, then a frame per move
    groups = drawn(picture).findall(f"{SVG}g")
    assert len(groups) == steps and groups[1].find(f"{SVG}text").text.startswith("1 ")


def test_text_is_escaped_and_ink_contrasts_with_the_fill():
    frame = Frame(((Cell("<&>", "#000000"), Cell("A", "#ffff00"), Cell(" ", None, True)),))
    root = ElementTree.fromstring(frames_svg([frame], title="a & b").encode())
    texts = root.findall(f"{SVG}g/{SVG}text")
    assert [(t.text, t.get("fill")) for t in texts] == [("<&>", "#ffffff"), ("A", "#000000")]
    assert len(root.findall(f"{SVG}g/{SVG}rect")) == 2  # the backdrop cell is not drawn


def test_no_solution_draws_nothing_and_a_bad_path_is_one_line(cli, tmp_path):
    picture = tmp_path / "none.svg"
    result = cli("solve", str(EXAMPLES / "zen-no-solution.txt"), "--family", "zen", "--svg", str(picture))
    assert result.returncode == 1 and not picture.exists()
    assert f"no picture written to {str(picture)!r}: nothing to draw" in result.stderr
    bad = cli("solve", str(EXAMPLES / "iq-wizard-37.txt"), "--svg", str(tmp_path / "no" / "such" / "x.svg"))
    assert bad.returncode == 73 and bad.stdout  # the solution is printed all the same, the picture not saved
    assert bad.stderr.splitlines()[-1].startswith("xlsolver: cannot write ")


def test_svg_is_refused_where_there_is_no_grid_to_draw(cli, tmp_path):
    dlx = tmp_path / "p.dlx"
    dlx.write_text("a b\na b\n", encoding="utf-8")
    assert cli("solve", str(dlx), "--svg", "x.svg").stderr == \
        "xlsolver: --svg draws a puzzle's grid; a .dlx problem has none\n"
    assert cli("solve", str(EXAMPLES.parent / "board.xlsm"), "--svg", "x.svg").stderr == \
        "xlsolver: --svg applies to text puzzles; on a workbook, the solution is drawn in the area's own cells\n"


def solved(name: str):
    """The answer to one of the examples (or a board left open), solved here as ``xlsolver solve`` would."""
    rows, header = read_puzzle_text(str(EXAMPLES / name))
    family = families.get("solid")
    return family.solve(family.parse(rows, {key: header[key] for key in ("board", "pieces")}), Ask())


def view_of(root: ElementTree.Element) -> ElementTree.Element:
    [view] = [v for v in root.iter(f"{SVG}svg") if v.get("class") == "view"]
    return view


def test_a_scene_of_balls_is_shaded_per_colour_and_drawn_farthest_first():
    solids = (Block(1, 1, 0, "#ff0000", "A"), Block(0, 0, 0, "#0000ff", "B"), Block(0.5, 0.5, 0.7, "#ff0000", "A"))
    root = ElementTree.fromstring(scene_svg(Scene("balls", solids), "three balls").encode())
    circles = list(root.iter(f"{SVG}circle"))
    assert len(circles) == 3 and len(root.findall(f"{SVG}defs/{SVG}radialGradient")) == 2  # a shade per colour
    # seen from above the corner where x and y are largest: depth x + y + z, (0,0,0) the farthest
    assert [(c.get("cx"), c.get("cy")) for c in circles] == [("0.0", "0.0"), ("0.0", "-7.2"), ("0.0", "36.0")]
    assert [t.text for t in root.iter(f"{SVG}text")] == ["B", "A", "A"]


def test_a_cube_shows_only_the_faces_no_neighbour_covers_in_its_three_shades():
    cubes = tuple(Block(x, y, z, "#4daf4a", "") for x in range(2) for y in range(2) for z in range(2))
    root = ElementTree.fromstring(scene_svg(Scene("cubes", cubes)).encode())
    drawn = list(root.iter(f"{SVG}polygon"))
    assert len(drawn) == 3 * 4  # the top of the upper four, the right of the right four, the left of the near four
    assert {f.get("fill") for f in drawn} == set(faces("#4daf4a")) and len(set(faces("#4daf4a"))) == 3


def test_a_prism_shows_its_top_and_the_sides_that_face_the_viewer_and_touch_nothing():
    """A hexagon of six prisms (BurrTools' triangular-prism grid) two layers high: the six tops of the upper layer,
    and of the twelve sides around the hexagon the six facing the viewer (towards larger x and y), twice."""
    from xlsolver.geometry.lattice import PRISMS

    hexagon = [PRISMS.cell(z, r, c) for z in range(2) for r in range(2) for c in range(3)]
    prisms = tuple(Block(*PRISMS.centre(cell), "#4daf4a", "A") for cell in hexagon)
    root = ElementTree.fromstring(scene_svg(Scene("prisms", prisms)).encode())
    drawn_ = [g.findall(f"{SVG}polygon") for g in root.iter(f"{SVG}g") if g.get("class") == "prism"]
    assert len(drawn_) == 12
    polygons = [p for faces_ in drawn_ for p in faces_]
    assert sum(len(p.get("points").split()) == 3 for p in polygons) == 6  # the tops of the upper layer
    assert sum(len(p.get("points").split()) == 4 for p in polygons) == 2 * 3  # sides: three face the viewer


def test_a_3d_answer_is_drawn_as_its_shape_in_space(cli, tmp_path):
    pyramid, cube = tmp_path / "pyramid.svg", tmp_path / "soma.svg"
    solved_ = json.loads(cli("solve", str(EXAMPLES / "pyramid-81.txt"), "--svg", str(pyramid), "--json").stdout)
    view = view_of(drawn(pyramid))
    letters = sorted("".join("".join(layer) for layer in solved_["layers"]))
    assert len(list(view.iter(f"{SVG}circle"))) == 55 and sorted(t.text for t in view.iter(f"{SVG}text")) == letters
    cli("solve", str(EXAMPLES / "soma.txt"), "--svg", str(cube))
    assert len(list(view_of(drawn(cube)).iter(f"{SVG}polygon"))) == 3 * 9  # three sides of the cube in sight


@pytest.mark.parametrize("name, kind", [("pyramid-81.txt", "circle"), ("soma.txt", "rect")])
def test_given_its_layers_a_3d_answer_lays_them_out_beside_the_view_lettered_from_a1(name, kind):
    answer = solved(name)
    root = ElementTree.fromstring(scene_svg(answer.scene, name, answer.frames).encode())
    layers = [g for g in root.iter(f"{SVG}g") if g.get("class") == "layer"]
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert [texts.count(f"layer {z}") for z in range(1, len(answer.frames) + 1)] == [1] * len(answer.frames)
    assert len(layers) == len(answer.frames) == len({"layer 1", "layer 2", "layer 3", "layer 4", "layer 5"} & set(texts))
    view = view_of(root)
    right_of_view = float(view.get("x")) + float(view.get("width"))
    for layer, frame in zip(layers, answer.frames):
        captions = [t for t in layer.findall(f"{SVG}text") if t.get("class") is None and t.text.startswith("layer")]
        columns = [t for t in layer.findall(f"{SVG}text") if t.get("class") == "column"]
        rows = [t for t in layer.findall(f"{SVG}text") if t.get("class") == "row"]
        cells = layer.findall(f"{SVG}{kind}")
        assert [t.text for t in captions] == [frame.caption]
        # A1 is marked: the columns lettered A, B, ... left to right above the cells, the rows numbered from the top
        assert [t.text for t in columns] == ["ABCDE"[c] for c in range(frame.width)]
        assert [t.text for t in rows] == [str(r + 1) for r in range(frame.height)]
        xs = [float(t.get("x")) for t in columns]
        ys = [float(t.get("y")) for t in rows]
        assert xs == sorted(xs) and ys == sorted(ys)
        first = cells[0]
        corner = (float(first.get("cx", first.get("x"))), float(first.get("cy", first.get("y"))))
        assert max(float(t.get("y")) for t in columns) < corner[1] + 2 and max(float(t.get("x")) for t in rows) < corner[0]
        assert len(cells) == frame.width * frame.height and all(float(c.get("cx", c.get("x"))) > right_of_view
                                                                for c in cells)
        assert [t.text for t in layer.findall(f"{SVG}text") if t.get("class") is None][1:] == \
            [cell.text for row in frame.rows for cell in row]


@pytest.mark.parametrize("name, seen", [("soma.txt", 3 * 9), ("bedlam.txt", 3 * 16)])
def test_every_face_of_a_cube_in_sight_carries_its_letter_lying_in_that_face(name, seen, tmp_path):
    if name == "bedlam.txt":
        (tmp_path / name).write_text("board: bedlam\npieces: bedlam\n\n" + "\n\n".join(["....\n" * 4] * 4))
        name = str(tmp_path / name)
    answer = solved(name)
    root = ElementTree.fromstring(scene_svg(answer.scene).encode())
    letter = {(b.x, b.y, b.z): b.text for b in answer.scene.blocks}
    cubes = [g for g in root.iter(f"{SVG}g") if g.get("class") == "cube"]
    assert len(cubes) == len(letter)
    in_sight = 0
    for cube in cubes:
        faces_ = cube.findall(f"{SVG}polygon")
        texts = cube.findall(f"{SVG}text")
        assert len(texts) == len(faces_) and len({t.text for t in texts}) <= 1
        in_sight += len(faces_)
    assert in_sight == seen
    assert sorted(t.text for cube in cubes for t in cube.findall(f"{SVG}text")) == sorted(
        text for (x, y, z), text in letter.items() for outside in ((x, y, z + 1), (x + 1, y, z), (x, y + 1, z))
        if outside not in letter)
    # each letter lies in its face: the top's level and squashed, the sides' slanted one way and the other
    planes = {" ".join(t.get("transform").split()[:4]) for cube in cubes for t in cube.findall(f"{SVG}text")}
    assert len(planes) == 3


def hls(colour: str) -> tuple[float, float, float]:
    return colorsys.rgb_to_hls(*(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)))


def apart(a: str, b: str) -> float:
    return math.dist(*(tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in (a, b)))


@pytest.mark.parametrize("name", catalog.piece_sets())
def test_shaded_faces_never_near_black_and_distinct_colours_stay_apart(name):
    colours = sorted({piece.colour for piece in catalog.piece_set(name).pieces.values()})
    shades = {colour: faces(colour) for colour in colours}
    for colour, (top, side, shadow) in shades.items():
        assert luminance(top) > luminance(side) > luminance(shadow) > 0.085, colour
        assert min(hls(shade)[1] for shade in (top, side, shadow)) > 0.25, colour  # not near black, whatever hue
        assert abs(hls(side)[0] - hls(colour)[0]) < 0.01, colour  # the hue kept
    for a, b in itertools.combinations(colours, 2):
        for face in range(3):
            assert apart(shades[a][face], shades[b][face]) >= max(20, 0.4 * apart(a, b)), (a, b, face)


def assembly(answer) -> list[Scene]:
    """The answer built piece by piece, lowest first: each step's scene, the piece it places lit."""
    scene = answer.scene
    letters = sorted({b.text for b in scene.blocks}, key=lambda t: (min(b.z for b in scene.blocks if b.text == t), t))
    return [Scene(scene.kind, tuple(replace(b, lit=b.text == letter) for b in scene.blocks if b.text in letters[:n]),
                  f"step {n}: {letter}") for n, letter in enumerate(letters, 1)]


@pytest.mark.parametrize("name", ["soma.txt", "pyramid-81.txt"])
def test_steps_share_one_view_and_the_piece_placed_stands_out(name):
    scenes = assembly(solved(name))
    root = ElementTree.fromstring(steps_svg(scenes, "assembly").encode())
    steps = [g for g in root.iter(f"{SVG}g") if g.get("class") == "step"]
    assert [g.find(f"{SVG}text").text for g in steps] == [scene.caption for scene in scenes]
    views = [g.find(f"{SVG}svg") for g in steps]
    assert len({(v.get("viewBox"), v.get("width"), v.get("height")) for v in views}) == 1  # the shape stays put
    shape = "polygon" if scenes[0].kind == "cubes" else "circle"
    for view, scene in zip(views, scenes):
        drawn_ = [e for e in view.iter(f"{SVG}{shape}") if e.get("fill")]  # not the dashed outlines (theirs: none)
        lit = [e for e in drawn_ if e.get("stroke") == "#000000"]
        assert lit and (len(drawn_) > len(lit) or scene is scenes[0])  # after the first, earlier pieces too
        assert {e.get("stroke-width") for e in lit} == {"2"} and {e.get("stroke-width") for e in drawn_} - {"2"} <= {"0.5"}
        letters = {t.text for t in view.iter(f"{SVG}text")}
        assert letters == {b.text for b in scene.blocks if b.lit}  # only the new piece is lettered
    assert not [g for g in views[0].iter(f"{SVG}g") if g.get("class") == "through"]  # nothing hides the first piece


def test_earlier_blocks_are_paler_than_the_piece_placed():
    step = Scene("cubes", (Block(0, 0, 0, "#4b0082", "E"), Block(1, 0, 0, "#4b0082", "E", lit=True)), "step 2: E")
    root = ElementTree.fromstring(steps_svg([step]).encode())
    by_stroke: dict[str, set] = {}
    for face in root.iter(f"{SVG}polygon"):
        by_stroke.setdefault(face.get("stroke"), set()).add(face.get("fill"))
    lit, earlier = by_stroke.pop("#000000"), set().union(*by_stroke.values())
    assert lit <= set(faces("#4b0082")) and min(map(luminance, earlier)) > max(map(luminance, lit))


def test_a_piece_hidden_behind_earlier_ones_is_outlined_through_them():
    hidden = Block(0, 0, 0, "#ff0000", "R", lit=True)
    in_front = Block(1, 1, 1, "#0000ff", "B")  # drawn over the red cube exactly
    root = ElementTree.fromstring(steps_svg([Scene("cubes", (hidden, in_front))]).encode())
    [through] = [g for g in root.iter(f"{SVG}g") if g.get("class") == "through"]
    assert through.get("stroke-dasharray") and len(through.findall(f"{SVG}polygon")) == 3
    assert root.find(f"{SVG}defs/{SVG}clipPath") is not None
