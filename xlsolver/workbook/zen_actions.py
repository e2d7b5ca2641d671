"""The Zen Garden sheet's buttons: Solve writes the raking order, each pass in
its own colour; Clear empties what Solve wrote.

An empty input cell is sand, ``#`` a rock, ``_`` walkable ground; the garden is
the top-left ``Zen_Rows`` x ``Zen_Cols`` block of the input grid.
"""
from __future__ import annotations

from ..families import InvalidPuzzle
from . import layout
from .areas import CUSTOM_PALETTE, _custom_size_of, namer_for, time_limit
from .book import Book
from .cells import OPEN, grid_chars

ROCK_FILL = "#5a5a5a"
WALKABLE_FILL = "#e8dcc2"


def _garden_rows(book: Book, area: layout.Area) -> tuple[list[str], list[str]]:
    name = f"{area.name}_In"
    namer = namer_for(book, name)
    grid, messages = grid_chars(book.read(name), namer)
    (rows, cols), size_messages = _custom_size_of(book, layout.ZEN_ROWS, layout.ZEN_COLS, len(grid), len(grid[0]))
    messages += size_messages
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if (r >= rows or c >= cols) and ch != OPEN:
                messages.append(f"{namer(r, c)}: this cell is outside the garden's size; leave it empty")
    if messages:
        raise InvalidPuzzle(messages)
    return ["".join(row[:cols]) for row in grid[:rows]], []


def solve(book: Book, area: layout.Area):
    from ..families import zen
    from .actions import Outcome, _with

    rows, _ = _garden_rows(book, area)
    garden = zen.parse(rows, cell_name=namer_for(book, f"{area.name}_In"))
    seconds, warning = time_limit(book, area)
    result = zen.solve(garden, time_limit=seconds)
    out = f"{area.name}_Out"
    height, width = len(book.read(out)), len(book.read(out)[0])
    values = [[None] * width for _ in range(height)]
    fills = [[None] * width for _ in range(height)]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            fills[r][c] = ROCK_FILL if ch == "#" else WALKABLE_FILL if ch == "_" else None
    if result.status == "solved":
        for r, row in enumerate(result.order):
            for c, step in enumerate(row):
                if step:
                    values[r][c] = step
                    fills[r][c] = CUSTOM_PALETTE[(result.pass_of[r][c] - 1) % len(CUSTOM_PALETTE)]
        text = (f"Raked in {len(result.passes)} passes; {result.explored:,} states explored in "
                f"{result.seconds:.2f} s.")
    elif result.status == "no solution":
        why = result.why or "no raking order covers all the sand"
        text = f"No solution: {why} ({result.explored:,} states explored)."
    else:
        text = f"Stopped by the {seconds:g} s time limit after {result.explored:,} states; raise it to decide."
    book.write(out, values)
    book.paint(out, fills)
    return Outcome(result.status, _with(text, warning))


def clear(book: Book, area: layout.Area):
    from .actions import Outcome, clear as clear_area

    clear_area(book, area)
    return Outcome("cleared", "")


ACTIONS = {"solve": solve, "clear": clear}
