"""A workbook's buttons pressed headless (``solve board.xlsm``, ``next``, ``press --button``...),
``build-workbook``, and ``libreoffice install|uninstall``.

Imported when one of these is the command given, or a puzzle command is given a workbook (``parser``).
"""
from __future__ import annotations

import argparse
import re
import shlex
import sys

from ..base.answer import Status
from ..base.files import UserError
from ..engine.footprint import DEFAULT_MEMORY_MB
from ..pictures import terminal
from ..pictures.terminal import print_json
from ..workbook import libreoffice
from .console import frame_lines
from .options import NOT_SAVED_EXIT, button_action, usage, workbook_target
from .reading import given_settings, is_workbook

#: The command that presses each button on a workbook (``solve --unique`` is Unique?).
WORKBOOK_COMMANDS = {"solve": "solve", "previous": "previous", "next": "next", "count": "count",
                     "heatmap": "count --frequencies", "unique": "solve --unique", "hint": "hint",
                     "generate": "generate", "booklet": "booklet", "clear": "clear", "steps": "steps",
                     "save": "press --button save"}


def button_command(command, action: str) -> None:
    """The options of a button with no text-puzzle command (``next``, ``previous``, ``clear``, ``steps``: the
    parser's ``BUTTONS``, whose words the command's description already holds)."""
    workbook_target(command)
    command.set_defaults(run=run_button, action=action)


def press_command(press) -> None:
    """``press --button NAME``: any button of an area."""
    press.description = (
        "Press an area's button on the workbook file (Solve, Save .xmpuzzle, Previous, Next, Steps, Count, Heat map, "
        "Unique?, Hint, Generate, Booklet, Clear), as a click in Excel does, saved back in place (or to -o OUT.xlsm).")
    workbook_target(press)
    press.add_argument("--button", required=True, metavar="NAME", type=button_action,
                       help="the button's caption (any case): Solve, Save .xmpuzzle (or save), Previous, Next, Steps, "
                            "Count, Heat map (or heatmap), Unique?, Hint, Generate, Booklet or Clear")
    press.set_defaults(run=run_button, action=None)


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
    if not is_workbook(args.workbook):
        raise UserError(f"{args.workbook!r} is not a workbook (.xlsm); 'xlsolver {args.action or 'press'}' presses a "
                        "workbook's button (a text puzzle's solution N is 'xlsolver solve PUZZLE --solution N')")
    return run_workbook(args, args.action or args.button)


def run_workbook(args, action: str) -> int:
    """Press ``action``'s button on the workbook (on --area; Solve: every area with input without it), save it back
    (or to -o), and print each area's status line in the command line's words and the grid it wrote."""
    from ..workbook import headless, layout

    for key, unset in TEXT_ONLY.items():
        if getattr(args, key, unset) != unset:
            flag = "-n" if key == "count" else f"--{key.replace('_', '-')}"
            instead = ON_A_WORKBOOK.get(key, "the buttons read their settings from the area's cells")
            raise UserError(f"{flag} applies to text puzzles; on a workbook, {instead}")
    for key, target in vars(args).items():  # --xmpuzzle OUT and the like: a text puzzle's solution written
        if key.startswith("write_") and target:
            raise UserError(f"--{key[len('write_'):]} writes a text puzzle's solution; on a workbook, the area's "
                            f"{layout.BUTTON_CAPTIONS['save']} button writes it beside the workbook: 'xlsolver press "
                            f"WORKBOOK --area NAME --button save'")
    if given_settings(args) or getattr(args, "family", None):
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
    from ..workbook import layout

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
    from ..workbook import build

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


def libreoffice_command(group) -> None:
    """``xlsolver libreoffice install|uninstall``."""
    group.description = ("The workbook's buttons in LibreOffice Calc call xlsolver's script for LibreOffice, which "
                         "runs this Python. Install it once per user.")
    sub = group.add_subparsers(title="libreoffice commands", metavar="COMMAND")
    setup = sub.add_parser("install", help="install the script the buttons call, for this Python (LibreOffice closed)",
                           formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    setup.add_argument("--python", metavar="PATH", default=sys.executable,
                       help="the Python that has xlsolver, run on each click")
    setup.add_argument("--profile", metavar="DIR", default=str(libreoffice.default_profile()),
                       help="LibreOffice's user profile folder (the one holding user/)")
    setup.set_defaults(run=run_install)
    remove = sub.add_parser("uninstall", help="remove the script and its event binding",
                            formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    remove.add_argument("--profile", metavar="DIR", default=str(libreoffice.default_profile()),
                        help="LibreOffice's user profile folder (the one holding user/)")
    remove.set_defaults(run=run_uninstall)
    group.set_defaults(run=lambda args: usage(group))



def run_install(args) -> int:
    target = libreoffice.install(args.profile, args.python)
    print(f"wrote {target}, and bound it to LibreOffice's 'Document loading finished' event: the workbook's buttons "
          f"in LibreOffice now run {args.python}")
    path_file = libreoffice.office_python.install_path_file(args.python)
    if path_file is not None:
        print(f"wrote {path_file}: a LibreOffice started where this environment is active finds its own Python's "
              "modules")
    print("In LibreOffice, let the workbook's macros run: Tools > Options > LibreOffice > Security > Macro Security, "
          "Medium (then Enable Macros when it opens), or add its folder to the trusted file locations.")
    problem = libreoffice.office_python.shell_problem()
    if problem:
        print(f"warning: {problem}", file=sys.stderr)
    return 0


def run_uninstall(args) -> int:
    removed = libreoffice.uninstall(args.profile)  # files deleted (the script, the .pth) and the settings file changed
    print("\n".join(f"removed xlsolver's binding from {path}" if path.exists() else f"deleted {path}"
                    for path in removed) if removed else f"nothing to remove in {args.profile}")
    return 0
