"""The options several commands share, declared once: a puzzle or a named board, the family's settings, a
workbook's area, the solution diagram's --index/--random, --svg."""
from __future__ import annotations

import argparse
import random
import sys
from typing import TYPE_CHECKING

from ..base.answer import Status
from ..base.files import UserError
from .console import positive_float, positive_int

if TYPE_CHECKING:
    from ..families import Card, Family

WORKBOOK_SUFFIXES = (".xlsm", ".xlsx")
NOT_SAVED_EXIT = 73  # sysexits' EX_CANTCREAT: the answer is printed, the file it goes into could not be written


def puzzle_or_board(command: argparse.ArgumentParser, metavar: str, about: str) -> None:
    """What a command works on: a file (``metavar``, ``about`` it), or an empty named board (``--board``)."""
    target = command.add_mutually_exclusive_group(required=True)
    target.add_argument("puzzle", metavar=metavar, nargs="?", help=about)
    target.add_argument("--board", metavar="NAME", help="an empty named board (see 'xlsolver boards')")


def add_workbook_options(command: argparse.ArgumentParser, area_help: str, output: bool = True) -> None:
    """--area and -o OUT.xlsm, which apply to a workbook only."""
    command.add_argument("--area", metavar="NAME", help=f"workbook only: {area_help} (e.g. IQ5x11)")
    if output:
        command.add_argument("-o", "--output", metavar="OUT.xlsm", help="workbook only: save here instead of in place")


def workbook_target(command: argparse.ArgumentParser) -> None:
    command.add_argument("workbook", metavar="WORKBOOK.xlsm", help="the workbook (board.xlsm or a copy)")
    add_workbook_options(command, "the area")
    command.add_argument("--json", action="store_true", help="print JSON instead of text")


def button_action(text: str) -> str:
    """A button by its caption (any case, the '?' of Unique? optional) or its action's name."""
    from ..workbook import layout

    for action, caption in layout.BUTTON_CAPTIONS.items():
        if text.strip().lower() in (action, caption.lower(), caption.lower().rstrip("?")):
            return action
    raise argparse.ArgumentTypeError(f"{text!r} is no button; the buttons are "
                                     f"{', '.join(layout.BUTTON_CAPTIONS.values())}")


def add_puzzle_options(command: argparse.ArgumentParser, choices: list[Family | Card], fixed: Family | None = None,
                        dlx: bool = True) -> None:
    """--family (unless fixed), one option per setting of the families offered (their cards will do: a name
    and settings), and the common controls."""
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


def add_diagram_options(command: argparse.ArgumentParser) -> None:
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


def diagram_ask(args) -> dict:
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


def add_picture_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--svg", metavar="FILE", help="also draw the answer as an SVG picture into FILE")


def usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return Status.INVALID.exit_code
