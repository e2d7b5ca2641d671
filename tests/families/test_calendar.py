"""The A-Puzzle-A-Day calendar: a date read as people write it, its month and day left uncovered, every
date of a leap year solvable, counts checked against a search written here from the game's facts."""
from __future__ import annotations

import datetime

import pytest

from xlsolver import families
from xlsolver.families import Ask, InvalidPuzzle, calendar
from xlsolver.workbook import layout
from workbook_helpers import all_values, committed_book, press, status, type_into, values_of

CALENDAR = families.get("calendar")
EMPTY = list(calendar.board().rows)

#: The game's facts, written here independently of the data files: the board's rows (months, days) and
#: the eight pieces as cells.
BOARD_ROWS = [["Jan", "Feb", "Mar", "Apr", "May", "Jun"], ["Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]] + \
    [[str(d) for d in range(start, min(start + 7, 32))] for start in (1, 8, 15, 22, 29)]
PIECES = {
    "rectangle": {(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)},
    "L": {(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)},
    "N": {(0, 0), (1, 0), (2, 0), (2, 1), (3, 1)},
    "P": {(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)},
    "U": {(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)},
    "V": {(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)},
    "Y": {(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)},
    "Z": {(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)},
}


def independent_count(month: str, day: str) -> int:
    """Solutions of one date by a plain backtracking search: fill the first empty cell in reading order."""
    open_cells = {(r, c) for r, row in enumerate(BOARD_ROWS) for c, label in enumerate(row)
                  if label not in (month, day)}

    def shapes(cells):
        found = set()
        for _ in range(2):
            for _ in range(4):
                cells = {(c, -r) for r, c in cells}
                top = min(cells)
                found.add(frozenset((r - top[0], c - top[1]) for r, c in cells))
            cells = {(r, -c) for r, c in cells}
        return found

    orientations = {name: shapes(cells) for name, cells in PIECES.items()}

    def search(empty, left):
        if not left:
            return 1
        first = min(empty)
        total = 0
        for name in left:
            for shape in orientations[name]:
                placed = {(first[0] + r, first[1] + c) for r, c in shape}
                if placed <= empty:
                    total += search(empty - placed, left - {name})
        return total

    return search(frozenset(open_cells), frozenset(PIECES))


def count(date: str) -> int:
    return CALENDAR.count(CALENDAR.parse(EMPTY, {"date": date}), Ask()).data["solutions"]


@pytest.mark.parametrize("date, month, day", [("Dec 26", "Dec", "26"), ("Feb 29", "Feb", "29"), ("Jan 1", "Jan", "1")])
def test_counts_agree_with_a_search_written_from_the_games_facts(date, month, day):
    assert count(date) == independent_count(month, day) > 0


@pytest.mark.parametrize("written", ["Nov 25", "25 November", "2026-11-25", "11-25", "11/25", "25 nov 2026", "NOV 25"])
def test_a_date_is_read_as_people_write_it(written):
    assert calendar.parse_date(written, "--date") == (11, 25)


@pytest.mark.parametrize("written, message", [
    ("Feb 30", "--date: 'Feb 30' is not a date; write it as Nov 25, 25 November, 2026-11-25 or 11-25"),
    ("2025-02-29", "--date: '2025-02-29' is not a date: February 2025 has no day 29"),
    ("13-01", "--date: '13-01' is not a date; write it as Nov 25, 25 November, 2026-11-25 or 11-25"),
    ("Ma 3", "--date: 'Ma 3' is not a date; write it as Nov 25, 25 November, 2026-11-25 or 11-25"),
])
def test_a_date_that_is_none_is_named_with_its_place(written, message):
    with pytest.raises(InvalidPuzzle) as caught:
        CALENDAR.parse(EMPTY, {"date": written})
    assert caught.value.messages == [message]


def test_blank_is_today():
    today = datetime.date.today()
    assert calendar.parse_date("", "--date") == (today.month, today.day)


def test_the_solution_leaves_the_date_uncovered_and_shows_it():
    answer = CALENDAR.solve(CALENDAR.parse(EMPTY, {"date": "Nov 25"}), Ask())
    rows = answer.data["solution"]
    assert (rows[1][4], rows[5][3]) == ("#", "#")  # Nov, 25
    assert sum(ch.isalpha() for row in rows for ch in row) == 41
    shown = answer.frames[0].rows
    assert (shown[1][4].text, shown[5][3].text) == ("Nov", "25")
    assert answer.data["date"] == "Nov 25"


def test_pieces_typed_on_the_board_are_hints_and_the_date_cannot_be_covered():
    hinted = ["OOO", "OOO"] + EMPTY[2:]
    answer = CALENDAR.solve(CALENDAR.parse(hinted, {"date": "Dec 26"}), Ask())
    assert answer.data["solution"][0][:3] == "OOO"
    with pytest.raises(InvalidPuzzle) as caught:
        CALENDAR.parse(["", ".....L", "", "", "", "....L", "", "", "......X"], {"date": "Dec 26"})
    assert caught.value.messages == ["F2: Dec is the date, to leave uncovered; not 'L'",
                                     "E6: 26 is the date, to leave uncovered; not 'L'",
                                     "G9: not a cell of the calendar; leave it empty"]


def test_the_calendar_sheet_solves_the_date_typed_and_names_a_wrong_one():
    book = committed_book()
    outputs = {f"{name}_{suffix}" for name in layout.AREAS for suffix in ("Out", "Status", "State")}
    before = all_values(book, skip=outputs)
    assert press(book, "Calendar", "solve").status.name == "SOLVED"
    solved = values_of(book, "Calendar_Out")
    assert (solved[1][5], str(solved[5][3])) == ("Dec", "25")  # the sheet's sample date (a number there)
    assert sum(isinstance(v, str) and len(v) == 1 and v.isalpha() for row in solved for v in row) == 41
    assert all_values(book, skip=outputs) == before, "Solve never changes what was typed"
    type_into(book, "Calendar_Date", [["Feb 30"]])
    press(book, "Calendar", "solve")
    assert status(book, "Calendar").endswith("'Feb 30' is not a date; write it as Nov 25, 25 November, "
                                             "2026-11-25 or 11-25")


@pytest.mark.slow
def test_every_date_of_a_leap_year_can_be_done():
    """24,405 solutions in all (the a-puzzle-a-day crate's README: "over 24 thousand", 67 a date on average)."""
    counts, day = {}, datetime.date(2024, 1, 1)
    while day.year == 2024:
        counts[f"{day:%b} {day.day}"] = count(day.isoformat())
        day += datetime.timedelta(days=1)
    assert len(counts) == 366 and min(counts.values()) == counts["Oct 6"] == 7
    assert (sum(counts.values()), max(counts.values()), counts["Jan 25"]) == (24405, 216, 216)
