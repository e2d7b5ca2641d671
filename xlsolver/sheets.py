"""What a family shows in the workbook, as plain data: its sheets, their areas and extra cells.

A family declares these in its ``FAMILY``; ``xlsolver.workbook.layout`` turns
them into positions and defined names, which the builder draws and the buttons
read.  Positions here are relative to an area's input grid (its top-left cell is
``(0, 0)``), so areas can be stacked without recomputing their extras.
"""
from __future__ import annotations

from dataclasses import dataclass, field

Offset = tuple[int, int]  # (rows, columns) from the input grid's top-left cell

LEGEND_TOP = 3  # sheet row (0-based) of a legend: below the heading and the two lines of intro
BELOW_INTRO = LEGEND_TOP + 3  # where the first area's title may start on a sheet without a legend
BELOW_LEGEND = LEGEND_TOP + 8  # ... and below a legend of two bands
CELL_PIXELS = 22  # a grid cell's width and height on screen: square, room for one bold letter or digit


@dataclass(frozen=True)
class SettingCell:
    """A setting the user types into one cell, named ``<Area>_<Suffix>`` (RoadBlock_Mode)."""

    key: str  # the family's setting key
    at: Offset
    sample: object = None  # what the shipped workbook shows; None: the setting's default


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


__all__ = ["LEGEND_TOP", "BELOW_INTRO", "BELOW_LEGEND", "CELL_PIXELS", "SettingCell", "DrawingCells", "SizeCells", "ListCells", "AreaSpec", "SheetSpec", "Offset"]
