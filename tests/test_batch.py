"""Many puzzles in one call (``xlsolver solve LIST``, ``families.batch``): a result per line, in order, with its
line number and status; a bad line never stops the rest; booklets as JSON lines; hostile files refused or
streamed in bounded memory."""
from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from xlsolver.base import files
from xlsolver.families import Ask, batch
from helpers import EXAMPLES, ROOT, run_xlsolver

ROYLE = [line for line in (ROOT / "bench" / "data" / "sudoku17-1000.txt").read_text().splitlines()
         if not line.startswith("#")]
PYRAMID = Path("/work/shared/data/pyramid.json")
X_SUDOKU = "".join(line for line in (EXAMPLES / "sudoku-x.txt").read_text().splitlines() if ":" not in line)
NO_SOLUTION = "12345678." + "........9" + "." * 63  # I1 sees 1-8 in its row and 9 in its box; no clash
EMPTY = "." * 81


def valid_sudoku(puzzle: str, rows: list[str]) -> bool:
    """A full 9x9 grid whose rows, columns and boxes each hold 1-9 once, keeping the puzzle's givens."""
    grid = "".join(rows)
    if len(rows) != 9 or len(grid) != 81 or any(g not in ".0" and g != s for g, s in zip(puzzle, grid)):
        return False
    houses = [[9 * r + c for c in range(9)] for r in range(9)] + [[9 * r + c for r in range(9)] for c in range(9)]
    houses += [[9 * (3 * (b // 3) + i) + 3 * (b % 3) + j for i in range(3) for j in range(3)] for b in range(9)]
    return all(sorted(grid[k] for k in house) == list("123456789") for house in houses)


def objects(stdout: str) -> list[dict]:
    return [json.loads(line) for line in stdout.splitlines()]


@pytest.fixture
def mixed(tmp_path) -> Path:
    """Good and bad lines, with a comment, a blank line and text after a puzzle (as lists have it)."""
    lines = ["# a collection", ROYLE[0], ROYLE[1] + "  a solution or rating may follow", "",
             ROYLE[2][:40] + "x" + ROYLE[2][41:], ROYLE[3][:80], NO_SOLUTION, EMPTY, ROYLE[4].replace("0", ".")]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_collection_gives_one_object_per_line_in_order(cli, mixed):
    done = cli("solve", str(mixed), "--family", "sudoku", "--unique", "--json")
    found = objects(done.stdout)
    assert [(o["line"], o["status"]) for o in found] == [
        (2, "solved"), (3, "solved"), (5, "invalid"), (6, "invalid"), (7, "no solution"), (8, "not unique"),
        (9, "solved")]
    puzzles = {2: ROYLE[0], 3: ROYLE[1], 9: ROYLE[4]}
    for o in found:
        if o["status"] == "solved":
            assert o["unique"] is True and valid_sudoku(puzzles[o["line"]], o["solution"])
        else:
            assert o["messages"] and o["message"]
    assert found[2]["messages"] == ["E5: 'x' is not a digit of a 9x9 sudoku (1-9); use '.' for an empty cell"]
    assert "this line has 80" in found[3]["message"]
    assert found[4]["solution"] is None and found[5]["unique"] is False
    assert done.returncode == 4  # the highest of the lines': not unique (4) over invalid (2) and no solution (1)
    assert done.stderr.strip().startswith("xlsolver: 7 puzzles in ")
    assert "3 solved, 2 invalid, 1 no solution, 1 not unique" in done.stderr


def test_without_json_a_readable_line_per_puzzle(cli, mixed):
    done = cli("solve", str(mixed), "--family", "sudoku")
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["2", "3", "5", "6", "7", "8", "9"]
    number, status, solution = lines[0].split(": ")
    assert status == "solved" and valid_sudoku(ROYLE[0], [solution[i:i + 9] for i in range(0, 81, 9)])
    assert lines[2] == "5: invalid: E5: 'x' is not a digit of a 9x9 sudoku (1-9); use '.' for an empty cell"
    assert lines[4] == "7: no solution: no solution: the givens admit no completion"
    assert lines[5].startswith("8: solved: ")  # without --unique, the first solution of many
    assert done.returncode == 2


def test_every_line_solved_is_exit_0_and_the_solutions_are_valid(cli, tmp_path):
    path = tmp_path / "twenty.txt"
    path.write_text("\n".join(ROYLE[:20]) + "\n")
    done = cli("solve", str(path), "--family", "sudoku", "--unique", "--json")
    found = objects(done.stdout)
    assert done.returncode == 0 and [o["line"] for o in found] == list(range(1, 21))
    assert all(o["status"] == "solved" and valid_sudoku(p, o["solution"]) for p, o in zip(ROYLE, found))
    assert "20 puzzles in" in done.stderr and "20 solved" in done.stderr


def test_the_python_api_solves_a_list_as_the_command_line_does(cli, tmp_path):
    results = list(batch.solve_lines(ROYLE[:5] + ["nonsense"], "sudoku", ask=Ask(unique=True)))
    assert [(r.line, str(r.status)) for r in results] == [(1, "solved"), (2, "solved"), (3, "solved"),
                                                          (4, "solved"), (5, "solved"), (6, "invalid")]
    path = tmp_path / "five.txt"
    path.write_text("\n".join(ROYLE[:5]) + "\n")
    assert [o["solution"] for o in objects(cli("solve", str(path), "--family", "sudoku", "--json").stdout)] == \
        [r.as_data()["solution"] for r in results[:5]]
    tally = batch.Tally()
    for result in results:
        tally.add(result)
    assert (tally.puzzles, tally.exit_code) == (6, 2)


def test_header_lines_set_every_puzzle_of_a_collection(cli, tmp_path):
    path = tmp_path / "x.txt"
    path.write_text(f"family: sudoku\nvariant: x\n{X_SUDOKU}\n{X_SUDOKU}\n")
    found = objects(cli("solve", str(path), "--json").stdout)
    assert [(o["line"], o["status"], o["variant"]) for o in found] == [(3, "solved", "x"), (4, "solved", "x")]
    rows = found[0]["solution"]
    assert len({rows[i][i] for i in range(9)}) == 9 and len({rows[i][8 - i] for i in range(9)}) == 9
    path.write_text(f"family: sudoku\nvarient: x\n{X_SUDOKU}\n")
    done = cli("solve", str(path))
    assert done.returncode == 2 and "line 2: unknown header key 'varient'; did you mean 'variant'?" in done.stderr


def test_each_line_reads_standard_input_and_forms_no_grid_row_could_be(cli):
    four = "1234341221434321"  # a 4x4 sudoku on a line is as wide as a 16x16 grid's row: --each-line says which
    done = cli("solve", "-", "--family", "sudoku", "--each-line", "--json", stdin=f"{four}\n{ROYLE[0]}\n")
    assert [(o["line"], o["status"], o["solution"][0]) for o in objects(done.stdout)][0] == (1, "solved", "1234")
    assert objects(done.stdout)[1]["status"] == "solved" and done.returncode == 0
    one = cli("solve", "-", "--family", "sudoku", stdin=ROYLE[0] + "\n")  # without it: one grid, 1 x 81
    assert one.returncode == 2 and "this grid is 1 x 81" in one.stderr


def test_options_for_one_puzzle_are_refused_for_a_collection(cli, mixed):
    for flag in (["--solution", "2"], ["--svg", "x.svg"], ["--save-dlx", "x.dlx"]):
        done = cli("solve", str(mixed), "--family", "sudoku", *flag)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr == f"xlsolver: {flag[0]} applies to one puzzle; {mixed} holds one a line\n"
    done = cli("solve", str(mixed), "--each-line")  # the default family has no one-line form
    assert done.returncode == 2 and "tiling puzzles have no one-line form; give them as JSON lines" in done.stderr


def test_a_booklet_is_solved_in_one_call_one_json_line_per_challenge(cli, iq_facts):
    """examples/booklet.jsonl: the IQ Puzzler Pro booklet's sample challenges (flat and pyramid), each solution
    the booklet's own."""
    done = cli("solve", str(EXAMPLES / "booklet.jsonl"), "--unique", "--json")
    found = objects(done.stdout)
    expected = [c["solution"] for c in iq_facts["sample_challenges"]]
    if PYRAMID.exists():
        expected += [[row for layer in s["solution"] for row in layer + [""]][:-1]
                     for s in json.loads(PYRAMID.read_text())["samples"]]
    assert done.returncode == 0 and len(found) == 9
    assert [o["line"] for o in found] == list(range(2, 11))
    assert all(o["status"] == "solved" and o["unique"] for o in found)
    assert [o["family"] for o in found] == ["tiling"] * 6 + ["solid"] * 3
    assert found[0]["title"] == "IQ Puzzler Pro challenge 1 (Starter)"
    assert [[row.rstrip() for row in o["solution"]] for o in found][:len(expected)] == \
        [[row.rstrip() for row in rows] for rows in expected]


def test_json_lines_report_each_bad_object_and_solve_the_rest(cli, tmp_path, iq_facts):
    start = iq_facts["sample_challenges"][0]["start"]
    lines = [json.dumps({"rows": start, "name": "first"}),
             "{not json",
             json.dumps([1, 2]),
             json.dumps({"family": "chess", "rows": start}),
             json.dumps({"rows": start, "colour": "red"}),
             json.dumps({"rows": start, "layers": [start]}),
             json.dumps({"family": "sudoku", "line": ROYLE[0]}),
             json.dumps({"family": "sudoku", "rows": ROYLE[1]}),
             json.dumps({"family": "sudoku", "variant": "y", "line": ROYLE[0]}),
             "[" * 60000]
    path = tmp_path / "book.jsonl"
    path.write_text("\n".join(lines) + "\n")
    found = objects(cli("solve", str(path), "--unique", "--json").stdout)
    assert [(o["line"], o["status"]) for o in found] == [
        (1, "solved"), (2, "invalid"), (3, "invalid"), (4, "invalid"), (5, "invalid"), (6, "invalid"),
        (7, "solved"), (8, "invalid"), (9, "invalid"), (10, "invalid")]
    assert found[0]["name"] == "first" and found[0]["solution"] == iq_facts["sample_challenges"][0]["solution"]
    messages = [o["message"] for o in found]
    assert messages[1] == "line 2 is not JSON (column 2): write one puzzle object a line"
    assert messages[2].startswith("line 3 is a JSON list, not a puzzle object")
    assert messages[3].startswith('"family": "chess" is no family; choose ')
    assert messages[4].startswith('"colour" does not apply to tiling puzzles')
    assert messages[5].startswith('a puzzle object has its grid as one of "rows", "layers" or "line"; this one '
                                  'has rows and layers')
    assert valid_sudoku(ROYLE[0], found[6]["solution"])
    assert "this grid is 1 x 81" in messages[7]  # "rows" is a grid: the one-line form is "line"
    assert messages[8].startswith('"variant": variant is Classic, X, Jigsaw or X-jigsaw, not ')
    assert messages[9].startswith("line 10 is not JSON")


def test_a_line_too_long_is_reported_and_the_rest_read(cli, tmp_path):
    path = tmp_path / "long.txt"
    path.write_text(ROYLE[0] + "\n" + "1" * 3_000_000 + "\n" + ROYLE[1] + "\n")
    found = objects(cli("solve", str(path), "--family", "sudoku", "--json").stdout)
    assert [(o["line"], o["status"]) for o in found] == [(1, "solved"), (2, "invalid"), (3, "solved")]
    assert found[1]["message"] == "line 2 is longer than 65,536 bytes, the most a line of a collection may hold"
    tracemalloc.start()
    try:
        numbers = [line.number for line in files.stream_lines(path)]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert numbers == [1, 2, 3] and peak < 1_000_000  # the 3 MB line never held


def test_binary_junk_is_refused_in_one_line(cli, tmp_path):
    junk = tmp_path / "junk.jsonl"
    junk.write_bytes(bytes(range(256)) * 64)
    done = cli("solve", str(junk), "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"xlsolver: cannot read '{junk}': it holds a NUL byte at line 1, so it is not a text file\n"
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"caf\xe9\n" + ROYLE[0].encode() + b"\n")
    done = cli("solve", str(latin), "--family", "sudoku", "--each-line")
    assert done.returncode == 2
    assert done.stderr == (f"xlsolver: cannot read '{latin}': line 1 is not UTF-8 text (byte 0xE9), so it is not "
                           "a text file\n")
    later = tmp_path / "later.txt"  # text first: a bad line further on is that line's result
    later.write_bytes(ROYLE[0].encode() + b"\n\xff\xfe\n" + ROYLE[1].encode() + b"\n")
    found = objects(cli("solve", str(later), "--family", "sudoku", "--json").stdout)
    assert [(o["line"], o["status"]) for o in found] == [(1, "solved"), (2, "invalid"), (3, "solved")]
    assert found[1]["message"] == "line 2 is not UTF-8 text (byte 0xFF)"


def peak_memory(lines: int) -> int:
    """The most memory Python held while ``lines`` bad lines were solved, each result looked at and dropped."""
    tracemalloc.start()
    try:
        for result in batch.solve_lines(("x" for _ in range(lines)), "sudoku"):
            assert result.status == "invalid"
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_thousand_lines_take_no_more_memory_than_a_hundred():
    """Results are made one at a time (a result kept per line would be 900 kilobytes more)."""
    peak_memory(10)  # what is loaded once (the families, their tables) is not what is measured
    assert peak_memory(1_000) < peak_memory(100) + 50_000


@pytest.mark.slow
def test_a_hundred_thousand_lines_take_no_more_memory_than_ten_thousand():
    peak_memory(10)
    assert peak_memory(100_000) < peak_memory(10_000) + 100_000


def test_an_interrupt_stops_the_batch_between_puzzles():
    seen = []
    ask = Ask(cancel=lambda: len(seen) >= 2)
    for result in batch.solve_lines(ROYLE[:10], "sudoku", ask=ask):
        seen.append(result)
    assert [r.line for r in seen] == [1, 2]
    tally = batch.Tally()
    for result in seen:
        tally.add(result)
    tally.stop()
    assert tally.exit_code == 130 and "interrupted" in tally.line()


@pytest.mark.slow
def test_the_console_script_solves_a_list_in_one_process(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("\n".join(ROYLE[:30]) + "\n")
    done = run_xlsolver("solve", str(path), "--family", "sudoku", "--unique", "--json")
    found = objects(done.stdout)
    assert done.returncode == 0 and len(found) == 30
    assert all(valid_sudoku(p, o["solution"]) for p, o in zip(ROYLE, found))
