"""The workbook's VBA compiles on every platform: parsed whole by a real VBA grammar (antlr4-vba).

No Excel runs here and LibreOffice cannot compile xlwings' module (it has no ``#If``), so a typo in
vba/Buttons.bas would otherwise reach every Excel user as a compile error on the first click.  Every
module of vba/ and of board.xlsm (as oletools reads it) is resolved for each platform's compiler
constants and parsed from the grammar's start rule to the end of the file (tests/vba_grammar.py).
"""
from __future__ import annotations

import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():  # oletools' pyparsing grammar warns about old names on import
    warnings.simplefilter("ignore", DeprecationWarning)
    from oletools.olevba import VBA_Parser

from xlsolver.workbook import build, layout
from workbook_helpers import COMMITTED, button_macros
from vba_grammar import (
    EXPORT_HEADER,
    PLATFORMS,
    ConditionalCompilationError,
    Platform,
    check_module,
    exported_form,
    resolve_conditional_compilation,
)

VBA_DIR = build.find_vba_dir()
WIN64, WIN32, MAC = PLATFORMS
KINDS = {".bas": "standard", ".cls": "class"}  # a document module is exported as a class


def vba_dir_modules() -> dict[str, tuple[str, str]]:
    """Every module file under vba/: its path -> (source, kind)."""
    return {path.relative_to(VBA_DIR.parent).as_posix(): (path.read_text(encoding="utf-8"), KINDS[path.suffix])
            for path in sorted(VBA_DIR.rglob("*")) if path.suffix in KINDS}


def workbook_modules(path: Path = COMMITTED) -> dict[str, tuple[str, str]]:
    """Every module of the workbook's VBA project, as oletools extracts it: its name -> (source, kind)."""
    parser = VBA_Parser(path.name, data=path.read_bytes())
    try:
        return {f"{path.name}:{stream.split('/')[-1]}": (code, KINDS[Path(filename).suffix])
                for _, stream, filename, code in parser.extract_macros()}
    finally:
        parser.close()


MODULES = {**vba_dir_modules(), **workbook_modules()}


# The two modules that come unchanged from the pinned xlwings (they change only with the pin): antlr's
# Python runtime needs seconds for them, as its quick SLL prediction (a tenth of a second for a module)
# misreads some of their lines and they are parsed again with full LL prediction: about 10 s for
# xlwings' 1200 lines, 1 to 8 s for Dictionary.  CI parses them (``pytest -m slow``).
FROM_XLWINGS = {"board.xlsm:xlwings", "board.xlsm:Dictionary"}


def cases(names, *values, label: str = "") -> list:
    """A test's parameters per module name and platform, slow for a module from xlwings."""
    return [pytest.param(name, *values, platform, id=f"{label or name}-{platform.name}",
                         marks=[pytest.mark.slow] if name in FROM_XLWINGS else [])
            for name in names for platform in PLATFORMS]


def test_every_module_is_found():
    assert {"vba/Buttons.bas", "vba/stub/xlwings.bas"} <= set(MODULES)
    assert {name.split(":")[1] for name in MODULES if name.startswith("board.xlsm:")} == {
        module.name for module in build.vba_modules()}


@pytest.mark.parametrize("name, platform", cases(MODULES))
def test_every_module_parses_whole_on_every_platform(name, platform):
    source, kind = MODULES[name]
    parse = check_module(source, kind, platform)
    assert not parse.issues, f"{name} on {platform.name}:\n" + "\n".join(map(str, parse.issues))
    assert parse.reached_end


# --- the test fails on a broken copy --------------------------------------------------------------

def broken(name: str, line: str, replacement: str) -> tuple[str, str, int]:
    """Module ``name`` with its first line equal to ``line`` replaced: (source, kind, that line's number)."""
    source, kind = MODULES[name]
    lines = source.splitlines()
    number = lines.index(line) + 1
    lines[number - 1] = replacement
    return "\r\n".join(lines) + "\r\n", kind, number


ALL = {WIN64.name, WIN32.name, MAC.name}
BUTTONS = "vba/Buttons.bas"
CURSOR = "    Application.Cursor = xlWait"  # in Press
BAD_CURSOR = "    Application.Cursor = = xlWait"
MAC_ONLY = "#If Mac Or Not UseScriptingDictionaryIfAvailable Then"  # Dictionary's own Collection-based code


def branches(condition: str, taken: str, other: str) -> str:
    return f"#If {condition} Then\r\n{taken}\r\n#Else\r\n{other}\r\n#End If"


BROKEN_COPIES = [
    # (id, module, line, replacement, the platforms that fail, the line they report, counted from the
    # replaced one: 0 for the replacement's first line, or "end of file")
    ("misspelt End Sub", BUTTONS, "End Sub", "End Sbu", ALL, 0),
    # Press's outer If left open: found where End If was due, at the End Sub of Press 12 lines on
    ("unclosed If", BUTTONS, "    End If", "", ALL, 12),
    ("bad line in the Mac branch only", BUTTONS, CURSOR, branches("Mac", BAD_CURSOR, CURSOR), {MAC.name}, 1),
    ("bad line in the Windows 64-bit branch only", BUTTONS, CURSOR, branches("Win64", BAD_CURSOR, CURSOR),
     {WIN64.name}, 1),
    ("bad line in the Windows branches only", BUTTONS, CURSOR, branches("Mac", CURSOR, BAD_CURSOR),
     {WIN64.name, WIN32.name}, 3),
    ("#If without Then", BUTTONS, CURSOR, "#If Mac\r\n" + CURSOR + "\r\n#End If", ALL, 0),
    ("#If never closed", BUTTONS, CURSOR, "#If Mac Then\r\n" + CURSOR, ALL, "end of file"),
    ("#Else after #Else", BUTTONS, CURSOR, branches("Mac", CURSOR, "#Else"), ALL, 3),
    # the same in the modules from xlwings, as they are
    ("bad line in xlwings' Mac branch only", "board.xlsm:Dictionary", "    dict_pCompareMode = Value",
     "    dict_pCompareMode = = Value", {MAC.name}, 0),
    ("#If without Then in xlwings' Dictionary", "board.xlsm:Dictionary", MAC_ONLY,
     MAC_ONLY.removesuffix(" Then"), ALL, 0),
]


@pytest.mark.parametrize("name, case, line, replacement, failing, reported, platform", [
    param for case, name, *rest in BROKEN_COPIES for param in cases([name], case, *rest, label=case)])
def test_a_broken_copy_is_reported_at_its_line(name, case, line, replacement, failing, reported, platform):
    source, kind, number = broken(name, line, replacement)
    parse = check_module(source, kind, platform)
    if platform.name not in failing:  # the broken line is in a branch this platform does not compile
        assert not parse.issues and parse.reached_end
        return
    assert parse.issues, f"{case}: nothing reported on {platform.name}"
    expected = len(source.splitlines()) + 1 if reported == "end of file" else number + reported
    assert parse.issues[0].line == expected, "\n".join(map(str, parse.issues))


def test_the_parse_must_reach_the_end_of_the_file():
    # After a bad line antlr's recovery can give up the rest of the module: the check sees it stopped short
    source, kind, number = broken(BUTTONS, "End Sub", "End Sbu")
    parse = check_module(source, kind, WIN64)
    assert not parse.reached_end and parse.issues[0].line == number


def test_errors_are_collected_not_printed(capfd):
    parse = check_module('Attribute VB_Name = "M"\r\nSub A()\r\nEnd Sbu\r\n', "standard", WIN64)
    assert [issue.line for issue in parse.issues][:1] == [3]
    assert capfd.readouterr() == ("", "")  # antlr's default listener would print them to stderr


# --- the buttons' macros, as the grammar reads them ------------------------------------------------

def test_every_button_runs_a_public_sub_without_parameters():
    """The macro of each button is a Sub the grammar found in Buttons, callable as a button's macro."""
    source, kind = MODULES["board.xlsm:Buttons"]
    parse = check_module(source, kind, WIN64)
    subs = {name: (scope, parameters) for name, scope, parameters in parse.subs}
    assert sorted(button_macros(COMMITTED)) == sorted(area.macro(action) for area, action in layout.buttons())
    for macro in button_macros(COMMITTED):
        assert subs.get(macro) in {("", 0), ("Public", 0)}, macro
    assert subs["Press"] == ("Private", 2)


# --- conditional compilation ----------------------------------------------------------------------

def resolved_lines(source: str, platform: Platform) -> list[str]:
    return resolve_conditional_compilation(source, platform).split("\r\n")


XLWINGS_LIKE = """Attribute VB_Name = "Api"
#Const App = "Microsoft Excel" 'Adjust when using outside of Excel
#If VBA7 Then
    #If Mac Then
        mac7
    #End If
    #If Win64 Then
        win64
    #Else
        not64
    #End If
#Else
    vba6
#End If
#If MAC_OFFICE_VERSION >= 15 Then
    mac2016
#ElseIf App = "Microsoft Excel" Then
    excel
#ElseIf True Then
    never
#Else
    neither
#End If
"""


@pytest.mark.parametrize("platform, kept", [
    (WIN64, ["win64", "excel"]),
    (WIN32, ["not64", "excel"]),
    (MAC, ["mac7", "not64", "mac2016"]),
], ids=[WIN64.name, WIN32.name, MAC.name])
def test_each_platform_compiles_its_own_branches(platform, kept):
    lines = resolved_lines(XLWINGS_LIKE, platform)
    source_lines = XLWINGS_LIKE.split("\n")
    assert len(lines) == len(source_lines)  # line numbers stay the module's
    assert lines[0] == source_lines[0]
    assert [line.strip() for line in lines if line.strip()][1:] == kept
    for line in lines:
        assert not line.lstrip().startswith("#")


@pytest.mark.parametrize("condition, value", [
    ("Mac Or Not UseScriptingDictionaryIfAvailable", False),  # Dictionary.cls on Windows
    ("Not 1", True),  # VBA's Not is bitwise: Not 1 is -2, which is true
    ("Not True", False),
    ("Undefined", False),  # a name defined nowhere is Empty
    ("Undefined = 0 And Undefined = \"\"", True),
    ("Win32 = -1", True),  # True is -1
    ("1 / 2 = .5", True),
    ("7 \\ 2 = 3 And 7 Mod 2 = 1 And 2 ^ 3 = 8", True),
    ("-7 \\ 2 = -3 And -7 Mod 2 = -1 And 7.5 \\ 1 = 8", True),  # truncated toward zero, after rounding to even
    ("\"a\" & 1 = \"a1\"", True),
    ("(Win64 Xor Win32) Or (Win64 Imp Mac)", False),
    ("Win16 Eqv Mac", True),
    ("-Win64 = 1", True),
])
def test_conditions_are_evaluated_as_vba_does(condition, value):
    source = ("Attribute VB_Name = \"M\"\n#Const UseScriptingDictionaryIfAvailable = True\n"
              f"#If {condition} Then\nyes\n#Else\nno\n#End If\n")
    assert resolved_lines(source, WIN64)[3:6] == (["yes", "", ""] if value else ["", "", "no"])


def test_a_constant_defined_in_a_branch_not_taken_is_not_defined():
    source = ("Attribute VB_Name = \"M\"\n#If Mac Then\n#Const Flag = 1\n#Else\n#Const Flag = 2\n#End If\n"
              "#If Flag = 1 Then\nmac\n#ElseIf Flag = 2 Then\nwindows\n#End If\n")
    assert [line for line in resolved_lines(source, MAC) if line][1:] == ["mac"]
    assert [line for line in resolved_lines(source, WIN32) if line][1:] == ["windows"]


@pytest.mark.parametrize("condition, message", [
    ("App", "the string 'Microsoft Excel'"),
    ("App = 1", "a string compared with a number"),
    ("CLng(Mac)", "does not evaluate"),
    ("App + 1", "type mismatch: 'Microsoft Excel' is not a number"),
    ("1 Mod 0", "division by zero"),
])
def test_a_condition_that_cannot_be_evaluated_is_reported_at_its_line(condition, message):
    source = f"Attribute VB_Name = \"M\"\n#Const App = \"Microsoft Excel\"\n\n#If {condition} Then\n#End If\n"
    with pytest.raises(ConditionalCompilationError, match=message) as raised:
        resolve_conditional_compilation(source, WIN64)
    assert raised.value.issues[0].line == 4


def test_a_line_continued_onto_a_hash_is_not_a_directive():
    source = "Attribute VB_Name = \"M\"\nx = _\n  #1/1/2000#\n#If Mac Then\ny\n#End If\n"
    assert resolved_lines(source, WIN64) == ["Attribute VB_Name = \"M\"", "x = _", "  #1/1/2000#", "", "", "", ""]


# --- class and document modules --------------------------------------------------------------------

def test_a_stored_class_module_is_parsed_in_its_exported_form():
    source, _ = MODULES["board.xlsm:ThisWorkbook"]
    text, origin = exported_form(source + "Sub A()\r\nEnd Sub\r\n")
    lines = text.split("\r\n")
    assert lines[:len(EXPORT_HEADER) + 1] == EXPORT_HEADER + ['Attribute VB_Name = "ThisWorkbook"']
    assert not any("VB_Base" in line or "VB_TemplateDerived" in line for line in lines)
    stored = (source + "Sub A()\r\nEnd Sub\r\n").split("\r\n")
    assert all(stored[origin[index] - 1] == line for index, line in enumerate(lines) if origin[index])
    # an error is reported at the line of the module as stored, not of its exported form
    parse = check_module(source + "Sub A()\r\nEnd Sbu\r\n", "class", WIN64)
    assert parse.issues[0].line == len(stored) - 1
