"""What each button does: Solve, Next, Count, Unique?, Clear.

Every action reads the area's input, never writes it, and ends by writing one
line to the area's status cell.  Problems the user can fix become that line,
naming the sheet cell; nothing raises out of :func:`press`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import catalog, symmetry
from ..families import InvalidPuzzle
from ..families.prepared import find
from . import areas, layout
from .book import Book, Colour, MissingName

OFF_BOARD = "#404040"  # cells that are not part of the board (the builder uses it too)
MAX_MESSAGES = 4  # the status cell shows this many problems, then "and N more"


@dataclass
class Outcome:
    """What an action did, for the status cell and for the command line."""

    status: str  # "solved", "no solution", "invalid", "time limit", "counted", "cleared", "error"
    text: str  # the status line
    solution: list[str] | None = None  # solved rows (letters, ' ' off the board)
    messages: list[str] = field(default_factory=list)
    colours: dict[str, str] = field(default_factory=dict)
    numbers: dict = field(default_factory=dict)


def press(book: Book, area_name: str, action: str) -> Outcome:
    """Run a button's action on an area and write its status line."""
    area = layout.AREAS.get(area_name)
    if area is None:
        return Outcome("error", f"unknown area {area_name!r}; areas are {', '.join(layout.AREAS)}")
    table = _family_actions(area.family)
    if action not in area.actions:
        outcome = Outcome("error", f"unknown action {action!r}; actions are {', '.join(area.actions)}")
    else:
        book.status_bar(f"xlsolver: {layout.BUTTON_CAPTIONS[action]} {area.name}...")
        try:
            outcome = table[action](book, area)
        except InvalidPuzzle as err:
            outcome = Outcome("invalid", _summary(err.messages), messages=err.messages)
        except MissingName as err:
            outcome = Outcome("error", f"{err.args[0]}: this workbook lacks a range the button needs")
        except catalog.DataFileError as err:
            outcome = Outcome("error", str(err))
        finally:
            book.status_bar(None)
    try:
        book.write(f"{area.name}_Status", [[outcome.text]])
    except MissingName:
        pass  # nowhere to write; the caller still gets the outcome
    return outcome


def _summary(messages: list[str]) -> str:
    shown = "; ".join(messages[:MAX_MESSAGES])
    more = len(messages) - MAX_MESSAGES
    return shown + (f"; and {more} more" if more > 0 else "")


def solve(book: Book, area: layout.Area) -> Outcome:
    return _show(book, area, index=0)


def next_solution(book: Book, area: layout.Area) -> Outcome:
    """The solution after the one shown last, for the same input; wraps to the first."""
    read = areas.read(book, area)
    fingerprint, shown = _load_state(book, area)
    index = shown + 1 if fingerprint == read.fingerprint else 0
    return _show(book, area, index, read)


def _show(book: Book, area: layout.Area, index: int, read: areas.AreaPuzzle | None = None) -> Outcome:
    read = read or areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    prepared = read.prepared
    found, result, accepted = find(prepared, limit=1, skip=index, time_limit=seconds)
    wrapped = not found and index > 0 and accepted > 0 and result.complete
    if wrapped:
        found, result, _ = find(prepared, limit=1, time_limit=seconds)
        index = 0
    if found:
        solution = prepared.decode(found[0])
        _write_solution(book, area, read, solution)
        _save_state(book, area, read.fingerprint, index)
        if wrapped:
            text = f"That was the last of {accepted:,} solutions; back to the first."
        else:
            again = " (press Next for another)" if index == 0 else ""
            text = f"Solution {index + 1}{again}, found in {result.seconds:.2f} s."
        return Outcome("solved", _with(text, warning), solution=solution, colours=prepared.colours)
    if result.complete:
        return Outcome("no solution", _with(f"No solution: {prepared.why_none()}.", warning))
    return Outcome("time limit", _with(f"Stopped by the {seconds:g} s time limit before a solution was found "
                                       f"(about {result.explored:.0%} searched).", warning))


def count(book: Book, area: layout.Area) -> Outcome:
    read = areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    prepared = read.prepared
    maps = prepared.item_maps
    if prepared.accept is None and prepared.problem.options and maps:
        result = symmetry.count_up_to_symmetry(prepared.problem, maps, time_limit=seconds)
        total, distinct = result.total, result.distinct
    else:  # a side condition: count the candidates it accepts
        _, result, total = find(prepared, time_limit=seconds)
        distinct, maps = total, []
    numbers = {"solutions": total, "up_to_symmetry": distinct, "complete": result.complete,
               "seconds": round(result.seconds, 3)}
    noun = "solution" if total == 1 else "solutions"
    if result.complete:
        extra = f" ({distinct:,} up to the board's symmetry)" if len(maps) > 1 else ""
        text = f"{total:,} {noun}{extra}; complete count in {result.seconds:.1f} s."
    else:
        text = (f"At least {total:,} {noun} so far: stopped by the {seconds:g} s time limit with about "
                f"{result.explored:.0%} searched. Raise the time limit to finish.")
    return Outcome("counted", _with(text, warning), numbers=numbers)


def unique(book: Book, area: layout.Area) -> Outcome:
    read = areas.read(book, area)
    seconds, warning = areas.time_limit(book, area)
    prepared = read.prepared
    found, result, _ = find(prepared, limit=2, time_limit=seconds)
    solution = None
    if found:
        solution = prepared.decode(found[0])
        _write_solution(book, area, read, solution)
        _save_state(book, area, read.fingerprint, 0)
    verdict = False if len(found) > 1 else (len(found) == 1 if result.complete else None)
    if verdict:
        text, status = "Unique: exactly one solution (shown).", "solved"
    elif verdict is False and found:
        text, status = "Not unique: at least two solutions (press Next to see more).", "solved"
    elif verdict is False:
        text, status = f"No solution, so not unique: {prepared.why_none()}.", "no solution"
    else:
        text = f"Undecided: {'one solution found, ' if found else ''}stopped by the {seconds:g} s time limit. Raise it to decide."
        status = "time limit"
    return Outcome(status, _with(text, warning), solution=solution, numbers={"unique": verdict},
                   colours=prepared.colours if solution else {})


def clear(book: Book, area: layout.Area) -> Outcome:
    """Empty the solution grid and the status; inputs stay as they are."""
    name = f"{area.name}_Out"
    rows, cols = _shape(book.read(name))
    book.write(name, [[None] * cols for _ in range(rows)])
    mask = catalog.board(area.board).cells if area.board else None
    book.paint(name, [[None if mask is None or (r, c) in mask else OFF_BOARD for c in range(cols)] for r in range(rows)])
    _save_state(book, area, "", -1)
    return Outcome("cleared", "")


def _shape(values: list[list[object]]) -> tuple[int, int]:
    return len(values), len(values[0]) if values else 0


def _write_solution(book: Book, area: layout.Area, read: areas.AreaPuzzle, solution: list[str]) -> None:
    name = f"{area.name}_Out"
    rows, cols = _shape(book.read(name))
    if (rows, cols) != read.shape:
        raise InvalidPuzzle([f"{name} should be the same size as {area.name}_In ({read.shape[0]} x {read.shape[1]})"])
    prepared = read.prepared
    values: list[list[object]] = []
    fills: list[list[Colour]] = []
    for r in range(rows):
        value_row, fill_row = [], []
        for c in range(cols):
            ch = solution[r][c]
            if read.shows_piece((r, c)):
                value_row.append(prepared.display(ch))
                fill_row.append(prepared.colours[ch])
            else:
                value_row.append(None)
                off_mask = area.board is not None and (r, c) not in read.on_board
                fill_row.append(OFF_BOARD if off_mask or (r, c) in read.on_board else None)
        values.append(value_row)
        fills.append(fill_row)
    book.write(name, values)
    book.paint(name, fills)


def _with(text: str, warning: str | None) -> str:
    return f"{text} ({warning}; used {layout.DEFAULT_TIME_LIMIT} s)" if warning else text


def _load_state(book: Book, area: layout.Area) -> tuple[str, int]:
    value = book.read(f"{area.name}_State")[0][0]
    fingerprint, _, index = str(value or "").partition(" ")
    return fingerprint, int(index) if index.lstrip("-").isdigit() else -1


def _save_state(book: Book, area: layout.Area, fingerprint: str, index: int) -> None:
    book.write(f"{area.name}_State", [[f"{fingerprint} {index}" if fingerprint else None]])


_ACTIONS = {"solve": solve, "next": next_solution, "count": count, "unique": unique, "clear": clear}


def _family_actions(family: str) -> dict:
    """Exact-cover families share the actions above; others bring their own."""
    if family == "klotski":
        from . import klotski_actions

        return klotski_actions.ACTIONS
    if family == "zen":
        from . import zen_actions

        return zen_actions.ACTIONS
    return _ACTIONS
