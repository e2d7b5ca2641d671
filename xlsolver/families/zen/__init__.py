"""Zen Puzzle Garden: rake every square of sand, then stand on walkable ground.

A garden is text, one string per row: ``.`` unraked sand, ``#`` rock, ``_``
walkable ground.  A ring of walkable ground surrounds it: row -1 above, row
``height`` below, columns -1 and ``width`` either side.  Cells are ``(row, col)``;
directions are ``(drow, dcol)`` steps, north ``(-1, 0)`` first.

    garden = parse(["....", ".#..", "...."])      # raises InvalidPuzzle, naming cells
    result = solve(garden, time_limit=10)          # .status, .passes, .order, .explored
    replay(garden, result.passes, complete=True)   # raises IllegalMove if a pass breaks a rule
    garden = generate(12, 12, rocks=12, seed=7)    # solvable by construction

The rules as implemented are in :mod:`.rules` (Houston, White and Amos, "Zen
Puzzle Garden is NP-complete", IPL 112 (2012)).

Outcomes use the engine's words: "solved", "no solution", "time limit",
"cancelled".  The solver (:mod:`.solver`) is a depth-first search over these
moves that solves independent parts of the sand separately, prunes dead ends
and unreachable sand, remembers every state it has settled, and first tries
to refute the garden through small windows; its docstring says why each step
is sound.

The modules, one job each; this package re-exports what callers use:

* :mod:`.garden`: the garden, a pass, a result, :func:`parse`, :func:`render`, square names and colours;
* :mod:`.rules`: the rules, :func:`play` and :func:`replay`, checked independently of the solver;
* :mod:`.solver`: :func:`solve` and its bitboard search;
* :mod:`.generator`: :func:`generate`, gardens built along a random raking.
"""
from __future__ import annotations

from .. import InvalidPuzzle
from .garden import (
    DIRECTIONS,
    EAST,
    HEADING,
    MAX_SIDE,
    NO_SOLUTION,
    NORTH,
    PASS_COLOURS,
    ROCK,
    ROCK_COLOUR,
    SAND,
    SOLVED,
    SOUTH,
    SQUARES,
    WALK,
    WALK_COLOUR,
    WEST,
    Point,
    Direction,
    Garden,
    Grid,
    Pass,
    Result,
    entry_text,
    parse,
    pass_colour,
    render,
)
from .generator import candidates, generate
from .rules import (
    IllegalMove,
    pass_grid,
    passes_from_witness,
    perpendicular,
    play,
    raking_order,
    replay,
    slide,
    step,
    walkable_region,
)
from .solver import CANCELLED, TIME_LIMIT, solve

__all__ = [
    "Garden", "Pass", "Result", "IllegalMove", "InvalidPuzzle", "parse", "solve", "replay", "play", "generate",
    "render", "entry_text", "candidates", "passes_from_witness", "pass_colour", "SOLVED", "NO_SOLUTION", "TIME_LIMIT",
    "CANCELLED", "DIRECTIONS", "HEADING", "NORTH", "EAST", "SOUTH", "WEST", "SAND", "ROCK", "WALK", "SQUARES",
    "MAX_SIDE", "PASS_COLOURS", "ROCK_COLOUR", "WALK_COLOUR", "Point", "Direction", "Grid",
    "step", "perpendicular", "walkable_region", "slide", "raking_order", "pass_grid",
]

from .family import FAMILY  # noqa: E402 - the front ends find the family here
