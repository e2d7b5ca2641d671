"""What the command line's commands share: argument types, Ctrl-C, the progress bar, and printing an
:class:`~xlsolver.base.answer.Answer` (text on a terminal, or JSON).

A front-end module: ``cli.py`` uses it (Ctrl-C as an event is ``base.interrupt``'s, which the workbook's
headless presses share).  Reading the user's files and
``UserError`` are in ``files.py`` at the bottom of the package, for every layer; colours and plain
printing are in ``terminal.py``.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
import os
import shutil
import sys
import threading
from typing import TYPE_CHECKING, Any

from ..base import clock
from ..base.answer import Answer
from ..base.interrupt import interruptible
from ..pictures import terminal
from ..pictures.terminal import print_json, print_lines

if TYPE_CHECKING:
    from ..base.frames import Frame


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


#: Seconds of work before a progress bar appears (short work stays quiet); XLSOLVER_PROGRESS_AFTER sets
#: another (0: at once, as the tests run it, whatever the machine's speed).
PROGRESS_AFTER = 1.0


def search_line(progress) -> tuple[float, float, str]:
    """What a bar shows of a search's ``engine.Progress``: the share of its tree explored, the solutions."""
    return progress.explored, progress.seconds, f"{progress.solutions:,} found"


#: Seconds between two redraws of a bar whose work reports rarely (``ProgressCallback.keep_time``).
HEARTBEAT_SECONDS = 0.5


class ProgressCallback:
    """What :func:`progress_bar` hands the work: call it with a progress report; :meth:`clear` before
    printing on the same terminal (the next report draws the bar again below).

    Work that reports rarely (``generate``: once a seed, and a pyramid's seed may take half a minute) is kept
    alive by :meth:`keep_time`, which :meth:`ticking` calls from a thread: the last report again, its clock
    moved on, so the bar's seconds keep counting between reports."""

    def __init__(self, bar: terminal.ProgressBar, describe: Callable[[Any], tuple[float, float, str]],
                 after: float):
        self.bar, self.describe, self.after = bar, describe, after
        self.lock = threading.Lock()  # one drawer at a time: the work's reports, the heartbeat, a clear
        self.last: tuple[float, float, str, float] | None = None  # the last report, and when it came

    def __call__(self, progress) -> None:
        fraction, seconds, detail = self.describe(progress)
        with self.lock:
            self.last = (fraction, seconds, detail, clock.now())
            if seconds >= self.after:
                self.bar.update(fraction, seconds, detail)

    def keep_time(self) -> None:
        """Draw the last report again with its seconds moved on to now (nothing before the first report)."""
        with self.lock:
            if self.last is None:
                return
            fraction, seconds, detail, at = self.last
            seconds += clock.now() - at
            if seconds >= self.after:
                self.bar.update(fraction, seconds, detail)

    @contextmanager
    def ticking(self, every: float = HEARTBEAT_SECONDS) -> Iterator[None]:
        """:meth:`keep_time` every ``every`` seconds while the block runs."""
        done = threading.Event()

        def beat() -> None:
            while not done.wait(every):
                self.keep_time()

        thread = threading.Thread(target=beat, name="xlsolver-progress", daemon=True)
        thread.start()
        try:
            yield
        finally:
            done.set()
            thread.join()

    def clear(self) -> None:
        with self.lock:
            self.bar.close()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """The bar off the line while the block prints (no report or heartbeat draws it meanwhile)."""
        with self.lock:
            self.bar.close()
            yield


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


__all__ = ["positive_int", "positive_float", "interruptible", "progress_bar", "report", "frame_lines", "picture"]
