"""One action at a time on a workbook: an OS lock, which says what holds it.

The lock is filelock's (flock on POSIX, LockFileEx on Windows), so the operating system releases it
when its process ends, however it ends: a crash never leaves a workbook locked.  A second action is
refused at once (:class:`Busy`), never queued.  The lock files live in a folder of the user's own in
the temporary folder (``xlsolver-UID``, mode 0700; on Windows the temporary folder is the user's
already), one per workbook (named by a hash of its real path), so the user's folders get no clutter
and no other user can plant a file or a link there, or hold the lock of someone else's workbook.  So a
Solve and a button on the same file never run together for one user; another user's actions are their
own.  The files stay there (removing one on release would let two processes lock two different files).
After its first byte, the one Windows locks, a lock file holds what is running, for the busy message.
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..base import private

NOTE_OFFSET = 1  # byte 0 is the locked one on Windows; others read the note after it


class Busy(Exception):
    """Another action holds the workbook; the message says which, in one line."""


class LockUnavailable(Busy):
    """The lock cannot be taken at all (its folder is not the user's own, say); the message says why, in one
    line.  A Busy, so every front end says it where the user looks, as it says busy."""


def lock_folder() -> Path:
    """The user's own folder of lock files (``xlsolver-UID`` in the temporary folder), made if missing;
    LockUnavailable if what is there is not one the user alone can write to."""
    try:
        return private.temp_folder("xlsolver")
    except private.NotPrivate as err:
        raise LockUnavailable(f"the folder of xlsolver's locks {str(err.folder)!r} {err.problem}, so it cannot keep "
                              "one action at a time on a workbook; remove it (xlsolver makes it anew)") from None


def lock_path(workbook: str | Path) -> Path:
    """The workbook's lock file: the same for every spelling of its path (links, relative names); a
    workbook that is no file (a new book in Excel, a cloud address) is known by its name."""
    name = str(workbook)
    if Path(name).exists():
        name = os.path.realpath(name)
    key = hashlib.sha1(name.encode("utf-8", "surrogateescape")).hexdigest()[:20]
    return lock_folder() / f"{key}.lock"


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
        lock = FileLock(path, timeout=0, mode=0o600, on_acquired=note)
        lock.acquire()
    except Timeout:
        raise Busy(busy_message(path)) from None
    except OSError as err:  # a link or a folder where the lock file goes (filelock follows no link)
        raise LockUnavailable(f"cannot take the workbook's lock {str(path)!r}: {err.strerror or err}") from None
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


__all__ = ["Busy", "LockUnavailable", "lock_folder", "lock_path", "hold"]
