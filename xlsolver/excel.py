"""Entry point for the workbook's buttons, called by xlwings' RunPython:

    RunPython "import xlsolver.excel as x; x.on_button('IQ5x11', 'solve')"

Every click starts a fresh Python, so this module imports almost nothing until
it runs; the engine and xlwings load on use.
"""
from __future__ import annotations

from contextlib import nullcontext


def on_button(area: str, action: str) -> None:
    """Run ``action`` on ``area`` of the workbook that called; report in its status cell."""
    import xlwings as xw

    from .workbook import busy, layout
    from .workbook.actions import press
    from .workbook.xlwings_book import XlwingsBook

    workbook = XlwingsBook(xw.Book.caller())
    mismatch = xlwings_mismatch(workbook, xw.__version__)
    if mismatch:
        workbook.write(f"{area}_Status", [[mismatch]])
        return
    app = workbook.book.app
    screen_updating = app.screen_updating
    app.screen_updating = False
    doing = f"{layout.BUTTON_CAPTIONS.get(action, action)} on {area}"
    try:
        with busy.hold(workbook.path, doing) if workbook.path else nullcontext():
            press(workbook, area, action)
    except busy.Busy as err:  # one action at a time on a workbook: say so where the user looks
        workbook.write(f"{area}_Status", [[str(err)]])
    except Exception as err:  # never a Python traceback popup: say it in the status cell
        workbook.status_bar(None)
        try:
            workbook.write(f"{area}_Status", [[f"xlsolver internal error: {type(err).__name__}: {err}"]])
        except Exception:
            raise err from None
    finally:
        app.screen_updating = screen_updating


def xlwings_mismatch(workbook, python_side: str) -> str | None:
    """The status line for a workbook built for another xlwings than this Python's, or None when they agree.

    xlwings runs only with its VBA module and its Python package at one version (on a Mac, a mismatch asks
    for ``xlwings runpython install`` on every click)."""
    from .workbook import layout
    from .workbook.book import MissingName

    try:
        built_for = str(workbook.read(layout.XLWINGS_VERSION_NAME)[0][0] or "").strip()
    except MissingName:
        return None  # a workbook from before the version was recorded
    if not built_for or built_for == python_side:
        return None
    return (f"This workbook was built for xlwings {built_for}, and its Python has xlwings {python_side}: run "
            f"pip install xlwings=={built_for} with that Python.")
