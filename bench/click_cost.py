"""What one click costs on the Python side, phase by phase: interpreter start, imports, reading the
sheet, solving, writing the answer, exiting.

    python bench/click_cost.py [--runs 7]

Each click in Excel starts a fresh Python (xlwings' RunPython), so each measured click here is a
fresh process too: it imports what ``xlsolver.excel.on_button`` imports (xlwings first), then runs
the same ``actions.press`` on the area's named ranges held in memory (the ``Book`` LibreOffice's
exchange uses), timing every read, write and paint.  Excel's side of those calls (COM round trips)
cannot run here: the table counts them instead.  The same process then presses again: that second
press is what a click would cost in a Python that stays running (xlwings' COM/UDF server), so the
last column is the share of a click such a server would save.  Figures are medians over ``--runs``
fresh processes, all measured in this run.
"""

import time

SPAWNED_SEEN = time.time()  # first thing the child does: the interpreter has started (see child())

import argparse  # noqa: E402 - after the clock above, on purpose
import importlib  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CHALLENGE = ROOT / "examples" / "iq-expert-25.txt"
#: What xlsolver.excel.on_button imports after xlwings, before it presses
ON_BUTTON_IMPORTS = ("xlsolver.excel", "xlsolver.workbook.busy", "xlsolver.workbook.layout",
                     "xlsolver.workbook.actions", "xlsolver.workbook.xlwings_book")

#: (label, area, action, rows typed into <Area>_In or None for what board.xlsm ships)
CASES = [
    ("IQ 5x11 Solve (booklet Expert 25)", "IQ5x11", "solve", "challenge"),
    ("IQ 5x11 Unique? (same)", "IQ5x11", "unique", "challenge"),
    ("Pentominoes 6x10 Count (as shipped)", "Pento6x10", "count", None),
    ("Sudoku Solve (as shipped)", "Sudoku", "solve", None),
    ("Klotski Solve (as shipped)", "Klotski", "solve", None),
    ("IQ 5x11 Clear", "IQ5x11", "clear", None),
]


class TimedBook:
    """A Book that times and counts the calls made on the one it wraps."""

    def __init__(self, book):
        self.book = book
        self.seconds = {"read": 0.0, "write": 0.0}
        self.calls = {"read": 0, "write": 0, "paint": 0, "paint colours": 0}

    def _timed(self, kind, call, *args):
        start = time.perf_counter()
        try:
            return call(*args)
        finally:
            self.seconds[kind] += time.perf_counter() - start

    def read(self, name):
        self.calls["read"] += 1
        return self._timed("read", self.book.read, name)

    def write(self, name, values):
        self.calls["write"] += 1
        return self._timed("write", self.book.write, name, values)

    def paint(self, name, fills):
        self.calls["paint"] += 1
        self.calls["paint colours"] += len({colour for row in fills for colour in row})
        return self._timed("write", self.book.paint, name, fills)

    def anchor(self, name):
        return self.book.anchor(name)

    def status_bar(self, text):
        self.book.status_bar(text)


def child() -> None:
    """One click in this fresh process: the job (ranges, area, action, when it was spawned) on stdin."""
    job = json.loads(sys.stdin.read())
    out = {"start": SPAWNED_SEEN - job["spawned"]}
    mark = time.perf_counter()
    importlib.import_module("xlwings")  # on_button's first import
    out["import xlwings"] = time.perf_counter() - mark
    mark = time.perf_counter()
    for module in ON_BUTTON_IMPORTS:
        importlib.import_module(module)
    from xlsolver.workbook import actions
    from xlsolver.workbook.exchange import ExchangeBook
    out["import xlsolver"] = time.perf_counter() - mark
    for press in ("first", "again"):
        book = TimedBook(ExchangeBook(json.loads(json.dumps(job["ranges"]))))
        mark = time.perf_counter()
        answer = actions.press(book, job["area"], job["action"])
        total = time.perf_counter() - mark
        out[press] = {"total": total, "read": book.seconds["read"], "write": book.seconds["write"],
                      "solve": total - book.seconds["read"] - book.seconds["write"], "calls": book.calls,
                      "status": answer.status.value, "message": answer.message}
    out["end"] = time.time()
    print(json.dumps(out))


def ranges_of(area: str, typed: str | None) -> dict:
    """The area's named ranges as board.xlsm ships them (what a click reads), with a challenge typed in."""
    from xlsolver.workbook import layout
    from xlsolver.workbook.openpyxl_book import OpenpyxlBook

    book = OpenpyxlBook(ROOT / "board.xlsm")
    names = [name for name in layout.defined_names() if name.startswith(f"{area}_")]
    ranges = {}
    for name in names:
        sheet, top, left = book.anchor(name)
        ranges[name] = {"sheet": sheet, "top": top, "left": left, "cells": book.read(name)}
    if typed == "challenge":
        cells = ranges[f"{area}_In"]["cells"]
        rows = CHALLENGE.read_text(encoding="utf-8").splitlines()
        for r, row in enumerate(cells):
            for c in range(len(row)):
                ch = rows[r][c] if r < len(rows) and c < len(rows[r]) else "."
                row[c] = None if ch in ". " else ch
    return ranges


def one_click(area: str, action: str, ranges: dict) -> dict:
    job = {"area": area, "action": action, "ranges": ranges}
    spawned = time.time()
    job["spawned"] = spawned
    done = subprocess.run([sys.executable, __file__, "--child"], input=json.dumps(job), capture_output=True,
                          text=True, check=True)
    ended = time.time()
    out = json.loads(done.stdout)
    out["wall"] = ended - spawned
    out["exit"] = ended - out["end"]
    return out


def ms(values) -> str:
    return f"{statistics.median(values) * 1000:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child()
        return
    bare = []
    for _ in range(args.runs):
        spawned = time.time()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.time() - spawned)
    print(f"python -c pass: {ms(bare)} ms (median of {args.runs})\n")
    print("| click | start | import xlwings | import xlsolver | read | solve | write | exit | whole click "
          "| book calls (read/write/paint/colours) | warm press | saved by a persistent Python |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for label, area, action, typed in CASES:
        ranges = ranges_of(area, typed)
        runs = [one_click(area, action, ranges) for _ in range(args.runs)]
        first = [run["first"] for run in runs]
        calls = first[0]["calls"]
        whole = statistics.median(run["wall"] for run in runs)
        warm = statistics.median(run["again"]["total"] for run in runs)
        print(f"| {label} | {ms(r['start'] for r in runs)} | {ms(r['import xlwings'] for r in runs)} "
              f"| {ms(r['import xlsolver'] for r in runs)} | {ms(f['read'] for f in first)} "
              f"| {ms(f['solve'] for f in first)} | {ms(f['write'] for f in first)} | {ms(r['exit'] for r in runs)} "
              f"| {whole * 1000:.0f} | {calls['read']}/{calls['write']}/{calls['paint']}/{calls['paint colours']} "
              f"| {warm * 1000:.0f} | {1 - warm / whole:.0%} |")
        print(f"<!-- {label}: {first[0]['status']}: {first[0]['message'][:100]} -->")


if __name__ == "__main__":
    main()
