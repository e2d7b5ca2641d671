"""The way to the next solution, in each front end's own words: the families name no button
(``Ask.another``), the workbook says "press Next", the command line "--solution 2" for a text puzzle and
the command that presses Next for a workbook's area."""
from __future__ import annotations

import json
import re

import pytest

from xlsolver import families
from xlsolver.families import Ask
from xlsolver.workbook import actions
from helpers import EXAMPLES
from workbook_helpers import committed_book, copy_of_board, press, status, type_into, values_of

HINT = EXAMPLES / "pento-6x10-hint.txt"  # many solutions
THREE_BY_TWENTY = "pieces: pentominoes\n" + "\n".join(["." * 20] * 3) + "\n"  # 8 solutions


def _puzzle(path=HINT):
    rows = path.read_text().splitlines()
    tiling = families.get("tiling")
    return tiling, tiling.parse(rows[1:], {"pieces": "pentominoes"})


def test_a_family_names_no_front_ends_way_to_the_next_solution():
    tiling, puzzle = _puzzle()
    plain = tiling.solve(puzzle, Ask())
    assert re.fullmatch(r"Solution 1, found in \d+\.\d\d s\.", plain.message), plain.message
    worded = tiling.solve(puzzle, Ask(another="ask again"))
    assert re.fullmatch(r"Solution 1 \(ask again for another\), found in \d+\.\d\d s\.", worded.message)
    assert tiling.solve(puzzle, Ask(unique=True)).message == "Not unique: at least two solutions."


def test_the_workbooks_status_lines_keep_their_words():
    book = committed_book()
    press(book, "Pento6x10", "solve")
    assert re.fullmatch(r"Solution 1 \(press Next for another\), found in \d+\.\d\d s\.", status(book, "Pento6x10"))
    press(book, "Pento6x10", "next")
    assert re.fullmatch(r"Solution 2, found in \d+\.\d\d s\.", status(book, "Pento6x10"))
    press(book, "Pento6x10", "unique")
    assert status(book, "Pento6x10") == "Not unique: at least two solutions (press Next to see more)."
    press(book, "Klotski", "solve")
    assert re.fullmatch(r"Solved in 81 moves \(piece metric\), [\d,]+ layouts explored in \d+\.\d\d s\. Press Next to "
                        r"step through\.", status(book, "Klotski"))
    assert actions.NEXT_WAY == "press Next"


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
def test_a_text_puzzle_says_how_to_see_another_and_solution_n_is_the_one_next_shows(tmp_path, cli):
    first = cli("solve", str(HINT))
    assert first.returncode == 0
    assert re.fullmatch(r"xlsolver: Solution 1 \(--solution 2 for another\), found in \d+\.\d\d s\.\n", first.stderr)
    assert "Next" not in first.stdout + first.stderr
    second = cli("solve", str(HINT), "--solution", "2")
    assert second.returncode == 0 and re.fullmatch(r"xlsolver: Solution 2, found in \d+\.\d\d s\.\n", second.stderr)
    assert second.stdout != first.stdout
    # the same puzzle typed into the sheet: Solve, then Next, shows what --solution 2 prints
    path = copy_of_board(tmp_path)
    type_into(path, "Pento6x10_In", [row.replace(".", " ") for row in HINT.read_text().splitlines()[1:]])
    press(path, "Pento6x10", "solve")
    press(path, "Pento6x10", "next")
    assert second.stdout.splitlines() == ["".join(row) for row in values_of(path, "Pento6x10_Out")]
    report = json.loads(cli("solve", str(HINT), "--solution", "3", "--json").stdout)
    assert report["status"] == "solved" and report["solution"] not in (first.stdout.split(), second.stdout.split())


def test_solution_n_past_the_last_is_no_solution_and_says_how_many_there_are(tmp_path, cli):
    puzzle = tmp_path / "3x20.txt"
    puzzle.write_text(THREE_BY_TWENTY)
    last = cli("solve", str(puzzle), "--solution", "8")
    assert last.returncode == 0 and last.stderr.startswith("xlsolver: Solution 8, found in ")
    past = cli("solve", str(puzzle), "--solution", "9")
    assert (past.returncode, past.stdout) == (1, "")
    assert past.stderr == f"xlsolver: no solution 9: {puzzle} has 8 solutions\n"
    report = json.loads(cli("solve", str(puzzle), "--solution", "9", "--json").stdout)
    assert (report["status"], report["solution"], report["solutions"]) == ("no solution", None, 8)


@pytest.mark.parametrize("args, message", [
    (["solve", str(HINT), "--solution", "2", "--unique"], "--solution and --unique"),
    (["solve", str(EXAMPLES / "zen-courtyard.txt"), "--family", "zen", "--solution", "2"],
     "--solution applies to puzzles that can have several solutions, not to zen"),
    (["solve", str(HINT), "--solution", "0"], "must be at least 1"),
])
def test_solution_n_is_refused_where_it_means_nothing(cli, args, message):
    result = cli(*args)
    assert result.returncode == 2 and message in result.stderr and result.stdout == ""


@pytest.mark.slow  # a workbook saved twice; the text puzzle's twin above stays in the quick run
def test_a_workbook_solved_from_the_command_line_names_the_command_for_the_next_one(tmp_path, cli):
    path = copy_of_board(tmp_path)
    out = tmp_path / "solved.xlsm"
    result = cli("solve", str(path), "-o", str(out))
    assert result.returncode == 0
    assert "press Next" not in result.stdout and "Press Next" not in result.stdout
    assert re.search(rf"^Pento6x10: Solution 1 \(run `xlsolver next {re.escape(str(out))} --area Pento6x10` for "
                     r"another\), found in \d+\.\d\d s\.$", result.stdout, re.M)
    assert re.search(r"^IQ5x11: The only solution, found in \d+\.\d\d s\.$", result.stdout, re.M)  # the sample
    assert re.search(rf"^Klotski: .*\. Run `xlsolver next {re.escape(str(out))} --area Klotski` to step through\.$",
                     result.stdout, re.M)
    assert status(out, "Pento6x10").startswith("Solution 1 (press Next for another), found in ")
    following = cli("next", str(out), "--area", "Pento6x10")  # the command it names does what Next does
    assert following.stdout.startswith("Pento6x10: Solution 2, found in ")


# --- "for another" only where another is known (issue 38) ---------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["solve", str(EXAMPLES / "iq-wizard-37.txt")],
    ["solve", str(EXAMPLES / "sudoku-x.txt"), "--family", "sudoku"],
    ["solve", str(EXAMPLES / "sudoku-jigsaw.txt"), "--family", "sudoku"],
    ["solve", str(EXAMPLES / "roadblock-1.txt"), "--family", "roadblock"],
    ["solve", str(EXAMPLES / "pyramid-81.txt")],
])
def test_a_puzzle_with_one_solution_says_it_is_the_only_one(cli, args):
    result = cli(*args)
    assert result.returncode == 0
    assert re.fullmatch(r"xlsolver: The only solution, found in \d+\.\d\d s\.\n", result.stderr), result.stderr
    assert json.loads(cli(*args, "--json").stdout)["unique"] is True


def _pigeons(holes: int) -> str:
    """A problem whose one solution is its first option, after which a fruitless pigeonhole search of some
    holes! nodes proves there is no other: the look for a second gives up long before."""
    pigeons = [f"p{i}" for i in range(holes + 1)]
    every = ["a", *pigeons, *(f"h{j}" for j in range(holes))]
    options = [" ".join(every), "a"] + [f"{p} h{j}" for p in pigeons for j in range(holes)]
    return "\n".join([" ".join(every)] + options) + "\n"


def test_another_may_exist_when_the_look_for_a_second_stops_at_its_budget(cli, tmp_path):
    problem = tmp_path / "pigeons.dlx"
    problem.write_text(_pigeons(8))
    first = cli("solve", str(problem))
    assert first.returncode == 0 and first.stdout.startswith("a p0 p1")
    assert re.fullmatch(r"xlsolver: Solution 1 \(another may exist: --solution 2\), found in \d+\.\d\d s\.\n",
                        first.stderr), first.stderr
    assert json.loads(cli("solve", str(problem), "--json").stdout)["unique"] is None
    assert cli("solve", str(problem), "--unique").stderr == "xlsolver: the solution is unique\n"  # searched to the end
    assert json.loads(cli("solve", str(problem), "--unique", "--json").stdout)["unique"] is True
