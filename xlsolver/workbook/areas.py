"""Reading an area of the workbook as a puzzle of its family; messages name sheet cells.

What the sheet decides is read here, the same for every family: the board's
mask (a named board, or a size typed into ``<Area>_Rows``/``<Area>_Cols``), the
setting cells and drawings, the time limit.  The grid and the settings then go
to the family's ``parse``.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from ..geometry import catalog
from .. import families
from ..base.answer import typed
from ..base.files import UserError
from ..base.a1 import CellNamer, offset_namer, range_name
from ..families import Drawing, Family, InvalidPuzzle, Settings
from . import layout, plane
from .book import Book
from .cells import OPEN, grid_chars, is_blank

OUTSIDE = " "  # a cell that is not part of the board, as the families read grids
UNKNOWN = "\ufffd"  # a cell whose value is no character (said already): no family takes it for anything


@dataclass(frozen=True)
class AreaPuzzle:
    family: Family
    puzzle: object  # what the family's read made of the grid
    mask: frozenset | None  # (row, col) cells of the input block that can be board; None: all of them
    fingerprint: str  # changes when the input, the settings or the size change
    source: Path | None = None  # the file read, for an area read from a file (``AreaSpec.file``)


def namer_for(book: Book, name: str) -> CellNamer:
    _, top, left = book.anchor(name)
    return offset_namer(top, left)


def grid_namer(book: Book, area: layout.Area) -> CellNamer:
    """Names the input grid's cells as messages do: the sheet cell, and in a 3D board's grid its layer too
    (``H7 (layer 2)``), so the cell is found on the sheet and in the puzzle."""
    namer = namer_for(book, f"{area.name}_In")
    layers = area.spec.layers
    if layers is None:
        return namer

    def named(row: int, col: int) -> str:
        z = layers.layer_at(row, col)
        return namer(row, col) if z is None else f"{namer(row, col)} (layer {z + 1})"
    return named


def read(book: Book, area: layout.Area) -> AreaPuzzle:
    """The area's puzzle, or InvalidPuzzle with every problem, named by sheet cell."""
    if area.spec.file is not None:
        return read_file(book, area)
    name = f"{area.name}_In"
    namer = grid_namer(book, area)
    values = book.read(name)
    grid, cell_problems = grid_chars(values, namer, keep_case=area.spec.keep_case, digits=area.spec.digits)
    if area.spec.empty != OPEN:  # an empty cell is not part of the board: the shape is drawn by its cells
        for r, row in enumerate(values):
            for c, value in enumerate(row):
                if is_blank([[value]]):
                    grid[r][c] = area.spec.empty
    rows, cols = len(grid), len(grid[0]) if grid else 0
    mask, size, problems = _mask(book, area, namer_for(book, name), rows, cols)
    if area.spec.unfilled and mask is not None:  # a fixed box where an empty cell would leave a cube out: say so
        for r, c in sorted(mask):
            if r < rows and c < cols and is_blank([[values[r][c]]]):
                problems.append(f"{namer(r, c)}: {area.spec.unfilled}")
                grid[r][c] = OPEN  # the family reads the rest as if typed: this cell's one message is that one
    at_fault = {message.split(": ", 1)[0] for message in cell_problems}  # each names its cell first
    lattice = area.lattice
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if mask is not None and (r, c) not in mask:
                if ch not in (OPEN, area.spec.empty):
                    beyond = area.spec.size.beyond if area.spec.size else "this cell is not part of the board; leave it empty"
                    problems.append(f"{namer(r, c)}: {beyond}")
                row[c] = OUTSIDE
            elif plane.between(lattice, r, c):  # hexagons: every second cell of a row is layout
                if not is_blank([[values[r][c]]]) and namer(r, c) not in at_fault:
                    problems.append(f"{namer(r, c)}: {ch!r} is between two hexagons; they stand in the white cells, "
                                    f"every second column, each row shifted by one: leave this grey cell empty")
                row[c] = OUTSIDE
    if size is not None:  # the family sees the typed size, not the whole block
        height, width = size
        grid = [row[:width] for row in grid[:height]]
    family = families.get(area.family)
    given, setting_problems = read_settings(book, area)
    if setting_problems:  # a drawing the family needs to judge the grid (the Custom sheet's pieces)
        _, invalid_settings = family.check_settings(given)
        raise InvalidPuzzle(cell_problems + problems + setting_problems + invalid_settings)
    for r, row in enumerate(grid):  # the family judges the rest of the grid, these cells unknown to it
        for c, ch in enumerate(row):
            if ch != OUTSIDE and namer(r, c) in at_fault:
                row[c] = UNKNOWN
    text_rows, family_namer = family_grid(area, grid, namer)
    try:
        puzzle = family.parse(text_rows, given, family_namer)
    except InvalidPuzzle as err:
        problems += [message for message in err.messages if message.split(": ", 1)[0] not in at_fault]
    problems = cell_problems + problems
    if problems:
        raise InvalidPuzzle(problems)
    signature = [f"{key}={value.rows if isinstance(value, Drawing) else value}" for key, value in sorted(given.items())]
    digest = hashlib.sha1("\n".join([area.name, *text_rows, *signature]).encode()).hexdigest()[:16]
    return AreaPuzzle(family, puzzle, mask, digest)


def read_file(book: Book, area: layout.Area) -> AreaPuzzle:
    """The puzzle of the file the area's File cell names (``AreaSpec.file``), read by its family's ``FileForm``;
    what is wrong with the file, whatever it holds, is said naming the File cell (``O7: cannot read ...``), a
    setting's mistake naming its cell, all in one InvalidPuzzle."""
    family = families.get(area.family)
    where = namer_for(book, area.input_name)(0, 0)
    given, problems = read_settings(book, area)
    path = file_path(book, area, where)
    try:
        rows = family.file_form(area.spec.file.suffix).rows(str(path))
    except UserError as err:
        raise InvalidPuzzle(problems + [f"{where}: {err}"]) from None
    try:
        puzzle = family.parse(rows, given)
    except InvalidPuzzle as err:  # the file's own problems name no sheet cell: they are the File cell's
        problems += [message if _NAMES_A_CELL.match(message) else f"{where}: {message}" for message in err.messages]
    if problems:
        raise InvalidPuzzle(problems)
    signature = [f"{key}={value}" for key, value in sorted(given.items())]
    digest = hashlib.sha1("\n".join([area.name, str(path), *rows, *signature]).encode()).hexdigest()[:16]
    return AreaPuzzle(family, puzzle, None, digest, path)


#: A message that starts with the sheet cell it is about (a setting cell's ``AM7: ...``).
_NAMES_A_CELL = re.compile(r"^[A-Z]{1,3}[1-9][0-9]*: ")


def file_path(book: Book, area: layout.Area, where: str) -> Path:
    """The file the File cell names: a path as typed (``~`` the home folder), a relative one from the workbook's
    folder; InvalidPuzzle naming the cell for an empty cell, a value that is no path, another kind of file, a
    relative path in a workbook that has no folder, and a path to something other than a file (a folder, a
    device or a pipe, which reading would never finish: a workbook from someone else may name one)."""
    spec = area.spec.file
    form = families.get(area.family).file_form(spec.suffix)
    value = book.read(area.input_name)[0][0]
    example = f", such as {spec.example}" if spec.example else ""
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InvalidPuzzle([f"{where}: type the path of {form.about} ({spec.suffix}) here{example}"])
    if not isinstance(value, str):
        raise InvalidPuzzle([f"{where}: {typed(value)} is not a file's path; type one{example}"])
    text = value.strip()
    shown = text if len(text) <= 80 else text[:79] + "…"
    if text.startswith("="):
        raise InvalidPuzzle([f"{where}: a formula ({shown}) is not read here; type the file's path itself"])
    if "\x00" in text:
        raise InvalidPuzzle([f"{where}: a file's path cannot hold a NUL character"])
    path = Path(text).expanduser() if text.startswith("~") else Path(text)
    if path.suffix.lower() != spec.suffix:
        raise InvalidPuzzle([f"{where}: '{shown}' is not a {spec.suffix} file ({form.about}); name one{example}"])
    if not path.is_absolute():
        folder = workbook_folder(book)
        if folder is None:
            raise InvalidPuzzle([f"{where}: '{shown}' is a relative path, taken from the workbook's folder, and this "
                                 f"workbook is not saved in one; save it, or type the whole path"])
        path = folder / path
    try:
        kind = None if not path.exists() or path.is_file() else "a folder" if path.is_dir() else "a device or a pipe"
    except (OSError, ValueError) as err:  # a name too long, a loop of links: said as the reader would
        raise InvalidPuzzle([f"{where}: cannot read '{shown}': {getattr(err, 'strerror', None) or err}"]) from None
    if kind is not None:
        raise InvalidPuzzle([f"{where}: '{path}' is {kind}, not a file"])
    return path


def workbook_folder(book: Book) -> Path | None:
    """The folder the workbook is saved in, or None (a new workbook never saved, one opened from the web, a book
    held in memory)."""
    where = getattr(book, "path", None)
    if not where:
        return None
    try:
        folder = Path(where).absolute().parent  # absolute: the status line says where a file was written
        return folder if folder.is_dir() else None
    except (OSError, ValueError):
        return None


def family_grid(area: layout.Area, grid: list[list[str]], namer: CellNamer) -> tuple[list[str], CellNamer]:
    """The grid as the family reads it, and the names of its positions: the rows as they are, or a 3D board's
    layers stacked in its text form, each position named by the sheet cell it came from."""
    layers = area.spec.layers
    if layers is None:
        return ["".join(row) for row in grid], namer

    def named(line: int, col: int) -> str:
        cell = layers.on_grid(line, col)
        return namer(*cell) if cell is not None else namer(0, 0)
    return layers.stacked(grid), named


def blank_rows(area: layout.Area, book: Book | None = None) -> list[str]:
    """The area's board with nothing typed, as the family reads it: ``.`` on the board, a space off it.  A board
    the user draws by its cells (``drawn_board``) is the cells typed in ``book`` (a letter, '.' or '#' as typed
    there: the letters made open cells, the holes kept)."""
    mask, lattice = area.mask, area.lattice
    drawn = book.read(f"{area.name}_In") if book is not None and drawn_board(area) else None

    def cell(r: int, c: int) -> str:
        if (mask is not None and (r, c) not in mask) or plane.between(lattice, r, c):
            return OUTSIDE
        if drawn is None:
            return OPEN
        value = drawn[r][c] if r < len(drawn) and c < len(drawn[r]) else None
        return OUTSIDE if is_blank([[value]]) else "#" if str(value).strip() == "#" else OPEN
    grid = ["".join(cell(r, c) for c in range(area.cols)) for r in range(area.rows)]
    return area.spec.layers.stacked(grid) if area.spec.layers is not None else grid


def drawn_board(area: layout.Area) -> bool:
    """Is the area's board drawn by its cells, an empty cell no part of it (``AreaSpec.empty``), and free (not a
    named box whose every cell must be typed: ``AreaSpec.unfilled``)?"""
    return area.spec.empty != OPEN and area.spec.unfilled is None and area.spec.layers is None


def _mask(book: Book, area: layout.Area, namer: CellNamer, rows: int, cols: int):
    """The cells that can be board (a named board's, the typed size's, or all: None), the typed size, messages."""
    if area.board is not None:
        board = catalog.board(area.board)
        if (rows, cols) != (len(board.rows), len(board.rows[0])):
            raise InvalidPuzzle([f"{range_name(namer, rows, cols)}: {area.name}_In should be {len(board.rows)} x "
                                 f"{len(board.rows[0])} cells for the {board.name} board, it is {rows} x {cols}"])
        return area.mask, None, []
    if area.spec.layers is not None:
        if (rows, cols) != (area.rows, area.cols):
            raise InvalidPuzzle([f"{range_name(namer, rows, cols)}: {area.name}_In should be {area.rows} x "
                                 f"{area.cols} cells for its layers side by side, it is {rows} x {cols}"])
        return area.mask, None, []
    if area.spec.size is not None:
        (height, width), problems = board_size(book, area, rows, cols)
        return frozenset((r, c) for r in range(height) for c in range(width)), (height, width), problems
    return None, None, []


def board_size(book: Book, area: layout.Area, rows: int, cols: int) -> tuple[tuple[int, int], list[str]]:
    """A board size typed into two cells, each at most the grid's; messages name the cells."""
    size, messages = [], []
    for name, most in ((f"{area.name}_Rows", rows), (f"{area.name}_Cols", cols)):
        value = book.read(name)[0][0]
        where = namer_for(book, name)(0, 0)
        number = whole_number(value)
        if number is None or not 1 <= number <= most:
            messages.append(f"{where}: the board size must be a whole number from 1 to {most}, not {typed(value)}")
            number = most
        size.append(number)
    return (size[0], size[1]), messages


def whole_number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) and float(value).is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdecimal():
        return int(value.strip())
    return None


def read_settings(book: Book, area: layout.Area) -> tuple[Settings, list[str]]:
    """The area's fixed settings, then what its setting cells and drawing hold (with where they are)."""
    values: dict[str, object] = dict(area.spec.settings)
    where: dict[str, str] = {}
    problems: list[str] = []
    names = area.setting_names()
    for cell in area.spec.cells:
        name = names[cell.key]
        values[cell.key] = book.read(name)[0][0]
        where[cell.key] = namer_for(book, name)(0, 0)
        word = str(values[cell.key] or "").strip().lower()
        if cell.choices and word and word not in cell.choices:  # free text elsewhere (a file); here its list
            label = families.get(area.family).setting(cell.key).label.lower()
            problems.append(f"{where[cell.key]}: the {label} here are {' or '.join(cell.choices)}, "
                            f"not {typed(values[cell.key])}")
            values[cell.key] = None
    if area.spec.drawing:
        name = names[area.spec.drawing.key]
        namer = namer_for(book, name)
        grid, messages = grid_chars(book.read(name), namer, keep_case=True)  # the family says if case matters
        problems += messages
        values[area.spec.drawing.key] = Drawing(tuple("".join(row) for row in grid), namer)
        where[area.spec.drawing.key] = range_name(namer, len(grid), len(grid[0]) if grid else 1)
    return Settings(values, where), problems


def time_limit(book: Book, area: layout.Area) -> tuple[float, str | None]:
    """Seconds from the area's time-limit cell (default when empty), or a message."""
    name = f"{area.name}_TimeLimit"
    value = book.read(name)[0][0]
    if value is None or (isinstance(value, str) and not value.strip()):
        return float(layout.DEFAULT_TIME_LIMIT), None
    try:
        seconds = float(value) if not isinstance(value, bool) else -1.0
    except (TypeError, ValueError):
        seconds = -1.0
    if seconds > 0:
        return seconds, None
    where = namer_for(book, name)(0, 0)
    return float(layout.DEFAULT_TIME_LIMIT), f"{where}: the time limit must be a number of seconds above 0, not {typed(value)}"
