"""Challenges of exact-cover families, in the terms a person types, and hints.

Written once for every family whose ``read`` returns an :class:`exact.CoverPuzzle`:
a *clue* is one option of the solution (a piece, a digit, a tile) as the letters it
puts into the grid (:func:`typed`).  A clue whose letters are all in the grid is
*given*.  :func:`hint` is the one clue of the unique solution a person would most
likely place next (it covers the most constrained item: the cell or piece with the
fewest ways left), as letters to type.  How hard a challenge is: :mod:`.grading`;
new challenges: :mod:`.generating`.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..base.answer import Answer, Cell, Frame, Status
from . import Ask, exact

Point = tuple[int, int]


def label_letter(label) -> str | None:
    """The letter an option's label names first (a piece's), if it names one: a label's first part is its letter
    where it is a string (a tiling piece, a 3D piece, a BurrTools shape)."""
    return label[0] if isinstance(label, tuple) and label and isinstance(label[0], str) else None


def typed(puzzle: exact.CoverPuzzle, option: int) -> dict[Point, str]:
    """What a person types to give ``option``: grid cell -> character (a tiling piece's letter on each of its
    cells, a sudoku digit, a Ghost Hunter lamp in lower case)."""
    return clues(puzzle, [option])[option]


def clues(puzzle: exact.CoverPuzzle, options: Sequence[int]) -> dict[int, dict[Point, str]]:
    """:func:`typed` for each of ``options``, the puzzle drawn without any of them once."""
    empty = puzzle.text(())

    def cells(option: int) -> dict[Point, str]:
        shown = puzzle.text((option,))
        return {(r, c): ch for r, row in enumerate(shown) for c, ch in enumerate(row)
                if c >= len(empty[r]) or empty[r][c] != ch}

    return {option: cells(option) for option in options}


def is_given(rows: Sequence[str], cells: dict[Point, str]) -> bool:
    """Whether every character of a clue is typed (an upper-case letter in either case)."""
    def at(r: int, c: int) -> str:
        return rows[r][c] if r < len(rows) and c < len(rows[r]) else " "

    return all(at(r, c) == ch or (ch.isupper() and at(r, c).upper() == ch) for (r, c), ch in cells.items())


def overlay(rows: Sequence[str], cells: dict[Point, str]) -> list[str]:
    """``rows`` with ``cells`` typed in (rows and columns added where needed)."""
    grid = [list(row) for row in rows]
    for (r, c), ch in cells.items():
        while len(grid) <= r:
            grid.append([])
        grid[r].extend(" " * (c + 1 - len(grid[r])))
        grid[r][c] = ch
    return ["".join(row) for row in grid]


def unique_solution(puzzle: exact.CoverPuzzle, **controls) -> tuple[tuple[int, ...] | None, bool | None]:
    """The first solution and whether it is the only one (None: stopped before that was decided)."""
    found, result, accepted = exact.find(puzzle, limit=2, **controls)
    if accepted > 1:
        return found[0], False
    return (found[0] if found else None), (accepted == 1 if result.complete else None)


# --- hints ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Hint:
    option: int
    cells: dict[Point, str]  # what to type
    choices: int  # the ways its most constrained item had left


def next_clue(puzzle: exact.CoverPuzzle, solution: Sequence[int]) -> Hint | None:
    """The clue of ``solution`` to place next: the one covering the item with the fewest ways left once the
    given clues are placed (ties: the item declared first); None when every clue is given."""
    rows = puzzle.rows
    typed_by = clues(puzzle, solution)
    given = [o for o in solution if is_given(rows, typed_by[o])]
    if len(given) == len(solution):
        return None
    problem = puzzle.problem
    covered = {i for o in given for i in problem.options[o] if problem.bounds_of(i) == (1, 1)}  # a counted piece
    # may still have copies to place: its item stays open
    ways = Counter(i for items in problem.options if covered.isdisjoint(items) for i in items
                   if i < len(problem.primary))
    by_item = {i: o for o in solution if o not in given for i in problem.options[o]}
    item = min(by_item, key=lambda i: (ways[i], i))
    option = by_item[item]
    return Hint(option, typed_by[option], ways[item])


def hint(puzzle: exact.CoverPuzzle, ask: Ask) -> Answer:
    """One more clue of the unique solution, as letters to type (``data["typed"]``: [row, col, text] each)."""
    solution, verdict = unique_solution(puzzle, time_limit=ask.time_limit, cancel=ask.cancel)
    if solution is None or not verdict:
        if verdict is None:
            from ..engine import as_predicate  # the search above imported the engine

            interrupted = as_predicate(ask.cancel)()
            why = "interrupted" if interrupted else f"stopped by the {ask.time_limit or 0:g} s time limit"
            return Answer(Status.TIME_LIMIT, f"No hint: {why} before the solution was known to be unique.",
                          messages=["no hint: uniqueness undecided"], data={"typed": []})
        if solution is None:
            why = puzzle.why_none()
            return Answer(Status.NO_SOLUTION, f"No hint: there is no solution ({why}).",
                          messages=[f"no solution: {why}"], data={"typed": []})
        return Answer(Status.NOT_UNIQUE, "No hint: this puzzle has more than one solution; give more pieces first.",
                      messages=["no hint: more than one solution"], data={"typed": []})
    found = next_clue(puzzle, solution)
    if found is None:
        done = "Nothing to hint: the puzzle is complete, and its solution unique."
        return Answer(Status.SOLVED, done, _marked(puzzle, puzzle.rows, {}), notes=[done],
                      data={"typed": [], "rows": list(puzzle.rows)})
    # a piece's option says its letter (a lower-case one of a set of more than 26 pieces too); another's cells
    # show it, upper-cased where lower case marks a cell (a lamp)
    piece = label_letter(puzzle.problem.labels[found.option])
    piece = piece if piece is not None and len(piece) == 1 and piece.isalpha() else None
    letters = piece or "".join(sorted({ch.upper() for ch in found.cells.values()}))
    names = ", ".join(puzzle.cell_name(r, c) for r, c in sorted(found.cells))
    ways = "the only way left" if found.choices == 1 else f"the most constrained move: {found.choices} ways left"
    rows = overlay(puzzle.rows, found.cells)
    message = f"Hint: {letters} at {names} ({ways})."
    return Answer(Status.SOLVED, message, _marked(puzzle, rows, found.cells), notes=[message],
                  data={"typed": [[r, c, ch] for (r, c), ch in sorted(found.cells.items())], "rows": rows,
                        "hint": letters})


HINT_COLOUR = "#ffd966"  # a hint's cells, when the new grid is shown


def _marked(puzzle: exact.CoverPuzzle, rows: Sequence[str], cells: dict[Point, str]) -> list[Frame]:
    """The grid with the hint typed in, its cells shaded, drawn as the puzzle's solutions are (a 3D one's layers)."""
    frame = Frame(tuple(tuple(Cell(ch, HINT_COLOUR if (r, c) in cells else None) for c, ch in enumerate(row))
                        for r, row in enumerate(rows)))
    return [frame] if puzzle.drawn is None else puzzle.drawn(frame)


def with_clues(base: Sequence[str], given: Sequence[dict[Point, str]]) -> list[str]:
    """``base`` with every clue of ``given`` typed in."""
    cells: dict[Point, str] = {}
    for clue in given:
        cells.update(clue)
    return overlay(base, cells)
