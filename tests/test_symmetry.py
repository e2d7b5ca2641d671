"""Solution counts: the known pentomino figures, and symmetry counting (Burnside with quotient
problems) checked against plain enumeration and brute-force deduplication."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from xlsolver import ExactCover, ProblemError, Search, count
from xlsolver.geometry import catalog
from xlsolver.counting import symmetry
from xlsolver.families import Ask, Unsupported, exact, tiling
from xlsolver.counting.symmetry import count_up_to_symmetry
from problems import brute_force, small_set, small_tilings

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


def test_a_term_whose_option_symmetries_keep_is_split_by_a_second_pivot():
    """3x3, pieces A-D: the pivot is the straight tromino C, kept in place by all 8 symmetries; each of its 6
    options (2 orbits) lies on a mirror line, so one search per orbit would search a third of the tree.  Each is
    split again by the orbits of the options of a second item that mirror keeps in place: a fifth, the same count."""
    puzzle = tiling.parse(["..."] * 3, small_set("ABCD"))
    problem = tiling.encode(puzzle)
    maps = tiling.item_maps(puzzle, problem)
    the_plan = symmetry.plan(problem, maps)
    pivot = problem.items.index("C")
    assert all(len(term.given) == 2 and pivot in problem.options[term.given[0]] for term in the_plan.terms)
    assert 0.2 < the_plan.searched < 0.25
    result = count_up_to_symmetry(problem, maps)
    assert (result.total, result.distinct, result.orbits) == (count(problem).solutions, 6, len(the_plan.terms))
    assert result.distinct == distinct_by_brute_force(puzzle) and result.total == 48


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
        images = [tuple(sorted((g.cells[cell], g.letters[letter]) for cell, letter in letter_at.items()))
                  for g in group]
        classes.add(min(images))
    return len(classes)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_tilings())
def test_symmetry_counting_agrees_with_enumeration_and_deduplication(puzzle):
    result = symmetric_count(puzzle)
    assert result.complete
    assert result.total == count(tiling.encode(puzzle)).solutions
    assert result.distinct == distinct_by_brute_force(puzzle)


def test_symmetric_count_honours_limit_and_time_limit(step_clock):
    puzzle = board_puzzle("6x10")
    problem = tiling.encode(puzzle)
    maps = tiling.item_maps(puzzle, problem)
    limited = count_up_to_symmetry(problem, maps, limit=10)
    assert not limited.complete and limited.stopped == "limit" and limited.distinct >= 10
    timed = count_up_to_symmetry(problem, maps, time_limit=0.2, engine_name="reference")
    assert not timed.complete and timed.stopped == "time limit" and timed.distinct < 2339


@st.composite
def problems_with_a_symmetry(draw) -> tuple[ExactCover, list[tuple[int, ...]]]:
    """A small problem whose options are closed under a random permutation h (primary items among themselves,
    secondary ones too), and the cyclic group <h>."""
    n_primary, n_secondary = draw(st.integers(1, 6)), draw(st.integers(0, 3))
    h = tuple(draw(st.permutations(range(n_primary)))) + tuple(
        n_primary + i for i in draw(st.permutations(range(n_secondary))))
    group = [tuple(range(len(h)))]
    while (power := tuple(h[i] for i in group[-1])) != group[0]:
        group.append(power)
    options: set[frozenset[int]] = set()
    for _ in range(draw(st.integers(1, 4))):
        seed = draw(st.sets(st.integers(0, len(h) - 1), min_size=1, max_size=3)) | {draw(st.integers(0, n_primary - 1))}
        options |= {frozenset(g[i] for i in seed) for g in group}
    problem = ExactCover([f"p{i}" for i in range(n_primary)], [f"s{i}" for i in range(n_secondary)])
    for option in sorted(options, key=sorted)[:14]:
        problem.add_option([problem.items[i] for i in sorted(option)])
    closed = {frozenset(o) for o in problem.options}
    assume(all(frozenset(g[i] for i in o) in closed for o in problem.options for g in group))
    return problem, group


def classes_by_brute_force(problem: ExactCover, group) -> int:
    """Every subset of options that is a solution, as sets of item sets, one per orbit."""
    classes = set()
    for solution in brute_force(problem):
        sets = [frozenset(problem.options[o]) for o in solution]
        classes.add(min(tuple(sorted(tuple(sorted(g[i] for i in s)) for s in sets)) for g in group))
    return len(classes)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(problems_with_a_symmetry())
def test_burnside_with_quotients_agrees_with_brute_force(drawn):
    problem, group = drawn
    result = count_up_to_symmetry(problem, group)
    assert result.complete and result.group_order == len(group)
    assert result.total == len(brute_force(problem))
    assert result.distinct == classes_by_brute_force(problem, group)


def test_the_quotient_of_a_swap():
    """Items a b swapped by h, c kept: {a c} and {b c} overlap (c), {a} and {b} do not, {c} stays alone."""
    problem = ExactCover(["a", "b", "c"])
    for option in ("a c", "b c", "a", "b", "c"):
        problem.add_option(option.split())
    h = (1, 0, 2)
    q = symmetry.quotient(problem, h)
    assert (q.primary, [q.option_items(o) for o in range(len(q.options))]) == (["a", "c"], [["a"], ["c"]])
    assert count(q).solutions == 1  # {a} {b} {c}: the one solution h keeps
    result = count_up_to_symmetry(problem, [h])
    assert (result.total, result.distinct) == (3, 2)  # {a c}{b} ~ {b c}{a}, and {a}{b}{c}


def test_maps_that_are_no_group_or_no_symmetry_are_refused():
    problem = ExactCover(["a", "b", "c"], ["s"])
    problem.add_option(["a", "b"])
    problem.add_option(["c", "s"])
    with pytest.raises(ProblemError, match="not closed"):
        symmetry.group(problem, [(1, 2, 0, 3)])  # a 3-cycle without its square
    with pytest.raises(ProblemError, match="primary and secondary"):
        symmetry.group(problem, [(0, 1, 3, 2)])
    with pytest.raises(ProblemError, match="not a symmetry"):
        symmetry.plan(problem, [(0, 2, 1, 3)])  # {a b} would become {a c}


def test_a_plain_count_needs_no_symmetry_but_distinct_does():
    """Maps that are no symmetry of the puzzle: the count is plain; --distinct says why it cannot."""
    cover = tiling.cover_puzzle(board_puzzle("3x20"))
    n = len(cover.problem.items)
    cover.item_maps = [list(range(n)), [1, 0] + list(range(2, n))]  # swaps two cells only
    answer = exact.count(cover, Ask())
    assert (answer.data["solutions"], answer.data["up_to_symmetry"], answer.data["complete"]) == (8, None, True)
    with pytest.raises(Unsupported, match="--distinct needs the board's symmetries"):
        exact.count(cover, Ask(distinct=True))


def test_distinct_with_a_limit_stops_once_enough_classes_are_sure():
    puzzle = tiling.parse(["." * 30] * 3, catalog.piece_set("one-sided-pentominoes"))
    answer = exact.count(tiling.cover_puzzle(puzzle), Ask(distinct=True, limit=5))
    assert answer.data["stopped"] == "limit" and 5 <= answer.data["solutions"] <= 46


def test_an_incomplete_count_knows_the_distinct_solutions_rounded_up():
    """Burnside's sum over what is found so far, divided by the group order, rounded up: the classes surely there.

    The swap of a and b (group order 2, Fix(h) = 1: {a}{b}{c}): after the orbit of {a c}{b} (2 solutions),
    (2 + 1) / 2 = 1.5 means 2 classes, so a limit of 2 stops there; rounded down it would search on.
    """
    problem = ExactCover(["a", "b", "c"])
    for option in ("a c", "b c", "a", "b", "c"):
        problem.add_option(option.split())
    h = (1, 0, 2)
    the_plan = symmetry.plan(problem, [h])
    assert [q.weight for q in the_plan.quotients] == [1] and the_plan.group_order == 2
    assert [the_plan.distinct_at_least(total, [1]) for total in (0, 1, 2, 3)] == [1, 1, 2, 2]
    assert the_plan.figures([1], [1], complete=False) == (2, 2)  # the first term (weight 2) found one
    result = count_up_to_symmetry(problem, [h], limit=2, engine_name="reference")
    assert (result.total, result.distinct, result.complete, result.stopped) == (2, 2, False, "limit")
