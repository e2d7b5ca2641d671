"""The ``xlsolver`` command: solve and count puzzles of any family, solve a workbook headless,
list pieces and boards.

Every family comes from the registry (``xlsolver.families``); its settings
become options (``--mode``, ``--metric``, ...), and a family with a command of
its own (``xlsolver klotski ...``) gets it here without this module naming it.

Exit codes (``answer.Status.exit_code``; the README lists the same):

    0    done: solved, counted to the end, unique
    1    no solution
    2    bad input or usage (the message names the cell or option)
    3    time limit: stopped by --time-limit before an answer (or before --unique was decided)
    4    not unique: ``solve --unique`` found more than one solution
    5    incomplete count: ``count`` stopped by --limit or --time-limit (the output says which)
    70   internal error (a bug; XLSOLVER_DEBUG=1 shows the traceback)
    130  interrupted (Ctrl-C)
"""
from __future__ import annotations

import argparse
import os
import sys
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from . import __version__, catalog, dlx_text, families, geometry, terminal
from .answer import INTERNAL_ERROR_EXIT, Answer, Cell, Frame, Status
from .console import (MAX_DLX_BYTES, UserError, did_you_mean, frame_lines, interruptible, positive_float, positive_int, print_json,
                      progress_bar, read_file, read_puzzle_text, report)
from .engine.memo import DEFAULT_MEMORY_MB
from .exact_cover import ProblemError
from .families import Ask, Family, InvalidPuzzle, Settings, Unsupported, challenges, exact
from .workbook import libreoffice
from .workbook.atomic import replace_file

WORKBOOK_SUFFIXES = (".xlsm", ".xlsx")
EXIT_CODES_HELP = ("exit codes: 0 done, 1 no solution, 2 bad input or usage, 3 time limit, 4 not unique (solve "
                   "--unique), 5 incomplete count (--limit or --time-limit), 70 internal error, 130 interrupted")


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
    except (UserError, Unsupported, catalog.DataFileError, dlx_text.FormatError, ProblemError) as err:
        print(f"xlsolver: {err}", file=sys.stderr)
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
        "family: NAME...). Given an .xlsm workbook, do what its Solve buttons do for every area that has input."))
    solve.add_argument("puzzle", metavar="PUZZLE", help="a .txt grid ('-' reads standard input) or board.xlsm")
    _add_puzzle_options(solve, every)
    solve.add_argument("--unique", action="store_true", help="also check that the solution is the only one")
    solve.add_argument("--area", metavar="NAME", help="workbook only: solve this area (e.g. IQ5x11)")
    solve.add_argument("-o", "--output", metavar="OUT.xlsm", help="workbook only: save here instead of in place")
    solve.set_defaults(run=run_solve, fixed_family=None)

    build = commands.add_parser("build-workbook", help="build board.xlsm from the layout and vba/ (source checkout)")
    build.add_argument("-o", "--output", metavar="PATH", default="board.xlsm", help="where to write (default board.xlsm)")
    build.set_defaults(run=run_build_workbook)
    libreoffice.add_command(commands)  # xlsolver libreoffice install: the buttons in LibreOffice Calc

    count = commands.add_parser("count", help="count the solutions of a board or puzzle", description=(
        "Count solutions. A .dlx file (Knuth's format) is counted as a plain exact-cover problem."))
    target = count.add_mutually_exclusive_group(required=True)
    target.add_argument("puzzle", metavar="PUZZLE.txt", nargs="?", help="a puzzle grid, or a .dlx problem")
    target.add_argument("--board", metavar="NAME", help="an empty named board (see 'xlsolver boards')")
    _add_puzzle_options(count, [f for f in every if f.count is not None])
    count.add_argument("--distinct", action="store_true", help="count solutions up to the board's symmetry")
    count.add_argument("--limit", type=positive_int, metavar="N", help="stop after N solutions")
    count.add_argument("--jobs", type=positive_int, metavar="N", default=1,
                       help="split the search over N processes (default 1)")
    count.add_argument("--scheduler", metavar="ADDRESS",
                       help="run the split search on the Dask cluster whose scheduler is at ADDRESS "
                            "(tcp://HOST:8786), or 'local': a cluster on this machine of --jobs workers (default "
                            "one per core); needs pip install 'xlsolver[cluster]'")
    count.add_argument("--memory", type=positive_int, metavar="MB", default=DEFAULT_MEMORY_MB,
                       help=f"memory for counting by sub-problems, per process (default {DEFAULT_MEMORY_MB}); "
                            "a count that needs more is searched instead")
    count.set_defaults(run=run_count, fixed_family=None)

    _challenge_commands(commands, every)

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
    generate = commands.add_parser("generate", help="make new challenges with exactly one solution, graded", description=(
        "Make challenges with exactly one solution and minimal givens (taking away any given piece lets a second "
        "solution in), graded Starter to Wizard. Reproducible: challenge N comes from seed N."))
    target = generate.add_mutually_exclusive_group(required=True)
    target.add_argument("puzzle", metavar="BOARD.txt", nargs="?", help="a board drawn as a puzzle (typed cells stay)")
    target.add_argument("--board", metavar="NAME", help="an empty named board (see 'xlsolver boards')")
    _add_puzzle_options(generate, makers, dlx=False)
    generate.add_argument("-n", "--count", type=positive_int, default=1, metavar="N", help="how many (default 1)")
    generate.add_argument("--seed", type=int, default=0, metavar="S", help="the first seed tried (default 0)")
    generate.add_argument("--level", choices=challenges.LEVELS, type=str.lower, help="only challenges of this level")
    generate.add_argument("--given", type=positive_int, metavar="N", help="only challenges giving exactly N pieces")
    generate.add_argument("-o", "--output", metavar="DIR", help="write each challenge to DIR/NAME-LEVEL-SEED.txt")
    generate.add_argument("--jobs", type=positive_int, metavar="N", default=1, help="try seeds on N processes")
    generate.add_argument("--scheduler", metavar="ADDRESS", help="try seeds on the Dask cluster whose scheduler is at "
                          "ADDRESS (tcp://HOST:8786), or 'local' for a local one of --jobs workers")
    generate.set_defaults(run=run_generate, fixed_family=None)

    hint = commands.add_parser("hint", help="show one more piece of a puzzle's unique solution", description=(
        "Reveal the piece a person would most likely place next (the most constrained one) and show the puzzle "
        "with it typed in; a puzzle with no or several solutions says so instead."))
    hint.add_argument("puzzle", metavar="PUZZLE.txt", help="the puzzle ('-' reads standard input)")
    _add_puzzle_options(hint, [f for f in every if f.hint is not None], dlx=False)
    written = hint.add_mutually_exclusive_group()
    written.add_argument("-o", "--output", metavar="OUT.txt", help="write the puzzle with the hint typed in")
    written.add_argument("--in-place", action="store_true", help="type the hint into PUZZLE.txt itself")
    hint.set_defaults(run=run_hint, fixed_family=None)


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
        command.add_argument(f"--{key}", metavar=key.upper().replace("-", "_"), dest=f"setting_{key.replace('-', '_')}",
                             help=f"{where}{setting.help}{allowed}{default}")
    command.add_argument("--time-limit", type=positive_float, metavar="S", help="stop after S seconds")
    command.add_argument("--json", action="store_true", help="print JSON instead of text")
    if dlx:
        command.add_argument("--save-dlx", metavar="FILE", help="also write the exact-cover problem in Knuth's DLX format")


def _family_command(commands, family: Family) -> None:
    """``xlsolver NAME solve PUZZLE`` for the family's own command, and whatever it adds."""
    group = commands.add_parser(family.command, help=family.title, description=family.title)
    group.set_defaults(run=lambda args: _usage(group))
    sub = group.add_subparsers(title=f"{family.command} commands", metavar="COMMAND")
    solve = sub.add_parser("solve", help=f"solve a puzzle of this kind ({family.name})")
    solve.add_argument("puzzle", metavar="PUZZLE.txt", help="the puzzle ('-' reads standard input)")
    _add_puzzle_options(solve, [family], fixed=family)
    solve.set_defaults(run=run_solve, fixed_family=family.name, unique=False, area=None, output=None)
    if family.commands is not None:
        family.commands(sub)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return Status.INVALID.exit_code


# --- reading a puzzle -----------------------------------------------------------------------------

def _given_settings(args) -> dict[str, str]:
    return {key[len("setting_"):].replace("_", "-"): value for key, value in vars(args).items()
            if key.startswith("setting_") and value is not None}


def _family(args, header: dict[str, str]) -> Family:
    name = args.fixed_family or args.family or header.get("family")
    try:
        return families.get(name) if name else next(iter(families.all_families().values()))
    except ValueError as err:
        raise UserError(str(err)) from None


def _load(args) -> tuple[Family, list[str], Settings, dict[str, str]]:
    """The family, grid rows, settings (options over the file's header lines) and header of the puzzle asked for."""
    if getattr(args, "board", None):
        family = _family(args, {})
        if family.board is None:
            raise UserError(f"--board names a board of a family that has named boards, not {family.name}")
        rows, header = family.board(args.board)
    else:
        rows, header = read_puzzle_text(args.puzzle)
        family = _family(args, header)
        _check_header(args.puzzle, family, header)
    given = _given_settings(args)
    unknown = [key for key in given if family.setting(key) is None]
    if unknown:
        raise UserError(f"--{unknown[0]} does not apply to {family.name} puzzles")
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


def _invalid(args, family: Family, settings: Settings, err: InvalidPuzzle) -> int:
    data = family.empty_data(settings) if family.empty_data else {}
    answer = Answer(Status.INVALID, err.messages[0], messages=err.messages, data=data)
    return report(answer, as_json=args.json, colour=args.colour)


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
    if Path(args.puzzle).suffix.lower() in WORKBOOK_SUFFIXES:
        return run_solve_workbook(args)
    if _is_dlx(args.puzzle) and not args.fixed_family:
        return _solve_dlx(args)
    if args.area or args.output:
        raise UserError("--area and --output apply to a workbook (.xlsm), not to a text puzzle")
    family, rows, settings, header = _load(args)
    if args.unique and not family.unique:
        raise UserError(f"--unique applies to puzzles that can have several solutions, not to {family.name}")
    try:
        puzzle = family.parse(rows, settings)
    except InvalidPuzzle as err:
        return _invalid(args, family, settings, err)
    _save_dlx(args, family, puzzle, f"xlsolver: {args.puzzle} ({family.name})")
    with interruptible() as cancel:
        answer = family.solve(puzzle, Ask(unique=args.unique, time_limit=args.time_limit, cancel=cancel))
    return report(answer, as_json=args.json, colour=args.colour, title=header.get("title"))


def run_count(args) -> int:
    if args.puzzle and _is_dlx(args.puzzle):
        return _count_dlx(args)
    family, rows, settings, _ = _load(args)
    if family.count is None:
        raise UserError(f"{family.name} puzzles are not counted")
    try:
        puzzle = family.parse(rows, settings)
    except InvalidPuzzle as err:
        return _invalid(args, family, settings, err)
    what = f"board {args.board}" if args.board else args.puzzle
    _save_dlx(args, family, puzzle, f"xlsolver: {what} ({family.name})")
    with progress_bar() as progress, interruptible() as cancel:
        answer = family.count(puzzle, _count_ask(args, cancel, progress))
    return report(answer, as_json=args.json, colour=args.colour,
                  extra={"family": family.name, "board": args.board or args.puzzle, "problem": args.puzzle})


def _count_ask(args, cancel, progress) -> Ask:
    return Ask(limit=args.limit, distinct=args.distinct, jobs=_jobs(args.jobs), time_limit=args.time_limit,
               cancel=cancel, progress=progress, memory_mb=args.memory, scheduler=args.scheduler)


def _jobs(asked: int) -> int:
    """--jobs, at most one process per core this process may use (more only slow the count down)."""
    from .parallel import usable_cores

    cores = usable_cores()
    if asked <= cores:
        return asked
    noun = "core" if cores == 1 else "cores"
    print(f"xlsolver: --jobs {asked} is more than the {cores} {noun} available; using {cores}", file=sys.stderr)
    return cores


def run_generate(args) -> int:
    family, rows, settings, header = _load(args)
    if family.generate is None:
        raise UserError(f"{family.name} puzzles are not generated")
    name = args.board or ("challenge" if args.puzzle == "-" else Path(args.puzzle).stem)
    made = []
    with interruptible() as cancel, progress_bar(challenges.Made.line) as progress, \
            _attempts(args, family, settings, rows, cancel) as (attempts, jobs):
        request = challenges.Request(args.count, args.seed, args.level, args.given, args.time_limit, cancel,
                                     args.scheduler, jobs, progress)
        try:
            for challenge in family.generate(rows, dict(settings), request, attempts):
                made.append(challenge)
                if not args.json:
                    if progress is not None:
                        progress.clear()  # the challenge starts on a clean line
                    _print_challenge(args, family, header, name, challenge)
        except InvalidPuzzle as err:  # the board itself
            return _invalid(args, family, settings, err)
    complete = len(made) == args.count
    if args.json:
        print_json({"status": str(Status.SOLVED if complete else Status.INCOMPLETE), "family": family.name,
                    "board": name, "challenges": [c.as_data() for c in made]})
    if not complete:
        why = "interrupted" if cancel.is_set() else f"--time-limit {args.time_limit:g} reached"
        print(f"xlsolver: {len(made)} of {args.count} challenges made ({why})", file=sys.stderr)
        return (Status.CANCELLED if cancel.is_set() else Status.INCOMPLETE).exit_code
    return Status.SOLVED.exit_code


@contextmanager
def _attempts(args, family: Family, settings: Settings, rows: list[str], cancel):
    """(run_attempts, workers) for ``generate``: a batch of seeds' attempts, in seed order, here (None), on
    ``--jobs`` processes or on the ``--scheduler`` cluster."""
    job = (family.name, dict(settings), rows)
    if args.scheduler:
        from . import cluster

        with cluster.connect(args.scheduler, args.jobs if args.jobs > 1 else None) as on:
            def on_cluster(seeds: list[int]) -> list:
                done = dict(on.map_unordered(challenges.attempt_job, seeds, shared=job, cancel=cancel))
                return [] if on.stopped else [done[seed] for seed in seeds]

            yield on_cluster, on.workers
        return
    jobs = _jobs(args.jobs)
    if jobs == 1:
        yield None, 1
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        yield (lambda seeds: [made for _, made in pool.map(partial(challenges.attempt_job, job), seeds)]), jobs


def _print_challenge(args, family: Family, header: dict[str, str], name: str, challenge) -> None:
    """A challenge as a puzzle file (header lines, then the grid): to DIR/NAME-LEVEL-SEED.txt, or printed."""
    grade = challenge.grade
    title = (f"{name}, seed {challenge.seed}: {grade.level.capitalize()} (difficulty {grade.difficulty}; "
             f"{grade.given} given, {grade.to_place} to place)")
    lines = [f"title: {title}"]
    if family is not next(iter(families.all_families().values())):
        lines.append(f"family: {family.name}")
    lines += [f"{key}: {value}" for key, value in header.items() if key not in ("title", "family")]
    text = "\n".join(lines + [row.rstrip() for row in challenge.rows]) + "\n"
    if args.output:
        path = Path(args.output) / f"{name}-{grade.level}-{challenge.seed}.txt"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError as err:
            raise UserError(f"cannot write {str(path)!r}: {err.strerror or err}") from None
        print(f"{path}: {title}")
    else:
        print(text)


def run_hint(args) -> int:
    family, rows, settings, header = _load(args)
    if family.hint is None:
        raise UserError(f"{family.name} puzzles have no hints")
    try:
        puzzle = family.parse(rows, settings)
    except InvalidPuzzle as err:
        return _invalid(args, family, settings, err)
    with interruptible() as cancel:
        answer = family.hint(puzzle, Ask(time_limit=args.time_limit, cancel=cancel))
    target = args.puzzle if args.in_place else args.output
    if target and answer.data.get("typed"):
        if target == "-":
            raise UserError("--in-place needs a file, not standard input")
        lines = [f"{key}: {value}" for key, value in header.items()] + [row.rstrip() for row in answer.data["rows"]]
        try:
            replace_file(target, lambda out: out.write(("\n".join(lines) + "\n").encode("utf-8")))
        except OSError as err:
            raise UserError(f"cannot write {target!r}: {err.strerror or err}") from None
    return report(answer, as_json=args.json, colour=args.colour, title=header.get("title"))


def _is_dlx(path: str) -> bool:
    return Path(path).suffix.lower() == ".dlx"


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
    if args.area or args.output:
        raise UserError("--area and --output apply to a workbook (.xlsm), not to a .dlx problem")
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
        answer = exact.solve(puzzle, Ask(unique=args.unique, time_limit=args.time_limit, cancel=cancel))
    return report(answer, as_json=args.json, colour=args.colour, extra={"problem": args.puzzle})


def _count_dlx(args) -> int:
    if args.distinct:
        raise UserError("--distinct needs a board or puzzle grid; a .dlx problem has no geometry")
    problem = _read_dlx(args)
    with progress_bar() as progress, interruptible() as cancel:
        answer = exact.count_problem(problem, _count_ask(args, cancel, progress))
    return report(answer, as_json=args.json, colour=args.colour, extra={"problem": args.puzzle})


def run_solve_workbook(args) -> int:
    from .workbook import headless

    for flag in ("unique", "time_limit", "save_dlx"):
        if getattr(args, flag):
            raise UserError(f"--{flag.replace('_', '-')} applies to text puzzles; the workbook has its own settings")
    if _given_settings(args) or args.family:
        raise UserError("--family and settings apply to text puzzles; the workbook has its own cells for them")
    try:
        answers = headless.solve(args.puzzle, args.area, args.output)
    except headless.WorkbookError as err:
        raise UserError(str(err)) from None
    except headless.Interrupted as err:  # Ctrl-C: one line saying whether the workbook was saved
        print(f"xlsolver: {err}", file=sys.stderr)
        return Status.CANCELLED.exit_code
    if not answers:
        raise UserError(f"no area of {args.puzzle!r} has input; type a puzzle or name an area with --area")
    code = max(answer.status.exit_code for answer in answers.values())
    if args.json:
        print_json({"areas": {name: {"status": a.status, "solution": _trimmed(_solution_text(a)),
                                     "messages": a.messages or [a.message]}
                              for name, a in answers.items()},
                    "saved": str(args.output or args.puzzle)})
        return code
    colour_on = terminal.wants_colour(sys.stdout, args.colour)
    for name, answer in answers.items():
        print(f"{name}: {answer.message}")
        if answer.frames and answer.ok:
            print("\n".join("  " + line for line in _trimmed(frame_lines(answer.frames[:1], colour_on))))
    print(f"saved {args.output or args.puzzle}")
    return code


def _solution_text(answer: Answer) -> list[str] | None:
    if not answer.ok or not answer.frames:
        return None
    return answer.data.get("solution") or answer.frames[0].text_rows()


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
        pictures = [_picture(p.cells, p.letter) for p in s.pieces.values()]
        painted = [terminal.paint(pic, colours, colour_on) for pic in pictures]
        widths = [max(len(row) for row in pic) * (2 if colour_on else 1) for pic in pictures]
        print("\n".join("  " + line for line in terminal.side_by_side(painted, widths, gap=2)) + "\n")
    return Status.SOLVED.exit_code


def run_boards(args) -> int:
    boards = catalog.boards()
    if args.json:
        print_json({name: {"title": b.title, "cells": len(b.cells), "pieces": b.pieces, "rows": b.rows,
                           "known_total": b.known_total, "known_distinct": b.known_distinct,
                           "symmetry_group_order": len(geometry.symmetries(b.cells))}
                    for name, b in boards.items()})
        return Status.SOLVED.exit_code
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
    return Status.SOLVED.exit_code


def _picture(cells, letter: str) -> list[str]:
    height = 1 + max(r for r, _ in cells)
    width = 1 + max(c for _, c in cells)
    return ["".join(letter if (r, c) in cells else " " for c in range(width)) for r in range(height)]
