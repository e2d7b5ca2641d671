"""The one compiled part: the memoised counter's loop (xlsolver/engine/memo_kernel.c).

Everything else is in pyproject.toml.  The library is called through ctypes, not
imported, so it exports its own functions instead of a module init, and it is
optional: without a C compiler the install goes on and numba runs the loop.
"""
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class BuildCLibrary(build_ext):
    def get_export_symbols(self, ext):
        return ext.export_symbols  # no PyInit_ function: ctypes loads it (xlsolver/engine/native.py)


memo_kernel = Extension(
    "xlsolver.engine._memo_native",
    sources=["xlsolver/engine/memo_kernel.c"],
    export_symbols=["xlsolver_memo_abi", "xlsolver_memo_run", "xlsolver_memo_release"],
    extra_compile_args=[] if sys.platform == "win32" else ["-O3"],
    optional=True,
)

setup(ext_modules=[memo_kernel], cmdclass={"build_ext": BuildCLibrary})
