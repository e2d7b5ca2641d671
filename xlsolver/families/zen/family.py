"""Zen Puzzle Garden as the front ends see it: a garden in, the raking order out (one frame,
each pass in its colour), and ``xlsolver zen generate``."""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...base.a1 import CellNamer, cell_name
from ...base.answer import Answer, Cell, Frame, Status
from ...base.files import UserError
from .. import Ask, Command, Family, InvalidPuzzle, Option, Settings
from .garden import (
    HEADING,
    ROCK,
    ROCK_COLOUR,
    SAND,
    WALK_COLOUR,
    Garden,
    Pass,
    Result,
    entry_text,
    parse,
    pass_colour,
)
from .solver import solve

if TYPE_CHECKING:  # imported where a workbook is laid out: a solve needs none of it
    from ...base.sheets import SheetSpec


def read(rows, settings: Settings, cell_name: CellNamer = cell_name) -> Garden:
    return parse(rows, cell_name=cell_name)


RECOGNISABLE = "_"  # what every grid ``recognises`` claims holds: walkable ground


def recognises(rows) -> bool:
    """A garden with walkable ground ('_', which no other family's grid has) that reads: sand, rocks and ground
    only.  A garden of sand and rocks alone could be a board with holes; it is named (--family zen)."""
    if not any("_" in row for row in rows):
        return False
    try:
        parse(rows)
    except InvalidPuzzle:
        return False
    return True


def answer(garden: Garden, ask: Ask) -> Answer:
    result = solve(garden, time_limit=ask.time_limit, cancel=ask.cancel)
    searched = f"{_plural(result.explored, 'state')} explored in {result.seconds:.2f} s"
    data = {"passes": [pass_json(garden, p) for p in result.passes], "order": result.order,
            "explored": result.explored, "seconds": round(result.seconds, 4)}
    status = Status(result.status)
    line = {Status.SOLVED: f"raked in {_plural(len(result.passes), 'pass')}; {searched}",
            Status.NO_SOLUTION: f"no solution: {result.why}; {searched}",
            Status.TIME_LIMIT: f"stopped by the time limit, undecided; {searched}",
            Status.CANCELLED: f"interrupted, undecided; {searched}"}[status]
    if status != Status.SOLVED:
        message = {Status.NO_SOLUTION: f"No solution: {result.why or 'no raking order covers all the sand'} "
                                       f"({_plural(result.explored, 'state')} explored).",
                   Status.TIME_LIMIT: f"Stopped by the {ask.time_limit or 0:g} s time limit after "
                                      f"{_plural(result.explored, 'state')}; raise it to decide.",
                   Status.CANCELLED: "Interrupted, undecided."}[status]
        return Answer(status, message, messages=[line], data=data)
    message = f"Raked in {_plural(len(result.passes), 'pass')}; {searched}."
    return Answer(status, message, [raking_frame(garden, result)], messages=[line],
                  notes=pass_lines(garden, result.passes), data=data)


def _plural(n: int, noun: str) -> str:
    """``1 pass``, ``3 passes``, ``1,200 states``."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}{'es' if noun.endswith('s') else 's'}"


def raking_frame(garden: Garden, result: Result) -> Frame:
    """Each sand square's raking number on its pass's colour; rocks and walkable ground as backdrop."""
    rows = []
    for r, row in enumerate(garden.rows):
        cells = []
        for c, ch in enumerate(row):
            if ch == SAND:
                cells.append(Cell(str(result.order[r][c]), pass_colour(result.pass_of[r][c])))
            else:
                cells.append(Cell(ch, ROCK_COLOUR if ch == ROCK else WALK_COLOUR, True))
        rows.append(tuple(cells))
    return Frame(tuple(rows), spaced=True)


def pass_json(garden: Garden, p: Pass) -> dict:
    return {"number": p.number, "entry": list(p.entry), "from": entry_text(garden, p.entry),
            "direction": list(p.direction), "heading": HEADING[p.direction], "turn": p.turn,
            "cells": [garden.cell_name(r, c) for r, c in p.cells]}


def pass_lines(garden: Garden, passes: list[Pass]) -> list[str]:
    """``3. turn west at B2: A2`` - one line a pass."""
    width = len(str(len(passes)))
    lines = []
    for p in passes:
        heading = HEADING[p.direction]
        start = f"turn {heading} at" if p.turn else f"{heading} from"
        cells = " ".join(garden.cell_name(r, c) for r, c in p.cells) or "onto walkable ground"
        lines.append(f"{p.number:>{width}}. {start} {entry_text(garden, p.entry)}: {cells}")
    return lines


def empty_data(settings) -> dict:
    return {"passes": [], "order": None, "explored": 0}


def sheets() -> tuple[SheetSpec, ...]:
    from ...base.sheets import BELOW_INTRO, AreaSpec, SheetSpec, SizeCells

    return (SheetSpec(
        "Zen Garden", "Sheet9", 9, "Zen Puzzle Garden",
        "Set the garden's size, draw rocks with # and walkable ground with _ (empty cells are sand), press Solve: "
        "the monk's raking order appears on the right, each pass in its own colour.",
        areas_top=BELOW_INTRO, cell_pixels=28,  # a raking number may have three digits
        areas=(AreaSpec("Zen", "Garden (up to 16 x 16; beyond the size is dark)", 16, 16, letters="#_",
                        hint="Type # for a rock or _ for walkable ground (empty is sand)",
                        size=SizeCells((-4, 3), (-4, 9), (5, 8),
                                       "this cell is outside the garden's size; leave it empty"),
                        sample=("__", "_    #", "", "  #", "       _")),)),)  # examples/zen-courtyard.txt


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not match:
        raise ValueError(f"'{text}' is not a size like 12x12")
    return int(match.group(1)), int(match.group(2))


def run_generate(values: Mapping[str, object]) -> Answer:
    """A solvable garden, as the text form draws it (JSON: its rows)."""
    from .generator import default_rocks, generate

    rows, cols = values["size"]
    rocks = default_rocks(rows, cols) if values["rocks"] is None else values["rocks"]
    try:
        garden = str(generate(rows, cols, rocks, values["seed"])).splitlines()
    except (ValueError, RuntimeError) as err:
        raise UserError(str(err)) from None
    return Answer(Status.SOLVED, f"a solvable {rows} x {cols} garden", notes=garden, data={"garden": garden})


GENERATE = Command("generate", "print a solvable garden",
                   "Build a garden along a random raking (so it is solvable) and confirm it with the solver.",
                   run_generate, options=(
                       Option("size", "e.g. 12x12 (at most 16x16)", metavar="ROWSxCOLS", parse=_size),
                       Option("--rocks", "how many rocks (default 10, or a quarter of the squares of a smaller "
                                         "garden)", metavar="N", parse=int),
                       Option("--seed", "random seed (default 0)", metavar="N", parse=int, default=0)))


FAMILY = Family(name="zen", title="Zen Puzzle Garden: rake all the sand", read=read, solve=answer, steps=None,
                sheets=sheets, command="zen", commands=(GENERATE,), empty_data=empty_data, recognises=recognises,
                recognisable=RECOGNISABLE, order=40)
