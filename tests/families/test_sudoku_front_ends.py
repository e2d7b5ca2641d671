"""Sudoku through the front ends written for every family: the command line and the Sudoku sheet."""
from __future__ import annotations

import json

from xlsolver.families import sudoku
from xlsolver.engine import fewest
from xlsolver.workbook import layout
from helpers import EXAMPLES, short_search
from workbook_helpers import all_values, committed_book, fills_of, press, status, type_into, values_of

OUTPUTS = {f"{name}_{suffix}" for name in layout.AREAS for suffix in ("Out", "Status", "State")}


def valid_sudoku(rows: list[str]) -> bool:
    """Every row, column and 3x3 box holds 1-9 once (checked here, not by the solver)."""
    digits = set("123456789")
    boxes = [[rows[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
    return all(set(row) == digits for row in rows) and all(set(col) == digits for col in zip(*rows)) \
        and all(set(box) == digits for box in boxes)


def test_a_hard_17_given_sudoku_from_the_command_line(cli):
    path = EXAMPLES / "sudoku-17-given.txt"
    result = cli("solve", str(path), "--family", "sudoku", "--unique", "--json")
    report = json.loads(result.stdout)
    assert result.returncode == 0 and report["status"] == "solved" and report["unique"] is True
    givens = path.read_text().split()
    assert valid_sudoku(report["solution"])
    assert all(g in ".0" or g == s for grow, srow in zip(givens, report["solution"]) for g, s in zip(grow, srow))
    assert report["engine"] == short_search(fewest).NAME


def test_bad_sudoku_on_the_command_line_names_cells(cli):
    result = cli("solve", "-", "--family", "sudoku", stdin="55.......\n" + ".........\n" * 8)
    assert result.returncode == 2 and result.stderr.startswith("xlsolver: B1: ")
    assert "--variant" in cli("solve", "--help").stdout
    wrong = cli("solve", "-", "--family", "sudoku", "--variant", "diagonal", stdin=".........\n" * 9)
    assert wrong.returncode == 2 and "--variant" in wrong.stderr


def test_the_sudoku_sheet_solves_with_givens_told_apart():
    book = committed_book()
    before = all_values(book, skip=OUTPUTS)
    assert press(book, "Sudoku", "unique").message == "Unique: exactly one solution (shown)."
    solved = values_of(book, "Sudoku_Out")
    typed = values_of(book, "Sudoku_In")
    assert valid_sudoku(["".join(str(v) for v in row) for row in solved])
    fills = fills_of(book, "Sudoku_Out")
    for r in range(9):
        for c in range(9):
            if typed[r][c] is not None:
                assert int(typed[r][c]) == solved[r][c] and fills[r][c] == sudoku.GIVEN_COLOUR
            else:
                assert fills[r][c] == sudoku.SOLVED_COLOUR
    assert all_values(book, skip=OUTPUTS) == before, "Solve never changes what was typed"


def test_the_sudoku_sheet_names_bad_cells():
    book = committed_book()
    type_into(book, "Sudoku_In", [[5, 5]] + [[None] * 9] * 8)
    press(book, "Sudoku", "solve")
    assert status(book, "Sudoku").startswith("C9: ")  # the second 5 of row 1 (the grid starts at B9)
