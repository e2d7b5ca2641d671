"""xlwings' own UDF code, on any platform: the decorators of ``xlsolver.workbook.formulas`` and the VBA module for them.

Excel calls a Python function from a formula through a VBA function of the
workbook that hands the arguments to xlwings' COM server
(``XLPy.CallUDF("module", "NAME", ...)``).  xlwings writes those VBA functions
itself when a user presses Import Functions: ``xlwings.udfs.import_udfs`` puts
three header lines into a module called ``xlwings_udfs`` and
``generate_vba_wrapper`` a function per Python function that carries the
``__xlfunc__`` record its decorators (``@xw.func``, ``@xw.arg``, ``@xw.ret``)
leave.  The builder embeds that very text in board.xlsm, so formulas work
without Import Functions, without the VBA-project trust setting it needs, and
without a ``UDF Modules`` key in the workbook's ``xlwings.conf`` sheet (which
ships empty): each wrapper names the module ``xlsolver.workbook.formulas`` itself, and
``CallUDF`` imports the module it is given.

``xlwings.udfs`` imports pywin32 at its top, so it loads on Windows only, and
off Windows ``xw.func`` is a decorator that records nothing.  The functions
needed here are plain Python, though, so they are compiled from the installed
xlwings' own ``udfs.py``: its function definitions named below and its imports
(pywin32's left out), nothing else of the file runs.  The same code records the
same metadata and writes the same text on Linux as Import Functions does in
Excel, and nothing is copied from xlwings into this project.
"""
from __future__ import annotations

import ast
import io
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

from ..base.files import UserError
from .vba import VBAModule

#: The workbook's file name: the generator writes ``ThisWorkbook`` for a workbook, ``ActiveWorkbook`` for an add-in.
WORKBOOK_NAME = "board.xlsm"

_NEEDED = ("func_sig", "get_category", "get_async_mode", "check_bool", "extract_type_and_annotations",
           "xlfunc", "xlarg", "xlret", "generate_vba_wrapper")
_WINDOWS_ONLY = ("pythoncom", "pywintypes", "win32com")  # pywin32: COM, never used by the functions above


class XlwingsChanged(UserError):
    """The installed xlwings' ``udfs.py`` no longer has what the builder takes from it."""


@dataclass(frozen=True)
class UdfCode:
    """What is taken from xlwings: its decorators, its generator, and the head of the module Import Functions writes."""

    func: object  # xlfunc: @xw.func
    arg: object  # xlarg: @xw.arg
    ret: object  # xlret: @xw.ret
    generate_vba_wrapper: object
    vba_writer: type  # xlwings.utils.VBAWriter, the writer import_udfs writes the header with
    header: tuple[str, ...]  # the lines import_udfs writes before the wrappers
    module_name: str  # the VBA module's name, from the header's Attribute VB_Name line: "xlwings_udfs"


@dataclass(frozen=True)
class _Workbook:
    """The one thing ``generate_vba_wrapper`` asks of the workbook it writes for: its file name (``Name``)."""

    Name: str


@cache
def udf_code() -> UdfCode:
    """xlwings' UDF functions, compiled once from the installed ``xlwings/udfs.py``."""
    import xlwings

    path = Path(xlwings.__file__).with_name("udfs.py")
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    kept, defined, header = [], set(), ()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)) and not _windows_only(node):
            kept.append(node)
        elif isinstance(node, ast.FunctionDef) and node.name in _NEEDED:
            kept.append(node)
            defined.add(node.name)
        elif isinstance(node, ast.FunctionDef) and node.name == "import_udfs":
            header = tuple(_written_lines(node))
    missing = [name for name in _NEEDED if name not in defined]
    match = re.fullmatch(r'Attribute VB_Name = "(\w+)"', header[0]) if header else None
    if missing or match is None:
        what = f"the functions {', '.join(missing)}" if missing else "the header lines of import_udfs"
        raise XlwingsChanged(f"{path} lacks {what}: the formulas' VBA module cannot be generated from this xlwings "
                             f"{xlwings.__version__}")
    namespace = {"__name__": "xlwings.udfs", "__package__": "xlwings", "__file__": str(path)}
    exec(compile(ast.Module(kept, type_ignores=[]), str(path), "exec", dont_inherit=True), namespace)
    return UdfCode(namespace["xlfunc"], namespace["xlarg"], namespace["xlret"], namespace["generate_vba_wrapper"],
                   namespace["VBAWriter"], header, match.group(1))


def _windows_only(node: ast.Import | ast.ImportFrom) -> bool:
    names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [alias.name for alias in node.names]
    return any(name.split(".")[0] in _WINDOWS_ONLY for name in names)


def _written_lines(function: ast.FunctionDef) -> list[str]:
    """The constant lines a function writes with ``vba.writeln("...")`` at its top level (import_udfs' header)."""
    lines = []
    for statement in function.body:
        call = statement.value if isinstance(statement, ast.Expr) else None
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "writeln"
                and isinstance(call.func.value, ast.Name) and call.func.value.id == "vba"
                and len(call.args) == 1 and isinstance(call.args[0], ast.Constant)):
            lines.append(call.args[0].value)
    return lines


def decorators() -> tuple:
    """``(func, arg, ret)``: xlwings' ``@xw.func``, ``@xw.arg`` and ``@xw.ret``, recording ``__xlfunc__`` everywhere.

    Where xlwings has its UDF server (Windows with pywin32) these are its own
    objects; elsewhere the same functions compiled from its source, so tests and
    the builder see what Excel's xlwings will see.
    """
    import xlwings

    if getattr(xlwings.func, "__module__", None) == "xlwings.udfs":
        return xlwings.func, xlwings.arg, xlwings.ret
    code = udf_code()
    return code.func, code.arg, code.ret


def vba_text(formulas: ModuleType) -> str:
    """The module Import Functions would write for the module ``formulas`` in board.xlsm (LF line ends).  The
    module is passed in, not imported here: it imports this one for its decorators."""
    code = udf_code()
    stream = io.StringIO()
    writer = code.vba_writer(stream)
    for line in code.header:
        writer.writeln(line)
    code.generate_vba_wrapper(formulas.__name__, formulas, stream, _Workbook(WORKBOOK_NAME))
    return stream.getvalue()


def vba_module(formulas: ModuleType) -> VBAModule:
    """The VBA module of ``formulas`` for the builder, named as Import Functions names it."""
    return VBAModule(udf_code().module_name, "standard", vba_text(formulas))


