"""``xlsolver klotski solve LAYOUT.txt`` and ``xlsolver klotski analyse``.

Exit codes as for the other commands: 0 solved (or analysed), 1 no solution, 2
invalid input or usage, 3 the time limit came first, 130 interrupted.  The
family module is imported only when a klotski command runs.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys

from .. import cli, terminal
from .klotski_search import METRICS

METRIC_SHORT = {"piece": "one piece, any distance, any path", "straight": "one piece, one direction",
                "step": "every unit move"}
METRIC_HELP = {
    "piece": "one piece moved any distance along any path counts 1 (the usual convention)",
    "straight": "one piece moved any distance in one direction counts 1",
    "step": "every unit move counts 1",
}
EXIT_CODES = {"solved": cli.SOLVED, "no solution": cli.NO_SOLUTION, "time limit": cli.UNDECIDED,
              "cancelled": cli.INTERRUPTED}


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "klotski", help="Klotski (华容道) sliding blocks: shortest solutions, state-space figures",
        description="Klotski (华容道, Huarong Dao) and other sliding-block puzzles described by a data file.")
    parser.set_defaults(run=lambda args: _usage(parser))
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    solve = commands.add_parser("solve", help="the fewest moves from a layout to the goal", description=(
        "Solve a layout drawn as rows of letters (C Cao Cao, H Guan Yu, V general, S soldier, '.' empty; "
        "one row per line, top row first). Prints every move and the board after it."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="metrics:\n" + "\n".join(f"  {m:<9} {text}" for m, text in METRIC_HELP.items()))
    solve.add_argument("layout", metavar="LAYOUT.txt", help="the layout ('-' reads standard input)")
    solve.add_argument("--metric", choices=METRICS, default="piece", help="what counts as one move (default: piece)")
    _add_puzzle(solve)
    solve.add_argument("--time-limit", type=cli._positive_float, metavar="S", help="stop after S seconds")
    solve.add_argument("--json", action="store_true", help="print JSON instead of text")
    solve.set_defaults(run=run_solve)

    analyse = commands.add_parser("analyse", aliases=["analyze"], help="count layouts, solvable layouts, components",
                                  description="Enumerate every layout with the exact-cover engine, then find "
                                              "which can reach the goal.")
    _add_puzzle(analyse)
    analyse.add_argument("--json", action="store_true", help="print JSON instead of text")
    analyse.set_defaults(run=run_analyse)


def _add_puzzle(command: argparse.ArgumentParser) -> None:
    command.add_argument("--puzzle", metavar="NAME", help="a data file in data/klotski, or its path (default: classic)")


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return cli.INVALID


def _puzzle(name: str | None):
    from . import klotski

    return klotski.classic if name in (None, "classic") else klotski.load(name)


def run_solve(args) -> int:
    from . import klotski

    rows, header = cli.read_puzzle_text(args.layout)
    puzzle = _puzzle(args.puzzle or header.get("puzzle"))
    try:
        layout = klotski.parse(rows, puzzle)
    except klotski.InvalidPuzzle as err:
        return _invalid(args, err.messages)
    with cli._interruptible() as cancel:
        solution = klotski.solve(layout, args.metric, time_limit=args.time_limit, cancel=cancel)
    messages = _messages(solution, puzzle)
    if args.json:
        cli._print_json({"status": solution.status, "moves": [vars(m) for m in solution.moves],
                         "boards": solution.boards, "messages": messages, "metric": solution.metric,
                         "length": solution.length, "start": solution.start, "puzzle": puzzle.name,
                         "states_explored": solution.states_explored, "seconds": round(solution.seconds, 4)})
        return EXIT_CODES[solution.status]
    colour_on = terminal.wants_colour(sys.stdout, args.colour)
    if header.get("title"):
        print(header["title"])
    if solution.status == "solved":
        noun = "move" if solution.length == 1 else "moves"
        captions = ["start"] + [caption(m) for m in solution.moves]
        if colour_on:  # each piece keeps its own shade, so alike neighbours stay apart
            letters = {name: letter for name, letter, _ in layout.pieces()}
            owners = [{cell: name for name, _, cells in layout.pieces() for cell in cells}]
            owners += klotski.replay_owners(layout, solution.moves, solution.metric)
            pictures = [paint_owners(owner, letters, puzzle) for owner in owners]
        else:
            pictures = [solution.start] + solution.boards
        lines = [f"{solution.length} {noun}, {solution.metric} metric ({METRIC_SHORT[solution.metric]}); "
                 f"{solution.states_explored:,} layouts explored in {solution.seconds:.2f} s"]
        lines += bands(pictures, captions, puzzle.width * (2 if colour_on else 1))
        _print_lines(lines)
    for message in messages:
        print(f"xlsolver: {message}", file=sys.stderr)
    return EXIT_CODES[solution.status]


def _print_lines(lines: list[str]) -> None:
    """Print, and stop quietly when the reader has gone (``| head``)."""
    try:
        for line in lines:
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - Python flushes stdout again at exit


def _messages(solution, puzzle) -> list[str]:
    if solution.status == "solved":
        return [] if solution.moves else [f"already solved: {puzzle.goal_text()}"]
    if solution.status == "no solution":
        return [f"no solution: {puzzle.goal_text()} cannot be reached; all {solution.states_explored:,} "
                f"layouts reachable from this one were searched"]
    if solution.status == "time limit":
        return [f"stopped by the time limit after {solution.seconds:.2f} s "
                f"({solution.states_explored:,} layouts explored), no solution found yet"]
    return ["interrupted before a solution was found"]


def _invalid(args, messages: list[str]) -> int:
    if args.json:
        cli._print_json({"status": "invalid", "moves": [], "boards": [], "messages": messages,
                         "metric": args.metric, "length": None})
    else:
        for message in messages:
            print(f"xlsolver: {message}", file=sys.stderr)
    return cli.INVALID


def caption(move) -> str:
    """``12 V2 down``, ``9 H left 2``, ``10 S2 up,right``: number, piece, way."""
    far = f" {move.distance}" if move.distance > 1 and "," not in move.direction else ""
    return f"{move.number} {move.piece} {move.direction}{far}"


def bands(pictures: list[list[str]], captions: list[str], picture_width: int, width: int | None = None) -> list[str]:
    """Boards side by side under their captions, as many to a band as fit the terminal."""
    width = width or shutil.get_terminal_size((80, 24)).columns
    column = max(max(len(c) for c in captions), picture_width)
    gap = 3
    per_band = max(1, (width + gap) // (column + gap))
    lines = []
    for start in range(0, len(pictures), per_band):
        blocks = [[captions[i]] + pictures[i] for i in range(start, min(start + per_band, len(pictures)))]
        lines += terminal.side_by_side(blocks, [column] * len(blocks), gap) + [""]
    return lines[:-1]


def paint_owners(owner: dict, letters: dict[str, str], puzzle) -> list[str]:
    """A board in colour: each piece on its letter's colour, the n-th of alike pieces in its own shade."""
    rows = []
    for r in range(puzzle.height):
        line = ""
        for c in range(puzzle.width):
            name = owner.get((r, c))
            letter = letters[name] if name else "."
            number = int(name[len(letter):] or 1) if name else 1
            line += terminal.paint_cell(letter, shade(puzzle.colours[letter], number - 1), True)
        rows.append(line)
    return rows


def shade(colour: str, index: int) -> str:
    """``colour`` lightened or darkened by a step that depends on ``index`` (0 keeps it)."""
    amount = (0.0, 0.35, -0.3, 0.6, -0.5, 0.2, -0.15)[index % 7]
    target = 255 if amount > 0 else 0
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(v + (target - v) * abs(amount)) for v in channels]
    return "#" + "".join(f"{v:02x}" for v in mixed)


def run_analyse(args) -> int:
    from . import klotski

    puzzle = _puzzle(args.puzzle)
    figures = klotski.analyse(puzzle)
    if args.json:
        cli._print_json(figures)
        return cli.SOLVED
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
    print(f"{figures['title']}: goal {figures['goal']}")
    for n, text in rows:
        print(f"  {n:>{digits},}  {text}")
    seconds = figures["seconds"]
    print(f"analysed in {sum(seconds.values()):.2f} s (enumeration {seconds['enumerate']:.2f} s, "
          f"components {seconds['components']:.2f} s)")
    return cli.SOLVED
