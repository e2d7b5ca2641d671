"""One action at a time on a workbook: an OS lock on a file beside it, which says what holds it.

The lock is filelock's (flock on POSIX, LockFileEx on Windows), so the operating system releases it
when its process ends, however it ends: a crash never leaves a workbook locked.  A second action is
refused at once (:class:`Busy`), never queued.  The lock file ``.board.xlsm.xlsolver-lock`` stays
beside the workbook (removing it on release would let two processes lock two different files); after
its first byte, the one Windows locks, it holds what is running, for the busy message.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

NOTE_OFFSET = 1  # byte 0 is the locked one on Windows; others read the note after it


class Busy(Exception):
    """Another action holds the workbook; the message says which, in one line."""


def lock_path(workbook: str | Path) -> Path:
    """Beside the workbook; in the temporary folder for one that is no file (a new book in Excel, a cloud
    address) or whose folder is read-only (Excel may still run an action on it)."""
    path = Path(str(workbook))
    if path.is_absolute() and path.parent.is_dir() and os.access(path.parent, os.W_OK):
        path = Path(os.path.realpath(path))
        return path.with_name(f".{path.name}.xlsolver-lock")
    key = hashlib.sha1(str(workbook).encode("utf-8")).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"xlsolver-{key}.lock"


@contextmanager
def hold(workbook: str | Path, doing: str) -> Iterator[None]:
    """Hold the workbook's lock while the block runs, noting ``doing`` ("Count on IQ5x11"); Busy if it is held."""
    from filelock import FileLock, Timeout

    def note(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, b"\n" + doing.encode("utf-8"))
        os.ftruncate(fd, NOTE_OFFSET + len(doing.encode("utf-8")))

    path = lock_path(workbook)
    try:
        lock = FileLock(path, timeout=0, on_acquired=note)
        lock.acquire()
    except Timeout:
        raise Busy(busy_message(path)) from None
    try:
        yield
    finally:
        lock.release()


def busy_message(path: Path) -> str:
    try:
        with open(path, "rb") as file:
            file.seek(NOTE_OFFSET)
            doing = file.read(200).decode("utf-8", "replace").strip()
    except OSError:
        doing = ""
    return f"busy: {doing} is running" if doing else "busy: another xlsolver action is running on this workbook"


__all__ = ["Busy", "lock_path", "hold"]
