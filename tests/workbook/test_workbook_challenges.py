"""The Hint and Generate buttons, pressed on the committed workbook held in memory."""
from __future__ import annotations

import pytest

from xlsolver import families
from xlsolver.families import Ask, challenges, grading
from xlsolver.workbook import areas, layout
from workbook_helpers import (all_values, committed_book, copy_of_board, fills_of, press, status, type_into,
                              values_of)


def typed_rows(book, area: str) -> list[str]:
    return ["".join("." if v is None else str(v) for v in row) for row in values_of(book, f"{area}_In")]


def test_every_exact_cover_area_has_a_hint_button_and_the_tilings_a_generate_button():
    for area in layout.AREAS.values():
        family = families.get(area.family)
        assert ("hint" in area.actions) == (family.hint is not None)
        if "generate" in area.actions:
            assert family.generate is not None and not area.spec.size, area.name  # a board of its own size
        if area.family == "tiling":  # a board of its own: named, or drawn by its cells (the Polyforms sheet)
            assert ("generate" in area.actions) == (area.board is not None or areas.drawn_board(area)), area.name
        assert (f"{area.name}_Level" in layout.defined_names()) == ("generate" in area.actions)


def test_hints_type_one_piece_at_a_time_into_empty_cells_until_the_solution():
    book = committed_book()  # IQ5x11 ships with booklet challenge 37: G and C given
    before = typed_rows(book, "IQ5x11")
    press(book, "IQ5x11", "hint")
    area = layout.area("IQ5x11")
    first = f"{layout.cell_name(area.top, area.left + 1)}"  # B1 of the grid: H's first cell
    assert status(book, "IQ5x11").startswith(f"Hint: H at {first}, ")
    after = typed_rows(book, "IQ5x11")
    changed = {(r, c) for r, (old, new) in enumerate(zip(before, after)) for c, (a, b) in enumerate(zip(old, new)) if a != b}
    assert all(before[r][c] == "." and after[r][c] == "H" for r, c in changed) and len(changed) == 5
    fills = fills_of(book, "IQ5x11_In")
    assert {(r, c) for r, row in enumerate(fills) for c, f in enumerate(row) if f == challenges.HINT_COLOUR} == changed
    for _ in range(10):
        press(book, "IQ5x11", "hint")
        if status(book, "IQ5x11").startswith("Nothing to hint"):
            break
    tiling = families.get("tiling")
    solved = tiling.solve(tiling.parse(before, {"pieces": "iq-puzzler-pro"}), Ask()).data["solution"]
    assert typed_rows(book, "IQ5x11") == solved


def test_a_hint_on_a_puzzle_with_several_solutions_says_so_and_types_nothing():
    book = committed_book()
    before = all_values(book, skip={"Pento6x10_Status"})
    press(book, "Pento6x10", "hint")  # the shipped X alone: many solutions
    assert status(book, "Pento6x10").startswith("No hint: this puzzle has more than one solution")
    assert all_values(book, skip={"Pento6x10_Status"}) == before


def test_generate_writes_a_unique_challenge_into_an_empty_area():
    book = committed_book()
    press(book, "Pento3x20", "generate")
    assert status(book, "Pento3x20").startswith("New ") and "one solution" in status(book, "Pento3x20")
    rows = typed_rows(book, "Pento3x20")
    assert any(ch.strip() for row in rows for ch in row)
    press(book, "Pento3x20", "unique")
    assert status(book, "Pento3x20") == "Unique: exactly one solution (shown)."


def test_generate_asks_by_a_second_press_before_replacing_what_is_typed():
    book = committed_book()
    type_into(book, "IQ5x11_TimeLimit", [[3600]])  # Generate stops at the area's limit: none that a busy machine meets
    before = typed_rows(book, "IQ5x11")
    press(book, "IQ5x11", "solve")
    press(book, "IQ5x11", "generate")
    assert status(book, "IQ5x11").startswith("Press Generate again to replace what is typed in ")
    assert typed_rows(book, "IQ5x11") == before
    type_into(book, "IQ5x11_Level", [["Junior"]])  # a change in between asks again
    press(book, "IQ5x11", "generate")
    assert status(book, "IQ5x11").startswith("Press Generate again") and typed_rows(book, "IQ5x11") == before
    type_into(book, "IQ5x11_Level", [[None]])
    press(book, "IQ5x11", "generate")
    assert status(book, "IQ5x11").endswith("with a new challenge.")
    press(book, "IQ5x11", "generate")
    assert status(book, "IQ5x11").startswith("New ")
    assert typed_rows(book, "IQ5x11") != before
    assert all(v is None for row in values_of(book, "IQ5x11_Out") for v in row)  # the old solution went


def test_a_level_that_is_not_one_names_its_cell():
    book = committed_book()
    type_into(book, "IQ5x11_Level", [["Easy"]])
    press(book, "IQ5x11", "generate")
    area = layout.area("IQ5x11")
    cell = layout.cell_name(*area.level_cell)
    assert status(book, "IQ5x11") == (f"{cell}: the level is Starter, Junior, Expert, Master, Wizard or empty "
                                      "(any level), not 'Easy'")


@pytest.mark.slow
def test_generate_makes_a_challenge_of_the_level_asked_for():
    book = committed_book()
    type_into(book, "IQ5x11_In", [""] * 5)
    type_into(book, "IQ5x11_Level", [["Wizard"]])
    type_into(book, "IQ5x11_TimeLimit", [[3600]])  # the attempts until a Wizard one take a second or two here
    press(book, "IQ5x11", "generate")
    assert status(book, "IQ5x11").startswith("New Wizard challenge (seed ")
    tiling = families.get("tiling")
    grade = grading.grade(tiling.parse(typed_rows(book, "IQ5x11"), {"pieces": "iq-puzzler-pro"}))
    assert grade.level == "wizard"


def test_the_level_cell_asks_for_the_booklets_level_and_its_pieces():
    """Starter on the 5 x 11 board gives 8 or 9 of the 12 pieces, as the IQ Puzzler Pro booklet's Starters do."""
    book = committed_book()
    type_into(book, "IQ5x11_In", [""] * 5)
    type_into(book, "IQ5x11_Level", [["Starter"]])
    press(book, "IQ5x11", "generate")
    assert status(book, "IQ5x11").startswith("New Starter challenge (seed ")
    rows = typed_rows(book, "IQ5x11")
    grade = grading.grade(families.get("tiling").parse(rows, {"pieces": "iq-puzzler-pro"}))
    assert grade.level == "starter" and 8 <= grade.given <= 9
    assert len({ch for row in rows for ch in row if ch.isalpha()}) == grade.given


def test_booklet_needs_a_workbook_saved_somewhere():
    book = committed_book()  # in memory: no file beside which to write
    before = all_values(book, skip={"IQ5x11_Status"})
    press(book, "IQ5x11", "booklet")
    assert status(book, "IQ5x11") == "Booklet writes its PDF beside the workbook: save the workbook first."
    assert all_values(book, skip={"IQ5x11_Status"}) == before


@pytest.mark.slow
def test_booklet_writes_a_pdf_of_every_level_beside_the_workbook_and_touches_no_cell(tmp_path):
    pypdf = pytest.importorskip("pypdf")
    path = copy_of_board(tmp_path)
    before = all_values(path, skip={"Calendar_Status"})
    press(path, "Calendar", "booklet")
    written = tmp_path / "board-Calendar-booklet.pdf"
    said = status(path, "Calendar")
    assert said.startswith(f"Booklet of 20 challenges, 4 per level, written to {written} (") and written.is_file()
    assert all_values(path, skip={"Calendar_Status"}) == before
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(str(written)).pages)
    assert all(f"Challenge {n}" in text for n in range(1, 21)) and "Solutions" in text
    assert all(level.capitalize() in text for level in ("starter", "junior", "expert", "master", "wizard"))
