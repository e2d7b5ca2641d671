"""Where numba caches the compiled kernels: an unwritable cache folder is never an error.

The real case: xlsolver installed (not editable) in an environment the user cannot
write, with a home folder the user cannot write either.  numba would try
``NUMBA_CACHE_DIR``, the ``__pycache__`` beside the installed kernels and
``~/.cache/numba``, and, all three failing, refuse to compile (exit 70).  The
subprocess tests build that case as any user can, root included: a copy of the
package whose ``__pycache__`` folders are regular files, and ``HOME=/dev/null``.
"""
from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import xlsolver
from xlsolver.engine import fast

pytestmark = pytest.mark.skipif(not fast.available(), reason="numba is not installed")

PACKAGE = Path(xlsolver.__file__).parent


@pytest.fixture
def fresh_choice():
    """cache_dir() chosen again under the test's environment, and again after it."""
    fast.cache_dir.cache_clear()
    yield
    fast.cache_dir.cache_clear()


def installed_copy(where: Path) -> Path:
    """A copy of the package (the compiled memo library included, the first-item search's left out, as where
    no C compiler built it: numba's kernels run) where numba cannot write beside the kernels."""
    site = where / "site"
    shutil.copytree(PACKAGE, site / "xlsolver", ignore=shutil.ignore_patterns("__pycache__", "_search_native*", "_fewest_native*"))
    for folder in [site / "xlsolver", *(site / "xlsolver").rglob("*")]:
        if folder.is_dir():
            (folder / "__pycache__").write_text("a file where numba wants a folder\n")
    return site


def environment(site: Path, temp: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME", "PYTHONPATH")}
    temp.mkdir(exist_ok=True)
    env.update(PYTHONPATH=str(site), HOME="/dev/null", TMPDIR=str(temp), **extra)
    return env


def compiled_count(env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    """The real command on 6x10, forced to the compiled search (too little memory to count by sub-problems)."""
    return subprocess.run([sys.executable, "-m", "xlsolver", "count", "--board", "6x10", "--memory", "1", "--json"],
                          env=env, cwd=cwd, capture_output=True, text=True, timeout=600)


def private_folder(temp: Path) -> Path:
    return temp / f"xlsolver-numba-{os.getuid()}"


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_compiled_count_with_no_writable_cache_folder_of_numba_caches_in_a_private_temporary_folder(tmp_path):
    site, temp = installed_copy(tmp_path), tmp_path / "tmp"
    for env in (environment(site, temp), environment(site, temp, NUMBA_CACHE_DIR="/dev/null/numba")):
        done = compiled_count(env, tmp_path)
        assert done.returncode == 0, done.stderr
        report = json.loads(done.stdout)
        assert (report["solutions"], report["engine"]) == (9356, "compiled-first")
        assert done.stderr == ""  # the cache works: nothing to say
    folder = private_folder(temp)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert list(folder.rglob("*.nbi")), "the kernels were cached there"
    assert not list(site.rglob("*.nbi"))


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_temporary_folder_others_may_write_to_is_not_used_the_kernels_compile_afresh_and_it_is_said_once(tmp_path):
    site, temp = installed_copy(tmp_path), tmp_path / "tmp"
    folder = private_folder(temp)
    folder.mkdir(parents=True)
    folder.chmod(0o777)  # anyone could have put pickles there
    done = compiled_count(environment(site, temp), tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["solutions"] == 9356
    said = done.stderr.splitlines()
    assert len(said) == 1 and "compiled afresh on every run" in said[0] and str(folder) in said[0], said
    assert not list(folder.iterdir()) and not list(site.rglob("*.nbi"))


def test_the_configured_folder_is_used_when_it_can_be_written(tmp_path, monkeypatch, fresh_choice):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine" / "numba"))
    assert fast.cache_dir() == tmp_path / "mine" / "numba"
    assert (tmp_path / "mine" / "numba").is_dir() and fast.caching()


def test_a_configured_folder_under_a_regular_file_gives_way_to_the_private_temporary_folder(tmp_path, monkeypatch,
                                                                                            fresh_choice):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "file" / "numba"))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)  # gettempdir() reads TMPDIR again
    assert fast.cache_dir() == tmp_path / f"xlsolver-numba-{os.getuid()}"


def test_without_a_home_folder_the_default_is_none_not_an_error(monkeypatch):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setattr("pathlib.Path.home", lambda: (_ for _ in ()).throw(RuntimeError("no home")))
    assert fast.configured_cache_dir() is None


def test_a_folder_is_writable_only_if_a_file_can_be_made_in_it(tmp_path):
    assert fast.writable_dir(tmp_path / "new" / "deep")
    (tmp_path / "file").write_text("")
    assert not fast.writable_dir(tmp_path / "file" / "below")
    assert not fast.writable_dir(Path("/dev/null/numba"))
