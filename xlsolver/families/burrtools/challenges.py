"""New challenges made from a BurrTools problem (``xlsolver generate FILE.xmpuzzle``), and the file each is
written as.

A challenge is made as on every other board (``generating``): a random assembly is drawn, some of its pieces are
given, and the rest must have exactly one way to go.  The clues are typed into the answer's layers (the text
``solve`` prints), so the generator and the grader work on them as on a typed 3D board (the family's
``FileGenerator`` gives the layers, :func:`typed_layers` checks what is typed into them).

BurrTools has no given pieces, so a challenge is written as two problems (:func:`file_of`): *the challenge*, the
result with the given pieces' cells taken out and the pieces still to place (exactly one assembly, as BurrTools
counts: one placement, so one assembly whatever the symmetries), and *the given pieces*, their cells and pieces
with the challenge's placement of them as its assembly, so that BurrTools shows where each goes.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...geometry import xmpuzzle
from .. import InvalidPuzzle, Unsupported
from .problem import OUTSIDE, Built, placements, problem_title, text_places, written_shapes


def refuse_copies(built: Built) -> Built:
    """``built``, where each shape is used once: the grader's measures take each piece once."""
    if built.cover.bounds:
        raise Unsupported(f"{problem_title(built.problem, built.number)} has copies of a shape or a range of them; "
                          "new challenges are made where each shape is used once")
    return built


def typed_layers(built: Built, layers: Sequence[str], grid: Sequence[str]) -> Sequence[str]:
    """``grid``: the problem's ``layers`` with letters of its pieces typed in (the given pieces, as ``grading``
    finds them); InvalidPuzzle names a character typed off the result or not a piece's letter."""
    letters = {piece.letter for piece in built.pieces}
    for r in range(max(len(layers), len(grid))):
        blank, typed = (rows[r] if r < len(rows) else "" for rows in (layers, grid))
        for c in range(max(len(blank), len(typed))):
            was, now = (row[c] if c < len(row) else " " for row in (blank, typed))
            if now != was and (was in (OUTSIDE, " ") or now not in letters):
                raise InvalidPuzzle([f"line {r + 1}, column {c + 1}: {now!r} is not a piece on a cell of the result"])
    return grid


def file_of(built: Built, challenge) -> bytes:
    """A challenge made from ``built``'s problem as a BurrTools file of two problems: the challenge and the given
    pieces (the module's docstring says why)."""
    where = text_places(built)
    letters = {piece.letter for piece in built.pieces}
    given_letters = {ch for row in challenge.rows for ch in row} & letters
    solution = [option for option, label in enumerate(built.cover.labels)
                if all(_at(challenge.solution, *where[cell]) == label.letter for cell in label.cells)]
    file, problem = built.file, built.problem
    shapes = written_shapes(built)
    assembly = placements(built, solution, shapes) if built.grid.numbered else (None,) * len(problem.parts)
    result = shapes[problem.result]
    voxel_of = {built.grid.cell(v): v for v in result.voxels}
    given = {voxel_of[cell] for option in solution for label in [built.cover.labels[option]]
             if label.letter in given_letters for cell in label.cells}
    shapes = tuple(shapes) + _split(result, given)
    title = challenge_title(challenge)
    parts = list(zip(problem.parts, assembly, (piece.letter for piece in built.pieces)))
    to_place = tuple(part for part, _, letter in parts if letter not in given_letters)
    placed = [(part, at) for part, at, letter in parts if letter in given_letters]
    shown = (tuple(at for _, at in placed),) if built.grid.numbered else ()
    problems = (xmpuzzle.Problem(to_place, len(shapes) - 2, title, problem.pairs, max_holes=problem.max_holes),
                xmpuzzle.Problem(tuple(part for part, _ in placed), len(shapes) - 1, f"{title}: the given pieces",
                                 problem.pairs, solutions=shown))
    comment = (f"{title}. Made by xlsolver from {problem_title(problem, built.number)}: problem 1 is the challenge "
               "(exactly one assembly), problem 2 holds the given pieces" + (", its assembly where they go." if shown
                                                                          else "."))
    return xmpuzzle.to_bytes(xmpuzzle.Puzzle(file.grid, shapes, problems, file.colours, comment, file.version))


def _at(rows: Sequence[str], line: int, column: int) -> str:
    return rows[line][column] if line < len(rows) and column < len(rows[line]) else " "


def _split(result: xmpuzzle.Shape, given: set) -> tuple[xmpuzzle.Shape, xmpuzzle.Shape]:
    """The result without the given voxels, and the given voxels alone, filled (each in the result's box)."""
    kept = {v: mark for v, mark in result.voxels.items() if v not in given}
    taken = {v: (xmpuzzle.FILLED, mark[1]) for v, mark in result.voxels.items() if v in given}
    name = result.name or "result"
    return (xmpuzzle.Shape(result.size, kept, result.hotspot, f"{name}: to fill"),
            xmpuzzle.Shape(result.size, taken, result.hotspot, f"{name}: given"))


def challenge_title(challenge) -> str:
    grade = challenge.grade
    return (f"seed {challenge.seed}: {grade.level.capitalize()}, {grade.given} given, {grade.to_place} to place "
            f"(difficulty {grade.difficulty})")


__all__ = ["refuse_copies", "typed_layers", "file_of", "challenge_title"]
