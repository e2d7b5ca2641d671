"""xlsolver: exact-cover puzzle solving behind an Excel workbook.

The pieces most callers need:

    from xlsolver import ExactCover, count, first_solution, uniqueness, Search
    from xlsolver.families import tiling

Importing this package stays light (no numba, no spreadsheet libraries), because
every click in Excel starts a fresh Python.
"""
from .engine import Progress, Search, SearchResult, count, first_solution, uniqueness
from .engine.exact_cover import ExactCover, ProblemError

__version__ = "0.1.0"

__all__ = [
    "ExactCover",
    "ProblemError",
    "Progress",
    "Search",
    "SearchResult",
    "count",
    "first_solution",
    "uniqueness",
    "__version__",
]
