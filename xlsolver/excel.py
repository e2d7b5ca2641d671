"""Entry point for the workbook's buttons, called by xlwings' RunPython:

    RunPython "import xlsolver.excel as x; x.on_button('IQ5x11', 'solve')"

Every click starts a fresh Python, so this module imports almost nothing until
it runs; the engine and xlwings load on use.
"""
from __future__ import annotations


def on_button(area: str, action: str) -> None:
    """Run ``action`` on ``area`` of the workbook that called; report in its status cell."""
    import xlwings as xw

    from .workbook.actions import press
    from .workbook.xlwings_book import XlwingsBook

    workbook = XlwingsBook(xw.Book.caller())
    app = workbook.book.app
    screen_updating = app.screen_updating
    app.screen_updating = False
    try:
        press(workbook, area, action)
    except Exception as err:  # never a Python traceback popup: say it in the status cell
        workbook.status_bar(None)
        try:
            workbook.write(f"{area}_Status", [[f"xlsolver internal error: {type(err).__name__}: {err}"]])
        except Exception:
            raise err from None
    finally:
        app.screen_updating = screen_updating
