"""The user's workbook is never lost: atomic saves, Ctrl-C, refused output names, write failures,
and one action at a time (the lock).  Real files and real processes; the one stand-in is Excel's
object model (Excel cannot run here), as in test_xlwings_adapter.py."""
from __future__ import annotations

import os
import random
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

import openpyxl
import pytest

import xlsolver.excel
from xlsolver.workbook import atomic, busy
from helpers import run_xlsolver
from workbook_helpers import COMMITTED, button_macros, copy_of_board, type_into, vba_bin

POSIX = pytest.mark.skipif(os.name != "posix", reason="signals and resource limits of POSIX")


def _command(*args: str) -> list[str]:
    exe = shutil.which("xlsolver")
    return ([exe] if exe else [sys.executable, "-m", "xlsolver"]) + list(args)


def _one_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


def _leftovers(path: Path) -> list[Path]:
    return atomic.temp_files(path)


# --- refused before any work ---------------------------------------------------------------------

@pytest.mark.parametrize("output", ["out.xlsx", "out.txt", "/dev/full"])
def test_an_output_name_that_is_not_xlsm_is_refused_before_any_work(tmp_path, cli, output):
    path = copy_of_board(tmp_path)
    target = output if output.startswith("/") else str(tmp_path / output)
    result = cli("solve", str(path), "-o", target)
    assert result.returncode == 2
    assert _one_line(result.stderr).startswith("xlsolver: --output must end in .xlsm")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.xlsm"], "nothing written, not even a lock file"
    assert path.read_bytes() == COMMITTED.read_bytes()


@POSIX
def test_an_output_that_is_a_device_is_refused(tmp_path, cli):
    path = copy_of_board(tmp_path)
    (tmp_path / "full.xlsm").symlink_to("/dev/full")
    result = cli("solve", str(path), "-o", str(tmp_path / "full.xlsm"))
    assert result.returncode == 2
    assert _one_line(result.stderr) == f"xlsolver: cannot save {str(tmp_path / 'full.xlsm')!r}: not a regular file"


def test_a_workbook_without_areas_is_one_line_and_no_traceback(tmp_path):
    plain = tmp_path / "plain.xlsx"
    openpyxl.Workbook().save(plain)
    before = plain.read_bytes()
    result = run_xlsolver("solve", str(plain))  # the real process: the old traceback came at its exit
    assert result.returncode == 2
    assert _one_line(result.stderr) == f"xlsolver: {str(plain)!r} has no xlsolver areas (no range named like Pento6x10_In)"
    assert plain.read_bytes() == before


@POSIX
@pytest.mark.parametrize("in_place", [pytest.param(True, marks=pytest.mark.slow), False])
def test_a_failed_write_is_one_line_and_leaves_the_original_and_no_temporary_file(tmp_path, in_place):
    """A file-size limit makes every write past 20 kB fail (EFBIG), as a full disk or /dev/full would."""
    path = copy_of_board(tmp_path)
    output = [] if in_place else ["-o", str(tmp_path / "out.xlsm")]

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    result = subprocess.run(_command("solve", str(path), *output), capture_output=True, text=True,
                            preexec_fn=small_files, timeout=120)
    assert result.returncode == 73  # not saved; the answers are printed all the same (tests/test_cli_workbook.py)
    assert _one_line(result.stderr).endswith("': File too large; nothing was written, the answer is above: save it "
                                             "elsewhere with -o OTHER.xlsm")
    assert path.read_bytes() == COMMITTED.read_bytes()
    assert not (tmp_path / "out.xlsm").exists() and not _leftovers(path) and not _leftovers(tmp_path / "out.xlsm")


# --- what a save keeps -----------------------------------------------------------------------------

@POSIX
def test_a_save_keeps_the_permission_bits_and_removes_a_killed_saves_leftover(tmp_path, cli):
    path = copy_of_board(tmp_path)
    path.chmod(0o640)
    stale = tmp_path / f".board.xlsm.dead0000{atomic.TEMP_SUFFIX}"  # as a SIGKILL during a save leaves it
    stale.write_bytes(b"half a workbook")
    result = cli("solve", str(path), "--area", "IQ5x11")
    assert result.returncode == 0, result.stderr
    assert path.stat().st_mode & 0o7777 == 0o640
    assert not _leftovers(path)
    assert vba_bin(path) == vba_bin(COMMITTED) and button_macros(path) == button_macros(COMMITTED)


# --- Ctrl-C --------------------------------------------------------------------------------------

@POSIX
def test_ctrl_c_while_counting_on_a_workbook_is_exit_130_one_line_and_the_file_intact(tmp_path):
    """The Count of an empty sudoku (no search or memoised count finishes it) under an hour's limit: the Ctrl-C
    always comes while the command works on the workbook, however slow or busy the machine."""
    path = copy_of_board(tmp_path)
    type_into(path, "Sudoku_In", [" " * 9] * 9)  # the shipped sheet holds a puzzle: empty its givens
    type_into(path, "Sudoku_TimeLimit", [[3600]])
    typed = path.read_bytes()
    process = subprocess.Popen(_command("count", str(path), "--area", "Sudoku"), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, preexec_fn=_as_at_a_terminal)
    lock = busy.lock_path(path)
    while not lock.exists() and process.poll() is None:
        time.sleep(0.005)  # the lock file appears once the command is at work on the workbook
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 130
    assert _one_line(stderr) == f"xlsolver: interrupted (Ctrl-C); {str(path)!r} left as it was"
    assert path.read_bytes() == typed and not _leftovers(path)


def _as_at_a_terminal() -> None:
    """Ctrl-C as at a terminal: a test runner started in the background of a shell ignores SIGINT, and its
    children would inherit that (Python keeps an ignored SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# --- one action at a time --------------------------------------------------------------------------

def test_a_second_action_on_a_held_workbook_is_refused_at_once(tmp_path, cli):
    path = copy_of_board(tmp_path)
    with busy.hold(path.resolve(), "Count on IQ5x11"):
        started = time.monotonic()
        result = cli("solve", str(path))
        assert time.monotonic() - started < 5, "refused at once, not queued"
    assert result.returncode == 2
    assert _one_line(result.stderr) == f"xlsolver: busy: Count on IQ5x11 is running ({str(path)!r})"
    assert path.read_bytes() == COMMITTED.read_bytes()
    assert cli("solve", str(path), "--area", "IQ5x11").returncode == 0, "released when the holder ends"


@POSIX
def test_a_lock_held_by_a_process_that_was_killed_does_not_block(tmp_path, cli):
    path = copy_of_board(tmp_path)
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time\nfrom xlsolver.workbook import busy\n"
        f"with busy.hold({str(path.resolve())!r}, 'Solve on IQ5x11 (xlsolver solve)'):\n"
        "    print('held', flush=True)\n    time.sleep(120)\n")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        refused = run_xlsolver("solve", str(path))
        assert refused.returncode == 2
        assert _one_line(refused.stderr).startswith("xlsolver: busy: Solve on IQ5x11 (xlsolver solve) is running")
    finally:
        holder.kill()
        holder.wait()
    assert busy.lock_path(path).exists(), "the lock file stays; the OS lock went with its process"
    result = cli("solve", str(path), "--area", "IQ5x11")
    assert result.returncode == 0, result.stderr


@POSIX
def test_the_lock_lives_in_a_folder_only_its_user_can_write_to(tmp_path):
    """Before, it was in the shared temporary folder, at a name anyone could work out, with mode 0666."""
    path = copy_of_board(tmp_path)
    with busy.hold(path, "Solve on IQ5x11 (xlsolver solve)"):
        lock = busy.lock_path(path)
        folder = lock.parent.lstat()
        assert lock.parent != Path(tempfile.gettempdir()) and stat.S_ISDIR(folder.st_mode)
        assert folder.st_uid == os.getuid() and folder.st_mode & 0o077 == 0
        assert lock.lstat().st_mode & 0o077 == 0


@POSIX
def test_a_link_where_the_lock_goes_is_one_line_not_an_internal_error(tmp_path, cli):
    """Before: "internal error (OSError: [Errno 40] Too many levels of symbolic links ...)", exit 70."""
    path = copy_of_board(tmp_path)
    lock = busy.lock_path(path)
    lock.symlink_to(tmp_path / "elsewhere")
    try:
        result = cli("solve", str(path), "--area", "IQ5x11")
    finally:
        lock.unlink()
    assert result.returncode == 2
    assert _one_line(result.stderr) == (f"xlsolver: cannot take the workbook's lock {str(lock)!r}: Too many levels "
                                        f"of symbolic links ({str(path)!r})")
    assert path.read_bytes() == COMMITTED.read_bytes() and not (tmp_path / "elsewhere").exists()


@POSIX
@pytest.mark.parametrize("planted", ["a link", "open to others", "another user's"])
def test_a_lock_folder_that_is_not_the_users_own_is_refused_in_one_line(tmp_path, cli, monkeypatch, planted):
    """What another user could have put at the lock folder's name before the user's first action."""
    if planted == "another user's" and os.getuid() != 0:
        pytest.skip("only root can give a folder to another user")
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    folder = temp / f"xlsolver-{os.getuid()}"
    if planted == "a link":
        (tmp_path / "theirs").mkdir()
        folder.symlink_to(tmp_path / "theirs")
    else:
        folder.mkdir()
        folder.chmod(0o777)
        if planted == "another user's":
            folder.chmod(0o700)
            os.chown(folder, NOBODY, NOBODY)
    path = copy_of_board(tmp_path)
    result = cli("solve", str(path), "--area", "IQ5x11")
    assert result.returncode == 2
    problem = {"a link": "a link", "open to others": "writable by other users (mode 0777)",
               "another user's": f"owned by another user (uid {NOBODY})"}[planted]
    assert _one_line(result.stderr) == (f"xlsolver: the folder of xlsolver's locks {str(folder)!r} is {problem}, so it "
                                        "cannot keep one action at a time on a workbook; remove it (xlsolver makes it "
                                        f"anew) ({str(path)!r})")
    assert path.read_bytes() == COMMITTED.read_bytes()


NOBODY = 65534

PLANT_AND_HOLD = """
import fcntl, os, sys, time
try:
    fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o666)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
except OSError as err:
    print("refused:", err.strerror, flush=True)
else:
    print("held", flush=True)
    time.sleep(120)
"""


@POSIX
@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root, to run as another user")
def test_another_user_can_neither_plant_nor_hold_the_lock(tmp_path, cli):
    """Another user (nobody) makes the lock file where the user's next Solve looks for it and holds it.  Before,
    in the shared temporary folder, that worked, and the user's Solve was refused as busy."""
    path = copy_of_board(tmp_path)
    lock = busy.lock_path(path)

    def as_nobody():
        os.setgid(NOBODY)
        os.setuid(NOBODY)

    python = shutil.which("python3", path="/usr/bin:/bin")  # one nobody may run (this one may be in /root)
    if python is None:
        pytest.skip("no system python3 for the other user")
    other = subprocess.Popen([python, "-c", PLANT_AND_HOLD, str(lock)], stdout=subprocess.PIPE, text=True,
                             preexec_fn=as_nobody, cwd="/")
    try:
        said = other.stdout.readline().strip()
        result = cli("solve", str(path), "--area", "IQ5x11")
    finally:
        other.kill()
        other.wait()
    assert said == "refused: Permission denied"
    assert result.returncode == 0, result.stderr


def test_a_button_pressed_while_the_workbook_is_busy_says_so_in_the_status_cell(tmp_path, monkeypatch):
    """Excel cannot run here: a stand-in for xlwings' book, with the workbook's path and one status cell."""
    import xlwings

    path = copy_of_board(tmp_path)
    status = SimpleNamespace(value=None)
    book = SimpleNamespace(fullname=str(path.resolve()), app=SimpleNamespace(screen_updating=True, status_bar=False),
                           names={"IQ5x11_Status": SimpleNamespace(refers_to_range=status)})
    monkeypatch.setattr(xlwings.Book, "caller", staticmethod(lambda: book))
    with busy.hold(path.resolve(), "Solve on every area with input (xlsolver solve)"):
        xlsolver.excel.on_button("IQ5x11", "count")
    assert status.value == [["busy: Solve on every area with input (xlsolver solve) is running"]]
    assert book.app.screen_updating is True


# --- crash safety -----------------------------------------------------------------------------------

KILLS = 50


@POSIX
@pytest.mark.slow
def test_killing_an_in_place_solve_at_any_moment_never_loses_the_workbook(tmp_path):
    """SIGKILL and SIGINT, alternating, at random moments of ``xlsolver solve COPY.xlsm``; after each, the
    file opens with openpyxl and keeps its VBA project and buttons.  Half the kills fall anywhere in the
    run; the other half within the save (after its temporary file appears), the moments that corrupted
    the file before saves were atomic.  A SIGKILL during a save leaves its temporary file (nothing can
    remove it then); the next save removes it, so at most one is ever there.  One area is solved, to keep
    the test short: every save rewrites the whole workbook whichever areas were solved.
    """
    command = _command("solve", str(tmp_path / "board.xlsm"), "--area", "IQ5x11")
    path = copy_of_board(tmp_path)
    vba, macros = vba_bin(path), button_macros(path)
    started = time.monotonic()
    assert subprocess.run(command, capture_output=True, timeout=120).returncode == 0
    run_time = time.monotonic() - started
    rng = random.Random(20261123)
    readable = in_save = 0
    for kill in range(KILLS):
        sig = signal.SIGKILL if kill % 2 == 0 else signal.SIGINT
        before = set(_leftovers(path))
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   text=True)
        if kill % 4 < 2:
            time.sleep(rng.uniform(0, run_time * 1.1))
        else:
            while not set(_leftovers(path)) - before and process.poll() is None:
                time.sleep(0.002)
            time.sleep(rng.uniform(0, 0.2))
        process.send_signal(sig)
        _, stderr = process.communicate(timeout=120)
        in_save += bool(set(_leftovers(path)) - before) or "saved" in stderr
        if process.returncode == 130:
            _one_line(stderr)
        workbook = openpyxl.load_workbook(path, keep_vba=True)
        assert workbook.defined_names.get("IQ5x11_In") is not None
        assert vba_bin(path) == vba and button_macros(path) == macros, f"kill {kill} ({sig.name})"
        assert len(_leftovers(path)) <= 1, _leftovers(path)
        readable += 1
    print(f"\n{KILLS} kills ({KILLS // 2} SIGKILL, {KILLS - KILLS // 2} SIGINT) over runs of {run_time:.2f} s: "
          f"{readable} left a readable workbook with its VBA project and buttons; {in_save} landed in a save")
    assert readable == KILLS
    assert subprocess.run(command, capture_output=True, timeout=120).returncode == 0
    assert not _leftovers(path)
