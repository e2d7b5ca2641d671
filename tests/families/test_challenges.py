"""Hints, grades and generated challenges (xlsolver/families/challenges.py), for every family that makes them."""
from __future__ import annotations

import json
import re

import pytest

from xlsolver import families
from xlsolver.families import Ask, attempts, challenges, generating, grading, levels
from helpers import EXAMPLES

CORNER_CUT_OFF = [".X........", "XXX.......", ".X........"] + ["." * 10] * 3  # A1 can never be covered
BOOKLET = ("starter-1", "junior-13", "expert-25", "master-31", "wizard-37")  # published levels, easiest first


def rows_of(name: str) -> list[str]:
    return (EXAMPLES / name).read_text().splitlines()


def solutions(family: str, rows: list[str], settings=None, limit: int = 2) -> int:
    """How many solutions a grid has (up to ``limit``), through the family's own reading and count."""
    chosen = families.get(family)
    return chosen.count(chosen.parse(rows, settings or {}), Ask(limit=limit)).data["solutions"]


def hints_to_the_end(family: str, rows: list[str], settings=None) -> tuple[list[str], list[dict]]:
    """Take hints until there is nothing left to hint: the last grid and every hint's JSON figures."""
    chosen, taken = families.get(family), []
    while True:
        answer = chosen.hint(chosen.parse(rows, settings or {}), Ask())
        if not answer.data["typed"]:
            return rows, taken
        taken.append(answer.data)
        rows = answer.data["rows"]


@pytest.mark.parametrize("family, example", [("tiling", "iq-expert-25.txt"), ("ghost-hunter", "ghost-hunter-49.txt"),
                                             ("roadblock", "roadblock-1.txt"), ("sudoku", "sudoku-17-given.txt")])
def test_hints_one_piece_at_a_time_end_in_the_solution(family, example):
    chosen = families.get(family)
    rows = rows_of(example)
    solved = chosen.solve(chosen.parse(rows, {}), Ask()).data["solution"]
    last, taken = hints_to_the_end(family, rows)
    assert [row.rstrip() for row in last] == [row.rstrip() for row in solved]
    pieces = {frozenset(ch.upper() for _, _, ch in hint["typed"]) for hint in taken}
    assert family == "sudoku" or all(len(letters) == 1 for letters in pieces)  # each hint is one piece
    assert len(taken) == len({tuple(map(tuple, hint["typed"])) for hint in taken})  # never the same one twice


def test_a_hint_is_the_most_constrained_piece():
    tiling = families.get("tiling")
    answer = tiling.hint(tiling.parse(rows_of("iq-wizard-37.txt"), {}), Ask())
    assert answer.data["hint"] == "H" and answer.message.startswith("Hint: H at B1, C1, D1, D2, D3 (")
    # no cell and no piece has fewer ways left once G and C (given) are placed: counted over the options
    problem = tiling.parse(rows_of("iq-wizard-37.txt"), {}).problem
    covered = {i for o, label in enumerate(problem.labels) if label[0] in "GC" for i in problem.options[o]}
    ways: dict[int, int] = {}
    for items in problem.options:
        if covered.isdisjoint(items):
            for i in items:
                ways[i] = ways.get(i, 0) + 1
    assert f"{min(ways.values())} ways left" in answer.message


def test_a_puzzle_with_several_solutions_or_none_gets_no_hint():
    tiling = families.get("tiling")
    several = tiling.hint(tiling.parse(rows_of("pento-6x10-hint.txt")[1:], {"pieces": "pentominoes"}), Ask())
    assert several.status == "not unique" and several.message.startswith("No hint: this puzzle has more than one")
    none = tiling.hint(tiling.parse(CORNER_CUT_OFF, {"pieces": "pentominoes"}), Ask())
    assert none.status == "no solution" and not none.data["typed"]


def test_the_booklet_samples_grade_at_their_published_levels_in_their_order():
    tiling = families.get("tiling")
    grades = [grading.grade(tiling.parse(rows_of(f"iq-{name}.txt"), {})) for name in BOOKLET]
    assert [g.difficulty for g in grades] == sorted(g.difficulty for g in grades)
    assert len({g.difficulty for g in grades}) == len(grades)
    assert [g.given for g in grades] == [9, 8, 5, 4, 2]
    published = [name.split("-")[0] for name in BOOKLET]
    assert grades[0].level == "starter" and grades[-1].level == "wizard"  # junior 13 grades Starter (docs/levels.md)
    assert all(abs(levels.LEVELS.index(g.level) - levels.LEVELS.index(p)) <= 1 for g, p in zip(grades, published))


def minimal_and_unique(family: str, challenge: generating.Challenge, settings=None) -> bool:
    """Checked from the text alone: one solution, and taking away any given piece lets a second one in."""
    chosen = families.get(family)
    if solutions(family, challenge.rows, settings) != 1:
        return False
    ghost = family == "ghost-hunter"  # a lamp (lower case) on a ghost leaves the ghost when its tile goes

    def emptied(cells: dict) -> list[str]:
        return challenges.overlay(challenge.rows, {cell: "G" if ghost and ch.islower() else "."
                                                   for cell, ch in cells.items()})

    typed_cells = {(r, c): ch for r, row in enumerate(challenge.rows) for c, ch in enumerate(row)
                   if ch not in ".# " and not (ghost and ch == "G")}
    blank = chosen.parse(emptied(typed_cells), settings or {})
    given = [cells for cells in (challenges.typed(blank, o) for o in range(len(blank.problem.options)))
             if challenges.is_given(challenge.rows, cells)]
    assert sum(len(cells) for cells in given) == len(typed_cells)
    for cells in given:
        if solutions(family, emptied(cells), settings) < 2:
            return False
    return True


@pytest.mark.parametrize("family, board, settings", [
    ("tiling", ["." * 20] * 3, {"pieces": "pentominoes"}),
    ("ghost-hunter", ["...."] * 4, {}),
    ("sudoku", ["...."] * 4, {}),
])
def test_minimal_challenges_are_unique_minimal_and_reproducible(family, board, settings):
    chosen = families.get(family)
    made = list(chosen.generate(board, settings, generating.Request(count=2, seed=5, minimal=True)))
    assert [c.seed for c in made] == [5, 6]
    for challenge in made:
        assert minimal_and_unique(family, challenge, settings), challenge.rows
        assert challenge.grade.level in levels.LEVELS
    again = list(chosen.generate(board, settings, generating.Request(count=2, seed=5, minimal=True)))
    assert [c.rows for c in again] == [c.rows for c in made]


def test_a_ghost_hunter_challenge_marks_the_ghosts_under_its_lamps():
    made = next(families.get("ghost-hunter").generate(["...."] * 4, {}, generating.Request(seed=3)))
    ghosts = sum(row.upper().count("G") + sum(ch.islower() for ch in row) for row in made.rows)
    assert ghosts == 6 and sum(ch.islower() for row in made.solution for ch in row) == 6


def test_generate_keeps_the_letters_typed_on_the_board():
    tiling = families.get("tiling")
    solved = tiling.solve(tiling.parse(["." * 20] * 3, {"pieces": "pentominoes"}), Ask()).data["solution"]
    corner = solved[0][0]  # the piece in the top-left corner of one solution stays where it is typed
    board = ["".join(ch if ch == corner else "." for ch in row) for row in solved]
    made = next(tiling.generate(board, {"pieces": "pentominoes"}, generating.Request(seed=1)))
    assert all(ch == corner for row, mine in zip(made.solution, board) for ch, typed in zip(row, mine) if typed != ".")
    with pytest.raises(families.Unsupported, match="no solution"):
        next(tiling.generate(CORNER_CUT_OFF, {"pieces": "pentominoes"}, generating.Request()))


def test_generate_and_hint_on_the_command_line(cli, tmp_path):
    result = cli("generate", "--board", "3x20", "-n", "2", "--seed", "4", "--json")
    data = json.loads(result.stdout)
    assert data["status"] == "solved" and [c["seed"] for c in data["challenges"]] == [4, 5]
    result = cli("generate", "--board", "3x20", "--seed", "4", "-o", str(tmp_path / "made"))
    path = tmp_path / "made" / "3x20-{}-4.txt".format(data["challenges"][0]["level"])
    assert result.returncode == 0 and result.stdout.startswith(f"{path}: 3x20, seed 4: ")
    assert cli("solve", str(path), "--unique").returncode == 0
    assert path.read_text().startswith("title: 3x20, seed 4: ")

    puzzle = tmp_path / "wizard.txt"
    puzzle.write_text((EXAMPLES / "iq-wizard-37.txt").read_text())
    hinted = cli("hint", str(puzzle), "-o", str(tmp_path / "hinted.txt"))
    assert hinted.returncode == 0 and "Hint: H at B1, C1, D1, D2, D3" in hinted.stdout
    assert (tmp_path / "hinted.txt").read_text().splitlines()[0] == "GHHH......."
    for _ in range(10):  # wizard 37 gives 2 pieces of 12; the first hint went to hinted.txt
        out = cli("hint", str(puzzle), "--in-place").stdout
        if "Nothing to hint" in out:
            break
        assert out.startswith("Hint: ")
    assert "." not in puzzle.read_text()
    several = cli("hint", str(EXAMPLES / "pento-6x10-hint.txt"))
    assert several.returncode == 4 and "more than one solution" in several.stdout + several.stderr


def test_generate_refuses_what_it_cannot_do(cli):
    assert cli("generate", "--board", "3x20", "--level", "easy").returncode == 2
    klotski = cli("generate", str(EXAMPLES / "klotski-hengdaolima.txt"), "--family", "klotski")
    assert klotski.returncode == 2


@pytest.mark.slow
def test_minimal_iq_challenges_of_a_level_are_unique_minimal_and_of_that_level():
    tiling = families.get("tiling")
    rows, settings = tiling.board("iq5x11")
    for level in ("expert", "master"):  # minimal challenges give 3 to 5 pieces: the booklet's Junior to Master
        made = list(tiling.generate(rows, settings, generating.Request(count=2, seed=0, level=level, minimal=True)))
        assert len(made) == 2
        for challenge in made:
            assert challenge.grade.level == level and minimal_and_unique("tiling", challenge, settings)
            assert grading.grade(tiling.parse(challenge.rows, settings)).difficulty == challenge.grade.difficulty


def test_generate_gives_up_on_a_count_the_board_never_makes_and_says_what_it_made(cli, tmp_path):
    # one clue never leaves a 4 x 4 sudoku one solution, however many seeds are tried
    board = tmp_path / "sudoku4.txt"
    board.write_text("family: sudoku\n....\n....\n....\n....\n")
    result = cli("generate", str(board), "--given", "1", "--tries", "2", "--json")
    data = json.loads(result.stdout)
    assert result.returncode == 5 and data["challenges"] == []
    message = data["messages"][0]
    assert message.startswith("seeds 0 to 1 made no 1-given challenge of this board; they made: none")
    assert "--tries" in message and "--tries" in result.stderr
    minimal = cli("generate", "--board", "3x20", "--minimal", "--given", "11", "--tries", "2", "--json")
    said = json.loads(minimal.stdout)["messages"][0]  # minimal 3 x 20 challenges give a piece or two, never 11
    assert said.startswith("seeds 0 to 1 made no 11-given minimal challenge of this board; they made: ")
    assert sum(int(n) for n in re.findall(r"(?:Starter|Junior|Expert|Master|Wizard) (\d+)", said)) == 2


@pytest.mark.slow
def test_a_random_solution_is_a_solution_drawn_again_by_its_seed_whichever_engine_searches(monkeypatch):
    """The fewest-options search draws it, in plain Python or compiled (where numba is loaded): the same nodes and
    the same first solution either way, so a seed makes the same challenge on every machine."""
    import random

    from xlsolver.engine import fast

    solid = families.get("solid")
    pyramid = solid.parse(*solid.board("pyramid"))
    drawn = attempts.random_solution(pyramid, random.Random(1))
    assert pyramid.problem.is_solution(drawn) and attempts.random_solution(pyramid, random.Random(1)) == drawn
    monkeypatch.setattr(fast, "available", lambda: False)  # plain Python only
    assert attempts.random_solution(pyramid, random.Random(1)) == drawn
