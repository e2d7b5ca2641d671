"""3D puzzles through the exact-cover engine: the Soma cube's 11,520 solutions (240 up to the cube's 48
symmetries, a reflection swapping the two screws), Kanoodle's pyramid (2,448 / 306 up to the base's 8), and
the IQ Puzzler Pro booklet's pyramid challenges, each with its one published solution."""
from __future__ import annotations

import json
import time
from itertools import islice
from pathlib import Path

import pytest

from xlsolver.geometry import catalog
from xlsolver import counting, engine, families
from xlsolver.engine import dlx_text
from xlsolver.counting import symmetry
from xlsolver.base.answer import Status
from xlsolver.families import Ask, InvalidPuzzle, Settings, solid
from xlsolver.base.files import read_puzzle_text
from xlsolver.geometry.lattice import CUBIC, SPHERES

SAMPLES = json.loads((Path(__file__).parent.parent / "data" / "pyramid.json").read_text(encoding="utf-8"))["samples"]
IQ = catalog.piece_set("iq-puzzler-pro")


def counted(puzzle: solid.Solid) -> counting.Counted:
    built = solid.problem(puzzle)
    return counting.count(counting.Request(built, symmetries=solid.item_maps(puzzle, built), distinct=True))


def test_the_soma_cube_has_11520_solutions_240_up_to_rotation_and_reflection():
    soma = solid.Solid(CUBIC, CUBIC.box(3, 3, 3), catalog.piece_set("soma"))
    built = solid.problem(soma)
    assert len(built.options) == 688
    assert len(solid.item_maps(soma, built)) == 48, "every symmetry of the cube: a mirror swaps A and B"
    result = counted(soma)
    assert (result.total, result.distinct, result.complete) == (11520, 240, True)


def test_the_soma_count_with_rotations_only_and_in_a_plain_search_agree():
    """A second way: no symmetry plan, every solution searched (and the 24 rotations alone give 480)."""
    soma = solid.Solid(CUBIC, CUBIC.box(3, 3, 3), catalog.piece_set("soma"))
    built = solid.problem(soma)
    assert engine.count(built).solutions == 11520
    rotations = [m for m in solid.item_maps(soma, built) if m[built.items.index("A")] == built.items.index("A")]
    assert len(rotations) == 24
    assert counting.count(counting.Request(built, symmetries=rotations, distinct=True)).distinct == 480


@pytest.mark.slow
def test_the_kanoodle_pyramid_has_2448_fillings_306_up_to_symmetry():
    started = time.perf_counter()
    result = counted(solid.Solid(SPHERES, SPHERES.pyramid(), catalog.piece_set("kanoodle")))
    assert (result.total, result.distinct, result.complete) == (2448, 306, True)
    print(f"kanoodle pyramid: {result.total} / {result.distinct} in {time.perf_counter() - started:.1f} s "
          f"({result.counter}, {result.engine})")


def problem_of(layers) -> tuple:
    puzzle = solid.from_layers(SPHERES, layers, IQ)
    return puzzle, solid.problem(puzzle)


@pytest.mark.parametrize("sample", SAMPLES, ids=[s["name"] for s in SAMPLES])
def test_each_iq_pyramid_challenge_has_exactly_its_one_published_solution(sample):
    puzzle, built = problem_of(sample["layers"])
    solutions = list(islice(engine.Search(built), 2))
    assert len(solutions) == 1
    assert solid.solved_layers(puzzle, built, solutions[0], sample["layers"]) == sample["solution"]


def test_a_pyramid_challenge_names_the_layer_and_cell_of_each_mistake():
    layers = [list(rows) for rows in SAMPLES[0]["layers"]]
    layers[1][3] = "AFDX"                      # not a piece
    layers[0][0] = "CCCCL"                     # B loses a ball to L: neither is its piece now
    with pytest.raises(InvalidPuzzle) as raised:
        solid.from_layers(SPHERES, layers, IQ)
    messages = raised.value.messages
    assert any(m.startswith("layer 2 D4: 'X' is not a piece of iq-puzzler-pro") for m in messages)
    assert any(m.startswith("layer 1 C2: the 4 cells marked B: piece B has 5 balls") for m in messages)
    assert any(m.startswith("layer 1 E1: the 6 cells marked L: piece L has 5 balls") for m in messages)


# --- the family: the text form, every front end -----------------------------------------------------------------

FAMILY = families.get("solid")
EXAMPLES = Path(__file__).parent.parent.parent / "examples"


def text_form(layers) -> list[str]:
    """Layers as a puzzle file's grid, written here by hand: each layer's lines, an empty line between."""
    rows = []
    for layer in layers:
        rows += ([""] if rows else []) + list(layer)
    return rows


@pytest.mark.parametrize("sample", SAMPLES, ids=[s["name"] for s in SAMPLES])
def test_each_pyramid_sample_read_as_text_is_unique_and_its_published_solution(sample):
    puzzle = FAMILY.parse(text_form(sample["layers"]), {"board": "pyramid", "pieces": "iq-puzzler-pro"})
    answer = FAMILY.solve(puzzle, Ask(unique=True))
    assert (answer.status, answer.data["unique"]) == (Status.SOLVED, True)
    assert answer.data["layers"] == sample["solution"]
    assert answer.data["solution"] == text_form(sample["solution"])
    assert [frame.caption for frame in answer.frames] == [f"layer {z}" for z in range(1, 6)]
    assert [frame.text_rows() for frame in answer.frames] == sample["solution"]


def test_the_example_file_is_booklet_challenge_81_and_solves_to_its_solution(cli):
    rows, header = read_puzzle_text(str(EXAMPLES / "pyramid-81.txt"))
    assert (header["family"], header["board"], header["pieces"]) == ("solid", "pyramid", "iq-puzzler-pro")
    assert solid.typed_layers(rows) == SAMPLES[0]["layers"]
    done = cli("solve", str(EXAMPLES / "pyramid-81.txt"), "--unique", "--json")
    answer = json.loads(done.stdout)
    assert (done.returncode, answer["unique"], answer["layers"]) == (0, True, SAMPLES[0]["solution"])
    shown = cli("solve", str(EXAMPLES / "pyramid-81.txt")).stdout.splitlines()
    assert shown[1].split() == ["layer", "1", "layer", "2", "layer", "3", "layer", "4", "layer", "5"]
    assert shown[2].split() == [layer[0] for layer in SAMPLES[0]["solution"]]


def test_a_pyramid_solved_is_written_as_a_burrtools_file_on_its_sphere_grid(cli, tmp_path):
    """``solve --xmpuzzle``: the 55 balls the result on BurrTools' sphere grid (voxel x + y + z even), each piece a
    shape lying as it lies in the solution (turn 0, its hotspot on a ball), so that the assembly, read here without
    xlsolver, puts every piece where the solution has it."""
    import gzip
    import xml.etree.ElementTree as ET

    out = tmp_path / "pyramid.xmpuzzle"
    done = cli("solve", str(EXAMPLES / "pyramid-81.txt"), "--xmpuzzle", str(out))
    assert done.returncode == 0, done.stderr
    root = ET.fromstring(gzip.decompress(out.read_bytes()))
    assert root.find("gridType").get("type") == "2"
    shapes = []
    for element in root.find("shapes"):
        sx, sy, _ = (int(element.get(axis)) for axis in "xyz")
        voxels = {(i % sx, i // sx % sy, i // (sx * sy)) for i, ch in enumerate(element.text) if ch == "#"}
        hotspot = tuple(int(element.get(axis, "0")) for axis in ("hx", "hy", "hz"))
        assert all(sum(v) % 2 == 0 for v in voxels) and hotspot in (voxels if shapes else {(0, 0, 0)})
        shapes.append((element.get("name"), voxels, hotspot))
    result = shapes[0][1]
    assert sorted(sum(1 for v in result if v[2] == z) for z in range(5)) == [1, 4, 9, 16, 25]
    words = list(map(int, root.find("problems/problem/solutions/solution/assembly").text.split()))
    written = set()
    for n, (name, voxels, hotspot) in enumerate(shapes[1:]):
        x, y, z, turn = words[4 * n:4 * n + 4]
        assert turn == 0
        written |= {(name, vx - hotspot[0] + x, vy - hotspot[1] + y, vz - hotspot[2] + z) for vx, vy, vz in voxels}
    assert {cell[1:] for cell in written} == result and len(written) == 55
    balls = {(name, x + y, x - y, z) for name, x, y, z in written}  # as the pyramid's lattice has them
    solution = {(letter, 2 * c + z, 2 * r + z, z) for z, layer in enumerate(SAMPLES[0]["solution"])
                for r, row in enumerate(layer) for c, letter in enumerate(row)}

    def moved(cells):
        low = [min(cell[i] for cell in cells) for i in (1, 2, 3)]
        return {(name, a - low[0], b - low[1], c - low[2]) for name, a, b, c in cells}
    assert moved(balls) == moved(solution)


def test_a_solution_written_back_in_the_text_form_reads_as_itself(cli, tmp_path):
    """The answer's text is the puzzle form: read back, every cell given, it is its own unique solution; the
    empty lines between layers may be several."""
    answer = json.loads(cli("solve", str(EXAMPLES / "soma.txt"), "--json").stdout)
    solved = tmp_path / "solved.txt"
    solved.write_text("family: solid\nboard: soma\n\n" + "\n".join(answer["solution"]) + "\n", encoding="utf-8")
    again = json.loads(cli("solve", str(solved), "--json", "--unique").stdout)
    assert (again["unique"], again["layers"]) == (True, answer["layers"])
    puzzle = FAMILY.parse(["VV.", "V..", "...", "", ""] + ["...", "...", "...", ""] * 2, {"board": "soma"})
    assert puzzle.rows == ("VV.", "V..", "...", "", "...", "...", "...", "", "...", "...", "...")


PYRAMID = [["....."] * 5, ["...."] * 4, ["..."] * 3, [".."] * 2, ["."]]
SOMA = [["..."] * 3] * 3


@pytest.mark.parametrize("board, layers, message", [
    ("pyramid", [PYRAMID[0], ["...."] * 3] + PYRAMID[2:], "layer 2 has 3 rows; a 4 x 4 layer needs 4"),
    ("pyramid", [PYRAMID[0], ["...."] * 5] + PYRAMID[2:], "layer 2 has 5 rows; a 4 x 4 layer needs 4"),
    ("soma", [SOMA[0], SOMA[1], ["...", "..", "..."]], "layer 3 has a row of 2; a 3 x 3 layer needs rows of 3"),
    ("bedlam", [["...."] * 4, ["...."] * 4, ["....", "....", ".....", "...."], ["...."] * 4],
     "layer 3 has a row of 5; a 4 x 4 layer needs rows of 4"),
    ("soma", SOMA[:2], "board soma has 3 layers, 2 typed"),
    ("pyramid", PYRAMID[:4], "board pyramid has 5 layers, 4 typed"),
    ("pyramid", PYRAMID + [["."]], "6 layers typed; board pyramid has 5"),
    ("2x2x3", [["..", ".."]] * 2, "board 2x2x3 has 3 layers, 2 typed"),
    ("pyramid", PYRAMID[::-1], "the layers look top first: the bottom layer comes first"),
    ("pyramid", [sum(PYRAMID, [])], "the layers need an empty line between them: 15 lines in one block; board "
                                    "pyramid's layers have 5, 4, 3, 2, 1 rows"),
    ("soma", [SOMA[0] + SOMA[1], SOMA[2]], "the layers need an empty line between them: 6 lines in one block; board "
                                           "soma's layers have 3, 3, 3 rows"),
])
def test_layers_typed_wrong_on_a_named_board_get_one_line_naming_the_layer(board, layers, message):
    """A row or a layer missing, layers top first or run together: one line, not a puzzle changed by a typo (a
    missing row taken as cells to fill) nor a page of cells that are "not a cell"."""
    settings = Settings({"board": board, "pieces": "soma" if board == "2x2x3" else None},
                        {"board": "the 'board:' line"})
    with pytest.raises(InvalidPuzzle) as raised:
        FAMILY.parse(text_form(layers), settings)
    assert raised.value.messages == [message]


def test_a_layer_typed_wrong_on_a_sheet_names_its_first_cell():
    """On the workbook a message names the sheet cell (the area's namer) where the layer starts."""
    def sheet_cell(row: int, col: int) -> str:
        return f"{'BCDEFGH'[col]}{14 + row} (line {row + 1})"
    with pytest.raises(InvalidPuzzle) as raised:
        FAMILY.parse(text_form([SOMA[0], ["...", "...", ".."], SOMA[2]]), {"board": "soma"}, sheet_cell)
    assert raised.value.messages == ["B18 (line 5): layer 2 has a row of 2; a 3 x 3 layer needs rows of 3"]


@pytest.mark.parametrize("typed, message", [
    (["KK.K.", ".K..."], "layer 1 A1: the 4 cells marked K do not form piece K in any of its positions"),
    (["KKK..", "....."], "layer 1 A1: the 3 cells marked K: piece K has 4 balls"),
    ([".....", "...K."], "layer 1 D2: the cell marked K: piece K has 4 balls"),
])
def test_a_given_piece_that_is_not_the_piece_says_why(typed, message):
    """Cells marked with a piece's letter: too few or too many balls, or the right number in no position."""
    layers = [typed + ["....."] * 3] + PYRAMID[1:]
    with pytest.raises(InvalidPuzzle) as raised:
        FAMILY.parse(text_form(layers), {"board": "pyramid"})
    assert raised.value.messages == [message]


def test_named_boards_take_their_own_pieces_and_pieces_their_own_board():
    def read(**settings):
        return FAMILY.parse([], settings).data
    assert read(board="pyramid")["pieces"] == "iq-puzzler-pro"
    assert read(pieces="kanoodle")["board"] == "pyramid"
    assert read(pieces="soma")["board"] == "soma"
    assert read(board="3x3x3")["pieces"] == "soma", "a box takes the set of cubes that fills it"
    assert FAMILY.board("pyramid")[0] == text_form([["....."] * 5, ["...."] * 4, ["..."] * 3, [".."] * 2, ["."]])
    assert FAMILY.board("pyramid-3") == (text_form([["..."] * 3, [".."] * 2, ["."]]), {"board": "pyramid-3"})
    assert FAMILY.board("2x3x1") == (["..", "..", ".."], {"board": "2x3x1"})


def test_mistakes_name_their_layer_and_cell_in_reading_order_and_the_setting_at_fault():
    rows = text_form([["CCCCB", "CKBBX", "GKKBD", "GKLDL", "GGLLL"], ["AJJJ", "AJJF", "....", "...."],
                      ["..."] * 3, [".."] * 2, ["."]])
    with pytest.raises(InvalidPuzzle) as raised:
        FAMILY.parse(rows, Settings({"board": "pyramid"}, {"board": "the 'board:' line"}))
    assert raised.value.messages == [
        "layer 1 E1: the 4 cells marked B: piece B has 5 balls",
        "layer 1 E2: 'X' is not a piece of iq-puzzler-pro (ABCDEFGHIJKL), '.' or '#'",
        "layer 1 E3: the 2 cells marked D: piece D has 4 balls",
        "layer 2 A1: the 2 cells marked A: piece A has 5 balls",
        "layer 2 D2: the cell marked F: piece F has 5 balls"]
    for settings, message in (
            ({"board": "blob"}, "--board: the board is pyramid, pyramid-N, soma, bedlam, a box such as 3x3x3, "
                                "balls or cubes, not 'blob'"),
            ({"pieces": "soma", "board": "pyramid"}, "--pieces: the pieces of soma are made of cubes, board "
                                                     "pyramid of balls"),
            ({"board": "2x2x3"}, "--board: no piece set of cubes fills board 2x2x3; name one with a 'pieces:' "
                                 "line"),
            ({"pieces": "pentahexes", "board": "cubes"}, "--pieces: the pieces of pentahexes are made of hexagons, "
                                                         "board cubes of cubes")):
        with pytest.raises(InvalidPuzzle) as raised:
            FAMILY.parse([], settings)
        assert raised.value.messages == [message]


def test_a_board_drawn_as_balls_is_the_cells_typed_and_must_hold_the_pieces():
    """Kanoodle's pyramid with its top ball left out (``#``): 54 balls for 55 balls of pieces, said before any
    search (which would take long to find nothing)."""
    layers = [["....."] * 5, ["...."] * 4, ["..."] * 3, [".."] * 2, ["#"]]
    with pytest.raises(InvalidPuzzle) as raised:
        FAMILY.parse(text_form(layers), {"board": "balls", "pieces": "kanoodle"})
    assert raised.value.messages == ["board balls: 54 open cells but the pieces still to place, A B C D E F G H I "
                                     "J K L, fill 55"]
    layers[4] = ["A"]
    with pytest.raises(InvalidPuzzle, match="layer 5 A1: the cell marked A: piece A has 4 balls"):
        FAMILY.parse(text_form(layers), {"board": "balls", "pieces": "kanoodle"})
    cubes = text_form([["#..", "...", "..."], ["...", "...", "..."], ["...", "...", "..."], ["#", "."]])
    answer = FAMILY.solve(FAMILY.parse(cubes, {"board": "cubes", "pieces": "soma"}), Ask())
    assert answer.status == Status.SOLVED and answer.data["board"] == "cubes"
    layers = answer.data["layers"]
    assert (layers[0][0][0], layers[3][0], layers[3][1].isalpha()) == ("#", "#", True)
    assert "." not in "".join(row for layer in layers for row in layer)


def test_soma_counts_240_up_to_symmetry_through_the_command_line(cli):
    done = cli("count", "--family", "solid", "--board", "soma", "--distinct", "--json")
    counted = json.loads(done.stdout)
    assert (done.returncode, counted["solutions"], counted["total"], counted["symmetry_group_order"]) == \
        (0, 240, 11520, 48)


@pytest.mark.slow
def test_the_kanoodle_pyramid_counts_306_up_to_symmetry_through_the_command_line(cli):
    done = cli("count", "--family", "solid", "--board", "pyramid", "--pieces", "kanoodle", "--distinct", "--json")
    counted = json.loads(done.stdout)
    assert (counted["solutions"], counted["total"], counted["symmetry_group_order"]) == (306, 2448, 8)


def test_the_problem_saved_in_dlx_text_reads_back_as_itself(cli, tmp_path):
    """--save-dlx writes what xlsolver and Knuth's format read: item names hold no ':' (a colour there)."""
    saved = tmp_path / "soma.dlx"
    assert cli("count", str(EXAMPLES / "soma.txt"), "--limit", "1", "--save-dlx", str(saved)).returncode == 5
    again = dlx_text.loads(saved.read_text(encoding="utf-8"))
    assert again.primary[:2] == ["1-A1", "1-B1"] and len(again.options) == 688
    assert json.loads(cli("count", str(saved), "--json").stdout)["solutions"] == 11520


def test_the_bedlam_set_fills_its_cube_and_only_the_rotations_keep_it():
    """The makers' 19,186 (460,464 in all) takes about 70 s: ``python bench/solid.py --bedlam`` counts it and
    checks the figure, which also confirms the thirteen shapes.  Here, what that count rests on: 13 pieces, 64
    cubes, no two pieces mirror images, so only the cube's 24 rotations map the set onto itself."""
    bedlam = catalog.piece_set("bedlam")
    assert (len(bedlam.pieces), bedlam.area, bedlam.lattice) == (13, 64, CUBIC)
    puzzle = families.get("solid").parse([], Settings({"board": "bedlam"}))
    assert len(counting.checked_group(puzzle.problem, puzzle.item_maps)[0]) == 24


def test_the_iq_pyramid_plan_searches_a_seventh_of_the_tree():
    """The count's cost, without a clock: each of the apex's 88 options stands in a mirror plane, so its orbit
    under the base's 8 symmetries is 4 (or 2), and one search per orbit searched 26% of the tree; each is split
    again by the options of the first item, in the engine's order, that its mirror keeps: 15% (573 searches)."""
    puzzle = families.get("solid").parse([], Settings({"board": "pyramid"}))
    the_plan = symmetry.plan(puzzle.problem, counting.checked_group(puzzle.problem, puzzle.item_maps)[0])
    assert the_plan.group_order == 8 and len(the_plan.terms) > 88
    assert 0.14 < the_plan.searched < 0.16
    assert sum(term.weight * term.share for term in the_plan.terms) == pytest.approx(1.0)


@pytest.mark.slow
def test_the_iq_puzzler_pro_pyramid_counts_26720_fillings_3340_up_to_symmetry(cli):
    """No published figure to trust; Knuth's Dancing Links in C (bench/c/dlx.c), sharing no code with xlsolver,
    counts 26,720 on the problem --save-dlx writes (bench/solid.py).  About 6 s of CPU."""
    counted = json.loads(cli("count", "--family", "solid", "--board", "pyramid", "--distinct", "--json").stdout)
    assert (counted["solutions"], counted["total"], counted["symmetry_group_order"]) == (3340, 26720, 8)
    from xlsolver.counting.parallel import usable_cores

    cores = usable_cores()  # its search is estimated at seconds: split over the cores without --jobs
    assert (counted["counter"], counted["jobs"]) == (("processes", cores) if cores > 1 else ("symmetry plan", 1))


@pytest.mark.parametrize("board, cells", [("99x99x99", "970,299"), ("pyramid-99", "328,350")])
def test_a_huge_named_board_is_refused_before_any_work(board, cells):
    """A file from someone else may name a board no game has: refused at once, not after building it."""
    family = families.get("solid")
    with pytest.raises(InvalidPuzzle) as refused:
        family.parse(["."], Settings({"board": board, "pieces": "soma"}, {"board": "the 'board:' line"}))
    assert refused.value.messages[0] == (f"the 'board:' line: board {board} has {cells} cells; xlsolver takes "
                                         "boards of at most 1,000")


def test_kanoodles_flat_board_counts_its_known_fillings(cli):
    """Kanoodle's own 5 x 11 board (data/boards/kanoodle.txt) takes its own pieces: 371,020 fillings, 92,755 up to
    the board's 4 symmetries, as its data file says (Knuth's DLX in C agrees on the 371,020: bench/orderings.py)."""
    data = json.loads(cli("count", "--board", "kanoodle", "--json").stdout)
    board = catalog.board("kanoodle")
    assert (data["total"], data["up_to_symmetry"], data["pieces"]) == (371_020, 92_755, "kanoodle")
    assert (board.known_total, board.known_distinct) == (371_020, 92_755)
