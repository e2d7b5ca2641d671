"""``xlsolver solve --svg``: the answer's frames drawn as SVG, read back here with an XML parser."""
from __future__ import annotations

import json
from xml.etree import ElementTree

from xlsolver.answer import Cell, Frame, Scene, Block
from xlsolver.svg import frames_svg, scene_svg
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
    assert bad.returncode == 2 and bad.stdout  # the solution is printed all the same
    assert bad.stderr.splitlines()[-1].startswith("xlsolver: cannot write ")


def test_svg_is_refused_where_there_is_no_grid_to_draw(cli, tmp_path):
    dlx = tmp_path / "p.dlx"
    dlx.write_text("a b\na b\n", encoding="utf-8")
    assert cli("solve", str(dlx), "--svg", "x.svg").stderr == \
        "xlsolver: --svg draws a puzzle's grid; a .dlx problem has none\n"
    assert cli("solve", str(EXAMPLES.parent / "board.xlsm"), "--svg", "x.svg").stderr == \
        "xlsolver: --svg applies to text puzzles; on a workbook, the solution is drawn in the area's own cells\n"


def test_a_scene_of_balls_is_shaded_per_colour_and_drawn_farthest_first():
    solids = (Block(1, 1, 0, "#ff0000", "A"), Block(0, 0, 0, "#0000ff", "B"), Block(0.5, 0.5, 0.7, "#ff0000", "A"))
    root = ElementTree.fromstring(scene_svg(Scene("balls", solids), "three balls").encode())
    circles = root.findall(f"{SVG}g/{SVG}circle")
    assert len(circles) == 3 and len(root.findall(f"{SVG}defs/{SVG}radialGradient")) == 2  # a shade per colour
    # seen from above the corner where x and y are largest: depth x + y + z, (0,0,0) the farthest
    assert [(c.get("cx"), c.get("cy")) for c in circles] == [("0.0", "0.0"), ("0.0", "-7.2"), ("0.0", "36.0")]
    assert [t.text for t in root.findall(f"{SVG}g/{SVG}text")] == ["B", "A", "A"]


def test_a_scene_of_cubes_shows_three_faces_of_each():
    cubes = tuple(Block(x, y, z, "#4daf4a", "") for x in range(2) for y in range(2) for z in range(2))
    root = ElementTree.fromstring(scene_svg(Scene("cubes", cubes)).encode())
    faces = root.findall(f"{SVG}g/{SVG}polygon")
    assert len(faces) == 8 * 3 and {f.get("fill") for f in faces} == {"#82c780", "#4daf4a", "#367a34"}


def test_a_3d_answer_is_drawn_as_its_shape_in_space(cli, tmp_path):
    pyramid, cube = tmp_path / "pyramid.svg", tmp_path / "soma.svg"
    solved = json.loads(cli("solve", str(EXAMPLES / "pyramid-81.txt"), "--svg", str(pyramid), "--json").stdout)
    balls = drawn(pyramid).findall(f"{SVG}g/{SVG}circle")
    letters = sorted("".join("".join(layer) for layer in solved["layers"]))
    assert len(balls) == 55 and sorted(t.text for t in drawn(pyramid).iter(f"{SVG}text")) == letters
    cli("solve", str(EXAMPLES / "soma.txt"), "--svg", str(cube))
    assert len(drawn(cube).findall(f"{SVG}g/{SVG}polygon")) == 27 * 3
