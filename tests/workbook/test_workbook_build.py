"""board.xlsm: built reproducibly from source, with the names, buttons and VBA it promises."""
from __future__ import annotations

import re
import zipfile

import openpyxl
import pytest

from xlsolver.a1 import cell_name
from xlsolver.workbook import build, layout
from xlsolver.workbook.vba import module_source
from helpers import ROOT
from workbook_helpers import COMMITTED, button_macros, vba_bin, vba_sources


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    return build.build(tmp_path_factory.mktemp("build") / "board.xlsm")


def test_committed_workbook_is_the_builders_output(fresh):
    """Rebuild and compare every part of the package, byte for byte."""
    with zipfile.ZipFile(COMMITTED) as committed, zipfile.ZipFile(fresh) as rebuilt:
        assert committed.namelist() == rebuilt.namelist()
        for member in committed.namelist():
            assert committed.read(member) == rebuilt.read(member), f"{member} differs: run xlsolver build-workbook"


def test_builds_are_byte_identical(fresh, tmp_path):
    assert build.build(tmp_path / "again.xlsm").read_bytes() == fresh.read_bytes()


def test_defined_names_are_workbook_level_and_point_where_the_layout_says():
    workbook = openpyxl.load_workbook(COMMITTED)
    names = {name: next(iter(d.destinations)) for name, d in workbook.defined_names.items()}
    expected = layout.defined_names()
    assert set(names) == set(expected)
    for area in ("Pento6x10", "Pento5x12", "Pento4x15", "Pento3x20", "PentoScott", "IQ5x11", "IQDiamond", "Custom",
                 "Ghost", "RoadBlock"):
        for suffix in ("_In", "_Out", "_Status"):
            assert area + suffix in names
    for name, (sheet, ref) in names.items():
        assert expected[name] == f"{layout.quote_sheet(sheet)}!{ref}"
        assert sheet in workbook.sheetnames
    for ws in workbook.worksheets:
        assert not ws.defined_names, "names are workbook-level, not sheet-level"


def test_sheets_code_names_and_hidden_state():
    workbook = openpyxl.load_workbook(COMMITTED, keep_vba=True)
    assert workbook.sheetnames == ["Pentominoes", "IQ Puzzler Pro", "Custom", "Ghost Hunter", "RoadBlock",
                                   "Klotski", "Zen Garden", "Sudoku", "xlwings.conf", "xlsolver.state"]
    assert workbook.code_name == "ThisWorkbook"
    code_names = [ws.sheet_properties.codeName for ws in workbook.worksheets]
    assert code_names == ["Sheet1", "Sheet2", "Sheet3", "Sheet6", "Sheet7", "Sheet8", "Sheet9", "Sheet10", "Sheet4", "Sheet5"]
    assert workbook["xlsolver.state"].sheet_state == "veryHidden"
    conf = workbook["xlwings.conf"]
    # xlwings reads keys from A1 down to the first empty row, and a key there (even with no value) hides the
    # user's own settings: the workbook sets none, and says how to add one beside the block
    assert all(conf.cell(r, c).value is None for r in range(1, 30) for c in (1, 2, 3))
    notes = [conf.cell(r, 4).value for r in range(1, 9)]
    assert "Interpreter_Win" in notes[3] and "Interpreter_Mac" in notes[4]


def test_vba_modules_equal_the_source_files_and_xlwings():
    found = vba_sources()
    expected = {m.name: module_source(m) for m in build.vba_modules()}
    assert set(found) == set(expected)
    for name, code in expected.items():
        assert found[name] == code, name
    import xlwings
    assert f"'Version: {xlwings.__version__}" in found["xlwings"]


def test_project_code_names_match_the_workbook():
    modules = vba_sources()
    workbook = openpyxl.load_workbook(COMMITTED, keep_vba=True)
    document_modules = {name for name, code in modules.items() if "VB_PredeclaredId = True" in code}
    assert document_modules == {workbook.code_name} | {ws.sheet_properties.codeName for ws in workbook.worksheets}
    project = vba_bin(COMMITTED)
    assert b"Document=ThisWorkbook/&H00000000" in project


def test_every_button_calls_a_macro_that_exists():
    macros = button_macros(COMMITTED)
    assert sorted(macros) == sorted(area.macro(action) for area, action in layout.buttons())
    source = (build.find_vba_dir() / "Buttons.bas").read_text()
    defined = set(re.findall(r"^Sub (\w+)\(\)", source, flags=re.M))
    assert set(macros) == defined
    for area, action in layout.buttons():
        body = source.split(f"Sub {area.macro(action)}()")[1].split("End Sub")[0]
        assert body.strip() == f'Press "{area.name}", "{action}"'
    assert "RunPython \"import xlsolver.excel as x; x.on_button('\" & Area & \"', '\" & Action & \"')\"" in source


def test_input_cells_have_validation_and_off_board_cells_refuse_input():
    workbook = openpyxl.load_workbook(COMMITTED)
    ws = workbook["IQ Puzzler Pro"]
    rules = ws.data_validations.dataValidation
    by_cell = {}
    for rule in rules:
        for cell_range in rule.sqref.ranges:
            for row in ws[cell_range.coord] if ":" in cell_range.coord else [[ws[cell_range.coord]]]:
                for cell in row:
                    by_cell[cell.coordinate] = rule
    diamond = layout.AREAS["IQDiamond"]
    off_board = by_cell[cell_name(diamond.top, diamond.left)]  # top-left of the diamond's 9x9 square is not on the board
    assert off_board.formula1 == "FALSE" and off_board.showErrorMessage
    on_board = by_cell[cell_name(diamond.top, diamond.left + 1)]
    assert "ABCDEFGHIJKL" in on_board.formula1 and on_board.type == "custom"


def test_xlwings_is_pinned_to_the_version_the_workbook_embeds():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert f"xlwings=={layout.XLWINGS_VERSION}" in project["dependencies"]


def test_the_builder_refuses_another_xlwings(tmp_path, monkeypatch, cli):
    import xlwings

    monkeypatch.setattr(xlwings, "__version__", "0.38.0")  # as if another xlwings were installed
    result = cli("build-workbook", "-o", str(tmp_path / "board.xlsm"))
    assert result.returncode == 2 and not (tmp_path / "board.xlsm").exists()
    assert result.stderr == (f"xlsolver: board.xlsm embeds the VBA module of xlwings {layout.XLWINGS_VERSION}, and this "
                             f"Python has xlwings 0.38.0: pip install xlwings=={layout.XLWINGS_VERSION}\n")
