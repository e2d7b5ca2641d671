"""The workbook's layout, in one place: sheets, areas, defined names and buttons.

The builder draws the workbook from this; the adapters only use the area
descriptions (board, pieces, which names exist) and find every range by its
workbook-level defined name, so a user may move things around.

Each area has an input grid ``<Area>_In`` (the user types here), a solution grid
``<Area>_Out`` beside it, a status cell ``<Area>_Status``, a time-limit cell
``<Area>_TimeLimit`` and, on a hidden sheet, ``<Area>_State`` (what Next showed
last).  Buttons call the VBA macro ``<Area>_<Action>``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..a1 import cell_name, column_letters

ACTIONS = ("solve", "next", "count", "unique", "clear")
STEP_ACTIONS = ("solve", "previous", "next", "clear")  # areas that show a solution move by move
BUTTON_CAPTIONS = {"solve": "Solve", "next": "Next", "count": "Count", "unique": "Unique?", "clear": "Clear",
                   "previous": "Previous"}
MACRO_SUFFIX = {"solve": "Solve", "next": "Next", "count": "Count", "unique": "Unique", "clear": "Clear",
                "previous": "Previous"}

STATE_SHEET = "xlsolver.state"
CONF_SHEET = "xlwings.conf"
DEFAULT_TIME_LIMIT = 10  # seconds, for Count and Unique?

# Custom sheet extras
CUSTOM_PIECES = "Custom_Pieces"
CUSTOM_TURN_OVER = "Custom_TurnOver"
CUSTOM_ROWS = "Custom_Rows"
CUSTOM_COLS = "Custom_Cols"


@dataclass(frozen=True)
class Area:
    """One puzzle area: where it is, and which board and pieces it solves."""

    name: str
    sheet: str
    title: str
    rows: int
    cols: int
    top: int  # 0-based sheet row of the input grid's first row
    left: int  # 0-based sheet column of the input grid's first column
    board: str | None = None  # named board fixing the mask; None: the user draws it (Custom)
    pieces: str | None = None  # piece set; None: drawn in Custom_Pieces
    family: str = "tiling"  # which family reads the grid (xlsolver.families.prepared.FAMILIES)
    letters: str | None = None  # what an input cell may hold besides '#' and '.'; None: any letter
    actions: tuple[str, ...] = ACTIONS  # its buttons, top to bottom

    @property
    def keeps_case(self) -> bool:
        """Ghost Hunter and RoadBlock give lower case a meaning (a lamp on a ghost, a police car)."""
        return self.family != "tiling"

    @property
    def out_left(self) -> int:
        return self.left + self.cols + 1

    @property
    def status_cell(self) -> tuple[int, int]:
        return self.top + max(self.rows, len(ACTIONS) + 2), self.left

    @property
    def button_col(self) -> int:
        return self.out_left + self.cols + 1

    def button_cell(self, action: str) -> tuple[int, int]:
        return self.top + self.actions.index(action), self.button_col

    @property
    def time_limit_cell(self) -> tuple[int, int]:
        return self.top + len(ACTIONS) + 1, self.button_col + 4

    @property
    def bottom(self) -> int:
        """First sheet row below everything this area draws."""
        return self.status_cell[0] + 1

    def macro(self, action: str) -> str:
        return f"{self.name}_{MACRO_SUFFIX[action]}"

    def names(self) -> dict[str, str]:
        """Defined name -> absolute reference on the area's own sheet (state excluded)."""
        sheet = quote_sheet(self.sheet)
        return {
            f"{self.name}_In": f"{sheet}!{absolute_range(self.top, self.left, self.rows, self.cols)}",
            f"{self.name}_Out": f"{sheet}!{absolute_range(self.top, self.out_left, self.rows, self.cols)}",
            f"{self.name}_Status": f"{sheet}!{absolute_range(*self.status_cell, 1, 1)}",
            f"{self.name}_TimeLimit": f"{sheet}!{absolute_range(*self.time_limit_cell, 1, 1)}",
        }


@dataclass(frozen=True)
class Sheet:
    name: str
    code_name: str  # the VBA document module's name
    heading: str
    intro: str
    legend: str | None = None  # piece set drawn at the top
    areas: tuple[Area, ...] = field(default_factory=tuple)


def quote_sheet(name: str) -> str:
    return f"'{name}'" if not name.isalnum() else name


def absolute_range(top: int, left: int, rows: int, cols: int) -> str:
    first = f"${column_letters(left)}${top + 1}"
    if rows == cols == 1:
        return first
    return f"{first}:${column_letters(left + cols - 1)}${top + rows}"


LEGEND_TOP = 3  # sheet row where a legend starts (after heading and intro)
LEGEND_ROWS = 8  # two rows of pictures, three cells tall each, plus gaps


def _stack(sheet: str, specs: list[tuple], first_top: int, **common) -> tuple[Area, ...]:
    """Areas one below the other, each after a title row."""
    areas = []
    top = first_top
    for name, title, rows, cols, board, pieces in specs:
        area = Area(name, sheet, title, rows, cols, top + 2, 1, board, pieces, **common)
        areas.append(area)
        top = area.bottom + 1
    return tuple(areas)


PENTO_SHEET = "Pentominoes"
IQ_SHEET = "IQ Puzzler Pro"
CUSTOM_SHEET = "Custom"

_AREA_TOP = LEGEND_TOP + LEGEND_ROWS

SHEETS: tuple[Sheet, ...] = (
    Sheet(
        PENTO_SHEET, "Sheet1", "Pentominoes",
        "Type piece letters into a left-hand grid as hints (a whole piece or a few of its cells), leave the "
        "other cells empty, and press Solve. The solution appears on the right; what you typed is never changed.",
        legend="pentominoes",
        areas=_stack(PENTO_SHEET, [
            ("Pento6x10", "6 x 10 rectangle (9,356 solutions)", 6, 10, "6x10", "pentominoes"),
            ("Pento5x12", "5 x 12 rectangle (4,040 solutions)", 5, 12, "5x12", "pentominoes"),
            ("Pento4x15", "4 x 15 rectangle (1,472 solutions)", 4, 15, "4x15", "pentominoes"),
            ("Pento3x20", "3 x 20 rectangle (8 solutions)", 3, 20, "3x20", "pentominoes"),
            ("PentoScott", "8 x 8 minus the centre (Scott's board, 520 solutions)", 8, 8, "scott", "pentominoes"),
        ], _AREA_TOP),
    ),
    Sheet(
        IQ_SHEET, "Sheet2", "IQ Puzzler Pro",
        "Copy a challenge from the booklet: type the letter of each pre-placed piece into its cells "
        "(A = yellow ... L = light green, as in the legend) and press Solve. Dark cells are not part of the board.",
        legend="iq-puzzler-pro",
        areas=_stack(IQ_SHEET, [
            ("IQ5x11", "5 x 11 board", 5, 11, "iq5x11", "iq-puzzler-pro"),
            ("IQDiamond", "Diamond board (the 45-degree side, drawn on the square grid)", 9, 9, "iqdiamond", "iq-puzzler-pro"),
        ], _AREA_TOP),
    ),
    Sheet(
        CUSTOM_SHEET, "Sheet3", "Your own puzzle",
        "Set the board size, type # for holes and letters for pre-placed pieces in the left grid; draw every piece "
        "below, one letter per piece (a letter's connected cells are that piece). Then press Solve.",
        areas=_stack(CUSTOM_SHEET, [
            ("Custom", "Board (empty cells inside the size are open board)", 12, 16, None, None),
        ], LEGEND_TOP + 3),
    ),
)

GHOST_SHEET = "Ghost Hunter"
ROADBLOCK_SHEET = "RoadBlock"
ROADBLOCK_MODE = "RoadBlock_Mode"

SHEETS += (
    Sheet(
        GHOST_SHEET, "Sheet6", "Ghost Hunter (幽灵捕手)",
        "Mark the six ghosts with G and press Solve: the tiles cover the board and every ghost sits under one lamp "
        "(* in the legend and the solution). A tile letter pre-places a tile cell; its lower-case letter puts its "
        "lamp on a ghost there.",
        legend="ghost-hunter",
        areas=_stack(GHOST_SHEET, [("Ghost", "4 x 4 board", 4, 4, None, None)], _AREA_TOP,
                     family="ghost-hunter", letters="GABCDEF"),
    ),
    Sheet(
        ROADBLOCK_SHEET, "Sheet7", "RoadBlock chase (迷宫大追捕)",
        "Type the challenge's buildings (S E W J) and the red car X, then press Solve: the police tiles fill the "
        "board so that no car can reach the edge over roads. Lower case in the solution is a police car.",
        legend="roadblock",
        areas=_stack(ROADBLOCK_SHEET, [("RoadBlock", "6 x 6 board", 6, 6, None, None)], _AREA_TOP,
                     family="roadblock", letters="RLCDTISEWJXY"),
    ),
)

KLOTSKI_SHEET = "Klotski"
KLOTSKI_METRIC = "Klotski_Metric"
KLOTSKI_MOVES = "Klotski_Moves"
KLOTSKI_MOVE_ROWS = 160

SHEETS += (
    Sheet(
        KLOTSKI_SHEET, "Sheet8", "Klotski (华容道)",
        "Type a layout: C Cao Cao (2x2), H Guan Yu (2 wide), V a general (2 tall), S a soldier, empty cells free. "
        "Solve finds the fewest moves to bring Cao Cao to the exit at the bottom; Next and Previous step through them.",
        legend="klotski",
        areas=_stack(KLOTSKI_SHEET, [("Klotski", "4 x 5 board, exit at the bottom middle", 5, 4, None, None)],
                     LEGEND_TOP + 4, family="klotski", letters="CHVS", actions=STEP_ACTIONS),
    ),
)

ZEN_SHEET = "Zen Garden"
ZEN_ROWS = "Zen_Rows"
ZEN_COLS = "Zen_Cols"

SHEETS += (
    Sheet(
        ZEN_SHEET, "Sheet9", "Zen Puzzle Garden",
        "Set the garden's size, draw rocks with # and walkable ground with _ (empty cells are sand), press Solve: "
        "the monk's raking order appears on the right, each pass in its own colour.",
        areas=_stack(ZEN_SHEET, [("Zen", "Garden (up to 16 x 16; beyond the size is dark)", 16, 16, None, None)],
                     LEGEND_TOP + 3, family="zen", letters="#_", actions=("solve", "clear")),
    ),
)

CUSTOM = SHEETS[2].areas[0]
KLOTSKI = SHEETS[5].areas[0]
ZEN = SHEETS[6].areas[0]
ZEN_CELLS = {ZEN_ROWS: (LEGEND_TOP + 1, 4), ZEN_COLS: (LEGEND_TOP + 1, 10)}
KLOTSKI_METRIC_AT = (KLOTSKI.top - 2, KLOTSKI.out_left + 8)
KLOTSKI_MOVES_AT = (KLOTSKI.top, KLOTSKI.button_col + 7, KLOTSKI_MOVE_ROWS, 4)  # step, piece, direction, distance
ROADBLOCK = SHEETS[4].areas[0]
ROADBLOCK_MODE_AT = (ROADBLOCK.top - 2, ROADBLOCK.out_left + 6)  # beside the area's title
#: Where the Custom sheet's extra cells are: size and turn-over above the board, pieces below.
CUSTOM_CELLS = {
    CUSTOM_ROWS: (LEGEND_TOP + 1, 4),
    CUSTOM_COLS: (LEGEND_TOP + 1, 10),
    CUSTOM_TURN_OVER: (LEGEND_TOP + 1, 22),
}
CUSTOM_PIECES_AT = (CUSTOM.bottom + 2, 1, 12, 40)  # top, left, rows, cols
CUSTOM_DEFAULT_SIZE = (6, 10)

AREAS: dict[str, Area] = {area.name: area for sheet in SHEETS for area in sheet.areas}
STATE_CELLS: dict[str, tuple[int, int]] = {name: (i, 1) for i, name in enumerate(AREAS)}
STATE_SHEET_CODE_NAME = "Sheet5"
CONF_SHEET_CODE_NAME = "Sheet4"  # (the Ghost Hunter and RoadBlock sheets came later: Sheet6, Sheet7)


def defined_names() -> dict[str, str]:
    """Every workbook-level defined name the workbook carries."""
    names: dict[str, str] = {}
    for area in AREAS.values():
        names.update(area.names())
    for name, (row, col) in STATE_CELLS.items():
        names[f"{name}_State"] = f"{quote_sheet(STATE_SHEET)}!{absolute_range(row, col, 1, 1)}"
    custom = quote_sheet(CUSTOM_SHEET)
    for name, (row, col) in CUSTOM_CELLS.items():
        names[name] = f"{custom}!{absolute_range(row, col, 1, 1)}"
    top, left, rows, cols = CUSTOM_PIECES_AT
    names[CUSTOM_PIECES] = f"{custom}!{absolute_range(top, left, rows, cols)}"
    names[ROADBLOCK_MODE] = f"{quote_sheet(ROADBLOCK_SHEET)}!{absolute_range(*ROADBLOCK_MODE_AT, 1, 1)}"
    names[KLOTSKI_METRIC] = f"{quote_sheet(KLOTSKI_SHEET)}!{absolute_range(*KLOTSKI_METRIC_AT, 1, 1)}"
    for name, (row, col) in ZEN_CELLS.items():
        names[name] = f"{quote_sheet(ZEN_SHEET)}!{absolute_range(row, col, 1, 1)}"
    names[KLOTSKI_MOVES] = f"{quote_sheet(KLOTSKI_SHEET)}!{absolute_range(*KLOTSKI_MOVES_AT)}"
    return names


def buttons() -> list[tuple[Area, str]]:
    """Every (area, action) pair that has a button."""
    return [(area, action) for area in AREAS.values() for action in area.actions]


__all__ = ["Area", "Sheet", "SHEETS", "AREAS", "ACTIONS", "defined_names", "buttons", "cell_name"]
