"""The VBA ``Press`` every button runs, in the real LibreOffice, on the test build whose RunPython
records its command (and misbehaves when asked): it says "Running..." before Python starts, writes
a failure into the area's status cell instead of dropping it, and refuses a second click while the
first one runs."""
from __future__ import annotations

import os

import pytest

import libreoffice
from libreoffice import Office
from xlsolver.base.a1 import cell_name
from xlsolver.workbook import build, layout

_missing = libreoffice.unavailable_reason()
if _missing and os.environ.get("CI"):
    pytest.fail(f"LibreOffice is required in CI: {_missing}", pytrace=False)
pytestmark = pytest.mark.skipif(_missing is not None, reason=f"LibreOffice not installed: {_missing}")

STATE = layout.STATE_SHEET
AREA = layout.area("IQ5x11")
STATUS = cell_name(*AREA.status_cell)


def macro(action: str) -> str:
    return f"vnd.sun.star.script:VBAProject.Buttons.{AREA.macro(action)}?language=Basic&location=document"


@pytest.fixture(scope="module")
def document(tmp_path_factory):
    path = build.build(tmp_path_factory.mktemp("press") / "stub.xlsm", runpython_stub=True)
    with Office() as office:
        opened = office.open(path)
        try:
            yield opened
        finally:
            opened.close()


def calls(document) -> int:
    return int(document.cell(STATE, "E1") or 0)


def test_python_that_never_answers_is_said_in_the_status_cell(document):
    before = calls(document)
    document.run_macro(macro("solve"))
    assert calls(document) == before + 1
    assert document.cell(AREA.sheet, STATUS).startswith("Python did not answer: xlwings could not start it")


def test_an_error_in_runpython_is_written_into_the_status_cell(document):
    document.set_cell(STATE, "F1", "raise")
    document.run_macro(macro("count"))
    assert document.cell(AREA.sheet, STATUS) == "xlsolver could not run count: the test stub failed as asked"
    document.run_macro(macro("solve"))  # the trap let go: the next click runs as usual
    assert document.cell(AREA.sheet, STATUS).startswith("Python did not answer")


def test_a_second_click_while_python_runs_is_refused(document):
    before = calls(document)
    document.set_cell(STATE, "F1", AREA.macro("next"))  # clicked from inside the first click's RunPython
    document.run_macro(macro("solve"))
    assert calls(document) == before + 1  # the Next never reached Python
    assert document.cell(STATE, "D1") == "import xlsolver.excel as x; x.on_button('IQ5x11', 'solve')"
    document.run_macro(macro("next"))  # and the guard is down again once the first click ended
    assert calls(document) == before + 2
    assert document.cell(STATE, "D1") == "import xlsolver.excel as x; x.on_button('IQ5x11', 'next')"
