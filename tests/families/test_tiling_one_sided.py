"""One-sided piece sets: which board symmetries map the set onto itself, and counts checked independently."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings

from xlsolver.geometry.lattice import SQUARE
from xlsolver import Search, count
from xlsolver.geometry import catalog
from xlsolver.families import tiling
from xlsolver.counting.symmetry import count_up_to_symmetry
from helpers import EXAMPLES
from one_sided import (PENTOMINOES, TETROMINOES, independent_classes, independent_tilings, one_sided_tilings,
                       piece_file, piece_set)

EXAMPLE_SET = catalog.piece_set("one-sided-pentominoes")
MIRRORS = {"F": "G", "L": "J", "N": "M", "P": "Q", "Y": "H", "Z": "S"}


def test_the_example_set_is_the_18_one_sided_pentominoes():
    assert not EXAMPLE_SET.turn_over and len(EXAMPLE_SET.pieces) == 18
    drawn_here = piece_set(PENTOMINOES).pieces
    assert {k: p.cells for k, p in EXAMPLE_SET.pieces.items()} == {k: p.cells for k, p in drawn_here.items()}
    free = catalog.piece_set("pentominoes")
    every_free = {shape for k in free.pieces for shape in free.orientations(k)}
    every_one_sided = [shape for k in EXAMPLE_SET.pieces for shape in EXAMPLE_SET.orientations(k)]
    assert len(every_one_sided) == len(set(every_one_sided)) == len(every_free) == 63
    assert set(every_one_sided) == every_free


def test_reflections_turn_each_piece_into_its_mirror_image():
    puzzle = tiling.parse(["." * 30] * 3, EXAMPLE_SET)
    group = tiling.symmetries(puzzle)
    assert len(group) == 4
    swaps = {**MIRRORS, **{v: k for k, v in MIRRORS.items()}}
    for symmetry in group:
        reflection = symmetry.cells[(0, 0)] in ((0, 29), (2, 0))
        assert symmetry.letters == {k: swaps.get(k, k) if reflection else k for k in EXAMPLE_SET.pieces}


def test_a_missing_mirror_image_leaves_the_rotations_only():
    pieces = piece_set(PENTOMINOES, "".join(k for k in PENTOMINOES if k != "G"))  # F without its mirror image
    group = tiling.symmetries(tiling.parse(["." * 17] * 5, pieces))
    assert [s.cells[(0, 0)] for s in group] == [(0, 0), (4, 16)]
    assert all(s.letters == {k: k for k in pieces.pieces} for s in group)


def test_free_sets_keep_every_board_symmetry_and_every_piece():
    group = tiling.symmetries(tiling.parse(["." * 10] * 6, catalog.piece_set("pentominoes")))
    assert len(group) == 4 and all(set(s.letters.items()) == {(k, k) for k in s.letters} for s in group)


def test_givens_must_land_on_their_images_letters():
    rows = [list("." * 30) for _ in range(3)]
    for r, c in ((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)):  # F at the left end, G (its mirror) at the right
        rows[r][c], rows[r][29 - c] = "F", "G"
    puzzle = tiling.parse(["".join(row) for row in rows], EXAMPLE_SET)
    [identity, mirror] = tiling.symmetries(puzzle)
    assert mirror.cells[(0, 1)] == (0, 28) and mirror.letters["F"] == "G"
    assert len(SQUARE.symmetries(puzzle.board)) == 4 and len(tiling.item_maps(puzzle, tiling.encode(puzzle))) == 2


def distinct_by_brute_force(puzzle: tiling.Puzzle) -> int:
    """Enumerate every solution, apply each symmetry (cells and letters), keep one grid per class."""
    problem = tiling.encode(puzzle)
    classes = set()
    for solution in Search(problem):
        letter_at = {cell: letter for option in solution for letter, placed in [problem.labels[option]]
                     for cell in placed}
        classes.add(min(tuple(sorted((g.cells[cell], g.letters[k]) for cell, k in letter_at.items()))
                        for g in tiling.symmetries(puzzle)))
    return len(classes)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(one_sided_tilings())
def test_one_sided_counts_agree_with_enumeration_and_an_independent_search(drawn):
    puzzle, art = drawn
    problem = tiling.encode(puzzle)
    result = count_up_to_symmetry(problem, tiling.item_maps(puzzle, problem))
    tilings = independent_tilings(puzzle.board, art)
    assert result.complete and result.total == count(problem).solutions == len(tilings)
    assert result.distinct == distinct_by_brute_force(puzzle) == independent_classes(puzzle.board, art, tilings)


@pytest.mark.parametrize("rows, art", [
    (["#....."] + ["......"] * 3 + ["#....."], TETROMINOES),  # a reflection swaps S and Z, L and J
    (["....."] * 4, {k: PENTOMINOES[k] for k in "PQIT"}),  # some tilings are their own mirror images
    (["......"] * 5, {k: PENTOMINOES[k] for k in "LJNMTX"}),
])
def test_count_one_sided_pieces_from_a_file(cli, tmp_path, rows, art):
    pieces = tmp_path / "pieces.txt"
    pieces.write_text(piece_file(art), encoding="utf-8")
    puzzle = tmp_path / "puzzle.txt"
    puzzle.write_text(f"pieces: {pieces}\n" + "\n".join(rows) + "\n", encoding="utf-8")
    board = SQUARE.cells_from_art(rows, lambda ch: ch == ".")
    tilings = independent_tilings(board, art)
    distinct = independent_classes(board, art, tilings)
    assert distinct < len(tilings)
    total = json.loads(cli("count", str(puzzle), "--json").stdout)
    assert (total["solutions"], total["up_to_symmetry"], total["complete"]) == (len(tilings), distinct, True)
    classes = json.loads(cli("count", str(puzzle), "--distinct", "--json").stdout)
    assert (classes["solutions"], classes["total"], classes["distinct"]) == (distinct, len(tilings), True)


@pytest.mark.slow
def test_one_sided_pentominoes_on_3x30(cli):
    """Published: 46 tilings up to symmetry, 184 in all."""
    example = str(EXAMPLES / "one-sided-3x30.txt")
    total = json.loads(cli("count", example, "--json").stdout)
    assert (total["solutions"], total["up_to_symmetry"], total["symmetry_group_order"]) == (184, 46, 4)
    distinct = json.loads(cli("count", example, "--distinct", "--json").stdout)
    assert (distinct["solutions"], distinct["total"], distinct["complete"]) == (46, 184, True)
    split = json.loads(cli("count", example, "--distinct", "--jobs", "2", "--json").stdout)
    assert (split["solutions"], split["total"], split["complete"]) == (46, 184, True)
