"""``xlsolver libreoffice install``: the one step that makes the workbook's buttons work in LibreOffice Calc.

Two things go into the LibreOffice user profile:

- ``user/Scripts/python/xlsolver_calc.py``: ``calc_script.py`` with ``PYTHON``
  set to this interpreter (checked first: it must import xlsolver's exchange);
- in ``user/registrymodifications.xcu``, the binding of LibreOffice's "Document
  loading finished" event (``OnLoadFinished``, Tools > Customize > Events) to
  that script's ``on_load``, which readies each xlsolver workbook as it opens.

With a distribution's LibreOffice, the command also puts ``xlsolver_libreoffice.pth``
into the virtual environment of that interpreter, so that a LibreOffice started
from a shell where that environment is active can still run Python macros, and
warns when a LibreOffice started from the current shell could not
(``office_python.py`` says why).

LibreOffice rewrites ``registrymodifications.xcu`` when it quits, so it must not
be running (its profile's ``.lock`` file says it is).  The profile is
LibreOffice's per-user folder: ``~/.config/libreoffice/4`` on Linux (under
``$XDG_CONFIG_HOME`` when set), ``~/Library/Application
Support/LibreOffice/4`` on macOS, ``%APPDATA%\\LibreOffice\\4`` on Windows.
"""
from __future__ import annotations

import ast
import html
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from ..base.files import UserError
from . import atomic, office_python
from .exchange import PROTOCOL

SCRIPT_NAME = "xlsolver_calc.py"
SOURCE = Path(__file__).with_name("calc_script.py")
EVENT = "OnLoadFinished"  # "Document loading finished": every document, hidden ones included
ON_LOAD = f"vnd.sun.star.script:{SCRIPT_NAME}$on_load?language=Python&location=user"
CHECK_TIMEOUT = 60  # seconds for the chosen Python to import xlsolver's exchange

_PYTHON_LINE = re.compile(r"^PYTHON = None\b.*$", re.MULTILINE)
_BINDINGS = "/org.openoffice.Office.Events/ApplicationEvents/Bindings"
_BINDING_ITEM = re.compile(rf'<item oor:path="{re.escape(_BINDINGS)}">\s*<node oor:name="{EVENT}"'
                           r".*?</item>\n?", re.DOTALL)
_VALUE = re.compile(r"<value>(.*?)</value>", re.DOTALL)
_REGISTRY_START = ('<?xml version="1.0" encoding="UTF-8"?>\n<oor:items xmlns:oor="http://openoffice.org/2001/registry" '
                   'xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n')
_REGISTRY_END = "</oor:items>"


def default_profile() -> Path:
    """LibreOffice's user installation folder (the one holding ``user/``) on this system."""
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming") / "LibreOffice" / "4"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "LibreOffice" / "4"
    return Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config") / "libreoffice" / "4"


def script_path(profile: str | Path | None = None) -> Path:
    return Path(profile or default_profile()) / "user" / "Scripts" / "python" / SCRIPT_NAME


def script_text(python: str) -> str:
    """``calc_script.py`` with its interpreter filled in."""
    source = SOURCE.read_text(encoding="utf-8")
    line = f"PYTHON = {python!r}  # the interpreter that has xlsolver; written by 'xlsolver libreoffice install'"
    text, replaced = _PYTHON_LINE.subn(lambda _: line, source, count=1)
    if replaced != 1:
        raise RuntimeError(f"{SOURCE} lacks its 'PYTHON = None' line")
    return text


def python_problem(python: str) -> str | None:
    """Why ``python`` cannot answer the LibreOffice script (None when it can), checked as the script runs it:
    without PYTHONPATH and PYTHONHOME, from the temporary folder (so a source checkout here does not count)."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
    code = "import xlsolver.workbook.exchange as e; print(e.PROTOCOL)"
    try:
        done = subprocess.run([python, "-c", code], capture_output=True, text=True, env=env, timeout=CHECK_TIMEOUT,
                              cwd=tempfile.gettempdir())
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"cannot run {python} ({getattr(err, 'strerror', None) or err})"
    if done.returncode != 0 or done.stdout.strip() != str(PROTOCOL):
        lines = done.stderr.strip().splitlines() or [f"it printed {done.stdout.strip()!r}"]
        return f"{python} cannot run xlsolver's exchange ({lines[-1]})"
    return None


def python_scripts_problem() -> str | None:
    """Why the LibreOffice on PATH cannot run Python macros (None when it can, or when none is found here)."""
    program = office_python.program_folder()
    if program is None:
        return None
    if (program / "soffice.bin").exists() and not (program / "pythonscript.py").exists():
        return ("this LibreOffice cannot run Python macros (no pythonscript.py beside soffice); on Debian and "
                "Ubuntu: sudo apt-get install libreoffice-script-provider-python")
    return None


def registry_path(profile: str | Path | None = None) -> Path:
    return Path(profile or default_profile()) / "user" / "registrymodifications.xcu"


def bound_script(registry: str) -> str | None:
    """The script URL bound to the event in a registrymodifications.xcu text, or None."""
    for item in _BINDING_ITEM.finditer(registry):
        if 'oor:op="remove"' in item.group(0):
            continue
        value = _VALUE.search(item.group(0))
        if value and value.group(1).strip():
            return html.unescape(value.group(1).strip())
    return None


def with_binding(registry: str, url: str | None) -> str:
    """The registry text with the event bound to ``url`` (None: no binding); the rest as it was."""
    text = _BINDING_ITEM.sub("", registry) if registry.strip() else _REGISTRY_START + _REGISTRY_END + "\n"
    if _REGISTRY_END not in text:
        raise UserError("registrymodifications.xcu has no closing </oor:items>: is it LibreOffice's?")
    if url is None:
        return text
    item = (f'<item oor:path="{_BINDINGS}"><node oor:name="{EVENT}" oor:op="replace"><prop oor:name="BindingURL" '
            f'oor:op="fuse"><value>{html.escape(url, quote=False)}</value></prop></node></item>\n')
    at = text.rindex(_REGISTRY_END)
    return text[:at] + item + text[at:]


def _check_not_running(profile: Path) -> None:
    lock = profile / ".lock"
    if lock.exists():
        raise UserError(f"LibreOffice is running with the profile {profile} ({lock} exists): quit it first, since it "
                        "rewrites its settings when it quits (if it is not running, delete that file)")


def _write(path: Path, text: str) -> None:
    data = text.encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic.replace_file(path, lambda stream: stream.write(data))
    except OSError as err:
        raise UserError(f"cannot write {path}: {err.strerror or err}") from None


def _registry_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""
    except (OSError, UnicodeDecodeError) as err:
        raise UserError(f"cannot read {path}: {getattr(err, 'strerror', None) or err}") from None


def install(profile: str | Path | None = None, python: str | None = None, check: bool = True) -> Path:
    """Put the script (for ``python``, default this one) and the event binding into ``profile``
    (default this user's); returns the script's path.  ``check=False`` skips the checks of the Python
    and of LibreOffice's Python support (tests use it to install for a Python without xlsolver)."""
    profile = Path(profile or default_profile())
    python = python or sys.executable
    if not python:
        raise UserError("cannot tell which Python this is; name it with --python")
    if check:
        problem = python_problem(python) or python_scripts_problem()
        if problem:
            raise UserError(problem)
    _check_not_running(profile)
    registry = registry_path(profile)
    text = _registry_text(registry)
    bound = bound_script(text)
    if bound not in (None, ON_LOAD):
        raise UserError(f"LibreOffice's 'Document loading finished' event already runs {bound}; unbind it "
                        "(Tools > Customize > Events) and run this again")
    target = script_path(profile)
    _write(target, script_text(python))
    _write(registry, with_binding(text, ON_LOAD))
    return target


def installed_python(profile: str | Path | None = None) -> str | None:
    """The interpreter the installed script runs, or None (no script, or none recorded)."""
    try:
        text = script_path(profile).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    line = next((line for line in text.splitlines() if line.startswith("PYTHON = ")), None)
    try:
        value = ast.literal_eval(ast.parse(line).body[0].value) if line else None
    except (SyntaxError, ValueError):
        return None
    return value if isinstance(value, str) else None


def uninstall(profile: str | Path | None = None) -> list[Path]:
    """Remove the script, the event binding and the .pth of the script's Python; what was removed (or changed)."""
    profile = Path(profile or default_profile())
    _check_not_running(profile)
    done = []
    target = script_path(profile)
    python = installed_python(profile)
    if python:
        removed = office_python.remove_path_file(python)
        if removed:
            done.append(removed)
    try:
        target.unlink()
        done.append(target)
    except FileNotFoundError:
        pass
    except OSError as err:
        raise UserError(f"cannot remove {target}: {err.strerror or err}") from None
    registry = registry_path(profile)
    text = _registry_text(registry)
    if bound_script(text) == ON_LOAD:
        _write(registry, with_binding(text, None))
        done.append(registry)
    return done
