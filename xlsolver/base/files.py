"""Reading the user's files, and the error every layer raises for what the user can fix.

One reader for every file the program reads (puzzle files, data files, DLX problems, standard input): a
size cap, UTF-8, and one line naming the file when it cannot be read.  It sits at the bottom of the
package, so families, the catalogue and the front ends read files the same way without importing the
terminal's code (``console.py``).
"""
from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

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
    data = read_bytes(source, what=what, error=error, limit=limit, kind=kind, name=name)
    return decode_text(data, _shown(source, what, name), error)


def _shown(source, what: str, name: str | None) -> str:
    return (f"{what} " if what else "") + ("standard input" if source == "-" and not name else
                                           f"'{name or source}'".replace("\x00", "\\0"))


def read_bytes(source, *, what: str = "", error: type[Exception] = UserError, limit: int = MAX_TEXT_BYTES,
               kind: str = "puzzle and data files", name: str | None = None) -> bytes:
    """The bytes of a file (as :func:`read_file` reads it, undecoded: a file that is not text, such as a
    gzip-compressed one), at most ``limit`` of them; ``error`` with one line when it cannot be read."""
    shown = _shown(source, what, name)

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
    return data


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
    import difflib  # here: only a mistyped key needs it

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


#: The longest line of a collection (a puzzle a line) that is read; a longer one is reported, not held in memory.
MAX_LINE_BYTES = 64 * 1024


class Line(NamedTuple):
    """One line of a file read line by line: its number (from 1), its text without the line end, or, when it
    cannot be read (too long, not UTF-8, a NUL byte), None and ``problem`` saying why in one line."""

    number: int
    text: str | None
    problem: str = ""
    long: bool = False  # the problem is its length (the file is text all the same)


def stream_lines(source, *, limit: int = MAX_LINE_BYTES) -> Iterator[Line]:
    """The lines of a text file (``-``: standard input) one at a time, in memory bounded by ``limit`` whatever
    the file holds: a collection of puzzles may be any length.

    A file that cannot be opened, or that is not text from the start (a NUL byte in its first kilobytes, a
    first line that is not UTF-8: a binary file), raises UserError at once, naming the file; a later line
    that cannot be read is handed on with its problem, so the lines around it are still read."""
    shown = "standard input" if source == "-" else f"'{source}'".replace("\x00", "\\0")
    handle = _open_binary(source, shown)
    try:
        head = handle.peek(PEEK_BYTES)[:PEEK_BYTES] if hasattr(handle, "peek") else b""
        if b"\x00" in head:
            line = head[:head.index(b"\x00")].count(b"\n") + 1
            raise UserError(f"cannot read {shown}: it holds a NUL byte at line {line}, so it is not a text file")
        first = _line(handle, 1, limit)
        if first is not None and first.text is None and not first.long:
            raise UserError(f"cannot read {shown}: {first.problem}, so it is not a text file")
    except BaseException:
        if source != "-":
            handle.close()
        raise
    return _lines(handle, first, limit, close=source != "-")


#: How much of a collection is looked at for NUL bytes before its lines are read.
PEEK_BYTES = 8192


def _open_binary(source, shown: str):
    """``source`` opened for reading bytes (standard input for ``-``), or UserError saying why not."""
    if source == "-":
        stream = getattr(sys.stdin, "buffer", None)  # a text stream put in place of stdin (tests): already decoded
        return stream if stream is not None else io.BytesIO(sys.stdin.read().encode("utf-8", "surrogateescape"))
    if "\x00" in str(source):
        raise UserError(f"cannot read {shown}: a file name cannot hold a NUL character")
    try:
        if Path(source).is_dir():
            raise UserError(f"cannot read {shown}: it is a folder, not a file")
        return open(source, "rb")
    except FileNotFoundError:
        raise UserError(f"cannot read {shown}: no such file") from None
    except PermissionError:
        raise UserError(f"cannot read {shown}: permission denied") from None
    except OSError as err:
        raise UserError(f"cannot read {shown}: {str(err.strerror or err).lower()}") from None


def _lines(handle, first: Line | None, limit: int, close: bool) -> Iterator[Line]:
    try:
        line, number = first, 1
        while line is not None:
            yield line
            number += 1
            line = _line(handle, number, limit)
    finally:
        if close:
            handle.close()


def _line(handle, number: int, limit: int) -> Line | None:
    """Line ``number``, read from ``handle`` (binary) with at most ``limit`` bytes held; None at the end."""
    data = handle.readline(limit + 1)
    if not data:
        return None
    if len(data) > limit and not data.endswith(b"\n"):
        while data and not data.endswith(b"\n"):  # skip the rest of it, a piece at a time
            data = handle.readline(limit)
        return Line(number, None, f"line {number} is longer than {_megabytes(limit)}, the most a line of a "
                                  "collection may hold", long=True)
    if number == 1 and data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        return Line(number, None, f"line {number} is not UTF-8 text (byte 0x{data[err.start]:02X})")
    if "\x00" in text:
        return Line(number, None, f"line {number} holds a NUL byte")
    return Line(number, text.rstrip("\r\n"))


def header_entry(line: str) -> tuple[str, str] | None:
    """``(key, value)`` of a puzzle file's header line (``variant: x``), or None for another line."""
    match = _HEADER_LINE.match(line)
    return (match.group(1), match.group(2)) if match else None


__all__ = ["UserError", "MAX_TEXT_BYTES", "MAX_DLX_BYTES", "read_file", "read_bytes", "decode_text", "did_you_mean", "Header",
           "read_puzzle_text", "MAX_LINE_BYTES", "Line", "stream_lines", "header_entry"]
