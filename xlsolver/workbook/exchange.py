"""A button pressed in another spreadsheet program, as one JSON request and one JSON answer.

LibreOffice Calc cannot run xlwings, so its side of a button (``calc_script.py``,
which LibreOffice runs in its own Python) gathers the area's named ranges and starts

    python -m xlsolver.workbook.exchange      # request on stdin, answer on stdout (UTF-8 JSON)

with the Python that has xlsolver installed.  Here the request becomes an
:class:`ExchangeBook` (the ``Book`` protocol over cells held in memory), the same
:func:`~xlsolver.workbook.actions.press` as Excel's runs on it, and what it
wrote goes back as a list of changes for the spreadsheet side to apply in order.

Request::

    {"protocol": 1, "area": "IQ5x11", "action": "solve",
     "workbook": "/home/me/board.xlsm",           # or null: keys the busy lock (busy.py); File cells'
                                                  # relative paths, Save's and Booklet's files are beside it
     "ranges": {"IQ5x11_In": {"sheet": "IQ Puzzler Pro", "top": 13, "left": 1,   # 0-based
                              "cells": [["G", null, ...], ...]}, ...}}

Cells are what the user typed: null when empty, a number, a text, a formula as
text beginning with "=".  The ranges are every defined name ``<Area>_...`` (a
button reads and writes only its own area's names).  Answer::

    {"protocol": 1, "status": "solved", "message": "Solution 1 ...",
     "changes": [{"range": "IQ5x11_Out", "values": [["G", "G", ...], ...]},
                 {"range": "IQ5x11_Out", "fills": [["#4caf50", null, ...], ...],
                                        "text": [["#000000", null, ...], ...]},
                 {"range": "IQ5x11_Status", "values": [["Solution 1 ..."]]}]}

A fill of null means no fill (and automatic text colour).  Every ending,
internal errors and a held lock included, is a status line in ``changes``, as
``excel.on_button`` writes it on Excel.  The exit code is 0 whenever the request
was answered, 2 when the request itself is unusable: the answer then has
``"request_error": true`` and says why in its message (and in the area's status
cell, when the request names an area).
"""
from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from contextlib import nullcontext

from ..base.answer import Status
from ..pictures.terminal import text_colour
from .book import Colour, MissingName

PROTOCOL = 1  # calc_script.py sends the protocol it speaks; both change together

__all__ = ["PROTOCOL", "ExchangeBook", "RequestError", "main", "respond"]


class RequestError(ValueError):
    """A request this module cannot use; the message says why in one line."""


class ExchangeBook:
    """The ``Book`` protocol over the ranges of a request; what is written is kept as changes, in order."""

    def __init__(self, ranges: dict[str, dict], path: str | None = None):
        self._ranges = {name.lower(): (name, spec) for name, spec in ranges.items()}
        self.changes: list[dict] = []
        self.path = path  # the workbook's file (None: never saved): a File cell's relative path starts at its folder

    def _range(self, name: str) -> tuple[str, dict]:
        found = self._ranges.get(name.lower())  # defined names ignore case, in Excel as in Calc
        if found is None:
            raise MissingName(name)
        return found

    def read(self, name: str) -> list[list[object]]:
        return [list(row) for row in self._range(name)[1]["cells"]]

    def write(self, name: str, values: Sequence[Sequence[object]]) -> None:
        real, spec = self._range(name)
        rows = [[_cell_out(value) for value in row] for row in values]
        for row, new in zip(spec["cells"], rows):  # later reads see what was written
            row[: len(new)] = new[: len(row)]
        self.changes.append({"range": real, "values": rows})

    def paint(self, name: str, fills: Sequence[Sequence[Colour]]) -> None:
        real, _ = self._range(name)
        fills = [list(row) for row in fills]
        text = [[text_colour(colour) if colour else None for colour in row] for row in fills]
        self.changes.append({"range": real, "fills": fills, "text": text})

    def anchor(self, name: str) -> tuple[str, int, int]:
        _, spec = self._range(name)
        return spec["sheet"], spec["top"], spec["left"]

    def status_bar(self, text: str | None) -> None:
        """The spreadsheet side shows its own progress line while Python runs."""


def _cell_in(value: object) -> object:
    """A cell as openpyxl would read it from a saved file: whole numbers as int, "" as empty."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if value == "":
        return None
    return value


def _cell_out(value: object) -> object:
    if value is None or value == "":
        return None
    if isinstance(value, (str, int, float)):  # bool is an int: TRUE and FALSE stay what they are
        return value
    return str(value)


def _checked(request: object) -> tuple[str, str, str | None, dict[str, dict]]:
    """(area, action, workbook, ranges) of a well-formed request, or RequestError."""
    if isinstance(request, _NotJson):
        raise RequestError(str(request))
    if not isinstance(request, dict):
        raise RequestError("the request is not a JSON object")
    protocol = request.get("protocol")
    if protocol != PROTOCOL:
        raise RequestError(f"the spreadsheet's script speaks protocol {protocol!r} and this xlsolver {PROTOCOL}: "
                           "run 'xlsolver libreoffice install' again")
    area, action, workbook = request.get("area"), request.get("action"), request.get("workbook")
    if not isinstance(area, str) or not isinstance(action, str):
        raise RequestError("the request names no area and action")
    if workbook is not None and not isinstance(workbook, str):
        raise RequestError("'workbook' must be a path or null")
    ranges = request.get("ranges")
    if not isinstance(ranges, dict):
        raise RequestError("the request has no 'ranges'")
    checked = {}
    for name, spec in ranges.items():
        try:
            cells = [[_cell_in(value) for value in row] for row in spec["cells"]]
            checked[name] = {"sheet": str(spec["sheet"]), "top": int(spec["top"]), "left": int(spec["left"]),
                             "cells": cells}
        except (KeyError, TypeError, ValueError):
            raise RequestError(f"range {name!r} needs 'sheet', 'top', 'left' and 'cells' (rows of cells)") from None
    return area, action, workbook or None, checked


def respond(request: object) -> dict:
    """The answer to one request; never raises.  An unusable request is an answer with status "error"
    (and a status line, when the request names an area)."""
    try:
        area, action, workbook, ranges = _checked(request)
    except RequestError as err:
        named = request.get("area") if isinstance(request, dict) else None
        changes = [{"range": f"{named}_Status", "values": [[f"xlsolver: {err}"]]}] if isinstance(named, str) else []
        return {"protocol": PROTOCOL, "status": Status.ERROR.value, "message": str(err), "changes": changes,
                "request_error": True}
    from . import busy, layout
    from .actions import press

    book = ExchangeBook(ranges, workbook)
    doing = f"{layout.BUTTON_CAPTIONS.get(action, action)} on {area}"
    try:
        with busy.hold(workbook, doing) if workbook else nullcontext():
            answer = press(book, area, action)
        status, message = answer.status.value, answer.message
    except busy.Busy as err:  # as excel.on_button: one action at a time, said where the user looks
        status, message = Status.ERROR.value, str(err)
        _write_status(book, area, message)
    except Exception as err:  # never a traceback: the status cell says what broke
        status, message = Status.ERROR.value, f"xlsolver internal error: {type(err).__name__}: {err}"
        _write_status(book, area, message)
    return {"protocol": PROTOCOL, "status": status, "message": message, "changes": book.changes}


def _write_status(book: ExchangeBook, area: str, message: str) -> None:
    try:
        book.write(f"{area}_Status", [[message]])
    except MissingName:
        pass


def main(stdin=None, stdout=None) -> int:
    """Read one request, print one answer: exit 0 when answered, 2 when the request was unusable."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    try:
        request = json.loads(stdin.read().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        request = _NotJson(f"the request is not UTF-8 JSON ({err})")
    answer = respond(request)
    stdout.write(json.dumps(answer, ensure_ascii=False, default=str).encode("utf-8"))
    stdout.flush()
    return 2 if answer.get("request_error") else 0


class _NotJson(str):
    """What came instead of a JSON request: _checked reports it as it is."""


if __name__ == "__main__":
    sys.exit(main())
