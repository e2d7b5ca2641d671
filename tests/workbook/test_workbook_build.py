"""board.xlsm: built reproducibly from source, with the names, buttons and VBA it promises."""
from __future__ import annotations

import dataclasses
import re
import zipfile

import openpyxl
import pytest

from xlsolver import families
from xlsolver.base.a1 import cell_name
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
    assert len(layout.areas()) >= 13  # every family's areas: a family whose sheets went missing shows here
    for area in layout.areas().values():
        assert area.input_name in names  # its input grid, or its File cell (an area read from a file)
        for suffix in ("_Out", "_Status", "_TimeLimit", "_State"):
            assert area.name + suffix in names
    for name, (sheet, ref) in names.items():
        assert expected[name] == f"{layout.quote_sheet(sheet)}!{ref}"
        assert sheet in workbook.sheetnames
    for ws in workbook.worksheets:
        assert not ws.defined_names, "names are workbook-level, not sheet-level"


def a_family_declaring(spec_changes: dict, area_changes: dict | None = None):
    """A copy of the Ghost Hunter family whose one sheet (and its one area) is declared with these fields changed:
    a second family a contributor might add, colliding with the first where the changes say."""
    ghost = families.get("ghost-hunter")
    (sheet,) = ghost.sheets()
    areas = tuple(dataclasses.replace(area, **(area_changes or {})) for area in sheet.areas)
    copied = dataclasses.replace(sheet, areas=areas, **spec_changes)
    return dataclasses.replace(ghost, name="ghost-copy", sheets=lambda: (copied,))


NEW_SHEET = {"name": "Ghost Copy", "code_name": "Sheet99", "order": 99}


def test_the_registry_places_every_familys_sheets_once():
    assert layout.place(families.all_families().values()) == layout.sheets()
    assert layout.place([*families.all_families().values(), a_family_declaring(NEW_SHEET, {"name": "GhostCopy"})])


@pytest.mark.parametrize("spec_changes, area_changes, said", [
    ({**NEW_SHEET, "name": "Ghost Hunter"}, {"name": "GhostCopy"}, "the sheet name 'Ghost Hunter'"),
    ({**NEW_SHEET, "code_name": "Sheet6"}, {"name": "GhostCopy"}, "the code name 'Sheet6'"),
    ({**NEW_SHEET, "order": 2}, {"name": "GhostCopy"}, "the order 2: tiling's sheet 'IQ Puzzler Pro'"),
    (NEW_SHEET, None, "the area name 'Ghost': an area of ghost-hunter's sheet 'Ghost Hunter' and an area of "
                      "ghost-copy's sheet 'Ghost Copy'"),
    (NEW_SHEET, {"name": "pento6X10"}, "the area name 'pento6X10': an area of tiling's sheet 'Pentominoes'"),
    ({**NEW_SHEET, "code_name": "Sheet5"}, {"name": "GhostCopy"}, "the code name 'Sheet5': xlsolver's state sheet"),
    ({**NEW_SHEET, "name": "xlwings.conf"}, {"name": "GhostCopy"}, "the sheet name 'xlwings.conf': xlwings' sheet"),
])
def test_the_registry_refuses_a_sheet_that_collides_naming_both(spec_changes, area_changes, said):
    """Two families' sheets with one name, code name, order or area name (in any case) would overwrite each
    other's ranges and macros, or leave the order of the sheets to chance: refused when the layout is placed."""
    with pytest.raises(layout.LayoutError, match=re.escape(said)):
        layout.place([*families.all_families().values(), a_family_declaring(spec_changes, area_changes)])


def test_two_areas_of_one_sheet_with_one_name_are_refused():
    ghost = families.get("ghost-hunter")
    (sheet,) = ghost.sheets()
    twice = dataclasses.replace(sheet, areas=sheet.areas * 2)
    with pytest.raises(layout.LayoutError, match="the area name 'Ghost'"):
        layout.place([dataclasses.replace(ghost, sheets=lambda: (twice,))])


def test_sheets_code_names_and_hidden_state():
    workbook = openpyxl.load_workbook(COMMITTED, keep_vba=True)
    assert workbook.sheetnames == [sheet.name for sheet in layout.sheets()] + [layout.CONF_SHEET, layout.STATE_SHEET]
    assert workbook.sheetnames[:3] == ["Pentominoes", "IQ Puzzler Pro", "Custom"]  # the declared order
    assert workbook.code_name == "ThisWorkbook"
    code_names = [ws.sheet_properties.codeName for ws in workbook.worksheets]
    assert code_names == [sheet.code_name for sheet in layout.sheets()] + [layout.CONF_SHEET_CODE_NAME,
                                                                           layout.STATE_SHEET_CODE_NAME]
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


def test_the_custom_drawing_colours_a_lower_case_letter_apart_from_its_upper_case_one(fresh):
    """A drawing of more than 26 letters tells a from A: a rule per letter, A-Z then a-z, each matching its case only
    (EXACT: '=' ignores case in Excel as in Calc), in its own colour."""
    from xlsolver.families.tiling import DRAWN_PALETTE
    from xlsolver.geometry.catalog import PIECE_LETTERS

    area = layout.area("Custom")
    top, left = area.at(area.spec.drawing.at)
    corner = cell_name(top, left)
    ws = openpyxl.load_workbook(fresh)[area.sheet]
    rules = {rule.formula[0]: rule.dxf.fill.bgColor.rgb[2:].lower() for cf in ws.conditional_formatting
             if str(cf.sqref).startswith(corner + ":") for rule in cf.rules}
    assert rules == {f'EXACT({corner},"{letter}")': colour.lstrip("#")
                     for letter, colour in zip(PIECE_LETTERS, DRAWN_PALETTE)}
    assert len(set(rules.values())) == 52
