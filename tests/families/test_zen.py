"""Zen Puzzle Garden: the rules (replay), the solver against the samples and a brute force, the generator, the CLI."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import threading

import pytest

from xlsolver.base import clock
from xlsolver.base.a1 import offset_namer
from xlsolver.families import InvalidPuzzle, zen
from xlsolver.families.zen import EAST, NORTH, SOUTH, WEST, IllegalMove, solver
from helpers import EXAMPLES, load_facts, run_xlsolver

FACTS = load_facts("zen_garden.json")
LEVELS = {level["name"]: level for level in FACTS["levels"]}
HARD = [  # 12x12, random rocks; takes the solver thousands of states
    "............", "............", "..#.........", "............", "........###.", "...##...###.",
    "......##....", ".........##.", "............", "............", "............", "............"]


# --- an independent brute force, straight from the rules ---------------------------------------

def brute_force(rows: list[str]) -> bool:
    """Every state the monk can reach, no pruning, no bitboards: can he rake it all?"""
    height, width = len(rows), len(rows[0])
    sand = frozenset((r, c) for r in range(height) for c in range(width) if rows[r][c] == ".")

    def square(r, c):
        if 0 <= r < height and 0 <= c < width:
            return rows[r][c]
        return "_" if -1 <= r <= height and -1 <= c <= width else None

    def on_foot(start):
        region, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if (r + dr, c + dc) not in region and square(r + dr, c + dc) == "_":
                    region.add((r + dr, c + dc))
                    todo.append((r + dr, c + dc))
        return frozenset(region)

    start = ("foot", on_foot((-1, -1)), frozenset())
    seen, todo = {start}, [start]
    while todo:
        kind, where, raked = todo.pop()
        if kind == "foot" and raked == sand:
            return True
        if kind == "foot":
            moves = [((r, c), d) for r, c in where for d in ((1, 0), (-1, 0), (0, 1), (0, -1))
                     if (r + d[0], c + d[1]) in sand - raked]
        else:
            (r, c), (dr, dc) = where
            moves = [((r, c), d) for d in ((dc, dr), (-dc, -dr))
                     if (r + d[0], c + d[1]) in sand - raked or square(r + d[0], c + d[1]) == "_"]
        for (r, c), d in moves:
            new = set(raked)
            while True:
                ahead = (r + d[0], c + d[1])
                if ahead in sand and ahead not in new:
                    new.add(ahead)
                    r, c = ahead
                elif square(*ahead) == "_":
                    state = ("foot", on_foot(ahead), frozenset(new))
                    break
                else:
                    state = ("stop", ((r, c), d), frozenset(new))
                    break
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return False


def random_garden(rng: random.Random, height: int, width: int) -> list[str]:
    weights = rng.choice([(8, 2, 0), (7, 2, 1), (6, 3, 1), (9, 1, 0)])
    while True:
        rows = ["".join(rng.choices(".#_", weights, k=width)) for _ in range(height)]
        if any("." in row for row in rows):
            return rows


# --- the sample gardens --------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(LEVELS))
def test_sample_labels_are_reproduced(name):
    level = LEVELS[name]
    result = zen.solve(zen.parse(level["rows"]))
    assert result.status == ("solved" if level["solvable"] else "no solution")


@pytest.mark.parametrize("name", [name for name, level in LEVELS.items() if level["witness"]])
def test_sample_witnesses_replay_as_legal_and_complete(name):
    level = LEVELS[name]
    garden = zen.parse(level["rows"])
    order = zen.replay(garden, zen.passes_from_witness(level["witness"]), complete=True)
    assert sorted(n for row in order for n in row if n) == list(range(1, len(garden.sand()) + 1))


def test_open_3x3_witness_uses_every_rule_detail():
    """Entering from the ring, stopping at raked sand, turning onto sand and onto the ring."""
    garden = zen.parse(LEVELS["open_3x3"]["rows"])
    passes = zen.play(garden, zen.passes_from_witness(LEVELS["open_3x3"]["witness"]))
    assert [p.turn for p in passes] == [False, False, False, True, False, True]
    assert passes[2].cells == ((0, 1),)  # stopped one square in, on B1, by the raked B2
    assert passes[3].cells == ((0, 0),) and passes[5].cells == ()  # turns: onto A1 then off the sand


# --- the rules, one at a time ----------------------------------------------------------------------

def test_monk_may_not_turn_straight_back_onto_the_ring():
    garden = zen.parse([".#", ".."])
    with pytest.raises(IllegalMove, match="straight back"):
        zen.replay(garden, [((0, -1), EAST), ((0, 0), WEST)])
    zen.replay(garden, [((0, -1), EAST), ((0, 0), NORTH)])  # sideways onto the ring is fine


def test_a_stopped_monk_must_turn_from_where_he_stands():
    garden = zen.parse([".#", ".."])
    with pytest.raises(IllegalMove, match="must turn from there"):
        zen.replay(garden, [((0, -1), EAST), ((2, 1), NORTH)])
    with pytest.raises(IllegalMove, match="must turn left or right"):
        zen.replay(garden, [((0, -1), EAST), ((0, 0), EAST)])


def test_raked_sand_and_rocks_cannot_be_entered():
    garden = zen.parse(["...", "#.."])
    with pytest.raises(IllegalMove, match="raked sand"):
        zen.replay(garden, [((0, -1), EAST), ((-1, 1), SOUTH)])
    with pytest.raises(IllegalMove, match="a rock"):
        zen.replay(garden, [((1, 3), WEST), ((1, 1), WEST)])


def test_slides_continue_until_blocked_and_step_onto_walkable_ground():
    garden = zen.parse(["..#", "._."])
    passes = zen.play(garden, [((0, -1), EAST), ((0, 1), SOUTH)])
    assert passes[0].cells == ((0, 0), (0, 1))  # stopped by the rock at C1
    assert passes[1].turn and passes[1].cells == ()  # onto the walkable B2


def test_inside_walkable_ground_is_reached_only_through_sand():
    garden = zen.parse(["...", "._.", "..."])
    with pytest.raises(IllegalMove, match="cannot walk to B2"):
        zen.replay(garden, [((1, 1), NORTH)])


def test_complete_replay_wants_all_sand_raked_and_the_monk_off_it():
    garden = zen.parse(["..#", "..."])
    with pytest.raises(IllegalMove, match="unraked sand is left: C2"):
        zen.replay(garden, [((-1, 0), SOUTH), ((-1, 1), SOUTH)], complete=True)
    with pytest.raises(IllegalMove, match="ends on sand"):
        zen.replay(zen.parse([".#"]), [((0, -1), EAST)], complete=True)  # all raked, but he stands on A1


def test_declared_cells_are_checked():
    garden = zen.parse(["..."])
    with pytest.raises(IllegalMove, match="rakes A1 B1 C1, not A1"):
        zen.replay(garden, [zen.Pass(1, (0, -1), EAST, ((0, 0),))])


# --- the solver -------------------------------------------------------------------------------------

@pytest.mark.slow
def test_small_random_gardens_agree_with_brute_force():
    rng = random.Random(2012)
    verdicts = []
    for _ in range(250):
        rows = random_garden(rng, rng.randint(2, 5), rng.randint(3, 5))
        garden = zen.parse(rows)
        result = zen.solve(garden)
        assert result.solved == brute_force(rows), rows
        if result.solved:
            zen.replay(garden, result.passes, complete=True)
        verdicts.append(result.solved)
    assert 20 < verdicts.count(False) < 230  # both answers are exercised


def test_window_proofs_agree_with_brute_force():
    """A window that cannot be raked with everything outside free is a sound proof of no solution."""
    rng = random.Random(7)
    refuted = 0
    for _ in range(120):
        rows = random_garden(rng, rng.randint(3, 4), rng.randint(4, 5))
        window, _ = solver.window_check(zen.parse(rows), ((2, 2, 10**6), (3, 3, 10**6)), None, lambda: False)
        if window:
            refuted += 1
            assert not brute_force(rows), (rows, window)
    assert refuted > 10


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("zen-*.txt")), ids=lambda p: p.stem)
def test_examples_are_answered_and_solutions_replay(path):
    garden = zen.parse(path.read_text().splitlines())
    result = zen.solve(garden)
    assert result.status == ("no solution" if "no-solution" in path.stem else "solved")
    if result.solved:
        order = zen.replay(garden, result.passes, complete=True)
        assert order == result.order
        assert {n for row in result.pass_of for n in row if n} == {p.number for p in result.passes if p.cells}
    else:
        assert result.why and result.passes == [] and result.order is None


def test_result_grids_number_every_sand_square_once():
    garden = zen.parse(["__..", "_.#.", "...."])
    result = zen.solve(garden)
    numbers = [n for row in result.order for n in row if n is not None]
    assert sorted(numbers) == list(range(1, len(garden.sand()) + 1))
    assert result.order[0][0] is None and result.order[1][2] is None  # walkable ground and the rock


def test_reasons_name_the_squares():
    assert zen.solve(zen.parse(["...", ".#.", "#.#"])).why.startswith("B3: sand with fewer than two")
    window = zen.solve(zen.parse([".......", ".#...#.", "..._...", ".#...#.", "......."]))
    assert window.status == "no solution" and window.why.endswith("cannot be raked, whatever is done outside it")


def test_time_limit_and_cancel_stop_the_search(step_clock):
    garden = zen.parse(HARD)
    assert zen.solve(garden, time_limit=0.01).status == "time limit"
    stop = threading.Event()
    stop.set()
    assert zen.solve(garden, cancel=stop).status == "cancelled"
    assert zen.solve(garden, cancel=lambda: True).explored < 2000


@pytest.mark.slow
def test_a_hard_12x12_is_solved_and_legal():
    garden = zen.parse(HARD)
    result = zen.solve(garden)
    assert result.solved and result.explored > 1000
    zen.replay(garden, result.passes, complete=True)


# --- the generator -----------------------------------------------------------------------------------

@pytest.mark.parametrize("rows, cols, rocks, seed", [(3, 3, 1, 0), (1, 6, 0, 1), (6, 9, 5, 2),
                                                     pytest.param(12, 12, 12, 3, marks=pytest.mark.slow), (5, 5, 9, 4)])
def test_generated_gardens_have_the_size_and_rocks_asked_and_are_solvable(rows, cols, rocks, seed):
    garden = zen.generate(rows, cols, rocks, seed)
    assert (garden.height, garden.width, garden.rocks()) == (rows, cols, rocks)
    assert set("".join(garden.rows)) <= {".", "#"}
    result = zen.solve(garden)
    assert result.solved
    zen.replay(garden, result.passes, complete=True)
    assert zen.generate(rows, cols, rocks, seed) == garden  # the seed decides


def test_the_seed_alone_decides_however_slow_the_machine(monkeypatch):
    """Confirming a candidate costs states, not seconds: with each reading of the clock 100 s after the one
    before (as on a machine thousands of times slower), the seed still gives the same garden."""
    garden = zen.generate(8, 8, 6, 4)  # confirming it takes the solver past a look at the clock (seed found so)
    monkeypatch.setenv(clock.VARIABLE, "step:100")
    assert zen.generate(8, 8, 6, 4) == garden


def test_generate_refuses_impossible_sizes():
    with pytest.raises(ValueError):
        zen.generate(17, 3, 0, 0)
    with pytest.raises(ValueError):
        zen.generate(3, 3, 9, 0)


# --- reading gardens ------------------------------------------------------------------------------------

def messages_for(rows, **kw) -> list[str]:
    with pytest.raises(InvalidPuzzle) as caught:
        zen.parse(rows, **kw)
    return caught.value.messages


def test_unknown_characters_are_named_by_cell():
    assert messages_for(["....", "....", "....", "..x."]) == [
        "C4: 'x' is not part of a garden; use '.' sand, '#' rock or '_' walkable ground"]
    assert messages_for(["x.", ".x"]) == [
        "A1: 'x' is not part of a garden; use '.' sand, '#' rock or '_' walkable ground (also B2)"]


def test_sheet_cells_are_named_where_the_garden_sits():
    assert messages_for(["..", ".?"], cell_name=offset_namer(4, 2))[0].startswith("D6: '?'")


def test_empty_too_big_ragged_and_sandless_gardens_are_refused():
    assert messages_for([]) == ["A1: the garden is empty; draw it with '.' sand, '#' rock and '_' walkable ground"]
    assert messages_for(["." * 17] * 3) == ["A1:Q3: the garden is 3 x 17; the largest is 16 x 16"]
    assert messages_for(["...", ".."]) == ["C2: row 2 has 2 squares but the garden is 3 wide; draw every row to the same length"]
    assert messages_for(["#_", "_#"]) == ["A1:B2: the garden has no sand to rake; mark sand with '.'"]


def test_parse_keeps_the_drawing():
    garden = zen.parse(["._#\r\n", "...\n", ""])
    assert garden.rows == ("._#", "...") and (garden.height, garden.width) == (2, 3)


# --- the command line ---------------------------------------------------------------------------------------

def test_cli_solves_plain_when_piped(cli):
    result = cli("zen", "solve", str(EXAMPLES / "zen-open-3x3.txt"))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("1. ") and "\x1b[" not in result.stdout
    assert lines[-3:] == [line for line in lines[-3:] if len(line.split()) == 3]  # the numbered garden
    assert "raked in" in result.stderr and "states explored" in result.stderr


def test_cli_json_reports_passes_order_and_exploration(cli):
    result = cli("zen", "solve", str(EXAMPLES / "zen-courtyard.txt"), "--json")
    report = json.loads(result.stdout)
    assert result.returncode == 0 and report["status"] == "solved"
    assert set(report) >= {"status", "passes", "order", "messages", "explored"}
    first = report["passes"][0]
    assert set(first) >= {"number", "entry", "direction", "cells"} and first["number"] == 1
    assert report["order"][0][:2] == [None, None] and report["explored"] > 0


def test_cli_colours_passes_on_request(cli):
    result = cli("--colour", "always", "zen", "solve", str(EXAMPLES / "zen-open-3x3.txt"))
    assert result.returncode == 0 and "\x1b[38;2;" in result.stdout


@pytest.mark.parametrize("stdin, args, code, status", [
    ("....\n.#..\n..#.\n....\n", [], 1, "no solution"),
    ("..x\n...\n", [], 2, "invalid"),
    ("\n".join(HARD) + "\n", ["--time-limit", "0.001"], 3, "time limit"),
])
def test_cli_exit_codes(cli, stdin, args, code, status, step_clock):
    result = cli("zen", "solve", "-", "--json", *args, stdin=stdin)
    assert (result.returncode, json.loads(result.stdout)["status"]) == (code, status)


def test_cli_usage_errors_exit_2():
    """Smoke test, real process: usage errors reach the shell as exit 2, with no traceback."""
    assert run_xlsolver("zen").returncode == 2
    missing = run_xlsolver("zen", "solve", "no-such-garden.txt")
    assert missing.returncode == 2 and "no such file" in missing.stderr and "Traceback" not in missing.stderr


def test_cli_generate_prints_a_solvable_garden(cli):
    result = cli("zen", "generate", "5x7", "--rocks", "4", "--seed", "3")
    assert result.returncode == 0
    rows = result.stdout.split()
    assert zen.solve(zen.parse(rows)).solved and sum(row.count("#") for row in rows) == 4


def test_import_stays_light():
    code = "import sys, xlsolver, xlsolver.families.zen; print('numba' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


@pytest.mark.parametrize("size, rocks", [("1x1", 0), ("1x3", 0), ("3x3", 2), ("4x4", 4), ("12x12", 10)])
def test_cli_generate_default_rocks_fit_the_garden(cli, size, rocks):
    """10 rocks by default, or a quarter of a smaller garden's squares: every size generates."""
    result = cli("zen", "generate", size)
    assert result.returncode == 0, result.stderr
    rows = result.stdout.split()
    assert sum(row.count("#") for row in rows) == rocks and zen.solve(zen.parse(rows)).solved


@pytest.mark.parametrize("args, message", [
    (["3x3", "--rocks", "9"], "xlsolver: 9 rocks leave no sand in a 3 x 3 garden; give at most 8 with --rocks"),
    (["1x1", "--rocks", "1"], "xlsolver: 1 rock leaves no sand in a 1 x 1 garden; give at most 0 with --rocks"),
    (["3x3", "--rocks", "-1"], "xlsolver: --rocks is a number of rocks, 0 or more, not -1"),
    (["3by3"], "'3by3' is not a size like 12x12"),
])
def test_cli_generate_refuses_with_a_sentence(cli, args, message):
    result = cli("zen", "generate", *args)
    assert result.returncode == 2 and message in result.stderr


def test_cli_messages_count_in_words(cli, tmp_path):
    """One pass, one state: singular nouns (never '1 passes')."""
    garden = tmp_path / "one.txt"
    garden.write_text(".\n")  # one square of sand
    result = cli("zen", "solve", str(garden))
    assert result.returncode == 0
    assert result.stderr.startswith("xlsolver: raked in 1 pass; 1 state explored in")
