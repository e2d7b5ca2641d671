"""The first-item search's loop compiled from C (``search_kernel.c``), called through ctypes.

``pip install`` compiles it when a C compiler is there (setup.py; a plain shared
object, no Python headers needed).  Without it, or when it was built from another
version of the C file, :func:`load` gives None and ``fast.py`` runs numba's copy
(``_kernels.py``).  The point is the start: numba's import and first call cost
about 0.7 s in every new process, this library about 1 ms, so a count of a few
tenths of a second is a count of a few tenths of a second.
"""
from __future__ import annotations

import ctypes
from functools import cache

from .native import open_library

NAME = "_search_native"  # the library's file name before the platform's extension suffix
ABI = 1  # as search_kernel.c's ABI

# status codes returned in meta[STATUS], and the meta fields: both copies' (``_kernels.py`` takes them from here)
RUNNING, DONE, LIMIT, BUFFER_FULL = 0, 1, 2, 3
DEPTH, COUNT, NODES, STATUS, STORED = 0, 1, 2, 3, 4

_P, _I = ctypes.c_void_p, ctypes.c_int64


class Kernel:
    """search_kernel.c's ``search`` and ``search2``, with the status codes and meta fields of numba's
    ``_kernels`` module: ``fast.Compiled`` runs either copy, giving each its arrays."""

    RUNNING, DONE, LIMIT, BUFFER_FULL = RUNNING, DONE, LIMIT, BUFFER_FULL
    DEPTH, COUNT, NODES, STATUS, STORED = DEPTH, COUNT, NODES, STATUS, STORED

    def __init__(self, library: ctypes.CDLL):
        self._search = library.xlsolver_search
        self._search.restype = None
        self._search.argtypes = [_P, _P, _P, _I, _P, _I, _P, _P, _P, _P, _P, _I, _I, _P, _I, _I]
        self._search2 = library.xlsolver_search2
        self._search2.restype = None
        self._search2.argtypes = [_P, _P, _P, _P, _P, _P, _I, _P, _P, _P, _P, _P, _I, _I, _P, _I, _I]

    def search(self, starts, masks, claims, words, ids, n_primary, cov, item, pos, chosen, meta, budget, limit,
               out, rows, width):
        """One slice over masks of ``words`` words; the arrays are the standard library's (``array``), flat, of
        the kernel's types (``fast.Compiled`` and ``fast.Driver`` make them), the arguments as search_kernel.c's."""
        self._search(*_addresses(starts, masks, claims), words, *_addresses(ids), n_primary,
                     *_addresses(cov, item, pos, chosen, meta), budget, limit, *_addresses(out), rows, width)

    def search2(self, starts, lo, hi, claim_lo, claim_hi, ids, n_primary, cov, item, pos, chosen, meta, budget,
                limit, out, rows, width):
        """One slice over masks of two words (at most 128 bits), each word in its own array, as :meth:`search`."""
        self._search2(*_addresses(starts, lo, hi, claim_lo, claim_hi, ids), n_primary,
                      *_addresses(cov, item, pos, chosen, meta), budget, limit, *_addresses(out), rows, width)


def _addresses(*buffers) -> list[int]:
    """Where each ``array`` keeps its items."""
    return [buffer.buffer_info()[0] for buffer in buffers]


@cache
def load() -> Kernel | None:
    """The compiled loop, or None when it was not built (or built from another search_kernel.c)."""
    library = open_library(NAME, "xlsolver_search_abi", ABI)
    return None if library is None else Kernel(library)
