"""An answer's frames as an SVG picture: each cell a square in its colour with its text, as a sheet shows it.

Written with the standard library's ElementTree, so the text of a cell (a letter, a digit, ``Dec``) is
escaped as XML wants.  Several frames (Klotski's moves) stand side by side under their captions, in bands
of :data:`PER_BAND`.
"""
from __future__ import annotations

from collections.abc import Sequence
from xml.etree import ElementTree

from .answer import Frame

CELL = 28  # a cell's side, in px
GAP = 14  # between frames, and around the picture
CAPTION = 18  # the height of a frame's caption line
PER_BAND = 6  # frames side by side before the next band
BLANK = "#ffffff"  # a cell without a colour
LINE = "#606060"  # the cells' outlines


def frames_svg(frames: Sequence[Frame], title: str = "") -> str:
    """The SVG document (text) of ``frames``: one cell a square, the frames in bands under their captions."""
    captions = any(frame.caption for frame in frames)
    widths = [frame.width * CELL for frame in frames]
    heights = [frame.height * CELL + (CAPTION if captions else 0) for frame in frames]
    bands = [range(start, min(start + PER_BAND, len(frames))) for start in range(0, len(frames), PER_BAND)]
    width = GAP + max((sum(widths[i] + GAP for i in band) for band in bands), default=0)
    height = GAP + sum(max(heights[i] for i in band) + GAP for band in bands)
    root = ElementTree.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(width), height=str(height),
                               viewBox=f"0 0 {width} {height}")
    if title:
        ElementTree.SubElement(root, "title").text = title
    top = GAP
    for band in bands:
        left = GAP
        for index in band:
            _draw(root, frames[index], left, top, captions)
            left += widths[index] + GAP
        top += max(heights[i] for i in band) + GAP
    return ElementTree.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def _draw(root: ElementTree.Element, frame: Frame, left: int, top: int, captions: bool) -> None:
    group = ElementTree.SubElement(root, "g", {"font-family": "sans-serif", "text-anchor": "middle"})
    if captions:
        ElementTree.SubElement(group, "text", x=str(left + frame.width * CELL // 2), y=str(top + CAPTION - 5),
                               **{"font-size": "13"}).text = frame.caption
        top += CAPTION
    for r, row in enumerate(frame.rows):
        for c, cell in enumerate(row):
            if cell.ground and cell.colour is None:
                continue  # backdrop: nothing to draw
            x, y = left + c * CELL, top + r * CELL
            fill = cell.colour or BLANK
            ElementTree.SubElement(group, "rect", x=str(x), y=str(y), width=str(CELL), height=str(CELL), fill=fill,
                                   stroke=LINE, **{"stroke-width": "1"})
            text = cell.text.strip()
            if text and not cell.ground:
                size = 15 if len(text) == 1 else max(8, 26 // len(text) + 3)
                ElementTree.SubElement(group, "text", x=str(x + CELL // 2), y=str(y + CELL // 2 + size // 3),
                                       fill=_ink(fill), **{"font-size": str(size)}).text = text


def _ink(fill: str) -> str:
    """Black on light fills, white on dark ones (their luminance)."""
    red, green, blue = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#ffffff"


__all__ = ["frames_svg"]
