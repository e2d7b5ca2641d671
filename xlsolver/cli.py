"""The ``xlsolver`` command: solve and count tilings from text, list pieces and boards.

Exit codes: 0 solved or counted, 1 no solution, 2 invalid input or usage,
3 stopped by --time-limit before an answer, 70 internal error (a bug), 130
interrupted (Ctrl-C).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

from . import __version__, catalog, dlx_text, engine, geometry, symmetry, terminal
from .exact_cover import ProblemError
from .families import prepared as prepared_puzzles
from .families import tiling
from .families.prepared import FAMILIES

SOLVED, NO_SOLUTION, INVALID, UNDECIDED, INTERNAL_ERROR, INTERRUPTED = 0, 1, 2, 3, 70, 130
WORKBOOK_SUFFIXES = (".xlsm", ".xlsx")
_HEADER_LINE = re.compile(r"^\s*([a-z][a-z-]*)\s*:\s*(.*?)\s*$")


class UserError(Exception):
    """Something the user can fix; printed as one line, exit code 2."""


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help(sys.stderr)
        return INVALID
    try:
        return args.run(args)
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return SOLVED
    except (UserError, catalog.DataFileError, dlx_text.FormatError, ProblemError) as err:
        print(f"xlsolver: {err}", file=sys.stderr)
        return INVALID
    except Exception as err:  # a bug: say so in one line; XLSOLVER_DEBUG=1 shows the traceback
        if os.environ.get("XLSOLVER_DEBUG"):
            raise
        print(f"xlsolver: internal error ({type(err).__name__}: {err}); please report it", file=sys.stderr)
        return INTERNAL_ERROR


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="xlsolver", description="Solve and count polyomino tilings (exact cover).")
    parser.add_argument("--version", action="version", version=f"xlsolver {__version__}")
    parser.add_argument("--colour", "--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the grids (default: only on a terminal)")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    solve = commands.add_parser("solve", help="solve a puzzle grid, or the puzzles in a workbook", description=(
        "Solve a puzzle drawn as text: a letter is a given piece cell, '.' an open cell, "
        "'#' or a space not part of the board. A first line 'pieces: NAME' may name the piece set. "
        "Given an .xlsm workbook, do what its Solve buttons do for every area that has input."))
    solve.add_argument("puzzle", metavar="PUZZLE", help="a .txt grid ('-' reads standard input) or board.xlsm")
    _add_common(solve)
    solve.add_argument("--unique", action="store_true", help="also check that the solution is the only one")
    solve.add_argument("--area", metavar="NAME", help="workbook only: solve this area (e.g. IQ5x11)")
    solve.add_argument("-o", "--output", metavar="OUT.xlsm", help="workbook only: save here instead of in place")
    solve.set_defaults(run=run_solve)

    build = commands.add_parser("build-workbook", help="build board.xlsm from the layout and vba/ (source checkout)")
    build.add_argument("-o", "--output", metavar="PATH", default="board.xlsm", help="where to write (default board.xlsm)")
    build.set_defaults(run=run_build_workbook)

    count = commands.add_parser("count", help="count the solutions of a board or puzzle", description=(
        "Count solutions. A .dlx file (Knuth's format) is counted as a plain exact-cover problem."))
    target = count.add_mutually_exclusive_group(required=True)
    target.add_argument("puzzle", metavar="PUZZLE.txt", nargs="?", help="a puzzle grid, or a .dlx problem")
    target.add_argument("--board", metavar="NAME", help="an empty named board (see 'xlsolver boards')")
    _add_common(count)
    count.add_argument("--distinct", action="store_true", help="count solutions up to the board's symmetry")
    count.add_argument("--limit", type=_positive_int, metavar="N", help="stop after N solutions")
    count.add_argument("--jobs", type=_positive_int, metavar="N", default=1,
                       help="split the search over N processes (default 1)")
    count.set_defaults(run=run_count)

    for register in _family_commands():
        register(commands)

    pieces = commands.add_parser("pieces", help="list the piece sets, with pictures")
    pieces.add_argument("--json", action="store_true", help="print JSON")
    pieces.set_defaults(run=run_pieces)
    boards = commands.add_parser("boards", help="list the named boards, with pictures")
    boards.add_argument("--json", action="store_true", help="print JSON")
    boards.set_defaults(run=run_boards)
    return parser


def _family_commands() -> list:
    """``register(subparsers)`` of each family that has its own commands (klotski, zen...).

    A family module ``xlsolver/families/<name>_cli.py`` adds its subcommand; its
    handler returns an exit code and raises ``UserError`` for one-line mistakes.
    """
    import importlib
    import pkgutil

    from . import families

    found = []
    for module in pkgutil.iter_modules(families.__path__):
        if module.name.endswith("_cli"):
            found.append(importlib.import_module(f"xlsolver.families.{module.name}").register)
    return found


def _add_common(command: argparse.ArgumentParser) -> None:
    command.add_argument("--family", choices=FAMILIES, default="tiling",
                         help="the kind of puzzle in a text file (default: tiling)")
    command.add_argument("--mode", choices=("easy", "advanced"), default="easy",
                         help="RoadBlock only: advanced play adds the green car Y")
    command.add_argument("--pieces", metavar="SET", help="piece set name or file (default: the one that fits)")
    command.add_argument("--time-limit", type=_positive_float, metavar="S", help="stop after S seconds")
    command.add_argument("--json", action="store_true", help="print JSON instead of text")
    command.add_argument("--save-dlx", metavar="FILE", help="also write the exact-cover problem in Knuth's DLX format")


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value


def read_puzzle_text(source: str) -> tuple[list[str], dict[str, str]]:
    """The grid rows of a puzzle file and its ``key: value`` header lines."""
    if source == "-":
        text = sys.stdin.read()
    else:
        try:
            text = Path(source).read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            raise UserError(f"cannot read {source!r}: no such file") from None
        except IsADirectoryError:
            raise UserError(f"cannot read {source!r}: it is a folder") from None
        except UnicodeDecodeError:
            raise UserError(f"cannot read {source!r}: not a UTF-8 text file") from None
        except OSError as err:
            raise UserError(f"cannot read {source!r}: {err.strerror or err}") from None
    lines = text.splitlines()
    header: dict[str, str] = {}
    while lines and (not lines[0].strip() or _HEADER_LINE.match(lines[0])):
        match = _HEADER_LINE.match(lines.pop(0))
        if match:
            header[match.group(1)] = match.group(2)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise UserError(f"{source!r} holds no grid")
    return lines, header


def _load_puzzle(args) -> tiling.Puzzle:
    if getattr(args, "board", None):
        board = catalog.board(args.board)
        rows, set_name = tiling.empty_board_rows(board), args.pieces or board.pieces
    else:
        rows, header = read_puzzle_text(args.puzzle)
        set_name = args.pieces or header.get("pieces")
    pieces = catalog.piece_set(set_name) if set_name else None
    return tiling.parse(rows, pieces)


def _invalid(args, err: tiling.InvalidPuzzle) -> int:
    if args.json:
        _print_json({"status": "invalid", "solution": None, "messages": err.messages})
    else:
        for message in err.messages:
            print(f"xlsolver: {message}", file=sys.stderr)
    return INVALID


def _save_dlx(args, problem, about: str) -> None:
    if args.save_dlx:
        try:
            Path(args.save_dlx).write_text(dlx_text.dumps(problem, comment=about), encoding="utf-8")
        except OSError as err:
            raise UserError(f"cannot write {args.save_dlx!r}: {err.strerror or err}") from None


def run_solve(args) -> int:
    if Path(args.puzzle).suffix.lower() in WORKBOOK_SUFFIXES:
        return run_solve_workbook(args)
    if args.area or args.output:
        raise UserError("--area and --output apply to a workbook (.xlsm), not to a text puzzle")
    return run_solve_family(args)


def run_solve_workbook(args) -> int:
    from .workbook import headless

    for flag in ("unique", "pieces", "time_limit", "save_dlx"):
        if getattr(args, flag):
            raise UserError(f"--{flag.replace('_', '-')} applies to text puzzles; the workbook has its own settings")
    try:
        outcomes = headless.solve(args.puzzle, args.area, args.output)
    except headless.WorkbookError as err:
        raise UserError(str(err)) from None
    if not outcomes:
        raise UserError(f"no area of {args.puzzle!r} has input; type a puzzle or name an area with --area")
    severity = {"invalid": INVALID, "error": INVALID, "no solution": NO_SOLUTION, "time limit": UNDECIDED}
    code = max((severity.get(o.status, SOLVED) for o in outcomes.values()), default=SOLVED)
    if args.json:
        _print_json({"areas": {name: {"status": o.status, "solution": _trimmed(o.solution),
                                      "messages": o.messages or [o.text]}
                               for name, o in outcomes.items()},
                     "saved": str(args.output or args.puzzle)})
        return code
    colour_on = terminal.wants_colour(sys.stdout, args.colour)
    for name, outcome in outcomes.items():
        print(f"{name}: {outcome.text}")
        if outcome.solution:
            rows = terminal.paint(_trimmed(outcome.solution), outcome.colours, colour_on)
            print("\n".join("  " + line for line in rows))
        for message in outcome.messages:
            print(f"xlsolver: {name}: {message}", file=sys.stderr)
    print(f"saved {args.output or args.puzzle}")
    return code


def _trimmed(rows: list[str] | None) -> list[str] | None:
    """A solved grid without the empty margin right and below (the Custom area is larger than its board)."""
    if rows is None:
        return None
    rows = [row.rstrip() for row in rows]
    while rows and not rows[-1]:
        rows.pop()
    return rows


def run_build_workbook(args) -> int:
    from .workbook import build

    try:
        path = build.build(args.output)
    except FileNotFoundError as err:
        raise UserError(str(err)) from None
    except OSError as err:
        raise UserError(f"cannot write {args.output!r}: {err.strerror or err}") from None
    print(f"wrote {path}")
    return SOLVED


def _prepared(args) -> prepared_puzzles.Prepared:
    rows, header = read_puzzle_text(args.puzzle)
    if args.family == "tiling":
        name = args.pieces or header.get("pieces")
        return prepared_puzzles.prepare("tiling", rows, piece_set=catalog.piece_set(name) if name else None)
    edition = prepared_puzzles.read_edition(args.family, args.pieces) if args.pieces else None
    return prepared_puzzles.prepare(args.family, rows, mode=args.mode, piece_set=edition)


def run_solve_family(args) -> int:
    """Solve a text puzzle of any exact-cover family: print it, or report it as JSON."""
    try:
        prepared = _prepared(args)
    except tiling.InvalidPuzzle as err:
        return _invalid(args, err)
    _save_dlx(args, prepared.problem, f"xlsolver: {args.puzzle} ({args.family})")
    with _interruptible() as cancel:
        found, result, _ = prepared_puzzles.find(prepared, limit=2 if args.unique else 1,
                                                 time_limit=args.time_limit, cancel=cancel)
    rows = prepared.decode(found[0]) if found else None
    if rows:
        status, code, messages = "solved", SOLVED, []
    elif result.complete:
        status, code, messages = "no solution", NO_SOLUTION, [f"no solution: {prepared.why_none()}"]
    elif result.stopped == engine.CANCELLED:
        status, code, messages = "cancelled", INTERRUPTED, ["interrupted before a solution was found"]
    else:
        status, code = "time limit", UNDECIDED
        messages = [f"stopped by the time limit after {result.seconds:.1f} s, no solution found yet"]
    unique = None
    if args.unique and rows:
        unique = False if len(found) > 1 else (True if result.complete else None)
        messages.append({True: "the solution is unique", False: "there is more than one solution",
                         None: "stopped before uniqueness was decided"}[unique])
    if args.json:
        report = {"status": status, "solution": rows, "messages": messages, "family": args.family,
                  "colours": prepared.colours, "seconds": round(result.seconds, 4), "nodes": result.nodes,
                  "engine": result.engine}
        if args.family == "tiling":
            report["pieces"] = prepared.puzzle.pieces.name
        if args.unique:
            report["unique"] = unique
        _print_json(report)
        return code
    if rows:
        print("\n".join(terminal.paint(rows, prepared.colours, terminal.wants_colour(sys.stdout, args.colour))))
    for message in messages:
        print(f"xlsolver: {message}", file=sys.stderr)
    return code


def _count_family(args) -> int:
    try:
        prepared = _prepared(args)
    except tiling.InvalidPuzzle as err:
        return _invalid(args, err)
    if args.distinct or args.jobs > 1:
        raise UserError(f"--distinct and --jobs apply to tilings, not to {args.family}")
    with _interruptible() as cancel:
        _, result, accepted = prepared_puzzles.find(prepared, limit=args.limit, time_limit=args.time_limit,
                                                    cancel=cancel)
    report = {"solutions": accepted, "complete": result.complete, "stopped": result.stopped, "distinct": False,
              "total": accepted, "family": args.family, "candidates": result.solutions, "problem": args.puzzle,
              "jobs": 1, "nodes": result.nodes, "seconds": round(result.seconds, 3), "engine": result.engine}
    return _count_report(args, report)


def run_count(args) -> int:
    if args.puzzle and args.puzzle.endswith(".dlx"):
        return _count_dlx(args)
    if args.family != "tiling":
        if args.board:
            raise UserError(f"--board names tiling boards; give a {args.family} puzzle file")
        return _count_family(args)
    try:
        puzzle = _load_puzzle(args)
    except tiling.InvalidPuzzle as err:
        return _invalid(args, err)
    problem = tiling.encode(puzzle)
    what = f"board {args.board}" if args.board else args.puzzle
    _save_dlx(args, problem, f"xlsolver: {what} with {puzzle.pieces.name}")
    maps = tiling.item_maps(puzzle, problem)
    group = maps if args.distinct or (args.limit is None and len(maps) > 1) else [list(range(len(problem.items)))]
    result = _count(args, problem, group)
    numbers = {"total": result.total if not args.distinct or result.complete else None,
               "up_to_symmetry": result.distinct if len(group) > 1 else None}
    solutions = result.distinct if args.distinct else result.total
    report = {"solutions": solutions, "complete": result.complete, "stopped": result.stopped,
              "distinct": args.distinct, **numbers, "symmetry_group_order": len(maps),
              "board": args.board or args.puzzle, "pieces": puzzle.pieces.name, "jobs": args.jobs,
              "nodes": result.nodes, "seconds": round(result.seconds, 3), "engine": result.engine}
    return _count_report(args, report)


def _count(args, problem, group: list) -> symmetry.SymmetricCount:
    """Count over ``group`` (a one-element group is a plain count) in this process or several."""
    if args.jobs > 1 and args.limit is not None:
        raise UserError("--limit counts in one process; leave out --jobs")
    if not problem.options:
        result = engine.count(problem, limit=args.limit)
        return symmetry.SymmetricCount(result.solutions, result.solutions, True, None, len(group), 0,
                                       result.nodes, result.seconds, 1.0, result.engine)
    with _progress_bar() as progress, _interruptible() as cancel:
        controls = dict(time_limit=args.time_limit, cancel=cancel, progress=progress)
        if args.jobs > 1:
            from . import parallel  # multiprocessing only when asked for

            return parallel.count(problem, symmetry.plan(problem, group), args.jobs, **controls)
        return symmetry.count_up_to_symmetry(problem, group, limit=args.limit, **controls)


def _count_dlx(args) -> int:
    if args.distinct:
        raise UserError("--distinct needs a board or puzzle grid; a .dlx problem has no geometry")
    try:
        problem = dlx_text.loads(Path(args.puzzle).read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError) as err:
        raise UserError(f"cannot read {args.puzzle!r}: {getattr(err, 'strerror', None) or err}") from None
    except dlx_text.FormatError as err:
        raise UserError(f"{args.puzzle}: {err}") from None
    result = _count(args, problem, [list(range(len(problem.items)))])
    report = {"solutions": result.total, "complete": result.complete, "stopped": result.stopped,
              "distinct": False, "total": result.total, "problem": args.puzzle, "jobs": args.jobs,
              "nodes": result.nodes, "seconds": round(result.seconds, 3), "engine": result.engine}
    return _count_report(args, report)


def _count_report(args, report: dict) -> int:
    code = INTERRUPTED if report["stopped"] == engine.CANCELLED else SOLVED
    if args.json:
        _print_json(report)
        return code
    n = report["solutions"]
    noun = "solution" if n == 1 else "solutions"
    kind = " up to symmetry" if report["distinct"] else ""
    line = f"{n:,} {noun}{kind}"
    if not report["distinct"] and report.get("up_to_symmetry") is not None and report["complete"]:
        line += f" ({report['up_to_symmetry']:,} up to the {report['symmetry_group_order']} symmetries of the board)"
    if report["complete"]:
        print(f"{line}, complete search in {report['seconds']:.2f} s")
    else:
        why = {"limit": "--limit reached", "time limit": "--time-limit reached", "cancelled": "interrupted"}
        print(f"at least {line}: incomplete, {why[report['stopped']]} after {report['seconds']:.2f} s")
    return code


def run_pieces(args) -> int:
    sets = catalog.piece_sets()
    if args.json:
        _print_json({name: {"title": s.title, "turn_over": s.turn_over, "area": s.area, "notes": s.notes,
                            "pieces": {p.letter: {"cells": p.cells, "colour": p.colour, "colour_name": p.colour_name}
                                       for p in s.pieces.values()}} for name, s in sets.items()})
        return SOLVED
    colour_on = terminal.wants_colour(sys.stdout, args.colour)
    for name, s in sets.items():
        turning = "may be turned over" if s.turn_over else "rotations only"
        print(f"{name}: {s.title}\n  {len(s.pieces)} pieces, {s.area} cells, {turning}")
        colours = {p.letter: p.colour for p in s.pieces.values()}
        pictures = [_picture(p.cells, p.letter) for p in s.pieces.values()]
        painted = [terminal.paint(pic, colours, colour_on) for pic in pictures]
        widths = [max(len(row) for row in pic) * (2 if colour_on else 1) for pic in pictures]
        print("\n".join("  " + line for line in terminal.side_by_side(painted, widths, gap=2)) + "\n")
    return SOLVED


def run_boards(args) -> int:
    boards = catalog.boards()
    if args.json:
        _print_json({name: {"title": b.title, "cells": len(b.cells), "pieces": b.pieces, "rows": b.rows,
                            "known_total": b.known_total, "known_distinct": b.known_distinct,
                            "symmetry_group_order": len(geometry.symmetries(b.cells))}
                     for name, b in boards.items()})
        return SOLVED
    colour_on = terminal.wants_colour(sys.stdout, args.colour)
    for name, b in boards.items():
        known = ""
        if b.known_total is not None:
            known = f", {b.known_total:,} solutions"
            if b.known_distinct is not None:
                known += f" ({b.known_distinct:,} up to symmetry)"
        print(f"{name}: {b.title}\n  {len(b.cells)} cells, pieces: {b.pieces}{known}")
        picture = [row.replace("#", " ") for row in b.rows]
        print("\n".join("  " + line for line in terminal.paint(picture, {".": "#d9d9d9"}, colour_on)) + "\n")
    return SOLVED


def _picture(cells, letter: str) -> list[str]:
    height = 1 + max(r for r, _ in cells)
    width = 1 + max(c for _, c in cells)
    return ["".join(letter if (r, c) in cells else " " for c in range(width)) for r in range(height)]


def _print_json(data) -> None:
    print(json.dumps(data, ensure_ascii=False))


@contextmanager
def _interruptible():
    """Ctrl-C sets an event the engine checks, so a search stops cleanly with what it found."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    previous = signal.signal(signal.SIGINT, lambda *_: stop.set())
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def _progress_bar():
    """A progress callback drawing on stderr when it is a terminal, else None."""
    if not sys.stderr.isatty():
        yield None
        return
    bar = terminal.ProgressBar(sys.stderr)
    try:
        yield lambda p: bar.update(p.explored, p.seconds, p.solutions) if p.seconds > 1 else None
    finally:
        bar.close()
