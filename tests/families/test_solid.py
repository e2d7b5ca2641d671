"""3D puzzles through the exact-cover engine: the Soma cube's 11,520 solutions (240 up to the cube's 48
symmetries, a reflection swapping the two screws), Kanoodle's pyramid (2,448 / 306 up to the base's 8), and
the IQ Puzzler Pro booklet's pyramid challenges, each with its one published solution."""
from __future__ import annotations

import json
import time
from itertools import islice
from pathlib import Path

import pytest

from xlsolver import catalog, counting, engine
from xlsolver.families import InvalidPuzzle, solid
from xlsolver.lattice import CUBIC, SPHERES

SAMPLES = json.loads(Path("/work/shared/data/pyramid.json").read_text(encoding="utf-8"))["samples"]
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
    assert any(m.startswith("layer 1 C2: the 4 cells marked B are not piece B (it has 5") for m in messages)
    assert any(m.startswith("layer 1 E1: the 6 cells marked L are not piece L") for m in messages)
