"""A 3D answer as SVG pictures a person can build from: the shape, its layers, the steps of assembling it.

The shape is seen in an isometric view from above the corner where x and y are largest: what is nearer is
drawn later, over what it hides (the painter's order), so no depth test is needed for balls or unit cubes.
That view cannot show a pyramid's inside, so :func:`scene_svg` given the layers sets them beside it, flat,
bottom first, columns lettered and rows numbered as the cells are named elsewhere (``layer 2 C3``): A1 is
the top-left of each, the far corner of the view.  A cube carries its letter on each face in sight, drawn in
the face's plane; faces shade by :mod:`shading`, so a dark piece keeps its hue.  :func:`steps_svg` draws
the shape as built at each step, every view at one scale and one extent so the shape stays put while the
piece just placed stands out.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple
from xml.etree import ElementTree

from ..base import a1
from ..base.answer import Block, Frame, Scene
from .shading import faces, ink, mix
from .svg import BLANK, CAPTION, CELL, GAP, LINE, PER_BAND, Corners, Tiling, document, draw_cell, written

UNIT = 36  # one unit of a scene (a ball's diameter, a cube's side), in px
STEP_UNIT = 22  # the same in a step's smaller view
LABEL = 16  # room for a layer's column letters above it and its row numbers at its left
COS30 = math.cos(math.pi / 6)
FONT = {"font-family": "sans-serif", "text-anchor": "middle"}


class Look(NamedTuple):
    """How blocks are drawn: their colour moved ``pale`` of the way to white, their outline, their letters, and
    whether their outline is drawn again, dashed, over what hides them (``seen_through``)."""

    pale: float
    stroke: str | None  # None: the kind's own (grey edges for cubes, a darker rim of the colour for balls)
    width: float
    letters: bool
    seen_through: bool = False


WHOLE = Look(0.0, None, 0.8, True)  # an answer's shape
PLACED = Look(0.0, "#000000", 2.0, True, True)  # the piece a step places: found even behind earlier ones
EARLIER = Look(0.6, "#a0a0a0", 0.5, False)  # the pieces placed before it


def scene_svg(scene: Scene, title: str = "", layers: Sequence[Frame] = (), corners: Corners | None = None) -> str:
    """The SVG document (text) of a 3D answer: its shape in an isometric view, and with ``layers`` (one frame
    a layer, bottom first) each layer flat beside it, captioned, its columns lettered and rows numbered (a layer
    of triangles drawn as triangles by ``corners``, as ``svg.frames_svg`` draws them)."""
    box = _extent(scene.kind, scene.blocks, UNIT)
    tilings = [Tiling(frame, corners) if frame.lattice and corners else None for frame in layers]
    sizes = [(tiling.width, CAPTION + tiling.height) if tiling else
             (LABEL + max(frame.width * CELL, 8 * len(frame.caption)), CAPTION + LABEL + frame.height * CELL)
             for frame, tiling in zip(layers, tilings)]  # a caption's letters are about 8 px: "layer 5" is wider
    bands = [range(start, min(start + PER_BAND, len(layers))) for start in range(0, len(layers), PER_BAND)]
    across = max((sum(sizes[i][0] for i in band) + GAP * (len(band) - 1) for band in bands), default=0)
    down = sum(max(sizes[i][1] for i in band) for band in bands) + GAP * (len(bands) - 1)
    width = GAP + box[2] + (GAP + across if layers else 0) + GAP
    height = GAP + max(box[3], down) + GAP
    root = document(width, height, title)
    defs = ElementTree.SubElement(root, "defs")
    _view(root, defs, scene, box, GAP, GAP, UNIT, lambda block: WHOLE)
    top = GAP
    for band in bands:
        left = GAP + box[2] + GAP
        for index in band:
            if tilings[index] is not None:
                tilings[index].draw(root, left, top, captions=True)
            else:
                _layer(root, layers[index], left, top, scene.kind == "balls")
            left += sizes[index][0] + GAP
        top += max(sizes[i][1] for i in band) + GAP
    return written(root)


def steps_svg(scenes: Sequence[Scene], title: str = "") -> str:
    """The SVG document (text) of an assembly, one small view a step under its caption, in bands: the blocks
    ``lit`` (the piece just placed) in their colours and outlined, the others pale.  Every view has the extent
    of all the steps' blocks together, so the shape does not move from one step to the next."""
    kind = scenes[0].kind if scenes else "cubes"
    box = _extent(kind, [block for scene in scenes for block in scene.blocks], STEP_UNIT)
    width = max([box[2]] + [7 * len(scene.caption) for scene in scenes])  # a caption's letters are about 7 px
    bands = [scenes[start:start + PER_BAND] for start in range(0, len(scenes), PER_BAND)]
    root = document(GAP + max((len(band) * (width + GAP) for band in bands), default=0),
                    GAP + len(bands) * (CAPTION + box[3] + GAP), title)
    defs = ElementTree.SubElement(root, "defs")
    for row, band in enumerate(bands):
        top = GAP + row * (CAPTION + box[3] + GAP)
        for column, scene in enumerate(band):
            left = GAP + column * (width + GAP)
            group = ElementTree.SubElement(root, "g", {"class": "step", **FONT})
            ElementTree.SubElement(group, "text", x=f"{left + width / 2:g}", y=f"{top + CAPTION - 5:g}",
                                   **{"font-size": "12"}).text = scene.caption
            _view(group, defs, scene, box, left + (width - box[2]) / 2, top + CAPTION, STEP_UNIT,
                  lambda block: PLACED if block.lit else EARLIER)
    return written(root)


def _at(x: float, y: float, z: float, unit: float) -> tuple[float, float]:
    """Where a point in space is drawn: x runs down to the right, y down to the left, z up."""
    return (x - y) * COS30 * unit, ((x + y) / 2 - z) * unit


def _extent(kind: str, blocks: Sequence[Block], unit: float) -> tuple[float, float, float, float]:
    """The view box (left, top, width, height) that holds every block drawn at ``unit``, with a margin for the
    outlines."""
    if kind == "balls":
        r = unit / 2
        centres = [_at(b.x, b.y, b.z, unit) for b in blocks]
        points = [(x + dx, y + dy) for x, y in centres for dx in (-r, r) for dy in (-r, r)]
    elif kind == "prisms":
        points = [_at(x, y, b.z + dz, unit) for b in blocks for x, y in _triangle(b) for dz in (-0.5, 0.5)]
    else:
        points = [_at(b.x + dx, b.y + dy, b.z + dz, unit) for b in blocks
                  for dx in (-0.5, 0.5) for dy in (-0.5, 0.5) for dz in (-0.5, 0.5)]
    if not points:
        return 0.0, 0.0, 0.0, 0.0
    left, top = min(x for x, _ in points) - 2, min(y for _, y in points) - 2
    return left, top, max(x for x, _ in points) + 2 - left, max(y for _, y in points) + 2 - top


def _view(parent, defs, scene: Scene, box, x: float, y: float, unit: float, look) -> None:
    """The scene in a view of its own at (x, y) whose viewBox is ``box``; ``look(block)`` says how to draw each."""
    view = ElementTree.SubElement(parent, "svg", {"class": "view", "x": f"{x:.1f}", "y": f"{y:.1f}",
                                                  "width": f"{box[2]:.1f}", "height": f"{box[3]:.1f}",
                                                  "viewBox": " ".join(f"{v:.1f}" for v in box)})
    group = ElementTree.SubElement(view, "g", FONT)
    blocks = sorted(scene.blocks, key=lambda b: (b.x + b.y + b.z, b.z))  # the farthest first
    filled = {_key(b.x, b.y, b.z) for b in blocks}
    placed: list[Block] = []  # the blocks seen through others, drawn so far
    for block in blocks:
        if scene.kind == "balls":
            _ball(group, defs, block, unit, look(block))
        elif scene.kind == "prisms":
            _prism(group, block, filled, unit, look(block))
        else:
            _cube(group, block, filled, unit, look(block))
        if look(block).seen_through:
            placed.append(block)
        else:
            _seen_through(group, defs, scene.kind, block, placed, filled, unit)


def _seen_through(group, defs, kind: str, block: Block, placed: list[Block], filled: set, unit: float) -> None:
    """The outlines, dashed, of the ``placed`` blocks that ``block`` (drawn after them) may hide, clipped to it:
    blocks drawn later still cover them, as the painter's order wants."""
    x, y = _at(block.x, block.y, block.z, 1)
    near = [p for p in placed if all(abs(a - b) < 2 for a, b in zip(_at(p.x, p.y, p.z, 1), (x, y)))]
    if not near:
        return
    name = f"through-{len(defs.findall('clipPath'))}"
    _shape(ElementTree.SubElement(defs, "clipPath", id=name), kind, block, filled, unit)
    dashed = ElementTree.SubElement(group, "g", {"class": "through", "clip-path": f"url(#{name})", "fill": "none",
                                                 "stroke": "#000000", "stroke-width": "1", "stroke-dasharray": "3 2"})
    for hidden in near:
        _shape(dashed, kind, hidden, filled, unit)


def _shape(parent, kind: str, block: Block, filled: set, unit: float, **paint: str) -> None:
    """A block's outline as drawn (a ball's circle, a cube's faces in sight), painted as ``paint`` says."""
    if kind == "balls":
        x, y = _at(block.x, block.y, block.z, unit)
        ElementTree.SubElement(parent, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{unit / 2:.1f}", **paint)
    elif kind == "prisms":
        for _, _, points in _prism_faces(block, filled, unit):
            ElementTree.SubElement(parent, "polygon", points=_written(points), **paint)
    else:
        for points in _sides(block, filled, unit):
            ElementTree.SubElement(parent, "polygon", points=points, **paint)


def _ball(group, defs, block: Block, unit: float, look: Look) -> None:
    """A ball: a circle shaded by a radial gradient (lit above left, shadowed at the rim), its letter on it."""
    colour = block.colour or BLANK
    top, side, shadow = (mix(shade, "#ffffff", look.pale) for shade in faces(colour))
    name = f"ball-{side[1:]}"
    if defs.find(f"radialGradient[@id='{name}']") is None:
        gradient = ElementTree.SubElement(defs, "radialGradient", id=name, cx="0.35", cy="0.3", r="0.7")
        for offset, stop in (("0", mix(top, "#ffffff", 0.3)), ("0.55", side), ("1", shadow)):
            ElementTree.SubElement(gradient, "stop", offset=offset, **{"stop-color": stop})
    x, y = _at(block.x, block.y, block.z, unit)
    ElementTree.SubElement(group, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{unit / 2:.1f}", fill=f"url(#{name})",
                           stroke=look.stroke or mix(shadow, "#000000", 0.4), **{"stroke-width": f"{look.width:g}"})
    if block.text and look.letters:
        size = max(8.0, 0.3 * unit)
        ElementTree.SubElement(group, "text", x=f"{x:.1f}", y=f"{y + size / 3:.1f}", fill=ink(side),
                               **{"font-size": f"{size:.0f}"}).text = block.text


# A cube's faces that can be in sight: (the neighbour that hides it, its corners, how its letter lies, which
# shade).  A letter's axes, as (across, down) screen vectors per px: on the top along the diagonal that is drawn
# level (squashed, so it lies flat), on a side level with the face's bottom edge, upright.
CUBE_FACES = (
    ((0, 0, 1), ((-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)), (math.sqrt(1.5), 0, 0, math.sqrt(0.5)), 0),
    ((1, 0, 0), ((1, -1, -1), (1, 1, -1), (1, 1, 1), (1, -1, 1)), (COS30, -0.5, 0, 1), 1),
    ((0, 1, 0), ((-1, 1, -1), (1, 1, -1), (1, 1, 1), (-1, 1, 1)), (COS30, 0.5, 0, 1), 2),
)


def _cube(group, block: Block, filled: set, unit: float, look: Look) -> None:
    """A cube's faces in sight (the top lightest, the right as coloured, the left in shadow), each with the
    letter; a face against another cube is never seen and is left out."""
    shades = [mix(shade, "#ffffff", look.pale) for shade in faces(block.colour or BLANK)]
    cube = ElementTree.SubElement(group, "g", {"class": "cube"})
    for ((nx, ny, nz), _, (a, b, c, d), shade), points in zip(_in_sight(block, filled), _sides(block, filled, unit)):
        ElementTree.SubElement(cube, "polygon", points=points, fill=shades[shade], stroke=look.stroke or LINE,
                               **{"stroke-width": f"{look.width:g}", "stroke-linejoin": "round"})
        if block.text and look.letters:
            size = 0.5 * unit
            cx, cy = _at(block.x + nx / 2, block.y + ny / 2, block.z + nz / 2, unit)
            ElementTree.SubElement(cube, "text", x="0", y=f"{size * 0.35:.1f}", fill=ink(shades[shade]),
                                   transform=f"matrix({a:.3f} {b:.3f} {c:.3f} {d:.3f} {cx:.1f} {cy:.1f})",
                                   **{"font-size": f"{size:.0f}"}).text = block.text


def _in_sight(block: Block, filled: set) -> list:
    """The faces of :data:`CUBE_FACES` that no neighbouring cube covers."""
    return [face for face in CUBE_FACES if _key(block.x + face[0][0], block.y + face[0][1], block.z + face[0][2])
            not in filled]


def _sides(block: Block, filled: set, unit: float) -> list[str]:
    """The points (an SVG polygon's) of each face in sight."""
    return [" ".join("{:.1f},{:.1f}".format(*_at(block.x + dx / 2, block.y + dy / 2, block.z + dz / 2, unit))
                     for dx, dy, dz in corners) for _, corners, _, _ in _in_sight(block, filled)]


def _key(x: float, y: float, z: float) -> tuple[float, float, float]:
    """A block's centre as a key: a prism's centre is no whole number, and one found by arithmetic must match."""
    return round(x, 3), round(y, 3), round(z, 3)


_HEIGHT = math.sqrt(0.75)  # a unit triangle's height


def _triangle(block: Block) -> list[tuple[float, float]]:
    """The corners (x, y) of a prism's triangle, from its centre: a triangle whose centroid lies two thirds of the
    way down its strip of the grid points up (its apex at the top), else down; corners in turn around it."""
    x, y = block.x, block.y
    if (y / _HEIGHT) % 1 > 0.5:
        return [(x, y - 2 * _HEIGHT / 3), (x + 0.5, y + _HEIGHT / 3), (x - 0.5, y + _HEIGHT / 3)]
    return [(x - 0.5, y - _HEIGHT / 3), (x + 0.5, y - _HEIGHT / 3), (x, y + 2 * _HEIGHT / 3)]


def _written(points: list[tuple[float, float]]) -> str:
    """Points as an SVG polygon's ``points``."""
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _prism_faces(block: Block, filled: set, unit: float) -> list[tuple[int, tuple, list[tuple[float, float]]]]:
    """A prism's faces in sight: (its shade, how its letter lies, its polygon's corners as drawn).  The top unless a
    prism stands on it; a side whose outside faces the viewer (towards larger x and y) and no prism touches."""
    corners = _triangle(block)
    z = block.z
    found = []
    if _key(block.x, block.y, z + 1) not in filled:
        found.append((0, (math.sqrt(1.5), 0, 0, math.sqrt(0.5)), [_at(x, y, z + 0.5, unit) for x, y in corners]))
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
        mid = ((x0 + x1) / 2, (y0 + y1) / 2)
        outward = (mid[0] - block.x, mid[1] - block.y)
        if outward[0] + outward[1] <= 1e-9 or _key(2 * mid[0] - block.x, 2 * mid[1] - block.y, z) in filled:
            continue
        if (x1 - x0) - (y1 - y0) < 0:  # the letter runs along the edge to the right on screen
            (x0, y0), (x1, y1) = (x1, y1), (x0, y0)
        across = ((x1 - x0 - (y1 - y0)) * COS30, ((x1 - x0) + (y1 - y0)) / 2)
        points = [(x0, y0, z - 0.5), (x1, y1, z - 0.5), (x1, y1, z + 0.5), (x0, y0, z + 0.5)]
        found.append((1 if outward[0] >= outward[1] else 2, (*across, 0, 1), [_at(*point, unit) for point in points]))
    return found


def _prism(group, block: Block, filled: set, unit: float, look: Look) -> None:
    """A triangular prism's faces in sight, shaded as a cube's (top lightest), each with the letter."""
    shades = [mix(shade, "#ffffff", look.pale) for shade in faces(block.colour or BLANK)]
    prism = ElementTree.SubElement(group, "g", {"class": "prism"})
    for shade, (a, b, c, d), points in _prism_faces(block, filled, unit):
        ElementTree.SubElement(prism, "polygon", points=_written(points), fill=shades[shade],
                               stroke=look.stroke or LINE,
                               **{"stroke-width": f"{look.width:g}", "stroke-linejoin": "round"})
        if block.text and look.letters:
            cx, cy = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
            size = 0.4 * unit
            ElementTree.SubElement(prism, "text", x="0", y=f"{size * 0.35:.1f}", fill=ink(shades[shade]),
                                   transform=f"matrix({a:.3f} {b:.3f} {c:.3f} {d:.3f} {cx:.1f} {cy:.1f})",
                                   **{"font-size": f"{size:.0f}"}).text = block.text


def _layer(root, frame: Frame, left: float, top: float, balls: bool) -> None:
    """One layer flat: its caption, the column letters above and row numbers at the left, a cell each."""
    group = ElementTree.SubElement(root, "g", {"class": "layer", **FONT})
    grid_left, grid_top = left + LABEL, top + CAPTION + LABEL
    ElementTree.SubElement(group, "text", x=f"{grid_left + frame.width * CELL / 2:g}", y=f"{top + CAPTION - 5:g}",
                           **{"font-size": "13"}).text = frame.caption
    for c in range(frame.width):
        ElementTree.SubElement(group, "text", {"class": "column", "x": f"{grid_left + (c + 0.5) * CELL:g}",
                                               "y": f"{grid_top - 4:g}", "font-size": "11",
                                               "fill": "#505050"}).text = a1.column_letters(c)
    for r, row in enumerate(frame.rows):
        ElementTree.SubElement(group, "text", {"class": "row", "x": f"{grid_left - 8:g}",
                                               "y": f"{grid_top + (r + 0.5) * CELL + 4:g}", "font-size": "11",
                                               "fill": "#505050"}).text = str(r + 1)
        for c, cell in enumerate(row):
            draw_cell(group, cell, grid_left + c * CELL, grid_top + r * CELL, ball=balls)


__all__ = ["scene_svg", "steps_svg"]
