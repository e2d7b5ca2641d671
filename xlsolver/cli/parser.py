"""The ``xlsolver`` command's door: ``main``, and the parser that gathers every group's commands (puzzles,
challenges, workbooks, listings, and each family's own).

Every family comes from the registry (``xlsolver.families``); its settings
become options (``--mode``, ``--metric``, ...), and a family with a command of
its own (``xlsolver klotski ...``) gets it here without this module naming it.

Given a workbook (``board.xlsm``), a command presses the button of the same name on one area
(``--area``), through ``workbook.actions.press`` as a click does, and saves the workbook back (or to
``-o OUT.xlsm``): ``solve`` (every area with input when none is named; ``--unique`` is Unique?),
``next``, ``previous``, ``count`` (``--frequencies`` is Heat map), ``hint``, ``generate``, ``clear``, and
``press --button NAME``.

Exit codes (``answer.Status.exit_code``; docs/command-line.md lists the same):

    0    done: solved, counted to the end, unique
    1    no solution
    2    bad input or usage (the message names the cell or option)
    3    time limit: stopped by --time-limit before an answer (or before --unique was decided)
    4    not unique: ``solve --unique`` found more than one solution
    5    incomplete count: ``count`` stopped by --limit or --time-limit (the output says which)
    70   internal error (a bug; XLSOLVER_DEBUG=1 shows the traceback)
    73   not saved: the answer is printed, but the file it goes into could not be written (read-only,
         disk full, too large); the file is as it was
    130  interrupted (Ctrl-C)
"""
from __future__ import annotations

import argparse
import os
import sys

from .. import __version__, families
from ..base.answer import INTERNAL_ERROR_EXIT, Status
from ..base.files import UserError
from ..engine import TooBig, dlx_text
from ..engine.exact_cover import ProblemError
from ..engine.memo import DEFAULT_MEMORY_MB
from ..families import Command, Family, Option, Unsupported
from ..geometry import catalog
from .challenges import booklet_commands, challenge_commands
from .console import positive_int, report
from .listings import run_boards, run_pieces
from .options import (
    EXIT_CODES_HELP, add_diagram_options, add_picture_option, add_puzzle_options, add_workbook_options, puzzle_or_board,
    usage
)
from .puzzles import run_count, run_solve
from .reading import NotRead, read_as
from .workbooks import add_libreoffice_commands, button_commands, run_build_workbook


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help(sys.stderr)
        return Status.INVALID.exit_code
    try:
        return args.run(args)
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return Status.SOLVED.exit_code
    except KeyboardInterrupt:  # Ctrl-C outside a search (a search stops cleanly and reports what it found)
        print("xlsolver: interrupted", file=sys.stderr)
        return Status.CANCELLED.exit_code
    except NotRead as err:  # every problem of the puzzle, as the command's answer
        if getattr(args, "guessed_family", False):
            err.answer.messages += read_as(err.family, err.rows)
        return report(err.answer, as_json=args.json, colour=args.colour)
    except (UserError, Unsupported, catalog.DataFileError, dlx_text.FormatError, ProblemError) as err:
        hint = "; raise it with 'xlsolver count --memory MB'" if isinstance(err, TooBig) else ""
        print(f"xlsolver: {err}{hint}", file=sys.stderr)
        return Status.INVALID.exit_code
    except Exception as err:  # a bug: say so in one line; XLSOLVER_DEBUG=1 shows the traceback
        if os.environ.get("XLSOLVER_DEBUG"):
            raise
        print(f"xlsolver: internal error ({type(err).__name__}: {err}); please report it", file=sys.stderr)
        return INTERNAL_ERROR_EXIT


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="xlsolver", description="Solve and count puzzles (exact cover and more).",
                                     epilog=EXIT_CODES_HELP)
    parser.add_argument("--version", action="version", version=f"xlsolver {__version__}")
    parser.add_argument("--colour", "--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the grids (default: only on a terminal)")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    every = list(families.all_families().values())

    solve = commands.add_parser("solve", help="solve a puzzle grid, or the puzzles in a workbook", description=(
        "Solve a puzzle drawn as text: for tilings a letter is a given piece cell, '.' an open cell, "
        "'#' or a space not part of the board. First lines 'key: value' may give settings (pieces: NAME, "
        "family: NAME...). Given an .xlsm workbook, do what its Solve buttons do for every area that has input "
        "(or the one --area names), and with --unique what the area's Unique? button does."))
    solve.add_argument("puzzle", metavar="PUZZLE", help="a .txt grid ('-' reads standard input) or board.xlsm")
    add_puzzle_options(solve, every)
    solve.add_argument("--unique", action="store_true", help="also check that the solution is the only one")
    solve.add_argument("--solution", type=positive_int, metavar="N",
                       help="show solution N (default 1; on a workbook, 'xlsolver next' shows the following one)")
    add_diagram_options(solve)
    solve.add_argument("--steps", action="store_true",
                       help="3D puzzles: also say how to build the answer one piece at a time (the given pieces "
                            "first; on cubes, the way each piece slides in; in --json 'steps'); with --svg, draw "
                            "the shape after each step")
    solve.add_argument("--each-line", action="store_true",
                       help="solve every line of PUZZLE as a puzzle of its own, in the family's one-line form or "
                            "as JSON lines; one result a line, in order (without it, a .jsonl file and a file whose "
                            "first puzzle line can only be a whole puzzle in that form are taken so too)")
    add_picture_option(solve)
    add_workbook_options(solve, "the area to solve (default: every area with input)")
    solve.set_defaults(run=run_solve, fixed_family=None)

    build = commands.add_parser("build-workbook", help="build board.xlsm from the layout and vba/ (source checkout)")
    build.add_argument("-o", "--output", metavar="PATH", default="board.xlsm", help="where to write (default board.xlsm)")
    build.set_defaults(run=run_build_workbook)
    add_libreoffice_commands(commands)  # xlsolver libreoffice install: the buttons in LibreOffice Calc

    count = commands.add_parser("count", help="count the solutions of a board or puzzle", description=(
        "Count solutions. A .dlx file (Knuth's format) is counted as a plain exact-cover problem. Given an .xlsm "
        "workbook, do what the Count button of the area --area names does."))
    puzzle_or_board(count, "PUZZLE.txt", "a puzzle grid, a .dlx problem, or board.xlsm")
    add_puzzle_options(count, [f for f in every if f.count is not None])
    count.add_argument("--distinct", action="store_true", help="count solutions up to the board's symmetry")
    count.add_argument("--limit", type=positive_int, metavar="N", help="stop after N solutions")
    count.add_argument("--jobs", type=positive_int, metavar="N", default=None,
                       help="split the search over N processes (default: one per core for a count estimated to take "
                            "seconds, else 1; --jobs 1 keeps it in one process)")
    count.add_argument("--scheduler", metavar="ADDRESS",
                       help="run the split search on the Dask cluster whose scheduler is at ADDRESS "
                            "(tcp://HOST:8786), or 'local': a cluster on this machine of --jobs workers (default "
                            "one per core); needs pip install 'xlsolver[cluster]'")
    count.add_argument("--memory", type=positive_int, metavar="MB", default=DEFAULT_MEMORY_MB,
                       help=f"memory for counting by sub-problems, per process (default {DEFAULT_MEMORY_MB}); "
                            "a count that needs more is searched instead")
    count.add_argument("--assemblable", action="store_true",
                       help="3D puzzles: count only the solutions that can be built one piece at a time (every ball "
                            "resting on balls placed; every piece of cubes sliding in straight from outside)")
    count.add_argument("--frequencies", action="store_true",
                       help="count by the solution diagram, and say for every option how many solutions hold it "
                            "(a table, most used first; in --json 'frequencies': the option's items -> count) and, on "
                            "a flat board, which piece lies on each cell most often and in what share of the "
                            "solutions (a heat map; on a workbook, what the area's Heat map button does)")
    add_workbook_options(count, "the area to count")
    count.set_defaults(run=run_count, fixed_family=None)

    challenge_commands(commands, every)
    booklet_commands(commands, every)
    button_commands(commands)

    for family in every:
        if family.command:
            _family_command(commands, family)

    pieces = commands.add_parser("pieces", help="list the piece sets, with pictures")
    pieces.add_argument("--json", action="store_true", help="print JSON")
    pieces.set_defaults(run=run_pieces)
    boards = commands.add_parser("boards", help="list the named boards, with pictures")
    boards.add_argument("--json", action="store_true", help="print JSON")
    boards.set_defaults(run=run_boards)
    return parser


def _family_command(commands, family: Family) -> None:
    """``xlsolver NAME solve PUZZLE`` for the family's own command, and whatever it adds."""
    group = commands.add_parser(family.command, help=family.title, description=family.title)
    group.set_defaults(run=lambda args: usage(group))
    sub = group.add_subparsers(title=f"{family.command} commands", metavar="COMMAND")
    solve = sub.add_parser("solve", help=f"solve a puzzle of this kind ({family.name})")
    solve.add_argument("puzzle", metavar="PUZZLE.txt", help="the puzzle ('-' reads standard input)")
    add_puzzle_options(solve, [family], fixed=family)
    add_picture_option(solve)
    solve.set_defaults(run=run_solve, fixed_family=family.name, unique=False, solution=None, area=None, output=None)
    for command in family.commands:
        _own_command(sub, command)


def _own_command(sub, command: Command) -> None:
    """A family's own command, from its options as data; it answers as any command does (text, or --json)."""
    parser = sub.add_parser(command.name, aliases=list(command.aliases), help=command.help,
                            description=command.description)
    for option in command.options:
        kind = {"action": "store_true"} if option.switch else {"metavar": option.metavar, "type": _parsed(option)}
        parser.add_argument(option.name, help=option.help, default=option.default, **kind)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def run(args) -> int:
        answer = command.run({option.key: getattr(args, option.key) for option in command.options})
        return report(answer, as_json=args.json, colour=getattr(args, "colour", "auto"))
    parser.set_defaults(run=run)


def _parsed(option: Option):
    """argparse's type for an option: its ``parse``, a ValueError's message shown as argparse shows its own."""
    if option.parse is None:
        return str

    def parse(text: str):
        try:
            return option.parse(text)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    parse.__name__ = option.key
    return parse
