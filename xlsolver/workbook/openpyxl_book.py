"""The workbook as a file, through openpyxl: the headless adapter.

``keep_vba=True`` keeps the VBA project, the buttons (legacy VML drawings) and
code names when the file is saved again; data validation and defined names
survive as openpyxl reads them.  The file is checked as a zip package first
(``package_guard``): openpyxl loads every cell of every sheet, so a bomb or a
range of a billion cells is refused before it starts.
"""
from __future__ import annotations

import gc
import re
import sys
import warnings
import zipfile
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

import openpyxl
from openpyxl.packaging.relationship import RelationshipList
from openpyxl.reader.excel import ExcelReader
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import range_boundaries
from openpyxl.utils.cell import SHEETRANGE_RE
from openpyxl.xml.constants import ARC_ROOT_RELS
from openpyxl.xml.functions import fromstring
from openpyxl.writer.excel import ExcelWriter

from ..pictures.terminal import text_colour
from . import atomic, package_guard
from .book import Colour, MissingName

_NO_FILL = PatternFill(fill_type=None)
_MAX_ROW, _MAX_COLUMN = 1_048_576, 16_384


def _load(path: Path) -> openpyxl.Workbook:
    """openpyxl's ``load_workbook``, closing what it opened when it stops part way (a bad file, Ctrl-C):
    left to the garbage collector, its in-memory zip of the VBA parts wrote into a closed buffer at exit,
    a traceback after the message.  PackageError before any parsing for a broken or hostile package."""
    package_guard.check(path)
    reader = ExcelReader(path, keep_vba=True)
    try:
        with warnings.catch_warnings():  # openpyxl's remarks on a file it half understands: the refusal, if
            warnings.simplefilter("ignore", UserWarning)  # any, says in one line what is wrong with it
            reader.read()
    except BaseException:
        parser = getattr(reader, "parser", None)  # its workbook holds the VBA zip before the reader does
        vba = getattr(getattr(parser, "wb", None), "vba_archive", None)
        if vba is not None:
            vba.close()
        reader.archive.close()
        raise
    _check_root_relationships(reader.wb)
    return reader.wb


def _check_root_relationships(workbook: openpyxl.Workbook) -> None:
    """Parse the package's own relationships (``_rels/.rels``) as openpyxl will, which it does only when it saves
    a workbook with its VBA: a broken one is then refused as the file opens (ParseError, KeyError when it is
    missing), not as an internal error after the work is done."""
    if workbook.vba_archive is None:
        return
    try:
        RelationshipList.from_tree(fromstring(workbook.vba_archive.read(ARC_ROOT_RELS)))
    except Exception as err:  # worded as openpyxl words what it cannot read as it loads
        workbook.vba_archive.close()
        raise ValueError(f"Unable to read workbook: could not read the package relationships {ARC_ROOT_RELS}") from err


class OpenpyxlBook:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.workbook = _load(self.path)
        self._fills: dict[str, PatternFill] = {}

    def _locate(self, name: str):
        defined = self.workbook.defined_names.get(name)
        if defined is None:
            raise MissingName(name)
        # read here, not by openpyxl's ``destinations``, which fails inside on a name that does not parse
        match = SHEETRANGE_RE.match(defined.value or "")
        if match is None or match.end() != len(defined.value):  # a formula, several ranges, broken text
            raise MissingName(name)
        quoted = match.group("quoted")
        sheet, ref = quoted.replace("''", "'") if quoted else match.group("notquoted"), match.group("cells")
        if sheet not in self.workbook.sheetnames:
            raise MissingName(name)
        left, top, right, bottom = range_boundaries(ref.replace("$", ""))  # None: whole columns ("A:C") or rows
        return self.workbook[sheet], top or 1, left or 1, bottom or _MAX_ROW, right or _MAX_COLUMN

    def shape(self, name: str) -> tuple[int, int]:
        """Rows and columns of the named range."""
        _, top, left, bottom, right = self._locate(name)
        return bottom - top + 1, right - left + 1

    def _cells(self, name: str):
        worksheet, top, left, bottom, right = self._locate(name)
        return [[worksheet.cell(r, c) for c in range(left, right + 1)] for r in range(top, bottom + 1)]

    def read(self, name: str) -> list[list[object]]:
        return [[cell.value for cell in row] for row in self._cells(name)]

    def write(self, name: str, values: Sequence[Sequence[object]]) -> None:
        for row, new in zip(self._cells(name), values):
            for cell, value in zip(row, new):
                cell.value = value

    def paint(self, name: str, fills: Sequence[Sequence[Colour]]) -> None:
        for row, colours in zip(self._cells(name), fills):
            for cell, colour in zip(row, colours):
                cell.fill = self._fill(colour)
                text = "FF" + text_colour(colour).lstrip("#").upper() if colour else None
                old = cell.font
                cell.font = Font(name=old.name, size=old.size, bold=old.bold, italic=old.italic, color=text)

    def _fill(self, colour: Colour) -> PatternFill:
        if colour is None:
            return _NO_FILL
        if colour not in self._fills:
            argb = "FF" + colour.lstrip("#").upper()
            self._fills[colour] = PatternFill(fill_type="solid", fgColor=argb, bgColor=argb)
        return self._fills[colour]

    def anchor(self, name: str) -> tuple[str, int, int]:
        worksheet, top, left, _, _ = self._locate(name)
        return worksheet.title, top - 1, left - 1

    def status_bar(self, text: str | None) -> None:
        """No application, no status bar."""

    def has_name(self, name: str) -> bool:
        return self.workbook.defined_names.get(name) is not None

    def save(self, path: str | Path | None = None) -> None:
        """Atomically (see ``atomic``): the file on disk is the old workbook or the new one, never half of one."""
        atomic.replace_file(Path(path) if path else self.path, self._write)

    def _write(self, stream) -> None:
        """openpyxl's ``save_workbook`` onto an open file, its zip archive closed even when a write fails
        (left to the garbage collector, it wrote into a closed file: a traceback after the message)."""
        self.workbook.properties.modified = datetime.now(timezone.utc).replace(tzinfo=None)
        if not _has_formulas(self.workbook):
            self.workbook.calculation.fullCalcOnLoad = None  # openpyxl's default would put it back (see below)
        failure = None
        try:
            with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as archive:
                ExcelWriter(self.workbook, archive).write_data()
                _keep_every_drawing(self.workbook, archive)
        except OSError as err:  # kept without its traceback, which holds openpyxl's half-written sheet stream
            failure = OSError(err.errno, err.strerror, err.filename)
        if failure is not None:
            _collect_quietly()
            raise failure

    def close(self) -> None:
        """Close the in-memory copy of the VBA parts openpyxl keeps open (the same garbage-collector traceback)."""
        if self.workbook.vba_archive is not None:
            self.workbook.vba_archive.close()
            self.workbook.vba_archive = None


_VML_DRAWING = re.compile(r"xl/drawings/.*vmlDrawing\d+\.vml$")


def _keep_every_drawing(workbook: openpyxl.Workbook, archive: zipfile.ZipFile) -> None:
    """Copy back the buttons' VML drawings openpyxl left out: openpyxl 3.1 copies those of the old file whose
    number has one digit (its pattern is ``vmlDrawing\\d``), so from the tenth sheet with buttons on, a save
    lost the sheet's buttons and left its link to the drawing dangling."""
    if workbook.vba_archive is None:
        return
    written = set(archive.namelist())
    for name in workbook.vba_archive.namelist():
        if _VML_DRAWING.match(name) and name not in written:
            archive.writestr(name, workbook.vba_archive.read(name))


def _has_formulas(workbook: openpyxl.Workbook) -> bool:
    """True if a cell holds a formula (one typed by a user, say).

    openpyxl keeps no formula's last value, so such a workbook is saved with ``fullCalcOnLoad`` for Excel to
    calculate them on opening; without formulas that flag only makes Excel ask to save on every close, so
    it is left out, as the builder leaves it out.  (Only the cells openpyxl holds are looked at: asking a
    sheet for its rows would make every empty cell of the used range.)"""
    return any(cell.data_type == "f" for sheet in workbook.worksheets for cell in sheet._cells.values())


def _collect_quietly() -> None:
    """Collect garbage with unraisable errors muted: a sheet stream openpyxl left half-written when a write
    failed raises the same error again as it is collected, after the one-line message was printed."""
    previous = sys.unraisablehook
    sys.unraisablehook = lambda unraisable: None
    try:
        gc.collect()
    finally:
        sys.unraisablehook = previous
