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
