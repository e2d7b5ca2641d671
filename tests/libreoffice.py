"""Drive a real headless LibreOffice through Python-UNO, to check the workbooks we build.

There is no Excel here, so LibreOffice Calc (Debian's `libreoffice-calc-nogui` and
`python3-uno`) stands in: it opens an `.xlsm`, imports its VBA project as Basic modules
in "VBA support" mode, runs macros, exposes form buttons and exports PDF (which
`pdftoppm` from `poppler-utils` turns into PNG pictures).

    with Office() as office:                     # one soffice, private profile
        doc = office.open("book.xlsm")           # macros enabled, no prompt
        doc.vba_modules()["Buttons"]             # source as LibreOffice imported it
        doc.run_macro("Buttons.Hello")           # raises MacroError on a VBA error
        doc.cell("Main", "B2")                   # -> "hello from VBA"
        doc.button_macros("Main")                # -> [Button("Say hello", "vnd.sun.star.script:...")]
        doc.click(doc.button_macros("Main")[0])  # what a click on that button runs
        doc.range_values("IQ5x11_Out")           # a defined name's cells; range_fills: their colours
        office.profile                           # the private profile (user/Scripts/python/... lives here)
    render_png("book.xlsm", "pictures")          # one PNG per sheet

This module does not depend on pytest; the tests own the fixtures.

What LibreOffice (7.4, Debian 12) does that this module works around:
- `uno` is Debian's module for /usr/bin/python3; the pyenv Python (same 3.11) imports
  it from /usr/lib/python3/dist-packages, which is added to sys.path only for that import.
- Calling a Basic macro through the script provider swallows VBA errors: a runtime
  error, or a compile error anywhere in the module, just makes the call return nothing.
  `run_macro` therefore calls the macro from a small generated wrapper (a library of its
  own, "XlsolverHarness", never part of the VBA project) with `On Error GoTo`, and
  raises `MacroError` with the VBA error number and text.
- Python ints reach Basic as the smallest UNO type (21 is a BYTE), which a VBA
  parameter `As Long` receives as 0; `run_macro` passes ints as UNO `long`.
- A document left open by a killed soffice keeps a `.~lock.NAME#` file beside it, and
  the next load then returns None without a word. The private profile turns document
  locking off, and `open` raises when loading fails.
- A script object still referenced when its document closes crashes soffice (SIGABRT in
  SbMethod's destructor), so `run_macro` drops its script references before returning.
- `soffice` is a shell script that execs `oosplash`, which forks `soffice.bin`: the
  process is started in a session of its own and the whole group is ended on close.
- MsgBox in a headless soffice returns at once; the macro goes on.
- LibreOffice's own Python (python3-uno's loader, for Python macros; Debian needs
  libreoffice-script-provider-python too) finds its files through the first `python3` on
  PATH.  Started from a virtual environment's shell, or from a pyenv Python (pyenv puts its
  `versions/X/bin` first on PATH), that Python takes the other installation as its prefix,
  misses Debian's dist-packages and `uno` in it, and every Python macro fails with
  "std::bad_alloc" (xlsolver/workbook/office_python.py).  `Office` therefore starts soffice
  with `office_python.soffice_environment()`: PATH minus the folders of other Pythons, no
  VIRTUAL_ENV, PYTHONHOME or PYTHONPATH; `Office(environment=...)` starts it with exactly
  the environment given instead, as a user's own `soffice` from a shell would be.
- Inside soffice, `PYTHONPATH` is set to LibreOffice's program folder for its own Python; a
  process a macro starts inherits it (xlsolver's script removes it for the Python it runs).
- A click on a form button runs the script URL bound to it through the document's script
  provider (`click` does the same); a Python macro in the profile's Scripts/python is found
  without a restart, and reloaded when its file's time stamp changes.
"""
from __future__ import annotations

import atexit
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any, Callable, NamedTuple

from xlsolver.workbook.office_python import soffice_environment

__all__ = [
    "Button", "Document", "MacroError", "Office", "OfficeError", "ScriptFailed",
    "available", "render_png", "soffice_environment", "strip_lo_header", "unavailable_reason",
    "virtual_environment",
]

DEBIAN_PYTHON_PACKAGES = "/usr/lib/python3/dist-packages"
START_TIMEOUT = 60.0  # seconds to wait for soffice to accept the UNO connection
STOP_TIMEOUT = 10.0  # seconds to wait for soffice to exit before it is killed
MACRO_TIMEOUT = 120.0  # seconds a macro may run before soffice is killed

# com.sun.star.document.MacroExecMode
NEVER_EXECUTE = 0
ALWAYS_EXECUTE_NO_WARN = 4

XLSM_FILTER = "Calc MS Excel 2007 VBA XML"  # LibreOffice's filter for .xlsm
HARNESS_LIBRARY = "XlsolverHarness"  # the wrapper's Basic library, outside VBAProject
VBA_LIBRARY = "VBAProject"

# Lines LibreOffice puts at the top of every imported VBA module (the `Attribute`
# lines of the stored source are dropped): "Rem Attribute VBA_ModuleType=VBAModule"
# (VBADocumentModule for ThisWorkbook and the sheets, VBAClassModule for a class),
# "Option VBASupport 1", and for a class module also "Option ClassModule".
_LO_HEADER_LINE = re.compile(r"(Rem Attribute VBA_ModuleType=\w+|Option VBASupport 1|Option ClassModule)\Z")

# Lock files off (see the module docstring); macro security "low" as a second guard
# beside MacroExecutionMode, which is what actually enables the macros on load; no
# "Tip of the day" dialog when soffice runs with windows.
_PROFILE_SETTINGS = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseLocking" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseDocumentOOoLockFile" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseDocumentSystemFileLocking" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="ShowTipOfTheDay" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
"""


class OfficeError(RuntimeError):
    """soffice could not be started, reached or asked to do something."""


class ScriptFailed(OfficeError):
    """A script LibreOffice was asked to run raised a UNO exception (its own, or its script provider's: a
    Python macro whose Python cannot start).  A UNO exception itself cannot travel through pytest.raises."""


class MacroError(RuntimeError):
    """A VBA macro stopped on an error (runtime, or compile error in its module)."""

    def __init__(self, macro: str, number: int, description: str):
        super().__init__(f"{macro}: VBA error {number}: {description}")
        self.macro, self.number, self.description = macro, number, description


class Button(NamedTuple):
    """A form button: its caption and the script URL its click runs ("" if none)."""

    label: str
    macro: str


# --- availability --------------------------------------------------------------------

def _import_uno():
    """Import Debian's `uno` into this Python; dist-packages is on sys.path only meanwhile."""
    if "uno" in sys.modules:
        return sys.modules["uno"]
    added = DEBIAN_PYTHON_PACKAGES not in sys.path
    if added:
        sys.path.append(DEBIAN_PYTHON_PACKAGES)
    try:
        import uno  # noqa: PLC0415 - optional, system-installed
    finally:
        if added:
            sys.path.remove(DEBIAN_PYTHON_PACKAGES)
    return uno


def unavailable_reason() -> str | None:
    """Why LibreOffice cannot be driven from here, or None when it can."""
    for tool in ("soffice", "pdftoppm"):
        if shutil.which(tool) is None:
            return f"{tool} not found (apt-get install libreoffice-calc-nogui python3-uno poppler-utils)"
    try:
        _import_uno()
    except ImportError as error:
        return f"cannot import uno ({error}); python3-uno for Python {sys.version_info[0]}.{sys.version_info[1]}?"
    return None


def available() -> bool:
    """True when soffice, pdftoppm and the `uno` module are all there."""
    return unavailable_reason() is None


# --- UNO helpers ---------------------------------------------------------------------

def _props(**values: Any) -> tuple:
    uno = _import_uno()
    result = []
    for name, value in values.items():
        prop = uno.createUnoStruct("com.sun.star.beans.PropertyValue")
        prop.Name, prop.Value = name, value
        result.append(prop)
    return tuple(result)


def _url(path: str | os.PathLike) -> str:
    return _import_uno().systemPathToFileUrl(str(Path(path).resolve()))


def _basic_arg(value: Any) -> Any:
    """A Python value as Basic wants it: ints as UNO long (see the module docstring)."""
    uno = _import_uno()
    if isinstance(value, bool):
        return uno.Any("boolean", value)
    if isinstance(value, int):
        return uno.Any("long", value) if -2**31 <= value < 2**31 else float(value)
    return value


def strip_lo_header(source: str) -> str:
    """The module text without the lines LibreOffice added on import."""
    lines = source.split("\n")
    while lines and _LO_HEADER_LINE.match(lines[0].strip()):
        lines.pop(0)
    return "\n".join(lines)


# --- the office process --------------------------------------------------------------

class Office:
    """One headless soffice with a private profile, reached over a named UNO pipe.

    Start it once and reuse it: it starts in about a second, a document opens in a
    fraction of that. `close()` (or leaving the `with` block) ends the process group;
    an atexit hook does it too if the caller forgets.
    """

    def __init__(self, timeout: float = START_TIMEOUT, setup: Callable[[Path], object] | None = None, *,
                 soffice: str | None = None, display: str | None = None,
                 environment: dict[str, str] | None = None):
        """`setup(profile)`, if given, runs on the fresh profile folder before soffice starts (to install
        something there, as a user does while LibreOffice is closed).  `display` (an X display such as
        ":99") starts soffice with windows instead of headless: that needs a LibreOffice built with a
        GUI (`soffice` names it; Debian's -nogui packages have none), for pictures of the real window.
        `environment` is the whole environment of soffice, taken as it is (default: this process's, with
        what would break LibreOffice's Python taken out: `soffice_environment`)."""
        self._uno = _import_uno()
        self._documents: list[Document] = []
        self._profile = Path(tempfile.mkdtemp(prefix="xlsolver-lo-profile-"))
        (self._profile / "user").mkdir()
        (self._profile / "user" / "registrymodifications.xcu").write_text(_PROFILE_SETTINGS, encoding="utf-8")
        if setup is not None:
            try:
                setup(self._profile)
            except BaseException:
                shutil.rmtree(self._profile, ignore_errors=True)
                raise
        self._log_path = self._profile / "soffice.log"
        pipe = f"xlsolver_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        command = [
            soffice or shutil.which("soffice") or "soffice",
            *(["--headless", "--invisible"] if display is None else []),
            "--norestore", "--nologo", "--nodefault", "--nolockcheck",
            f"-env:UserInstallation={self._profile.as_uri()}",
            f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext",
        ]
        environment = soffice_environment() if environment is None else dict(environment)
        if display is not None:
            environment.update(DISPLAY=display, SAL_USE_VCLPLUGIN="gen")  # plain X11: no desktop needed
        self._log = open(self._log_path, "wb")  # a file, not a pipe: soffice must never block on it
        self._process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=self._log,
                                         stderr=subprocess.STDOUT, start_new_session=True, env=environment)
        self.pid = self._process.pid  # also the process group of oosplash and soffice.bin
        atexit.register(self.close)
        started = time.monotonic()
        try:
            self._context = self._connect(pipe, started + timeout)
            self._desktop = self._context.ServiceManager.createInstanceWithContext(
                "com.sun.star.frame.Desktop", self._context)
        except BaseException:
            self.close()
            raise
        self.start_seconds = time.monotonic() - started

    def _connect(self, pipe: str, deadline: float):
        local = self._uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        NoConnect = self._uno.getClass("com.sun.star.connection.NoConnectException")
        while True:
            try:
                return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
            except NoConnect:
                pass
            if self._process.poll() is not None:
                raise OfficeError(f"soffice exited with {self._process.returncode} before accepting "
                                  f"the connection; its output:\n{self.log()}")
            if time.monotonic() > deadline:
                raise OfficeError(f"soffice did not accept the connection in time; its output:\n{self.log()}")
            time.sleep(0.1)

    @property
    def profile(self) -> Path:
        """The private user installation folder (the one holding `user/`), as `-env:UserInstallation` names it."""
        return self._profile

    def log(self) -> str:
        """What soffice has written to stdout and stderr so far."""
        try:
            return self._log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no output)"

    def open(self, path: str | os.PathLike, *, macros: bool = True, hidden: bool = True) -> Document:
        """Load a workbook (hidden unless asked); `macros` enables them with no prompt (else never run)."""
        path = Path(path)
        if not path.is_file():
            raise FileNotFoundError(path)
        mode = ALWAYS_EXECUTE_NO_WARN if macros else NEVER_EXECUTE
        try:
            component = self._desktop.loadComponentFromURL(
                _url(path), "_blank", 0, _props(Hidden=hidden, MacroExecutionMode=mode))
        except self._uno.getClass("com.sun.star.uno.Exception") as error:  # see ScriptFailed
            raise OfficeError(f"LibreOffice could not load {path}: {error.Message.strip()}") from None
        if component is None:
            raise OfficeError(f"LibreOffice could not load {path}; its output:\n{self.log()}")
        document = Document(component, path, self)
        self._documents.append(document)
        return document

    def close(self, *, kill: bool = False) -> None:
        """Close the documents, ask soffice to quit, and end its process group if it lingers.

        `kill` skips the polite part, for a soffice that is stuck (a macro that never ends
        would block every UNO call, terminate included).
        """
        process = getattr(self, "_process", None)
        if process is None:
            return
        self._process = None
        atexit.unregister(self.close)
        if kill:
            _end_group(process, grace=0.5)
        for document in list(self._documents):
            document.close()
        desktop = getattr(self, "_desktop", None)
        if desktop is not None and process.poll() is None:
            try:
                desktop.terminate()
            except Exception:  # the bridge goes down as soffice quits: nothing to report
                pass
        self._desktop = self._context = None
        try:
            process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            pass
        _end_group(process)
        self._log.close()
        shutil.rmtree(self._profile, ignore_errors=True)

    def __enter__(self) -> Office:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def _end_group(process: subprocess.Popen, grace: float = 5.0) -> None:
    """SIGTERM, then SIGKILL, whatever is left of soffice's group (oosplash + soffice.bin)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break
        os.killpg(process.pid, sig)
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            process.poll()  # reaps oosplash, the group leader, once it exits
            try:
                os.killpg(process.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        pass


# --- a loaded workbook ---------------------------------------------------------------

class Document:
    """A workbook loaded in `Office`; made by `Office.open`."""

    def __init__(self, component, path: Path, office: Office):
        self._doc = component
        self.path = path
        self._office = office

    def _sheet(self, sheet: str | int):
        sheets = self._doc.Sheets
        return sheets.getByIndex(sheet) if isinstance(sheet, int) else sheets.getByName(sheet)

    def sheet_names(self) -> list[str]:
        return list(self._doc.Sheets.ElementNames)

    def cell(self, sheet: str | int, a1: str) -> str | float | None:
        """The cell as LibreOffice sees it: None if empty, float or str; a formula gives its result."""
        return _cell_value(self._sheet(sheet).getCellRangeByName(a1))

    def set_cell(self, sheet: str | int, a1: str, value: str | float | None) -> None:
        """Write a number, a text, a formula (a str starting with "=") or None (clear)."""
        cell = self._sheet(sheet).getCellRangeByName(a1)
        if value is None:
            cell.setString("")
        elif isinstance(value, str):
            if value.startswith("="):
                cell.setFormula(value)
            else:
                cell.setString(value)
        else:
            cell.setValue(float(value))

    def type_cell(self, sheet: str | int, a1: str, text: str | None) -> None:
        """Type into a cell as a user does (a number becomes a number, "#" stays text); None empties it."""
        cell = self._sheet(sheet).getCellRangeByName(a1)
        if text is None or text == "":
            cell.clearContents(_CONTENTS)
        else:
            cell.setFormula(text)

    def _named_cells(self, name: str):
        names = self._doc.NamedRanges
        if not names.hasByName(name):
            raise KeyError(f"no defined name {name!r} in {self.path.name}")
        return names.getByName(name).ReferredCells

    def range_values(self, name: str) -> list[list[str | float | None]]:
        """The cells of a defined name by rows: None if empty, float or str (a formula gives its result).

        One UNO call (the range's DataArray, where an empty cell and an empty text both read "": None here).
        """
        return [[None if value == "" else value for value in row] for row in self._named_cells(name).DataArray]

    def range_fills(self, name: str) -> list[list[str | None]]:
        """The fill colour ("#rrggbb") of each cell of a defined name, None where there is none.

        Read per block of equally formatted cells (the range's CellFormatRanges), not per cell.
        """
        cells = self._named_cells(name)
        top, left = cells.RangeAddress.StartRow, cells.RangeAddress.StartColumn
        rows = cells.RangeAddress.EndRow - top + 1
        cols = cells.RangeAddress.EndColumn - left + 1
        fills: list[list[str | None]] = [[None] * cols for _ in range(rows)]
        blocks = cells.CellFormatRanges
        for i in range(blocks.Count):
            block = blocks.getByIndex(i)
            address, colour = block.RangeAddress, _colour(block.CellBackColor)
            for r in range(address.StartRow - top, address.EndRow - top + 1):
                for c in range(address.StartColumn - left, address.EndColumn - left + 1):
                    fills[r][c] = colour
        return fills

    def type_range(self, name: str, rows: list[list[str | None]]) -> None:
        """Type rows of texts into a defined name's cells, from its top-left cell (None empties a cell)."""
        cells = self._named_cells(name)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                cell = cells.getCellByPosition(c, r)
                if text is None or text == "":
                    cell.clearContents(_CONTENTS)
                else:
                    cell.setFormula(text)

    def has_name(self, name: str) -> bool:
        return self._doc.NamedRanges.hasByName(name)

    def click(self, button: Button, timeout: float = MACRO_TIMEOUT) -> None:
        """Do what a click on `button` does: run the script URL bound to it through the document's script
        provider (which is how a form control's action event runs its macro).  A Basic macro's error is
        swallowed on this path, as on a real click; OfficeError (soffice killed) after `timeout` seconds."""
        if not button.macro:
            raise ValueError(f"button {button.label!r} runs no macro")
        self._invoke(button.macro, (), timeout, button.macro)

    def _invoke(self, url: str, args: tuple, timeout: float, what: str) -> Any:
        """The script at ``url`` run with ``args`` through the document's script provider, in a thread so that
        a macro that never ends can be given up on: its return value; OfficeError (soffice killed) after
        ``timeout`` seconds; a Python-side error raised here."""
        outcome: dict[str, Any] = {}

        def call() -> None:
            provider = script = None
            try:
                provider = self._doc.getScriptProvider()
                script = provider.getScript(url)
                outcome["value"] = self._office._uno.invoke(script, "invoke", (args, (), ()))[0]
            except Exception as error:
                outcome["error"] = error
            finally:
                del provider, script  # see the module docstring: a live script crashes close

        worker = threading.Thread(target=call, name=what, daemon=True)
        worker.start()
        worker.join(timeout)
        if worker.is_alive():
            self._office.close(kill=True)
            worker.join(STOP_TIMEOUT)
            raise OfficeError(f"{what} still running after {timeout} s; soffice was killed")
        if "error" in outcome:
            error = outcome["error"]
            if isinstance(error, self._office._uno.getClass("com.sun.star.uno.Exception")):
                raise ScriptFailed(f"{what}: {error.Message.strip()}") from None
            raise error
        return outcome["value"]

    def vba_modules(self) -> dict[str, str]:
        """Module name -> source as LibreOffice imported it (with its header; see strip_lo_header).

        LF line ends. LibreOffice drops the `Attribute` lines of the stored source and
        puts "Rem Attribute VBA_ModuleType=..." and "Option VBASupport 1" (and
        "Option ClassModule" for a class) at the top; it also adds a final newline.
        """
        libraries = self._doc.BasicLibraries
        if not libraries.hasByName(VBA_LIBRARY):
            return {}
        libraries.loadLibrary(VBA_LIBRARY)
        library = libraries.getByName(VBA_LIBRARY)
        return {name: library.getByName(name) for name in library.ElementNames}

    def run_macro(self, name: str, *args: Any, timeout: float = MACRO_TIMEOUT) -> Any:
        """Run a VBA Sub or Function and return its result (None for a Sub).

        `name` is "Module.Macro", a bare "Macro" (found in the modules' source, as
        Excel's button macros are written), or a script URL as `button_macros` gives.
        Arguments go by value; ints as Long. Raises MacroError if VBA raises an error,
        OfficeError (after killing soffice, the only way to stop it) if the macro is
        still running after `timeout` seconds.
        """
        module, macro = self._resolve(name)
        params = ", ".join(f"a{i}" for i in range(len(args)))
        call = ", ".join(f"(a{i})" for i in range(len(args)))  # parentheses: by value
        source = (
            "Option VBASupport 1\n"
            f"Function Run({params}) As Variant\n"
            "    Dim result As Variant\n"
            "    On Error GoTo Failed\n"
            f"    result = {module}.{macro}({call})\n"
            '    Run = Array(0, "", result)\n'
            "    Exit Function\n"
            "Failed:\n"
            "    Run = Array(Err.Number, Err.Description, Empty)\n"
            "End Function\n"
        )
        libraries = self._doc.BasicLibraries
        if not libraries.hasByName(HARNESS_LIBRARY):
            libraries.createLibrary(HARNESS_LIBRARY)
        libraries.loadLibrary(VBA_LIBRARY)
        library = libraries.getByName(HARNESS_LIBRARY)
        if library.hasByName("Call"):
            library.replaceByName("Call", source)
        else:
            library.insertByName("Call", source)
        values = tuple(_basic_arg(a) for a in args)
        number, description, result = self._invoke(
            f"vnd.sun.star.script:{HARNESS_LIBRARY}.Call.Run?language=Basic&location=document", values, timeout,
            f"{module}.{macro}")
        if number:
            raise MacroError(f"{module}.{macro}", int(number), description)
        return result

    def _resolve(self, name: str) -> tuple[str, str]:
        """(module, macro) for a "Module.Macro", a bare "Macro" or a script URL."""
        match = re.fullmatch(r"vnd\.sun\.star\.script:(\w+)\.(\w+)\.(\w+)\?.*", name)
        if match:
            if match[1] != VBA_LIBRARY:
                raise ValueError(f"{name}: not a macro of the {VBA_LIBRARY} library")
            return match[2], match[3]
        if re.fullmatch(r"\w+\.\w+", name):
            module, macro = name.split(".")
            return module, macro
        if not re.fullmatch(r"\w+", name):
            raise ValueError(f"{name!r}: expected 'Module.Macro', 'Macro' or a script URL")
        declares = re.compile(rf"^[ \t]*(?:Public[ \t]+|Private[ \t]+)?(?:Static[ \t]+)?"
                              rf"(?:Sub|Function)[ \t]+{name}\b", re.IGNORECASE | re.MULTILINE)
        modules = [module for module, source in self.vba_modules().items() if declares.search(source)]
        if len(modules) != 1:
            raise ValueError(f"{name}: declared in {len(modules)} modules ({modules}); name one")
        return modules[0], name

    def button_macros(self, sheet: str | int) -> list[Button]:
        """The form buttons (any form control with a click script) on a sheet, in draw order.

        A form control is a ControlShape on the sheet's DrawPage; its `Control` is the
        control model (caption in `Label`), whose `Parent` is the form. The click binding
        is one of the form's `getScriptEvents(index)`: ListenerType "XActionListener",
        EventMethod "actionPerformed", ScriptType "Script", ScriptCode the macro URL,
        e.g. "vnd.sun.star.script:VBAProject.Buttons.Hello?language=Basic&location=document"
        for an Excel button whose macro was "[0]!Hello".
        """
        buttons = []
        page = self._sheet(sheet).DrawPage
        forms: list[tuple[Any, list]] = []  # each form once with its controls: few UNO round trips
        for i in range(page.Count):
            shape = page.getByIndex(i)
            if not shape.supportsService("com.sun.star.drawing.ControlShape"):
                continue
            model = shape.Control
            form = model.Parent
            controls = next((found for known, found in forms if known == form), None)
            if controls is None:
                controls = [form.getByIndex(k) for k in range(form.Count)]
                forms.append((form, controls))
            index = next(k for k, control in enumerate(controls) if control == model)
            macro = ""
            for event in form.getScriptEvents(index):
                if event.EventMethod == "actionPerformed" and event.ScriptCode:
                    macro = event.ScriptCode
            label = model.Label if hasattr(model, "Label") else model.Name
            buttons.append(Button(label, macro))
        return buttons

    def save(self, how: str = "save", target: str | os.PathLike | None = None) -> None:
        """Write the workbook as .xlsm the way a user's command does, through the API that command calls:
        "save" (File > Save: `store`, event OnSave), "save as" (File > Save As: `storeAsURL`, OnSaveAs; the
        document then is `target`), "save a copy" (File > Save a Copy, and File > Export: `storeToURL`,
        OnCopyTo), "autorecovery" (the timed AutoRecovery copy: `storeToRecoveryFile`, OnCopyTo too)."""
        uno = self._office._uno
        if how == "save":
            self._doc.store()
            return
        methods = {"save as": "storeAsURL", "save a copy": "storeToURL", "autorecovery": "storeToRecoveryFile"}
        if how not in methods or target is None:
            raise ValueError(f"save how={how!r} target={target!r}: one of 'save', or {sorted(methods)} with a target")
        uno.invoke(self._doc, methods[how], (_url(target), _props(FilterName=XLSM_FILTER)))
        if how == "save as":
            self.path = Path(target)

    def export_pdf(self, pdf_path: str | os.PathLike) -> None:
        """Export the workbook to a PDF with one page per sheet, each holding its used area.

        (LibreOffice's "SinglePageSheets" export: every sheet gets its page, even an
        empty or hidden one; controls are drawn, not exported as PDF form fields.)
        """
        uno = self._office._uno
        filter_data = uno.Any("[]com.sun.star.beans.PropertyValue",
                              _props(SinglePageSheets=True, ExportFormFields=False))
        uno.invoke(self._doc, "storeToURL",
                   (_url(pdf_path), _props(FilterName="calc_pdf_Export", FilterData=filter_data)))

    def close(self) -> None:
        """Close without saving."""
        if self._doc is None:
            return
        try:
            self._doc.close(True)
        except Exception:  # already gone with its soffice
            pass
        self._doc = None
        if self in self._office._documents:
            self._office._documents.remove(self)


_CONTENTS = 1 | 2 | 4 | 16  # com.sun.star.sheet.CellFlags VALUE | DATETIME | STRING | FORMULA


def _cell_value(cell) -> str | float | None:
    kind = cell.Type.value  # com.sun.star.table.CellContentType
    if kind == "EMPTY":
        return None
    if kind == "VALUE" or (kind == "FORMULA" and cell.FormulaResultType2 == 1):  # FormulaResult.VALUE
        return cell.Value
    return cell.String  # text, a formula's text result, or its error ("#DIV/0!", "Err:502")


def _colour(value: int) -> str | None:
    return None if value < 0 else f"#{value:06x}"


# --- a shell's virtual environment --------------------------------------------------------

def virtual_environment(folder: str | os.PathLike, with_xlsolver: bool = True) -> Path:
    """A real virtual environment made in `folder` by this Python's `venv` (no pip: it takes a tenth of a
    second); with `with_xlsolver`, it imports xlsolver from this checkout and its dependencies from this
    Python's site-packages, as if they were installed in it.  Returns its `python`."""
    folder = Path(folder)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120,
                   capture_output=True)
    python = folder / ("Scripts" if os.name == "nt" else "bin") / ("python.exe" if os.name == "nt" else "python")
    if with_xlsolver:
        import site  # noqa: PLC0415

        purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                 capture_output=True, text=True, check=True, timeout=120).stdout.strip()
        checkout = str(Path(__file__).resolve().parent.parent)
        folders = [checkout, *site.getsitepackages(), site.getusersitepackages()]
        Path(purelib, "xlsolver_under_test.pth").write_text("\n".join(folders) + "\n", encoding="utf-8")
    return python


# --- pictures ------------------------------------------------------------------------

def _pdf_pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, timeout=60)
    match = re.search(r"^Pages:\s+(\d+)", info.stdout, re.MULTILINE)
    if info.returncode != 0 or not match:
        raise OfficeError(f"pdfinfo failed on {pdf.name}: {info.stderr.strip()}")
    return int(match[1])


def render_png(xlsm_path: str | os.PathLike, out_dir: str | os.PathLike, *,
               sheets: list[str] | None = None, office: Office | None = None,
               dpi: int = 80, buttons: bool = True) -> list[Path]:
    """One PNG per sheet ("<stem>-<sheet>.png"), through PDF export and `pdftoppm`.

    Each sheet becomes one page holding its used area, laid out as printed (no grid
    lines). `buttons` also draws form buttons, which Excel files often mark as not
    printed. Pass a running `office` to reuse it; else one is started for the call.
    Macros do not run.
    """
    own = office is None
    office = office or Office()
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = Path(xlsm_path).stem
    pictures = []
    try:
        document = office.open(xlsm_path, macros=False)
        try:
            all_names = document.sheet_names()
            names = all_names if sheets is None else list(sheets)
            unknown = sorted(set(names) - set(all_names))
            if unknown:
                raise ValueError(f"no sheet {unknown} in {xlsm_path} (it has {all_names})")
            if buttons:
                for name in names:
                    page = document._sheet(name).DrawPage
                    for i in range(page.Count):
                        shape = page.getByIndex(i)
                        shape.Printable = True
                        if shape.supportsService("com.sun.star.drawing.ControlShape"):
                            shape.Control.Printable = True  # the control's flag is the one that counts
            with tempfile.TemporaryDirectory(prefix="xlsolver-render-") as scratch:
                pdf = Path(scratch) / f"{stem}.pdf"
                document.export_pdf(pdf)
                pages = _pdf_pages(pdf)
                if pages != len(all_names):  # pages are matched to sheets by position
                    raise OfficeError(f"{pdf.name}: {pages} pages for {len(all_names)} sheets")
                for name in names:
                    base = out_dir / f"{stem}-{re.sub(r'[^A-Za-z0-9_-]+', '_', name)}"
                    page_number = str(all_names.index(name) + 1)
                    result = subprocess.run(
                        ["pdftoppm", "-png", "-r", str(dpi), "-f", page_number, "-l", page_number,
                         "-singlefile", str(pdf), str(base)],
                        capture_output=True, text=True, timeout=120)
                    if result.returncode != 0:
                        raise OfficeError(f"pdftoppm failed on sheet {name!r}: {result.stderr.strip()}")
                    pictures.append(Path(f"{base}.png"))
        finally:
            document.close()
    finally:
        if own:
            office.close()
    return pictures
