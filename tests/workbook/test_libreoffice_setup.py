"""The parts of the LibreOffice path that need no LibreOffice: the JSON exchange, xlsolver's script for
LibreOffice as plain Python, and ``xlsolver libreoffice install`` on a profile folder.  The clicks
themselves are in test_libreoffice_buttons.py (real LibreOffice, slow)."""
from __future__ import annotations

import ast
import io
import json
import re
import sys
import xml.etree.ElementTree as ET

import pytest

from helpers import ROOT
from workbook_helpers import committed_book
from xlsolver.workbook import actions, calc_script, exchange, layout
from xlsolver.workbook import libreoffice as setup


def request_from(book, area: str, action: str) -> dict:
    """What xlsolver's script for LibreOffice sends: every name of the area, with its cells."""
    ranges = {}
    for name, (sheet, top, left, _, _) in book.names.items():
        if name.lower().startswith(area.lower() + "_"):
            ranges[name] = {"sheet": sheet, "top": top - 1, "left": left - 1, "cells": book.read(name)}
    return {"protocol": exchange.PROTOCOL, "area": area, "action": action, "workbook": None, "ranges": ranges}


def apply_changes(book, answer: dict) -> None:
    """What the script does with the answer, on a MemoryBook."""
    for change in answer["changes"]:
        if "values" in change:
            book.write(change["range"], change["values"])
        if "fills" in change:
            book.paint(change["range"], change["fills"])


TIMING = re.compile(r"\b\d+(\.\d+)? s\b")  # "found in 0.03 s": the one thing two runs do not share


def blur(value: object) -> object:
    return TIMING.sub("<t> s", value) if isinstance(value, str) else value


def cells(book, area: str) -> dict:
    return {name: ([[blur(v) for v in row] for row in book.read(name)], book.fills_of(name))
            for name in book.names if name.startswith(area + "_")}


# --- the exchange ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("area", list(layout.areas()))
def test_an_exchanged_solve_writes_what_press_writes(area):
    direct, exchanged = committed_book(), committed_book()
    expected = actions.press(direct, area, "solve")
    answer = json.loads(json.dumps(exchange.respond(request_from(exchanged, area, "solve"))))  # through JSON
    apply_changes(exchanged, answer)
    assert answer["status"] == expected.status.value and blur(answer["message"]) == blur(expected.message)
    assert cells(exchanged, area) == cells(direct, area)


def test_every_action_of_an_area_goes_through_the_exchange():
    direct, exchanged = committed_book(), committed_book()
    for action in layout.area("IQ5x11").actions:
        expected = actions.press(direct, "IQ5x11", action)
        answer = exchange.respond(request_from(exchanged, "IQ5x11", action))
        apply_changes(exchanged, answer)
        assert blur(answer["message"]) == blur(expected.message), action
        assert cells(exchanged, "IQ5x11") == cells(direct, "IQ5x11"), action


def test_paints_carry_a_readable_text_colour_and_numbers_arrive_as_the_file_has_them():
    book = committed_book()
    request = request_from(book, "IQ5x11", "solve")
    request["ranges"]["IQ5x11_TimeLimit"]["cells"] = [[10.0]]  # LibreOffice gives every number as a float
    answer = exchange.respond(request)
    paint = next(change for change in answer["changes"] if "fills" in change)
    for fills, texts in zip(paint["fills"], paint["text"]):
        assert all((fill is None) == (text is None) for fill, text in zip(fills, texts))
        assert {text for text in texts if text} <= {"#000000", "#ffffff"}
    assert "time limit" not in answer["message"]


def test_the_command_answers_on_stdout_and_exits_0():
    book = committed_book()
    stdin = io.BytesIO(json.dumps(request_from(book, "IQ5x11", "solve")).encode("utf-8"))
    stdout = io.BytesIO()
    assert exchange.main(stdin, stdout) == 0
    answer = json.loads(stdout.getvalue().decode("utf-8"))
    assert answer["protocol"] == exchange.PROTOCOL and answer["status"] == "solved"


@pytest.mark.parametrize("request_text, reason", [
    (b"{not json", "the request is not UTF-8 JSON"),
    (b"[1, 2]", "the request is not a JSON object"),
    (json.dumps({"protocol": 99, "area": "IQ5x11", "action": "solve", "ranges": {}}).encode(),
     "the spreadsheet's script speaks protocol 99 and this xlsolver 1: run 'xlsolver libreoffice install' again"),
    (json.dumps({"protocol": 1, "area": "IQ5x11", "action": "solve", "ranges": {"IQ5x11_In": {"sheet": "S"}}}).encode(),
     "range 'IQ5x11_In' needs 'sheet', 'top', 'left' and 'cells' (rows of cells)"),
])
def test_an_unusable_request_is_answered_with_why_and_exit_2(request_text, reason):
    stdout = io.BytesIO()
    assert exchange.main(io.BytesIO(request_text), stdout) == 2
    answer = json.loads(stdout.getvalue())
    assert answer["status"] == "error" and answer["message"].startswith(reason)
    named = b'"area": "IQ5x11"' in request_text
    assert answer["changes"] == ([{"range": "IQ5x11_Status", "values": [[f"xlsolver: {answer['message']}"]]}]
                                 if named else [])


def test_a_failure_inside_press_is_a_status_line_as_on_excel():
    request = request_from(committed_book(), "IQ5x11", "count")
    request["ranges"]["IQ5x11_TimeLimit"]["cells"] = []  # a name over no cells: press reads [0][0]
    answer = exchange.respond(request)
    assert answer["status"] == "error"
    assert answer["message"] == "xlsolver internal error: IndexError: list index out of range"
    assert answer["changes"][-1] == {"range": "IQ5x11_Status", "values": [[answer["message"]]]}


def test_names_are_found_whatever_their_case():
    request = request_from(committed_book(), "IQ5x11", "solve")
    request["ranges"] = {name.upper(): spec for name, spec in request["ranges"].items()}
    answer = exchange.respond(request)
    assert answer["status"] == "solved"
    assert {change["range"] for change in answer["changes"]} <= set(request["ranges"])


# --- xlsolver's script for LibreOffice, as plain Python ------------------------------------------------------

def test_the_script_runs_on_old_pythons_and_needs_only_the_standard_library_and_uno():
    source = calc_script.__file__
    tree = ast.parse(open(source, encoding="utf-8").read(), feature_version=(3, 6))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= {"json", "os", "re", "subprocess", "tempfile", "uno", "unohelper", "com"}
    assert calc_script.PROTOCOL == exchange.PROTOCOL


def test_the_script_reads_the_command_the_buttons_send():
    buttons = (ROOT / "vba" / "Buttons.bas").read_text(encoding="utf-8")
    line = next(line for line in buttons.splitlines() if line.strip().startswith("RunPython "))
    command = eval(line.split("RunPython", 1)[1].strip().replace('" & Area & "', "IQ5x11")  # VBA "&" joins
                   .replace('" & Action & "', "solve"))
    assert calc_script.COMMAND.search(command).groups() == ("IQ5x11", "solve")
    assert calc_script.COMMAND.search("import os; os.system('x')") is None


def test_the_script_knows_the_running_line_the_buttons_write():
    buttons = (ROOT / "vba" / "Buttons.bas").read_text(encoding="utf-8")
    line = next(line for line in buttons.splitlines() if line.strip().startswith("Running = "))
    assert line.strip() == 'Running = "Running " & UCase(Left(Action, 1)) & Mid(Action, 2) & "..."'
    assert calc_script.RUNNING % "Solve" == "Running Solve..."


def test_the_script_hands_xlsolver_s_python_a_clean_environment():
    env = calc_script.child_environment({"PATH": "/usr/bin", "PYTHONPATH": "/usr/lib/libreoffice/program",
                                         "PYTHONHOME": "/opt/lo/python", "HOME": "/home/me"})
    assert env == {"PATH": "/usr/bin", "HOME": "/home/me"}


def test_the_script_says_why_there_is_no_answer():
    good = json.dumps({"status": "solved", "changes": []}).encode()
    assert calc_script.answer_of("py", 0, good, b"")["status"] == "solved"
    with pytest.raises(calc_script.ScriptError) as missing:
        calc_script.answer_of("/env/bin/python", 1, b"", b"/env/bin/python: Error while finding module specification "
                              b"for 'xlsolver.workbook.exchange' (ModuleNotFoundError: No module named 'xlsolver')\n")
    assert str(missing.value).startswith("xlsolver: /env/bin/python cannot run xlsolver.workbook.exchange "
                                         "(No module named 'xlsolver'): install xlsolver for that Python")
    with pytest.raises(calc_script.ScriptError) as crashed:
        calc_script.answer_of("py", -9, b"", b"")
    assert str(crashed.value) == "xlsolver: Python py stopped (exit code -9) without an answer: no output"


class Library:
    """A Basic library as UNO shows one: module names and sources."""

    def __init__(self, modules: dict[str, str]):
        self.modules = modules

    @property
    def ElementNames(self):  # noqa: N802 - UNO's name
        return tuple(self.modules)

    def getByName(self, name):  # noqa: N802
        return self.modules[name]


def test_only_modules_libreoffice_cannot_compile_get_stand_ins_and_only_in_xlsolver_workbooks():
    header = "Rem Attribute VBA_ModuleType=VBAModule\nOption VBASupport 1\n"
    xlwings = header + '#Const App = "Microsoft Excel"\nPublic Function RunPython(PythonCommand As String)\nEnd Function\n'
    dictionary = ("Rem Attribute VBA_ModuleType=VBAClassModule\nOption VBASupport 1\nOption ClassModule\n"
                  "#If Mac Then\n#End If\n")
    buttons = header + 'Sub A()\n    RunPython "import xlsolver.excel as x; x.on_button(\'A\', \'solve\')"\nEnd Sub\n'
    swaps = calc_script.stand_ins(Library({"Buttons": buttons, "xlwings": xlwings, "Dictionary": dictionary}))
    assert set(swaps) == {"xlwings", "Dictionary"}
    assert swaps["xlwings"][0] == xlwings
    assert swaps["xlwings"][1].startswith(header) and calc_script.SCRIPT_URL in swaps["xlwings"][1]
    assert swaps["Dictionary"][1].startswith("Rem Attribute VBA_ModuleType=VBAClassModule\nOption VBASupport 1\n"
                                             "Option ClassModule\n'")
    assert not calc_script.CONDITIONAL.search(swaps["xlwings"][1] + swaps["Dictionary"][1])
    assert calc_script.stand_ins(Library({"xlwings": xlwings})) == {}  # someone else's xlwings workbook


def test_a_class_module_is_saved_with_a_vba_class_s_attributes_not_libreoffice_s_option():
    """LibreOffice writes a module as it holds it, minus its first two header lines: what it holds while saving
    is what Excel gets after Attribute VB_Name."""
    header = "Rem Attribute VBA_ModuleType=VBAModule\nOption VBASupport 1\n"
    buttons = header + 'Sub A()\n    RunPython "import xlsolver.excel as x; x.on_button(\'A\', \'solve\')"\nEnd Sub\n'
    counter = ("Rem Attribute VBA_ModuleType=VBAClassModule\nOption VBASupport 1\nOption ClassModule\n"
               "Option Explicit\nPrivate n As Long\n")
    dictionary = counter.replace("Private n As Long", "#If Mac Then\n#End If")
    swaps = calc_script.stand_ins(Library({"Buttons": buttons, "Counter": counter, "Dictionary": dictionary}))
    assert set(swaps) == {"Counter", "Dictionary"}
    saved, while_open = swaps["Counter"]
    assert while_open == counter  # LibreOffice compiles it: it stays while the workbook is open
    assert saved == ("Rem Attribute VBA_ModuleType=VBAClassModule\nOption VBASupport 1\n"
                     'Attribute VB_Base = "0{FCFB3D2A-A0FA-1068-A738-08002B3371B5}"\n'
                     "Attribute VB_GlobalNameSpace = False\nAttribute VB_Creatable = False\n"
                     "Attribute VB_PredeclaredId = False\nAttribute VB_Exposed = False\n"
                     "Attribute VB_TemplateDerived = False\nAttribute VB_Customizable = False\n"
                     "Option Explicit\nPrivate n As Long\n")
    assert swaps["Dictionary"][0] == calc_script.saved_form(dictionary) and "#If Mac Then" in swaps["Dictionary"][0]
    assert calc_script.saved_form(buttons) == buttons


def test_the_class_attributes_are_those_the_builder_writes():
    from xlsolver.workbook.vba import VBAModule, module_source

    built = module_source(VBAModule("Counter", "class", "Option Explicit\n")).split("\r\n")
    assert tuple(built[1:8]) == calc_script.CLASS_ATTRIBUTES


# --- xlsolver libreoffice install ------------------------------------------------------------------------------

BINDING = re.compile(r'<node oor:name="OnLoadFinished"')


def test_install_puts_the_script_and_the_binding_into_the_profile(cli, tmp_path):
    done = cli("libreoffice", "install", "--profile", str(tmp_path))
    assert done.returncode == 0, done.stderr
    script = tmp_path / "user" / "Scripts" / "python" / "xlsolver_calc.py"
    text = script.read_text(encoding="utf-8")
    assert f"PYTHON = {sys.executable!r}" in text
    compile(text, str(script), "exec")
    registry = (tmp_path / "user" / "registrymodifications.xcu").read_text(encoding="utf-8")
    ET.fromstring(registry)  # well-formed
    assert setup.bound_script(registry) == setup.ON_LOAD
    assert cli("libreoffice", "install", "--profile", str(tmp_path)).returncode == 0  # again: still one binding
    assert len(BINDING.findall((tmp_path / "user" / "registrymodifications.xcu").read_text())) == 1


def test_install_keeps_the_profile_s_other_settings(tmp_path):
    registry = tmp_path / "user" / "registrymodifications.xcu"
    registry.parent.mkdir(parents=True)
    other = ('<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseLocking" oor:op="fuse">'
             '<value>false</value></prop></item>\n')
    registry.write_text(setup.with_binding("", None).replace("</oor:items>", other + "</oor:items>"))
    setup.install(tmp_path, str(tmp_path / "env" / "bin" / "python"), check=False)  # not this Python: its .pth stays
    assert other in registry.read_text()
    assert [str(path) for path in setup.uninstall(tmp_path)] == [str(setup.script_path(tmp_path)), str(registry)]
    assert other in registry.read_text() and setup.bound_script(registry.read_text()) is None
    assert not setup.script_path(tmp_path).exists()
    assert setup.uninstall(tmp_path) == []


def test_install_refuses_while_libreoffice_runs_and_over_another_binding(cli, tmp_path):
    (tmp_path / ".lock").write_text("[Lockdata]\n")
    running = cli("libreoffice", "install", "--profile", str(tmp_path))
    assert running.returncode == 2 and "LibreOffice is running with the profile" in running.stderr
    (tmp_path / ".lock").unlink()
    registry = tmp_path / "user" / "registrymodifications.xcu"
    registry.parent.mkdir(parents=True)
    registry.write_text(setup.with_binding("", "vnd.sun.star.script:Mine.py$go?language=Python&location=user"))
    taken = cli("libreoffice", "install", "--profile", str(tmp_path))
    assert taken.returncode == 2
    assert "event already runs vnd.sun.star.script:Mine.py$go?language=Python&location=user" in taken.stderr
    assert not setup.script_path(tmp_path).exists()


def test_install_refuses_a_python_that_cannot_run_the_exchange(cli, tmp_path):
    refused = cli("libreoffice", "install", "--profile", str(tmp_path), "--python", str(tmp_path / "nope"))
    assert refused.returncode == 2 and f"cannot run {tmp_path / 'nope'}" in refused.stderr
    assert not (tmp_path / "user").exists()


def test_libreoffice_alone_shows_its_commands(cli):
    done = cli("libreoffice")
    assert done.returncode == 2 and "install" in done.stderr and "uninstall" in done.stderr


def test_uninstall_says_it_deleted_the_files_it_deleted(cli, tmp_path):
    setup.install(tmp_path, str(tmp_path / "env" / "bin" / "python"), check=False)
    done = cli("libreoffice", "uninstall", "--profile", str(tmp_path))
    assert done.returncode == 0, done.stderr
    registry = tmp_path / "user" / "registrymodifications.xcu"
    assert done.stdout.splitlines() == [f"deleted {setup.script_path(tmp_path)}",
                                        f"removed xlsolver's binding from {registry}"]
