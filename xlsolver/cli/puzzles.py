"""``solve`` and ``count`` on a text puzzle, a .dlx problem, or a collection of puzzles one a line.

A one-line solve is most of what users run: what only some of them need (the workbook's buttons for a .xlsm,
``families.batch`` for a collection, the SVG writers for ``--svg``) is imported where it is used.
"""
from __future__ import annotations

from pathlib import Path
import sys
from typing import TYPE_CHECKING

from ..base.answer import Answer, Status
from ..base.files import PEEK_BYTES, UserError, header_entry, stream_lines
from ..families import SOLUTIONS, Ask, exact
from ..pictures.terminal import print_json
from .console import interruptible, progress_bar, report
from .options import NOT_SAVED_EXIT, diagram_ask
from .reading import (family_of, file_reader, given_settings, is_dlx, is_workbook, load_puzzle, parse_puzzle, read_dlx,
                      save_dlx, write_files, writes_asked)

if TYPE_CHECKING:
    from ..base.frames import Frame
    from ..families import Family


def run_solve(args) -> int:
    if is_workbook(args.puzzle):
        from .workbooks import run_workbook

        return run_workbook(args, "unique" if args.unique else "solve")
    no_workbook_options(args)
    if args.solution and args.unique:
        raise UserError("--solution and --unique: --unique checks the first solution; leave out one of them")
    if is_dlx(args.puzzle) and not args.fixed_family:
        return _solve_dlx(args)
    form = None if file_reader(args.puzzle) else _batch_form(args)
    if form is not None:
        return run_batch(args, *form)
    family, rows, settings, header = load_puzzle(args)
    if args.unique and not family.unique:
        raise UserError(f"--unique applies to puzzles that can have several solutions, not to {family.name}")
    if args.solution and family.steps != SOLUTIONS:
        raise UserError(f"--solution applies to puzzles that can have several solutions, not to {family.name}")
    picked = "--index" if getattr(args, "index", None) else "--random" if getattr(args, "random", False) else None
    if picked and family.exact_cover is None:
        raise UserError(f"{picked} applies to exact-cover puzzles; {family.name} is searched another way")
    writes_asked(args, family)  # a file format the family does not write: said before searching
    puzzle = parse_puzzle(family, rows, settings)
    save_dlx(args, family, puzzle, f"xlsolver: {args.puzzle} ({family.name})")
    with interruptible() as cancel:
        answer = family.solve(puzzle, _solve_ask(args, cancel))
    code = _report_solution(args, answer, title=header.get("title"), stepping=family.steps == SOLUTIONS)
    return _draw(args, answer, header.get("title") or args.puzzle) or write_files(args, family, puzzle) or code


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
    for line in head_lines(args.puzzle):
        text = line.strip()
        entry = None if first or text.startswith("{") else header_entry(text)
        if entry is not None:
            header.setdefault(*entry)
        elif text and not text.startswith("#"):
            first = text
            break
    family = family_of(args, header)
    if as_json or (each_line and first.startswith("{")):
        return "json", family
    if each_line or (family.line_form is not None and family.line_form.whole(first)):
        return "lines", family
    return None


def head_lines(source: str) -> list[str]:
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
    given = given_settings(args)
    if form == "lines":
        unknown = [key for key in given if family.setting(key) is None]
        if unknown:
            raise UserError(f"--{unknown[0]} does not apply to {family.name} puzzles")
        if args.unique and not family.unique:
            raise UserError(f"--unique applies to puzzles that can have several solutions, not to {family.name}")
    from ..families import batch

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
    from ..pictures import svg, svg3d

    if answer.steps and answer.steps.scenes:
        picture = svg3d.steps_svg(answer.steps.scenes, title)
    else:
        from ..geometry.lattice import drawn_corners

        if answer.scene:
            picture = svg3d.scene_svg(answer.scene, title, answer.frames, drawn_corners)
        else:
            picture = svg.frames_svg(answer.frames, title, drawn_corners)
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
               time_limit=args.time_limit, cancel=cancel, steps=getattr(args, "steps", False), **diagram_ask(args))


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


def no_workbook_options(args) -> None:
    """--area (and -o OUT.xlsm of solve and count) name a workbook's area and file: refused for a text puzzle."""
    given = ["--area"] if getattr(args, "area", None) else []
    if args.run in (run_solve, run_count) and getattr(args, "output", None):
        given.append("--output")
    if given:
        what = "a .dlx problem" if args.puzzle and is_dlx(args.puzzle) else "a text puzzle"
        verb = "applies" if len(given) == 1 else "apply"
        raise UserError(f"{' and '.join(given)} {verb} to a workbook (.xlsm), not to {what}")


def run_count(args) -> int:
    if args.puzzle and is_workbook(args.puzzle):
        from .workbooks import run_workbook

        return run_workbook(args, "heatmap" if args.frequencies else "count")
    no_workbook_options(args)
    if args.puzzle and is_dlx(args.puzzle):
        return _count_dlx(args)
    family, rows, settings, _ = load_puzzle(args, needs="count")
    puzzle = parse_puzzle(family, rows, settings)
    what = f"board {args.board}" if args.board else args.puzzle
    save_dlx(args, family, puzzle, f"xlsolver: {what} ({family.name})")
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
    if args.every and args.distinct:
        raise UserError("--all and --distinct: --all counts every solution, --distinct one per symmetry class; "
                        "leave out one of them")
    return Ask(frequencies=args.frequencies, limit=args.limit, distinct=args.distinct, every=args.every,
               jobs=jobs_for(args.jobs),
               time_limit=args.time_limit, cancel=cancel, progress=progress, memory_mb=args.memory,
               scheduler=args.scheduler, assemblable=args.assemblable)


def jobs_for(asked: int | None) -> int | None:
    """--jobs, at most one process per core this process may use (more only slow the count down); None when
    not given (the count chooses)."""
    if asked is None or asked == 1:
        return asked
    from ..counting import usable_cores

    cores = usable_cores()
    if asked <= cores:
        return asked
    noun = "core" if cores == 1 else "cores"
    print(f"xlsolver: --jobs {asked} is more than the {cores} {noun} available; using {cores}", file=sys.stderr)
    return cores


def _solve_dlx(args) -> int:
    """A solution of a .dlx problem: the options it takes, one line each (with --unique: is it the only one)."""
    if args.svg:
        raise UserError("--svg draws a puzzle's grid; a .dlx problem has none")
    problem = read_dlx(args)

    def text(solution) -> list[str]:
        return [" ".join(problem.option_items(o)) for o in sorted(solution)]

    def frame(solution) -> Frame:
        from ..base.frames import Cell, Frame

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
    problem = read_dlx(args)
    with progress_bar() as progress, interruptible() as cancel:
        answer = exact.count_problem(problem, _count_ask(args, cancel, progress))
    return report(answer, as_json=args.json, colour=args.colour, extra={"problem": args.puzzle})
