"""The memoised counter's loop compiled from C (``memo_kernel.c``), called through ctypes.

``pip install`` compiles it when a C compiler is there (setup.py; the library is a
plain shared object, no Python headers needed).  Without it, or when it was built
from another version of the C file, :func:`load` gives None and ``memo.py`` runs
numba's copy of the loop.  The point is the start: numba's import and first call
cost about 0.4 s in every new process, this library about 1 ms.
"""
from __future__ import annotations

import ctypes
import importlib.machinery
from functools import cache
from pathlib import Path

NAME = "_memo_native"  # the library's file name before the platform's extension suffix
ABI = 4  # as memo_kernel.c's ABI


class _Arena(ctypes.Structure):
    _fields_ = [("slots", ctypes.c_void_p), ("n_slots", ctypes.c_int64)]


class Kernel:
    """``run`` as numba's ``_memo_kernels.run``, but on an arena the library owns (:meth:`arena`,
    :meth:`release`)."""

    def __init__(self, library: ctypes.CDLL):
        self._run = library.xlsolver_memo_run
        self._run.restype = None
        self._run.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p,
                              ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_uint64,
                              ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p,
                              ctypes.POINTER(_Arena), ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                              ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64]
        self._release = library.xlsolver_memo_release
        self._release.restype = None
        self._release.argtypes = [ctypes.POINTER(_Arena)]

    @staticmethod
    def arena() -> _Arena:
        return _Arena(None, 0)

    def release(self, arena: _Arena) -> None:
        self._release(ctypes.byref(arena))

    def run(self, starts, patterns, narrow, wide, run_end, needs, n_narrow, window, wide_primary, moduli, first, arena,
            off, cap, fill, meta, total, budget, memory_cap) -> _Arena:
        """One slice; the arrays must be contiguous numpy arrays of the kernel's types (memo.py makes them)."""
        n_levels = (len(starts) - 1) // patterns
        self._run(starts.ctypes.data, n_levels, patterns, narrow.ctypes.data, wide.ctypes.data, run_end.ctypes.data,
                  needs.ctypes.data, n_narrow, window, int(wide_primary), len(moduli), moduli.ctypes.data, first.ctypes.data,
                  ctypes.byref(arena), off.ctypes.data, cap.ctypes.data,
                  fill.ctypes.data, meta.ctypes.data, total.ctypes.data, budget, memory_cap)
        return arena


@cache
def load() -> Kernel | None:
    """The compiled loop, or None when it was not built (or built from another memo_kernel.c)."""
    library = open_library(NAME, "xlsolver_memo_abi", ABI)
    return None if library is None else Kernel(library)


def open_library(name: str, abi_function: str, abi: int) -> ctypes.CDLL | None:
    """The shared library ``name`` of this folder (before the platform's extension suffix) when it was built
    and ``abi_function()`` answers ``abi`` (built from this version of its C file), else None."""
    here = Path(__file__).parent
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = here / (name + suffix)
        if path.is_file():
            try:
                library = ctypes.CDLL(str(path))
                getattr(library, abi_function).restype = ctypes.c_int64
                if getattr(library, abi_function)() == abi:
                    return library
            except (OSError, AttributeError):
                pass
    return None
