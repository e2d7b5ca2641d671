"""The ``xlsolver`` command as a user runs it, on real files.

Most tests call the command in-process (the ``cli`` fixture); the smoke tests marked so below
run the installed console script in a real process (``run_xlsolver``).
"""
from __future__ import annotations

import json

import pytest

from xlsolver import __version__
from helpers import EXAMPLES, run_xlsolver

# An X at the left end of 3x20 strands the corners A1 and A3: no solution.
STRANDED = "pieces: pentominoes\n" + "\n".join([".X" + "." * 18, "XXX" + "." * 17, ".X" + "." * 18]) + "\n"
# A 54-cell region cannot take 5-cell pieces, but it takes the engine long to find out.
HOPELESS = "".join(row + "\n" for row in [".........#.."] * 3 + [".........###"] * 3)


def no_traceback(result) -> None:
    assert "Traceback" not in result.stderr + result.stdout


def test_version():
    """Smoke test, real process: the console script runs and argparse's exit 0 reaches the shell."""
    result = run_xlsolver("--version")
    assert (result.returncode, result.stdout.strip()) == (0, f"xlsolver {__version__}")


@pytest.mark.parametrize("name", ["iq-starter-1", "iq-junior-13", "iq-expert-25", "iq-master-31",
                                  "iq-wizard-37", "iq-diamond-41"])
def test_solve_prints_the_booklet_answer_plain_when_piped(cli, iq_facts, name):
    result = cli("solve", str(EXAMPLES / f"{name}.txt"))
    assert result.returncode == 0, result.stderr
    challenge = next(c for c in iq_facts["sample_challenges"] if name.endswith("-" + c["id"]))
    # the example files mark cells off the diamond with '#', and the answer keeps them
    assert result.stdout.splitlines() == [row.replace(" ", "#") for row in challenge["solution"]]
    assert "\x1b[" not in result.stdout


def test_solve_colours_each_piece_when_asked(cli, iq_facts):
    result = cli("--colour", "always", "solve", str(EXAMPLES / "iq-starter-1.txt"))
    assert result.returncode == 0
    yellow = "48;2;247;213;29m"  # piece A's background, from the piece file's #f7d51d
    assert yellow in result.stdout and result.stdout.count("\x1b[0m") == 55


def test_solve_json_shape_and_uniqueness():
    """Smoke test, real process: JSON on a real stdout."""
    result = run_xlsolver("solve", str(EXAMPLES / "iq-master-31.txt"), "--json", "--unique")
    report = json.loads(result.stdout)
    assert result.returncode == 0
    assert report["status"] == "solved" and report["unique"] is True
    assert report["solution"][0] == "AAAALLHHHGG" and report["messages"] == ["the solution is unique"]
    assert report["pieces"] == "iq-puzzler-pro" and report["colours"]["A"] == "#f7d51d"


def test_solve_reads_standard_input():
    """Smoke test, real process: a plain solve from a real stdin pipe to a real stdout pipe."""
    grid = (EXAMPLES / "iq-starter-1.txt").read_text()
    result = run_xlsolver("solve", "-", stdin=grid)
    assert result.returncode == 0 and result.stdout.splitlines()[0] == "EAAAABGGGCC"


def test_invalid_grid_exits_2_and_names_cells(cli):
    grid = (EXAMPLES / "iq-starter-1.txt").read_text().replace("EAAAAB", "EQAAAB", 1)
    plain = cli("solve", "-", stdin=grid)
    assert plain.returncode == 2 and plain.stdout == ""
    assert plain.stderr.startswith("xlsolver: B1: 'Q' is not a piece of this set (iq-puzzler-pro")
    report = json.loads(cli("solve", "-", "--json", stdin=grid).stdout)
    assert report["status"] == "invalid" and report["solution"] is None
    assert report["messages"][0].startswith("B1: 'Q'")
    no_traceback(plain)


def test_no_solution_exits_1_and_says_why(cli):
    plain = cli("solve", "-", stdin=STRANDED)
    assert plain.returncode == 1
    assert plain.stderr.strip() == "xlsolver: no solution: no piece can cover A1, A3"
    report = json.loads(cli("solve", "-", "--json", stdin=STRANDED).stdout)
    assert report["status"] == "no solution" and report["solution"] is None


def test_time_limit_is_reported_not_mistaken_for_no_solution(cli):
    result = cli("solve", "-", "--json", "--time-limit", "0.5", stdin=HOPELESS)
    report = json.loads(result.stdout)
    assert result.returncode == 3 and report["status"] == "time limit" and report["solution"] is None


def test_count_board_total_and_distinct(cli):
    total = json.loads(cli("count", "--board", "3x20", "--json").stdout)
    assert (total["solutions"], total["complete"], total["distinct"]) == (8, True, False)
    distinct = json.loads(cli("count", "--board", "scott", "--distinct", "--json").stdout)
    assert (distinct["solutions"], distinct["total"], distinct["symmetry_group_order"]) == (65, 520, 8)
    text = cli("count", "--board", "3x20")
    assert text.stdout.startswith("8 solutions (2 up to the 4 symmetries of the board), complete")


@pytest.mark.slow
def test_count_limit_and_time_limit_are_incomplete():
    """A real process: with the compiled engine already loaded, 6x10 is counted in under 0.3 s;
    a fresh process loads it within the time limit, and so stops (the check relies on that)."""
    limited = json.loads(run_xlsolver("count", "--board", "6x10", "--limit", "5", "--json").stdout)
    assert (limited["solutions"], limited["complete"], limited["stopped"]) == (5, False, "limit")
    timed = run_xlsolver("count", "--board", "6x10", "--time-limit", "0.3", "--json")
    report = json.loads(timed.stdout)
    assert timed.returncode == 0 and report["complete"] is False and report["stopped"] == "time limit"
    assert "at least" in run_xlsolver("count", "--board", "6x10", "--limit", "3").stdout


def test_count_a_puzzle_with_hints_and_the_pieces_flag(cli):
    result = cli("count", str(EXAMPLES / "iq-expert-25.txt"), "--pieces", "iq-puzzler-pro", "--json")
    assert json.loads(result.stdout)["solutions"] == 1


def test_saved_dlx_problem_replays_with_the_same_answer(cli, tmp_path):
    saved = tmp_path / "challenge.dlx"
    solved = cli("solve", str(EXAMPLES / "iq-junior-13.txt"), "--save-dlx", str(saved))
    assert solved.returncode == 0
    text = saved.read_text()
    assert text.startswith("| xlsolver:") and text.splitlines()[1].split()[:2] == ["A1", "A2"]
    replay = json.loads(cli("count", str(saved), "--json").stdout)
    assert (replay["solutions"], replay["complete"]) == (1, True)


def test_pieces_and_boards_are_listed_with_pictures(cli):
    pieces = cli("pieces")
    assert pieces.returncode == 0
    assert "pentominoes: Pentominoes" in pieces.stdout and "IIIII" in pieces.stdout
    boards = cli("boards")
    assert "iqdiamond:" in boards.stdout and "1,376,400 solutions" in boards.stdout
    assert json.loads(cli("boards", "--json").stdout)["scott"]["symmetry_group_order"] == 8
    assert json.loads(cli("pieces", "--json").stdout)["iq-puzzler-pro"]["area"] == 55


@pytest.mark.parametrize("args, fragment", [
    (["solve", "missing.txt"], "cannot read 'missing.txt': no such file"),
    (["solve", str(EXAMPLES)], "it is a folder"),
    (["count", "--board", "7x7"], "unknown board '7x7'"),
    (["solve", str(EXAMPLES / "iq-starter-1.txt"), "--pieces", "hexominoes"], "unknown piece set 'hexominoes'"),
    (["count", "--board", "6x10", "--limit", "0"], "must be at least 1"),
    (["count", "--board", "6x10", "--time-limit", "soon"], "is not a number of seconds"),
    (["solve", "--frobnicate", "x.txt"], "unrecognized arguments"),
    (["count"], "one of the arguments"),
    (["count", "x.dlx", "--distinct"], "--distinct needs a board"),
    ([], "usage"),
])
def test_bad_usage_gives_one_clear_message_and_exit_2(cli, args, fragment):
    result = cli(*args)
    assert result.returncode == 2
    assert fragment in result.stderr
    no_traceback(result)


def test_binary_and_empty_files_are_refused_cleanly(cli, tmp_path):
    binary = tmp_path / "photo.txt"
    binary.write_bytes(bytes(range(256)))
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n")
    bad_dlx = tmp_path / "bad.dlx"
    bad_dlx.write_text("a b\na c\n")
    for path, fragment in [(binary, "not a UTF-8 text file"), (empty, "holds no grid")]:
        result = cli("solve", str(path))
        assert result.returncode == 2 and fragment in result.stderr
        no_traceback(result)
    result = cli("count", str(bad_dlx))
    assert result.returncode == 2 and "bad.dlx: line 2: option uses undeclared item 'c'" in result.stderr
