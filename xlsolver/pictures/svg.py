"""An answer as an SVG picture: its frames, each cell a square in its colour with its text, as a sheet
shows it (a 3D answer's pictures are svg3d's, built on the document this module starts and writes).

Written with the standard library's ElementTree, so the text of a cell (a letter, a digit, ``Dec``) is
escaped as XML wants.  Several frames (Klotski's moves) stand side by side under their captions, in bands
of :data:`PER_BAND`.
"""
from __future__ import annotations

from collections.abc import Sequence
from xml.etree import ElementTree

from ..base.answer import Cell, Frame
from .shading import ink

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
    root = document(width, height, title)
    top = GAP
    for band in bands:
        left = GAP
        for index in band:
            _draw(root, frames[index], left, top, captions)
            left += widths[index] + GAP
        top += max(heights[i] for i in band) + GAP
    return written(root)


def document(width: float, height: float, title: str = "") -> ElementTree.Element:
    """An SVG document's root, ``width`` x ``height`` px, its user units the same px, with its ``title``."""
    root = ElementTree.Element("svg", xmlns="http://www.w3.org/2000/svg", width=f"{width:.0f}", height=f"{height:.0f}",
                               viewBox=f"0 0 {width:.0f} {height:.0f}")
    if title:
        ElementTree.SubElement(root, "title").text = title
    return root


def written(root: ElementTree.Element) -> str:
    """The document as text, XML-declared."""
    return ElementTree.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def _draw(root: ElementTree.Element, frame: Frame, left: int, top: int, captions: bool) -> None:
    group = ElementTree.SubElement(root, "g", {"font-family": "sans-serif", "text-anchor": "middle"})
    if captions:
        ElementTree.SubElement(group, "text", x=str(left + frame.width * CELL // 2), y=str(top + CAPTION - 5),
                               **{"font-size": "13"}).text = frame.caption
        top += CAPTION
    for r, row in enumerate(frame.rows):
        for c, cell in enumerate(row):
            draw_cell(group, cell, left + c * CELL, top + r * CELL)


def draw_cell(group: ElementTree.Element, cell: Cell, x: float, y: float, ball: bool = False) -> None:
    """One cell with its top-left at (x, y): a square (a circle if ``ball``) in its colour, its text inside in
    ink that reads on it; backdrop without a colour is not drawn, backdrop with one shows only its colour."""
    if cell.ground and cell.colour is None:
        return
    fill = cell.colour or BLANK
    if ball:
        ElementTree.SubElement(group, "circle", cx=f"{x + CELL / 2:g}", cy=f"{y + CELL / 2:g}", r=f"{CELL / 2 - 1:g}",
                               fill=fill, stroke=LINE, **{"stroke-width": "1"})
    else:
        ElementTree.SubElement(group, "rect", x=f"{x:g}", y=f"{y:g}", width=str(CELL), height=str(CELL), fill=fill,
                               stroke=LINE, **{"stroke-width": "1"})
    text = cell.text.strip()
    if text and not cell.ground:
        size = 15 if len(text) == 1 else max(8, 26 // len(text) + 3)
        ElementTree.SubElement(group, "text", x=f"{x + CELL // 2:g}", y=f"{y + CELL // 2 + size // 3:g}",
                               fill=ink(fill), **{"font-size": str(size)}).text = text

__all__ = ["frames_svg", "document", "written", "draw_cell", "CELL", "GAP", "CAPTION", "PER_BAND", "BLANK", "LINE"]
