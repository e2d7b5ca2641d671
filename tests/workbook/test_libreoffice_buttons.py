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
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import libreoffice
from helpers import ROOT
from libreoffice import Button, Document, Office, OfficeError, ScriptFailed, virtual_environment
from workbook_helpers import COMMITTED, committed_book, vba_bin, vba_sources
from xlsolver.geometry import catalog
from xlsolver.workbook import actions, build, busy, layout
from xlsolver.workbook import libreoffice as setup
from xlsolver.workbook import office_python
from xlsolver.workbook.vba import module_source

_missing = libreoffice.unavailable_reason() or setup.python_scripts_problem()
if _missing and os.environ.get("CI"):
    pytest.fail(f"LibreOffice with Python macros is required in CI: {_missing}", pytrace=False)
pytestmark = [pytest.mark.skipif(_missing is not None, reason=f"LibreOffice cannot run this: {_missing}"),
              pytest.mark.slow]

STAND_IN_MARK = "Put here by xlsolver's script for LibreOffice"
PROCEDURE_ATTRIBUTE = re.compile(r"Attribute \w+\.VB_")  # "Attribute Item.VB_UserMemId = 0": a procedure's
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


def headless(before: dict[str, tuple[list, list]], area: layout.Area, action: str,
             path: Path | None = None) -> dict[str, tuple[list, list]]:
    """The same press on an in-memory copy of the workbook whose area holds ``before`` (saved as ``path``: a File
    cell's relative path starts in its folder, Save writes there)."""
    book = committed_book()
    book.path = str(path) if path else None
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
    """What to type: the area's sample from the workbook; for an area without one (nothing, or only the '.'
    of a box shipped to fill), the first row of its first solution over it (a few given pieces), so that no
    button acts on an empty board (Generate on one would draw a new seed at each press)."""
    book = committed_book()
    typed = book.read(f"{area.name}_In")
    if all(v is None or str(v).strip() == "." for row in typed for v in row):
        actions.press(book, area.name, "solve")
        first = book.read(f"{area.name}_Out")[0]
        typed = [[letter if letter is not None else shipped for letter, shipped in zip(first, typed[0])]] + typed[1:]
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


#: Buttons that write a file beside the workbook: the copy LibreOffice has open is saved in a folder, the in-memory
#: book of the headless press in none (Booklet and Save say so), so they are compared on their own below.
BESIDE_THE_WORKBOOK = ("booklet", "save")


@pytest.mark.parametrize("area_name", list(layout.areas()))
def test_every_button_writes_what_the_same_press_writes_headless(document, area_name):
    area = layout.area(area_name)
    if area.spec.file is not None:  # a file named by its whole path: found alike from any folder
        document.type_range(area.input_name, [[str(BURR_DEMO)]])
    else:
        document.type_range(f"{area.name}_In", puzzle_for(area))
    # presses take a second at most here; an hour's limit keeps both sides' answers off their time limit
    document.type_range(f"{area.name}_TimeLimit", [["3600"]])
    for action in area.actions:
        if action in BESIDE_THE_WORKBOOK:
            continue
        before = snapshot(document, area)
        expected = headless(before, area, action)
        assert headless(before, area, action) == expected, f"{area.name} {action}: two headless presses differ"
        document.click(button(document, area, action))
        found = snapshot(document, area)
        assert differences(found, expected) == [], f"{area.name} {action}"


BURR_DEMO = ROOT / "examples" / "burr-demo.xmpuzzle"


def test_the_burrtools_sheet_opens_a_file_beside_the_workbook_and_save_writes_one_as_headless(document):
    """The File cell's path relative to the folder of the copy LibreOffice has open; Solve, then Save .xmpuzzle:
    the cells and the file as the same presses write them headless on a book saved in that folder."""
    from xlsolver import families
    from xlsolver.families import Ask, Settings

    area = layout.area("BurrTools")
    folder = document.path.parent
    (folder / "puzzles").mkdir(exist_ok=True)
    shutil.copyfile(BURR_DEMO, folder / "puzzles" / "demo.xmpuzzle")
    document.type_range("BurrTools_File", [["puzzles/demo.xmpuzzle"]])
    document.type_range("BurrTools_Problem", [["2"]])
    target = folder / "board-BurrTools.xmpuzzle"
    for action in ("solve", "save"):
        before = snapshot(document, area)
        expected = headless(before, area, action, document.path)
        if action == "save":
            target.unlink()  # the headless press wrote it: the click writes it again
        document.click(button(document, area, action))
        assert differences(snapshot(document, area), expected) == [], action
    assert status(document, "BurrTools").startswith(f"Saved solution 1 with the puzzle to {target} ")
    burr = families.get("burrtools")
    written = burr.parse(burr.file_form(".xmpuzzle").rows(str(target)), Settings({}))
    assert burr.count(written, Ask()).data["recorded_assemblies"] == 1  # four T's fill the square one way


def test_save_on_the_soma_cube_writes_the_solution_libreoffice_shows(document):
    from xlsolver.geometry import burr_grids, xmpuzzle

    area = layout.area("Soma")
    document.type_range("Soma_In", [[None if v is None else str(v) for v in row]
                                    for row in committed_book().read("Soma_In")])  # the box as shipped: all '.'
    document.click(button(document, area, "save"))
    target = document.path.parent / "board-Soma.xmpuzzle"
    assert status(document, "Soma").startswith(f"Saved solution 1 with the puzzle to {target} ")
    shown = document.range_values("Soma_Out")
    written = xmpuzzle.read(xmpuzzle.text_of(target.read_bytes()))
    [placements] = written.problems[0].solutions
    for part, placement in zip(written.problems[0].parts, placements):
        shape = written.shapes[part.shape]
        for x, y, z in burr_grids.placed_cells({v: 0 for v in shape.voxels}, shape.hotspot, placement):
            assert shown[y][area.spec.layers.origins()[z][1] + x] == shape.name


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
    assert status(document, "IQ5x11").startswith("The only solution")


def test_heat_map_draws_on_the_board_as_the_command_line_counts_it(document, tmp_path):
    """Heat map on Pento6x10 with the X typed in the middle (as committed): the letters the command line's
    count --frequencies finds, the fills faded from the pieces' colours, the status line saying so."""
    area = layout.area("Pento6x10")
    typed = committed_book().read("Pento6x10_In")
    document.type_range("Pento6x10_In", [[None if v is None else str(v) for v in row] for row in typed])
    document.type_range("Pento6x10_TimeLimit", [["3600"]])
    document.click(button(document, area, "heatmap"))
    board = tmp_path / "board.xlsm"
    board.write_bytes(COMMITTED.read_bytes())
    cli = subprocess.run([sys.executable, "-m", "xlsolver", "count", str(board), "--area", "Pento6x10",
                          "--frequencies", "--json"], capture_output=True, text=True, timeout=120)
    answer = json.loads(cli.stdout)["areas"]["Pento6x10"]
    assert ["".join(row) for row in document.range_values("Pento6x10_Out")] == answer["heat_map"]["pieces"]
    assert status(document, "Pento6x10") == answer["message"]
    assert answer["message"].startswith("337 solutions. Heat map: ")
    fills = document.range_fills("Pento6x10_Out")
    colours = {letter: piece.colour for letter, piece in catalog.piece_set("pentominoes").pieces.items()}
    for r, row in enumerate(answer["heat_map"]["pieces"]):
        for c, letter in enumerate(row):
            share = answer["heat_map"]["shares"][r][c]
            assert (fills[r][c] == colours[letter]) == (share in (None, 100)), (r, c)
    assert document.range_values("Pento6x10_In") == [[None if v is None else str(v) for v in row] for row in typed]


PYRAMID_SAMPLES = json.loads((Path(__file__).parent.parent / "data" / "pyramid.json").read_text(encoding="utf-8"))["samples"]


@pytest.mark.parametrize("sample", PYRAMID_SAMPLES, ids=[s["name"] for s in PYRAMID_SAMPLES])
def test_the_pyramid_sheet_solves_each_booklet_challenge_layer_by_layer(document, sample):
    """Booklet challenges 81, 93 and 105 typed into the Pyramid sheet: Unique? says one solution, and Solve writes
    the booklet's into the layers, side by side as they are typed, in the pieces' colours, and the pyramid seen
    from above beside them."""
    area = layout.area("Pyramid")
    layers = area.spec.layers
    text = [row for z, rows in enumerate(sample["layers"]) for row in ([""] if z else []) + rows]
    document.type_range("Pyramid_In", [[None if ch in ". " else ch for ch in row] for row in layers.spread(text)])
    document.click(button(document, area, "unique"))
    assert "unique" in status(document, "Pyramid").lower(), status(document, "Pyramid")
    document.click(button(document, area, "solve"))
    assert status(document, "Pyramid").startswith("The only solution")
    values, fills = document.range_values("Pyramid_Out"), document.range_fills("Pyramid_Out")
    colours = {letter: piece.colour for letter, piece in catalog.piece_set("iq-puzzler-pro").pieces.items()}
    for (rows, cols), (_, left), solved in zip(layers.shapes, layers.origins(), sample["solution"]):
        assert ["".join(values[r][left:left + cols]) for r in range(rows)] == solved
        assert [fills[r][left:left + cols] for r in range(rows)] == [[colours[ch] for ch in row] for row in solved]
    top = sample["solution"][4][0]
    assert [row[4:6] for row in document.range_values("Pyramid_Picture")[4:6]] == [[top, top]] * 2


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


def excel_vba_differences(path: Path) -> list[str]:
    """How the VBA project of a workbook LibreOffice wrote differs from what the builder puts into board.xlsm
    (vba/Buttons.bas, xlwings' module and Dictionary class, the formulas' module, the document modules), module
    by module as oletools reads them, beyond two things LibreOffice does to every VBA project it writes: one
    blank line more at the end of each module, and no procedure attributes (``Attribute Item.VB_UserMemId =
    0``: LibreOffice drops every Attribute line when it opens a file, and writes back only the module's)."""
    found = {name: code.replace("\r\n", "\n") for name, code in vba_sources(path).items()}
    wrong = []
    for module in build.vba_modules():
        expected = [line for line in module_source(module).split("\r\n") if not PROCEDURE_ATTRIBUTE.match(line)]
        got = found.pop(module.name, None)
        if got is None:
            wrong.append(f"{module.name}: missing")
            continue
        got_lines = got.split("\n")
        if got_lines[-2:] == ["", ""]:
            got_lines.pop()
        if got_lines != expected:
            first = next(i for i, (a, b) in enumerate(zip(got_lines + [None], expected + [None])) if a != b)
            wrong.append(f"{module.name} line {first + 1}: {got_lines[first:first + 1]} instead of "
                         f"{expected[first:first + 1]}")
    return wrong + [f"{name}: not the builder's" for name in found]


SAVES = ["save", "save as", "save a copy", "autorecovery"]


@pytest.mark.parametrize("how", SAVES)
def test_every_way_of_saving_keeps_the_excel_vba_intact(office, tmp_path, how):
    path = tmp_path / "board.xlsm"
    path.write_bytes(COMMITTED.read_bytes())
    target = path if how == "save" else tmp_path / f"{how.replace(' ', '-')}.xlsm"
    opened = office.open(path)
    try:
        area = layout.area("IQ5x11")
        opened.click(button(opened, area, "solve"))
        opened.save(how, target)
        assert STAND_IN_MARK in opened.vba_modules()["xlwings"]  # swapped in again after the save
        opened.click(button(opened, area, "clear"))  # and the buttons still work
        assert status(opened, "IQ5x11") is None
    finally:
        opened.close()
    assert excel_vba_differences(target) == []
    if how in ("save a copy", "autorecovery"):  # a copy leaves the file itself as it was
        assert vba_bin(path) == vba_bin(COMMITTED)


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


# --- from the shell of a virtual environment (xlsolver/workbook/office_python.py) ---------------------------

def _same_minor_as_libreoffice() -> bool:
    probe = [str(office_python.SYSTEM_PYTHON), "-c", "import sys; print(sys.version_info[:2])"]
    done = subprocess.run(probe, capture_output=True, text=True, timeout=120)
    return done.stdout.strip() == str(sys.version_info[:2])


_UNO = office_python.uno_folder()
distribution_python = pytest.mark.skipif(
    _UNO is None, reason="this LibreOffice brings its own Python: the shell's Python plays no part")


def venv_shell(python: str) -> dict[str, str]:
    """The environment of a shell after ``source bin/activate`` of ``python``'s virtual environment."""
    return office_python.activated(python, {key: value for key, value in os.environ.items()
                                            if key not in ("PYTHONPATH", "VIRTUAL_ENV")})


def solve_on_a_copy(running: Office, tmp_path: Path) -> list[str]:
    """Solve pressed on IQ5x11 of a copy of board.xlsm: how the area differs from the same press headless."""
    path = tmp_path / "board.xlsm"
    path.write_bytes(COMMITTED.read_bytes())
    opened = running.open(path)
    area = layout.area("IQ5x11")
    opened.type_range("IQ5x11_In", puzzle_for(area))
    before = snapshot(opened, area)
    opened.click(button(opened, area, "solve"))
    assert status(opened, "IQ5x11").startswith("The only solution")
    return differences(snapshot(opened, area), headless(before, area, "solve"))


@distribution_python
@pytest.mark.skipif(not _same_minor_as_libreoffice(), reason="LibreOffice's Python reads the site-packages of a "
                                                             "virtual environment of its own version only")
def test_buttons_work_in_the_libreoffice_a_user_starts_from_the_venv_shell(tmp_path):
    """The README's path: a virtual environment, xlsolver installed and set up in it, then ``soffice`` typed in
    that same shell.  soffice gets that shell's environment as it is."""
    shell = venv_shell(str(virtual_environment(tmp_path / "venv")))

    def install_in_the_shell(profile: Path) -> None:
        done = subprocess.run(["python", "-m", "xlsolver", "libreoffice", "install", "--profile", str(profile)],
                              env=shell, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert office_python.PATH_FILE in done.stdout and done.stderr == ""  # the .pth written, no warning

    with Office(setup=install_in_the_shell, environment=shell) as running:
        assert solve_on_a_copy(running, tmp_path) == []


@distribution_python
def test_from_another_venv_s_shell_libreoffice_s_python_cannot_start(tmp_path):
    """The cause, in LibreOffice itself: started from the shell of a virtual environment that lacks the .pth, its
    Python takes the environment's files and misses uno; every Python macro fails with std::bad_alloc, the
    script bound to "Document loading finished" first, and with it the loading of any document.  That is what
    install's warning and the README's troubleshooting say; a LibreOffice without xlsolver's script opens
    documents but runs no Python macro either."""
    shell = venv_shell(str(virtual_environment(tmp_path / "venv", with_xlsolver=False)))
    path = tmp_path / "board.xlsm"
    path.write_bytes(COMMITTED.read_bytes())
    assert office_python.shell_problem(shell) is not None
    with Office(setup=lambda profile: setup.install(profile, sys.executable, check=False),
                environment=shell) as running:
        with pytest.raises(OfficeError, match="bad_alloc"):
            running.open(path)
    with Office(environment=shell) as bare:
        opened = bare.open(path)
        with pytest.raises(ScriptFailed, match="bad_alloc"):
            opened.click(Button("Python", "vnd.sun.star.script:xlsolver_calc.py$run_python?language=Python"
                                          "&location=user"))


@distribution_python
def test_the_harness_started_from_a_venv_shell_gives_soffice_a_clean_environment(tmp_path, monkeypatch):
    """xlsolver's own use of LibreOffice (these tests, docs/make_libreoffice_screenshot.py, bench/): run from a
    venv shell, with nothing of xlsolver in that environment, the buttons work."""
    for key, value in venv_shell(str(virtual_environment(tmp_path / "venv", with_xlsolver=False))).items():
        monkeypatch.setenv(key, value)
    with Office(setup=install_with_the_command) as running:
        assert solve_on_a_copy(running, tmp_path) == []
