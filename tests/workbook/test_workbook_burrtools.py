"""The BurrTools sheet (a .xmpuzzle file opened by typing its path into the File cell) and the Save .xmpuzzle
button of the 3D areas, pressed headless.

The main flow runs on a real copy of board.xlsm through openpyxl, beside real files in a temporary folder; the
others on the in-memory copy, given the folder a saved workbook has (``path``: a File cell's relative path starts
there, Save writes there).  What the sheet shows is compared with what the command line prints for the same file;
files Save writes are read back by xlsolver's reader and by plain gzip and xml.etree.  Bad paths and hostile files
end in one status line naming the File cell, the cell kept as typed.
"""
from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from helpers import ROOT
from workbook_helpers import MemoryBook, committed_book, copy_of_board
from xlsolver import families
from xlsolver.base.a1 import cell_name
from xlsolver.base.answer import Status
from xlsolver.families import Ask, Settings
from xlsolver.geometry import burr_grids, xmpuzzle
from xlsolver.workbook import actions, layout
from xlsolver.workbook.openpyxl_book import OpenpyxlBook

BURR = layout.area("BurrTools")
FILE = cell_name(*BURR.file_cell)  # the File cell, as messages name it
DEMO = ROOT / "examples" / "burr-demo.xmpuzzle"  # three problems: 'screws', 'four T', 'V and cubes'
SOMA_FILE = ROOT / "examples" / "soma.xmpuzzle"
FAMILY = families.get("burrtools")


def in_folder(folder: Path) -> MemoryBook:
    """The in-memory board.xlsm as if saved in ``folder``."""
    book = committed_book()
    book.path = str(folder / "board.xlsm")
    return book


def opened(book, path: object, problem: object = None) -> None:
    """Type a path into the File cell (and a problem into the Problem cell), as a user does."""
    book.write("BurrTools_File", [[path]])
    book.write("BurrTools_Problem", [[problem]])


def status(book, area: str = "BurrTools") -> str:
    return book.read(f"{area}_Status")[0][0] or ""


def blank(values) -> bool:
    return all(v is None for row in values for v in row)


def under_captions(values: list[list[object]], expected: dict[str, list[str]]) -> dict[str, list[str]]:
    """For each caption the solution grid holds (``layer 1``...), the block of the expected one's size right under
    it that begins at the caption's column or a few to its left (a caption is centred over its frame) and holds the
    same text, if one does, else the block under the caption itself ('#' where a cell is empty)."""
    found = {}
    for r, row in enumerate(values):
        for c, value in enumerate(row):
            if value in expected:
                rows, cols = len(expected[value]), len(expected[value][0])
                blocks = [["".join(values[r + 1 + i][left + j] or "#" for j in range(cols)) for i in range(rows)]
                          for left in range(c, max(c - 3, 0) - 1, -1) if left + cols <= len(row)]
                found[value] = next((block for block in blocks if block == expected[value]), blocks[0])
    return found


def cli_json(cli, *args: str) -> dict:
    done = cli(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def shown_layers(book, cli, path: Path, *args: str) -> tuple[dict, dict]:
    """(the layers the sheet shows under their captions, the layers ``xlsolver solve PATH ARGS --json`` prints)."""
    layers = cli_json(cli, "solve", str(path), *args)["layers"]
    expected = {f"layer {z + 1}": rows for z, rows in enumerate(layers)}
    return under_captions(book.read("BurrTools_Out"), expected), expected


# --- the BurrTools sheet ---------------------------------------------------------------------------------------

def test_a_file_named_in_the_file_cell_is_solved_stepped_and_counted_as_the_command_line_does(tmp_path, cli):
    """On a real copy of board.xlsm: the path relative to the workbook's folder, a problem chosen by name."""
    (tmp_path / "puzzles").mkdir()
    puzzle = tmp_path / "puzzles" / "demo.xmpuzzle"
    shutil.copyfile(DEMO, puzzle)
    path = copy_of_board(tmp_path)
    book = OpenpyxlBook(path)
    try:
        opened(book, "puzzles/demo.xmpuzzle", "V and cubes")
        answer = actions.press(book, "BurrTools", "solve")
        assert answer.status is Status.SOLVED, answer.message
        said = status(book)
        assert said.startswith("Solution 1 (press Next for another), found in ")
        notes = cli("solve", str(puzzle), "--problem", "3").stdout.splitlines()[:2]  # which problem, the letters
        assert notes[0] == "problem 3 (V and cubes) of the file's 3" and notes[1].startswith("pieces: A = shape ")
        assert said.endswith(f" Problem 3 (V and cubes) of the file's 3. P{notes[1][1:]}."), said
        shown, expected = shown_layers(book, cli, puzzle, "--problem", "3")
        assert shown == expected
        values = book.read("BurrTools_Out")
        assert "from above" in values[len(expected["layer 1"]) + 2]  # the views under the layers' band

        actions.press(book, "BurrTools", "next")
        assert status(book).startswith("Solution 2")
        shown, expected = shown_layers(book, cli, puzzle, "--problem", "3", "--solution", "2")
        assert shown == expected

        actions.press(book, "BurrTools", "count")
        counted = cli("count", str(puzzle), "--problem", "3")
        line = counted.stdout.splitlines()[-1]  # the command line's count, in its words
        assert line.startswith("147 assemblies, as BurrTools counts: ")
        assert status(book).split("; complete count in ")[0] == line.split("; complete count in ")[0]

        actions.press(book, "BurrTools", "clear")
        assert blank(book.read("BurrTools_Out")) and status(book) == ""
        assert book.read("BurrTools_File") == [["puzzles/demo.xmpuzzle"]], "nothing typed is overwritten"
        assert book.read("BurrTools_Problem") == [["V and cubes"]]
    finally:
        book.close()


def test_the_problem_cell_is_said_when_a_file_has_several_and_named_when_wrong(tmp_path):
    book = in_folder(tmp_path)
    opened(book, str(DEMO))
    actions.press(book, "BurrTools", "solve")
    problem = cell_name(*BURR.at(next(cell.at for cell in BURR.spec.cells if cell.key == "problem")))
    assert (f"Problem 1 (screws) of the file's 3; another by its number or name in {problem} (1 'screws', "
            "2 'four T', 3 'V and cubes').") in status(book)
    opened(book, str(DEMO), 4)
    answer = actions.press(book, "BurrTools", "solve")
    assert answer.status is Status.INVALID and blank(book.read("BurrTools_Out"))
    assert status(book).startswith(f"{problem}: '4' is neither the number nor the name of a problem of the file")
    assert book.fills_of("BurrTools_Problem") == [[layout.ERROR_FILL]]


def test_unique_asks_for_one_assembly_as_burrtools_counts_not_one_placement(tmp_path, cli):
    """The screws of the demo file: one assembly, whose placements are its images under the result's symmetries
    (none of them is the only placement); the Soma cube: 240 assemblies."""
    book = in_folder(tmp_path)
    opened(book, str(DEMO), "screws")
    answer = actions.press(book, "BurrTools", "unique")
    placements = cli_json(cli, "count", str(DEMO), "--problem", "1", "--all")["solutions"]
    assert placements > 1 and answer.status is Status.SOLVED and answer.data["unique"] is True
    assert status(book).startswith(f"Unique: exactly one assembly, as BurrTools counts (shown; its {placements} "
                                   "placements are images of one another under the result's symmetries).")
    assert not blank(book.read("BurrTools_Out"))
    opened(book, str(SOMA_FILE))
    answer = actions.press(book, "BurrTools", "unique")
    assert answer.status is Status.NOT_UNIQUE and answer.data["unique"] is False
    assert status(book).startswith("Not unique: at least two assemblies, as BurrTools counts (press Next to see more).")


def test_save_on_the_burrtools_sheet_writes_the_problem_with_the_solution_shown(tmp_path):
    book = in_folder(tmp_path)
    opened(book, str(DEMO), "four T")
    actions.press(book, "BurrTools", "solve")
    shown = book.read("BurrTools_Out")
    answer = actions.press(book, "BurrTools", "save")
    target = tmp_path / "board-BurrTools.xmpuzzle"
    assert status(book).startswith(f"Saved solution 1 with the puzzle to {target} (a BurrTools puzzle file).")
    assert answer.data["saved"] == str(target) and book.read("BurrTools_Out") == shown
    original, written = xmpuzzle.read(xmpuzzle.text_of(DEMO.read_bytes())), xmpuzzle.read(
        xmpuzzle.text_of(target.read_bytes()))
    assert written.shapes == original.shapes and len(written.problems) == 1
    assert written.problems[0].parts == original.problems[1].parts  # four T's: shape 6 four times
    [placements] = written.problems[0].solutions
    shape = written.shapes[written.problems[0].parts[0].shape]
    cells = set()
    for placement in placements:  # the four copies of T, each placed as the file says, fill the square shown
        placed = burr_grids.placed_cells({v: 0 for v in shape.voxels}, shape.hotspot, placement)
        assert not cells & set(placed)
        cells |= set(placed)
    assert cells == {(x, y, 0) for y in range(4) for x in range(4)}
    assert [row[:4] for row in shown[1:5]] == [["A"] * 4] * 4  # copies of one shape share its letter


def one_problem(grid: int, shapes: list[tuple[str, str]], count: int) -> str:
    """A BurrTools file of one problem: ``shapes`` as (its box "x y z", its voxel text), the first the result,
    the second taken ``count`` times."""
    voxels = "".join(f'<voxel x="{x}" y="{y}" z="{z}" type="0">{text}</voxel>'
                     for (x, y, z), text in ((size.split(), text) for size, text in shapes))
    return (f'<?xml version="1.0"?><puzzle version="2"><gridType type="{grid}"/><colors/><shapes>{voxels}</shapes>'
            f'<problems><problem state="0"><shapes><shape id="1" count="{count}"/></shapes><result id="0"/>'
            f'<bitmap/></problem></problems><comment/></puzzle>')


def test_a_file_too_large_for_the_solution_grid_is_said_and_still_saved(tmp_path):
    """A rod of 21 cubes: one layer, wider than the grid's 20 columns."""
    rod = "#" * (BURR.cols + 1)
    text = one_problem(0, [(f"{len(rod)} 1 1", rod), (f"{len(rod)} 1 1", rod)], count=1)
    (tmp_path / "rod.xmpuzzle").write_text(text, encoding="utf-8")
    book = in_folder(tmp_path)
    opened(book, "rod.xmpuzzle")
    answer = actions.press(book, "BurrTools", "solve")
    assert answer.status is Status.INVALID
    assert status(book) == (f"{FILE}: the answer's 1 layer of 1 x 21 cells take 2 x 21 cells, more than the 24 x 20 "
                            "of the solution grid; Save .xmpuzzle still writes it")
    assert book.fills_of("BurrTools_File") == [[layout.ERROR_FILL]] and blank(book.read("BurrTools_Out"))
    actions.press(book, "BurrTools", "save")
    assert status(book).startswith(f"Saved solution 1 with the puzzle to {tmp_path / 'board-BurrTools.xmpuzzle'}")
    assert "It is not drawn here: the answer's 1 layer" in status(book)
    rows = FAMILY.file_form(".xmpuzzle").rows(str(tmp_path / "board-BurrTools.xmpuzzle"))
    assert FAMILY.count(FAMILY.parse(rows, Settings({})), Ask()).data["recorded_assemblies"] == 1  # written solved


def test_save_refuses_to_write_over_the_file_it_reads(tmp_path):
    book = in_folder(tmp_path)
    shutil.copyfile(DEMO, tmp_path / "board-BurrTools.xmpuzzle")
    opened(book, "board-BurrTools.xmpuzzle")
    answer = actions.press(book, "BurrTools", "save")
    assert answer.status is Status.ERROR
    assert status(book).startswith(f"{FILE}: Save writes {tmp_path / 'board-BurrTools.xmpuzzle'}, the file this area "
                                   "reads;")
    assert (tmp_path / "board-BurrTools.xmpuzzle").read_bytes() == DEMO.read_bytes()


def _fifo(folder: Path) -> str:
    os.mkfifo(folder / "pipe.xmpuzzle")  # reading it would wait for a writer for ever
    return "pipe.xmpuzzle"


BAD_PATHS = {  # what is typed (or a function making it in the folder) -> what the status line says after the cell
    "empty": (None, "type the path of a BurrTools puzzle file (.xmpuzzle) here, such as examples/soma.xmpuzzle"),
    "a number": (42, "42 is not a file's path; type one, such as examples/soma.xmpuzzle"),
    "a formula": ("=A1&B1", "a formula (=A1&B1) is not read here; type the file's path itself"),
    "another kind of file": ("notes.txt", "'notes.txt' is not a .xmpuzzle file (a BurrTools puzzle file); name one"),
    "no such file": ("gone.xmpuzzle", "cannot read '{folder}/gone.xmpuzzle': no such file"),
    "a folder": (lambda folder: (folder / "dir.xmpuzzle").mkdir() or "dir.xmpuzzle",
                 "'{folder}/dir.xmpuzzle' is a folder, not a file"),
    "a pipe": (_fifo, "'{folder}/pipe.xmpuzzle' is a device or a pipe, not a file"),
    "a NUL character": ("a\x00b.xmpuzzle", "a file's path cannot hold a NUL character"),
    "a name too long": ("x" * 5000 + ".xmpuzzle", "cannot read 'xxxxxxxx"),
}


@pytest.mark.parametrize("case", list(BAD_PATHS))
def test_a_bad_path_is_said_in_one_line_naming_the_file_cell_which_keeps_what_was_typed(tmp_path, case):
    if case == "a pipe" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    typed, said = BAD_PATHS[case]
    typed = typed(tmp_path) if callable(typed) else typed
    book = in_folder(tmp_path)
    opened(book, str(SOMA_FILE))
    actions.press(book, "BurrTools", "solve")  # an answer shown, which a failure takes away
    opened(book, typed)
    answer = actions.press(book, "BurrTools", "solve")
    assert answer.status is Status.INVALID
    assert status(book).startswith(f"{FILE}: {said.format(folder=tmp_path)}"), status(book)
    assert "\n" not in status(book) and len(status(book)) < 300
    assert book.read("BurrTools_File") == [[typed]], "nothing typed is overwritten"
    assert book.fills_of("BurrTools_File") == [[layout.ERROR_FILL]] and blank(book.read("BurrTools_Out"))
    opened(book, str(SOMA_FILE))
    actions.press(book, "BurrTools", "solve")
    assert book.fills_of("BurrTools_File") == [[layout.INPUT_FILL]], "the next press paints the cell back"


def test_a_relative_path_needs_a_workbook_saved_in_a_folder():
    book = committed_book()  # never saved: no folder
    opened(book, "examples/soma.xmpuzzle")
    actions.press(book, "BurrTools", "solve")
    assert status(book) == (f"{FILE}: 'examples/soma.xmpuzzle' is a relative path, taken from the workbook's folder, "
                            "and this workbook is not saved in one; save it, or type the whole path")


HOSTILE = {  # a file's bytes -> what the status line says of it
    "not XML": (b"\x00\x01 binary junk", "NUL bytes"),
    "a gzip bomb": (lambda: gzip.compress(b"<puzzle>" + b" " * (40 * 1024 * 1024), 1), "unpacks to more than 32 MB"),
    "billion laughs": (b'<?xml version="1.0"?><!DOCTYPE p [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
                       b"<puzzle>&b;</puzzle>", "DOCTYPE"),
    "nested deep": (b"<puzzle>" + b"<a>" * 20_000 + b"</a>" * 20_000 + b"</puzzle>", "nested more than 500 deep"),
    "a box of a billion voxels": (b'<puzzle version="2"><gridType type="0"/><shapes><voxel x="1000" y="1000" '
                                  b'z="1000" type="0"></voxel></shapes><problems/></puzzle>',
                                  "xlsolver reads shapes of at most 1,000,000"),
    "no such grid": (b'<puzzle version="2"><gridType type="7"/><shapes><voxel x="1" y="1" z="1" type="0">#</voxel>'
                     b'</shapes><problems/></puzzle>', "<gridType> has type '7'; BurrTools' grids are 0 to 4"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_or_broken_file_is_said_in_one_line_naming_the_file_cell(tmp_path, case):
    data, said = HOSTILE[case]
    (tmp_path / "hostile.xmpuzzle").write_bytes(data() if callable(data) else data)
    book = in_folder(tmp_path)
    opened(book, "hostile.xmpuzzle")
    for action in ("solve", "count", "save"):
        answer = actions.press(book, "BurrTools", action)
        line = status(book)
        assert answer.status is Status.INVALID and line.startswith(f"{FILE}: ") and said in line, line
        assert "\n" not in line and "Traceback" not in line and "internal error" not in line
    assert not (tmp_path / "board-BurrTools.xmpuzzle").exists()


# --- Save .xmpuzzle on the 3D areas ----------------------------------------------------------------------------

def test_save_on_the_soma_cube_writes_the_solution_shown_as_a_file_burrtools_and_xlsolver_read(tmp_path):
    book = in_folder(tmp_path)
    actions.press(book, "Soma", "next")  # solution 1, then Next: solution 2 is shown
    actions.press(book, "Soma", "next")
    shown = book.read("Soma_Out")
    actions.press(book, "Soma", "save")
    target = tmp_path / "board-Soma.xmpuzzle"
    assert status(book, "Soma").startswith(f"Saved solution 2 with the puzzle to {target}")
    assert book.read("Soma_Out") == shown, "the solution written is the one shown"
    soma = layout.area("Soma")
    letters = {}  # (x, y, z) -> letter: x the column, y the row, z the layer of the sheet's layers
    for z, (_, left) in enumerate(soma.spec.layers.origins()):
        for y in range(3):
            for x in range(3):
                letters[(x, y, z)] = shown[y][left + x]

    # plain gzip and xml.etree: the shape the cubes fill, a shape a piece, one assembly of four numbers a piece
    root = ET.fromstring(gzip.decompress(target.read_bytes()))
    assert root.tag == "puzzle" and root.find("gridType").get("type") == "0"
    voxels = root.find("shapes").findall("voxel")
    assert voxels[0].text == "#" * 27 and len(voxels) == 8
    assert sorted((v.get("name"), v.text.count("#")) for v in voxels[1:]) == sorted(
        (letter, list(letters.values()).count(letter)) for letter in set(letters.values()))
    [problem] = root.find("problems").findall("problem")
    assert [s.get("id") for s in problem.find("shapes")] == [str(n) for n in range(1, 8)]
    [assembly] = problem.iter("assembly")
    assert len(assembly.text.split()) == 4 * 7

    # xlsolver's reader: each piece where the sheet shows it; the problem counts as BurrTools counts the cube
    written = xmpuzzle.read(xmpuzzle.text_of(target.read_bytes()))
    [placements] = written.problems[0].solutions
    for part, placement in zip(written.problems[0].parts, placements):
        shape = written.shapes[part.shape]
        cells = burr_grids.placed_cells({v: 0 for v in shape.voxels}, shape.hotspot, placement)
        assert {letters[cell] for cell in cells} == {shape.name}, shape.name
    counted = FAMILY.count(FAMILY.parse(xmpuzzle.dumps(written).splitlines(), Settings({})), Ask())
    assert counted.data["assemblies"] == 240


def test_save_needs_a_folder_and_keeps_the_solution_when_the_file_cannot_be_written(tmp_path):
    book = committed_book()
    answer = actions.press(book, "Soma", "save")
    assert answer.status is Status.ERROR
    assert status(book, "Soma") == "Save writes the .xmpuzzle file beside the workbook: save the workbook first."
    book = in_folder(tmp_path)
    target = tmp_path / "board-Soma.xmpuzzle"
    target.write_bytes(b"the user's own")
    target.chmod(0o444)  # its owner said to leave it alone
    answer = actions.press(book, "Soma", "save")
    assert answer.status is Status.ERROR
    assert status(book, "Soma") == f"Not saved: cannot write {target}: it is read-only (mode 0444)."
    assert not blank(book.read("Soma_Out")), "the solution shown stays: the file is what failed"
    assert target.read_bytes() == b"the user's own"


def test_save_on_the_pyramid_writes_its_balls_on_the_sphere_grid(tmp_path):
    """The booklet's challenge 81 as shipped: the file holds the pyramid as its result (55 balls) and the twelve
    pieces, each placed once by the assembly, the balls of each as many as its letter shows."""
    book = in_folder(tmp_path)
    actions.press(book, "Pyramid", "save")
    target = tmp_path / "board-Pyramid.xmpuzzle"
    assert status(book, "Pyramid").startswith(f"Saved solution 1 with the puzzle to {target} ")
    shown = [v for row in book.read("Pyramid_Out") for v in row if v]
    root = ET.fromstring(gzip.decompress(target.read_bytes()))
    assert root.find("gridType").get("type") == "2"
    written = xmpuzzle.read(xmpuzzle.text_of(target.read_bytes()))
    result = written.shapes[written.problems[0].result]
    assert len(result.voxels) == 55 == len(shown)
    [placements] = written.problems[0].solutions
    covered = []
    for part, placement in zip(written.problems[0].parts, placements):
        shape = written.shapes[part.shape]
        balls = burr_grids.BALLS.placed_cells({v: 0 for v in shape.voxels}, shape.hotspot, placement)
        assert len(balls) == shown.count(shape.name), shape.name
        covered += balls
    low = [min(v[i] for v in covered) for i in range(3)]
    assert sorted(tuple(c - b for c, b in zip(v, low)) for v in covered) == sorted(result.voxels)


def test_every_area_whose_family_writes_a_file_has_save_beside_solve():
    having = [area.name for area in layout.areas().values() if "save" in area.actions]
    assert having == ["Pyramid", "Soma", "Bedlam", "Cubes", "BurrTools"]
    for name in having:
        area = layout.area(name)
        assert area.button_cell("save") == (area.button_cell("solve")[0], area.value_col)


def test_xmpuzzle_on_a_workbook_is_refused_naming_the_button_that_writes_it(tmp_path, cli):
    path = copy_of_board(tmp_path)
    refused = cli("solve", str(path), "--area", "Soma", "--xmpuzzle", str(tmp_path / "out.xmpuzzle"))
    assert refused.returncode == 2 and "on a workbook, the area's Save .xmpuzzle button writes it" in refused.stderr
    assert path.read_bytes() == (ROOT / "board.xlsm").read_bytes() and not (tmp_path / "out.xmpuzzle").exists()


@pytest.mark.slow  # the workbook opened and saved: two seconds
def test_the_command_line_presses_save_on_a_workbook(tmp_path, cli):
    path = copy_of_board(tmp_path)
    saved = cli("press", str(path), "--area", "Cubes", "--button", "Save .xmpuzzle")
    assert saved.returncode == 0, saved.stderr
    target = tmp_path / "board-Cubes.xmpuzzle"
    assert re.match(rf"Cubes: Saved solution 1 with the puzzle to {re.escape(str(target))} ", saved.stdout)
    counted = cli("count", str(target), "--json")
    assert json.loads(counted.stdout)["recorded_assemblies"] is None  # one of several: written unsolved


def test_the_libreoffice_exchange_passes_the_workbook_s_folder_for_relative_paths_and_save(tmp_path):
    """What a click in LibreOffice sends (``exchange.respond``: the area's ranges and the workbook's path): a
    relative File path is found, and Save writes, in the open workbook's folder (the click itself: the slow
    test_libreoffice_buttons.py)."""
    from xlsolver.workbook import exchange

    shutil.copyfile(DEMO, tmp_path / "demo.xmpuzzle")
    book = committed_book()
    opened(book, "demo.xmpuzzle", "four T")
    for action in ("solve", "save"):
        ranges = {name: {"sheet": sheet, "top": top - 1, "left": left - 1, "cells": book.read(name)}
                  for name, (sheet, top, left, _, _) in book.names.items() if name.startswith("BurrTools_")}
        answer = exchange.respond({"protocol": exchange.PROTOCOL, "area": "BurrTools", "action": action,
                                   "workbook": str(tmp_path / "board.xlsm"), "ranges": ranges})
        assert answer["status"] == "solved", answer["message"]
        for change in answer["changes"]:
            if "values" in change:
                book.write(change["range"], change["values"])
    assert status(book).startswith(f"Saved solution 1 with the puzzle to {tmp_path / 'board-BurrTools.xmpuzzle'} ")
    assert (tmp_path / "board-BurrTools.xmpuzzle").read_bytes()[:2] == b"\x1f\x8b"


def test_a_file_on_the_prism_grid_is_drawn_in_triangles_and_saved(tmp_path, cli):
    """Three lozenges of two triangles fill a hexagon of six (BurrTools' grid 1): the layer under its caption as
    the command line prints it, each triangle pointing down shaded (as the Polyforms sheet draws them), and the
    file Save writes read back: its pieces placed on the hexagon, its one assembly recorded."""
    hexagon = "_###_###"  # x 0..3, y 0..1: the prisms (1..3, 0..1) of one layer; x + y even points up
    text = one_problem(1, [("4 2 1", hexagon), ("2 1 1", "##")], count=3)
    (tmp_path / "hexagon.xmpuzzle").write_text(text, encoding="utf-8")
    book = in_folder(tmp_path)
    opened(book, "hexagon.xmpuzzle")
    actions.press(book, "BurrTools", "solve")
    shown, expected = shown_layers(book, cli, tmp_path / "hexagon.xmpuzzle")
    assert shown == expected and expected["layer 1"] == ["AAA", "AAA"]
    values, fills = book.read("BurrTools_Out"), book.fills_of("BurrTools_Out")
    row = next(r for r, line in enumerate(values) if "layer 1" in line) + 1
    left = next(c for c, value in enumerate(values[row]) if value == "A")
    solution = FAMILY.solve(FAMILY.parse(text.splitlines(), Settings({})), Ask())
    colours = {(r, c): cell.colour for r, line in enumerate(solution.frames[0].rows) for c, cell in enumerate(line)}
    as_coloured = {(r + c) % 2 for (r, c), colour in colours.items() if fills[row + r][left + c] == colour}
    shaded = {(r + c) % 2 for (r, c), colour in colours.items() if fills[row + r][left + c] != colour}
    assert len(as_coloured) == len(shaded) == 1 and as_coloured != shaded, "up and down triangles alternate"
    actions.press(book, "BurrTools", "save")
    written = xmpuzzle.read(xmpuzzle.text_of((tmp_path / "board-BurrTools.xmpuzzle").read_bytes()))
    [placements] = written.problems[0].solutions
    lozenge = written.shapes[1]
    covered = [cell for placement in placements
               for cell in burr_grids.PRISM_GRID.placed_cells({v: 0 for v in lozenge.voxels}, lozenge.hotspot,
                                                              placement)]
    assert sorted(covered) == sorted((x, y, 0) for y in (0, 1) for x in (1, 2, 3))
    assert (written.problems[0].state, written.problems[0].assemblies) == (xmpuzzle.SOLVED, 1)
