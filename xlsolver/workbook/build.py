"""Build ``board.xlsm`` with XlsxWriter from the layout, the families' legends and ``vba/``.

The same inputs give the same bytes: fixed document dates, a deterministic VBA
project, and XlsxWriter's fixed zip timestamps.  ``runpython_stub=True`` builds
the test variant whose ``RunPython`` only records its command (LibreOffice
cannot compile xlwings' own module), to prove the button -> macro -> command wiring.

``vba/Buttons.bas`` is written here too: its hand-written head (the ``Press``
sub) and, below the marker line, one macro per button of the layout.
"""
from __future__ import annotations

import datetime as dt
import io
import textwrap
from pathlib import Path

import xlsxwriter

from .. import catalog, families
from ..a1 import cell_name
from ..answer import OFF_BOARD, Frame
from ..console import UserError
from ..families.challenges import LEVELS
from ..sheets import LEGEND_TOP
from ..terminal import text_colour
from . import layout
from .vba import VBAModule, build_vba_project

REPO_VBA = Path(__file__).resolve().parents[2] / "vba"  # beside the package in a source checkout
GRID_WIDTH = 2.86  # column width in characters: about 25 pixels, square with 20-pixel rows
BUTTON = {"width": 84, "height": 19}
CREATED = dt.datetime(2026, 1, 1)
BUTTONS_MARKER = "' --- Below: one macro per button, written by 'xlsolver build-workbook' from the layout. Do not edit."
LEGEND_BAND_ROWS = 4  # a legend band: pieces up to three cells tall, and a gap


class WrongXlwings(UserError):
    """The installed xlwings is not the one the workbook is built for."""


def xlwings_modules() -> list[VBAModule]:
    """xlwings' standalone module and its Dictionary class, from the installed xlwings, which must be the pinned one."""
    import xlwings  # only the builder needs it

    if xlwings.__version__ != layout.XLWINGS_VERSION:
        raise WrongXlwings(f"board.xlsm embeds the VBA module of xlwings {layout.XLWINGS_VERSION}, and this Python has "
                           f"xlwings {xlwings.__version__}: pip install xlwings=={layout.XLWINGS_VERSION}")
    root = Path(xlwings.__file__).parent
    return [
        VBAModule("xlwings", "standard", (root / "xlwings.bas").read_text(encoding="utf-8")),
        VBAModule("Dictionary", "class", (root / "addin" / "Dictionary.cls").read_text(encoding="utf-8")),
    ]


def find_vba_dir() -> Path:
    """``vba/`` beside the package (editable install), else in the current folder."""
    for folder in (REPO_VBA, Path.cwd() / "vba"):
        if (folder / "Buttons.bas").is_file():
            return folder
    raise FileNotFoundError("vba/Buttons.bas not found: run build-workbook from a source checkout of xlsolver")


def vba_modules(vba_dir: Path | None = None, runpython_stub: bool = False) -> list[VBAModule]:
    """Document modules for the workbook and every sheet, then the code modules."""
    vba_dir = vba_dir or find_vba_dir()
    modules = [VBAModule("ThisWorkbook", "document", "", workbook=True)]
    modules += [VBAModule(code_name, "document", "") for code_name in _code_names()]
    modules.append(VBAModule("Buttons", "standard", buttons_source(vba_dir)))
    if runpython_stub:
        modules.append(VBAModule("xlwings", "standard", (vba_dir / "stub" / "xlwings.bas").read_text(encoding="utf-8")))
    else:
        modules += xlwings_modules()
    return modules


def _code_names() -> list[str]:
    return [s.code_name for s in layout.sheets()] + [layout.CONF_SHEET_CODE_NAME, layout.STATE_SHEET_CODE_NAME]


def buttons_source(vba_dir: Path | None = None) -> str:
    """``Buttons.bas``: its hand-written head up to the marker, then a macro per button of the layout."""
    vba_dir = vba_dir or find_vba_dir()
    text = (vba_dir / "Buttons.bas").read_text(encoding="utf-8")
    if BUTTONS_MARKER not in text:
        raise FileNotFoundError(f"{vba_dir / 'Buttons.bas'} lacks the line {BUTTONS_MARKER!r}")
    lines = [text[: text.index(BUTTONS_MARKER) + len(BUTTONS_MARKER)]]
    for sheet in layout.sheets():
        for area in sheet.areas:
            lines.append(f"\n' {sheet.name}: {area.title}")
            for action in area.actions:
                lines += [f"Sub {area.macro(action)}()", f'    Press "{area.name}", "{action}"', "End Sub"]
    return "\n".join(lines) + "\n"


def refresh_buttons(vba_dir: Path | None = None) -> bool:
    """Rewrite ``vba/Buttons.bas`` from the layout if it differs; True if it changed."""
    path = (vba_dir or find_vba_dir()) / "Buttons.bas"
    fresh = buttons_source(path.parent)
    if path.read_text(encoding="utf-8") == fresh:
        return False
    path.write_text(fresh, encoding="utf-8")
    return True


class _Formats:
    """Every cell format the workbook uses, made once."""

    def __init__(self, book: xlsxwriter.Workbook):
        border = {"border": 1, "border_color": "#9e9e9e", "align": "center", "valign": "vcenter"}
        self.heading = book.add_format({"bold": True, "font_size": 16})
        self.intro = book.add_format({"italic": True, "font_color": "#555555"})
        self.title = book.add_format({"bold": True, "font_size": 12})
        self.label = book.add_format({"font_color": "#555555"})
        self.input = book.add_format({**border, "bold": True, "bg_color": "#ffffff"})
        self.output = book.add_format({**border, "bold": True})
        self.off_board = book.add_format({**border, "bg_color": OFF_BOARD})
        self.status = book.add_format({"italic": True, "font_color": "#1f4e79"})
        self.number = book.add_format({**border, "bg_color": "#ffffff"})
        self.conf_key = book.add_format({"bold": True})
        self.dark = book.add_format({"bg_color": OFF_BOARD})
        self._pieces: dict[str, object] = {}
        self._book = book

    def highlight(self, colour: str):
        """A conditional-format colour (no borders or alignment: those stay the cell's)."""
        return self._book.add_format({"bg_color": colour, "font_color": text_colour(colour)})

    def piece(self, colour: str):
        if colour not in self._pieces:
            self._pieces[colour] = self._book.add_format({
                "bold": True, "align": "center", "valign": "vcenter", "bg_color": colour,
                "font_color": text_colour(colour), "border": 1, "border_color": "#ffffff"})
        return self._pieces[colour]


def build(path: str | Path, vba_dir: Path | None = None, runpython_stub: bool = False) -> Path:
    """Write the workbook to ``path`` (an .xlsm) and return the path."""
    path = Path(path)
    modules = vba_modules(vba_dir, runpython_stub)
    book = xlsxwriter.Workbook(str(path), {"strings_to_numbers": False, "strings_to_formulas": False})
    book.set_properties({"title": "xlsolver puzzle board", "author": "xlsolver", "created": CREATED})
    book.set_vba_name("ThisWorkbook")
    formats = _Formats(book)
    for sheet in layout.sheets():
        _draw_sheet(book, formats, sheet)
    _conf_sheet(book, formats)
    _state_sheet(book)
    for name, ref in layout.defined_names().items():
        book.define_name(name, f"={ref}")
    book.add_vba_project(io.BytesIO(build_vba_project(modules)), is_stream=True)
    book.close()
    return path


def _draw_sheet(book, formats: _Formats, sheet: layout.Sheet) -> None:
    ws = book.add_worksheet(sheet.name)
    ws.set_vba_name(sheet.code_name)
    ws.set_column(0, 0, 2)
    ws.set_column(1, 120, GRID_WIDTH)
    ws.hide_gridlines(2)
    ws.write(0, 1, sheet.spec.heading, formats.heading)
    for row, line in enumerate(textwrap.wrap(sheet.spec.intro, 110)[:2], start=1):
        ws.write(row, 1, line, formats.intro)
    family = families.get(sheet.family)
    if sheet.spec.legend is not None and family.legend is not None:
        frames = family.legend(sheet.spec.legend)
        for (r, c), cell in legend_cells(frames, LEGEND_TOP, 1).items():
            ws.write(r, c, cell.text, formats.piece(cell.colour))
    for area in sheet.areas:
        _draw_area(ws, formats, area)
        _draw_extras(ws, formats, area, family)


def legend_cells(frames: list[Frame], top: int, left: int) -> dict:
    """Sheet cell -> Cell of every picture: in two bands (one if there are four or fewer), one column apart."""
    bands = [frames] if len(frames) <= 4 else [frames[: (len(frames) + 1) // 2], frames[(len(frames) + 1) // 2:]]
    cells = {}
    for band, chunk in enumerate(bands):
        row, col = top + band * LEGEND_BAND_ROWS, left
        for frame in chunk:
            for r, frame_row in enumerate(frame.rows):
                for c, cell in enumerate(frame_row):
                    if not cell.ground:
                        cells[(row + r, col + c)] = cell
            col += 1 + frame.width
    return cells


def _validation_runs(mask_row: list[bool]) -> list[tuple[int, int, bool]]:
    """Runs of equal flags in a row, as (first, last, flag)."""
    runs, start = [], 0
    for i in range(1, len(mask_row) + 1):
        if i == len(mask_row) or mask_row[i] != mask_row[start]:
            runs.append((start, i - 1, mask_row[start]))
            start = i
    return runs


def _letter_rule(first_cell: str, letters: str | None, holes: bool = True) -> str:
    """Excel validation: empty, or one allowed letter (any letter if None), or '#' and '.'."""
    x = first_cell
    if letters is None:
        one = f"AND(LEN({x})=1,CODE(UPPER({x}))>=65,CODE(UPPER({x}))<=90)"
    else:
        one = f'AND(LEN({x})=1,ISNUMBER(FIND(UPPER({x}),"{letters}")))'
    marks = f'{x}="#",{x}=".",' if holes else ""
    return f"=OR(LEN({x})=0,{marks}{one})"


def _draw_area(ws, formats: _Formats, area: layout.Area) -> None:
    spec = area.spec
    ws.write(area.top - 2, area.left, area.title, formats.title)
    ws.write(area.top - 1, area.left, "Your puzzle", formats.label)
    ws.write(area.top - 1, area.out_left, "Solution", formats.label)
    mask = catalog.board(area.board).cells if area.board else None
    letters = spec.letters
    allowed = spec.hint or (f"Type a letter ({' '.join(letters)})" if letters else "Type a letter")
    for r in range(area.rows):
        flags = [mask is None or (r, c) in mask for c in range(area.cols)]
        for c, on_board in enumerate(flags):
            sample = spec.sample
            typed = sample[r][c].strip(" .") if r < len(sample) and c < len(sample[r]) else ""
            if on_board:
                ws.write(area.top + r, area.left + c, typed or None, formats.input)
            else:
                ws.write_blank(area.top + r, area.left + c, None, formats.off_board)
            ws.write_blank(area.top + r, area.out_left + c, None, formats.output if on_board else formats.off_board)
        for first, last, on_board in _validation_runs(flags):
            row = area.top + r
            if on_board:
                rule = {"validate": "custom", "value": _letter_rule(cell_name(row, area.left + first), letters),
                        "input_title": "Puzzle cell",
                        "input_message": f"{allowed}, # for a hole, or leave empty for open board.",
                        "error_title": "Not a piece letter",
                        "error_message": f"{allowed}, # for a hole, or leave the cell empty."}
            else:
                rule = {"validate": "custom", "value": "=FALSE", "error_title": "Not part of the board",
                        "error_message": "This dark cell is not part of the board; leave it empty."}
            ws.data_validation(row, area.left + first, row, area.left + last, rule)
    row, col = area.status_cell
    ws.write_blank(row, col, None, formats.status)
    for action in area.actions:
        r, c = area.button_cell(action)
        ws.insert_button(r, c, {**BUTTON, "macro": area.macro(action), "caption": layout.BUTTON_CAPTIONS[action]})
    row, col = area.time_limit_cell
    ws.write(row, area.button_col, "Time limit (s)", formats.label)
    ws.write_number(row, col, layout.DEFAULT_TIME_LIMIT, formats.number)
    ws.data_validation(row, col, row, col, {
        "validate": "decimal", "criteria": ">", "value": 0, "error_title": "Time limit",
        "error_message": "Seconds that Count and Unique? may take: a number above 0."})
    if "generate" in area.actions:
        row, col = area.level_cell
        ws.write(row, area.button_col, layout.LEVEL_LABEL, formats.label)
        ws.write_blank(row, col, None, formats.input)
        ws.data_validation(row, col, row, col, {
            "validate": "list", "source": [level.capitalize() for level in LEVELS], "input_title": "Level",
            "input_message": "Generate makes a challenge of this level (Starter easiest); empty: any level."})


def _label_offset(label: str) -> int:
    """How many columns left of its cell a label starts, so it reads up to the cell."""
    return max(3, len(label) // 3)


def _draw_extras(ws, formats: _Formats, area: layout.Area, family: families.Family) -> None:
    """The area's setting cells, size cells, drawing and list, from its spec."""
    spec = area.spec
    for cell in spec.cells:
        setting = family.setting(cell.key)
        row, col = area.at(cell.at)
        ws.write(row, col - _label_offset(setting.label), setting.label, formats.label)
        shown = cell.sample if cell.sample is not None else setting.default
        ws.write(row, col, shown, formats.number)
        if setting.choices:
            ws.data_validation(row, col, row, col, {
                "validate": "list", "source": [c.capitalize() for c in setting.choices],
                "input_title": setting.label[:32], "input_message": setting.help[:255]})
    if spec.size:
        _size_cells(ws, formats, area)
    if spec.drawing:
        _drawing(ws, formats, area, family)
    if spec.listing:
        top, left = area.at(spec.listing.at)
        ws.set_column(left, left + len(spec.listing.headings) - 1, spec.listing.width)
        for c, label in enumerate(spec.listing.headings):
            ws.write(top - 1, left + c, label, formats.title)


def _drawing(ws, formats: _Formats, area: layout.Area, family: families.Family) -> None:
    """A setting drawn as letters (pieces), pre-drawn with the family's legend; colours follow the letters."""
    drawing = area.spec.drawing
    top, left = area.at(drawing.at)
    ws.write(top - 2, left, drawing.title, formats.title)
    ws.write(top - 1, left, drawing.note, formats.label)
    sample = legend_cells(family.legend(drawing.sample), top, left) if drawing.sample and family.legend else {}
    for r in range(top, top + drawing.rows):
        for c in range(left, left + drawing.cols):
            cell = sample.get((r, c))
            ws.write(r, c, cell.text if cell else None, formats.input)
    ws.data_validation(top, left, top + drawing.rows - 1, left + drawing.cols - 1, {
        "validate": "custom", "value": _letter_rule(cell_name(top, left), None, holes=False),
        "error_title": "Pieces", "error_message": "Draw each piece with one letter (A-Z); leave other cells empty."})
    for index, colour in enumerate(drawing.palette):
        letter = chr(ord("A") + index)
        ws.conditional_format(top, left, top + drawing.rows - 1, left + drawing.cols - 1,
                              {"type": "cell", "criteria": "==", "value": f'"{letter}"',
                               "format": formats.highlight(colour)})


def _size_cells(ws, formats: _Formats, area: layout.Area) -> None:
    """Rows and Columns cells for a board drawn inside a bigger grid; cells beyond turn dark."""
    size = area.spec.size
    rows_name, cols_name = f"{area.name}_Rows", f"{area.name}_Cols"
    for at, label, value, most in ((size.rows_at, "Rows", size.sample[0], area.rows),
                                   (size.cols_at, "Columns", size.sample[1], area.cols)):
        row, col = area.at(at)
        ws.write(row, col - 3, label, formats.label)
        ws.write_number(row, col, value, formats.number)
        ws.data_validation(row, col, row, col, {"validate": "integer", "criteria": "between", "minimum": 1,
                                                "maximum": most, "error_message": f"A whole number from 1 to {most}."})
    for left in (area.left, area.out_left):
        corner = layout.absolute_range(area.top, left, 1, 1)
        rule = f"=OR(ROW()-ROW({corner})+1>{rows_name},COLUMN()-COLUMN({corner})+1>{cols_name})"
        ws.conditional_format(area.top, left, area.top + area.rows - 1, left + area.cols - 1,
                              {"type": "formula", "criteria": rule, "format": formats.dark})


#: What the xlwings.conf sheet says, in column D (xlwings reads columns A and B only).
CONF_NOTES = (
    "xlwings reads its settings here from A1:B1 down to the first empty row. A key in column A overrides your "
    "own xlwings settings,",
    "even with B empty, so this workbook sets none: xlwings then uses xlwings.conf beside the workbook, then "
    "%USERPROFILE%\\.xlwings\\xlwings.conf.",
    "To choose the Python for this workbook only, type a key into A1 and its value into B1 (the next ones below):",
    "  Interpreter_Win    C:\\Users\\you\\xlsolver-env\\Scripts\\python.exe   (the Python that has xlsolver)",
    "  Interpreter_Mac    /Users/you/xlsolver-env/bin/python",
    "  Conda Path, Conda Env    with conda: its folder and the environment's name (leave Interpreter_Win out)",
    "  Use UDF Server    TRUE keeps one Python between clicks (Windows);   Show Console    TRUE shows Python starting",
    "See docs/excel-guide.md.",
)


def _conf_sheet(book, formats: _Formats) -> None:
    """xlwings' settings sheet, empty: a row here would hide the user's own xlwings settings (notes beside it)."""
    ws = book.add_worksheet(layout.CONF_SHEET)
    ws.set_vba_name(layout.CONF_SHEET_CODE_NAME)
    ws.set_column(0, 0, 18, formats.conf_key)
    ws.set_column(1, 1, 40)
    ws.set_column(2, 2, 2)
    for row, line in enumerate(CONF_NOTES):
        ws.write(row, 3, line, formats.label)


def _state_sheet(book) -> None:
    """Very hidden: what Next showed last, per area (each click is a new Python process), and the xlwings version."""
    ws = book.add_worksheet(layout.STATE_SHEET)
    ws.set_vba_name(layout.STATE_SHEET_CODE_NAME)
    for name, (row, col) in layout.state_cells().items():
        ws.write(row, col - 1, name)
    row, col = layout.XLWINGS_VERSION_CELL
    ws.write(row, col - 1, "xlwings")
    ws.write_string(row, col, layout.XLWINGS_VERSION)
    ws.very_hidden()  # not even Format > Sheet > Unhide shows it: the buttons' memory, not the user's
