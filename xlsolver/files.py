"""Reading the user's files, and the error every layer raises for what the user can fix.

One reader for every file the program reads (puzzle files, data files, DLX problems, standard input): a
size cap, UTF-8, and one line naming the file when it cannot be read.  It sits at the bottom of the
package, so families, the catalogue and the front ends read files the same way without importing the
terminal's code (``console.py``).
"""
from __future__ import annotations

import difflib
import os
import re
import sys
from pathlib import Path

_HEADER_LINE = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_-]*)\s*:\s*(.*?)\s*$")


class UserError(Exception):
    """Something the user can fix; printed as one line, exit code 2."""


#: The most a puzzle or data file may hold; anything larger is not a puzzle (and would be slow to refuse later).
MAX_TEXT_BYTES = 4 * 1024 * 1024
#: A DLX problem may be larger: a saved exact-cover problem lists every placement.
MAX_DLX_BYTES = 64 * 1024 * 1024


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB" if size >= 1024 * 1024 else f"{size:,} bytes"


def read_file(source, *, what: str = "", error: type[Exception] = UserError, limit: int = MAX_TEXT_BYTES,
              kind: str = "puzzle and data files", name: str | None = None) -> str:
    """The text of a UTF-8 file, the one way every file of the program is read.

    ``source`` is a path (str or Path), ``-`` for standard input, or a package
    resource (``importlib.resources`` Traversable).  A file that is missing, a
    folder, unreadable, larger than ``limit`` bytes, not UTF-8 or binary raises
    ``error`` with one line, ``cannot read WHAT 'NAME': why`` (``name``, else
    the path) and, for text that is not UTF-8, the line of the first bad byte.  A UTF-8 byte-order
    mark is dropped; line ends are left as they are (``splitlines`` takes any).
    """
    shown = (f"{what} " if what else "") + ("standard input" if source == "-" and not name else
                                            f"'{name or source}'".replace("\x00", "\\0"))

    def fail(why: str) -> Exception:
        return error(f"cannot read {shown}: {why}")

    try:
        if source == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # a text stream put in place of stdin (tests): already decoded
                data = sys.stdin.read(limit + 1).encode("utf-8", "surrogateescape")
            else:
                data = stream.read(limit + 1)
        elif isinstance(source, (str, os.PathLike)):
            path = Path(source)
            if "\x00" in str(path):
                raise fail("a file name cannot hold a NUL character")
            if path.is_dir():
                raise fail("it is a folder, not a file")
            with open(path, "rb") as handle:
                data = handle.read(limit + 1)
        else:  # a package resource
            if source.is_dir():
                raise fail("it is a folder, not a file")
            data = source.read_bytes()
    except FileNotFoundError:
        raise fail("no such file") from None
    except IsADirectoryError:
        raise fail("it is a folder, not a file") from None
    except PermissionError:
        raise fail("permission denied") from None
    except OSError as err:
        raise fail(str(err.strerror or err).lower()) from None
    if len(data) > limit:
        raise fail(f"it is larger than {_megabytes(limit)}, the most {kind} may hold")
    return decode_text(data, shown, error)


def decode_text(data: bytes, shown: str, error: type[Exception] = UserError) -> str:
    """UTF-8 bytes as text (a byte-order mark dropped), or ``error`` naming the first bad byte and its line.

    ``shown`` names the source in the message, quoted as the reader wants it (``'puzzle.txt'``)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise error(f"cannot read {shown}: it is not a UTF-8 text file (byte 0x{data[err.start]:02X} at line "
                    f"{line}); save it as UTF-8") from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise error(f"cannot read {shown}: it holds a NUL byte at line {line}, so it is not a text file")
    return text


def did_you_mean(key: str, keys) -> str:
    """The end of an unknown-key message's first sentence: ``; did you mean 'title'?``, or ``.``."""
    close = difflib.get_close_matches(key.lower(), list(keys), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else "."


class Header(dict):
    """A puzzle file's ``key: value`` lines by key; ``lines`` holds the line number of each."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: dict[str, int] = {}


def read_puzzle_text(source: str) -> tuple[list[str], dict[str, str]]:
    """The grid rows of a puzzle file and its ``key: value`` header lines (a :class:`Header`).

    A header line's key may be written in any case here, so that ``Title:`` is
    reported as a misspelt key (by whoever knows the keys) instead of read as a grid row.
    """
    lines = read_file(source).splitlines()
    header = Header()
    number = 0
    while lines and (not lines[0].strip() or _HEADER_LINE.match(lines[0])):
        number += 1
        match = _HEADER_LINE.match(lines.pop(0))
        if match:
            key = match.group(1)
            if key in header:
                raise UserError(f"{source}:{number}: the header gives '{key}:' twice (first at line "
                                f"{header.lines[key]})")
            header[key] = match.group(2)
            header.lines[key] = number
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise UserError(f"'{source}' holds no grid")
    return lines, header


__all__ = ["UserError", "MAX_TEXT_BYTES", "MAX_DLX_BYTES", "read_file", "decode_text", "did_you_mean", "Header",
           "read_puzzle_text"]
