"""LibreOffice's own Python and the shell it is started from (xlsolver/workbook/office_python.py), without
starting LibreOffice: the distribution's Python, started by the bare name ``python3`` as LibreOffice starts
it, shows what LibreOffice's Python would find.  Real virtual environments are made in temporary folders,
and their shells are the environment ``source bin/activate`` leaves.  The buttons pressed in a LibreOffice
started from such a shell are in test_libreoffice_buttons.py (slow)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from libreoffice import virtual_environment
from xlsolver.workbook import office_python
from xlsolver.workbook import libreoffice as setup

UNO = office_python.uno_folder()
pytestmark = pytest.mark.skipif(UNO is None, reason="no distribution's LibreOffice here whose Python is the "
                                                    f"distribution's ({office_python.SYSTEM_PYTHON})")


def same_minor_as_libreoffice() -> bool:
    """Whether LibreOffice's Python reads this Python's virtual environments' site-packages (same x.y)."""
    probe = "import sys; print(sys.version_info[:2])"
    system = subprocess.run([str(office_python.SYSTEM_PYTHON), "-c", probe], capture_output=True, text=True)
    return system.stdout.strip() == str(sys.version_info[:2])


@pytest.fixture
def venv(tmp_path):
    """A virtual environment that has xlsolver (this checkout), as after ``pip install`` in it."""
    return str(virtual_environment(tmp_path / "venv"))


@pytest.fixture
def other_venv(tmp_path):
    """Someone else's virtual environment, without xlsolver."""
    return str(virtual_environment(tmp_path / "other", with_xlsolver=False))


def shell(python: str) -> dict[str, str]:
    """The environment of a shell where ``python``'s virtual environment is active."""
    return office_python.activated(python, {key: value for key, value in os.environ.items()
                                            if key not in ("PYTHONPATH", "VIRTUAL_ENV")})


def test_the_cause_from_a_venv_shell_libreoffice_s_python_misses_uno(other_venv):
    started = office_python.startup(shell(other_venv))
    assert started["executable"] == os.path.join(os.path.dirname(other_venv), "python3")
    assert started["uno"] is False
    assert os.path.realpath(started["site"][0]).startswith(os.path.realpath(os.path.dirname(os.path.dirname(other_venv))))
    assert office_python.startup(office_python.soffice_environment(shell(other_venv)))["uno"] is True


def test_virtual_env_alone_is_harmless_only_path_counts(other_venv):
    only_the_variable = dict(office_python.soffice_environment(), VIRTUAL_ENV=os.path.dirname(os.path.dirname(other_venv)))
    assert office_python.startup(only_the_variable)["uno"] is True


def test_soffice_gets_path_without_other_pythons_and_no_python_variables(other_venv, tmp_path):
    tools = tmp_path / "tools"
    tools.mkdir()
    env = dict(shell(other_venv), PYTHONHOME="/opt/python", PYTHONPATH="/somewhere",
               PATH=os.pathsep.join([os.path.dirname(other_venv), str(tools), "/usr/bin", "/bin"]))
    cleaned = office_python.soffice_environment(env)
    assert cleaned["PATH"].split(os.pathsep) == [str(tools), "/usr/bin", "/bin"]
    assert not {"PYTHONHOME", "PYTHONPATH", "VIRTUAL_ENV"} & set(cleaned)
    assert cleaned["HOME"] == os.environ["HOME"]


def test_the_path_file_acts_only_in_libreoffice_s_python(tmp_path):
    line = office_python.path_file_text(UNO)
    assert line.startswith("import sys; ")  # site runs a .pth line that begins so
    bare = str(virtual_environment(tmp_path / "bare", with_xlsolver=False))
    path_file = os.path.join(office_python.site_folder(bare), office_python.PATH_FILE)
    with open(path_file, "w", encoding="utf-8") as stream:
        stream.write(line)
    seen = subprocess.run([bare, "-c", "import sys; print(sys.path)"], capture_output=True, text=True, check=True)
    assert UNO not in seen.stdout  # the environment's own Python is left as it was


@pytest.mark.skipif(not same_minor_as_libreoffice(), reason="LibreOffice's Python reads only the site-packages "
                                                            "of environments of its own version")
def test_install_from_a_venv_makes_its_shell_safe_and_uninstall_takes_it_back(venv, tmp_path, cli):
    assert office_python.shell_problem(shell(venv)) is not None  # before: a LibreOffice from there fails
    done = cli("libreoffice", "install", "--profile", str(tmp_path / "profile"), "--python", venv, env=shell(venv))
    assert done.returncode == 0, done.stderr
    path_file = os.path.join(office_python.site_folder(venv), office_python.PATH_FILE)
    assert f"wrote {path_file}: " in done.stdout
    assert open(path_file, encoding="utf-8").read() == office_python.path_file_text(UNO)
    assert "warning" not in done.stderr
    assert office_python.shell_problem(shell(venv)) is None
    removed = cli("libreoffice", "uninstall", "--profile", str(tmp_path / "profile"))
    assert removed.returncode == 0 and f"deleted {path_file}" in removed.stdout
    assert not os.path.exists(path_file)


def test_install_from_another_venv_s_shell_warns_and_says_what_to_do(venv, other_venv, tmp_path, cli):
    done = cli("libreoffice", "install", "--profile", str(tmp_path / "profile"), "--python", venv,
               env=shell(other_venv))
    assert done.returncode == 0, done.stderr
    taken = os.path.join(os.path.dirname(other_venv), "python3")
    assert done.stderr == (
        f"warning: a LibreOffice started from this shell could run no Python macro, the workbook's buttons "
        f"included (they fail with std::bad_alloc), and would open no document while xlsolver's script is "
        f"installed: its Python takes the first python3 on PATH, {taken}, and then "
        f"misses LibreOffice's uno module in {UNO}. Start LibreOffice from the desktop's menu, or from a shell "
        f"without {os.path.dirname(taken)} on PATH (for a virtual environment: run deactivate first)\n")
    assert setup.installed_python(tmp_path / "profile") == venv


def test_a_python_home_that_breaks_libreoffice_s_python_is_named():
    env = dict(office_python.soffice_environment(), PYTHONHOME="/no/such/python")
    assert office_python.shell_problem(env).endswith(
        "its Python cannot start here (ModuleNotFoundError: No module named 'encodings'); check PYTHONHOME and "
        "PYTHONPATH, or start LibreOffice from the desktop's menu")


def test_install_from_a_clean_shell_does_not_warn(venv, tmp_path, cli):
    clean = office_python.soffice_environment(shell(venv))
    done = cli("libreoffice", "install", "--profile", str(tmp_path / "profile"), "--python", venv, env=clean)
    assert done.returncode == 0 and done.stderr == ""
