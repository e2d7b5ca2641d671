"""LibreOffice's own Python, and what it takes from the shell LibreOffice is started from.

A distribution's LibreOffice (Debian's, Ubuntu's...) runs Python macros in the
distribution's Python, embedded, and that Python finds its files as a ``python3``
started from the shell would: through the first ``python3`` on ``PATH``.  With a
virtual environment active (``source .venv/bin/activate``) that is the
environment's, whose ``pyvenv.cfg`` makes the environment ``sys.prefix``; ``site``
then leaves out the distribution's ``dist-packages``, which holds LibreOffice's
``uno`` module (Debian: python3-uno).  LibreOffice's Python loader cannot import
``uno``, and every Python macro, each button of the workbook included, fails with
``std::bad_alloc`` (how LibreOffice reports the loader's ImportError).  Any other
Python installation first on ``PATH`` does the same (pyenv's ``versions/*/bin``,
which pyenv puts there for the processes it starts).  ``VIRTUAL_ENV`` itself plays
no part.  A LibreOffice that brings its own Python (The Document Foundation's
packages, Windows, macOS) has ``uno`` in its program folder and is not concerned.

What is done about it:

- :func:`soffice_environment`: the environment to start ``soffice`` with so that
  its Python is the distribution's (the test harness starts it so);
- :func:`install_path_file`: a ``.pth`` file in the virtual environment that has
  xlsolver.  ``site`` runs it in every Python that takes that environment,
  LibreOffice's included; there (and only there: ``pyuno`` is built in) it adds
  the folder of ``uno`` to ``sys.path``.  So a LibreOffice started from that
  environment's shell works, when the environment's Python has the same version as
  the distribution's (its ``site-packages`` is read only then);
- :func:`shell_problem`: whether a LibreOffice started from a given environment
  would find ``uno``, found out by starting the distribution's Python the way
  LibreOffice starts it (by the bare name ``python3``, looked up on ``PATH``).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

SYSTEM_PYTHON = Path("/usr/bin/python3")  # the distribution's Python, which its LibreOffice embeds
PATH_FILE = "xlsolver_libreoffice.pth"
TIMEOUT = 60  # seconds for a Python to start and answer

# What LibreOffice's Python would see: run in the distribution's Python started by the bare name "python3"
_PROBE = ("import importlib.util, json, site, sys; print(json.dumps({'executable': sys.executable, "
          "'uno': importlib.util.find_spec('uno') is not None, 'site': site.getsitepackages()}))")
_PURELIB = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
_UNO_ORIGIN = "import importlib.util; spec = importlib.util.find_spec('uno'); print(spec.origin if spec else '')"


def program_folder() -> Path | None:
    """LibreOffice's program folder (the one holding ``soffice.bin``) for the ``soffice`` on PATH, or None."""
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    return Path(os.path.realpath(soffice)).parent if soffice else None


def uno_folder() -> str | None:
    """The folder LibreOffice's Python imports ``uno`` from when it is the distribution's Python's
    (``/usr/lib/python3/dist-packages`` on Debian); None for a LibreOffice with its own Python, or none here."""
    program = program_folder()
    if program is None or (program / "uno.py").exists() or not SYSTEM_PYTHON.exists():
        return None
    origin = _output([str(SYSTEM_PYTHON), "-I", "-c", _UNO_ORIGIN], {"PATH": os.defpath})
    return os.path.dirname(origin) if origin else None


def _run(command: list[str], env: dict[str, str], executable: str | None = None):
    """The finished ``command``, or None when it could not be started or did not finish in time."""
    try:
        return subprocess.run(command, executable=executable, env=env, capture_output=True, text=True,
                              timeout=TIMEOUT, cwd=tempfile.gettempdir())
    except (OSError, subprocess.TimeoutExpired):
        return None


def _output(command: list[str], env: dict[str, str]) -> str | None:
    """What ``command`` printed (stripped), or None when it could not run or failed."""
    done = _run(command, env)
    return done.stdout.strip() if done is not None and done.returncode == 0 else None


def startup(environ: dict[str, str]) -> dict | None:
    """How LibreOffice's Python starts in ``environ``: ``executable`` (the ``python3`` it took its files from),
    ``uno`` (whether it finds it) and ``site`` (the site-packages folders whose ``.pth`` files it runs), or
    ``error`` (the last line it wrote) when it cannot start at all; None when it cannot be run here."""
    done = _run(["python3", "-c", _PROBE], dict(environ), executable=str(SYSTEM_PYTHON))
    if done is None:
        return None
    if done.returncode != 0:
        lines = [line.strip() for line in done.stderr.splitlines() if line.strip()]
        errors = [line for line in lines if re.match(r"\w+(Error|Exception): ", line)]
        return {"error": (errors or lines or [f"exit code {done.returncode}"])[-1]}
    try:
        return json.loads(done.stdout)
    except ValueError:
        return None


def _among(folder: str, folders: list[str]) -> bool:
    return os.path.realpath(folder) in {os.path.realpath(other) for other in folders}


def rescued(started: dict) -> bool:
    """Whether LibreOffice's Python, started as ``started`` says, finds ``uno`` (itself or through our .pth)."""
    if "error" in started:
        return False
    return started["uno"] or any(os.path.isfile(os.path.join(folder, PATH_FILE)) for folder in started["site"])


def _foreign(folder: str) -> bool:
    """Whether ``python3`` in ``folder`` is another Python than the distribution's: a virtual environment's
    (``pyvenv.cfg`` beside its folder), another installation's, a launcher (pyenv's shims)."""
    python = Path(folder, "python3")
    if not python.exists():
        return False
    if (python.parent / "pyvenv.cfg").exists() or (python.parent.parent / "pyvenv.cfg").exists():
        return True
    return os.path.realpath(python) != os.path.realpath(SYSTEM_PYTHON)


def soffice_environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """``environ`` (default: this process's) as soffice should get it: PATH without the folders whose ``python3``
    is another than the distribution's, and without what tells a Python where it lives (PYTHONHOME, and
    PYTHONPATH, to which LibreOffice adds its own folder) or which environment is active (VIRTUAL_ENV)."""
    env = dict(os.environ if environ is None else environ)
    for key in ("PYTHONHOME", "PYTHONPATH", "VIRTUAL_ENV"):
        env.pop(key, None)
    if SYSTEM_PYTHON.exists():
        folders = env.get("PATH", "").split(os.pathsep)
        env["PATH"] = os.pathsep.join(folder for folder in folders if folder and not _foreign(folder))
    return env


def path_file_text(folder: str) -> str:
    """The .pth line: in LibreOffice's embedded Python only (``pyuno`` built in), ``folder`` on sys.path."""
    return (f"import sys; 'pyuno' in sys.builtin_module_names and {folder!r} not in sys.path "
            f"and sys.path.append({folder!r})  # xlsolver: LibreOffice's uno module (xlsolver libreoffice install)\n")


def site_folder(python: str) -> str | None:
    """The site-packages folder of ``python``'s environment, or None when it cannot be run."""
    return _output([python, "-c", _PURELIB], _without_python_variables(os.environ))


def _without_python_variables(environ) -> dict[str, str]:
    return {key: value for key, value in environ.items() if key not in ("PYTHONHOME", "PYTHONPATH")}


def activated(python: str, environ: dict[str, str] | None = None) -> dict[str, str]:
    """``environ`` as ``source bin/activate`` of ``python``'s environment leaves it: its folder first on PATH."""
    env = dict(os.environ if environ is None else environ)
    folder = os.path.dirname(os.path.abspath(python))
    env["PATH"] = folder + os.pathsep + env.get("PATH", "")
    env["VIRTUAL_ENV"] = os.path.dirname(folder)
    env.pop("PYTHONHOME", None)
    return env


def install_path_file(python: str) -> Path | None:
    """Write the .pth into ``python``'s environment when a LibreOffice started from that environment's shell
    needs it and will read it; the file written, or None (not needed, not read, or not writable)."""
    folder = uno_folder()
    if folder is None:
        return None
    started = startup(activated(python))
    site = site_folder(python)
    if started is None or "error" in started or started["uno"] or site is None or not _among(site, started["site"]):
        return None
    target = Path(site) / PATH_FILE
    try:
        target.write_text(path_file_text(folder), encoding="utf-8")
    except OSError:
        return None
    return target


def remove_path_file(python: str) -> Path | None:
    """Remove our .pth from ``python``'s environment; the file removed, or None."""
    site = site_folder(python) if os.path.exists(python) else None
    target = Path(site) / PATH_FILE if site else None
    if target is None or not target.is_file():
        return None
    try:
        target.unlink()
    except OSError:
        return None
    return target


def shell_problem(environ: dict[str, str] | None = None) -> str | None:
    """Why a LibreOffice started from ``environ`` (default: this process's) would fail every Python macro,
    in words a user can act on; None when it would not, or when that cannot be told here."""
    environ = dict(os.environ if environ is None else environ)
    folder = uno_folder()
    if folder is None:
        return None
    started = startup(environ)
    if started is None or rescued(started):
        return None
    failing = ("a LibreOffice started from this shell could run no Python macro, the workbook's buttons included "
               "(they fail with std::bad_alloc), and would open no document while xlsolver's script is installed")
    taken = started.get("executable")
    if not taken:
        why = started.get("error") or f"it misses LibreOffice's uno module in {folder}"
        return (f"{failing}: its Python cannot start here ({why}); check PYTHONHOME and PYTHONPATH, or start "
                "LibreOffice from the desktop's menu")
    return (f"{failing}: its Python takes the first python3 on PATH, {taken}, and then misses LibreOffice's uno "
            f"module in {folder}. Start LibreOffice from the desktop's menu, or from a shell without "
            f"{os.path.dirname(taken)} on PATH (for a virtual environment: run deactivate first)")
