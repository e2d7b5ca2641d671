"""Klotski as the front ends see it: read a layout, answer with the moves as frames, and
``xlsolver klotski analyse`` for the state-space figures."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...base.a1 import CellNamer, cell_name
from ...base.answer import Answer, Cell, Frame, Status
from .. import FRAMES, Ask, Command, Family, InvalidPuzzle, Option, Setting, Settings
from .data import EMPTY, Puzzle, classic, load
from .layout import Layout, parse
from .rules import replay_owners
from .search import METRICS
from .solving import Move, Solution, solve

if TYPE_CHECKING:  # imported where a workbook is laid out: a solve needs none of it
    from ...base.sheets import SheetSpec

METRIC_SHORT = {"piece": "one piece, any distance, any path", "straight": "one piece, one direction",
                "step": "every unit move"}
METRIC = Setting("metric", "Metric", "what counts as one move: piece (a piece moved any distance along any path), "
                 "straight (in one direction), step (every unit move)", METRICS, "piece",
                 wrong="{where}: the metric is piece, straight or step, not {value}")
PUZZLE = Setting("puzzle", "Puzzle", "a sliding-block puzzle's data file in data/klotski, or its path "
                 "(default: classic)")


@dataclass(frozen=True)
class Request:
    layout: Layout
    metric: str


def puzzle_named(name: str | None) -> Puzzle:
    return classic() if name in (None, "", "classic") else load(name)


def read(rows, settings: Settings, cell_name: CellNamer = cell_name) -> Request:
    return Request(parse(rows, puzzle_named(settings.get("puzzle")), cell_name=cell_name),
                   settings.get("metric") or "piece")


#: What every grid ``recognises`` claims matches (its rows joined by newlines): the classic's 5 rows of 4 cells,
#: each row perhaps followed by spaces, then perhaps blank rows.  A tiling's grid is never looked at further.
RECOGNISABLE = r"\A(?:[^\n]{4}[^\S\n]*\n){4}[^\n]{4}\s*\Z"


def recognises(rows) -> bool:
    """A grid that reads as a layout of the classic puzzle (its size, its pieces' letters, each piece whole):
    no other family's puzzle looks so."""
    try:
        parse(rows, classic())
    except InvalidPuzzle:
        return False
    return True


def answer(request: Request, ask: Ask) -> Answer:
    """The fewest moves to the goal: the start and the board after each move, as frames."""
    layout, metric = request.layout, request.metric
    puzzle = layout.puzzle
    solution = solve(layout, metric, time_limit=ask.time_limit, cancel=ask.cancel)
    data = {"moves": [vars(m) for m in solution.moves], "boards": solution.boards, "metric": solution.metric,
            "length": solution.length, "start": solution.start, "puzzle": puzzle.name,
            "states_explored": solution.states_explored, "seconds": round(solution.seconds, 4)}
    messages = _messages(solution, puzzle)
    searched = f"{_layouts(solution.states_explored)} explored in {solution.seconds:.2f} s"
    if solution.status != Status.SOLVED:
        text = {Status.NO_SOLUTION: f"No solution: {puzzle.goal_text()} cannot be reached from this layout.",
                Status.TIME_LIMIT: f"Stopped by the {ask.time_limit or 0:g} s time limit before a solution was "
                                   f"found; raise it.",
                Status.CANCELLED: "Interrupted before a solution was found."}[Status(solution.status)]
        return Answer(Status(solution.status), text, messages=messages, data=data)
    noun = "move" if solution.length == 1 else "moves"
    note = f"{solution.length} {noun}, {metric} metric ({METRIC_SHORT[metric]}); {searched}"
    step = f" {ask.another[:1].upper()}{ask.another[1:]} to step through." if ask.another else ""
    message = f"Solved in {solution.length} {noun} ({metric} metric), {searched}.{step}"
    return Answer(Status.SOLVED, message, frames(layout, solution), messages=messages, notes=[note],
                  table=[(m.number, m.piece, m.direction, m.distance) for m in solution.moves], data=data)


def frames(layout: Layout, solution: Solution) -> list[Frame]:
    """The start and the board after each move; each piece by the name the moves use (V3, C), on its colour,
    alike pieces in their own shades."""
    puzzle = layout.puzzle
    letters = {name: letter for name, letter, _ in layout.pieces()}
    owners = [{cell: name for name, _, cells in layout.pieces() for cell in cells}]
    owners += replay_owners(layout, solution.moves, solution.metric)
    goal = puzzle.type(puzzle.goal[0][0]).name if puzzle.goal else "the goal piece"
    found = []
    for step, owner in enumerate(owners):
        rows = []
        for r in range(puzzle.height):
            row = []
            for c in range(puzzle.width):
                name = owner.get((r, c))
                if name is None:
                    row.append(Cell(EMPTY, None, True))
                    continue
                letter = letters[name]
                number = int(name[len(letter):] or 1)
                row.append(Cell(name, shade(puzzle.colours[letter], number - 1)))  # named as the moves name it
            rows.append(tuple(row))
        if step == 0:
            found.append(Frame(tuple(rows), "start"))
            continue
        move = solution.moves[step - 1]
        message = f"Move {step} of {solution.length}: {move.piece} {move.direction} {move.distance}."
        if step == solution.length:
            message += f" {goal} is out!"
        found.append(Frame(tuple(rows), caption(move), message))
    return found


def caption(move: Move) -> str:
    """``12 V2 down``, ``9 H left 2``, ``10 S2 up,right``: number, piece, way."""
    far = f" {move.distance}" if move.distance > 1 and "," not in move.direction else ""
    return f"{move.number} {move.piece} {move.direction}{far}"


def shade(colour: str, index: int) -> str:
    """``colour`` lightened or darkened by a step that depends on ``index`` (0 keeps it)."""
    amount = (0.0, 0.35, -0.3, 0.6, -0.5, 0.2, -0.15)[index % 7]
    target = 255 if amount > 0 else 0
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(v + (target - v) * abs(amount)) for v in channels]
    return "#" + "".join(f"{v:02x}" for v in mixed)


def _messages(solution: Solution, puzzle: Puzzle) -> list[str]:
    if solution.status == Status.SOLVED:
        return [] if solution.moves else [f"already solved: {puzzle.goal_text()}"]
    if solution.status == Status.NO_SOLUTION:
        return [f"no solution: {puzzle.goal_text()} cannot be reached; all {solution.states_explored:,} "
                f"layouts reachable from this one were searched"]
    if solution.status == Status.TIME_LIMIT:
        return [f"stopped by the time limit after {solution.seconds:.2f} s "
                f"({_layouts(solution.states_explored)} explored), no solution found yet"]
    return ["interrupted before a solution was found"]


def empty_data(settings) -> dict:
    return {"moves": [], "boards": [], "length": None, "metric": settings.get("metric") or "piece"}


def legend(settings) -> list[Frame]:
    """One of each piece, in its colour."""
    puzzle = puzzle_named(settings.get("puzzle"))
    return [Frame.of_cells({cell: Cell(piece.letter, piece.colour) for cell in piece.cells})
            for piece in puzzle.types if piece.letter != EMPTY]


def sheets() -> tuple[SheetSpec, ...]:
    from ...base.sheets import BELOW_INTRO, AreaSpec, ListCells, SettingCell, SheetSpec

    return (SheetSpec(
        "Klotski", "Sheet8", 8, "Klotski (华容道)",
        "Type a layout: C Cao Cao (2x2), H Guan Yu (2 wide), V a general (2 tall), S a soldier, empty cells free. "
        "Solve finds the fewest moves to bring Cao Cao to the exit at the bottom; Next and Previous step through them.",
        legend={}, areas_top=BELOW_INTRO + 1, cell_pixels=30,  # room for a numbered piece: V3
        areas=(AreaSpec("Klotski", "4 x 5 board, exit at the bottom middle", 5, 4, letters="CHVS",
                        cells=(SettingCell("metric", (-2, 13), "piece"),),
                        listing=ListCells("Moves", (0, 17), 160, ("Move", "Piece", "Direction", "Distance"),
                                          (6, 6, 14, 8)),
                        sample=("VCCV", "VCCV", "VHHV", "VSSV", "S  S")),)),)  # 横刀立马, the classic start


def run_analyse(values: Mapping[str, object]) -> Answer:
    """Every layout, the solvable ones, the components: their figures as JSON, and a line each for a person."""
    from .analysis import analyse

    puzzle = puzzle_named(values["puzzle"])
    figures = analyse(puzzle)
    big = " ".join(k.letter for k in puzzle.kinds if k.type.size > 1)
    rows = [(figures["tilings"], f"tilings by the pieces bigger than one cell ({big}), before choosing the empty cells"),
            (figures["layouts"], "layouts, same-shaped pieces alike")]
    rows += [(n, f"layouts with {letters} told apart") for letters, n in figures["layouts_told_apart"].items()]
    rows += [(figures["goal_layouts"], f"goal layouts ({figures['goal']})"),
             (figures["solvable_layouts"], "solvable layouts: the goal can be reached from them")]
    rows += [(n, f"solvable layouts with {letters} told apart")
             for letters, n in figures["solvable_layouts_told_apart"].items()]
    rows += [(figures["components"], f"connected components of unit moves, {figures['components_with_goal']:,} "
                                     f"holding a goal"),
             (figures["largest_component"], "layouts in the largest component")]
    digits = max(len(f"{n:,}") for n, _ in rows)
    seconds = figures["seconds"]
    lines = [f"{figures['title']}: goal {figures['goal']}"] + [f"  {n:>{digits},}  {text}" for n, text in rows]
    lines.append(f"analysed in {sum(seconds.values()):.2f} s (enumeration {seconds['enumerate']:.2f} s, "
                 f"components {seconds['components']:.2f} s)")
    return Answer(Status.SOLVED, lines[0], notes=lines, data=figures)


ANALYSE = Command("analyse", "count layouts, solvable layouts, components",
                  "Enumerate every layout with the exact-cover engine, then find which can reach the goal.",
                  run_analyse, options=(Option("--puzzle", PUZZLE.help, metavar="NAME"),), aliases=("analyze",))


FAMILY = Family(name="klotski", title="Klotski (华容道) sliding blocks: shortest solutions, state-space figures",
                read=read, solve=answer, settings=(METRIC, PUZZLE), steps=FRAMES, legend=legend, sheets=sheets,
                command="klotski", commands=(ANALYSE,), empty_data=empty_data, recognises=recognises,
                recognisable=RECOGNISABLE, order=30)


def _layouts(n: int) -> str:
    return f"{n:,} layout" + ("" if n == 1 else "s")
