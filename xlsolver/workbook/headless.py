"""Pressing Solve without Excel: every area that has input, or the one named."""
from __future__ import annotations

import os
import zipfile
from contextlib import ExitStack
from pathlib import Path

from ..answer import Answer
from ..console import interruptible
from . import actions, busy, layout
from .book import MissingName
from .cells import is_blank


class WorkbookError(Exception):
    """A workbook that cannot be used; the message says why in one line."""


class Interrupted(Exception):
    """Ctrl-C: the message says in one line whether the workbook was saved."""


def open_book(path: str | Path):
    """The workbook at ``path``, opened headless; WorkbookError, in one line, for a file that is not one xlsolver
    opens: no zip, broken or hostile (``package_guard``: a bomb, a DOCTYPE, a range of a billion cells), XML
    openpyxl cannot read, no areas, or an area's range larger than xlsolver made it."""
    from xml.etree.ElementTree import ParseError

    from openpyxl.utils.exceptions import InvalidFileException

    from .openpyxl_book import OpenpyxlBook
    from .package_guard import REFUSED, PackageError

    path = Path(path)
    if not path.is_file():
        raise WorkbookError(f"cannot read {str(path)!r}: no such file")
    try:
        book = OpenpyxlBook(path)
    except PackageError as err:
        raise WorkbookError(str(err)) from None
    except (ParseError, InvalidFileException, zipfile.BadZipFile, KeyError, IndexError, TypeError, ValueError) as err:
        raise WorkbookError(f"cannot open {str(path)!r}: not a valid workbook ({_reason(err)})") from None
    except OSError as err:
        raise WorkbookError(f"cannot open {str(path)!r}: {err.strerror or err}") from None
    if not any(book.has_name(f"{name}_In") for name in layout.areas()):
        book.close()
        raise WorkbookError(f"{str(path)!r} has no xlsolver areas (no range named like Pento6x10_In)")
    for name, (rows, cols) in _layout_shapes().items():
        try:
            found = book.shape(name) if book.has_name(name) else (0, 0)
        except MissingName:
            continue  # an action that needs it says so
        if found[0] > rows or found[1] > cols:
            book.close()
            raise WorkbookError(f"{str(path)!r}: range {name} is {found[0]:,} x {found[1]:,} cells, larger than the "
                                f"{rows} x {cols} xlsolver made; {REFUSED}")
    return book


def _reason(err: Exception) -> str:
    """What openpyxl said, on one line; where it wrapped the error ("Unable to read workbook: could not read
    worksheets from ...", three lines), the step and the error inside (defusedxml's refusals are such)."""
    cause = err.__cause__
    if isinstance(err, ValueError) and str(err).startswith("Unable to read workbook: ") and cause is not None:
        step = str(err).removeprefix("Unable to read workbook: ").split(" from ")[0]
        return " ".join(f"{step}: {type(cause).__name__}: {cause}".split())
    return " ".join(f"{type(err).__name__}: {err}".split())


def _layout_shapes() -> dict[str, tuple[int, int]]:
    """Rows and columns of every range xlsolver names: a button reads each one whole."""
    from openpyxl.utils import range_boundaries

    shapes = {}
    for name, ref in layout.defined_names().items():
        left, top, right, bottom = range_boundaries(ref.rpartition("!")[2].replace("$", ""))
        shapes[name] = (bottom - top + 1, right - left + 1)
    return shapes


def check_output(path: str | Path, output: str | Path | None) -> None:
    """The file written is the kind read (board.xlsm: macro-enabled), so its name keeps that extension;
    Excel refuses a macro-enabled package named .xlsx."""
    if output is None:
        return
    if Path(output).suffix.lower() != Path(path).suffix.lower():
        raise WorkbookError(f"--output must end in {Path(path).suffix.lower()}, as {str(path)!r} does "
                            f"(the workbook is saved with its macros as it was read), not {str(output)!r}")
    if os.path.exists(output) and not os.path.isfile(output):
        raise WorkbookError(f"cannot save {str(output)!r}: not a regular file")


def areas_to_solve(book, area: str | None) -> list[str]:
    """The named area, or every area whose input grid has something typed in it."""
    if area is not None:
        found = layout.area(area)
        if found is None:
            raise WorkbookError(f"unknown area {area!r}; the areas are {', '.join(layout.areas())}")
        if not book.has_name(f"{found.name}_In"):
            raise WorkbookError(f"this workbook has no range named {found.name}_In")
        return [found.name]
    chosen = []
    for name in layout.areas():
        try:
            if not is_blank(book.read(f"{name}_In")):
                chosen.append(name)
        except MissingName:
            continue
    return chosen


def solve(path: str | Path, area: str | None = None, output: str | Path | None = None) -> dict[str, Answer]:
    """Solve, write the solutions into the workbook and save it (to ``output`` if given).

    The workbook (and the output) are locked while this runs: WorkbookError "busy: ..." if another
    action holds them.  Ctrl-C raises Interrupted, which says whether the file was saved: before the
    save nothing is written; a save once begun runs to its end (it is short), as searches finish theirs.
    """
    check_output(path, output)
    target = output or path
    doing = f"Solve on {area or 'every area with input'} (xlsolver solve)"
    saved = False
    try:
        with ExitStack() as held:
            for locked in dict.fromkeys(os.path.realpath(p) for p in (path, target)):
                held.enter_context(busy.hold(locked, doing))
            book = open_book(path)
            held.callback(book.close)
            outcomes = {name: actions.press(book, name, "solve") for name in areas_to_solve(book, area)}
            if outcomes:
                with interruptible() as ctrl_c:
                    _save(book, target)
                    saved = True
                if ctrl_c.is_set():
                    raise KeyboardInterrupt
    except busy.Busy as err:
        raise WorkbookError(f"{err} ({str(path)!r})") from None
    except KeyboardInterrupt:
        done = f"saved {str(target)!r} first" if saved else f"{str(path)!r} left as it was"
        raise Interrupted(f"interrupted (Ctrl-C); {done}") from None
    return outcomes


def _save(book, target: str | Path) -> None:
    try:
        book.save(target)
    except OSError as err:
        raise WorkbookError(f"cannot save {str(target)!r}: {err.strerror or err}") from None
