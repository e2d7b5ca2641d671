"""Every name the workbook's VBA uses is declared on every platform (tests/vba_names.py).

Buttons.bas says ``Option Explicit``: one misspelt name there is a compile error in Excel that stops
every button, and neither LibreOffice (which cannot compile xlwings' module) nor the grammar check
would see it.  The checked projects are the workbook as built (with the real xlwings modules, and with
the test stub), and the committed board.xlsm as oletools reads it back.
"""
from __future__ import annotations

import warnings
from functools import lru_cache
from pathlib import Path

import pytest

with warnings.catch_warnings():  # oletools' pyparsing grammar warns about old names on import
    warnings.simplefilter("ignore", DeprecationWarning)
    from oletools.olevba import VBA_Parser

from xlsolver.workbook import build
from workbook_helpers import COMMITTED
from vba_grammar import PLATFORMS
from vba_names import BUILTINS, BUILTIN_NAMES, Module, implicit_variables, undeclared

WIN64, WIN32, MAC = PLATFORMS
ALL = {platform.name for platform in PLATFORMS}
BUTTONS_FILE = build.find_vba_dir() / "Buttons.bas"
BUTTONS = BUTTONS_FILE.read_text(encoding="utf-8")


@lru_cache(maxsize=2)
def _built(stub: bool) -> tuple[Module, ...]:
    return tuple(Module(m.name, m.kind, m.code) for m in build.vba_modules(runpython_stub=stub))


def built(stub: bool = False, buttons: str = BUTTONS) -> list[Module]:
    """The project ``build-workbook`` embeds (or its stub build), with ``buttons`` as vba/Buttons.bas."""
    return [Module(m.name, m.kind, buttons) if m.name == "Buttons" else m for m in _built(stub)]


def committed(path: Path = COMMITTED) -> list[Module]:
    """The VBA project of the committed workbook, as oletools reads it."""
    parser = VBA_Parser(path.name, data=path.read_bytes())
    try:
        return [Module(stream.split("/")[-1], "standard" if filename.endswith(".bas") else "class", code)
                for _, stream, filename, code in parser.extract_macros()]
    finally:
        parser.close()


PROJECTS = {"built": lambda: built(), "stub build": lambda: built(stub=True), "board.xlsm": committed}


@pytest.mark.parametrize("platform", PLATFORMS, ids=lambda platform: platform.name)
@pytest.mark.parametrize("project", PROJECTS)
def test_every_name_is_declared(project, platform):
    modules = PROJECTS[project]()
    assert {"Buttons", "xlwings"} <= {m.name for m in modules}
    assert undeclared(modules, platform) == []


@pytest.mark.parametrize("platform", PLATFORMS, ids=lambda platform: platform.name)
def test_xlwings_module_uses_one_implicit_variable(platform):
    """xlwings.bas has no ``Option Explicit``: its ``sql`` counts with ``K``, never declared (legal there).

    Pinned so that a new xlwings bringing more (or a misspelt constant, read as a new Variant) is seen.
    """
    assert implicit_variables(built(), platform) == {"xlwings": {"K"}}


def test_every_builtin_name_is_used():
    """The list of library names holds only what the project uses: each one missing is reported."""
    missing = set()
    for project in PROJECTS.values():
        modules = project()
        for platform in PLATFORMS:
            missing |= {issue.name.upper() for issue in undeclared(modules, platform, strict=True,
                                                                     builtins=frozenset())}
    assert missing == BUILTIN_NAMES | {"K"}  # and xlwings' implicit variable (as strict reads it)
    names = [name for names in BUILTINS.values() for name in names]
    assert len(names) == len(set(names)) == 57


# --- a broken copy of vba/Buttons.bas is reported, at its module, line and name ----------------------

def broken(line: str, replacement: str) -> tuple[str, int]:
    """vba/Buttons.bas with its first line equal to ``line`` replaced, and that line's number."""
    lines = BUTTONS.splitlines()
    number = lines.index(line) + 1
    lines[number - 1] = replacement
    return "\n".join(lines) + "\n", number


def branches(condition: str, taken: str, other: str) -> str:
    return f"#If {condition} Then\n{taken}\n#Else\n{other}\n#End If"


CURSOR = "    Application.Cursor = xlWait"
DIMS = "    Dim Status As Range, Running As String"
BROKEN = [
    # (id, line, replacement, platforms that fail, [(line offset from the replaced one, name, reason)])
    ("misspelt variables", "    Status.Value = Running", "    Statuss.Value = Runing", ALL,
     [(0, "Statuss", "variable not defined"), (0, "Runing", "variable not defined")]),
    ("misspelt call of a macro's Sub", '    Press "Pento6x10", "solve"', '    Pres "Pento6x10", "solve"', ALL,
     [(0, "Pres", "Sub or Function not defined")]),
    ("misspelt call into xlwings", CURSOR, '    RunPyhton ""', ALL,
     [(0, "RunPyhton", "Sub or Function not defined")]),
    ("a Private Sub of xlwings", CURSOR, "    CleanUp", ALL, [(0, "CleanUp", "Sub or Function not defined")]),
    ("misspelt type", DIMS, DIMS.replace("Range", "Rnage"), ALL, [(0, "Rnage", "user-defined type not defined")]),
    ("misspelt label", "    On Error GoTo Failed", "    On Error GoTo Faild", ALL,
     [(0, "Faild", "label not defined")]),
    ("misspelt constant in the Mac branch only", CURSOR, branches("Mac", CURSOR.replace("xlWait", "xlWiat"), CURSOR),
     {MAC.name}, [(1, "xlWiat", "variable not defined")]),
    ("misspelt constant in the Windows branch only", CURSOR,
     branches("Mac", CURSOR, CURSOR.replace("xlWait", "xlWiat")), {WIN64.name, WIN32.name},
     [(3, "xlWiat", "variable not defined")]),
    ("declared on Windows only", DIMS, branches("Win32", DIMS, "    Dim Status As Range"), {MAC.name},
     [(delta, "Running", "variable not defined") for delta in (9, 10, 14)]),
]


@pytest.mark.parametrize("platform", PLATFORMS, ids=lambda platform: platform.name)
@pytest.mark.parametrize("line, replacement, failing, expected",
                         [case[1:] for case in BROKEN], ids=[case[0] for case in BROKEN])
def test_a_broken_copy_of_buttons_is_reported(line, replacement, failing, expected, platform):
    source, number = broken(line, replacement)
    issues = undeclared(built(buttons=source), platform)
    if platform.name not in failing:
        assert issues == []
        return
    assert [(issue.module, issue.line - number, issue.name, issue.reason) for issue in issues] == [
        ("Buttons", delta, name, reason) for delta, name, reason in expected]
    assert str(issues[0]) == f"Buttons line {number + expected[0][0]}: {expected[0][1]} ({expected[0][2]})"


def test_the_real_buttons_file_is_what_the_build_embeds():
    """The broken copies above start from vba/Buttons.bas: the file the build embeds, unchanged."""
    assert next(m.code for m in build.vba_modules() if m.name == "Buttons") == BUTTONS


# --- what is and is not a name to resolve ---------------------------------------------------------

SKIPPED = '''Attribute VB_Name = "M"
Option Explicit
Private Const Limit As Long = 3 ' Undeclared in a comment
Sub A(Optional ByVal n As Long = Limit)
    Dim s As String: s = "Undeclared in a string"
    Dim w As Worksheet
    With w
        .Undeclared = Application.Undeclared
    End With
    Err.Raise 1, Description:= _
        s & n
    If n > 0 Then GoTo Done
Done:
    B
End Sub
Private Sub B()
    Static d As Date
    d = #1/2/2000#
    ReDim Values(1 To Limit) As Variant
    Values(1) = Left$(d, 1)
End Sub
'''


def test_members_strings_comments_named_arguments_and_labels_are_not_names():
    assert undeclared([Module("M", "standard", SKIPPED)], WIN64) == []


@pytest.mark.parametrize("old, new, name", [
    ("    B\n", "    C\n", "C"),
    ("Dim w As Worksheet", "Dim w As Worksheets", "Worksheets"),
    ("d = #1/2/2000#", "d = Undeclared", "Undeclared"),
    ("(1 To Limit)", "(1 To Limits)", "Limits"),
    ("= Limit)", "= Limits)", "Limits"),
])
def test_each_use_is_checked(old, new, name):
    issues = undeclared([Module("M", "standard", SKIPPED.replace(old, new, 1))], WIN64)
    assert [issue.name for issue in issues] == [name]


def test_without_option_explicit_only_calls_types_and_labels_must_resolve():
    source = SKIPPED.replace("Option Explicit\n", "").replace("    B\n", "    x = 1\n    B\n")
    assert undeclared([Module("M", "standard", source)], WIN64) == []  # x: an implicit Variant
    assert implicit_variables([Module("M", "standard", source)], WIN64) == {"M": {"x"}}
    for old, new, name in [("    B\n", "    C\n", "C"), ("x = 1", "x = Nope(1)", "Nope"),
                           ("GoTo Done", "GoTo Gone", "Gone"), ("As Worksheet", "As Sheet", "Sheet")]:
        issues = undeclared([Module("M", "standard", source.replace(old, new, 1))], WIN64)
        assert [issue.name for issue in issues] == [name]


def test_a_private_name_of_another_module_is_not_seen():
    other = 'Attribute VB_Name = "N"\nPrivate Hidden As Long\nPublic Shown As Long\nPrivate Sub P()\nEnd Sub\n'
    user = 'Attribute VB_Name = "M"\nOption Explicit\nSub A()\n    Shown = Hidden\n    P\n    N.P\nEnd Sub\n'
    issues = undeclared([Module("N", "standard", other), Module("M", "standard", user)], WIN64)
    assert [(issue.module, issue.line, issue.name) for issue in issues] == [("M", 4, "Hidden"), ("M", 5, "P")]
