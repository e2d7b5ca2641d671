"""Saving a file so that it is whole at every instant: the old one until the new one is complete.

A save writes a temporary file in the target's folder (so on the same file system), flushes and
fsyncs it, gives it the target's permission bits, and renames it onto the target with
``os.replace``, which is atomic: Ctrl-C, SIGTERM, SIGKILL or a power cut at any moment leaves the
old file or the new one, never a mix.  A failed save removes its temporary file; one left by a
killed save is removed by the next save of the same target.

A rename needs only the folder to be writable, so it would replace a read-only file too (and root
may write anything): a target whose permission bits do not let this user write it (mode 0444; a
file marked read-only on Windows) is refused with :class:`ReadOnly` before anything is written,
as the bits are how its owner said to leave it alone.
"""
from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import BinaryIO

TEMP_SUFFIX = ".xlsolver-tmp"


class ReadOnly(PermissionError):
    """The target's permission bits do not let this user write it; nothing was written."""

    def __init__(self, target: Path, mode: int):
        super().__init__(errno.EACCES, f"it is read-only (mode {mode:04o})", str(target))
        self.mode = mode


def read_only(status: os.stat_result) -> bool:
    """True if a file's permission bits deny this user writing it: the owner's, group's or others' write
    bit, whichever class this user is in; for root (who may write anything), no write bit at all."""
    mode = status.st_mode
    user = os.geteuid() if hasattr(os, "geteuid") else 0  # Windows: the read-only attribute clears every bit
    if user == 0:
        return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    if status.st_uid == user:
        return not mode & stat.S_IWUSR
    if status.st_gid == os.getegid() or status.st_gid in os.getgroups():
        return not mode & stat.S_IWGRP
    return not mode & stat.S_IWOTH


def temp_files(target: str | Path) -> list[Path]:
    """Temporary files of saves of ``target``: one being written, or left by a killed save."""
    target = Path(os.path.realpath(target))
    return sorted(target.parent.glob(f".{target.name}.*{TEMP_SUFFIX}"))


def replace_file(target: str | Path, write: Callable[[BinaryIO], None]) -> None:
    """Write ``target`` anew through ``write(stream)``, atomically.

    The caller holds the target's lock (``busy.hold``), so any other temporary file of this target
    that is the user's own is a leftover of a killed save and is removed first (the lock is the user's:
    another user's file may be a save of theirs under way).
    """
    target = Path(os.path.realpath(target))  # a link to a workbook stays a link; the file it names is replaced
    old = target.stat() if target.exists() else None
    if old is not None and not stat.S_ISREG(old.st_mode):
        raise OSError("not a regular file")
    if old is not None and read_only(old):
        raise ReadOnly(target, stat.S_IMODE(old.st_mode))
    for leftover in temp_files(target):
        with suppress(OSError):
            if not hasattr(os, "getuid") or leftover.lstat().st_uid == os.getuid():
                leftover.unlink()
    temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)  # umask applies
    try:
        with os.fdopen(fd, "wb") as stream:
            write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        if old is not None:
            _keep_owner_and_mode(temp, old)
        os.replace(temp, target)
    except BaseException:
        with suppress(OSError):
            temp.unlink()
        raise
    _sync_folder(target.parent)


def _keep_owner_and_mode(path: Path, old: os.stat_result) -> None:
    new = os.stat(path)
    if hasattr(os, "chown") and (old.st_uid, old.st_gid) != (new.st_uid, new.st_gid):
        with suppress(OSError):  # only root may give a file away; the bits below still apply
            os.chown(path, old.st_uid, old.st_gid)
    os.chmod(path, stat.S_IMODE(old.st_mode))


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; Windows cannot open a folder, and needs no such step)."""
    if os.name != "posix":
        return
    with suppress(OSError):  # some file systems refuse fsync on a folder; the rename has happened anyway
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


__all__ = ["TEMP_SUFFIX", "ReadOnly", "read_only", "temp_files", "replace_file"]
