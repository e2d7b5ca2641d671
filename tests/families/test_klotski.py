"""Klotski (华容道): layout checks, the enumeration's counts, shortest solutions, the command."""
from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from importlib import resources
from itertools import combinations

import pytest

from helpers import EXAMPLES, load_facts
from xlsolver import count
from xlsolver.base.a1 import offset_namer
from xlsolver.geometry.catalog import DataFileError
from xlsolver.families import InvalidPuzzle, klotski
from xlsolver.families.klotski import IllegalMove, Move

HENGDAOLIMA = ["VCCV", "VCCV", "VHHV", "VSSV", "S..S"]
OPTIMAL = {"piece": 81, "straight": 90, "step": 116}
# Two layouts from components without a goal: Cao Cao is boxed in (found by the enumeration).
BOXED_IN = ["CCSS", "CCVS", "V.VS", "V.VV", "HHVV"]  # its component has 2 layouts
STUCK = ["CCVS", "CCVV", "HHVV", "SSVV", "S..V"]  # the largest component without a goal: 248 layouts
CLASSIC_TEXT = (resources.files("xlsolver") / "data" / "klotski" / "classic.txt").read_text(encoding="utf-8")

# A puzzle that is only a data file: another board, an L-shaped piece, another goal.
TINY = """\
name: Tiny
board: 4x4
goal: B C3

B 1 2x2   -     #d62728 big block
L 1 L./LL -     #2ca02c corner
V 2 1x2   alike #1f77b4 post
S 3 1x1   alike #f5c518 pawn
. 2 1x1   alike #eeeeee empty cell/empty cells
"""


@pytest.fixture(scope="module")
def facts() -> dict:
    return load_facts("klotski.json")


@pytest.fixture(scope="module")
def figures() -> dict:
    return klotski.analyse()


@pytest.fixture(scope="module")
def start() -> klotski.Layout:
    return klotski.parse(HENGDAOLIMA)


@pytest.fixture(scope="module")
def solutions(start) -> dict[str, klotski.Solution]:
    return {metric: klotski.solve(start, metric) for metric in OPTIMAL}


def messages_for(rows, **kw) -> list[str]:
    with pytest.raises(InvalidPuzzle) as caught:
        klotski.parse(rows, **kw)
    return caught.value.messages


def cao_cao_at_exit(rows: list[str]) -> bool:
    """Read off the letters, not the search's goal test: C fills B4:C5."""
    return [row[1:3] for row in rows[3:5]] == ["CC", "CC"] and sum(row.count("C") for row in rows) == 4


# -- the state space -------------------------------------------------------------------


def test_state_space_counts_match_the_issue_and_the_facts(figures, facts):
    space = facts["state_space"]
    assert figures["tilings"] == space["tilings_before_choosing_empties"] == 4_392
    assert figures["layouts"] == space["layouts_generals_indistinguishable"] == 65_880
    assert figures["layouts_told_apart"]["V"] == space["layouts_generals_distinguishable_soldiers_empties_not"] == 1_581_120
    assert figures["layouts_told_apart"]["V S ."] == space["raw_generals_soldiers_empties_all_distinguishable"] == 75_893_760
    assert figures["goal_layouts"] == space["goal_layouts_generals_indistinguishable"] == 6_795
    assert figures["solvable_layouts"] == space["solvable_layouts_generals_indistinguishable"] == 53_954
    assert figures["solvable_layouts_told_apart"]["V"] == space["solvable_layouts_generals_distinguishable"] == 1_294_896
    assert figures["components"] == space["connected_components_unit_moves"] == 898
    assert figures["components_with_goal"] == space["components_containing_a_goal"] == 52
    assert figures["largest_component"] == space["largest_component"] == 25_955


def test_layouts_are_tilings_times_the_ways_to_choose_the_empty_cells(figures):
    singles = 20 - 4 - 2 - 4 * 2  # cells left to the four soldiers and the two empty cells
    assert figures["layouts"] == figures["tilings"] * math.comb(singles, 2)


def test_told_apart_counts_follow_from_exact_counts_of_told_apart_pieces(figures):
    """Tell the generals apart in the data file and count again with the engine: 4! times the tilings."""
    apart = klotski.parse_puzzle(CLASSIC_TEXT.replace("4      1x2    alike", "4      1x2    apart"), "apart")
    assert [k.label for k in apart.kinds] == ["C", "H", "V1", "V2", "V3", "V4", "S"]
    tilings_apart = count(klotski.tiling_problem(apart)).solutions
    assert tilings_apart == figures["tilings"] * math.factorial(4) == 105_408
    # Soldiers and empty cells told apart: the six single cells go to six different owners.
    singles = list(range(6))
    assert len(list(klotski.deal(singles, [4]))) == math.comb(6, 4)
    assert len(list(klotski.deal(singles, [1, 1, 1, 1, 1]))) == math.factorial(6)
    assert tilings_apart * math.factorial(6) == figures["layouts_told_apart"]["V S ."]
    assert tilings_apart * math.comb(6, 2) == figures["layouts_told_apart"]["V"]


def test_every_enumerated_layout_parses_back_to_itself():
    enumeration = klotski.enumerate_layouts(klotski.classic())
    assert len(set(enumeration.layouts)) == len(enumeration.layouts)
    for state in enumeration.layouts[::97]:
        rows = klotski.render(klotski.classic(), state)
        assert klotski.parse(rows).state == state


def test_hengdaolima_reaches_the_largest_component(start, facts):
    level = facts["levels"][0]
    assert level["layout"] == HENGDAOLIMA
    assert klotski.reachable(start) == (level["reachable_states"], facts["state_space"]["goal_states_in_that_component"])
    assert klotski.reachable(start) == (25_955, 964)


# -- solving -------------------------------------------------------------------------


@pytest.mark.parametrize("metric", OPTIMAL)
def test_hengdaolima_optimal_lengths(solutions, facts, metric):
    solution = solutions[metric]
    assert solution.status == "solved"
    assert solution.length == OPTIMAL[metric] == facts["levels"][0][f"optimal_{metric}"]
    assert solution.start == HENGDAOLIMA
    assert solution.states_explored <= 25_955


@pytest.mark.parametrize("metric", OPTIMAL)
def test_each_move_is_legal_and_cao_cao_ends_at_the_exit(start, solutions, metric):
    solution = solutions[metric]
    assert klotski.replay(start, solution.moves, metric) == solution.boards
    assert cao_cao_at_exit(solution.boards[-1])
    assert not any(cao_cao_at_exit(board) for board in solution.boards[:-1])
    assert [m.number for m in solution.moves] == list(range(1, len(solution.moves) + 1))
    letters = sorted("".join(HENGDAOLIMA))
    assert all(sorted("".join(board)) == letters for board in solution.boards)


def test_moves_in_each_metric_have_its_shape(solutions):
    assert all(m.distance == 1 and "," not in m.direction for m in solutions["step"].moves)
    assert all("," not in m.direction for m in solutions["straight"].moves)
    assert any("," in m.direction for m in solutions["piece"].moves)  # a soldier turning a corner
    assert any(m.distance > 1 for m in solutions["straight"].moves)
    pieces = {m.piece for metric in OPTIMAL for m in solutions[metric].moves}
    assert pieces <= {"C", "H", "V1", "V2", "V3", "V4", "S1", "S2", "S3", "S4"} and "C" in pieces


def test_replay_refuses_illegal_moves(start):
    with pytest.raises(IllegalMove, match="C runs into H at B3"):
        klotski.replay(start, [Move(1, "C", "down", 1)])
    with pytest.raises(IllegalMove, match="leave the board"):
        klotski.replay(start, [Move(1, "S3", "down", 1)])
    with pytest.raises(IllegalMove, match="no piece 'V5'"):
        klotski.replay(start, [Move(1, "V5", "down", 1)])
    with pytest.raises(IllegalMove, match="not one step move"):
        klotski.replay(start, [Move(1, "S1", "down", 2)], "step")
    with pytest.raises(IllegalMove, match="not one straight move"):
        klotski.replay(start, [Move(1, "S2", "down,left", 2)], "straight")
    with pytest.raises(IllegalMove, match="not a direction"):
        klotski.replay(start, [Move(1, "S1", "south", 1)])
    # S2 (C4) may go down then left to B5 in one piece move, but not left first (S1 is at B4)
    assert klotski.replay(start, [Move(1, "S2", "down,left", 2)])[0][3:] == ["VS.V", "SS.S"]
    with pytest.raises(IllegalMove, match="S2 runs into S1 at B4"):
        klotski.replay(start, [Move(1, "S2", "left,down", 2)])


def test_unsolvable_layouts_say_so():
    for rows, component in ((BOXED_IN, 2), (STUCK, 248)):
        solution = klotski.solve(klotski.parse(rows))
        assert (solution.status, solution.length, solution.moves) == ("no solution", None, [])
        assert solution.states_explored == component


def test_a_solved_layout_needs_no_move():
    solution = klotski.solve(klotski.parse(["VVVV", "VVVV", "SSHH", ".CCS", ".CCS"]))
    assert (solution.status, solution.length, solution.boards) == ("solved", 0, [])


def test_time_limit_stops_the_search(start, step_clock):
    solution = klotski.solve(start, time_limit=0)
    assert (solution.status, solution.length) == ("time limit", None)


def test_unknown_metric():
    with pytest.raises(ValueError, match="unknown metric 'fast'"):
        klotski.solve(klotski.parse(HENGDAOLIMA), "fast")


# -- bad layouts -----------------------------------------------------------------------


def test_unknown_letters_are_named_by_cell():
    rows = ["VCCV", "VCCV", "VQSV", "VHHV", "S.SS"]  # Q stands where an empty cell should be
    assert messages_for(rows) == ["B3: 'Q' is not a Klotski piece (C, H, V, S, .)"]
    rows = ["VCCV", "VCCV", "VHHV", "VSSV", "X..X"]
    assert messages_for(rows) == ["A5: 'X' is not a Klotski piece (C, H, V, S, .) (also D5)"]
    rows = ["VCCV", "VCCV", "VQHV", "VSSV", "S..S"]  # Q breaks Guan Yu: both are said
    assert messages_for(rows) == ["B3: 'Q' is not a Klotski piece (C, H, V, S, .)",
                                  "C3: Guan Yu must be one 2 wide x 1 tall block; only cell C3 is marked H"]


def test_cao_cao_must_be_square():
    rows = ["CCVV", "CSVV", "VHHV", "VSCV", "S..S"]
    assert "A1: Cao Cao must be one 2x2 square; cells A1, B1, A2, C4 are marked C" in messages_for(rows)
    rows = ["CCVV", "C.VV", "VHHV", "VSSV", "VS.S"]
    assert messages_for(rows)[0] == "A1: Cao Cao must be one 2x2 square; cells A1, B1, A2 are marked C"


def test_piece_counts_are_checked():
    rows = ["VCCV", "VCCV", "SHHV", "SSSV", "S..S"]
    assert messages_for(rows) == [
        "A1:D5: there must be 4 generals (V), found 3 (at A1, D1, D3)",
        "A1:D5: there must be 4 soldiers (S), found 6 (at A3, A4, B4, C4, A5, D5)",
    ]
    rows = ["VCCV", "VCCV", "VHHV", "VSSV", "SS.S"]
    assert messages_for(rows) == [
        "A1:D5: there must be 4 soldiers (S), found 5 (at B4, C4, A5, B5, D5)",
        "A1:D5: there must be 2 empty cells (.), found 1 (at C5)",
    ]


def test_generals_must_be_whole():
    rows = ["VCCV", "VCCV", "VHHV", "VSSV", "SV.S"]
    assert messages_for(rows) == ["B5: the V at B5 is not part of a whole general (V, each a 1 wide x 2 tall block)"]
    rows = ["VCCV", "VCCV", "VHHS", "SSSV", "V..V"]  # stacked V cells pair from the top: A3 is left over
    assert messages_for(rows) == [
        "A3: the V cells at A3, A5 are not part of whole generals (V, each a 1 wide x 2 tall block)"]


def test_board_size_is_checked():
    assert messages_for(HENGDAOLIMA[:4]) == ["A5: the board is 5 rows tall; the layout stops after row 4"]
    assert messages_for(HENGDAOLIMA + ["...."]) == ["A6: the board is 5 rows tall; row 6 is one too many"]
    assert messages_for(HENGDAOLIMA + ["....", "S"]) == ["A6: the board is 5 rows tall; rows 6 to 7 are too many"]
    assert messages_for(["VCCVS"] + HENGDAOLIMA[1:])[0] == "E1: row 1 is 5 cells wide; the board is 4 wide"
    assert messages_for(["VCC"] + HENGDAOLIMA[1:])[0] == "D1: row 1 has 3 cells; the board is 4 wide (use '.' for an empty cell)"
    assert messages_for([]) == ["A1:D5: the layout is empty: draw the 4 x 5 board, one row of letters per line"]


def test_parse_forgives_case_spaces_and_trailing_blank_lines():
    layout = klotski.parse(["vccv", "vccv", "vhhv", "vssv", "s  s", ""])
    assert layout.rows == HENGDAOLIMA and layout.state == klotski.parse(HENGDAOLIMA).state


def test_messages_name_sheet_cells_when_the_grid_sits_on_a_sheet():
    rows = ["VCCV", "VCCV", "VQSV", "VHHV", "S.SS"]
    assert messages_for(rows, cell_name=offset_namer(2, 1)) == ["C5: 'Q' is not a Klotski piece (C, H, V, S, .)"]


# -- other puzzles from a data file ---------------------------------------------------------


def test_data_file_mistakes_name_file_and_line():
    with pytest.raises(DataFileError, match="cover 21 cells but the board has 20"):
        klotski.parse_puzzle(CLASSIC_TEXT.replace("S         4", "S         5"), "bad")
    with pytest.raises(DataFileError, match=r"bad:\d+: say whether the 4 pieces V are 'alike' or 'apart'"):
        klotski.parse_puzzle(CLASSIC_TEXT.replace("4      1x2    alike", "4      1x2    -"), "bad", "bad")
    with pytest.raises(DataFileError, match="needs 'goal: LETTER CELL'"):
        klotski.parse_puzzle(CLASSIC_TEXT.replace("goal: C B4\n", ""), "bad")
    with pytest.raises(DataFileError, match="does not fit on the board at D4"):
        klotski.parse_puzzle(CLASSIC_TEXT.replace("goal: C B4", "goal: C D4"), "bad")
    with pytest.raises(DataFileError, match="no Klotski puzzle named 'nope'"):
        klotski.load("nope")


def brute_force_layouts(height: int, width: int, pieces: dict[str, tuple[int, list]]) -> set[frozenset]:
    """Every layout by trying placements (no exact cover): a set of (letter, cells) pairs."""
    board = {(r, c) for r in range(height) for c in range(width)}

    def spots(shape):
        return [frozenset((r + dr, c + dc) for dr, dc in shape) for r in range(height) for c in range(width)
                if all((r + dr, c + dc) in board for dr, dc in shape)]

    layouts = set()

    def place(todo, used, placed):
        if not todo:
            layouts.add(frozenset(placed))
            return
        (letter, (n, shape)), rest = todo[0], todo[1:]
        for group in combinations([s for s in spots(shape) if not s & used], n):
            cells = frozenset().union(*group)
            if sum(map(len, group)) == len(cells):
                place(rest, used | cells, placed + [(letter, s) for s in group])

    place(list(pieces.items()), frozenset(), [])
    return layouts


def brute_force_moves(state: frozenset, metric: str, height: int, width: int):
    """Neighbouring layouts, moving (letter, cells) pieces on a set of cells."""
    for piece in state:
        letter, cells = piece
        others = state - {piece}
        blocked = frozenset().union(*(c for _, c in others))

        def shifted(at, dr, dc):
            moved = frozenset((r + dr, c + dc) for r, c in at)
            ok = all(0 <= r < height and 0 <= c < width for r, c in moved) and not moved & blocked
            return moved if ok else None

        ways = ((-1, 0), (1, 0), (0, -1), (0, 1))
        found = set()
        if metric == "piece":
            todo = [cells]
            while todo:
                at = todo.pop()
                for step in ways:
                    moved = shifted(at, *step)
                    if moved and moved not in found and moved != cells:
                        found.add(moved)
                        todo.append(moved)
        else:
            for step in ways:
                at = shifted(cells, *step)
                while at:
                    found.add(at)
                    at = shifted(at, *step) if metric == "straight" else None
        for moved in found:
            yield others | {(letter, moved)}


def rows_of(state: frozenset, height: int, width: int) -> list[str]:
    grid = [["."] * width for _ in range(height)]
    for letter, cells in state:
        for r, c in cells:
            grid[r][c] = letter
    return ["".join(row) for row in grid]


def test_a_puzzle_from_a_data_file_agrees_with_brute_force():
    """Layouts, goal layouts and every metric's shortest lengths, against a search on cell sets."""
    tiny = klotski.parse_puzzle(TINY, "tiny")
    shapes = {"B": (1, [(0, 0), (0, 1), (1, 0), (1, 1)]), "L": (1, [(0, 0), (1, 0), (1, 1)]),
              "V": (2, [(0, 0), (1, 0)]), "S": (3, [(0, 0)])}
    layouts = brute_force_layouts(4, 4, shapes)
    figures = klotski.analyse(tiny)
    assert figures["layouts"] == len(layouts) == 2_320
    goal = frozenset({(2, 2), (2, 3), (3, 2), (3, 3)})
    goals = {s for s in layouts if ("B", goal) in s}
    assert figures["goal_layouts"] == len(goals) == 370
    assert figures["goal"] == "big block at C3:D4"
    for metric in OPTIMAL:
        distance = {s: 0 for s in goals}
        frontier = list(goals)
        while frontier:  # moves are reversible: search outwards from every goal at once
            following = []
            for state in frontier:
                for after in brute_force_moves(state, metric, 4, 4):
                    if after not in distance:
                        distance[after] = distance[state] + 1
                        following.append(after)
            frontier = following
        assert figures["solvable_layouts"] == len(distance) == 532
        for state in sorted(layouts, key=lambda s: rows_of(s, 4, 4))[::11]:
            layout = klotski.parse(rows_of(state, 4, 4), tiny)
            solution = klotski.solve(layout, metric)
            assert solution.length == distance.get(state), (metric, layout.rows)
            if solution.moves:
                assert klotski.replay(layout, solution.moves, metric) == solution.boards
                assert solution.boards[-1][2][2:] == "BB" == solution.boards[-1][3][2:]


@pytest.mark.slow
def test_pieces_told_apart_in_the_data_file_are_tracked_one_by_one():
    """With the generals 'apart', 横刀立马 reaches every one of the 4! orders of its 25,955 layouts."""
    apart = klotski.parse_puzzle(CLASSIC_TEXT.replace("4      1x2    alike", "4      1x2    apart"), "apart")
    layout = klotski.parse(HENGDAOLIMA, apart)
    assert [name for name, _, _ in layout.pieces()][:6] == ["C", "H", "V1", "V2", "V3", "V4"]
    corner = klotski.parse(["VVVV", "VVVV", "SSHH", "CC.S", "CC.S"], apart)
    solution = klotski.solve(corner, "step")
    assert solution.length == 1 and solution.moves[0] == Move(1, "C", "right", 1)
    assert klotski.reachable(layout) == (25_955 * 24, 964 * 24)  # ~3 s: 622,920 states


# -- the command ----------------------------------------------------------------------------


@pytest.mark.parametrize("metric", OPTIMAL)
def test_cli_solve_json(cli, start, metric):
    result = cli("klotski", "solve", str(EXAMPLES / "klotski-hengdaolima.txt"), "--metric", metric, "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["status"], report["metric"], report["length"]) == ("solved", metric, OPTIMAL[metric])
    moves = [Move(**m) for m in report["moves"]]
    assert klotski.replay(start, moves, metric) == report["boards"] and cao_cao_at_exit(report["boards"][-1])
    assert report["messages"] == [] and report["start"] == HENGDAOLIMA


def test_cli_solve_prints_moves_and_boards_plain_when_piped(cli):
    result = cli("klotski", "solve", str(EXAMPLES / "klotski-hengdaolima.txt"))
    assert result.returncode == 0, result.stderr
    assert "\x1b[" not in result.stdout
    lines = result.stdout.splitlines()
    assert lines[0].startswith("横刀立马") and lines[1].startswith("81 moves, piece metric")
    assert lines[2].split() == ["start", "1", "S1", "down", "2", "S4", "left", "3", "V4", "down"]
    boards = [HENGDAOLIMA, ["VCCV", "VCCV", "VHHV", "V.SV", "SS.S"], ["VCCV", "VCCV", "VHHV", "V.SV", "SSS."],
              ["VCCV", "VCCV", "VHH.", "V.SV", "SSSV"]]
    # each piece shown by the name the moves use: V1 ... V4, S1 ... S4 (numbered in reading order), C, H
    assert lines[3].split()[:4] == ["V1", "C", "C", "V2"] and lines[6].split()[:4] == ["V3", "S1", "S2", "V4"]
    assert [re.sub(r"[\d\s]", "", line) for line in lines[3:8]] == ["".join(row) for row in zip(*boards)]


def test_cli_solve_colours_on_request(cli):
    result = cli("--colour", "always", "klotski", "solve", str(EXAMPLES / "klotski-hengdaolima.txt"))
    assert result.returncode == 0
    assert "48;2;214;39;40m" in result.stdout  # Cao Cao's red, from the data file's #d62728


def test_cli_unsolvable_and_invalid_layouts(cli, tmp_path):
    stuck = tmp_path / "stuck.txt"
    stuck.write_text("\n".join(BOXED_IN) + "\n", encoding="utf-8")
    result = cli("klotski", "solve", str(stuck))
    assert result.returncode == 1 and "no solution: Cao Cao at B4:C5 cannot be reached" in result.stderr
    bad = tmp_path / "bad.txt"
    bad.write_text("VCCV\nVCCV\nVQSV\nVHHV\nS.SS\n", encoding="utf-8")
    result = cli("klotski", "solve", str(bad), "--json")
    report = json.loads(result.stdout)
    assert result.returncode == 2
    assert report == {"status": "invalid", "moves": [], "boards": [], "length": None, "metric": "piece",
                      "messages": ["B3: 'Q' is not a Klotski piece (C, H, V, S, .)"]}
    result = cli("klotski", "solve", str(tmp_path / "missing.txt"))
    assert result.returncode == 2 and "cannot read" in result.stderr and "Traceback" not in result.stderr
    assert cli("klotski").returncode == 2


@pytest.mark.slow
def test_cli_analyse(cli, figures):
    result = cli("klotski", "analyse", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report.pop("status"), report.pop("messages")) == ("solved", [])  # as every command's JSON begins
    assert {k: v for k, v in report.items() if k != "seconds"} == {k: v for k, v in figures.items() if k != "seconds"}
    text = cli("klotski", "analyse").stdout
    for figure in ("65,880", "1,581,120", "75,893,760", "53,954", "1,294,896", "25,955"):
        assert figure in text


def test_solving_does_not_load_numba():
    code = ("import sys; from xlsolver.families import klotski; "
            "print(klotski.solve(klotski.parse(klotski.render(klotski.classic(), klotski.parse("
            f"{HENGDAOLIMA!r}).state))).length, 'numba' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["81", "False"]
