"""An exact-cover family is a declaration (xlsolver/families/cover.py): a new one gets every answer from it."""
from __future__ import annotations

from xlsolver.base.answer import Status
from xlsolver.families import Ask, InvalidPuzzle, cover
from xlsolver.families.attempts import attempt
from xlsolver.families.generating import Request

SYMBOLS = "123"


def latin_read(rows, settings, cell_name=None):
    """A 3 x 3 Latin square (each symbol once per row and column), stated as items and options only."""
    grid = [row.ljust(3, ".")[:3] for row in rows]
    if len(grid) != 3 or any(ch not in SYMBOLS + "." for row in grid for ch in row):
        raise InvalidPuzzle(["A1:C3: three rows of 1, 2, 3 or '.'"])
    primary = [f"r{r}c{c}" for r in range(3) for c in range(3)]
    primary += [f"{line}{i}={s}" for line in "rc" for i in range(3) for s in SYMBOLS]
    options = [([f"r{r}c{c}", f"r{r}={s}", f"c{c}={s}"], (r, c, s))
               for r in range(3) for c in range(3) for s in SYMBOLS if grid[r][c] in (".", s)]
    return cover.puzzle(cover.problem(primary, options), lambda label: [((label[0], label[1]), label[2])], grid,
                        why_none=lambda: "the givens clash", colours={"1": "#ff0000"}, data={"family": "latin"},
                        rows=tuple(grid))


LATIN = cover.family(name="latin", title="Latin squares", read=latin_read)


def test_a_family_declared_with_items_and_options_solves_counts_and_tells_uniqueness():
    puzzle = LATIN.parse(["12.", "2..", "..."])
    solved = LATIN.solve(puzzle, Ask(unique=True))
    assert solved.status == Status.SOLVED and solved.data["unique"] is True
    assert solved.data["solution"] == ["123", "231", "312"] and solved.data["family"] == "latin"
    assert solved.frames[0].text_rows() == ["123", "231", "312"]
    assert [cell.colour for cell in solved.frames[0].rows[0]] == ["#ff0000", None, None]  # colours by letter
    counted = LATIN.count(LATIN.parse(["...", "...", "..."]), Ask())
    assert (counted.data["solutions"], counted.data["complete"]) == (12, True)  # the 12 Latin squares of order 3
    assert LATIN.solve(LATIN.parse(["11.", "...", "..."]), Ask()).message == "No solution: the givens clash."
    assert LATIN.exact_cover(puzzle) is puzzle.problem and LATIN.unique and LATIN.empty_data({}) == {"solution": None}


def test_a_declared_family_hints_and_generates_challenges():
    hint = LATIN.hint(LATIN.parse(["12.", "2..", "..."]), Ask())
    assert hint.status == Status.SOLVED and len(hint.data["typed"]) == 1  # one digit to type
    r, c, ch = hint.data["typed"][0]
    assert ["123", "231", "312"][r][c] == ch
    empty = ["...", "...", "..."]
    made = list(LATIN.generate(empty, {}, Request(count=1), run_attempts=lambda seeds: [
        attempt(lambda grid: LATIN.parse(grid, {}), empty, seed) for seed in seeds]))
    assert len(made) == 1 and LATIN.count(LATIN.parse(made[0].rows), Ask(limit=2)).data["solutions"] == 1


def test_piece_options_and_places_write_letters_and_marked_cells():
    problem = cover.problem(["A1", "B1", "A2", "P"], [cover.piece_option("P", {(0, 0): "R", (0, 1): "C"}, ["A2"])],
                            secondary=["Q"])
    assert problem.option_items(0) == ["P", "A1", "B1", "A2"] and problem.labels[0][0] == "P"
    assert cover.written(problem, [0], ["..", ".."], cover.piece_places("C")) == ["Pp", ".."]
    plain = cover.problem(["A1", "B1", "P"], [cover.piece_option("P", frozenset({(0, 1), (0, 0)}))])
    assert plain.option_items(0) == ["P", "A1", "B1"]
    assert cover.written(plain, [0], ["...", "#.."], cover.piece_places()) == ["PP.", "#.."]
