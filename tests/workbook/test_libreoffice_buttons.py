"""Every button of board.xlsm pressed in the real LibreOffice Calc, against the same press headless.

LibreOffice (headless, through UNO) runs with a profile set up by the real
``xlsolver libreoffice install``.  A test types a puzzle into an area, runs
what a click on a button runs (the script URL the button is bound to, through
the document's script provider: ``Buttons.<Area>_<Action>`` -> ``Press`` ->
``RunPython``, which xlsolver's script for LibreOffice answers by starting this
Python with ``-m xlsolver.workbook.exchange``), and reads the area back from
the open document.  The expected cells come from ``actions.press`` on an
in-memory copy of the workbook holding the same cells, as the command line and
Excel would compute them.  Nothing on that path is replaced by a stand-in.

These take seconds (soffice, one Python per click): marked slow, run by CI.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import libreoffice
from helpers import ROOT
from libreoffice import Button, Document, Office
from workbook_helpers import COMMITTED, committed_book
from xlsolver.workbook import actions, busy, layout
from xlsolver.workbook import libreoffice as setup

_missing = libreoffice.unavailable_reason() or setup.python_scripts_problem()
if _missing and os.environ.get("CI"):
    pytest.fail(f"LibreOffice with Python macros is required in CI: {_missing}", pytrace=False)
pytestmark = [pytest.mark.skipif(_missing is not None, reason=f"LibreOffice cannot run this: {_missing}"),
              pytest.mark.slow]

STAND_IN_MARK = "Put here by xlsolver's script for LibreOffice"
TIMING = re.compile(r"\b\d+(\.\d+)? s\b")  # "found in 0.03 s": the one thing two runs do not share


def install_with_the_command(profile: Path) -> None:
    """What a user runs once, with LibreOffice closed."""
    done = subprocess.run([sys.executable, "-m", "xlsolver", "libreoffice", "install", "--profile", str(profile)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "bound it to LibreOffice's 'Document loading finished' event" in done.stdout


@pytest.fixture(scope="module")
def office():
    with Office(setup=install_with_the_command) as running:
        yield running


@pytest.fixture(scope="module")
def document(office, tmp_path_factory):
    """A copy of board.xlsm open in LibreOffice (a copy: a click takes the workbook's lock)."""
    path = tmp_path_factory.mktemp("lo") / "board.xlsm"
    path.write_bytes(COMMITTED.read_bytes())
    opened = office.open(path)
    yield opened
    opened.close()


# --- what a click does, and what the same press gives headless ----------------------------------------

_BUTTONS: dict[tuple[int, str], list[Button]] = {}  # (document, sheet) -> its buttons: read once, they stay


def button(document: Document, area: layout.Area, action: str) -> Button:
    """The sheet's button for this area and action, found by the macro it is bound to."""
    suffix = f".Buttons.{area.macro(action)}?"
    key = (id(document), area.sheet)
    if key not in _BUTTONS:
        _BUTTONS[key] = document.button_macros(area.sheet)
    found = [b for b in _BUTTONS[key] if suffix in b.macro]
    assert len(found) == 1, f"{area.name} {action}: {found}"
    assert found[0].label == layout.BUTTON_CAPTIONS[action]
    return found[0]


def area_names(area: layout.Area) -> list[str]:
    return [name for name in layout.defined_names() if name.lower().startswith(area.name.lower() + "_")]


def plain(value: object) -> object:
    """A cell as the workbook file holds it: whole numbers as int, run times blurred in texts."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        return TIMING.sub("<t> s", value)
    return value


def snapshot(document: Document, area: layout.Area) -> dict[str, tuple[list, list]]:
    """Values and fills of every defined name of the area, as LibreOffice shows them."""
    return {name: ([[plain(v) for v in row] for row in document.range_values(name)], document.range_fills(name))
            for name in area_names(area)}


def headless(before: dict[str, tuple[list, list]], area: layout.Area, action: str) -> dict[str, tuple[list, list]]:
    """The same press on an in-memory copy of the workbook whose area holds ``before``."""
    book = committed_book()
    for name, (values, fills) in before.items():
        book.write(name, values)
        book.paint(name, fills)
    actions.press(book, area.name, action)
    return {name: ([[plain(v) for v in row] for row in book.read(name)], book.fills_of(name)) for name in before}


def differences(found: dict, expected: dict) -> list[str]:
    wrong = []
    for name, (values, fills) in expected.items():
        got_values, got_fills = found[name]
        for r, (row, got_row) in enumerate(zip(values, got_values)):
            for c, (want, got) in enumerate(zip(row, got_row)):
                if want != got:
                    wrong.append(f"{name}[{r}][{c}]: {got!r}, headless {want!r}")
        for r, (row, got_row) in enumerate(zip(fills, got_fills)):
            for c, (want, got) in enumerate(zip(row, got_row)):
                if want != got:
                    wrong.append(f"{name}[{r}][{c}] fill: {got}, headless {want}")
    return wrong


def puzzle_for(area: layout.Area) -> list[list[str | None]]:
    """What to type: the area's sample from the workbook; for an area without one, the first row of its
    first solution (a few given pieces), so that no button acts on an empty board."""
    book = committed_book()
    typed = book.read(f"{area.name}_In")
    if all(v is None for row in typed for v in row):
        actions.press(book, area.name, "solve")
        first = book.read(f"{area.name}_Out")[0]
        typed = [first] + [[None] * len(first) for _ in typed[1:]]
    return [[None if v is None else str(v) for v in row] for row in typed]


def status(document: Document, area: str) -> str | None:
    return document.range_values(f"{area}_Status")[0][0]


# --- the tests ----------------------------------------------------------------------------------------

def test_opening_swaps_in_what_libreoffice_can_compile(document):
    modules = document.vba_modules()
    assert STAND_IN_MARK in modules["xlwings"] and "Public Function RunPython" in modules["xlwings"]
    assert STAND_IN_MARK in modules["Dictionary"]
    assert "RunPython \"import xlsolver.excel as x" in modules["Buttons"]  # the workbook's own macros, unchanged
    assert not document._doc.isModified()


@pytest.mark.parametrize("area_name", list(layout.areas()))
def test_every_button_writes_what_the_same_press_writes_headless(document, area_name):
    area = layout.area(area_name)
    document.type_range(f"{area.name}_In", puzzle_for(area))
    # presses take a second at most here; an hour's limit keeps both sides' answers off their time limit
    document.type_range(f"{area.name}_TimeLimit", [["3600"]])
    for action in area.actions:
        before = snapshot(document, area)
        expected = headless(before, area, action)
        assert headless(before, area, action) == expected, f"{area.name} {action}: two headless presses differ"
        document.click(button(document, area, action))
        found = snapshot(document, area)
        assert differences(found, expected) == [], f"{area.name} {action}"


def test_a_booklet_challenge_solves_as_on_the_command_line(document):
    challenge = ROOT / "examples" / "iq-expert-25.txt"
    rows = challenge.read_text(encoding="utf-8").splitlines()
    document.type_range("IQ5x11_In", [[ch if ch not in ". " else None for ch in row] for row in rows])
    area = layout.area("IQ5x11")
    document.click(button(document, area, "solve"))
    cli = subprocess.run([sys.executable, "-m", "xlsolver", "solve", str(challenge), "--json"],
                         capture_output=True, text=True, timeout=120)
    answer = json.loads(cli.stdout)
    assert ["".join(row) for row in document.range_values("IQ5x11_Out")] == answer["solution"]
    fills = document.range_fills("IQ5x11_Out")
    assert all(fills[r][c] == answer["colours"][letter]
               for r, row in enumerate(answer["solution"]) for c, letter in enumerate(row))
    assert status(document, "IQ5x11").startswith("Solution 1")


def test_a_bad_puzzle_is_reported_in_the_status_cell(document):
    area = layout.area("IQ5x11")
    document.type_range("IQ5x11_In", puzzle_for(area))
    document.click(button(document, area, "solve"))
    assert any(v for row in document.range_values("IQ5x11_Out") for v in row)
    document.type_range("IQ5x11_In", [["Q"]])
    before = snapshot(document, area)
    document.click(button(document, area, "solve"))
    found = status(document, "IQ5x11")
    assert "'Q' is not a piece of this set" in found
    assert plain(found) == headless(before, area, "solve")["IQ5x11_Status"][0][0][0]
    # the status box is merged: its top-left cell holds the whole line; the named cell is marked, the old
    # solution gone, and the next press gives the cell its own fill back
    sheet = document._sheet(area.sheet)
    top, left, bottom, right = area.status_box
    box = sheet.getCellRangeByPosition(left, top, right, bottom)
    assert box.getIsMerged() and sheet.getCellByPosition(left, top).String == found
    assert document.range_fills("IQ5x11_In")[0][0] == layout.ERROR_FILL
    assert all(v is None for row in document.range_values("IQ5x11_Out") for v in row)
    document.click(button(document, area, "clear"))
    assert document.range_fills("IQ5x11_In")[0][0] == layout.INPUT_FILL


def test_one_undo_takes_back_a_whole_press(document):
    area = layout.area("IQ5x11")
    document.type_range("IQ5x11_In", puzzle_for(area))
    document.click(button(document, area, "clear"))
    cleared = snapshot(document, area)
    document.click(button(document, area, "solve"))
    assert snapshot(document, area) != cleared
    document._doc.UndoManager.undo()
    assert snapshot(document, area) == cleared


def test_a_workbook_busy_with_another_action_says_so(document):
    area = layout.area("IQ5x11")
    with busy.hold(document.path, "Count on IQ5x11"):
        document.click(button(document, area, "solve"))
    assert status(document, "IQ5x11") == "busy: Count on IQ5x11 is running"


def test_saving_keeps_xlwings_module_for_excel(office, tmp_path):
    path = tmp_path / "saved.xlsm"
    path.write_bytes(COMMITTED.read_bytes())
    opened = office.open(path)
    try:
        area = layout.area("IQ5x11")
        opened.click(button(opened, area, "solve"))
        opened._doc.store()
        assert STAND_IN_MARK in opened.vba_modules()["xlwings"]  # swapped in again after the save
        opened.click(button(opened, area, "clear"))
        assert status(opened, "IQ5x11") is None
    finally:
        opened.close()
    from oletools.olevba import VBA_Parser

    parser = VBA_Parser(str(path))
    try:
        modules = {name.rsplit(".", 1)[0]: code for _, _, name, code in parser.extract_macros()}
    finally:
        parser.close()
    assert "#If VBA7 Then" in modules["xlwings"] and STAND_IN_MARK not in modules["xlwings"]
    assert STAND_IN_MARK not in modules["Dictionary"]


# --- when the path to Python is broken: the status cell says why -----------------------------------------

def click_solve_with(python: str, tmp_path: Path) -> str | None:
    """Solve on IQ5x11 in a LibreOffice whose xlsolver script runs ``python`` (installed unchecked)."""
    path = tmp_path / "board.xlsm"
    path.write_bytes(COMMITTED.read_bytes())
    with Office(setup=lambda profile: setup.install(profile, python, check=False)) as running:
        opened = running.open(path)
        opened.click(button(opened, layout.area("IQ5x11"), "solve"))
        return status(opened, "IQ5x11")


def test_a_missing_python_is_reported_in_the_status_cell(tmp_path):
    missing = str(tmp_path / "no-such-env" / "bin" / "python3")
    found = click_solve_with(missing, tmp_path)
    assert found.startswith(f"xlsolver: cannot start Python {missing} (")
    assert "run 'xlsolver libreoffice install' with the Python that has xlsolver" in found


def test_a_python_without_xlsolver_is_reported_in_the_status_cell(tmp_path):
    env = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True, timeout=120)
    python = str(env / "bin" / "python")
    found = click_solve_with(python, tmp_path)
    assert found == (f"xlsolver: {python} cannot run xlsolver.workbook.exchange (No module named 'xlsolver'): "
                     "install xlsolver for that Python, or run 'xlsolver libreoffice install' with the Python "
                     "that has xlsolver")
    refused = subprocess.run([sys.executable, "-m", "xlsolver", "libreoffice", "install", "--python", python,
                              "--profile", str(tmp_path / "profile")], capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and "No module named 'xlsolver'" in refused.stderr


def test_without_the_setup_a_click_runs_nothing(tmp_path):
    """Why the setup is needed: LibreOffice Basic cannot compile xlwings' module (#If, #Const), and while one
    module of the project fails to compile, a click on any button of the workbook runs nothing at all."""
    path = tmp_path / "board.xlsm"
    path.write_bytes(COMMITTED.read_bytes())
    with Office() as bare:
        opened = bare.open(path)
        assert STAND_IN_MARK not in opened.vba_modules()["xlwings"]
        opened.click(button(opened, layout.area("IQ5x11"), "solve"))
        assert status(opened, "IQ5x11") is None
        assert opened.range_values("IQ5x11_Out")[0] == [None] * layout.area("IQ5x11").cols
    with zipfile.ZipFile(path) as archive:  # the file itself is untouched
        assert archive.read("xl/vbaProject.bin") == zipfile.ZipFile(COMMITTED).read("xl/vbaProject.bin")
