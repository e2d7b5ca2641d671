"""The ``xlsolver`` command's door: ``main``, and the parser that gathers every group's commands (puzzles,
challenges, workbooks, listings, and each family's own).

Every family comes from the registry (``xlsolver.families``); its settings
become options (``--mode``, ``--metric``, ...), and a family with a command of
its own (``xlsolver klotski ...``) gets it here without this module naming it.

Start-up is part of every answer (docs/architecture.md, "Start-up"): a command imports what it needs when it
runs.  The parser lists every command by name and one line (:data:`COMMANDS`), but declares the options of the
one command given only (a command's options may take the families' settings, an engine's default, the
generator's); the module that runs a command is imported when it runs (:func:`_later`), and what ``main``
needs to report an answer once the arguments are parsed.  So ``--version`` imports argparse and nothing of
xlsolver but this module, and ``--help`` the family registry, which imports no engine.

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
import importlib
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import __version__

if TYPE_CHECKING:
    from ..families import Command, Family, Option

EXIT_CODES_HELP = ("exit codes: 0 done, 1 no solution, 2 bad input or usage, 3 time limit, 4 not unique (solve "
                   "--unique), 5 incomplete count (--limit or --time-limit), 70 internal error, 73 not saved (the "
                   "answer is printed; the file is as it was), 130 interrupted")

#: The buttons with no text-puzzle command, each a command of its own (``xlsolver next WORKBOOK``): what it does.
BUTTONS = {"next": "show the following solution (or step) of an area, as its Next button does",
           "previous": "step back in an area's answer (a sequence of moves), as its Previous button does",
           "clear": "empty an area's solution grid, its list and status line, as its Clear button does",
           "steps": "show how to build the solution shown, one more piece each time, as a 3D area's Steps button "
                    "does"}

#: Every command but the families' own, in the order ``--help`` lists them (the families' before ``pieces``):
#: its one line, and what declares its options, given the command's parser: a function of this module, or
#: ``"MODULE.FUNCTION"`` of a module of this package, imported only when the command is the one given.
COMMANDS: dict[str, tuple[str, str | Callable]] = {
    "solve": ("solve a puzzle grid, or the puzzles in a workbook", "_solve_command"),
    "build-workbook": ("build board.xlsm from the layout and vba/ (source checkout)", "_build_command"),
    "libreoffice": ("set up LibreOffice Calc for the workbook's buttons", "workbooks.libreoffice_command"),
    "count": ("count the solutions of a board or puzzle", "_count_command"),
    "generate": ("make new challenges with exactly one solution, at a level", "challenges.generate_command"),
    "hint": ("show one more piece of a puzzle's unique solution", "challenges.hint_command"),
    "grade": ("the level and difficulty of a challenge with one solution", "challenges.grade_command"),
    "booklet": ("a printable booklet of new challenges, Starter to Wizard (PDF)", "challenges.booklet_command"),
    **{action: (f"workbook: {text}", lambda command, action=action: _button_command(command, action))
       for action, text in BUTTONS.items()},
    "press": ("workbook: press any button of an area", "workbooks.press_command"),
    "pieces": ("list the piece sets, with pictures", "_pieces_command"),
    "boards": ("list the named boards, with pictures", "_boards_command"),
}
FAMILIES_BEFORE = "pieces"  # the families' own commands are listed before this one


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = _parser(argv)
    args = parser.parse_args(argv)  # --version and --help end here
    from ..base.answer import INTERNAL_ERROR_EXIT, Status
    from .reading import NotRead, read_as

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
        from .console import report

        if getattr(args, "guessed_family", False):
            err.answer.messages += read_as(err.family, err.rows)
        return report(err.answer, as_json=args.json, colour=args.colour)
    except Exception as err:
        if isinstance(err, _user_errors()):
            hint = "; raise it with 'xlsolver count --memory MB'" if type(err).__name__ == "TooBig" else ""
            print(f"xlsolver: {err}{hint}", file=sys.stderr)
            return Status.INVALID.exit_code
        if os.environ.get("XLSOLVER_DEBUG"):  # a bug: say so in one line; XLSOLVER_DEBUG=1 shows the traceback
            raise
        print(f"xlsolver: internal error ({type(err).__name__}: {err}); please report it", file=sys.stderr)
        return INTERNAL_ERROR_EXIT


def _user_errors() -> tuple[type[Exception], ...]:
    """What the user can fix, said in one line: besides UserError, the errors of a piece file, a DLX file, an
    exact-cover problem and one too big for memory.  Imported here, once a command has failed, not at start-up:
    the engine's and the catalogue's modules are loaded by the commands that use them."""
    from ..base.files import UserError
    from ..engine import TooBig, dlx_text
    from ..engine.exact_cover import ProblemError
    from ..families import Unsupported
    from ..geometry import catalog

    return UserError, Unsupported, catalog.DataFileError, dlx_text.FormatError, ProblemError, TooBig


def _parser(argv: list[str]) -> argparse.ArgumentParser:
    """Every command by name, the options of the one ``argv`` gives (see the module's doc)."""
    parser = argparse.ArgumentParser(prog="xlsolver", description="Solve and count puzzles (exact cover and more).",
                                     epilog=EXIT_CODES_HELP)
    parser.add_argument("--version", action="version", version=f"xlsolver {__version__}")
    parser.add_argument("--colour", "--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the grids (default: only on a terminal)")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    given = _command_given(argv)
    owning = [] if argv[:1] == ["--version"] else _owning_families()  # the version needs no family
    # a command named: its parser alone (each costs argparse ~0.2 ms); else every one, for --help or the message
    # that lists them
    only = given if given in COMMANDS or any(card.command == given for card in owning) else None
    for name, (about, declare) in COMMANDS.items():
        if name == FAMILIES_BEFORE:
            for card in owning:
                if only in (None, card.command):
                    group = commands.add_parser(card.command, help=card.title, description=card.title)
                    if card.command == given:
                        from .. import families

                        _family_command(group, families.get(card.name))
        if only in (None, name):
            command = commands.add_parser(name, help=about)
            if name == given:
                _declaring(declare)(command)
    return parser


def _owning_families() -> list:
    """The cards of the families with a command of their own (``xlsolver klotski ...``): no family module
    imported."""
    from .. import families

    return [card for card in families.cards().values() if card.command]


def _command_given(argv: list[str]) -> str | None:
    """The command ``argv`` names: its first word that is not an option of ``xlsolver`` itself (``--colour``
    takes the word after it unless written ``--colour=WHEN``)."""
    words = iter(argv)
    for word in words:
        if word == "--":
            return next(words, None)
        if not word.startswith("-"):
            return word
        if len(word) > 3 and "=" not in word and ("--colour".startswith(word) or "--color".startswith(word)):
            next(words, None)
    return None


def _declaring(where: str | Callable) -> Callable:
    """The function that declares a command's options: of this module, or ``"MODULE.FUNCTION"`` of a module of
    this package, imported now (only the command given is declared)."""
    if callable(where):
        return where
    if "." not in where:
        return globals()[where]
    module, name = where.split(".")
    return getattr(importlib.import_module(f"{__package__}.{module}"), name)


def _later(module: str, name: str) -> Callable[[argparse.Namespace], int]:
    """A command's ``run``: ``name`` of ``module`` (of this package), imported when the command runs."""
    def run(args: argparse.Namespace) -> int:
        return getattr(importlib.import_module(f"{__package__}.{module}"), name)(args)
    run.__name__ = name
    return run


def _solve_command(solve: argparse.ArgumentParser) -> None:
    from .. import families
    from .console import positive_int
    from .options import add_diagram_options, add_picture_option, add_puzzle_options, add_workbook_options

    solve.description = (
        "Solve a puzzle drawn as text: for tilings a letter is a given piece cell, '.' an open cell, "
        "'#' or a space not part of the board. First lines 'key: value' may give settings (pieces: NAME, "
        "family: NAME...). Given an .xlsm workbook, do what its Solve buttons do for every area that has input "
        "(or the one --area names), and with --unique what the area's Unique? button does.")
    solve.add_argument("puzzle", metavar="PUZZLE", help="a .txt grid ('-' reads standard input) or board.xlsm")
    add_puzzle_options(solve, list(families.cards().values()))
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
    writers: dict[str, list[str]] = {}  # a suffix some family writes -> those families
    for card in families.cards().values():
        for suffix in card.writes:
            writers.setdefault(suffix, []).append(card.name)
    for suffix, names in writers.items():
        solve.add_argument(f"--{suffix[1:]}", metavar=f"OUT{suffix}", dest=f"write_{suffix[1:]}",
                           help=f"{', '.join(names)}: also write the puzzle and the solution shown as a {suffix} file")
    add_workbook_options(solve, "the area to solve (default: every area with input)")
    solve.set_defaults(run=_later("puzzles", "run_solve"), fixed_family=None)


def _build_command(build: argparse.ArgumentParser) -> None:
    build.add_argument("-o", "--output", metavar="PATH", default="board.xlsm", help="where to write (default board.xlsm)")
    build.set_defaults(run=_later("workbooks", "run_build_workbook"))


def _count_command(count: argparse.ArgumentParser) -> None:
    from .. import families
    from ..engine.footprint import DEFAULT_MEMORY_MB  # not memo's module: most counts never load it
    from .console import positive_int
    from .options import add_puzzle_options, add_workbook_options, puzzle_or_board

    count.description = (
        "Count solutions. A .dlx file (Knuth's format) is counted as a plain exact-cover problem. Given an .xlsm "
        "workbook, do what the Count button of the area --area names does.")
    puzzle_or_board(count, "PUZZLE.txt", "a puzzle grid, a .dlx problem, or board.xlsm")
    add_puzzle_options(count, [card for card in families.cards().values() if card.counts])
    count.add_argument("--distinct", action="store_true", help="count solutions up to the board's symmetry")
    count.add_argument("--all", action="store_true", dest="every",
                       help="count every solution, none merged by symmetry (what a count gives unless the puzzle's "
                            "own count merges them: BurrTools' assemblies)")
    count.add_argument("--limit", type=positive_int, metavar="N", help="stop after N solutions")
    count.add_argument("--jobs", type=positive_int, metavar="N", default=None,
                       help="split the search over at most N processes (default: one per core for a count estimated "
                            "to take seconds, else 1; a count estimated under 0.5 s is not split; --jobs 1 keeps it "
                            "in one process)")
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
    count.set_defaults(run=_later("puzzles", "run_count"), fixed_family=None)


def _button_command(command: argparse.ArgumentParser, action: str) -> None:
    """``next``, ``previous``, ``clear`` and ``steps``: a button of :data:`BUTTONS` pressed on a workbook."""
    from .workbooks import button_command

    text = BUTTONS[action]
    command.description = f"{text[0].upper()}{text[1:]}, on the workbook file, saved back in place (or to -o OUT.xlsm)."
    button_command(command, action)


def _pieces_command(pieces: argparse.ArgumentParser) -> None:
    pieces.add_argument("--json", action="store_true", help="print JSON")
    pieces.set_defaults(run=_later("listings", "run_pieces"))


def _boards_command(boards: argparse.ArgumentParser) -> None:
    boards.add_argument("--json", action="store_true", help="print JSON")
    boards.set_defaults(run=_later("listings", "run_boards"))


def _family_command(group: argparse.ArgumentParser, family: Family) -> None:
    """``xlsolver NAME solve PUZZLE`` for the family's own command, and whatever it adds."""
    from .options import add_picture_option, add_puzzle_options, usage

    group.set_defaults(run=lambda args: usage(group))
    sub = group.add_subparsers(title=f"{family.command} commands", metavar="COMMAND")
    solve = sub.add_parser("solve", help=f"solve a puzzle of this kind ({family.name})")
    solve.add_argument("puzzle", metavar="PUZZLE.txt", help="the puzzle ('-' reads standard input)")
    add_puzzle_options(solve, [family], fixed=family)
    add_picture_option(solve)
    solve.set_defaults(run=_later("puzzles", "run_solve"), fixed_family=family.name, unique=False, solution=None,
                       area=None, output=None)
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
        from .console import report

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
