"""Tilings whose pieces have counts (``T x3``, ``L 2..4``, ``use: any``): Knuth's multiplicities in the tiling family.

Checked against a backtracking of its own here (each tiling once: it picks a piece *kind* for the first empty
cell, never a copy), against orbits counted by hand for ``--distinct``, and against counts Knuth's DLX3 gave
on the files ``--save-dlx`` wrote (3,106 and 1,796 tetromino tilings, /tmp files of the branch's bench).
"""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import run_xlsolver
from problems import SMALL_PIECES, small_set
from xlsolver import counting, engine
from xlsolver.families import InvalidPuzzle, Settings, Unsupported, attempts, grading, tiling
from xlsolver.geometry import catalog
from xlsolver.geometry.lattice import SQUARE


def read(rows, pieces, **given) -> tiling.Puzzle:
    return tiling.parse(rows, tiling.counted(pieces, Settings(given)))


def by_backtracking(puzzle: tiling.Puzzle) -> int:
    """Tilings of the open board with each piece's copies within its count: the first empty cell (reading
    order) is covered by a placement of some piece kind with copies left, as its first cell."""
    pieces = puzzle.pieces
    shapes = {letter: pieces.orientations(letter) for letter in pieces.pieces}
    placements = {letter: [p for p in SQUARE.placements(shapes[letter], puzzle.board)
                           if all(puzzle.givens.get(c, letter) == letter for c in p)] for letter in pieces.pieces}
    order = sorted(puzzle.board)

    def fill(covered: frozenset, used: dict) -> int:
        empty = next((cell for cell in order if cell not in covered), None)
        if empty is None:
            return all(used[letter] >= pieces.count_of(letter)[0] for letter in used)
        found = 0
        for letter in pieces.pieces:
            if used[letter] == pieces.count_of(letter)[1]:
                continue
            for placed in placements[letter]:
                if min(placed) == empty and not placed & covered:
                    found += fill(covered | placed, {**used, letter: used[letter] + 1})
        return found

    return fill(frozenset(), {letter: 0 for letter in pieces.pieces})


def count_of(puzzle: tiling.Puzzle) -> int:
    return engine.count(tiling.encode(puzzle)).solutions


@st.composite
def counted_tilings(draw):
    """Small boards (rectangles up to 12 cells, maybe a hole) with 2-4 small pieces, random counts."""
    letters = sorted(draw(st.sets(st.sampled_from(sorted(SMALL_PIECES)), min_size=2, max_size=4)))
    counts = []
    for letter in letters:
        low = draw(st.integers(0, 2))
        high = max(low + draw(st.integers(0, 2)), 1)
        counts.append(f"{letter} {low}..{high}" if draw(st.booleans()) or low == 0 else f"{letter} x{low}")
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(2, 4))
    grid = [["."] * cols for _ in range(rows)]
    if draw(st.booleans()):
        grid[draw(st.integers(0, rows - 1))][draw(st.integers(0, cols - 1))] = "#"
    return ["".join(row) for row in grid], small_set(letters), ", ".join(counts)


@settings(max_examples=60, deadline=None)
@given(counted_tilings())
def test_counts_match_a_backtracking_that_never_tells_copies_apart(case):
    rows, pieces, counts = case
    try:
        puzzle = read(rows, pieces, counts=counts)
    except InvalidPuzzle as err:  # an area no choice of copies makes
        assert len(err.messages) == 1 and ("board cells" in err.messages[0] or "open cells" in err.messages[0])
        return
    assert count_of(puzzle) == by_backtracking(puzzle)


def test_use_any_fills_the_board_with_a_part_of_the_set():
    pieces = small_set("ABCDF")  # sizes 1, 2, 3, 3, 4
    puzzle = read(["...", "..."], pieces, use="any")
    assert puzzle.pieces.counts == {letter: (0, 1) for letter in "ABCDF"}
    assert count_of(puzzle) == by_backtracking(puzzle) > 0
    assert read(["...", "..."], pieces, use="any", counts="A x2").pieces.count_of("A") == (2, 2)


def distinct_by_orbits(puzzle: tiling.Puzzle) -> int:
    """Solutions up to the board's symmetries, each solution's placements mapped and compared as sets."""
    problem = tiling.encode(puzzle)
    seen, orbits = set(), 0
    for solution in engine.Search(problem):
        placed = frozenset((problem.labels[o][0], frozenset(problem.labels[o][1])) for o in solution)
        if placed in seen:
            continue
        orbits += 1
        for symmetry in tiling.symmetries(puzzle):
            seen.add(frozenset((symmetry.letters[letter], frozenset(symmetry.cells[c] for c in cells))
                               for letter, cells in placed))
    return orbits


@pytest.mark.parametrize("rows, letters, counts", [
    (["....", "....", "...."], "BD", "B 0..6, D 0..4"),
    (["....", "....", "....", "...."], "CF", "C 0..4, F 0..4"),
    ([".....", ".....", "....."], "ABC", "A x3, B 0..6, C 0..4"),
])
def test_distinct_counts_each_orbit_of_solutions_once(rows, letters, counts):
    puzzle = read(rows, small_set(letters), counts=counts)
    problem = tiling.encode(puzzle)
    counted = counting.count(counting.Request(problem, tiling.item_maps(puzzle, problem), distinct=True))
    assert counted.complete and counted.total == by_backtracking(puzzle)
    assert counted.distinct == distinct_by_orbits(puzzle) and counted.distinct < counted.total


@pytest.mark.parametrize("heading, count", [("x3", (3, 3)), ("2..4", (2, 4)), ("0..1", (0, 1)), ("x1", None)])
def test_a_piece_file_gives_counts_on_its_headings(heading, count):
    text = f"title: t\n\nA #112233 dark blue {heading}\nAA\n\nB #445566\nB\n"
    pieces = catalog.parse_piece_set(text, "t")
    assert pieces.pieces["A"].colour_name == "dark blue"
    assert pieces.counts == ({} if count is None else {"A": count}) and pieces.count_of("B") == (1, 1)
    low, high = count or (1, 1)
    assert (pieces.least_area, pieces.area) == (2 * low + 1, 2 * high + 1)


@pytest.mark.parametrize("heading, message", [
    ("x0", r"t.txt:3: piece A: count 'x0': at most no copy"),
    ("3..2", r"t.txt:3: piece A: count '3..2': 3 copies at least is more than 2 at most"),
    ("x99999999999", r"t.txt:3: piece A: count 'x99999999999': a piece takes at most 10,000 copies"),
])
def test_a_bad_count_in_a_piece_file_names_its_line(heading, message):
    with pytest.raises(catalog.DataFileError, match=message):
        catalog.parse_piece_set(f"title: t\n\nA #112233 {heading}\nAA\n", "t", "t.txt")


@pytest.mark.parametrize("counts, message", [
    ("Q x2", r"--counts: 'Q' is not a piece of this set \(small: A B C\)"),
    ("A", r"--counts: 'A' is not 'LETTER xN' or 'LETTER U..V'"),
    ("A x2 B x2", r"--counts: 'A x2 B x2' is not 'LETTER xN'"),
    ("A 3..1", r"--counts: piece A: count '3..1'"),
    ("A two", r"--counts: piece A: 'two' is no count"),
])
def test_a_bad_counts_setting_names_where_it_was_given(counts, message):
    with pytest.raises(InvalidPuzzle, match=message):
        read(["......"], small_set("ABC"), counts=counts)


def test_an_area_the_copies_cannot_make_is_refused_in_one_line():
    pieces = small_set("CF")  # sizes 3 and 4
    with pytest.raises(InvalidPuzzle, match=r"A1:E1: 5 board cells, but no choice of copies covers that many cells"):
        read(["....."], pieces, counts="C 0..3, F 0..3")
    with pytest.raises(InvalidPuzzle, match=r"A1:F2: 12 board cells but the pieces cover 14 to 18 \(C x2, F 2..3\)"):
        read(["......", "......"], pieces, counts="C x2, F 2..3")
    with pytest.raises(InvalidPuzzle, match=r"A1: 4 cells are marked C but 1 copy of piece C cover 3"):
        read(["CCCC....."], pieces, counts="C 0..1, F 0..3")


def test_typed_copies_may_touch_and_each_cell_must_lie_under_some_copy():
    pieces = small_set("BC")  # a domino and a straight tromino
    puzzle = read(["BBBB", "...."], pieces, counts="B 0..4, C 0..2")  # two dominoes side by side, typed
    assert count_of(puzzle) == by_backtracking(puzzle) > 0
    with pytest.raises(InvalidPuzzle, match=r"A1: no piece C can lie over the cells marked C at A1"):
        read(["CB..", "B..."], pieces, counts="B 0..4, C 0..2")


def test_symmetries_map_a_piece_only_onto_one_of_its_count():
    one_sided = catalog.piece_set("one-sided-pentominoes")
    rows = ["." * 10] * 6
    mirror = next(s for s in tiling.symmetries(read(rows, one_sided, use="any")) if s.letters["L"] != "L")
    # a reflection carries L onto its mirror image while their counts are equal...
    puzzle = read(rows, one_sided, use="any", counts=f"L x1, {mirror.letters['L']} 0..2")
    assert all(s.letters["L"] == "L" for s in tiling.symmetries(puzzle))  # ...other counts drop it


TETROMINO_COPIES = "pieces: tetrominoes\ncounts: I x2, L x2, O x2, S x2, T x2\n"


def test_two_of_each_tetromino_fill_5x8_in_3106_ways_as_knuths_dlx3_counts():
    puzzle = tiling.FAMILY.parse(["." * 8] * 5, {"pieces": "tetrominoes", "counts": "I x2, L x2, O x2, S x2, T x2"})
    counted = counting.count(counting.Request(puzzle.problem, puzzle.item_maps, distinct=True))
    assert (counted.total, counted.distinct) == (3106, 783)  # 3,106: Knuth's DLX3 on --save-dlx's file
    with pytest.raises(Unsupported, match="graded with sets whose pieces are used once each"):
        grading.measure(puzzle)
    with pytest.raises(Unsupported, match="piece counts"):
        attempts.attempt(lambda rows: tiling.FAMILY.parse(rows, {"pieces": "tetrominoes", "use": "any"}),
                         ["." * 5] * 4, seed=1)


def test_the_command_line_counts_and_solves_tetromino_copies(tmp_path):
    wide = tmp_path / "t4x10.txt"
    wide.write_text(TETROMINO_COPIES + ".........." "\n" * 4)
    done = run_xlsolver("count", str(wide), "--distinct", "--save-dlx", str(tmp_path / "t.dlx"), "--json")
    assert (json.loads(done.stdout)["total"], json.loads(done.stdout)["solutions"]) == (1796, 449)  # DLX3: 1,796
    assert "2|I 2|L 2|O 2|S 2|T" in (tmp_path / "t.dlx").read_text().splitlines()[1]
    rows = run_xlsolver("solve", str(wide)).stdout.split()
    assert len(rows) == 4 and sorted("".join(rows)) == sorted("IIIILLLLOOOOSSSSTTTT" * 2)


def test_the_solved_picture_shows_each_copy_in_its_own_shade():
    puzzle = tiling.FAMILY.parse(["." * 10] * 4, {"pieces": "tetrominoes", "counts": "I x2, L x2, O x2, S x2, T x2"})
    solution = engine.first_solution(puzzle.problem).first
    frame = puzzle.frame(solution)
    shades = {}
    for option in solution:
        letter, cells = puzzle.problem.labels[option]
        colours = {frame.rows[r][c].colour for r, c in cells}
        assert len(colours) == 1 and all(frame.rows[r][c].text == letter for r, c in cells)
        shades.setdefault(letter, set()).update(colours)
    assert all(len(colours) == 2 for colours in shades.values())  # two copies, two shades, of each piece
