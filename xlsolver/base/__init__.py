"""The ground floor: what every other layer may use and none of it knows a puzzle.

``answer`` (how a request ended, what a family answers, the cells and frames of a picture), ``a1`` (cell names),
``files`` (the one reader of every file, and ``UserError``), ``clock`` (the one clock of every time limit),
``private`` (the user's own folders in the shared temporary folder), ``sheets`` (what a family wants on a sheet,
as plain data).
"""
