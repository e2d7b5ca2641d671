"""Build ``board.xlsm`` with XlsxWriter from the layout, the families' legends and ``vba/``.

The same inputs give the same bytes: fixed document dates, a deterministic VBA
project, and XlsxWriter's fixed zip timestamps (kept when the package is
rewritten without ``fullCalcOnLoad``: see :func:`without_full_calc_on_load`).  ``runpython_stub=True`` builds
the test variant whose ``RunPython`` only records its command (LibreOffice
cannot compile xlwings' own module), to prove the button -> macro -> command wiring.

``vba/Buttons.bas`` is written here too: its hand-written head (the ``Press``
sub) and, below the marker line, one macro per button of the layout.
"""
from __future__ import annotations

import datetime as dt
import io
import math
import re
import textwrap
import zipfile
from pathlib import Path

import xlsxwriter
import xlsxwriter.exceptions

from ..geometry import catalog
from .. import families
from ..base.a1 import cell_name, column_letters
from ..base.answer import OFF_BOARD, Cell, Frame
from ..base.files import UserError
from ..families.levels import LEVELS
from ..base.sheets import LEGEND_TOP, LEGEND_WIDTH, legend_places
from ..pictures.terminal import text_colour
from . import layout, plane
from .vba import VBAModule, build_vba_project

REPO_VBA = Path(__file__).resolve().parents[2] / "vba"  # beside the package in a source checkout
BUTTON = {"width": layout.BUTTON_PIXELS[0], "height": layout.BUTTON_PIXELS[1]}
HEADING_PIXELS = 30  # the sheet heading's row: its 16-point font needs more than a grid row
LAST_COLUMN = 120  # grid columns are set this far right
CREATED = dt.datetime(2026, 1, 1)
BUTTONS_MARKER = "' --- Below: one macro per button, written by 'xlsolver build-workbook' from the layout. Do not edit."
LEGEND_BAND_ROWS = 4  # a legend band: pieces up to three cells tall, and a gap
OUTLINE = "#595959"  # the border of a pale piece's cells (Kanoodle's white F), so it does not look like an empty cell
PALE = 0xe6  # a piece colour whose red, green and blue are all at least this is pale: drawn outlined


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
    """Document modules for the workbook and every sheet, then the code modules.

    The real build also carries ``xlwings_udfs``, the formulas' VBA wrappers as xlwings' Import Functions writes
    them (``udf_vba``); the stub build leaves them out, as they call xlwings' COM server, which the stub lacks.
    """
    from . import formulas, udf_vba  # the formulas' wrappers: only the builder needs them, and they import xlwings

    vba_dir = vba_dir or find_vba_dir()
    modules = [VBAModule("ThisWorkbook", "document", "", workbook=True)]
    modules += [VBAModule(code_name, "document", "") for code_name in _code_names()]
    modules.append(VBAModule("Buttons", "standard", buttons_source(vba_dir)))
    if runpython_stub:
        modules.append(VBAModule("xlwings", "standard", (vba_dir / "stub" / "xlwings.bas").read_text(encoding="utf-8")))
    else:
        modules += xlwings_modules()
        modules.append(udf_vba.vba_module(formulas))
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
        self._border = border
        self.heading = book.add_format({"bold": True, "font_size": 16})
        self.intro = book.add_format({"italic": True, "font_color": "#555555"})
        self.title = book.add_format({"bold": True, "font_size": 12})
        self.label = book.add_format({"font_color": "#555555"})
        self.input = book.add_format({**border, "bold": True, "bg_color": layout.INPUT_FILL})
        self.output = book.add_format({**border, "bold": True, "bg_color": layout.OUTPUT_FILL})
        self.off_board = book.add_format({**border, "bg_color": OFF_BOARD})
        self.status = book.add_format({"font_color": "#1f4e79", "text_wrap": True, "align": "left", "valign": "top",
                                       "border": 1, "border_color": "#9e9e9e", "bg_color": layout.OUTPUT_FILL})
        self.number = book.add_format({**border, "bg_color": layout.INPUT_FILL})
        self.list_heading = book.add_format({"bold": True, "align": "center", "bottom": 1})
        self.list_cell = book.add_format({"align": "center", "bg_color": layout.OUTPUT_FILL,
                                          "border": 1, "border_color": "#d9d9d9"})
        self.conf_key = book.add_format({"bold": True})
        self.dark = book.add_format({"bg_color": OFF_BOARD})
        self.caption = book.add_format({"font_size": 9, "font_color": "#555555"})
        self.mark = book.add_format({"font_size": 8, "font_color": "#7f7f7f", "align": "center", "valign": "vcenter"})
        self.outline = book.add_format({"border": 1, "border_color": OUTLINE})
        self._pieces: dict[str, object] = {}
        self._book = book

    def grid(self, fill: str):
        """An input cell's format with its own fill (``layout.Area.ground_fills``): white, or shaded (a down
        triangle), or the layout grey between hexagons."""
        if fill == layout.INPUT_FILL:
            return self.input
        key = ("grid", fill)
        if key not in self._pieces:
            self._pieces[key] = self._book.add_format({**self._border, "bold": True, "bg_color": fill})
        return self._pieces[key]

    def highlight(self, colour: str):
        """A conditional-format colour (no alignment: that stays the cell's; a pale colour outlined)."""
        key = ("highlight", colour)
        if key not in self._pieces:
            outline = {"border": 1, "border_color": OUTLINE} if pale(colour) else {}
            self._pieces[key] = self._book.add_format({"bg_color": colour, "font_color": text_colour(colour),
                                                       **outline})
        return self._pieces[key]

    def piece(self, colour: str):
        """A legend's piece cell: a white border between cells, or an outline around a pale piece's."""
        if colour not in self._pieces:
            self._pieces[colour] = self._book.add_format({
                "bold": True, "align": "center", "valign": "vcenter", "bg_color": colour,
                "font_color": text_colour(colour), "border": 1, "border_color": OUTLINE if pale(colour) else "#ffffff"})
        return self._pieces[colour]


def pale(colour: str) -> bool:
    """A colour hard to tell from the white sheet and the empty cells (Kanoodle's white piece): drawn outlined."""
    red, green, blue = (int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    return min(red, green, blue) >= PALE


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
    try:
        book.close()
    except xlsxwriter.exceptions.FileCreateError as err:  # said as an OSError is: one line naming the file
        cause = err.args[0] if err.args and isinstance(err.args[0], OSError) else None
        raise OSError(getattr(cause, "errno", None), getattr(cause, "strerror", None) or str(err), str(path)) from None
    without_full_calc_on_load(path)
    return path


_FULL_CALC = re.compile(rb'\s+fullCalcOnLoad="(1|true)"')


def without_full_calc_on_load(path: Path) -> None:
    """Drop ``fullCalcOnLoad`` from ``xl/workbook.xml``, which XlsxWriter always writes.

    It makes Excel recalculate on opening and then ask to save on every close, though the workbook has no
    formula to calculate.  The package is written again member by member with the same names, order, dates
    and compression, so the same inputs still give the same bytes."""
    with zipfile.ZipFile(path) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()]
    with zipfile.ZipFile(path, "w") as archive:
        for info, data in members:
            if info.filename == "xl/workbook.xml":
                data = _FULL_CALC.sub(b"", data)
            archive.writestr(info, data, compress_type=info.compress_type)


def _draw_sheet(book, formats: _Formats, sheet: layout.Sheet) -> None:
    ws = book.add_worksheet(sheet.name)
    ws.set_vba_name(sheet.code_name)
    _square_cells(ws, sheet.spec.cell_pixels)
    ws.hide_gridlines(2)
    ws.write(0, 1, sheet.spec.heading, formats.heading)
    for row, line in enumerate(intro_lines(sheet), start=1):
        ws.write(row, 1, line, formats.intro)
    family = families.get(sheet.family)
    for (r, c), cell in sheet_legend(sheet).items():
        ws.write(r, c, cell.text, formats.piece(cell.colour) if cell.colour else formats.title)
    for area in sheet.areas:
        _draw_area(ws, formats, area)
        _draw_extras(ws, formats, area, family)
    _page_setup(ws, sheet)


def _square_cells(ws, pixels: int) -> None:
    """Every grid column and row ``pixels`` wide and tall, so pieces look as they are (Excel's pixels: a column
    width in characters is converted from them by XlsxWriter, a row height in points is 3/4 of them)."""
    ws.set_column(0, 0, 2)
    ws.set_column_pixels(1, LAST_COLUMN, pixels)
    ws.set_default_row(pixels * 0.75)
    ws.set_row_pixels(0, HEADING_PIXELS)


def intro_lines(sheet: layout.Sheet) -> list[str]:
    return textwrap.wrap(sheet.spec.intro, 110)[:2]


def sheet_legend(sheet: layout.Sheet) -> dict:
    """Sheet cell -> Cell of the legend drawn at the top of ``sheet`` (none: empty)."""
    family = families.get(sheet.family)
    if sheet.spec.legend is None or family.legend is None:
        return {}
    return legend_cells(family.legend(sheet.spec.legend), LEGEND_TOP, 1, sheet.spec.legend_width)


def _page_setup(ws, sheet: layout.Sheet) -> None:
    """Printed as seen: landscape, one page wide (as many tall as it takes), everything drawn in the print area."""
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    ws.set_margins(left=0.4, right=0.4, top=0.5, bottom=0.5)
    ws.print_area(0, 0, *print_extent(sheet))


def print_extent(sheet: layout.Sheet) -> tuple[int, int]:
    """(last row, last column), 0-based, of what the sheet draws: texts (as far as they reach), the legend,
    every area with its setting cells, drawing and list."""
    px = sheet.spec.cell_pixels
    rows, cols = [0], [math.ceil(layout.text_pixels(sheet.spec.heading) * 2 / px)]  # the heading: twice the size
    rows += [len(intro_lines(sheet))]
    cols += [math.ceil(layout.text_pixels(line) / px) for line in intro_lines(sheet)]
    legend = sheet_legend(sheet)
    rows += [r for r, _ in legend]
    cols += [c for _, c in legend]
    for area in sheet.areas:
        rows.append(area.bottom - 1)
        cols += [area.right, area.left + area.columns_for(layout.text_pixels(area.title) * 1.2)]
        for cell in area.spec.cells:
            row, col = area.at(cell.at)
            rows.append(row)
            cols.append(col + area.setting_span(cell) - 1)
        if area.spec.file is not None:
            row, col = area.file_cell
            rows.append(row)
            cols.append(col + area.spec.file.span - 1)
        if area.spec.picture:
            top, left = area.at(area.spec.picture.at)
            rows.append(top + area.spec.picture.rows - 1)
            cols.append(left + max(area.spec.picture.cols, area.columns_for(layout.text_pixels(area.spec.picture.title))) - 1)
        for extra in (area.spec.drawing, area.spec.listing):
            if extra is None:
                continue
            top, left = area.at(extra.at)
            width = extra.cols if extra is area.spec.drawing else len(extra.headings)
            rows.append(top + extra.rows - 1)
            cols.append(left + width - 1)
            if extra is area.spec.drawing:
                cols.append(left + area.columns_for(layout.text_pixels(extra.title) * 1.2))
    return max(rows), max(cols)


def legend_cells(frames: list[Frame], top: int, left: int, width: int = LEGEND_WIDTH) -> dict:
    """Sheet cell -> Cell of every picture: in two bands (one if there are four or fewer), one column apart;
    pictures captioned with their group (a sheet of two piece sets) go group by group under each caption
    (``sheets.legend_places``), the caption a cell without colour.  Pictures on triangles or hexagons are drawn
    as the sheet's grids draw them (``plane.as_drawn``: down triangles shaded, hexagons of a piece bridged)."""
    frames = [plane.as_drawn(frame) for frame in frames]
    if any(frame.caption for frame in frames):
        places, captions, _ = legend_places([(f.height, f.width, f.caption) for f in frames], width)
        cells = {(top + r, left + c): Cell(text) for (r, c), text in captions}
        for frame, (row, col) in zip(frames, places):
            for r, frame_row in enumerate(frame.rows):
                for c, cell in enumerate(frame_row):
                    if not cell.ground or cell.colour:
                        cells[(top + row + r, left + col + c)] = cell
        return cells
    bands = [frames] if len(frames) <= 4 else [frames[: (len(frames) + 1) // 2], frames[(len(frames) + 1) // 2:]]
    cells = {}
    for band, chunk in enumerate(bands):
        row, col = top + band * LEGEND_BAND_ROWS, left
        for frame in chunk:
            for r, frame_row in enumerate(frame.rows):
                for c, cell in enumerate(frame_row):
                    if not cell.ground or cell.colour:
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
    ws.write(area.labels_row - 1, area.left, area.title, formats.title)
    if spec.file is not None:
        _draw_file_area(ws, formats, area)
        return
    ws.write(area.labels_row, area.left, "Your puzzle", formats.label)
    ws.write(area.labels_row, area.out_left, "Solution", formats.label)
    if spec.layers is not None:
        _layer_heads(ws, formats, area)
    mask = area.mask
    letters = spec.letters
    allowed = spec.hint or (f"Type a letter ({' '.join(letters)})" if letters else "Type a letter")
    empty = "or leave empty for open board" if spec.empty == "." else "or leave empty where there is no board"
    ground_in = area.ground_fills(area.rows, area.cols)
    gaps = mask is None and any(plane.between(area.lattice, r, c) for r in (0, 1) for c in (0, 1))
    for r in range(area.rows):
        flags = [mask is None or (r, c) in mask for c in range(area.cols)]
        for c, on_board in enumerate(flags):
            sample = spec.sample
            typed = sample[r][c] if r < len(sample) and c < len(sample[r]) else " "
            if typed == " " or (typed == "." and spec.empty == "."):  # as typed: an open cell is an empty one
                typed = ""
            if on_board:
                ws.write(area.top + r, area.left + c, typed or None, formats.grid(ground_in[r][c]))
            else:
                ws.write_blank(area.top + r, area.left + c, None, formats.off_board)
            ws.write_blank(area.top + r, area.out_left + c, None, formats.output if on_board else formats.off_board)
        if mask is None:
            continue  # one rule for the whole grid, below
        for first, last, on_board in _validation_runs(flags):
            row = area.top + r
            if on_board:
                rule = _typing_rule(cell_name(row, area.left + first), letters, allowed, empty)
            else:
                rule = {"validate": "custom", "value": "=FALSE", "error_title": "Not part of the board",
                        "error_message": "This dark cell is not part of the board; leave it empty."}
            ws.data_validation(row, area.left + first, row, area.left + last, rule)
    if gaps:
        _between_cells_rule(ws, area, allowed, empty)
    elif mask is None:
        ws.data_validation(area.top, area.left, area.top + area.rows - 1, area.left + area.cols - 1,
                           _typing_rule(cell_name(area.top, area.left), letters, allowed, empty))
    typed_in = layout.absolute_range(area.top, area.left, area.rows, area.cols).replace("$", "")
    _read_only(ws, (area.top, area.out_left, area.top + area.rows - 1, area.out_left + area.cols - 1),
               "Solution grid", f"xlsolver writes the solution here. Type your puzzle into the grid on the left "
                           f"({typed_in}).")
    _status_box(ws, formats, area)
    if spec.coloured:
        _piece_colours(ws, formats, area)
    _buttons_and_time_limit(ws, formats, area)


def _draw_file_area(ws, formats: _Formats, area: layout.Area) -> None:
    """An area whose puzzle is a file (``AreaSpec.file``): the File cell on the row under the title, where the path
    is typed (merged over its span, a prompt saying what to type), and the solution grid, which xlsolver fills with
    the answer's frames in bands (``marking.in_bands``)."""
    spec = area.spec.file
    row, col = area.file_cell
    ws.write(row, col - _label_offset(spec.label), spec.label, formats.label)
    _value_cell(ws, row, col, spec.span, None, formats.number)
    ws.data_validation(row, col, row, col, {
        "validate": "length", "criteria": "<=", "value": 4096, "input_title": spec.label,
        "input_message": spec.prompt[:255], "error_message": "A path of at most 4096 characters."})
    ws.write(area.top - 1, area.out_left, "Solution", formats.label)
    for r in range(area.top, area.top + area.rows):
        for c in range(area.out_left, area.out_left + area.cols):
            ws.write_blank(r, c, None, formats.output)
    _read_only(ws, (area.top, area.out_left, area.top + area.rows - 1, area.out_left + area.cols - 1),
               "Solution grid", f"xlsolver draws the answer here. Type the file's path into {cell_name(row, col)}.")
    _status_box(ws, formats, area)
    _buttons_and_time_limit(ws, formats, area)


def _buttons_and_time_limit(ws, formats: _Formats, area: layout.Area) -> None:
    """The area's buttons, its Time limit cell and (an area that generates) its Level cell."""
    for action in area.actions:
        r, c = area.button_cell(action)
        ws.insert_button(r, c, {**BUTTON, "width": layout.button_pixels(action), "macro": area.macro(action),
                                "caption": layout.BUTTON_CAPTIONS[action]})
    row, col = area.time_limit_cell
    ws.write(row, area.button_col, layout.TIME_LIMIT_LABEL, formats.label)
    _value_cell(ws, row, col, area.value_span, layout.DEFAULT_TIME_LIMIT, formats.number)
    ws.data_validation(row, col, row, col, {
        "validate": "decimal", "criteria": ">", "value": 0, "error_title": "Time limit",
        "error_message": "Seconds any button of this puzzle may take (then it stops and says so): a number above 0.",
        "input_title": "Time limit", "input_message": "Every button of this puzzle stops after this many seconds "
                                                      "and says so. Raise it for long counts."})
    if "generate" in area.actions:
        row, col = area.level_cell
        ws.write(row, area.button_col, layout.LEVEL_LABEL, formats.label)
        _value_cell(ws, row, col, area.value_span, None, formats.input)
        ws.data_validation(row, col, row, col, {
            "validate": "list", "source": [level.capitalize() for level in LEVELS], "input_title": "Level",
            "input_message": "Generate makes a challenge of this level (Starter easiest); empty: any level."})


def _typing_rule(first_cell: str, letters: str | None, allowed: str, empty: str) -> dict:
    """The validation of input cells from ``first_cell`` on: a letter (of ``letters``), '.', '#', or nothing."""
    return {"validate": "custom", "value": _letter_rule(first_cell, letters), "input_title": "Puzzle cell",
            "input_message": f"{allowed}, # for a hole, {empty}.", "error_title": "Not a piece letter",
            "error_message": f"{allowed}, # for a hole, or leave the cell empty."}


def on_cells(area: layout.Area) -> str:
    """A formula true on the input grid's cells that are cells of its lattice (hexagons): those where the grid's
    row + column is even.  ROW() + COLUMN() is the grid's row + column plus the grid's top + left + 2."""
    return f"MOD(ROW()+COLUMN(),2)={(area.top + area.left) % 2}"


def _between_cells_rule(ws, area: layout.Area, allowed: str, empty: str) -> None:
    """One rule for a grid of hexagons: a piece letter, '.', '#' or nothing in a hexagon (a white cell), nothing
    in a grey cell between two."""
    rule = _letter_rule(cell_name(area.top, area.left), area.spec.letters)
    ws.data_validation(area.top, area.left, area.top + area.rows - 1, area.left + area.cols - 1, {
        "validate": "custom", "value": f"=AND(OR(LEN({cell_name(area.top, area.left)})=0,{on_cells(area)}),{rule[1:]})",
        "input_title": "Puzzle cell",
        "input_message": f"{allowed}, # for a hole, {empty}. Hexagons are the white cells; grey ones lie between two.",
        "error_title": "Not a piece letter here",
        "error_message": f"In a white cell (a hexagon): {allowed}, # for a hole, or nothing. A grey cell lies "
                         "between two hexagons: leave it empty."})


def _layer_heads(ws, formats: _Formats, area: layout.Area) -> None:
    """Over each layer's block of both grids its caption (``layer 1``, bottom first) and column letters, and the
    rows numbered left of each grid: a layer's A1 is its top-left cell, as a puzzle file names its cells
    (``layer 2 C3``).  All outside the grids, so the sheet cells messages name (``H7 (layer 2)``) stay as they are."""
    layers = area.spec.layers
    for left in (area.left, area.out_left):
        for z, ((_, cols), (_, offset)) in enumerate(zip(layers.shapes, layers.origins())):
            ws.write(area.top - 2, left + offset, f"layer {z + 1}", formats.caption)
            for c in range(cols):
                ws.write(area.top - 1, left + offset + c, column_letters(c), formats.mark)
        for r in range(layers.rows):
            ws.write(area.top + r, left - 1, r + 1, formats.mark)


def piece_choices(area: layout.Area) -> list[tuple[str, str | None]]:
    """The piece sets an area's letters may belong to, each with the condition (a formula) that its Pieces cell
    chooses it: the area's own set (no condition), or each choice of the cell, the first also when the cell holds
    none of the others (empty: the board's own set, the first choice on these sheets)."""
    if area.pieces:
        return [(area.pieces, None)]
    cell = next((cell for cell in area.spec.cells if cell.key == "pieces" and cell.choices), None)
    if cell is None:
        return []
    word = f"LOWER(TRIM({layout.absolute_range(*area.at(cell.at), 1, 1)}))"
    others = [f'{word}="{choice}"' for choice in cell.choices[1:]]
    first = f"NOT(OR({','.join(others)}))" if others else None
    return [(cell.choices[0], first)] + list(zip(cell.choices[1:], others))


def _piece_colours(ws, formats: _Formats, area: layout.Area) -> None:
    """A typed piece letter in its piece's colour, following the Pieces cell (conditional formats on the input
    grid), except on a cell the status names (a mistake's mark stays seen); a pale piece outlined wherever
    xlsolver draws it too (solution grid, picture), whose fills xlsolver writes."""
    status = layout.absolute_range(*area.status_cell, 1, 1)
    after = " (" if area.spec.layers is not None else ":"  # how a message goes on after the cell it names
    unnamed = f'ISERROR(SEARCH(" "&ADDRESS(ROW(),COLUMN(),4)&"{after}"," "&{status}))'
    drawn = [(area.top, area.out_left, area.rows, area.cols)]
    if area.spec.picture:
        picture = area.spec.picture
        drawn.append((*area.at(picture.at), picture.rows, picture.cols))
    for name, chosen in piece_choices(area):
        pieces = catalog.piece_set(name)
        for letter, piece in pieces.pieces.items():
            for (top, left, rows, cols), typed in [((area.top, area.left, area.rows, area.cols), True)] + \
                    [(box, False) for box in drawn if pale(piece.colour)]:
                corner = cell_name(top, left)  # a set of more than 26 pieces tells a from A: EXACT, as '=' does not
                test = [f'EXACT({corner},"{letter}")' if pieces.cased else f'UPPER({corner})="{letter}"']
                test += [chosen] if chosen else []
                test += [unnamed] if typed else []
                ws.conditional_format(top, left, top + rows - 1, left + cols - 1, {
                    "type": "formula", "criteria": f"=AND({','.join(test)})",
                    "format": formats.highlight(piece.colour) if typed else formats.outline})


def _status_box(ws, formats: _Formats, area: layout.Area) -> None:
    """The labelled status box: merged over the area's width and a few rows, wrapping, so a long message stays
    readable; only its top-left cell is ``<Area>_Status``, which every front end writes."""
    top, left, bottom, right = area.status_box
    ws.write(top - 1, left, layout.STATUS_LABEL, formats.label)
    ws.merge_range(top, left, bottom, right, None, formats.status)
    _read_only(ws, (top, left, top, left), "Status", "xlsolver writes what its buttons did here; nothing to type.")


def _read_only(ws, box: tuple[int, int, int, int], title: str, message: str) -> None:
    """Cells only xlsolver writes: typing there is refused with ``message`` (data validation, not sheet
    protection, which would stop formulas typed elsewhere and every program's writes alike)."""
    ws.data_validation(*box, {"validate": "custom", "value": "=FALSE", "error_title": title,
                              "error_message": message})


def _value_cell(ws, row: int, col: int, span: int, value, cell_format) -> None:
    """A cell for a word or a number, merged over ``span`` cells so its longest value shows whole."""
    if span > 1:
        ws.merge_range(row, col, row, col + span - 1, value, cell_format)
    elif value is None:
        ws.write_blank(row, col, None, cell_format)
    else:
        ws.write(row, col, value, cell_format)


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
        _value_cell(ws, row, col, area.setting_span(cell), shown, formats.number)
        choices = list(cell.choices) or [c.capitalize() for c in setting.choices]
        if choices:
            ws.data_validation(row, col, row, col, {
                "validate": "list", "source": choices,
                "input_title": setting.label[:32], "input_message": setting.help[:255]})
    if spec.size:
        _size_cells(ws, formats, area)
    if spec.drawing:
        _drawing(ws, formats, area, family)
    if spec.listing:
        _listing(ws, formats, area)
    if spec.picture:
        _picture(ws, formats, area)


def _picture(ws, formats: _Formats, area: layout.Area) -> None:
    """Where the answer's shape is drawn flat: titled, shaded as output, refusing typing."""
    picture = area.spec.picture
    top, left = area.at(picture.at)
    ws.write(top - 1, left, picture.title, formats.label)
    for r in range(top, top + picture.rows):
        for c in range(left, left + picture.cols):
            ws.write_blank(r, c, None, formats.output)
    _read_only(ws, (top, left, top + picture.rows - 1, left + picture.cols - 1), "Picture",
               "xlsolver draws the solved shape here when it solves; nothing to type.")


def _listing(ws, formats: _Formats, area: layout.Area) -> None:
    """The answer's list (Klotski's moves): each heading centred over its column, the cells centred and
    shaded as output, refusing typing as the solution grid does."""
    listing = area.spec.listing
    top, left = area.at(listing.at)
    for c, label in enumerate(listing.headings):
        width = listing.widths[c] if c < len(listing.widths) else 9
        ws.set_column(left + c, left + c, width)
        ws.write(top - 1, left + c, label, formats.list_heading)
        for r in range(listing.rows):
            ws.write_blank(top + r, left + c, None, formats.list_cell)
    _read_only(ws, (top, left, top + listing.rows - 1, left + len(listing.headings) - 1), listing.suffix,
               f"xlsolver writes the {listing.suffix.lower()} here when it solves; nothing to type.")


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
        "error_title": "Pieces", "error_message": "Draw each piece with one letter (A-Z, a-z); leave other cells "
                                                  "empty."})
    for letter, colour in zip(catalog.PIECE_LETTERS, drawing.palette):  # EXACT: '=' ignores case, in Excel as in Calc
        ws.conditional_format(top, left, top + drawing.rows - 1, left + drawing.cols - 1,
                              {"type": "formula", "criteria": f'=EXACT({cell_name(top, left)},"{letter}")',
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
        rule = f"OR(ROW()-ROW({corner})+1>{rows_name},COLUMN()-COLUMN({corner})+1>{cols_name})"
        if left == area.left:  # a typed cell beyond the size stays light, to be seen (and marked, if named)
            rule = f"AND(LEN({cell_name(area.top, left)})=0,{rule})"
        ws.conditional_format(area.top, left, area.top + area.rows - 1, left + area.cols - 1,
                              {"type": "formula", "criteria": f"={rule}", "format": formats.dark})


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
