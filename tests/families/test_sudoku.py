"""Sudoku: known puzzles and answers, every variant, every error message.

Solutions are checked by the small checker below, written independently of the
family module: every row, column, box (or region, or diagonal) holds each symbol
once, and every given is kept.
"""
from __future__ import annotations

import functools
import itertools
import random

import pytest

from xlsolver import Search, count, first_solution, uniqueness
from xlsolver.base.a1 import offset_namer
from xlsolver.families import InvalidPuzzle, sudoku
from helpers import EXAMPLES

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def grid(text: str) -> list[str]:
    """81 characters (or n^4) as rows."""
    side = int(round(len(text) ** 0.5))
    return [text[i:i + side] for i in range(0, len(text), side)]


def houses(size: int, regions: list[str] | None = None, diagonals: bool = False) -> list[list[tuple[int, int]]]:
    n = int(round(size ** 0.5))
    cells = [(r, c) for r in range(size) for c in range(size)]
    found = [[(r, c) for c in range(size)] for r in range(size)]
    found += [[(r, c) for r in range(size)] for c in range(size)]
    if regions is None:
        found += [[(r, c) for r, c in cells if (r // n, c // n) == (br, bc)] for br in range(n) for bc in range(n)]
    else:
        for letter in sorted({ch for row in regions for ch in row}):
            found.append([(r, c) for r, c in cells if regions[r][c] == letter])
    if diagonals:
        found += [[(i, i) for i in range(size)], [(i, size - 1 - i) for i in range(size)]]
    return found


def assert_solves(solved: list[str], puzzle_rows: list[str], regions=None, diagonals=False) -> None:
    size = len(puzzle_rows)
    assert len(solved) == size and all(len(row) == size for row in solved)
    for house in houses(size, regions, diagonals):
        assert sorted(solved[r][c] for r, c in house) == sorted(SYMBOLS[:size]), house
    for r, row in enumerate(puzzle_rows):
        for c, ch in enumerate(row):
            if ch not in ".0 ":
                assert solved[r][c] == ch.upper(), (r, c)


def solve(rows, **kwargs) -> tuple[sudoku.Puzzle, list[str], object]:
    """Puzzle, its first solution's rows, and the uniqueness result."""
    puzzle = sudoku.parse(rows, **kwargs)
    problem = sudoku.encode(puzzle)
    result = uniqueness(problem)
    assert result.first is not None, "no solution"
    return puzzle, sudoku.decode(puzzle, problem, result.first), result


# The example of Wikipedia's "Sudoku" article and its published solution.
WIKIPEDIA = ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
             "7...2...6", ".6....28.", "...419..5", "....8..79"]
WIKIPEDIA_SOLUTION = ["534678912", "672195348", "198342567", "859761423", "426853791",
                      "713924856", "961537284", "287419635", "345286179"]
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
ROYLE_17 = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."

# Made for these tests: an X-sudoku with 19 givens and a jigsaw with 15.
X_SUDOKU = [".7..9...5", ".......14", "......9..", "2.57..8..", ".........",
            "..834....", "...2..3..", ".....8...", "..19...8."]
JIGSAW = ["...3..6.7", ".9...2...", "..5......", ".1...4...", ".........",
          "6..8.....", ".....92..", "....3....", "..1....5."]
JIGSAW_REGIONS = ["AABBBCCCC", "AAAABBCCF", "GDAEEBCCF", "GDAEBBBCF", "GDAEEFFFF",
                  "GDDDEEFIF", "GDDDEHIII", "GHHHEHHII", "GGGHHHIII"]


def test_wikipedia_example_has_its_published_solution():
    puzzle, solved, result = solve(WIKIPEDIA)
    assert solved == WIKIPEDIA_SOLUTION and result.unique is True
    assert_solves(solved, WIKIPEDIA)
    assert puzzle.variant == "classic" and puzzle.size == 9 and len(puzzle.givens) == 30


def test_inkalas_hardest_sudoku_is_solved_and_unique_quickly():
    rows = grid(INKALA)
    puzzle = sudoku.parse(rows)
    problem = sudoku.encode(puzzle)
    first = first_solution(problem)
    result = uniqueness(problem)
    solved = sudoku.decode(puzzle, problem, first.first)
    assert solved[0] == "812753649"
    assert_solves(solved, rows)
    assert result.unique is True and result.engine in ("fewest", "compiled-fewest")  # compiled where it starts at once
    # Fewest options first: thousands of nodes, where declared order needs ~10^7 (speed is measured in bench/).
    assert result.nodes < 20_000, result.nodes


def test_a_17_given_puzzle_is_unique():
    rows = grid(ROYLE_17)
    puzzle, solved, result = solve(rows)
    assert len(puzzle.givens) == 17
    assert_solves(solved, rows)
    assert result.unique is True and result.nodes < 20_000


@functools.cache
def all_4x4_grids() -> tuple[tuple[str, ...], ...]:
    """Every valid 4x4 sudoku (there are 288), by brute force over rows."""
    rows = ["".join(p) for p in itertools.permutations("1234")]
    grids: list[tuple[str, ...]] = [()]
    for r in range(4):
        grids = [g + (row,) for g in grids for row in rows
                 if all(row[c] not in {above[c] for above in g} for c in range(4))
                 and (r % 2 == 0 or all(len({g[-1][c], g[-1][c + 1], row[c], row[c + 1]}) == 4 for c in (0, 2)))]
    assert all(len({g[r][c] for r, c in house}) == 4 for g in grids for house in houses(4))
    return tuple(grids)


def completions(rows: list[str]) -> set[tuple[str, ...]]:
    """The valid 4x4 grids that keep every given of ``rows``."""
    return {g for g in all_4x4_grids()
            if all(ch == "." or g[r][c] == ch for r, row in enumerate(rows) for c, ch in enumerate(row))}


def test_4x4_counts_agree_with_brute_force():
    every = all_4x4_grids()
    assert len(every) == 288
    assert count(sudoku.encode(sudoku.parse(["....", "....", "....", "...."]))).solutions == 288
    rng = random.Random(4)
    for _ in range(30):
        full = rng.choice(every)
        rows = ["".join(ch if rng.random() < 0.3 else "." for ch in row) for row in full]
        puzzle = sudoku.parse(rows)
        expected = completions(rows)
        problem = sudoku.encode(puzzle)
        found = [tuple(sudoku.decode(puzzle, problem, s)) for s in Search(problem)]
        assert len(found) == len(set(found)) and set(found) == expected


def test_4x4_with_a_unique_solution_and_empties_written_three_ways():
    rows = ["1 .0", "..1.", ".1..", "...."]
    puzzle, solved, result = solve(rows)
    assert puzzle.rows == ("1...", "..1.", ".1..", "....")
    assert_solves(solved, rows)
    assert result.unique is False  # three givens leave several completions
    rows = ["12..", "..12", "2...", "...3"]
    puzzle, solved, result = solve(rows)
    assert solved == ["1234", "3412", "2341", "4123"] and result.unique is True


def pattern_grid(n: int) -> list[str]:
    """A valid n^2 x n^2 sudoku: row r is the symbols shifted by (r % n) * n + r // n."""
    size = n * n
    return ["".join(SYMBOLS[((r % n) * n + r // n + c) % size] for c in range(size)) for r in range(size)]


@pytest.mark.parametrize("n, keep", [(4, 0.55), (5, 0.6)])
def test_16x16_and_25x25_are_completed(n, keep):
    full = pattern_grid(n)
    assert_solves(full, full)  # the pattern itself is a sudoku
    rng = random.Random(n)
    rows = ["".join(ch if rng.random() < keep else "." for ch in row) for row in full]
    rows = [row.lower() if r % 2 else row for r, row in enumerate(rows)]  # letters in either case
    puzzle, solved, result = solve(rows)
    assert puzzle.size == n * n and result.first is not None
    assert_solves(solved, rows)
    if n == 4:
        assert sudoku.symbols(16) == "123456789ABCDEFG"
        assert any("G" in row for row in solved)


def test_x_sudoku_keeps_its_diagonals():
    puzzle, solved, result = solve(X_SUDOKU, variant="x")
    assert puzzle.variant == "x" and result.unique is True
    assert_solves(solved, X_SUDOKU, diagonals=True)
    problem = sudoku.encode(puzzle)
    assert "diag=5" in problem.primary and "anti=5" in problem.primary
    # Without the diagonals the same givens leave more than one completion.
    assert uniqueness(sudoku.encode(sudoku.parse(X_SUDOKU))).unique is False


def test_jigsaw_regions_as_argument_or_after_a_blank_line():
    puzzle, solved, result = solve(JIGSAW, regions=JIGSAW_REGIONS)
    assert puzzle.variant == "jigsaw" and result.unique is True
    assert_solves(solved, JIGSAW, regions=JIGSAW_REGIONS)
    assert puzzle.regions == tuple(JIGSAW_REGIONS)
    # The same puzzle as one text: regions after an empty line, lower-case letters.
    text = "\n" + "\n".join(JIGSAW) + "\n\n" + "\n".join(r.lower() for r in JIGSAW_REGIONS) + "\n\n"
    again, solved_again, _ = solve(text, variant="jigsaw")
    assert solved_again == solved and again.regions == puzzle.regions
    # The boxes no longer count: the solution breaks at least one of them.
    assert any(sorted(solved[r][c] for r, c in box) != list("123456789") for box in houses(9)[18:])
    # An X-jigsaw is both.
    x_jigsaw = sudoku.parse(["." * 9] * 9, variant="jigsaw x", regions=JIGSAW_REGIONS)
    assert x_jigsaw.variant == "x-jigsaw"
    assert {h.key for h in x_jigsaw.houses} >= {"diag", "anti", "regionA"}


def test_encoding_items_options_and_labels():
    puzzle = sudoku.parse(WIKIPEDIA)
    problem = sudoku.encode(puzzle)
    assert problem.branching == "fewest"
    assert len(problem.primary) == 81 * 4 and problem.secondary == []
    assert problem.primary[:2] == ["A1", "B1"] and "row1=5" in problem.primary and "colC=5" in problem.primary
    assert "box9=9" in problem.primary
    given = [i for i, label in enumerate(problem.labels) if label[:2] == (0, 0)]
    assert [problem.labels[i] for i in given] == [(0, 0, "5")]
    assert problem.option_items(given[0]) == ["A1", "row1=5", "colA=5", "box1=5"]
    # An empty cell gets only the symbols no given of its row, column and box rules out.
    assert sorted(label[2] for label in problem.labels if label[:2] == (0, 2)) == ["1", "2", "4"]
    empty = sudoku.encode(sudoku.parse(["." * 9] * 9))
    assert len(empty.options) == 729
    assert len(sudoku.encode(sudoku.parse(["." * 9] * 9, variant="x")).primary) == 324 + 18


@pytest.mark.parametrize("variant", ["classic", "x"])
def test_a_puzzles_options_are_the_givens_and_what_no_given_rules_out(variant):
    """The options a puzzle keeps of its shape's (by bits, ``Shape.holding``), checked house by house: a given
    cell its symbol, an empty cell each symbol none of its houses was given, in cell and symbol order."""
    rng = random.Random(36)
    for _ in range(20):
        rows = ["".join(rng.choice("123456789.....") for _ in range(9)) for _ in range(9)]
        try:
            puzzle = sudoku.parse(rows, variant=variant)
        except InvalidPuzzle:
            continue  # a given repeated in a house
        expected = []
        for r, c in itertools.product(range(9), range(9)):
            if (r, c) in puzzle.givens:
                expected.append((r, c, puzzle.givens[r, c]))
                continue
            ruled_out = {puzzle.givens[cell] for house in puzzle.houses if (r, c) in house.cells
                         for cell in house.cells if cell in puzzle.givens}
            expected += [(r, c, symbol) for symbol in "123456789" if symbol not in ruled_out]
        assert sudoku.encode(puzzle).labels == expected


def test_decode_and_which_cells_were_given():
    puzzle = sudoku.parse(WIKIPEDIA)
    problem = sudoku.encode(puzzle)
    assert sudoku.decode(puzzle, problem, []) == WIKIPEDIA
    assert sudoku.given_cells(puzzle) == {(r, c) for r, row in enumerate(WIKIPEDIA) for c, ch in enumerate(row) if ch != "."}
    roles = sudoku.colours(puzzle)
    assert len(roles) == 81 and roles[(0, 0)] == sudoku.GIVEN and roles[(0, 2)] == sudoku.SOLVED


def test_no_solution():
    # A1 would need 9, but column A has it: no option covers A1.
    rows = [".12345678", "9........"] + ["." * 9] * 7
    result = count(sudoku.encode(sudoku.parse(rows)))
    assert (result.solutions, result.complete) == (0, True)
    # Every cell has a candidate, yet the 3 of the bottom-right box has nowhere to go.
    rows = ["..3.", "....", "...1", ".3.."]
    assert completions(rows) == set()
    result = count(sudoku.encode(sudoku.parse(rows)))
    assert (result.solutions, result.complete, result.first) == (0, True, None)


def messages(rows, **kwargs) -> list[str]:
    with pytest.raises(InvalidPuzzle) as caught:
        sudoku.parse(rows, **kwargs)
    return caught.value.messages


def with_givens(givens: dict[str, str], size: int = 9) -> list[str]:
    rows = [["."] * size for _ in range(size)]
    for name, symbol in givens.items():
        rows[int(name[1:]) - 1][ord(name[0]) - ord("A")] = symbol
    return ["".join(row) for row in rows]


def test_duplicate_givens_name_both_cells_and_the_house():
    assert messages(with_givens({"A7": "5", "D7": "5"})) == ["D7: '5' is already in row 7 (at A7)"]
    assert messages(with_givens({"A7": "5", "C7": "5"})) == ["C7: '5' is already in row 7 and the box A7:C9 (at A7)"]
    assert messages(with_givens({"C2": "4", "C8": "4"})) == ["C8: '4' is already in column C (at C2)"]
    assert messages(with_givens({"D4": "1", "F6": "1"})) == ["F6: '1' is already in the box D4:F6 (at D4)"]
    assert messages(with_givens({"A1": "2", "I9": "2"}), variant="x") == ["I9: '2' is already in the diagonal A1:I9 (at A1)"]
    assert messages(with_givens({"I1": "2", "A9": "2"}), variant="x") == ["A9: '2' is already in the diagonal I1:A9 (at I1)"]
    sudoku.parse(with_givens({"A1": "2", "I9": "2"}))  # no diagonals in a classic sudoku
    # Jigsaw: B1 and C3 share region A (no row, no column), and the boxes no longer count.
    assert messages(with_givens({"B1": "8", "C3": "8"}), regions=JIGSAW_REGIONS) == ["C3: '8' is already in region A (at B1)"]
    sudoku.parse(with_givens({"D4": "1", "F5": "1"}), regions=JIGSAW_REGIONS)
    assert messages(with_givens({"D4": "1", "F5": "1"})) == ["F5: '1' is already in the box D4:F6 (at D4)"]


def test_symbols_that_do_not_belong_to_the_size():
    rows = with_givens({"B2": "Q"})
    assert messages(rows) == ["B2: 'Q' is not a digit of a 9x9 sudoku (1-9); use '.' for an empty cell"]
    assert messages(with_givens({"A1": "5"}, 4)) == ["A1: '5' is not a digit of a 4x4 sudoku (1-4); use '.' for an empty cell"]
    assert messages(with_givens({"P16": "H"}, 16)) == \
        ["P16: 'H' is not a digit of a 16x16 sudoku (1-9, A-G); use '.' for an empty cell"]
    assert sudoku.parse(with_givens({"P16": "g"}, 16)).givens == {(15, 15): "G"}


def test_sizes_that_are_not_a_sudoku():
    assert messages(["." * 8] * 9) == ["A1:H9: a sudoku is 4x4, 9x9, 16x16 or 25x25; this grid is 9 x 8 (rows x columns)"]
    assert messages(["." * 5] * 5) == ["A1:E5: a sudoku is 4x4, 9x9, 16x16 or 25x25; this grid is 5 x 5 (rows x columns)"]
    assert messages([]) == ["A1: the grid is empty: write one line per row, digits for givens and '.' for empty cells"]
    # Short lines are padded with empty cells.
    assert sudoku.parse(["5", "." * 9] + ["."] * 7).rows[:3] == ("5........", ".........", ".........")


def test_variant_and_region_errors():
    assert messages(["." * 4] * 4, variant="samurai") == \
        ["A1:D4: sudoku variant 'samurai' is unknown; choose classic, x, jigsaw, x-jigsaw"]
    assert messages(["." * 4] * 4, variant="jigsaw") == \
        ["A1:D4: a jigsaw sudoku needs its regions: a grid of letters after an empty line, one letter per region"]
    assert messages(["." * 4] * 4, regions=["AABB"] * 3) == \
        ["A1:D4: the regions grid is 3 x 4; it must be 4 x 4 like the puzzle"]
    assert messages(["." * 4] * 4 + ["", "AABB", "AABB", "CCDD", "CCDD"], regions=["AABB"] * 4) == \
        ["A1:D4: the regions are given twice, after the grid and as an argument; give them once",
         "A1:D4: the regions grid has 2 regions (A B); a 4x4 jigsaw needs 4",
         "A1: region A has 8 cells (A1, B1, A2, B2, A3, B3, A4, B4); each region of a 4x4 jigsaw has 4",
         "C1: region B has 8 cells (C1, D1, C2, D2, C3, D3, C4, D4); each region of a 4x4 jigsaw has 4"]
    # An empty line ends the grid: what follows are regions, and a short grid is told as such.
    assert messages(["....", "....", "", "AABB", "AABB", "CCDD", "CCDD"]) == \
        ["A1:D2: a sudoku is 4x4, 9x9, 16x16 or 25x25; this grid is 2 x 4 (rows x columns)"]
    assert messages(["." * 4] * 4, regions=["AAB1", "AABB", "CCDD", "CCDD"]) == \
        ["D1: '1' in the regions grid is not a region letter; mark each cell with the letter of its region (A-Z)"]
    puzzle = sudoku.parse(["." * 4] * 4, regions=["AAAB", "ABBB", "CCDD", "CCDD"])
    assert puzzle.variant == "jigsaw" and count(sudoku.encode(puzzle)).solutions > 0


def test_region_sizes_counts_and_connection():
    assert messages(["." * 4] * 4, regions=["AAAA", "ABBB", "CCDD", "CCDD"]) == \
        ["A1: region A has 5 cells (A1, B1, C1, D1, A2); each region of a 4x4 jigsaw has 4",
         "B2: region B has 3 cells (B2, C2, D2); each region of a 4x4 jigsaw has 4"]
    assert messages(["." * 4] * 4, regions=["AABB", "AABB", "CCCC", "CCCC"]) == \
        ["A1:D4: the regions grid has 3 regions (A B C); a 4x4 jigsaw needs 4",
         "A3: region C has 8 cells (A3, B3, C3, D3, A4, B4, C4, D4); each region of a 4x4 jigsaw has 4"]
    assert messages(["." * 4] * 4, regions=["ABBA", "ABBA", "CCDD", "CCDD"]) == \
        ["D1: region A is in 2 separate parts (at A1, D1); a region must be one connected area"]


def test_every_problem_at_once_and_in_sheet_cell_names():
    rows = with_givens({"A1": "5", "B1": "5", "C3": "x", "E5": "7", "E9": "7"})
    assert messages(rows, cell_name=offset_namer(2, 1)) == [  # in reading order
        "C3: '5' is already in row 3 and the box B3:D5 (at B3)",
        "D5: 'x' is not a digit of a 9x9 sudoku (1-9); use '.' for an empty cell",
        "F11: '7' is already in column F (at F7)",
    ]


@pytest.mark.parametrize("name", ["17-given", "inkala", "x", "jigsaw"])
def test_example_files_have_one_solution(name):
    lines = (EXAMPLES / f"sudoku-{name}.txt").read_text().splitlines()
    variant = "classic"
    if lines[0].startswith("variant:"):  # the header is the CLI's business; read it here by hand
        variant = lines.pop(0).partition(":")[2].strip()
    puzzle, solved, result = solve(lines, variant=variant)
    assert result.unique is True
    regions = list(puzzle.regions) if puzzle.regions else None
    assert_solves(solved, lines[:9], regions=regions, diagonals=variant == "x")
