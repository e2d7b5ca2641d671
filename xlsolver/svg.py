"""An answer as an SVG picture: its frames (each cell a square in its colour with its text, as a sheet
shows it), or a 3D answer's scene in an isometric view (balls or cubes in their pieces' colours).

Written with the standard library's ElementTree, so the text of a cell (a letter, a digit, ``Dec``) is
escaped as XML wants.  Several frames (Klotski's moves) stand side by side under their captions, in bands
of :data:`PER_BAND`.  A scene is seen from above the corner where x and y are largest: what is nearer is
drawn later, over what it hides (the painter's order), so no depth test is needed for balls or unit cubes.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from xml.etree import ElementTree

from .answer import Frame, Scene

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


UNIT = 36  # one unit of a scene (a ball's diameter, a cube's side), in px
COS30, SIN30 = math.cos(math.pi / 6), 0.5


def scene_svg(scene: Scene, title: str = "") -> str:
    """The SVG document (text) of a 3D answer: an isometric view of its balls or cubes."""
    def at(x: float, y: float, z: float) -> tuple[float, float]:
        return (x - y) * COS30 * UNIT, ((x + y) * SIN30 - z) * UNIT

    blocks = sorted(scene.blocks, key=lambda s: (s.x + s.y + s.z, s.z))  # the farthest first
    reach = 0.5 if scene.kind == "balls" else 0.9
    corners = [at(s.x + dx, s.y + dy, s.z + dz) for s in blocks for dx in (-reach, reach) for dy in (-reach, reach)
               for dz in (-reach, reach)]
    left, top = min(x for x, _ in corners) - GAP, min(y for _, y in corners) - GAP
    width, height = max(x for x, _ in corners) - left + GAP, max(y for _, y in corners) - top + GAP
    root = ElementTree.Element("svg", xmlns="http://www.w3.org/2000/svg", width=f"{width:.0f}",
                               height=f"{height:.0f}", viewBox=f"{left:.1f} {top:.1f} {width:.1f} {height:.1f}")
    if title:
        ElementTree.SubElement(root, "title").text = title
    group = ElementTree.SubElement(root, "g", {"font-family": "sans-serif", "text-anchor": "middle"})
    if scene.kind == "balls":
        _balls(root, group, blocks, at)
    else:
        _cubes(group, blocks, at)
    return ElementTree.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def _balls(root: ElementTree.Element, group: ElementTree.Element, blocks, at) -> None:
    """Each ball a shaded circle (a radial gradient per colour: light above left, darker at the rim)."""
    defs = ElementTree.Element("defs")
    root.insert(0 if root.find("title") is None else 1, defs)
    shades: dict[str, str] = {}
    for block in blocks:
        fill = block.colour or BLANK
        if fill not in shades:
            shades[fill] = f"ball{len(shades)}"
            gradient = ElementTree.SubElement(defs, "radialGradient", id=shades[fill], cx="0.35", cy="0.3", r="0.7")
            stops = (("0", _mix(fill, "#ffffff", 0.6)), ("0.55", fill), ("1", _mix(fill, "#000000", 0.45)))
            for offset, colour in stops:
                ElementTree.SubElement(gradient, "stop", offset=offset, **{"stop-color": colour})
        x, y = at(block.x, block.y, block.z)
        ElementTree.SubElement(group, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{UNIT * 0.5:.1f}",
                               fill=f"url(#{shades[fill]})", stroke=_mix(fill, "#000000", 0.6),
                               **{"stroke-width": "0.8"})
        _label(group, block, x, y, fill)


def _cubes(group: ElementTree.Element, blocks, at) -> None:
    """Each cube its three faces in sight: the top lightest, the side facing +x as coloured, +y darkest."""
    h = 0.5
    for block in blocks:
        fill = block.colour or BLANK
        x, y, z = block.x, block.y, block.z
        faces = (
            ([(x - h, y - h, z + h), (x + h, y - h, z + h), (x + h, y + h, z + h), (x - h, y + h, z + h)],
             _mix(fill, "#ffffff", 0.3)),
            ([(x + h, y - h, z - h), (x + h, y + h, z - h), (x + h, y + h, z + h), (x + h, y - h, z + h)], fill),
            ([(x - h, y + h, z - h), (x + h, y + h, z - h), (x + h, y + h, z + h), (x - h, y + h, z + h)],
             _mix(fill, "#000000", 0.3)),
        )
        for corners, shade in faces:
            points = " ".join(f"{px:.1f},{py:.1f}" for px, py in (at(*c) for c in corners))
            ElementTree.SubElement(group, "polygon", points=points, fill=shade, stroke=LINE,
                                   **{"stroke-width": "0.8", "stroke-linejoin": "round"})
        top_x, top_y = at(x, y, z + h)
        _label(group, block, top_x, top_y, _mix(fill, "#ffffff", 0.3))


def _label(group: ElementTree.Element, block, x: float, y: float, fill: str) -> None:
    if block.text:
        ElementTree.SubElement(group, "text", x=f"{x:.1f}", y=f"{y + 4:.1f}", fill=_ink(fill),
                               **{"font-size": "11"}).text = block.text


def _mix(colour: str, other: str, share: float) -> str:
    """``colour`` moved ``share`` of the way to ``other``."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(p + (q - p) * share):02x}" for p, q in zip(a, b))


def _ink(fill: str) -> str:
    """Black on light fills, white on dark ones (their luminance)."""
    red, green, blue = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#ffffff"


__all__ = ["frames_svg", "scene_svg"]
