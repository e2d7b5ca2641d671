"""xlsolver: exact-cover puzzle solving behind an Excel workbook.

The pieces most callers need:

    from xlsolver import ExactCover, count, first_solution, uniqueness, Search
    from xlsolver.families import tiling

Importing this package costs next to nothing: every click in Excel and every
command starts a fresh Python, and ``xlsolver --version`` should pay Python's
start and little else.  The names above are looked up on first use (PEP 562's
module ``__getattr__``), so ``import xlsolver`` does not import the engine (and
with it numpy) until a caller asks for one of them.
"""
from __future__ import annotations

import importlib

__version__ = "0.1.0"

#: Each public name and the module it comes from, imported when the name is first asked for.
_LAZY = {
    "ExactCover": "xlsolver.engine.exact_cover",
    "ProblemError": "xlsolver.engine.exact_cover",
    "Progress": "xlsolver.engine",
    "Search": "xlsolver.engine",
    "SearchResult": "xlsolver.engine",
    "count": "xlsolver.engine",
    "first_solution": "xlsolver.engine",
    "uniqueness": "xlsolver.engine",
}

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


def __getattr__(name: str):
    """A public name of :data:`_LAZY`, imported now and kept (later look-ups do not come here); a
    subpackage (``xlsolver.engine``) is an attribute once imported, as for any package."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
