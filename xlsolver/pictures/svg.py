"""An answer as an SVG picture: its frames, each cell a square in its colour with its text, as a sheet
shows it, or on triangles and hexagons each cell its polygon, the pieces outlined (a 3D answer's pictures are
svg3d's, built on the document this module starts and writes).

Written with the standard library's ElementTree, so the text of a cell (a letter, a digit, ``Dec``) is
escaped as XML wants.  Several frames (Klotski's moves) stand side by side under their captions, in bands
of :data:`PER_BAND`.
"""
from __future__ import annotations

from collections.abc import Sequence
from xml.etree import ElementTree

from ..base.answer import Cell, Frame
from .polygons import Corners, Polygons, centre, outlines
from .shading import ink

CELL = 28  # a cell's side, in px
GAP = 14  # between frames, and around the picture
CAPTION = 18  # the height of a frame's caption line
PER_BAND = 6  # frames side by side before the next band
BLANK = "#ffffff"  # a cell without a colour
LINE = "#606060"  # the cells' outlines


PIECE_EDGE = "#202020"  # the outline of a piece, between cells that show different things


def frames_svg(frames: Sequence[Frame], title: str = "", corners: Corners | None = None) -> str:
    """The SVG document (text) of ``frames``: one cell a square (a triangle or hexagon where the frame says so and
    ``corners`` draws it), the frames in bands under their captions."""
    captions = any(frame.caption for frame in frames)
    tilings = [Tiling(frame, corners) if frame.lattice and corners else None for frame in frames]
    widths = [tiling.width if tiling else frame.width * CELL for frame, tiling in zip(frames, tilings)]
    heights = [(tiling.height if tiling else frame.height * CELL) + (CAPTION if captions else 0)
               for frame, tiling in zip(frames, tilings)]
    bands = [range(start, min(start + PER_BAND, len(frames))) for start in range(0, len(frames), PER_BAND)]
    width = GAP + max((sum(widths[i] + GAP for i in band) for band in bands), default=0)
    height = GAP + sum(max(heights[i] for i in band) + GAP for band in bands)
    root = document(width, height, title)
    top = GAP
    for band in bands:
        left = GAP
        for index in band:
            if tilings[index] is not None:
                tilings[index].draw(root, left, top, captions)
            else:
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

class Tiling:
    """A frame whose cells are polygons (triangles, hexagons): each cell filled in its colour, a dark line where
    two touching cells show different things (the pieces' outlines) and around the whole, scaled so a cell covers
    about a square's area."""

    def __init__(self, frame: Frame, corners: Corners):
        self.frame = frame
        self.laid = Polygons(frame, corners)
        scale = CELL / self.laid.unit
        self.width = self.laid.span[0] * scale
        self.height = self.laid.span[1] * scale

    def draw(self, root: ElementTree.Element, left: float, top: float, captions: bool) -> None:
        group = ElementTree.SubElement(root, "g", {"font-family": "sans-serif", "text-anchor": "middle"})
        if self.frame.caption and captions:
            ElementTree.SubElement(group, "text", x=f"{left + self.width / 2:g}", y=str(top + CAPTION - 5),
                                   **{"font-size": "13"}).text = self.frame.caption
        if captions:
            top += CAPTION
        drawn = [(cell, points) for cell, points in self.laid.placed(left, top, CELL)
                 if not (cell.ground and cell.colour is None)]
        for cell, points in drawn:
            fill = cell.colour or BLANK
            ElementTree.SubElement(group, "polygon", points=" ".join(f"{x:.2f},{y:.2f}" for x, y in points),
                                   fill=fill, stroke=LINE, **{"stroke-width": "0.5", "stroke-linejoin": "round"})
        for cell, points in drawn:
            text = cell.text.strip()
            if text and not cell.ground:
                x, y = centre(points)
                size = 12 if len(points) == 3 else 14
                ElementTree.SubElement(group, "text", x=f"{x:.2f}", y=f"{y + size / 3:.2f}",
                                       fill=ink(cell.colour or BLANK), **{"font-size": str(size)}).text = text
        for (x0, y0), (x1, y1) in outlines(drawn):
            ElementTree.SubElement(group, "line", x1=f"{x0:.2f}", y1=f"{y0:.2f}", x2=f"{x1:.2f}", y2=f"{y1:.2f}",
                                   stroke=PIECE_EDGE, **{"stroke-width": "2", "stroke-linecap": "round"})


__all__ = ["frames_svg", "Corners", "Tiling", "document", "written", "draw_cell", "CELL", "GAP", "CAPTION", "PER_BAND", "BLANK", "LINE"]
