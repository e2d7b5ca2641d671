"""``xlsolver zen``: rake a Zen Puzzle Garden drawn as text, or make one.

    xlsolver zen solve examples/zen-stepping-stones.txt          # passes, then the garden in raking order
    xlsolver zen solve GARDEN.txt --time-limit 10 --json     # {"status", "passes", "order", "messages", "explored"}
    xlsolver zen generate 12x12 --rocks 12 --seed 7          # a solvable garden

Exit codes as for every command: 0 solved, 1 no solution, 2 invalid input or
usage, 3 the time limit came first, 130 interrupted.
"""
from __future__ import annotations

import argparse
import json
import re
import sys

from .. import cli, terminal
from . import InvalidPuzzle, zen

# One colour per pass, cycled; rocks dark, walkable ground pale.
PASS_COLOURS = ("#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
                "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#800000", "#aaffc3")
ROCK_COLOUR, WALK_COLOUR = "#4d4d4d", "#e8e2cf"


def register(subparsers) -> None:
    garden = subparsers.add_parser("zen", help="Zen Puzzle Garden: rake all the sand", description=(
        "Zen Puzzle Garden: the monk rakes sand in straight passes and turns only where a rock or raked "
        "sand stops him. Gardens are text: '.' sand, '#' rock, '_' walkable ground."))
    garden.set_defaults(run=lambda args: _usage(garden))
    commands = garden.add_subparsers(title="zen commands", metavar="COMMAND")

    solve = commands.add_parser("solve", help="find a raking of a garden, or prove there is none", description=(
        "Print the passes (where each starts, its heading, the squares it rakes) and the garden with each "
        "square's raking number. Square names are A1 style: row 1 is the top line, column A the first character."))
    solve.add_argument("garden", metavar="GARDEN.txt", help="a garden drawing ('-' reads standard input)")
    solve.add_argument("--time-limit", type=cli._positive_float, metavar="S", help="stop after S seconds")
    solve.add_argument("--json", action="store_true", help="print JSON instead of text")
    solve.set_defaults(run=run_solve)

    make = commands.add_parser("generate", help="print a solvable garden", description=(
        "Build a garden along a random raking (so it is solvable) and confirm it with the solver."))
    make.add_argument("size", metavar="ROWSxCOLS", type=_size, help="e.g. 12x12 (at most 16x16)")
    make.add_argument("--rocks", type=int, default=10, metavar="N", help="how many rocks (default 10)")
    make.add_argument("--seed", type=int, default=0, metavar="N", help="random seed (default 0)")
    make.set_defaults(run=run_generate)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return cli.INVALID


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 12x12")
    return int(match.group(1)), int(match.group(2))


def run_solve(args) -> int:
    rows, _ = cli.read_puzzle_text(args.garden)
    try:
        garden = zen.parse(rows)
    except InvalidPuzzle as err:
        return _report_invalid(args, err.messages)
    with cli._interruptible() as cancel:
        result = zen.solve(garden, time_limit=args.time_limit, cancel=cancel)
    messages = outcome_messages(result)
    code = {zen.SOLVED: cli.SOLVED, zen.NO_SOLUTION: cli.NO_SOLUTION, zen.TIME_LIMIT: cli.UNDECIDED,
            zen.CANCELLED: cli.INTERRUPTED}[result.status]
    if args.json:
        _print_json({"status": result.status, "passes": [pass_json(garden, p) for p in result.passes],
                     "order": result.order, "messages": messages, "explored": result.explored,
                     "seconds": round(result.seconds, 4)})
        return code
    if result.solved:
        colour_on = terminal.wants_colour(sys.stdout, args.colour)
        print("\n".join(pass_lines(garden, result.passes, colour_on)))
        print()
        print("\n".join(garden_lines(garden, result, colour_on)))
    for message in messages:
        print(f"xlsolver: {message}", file=sys.stderr)
    return code


def _report_invalid(args, messages: list[str]) -> int:
    if args.json:
        _print_json({"status": "invalid", "passes": [], "order": None, "messages": messages, "explored": 0})
    else:
        for message in messages:
            print(f"xlsolver: {message}", file=sys.stderr)
    return cli.INVALID


def outcome_messages(result: zen.Result) -> list[str]:
    """One line on how it ended and how much was searched."""
    searched = f"{result.explored:,} states explored in {result.seconds:.2f} s"
    return [{
        zen.SOLVED: f"raked in {len(result.passes)} passes; {searched}",
        zen.NO_SOLUTION: f"no solution: {result.why}; {searched}",
        zen.TIME_LIMIT: f"stopped by the time limit, undecided; {searched}",
        zen.CANCELLED: f"interrupted, undecided; {searched}",
    }[result.status]]


def pass_json(garden: zen.Garden, p: zen.Pass) -> dict:
    return {"number": p.number, "entry": list(p.entry), "from": zen.entry_text(garden, p.entry),
            "direction": list(p.direction), "heading": zen.HEADING[p.direction], "turn": p.turn,
            "cells": [garden.cell_name(r, c) for r, c in p.cells]}


def pass_colour(number: int) -> str:
    return PASS_COLOURS[(number - 1) % len(PASS_COLOURS)]


def pass_lines(garden: zen.Garden, passes: list[zen.Pass], colour_on: bool) -> list[str]:
    """``3. turn west at B2: A2`` - one line a pass, its number on its colour."""
    width = len(str(len(passes)))
    lines = []
    for p in passes:
        heading = zen.HEADING[p.direction]
        start = f"turn {heading} at" if p.turn else f"{heading} from"
        cells = " ".join(garden.cell_name(r, c) for r, c in p.cells) or "onto walkable ground"
        label = _paint(f"{p.number:>{width}}.", pass_colour(p.number), colour_on)
        lines.append(f"{label} {start} {zen.entry_text(garden, p.entry)}: {cells}")
    return lines


def garden_lines(garden: zen.Garden, result: zen.Result, colour_on: bool) -> list[str]:
    """The garden, each sand square showing its raking number on its pass's colour."""
    plain = zen.render(garden, result.order)
    if not colour_on:
        return plain
    size = len(plain[0]) // garden.width
    lines = []
    for r, row in enumerate(garden.rows):
        cells = []
        for c, ch in enumerate(row):
            text = plain[r][c * size:(c + 1) * size]
            number = result.pass_of[r][c]
            colour = pass_colour(number) if number else {zen.ROCK: ROCK_COLOUR}.get(ch, WALK_COLOUR)
            cells.append(_paint(text, colour, True))
        lines.append("".join(cells))
    return lines


def _paint(text: str, colour: str, colour_on: bool) -> str:
    if not colour_on:
        return text
    fore, back = _rgb(terminal.text_colour(colour)), _rgb(colour)
    return f"\x1b[38;2;{fore[0]};{fore[1]};{fore[2]};48;2;{back[0]};{back[1]};{back[2]}m{text}{terminal.RESET}"


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def run_generate(args) -> int:
    rows, cols = args.size
    try:
        garden = zen.generate(rows, cols, args.rocks, args.seed)
    except (ValueError, RuntimeError) as err:
        raise cli.UserError(str(err)) from None
    print(garden)
    return cli.SOLVED


def _print_json(data) -> None:
    print(json.dumps(data, ensure_ascii=False))
