"""Knuth's colours (DLX2): options may share a secondary item when they give it one colour.

Checked against answers found another way: xcover's dodecahedron (300), n queens and
Langford pairs counted by plain backtracking here, random coloured problems by trying
every subset of options with a checker of their own.
"""
from __future__ import annotations

import itertools
import random

import pytest

from helpers import run_xlsolver
from problems import langford, queens
from xlsolver import ExactCover, counting, engine
from xlsolver.engine import dlx_text
from xlsolver.engine import estimate, memo
from xlsolver.engine.exact_cover import ProblemError
from test_counting import board

ENGINES = ["reference", "fewest", "compiled-first", "numba-fewest", "auto"]
QUICK = ["reference", "fewest"]  # the plain-Python engines: the compiled ones take seconds on the dodecahedron

# The dodecahedron of xcover's tests (from Aaron Windsor's code): twelve pentagonal tiles, each edge painted
# y, b or a pattern of both, go on the twelve faces in one of five turns each, so that painted edges meet.
# Each face's edges in turn; an edge is read backwards from the later face it borders.
FACES = ["1 2 3 4 5", "2 6 7 8 9", "4 10 11 12 13", "3 9 14 15 10", "8 16 17 18 14", "11 15 18 19 20",
         "19 17 21 22 23", "12 20 23 24 25", "22 26 27 28 24", "7 29 26 21 16", "5 13 25 28 30", "1 30 27 29 6"]
TILES = {"a": "yby y y yb by", "b": "yby yb by y y", "c": "byb by y y yb", "d": "yby y yb by y",
         "e": "yby yb b by y", "f": "yby y yb b by", "g": "byb b b by yb", "h": "byb by yb b b",
         "i": "yby yb b b by", "j": "byb b by yb b", "k": "byb by y yb b", "l": "byb b by y yb"}


def dodecahedron() -> ExactCover:
    """Each tile on each face in each turn: the face, the tile, and the face's edges in the tile's colours."""
    edges = sorted({int(e) for face in FACES for e in face.split()})
    problem = ExactCover([f"f{f}" for f in range(1, 13)] + list(TILES), [f"e{e}" for e in edges])
    first_face: dict[str, int] = {}
    for f, face in enumerate(FACES, 1):
        for e in face.split():
            first_face.setdefault(e, f)
    for f, face in enumerate(FACES, 1):
        sides = face.split()
        for tile, paint in TILES.items():
            colours = paint.split()
            for turn in range(5):
                turned = [colours[(k + turn) % 5] for k in range(5)]
                seen = [c if first_face[e] == f else c[::-1] for e, c in zip(sides, turned)]
                problem.add_option([f"f{f}", tile] + [f"e{e}" for e in sides], colours=[None, None] + seen)
    return problem


def queens_by_backtracking(n: int) -> int:
    """n queens counted row by row with sets: no exact cover involved."""
    def place(row: int, columns: frozenset, up: frozenset, down: frozenset) -> int:
        if row == n:
            return 1
        return sum(place(row + 1, columns | {c}, up | {row + c}, down | {row - c}) for c in range(n)
                   if c not in columns and row + c not in up and row - c not in down)
    return place(0, frozenset(), frozenset(), frozenset())


def langford_by_backtracking(n: int) -> int:
    """Sequences of 1,1,...,n,n with the two k's k apart (a sequence and its reverse both counted)."""
    slots = [0] * (2 * n)

    def place(k: int) -> int:
        if k == 0:
            return 1
        found = 0
        for j in range(2 * n - k - 1):
            if not slots[j] and not slots[j + k + 1]:
                slots[j] = slots[j + k + 1] = k
                found += place(k - 1)
                slots[j] = slots[j + k + 1] = 0
        return found
    return place(n)


def langford_secondary_slots(n: int) -> ExactCover:
    """Langford pairs with the slots secondary: n pairs fill the 2n slots anyway, so the count is the same."""
    problem = ExactCover([str(k) for k in range(1, n + 1)], [f"s{j}" for j in range(2 * n)])
    for k in range(1, n + 1):
        for j in range(2 * n - k - 1):
            problem.add_option([str(k), f"s{j}", f"s{j + k + 1}"])
    return problem


def colours_agree(problem: ExactCover, subset) -> bool:
    """The rules of colours checked on their own: each primary item once; a secondary item once without a
    colour, or any number of times in one colour."""
    uses: dict[int, list[str]] = {}
    for option in subset:
        for item, colour in zip(problem.options[option], problem.option_colours(option)):
            uses.setdefault(item, []).append(colour)
    for item in range(len(problem.items)):
        used = uses.get(item, [])
        if item < len(problem.primary):
            if len(used) != 1:
                return False
        elif len(used) > 1 and ("" in used or len(set(used)) > 1):
            return False
    return True


def random_coloured(seed: int) -> ExactCover:
    rng = random.Random(seed)
    problem = ExactCover([f"p{i}" for i in range(rng.randint(1, 4))], [f"s{i}" for i in range(rng.randint(1, 3))])
    for _ in range(rng.randint(3, 11)):
        items = rng.sample(problem.primary, rng.randint(1, len(problem.primary)))
        items += rng.sample(problem.secondary, rng.randint(0, len(problem.secondary)))
        problem.add_option(items, colours=[rng.choice(["", "", "red", "blue"]) if item.startswith("s") else ""
                                           for item in items])
    return problem


def coloured_twin(problem: ExactCover, colour_of) -> ExactCover:
    """``problem`` with one more secondary item, ``z``, in every option, coloured ``colour_of(option)``."""
    twin = ExactCover(problem.primary, problem.secondary + ["z"], branching=problem.branching)
    for option in range(len(problem.options)):
        items = problem.option_items(option)
        twin.add_option(items + ["z"], colours=[""] * len(items) + [colour_of(option)])
    return twin


@pytest.mark.parametrize("name", [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow) for n in ENGINES])
def test_the_dodecahedron_has_300_colourings_in_every_engine(name):
    problem = dodecahedron()
    assert len(problem.options) == 720 and problem.coloured
    result = engine.count(problem, engine=name)
    assert (result.solutions, result.complete) == (300, True)


def test_the_dodecahedron_read_as_dlx_text_round_trips():
    problem = dodecahedron()
    text = dlx_text.dumps(problem, comment="xcover's dodecahedron")
    assert "e1:yby e2:y e3:y e4:yb e5:by" in text
    again = dlx_text.loads(text)
    assert (again.options, again.colours, again.secondary) == (problem.options, problem.colours, problem.secondary)
    assert dlx_text.dumps(again) == dlx_text.dumps(problem)
    assert engine.count(again).solutions == 300


@pytest.mark.parametrize("name", ENGINES)
def test_queens_with_secondary_diagonals_match_plain_backtracking(name):
    known = [1, 0, 0, 2, 10, 4, 40, 92]
    assert [queens_by_backtracking(n) for n in range(1, 9)] == known
    assert [engine.count(queens(n), engine=name).solutions for n in range(1, 9)] == known


@pytest.mark.parametrize("name", ENGINES)
def test_langford_pairs_with_primary_or_secondary_slots_match_plain_backtracking(name):
    for n in (3, 4, 5, 7):
        expected = langford_by_backtracking(n)
        assert expected == {3: 2, 4: 2, 5: 0, 7: 52}[n]
        assert engine.count(langford(n), engine=name).solutions == expected
        assert engine.count(langford_secondary_slots(n), engine=name).solutions == expected


@pytest.mark.parametrize("name", ENGINES)
def test_random_coloured_problems_match_every_subset_tried(name):
    for seed in range(60):
        problem = random_coloured(seed)
        options = range(len(problem.options))
        subsets = [set(s) for size in range(len(problem.options) + 1)
                   for s in itertools.combinations(options, size) if colours_agree(problem, s)]
        assert all(problem.is_solution(sorted(s)) for s in subsets)
        assert engine.count(problem, engine=name).solutions == len(subsets), seed
        found = {frozenset(s) for s in engine.Search(problem, engine=name)}
        assert found == {frozenset(s) for s in subsets}, seed
        for option in options:  # a given option: the solutions that hold it
            held = sum(option in s for s in subsets)
            assert engine.count(problem, given=[option], engine=name).solutions == held, (seed, option)


@pytest.mark.slow
def test_one_colour_is_shared_and_two_colours_exclude_each_other():
    problem, _ = board("3x20")
    plain = engine.count(problem).solutions
    assert plain > 0
    assert engine.count(coloured_twin(problem, lambda o: "same"), engine="compiled-first").solutions == plain
    assert engine.count(coloured_twin(problem, lambda o: "same"), engine="fewest").solutions == plain
    first_piece = problem.options[0][-1]  # every tiling uses every piece: two colours never meet
    split = coloured_twin(problem, lambda o: "x" if first_piece in problem.options[o] else "o")
    assert all(engine.count(split, engine=name).solutions == 0 for name in ENGINES)


def test_the_estimates_price_a_coloured_tree_as_the_searches_walk_it():
    """Both estimates take a coloured option's needs and claims as the searches do (they once took its items: a
    first-item tree of 5e14 nodes for 58,672, a fewest-options tree that died after 60), so the choice of engine
    weighs the real trees: here the compiled first-item search, a hundredth of a second."""
    problem = dodecahedron()
    for tree, searched in ((estimate.first_item(problem), engine.count(problem, engine="reference")),
                           (estimate.fewest(problem), engine.count(problem, engine="fewest"))):
        assert searched.nodes / 3 < tree.nodes < searched.nodes * 3


def test_the_memoised_counter_and_symmetry_step_aside_for_colours():
    problem, maps = board("6x10")
    twin = coloured_twin(problem, lambda o: "same")
    if memo.available():  # a count of some seconds (6x10's search is under the bet's two)
        assert engine.counter(board("iq5x11")[0]).name == engine.MEMOISED
    assert engine.counter(twin).name == engine.SEARCH
    with pytest.raises(memo.Unsuitable, match="colour"):
        memo.layout(twin)
    twin_maps = [list(m) + [len(problem.items)] for m in maps]
    group, why_not = counting.checked_group(twin, twin_maps)
    assert len(group) == 1 and "colour" in why_not
    small, small_maps = board("3x20")
    small_twin = coloured_twin(small, lambda o: "same")
    counted = counting.count(counting.Request(small_twin, [list(m) + [len(small.items)] for m in small_maps]))
    assert (counted.total, counted.symmetries) == (engine.count(small).solutions, 1)
    with pytest.raises(counting.CannotCount, match="colour"):
        counting.count(counting.Request(small_twin, [list(m) + [len(small.items)] for m in small_maps], distinct=True))


def test_colours_in_a_real_file_with_comments_blank_lines_and_repeated_names():
    text = ("| colours, Knuth's way\n\n  p q r | x y\n| a comment between options\n"
            "p q x y:A\n\np r x:A y\np x:B\n   q x:A\nr y:B\n")
    problem = dlx_text.loads(text)
    assert problem.colours == [("", "", "", "A"), ("", "", "A", ""), ("", "B"), ("", "A"), ("", "B")]
    assert problem.labels == [5, 7, 8, 9, 10]
    assert [sorted(s) for s in engine.Search(problem)] == [[1, 3]]
    assert dlx_text.loads(dlx_text.dumps(problem)).colours == problem.colours


@pytest.mark.parametrize("text, message", [
    ("p | x\np x:\n", r"line 2: 'x:' is not item:colour"),
    ("p | x\n\np :red\n", r"line 3: ':red' is not item:colour"),
    ("p | x\n| note\np x:a:b\n", r"line 3: 'x:a:b' is not item:colour"),
    ("p | x\np:red x\n", r"line 2: item 'p' is primary; only secondary items take a colour"),
    ("p | x:red\n", r"line 1: item names hold no ':'"),
    ("p | x\np x:red x:red\n", r"line 2: .*names an item twice"),
    ("p | x\np y:red\n", r"line 2: .*undeclared item 'y'"),
])
def test_bad_colours_name_the_line(text, message):
    with pytest.raises(dlx_text.FormatError, match=message):
        dlx_text.loads(text)


def test_colours_given_in_code_are_checked():
    problem = ExactCover(["p"], ["x"])
    with pytest.raises(ProblemError, match="one colour"):
        problem.add_option(["p", "x"], colours=["red"])
    with pytest.raises(ProblemError, match="primary"):
        problem.add_option(["p", "x"], colours=["red", None])
    with pytest.raises(ProblemError, match="without spaces"):
        problem.add_option(["p", "x"], colours=[None, "dark red"])
    problem.add_option(["p", "x"], colours=[None, None])
    assert not problem.coloured  # no colour given: nothing changes
    problem.add_option(["p", "x"], colours=[None, "red"])
    assert problem.colours == [("", ""), ("", "red")]
    sub, _ = problem.restricted([1])
    assert sub.colours == [("", "red")]


@pytest.mark.slow
def test_the_command_line_counts_a_coloured_file_and_names_a_bad_line(tmp_path):
    good = tmp_path / "dodecahedron.dlx"
    good.write_text(dlx_text.dumps(dodecahedron()), encoding="utf-8")
    done = run_xlsolver("count", str(good))
    assert done.returncode == 0 and "300 solutions" in done.stdout, done.stderr
    bad = tmp_path / "bad.dlx"
    bad.write_text("p | x\n| fine\np x:red:blue\n", encoding="utf-8")
    refused = run_xlsolver("count", str(bad))
    assert refused.returncode not in (0, 70)
    assert refused.stderr.strip().splitlines() == [f"xlsolver: {bad}: line 3: 'x:red:blue' is not item:colour "
                                                   "(one ':' between an item and its colour)"]
