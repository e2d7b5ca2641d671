"""One action at a time on a workbook: an OS lock, which says what holds it.

The lock is filelock's (flock on POSIX, LockFileEx on Windows), so the operating system releases it
when its process ends, however it ends: a crash never leaves a workbook locked.  A second action is
refused at once (:class:`Busy`), never queued.  The lock files live in the temporary folder, one per
workbook (named by a hash of its real path), so the user's folders get no clutter; they stay there
(removing one on release would let two processes lock two different files).  After its first byte,
the one Windows locks, a lock file holds what is running, for the busy message.
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
    """The workbook's lock file: the same for every spelling of its path (links, relative names); a
    workbook that is no file (a new book in Excel, a cloud address) is known by its name."""
    name = str(workbook)
    if Path(name).exists():
        name = os.path.realpath(name)
    key = hashlib.sha1(name.encode("utf-8", "surrogateescape")).hexdigest()[:20]
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
        lock = FileLock(path, timeout=0, mode=0o666, on_acquired=note)  # any user may lock it next
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
