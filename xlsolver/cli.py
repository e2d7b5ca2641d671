"""The ``xlsolver`` command: solve and count puzzles of any family, press a workbook's buttons headless,
list pieces and boards.

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
import dataclasses
import io
import os
import random
import re
import shlex
import sys
from contextlib import contextmanager, nullcontext
from functools import partial
from pathlib import Path

from . import __version__, families
from .geometry import catalog
from .engine import dlx_text
from .pictures import svg, svg3d, terminal
from .base.answer import INTERNAL_ERROR_EXIT, Answer, Cell, Frame, Status
from .console import frame_lines, interruptible, positive_float, positive_int, progress_bar, report
from .engine import TooBig
from .engine.memo import DEFAULT_MEMORY_MB
from .engine.exact_cover import ProblemError
from .families import (
    SOLUTIONS,
    Ask,
    Command,
    Family,
    InvalidPuzzle,
    Option,
    Settings,
    Unsupported,
    batch,
    booklet_maker,
    booklets,
    exact,
    generating,
    grading,
    levels,
)
from .base.files import (
    MAX_DLX_BYTES,
    PEEK_BYTES,
    UserError,
    did_you_mean,
    header_entry,
    read_file,
    read_puzzle_text,
    stream_lines,
)
from .pictures.terminal import print_json
from .workbook import libreoffice
from .workbook.atomic import replace_file

WORKBOOK_SUFFIXES = (".xlsm", ".xlsx")
BOOKLET_PER_LEVEL = 4  # a booklet's challenges of each level, unless --per-level says
NOT_SAVED_EXIT = 73  # sysexits' EX_CANTCREAT: the answer is printed, the file it goes into could not be written
EXIT_CODES_HELP = ("exit codes: 0 done, 1 no solution, 2 bad input or usage, 3 time limit, 4 not unique (solve "
                   "--unique), 5 incomplete count (--limit or --time-limit), 70 internal error, 73 not saved (the "
                   "answer is printed; the file is as it was), 130 interrupted")
#: The command that presses each button on a workbook (``solve --unique`` is Unique?).
WORKBOOK_COMMANDS = {"solve": "solve", "previous": "previous", "next": "next", "count": "count",
                     "heatmap": "count --frequencies", "unique": "solve --unique", "hint": "hint",
                     "generate": "generate", "booklet": "booklet", "clear": "clear", "steps": "steps"}


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
            err.answer.messages += _read_as(err.family, err.rows)
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
    _add_puzzle_options(solve, every)
    solve.add_argument("--unique", action="store_true", help="also check that the solution is the only one")
    solve.add_argument("--solution", type=positive_int, metavar="N",
                       help="show solution N (default 1; on a workbook, 'xlsolver next' shows the following one)")
    _add_diagram_options(solve)
    solve.add_argument("--steps", action="store_true",
                       help="3D puzzles: also say how to build the answer one piece at a time (the given pieces "
                            "first; on cubes, the way each piece slides in; in --json 'steps'); with --svg, draw "
                            "the shape after each step")
    solve.add_argument("--each-line", action="store_true",
                       help="solve every line of PUZZLE as a puzzle of its own, in the family's one-line form or "
                            "as JSON lines; one result a line, in order (without it, a .jsonl file and a file whose "
                            "first puzzle line can only be a whole puzzle in that form are taken so too)")
    _add_picture_option(solve)
    _add_workbook_options(solve, "the area to solve (default: every area with input)")
    solve.set_defaults(run=run_solve, fixed_family=None)

    build = commands.add_parser("build-workbook", help="build board.xlsm from the layout and vba/ (source checkout)")
    build.add_argument("-o", "--output", metavar="PATH", default="board.xlsm", help="where to write (default board.xlsm)")
    build.set_defaults(run=run_build_workbook)
    libreoffice.add_command(commands)  # xlsolver libreoffice install: the buttons in LibreOffice Calc

    count = commands.add_parser("count", help="count the solutions of a board or puzzle", description=(
        "Count solutions. A .dlx file (Knuth's format) is counted as a plain exact-cover problem. Given an .xlsm "
        "workbook, do what the Count button of the area --area names does."))
    _puzzle_or_board(count, "PUZZLE.txt", "a puzzle grid, a .dlx problem, or board.xlsm")
    _add_puzzle_options(count, [f for f in every if f.count is not None])
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
    _add_workbook_options(count, "the area to count")
    count.set_defaults(run=run_count, fixed_family=None)

    _challenge_commands(commands, every)
    _booklet_commands(commands, every)
    _button_commands(commands)

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


def _challenge_commands(commands, every: list[Family]) -> None:
    """``generate`` and ``hint``, for the families that make challenges."""
    makers = [f for f in every if f.generate is not None]
    generate = commands.add_parser("generate", help="make new challenges with exactly one solution, at a level", description=(
        "Make challenges with exactly one solution, graded Starter to Wizard as the board's booklet grades "
        "(see 'xlsolver grade'), giving as many pieces as the booklet gives at that level. Reproducible: "
        "challenge N comes from seed N. Given an .xlsm workbook, do what the Generate button of the area --area "
        "names does (the level is the area's Level cell)."))
    _puzzle_or_board(generate, "BOARD.txt", "a board drawn as a puzzle (typed cells stay), or board.xlsm")
    _add_puzzle_options(generate, makers, dlx=False)
    generate.add_argument("-n", "--count", type=positive_int, metavar="N", help="how many (default 1)")
    generate.add_argument("--seed", type=int, metavar="S", help="the first seed tried (default 0)")
    generate.add_argument("--level", choices=levels.LEVELS, type=str.lower,
                          help="challenges of this level (default: each seed draws one)")
    generate.add_argument("--given", type=positive_int, metavar="N", help="challenges giving exactly N pieces")
    generate.add_argument("--minimal", action="store_true", help="minimal challenges, for designers: no given piece "
                          "can be taken away (with --level or --given: only those of that level or count)")
    generate.add_argument("-o", "--output", metavar="DIR", help="write each challenge to DIR/NAME-LEVEL-SEED.txt "
                          "(a workbook: save it to OUT.xlsm instead of in place)")
    generate.add_argument("--tries", type=positive_int, metavar="N", default=generating.Request.tries,
                          help="give up after N seeds in a row made no challenge asked for (default %(default)s)")
    generate.add_argument("--jobs", type=positive_int, metavar="N", default=None,
                          help="try seeds on N processes (default 1)")
    generate.add_argument("--scheduler", metavar="ADDRESS", help="try seeds on the Dask cluster whose scheduler is at "
                          "ADDRESS (tcp://HOST:8786), or 'local' for a local one of --jobs workers")
    _add_workbook_options(generate, "the area whose Generate button to press", output=False)
    generate.set_defaults(run=run_generate, fixed_family=None)

    hint = commands.add_parser("hint", help="show one more piece of a puzzle's unique solution", description=(
        "Reveal the piece a person would most likely place next (the most constrained one) and show the puzzle "
        "with it typed in; a puzzle with no or several solutions says so instead. Given an .xlsm workbook, do "
        "what the Hint button of the area --area names does: type the piece into its empty cells."))
    hint.add_argument("puzzle", metavar="PUZZLE.txt", help="the puzzle ('-' reads standard input), or board.xlsm")
    _add_puzzle_options(hint, [f for f in every if f.hint is not None], dlx=False)
    written = hint.add_mutually_exclusive_group()
    written.add_argument("-o", "--output", metavar="OUT.txt", help="write the puzzle with the hint typed in (a "
                         "workbook: save it to OUT.xlsm instead of in place)")
    written.add_argument("--in-place", action="store_true", help="type the hint into PUZZLE.txt itself (a workbook "
                         "is saved in place unless -o names another file)")
    _add_workbook_options(hint, "the area whose Hint button to press", output=False)
    hint.set_defaults(run=run_hint, fixed_family=None)


def _booklet_commands(commands, every: list[Family]) -> None:
    """``grade`` and ``booklet``: levels as the games' booklets mean them."""
    makers = [f for f in every if f.generate is not None]
    grade = commands.add_parser("grade", help="the level and difficulty of a challenge with one solution",
                                description=(
        "Grade a challenge with exactly one solution: its level (Starter, Junior, Expert, Master, Wizard) as the "
        "board's booklet would put it, a difficulty number, and the measures behind it (pieces given and to place, "
        "placements open, search nodes, forced moves). A file of challenges ('challenge: NUMBER LEVEL' lines, as "
        "in xlsolver/data/booklets/) is graded challenge by challenge against its own levels. See docs/levels.md."))
    grade.add_argument("puzzle", metavar="PUZZLE.txt", help="the challenge, or a booklet file ('-' reads standard input)")
    _add_puzzle_options(grade, makers, dlx=False)
    grade.set_defaults(run=run_grade, fixed_family=None)

    booklet = commands.add_parser("booklet", help="a printable booklet of new challenges, Starter to Wizard (PDF)",
                                  description=(
        "Make N new challenges of each level, each with exactly one solution, numbered Starter to Wizard, and write "
        "them as a printable PDF booklet: each challenge drawn as the game's booklet draws it (the board, the given "
        "pieces in their colours, the pieces to place beside it), the solutions at the back. Reproducible by seed. "
        "Given an .xlsm workbook, do what the Booklet button of the area --area names does (the PDF goes beside "
        "the workbook)."))
    _puzzle_or_board(booklet, "BOARD.txt", "a board drawn as a puzzle (typed cells stay), or board.xlsm")
    _add_puzzle_options(booklet, makers, dlx=False)
    booklet.add_argument("--per-level", type=positive_int, metavar="N",
                         help=f"challenges of each level (default {BOOKLET_PER_LEVEL})")
    booklet.add_argument("-o", "--output", metavar="BOOKLET.pdf", help="the PDF to write (a workbook: save it to "
                         "OUT.xlsm instead of in place)")
    booklet.add_argument("--seed", type=int, metavar="S", help="the first seed (default 0)")
    booklet.add_argument("--title", metavar="TEXT", help="the booklet's title (default: the board's)")
    booklet.add_argument("--jobs", type=positive_int, metavar="N", default=None,
                         help="try seeds on N processes (default 1)")
    _add_workbook_options(booklet, "the area whose Booklet button to press", output=False)
    booklet.set_defaults(run=run_booklet, fixed_family=None, scheduler=None)


def _puzzle_or_board(command: argparse.ArgumentParser, metavar: str, about: str) -> None:
    """What a command works on: a file (``metavar``, ``about`` it), or an empty named board (``--board``)."""
    target = command.add_mutually_exclusive_group(required=True)
    target.add_argument("puzzle", metavar=metavar, nargs="?", help=about)
    target.add_argument("--board", metavar="NAME", help="an empty named board (see 'xlsolver boards')")


def _add_workbook_options(command: argparse.ArgumentParser, area_help: str, output: bool = True) -> None:
    """--area and -o OUT.xlsm, which apply to a workbook only."""
    command.add_argument("--area", metavar="NAME", help=f"workbook only: {area_help} (e.g. IQ5x11)")
    if output:
        command.add_argument("-o", "--output", metavar="OUT.xlsm", help="workbook only: save here instead of in place")


def _button_commands(commands) -> None:
    """``next``, ``previous``, ``clear`` and ``press --button NAME``: buttons with no text-puzzle command."""
    about = {"next": "show the following solution (or step) of an area, as its Next button does",
             "previous": "step back in an area's answer (a sequence of moves), as its Previous button does",
             "clear": "empty an area's solution grid, its list and status line, as its Clear button does",
             "steps": "show how to build the solution shown, one more piece each time, as a 3D area's Steps button "
                      "does"}
    for action, text in about.items():
        command = commands.add_parser(action, help=f"workbook: {text}", description=(
            f"{text[0].upper()}{text[1:]}, on the workbook file, saved back in place (or to -o OUT.xlsm)."))
        _workbook_target(command)
        command.set_defaults(run=run_button, action=action)
    press = commands.add_parser("press", help="workbook: press any button of an area", description=(
        "Press an area's button on the workbook file (Solve, Previous, Next, Steps, Count, Heat map, Unique?, Hint, "
        "Generate, Booklet, Clear), as a click in Excel does, saved back in place (or to -o OUT.xlsm)."))
    _workbook_target(press)
    press.add_argument("--button", required=True, metavar="NAME", type=_button,
                       help="the button's caption (any case): Solve, Previous, Next, Steps, Count, Heat map (or "
                            "heatmap), Unique?, Hint, Generate, Booklet or Clear")
    press.set_defaults(run=run_button, action=None)


def _workbook_target(command: argparse.ArgumentParser) -> None:
    command.add_argument("workbook", metavar="WORKBOOK.xlsm", help="the workbook (board.xlsm or a copy)")
    _add_workbook_options(command, "the area")
    command.add_argument("--json", action="store_true", help="print JSON instead of text")


def _button(text: str) -> str:
    """A button by its caption (any case, the '?' of Unique? optional) or its action's name."""
    from .workbook import layout

    for action, caption in layout.BUTTON_CAPTIONS.items():
        if text.strip().lower() in (action, caption.lower(), caption.lower().rstrip("?")):
            return action
    raise argparse.ArgumentTypeError(f"{text!r} is no button; the buttons are "
                                     f"{', '.join(layout.BUTTON_CAPTIONS.values())}")


def _add_puzzle_options(command: argparse.ArgumentParser, choices: list[Family], fixed: Family | None = None,
                        dlx: bool = True) -> None:
    """--family (unless fixed), one option per setting of the families offered, and the common controls."""
    if fixed is None:
        command.add_argument("--family", choices=[f.name for f in choices], default=None,
                             help=f"the kind of puzzle in a text file (default: {choices[0].name}, or the file's "
                                  "'family:' line)")
    owners: dict[str, list[str]] = {}  # setting key -> the families that take it, first one's help shown
    first: dict[str, object] = {}
    for family in [fixed] if fixed else choices:
        for setting in family.settings:
            owners.setdefault(setting.key, []).append(family.name)
            first.setdefault(setting.key, setting)
    for key, setting in first.items():
        allowed = f" ({', '.join(setting.choices)})" if setting.choices else ""
        default = f"; default {setting.default}" if setting.default else ""
        where = "" if fixed else f"{', '.join(owners[key])}: "
        try:
            command.add_argument(f"--{key}", metavar=key.upper().replace("-", "_"),
                                 dest=f"setting_{key.replace('-', '_')}", help=f"{where}{setting.help}{allowed}{default}")
        except argparse.ArgumentError:  # --board of count and generate: a named board, which gives its own setting
            continue
    command.add_argument("--time-limit", type=positive_float, metavar="S", help="stop after S seconds")
    command.add_argument("--json", action="store_true", help="print JSON instead of text")
    if dlx:
        command.add_argument("--save-dlx", metavar="FILE", help="also write the exact-cover problem in Knuth's DLX format")


def _add_diagram_options(command: argparse.ArgumentParser) -> None:
    """--index, --random and --seed: solutions picked from the solution diagram (exact covers)."""
    command.add_argument("--index", type=positive_int, metavar="K", help=(
        "show solution K (1 = the first) in a fixed order that depends on the problem alone: solutions sorted by "
        "the option covering the first item, then the one covering the second item, and so on, items and options "
        "in the order the problem lists them (as --save-dlx writes it); the same K gives the same solution on every "
        "run and machine"))
    command.add_argument("--random", action="store_true",
                         help="show a solution drawn uniformly at random from all of them, and its number for --index")
    command.add_argument("--seed", type=int, metavar="S",
                         help="with --random: draw with seed S, so the draw can be repeated (default: a new seed, "
                              "printed)")


def _diagram_ask(args) -> dict:
    """The Ask fields of --index, --random and --seed (checked against the options they exclude)."""
    index, drawn, seed = getattr(args, "index", None), getattr(args, "random", False), getattr(args, "seed", None)
    if seed is not None and not drawn:
        raise UserError("--seed applies with --random")
    if index is not None and drawn:
        raise UserError("--index and --random each pick one solution; leave out one of them")
    if (index is not None or drawn) and (args.solution or args.unique):
        given = "--index" if index is not None else "--random"
        other = "--solution" if args.solution else "--unique"
        raise UserError(f"{given} and {other}: {given} picks a solution from all of them; leave out one of them")
    if drawn and seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return {"ordinal": None if index is None else index - 1, "seed": seed if drawn else None}


def _add_picture_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--svg", metavar="FILE", help="also draw the answer as an SVG picture into FILE")


def _family_command(commands, family: Family) -> None:
    """``xlsolver NAME solve PUZZLE`` for the family's own command, and whatever it adds."""
    group = commands.add_parser(family.command, help=family.title, description=family.title)
    group.set_defaults(run=lambda args: _usage(group))
    sub = group.add_subparsers(title=f"{family.command} commands", metavar="COMMAND")
    solve = sub.add_parser("solve", help=f"solve a puzzle of this kind ({family.name})")
    solve.add_argument("puzzle", metavar="PUZZLE.txt", help="the puzzle ('-' reads standard input)")
    _add_puzzle_options(solve, [family], fixed=family)
    _add_picture_option(solve)
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


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return Status.INVALID.exit_code


# --- reading a puzzle -----------------------------------------------------------------------------

def _given_settings(args) -> dict[str, str]:
    return {key[len("setting_"):].replace("_", "-"): value for key, value in vars(args).items()
            if key.startswith("setting_") and value is not None}


def _family(args, header: dict[str, str], rows: list[str] | None = None) -> Family:
    """The family named (--family, a 'family:' line, a board's name), else the one family that recognises the
    grid ``rows`` as its own (``Family.recognises``), else the first."""
    name = args.fixed_family or args.family or header.get("family")
    if not name and header.get("board"):  # the board's name says whose it is
        return _family_of_board(header["board"])
    if not name and rows is not None:
        claimed = [f for f in families.all_families().values() if f.recognises is not None and f.recognises(rows)]
        if len(claimed) == 1:
            return claimed[0]
    try:
        return families.get(name) if name else next(iter(families.all_families().values()))
    except ValueError as err:
        raise UserError(str(err)) from None


def _family_of_board(name: str) -> Family:
    """The family with a board of this name (the first family first: its message names the boards when none has)."""
    every = [family for family in families.all_families().values() if family.board is not None]
    return next((family for family in every if family.names_board(name)), every[0])


#: What a command asks of a family, and how it refuses one that does not do it.
NOT_OFFERED = {"count": "are not counted", "hint": "have no hints", "generate": "are not generated"}


def _load(args, needs: str | None = None) -> tuple[Family, list[str], Settings, dict[str, str]]:
    """The family, grid rows, settings (options over the file's header lines) and header of the puzzle asked for;
    a family that cannot do what the command ``needs`` (``count``, ``hint``, ``generate``) is refused."""
    if getattr(args, "board", None):
        family = _family(args, {}) if args.fixed_family or args.family else _family_of_board(args.board)
        if family.board is None:
            raise UserError(f"--board names a board of a family that has named boards, not {family.name}")
        rows, header = family.board(args.board)
    else:
        rows, header = read_puzzle_text(args.puzzle)
        family = _family(args, header, rows)
        _check_header(args.puzzle, family, header)
        if not (args.fixed_family or args.family or header.get("family")):
            args.guessed_family = True  # a refusal names the families the grid reads as (_read_as)
    given = _given_settings(args)
    unknown = [key for key in given if family.setting(key) is None]
    if unknown:
        raise UserError(f"--{unknown[0]} does not apply to {family.name} puzzles")
    if needs and getattr(family, needs) is None:
        raise UserError(f"{family.name} puzzles {NOT_OFFERED[needs]}")
    values = {s.key: header[s.key] for s in family.settings if s.key in header}
    where = {key: f"the '{key}:' line" for key in values}
    values.update(given)
    where.update({key: f"--{key}" for key in given})
    return family, rows, Settings(values, where), header


def _check_header(source: str, family: Family, header: dict[str, str]) -> None:
    """Every ``key:`` line of a puzzle file is one the family reads; else name it, its line and the keys."""
    keys = ["title", "family"] + [s.key for s in family.settings]
    lines = getattr(header, "lines", {})
    for key in header:
        if key in keys:
            continue
        where = f"{source}:{lines[key]}" if key in lines else source
        others = sorted(f.name for f in families.all_families().values() if f.setting(key.lower()) is not None)
        if others and key == key.lower():
            raise UserError(f"{where}: '{key}:' does not apply to {family.name} puzzles (it is for "
                            f"{', '.join(others)}); a {family.name} puzzle's header keys are {', '.join(keys)}")
        raise UserError(f"{where}: unknown header key '{key}'{did_you_mean(key, keys)} A {family.name} puzzle's header keys are "
                        f"{', '.join(keys)} (lower case)")


class NotRead(Exception):
    """A puzzle that does not read: :func:`main` prints every problem as the command's answer (exit 2)."""

    def __init__(self, family: Family, settings: Settings, err: InvalidPuzzle, rows: list[str] = ()):
        super().__init__(err.messages[0])
        self.family, self.rows = family, list(rows)
        data = family.empty_data(settings) if family.empty_data else {}
        self.answer = Answer(Status.INVALID, err.messages[0], messages=err.messages, data=data)


def _parse(family: Family, rows: list[str], settings: Settings):
    """The family's puzzle of these rows and settings, or NotRead with every problem."""
    try:
        return family.parse(rows, settings)
    except InvalidPuzzle as err:
        raise NotRead(family, settings, err, rows) from None


def _read_as(family: Family, rows: list[str]) -> list[str]:
    """For a grid refused by the family it was taken for (none named): the families it reads as, by --family."""
    reads = []
    for other in families.all_families().values():
        if other is family:
            continue
        try:
            other.parse(rows)
        except (InvalidPuzzle, Unsupported, UserError, ValueError, LookupError):
            continue
        reads.append(other.name)
    if not reads:
        return []
    how = " or ".join(f"--family {name}" for name in reads)
    return [f"read as a {family.name} puzzle, as no --family or 'family:' line names one; it reads as "
            f"{' or '.join(f'a {name}' for name in reads)} puzzle: {how}"]


def _save_dlx(args, family: Family, puzzle, about: str) -> None:
    if not args.save_dlx:
        return
    if family.exact_cover is None:
        raise UserError(f"--save-dlx applies to exact-cover puzzles; {family.name} is searched another way")
    try:
        Path(args.save_dlx).write_text(dlx_text.dumps(family.exact_cover(puzzle), comment=about), encoding="utf-8")
    except OSError as err:
        raise UserError(f"cannot write {args.save_dlx!r}: {err.strerror or err}") from None


# --- commands -------------------------------------------------------------------------------------

def run_solve(args) -> int:
    if _is_workbook(args.puzzle):
        return run_workbook(args, "unique" if args.unique else "solve")
    _no_workbook_options(args)
    if args.solution and args.unique:
        raise UserError("--solution and --unique: --unique checks the first solution; leave out one of them")
    if _is_dlx(args.puzzle) and not args.fixed_family:
        return _solve_dlx(args)
    form = _batch_form(args)
    if form is not None:
        return run_batch(args, *form)
    family, rows, settings, header = _load(args)
    if args.unique and not family.unique:
        raise UserError(f"--unique applies to puzzles that can have several solutions, not to {family.name}")
    if args.solution and family.steps != SOLUTIONS:
        raise UserError(f"--solution applies to puzzles that can have several solutions, not to {family.name}")
    picked = "--index" if getattr(args, "index", None) else "--random" if getattr(args, "random", False) else None
    if picked and family.exact_cover is None:
        raise UserError(f"{picked} applies to exact-cover puzzles; {family.name} is searched another way")
    puzzle = _parse(family, rows, settings)
    _save_dlx(args, family, puzzle, f"xlsolver: {args.puzzle} ({family.name})")
    with interruptible() as cancel:
        answer = family.solve(puzzle, _solve_ask(args, cancel))
    code = _report_solution(args, answer, title=header.get("title"), stepping=family.steps == SOLUTIONS)
    return _draw(args, answer, header.get("title") or args.puzzle) or code


def _batch_form(args) -> tuple[str, Family] | None:
    """``(form, family)`` when PUZZLE holds many puzzles, one a line: "json" (a .jsonl file, or --each-line on
    lines that are JSON objects) or "lines" (--each-line, or a first puzzle line that can only be a whole puzzle
    in the family's one-line form, never a grid's row: ``LineForm.whole``); None for one puzzle."""
    each_line = getattr(args, "each_line", False)
    as_json = Path(args.puzzle).suffix.lower() == ".jsonl"
    if not (each_line or as_json) and args.puzzle == "-":
        return None  # standard input is a collection when --each-line says so
    header: dict[str, str] = {}
    first = ""
    for line in _head(args.puzzle):
        text = line.strip()
        entry = None if first or text.startswith("{") else header_entry(text)
        if entry is not None:
            header.setdefault(*entry)
        elif text and not text.startswith("#"):
            first = text
            break
    family = _family(args, header)
    if as_json or (each_line and first.startswith("{")):
        return "json", family
    if each_line or (family.line_form is not None and family.line_form.whole(first)):
        return "lines", family
    return None


def _head(source: str) -> list[str]:
    """The first lines of a file, from its first kilobytes (what cannot be read: none; the reader says why)."""
    try:
        if source == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.peek(PEEK_BYTES)[:PEEK_BYTES] if hasattr(stream, "peek") else b""
        else:
            with open(source, "rb") as handle:
                data = handle.read(PEEK_BYTES)
    except (OSError, ValueError):
        return []
    return data.decode("utf-8-sig", errors="replace").splitlines()[:-1 if len(data) == PEEK_BYTES else None]


def run_batch(args, form: str, family: Family) -> int:
    """Every puzzle of a collection or JSON-lines file, one result a line, in order (JSON objects with --json,
    else a readable line each); how it went on stderr.  The exit code is 0 when every puzzle was solved
    (uniquely, with --unique), else the highest of the lines' (``batch.Tally.exit_code``)."""
    for flag, given in (("--solution", args.solution), ("--svg", args.svg), ("--save-dlx", args.save_dlx),
                        ("--index", args.index), ("--random", args.random)):
        if given:
            raise UserError(f"{flag} applies to one puzzle; {args.puzzle} holds one a line")
    given = _given_settings(args)
    if form == "lines":
        unknown = [key for key in given if family.setting(key) is None]
        if unknown:
            raise UserError(f"--{unknown[0]} does not apply to {family.name} puzzles")
        if args.unique and not family.unique:
            raise UserError(f"--unique applies to puzzles that can have several solutions, not to {family.name}")
    lines = stream_lines(args.puzzle)
    entries = batch.collection(lines, family, given) if form == "lines" else batch.json_lines(lines, family, given)
    tally = batch.Tally()
    with interruptible() as cancel:
        for result in batch.solve(entries, Ask(unique=args.unique, time_limit=args.time_limit, cancel=cancel)):
            tally.add(result)
            if args.json:
                print_json(result.as_data())
            else:
                print(result.as_text())
        if cancel.is_set():
            tally.stop()
    print(f"xlsolver: {tally.line()}", file=sys.stderr)
    return tally.exit_code


def _draw(args, answer: Answer, title: str) -> int | None:
    """--svg: the answer as a picture (its 3D scene, else its frames); an answer with neither (no solution)
    draws nothing and says so.  A picture that cannot be written is said in one line: NOT_SAVED_EXIT (the
    answer is printed, not saved)."""
    if not args.svg:
        return
    if not answer.frames:
        print(f"xlsolver: no picture written to {args.svg!r}: nothing to draw", file=sys.stderr)
        return
    if answer.steps and answer.steps.scenes:
        picture = svg3d.steps_svg(answer.steps.scenes, title)
    elif answer.scene:
        picture = svg3d.scene_svg(answer.scene, title, answer.frames)
    else:
        picture = svg.frames_svg(answer.frames, title)
    try:
        Path(args.svg).write_text(picture, encoding="utf-8")
    except OSError as err:
        print(f"xlsolver: cannot write {args.svg!r}: {err.strerror or err}; the answer is above, not drawn",
              file=sys.stderr)
        return NOT_SAVED_EXIT
    return None


def _solve_ask(args, cancel) -> Ask:
    """Solution --solution N (the first by default); a message offering another names --solution N+1."""
    wanted = args.solution or 1
    return Ask(index=wanted - 1, another=f"--solution {wanted + 1}", unique=args.unique,
               time_limit=args.time_limit, cancel=cancel, steps=getattr(args, "steps", False), **_diagram_ask(args))


def _report_solution(args, answer: Answer, stepping: bool, title: str | None = None, extra: dict | None = None) -> int:
    """Print a solve's answer; for puzzles with several solutions, its line (which one, the way to the next) on
    stderr.  Asked for solution N of a puzzle with fewer, the family starts over at the first (Next does);
    here that is no solution N."""
    wanted = args.solution or 1
    if answer.status is Status.SOLVED and answer.index != wanted - 1:
        total = answer.data.get("solutions")
        noun = "solution" if total == 1 else "solutions"
        why = f"no solution {wanted}: {args.puzzle} has {total:,} {noun}"
        answer = Answer(Status.NO_SOLUTION, why, messages=[why], data={**answer.data, "solution": None})
    code = report(answer, as_json=args.json, colour=args.colour, title=title, extra=extra)
    if stepping and not args.json and not args.unique and answer.status is Status.SOLVED:
        print(f"xlsolver: {answer.message}", file=sys.stderr)
    return code


def _no_workbook_options(args) -> None:
    """--area (and -o OUT.xlsm of solve and count) name a workbook's area and file: refused for a text puzzle."""
    given = ["--area"] if getattr(args, "area", None) else []
    if args.run in (run_solve, run_count) and getattr(args, "output", None):
        given.append("--output")
    if given:
        what = "a .dlx problem" if args.puzzle and _is_dlx(args.puzzle) else "a text puzzle"
        verb = "applies" if len(given) == 1 else "apply"
        raise UserError(f"{' and '.join(given)} {verb} to a workbook (.xlsm), not to {what}")


def run_count(args) -> int:
    if args.puzzle and _is_workbook(args.puzzle):
        return run_workbook(args, "heatmap" if args.frequencies else "count")
    _no_workbook_options(args)
    if args.puzzle and _is_dlx(args.puzzle):
        return _count_dlx(args)
    family, rows, settings, _ = _load(args, needs="count")
    puzzle = _parse(family, rows, settings)
    what = f"board {args.board}" if args.board else args.puzzle
    _save_dlx(args, family, puzzle, f"xlsolver: {what} ({family.name})")
    with progress_bar() as progress, interruptible() as cancel:
        answer = family.count(puzzle, _count_ask(args, cancel, progress))
    return report(answer, as_json=args.json, colour=args.colour,
                  extra={"family": family.name, "board": args.board or args.puzzle, "problem": args.puzzle})


def _count_ask(args, cancel, progress) -> Ask:
    if args.frequencies:
        given = [flag for flag, on in (("--limit", args.limit), ("--distinct", args.distinct),
                                       ("--jobs", (args.jobs or 1) > 1), ("--scheduler", args.scheduler)) if on]
        if given:
            raise UserError(f"--frequencies counts every solution by the solution diagram, in one process; leave out "
                            f"{given[0]}")
    if args.assemblable and args.frequencies:
        raise UserError("--assemblable and --frequencies: leave out one of them")
    return Ask(frequencies=args.frequencies, limit=args.limit, distinct=args.distinct, jobs=_jobs(args.jobs),
               time_limit=args.time_limit, cancel=cancel, progress=progress, memory_mb=args.memory,
               scheduler=args.scheduler, assemblable=args.assemblable)


def _jobs(asked: int | None) -> int | None:
    """--jobs, at most one process per core this process may use (more only slow the count down); None when
    not given (the count chooses)."""
    from .counting.parallel import usable_cores

    if asked is None:
        return None
    cores = usable_cores()
    if asked <= cores:
        return asked
    noun = "core" if cores == 1 else "cores"
    print(f"xlsolver: --jobs {asked} is more than the {cores} {noun} available; using {cores}", file=sys.stderr)
    return cores


def run_generate(args) -> int:
    if args.puzzle and _is_workbook(args.puzzle):
        return run_workbook(args, "generate")
    _no_workbook_options(args)
    if args.output and Path(args.output).exists() and not Path(args.output).is_dir():
        raise UserError(f"-o names a folder for the challenges (one file each); {args.output!r} is a file")
    args.count = args.count or 1
    args.seed = args.seed or 0
    family, rows, settings, header = _load(args, needs="generate")
    name = args.board or ("challenge" if args.puzzle == "-" else Path(args.puzzle).stem)
    made, unwritten = [], []
    with interruptible() as cancel, progress_bar(generating.Made.line) as progress, \
            _attempts(args, family, settings, rows, cancel) as (runner, jobs), \
            (progress.ticking() if progress is not None else nullcontext()):  # a long seed: the clock moves on
        request = generating.Request(args.count, args.seed, args.level, args.given, args.time_limit, cancel,
                                     args.scheduler, jobs, progress, args.tries, args.minimal)
        gave_up = None
        try:
            for challenge in family.generate(rows, dict(settings), request, runner(request.target)):
                made.append(challenge)
                if not args.json:
                    with progress.paused() if progress is not None else nullcontext():  # on a clean line
                        unwritten += _print_challenge(args, family, header, name, challenge)
                        sys.stdout.flush()  # each challenge as it is made, piped too
        except InvalidPuzzle as err:  # the board itself
            raise NotRead(family, settings, err) from None
        except generating.NotMade as err:
            gave_up = f"{err}; ask for another --level or --given, or try more seeds with --tries"
    if unwritten:  # each printed in full instead, and the first failure said
        print(f"xlsolver: {unwritten[0]}; {len(unwritten)} of {len(made)} challenges are printed above instead of "
              f"saved: write them elsewhere with -o OTHER_DIR", file=sys.stderr)
        return NOT_SAVED_EXIT
    complete = len(made) == args.count
    if args.json:
        print_json({"status": str(Status.SOLVED if complete else Status.INCOMPLETE), "family": family.name,
                    "board": name, "challenges": [c.as_data() for c in made],
                    **({"messages": [gave_up]} if gave_up else {})})
    if not complete:
        why = gave_up or ("interrupted" if cancel.is_set() else f"--time-limit {args.time_limit:g} reached")
        print(f"xlsolver: {len(made)} of {args.count} challenges made ({why})", file=sys.stderr)
        return (Status.CANCELLED if cancel.is_set() else Status.INCOMPLETE).exit_code
    return Status.SOLVED.exit_code


@contextmanager
def _attempts(args, family: Family, settings: Settings, rows: list[str], cancel):
    """(runner, workers) for ``generate`` and ``booklet``: ``runner(target)`` runs a batch of seeds' attempts at
    that target, in seed order, here (None), on ``--jobs`` processes or on the ``--scheduler`` cluster."""
    def job(target: generating.Target) -> tuple:
        return family.name, dict(settings), rows, target

    if getattr(args, "scheduler", None):
        from .counting import cluster

        with cluster.connect(args.scheduler, args.jobs or 1) as on:
            def on_cluster(target: generating.Target):
                def run(seeds: list[int]) -> list:
                    done = dict(on.map_unordered(generating.attempt_job, seeds, shared=job(target), cancel=cancel))
                    return [] if on.stopped else [done[seed] for seed in seeds]
                return run

            yield on_cluster, on.workers
        return
    jobs = _jobs(args.jobs) or 1
    if jobs == 1:
        yield (lambda target: None), 1
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        yield (lambda target: lambda seeds: [made for _, made in pool.map(partial(generating.attempt_job, job(target)),
                                                                          seeds)]), jobs


def _print_challenge(args, family: Family, header: dict[str, str], name: str, challenge) -> list[str]:
    """A challenge as a puzzle file (header lines, then the grid): to DIR/NAME-LEVEL-SEED.txt, or printed; printed
    too when the file cannot be written (returns why, [] when done)."""
    grade = challenge.grade
    title = (f"{name}, seed {challenge.seed}: {grade.level.capitalize()} (difficulty {grade.difficulty}; "
             f"{grade.given} given, {grade.to_place} to place)")
    lines = [f"title: {title}"]
    if family is not next(iter(families.all_families().values())):
        lines.append(f"family: {family.name}")
    given = _given_settings(args)  # --pieces kanoodle: the file says it, or it is solved with the board's own
    lines += [f"{key}: {value}" for key, value in {**header, **given}.items() if key not in ("title", "family")]
    text = "\n".join(lines + [""] + [row.rstrip() for row in challenge.rows]) + "\n"
    if args.output:
        stem = "-".join([name] + [_file_word(value) for value in given.values()])  # other pieces, another file
        path = Path(args.output) / f"{stem}-{grade.level}-{challenge.seed}.txt"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            replace_file(path, lambda out: out.write(text.encode("utf-8")))
        except OSError as err:
            print(text)
            return [f"cannot write {str(path)!r}: {err.strerror or err}"]
        print(f"{path}: {title}")
    else:
        print(text)
    return []


def _file_word(value: str) -> str:
    """A setting's value as a word of a file name: ``kanoodle``, ``my-set`` for ``sets/My Set.txt``."""
    return re.sub(r"[^a-z0-9]+", "-", Path(value).stem.lower()).strip("-")


def run_grade(args) -> int:
    if booklets.is_booklet("\n".join(_head(args.puzzle))):  # challenge lines: a booklet, each graded
        return _grade_booklet(args, booklets.parse(read_file(args.puzzle), args.puzzle))
    family, rows, settings, header = _load(args, needs="generate")
    puzzle = _parse(family, rows, settings)
    try:
        with interruptible() as cancel:
            graded = grading.grade(puzzle, grading.measure(puzzle, time_limit=args.time_limit, cancel=cancel))
    except grading.NotGraded as err:
        if args.json:
            print_json({"status": str(err.status), "messages": [str(err)]})
        else:
            print(f"xlsolver: {err}", file=sys.stderr)
        return err.status.exit_code
    scale = levels.for_puzzle(puzzle, graded.given + graded.to_place)
    about = {"board": puzzle.data.get("board"), "pieces": puzzle.data.get("pieces"), "levels": scale.source}
    if args.json:
        print_json({"status": str(Status.SOLVED), **dataclasses.asdict(graded), **about})
        return Status.SOLVED.exit_code
    title = header.get("title") or args.puzzle
    print(f"{title}: {graded.level.capitalize()} (difficulty {graded.difficulty})")
    print(f"  {graded.given} given, {graded.to_place} to place; {graded.placements} placements open; "
          f"{graded.nodes} search nodes; forced moves place {graded.forced}")
    print(f"  levels: {scale.source}")
    return Status.SOLVED.exit_code


def _grade_booklet(args, booklet) -> int:
    """Every challenge of a booklet file graded, against the level the booklet gives it."""
    family = _family(args, booklet.header)
    settings = {**booklet.settings, **_given_settings(args)}
    rows_out, pairs = [], []
    for entry in booklet.entries:
        try:
            puzzle = family.parse(list(entry.rows), settings)
            graded = grading.grade(puzzle)
        except InvalidPuzzle as err:
            raise UserError(f"{args.puzzle}:{entry.line}: challenge {entry.number}: {err.messages[0]}") from None
        except grading.NotGraded as err:
            rows_out.append({"number": entry.number, "booklet_level": entry.level, "status": str(err.status),
                             "message": str(err)})
            continue
        rows_out.append({"number": entry.number, "booklet_level": entry.level, "status": str(Status.SOLVED),
                         **dataclasses.asdict(graded)})
        if entry.level in levels.LEVELS:
            pairs.append((levels.LEVELS.index(entry.level), levels.LEVELS.index(graded.level), graded.difficulty))
    equal = sum(a == b for a, b, _ in pairs)
    far = sum(abs(a - b) > 1 for a, b, _ in pairs)
    rho = grading.rank_correlation([d for _, _, d in pairs], [a for a, _, _ in pairs]) if len(pairs) > 1 else None
    summary = {"graded": len(pairs), "challenges": len(booklet.entries), "equal": equal, "far": far,
               "rank_correlation": None if rho is None else round(rho, 3)}
    if args.json:
        print_json({"status": str(Status.SOLVED), "booklet": args.puzzle, **summary, "graded_challenges": rows_out})
        return Status.SOLVED.exit_code
    for row in rows_out:
        said = (f"{row['level']:<8} {row['difficulty']:6.2f}  ({row['given']} given, {row['to_place']} to place)"
                if row["status"] == str(Status.SOLVED) else f"not graded: {row['message']}")
        print(f"{row['number']:>4} {row['booklet_level']:<8} -> {said}")
    if pairs:
        print(f"level equal to the booklet's on {equal} of {len(pairs)} ({equal / len(pairs):.0%}), {far} more than one "
              f"level away; rank correlation of difficulty and level {summary['rank_correlation']}"
              + (f"; {len(booklet.entries) - len(pairs)} not graded" if len(pairs) < len(booklet.entries) else ""))
    return Status.SOLVED.exit_code


def run_booklet(args) -> int:
    if args.puzzle and _is_workbook(args.puzzle):
        return run_workbook(args, "booklet")
    _no_workbook_options(args)
    if not args.output:
        raise UserError("-o BOOKLET.pdf: name the PDF to write")
    args.per_level, args.seed = args.per_level or BOOKLET_PER_LEVEL, args.seed or 0
    family, rows, settings, header = _load(args, needs="generate")
    name = args.board or Path(args.puzzle).stem
    title = args.title or header.get("title") or \
        f"{booklet_maker.board_title(family, rows, settings, name)}: {args.per_level * len(levels.LEVELS)} challenges"
    with interruptible() as cancel, progress_bar(generating.Made.line) as progress, \
            _attempts(args, family, settings, rows, cancel) as (runner, jobs):
        try:
            made = booklet_maker.make(family, rows, dict(settings), args.per_level, args.seed, runner=runner,
                                      jobs=jobs, progress=progress, cancel=cancel, time_limit=args.time_limit)
            unfinished = None
        except InvalidPuzzle as err:  # the board itself
            raise NotRead(family, settings, err) from None
        except booklet_maker.Unfinished as err:
            made, unfinished = err.made, str(err)
    if unfinished or len(made) < args.per_level * len(levels.LEVELS):
        why = unfinished or ("interrupted" if cancel.is_set() else f"--time-limit {args.time_limit:g} reached")
        print(f"xlsolver: no booklet written: {why}", file=sys.stderr)
        return (Status.CANCELLED if cancel.is_set() else Status.INCOMPLETE).exit_code
    subtitle = (f"{len(made)} challenges, {args.per_level} per level, each with exactly one solution; "
                f"seed {args.seed}")
    pdf = io.BytesIO()
    pages, page_of = booklet_maker.write(pdf, title, family, dict(settings), made, subtitle)
    try:
        replace_file(Path(args.output), lambda out: out.write(pdf.getvalue()))
    except OSError as err:
        raise UserError(f"cannot write {args.output!r}: {err.strerror or err}") from None
    if args.json:
        print_json({"status": str(Status.SOLVED), "pages": pages, "output": args.output, "challenges": [
            {"number": m.number, "text": "\n".join(m.challenge.rows), "level": m.level,
             "difficulty": m.challenge.grade.difficulty, "given": m.challenge.grade.given, "seed": m.challenge.seed,
             "page": page_of[m.number]} for m in made]})
    else:
        print(f"{args.output}: {len(made)} challenges on {pages} pages ({title})")
    return Status.SOLVED.exit_code


def run_hint(args) -> int:
    if _is_workbook(args.puzzle):
        return run_workbook(args, "hint")
    _no_workbook_options(args)
    family, rows, settings, header = _load(args, needs="hint")
    puzzle = _parse(family, rows, settings)
    with interruptible() as cancel:
        answer = family.hint(puzzle, Ask(time_limit=args.time_limit, cancel=cancel))
    target = args.puzzle if args.in_place else args.output
    not_written = None
    if target and answer.data.get("typed"):
        if target == "-":
            raise UserError("--in-place needs a file, not standard input")
        lines = [f"{key}: {value}" for key, value in header.items()] + [row.rstrip() for row in answer.data["rows"]]
        try:
            replace_file(target, lambda out: out.write(("\n".join(lines) + "\n").encode("utf-8")))
        except OSError as err:
            not_written = f"cannot write {target!r}: {err.strerror or err}"
    code = report(answer, as_json=args.json, colour=args.colour, title=header.get("title"),
                  extra={"not_saved": not_written} if not_written else None)
    if not_written:  # the hint is printed above; the file is as it was
        print(f"xlsolver: {not_written}; nothing was written, the hint is above: write it elsewhere with "
              "-o OTHER.txt", file=sys.stderr)
        return NOT_SAVED_EXIT
    return code


def _is_dlx(path: str) -> bool:
    return Path(path).suffix.lower() == ".dlx"


def _is_workbook(path: str) -> bool:
    return Path(path).suffix.lower() in WORKBOOK_SUFFIXES


def _read_dlx(args):
    """The exact-cover problem of a .dlx file; options that apply to grids are refused by name."""
    given = [f"--{key}" for key in _given_settings(args)]
    if getattr(args, "family", None):
        given.insert(0, "--family")
    if getattr(args, "save_dlx", None):
        given.append("--save-dlx")
    if given:
        raise UserError(f"{given[0]} applies to puzzle grids; a .dlx file is a plain exact-cover problem")
    try:
        return dlx_text.loads(read_file(args.puzzle, limit=MAX_DLX_BYTES, kind="DLX files"))
    except dlx_text.FormatError as err:
        raise UserError(f"{args.puzzle}: {err}") from None


def _solve_dlx(args) -> int:
    """A solution of a .dlx problem: the options it takes, one line each (with --unique: is it the only one)."""
    if args.svg:
        raise UserError("--svg draws a puzzle's grid; a .dlx problem has none")
    problem = _read_dlx(args)

    def text(solution) -> list[str]:
        return [" ".join(problem.option_items(o)) for o in sorted(solution)]

    def frame(solution) -> Frame:
        lines = text(solution)
        width = max((len(line) for line in lines), default=0)
        return Frame(tuple((Cell(line.ljust(width)),) for line in lines))

    puzzle = exact.CoverPuzzle(problem, text, frame, lambda: "no set of options covers every primary item once",
                               data={"family": "dlx"})
    with interruptible() as cancel:
        answer = exact.solve(puzzle, _solve_ask(args, cancel))
    return _report_solution(args, answer, stepping=True, extra={"problem": args.puzzle})


def _count_dlx(args) -> int:
    if args.distinct:
        raise UserError("--distinct needs a board or puzzle grid; a .dlx problem has no geometry")
    problem = _read_dlx(args)
    with progress_bar() as progress, interruptible() as cancel:
        answer = exact.count_problem(problem, _count_ask(args, cancel, progress))
    return report(answer, as_json=args.json, colour=args.colour, extra={"problem": args.puzzle})


#: Options of the text-puzzle commands that a button does not take, and their values when not given.
TEXT_ONLY = {"time_limit": None, "save_dlx": None, "svg": None, "solution": None, "distinct": False, "limit": None,
             "scheduler": None, "level": None, "given": None, "seed": None, "count": None, "jobs": None,
             "memory": DEFAULT_MEMORY_MB, "index": None, "random": False, "per_level": None, "title": None,
             "minimal": False, "steps": False, "assemblable": False}
#: Where a workbook takes what such an option gives (the rest: the area's own cells).
ON_A_WORKBOOK = {"time_limit": "the area's Time limit cell sets it", "level": "the area's Level cell sets it",
                 "svg": "the solution is drawn in the area's own cells",
                 "solution": "'xlsolver next WORKBOOK --area NAME' shows the following solution",
                 "steps": "'xlsolver steps WORKBOOK --area NAME' shows them a piece at a time, as the Steps button does"}


def run_button(args) -> int:
    """``next``, ``previous``, ``clear``, ``press --button NAME``: a button on a workbook's area."""
    args.puzzle = args.workbook
    if not _is_workbook(args.workbook):
        raise UserError(f"{args.workbook!r} is not a workbook (.xlsm); 'xlsolver {args.action or 'press'}' presses a "
                        "workbook's button (a text puzzle's solution N is 'xlsolver solve PUZZLE --solution N')")
    return run_workbook(args, args.action or args.button)


def run_workbook(args, action: str) -> int:
    """Press ``action``'s button on the workbook (on --area; Solve: every area with input without it), save it back
    (or to -o), and print each area's status line in the command line's words and the grid it wrote."""
    from .workbook import headless, layout

    for key, unset in TEXT_ONLY.items():
        if getattr(args, key, unset) != unset:
            flag = "-n" if key == "count" else f"--{key.replace('_', '-')}"
            instead = ON_A_WORKBOOK.get(key, "the buttons read their settings from the area's cells")
            raise UserError(f"{flag} applies to text puzzles; on a workbook, {instead}")
    if _given_settings(args) or getattr(args, "family", None):
        raise UserError("--family and settings apply to text puzzles; the workbook has its own cells for them")
    try:
        pressed = headless.press(args.puzzle, args.area, action, args.output)
    except headless.WorkbookError as err:
        raise UserError(str(err)) from None
    except headless.Interrupted as err:  # Ctrl-C: one line saying whether the workbook was saved
        print(f"xlsolver: {err}", file=sys.stderr)
        return Status.CANCELLED.exit_code
    if not pressed.answers:
        raise UserError(f"no area of {args.puzzle!r} has input; type a puzzle or name an area with --area")
    file = pressed.saved or args.puzzle
    if args.json:
        print_json({"button": layout.BUTTON_CAPTIONS[action],
                    "areas": {name: _area_data(pressed, name, file) for name in pressed.answers},
                    "saved": pressed.saved, **({"not_saved": pressed.not_saved} if pressed.not_saved else {})})
    else:
        colour_on = terminal.wants_colour(sys.stdout, args.colour)
        for name, answer in pressed.answers.items():
            print(f"{name}: {in_command_words(answer.message or str(answer.status), file, name)}")
            if pressed.shown[name] is not None:  # a 3D board's layers side by side, as a text solve prints them
                print("\n".join("  " + line for line in _trimmed(frame_lines(pressed.shown[name], colour_on))))
        if pressed.saved:
            print(f"saved {pressed.saved}")
    if pressed.not_saved:
        print(f"xlsolver: {pressed.not_saved}; nothing was written, the answer is above: save it elsewhere with "
              "-o OTHER.xlsm", file=sys.stderr)
        return NOT_SAVED_EXIT
    return max(answer.status.exit_code for answer in pressed.answers.values())


def _area_data(pressed, name: str, file: str) -> dict:
    """An area's part of the JSON: the answer's figures, its status line in the command line's words (the text
    output's, :func:`in_command_words`; the status cell keeps the button's), and the grid written (``solution``:
    the solution or step shown; ``puzzle``: the input as Hint or Generate typed it)."""
    answer, frames = pressed.answers[name], pressed.shown[name]
    rows = None
    if frames is not None:
        solution = answer.data.get("solution") if answer.frames and frames[0] is answer.frames[0] else None
        rows = _trimmed(solution or [row for z, frame in enumerate(frames)
                                     for row in ([""] if z else []) + frame.text_rows()])
    showing = pressed.action in ("solve", "next", "previous", "unique", "steps")
    typed = pressed.action in ("hint", "generate")
    message = in_command_words(answer.message, file, name) if answer.message else answer.message
    return {**answer.data, "status": answer.status, "message": message,
            "messages": [in_command_words(line, file, name) for line in answer.messages] or
                        ([message] if message else []),
            "solution": rows if showing else None, "puzzle": rows if typed else None}


def in_command_words(line: str, file: str, area: str) -> str:
    """A status line with each button it names ("press Next for another") as the command that presses it here
    ("run `xlsolver next solved.xlsm --area IQ5x11` for another"); the status cell keeps the button's words."""
    from .workbook import layout

    actions_by_caption = {caption: action for action, caption in layout.BUTTON_CAPTIONS.items()}
    button = re.compile(r"\b([Pp])ress (" + "|".join(map(re.escape, actions_by_caption)) + r")(?!\w)")

    def command(found: re.Match) -> str:
        name, *flags = WORKBOOK_COMMANDS[actions_by_caption[found.group(2)]].split()
        words = " ".join(["xlsolver", name, shlex.quote(str(file)), "--area", area, *flags])
        return f"{'R' if found.group(1) == 'P' else 'r'}un `{words}`"

    return button.sub(command, line)


def _trimmed(rows: list[str] | None) -> list[str] | None:
    """A solved grid without the empty margin right and below."""
    if rows is None:
        return None
    rows = [row.rstrip() for row in rows]
    while rows and not rows[-1]:
        rows.pop()
    return rows


def run_build_workbook(args) -> int:
    from .workbook import build

    try:
        if build.refresh_buttons():
            print(f"wrote {build.find_vba_dir() / 'Buttons.bas'} (a macro per button of the layout)")
        path = build.build(args.output)
    except FileNotFoundError as err:
        raise UserError(str(err)) from None
    except OSError as err:
        raise UserError(f"cannot write {args.output!r}: {err.strerror or err}") from None
    print(f"wrote {path}")
    return Status.SOLVED.exit_code


def run_pieces(args) -> int:
    sets = catalog.piece_sets()
    if args.json:
        print_json({name: {"title": s.title, "turn_over": s.turn_over, "area": s.area, "notes": s.notes,
                           "pieces": {p.letter: {"cells": p.cells, "colour": p.colour, "colour_name": p.colour_name}
                                      for p in s.pieces.values()}} for name, s in sets.items()})
        return Status.SOLVED.exit_code
    colour_on = terminal.wants_colour(sys.stdout, args.colour)
    for name, s in sets.items():
        turning = "may be turned over" if s.turn_over else "rotations only"
        print(f"{name}: {s.title}\n  {len(s.pieces)} pieces, {s.area} cells, {turning}")
        colours = {p.letter: p.colour for p in s.pieces.values()}
        pictures = [_picture(p.cells, p.letter, s.lattice) for p in s.pieces.values()]
        painted = [terminal.paint(pic, colours, colour_on) for pic in pictures]
        widths = [max(len(row) for row in pic) * (2 if colour_on else 1) for pic in pictures]
        print("\n".join("  " + line for line in terminal.side_by_side(painted, widths, gap=2)) + "\n")
    return Status.SOLVED.exit_code


def run_boards(args) -> int:
    """Every family's named boards, under the family's title (JSON: by name, each with its family)."""
    listed = {family: family.boards() for family in families.all_families().values() if family.boards is not None}
    if args.json:
        print_json({b.name: {"family": family.name, "title": b.title, "cells": b.cells, "pieces": b.pieces,
                             "rows": b.rows, "known_total": b.known_total, "known_distinct": b.known_distinct,
                             "symmetry_group_order": b.symmetries}
                    for family, boards in listed.items() for b in boards})
        return Status.SOLVED.exit_code
    colour_on = terminal.wants_colour(sys.stdout, args.colour)
    for family, boards in listed.items():
        print(f"== {family.name}: {family.title} ==\n")
        for b in boards:
            _print_board(b, colour_on)
    return Status.SOLVED.exit_code


def _print_board(b, colour_on: bool) -> None:
    known = ""
    if b.known_total is not None:
        known = f", {b.known_total:,} solutions"
        if b.known_distinct is not None:
            known += f" ({b.known_distinct:,} up to symmetry)"
    cells = f"{b.cells} cells, " if b.cells is not None else ""
    print(f"{b.name}: {b.title}\n  {cells}pieces: {b.pieces}{known}")
    picture = [row.replace("#", " ") for row in b.rows]
    print("\n".join(["  " + line for line in terminal.paint(picture, {".": "#d9d9d9"}, colour_on)] + [""]))


def _picture(cells, letter: str, lattice=None) -> list[str]:
    """A piece as text: its grid, or its layers side by side (bottom first) separated by '/'."""
    if lattice is not None and lattice.dimension == 3:
        placed = [lattice.position(cell) for cell in cells]
        layers = [_picture([(r, c) for z, r, c in placed if z == layer], letter)
                  for layer in range(1 + max(z for z, _, _ in placed))]
        height = max(map(len, layers))
        return [" / ".join(layer[i].ljust(len(layer[0])) if i < len(layer) else " " * len(layer[0]) for layer in layers)
                for i in range(height)]
    height = 1 + max(r for r, _ in cells)
    width = 1 + max(c for _, c in cells)
    return ["".join(letter if (r, c) in cells else " " for c in range(width)) for r in range(height)]
