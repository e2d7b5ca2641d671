"""The Klotski sheet's buttons: Solve lists the moves and shows the start;
Next and Previous step through the solution; Clear empties what Solve wrote.

Each click is a new Python, so the step shown is kept in ``Klotski_State`` with a
fingerprint of the layout and metric; a step click solves again (a tenth of a
second for the classic puzzle) and shows the board after that many moves.
"""
from __future__ import annotations

import hashlib

from ..families import InvalidPuzzle
from . import layout
from .areas import namer_for, time_limit
from .book import Book
from .cells import OPEN, grid_chars

METRICS = ("piece", "straight", "step")


def _metric(book: Book) -> str:
    value = book.read(layout.KLOTSKI_METRIC)[0][0]
    text = str(value).strip().lower() if value is not None else "piece"
    if text in METRICS:
        return text
    where = namer_for(book, layout.KLOTSKI_METRIC)(0, 0)
    raise InvalidPuzzle([f"{where}: the metric is piece, straight or step, not {value!r}"])


def _solved(book: Book, area: layout.Area):
    """Parse, solve, and a fingerprint of what was solved."""
    from ..families import klotski

    name = f"{area.name}_In"
    namer = namer_for(book, name)
    grid, messages = grid_chars(book.read(name), namer)
    metric = _metric(book)
    if messages:
        raise InvalidPuzzle(messages)
    rows = ["".join(row) for row in grid]
    parsed = klotski.parse(rows, cell_name=namer)
    seconds, warning = time_limit(book, area)
    solution = klotski.solve(parsed, metric, time_limit=seconds)
    fingerprint = hashlib.sha1("\n".join([area.name, metric, *rows]).encode()).hexdigest()[:16]
    return parsed, solution, metric, fingerprint, warning


def _show_board(book: Book, area: layout.Area, board: list[str], colours: dict[str, str]) -> None:
    name = f"{area.name}_Out"
    book.write(name, [[None if ch == OPEN else ch for ch in row] for row in board])
    book.paint(name, [[None if ch == OPEN else colours.get(ch) for ch in row] for row in board])


def solve(book: Book, area: layout.Area, step: int | None = 0):
    """Solve and show the board after ``step`` moves (None: keep the step from the state)."""
    from .actions import Outcome, _load_state, _save_state, _with

    parsed, solution, metric, fingerprint, warning = _solved(book, area)
    if solution.status != "solved":
        reason = {"no solution": "Cao Cao cannot reach the exit from this layout",
                  "time limit": "the time limit came first; raise it"}.get(solution.status, solution.status)
        return Outcome(solution.status, _with(f"No solution: {reason}." if solution.status == "no solution"
                                              else f"Stopped: {reason}.", warning))
    if step is None:
        previous_fingerprint, shown = _load_state(book, area)
        step = shown if previous_fingerprint == fingerprint else 0
    step = max(0, min(step, solution.length))
    colours = parsed.puzzle.colours
    boards = [list(solution.start)] + solution.boards
    _show_board(book, area, boards[step], colours)
    moves = [[m.number, m.piece, m.direction, m.distance] for m in solution.moves]
    book.write(layout.KLOTSKI_MOVES, (moves + [[None] * 4] * layout.KLOTSKI_MOVE_ROWS)[: layout.KLOTSKI_MOVE_ROWS])
    _save_state(book, area, fingerprint, step)
    if step == 0:
        text = (f"Solved in {solution.length} moves ({metric} metric), {solution.states_explored:,} layouts "
                f"explored in {solution.seconds:.2f} s. Press Next to step through.")
    else:
        move = solution.moves[step - 1]
        text = f"Move {step} of {solution.length}: {move.piece} {move.direction} {move.distance}."
        if step == solution.length:
            text += " Cao Cao is out!"
    return Outcome("solved", _with(text, warning), solution=boards[step], colours=colours)


def step(book: Book, area: layout.Area, delta: int):
    from .actions import _load_state

    _, shown = _load_state(book, area)
    return solve(book, area, step=max(shown, 0) + delta) if shown >= 0 else solve(book, area)


def clear(book: Book, area: layout.Area):
    from .actions import Outcome, clear as clear_area

    clear_area(book, area)
    book.write(layout.KLOTSKI_MOVES, [[None] * 4 for _ in range(layout.KLOTSKI_MOVE_ROWS)])
    return Outcome("cleared", "")


ACTIONS = {
    "solve": lambda book, area: solve(book, area, 0),
    "next": lambda book, area: step(book, area, +1),
    "previous": lambda book, area: step(book, area, -1),
    "clear": clear,
}
