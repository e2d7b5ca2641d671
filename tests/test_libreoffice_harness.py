"""The LibreOffice harness itself, on a small .xlsm built here with our VBA project writer.

Runs wherever soffice, pdftoppm and python3-uno are installed (CI installs them); it is
skipped elsewhere, except under CI, where a missing LibreOffice is a failure.
"""
from __future__ import annotations

import os
import struct

import pytest

import libreoffice
from libreoffice import Button, MacroError, Office, OfficeError, render_png, strip_lo_header
from xlsolver.workbook.vba import VBAModule, build_vba_project

_missing = libreoffice.unavailable_reason()
if _missing and os.environ.get("CI"):
    pytest.fail(f"LibreOffice is required in CI: {_missing}", pytrace=False)
pytestmark = pytest.mark.skipif(_missing is not None, reason=f"LibreOffice not installed: {_missing}")

BUTTONS = """Option Explicit
' Caractères accentués et € : the project code page is 1252.

Sub Hello()
    ThisWorkbook.Worksheets("Main").Range("B2").Value = "hello from VBA"
End Sub

Sub Solve()
    RunPython "import xlsolver.excel as x; x.on_button('Solve')"
End Sub

Function Twice(ByVal n As Long) As Long
    Twice = 2 * n
End Function

Sub Boom()
    Dim zero As Long
    ThisWorkbook.Worksheets("Main").Range("B5").Value = 1 / zero
End Sub

Sub Forever()
    Do
    Loop
End Sub

Function CountTwice() As Long
    Dim c As New Counter
    c.Bump
    CountTwice = c.Bump
End Function
"""

STUB = """Option Explicit

Public Function RunPython(cmd As String)
    ThisWorkbook.Worksheets("Main").Range("B3").Value = cmd
End Function
"""

COUNTER = """Option Explicit
Private n As Long

Public Function Bump() As Long
    n = n + 1
    Bump = n
End Function
"""

MODULES = [
    VBAModule("ThisWorkbook", "document", "Option Explicit\n", workbook=True),
    VBAModule("Sheet1", "document", "Option Explicit\n"),
    VBAModule("Sheet2", "document", "Option Explicit\n"),
    VBAModule("Buttons", "standard", BUTTONS),
    VBAModule("Stub", "standard", STUB),
    VBAModule("Counter", "class", COUNTER),
]


@pytest.fixture(scope="session")
def office():
    with Office() as running:
        yield running


@pytest.fixture(scope="session")
def xlsm(tmp_path_factory):
    import xlsxwriter

    folder = tmp_path_factory.mktemp("harness")
    vba_bin = folder / "vbaProject.bin"
    vba_bin.write_bytes(build_vba_project(MODULES))
    path = folder / "harness.xlsm"
    workbook = xlsxwriter.Workbook(str(path))
    workbook.add_vba_project(str(vba_bin))
    workbook.set_vba_name("ThisWorkbook")
    main = workbook.add_worksheet("Main")
    main.set_vba_name("Sheet1")
    main.write("A1", "Harness test")
    main.write("A2", 42)
    main.insert_button("D2", {"macro": "Hello", "caption": "Say hello"})
    main.insert_button("D6", {"macro": "Solve", "caption": "Solve"})
    other = workbook.add_worksheet("Other")
    other.set_vba_name("Sheet2")
    other.write("A1", "second sheet")
    other.insert_button("C3", {"macro": "NoSuchMacro", "caption": "Dangling"})
    workbook.close()
    return path


@pytest.fixture
def doc(office, xlsm):
    document = office.open(xlsm)
    yield document
    document.close()


def test_opens_with_its_sheets_and_cells(doc):
    assert doc.sheet_names() == ["Main", "Other"]
    assert doc.cell("Main", "A1") == "Harness test"
    assert doc.cell("Main", "A2") == 42.0
    assert doc.cell("Main", "B2") is None
    assert doc.cell(1, "A1") == "second sheet"


def test_set_cell_text_number_formula(doc):
    doc.set_cell("Other", "B1", 2.5)
    doc.set_cell("Other", "B2", "=B1*2")
    doc.set_cell("Other", "B3", "=1/0")
    doc.set_cell("Other", "A1", None)
    assert (doc.cell("Other", "B2"), doc.cell("Other", "B3"), doc.cell("Other", "A1")) == (5.0, "#DIV/0!", None)


def test_vba_modules_as_libreoffice_imported_them(doc):
    modules = doc.vba_modules()
    assert sorted(modules) == sorted(m.name for m in MODULES)
    kinds = {"standard": "VBAModule", "document": "VBADocumentModule", "class": "VBAClassModule"}
    for module in MODULES:
        source = modules[module.name]
        # LibreOffice: Attribute lines gone, its own header on top, LF line ends.
        assert source.startswith(f"Rem Attribute VBA_ModuleType={kinds[module.kind]}\nOption VBASupport 1\n")
        assert "Attribute VB_" not in source and "\r" not in source
        assert strip_lo_header(source).rstrip("\n") == module.code.rstrip("\n"), module.name
    assert "Option ClassModule" in modules["Counter"].split("Option Explicit")[0]


def test_run_macro_writes_cells(doc):
    assert doc.run_macro("Buttons.Hello") is None
    assert doc.cell("Main", "B2") == "hello from VBA"
    doc.run_macro("Solve")  # a bare name, as Excel's button macros are written
    assert doc.cell("Main", "B3") == "import xlsolver.excel as x; x.on_button('Solve')"


def test_run_macro_passes_arguments_and_returns_results(doc):
    assert doc.run_macro("Buttons.Twice", 21) == 42
    assert doc.run_macro("Buttons.CountTwice") == 2  # a class module works too


def test_vba_errors_raise(doc):
    with pytest.raises(MacroError, match="Buttons.Boom: VBA error 11") as error:
        doc.run_macro("Buttons.Boom")
    assert error.value.number == 11
    with pytest.raises(MacroError):
        doc.run_macro("Buttons.NoSuchMacro")
    with pytest.raises(ValueError, match="declared in 0 modules"):
        doc.run_macro("NoSuchMacro")


def test_buttons_are_bound_to_their_macros(doc):
    url = "vnd.sun.star.script:VBAProject.Buttons.{}?language=Basic&location=document"
    assert doc.button_macros("Main") == [Button("Say hello", url.format("Hello")),
                                         Button("Solve", url.format("Solve"))]
    assert doc.button_macros("Other") == [Button("Dangling", "")]  # LibreOffice binds only macros it finds
    doc.run_macro(doc.button_macros("Main")[0].macro)  # what a click would run
    assert doc.cell("Main", "B2") == "hello from VBA"


def test_render_png_draws_each_sheet(office, xlsm, tmp_path):
    pictures = render_png(xlsm, tmp_path, office=office)
    assert [p.name for p in pictures] == ["harness-Main.png", "harness-Other.png"]
    for picture in pictures:
        data = picture.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert width > 20 and height > 10
    assert render_png(xlsm, tmp_path / "one", sheets=["Other"], office=office) == [tmp_path / "one" / "harness-Other.png"]


def test_office_stops_without_leaving_processes(xlsm):
    with Office() as own:
        group = own.pid
        assert own.open(xlsm).cell("Main", "A2") == 42.0
    with pytest.raises(ProcessLookupError):  # oosplash and soffice.bin are both gone
        os.killpg(group, 0)


@pytest.mark.slow
def test_a_macro_that_never_ends_is_stopped(xlsm):
    with Office() as own:
        group = own.pid
        with pytest.raises(OfficeError, match="Buttons.Forever still running after 1 s"):
            own.open(xlsm).run_macro("Buttons.Forever", timeout=1)
    with pytest.raises(ProcessLookupError):
        os.killpg(group, 0)


def test_open_missing_file_raises(office, tmp_path):
    with pytest.raises(FileNotFoundError):
        office.open(tmp_path / "missing.xlsm")


def test_a_failed_start_reports_soffice_output(tmp_path, monkeypatch):
    fake = tmp_path / "soffice"
    fake.write_text("#!/bin/sh\necho 'fake soffice: cannot start' >&2\nexit 3\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    with pytest.raises(OfficeError, match="(?s)exited with 3.*fake soffice: cannot start"):
        Office()
