"""Build ``board.xlsm`` with XlsxWriter from the layout, the piece data and ``vba/``.

The same inputs give the same bytes: fixed document dates, a deterministic VBA
project, and XlsxWriter's fixed zip timestamps.  ``runpython_stub=True`` builds
the test variant whose ``RunPython`` only records its command (LibreOffice
cannot compile xlwings' module), to prove the button -> macro -> command wiring.
"""
from __future__ import annotations

import datetime as dt
import io
import textwrap
from pathlib import Path

import xlsxwriter

from .. import catalog
from ..a1 import cell_name
from ..terminal import text_colour
from . import layout
from .actions import OFF_BOARD
from .areas import CUSTOM_PALETTE
from .vba_project import VBAModule, build_vba_project

REPO_VBA = Path(__file__).resolve().parents[2] / "vba"  # beside the package in a source checkout
GRID_WIDTH = 2.86  # column width in characters: about 25 pixels, square with 20-pixel rows
BUTTON = {"width": 84, "height": 19}
CREATED = dt.datetime(2026, 1, 1)

#: What the shipped workbook has typed in, so a first Solve shows something.
SAMPLES = {
    "Pento6x10": ["", "", "    X", "   XXX", "    X", ""],
    "IQ5x11": ["G", "GGG", "  C", "  CCCC", ""],  # booklet challenge 37 (wizard)
    "IQDiamond": [" ..II", "...ID", "....DDE", "...GKDE", "...GKKEEA", "  GGKCCEA", "  HHHCJAA", "    HCJJA",
                  "    HCJJ"],  # booklet challenge 41
    "Custom": ["", "", "", "   ##", "   ##", "", "", ""],  # Scott's board, drawn by hand
    "Ghost": ["   G", "GG G", "G", " G"],  # level 49
    "RoadBlock": [" JJJ", "  SSS", "  S", "  EX", "  EW", " EEWW"],  # the first sample challenge
    "Klotski": ["VCCV", "VCCV", "VHHV", "VSSV", "S  S"],  # 横刀立马, the classic start
    "Zen": ["__", "_    #", "", "  #", "       _"],  # examples/zen-courtyard.txt
}
CUSTOM_SAMPLE_SIZE = (8, 8)
ZEN_SAMPLE_SIZE = (5, 8)


def xlwings_modules() -> list[VBAModule]:
    """xlwings' standalone module and its Dictionary class, from the installed, pinned xlwings."""
    import xlwings  # only the builder needs it

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
    modules.append(VBAModule("Buttons", "standard", (vba_dir / "Buttons.bas").read_text(encoding="utf-8")))
    if runpython_stub:
        modules.append(VBAModule("xlwings", "standard", (vba_dir / "stub" / "xlwings.bas").read_text(encoding="utf-8")))
    else:
        modules += xlwings_modules()
    return modules


def _code_names() -> list[str]:
    return [s.code_name for s in layout.SHEETS] + [layout.CONF_SHEET_CODE_NAME, layout.STATE_SHEET_CODE_NAME]


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
    for sheet in layout.SHEETS:
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
    ws.write(0, 1, sheet.heading, formats.heading)
    for row, line in enumerate(textwrap.wrap(sheet.intro, 110)[:2], start=1):
        ws.write(row, 1, line, formats.intro)
    if sheet.legend == "klotski":
        _klotski_legend(ws, formats)
    elif sheet.legend in MARKED_LEGENDS:
        _marked_legend(ws, formats, sheet.legend)
    elif sheet.legend:
        _legend(ws, formats, catalog.piece_set(sheet.legend))
    for area in sheet.areas:
        _draw_area(ws, formats, area)
    if sheet.name == layout.CUSTOM_SHEET:
        _custom_extras(ws, formats)
    if sheet.name == layout.KLOTSKI_SHEET:
        _klotski_extras(ws, formats)
    if sheet.name == layout.ZEN_SHEET:
        _size_cells(ws, formats, layout.ZEN, layout.ZEN_CELLS, layout.ZEN_ROWS, layout.ZEN_COLS, ZEN_SAMPLE_SIZE)
    if sheet.name == layout.ROADBLOCK_SHEET:
        row, col = layout.ROADBLOCK_MODE_AT
        ws.write(row, col - 3, "Play", formats.label)
        ws.write(row, col, "Easy", formats.number)
        ws.data_validation(row, col, row, col, {
            "validate": "list", "source": ["Easy", "Advanced"], "input_title": "Play",
            "input_message": "Easy: the red car X only. Advanced: the solver also places the green car Y."})


def _legend(ws, formats: _Formats, pieces: catalog.PieceSet) -> None:
    """The pieces drawn in their colours, two rows of six."""
    for (r, c), letter in picture_cells(pieces, layout.LEGEND_TOP, 1).items():
        ws.write(r, c, letter, formats.piece(pieces.pieces[letter].colour))


MARKED_LEGENDS = ("ghost-hunter", "roadblock")


def _marked_legend(ws, formats: _Formats, family: str) -> None:
    """Ghost Hunter tiles with their lamps (*), RoadBlock pieces with their police cars (lower case)."""
    from ..families import ghost_hunter, roadblock

    pieces = ghost_hunter.tiles() if family == "ghost-hunter" else roadblock.pieces()
    police_car = pieces.header.get("police-car-colour", "#1d3557")
    letters = list(pieces.pieces)
    half = (len(letters) + 1) // 2
    for band, chunk in enumerate((letters[:half], letters[half:])):
        row, col = layout.LEGEND_TOP + band * 4, 1
        for letter in chunk:
            piece = pieces.pieces[letter]
            for r, c, mark in piece.cells:
                text, colour = letter, piece.colour
                if mark == "L":
                    text = f"{letter}*"
                elif mark == "P":
                    text, colour = letter.lower(), police_car
                ws.write(row + r, col + c, text, formats.piece(colour))
            col += 2 + max(c for _, c, _ in piece.cells)


def _klotski_legend(ws, formats: _Formats) -> None:
    """One of each Klotski piece, in its colour."""
    from ..families import klotski

    puzzle = klotski.load()
    col = 1
    for piece in puzzle.types:
        if piece.letter == ".":
            continue
        for r, c in piece.cells:
            ws.write(layout.LEGEND_TOP + r, col + c, piece.letter, formats.piece(piece.colour))
        col += 2 + max(c for _, c in piece.cells)


def picture_cells(pieces: catalog.PieceSet, top: int, left: int) -> dict[tuple[int, int], str]:
    """Sheet cell -> letter for every piece drawn in two bands, one empty column apart."""
    letters = list(pieces.pieces)
    half = (len(letters) + 1) // 2
    cells = {}
    for band, chunk in enumerate((letters[:half], letters[half:])):
        row, col = top + band * 4, left
        for letter in chunk:
            shape = pieces.pieces[letter].cells
            for r, c in shape:
                cells[(row + r, col + c)] = letter
            col += 2 + max(c for _, c in shape)
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
    ws.write(area.top - 2, area.left, area.title, formats.title)
    ws.write(area.top - 1, area.left, "Your puzzle", formats.label)
    ws.write(area.top - 1, area.out_left, "Solution", formats.label)
    mask = catalog.board(area.board).cells if area.board else None
    letters = area.letters or ("".join(catalog.piece_set(area.pieces).pieces) if area.pieces else None)
    allowed = f"Type a letter ({' '.join(letters)})" if letters else "Type a letter"
    if area.family == "zen":
        allowed = "Type # for a rock or _ for walkable ground (empty is sand)"
    sample = SAMPLES.get(area.name, [])
    for r in range(area.rows):
        flags = [mask is None or (r, c) in mask for c in range(area.cols)]
        for c, on_board in enumerate(flags):
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


def _custom_extras(ws, formats: _Formats) -> None:
    """Board size, turn-over choice, the pieces drawing, and colours that follow it."""
    area = layout.CUSTOM
    cells = layout.CUSTOM_CELLS
    _size_cells(ws, formats, area, cells, layout.CUSTOM_ROWS, layout.CUSTOM_COLS, CUSTOM_SAMPLE_SIZE)
    row, col = cells[layout.CUSTOM_TURN_OVER]
    ws.write(row, col - 8, "Pieces may be turned over", formats.label)
    ws.write(row, col, "Yes", formats.number)
    ws.data_validation(row, col, row, col, {"validate": "list", "source": ["Yes", "No"]})
    top, left, p_rows, p_cols = layout.CUSTOM_PIECES_AT
    ws.write(top - 2, left, "Pieces: draw each with its own letter (here, the 12 pentominoes)", formats.title)
    ws.write(top - 1, left, "A letter's connected cells are one piece; colours follow the letters.", formats.label)
    drawing = picture_cells(catalog.piece_set("pentominoes"), top, left)
    for r in range(top, top + p_rows):
        for c in range(left, left + p_cols):
            ws.write(r, c, drawing.get((r, c)), formats.input)
    ws.data_validation(top, left, top + p_rows - 1, left + p_cols - 1, {
        "validate": "custom", "value": _letter_rule(cell_name(top, left), None, holes=False),
        "error_title": "Pieces", "error_message": "Draw each piece with one letter (A-Z); leave other cells empty."})
    for index, colour in enumerate(CUSTOM_PALETTE):
        letter = chr(ord("A") + index)
        fmt = formats.highlight(colour)
        ws.conditional_format(top, left, top + p_rows - 1, left + p_cols - 1,
                              {"type": "cell", "criteria": "==", "value": f'"{letter}"', "format": fmt})


def _size_cells(ws, formats: _Formats, area: layout.Area, cells: dict, rows_name: str, cols_name: str,
                size: tuple[int, int]) -> None:
    """Rows and Columns cells for a board drawn inside a bigger grid; cells beyond turn dark."""
    for name, label, value in ((rows_name, "Rows", size[0]), (cols_name, "Columns", size[1])):
        row, col = cells[name]
        ws.write(row, col - 3, label, formats.label)
        ws.write_number(row, col, value, formats.number)
        most = area.rows if name == rows_name else area.cols
        ws.data_validation(row, col, row, col, {"validate": "integer", "criteria": "between", "minimum": 1,
                                                "maximum": most, "error_message": f"A whole number from 1 to {most}."})
    for left in (area.left, area.out_left):
        corner = layout.absolute_range(area.top, left, 1, 1)
        rule = f"=OR(ROW()-ROW({corner})+1>{rows_name},COLUMN()-COLUMN({corner})+1>{cols_name})"
        ws.conditional_format(area.top, left, area.top + area.rows - 1, left + area.cols - 1,
                              {"type": "formula", "criteria": rule, "format": formats.dark})


def _klotski_extras(ws, formats: _Formats) -> None:
    """The metric cell and the list of moves beside the board."""
    row, col = layout.KLOTSKI_METRIC_AT
    ws.write(row, col - 3, "Metric", formats.label)
    ws.write(row, col, "piece", formats.number)
    ws.data_validation(row, col, row, col, {
        "validate": "list", "source": ["piece", "straight", "step"], "input_title": "What counts as one move",
        "input_message": "piece: a piece moved any distance; straight: a piece moved in one direction; "
                         "step: every cell moved."})
    top, left, _, cols = layout.KLOTSKI_MOVES_AT
    ws.set_column(left, left + cols - 1, 9)
    for c, label in enumerate(("Move", "Piece", "Direction", "Distance")):
        ws.write(top - 1, left + c, label, formats.title)


def _conf_sheet(book, formats: _Formats) -> None:
    """xlwings' settings, read by its VBA from cell A1 down to the first empty row."""
    ws = book.add_worksheet(layout.CONF_SHEET)
    ws.set_vba_name(layout.CONF_SHEET_CODE_NAME)
    ws.set_column(0, 0, 18)
    ws.set_column(1, 1, 40)
    ws.set_column(2, 2, 90)
    settings = [
        ("Interpreter_Win", "python", "Python that has xlsolver installed, e.g. C:\\Users\\you\\xlsolver-env\\Scripts\\python.exe"),
        ("Interpreter_Mac", "", "The same on a Mac, e.g. /Users/you/xlsolver-env/bin/python"),
        ("PYTHONPATH", "", "Extra folders for Python's import path (not needed after pip install)"),
        ("Conda Path", "", "Only if Python comes from conda: the conda installation folder"),
        ("Conda Env", "", "Only with conda: the environment's name"),
        ("UDF Modules", "", "Not used by xlsolver"),
        ("Debug UDFs", False, "Not used by xlsolver"),
        ("Use UDF Server", False, "TRUE keeps one Python running between clicks (faster; Windows only)"),
        ("Show Console", False, "TRUE shows Python's console window while it runs (for troubleshooting)"),
    ]
    for row, (key, value, note) in enumerate(settings):
        ws.write(row, 0, key, formats.conf_key)
        if isinstance(value, bool):
            ws.write_boolean(row, 1, value)
        elif value:
            ws.write_string(row, 1, value)
        ws.write(row, 2, note, formats.label)
    ws.write(len(settings) + 1, 0, "These settings start in A1 and end at the first empty row; see docs/excel-guide.md.",
             formats.intro)


def _state_sheet(book) -> None:
    """Hidden: what Next showed last, per area (each click is a new Python process)."""
    ws = book.add_worksheet(layout.STATE_SHEET)
    ws.set_vba_name(layout.STATE_SHEET_CODE_NAME)
    for name, (row, col) in layout.STATE_CELLS.items():
        ws.write(row, col - 1, name)
    ws.hide()
