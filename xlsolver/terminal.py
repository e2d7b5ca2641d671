"""Letter grids for the terminal: each piece on its colour, or plain text when piped."""
from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import TextIO

RESET = "\x1b[0m"


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
    """A one-line progress bar with an estimate of the time left, on stderr."""

    def __init__(self, stream: TextIO = sys.stderr, width: int = 30):
        self.stream = stream
        self.width = width
        self.shown = False

    def update(self, explored: float, seconds: float, solutions: int) -> None:
        filled = int(self.width * explored)
        left = f", ~{seconds * (1 - explored) / explored:.0f} s left" if explored > 0.001 else ""
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {explored:6.1%}  {seconds:.0f} s{left}, {solutions:,} found ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * (self.width + 60) + "\r")
            self.stream.flush()
