"""The ``xlsolver`` console script.

Importing the command takes a few hundred milliseconds; Ctrl-C in that time would show
Python's traceback.  Here it exits 130 with one line, as Ctrl-C does later on.
"""
from __future__ import annotations

import sys

INTERRUPTED_EXIT = 130


def main() -> int:
    try:
        from .cli import main as run

        return run()
    except KeyboardInterrupt:  # while importing or building the parser; searches handle Ctrl-C themselves
        print("xlsolver: interrupted", file=sys.stderr)
        return INTERRUPTED_EXIT
