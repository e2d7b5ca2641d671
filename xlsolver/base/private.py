"""Folders of the user's own in the temporary folder, for what no other user may plant, hold or change.

Two things live there: the workbooks' locks (another user's file at a lock's
name would hold it) and numba's cache of compiled kernels (pickles: whoever can
write them runs code in the next search).  The temporary folder is shared on
POSIX, so a folder there counts only if it is a real folder (not a link), this
user's, and writable by no one else; it is made with mode 0700 when missing.
On Windows the temporary folder is the user's own already.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


class NotPrivate(Exception):
    """What stands at a private folder's name is not one; ``problem`` says why ("is a link", "cannot be made
    (Permission denied)"), for a one-line message."""

    def __init__(self, folder: Path, problem: str) -> None:
        super().__init__(f"{str(folder)!r} {problem}")
        self.folder, self.problem = folder, problem


def temp_folder(name: str) -> Path:
    """``NAME-UID`` in the temporary folder (``NAME`` on Windows), made if missing; NotPrivate if it is not
    the user's own."""
    if not hasattr(os, "getuid"):
        folder = Path(tempfile.gettempdir()) / name
        try:
            folder.mkdir(exist_ok=True)
        except OSError as err:
            raise NotPrivate(folder, f"cannot be made ({err.strerror})") from None
        return folder
    return own_folder(Path(tempfile.gettempdir()) / f"{name}-{os.getuid()}")


def own_folder(folder: Path) -> Path:
    """``folder``, made with mode 0700 if missing; NotPrivate unless it is a real folder of this user's that
    no one else may write to (another user may have put a link, a file or an open folder there first)."""
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    except OSError as err:
        raise NotPrivate(folder, f"cannot be made ({err.strerror})") from None
    found = folder.lstat()
    if stat.S_ISLNK(found.st_mode) or not stat.S_ISDIR(found.st_mode):
        raise NotPrivate(folder, "is a link" if stat.S_ISLNK(found.st_mode) else "is not a folder")
    if found.st_uid != os.getuid():
        raise NotPrivate(folder, f"is owned by another user (uid {found.st_uid})")
    if found.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise NotPrivate(folder, f"is writable by other users (mode {stat.S_IMODE(found.st_mode):04o})")
    return folder


__all__ = ["NotPrivate", "temp_folder", "own_folder"]
