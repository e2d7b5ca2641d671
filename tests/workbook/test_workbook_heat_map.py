"""The Heat map button: every solution counted, and on each cell of the solution grid the piece lying there in
most of them, in its colour faded by that share.  Checked against the solutions the ordinary search finds, one
by one, tallied here."""
from __future__ import annotations

from collections import Counter

from xlsolver import engine, families
from xlsolver.base.answer import OFF_BOARD
from xlsolver.families.solution_diagram import FAINTEST
from xlsolver.workbook import actions, areas, layout
from workbook_helpers import committed_book, press, type_into

AREA = "Pento6x10"  # as committed: an X typed in the middle, 337 solutions
OUT = f"{AREA}_Out"


def tallied(book) -> tuple[int, dict[tuple[int, int], tuple[str, float]]]:
    """(solutions, cell -> (its most frequent letter, its share)) from every solution the search finds."""
    puzzle = areas.read(book, layout.area(AREA)).puzzle
    tallies: dict[tuple[int, int], Counter] = {}
    solutions = list(engine.Search(puzzle.problem))
    for solution in solutions:
        for r, row in enumerate(puzzle.text(solution)):
            for c, letter in enumerate(row):
                tallies.setdefault((r, c), Counter())[letter] += 1
    most = {}
    for cell, tally in tallies.items():
        letter, ways = min(tally.items(), key=lambda kv: (-kv[1], kv[0]))
        most[cell] = (letter, ways / len(solutions))
    return len(solutions), most


def faded(colour: str, share: float) -> str:
    """``colour`` mixed with white: its own where every solution puts the piece there."""
    strength = FAINTEST + (1 - FAINTEST) * share
    return "#" + "".join(f"{round(255 - strength * (255 - int(colour[k:k + 2], 16))):02x}" for k in (1, 3, 5))


def test_the_heat_map_shows_the_piece_lying_on_each_cell_most_often_in_its_colour_faded_by_share():
    book = committed_book()
    typed, typed_fills = book.read(f"{AREA}_In"), book.fills_of(f"{AREA}_In")
    solutions, most = tallied(book)
    assert solutions == 337
    answer = press(book, AREA, "heatmap")
    values, fills = book.read(OUT), book.fills_of(OUT)
    colours = areas.read(book, layout.area(AREA)).puzzle.colours
    for (r, c), (letter, share) in most.items():
        assert values[r][c] == letter, (r, c)
        assert fills[r][c] == faded(colours[letter], round(100 * share) / 100), (r, c)
    shares = [round(100 * share) for (r, c), (_, share) in most.items() if typed[r][c] is None]  # open cells
    assert answer.message.startswith(f"{solutions} solutions. Heat map: each cell shows the piece lying there in "
                                     "most solutions")
    assert f"from {min(shares)}% to {max(shares)}% of them" in answer.message
    assert book.read(f"{AREA}_Status") == [[answer.message]]
    assert (book.read(f"{AREA}_In"), book.fills_of(f"{AREA}_In")) == (typed, typed_fills), "the input stays"
    x = [(r, c) for (r, c), (letter, _) in most.items() if typed[r][c] == "X"]
    assert x and all(fills[r][c] == colours["X"] for r, c in x), "a typed piece lies there in every solution"


def test_clear_empties_the_heat_map_and_next_starts_again_from_the_first_solution():
    book = committed_book()
    press(book, AREA, "clear")
    empty = (book.read(OUT), book.fills_of(OUT))
    press(book, AREA, "next")
    first = book.read(OUT)
    press(book, AREA, "next")
    assert book.read(OUT) != first
    press(book, AREA, "heatmap")
    assert press(book, AREA, "next").message.startswith("Solution 1 ")
    assert book.read(OUT) == first
    press(book, AREA, "heatmap")
    press(book, AREA, "clear")
    assert (book.read(OUT), book.fills_of(OUT)) == empty
    assert all(v is None for row in empty[0] for v in row)
    assert {fill for row in empty[1] for fill in row} == {layout.OUTPUT_FILL}


def test_only_areas_whose_family_draws_a_heat_map_have_the_button_beside_count():
    having = set()
    for area in layout.areas().values():
        family = families.get(area.family)
        assert ("heatmap" in area.actions) == (family.count is not None and family.heat_map), area.name
        if "heatmap" in area.actions:
            having.add(area.family)
            assert area.button_cell("heatmap") == (area.button_cell("count")[0], area.value_col)
            assert area.right >= area.value_col + area.columns_for(layout.BUTTON_PIXELS[0]) - 1
    assert having == {"tiling", "calendar"}  # a side condition (RoadBlock) or a 3D board (solid): none


def test_an_area_without_the_button_and_a_puzzle_without_solutions_say_so_in_one_line():
    book = committed_book()
    refused = actions.press(book, "RoadBlock", "heatmap")
    assert refused.message == "unknown action 'heatmap'; actions are solve, next, count, unique, hint, clear"
    type_into(book, f"{AREA}_In", [" X", "XXX", " X", "", "", ""])  # A14 cut off: nothing covers it
    press(book, AREA, "solve")
    answer = press(book, AREA, "heatmap")
    assert (answer.status, answer.message) == ("no solution", "No solution, so no heat map.")
    assert all(v is None for row in book.read(OUT) for v in row), "no old solution stands beside the message"
    assert OFF_BOARD not in {fill for row in book.fills_of(OUT) for fill in row}
