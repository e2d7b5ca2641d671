"""What every command of ``xlsolver`` shares: reading a puzzle file, argument types,
Ctrl-C, the progress bar, and printing an :class:`~xlsolver.answer.Answer`.

Families that add their own subcommands (``xlsolver klotski analyse``) use these
too, so their commands behave like the others: one line per mistake, exit
codes from :class:`~xlsolver.answer.Status`, JSON on request.
"""
from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shutil
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from . import terminal
from .answer import Answer, Frame

_HEADER_LINE = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_-]*)\s*:\s*(.*?)\s*$")


class UserError(Exception):
    """Something the user can fix; printed as one line, exit code 2."""


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value


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


def print_json(data) -> None:
    print(json.dumps(data, ensure_ascii=False))


def print_lines(lines: list[str], stream=None) -> None:
    """Print, and stop quietly when the reader has gone (``| head``)."""
    stream = stream or sys.stdout
    try:
        for line in lines:
            print(line, file=stream)
        stream.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())


@contextmanager
def interruptible() -> Iterator[threading.Event]:
    """Ctrl-C sets an event the searches check, so a search stops cleanly with what it found."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    previous = signal.signal(signal.SIGINT, lambda *_: stop.set())
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


#: Seconds of work before a progress bar appears (short work stays quiet); XLSOLVER_PROGRESS_AFTER sets
#: another (0: at once, as the tests run it, whatever the machine's speed).
PROGRESS_AFTER = 1.0


def search_line(progress) -> tuple[float, float, str]:
    """What a bar shows of a search's ``engine.Progress``: the share of its tree explored, the solutions."""
    return progress.explored, progress.seconds, f"{progress.solutions:,} found"


class ProgressCallback:
    """What :func:`progress_bar` hands the work: call it with a progress report; :meth:`clear` before
    printing on the same terminal (the next report draws the bar again below)."""

    def __init__(self, bar: terminal.ProgressBar, describe: Callable[[Any], tuple[float, float, str]],
                 after: float):
        self.bar, self.describe, self.after = bar, describe, after

    def __call__(self, progress) -> None:
        fraction, seconds, detail = self.describe(progress)
        if seconds >= self.after:
            self.bar.update(fraction, seconds, detail)

    def clear(self) -> None:
        self.bar.close()


@contextmanager
def progress_bar(describe: Callable[[Any], tuple[float, float, str]] = search_line) \
        -> Iterator[ProgressCallback | None]:
    """A progress callback drawing on stderr when it is a terminal, else None.

    The callback takes whatever the work reports; ``describe`` turns it into
    (fraction done, seconds so far, what so far): by default a search's progress.
    """
    if not sys.stderr.isatty():
        yield None
        return
    try:
        after = float(os.environ.get("XLSOLVER_PROGRESS_AFTER", PROGRESS_AFTER))
    except ValueError:
        after = PROGRESS_AFTER
    callback = ProgressCallback(terminal.ProgressBar(sys.stderr), describe, after)
    try:
        yield callback
    finally:
        callback.clear()


# --- printing an answer -------------------------------------------------------------------------

def report(answer: Answer, *, as_json: bool, colour: str = "auto", title: str | None = None,
           extra: dict | None = None) -> int:
    """Print ``answer`` (text on a terminal, or one JSON object) and return its exit code."""
    if as_json:
        print_json({"status": answer.status, "messages": answer.messages, **answer.data, **(extra or {})})
        return answer.status.exit_code
    colour_on = terminal.wants_colour(sys.stdout, colour)
    lines = [title] if title and answer.frames else []
    lines += answer.notes
    if answer.frames:
        if answer.notes and len(answer.frames) == 1:
            lines.append("")
        lines += frame_lines(answer.frames, colour_on)
    print_lines(lines)
    print_lines([f"xlsolver: {message}" for message in answer.messages], sys.stderr)
    return answer.status.exit_code


def frame_lines(frames: list[Frame], colour_on: bool, width: int | None = None) -> list[str]:
    """One frame as its rows; several side by side under their captions, as many to a band as fit."""
    pictures = [picture(frame, colour_on) for frame in frames]
    if len(frames) == 1 and not frames[0].caption:
        return pictures[0]
    width = width or shutil.get_terminal_size((80, 24)).columns
    column = max(max(len(f.caption) for f in frames), max(picture_width(f, colour_on) for f in frames))
    gap = 3
    per_band = max(1, (width + gap) // (column + gap))
    lines: list[str] = []
    for start in range(0, len(frames), per_band):
        chunk = range(start, min(start + per_band, len(frames)))
        blocks = [[frames[i].caption] + pictures[i] for i in chunk]
        lines += terminal.side_by_side(blocks, [column] * len(blocks), gap) + [""]
    return lines[:-1]


def cell_width(frame: Frame) -> int:
    return max((len(cell.text) for row in frame.rows for cell in row), default=1)


def picture_width(frame: Frame, colour_on: bool) -> int:
    size = cell_width(frame)
    if size == 1 and not frame.spaced:
        return frame.width * (2 if colour_on else 1)
    return frame.width * (size + 1)


def picture(frame: Frame, colour_on: bool) -> list[str]:
    """A frame's rows for a terminal: on their colours, or as plain text."""
    size = cell_width(frame)
    lines = []
    for row in frame.rows:
        if size == 1 and not frame.spaced:
            line = "".join(terminal.paint_cell(" " if c.ground and colour_on else c.text or " ", c.colour, colour_on)
                           for c in row)
        else:
            line = " ".join(terminal.paint_text(c.text.rjust(size) if not (c.ground and colour_on) else " " * size,
                                                c.colour, colour_on) for c in row)
        lines.append(line.rstrip())
    return lines


__all__ = ["UserError", "MAX_TEXT_BYTES", "MAX_DLX_BYTES", "read_file", "decode_text", "did_you_mean",
           "positive_int", "positive_float", "read_puzzle_text", "print_json",
           "print_lines", "interruptible", "progress_bar", "report", "frame_lines", "picture"]
