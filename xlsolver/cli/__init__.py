"""The ``xlsolver`` command, a module per group of commands: ``parser`` (the door: ``main``, every command's
options, the exit codes), ``puzzles`` (solve and count a text puzzle, a .dlx problem, a collection),
``challenges`` (generate, grade, booklet, hint), ``workbooks`` (a workbook's buttons pressed headless,
build-workbook, LibreOffice's setup), ``listings`` (pieces, boards), with what they share: ``options``,
``reading`` (a puzzle file and its family) and ``console`` (printing an answer, the progress bar).

Only this package parses arguments and prints; families and the workbook layer declare what they need.
"""
from .parser import main

__all__ = ["main"]
