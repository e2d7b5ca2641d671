"""Klotski (华容道, Huarong Dao) and other sliding-block puzzles.

Vocabulary.  A *puzzle* is a board, a set of piece types and a goal, read from a
data file.  A *layout* is where every piece stands; ``.`` marks an empty cell.
A *move* slides one piece into empty cells; how much sliding counts as one move
is the *metric*:

* ``piece``: one piece moved any distance along any path counts 1 (the usual
  convention, under which the classic start 横刀立马 needs 81 moves);
* ``straight``: one piece moved any distance in one direction counts 1 (90);
* ``step``: every unit move counts 1 (116).

A layout is drawn as rows of letters, top row first (classic: ``C`` Cao Cao,
``H`` Guan Yu, ``V`` general, ``S`` soldier, ``.`` or a space empty; any case).
Pieces of one letter are *alike* unless the data file says ``apart``: a layout
does not say which general is which.  Moves still name them, by letter and
number (``V1`` ... ``V4`` in reading order of their top-left cells at the start,
each number following its piece).  A move's ``direction`` is one word when the
piece goes ``distance`` cells one way, else one word per unit step
(``down,left``: one cell down, then one left).

    layout = parse(["VCCV", "VCCV", "VHHV", "VSSV", "S..S"])   # raises InvalidPuzzle, naming cells
    solution = solve(layout, metric="piece")                     # .status, .moves, .boards, .length
    replay(layout, solution.moves, "piece")                      # the boards again, every step checked
    reachable(layout)                                            # (25955, 964): layouts, goals among them
    analyse()                                                    # the state-space figures

Layouts are enumerated with the exact-cover engine: the pieces bigger than one
cell tile the board (alike copies kept in reading order by secondary items, so
each tiling comes once), and the cells left over are dealt to the one-cell pieces
and the empty cells.  The search itself works on one int per layout, in
:mod:`.search`.

The modules, one job each; this package re-exports what callers use:

* :mod:`.data`: the puzzle as data, its data-file format, :func:`load`, :func:`classic`;
* :mod:`.layout`: a drawn layout checked (:func:`parse`) and drawn back (:func:`render`);
* :mod:`.search`: compact states and breadth-first search;
* :mod:`.solving`: :func:`solve`, :func:`reachable`, moves told in words;
* :mod:`.analysis`: every layout through the exact-cover engine, :func:`analyse`;
* :mod:`.rules`: :func:`replay`, checking moves independently of the search.

Nothing is loaded at import: the classic puzzle is read on first use.
"""
from __future__ import annotations

from ...geometry.catalog import DataFileError
from .. import InvalidPuzzle
from . import search
from .analysis import Enumeration, analyse, deal, enumerate_layouts, tiling_problem, told_apart_factors
from .data import ALIKE, APART, EMPTY, SINGLE, Point, Kind, PieceType, Puzzle, classic, load, names, parse_puzzle
from .layout import Layout, parse, piece_names, render
from .rules import DIRECTION_STEPS, IllegalMove, replay, replay_owners, unit_steps
from .search import DIRECTIONS, METRICS
from .solving import CANCELLED, NO_SOLUTION, SOLVED, TIME_LIMIT, Move, Solution, describe, reachable, solve

__all__ = [
    "ALIKE", "APART", "CANCELLED", "DIRECTIONS", "DIRECTION_STEPS", "EMPTY", "METRICS", "NO_SOLUTION", "SINGLE",
    "SOLVED", "TIME_LIMIT", "Point", "DataFileError", "Enumeration", "IllegalMove", "InvalidPuzzle", "Kind",
    "Layout", "Move", "PieceType", "Puzzle", "Solution", "analyse", "classic", "deal", "describe",
    "enumerate_layouts", "load", "names", "parse", "parse_puzzle", "piece_names", "reachable", "render", "replay",
    "replay_owners", "search", "solve", "tiling_problem", "told_apart_factors", "unit_steps",
]

from .family import FAMILY  # noqa: E402 - the front ends find the family here
