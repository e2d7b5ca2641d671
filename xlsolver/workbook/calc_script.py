"""xlsolver's buttons in LibreOffice Calc: the script LibreOffice runs in its own Python.

``xlsolver libreoffice install`` copies this file into the LibreOffice user
profile (``Scripts/python/xlsolver_calc.py``) with ``PYTHON`` set to the
interpreter that has xlsolver, and binds :func:`on_load` to LibreOffice's
"Document loading finished" event.  Then, in every xlsolver workbook it opens:

- :func:`prepare` swaps, in the open document only, each VBA module LibreOffice
  cannot compile (xlwings' own module and its Dictionary class: LibreOffice Basic
  has no ``#If``/``#Const``) for one it can.  While any module of the project
  fails to compile, LibreOffice runs no macro of the workbook at all, so a
  click would do nothing.  xlwings' module becomes a ``RunPython`` that hands the
  button's command to :func:`run_python`; the others become empty.  The
  workbook's own ``Buttons`` module runs unchanged, as in Excel.  Before every
  way LibreOffice writes the document (Save, Save As, Save a Copy, Export, the
  autorecovery copy) the original modules are put back, and swapped again after
  it, so every file written keeps xlwings' modules for Excel; a class module goes
  back with a VBA class's attribute lines in place of LibreOffice's own
  ``Option ClassModule``, which Excel cannot compile (:func:`saved_form`).
- :func:`run_python` takes the command Excel would give xlwings
  (``import xlsolver.excel as x; x.on_button('IQ5x11', 'solve')``) and
  :func:`press` gathers every defined name ``<Area>_...`` (sheet, position, what
  the user typed), runs ``PYTHON -m xlsolver.workbook.exchange`` with that as
  JSON on stdin, reads what the button wrote (values, fills, text colours, the
  status line) as JSON on stdout, and writes it into the open document as one
  step of Undo.

The puzzle logic is xlsolver's, in whatever Python has it, so this file uses
only the standard library and UNO, and runs on any Python LibreOffice embeds
(3.6 and later: no newer syntax here).  Every failure ends as one line in the
area's status cell, as on Excel.
"""
import json
import os
import re
import subprocess
import tempfile

PYTHON = None  # the interpreter that has xlsolver; written by 'xlsolver libreoffice install'
PROTOCOL = 1  # xlsolver.workbook.exchange.PROTOCOL
MODULE = "xlsolver.workbook.exchange"
SETUP = "run 'xlsolver libreoffice install' with the Python that has xlsolver"
SCRIPT_URL = "vnd.sun.star.script:xlsolver_calc.py$run_python?language=Python&location=user"
RUNNING = "Running %s..."  # what Press (vba/Buttons.bas) writes into the status cell before RunPython
CREATE_NO_WINDOW = 0x08000000  # Windows: no console window flashing up on each click

COMMAND = re.compile(r"""\bon_button\(\s*['"](\w+)['"]\s*,\s*['"](\w+)['"]\s*\)""")
XLSOLVER_MARK = "xlsolver.excel"  # a module that sends this to RunPython makes the workbook xlsolver's
CONDITIONAL = re.compile(r"^[ \t]*#(If|Const|ElseIf|Else|End[ \t]*If)\b", re.IGNORECASE | re.MULTILINE)
DEFINES_RUNPYTHON = re.compile(r"^[ \t]*(Public[ \t]+)?Function[ \t]+RunPython\b", re.IGNORECASE | re.MULTILINE)
LO_HEADER = re.compile(r"(Rem Attribute VBA_ModuleType=\w+|Option VBASupport 1|Option ClassModule)\s*$")
LO_CLASS = "Option ClassModule"  # LibreOffice's header line for a class module
# The attributes of a VBA class module's stream after VB_Name (which LibreOffice writes itself): those of any new
# class in Excel, as xlsolver's builder writes them (CLASS_BASE in workbook/vba/project.py)
CLASS_ATTRIBUTES = ('Attribute VB_Base = "0{FCFB3D2A-A0FA-1068-A738-08002B3371B5}"',
                    "Attribute VB_GlobalNameSpace = False", "Attribute VB_Creatable = False",
                    "Attribute VB_PredeclaredId = False", "Attribute VB_Exposed = False",
                    "Attribute VB_TemplateDerived = False", "Attribute VB_Customizable = False")
# Every way LibreOffice writes the document (the names it broadcasts): Save; Save As (an export to .xlsm too);
# Save a Copy, which is also what an export (File > Export) and the autorecovery copy raise
SAVING = ("OnSave", "OnSaveAs", "OnCopyTo")
SAVED = ("OnSaveDone", "OnSaveAsDone", "OnCopyToDone", "OnSaveFailed", "OnSaveAsFailed", "OnCopyToFailed")

STAND_IN = """' Put here by xlsolver's script for LibreOffice while the workbook is open: LibreOffice
' Basic has no #If or #Const, so it cannot compile this module, and while one module
' fails to compile it runs no macro of the workbook. Saving puts the original back.
"""
RUNPYTHON = STAND_IN + """' This RunPython hands the button's command to xlsolver (xlsolver_calc.py).
Public Function RunPython(PythonCommand As String)
    Dim Script As Object
    On Error GoTo Failed
    Set Script = ThisComponent.getScriptProvider().getScript("%s")
    Script.invoke(Array(ThisComponent, PythonCommand), Array(), Array())
    Exit Function
Failed:
    MsgBox "xlsolver: " & Err.Description, 16, "xlsolver"
End Function
""" % SCRIPT_URL

# com.sun.star.sheet.CellFlags: what "empty a cell" removes (value, date, text, formula), formats kept
_CONTENTS = 1 | 2 | 4 | 16
_NO_COLOUR = -1  # CellBackColor: transparent; CharColor: automatic


class ScriptError(Exception):
    """A failure before xlsolver answered; the message is the status line."""


def python():
    """The interpreter to run: the one recorded at install, else python3 (python on Windows) from PATH."""
    return PYTHON or ("python" if os.name == "nt" else "python3")


# --- opening a workbook -----------------------------------------------------------------------------

def on_load(event=None):
    """LibreOffice's "Document loading finished" event: prepare the document if it is an xlsolver workbook.

    It runs for every document LibreOffice opens, so it never raises: LibreOffice would show each
    failure in a dialog.  A workbook it could not prepare shows it when a button is clicked."""
    document = getattr(event, "Source", None)
    try:
        if document is not None and hasattr(document, "Sheets"):
            prepare(document)
    except Exception:
        pass


def vba_library(document):
    """The document's VBA project as LibreOffice imported it (a Basic library), or None."""
    try:
        libraries = document.BasicLibraries
        if not libraries.VBACompatibilityMode or not libraries.hasByName(libraries.ProjectName):
            return None
        libraries.loadLibrary(libraries.ProjectName)
        return libraries.getByName(libraries.ProjectName)
    except Exception:  # no Basic at all, or a document type without VBA
        return None


def stand_ins(library):
    """Module name -> (source to save, source while open) for each module LibreOffice cannot compile (a
    stand-in while open) or cannot save as Excel needs it (a class module), when the library is an xlsolver
    workbook's; else {}."""
    sources = {name: library.getByName(name) for name in library.ElementNames}
    if not any(XLSOLVER_MARK in source for source in sources.values()):
        return {}
    swaps = {}
    for name, source in sources.items():
        header = lo_header(source)
        if CONDITIONAL.search(source):
            body = RUNPYTHON if DEFINES_RUNPYTHON.search(source) else STAND_IN
            swaps[name] = (saved_form(source), "\n".join(header + [body]))
        elif LO_CLASS in header:
            swaps[name] = (saved_form(source), source)
    return swaps


def lo_header(source):
    """The lines LibreOffice put at the top of an imported module (its type, VBA support, a class's option)."""
    header = []
    for line in source.split("\n"):
        if not LO_HEADER.match(line.strip()):
            break
        header.append(line.strip())
    return header


def saved_form(source):
    """A module as LibreOffice must hold it while it writes the Excel file.  LibreOffice writes a module's
    source as it holds it, without its own header lines but for a class module's "Option ClassModule", which
    no VBA knows: Excel could not compile the class.  In its place go the attribute lines of a VBA class module
    (LibreOffice dropped them on import, as it drops every Attribute line)."""
    header = lo_header(source)
    if LO_CLASS not in header:
        return source
    body = source.split("\n")[len(header):]
    kept = [line for line in header if line != LO_CLASS]
    return "\n".join(kept + list(CLASS_ATTRIBUTES) + body)


def prepare(document):
    """Swap the modules LibreOffice cannot compile for stand-ins, and guard every save; True if it did."""
    library = vba_library(document)
    if library is None:
        return False
    swaps = stand_ins(library)
    if not swaps:
        return False
    guard = SaveGuard(document, library, swaps)
    guard.swap_in()
    document.addDocumentEventListener(guard.listener())  # the document keeps it (and the guard) alive
    return True


class SaveGuard:
    """The stand-ins while the document is open, the originals (in their saved form) while it is written."""

    def __init__(self, document, library, swaps):
        self.document, self.library, self.swaps = document, library, swaps

    def _replace(self, which):
        modified = self.document.isModified()  # swapping is no edit of the user's
        for name, sources in self.swaps.items():
            if self.library.hasByName(name):
                self.library.replaceByName(name, sources[which])
        self.document.setModified(modified)

    def swap_in(self):
        self._replace(1)

    def swap_out(self):
        self._replace(0)

    def event(self, name):
        if name in SAVING:
            self.swap_out()
        elif name in SAVED:
            self.swap_in()

    def listener(self):
        import unohelper  # LibreOffice's: there whenever this script runs inside LibreOffice
        from com.sun.star.document import XDocumentEventListener

        guard = self

        class Listener(unohelper.Base, XDocumentEventListener):
            def documentEventOccured(self, event):
                guard.event(event.EventName)

            def disposing(self, source):
                pass

        return Listener()


# --- a click ------------------------------------------------------------------------------------------

def run_python(document, command):
    """What xlwings' RunPython would do with an xlsolver button's command, in LibreOffice."""
    found = COMMAND.search(command)
    if found is None:
        raise ScriptError("xlsolver's script for LibreOffice runs xlsolver's buttons only, not: %s" % command)
    return press(document, found.group(1), found.group(2))


def press(document, area, action):
    """Run button ``action`` of ``area`` on ``document`` (a Calc document) through xlsolver."""
    what = "xlsolver: %s %s" % (action.capitalize(), area)
    indicator = _start_indicator(document, what + "...")
    try:
        try:
            answer = run_exchange(request(document, area, action))
        except ScriptError as err:
            answer = {"changes": [{"range": area + "_Status", "values": [[str(err)]]}]}
        apply(document, answer, what, area, action)
    finally:
        if indicator is not None:
            indicator.end()
    return answer.get("status", "error")


def request(document, area, action):
    """The exchange request: every defined name of the area, with what its cells hold."""
    ranges = {}
    prefix = (area + "_").lower()
    named_ranges = document.NamedRanges
    for name in named_ranges.ElementNames:
        if not name.lower().startswith(prefix):
            continue
        cells = named_ranges.getByName(name).ReferredCells
        if cells is None:  # a name for a formula or a constant, not cells
            continue
        address = cells.RangeAddress
        ranges[name] = {
            "sheet": document.Sheets.getByIndex(address.Sheet).Name,
            "top": address.StartRow,
            "left": address.StartColumn,
            "cells": typed_cells(cells),
        }
    url = document.URL
    return {"protocol": PROTOCOL, "area": area, "action": action,
            "workbook": _system_path(url) if url.startswith("file:") else None, "ranges": ranges}


def typed_cells(cells):
    """Rows of what the user typed: None when empty, a number, a text, or a formula's text."""
    formulas = cells.FormulaArray
    rows = []
    for r, row in enumerate(cells.DataArray):
        out = []
        for c, value in enumerate(row):
            formula = formulas[r][c]
            if formula.startswith("=") and cells.getCellByPosition(c, r).Type.value == "FORMULA":
                out.append(formula)
            else:
                out.append(None if value == "" else value)
        rows.append(out)
    return rows


def apply(document, answer, what, area=None, action=None):
    """Write the answer's changes in order, as one step of Undo; names the document lacks are skipped."""
    named_ranges = document.NamedRanges
    undo = _undo_manager(document)
    if undo is not None:
        if area is not None:
            take_back_running(document, undo, area, action)
        undo.enterUndoContext(what)
    document.lockControllers()
    try:
        for change in answer.get("changes", []):
            name = change.get("range", "")
            if not named_ranges.hasByName(name):
                continue
            cells = named_ranges.getByName(name).ReferredCells
            if cells is None:
                continue
            if "values" in change:
                _write_values(cells, change["values"])
            if "fills" in change:
                _write_fills(cells, change["fills"], change.get("text"))
    finally:
        document.unlockControllers()
        if undo is not None:
            undo.leaveUndoContext()


def take_back_running(document, undo, area, action):
    """Undo the "Running Solve..." the button's VBA (``Press`` in vba/Buttons.bas) wrote into the status cell
    before Python started: it is an Undo step of its own, and one Undo must take back the whole click."""
    try:
        status = document.NamedRanges.getByName(area + "_Status").ReferredCells.getCellByPosition(0, 0)
    except Exception:  # no status cell: nothing was written there
        return
    if status.getString() == RUNNING % (action[:1].upper() + action[1:]) and undo.isUndoPossible():
        undo.undo()


def _write_values(cells, rows):
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            cell = cells.getCellByPosition(c, r)
            if value is None or value == "":
                cell.clearContents(_CONTENTS)
            elif isinstance(value, bool) or not isinstance(value, (int, float)):
                cell.setString(str(value))
            else:
                cell.setValue(float(value))


def _write_fills(cells, fills, text):
    for r, row in enumerate(fills):
        for c, colour in enumerate(row):
            cell = cells.getCellByPosition(c, r)
            cell.CellBackColor = _rgb(colour)
            cell.CharColor = _rgb(text[r][c] if text else None)


def _rgb(colour):
    return int(colour.lstrip("#"), 16) if colour else _NO_COLOUR


def _system_path(url):
    import uno  # LibreOffice's own module: there whenever this script runs inside LibreOffice

    return uno.fileUrlToSystemPath(url)


def _undo_manager(document):
    try:
        return document.UndoManager
    except Exception:  # a document without one: no undo step, nothing else changes
        return None


def _start_indicator(document, text):
    """The progress line at the bottom of the window while Python runs; None where there is no window."""
    try:
        indicator = document.CurrentController.Frame.createStatusIndicator()
        indicator.start(text, 0)
        return indicator
    except Exception:  # headless, or a frame without a status bar
        return None


# --- the Python that has xlsolver ---------------------------------------------------------------------

def child_environment(environ=None):
    """The environment for xlsolver's Python: this one without what LibreOffice set for its own Python
    (PYTHONPATH, PYTHONHOME: another Python given them loads LibreOffice's modules, or fails to start)."""
    env = dict(os.environ if environ is None else environ)
    for key in ("PYTHONPATH", "PYTHONHOME"):
        env.pop(key, None)
    return env


def run_exchange(request_data):
    """Run ``python -m xlsolver.workbook.exchange`` on the request and return its answer, or ScriptError."""
    interpreter = python()
    options = {"creationflags": CREATE_NO_WINDOW} if os.name == "nt" else {}
    try:
        process = subprocess.Popen(
            [interpreter, "-m", MODULE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=child_environment(), cwd=tempfile.gettempdir(), **options)
    except OSError as err:
        raise ScriptError("xlsolver: cannot start Python %s (%s); %s" % (interpreter, err.strerror or err, SETUP))
    out, err = process.communicate(json.dumps(request_data).encode("utf-8"))
    return answer_of(interpreter, process.returncode, out, err)


def answer_of(interpreter, returncode, out, err):
    """The answer in ``out``, or ScriptError saying in one line why there is none."""
    try:
        answer = json.loads(out.decode("utf-8"))
    except ValueError:
        answer = None
    if isinstance(answer, dict) and isinstance(answer.get("changes"), list):
        return answer
    lines = [line.strip() for line in err.decode("utf-8", "replace").splitlines() if line.strip()]
    missing = [line for line in lines if "No module named" in line]
    if missing:
        reason = re.search(r"No module named [^)]*", missing[-1]).group(0)
        raise ScriptError("xlsolver: %s cannot run %s (%s): install xlsolver for that Python, or %s"
                          % (interpreter, MODULE, reason, SETUP))
    last = lines[-1] if lines else "no output"
    raise ScriptError("xlsolver: Python %s stopped (exit code %s) without an answer: %s"
                      % (interpreter, returncode, last))


g_exportedScripts = (on_load, run_python)
