"""What the buttons paint and write on a sheet besides the status line: a frame into the solution grid, the
answer's list, the input grid's fills (hints, dark cells off the board), and the cells a failure's messages
name, painted in the error colour until the area's next action paints them back.
"""
from __future__ import annotations

import re

from ..base.a1 import column_index
from ..base.answer import Answer, Colour, Frame, Scene, Status
from ..families.challenges import HINT_COLOUR
from ..pictures.views import in_bands as views_in_bands
from ..pictures.views import side_by_side, views
from . import areas, layout, plane
from .book import Book, MissingName
from .cells import cell_value
from .state import load_state, remember


def _shape(values: list[list[object]]) -> tuple[int, int]:
    return len(values), len(values[0]) if values else 0


def write_frame(book: Book, area: layout.Area, read: areas.AreaPuzzle, frame: Frame) -> None:
    """A frame into ``<Area>_Out``: texts and fills, as the area's lattice draws them (``plane.as_drawn``: the
    grid's top-left cell a triangle pointing up, or a hexagon); the margin beyond it empty (the output shade),
    off the mask dark."""
    name = f"{area.name}_Out"
    rows, cols = _shape(book.read(name))
    values: list[list[object]] = [[None] * cols for _ in range(rows)]
    fills: list[list[Colour]] = [[None] * cols for _ in range(rows)]
    ground = area.ground_fills(rows, cols, output=True)
    frame = plane.as_drawn(frame, area.lattice, 0)
    for r in range(rows):
        for c in range(cols):
            cell = frame.rows[r][c] if r < frame.height and c < len(frame.rows[r]) else None
            empty = ground[r][c]
            if cell is None:
                fills[r][c] = empty
                continue
            if not cell.ground:
                values[r][c] = cell_value(cell.text)
            fills[r][c] = cell.colour or empty
    book.write(name, values)
    book.paint(name, fills)


class TooLarge(ValueError):
    """An answer too large for the solution grid of an area read from a file, whose size the sheet could not know
    beforehand; the message says how large it is and how large the grid."""


def layered(area: layout.Area, frames: list[Frame], scene: Scene | None = None) -> Frame:
    """What the solution grid shows of an answer's frames: a 3D board's layers side by side, as its input grid
    lays them out (one frame a layer); in an area read from a file, every frame under its caption in bands and
    then the views of ``scene`` where they fit too (:func:`in_bands`); elsewhere the first frame."""
    if area.spec.file is not None:
        return in_bands(area, frames, scene)
    if area.spec.layers is None:
        return frames[0]
    return side_by_side(frames[:len(area.spec.layers.shapes)])


def in_bands(area: layout.Area, frames: list[Frame], scene: Scene | None) -> Frame:
    """The frames (a 3D result's layers) captioned, as many to a band as the solution grid is wide, then the
    shape seen from above, the front and the right (``views``), left out when only they do not fit; TooLarge
    when the frames themselves do not."""
    def caption_cells(caption: str) -> int:
        return area.columns_for(layout.text_pixels(caption))

    frames = [plane.as_drawn(frame) for frame in frames]  # each on its own lattice: prisms' layers as triangles
    drawn = views_in_bands([frames], area.cols, caption_cells)
    if drawn.height > area.rows or drawn.width > area.cols:
        sizes = sorted({(frame.height, frame.width) for frame in frames}, reverse=True)
        each = " and ".join(f"{h} x {w}" for h, w in sizes[:2])
        noun = "frame" if len(frames) == 1 else "frames"
        if all(frame.caption.startswith("layer ") for frame in frames):
            noun = "layer" if len(frames) == 1 else "layers"
        raise TooLarge(f"the answer's {len(frames)} {noun} of {each} cells take {drawn.height} x {drawn.width} "
                       f"cells, more than the {area.rows} x {area.cols} of the solution grid")
    if scene is None:
        return drawn
    seen = views_in_bands([frames, [plane.as_drawn(view) for view in views(scene)]], area.cols, caption_cells)
    return seen if seen.height <= area.rows and seen.width <= area.cols else drawn


def write_picture(book: Book, area: layout.Area, scene: Scene | None) -> None:
    """The answer's shape seen flat (``views``) into ``<Area>_Picture``, the views side by side; empty without
    a shape.  An area without a picture range is left alone."""
    if area.spec.picture is None:
        return
    name = f"{area.name}_Picture"
    rows, cols = _shape(book.read(name))
    frame = side_by_side(views(scene)) if scene is not None else Frame(())
    values: list[list[object]] = [[None] * cols for _ in range(rows)]
    fills: list[list[Colour]] = [[layout.OUTPUT_FILL] * cols for _ in range(rows)]
    for r, row in enumerate(frame.rows[:rows]):
        for c, cell in enumerate(row[:cols]):
            if not cell.ground:
                values[r][c], fills[r][c] = cell.text or None, cell.colour or layout.OUTPUT_FILL
    book.write(name, values)
    book.paint(name, fills)


def write_listing(book: Book, area: layout.Area, table: list[tuple]) -> None:
    """The answer's list (Klotski's moves) into ``<Area>_<List>``, the rest of it emptied."""
    listing = area.spec.listing
    if listing is None:
        return
    width = len(listing.headings)
    rows = [list(row)[:width] + [None] * (width - len(row)) for row in table[: listing.rows]]
    book.write(f"{area.name}_{listing.suffix}", rows + [[None] * width] * (listing.rows - len(rows)))


def empty_outputs(book: Book, area: layout.Area) -> None:
    """The solution grid empty (shaded as output, dark off the board), its list empty."""
    name = f"{area.name}_Out"
    rows, cols = _shape(book.read(name))
    book.write(name, [[None] * cols for _ in range(rows)])
    book.paint(name, area.ground_fills(rows, cols, output=True))
    write_listing(book, area, [])
    write_picture(book, area, None)


def input_fills(area: layout.Area, rows: int, cols: int, hinted: set = frozenset(),
                 marked: set = frozenset()) -> list[list[Colour]]:
    """The input grid's fills: the error colour on ``marked`` cells, the hint colour on ``hinted`` ones, its own
    elsewhere (as built: dark off a fixed board, white, a down triangle shaded, grey between hexagons)."""
    ground = area.ground_fills(rows, cols)

    def fill(r: int, c: int) -> Colour:
        if (r, c) in marked:
            return layout.ERROR_FILL
        if (r, c) in hinted:
            return HINT_COLOUR
        return ground[r][c]
    return [[fill(r, c) for c in range(cols)] for r in range(rows)]


def cells_to_mark(answer: Answer) -> list[set[tuple[int, int]]]:
    """The sheet cells (0-based) each message of an answer names: the cell or range a problem of an invalid
    puzzle starts with (``C7: ...``); for a puzzle with no solution, every cell its reason names (``no piece
    can cover B14, C14``)."""
    texts = answer.messages or [answer.message]
    if answer.status is Status.INVALID:
        return [named_cells(text) for text in texts]
    if answer.status is Status.NO_SOLUTION:
        return [{_position(letters, digits) for letters, digits in _CELL.findall(text)} for text in texts]
    return []


# --- cells named in a message ------------------------------------------------------------------------

_REFERENCE = re.compile(r"^\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?(?: \([^)]*\))?:")
_CELL = re.compile(r"\b([A-Z]{1,3})([1-9]\d*)\b")


def named_cells(message: str) -> set[tuple[int, int]]:
    """The sheet cells (0-based row, column) a message names at its start: ``C7: ...``, ``B14:K19: ...``,
    ``H7 (layer 2): ...`` (a cell of a 3D board's grid)."""
    found = _REFERENCE.match(message)
    if not found:
        return set()
    first = _position(found.group(1), found.group(2))
    last = _position(found.group(3), found.group(4)) if found.group(3) else first
    return {(r, c) for r in range(min(first[0], last[0]), max(first[0], last[0]) + 1)
            for c in range(min(first[1], last[1]), max(first[1], last[1]) + 1)}


def _position(letters: str, digits: str) -> tuple[int, int]:
    return int(digits) - 1, column_index(letters)


def typed_ranges(area: layout.Area) -> dict[str, tuple[int, int]]:
    """The area's ranges a user types into, with their shape: where a message's cells are marked."""
    spec = area.spec
    shapes = {area.input_name: area.input_shape, f"{area.name}_TimeLimit": (1, 1)}
    for key, name in area.setting_names().items():
        drawing = spec.drawing if spec.drawing and spec.drawing.key == key else None
        shapes[name] = (drawing.rows, drawing.cols) if drawing else (1, 1)
    if spec.size:
        shapes.update({f"{area.name}_Rows": (1, 1), f"{area.name}_Cols": (1, 1)})
    if "generate" in area.actions:
        shapes[f"{area.name}_Level"] = (1, 1)
    return shapes


def mark(book: Book, area: layout.Area, named: list[set[tuple[int, int]]]) -> None:
    """Paint the sheet cells each message names (``named``) in the error colour, in whichever typed range
    holds them, and remember those ranges so that the next action repaints them.  A message naming a whole
    grid (``B14:K19: 52 open cells but ...``) speaks of the board, not of cells to correct: not painted."""
    if not any(named):
        return
    state = load_state(book, area)
    marked = []
    for name, (rows, cols) in typed_ranges(area).items():
        try:
            _, top, left = book.anchor(name)
        except MissingName:  # a range this workbook lacks holds nothing to mark
            continue
        cells = set()
        for message_cells in named:
            inside = {(r - top, c - left) for r, c in message_cells if 0 <= r - top < rows and 0 <= c - left < cols}
            if len(inside) < rows * cols or rows * cols == 1:
                cells |= inside
        if cells:
            book.paint(name, _base_fills(area, name, rows, cols, state.hinted, cells))
            marked.append(name)
    if marked:
        remember(book, area, marked=tuple(marked))


def unmark(book: Book, area: layout.Area) -> None:
    """Give the cells the last failure marked their own fills back (the latest Hint's shading included)."""
    state = load_state(book, area)
    if not state.marked:
        return
    shapes = typed_ranges(area)
    for name in state.marked:
        if name in shapes:
            try:
                book.paint(name, _base_fills(area, name, *shapes[name], state.hinted))
            except MissingName:  # gone since it was marked: nothing to repaint
                pass
    remember(book, area, marked=())


def _base_fills(area: layout.Area, name: str, rows: int, cols: int, hinted: frozenset,
                marked: set = frozenset()) -> list[list[Colour]]:
    """A typed range's fills: the input grid's own (hints, dark cells), white in the others (as built);
    ``marked`` cells in the error colour."""
    if name == f"{area.name}_In":
        return input_fills(area, rows, cols, hinted, marked)
    return [[layout.ERROR_FILL if (r, c) in marked else layout.INPUT_FILL for c in range(cols)] for r in range(rows)]


__all__ = ["TooLarge", "write_frame", "layered", "in_bands", "write_picture", "write_listing", "empty_outputs", "input_fills", "cells_to_mark", "named_cells",
           "typed_ranges", "mark", "unmark"]
