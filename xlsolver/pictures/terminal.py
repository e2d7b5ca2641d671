"""What goes to the terminal: letter grids, each piece on its colour (plain text when piped), a progress bar,
and printing lines or JSON that stops quietly when the reader has gone."""
from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping, Sequence
from typing import TextIO

RESET = "\x1b[0m"


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


def wants_colour(stream: TextIO, choice: str = "auto") -> bool:
    """Colour for ``always``; never for ``never``; for ``auto`` only on a terminal
    (and not when NO_COLOR is set or TERM is dumb)."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return hasattr(stream, "isatty") and stream.isatty()


def _rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def text_colour(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (#rrggbb)."""
    r, g, b = _rgb(background)
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def paint_cell(ch: str, colour: str | None, colour_on: bool) -> str:
    """One grid cell, two characters wide so the board keeps its proportions."""
    if not colour_on:
        return ch
    if colour is None:
        return "  " if ch in " #" else f"{ch} "  # off the board: blank
    return paint_text(f"{ch} ", colour, True)


def paint_text(text: str, colour: str | None, colour_on: bool) -> str:
    """``text`` on ``colour`` (readable foreground), or as it is."""
    if not colour_on or colour is None:
        return text
    fr, fg, fb = _rgb(text_colour(colour))
    br, bg, bb = _rgb(colour)
    return f"\x1b[38;2;{fr};{fg};{fb};48;2;{br};{bg};{bb}m{text}{RESET}"


def paint(rows: Sequence[str], colours: Mapping[str, str], colour_on: bool) -> list[str]:
    """Each row of a letter grid, letters on their colours when ``colour_on``."""
    return ["".join(paint_cell(ch, colours.get(ch), colour_on) for ch in row).rstrip() for row in rows]


def side_by_side(blocks: Sequence[list[str]], widths: Sequence[int], gap: int = 3) -> list[str]:
    """Blocks of lines next to each other; ``widths`` are their visible widths."""
    height = max(len(b) for b in blocks)
    lines = []
    for i in range(height):
        parts = []
        for block, width in zip(blocks, widths):
            line = block[i] if i < len(block) else ""
            visible = len(_strip_ansi(line))
            parts.append(line + " " * (width - visible))
        lines.append((" " * gap).join(parts).rstrip())
    return lines


def _strip_ansi(text: str) -> str:
    out, skipping = [], False
    for ch in text:
        if ch == "\x1b":
            skipping = True
        elif skipping and ch == "m":
            skipping = False
        elif not skipping:
            out.append(ch)
    return "".join(out)


class ProgressBar:
    """A one-line progress bar on stderr: how far, how long, what so far.

    It never goes backwards (an estimate that drops is drawn where it was), and
    it redraws at most every ``every`` seconds of the work's own clock (the
    ``seconds`` it is given: the bar reads no clock), except to show the end.
    """

    def __init__(self, stream: TextIO = sys.stderr, width: int = 30, every: float = 0.1):
        self.stream = stream
        self.width = width
        self.every = every
        self.fraction = 0.0
        self.drawn_at: float | None = None
        self.length = 0  # of the line drawn (0: none)

    def update(self, fraction: float, seconds: float, detail: str, time_left: bool = True) -> None:
        """Draw ``fraction`` (0..1) done after ``seconds``; ``detail`` ends the line (what was found so far)."""
        ended = fraction >= 1.0 > self.fraction
        self.fraction = max(self.fraction, min(max(fraction, 0.0), 1.0))
        if not ended and self.drawn_at is not None and seconds - self.drawn_at < self.every:
            return
        self.drawn_at = seconds
        done = self.fraction
        filled = int(self.width * done)
        left = f", ~{seconds * (1 - done) / done:.0f} s left" if time_left and 0.001 < done < 1.0 else ""
        bar = "#" * filled + "." * (self.width - filled)
        line = f"[{bar}] {done:6.1%}  {seconds:.0f} s{left}, {detail}"[:self.columns() - 1]
        self.stream.write("\r" + line.ljust(self.length))  # spaces over what a longer line left
        self.stream.flush()
        self.length = len(line)

    def close(self) -> None:
        """Take the bar off the line, so what is printed next starts on a clean line."""
        if self.length:
            self.stream.write("\r" + " " * self.length + "\r")
            self.stream.flush()
            self.length = 0
        self.drawn_at = None  # drawn again at the next update

    def columns(self) -> int:
        """The terminal's width: a line that wrapped could not be drawn over."""
        try:
            return os.get_terminal_size(self.stream.fileno()).columns or 80
        except (AttributeError, ValueError, OSError):
            return 80
