"""What a family shows in the workbook, as plain data: its sheets, their areas and extra cells.

A family declares these in its ``FAMILY``; ``xlsolver.workbook.layout`` turns
them into positions and defined names, which the builder draws and the buttons
read.  Positions here are relative to an area's input grid (its top-left cell is
``(0, 0)``), so areas can be stacked without recomputing their extras.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

Offset = tuple[int, int]  # (rows, columns) from the input grid's top-left cell

LEGEND_TOP = 3  # sheet row (0-based) of a legend: below the heading and the two lines of intro
BELOW_INTRO = LEGEND_TOP + 3  # where the first area's title may start on a sheet without a legend
BELOW_LEGEND = LEGEND_TOP + 8  # ... and below a legend of two bands
LEGEND_WIDTH = 56  # grid columns a legend of captioned groups fills before it wraps to a new band (a sheet's own)
CELL_PIXELS = 22  # a grid cell's width and height on screen: square, room for one bold letter or digit
#: Rows a 3D board's grids have above them: each layer's caption ("layer 1", bottom first), then its column
#: letters (A B C ...), so a cell a puzzle file names (``layer 2 C3``) is found on the sheet; the rows are
#: numbered beside each grid.  A layered area's title and labels stand above these rows.
LAYER_HEAD_ROWS = 2


@dataclass(frozen=True)
class SettingCell:
    """A setting the user types into one cell, named ``<Area>_<Suffix>`` (RoadBlock_Mode)."""

    key: str  # the family's setting key
    at: Offset
    sample: object = None  # what the shipped workbook shows; None: the setting's default
    choices: tuple[str, ...] = ()  # the words this cell takes (its list), for a setting that is free text elsewhere
    span: int = 0  # cells it spans at least (a name typed there, such as a BurrTools problem's); 0: as its words need


@dataclass(frozen=True)
class DrawingCells:
    """A setting drawn as a grid of letters (the Custom sheet's pieces), named ``<Area>_<Suffix>``."""

    key: str
    at: Offset
    rows: int
    cols: int
    title: str
    note: str
    sample: dict = field(default_factory=dict)  # settings for the family's legend drawn here at first
    palette: tuple[str, ...] = ()  # fill colour per letter A, B, ... as the user draws


@dataclass(frozen=True)
class SizeCells:
    """Rows and columns cells: the board is the top-left block of that size (``<Area>_Rows``, ``<Area>_Cols``)."""

    rows_at: Offset
    cols_at: Offset
    sample: tuple[int, int]
    beyond: str = "this cell is outside the board's size; leave it empty"  # message for a typed cell beyond


@dataclass(frozen=True)
class ListCells:
    """A list the answer fills (Klotski's moves): ``<Area>_<Suffix>``, with headings above it."""

    suffix: str
    at: Offset
    rows: int
    headings: tuple[str, ...]
    widths: tuple[float, ...] = ()  # column widths in characters, one per heading; missing ones are 9


@dataclass(frozen=True)
class PictureCells:
    """Cells an answer's picture is drawn into, beside the solution (a 3D shape seen from above), named
    ``<Area>_Picture``; only xlsolver writes there."""

    at: Offset
    rows: int
    cols: int
    title: str


@dataclass(frozen=True)
class FileCells:
    """A puzzle read from a file the user names (BurrTools' ``.xmpuzzle``) instead of typed into a grid: its path
    is typed into one cell, ``<Area>_File`` (a relative path is taken from the workbook's folder), read by the
    family's ``FileForm`` of that ``suffix``.  Such an area has no input grid: its solution grid (the spec's
    rows x cols) shows the answer's frames (a 3D result's layers, then its views from above, the front and the
    right) captioned, as many to a band as fit, band under band."""

    suffix: str  # ".xmpuzzle": the family's FileForm that reads the file
    at: Offset  # the File cell, from the solution grid's top-left cell: (-2, c), on the row under the title
    span: int  # cells the File cell spans (merged), so a path shows whole
    label: str = "File"
    prompt: str = ""  # what to type, the cell's prompt: "The path of a BurrTools puzzle file (.xmpuzzle); ..."
    example: str = ""  # a path messages give as an example: "examples/soma.xmpuzzle"


def block_starts(sizes: Sequence[int]) -> list[int]:
    """Where each of blocks of these sizes starts, laid one after another with one empty line (or column)
    between: the layers of a 3D grid in its text form (stacked) and on a sheet (side by side)."""
    return [sum(sizes[:z]) + z for z in range(len(sizes))]


@dataclass(frozen=True)
class Layers:
    """A 3D board's layers on a sheet: one block of cells per layer, bottom layer first, side by side from left
    to right with one empty column between, top-aligned (as a terminal prints a 3D answer's frames).

    A family reads them in its text form: the layers one under the other, an empty line between.  Positions
    are (row, column) in the area's grid; a text position is (line, column) of that text form."""

    shapes: tuple[tuple[int, int], ...]  # each layer's (rows, columns), bottom first

    @property
    def rows(self) -> int:
        return max(rows for rows, _ in self.shapes)

    @property
    def cols(self) -> int:
        return sum(cols for _, cols in self.shapes) + len(self.shapes) - 1

    def origins(self) -> list[Offset]:
        """Each layer's top-left cell in the grid."""
        return [(0, left) for left in block_starts([cols for _, cols in self.shapes])]

    def cells(self) -> frozenset[Offset]:
        """The grid's cells that belong to a layer (the others are off the board)."""
        return frozenset((r, left + c) for (rows, cols), (_, left) in zip(self.shapes, self.origins())
                         for r in range(rows) for c in range(cols))

    def layer_at(self, row: int, col: int) -> int | None:
        """The layer (0 at the bottom) whose block holds a grid cell, or None."""
        for z, ((rows, cols), (_, left)) in enumerate(zip(self.shapes, self.origins())):
            if row < rows and left <= col < left + cols:
                return z
        return None

    def first_lines(self) -> list[int]:
        """The text form's line where each layer starts."""
        return block_starts([rows for rows, _ in self.shapes])

    def stacked(self, grid: Sequence[Sequence[str]]) -> list[str]:
        """The grid's layers (characters) as the text form: one under the other, an empty line between."""
        lines: list[str] = []
        for z, ((rows, cols), (_, left)) in enumerate(zip(self.shapes, self.origins())):
            lines += [""] if z else []
            lines += ["".join(grid[r][left:left + cols]) for r in range(rows)]
        return lines

    def on_grid(self, line: int, col: int) -> Offset | None:
        """The grid cell of a text position, or None (an empty line between layers, past a layer's edge)."""
        for (rows, cols), (_, left), first in zip(self.shapes, self.origins(), self.first_lines()):
            if first <= line < first + rows and 0 <= col < cols:
                return line - first, left + col
        return None

    def spread(self, lines: Sequence[str], outside: str = " ") -> list[str]:
        """The text form laid out as the grid: each layer in its block, ``outside`` between and below them."""
        grid = [[outside] * self.cols for _ in range(self.rows)]
        for line, text in enumerate(lines):
            for col, ch in enumerate(text):
                cell = self.on_grid(line, col)
                if cell is not None:
                    grid[cell[0]][cell[1]] = ch
        return ["".join(row) for row in grid]


@dataclass(frozen=True)
class AreaSpec:
    """One puzzle area: an input grid, a solution grid beside it, buttons, a status cell."""

    name: str  # "Pento6x10": the prefix of its defined names and macros
    title: str
    rows: int
    cols: int
    board: str | None = None  # a named board fixing the mask (cells off it are dark); None: all cells
    settings: dict = field(default_factory=dict)  # fixed settings, e.g. {"pieces": "pentominoes"}
    cells: tuple[SettingCell, ...] = ()
    drawing: DrawingCells | None = None
    size: SizeCells | None = None
    listing: ListCells | None = None
    letters: str | None = None  # what an input cell may hold besides '#' and '.'; None: any letter
    hint: str | None = None  # the input cells' prompt; None: built from ``letters``
    sample: tuple[str, ...] = ()  # what the shipped workbook has typed in (a space: empty)
    keep_case: bool = False  # lower case means something (a lamp on a ghost, a police car)
    digits: bool = False  # a number typed into a cell is a digit of the puzzle (sudoku), not a mistake
    generate: bool = False  # a Generate button and a Level cell (<Area>_Level): new challenges written into the input
    layers: Layers | None = None  # a 3D board: its layers side by side (rows and cols are their extent)
    empty: str = "."  # what an empty input cell is in the family's grid: open board, or "#" (a shape drawn by its cells)
    picture: PictureCells | None = None  # where the answer's picture of a 3D shape goes (the Scene seen flat)
    coloured: bool = False  # a typed piece letter shows in its piece's colour (the area's piece set, or the set its
    # Pieces cell chooses), as the solution does
    unfilled: str | None = None  # with ``empty`` '#' on a fixed board (a named box): the message for an empty cell
    # of the board, which must be typed ('.' or a letter); None: an empty cell is simply not part of the board
    # The plane lattice the grids are drawn on, by name (``geometry.lattice.LATTICES``): "" the square grid;
    # "triangle": each cell a unit triangle, pointing up where row + column of the grid is even (the layout of
    # ``first: up``); "hex": a hexagon at each cell where row + column is even, the cells between them layout.
    lattice: str = ""
    # A puzzle read from a file whose path is typed into a cell (``FileCells``): no input grid, ``<Area>_File``
    # instead of ``<Area>_In``; the solution grid (rows x cols) starts where the input grid would.
    file: FileCells | None = None


@dataclass(frozen=True)
class SheetSpec:
    name: str
    code_name: str  # the VBA document module's name; fixed so rebuilt workbooks stay identical
    order: int  # where the sheet comes among the puzzle sheets
    heading: str
    intro: str
    areas: tuple[AreaSpec, ...]
    legend: dict | None = None  # settings for the family's legend, drawn at the top; None: no legend
    areas_top: int = BELOW_LEGEND  # sheet row (0-based) of the first area's title
    cell_pixels: int = CELL_PIXELS  # grid cells' side: wider where a cell shows more than one character (V3, 41)
    legend_width: int = LEGEND_WIDTH  # grid columns its legend of captioned groups fills before it wraps


def legend_places(heights_widths: Sequence[tuple[int, int, str]],
                  width: int = LEGEND_WIDTH) -> tuple[list[Offset], list[tuple[Offset, str]], int]:
    """Where a legend of captioned groups puts each picture ((height, width, caption) each, in order): a group
    starts with its caption on a row of its own, its pictures follow one column apart, a band as tall as its
    tallest picture and a row, wrapping at ``width`` columns (a sheet's ``legend_width``).  Returns each
    picture's offset, the captions' offsets, and the rows it all takes (so a sheet can start its areas below)."""
    places, captions = [], []
    row, col, band, caption = 0, 0, 0, None
    for height, picture_width, text in heights_widths:
        if text != caption:
            row += band + (1 if caption is not None else 0)
            captions.append(((row, 0), text))
            row, col, band, caption = row + 1, 0, 0, text
        elif col and col + picture_width > width:
            row, col, band = row + band + 1, 0, 0
        places.append((row, col))
        col += picture_width + 1
        band = max(band, height)
    return places, captions, row + band


__all__ = ["block_starts", "LEGEND_TOP", "BELOW_INTRO", "BELOW_LEGEND", "CELL_PIXELS", "LAYER_HEAD_ROWS", "LEGEND_WIDTH", "SettingCell", "DrawingCells",
           "SizeCells", "ListCells", "PictureCells", "FileCells", "Layers", "AreaSpec", "SheetSpec", "Offset", "legend_places"]
