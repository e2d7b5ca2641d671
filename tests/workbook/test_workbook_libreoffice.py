"""board.xlsm in the real LibreOffice: it opens, shows our VBA, and every button's
macro sends the right command to Python (proved on a test build whose RunPython
records its argument, since LibreOffice cannot compile xlwings' own module).
The buttons pressed for real, with xlsolver answering, are in
test_libreoffice_buttons.py."""
from __future__ import annotations

import os

import pytest

import libreoffice
from libreoffice import Office, strip_lo_header
from xlsolver.workbook import build, layout
from xlsolver.workbook.vba import module_source
from workbook_helpers import COMMITTED

_missing = libreoffice.unavailable_reason()
if _missing and os.environ.get("CI"):
    pytest.fail(f"LibreOffice is required in CI: {_missing}", pytrace=False)
pytestmark = pytest.mark.skipif(_missing is not None, reason=f"LibreOffice not installed: {_missing}")

PUZZLE_SHEETS = [sheet.name for sheet in layout.SHEETS]


@pytest.fixture(scope="module")
def office():
    with Office() as running:
        yield running


def expected_command(area: str, action: str) -> str:
    return f"import xlsolver.excel as x; x.on_button('{area}', '{action}')"


def test_committed_workbook_opens_with_its_sheets_and_modules(office):
    document = office.open(COMMITTED, macros=False)
    try:
        assert document.sheet_names() == [*PUZZLE_SHEETS, "xlwings.conf", "xlsolver.state"]
        assert document.cell("IQ Puzzler Pro", "B14") == "G"  # the sample challenge typed in
        modules = document.vba_modules()
        assert {"Buttons", "xlwings", "Dictionary", "ThisWorkbook",
                *(sheet.code_name for sheet in layout.SHEETS)} <= set(modules)
        buttons_source = module_source(next(m for m in build.vba_modules() if m.name == "Buttons"))
        body = "\n".join(line for line in buttons_source.splitlines() if not line.startswith("Attribute "))
        assert strip_lo_header(modules["Buttons"]).strip() == body.strip()
    finally:
        document.close()


def test_every_button_is_bound_to_its_macro(office):
    document = office.open(COMMITTED, macros=False)
    try:
        for sheet in layout.SHEETS:
            found = {(b.label, b.macro) for b in document.button_macros(sheet.name)}
            expected = {(layout.BUTTON_CAPTIONS[action],
                         f"vnd.sun.star.script:VBAProject.Buttons.{area.macro(action)}?language=Basic&location=document")
                        for area in sheet.areas for action in area.actions}
            assert found == expected, sheet.name
    finally:
        document.close()


@pytest.mark.slow
def test_each_button_sends_its_area_and_action_to_python(office, tmp_path):
    path = build.build(tmp_path / "stub.xlsm", runpython_stub=True)
    document = office.open(path)
    try:
        clicks = 0
        for sheet in layout.SHEETS:
            by_label_and_area = document.button_macros(sheet.name)
            assert len(by_label_and_area) == sum(len(area.actions) for area in sheet.areas)
            for button in by_label_and_area:
                area_name = button.macro.split("Buttons.")[1].split("_")[0]
                action = next(a for a, caption in layout.BUTTON_CAPTIONS.items() if caption == button.label)
                document.run_macro(button.macro)  # what a click runs
                clicks += 1
                assert document.cell(layout.STATE_SHEET, "D1") == expected_command(area_name, action)
                assert document.cell(layout.STATE_SHEET, "E1") == clicks
        assert clicks == len(layout.buttons())
    finally:
        document.close()
