"""Solution counts: the known pentomino figures, and symmetry counting checked
against plain enumeration and brute-force deduplication."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from xlsolver import Search, catalog, count
from xlsolver.families import tiling
from xlsolver.symmetry import count_up_to_symmetry
from problems import small_tilings

PENTO = catalog.piece_set("pentominoes")


def board_puzzle(name: str) -> tiling.Puzzle:
    board = catalog.board(name)
    return tiling.parse(tiling.empty_board_rows(board), catalog.piece_set(board.pieces))


def symmetric_count(puzzle: tiling.Puzzle):
    problem = tiling.encode(puzzle)
    return count_up_to_symmetry(problem, tiling.item_maps(puzzle, problem))


@pytest.mark.slow
@pytest.mark.parametrize("name, distinct, total", [
    ("3x20", 2, 8), ("4x15", 368, 1472), ("5x12", 1010, 4040), ("6x10", 2339, 9356), ("scott", 65, 520),
])
def test_known_pentomino_counts(pento_facts, name, distinct, total):
    result = symmetric_count(board_puzzle(name))
    assert (result.distinct, result.total, result.complete) == (distinct, total, True)
    facts = {b["board"]: b for b in pento_facts["boards"]}
    fact = facts["8x8_minus_centre_2x2" if name == "scott" else name]
    assert (fact["distinct_up_to_symmetry"], fact["total_tilings"]) == (distinct, total)
    assert result.group_order == fact["symmetry_group_order"]
    board = catalog.board(name)
    assert (board.known_distinct, board.known_total) == (distinct, total), "the data file agrees"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["3x20", "4x15"])
def test_plain_enumeration_agrees_with_the_symmetry_total(name):
    puzzle = board_puzzle(name)
    assert count(tiling.encode(puzzle)).solutions == symmetric_count(puzzle).total


def test_symmetric_hints_keep_a_subgroup_and_still_count_right():
    rows = ["............", ".X..........", "XXX.........", ".X..........", "............"]
    puzzle = tiling.parse(rows, PENTO)
    assert len(tiling.symmetries(puzzle)) == 2
    result = symmetric_count(puzzle)
    assert result.total == count(tiling.encode(puzzle)).solutions
    assert result.distinct == distinct_by_brute_force(puzzle)


def distinct_by_brute_force(puzzle: tiling.Puzzle) -> int:
    """Enumerate everything, then keep one canonical grid per symmetry class."""
    problem = tiling.encode(puzzle)
    group = tiling.symmetries(puzzle)
    classes = set()
    for solution in Search(problem):
        letter_at = {}
        for option in solution:
            letter, cells = problem.labels[option]
            letter_at.update(dict.fromkeys(cells, letter))
        images = [tuple(sorted((g[cell], letter) for cell, letter in letter_at.items())) for g in group]
        classes.add(min(images))
    return len(classes)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_tilings())
def test_symmetry_counting_agrees_with_enumeration_and_deduplication(puzzle):
    result = symmetric_count(puzzle)
    assert result.complete
    assert result.total == count(tiling.encode(puzzle)).solutions
    assert result.distinct == distinct_by_brute_force(puzzle)


def test_symmetric_count_honours_limit_and_time_limit():
    puzzle = board_puzzle("6x10")
    problem = tiling.encode(puzzle)
    maps = tiling.item_maps(puzzle, problem)
    limited = count_up_to_symmetry(problem, maps, limit=10)
    assert not limited.complete and limited.stopped == "limit" and limited.distinct >= 10
    timed = count_up_to_symmetry(problem, maps, time_limit=0.2, engine_name="reference")
    assert not timed.complete and timed.stopped == "time limit" and timed.distinct < 2339
