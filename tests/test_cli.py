"""The ``xlsolver`` command as a user runs it, on real files.

Most tests call the command in-process (the ``cli`` fixture); the smoke tests marked so below
run the installed console script in a real process (``run_xlsolver``).
"""
from __future__ import annotations

import json
import re

import pytest

from xlsolver import __version__
from xlsolver.base import clock
from xlsolver.engine import dlx_text
from helpers import EMPTY_SUDOKU, EXAMPLES, run_xlsolver, small_search_engine
from problems import dominoes

# An X at the left end of 3x20 strands the corners A1 and A3: no solution.
STRANDED = "pieces: pentominoes\n" + "\n".join([".X" + "." * 18, "XXX" + "." * 17, ".X" + "." * 18]) + "\n"
# A 54-cell region cannot take 5-cell pieces, but it takes the engine long to find out.
#: The 18 one-sided pentominoes on 3 x 30: the first of its 184 tilings lies a quarter of a million
#: nodes deep, so a time limit reached at the search's first look at the clock stops it before any answer.
DEEP = "".join(["." * 30 + "\n"] * 3)


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


def test_time_limit_is_reported_not_mistaken_for_no_solution(cli, step_clock):
    result = cli("solve", "-", "--json", "--time-limit", "0.05", stdin=DEEP)
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
    """A real process, on the real clock: a count that cannot end (an empty sudoku) stops at its time limit."""
    limited = json.loads(run_xlsolver("count", "--board", "6x10", "--limit", "5", "--json").stdout)
    assert (limited["solutions"], limited["complete"], limited["stopped"]) == (5, False, "limit")
    timed = run_xlsolver("count", "-", "--time-limit", "0.5", "--json", stdin=EMPTY_SUDOKU,
                         env={clock.VARIABLE: ""})
    report = json.loads(timed.stdout)
    assert timed.returncode == 5 and report["complete"] is False and report["stopped"] == "time limit"
    assert report["status"] == "incomplete"
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
    (["solve", str(EXAMPLES / "iq-starter-1.txt"), "--pieces", "heptominoes"], "unknown piece set 'heptominoes'"),
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


def test_the_command_given_is_declared_alone_and_a_wrong_one_hears_of_every_command(cli):
    """argparse spends about 0.2 ms on each command's parser, so a command given is the only one made; --help and
    a word that is no command make them all (the message lists them)."""
    from xlsolver.cli import parser
    from xlsolver.families import cards

    def listed(help_text: str) -> list[str]:
        return re.findall(r"^    (\S+)", help_text.split("commands:")[1], re.MULTILINE)

    every = [*parser.COMMANDS, *(card.command for card in cards().values() if card.command)]
    assert sorted(listed(cli("--help").stdout)) == sorted(every)
    wrong = cli("frobnicate")
    assert wrong.returncode == 2 and all(f"'{name}'" in wrong.stderr for name in every)
    assert listed(parser._parser(["count", "x.dlx"]).format_help()) == ["count"]
    assert listed(parser._parser(["--colour", "never", "klotski", "solve"]).format_help()) == ["klotski"]


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


# --- exit codes: one table (answer.Status.exit_code), the same in --help, the guide and here ----------

def test_exit_codes_are_one_table():
    from xlsolver.base.answer import EXIT_CODES, INTERNAL_ERROR_EXIT, Status

    assert {status.value: code for status, code in EXIT_CODES.items()} == {
        "solved": 0, "counted": 0, "cleared": 0, "no solution": 1, "invalid": 2, "error": 2, "time limit": 3,
        "not unique": 4, "incomplete": 5, "limit": 5, "cancelled": 130}
    assert set(EXIT_CODES) == set(Status) and INTERNAL_ERROR_EXIT == 70


def test_help_and_the_guide_list_every_exit_code(cli):
    from pathlib import Path

    help_text = " ".join(cli("--help").stdout.split())
    guide = (Path(__file__).parents[1] / "docs" / "command-line.md").read_text(encoding="utf-8")  # the table
    for code, words in [(0, "done"), (1, "no solution"), (2, "bad input or usage"), (3, "time limit"),
                        (4, "not unique"), (5, "incomplete count"), (70, "internal error"), (130, "interrupted")]:
        assert f"{code} {words}" in help_text
        assert f"| {code} | {words}" in guide


def test_unique_on_a_puzzle_with_several_solutions_exits_4(cli):
    hint = str(EXAMPLES / "pento-6x10-hint.txt")
    first = cli("solve", hint).stdout.splitlines()[0]
    plain = cli("solve", hint, "--unique")
    assert plain.returncode == 4 and plain.stdout.splitlines()[0] == first  # the first one is shown
    assert plain.stderr == "xlsolver: there is more than one solution\n"
    report = json.loads(cli("solve", hint, "--unique", "--json").stdout)
    assert report["status"] == "not unique" and report["unique"] is False and report["solution"][0] == first
    unique = cli("solve", str(EXAMPLES / "iq-master-31.txt"), "--unique")
    assert unique.returncode == 0 and unique.stderr == "xlsolver: the solution is unique\n"


def test_unique_is_exit_4_from_a_real_process_too():
    """Smoke test, real process: exit 4 reaches the shell."""
    result = run_xlsolver("solve", str(EXAMPLES / "pento-6x10-hint.txt"), "--unique")
    assert result.returncode == 4 and "more than one solution" in result.stderr


def test_count_stopped_by_limit_exits_5_and_says_so(cli):
    plain = cli("count", "--board", "6x10", "--limit", "5")
    assert plain.returncode == 5
    assert plain.stdout.startswith("at least 5 solutions: incomplete, --limit 5 reached after")
    report = json.loads(cli("count", "--board", "6x10", "--limit", "1", "--json").stdout)
    assert (report["status"], report["stopped"], report["complete"]) == ("incomplete", "limit", False)
    one = cli("count", "--board", "6x10", "--limit", "1")
    assert one.stdout.startswith("at least 1 solution: incomplete, --limit 1 reached after")
    done = cli("count", "--board", "3x20", "--limit", "100")  # fewer than the limit: complete, exit 0
    assert done.returncode == 0 and done.stdout.startswith("8 solutions")


@pytest.mark.slow
def test_a_limited_count_does_the_work_of_the_cheaper_count(cli):
    """--limit never costs more than the count without it: a few of IQ5x11's 4,331,140 tilings are found
    at once by a search (in C, or in plain Python where that was not built); for more of them (or all,
    --distinct too) the memoised counter counts them all, as the count without --limit does, and the limit
    is applied to its count."""
    def counted(*args: str) -> tuple:
        result = cli("count", "--board", "iq5x11", *args, "--json")
        report = json.loads(result.stdout)
        return result.returncode, report["engine"], report["solutions"], report["complete"], report["stopped"]

    def without_engine(figures: tuple) -> tuple:  # a fiftieth of the search: searched, or counted by memo
        return figures[:1] + figures[2:]

    assert counted("--limit", "2") == (5, small_search_engine().NAME, 2, False, "limit")
    assert without_engine(counted("--limit", "100000")) == (5, 100_000, False, "limit")  # searched, or counted
    assert counted("--limit", "5000000") == (0, "memo", 4_331_140, True, None)
    assert without_engine(counted("--distinct", "--limit", "100000")) == (5, 100_000, False, "limit")
    assert counted("--distinct", "--limit", "2000000") == (0, "memo", 1_082_785, True, None)


def test_count_stopped_by_time_limit_exits_5_and_says_so(cli, step_clock):
    result = cli("count", "--board", "iq5x11", "--time-limit", "0.2", "--json")
    report = json.loads(result.stdout)
    assert result.returncode == 5
    assert (report["status"], report["stopped"], report["complete"]) == ("incomplete", "time limit", False)
    plain = cli("count", "--board", "iq5x11", "--time-limit", "0.2")
    assert plain.returncode == 5 and "incomplete, --time-limit 0.2 reached after" in plain.stdout


def test_workbook_count_that_stops_reads_as_a_sentence():
    from xlsolver.families import Ask, exact

    answer = exact._counted({"solutions": 1, "complete": False, "stopped": "time limit", "distinct": False,
                             "up_to_symmetry": None, "symmetry_group_order": 1, "seconds": 2.0, "explored": 0.25},
                            Ask(time_limit=2))
    assert answer.status.exit_code == 5
    assert answer.message == ("At least 1 solution so far: stopped by the 2 s time limit with about 25% searched. "
                              "Raise the time limit to finish.")


def test_internal_error_exits_70_in_one_line(cli, monkeypatch):
    from xlsolver.geometry import catalog

    def broken():
        raise RuntimeError("boom")

    monkeypatch.setattr(catalog, "piece_sets", broken)
    result = cli("pieces")
    assert result.returncode == 70
    assert result.stderr == "xlsolver: internal error (RuntimeError: boom); please report it\n"


def test_interrupted_exits_130(cli, monkeypatch):
    """Ctrl-C during a count: it stops with what it found; outside a search: one line."""
    import contextlib
    import threading

    from xlsolver.geometry import catalog
    from xlsolver.cli import puzzles as counting_command

    @contextlib.contextmanager
    def pressed():
        stop = threading.Event()
        stop.set()
        yield stop

    monkeypatch.setattr(counting_command, "interruptible", pressed)
    counted = cli("count", "--board", "6x10", "--json")
    assert counted.returncode == 130 and json.loads(counted.stdout)["status"] == "cancelled"
    monkeypatch.undo()

    def ctrl_c():
        raise KeyboardInterrupt

    monkeypatch.setattr(catalog, "boards", ctrl_c)
    listing = cli("boards")
    assert (listing.returncode, listing.stderr) == (130, "xlsolver: interrupted\n")


def test_no_solution_and_bad_usage_keep_1_and_2(cli):
    assert cli("solve", "-", stdin=STRANDED).returncode == 1
    assert cli("count", "--board", "nope").returncode == 2


# --- --jobs ------------------------------------------------------------------------------------------

def test_jobs_above_the_core_count_warn_once_and_are_capped(cli, monkeypatch):
    from xlsolver import counting
    from xlsolver.counting.parallel import usable_cores

    monkeypatch.setattr(counting, "SPLIT_ABOVE_SECONDS", 0.0)  # 3x20 is too short to split by itself
    cores = usable_cores()
    result = cli("count", "--board", "3x20", "--jobs", "1000", "--json")
    assert result.returncode == 0
    noun = "core" if cores == 1 else "cores"
    assert result.stderr == f"xlsolver: --jobs 1000 is more than the {cores} {noun} available; using {cores}\n"
    report = json.loads(result.stdout)
    assert (report["solutions"], report["jobs"]) == (8, cores)
    assert cli("count", "--board", "3x20", "--jobs", "1").stderr == ""


def test_a_small_count_without_jobs_stays_in_one_process(cli):
    """Without --jobs the count chooses; 3x20's search is milliseconds, so it is not split."""
    report = json.loads(cli("count", "--board", "3x20", "--json").stdout)
    assert (report["solutions"], report["jobs"], report["counter"]) == (8, 1, "symmetry plan")


# --- messages read as sentences ----------------------------------------------------------------------

def test_values_are_shown_as_typed_not_as_python():
    import datetime

    from xlsolver.base.answer import typed
    from xlsolver.families import InvalidPuzzle, roadblock

    assert [typed(v) for v in (None, "", "hard", 3, 2.0, 2.5, True, datetime.datetime(2024, 5, 1),
                               datetime.datetime(2024, 5, 1, 9, 30), datetime.date(2024, 5, 1))] == [
        "empty", "empty", "'hard'", "3", "2", "2.5", "TRUE", "2024-05-01", "2024-05-01T09:30:00", "2024-05-01"]
    for value, shown in [(datetime.datetime(2024, 5, 1), "2024-05-01"), (7.0, "7"), ("Hard", "'Hard'")]:
        with pytest.raises(InvalidPuzzle) as raised:
            roadblock.PLAY.word(value, "O12")
        assert raised.value.messages == [f"O12: play is Easy or Advanced, not {shown}"]
        assert "datetime" not in raised.value.messages[0]


def test_a_setting_the_family_does_not_take_is_an_error_naming_both(cli):
    from xlsolver import families
    from xlsolver.families import InvalidPuzzle, Settings

    hint = str(EXAMPLES / "pento-6x10-hint.txt")
    result = cli("solve", hint, "--mode", "advanced")
    assert result.returncode == 2 and result.stderr == "xlsolver: --mode does not apply to tiling puzzles\n"
    rows = (EXAMPLES / "pento-6x10-hint.txt").read_text().splitlines()
    with pytest.raises(InvalidPuzzle) as raised:
        families.get("tiling").parse(rows, Settings({"mode": "advanced"}, {"mode": "the 'mode:' line"}))
    assert raised.value.messages[0] == "the 'mode:' line does not apply to tiling puzzles"
    turned = cli("solve", hint, "--turn-over", "no")
    assert turned.returncode == 2 and turned.stderr.startswith(
        "xlsolver: --turn-over applies to pieces drawn on the Custom sheet")


def test_area_names_are_case_insensitive():
    from xlsolver.workbook import layout

    assert layout.area("pento6X10").name == layout.area("PENTO6X10").name == "Pento6x10"
    assert layout.area("roadblock").name == "RoadBlock" and layout.area("nowhere") is None


def domino_dlx(path, n: int):
    """The domino tilings of an n x n square as a DLX file: a cell is an item, a domino placement an option."""
    path.write_text(dlx_text.dumps(dominoes(n, n)))
    return str(path)


def test_a_count_past_2_63_is_printed_and_given_in_json_exactly(cli, tmp_path):
    """OEIS A004003: the 14 x 14 square's 112,202,208,776,036,178,000,000 domino tilings, with thousands
    separators on the line and as a JSON integer (not a float, which would keep 16 digits)."""
    problem = domino_dlx(tmp_path / "dominoes.dlx", 14)
    line = cli("count", problem)
    assert line.returncode == 0 and line.stdout.startswith("112,202,208,776,036,178,000,000 solutions")
    data = json.loads(cli("count", problem, "--json").stdout)
    assert data["solutions"] == 112_202_208_776_036_178_000_000 and data["counter"] == "memoised"


def test_a_count_that_would_outgrow_the_memory_limit_names_it_and_how_to_raise_it(cli, tmp_path):
    """The 16 x 16 square's tables need about 7 MB: under --memory 1 the count stops with a usage error
    (it used to search instead, for about 10**23 years); under the default it is made."""
    problem = domino_dlx(tmp_path / "dominoes.dlx", 16)
    refused = cli("count", problem, "--memory", "1")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith("xlsolver: counting this needs more than the memory limit of 1 MB, and searching "
                                     "instead would take about ")
    assert refused.stderr.rstrip().endswith("years: raise the limit with --memory MB")
    assert cli("count", problem).stdout.startswith("2,444,888,770,250,892,795,802,079,170,816 solutions")


# --- the solution diagram: --index, --random, --frequencies ------------------------------------------

def test_index_numbers_solutions_in_a_fixed_order_and_random_names_its_number(cli, tmp_path):
    """The X-given 6 x 10 board (337 solutions): solution K by --index is the same as a .dlx file of the
    same problem gives; --random --seed repeats, and says which number it drew."""
    hint = str(EXAMPLES / "pento-6x10-hint.txt")
    dlx = tmp_path / "hint.dlx"
    first = cli("solve", hint, "--index", "1", "--json", "--save-dlx", str(dlx))
    last = json.loads(cli("solve", hint, "--index", "337", "--json").stdout)
    data = json.loads(first.stdout)
    assert first.returncode == 0 and (data["number"], data["solutions"], data["engine"]) == (1, 337, "diagram")
    assert data["solution"] != last["solution"] and last["number"] == 337
    past = cli("solve", hint, "--index", "338")
    assert past.returncode == 1 and "no solution 338: there are 337 solutions" in past.stderr
    grid = [["."] * 10 for _ in range(6)]
    for line in cli("solve", str(dlx), "--index", "337").stdout.splitlines():  # "F B1 C1 A2 B2 B3": piece, cells
        letter, *cells = line.split()
        for cell in cells:
            grid[int(cell[1:]) - 1][ord(cell[0]) - ord("A")] = letter
    assert ["".join(row) for row in grid] == last["solution"]
    drawn = [json.loads(cli("solve", hint, "--random", "--seed", "5", "--json").stdout) for _ in range(2)]
    assert drawn[0]["solution"] == drawn[1]["solution"] and drawn[0]["seed"] == 5
    again = json.loads(cli("solve", hint, "--index", str(drawn[0]["number"]), "--json").stdout)
    assert again["solution"] == drawn[0]["solution"]
    unseeded = cli("solve", hint, "--random")
    assert unseeded.returncode == 0 and "Drawn at random (seed " in unseeded.stderr


def test_frequencies_table_json_and_heat_map(cli):
    hint = str(EXAMPLES / "pento-6x10-hint.txt")
    data = json.loads(cli("count", hint, "--frequencies", "--json").stdout)
    assert data["solutions"] == 337 and data["counter"] == "diagram"
    counts = data["frequencies"]
    assert sum(counts.values()) == 12 * 337  # twelve pieces in every solution
    assert [label for label, n in counts.items() if n == 337] == ["X E3 D4 E4 F4 E5"]  # the given X
    pieces, shares = data["heat_map"]["pieces"], data["heat_map"]["shares"]
    given = {(r, c) for r, row in enumerate(pieces) for c, ch in enumerate(row) if ch == "X"}
    assert given == {(2, 4), (3, 3), (3, 4), (3, 5), (4, 4)}  # as typed: no share
    assert all((s is None) == ((r, c) in given) for r, row in enumerate(shares) for c, s in enumerate(row))
    assert all(0 < s <= 100 for row in shares for s in row if s is not None)
    text = cli("count", hint, "--frequencies")
    lines = text.stdout.splitlines()
    assert text.returncode == 0 and lines[0].split() == ["337", "100.0%", "X", "E3", "D4", "E4", "F4", "E5"]
    assert "most frequent piece" in text.stdout and "its share (%)" in text.stdout


@pytest.mark.parametrize("args, words", [
    (["solve", "PUZZLE", "--seed", "3"], "--seed applies with --random"),
    (["solve", "PUZZLE", "--index", "2", "--random"], "leave out one of them"),
    (["solve", "PUZZLE", "--index", "2", "--solution", "2"], "--index and --solution"),
    (["solve", "PUZZLE", "--index", "0"], "--index"),
    (["count", "PUZZLE", "--frequencies", "--limit", "4"], "leave out --limit"),
    (["count", "PUZZLE", "--frequencies", "--memory", "1"], "more than 1 MB (--memory)"),
    (["solve", "ROADBLOCK", "--family", "roadblock", "--random"], "side condition"),
    (["solve", "KLOTSKI", "--family", "klotski", "--index", "1"], "--index applies to exact-cover puzzles"),
])
def test_diagram_options_refused_in_one_line(cli, args, words):
    files = {"PUZZLE": EXAMPLES / "pento-6x10-hint.txt", "ROADBLOCK": EXAMPLES / "roadblock-1.txt",
             "KLOTSKI": EXAMPLES / "klotski-hengdaolima.txt"}
    if args[1] == "PUZZLE" and "--memory" in args:
        files["PUZZLE"] = EXAMPLES / "pento-6x10-hint.txt"
    result = cli(*[str(files.get(a, a)) for a in args])
    assert result.returncode == 2 and words in result.stderr
    no_traceback(result)


# --- 3D boards through the command line: the board's name says the family, listings, challenges, counts ----------

def _without_family_line(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("family:"))


@pytest.mark.parametrize("example, board", [("pyramid-81.txt", "pyramid"), ("soma.txt", "soma"),
                                            ("soma.txt", "3x3x3"), ("soma.txt", "cubes")])
def test_a_board_line_says_its_family_without_a_family_line(cli, tmp_path, example, board):
    """``board: pyramid`` (soma, 3x3x3, cubes...) is a 3D board: the file is not read as a flat tiling."""
    text = _without_family_line((EXAMPLES / example).read_text()).replace("board: soma", f"board: {board}")
    puzzle = tmp_path / "puzzle.txt"
    puzzle.write_text(text)
    done = cli("solve", str(puzzle), "--json")
    assert done.returncode == 0, done.stderr
    assert (json.loads(done.stdout)["family"], json.loads(done.stdout)["board"]) == ("solid", board)


def test_boards_lists_the_3d_boards_under_their_family_and_each_counts_without_family(cli):
    listing = cli("boards").stdout
    solid_part = listing[listing.index("== solid:"):]
    for name in ("pyramid:", "pyramid-N:", "soma:", "bedlam:", "WxDxH:", "balls:", "cubes:"):
        assert f"\n{name}" in solid_part, name
    assert "iqdiamond:" in listing[:listing.index("== solid:")]
    assert "  .....  ....  ...  ..  ." in solid_part
    listed = json.loads(cli("boards", "--json").stdout)
    assert (listed["pyramid"]["family"], listed["pyramid"]["cells"], listed["soma"]["known_distinct"]) == \
        ("solid", 55, 240)
    assert listed["scott"]["family"] == "tiling"
    for board in ("pyramid", "soma"):
        done = cli("count", "--board", board, "--limit", "1", "--json")
        assert json.loads(done.stdout)["family"] == "solid", (board, done.stderr)
    kanoodle = json.loads(cli("count", "--board", "pyramid", "--pieces", "kanoodle", "--limit", "3", "--json").stdout)
    assert (kanoodle["family"], kanoodle["pieces"], kanoodle["solutions"]) == ("solid", "kanoodle", 3)


def test_a_generated_challenge_names_its_pieces_in_the_file_and_its_name_and_solves(cli, tmp_path):
    """A piece set given on the command line goes into the header and the file's name; an empty line parts the
    header from the layers; the file written solves with those pieces."""
    made = cli("generate", "--board", "3x3x3", "--pieces", "soma", "-o", str(tmp_path))
    assert made.returncode == 0, made.stderr
    written, = tmp_path.iterdir()
    assert written.name == "3x3x3-soma-master-0.txt"
    header, layers = written.read_text().split("\n\n", 1)
    assert header.splitlines()[1:] == ["family: solid", "board: 3x3x3", "pieces: soma"]
    assert layers.splitlines()[:3] == ["VV.", "..L", "LLL"]
    done = cli("solve", str(written), "--unique", "--json")
    assert (done.returncode, json.loads(done.stdout)["unique"]) == (0, True), done.stderr


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
def test_a_generated_kanoodle_challenge_solves_with_kanoodle_and_keeps_the_iq_one(cli, tmp_path):
    for pieces in ("kanoodle", "iq-puzzler-pro"):
        flags = ["--pieces", pieces] if pieces == "kanoodle" else []
        made = cli("generate", "--board", "pyramid", *flags, "--level", "starter", "--seed", "3", "-o", str(tmp_path))
        assert made.returncode == 0, made.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pyramid-kanoodle-starter-3.txt", "pyramid-starter-3.txt"]
    kanoodle = tmp_path / "pyramid-kanoodle-starter-3.txt"
    assert "pieces: kanoodle\n\n" in kanoodle.read_text()
    done = cli("solve", str(kanoodle), "--unique", "--json")
    assert (done.returncode, json.loads(done.stdout)["pieces"], json.loads(done.stdout)["unique"]) == \
        (0, "kanoodle", True), done.stderr


def test_a_hint_on_a_3d_puzzle_prints_its_layers_side_by_side(cli):
    done = cli("hint", str(EXAMPLES / "pyramid-81.txt"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[2].split() == ["layer", "1", "layer", "2", "layer", "3", "layer", "4", "layer", "5"]
    assert lines[3].split() == ["CCCCB", "AJJJ", "HHH", "E.", "."]
    assert len(lines) == 8, "five rows under the captions, not the layers one under the other"


def test_a_distinct_count_says_the_total_too(cli):
    done = cli("count", "--board", "soma", "--distinct")
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"240 solutions up to symmetry \(11,520 in all\), complete search in \d+\.\d\d s\n",
                        done.stdout), done.stdout


# --- what a new user met (issue 38) -------------------------------------------------------------------------------

@pytest.mark.parametrize("name, said", [("klotski-hengdaolima.txt", "81 moves, piece metric"),
                                        ("zen-courtyard.txt", "raked in 22 passes")])
def test_a_klotski_or_zen_file_is_recognised_without_family_and_drawn(cli, tmp_path, name, said):
    picture = tmp_path / "drawn.svg"
    result = cli("solve", str(EXAMPLES / name), "--svg", str(picture))
    assert result.returncode == 0, result.stderr
    assert said in result.stdout + result.stderr
    assert picture.read_text(encoding="utf-8").startswith("<")


def _variants(rows: list[str]) -> list[list[str]]:
    """``rows`` as people type them: lower case, trailing spaces, CR line ends, blank rows after, a row short, a
    row more, a column more, a row dropped."""
    return [rows, [r.lower() for r in rows], [r + "  " for r in rows], [r + "\r" for r in rows], rows + ["", "   "],
            rows[:-1] + [rows[-1][:-1]], rows + [rows[-1]], [r + r[-1:] for r in rows], rows[1:],
            [" " + rows[0]] + rows[1:]]


def test_a_family_is_asked_whether_a_grid_is_its_own_only_when_its_card_pattern_matches():
    """``families.recognising`` imports a recognising family only for a grid its card's pattern matches: on every
    example grid and variants of each, any grid a family recognises matches its pattern (the pattern never hides
    one), and a tiling's grid matches neither of today's."""
    import re

    from xlsolver import families
    from xlsolver.base.files import read_puzzle_text

    cards = {name: card for name, card in families.cards().items() if card.recognises is not None}
    assert set(cards) == {"klotski", "zen"}
    claimed = set()
    for example in sorted(EXAMPLES.glob("*.txt")):
        grid = read_puzzle_text(str(example))[0]
        for rows in _variants(grid) if grid else []:
            for name, card in cards.items():
                if families.get(name).recognises(rows):
                    claimed.add((name, example.name))
                    assert re.search(card.recognises, "\n".join(rows)), (name, example.name, rows)
    assert {("klotski", "klotski-hengdaolima.txt"), ("zen", "zen-courtyard.txt")} <= claimed
    iq = read_puzzle_text(str(EXAMPLES / "iq-starter-1.txt"))[0]
    assert families.recognising(iq) == []


def test_a_grid_taken_for_a_tiling_names_the_family_it_reads_as(cli):
    result = cli("solve", str(EXAMPLES / "zen-12x12.txt"))
    assert result.returncode == 2 and result.stdout == ""
    assert "match no piece set" in result.stderr and "--family zen" in result.stderr
    named = cli("solve", str(EXAMPLES / "zen-12x12.txt"), "--family", "zen")
    assert named.returncode == 0
    typo = cli("solve", "-", stdin="FFQ\n")  # a tiling's own mistakes name no other family
    assert typo.returncode == 2 and "--family" not in typo.stderr


def test_a_picture_that_cannot_be_written_exits_73_after_the_answer(cli, tmp_path):
    result = cli("solve", str(EXAMPLES / "iq-wizard-37.txt"), "--svg", str(tmp_path / "no" / "such" / "x.svg"))
    assert result.returncode == 73
    assert result.stdout.strip(), "the answer is printed"
    assert f"cannot write '{tmp_path / 'no' / 'such' / 'x.svg'}'" in result.stderr


def test_generate_o_names_a_folder_and_says_so_of_a_file(cli, tmp_path):
    taken = tmp_path / "challenges"
    taken.write_text("mine\n")
    result = cli("generate", "--board", "6x10", "-o", str(taken))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"xlsolver: -o names a folder for the challenges (one file each); '{taken}' is a file\n"
    assert taken.read_text() == "mine\n"
