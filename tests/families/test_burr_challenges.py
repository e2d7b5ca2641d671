"""New challenges made from BurrTools files: ``generate FILE.xmpuzzle`` writes each as a file BurrTools opens,
its challenge with exactly one assembly and its given pieces where they go."""
from __future__ import annotations

from pathlib import Path

from xlsolver import families
from xlsolver.families import Ask, Settings
from xlsolver.geometry import burr_grids, xmpuzzle

from test_burrtools import TETRAHEDRON, box, cells_of, problem, puzzle_text, saved, shape

ROOT = Path(__file__).resolve().parents[2]
SOMA = ROOT / "examples" / "soma.xmpuzzle"
BURR = families.get("burrtools")


def assemblies(text: str, asked: str) -> int:
    return BURR.count(BURR.parse(text.splitlines(), Settings({"problem": asked})), Ask()).data["assemblies"]


def given_cells(file: xmpuzzle.Puzzle) -> set:
    """The cells the given pieces' recorded assembly fills, each once (a clash or a cell off their shape fails)."""
    given = file.problems[1]
    grid = burr_grids.GRIDS[file.grid]
    shapes = [file.shapes[part.shape] for part in given.parts]
    (placements,) = given.solutions
    cells: list = []
    for shape_, placement in zip(shapes, placements):
        filled = {voxel: colour for voxel, (_, colour) in shape_.voxels.items()}
        cells += grid.placed_cells(filled, shape_.hotspot, placement)
    assert len(cells) == len(set(cells))
    return set(cells)


def test_soma_challenges_of_a_level_are_written_as_a_challenge_with_one_assembly_and_its_given_pieces(cli, tmp_path):
    made = cli("generate", str(SOMA), "--level", "master", "-n", "2", "-o", str(tmp_path))
    assert made.returncode == 0, made.stderr
    written = sorted(tmp_path.glob("soma-master-*.xmpuzzle"))
    assert len(written) == 2 and all(f"{p}: soma, seed" in made.stdout for p in written)
    original = xmpuzzle.read(xmpuzzle.text_of(SOMA.read_bytes()))
    whole = original.shapes[original.problems[0].result].voxels
    for path in written:
        text = xmpuzzle.text_of(path.read_bytes())
        file = xmpuzzle.read(text)
        challenge, given = file.problems
        assert assemblies(text, "1") == 1  # as BurrTools counts: the challenge has exactly one
        to_fill = set(file.shapes[challenge.result].voxels)
        placed = given_cells(file)
        assert placed == set(file.shapes[given.result].voxels) and not placed & to_fill
        assert placed | to_fill == set(whole)
        shapes_used = sorted(part.shape for p in file.problems for part in p.parts)
        assert shapes_used == sorted(part.shape for part in original.problems[0].parts)
        assert "Master" in challenge.name and len(given.parts) == 2  # the scaled levels: Master gives 2 of 7


def test_a_challenge_printed_is_its_layers_with_the_given_pieces_typed(cli):
    made = cli("generate", str(SOMA), "--seed", "3")
    assert made.returncode == 0, made.stderr
    lines = made.stdout.splitlines()
    assert lines[0].startswith("title: soma, seed 3: ") and not any(line.startswith("family:") for line in lines)
    layers = [line for line in lines[2:] if line]
    assert len(layers) == 9 and all(len(line) == 3 for line in layers)  # three layers of 3 x 3
    assert any(ch.isalpha() for line in layers for ch in line) and any("." in line for line in layers)


def test_on_the_sphere_grid_the_given_pieces_are_written_in_burrtools_turn_numbers(cli, tmp_path):
    path = saved(tmp_path, TETRAHEDRON)
    made = cli("generate", str(path), "--given", "2", "-o", str(tmp_path / "out"))
    assert made.returncode == 0, made.stderr
    (written,) = (tmp_path / "out").glob("*.xmpuzzle")
    text = xmpuzzle.text_of(written.read_bytes())
    file = xmpuzzle.read(text)
    assert assemblies(text, "1") == 1 and len(file.problems[1].parts) == 2
    assert given_cells(file) == set(file.shapes[file.problems[1].result].voxels)


def test_a_problem_with_copies_of_a_shape_is_refused_in_one_line(cli, tmp_path):
    path = saved(tmp_path, puzzle_text([shape(box(2, 2, 1)), shape(box(2, 1, 1))], [problem([(1, 2)], 0)]))
    made = cli("generate", str(path))
    assert made.returncode == 2
    assert "problem 1 has copies of a shape or a range of them; new challenges are made where each shape is used " \
        "once" in made.stderr


def test_cells_typed_off_the_result_or_letters_not_of_its_pieces_are_named():
    from xlsolver.families.burrtools.family import FileGenerator

    text = puzzle_text([shape(box(3, 1, 1)), shape(box(2, 1, 1)), shape(cells_of((0, 0, 0)))],
                       [problem([(1, 1), (2, 1)], 0)])
    layers, read, _ = FileGenerator("burrtools").board(text.splitlines(), {})
    assert layers == ["..."]
    assert read(["AA."]).rows == ("AA.",)
    for typed, said in (["AZ."], "line 1, column 2: 'Z' is not a piece"), (["..A#"], "line 1, column 4"):
        try:
            read(typed)
        except families.InvalidPuzzle as err:
            assert said in err.messages[0]
        else:
            raise AssertionError(f"{typed} was read")
