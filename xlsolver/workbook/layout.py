"""The workbook's layout, in one place: sheets, areas, defined names and buttons.

Each family declares its sheets as data (``xlsolver.base.sheets``); this module
places them and names every range.  The builder draws the workbook from it; the
adapters find every range by its workbook-level defined name, so a user may
move things around.

Each area has an input grid ``<Area>_In`` (the user types here), a solution grid
``<Area>_Out`` beside it (shaded: only xlsolver writes there), a status box below
both whose top-left cell is ``<Area>_Status``, a time-limit cell
``<Area>_TimeLimit``, a cell per setting it shows (``<Area>_Mode``...), and on a
very hidden sheet ``<Area>_State`` (what Next showed last).  Buttons call the VBA
macro ``<Area>_<Action>``.  An area whose puzzle is a file (``AreaSpec.file``: a
BurrTools file) has a File cell ``<Area>_File`` above its solution grid instead of
an input grid.

Grid cells are square, ``cell_pixels`` a side (the sheet's); a cell that holds a
word (a setting's choice, the level) spans as many cells as its longest word needs.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from ..geometry import catalog
from .. import families
from ..base.a1 import cell_name, column_letters
from ..families import FRAMES, Family
from ..families.levels import LEVELS
from ..base.sheets import CELL_PIXELS, LAYER_HEAD_ROWS, AreaSpec, SettingCell, SheetSpec
from ..base.answer import OFF_BOARD, Colour
from ..geometry.lattice import PlaneLattice
from . import plane

ACTIONS = ("solve", "next", "count", "unique", "hint", "generate", "clear")  # the most an area has in its column
# of buttons (its status cell goes below them)
#: Buttons placed beside another rather than below the others: the button's row, in the value column (right of
#: the buttons' column), so that adding one moves nothing else.  Heat map is a kind of Count, Booklet a book of
#: Generate's challenges, Steps builds the solution Next shows: each beside the other.
#: Save writes what Solve shows (the puzzle and its solution) as a file of the family's format.
BESIDE = {"heatmap": "count", "booklet": "generate", "steps": "next", "save": "solve"}
BUTTON_CAPTIONS = {"solve": "Solve", "previous": "Previous", "next": "Next", "count": "Count", "heatmap": "Heat map",
                   "unique": "Unique?", "hint": "Hint", "generate": "Generate", "booklet": "Booklet", "clear": "Clear",
                   "steps": "Steps", "save": "Save .xmpuzzle"}  # the one format a family writes (FileForm.write)
MACRO_SUFFIX = {"solve": "Solve", "next": "Next", "count": "Count", "heatmap": "HeatMap", "unique": "Unique",
                "clear": "Clear", "previous": "Previous", "hint": "Hint", "generate": "Generate", "booklet": "Booklet",
                "steps": "Steps", "save": "Save"}
LEVEL_LABEL = "Level"
TIME_LIMIT_LABEL = "Time limit (s)"
STATUS_LABEL = "Status"
STATUS_ROWS = 3  # the status box's height in grid rows: about four lines of wrapped text
BUTTON_PIXELS = (84, 19)  # a button's width and height (a wider caption widens its button: ``button_pixels``)
INPUT_FILL = "#ffffff"  # a cell the user types into
OUTPUT_FILL = "#eeeeee"  # an output cell where nothing is drawn: light grey, so the white input grid stands apart
ERROR_FILL = "#ffb3b3"  # a cell a message names, until the area's next action

STATE_SHEET = "xlsolver.state"
STATE_SHEET_CODE_NAME = "Sheet5"
CONF_SHEET = "xlwings.conf"
CONF_SHEET_CODE_NAME = "Sheet4"
DEFAULT_TIME_LIMIT = 10  # seconds
#: The xlwings whose VBA module the workbook embeds.  xlwings needs its VBA and Python sides at the same version,
#: so pyproject.toml pins exactly this one, the builder refuses any other, and a click checks the Python side.
XLWINGS_VERSION = "0.37.8"
XLWINGS_VERSION_NAME = "xlsolver_XlwingsVersion"  # the state sheet's cell recording it
XLWINGS_VERSION_CELL = (0, 7)  # (row, col) on the state sheet (H1), its label to the left; D1:E1 are the test stub's log


def actions_of(family: Family, spec: AreaSpec | None = None) -> tuple[str, ...]:
    """The buttons an area of ``family`` has, top to bottom (Generate where ``spec`` asks for it; Heat map, beside
    Count, where the family's count draws one; Save, beside Solve, where the family writes its puzzles as a file)."""
    found = ["solve"]
    if any(form.write is not None for form in family.files):
        found.append("save")
    if family.steps == FRAMES:
        found.append("previous")
    if family.steps is not None:
        found.append("next")
    if family.builds:
        found.append("steps")
    if family.count is not None:
        found.append("count")
        if family.heat_map:
            found.append("heatmap")
    if family.unique:
        found.append("unique")
    if family.hint is not None:
        found.append("hint")
    if spec is not None and spec.generate and family.generate is not None:
        found += ["generate", "booklet"]
    return tuple(found + ["clear"])


def button_pixels(action: str) -> int:
    """A button's width: ``BUTTON_PIXELS``, or as wide as its caption needs (Save .xmpuzzle), so that no caption is
    cut short."""
    return max(BUTTON_PIXELS[0], text_pixels(BUTTON_CAPTIONS[action]) + 6)


def _of_spec(field: str) -> property:
    """A field of the declared spec, read on what the layout placed from it (``area.rows`` is ``area.spec.rows``)."""
    return property(lambda placed: getattr(placed.spec, field), doc=f"the spec's {field}")


@dataclass(frozen=True)
class Area:
    """One puzzle area, placed: its spec, its family, and where its input grid starts."""

    spec: AreaSpec
    family: str
    sheet: str
    top: int  # 0-based sheet row of the input grid's first row
    left: int  # 0-based sheet column of the input grid's first column
    actions: tuple[str, ...]
    cell_pixels: int = CELL_PIXELS  # the side of a grid cell on its sheet

    name = _of_spec("name")  # "Pento6x10"
    title = _of_spec("title")
    rows = _of_spec("rows")
    cols = _of_spec("cols")
    board = _of_spec("board")  # a named board fixing the mask, or None

    @property
    def mask(self) -> frozenset | None:
        """The input grid's cells that can be board, fixed by the sheet: a named board's, a 3D board's layers'
        (the columns between them and the cells below a smaller layer are dark), or None (all of them; on
        hexagons, all but the cells between them: :attr:`lattice`)."""
        if self.board is not None:
            board = catalog.board(self.board)
            return frozenset(board.lattice.position(cell, board.shift) for cell in board.cells)
        if self.spec.layers is not None:
            return self.spec.layers.cells()
        return None

    @property
    def lattice(self) -> PlaneLattice:
        """The plane lattice its grids are drawn on (``plane``): squares unless the spec names triangles or
        hexagons, laid out from the grid's top-left cell (``first: up``; a hexagon there)."""
        return plane.lattice_named(self.spec.lattice)

    def ground_fills(self, rows: int, cols: int, output: bool = False) -> list[list[Colour]]:
        """A grid's own fills, as built (before anything is typed, solved or marked): white input cells (on
        triangles a down one shaded, between hexagons the layout grey) or shaded output cells, dark off a fixed
        board."""
        mask, lattice = self.mask, self.lattice

        def fill(r: int, c: int) -> Colour:
            if mask is not None and (r, c) not in mask:
                return OFF_BOARD
            return OUTPUT_FILL if output else plane.ground_fill(lattice, r, c, INPUT_FILL)
        return [[fill(r, c) for c in range(cols)] for r in range(rows)]

    def grid_cell(self, row: int, col: int) -> tuple[int, int] | None:
        """The input grid's cell of a position in the family's grid (the text form of a 3D board's layers
        stacked; elsewhere the same), or None for a position between layers."""
        return self.spec.layers.on_grid(row, col) if self.spec.layers is not None else (row, col)

    def grid_rows(self, rows: list[str], outside: str = " ") -> list[str]:
        """The family's grid (text rows) as the input grid lays it out: a 3D board's layers side by side."""
        return self.spec.layers.spread(rows, outside) if self.spec.layers is not None else rows

    @property
    def pieces(self) -> str | None:
        return self.spec.settings.get("pieces") if isinstance(self.spec.settings.get("pieces"), str) else None

    @property
    def head_rows(self) -> int:
        """Rows above the input grid that the area draws: its title, the "Your puzzle" and "Solution" labels, and
        over a 3D board's grids each layer's caption and column letters (``LAYER_HEAD_ROWS``); in an area read
        from a file, its File cell's row, then the "Solution" label (``FILE_HEAD_ROWS``)."""
        return head_rows(self.spec)

    @property
    def labels_row(self) -> int:
        """The sheet row of the "Your puzzle" and "Solution" labels (the title is the row above)."""
        return self.top - self.head_rows + 1

    @property
    def out_left(self) -> int:
        """The solution grid's first column: beside the input grid, or where it would be (an area read from a file)."""
        return self.left if self.spec.file is not None else self.left + self.cols + 1

    @property
    def input_name(self) -> str:
        """The range the user gives the puzzle in: the input grid ``<Area>_In``, or the File cell ``<Area>_File``."""
        return f"{self.name}_File" if self.spec.file is not None else f"{self.name}_In"

    @property
    def input_shape(self) -> tuple[int, int]:
        """Rows and columns of :attr:`input_name`'s range."""
        return (1, 1) if self.spec.file is not None else (self.rows, self.cols)

    @property
    def file_cell(self) -> tuple[int, int] | None:
        """The sheet cell of ``<Area>_File`` (an area read from a file), else None."""
        return self.at(self.spec.file.at) if self.spec.file is not None else None

    @property
    def status_cell(self) -> tuple[int, int]:
        """The status box's top-left cell (``<Area>_Status``), below the grids, the buttons and the picture, under
        its label."""
        picture = self.spec.picture
        below = picture.at[0] + picture.rows if picture else 0
        return self.top + max(self.rows, len(ACTIONS) + 3, below) + 1, self.left

    @property
    def status_box(self) -> tuple[int, int, int, int]:
        """(top, left, bottom, right) of the status box: merged, as wide as the area, ``STATUS_ROWS`` tall, so a
        long message wraps inside it instead of running off the screen or under the cells beside it."""
        row, col = self.status_cell
        return row, col, row + STATUS_ROWS - 1, self.right

    @property
    def button_col(self) -> int:
        return self.out_left + self.cols + 1

    def button_cell(self, action: str) -> tuple[int, int]:
        """A button's top-left cell: the column of buttons top to bottom, a button ``BESIDE`` another in the value
        column on that one's row."""
        if action in BESIDE:
            return self.button_cell(BESIDE[action])[0], self.value_col
        column = [a for a in self.actions if a not in BESIDE]
        return self.top + column.index(action), self.button_col

    def columns_for(self, pixels: float) -> int:
        """How many grid cells of this sheet hold ``pixels`` side by side."""
        return max(1, math.ceil(pixels / self.cell_pixels))

    def span(self, words) -> int:
        """Cells a value cell spans (merged) so that the longest of ``words`` shows whole."""
        return self.columns_for(max((text_pixels(str(w)) for w in words), default=0) + DROPDOWN_PIXELS)

    def setting_span(self, cell: SettingCell) -> int:
        """Cells a setting's cell spans: its longest choice (as the sheet shows it, capitalised) or sample."""
        setting = families.get(self.family).setting(cell.key)
        words = [c.capitalize() for c in setting.choices] + list(cell.choices)
        words += [w for w in (cell.sample, setting.default) if w]
        return max(self.span(words), cell.span)

    @property
    def value_col(self) -> int:
        """Column of the time-limit and level cells: right of the buttons and of their labels."""
        return self.button_col + max(self.columns_for(BUTTON_PIXELS[0]),
                                     self.columns_for(text_pixels(TIME_LIMIT_LABEL)))

    @property
    def value_span(self) -> int:
        """Cells the time-limit and level cells span: a level's name, or a number of seconds like 3600."""
        return self.span([level.capitalize() for level in LEVELS] if "generate" in self.actions else ["3600"])

    @property
    def time_limit_cell(self) -> tuple[int, int]:
        return self.top + len(ACTIONS) + 2, self.value_col

    @property
    def level_cell(self) -> tuple[int, int]:
        """The Level cell of an area that generates (``<Area>_Level``), just above the time limit."""
        return self.top + len(ACTIONS) + 1, self.value_col

    @property
    def right(self) -> int:
        """Last sheet column of the area's grids, buttons and value cells (its drawing and setting cells aside)."""
        beside = max((self.columns_for(button_pixels(a)) for a in self.actions if a in BESIDE), default=0)
        return max(self.out_left + self.cols - 1, self.value_col + max(self.value_span, beside) - 1)

    @property
    def bottom(self) -> int:
        """First sheet row below everything this area draws (its drawing of pieces aside)."""
        return self.status_box[2] + 1

    def at(self, offset: tuple[int, int]) -> tuple[int, int]:
        """A sheet cell given as an offset from the input grid's top-left cell."""
        return self.top + offset[0], self.left + offset[1]

    def macro(self, action: str) -> str:
        return f"{self.name}_{MACRO_SUFFIX[action]}"

    def setting_names(self) -> dict[str, str]:
        """Setting key -> the defined name of the cell (or drawing) where the sheet takes it."""
        family = families.get(self.family)
        names = {cell.key: f"{self.name}_{family.setting(cell.key).suffix}" for cell in self.spec.cells}
        if self.spec.drawing:
            names[self.spec.drawing.key] = f"{self.name}_{family.setting(self.spec.drawing.key).suffix}"
        return names

    def names(self) -> dict[str, str]:
        """Defined name -> absolute reference on the area's own sheet (state excluded)."""
        sheet = quote_sheet(self.sheet)
        names = {
            self.input_name: absolute_range(*(self.file_cell or (self.top, self.left)), *self.input_shape),
            f"{self.name}_Out": absolute_range(self.top, self.out_left, self.rows, self.cols),
            f"{self.name}_Status": absolute_range(*self.status_cell, 1, 1),
            f"{self.name}_TimeLimit": absolute_range(*self.time_limit_cell, 1, 1),
        }
        if "generate" in self.actions:
            names[f"{self.name}_Level"] = absolute_range(*self.level_cell, 1, 1)
        setting_names = self.setting_names()
        for cell in self.spec.cells:
            names[setting_names[cell.key]] = absolute_range(*self.at(cell.at), 1, 1)
        if self.spec.drawing:
            drawing = self.spec.drawing
            names[setting_names[drawing.key]] = absolute_range(*self.at(drawing.at), drawing.rows, drawing.cols)
        if self.spec.size:
            names[f"{self.name}_Rows"] = absolute_range(*self.at(self.spec.size.rows_at), 1, 1)
            names[f"{self.name}_Cols"] = absolute_range(*self.at(self.spec.size.cols_at), 1, 1)
        if self.spec.picture:
            picture = self.spec.picture
            names[f"{self.name}_Picture"] = absolute_range(*self.at(picture.at), picture.rows, picture.cols)
        if self.spec.listing:
            listing = self.spec.listing
            names[f"{self.name}_{listing.suffix}"] = absolute_range(*self.at(listing.at), listing.rows,
                                                                   len(listing.headings))
        return {name: f"{sheet}!{ref}" for name, ref in names.items()}


@dataclass(frozen=True)
class Sheet:
    spec: SheetSpec
    family: str
    areas: tuple[Area, ...]

    name = _of_spec("name")
    code_name = _of_spec("code_name")


def quote_sheet(name: str) -> str:
    return f"'{name}'" if not name.isalnum() else name


def absolute_range(top: int, left: int, rows: int, cols: int) -> str:
    first = f"${column_letters(left)}${top + 1}"
    if rows == cols == 1:
        return first
    return f"{first}:${column_letters(left + cols - 1)}${top + rows}"


TEXT_PIXELS_PER_CHARACTER = 7  # Calibri 11 on a 96-dpi screen: a digit is 7 pixels, most letters narrower
DROPDOWN_PIXELS = 6  # room beside a value for the cell's margins


def text_pixels(text: str) -> int:
    """About how wide ``text`` shows in the sheets' font, in pixels (a little generous)."""
    return TEXT_PIXELS_PER_CHARACTER * len(text) + 4


def head_rows(spec: AreaSpec) -> int:
    """Rows an area draws above its input grid (see :attr:`Area.head_rows`); an area read from a file has its
    File cell's row between its title and its "Solution" label (its labels row)."""
    return 2 + (LAYER_HEAD_ROWS if spec.layers is not None else 0) + (FILE_HEAD_ROWS if spec.file is not None else 0)


#: Rows an area read from a file draws above its solution grid besides its title and its labels row: the
#: "Solution" label's, under the row of its File cell.
FILE_HEAD_ROWS = 1


def _place(spec: SheetSpec, family: Family) -> Sheet:
    """Areas one below the other, each after its title and label rows."""
    areas, top = [], spec.areas_top
    for area_spec in spec.areas:
        area = Area(area_spec, family.name, spec.name, top + head_rows(area_spec), 1, actions_of(family, area_spec),
                    spec.cell_pixels)
        areas.append(area)
        top = area.bottom + 1
    return Sheet(spec, family.name, tuple(areas))


class LayoutError(ValueError):
    """Two families' sheets declare the same name, code name, order or area name: a mistake in a family's
    ``sheets()``, refused when the layout is first placed (by the builder, a button, a test)."""


#: What the workbook itself holds besides the families' sheets: no family may declare these.
RESERVED = {("sheet name", STATE_SHEET): "xlsolver's state sheet", ("sheet name", CONF_SHEET): "xlwings' sheet",
            ("code name", STATE_SHEET_CODE_NAME): "xlsolver's state sheet",
            ("code name", CONF_SHEET_CODE_NAME): "xlwings' sheet"}


def place(declaring) -> tuple[Sheet, ...]:
    """The sheets of ``declaring`` (families) placed, in their declared order; LayoutError when two collide.

    Sheet names, VBA code names, orders and area names must each be unique, without regard to case (Excel's
    sheet and defined names and VBA's names do not tell case apart), so that no family's sheet, range or
    macro silently replaces another's and the order of the sheets is the one declared."""
    placed = [_place(spec, family) for family in declaring if family.sheets for spec in family.sheets()]
    owners = {(what, str(value).lower()): owner for (what, value), owner in RESERVED.items()}
    for sheet in placed:
        whose = f"{sheet.family}'s sheet {sheet.name!r}"
        declared = [("sheet name", sheet.name, whose), ("code name", sheet.code_name, whose),
                    ("order", sheet.spec.order, whose)]
        declared += [("area name", area.name, f"an area of {whose}") for area in sheet.areas]
        for what, value, owner in declared:
            key = (what, str(value).lower())
            if key in owners:
                raise LayoutError(f"two sheets declare the {what} {value!r}: {owners[key]} and {owner}; each sheet "
                                  f"name, code name, order and area name must be unique (in any case)")
            owners[key] = owner
    return tuple(sorted(placed, key=lambda sheet: sheet.spec.order))


@cache
def sheets() -> tuple[Sheet, ...]:
    """Every family's sheets, in their declared order (checked: see :func:`place`)."""
    return place(families.all_families().values())


@cache
def areas() -> dict[str, Area]:
    return {area.name: area for sheet in sheets() for area in sheet.areas}


def area(name: str) -> Area | None:
    """The area called ``name`` (any case), or None."""
    found = areas()
    return found.get(name) or next((a for key, a in found.items() if key.lower() == name.lower()), None)


def state_cells() -> dict[str, tuple[int, int]]:
    return {name: (i, 1) for i, name in enumerate(areas())}


def defined_names() -> dict[str, str]:
    """Every workbook-level defined name the workbook carries."""
    names: dict[str, str] = {}
    for placed in areas().values():
        names.update(placed.names())
    for name, (row, col) in state_cells().items():
        names[f"{name}_State"] = f"{quote_sheet(STATE_SHEET)}!{absolute_range(row, col, 1, 1)}"
    names[XLWINGS_VERSION_NAME] = f"{quote_sheet(STATE_SHEET)}!{absolute_range(*XLWINGS_VERSION_CELL, 1, 1)}"
    return names


def buttons() -> list[tuple[Area, str]]:
    """Every (area, action) pair that has a button."""
    return [(placed, action) for placed in areas().values() for action in placed.actions]


def __getattr__(name: str):
    """``SHEETS`` and ``AREAS``, placed on first use (placing them imports every family)."""
    if name == "SHEETS":
        return sheets()
    if name == "AREAS":
        return areas()
    raise AttributeError(name)


__all__ = ["Area", "Sheet", "LayoutError", "place", "sheets", "areas", "area", "ACTIONS", "BUTTON_CAPTIONS", "defined_names", "buttons",
           "cell_name", "actions_of", "state_cells", "OUTPUT_FILL", "ERROR_FILL", "STATUS_ROWS", "text_pixels",
           "button_pixels"]
