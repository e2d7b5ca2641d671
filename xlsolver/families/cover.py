"""Exact-cover families, declared: the family states its puzzle, this module does the rest, once.

What a family states, per puzzle: its items and its options, each option with a
label saying what it places in the family's own terms (a piece and its cells, a
cell and its digit); what a label writes into the grid (:data:`Places`); the grid
an answer is written into; why there may be no solution; and, where letters in
their colours are not enough, how to draw the solved grid.  Per family: its name,
title, reader, settings and sheets.

    problem = cover.problem(cells + pieces, options)    # options: (items, label) each, e.g. cover.piece_option
    puzzle = cover.puzzle(problem, cover.piece_places(), rows, why_none=..., colours=...)  # what read returns
    FAMILY = cover.family(name=NAME, title=..., read=read, settings=..., sheets=sheets)

What this does once for all of them: build the :class:`ExactCover`, read a
solution back as text rows (:func:`written`) and as a :class:`Frame`, and declare
the family with the answers every exact cover shares (``exact.solve`` and
``exact.count``: Solve, Next, Unique?, Count; ``challenges``: Hint and Generate;
the problem for ``--save-dlx``; the JSON of an invalid puzzle).

Declaring a family imports none of the engine: every family is declared when the
registry is first read (to build the command line's options, or a workbook's
layout), and a command that never searches should not pay for it.  The engine is
imported where a problem is built (:func:`problem`) or searched (``exact``), the
generator when a :class:`Generator` is first called.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..base.a1 import cell_name
from ..base.answer import Answer, Frame
from . import Family, exact

if TYPE_CHECKING:  # a name for annotations: the lattices are built when a family with geometry first needs them
    from ..engine.exact_cover import ExactCover
    from ..geometry.lattice import Point

#: What an option writes into the answer grid, from its label: (cell, character) pairs.
Places = Callable[[Hashable], Iterable[tuple["Point", str]]]


def problem(primary: Sequence[str], options: Iterable[tuple[Sequence[str], Hashable]],
            secondary: Sequence[str] = (), branching: str = "auto",
            bounds: dict[str, tuple[int, int]] | None = None) -> ExactCover:
    """The exact cover of the items and options a family states: each option is its items and its label;
    ``branching``: how a search picks its item (``exact_cover.BRANCHING``: "auto", "first" or "fewest");
    ``bounds``: how many times a primary item may be covered, (least, most), where not once (a piece's copies)."""
    from ..engine.exact_cover import ExactCover

    built = ExactCover(primary, secondary, branching=branching, bounds=bounds or None)
    for items, label in options:
        built.add_option(items, label=label)
    return built


def piece_option(letter: str, cells: Iterable[Point], more: Sequence[str] = ()) -> tuple[list[str], tuple]:
    """The option of a piece lying on ``cells`` (a set, or a ``{cell: mark}`` dict): its items are the piece's
    letter, the cells it covers (A1 names, in reading order) and ``more``; its label ``(letter, cells)``."""
    return [letter] + [cell_name(*cell) for cell in sorted(cells)] + list(more), (letter, cells)


def piece_places(lower: str | None = None) -> Places:
    """The :data:`Places` of options labelled ``(letter, cells)``, a piece and where it lies: its letter on
    each cell.  With ``lower``, the cells are a ``{cell: mark}`` dict, and a cell marked ``lower`` shows the
    letter in lower case (RoadBlock's police car, Ghost Hunter's lamp)."""
    if lower is None:
        def places(label):
            letter, cells = label
            return ((cell, letter) for cell in cells)
    else:
        def places(label):
            letter, cells = label
            return ((cell, letter.lower() if mark == lower else letter) for cell, mark in cells.items())
    return places


def written(problem: ExactCover, solution: Iterable[int], blank: Sequence[str], places: Places) -> list[str]:
    """A solution as text rows: ``blank`` with what each of its options places written in."""
    grid = [list(row) for row in blank]
    for option in solution:
        for (r, c), ch in places(problem.labels[option]):
            grid[r][c] = ch
    return ["".join(row) for row in grid]


def puzzle(problem: ExactCover, places: Places, blank: Sequence[str], *, why_none: Callable[[], str],
           colours: dict[str, str] | None = None, draw: Callable[[list[str]], Frame] | None = None,
           tint: Callable[[tuple[int, ...]], dict[Point, str]] | None = None, **more) -> exact.CoverPuzzle:
    """A puzzle every front end can search, from what its family states: the problem, what each option
    writes into ``blank`` (the grid as typed, or an empty board), why there may be no solution, and how to
    draw the solved grid (``draw``; by default each character in its colour of ``colours``; ``tint``: the
    colours of some cells of a solution over those, such as a piece's copies told apart).

    ``more``: the rest of :class:`exact.CoverPuzzle` (``accept``, ``item_maps``, ``data``, ``rows``,
    ``cell_name``, ``challenge``)."""
    blank = tuple(blank)
    colours = {} if colours is None else colours

    last: list = [None, None]  # the latest solution and its rows: an answer asks for both its text and picture

    def text(solution) -> list[str]:
        solution = tuple(solution)
        if last[0] != solution:
            last[:] = [solution, written(problem, solution, blank, places)]
        return list(last[1])

    def frame(solution) -> Frame:
        rows = text(solution)
        drawn = Frame.of_letters(rows, colours) if draw is None else draw(rows)
        if tint is None:
            return drawn
        over = tint(tuple(solution))
        return dataclasses.replace(drawn, rows=tuple(
            tuple(dataclasses.replace(cell, colour=over[r, c]) if (r, c) in over else cell for c, cell in enumerate(row))
            for r, row in enumerate(drawn.rows)))

    return exact.CoverPuzzle(problem, text, frame, why_none, colours, **more)


def problem_of(puzzle: exact.CoverPuzzle) -> ExactCover:
    """The exact cover behind a puzzle (``--save-dlx``)."""
    return puzzle.problem


def family(*, name: str, title: str, read: Callable, settings: tuple = (),
           blank: Callable[[list[str], dict], exact.CoverPuzzle] | None = None, **more) -> Family:
    """The declaration of an exact-cover family whose ``read`` returns :func:`puzzle`'s puzzles.

    The family gives what is its own (``name``, ``title``, ``read``, ``settings``, and any of ``legend``,
    ``sheets``, ``board``, ``order``, ``heat_map`` where its pieces have colours on a flat board); this gives every answer an exact cover shares.  ``blank`` reads the
    board a new challenge is made on, where that differs from a challenge (:func:`generating.generator`).
    """
    return Family(name=name, title=title, read=read, solve=exact.solve, count=exact.count, settings=settings,
                  unique=True, exact_cover=problem_of, empty_data=exact.empty_data, hint=hint,
                  generate=Generator(name, blank), **more)


def hint(puzzle: exact.CoverPuzzle, ask) -> Answer:
    """An exact-cover family's ``hint``: ``challenges.hint`` (imported when first asked: a solve does not need it)."""
    from . import challenges

    return challenges.hint(puzzle, ask)


@dataclass(frozen=True)
class Generator:
    """An exact-cover family's ``generate``: ``generate(rows, settings, request, run_attempts=None)``, new
    challenges by :func:`generating.generate` (imported when first called: the generator, grading and the
    solution diagram are not part of declaring a family)."""

    family: str
    blank: Callable[[list[str], dict], exact.CoverPuzzle] | None = None  # see ``attempts.attempt``'s ``read_blank``

    def __call__(self, rows: Sequence[str], settings: dict, request, run_attempts: Callable | None = None
                 ) -> Iterator:
        from . import generating

        return generating.generate(self.family, rows, settings, request, run_attempts)

    def board(self, rows: Sequence[str], settings: dict) -> tuple[list[str], Callable, Callable | None]:
        """What an attempt works on: the board as rows to type clues into, the reader of such rows (a
        challenge), and the reader of the board before its solution is known (None: the same).  Here the rows
        are the puzzle's own text; a family reading files whole (BurrTools') gives its answers' text instead."""
        from . import get

        family = get(self.family)
        blank = None if self.blank is None else (lambda grid: self.blank(grid, settings))
        return list(rows), (lambda grid: family.parse(grid, settings)), blank


__all__ = ["Places", "problem", "piece_option", "piece_places", "written", "puzzle", "problem_of", "family", "hint",
           "Generator"]
