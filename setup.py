"""The compiled parts: the memoised counter's loop (xlsolver/engine/memo_kernel.c), the first-item
search's (xlsolver/engine/search_kernel.c), the fewest-options search's (xlsolver/engine/fewest_kernel.c) and
the search over items with bounds (xlsolver/engine/multiplicity_kernel.c).

Everything else is in pyproject.toml.  Each library is called through ctypes, not
imported, so it exports its own functions instead of a module init, and each is
optional: without a C compiler the install goes on and numba runs the loops.
"""
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class BuildCLibrary(build_ext):
    def get_export_symbols(self, ext):
        return ext.export_symbols  # no PyInit_ function: ctypes loads it (engine/native.py, search_native.py)


def c_library(name: str, source: str, symbols: list[str], headers: tuple[str, ...] = ()) -> Extension:
    """A plain shared library ``xlsolver.engine.NAME`` from ``source`` (and the ``headers`` it includes: rebuilt
    when one changes, shipped in the sdist), optional, -O3 where gcc or clang builds it."""
    return Extension(f"xlsolver.engine.{name}", sources=[f"xlsolver/engine/{source}"], export_symbols=symbols,
                     depends=[f"xlsolver/engine/{header}" for header in headers],
                     extra_compile_args=[] if sys.platform == "win32" else ["-O3"], optional=True)


memo_kernel = c_library("_memo_native", "memo_kernel.c",
                        ["xlsolver_memo_abi", "xlsolver_memo_run", "xlsolver_memo_release"])
search_kernel = c_library("_search_native", "search_kernel.c",
                          ["xlsolver_search_abi", "xlsolver_search", "xlsolver_search2"])

fewest_kernel = c_library("_fewest_native", "fewest_kernel.c",
                          ["xlsolver_fewest_abi", "xlsolver_fewest_new", "xlsolver_fewest_run", "xlsolver_fewest_free",
                           "xlsolver_fewest_explored", "xlsolver_fewest_solutions", "xlsolver_fewest_nodes",
                           "xlsolver_fewest_children"], headers=("slices.h",))

multiplicity_kernel = c_library("_multiplicity_native", "multiplicity_kernel.c",
                                ["xlsolver_multiplicity_abi", "xlsolver_multiplicity_new", "xlsolver_multiplicity_run",
                                 "xlsolver_multiplicity_free", "xlsolver_multiplicity_explored",
                                 "xlsolver_multiplicity_solutions", "xlsolver_multiplicity_nodes"],
                                headers=("slices.h",))

setup(ext_modules=[memo_kernel, search_kernel, fewest_kernel, multiplicity_kernel], cmdclass={"build_ext": BuildCLibrary})
