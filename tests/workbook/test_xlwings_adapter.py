"""The live-Excel adapter and the RunPython entry point.

Excel cannot run here, so xlwings' object model is stood in for by a small
recording double holding the committed workbook's real cells and names.  It
proves what the issue asks of the adapter: one read per range, one write per
range, colours in one call per colour, the status bar given back, never a
traceback popup.
"""
from __future__ import annotations

from collections import Counter

import openpyxl
import pytest
from openpyxl.utils import range_boundaries

import xlsolver.excel
from xlsolver.base.a1 import cell_name, column_letters
from xlsolver.workbook import layout
from xlsolver.workbook.xlwings_book import XlwingsBook, union_addresses
from workbook_helpers import COMMITTED


class Recorder(Counter):
    pass


class FakeFont:
    def __init__(self, rng):
        self._rng = rng

    @property
    def color(self):
        raise AssertionError("the adapter never reads colours")

    @color.setter
    def color(self, value):
        self._rng.log[("font", self._rng.address)] += 1


class FakeRange:
    def __init__(self, sheet, address: str):
        self.sheet, self.address, self.log = sheet, address, sheet.log
        self.cells = [tuple(range_boundaries(part)) for part in address.replace("$", "").split(",")]
        left, top, right, bottom = self.cells[0]
        self.row, self.column = top, left
        self.font = FakeFont(self)

    def _coords(self):
        left, top, right, bottom = self.cells[0]
        return [[(r, c) for c in range(left, right + 1)] for r in range(top, bottom + 1)]

    @property
    def formula(self):
        self.log[("read", self.address)] += 1
        grid = tuple(tuple("" if self.sheet.cells.get(rc) is None else str(self.sheet.cells[rc]) for rc in row)
                     for row in self._coords())
        return grid[0][0] if len(grid) == 1 and len(grid[0]) == 1 else grid

    @property
    def value(self):
        raise AssertionError("the adapter reads formulas, not values")

    @value.setter
    def value(self, rows):
        self.log[("write", self.address)] += 1
        for coords, values in zip(self._coords(), rows):
            for rc, value in zip(coords, values):
                self.sheet.cells[rc] = value

    @property
    def color(self):
        raise AssertionError("the adapter never reads colours")

    @color.setter
    def color(self, value):
        self.log[("color", self.address)] += 1
        assert value is None or value.startswith("#")


class FakeSheet:
    def __init__(self, name, cells, log):
        self.name, self.cells, self.log = name, cells, log

    def range(self, address):
        return FakeRange(self, address)


class FakeName:
    def __init__(self, sheet, ref):
        self.refers_to_range = FakeRange(sheet, ref)


class FakeApp:
    def __init__(self):
        self.status_bar, self.screen_updating, self.bar_history = False, True, []

    def __setattr__(self, key, value):
        if key == "status_bar" and hasattr(self, "bar_history"):
            self.bar_history.append(value)
        object.__setattr__(self, key, value)


class FakeBook:
    def __init__(self):
        self.log = Recorder()
        self.app = FakeApp()
        source = openpyxl.load_workbook(COMMITTED)
        self.sheets = {ws.title: FakeSheet(ws.title, {(c.row, c.column): c.value for row in ws.iter_rows() for c in row},
                                           self.log) for ws in source.worksheets}
        self.names = {}
        for name, defined in source.defined_names.items():
            sheet, ref = next(iter(defined.destinations))
            self.names[name] = FakeName(self.sheets[sheet], ref)


def test_solve_reads_and_writes_each_range_once_and_colours_once_per_colour():
    from xlsolver.workbook.actions import press

    book = FakeBook()
    outcome = press(XlwingsBook(book), "IQ5x11", "solve")
    assert outcome.status == "solved"
    reads = {addr: n for (kind, addr), n in book.log.items() if kind == "read"}
    writes = {addr: n for (kind, addr), n in book.log.items() if kind == "write"}
    assert reads["$B$14:$L$18"] == 1, "the input grid is read with one call"
    assert writes["$N$14:$X$18"] == 1, "the solution is written with one call"
    status_row, status_col = layout.area("IQ5x11").status_cell
    assert writes[f"${column_letters(status_col)}${status_row + 1}"] == 1, "the status cell"
    colour_calls = sum(n for (kind, _), n in book.log.items() if kind == "color")
    assert colour_calls == 12, "one fill call per piece colour"
    assert sum(n for (kind, _), n in book.log.items() if kind == "font") == 12
    assert book.app.bar_history[0].startswith("xlsolver: Solve IQ5x11") and book.app.bar_history[-1] is False
    assert book.sheets["IQ Puzzler Pro"].cells[(14, 14)] == "G"  # N14


def test_entry_point_reports_internal_errors_in_the_status_cell(monkeypatch):
    import xlwings

    book = FakeBook()
    monkeypatch.setattr(xlwings.Book, "caller", staticmethod(lambda: book))

    def broken(*_):
        raise RuntimeError("boom")

    monkeypatch.setattr("xlsolver.workbook.actions.areas.read", broken)
    xlsolver.excel.on_button("IQ5x11", "solve")
    status_row, status_col = layout.area("IQ5x11").status_cell
    assert book.sheets["IQ Puzzler Pro"].cells[(status_row + 1, status_col + 1)] == \
        "xlsolver internal error: RuntimeError: boom"
    assert book.app.status_bar is False and book.app.screen_updating is True


def test_entry_point_solves_through_xlwings_book_caller(monkeypatch):
    import xlwings

    book = FakeBook()
    monkeypatch.setattr(xlwings.Book, "caller", staticmethod(lambda: book))
    xlsolver.excel.on_button("IQDiamond", "solve")
    status_row, status_col = layout.area("IQDiamond").status_cell
    assert book.sheets["IQ Puzzler Pro"].cells[(status_row + 1, status_col + 1)].startswith("The only solution")


def test_union_addresses_stay_under_excels_limit():
    cells = [cell_name(r, c) for r in range(40) for c in range(30)]
    chunks = union_addresses(cells)
    assert all(len(chunk) <= 250 for chunk in chunks)
    assert ",".join(chunks).split(",") == cells


@pytest.mark.parametrize("module", ["numpy", "numba", "openpyxl", "xlsxwriter"])
def test_importing_the_entry_point_stays_light(module):
    import subprocess
    import sys

    code = f"import sys, xlsolver.excel; sys.exit(1 if {module!r} in sys.modules else 0)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_a_workbook_built_for_another_xlwings_says_so_and_does_nothing(monkeypatch):
    import xlwings

    book = FakeBook()
    version_row, version_col = layout.XLWINGS_VERSION_CELL
    book.sheets[layout.STATE_SHEET].cells[(version_row + 1, version_col + 1)] = "0.36.2"
    monkeypatch.setattr(xlwings.Book, "caller", staticmethod(lambda: book))
    before = dict(book.sheets["IQ Puzzler Pro"].cells)
    xlsolver.excel.on_button("IQ5x11", "solve")
    status_row, status_col = layout.area("IQ5x11").status_cell
    assert book.sheets["IQ Puzzler Pro"].cells[(status_row + 1, status_col + 1)] == (
        f"This workbook was built for xlwings 0.36.2, and its Python has xlwings {xlwings.__version__}: run "
        "pip install xlwings==0.36.2 with that Python.")
    del before[(status_row + 1, status_col + 1)]
    assert all(book.sheets["IQ Puzzler Pro"].cells.get(rc) == value for rc, value in before.items())


def test_the_committed_workbook_records_the_pinned_xlwings():
    import xlwings

    workbook = openpyxl.load_workbook(COMMITTED)
    sheet, ref = next(iter(workbook.defined_names[layout.XLWINGS_VERSION_NAME].destinations))
    assert workbook[sheet][ref.replace("$", "")].value == layout.XLWINGS_VERSION == xlwings.__version__
