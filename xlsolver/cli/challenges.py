"""New challenges and their levels: ``generate``, ``grade``, ``booklet`` and ``hint``.

Imported only when one of them is the command given (``parser``); each imports the generator, grading or
the booklet maker it uses when it runs, so ``hint`` does not load the booklet maker.
"""
from __future__ import annotations

from contextlib import contextmanager, nullcontext
import dataclasses
from functools import partial
import io
from pathlib import Path
import re
import sys

from .. import families
from ..base.answer import Status
from ..base.files import UserError, read_file
from ..families import Ask, Family, InvalidPuzzle, Settings, levels
from ..pictures.terminal import print_json
from ..workbook.atomic import replace_file
from .console import interruptible, positive_int, progress_bar, report
from .options import NOT_SAVED_EXIT, add_puzzle_options, add_workbook_options, puzzle_or_board
from .puzzles import head_lines, jobs_for, no_workbook_options
from .reading import NotRead, family_of, given_settings, is_workbook, load_puzzle, parse_puzzle, suffix_of
from .workbooks import run_workbook

BOOKLET_PER_LEVEL = 4  # a booklet's challenges of each level, unless --per-level says


def _makers() -> list[Family]:
    """The families that make challenges (``generate``, ``grade`` and ``booklet`` are theirs)."""
    return [f for f in families.all_families().values() if f.generate is not None]


def generate_command(generate) -> None:
    """``generate``'s options, for the families that make challenges."""
    from ..families import generating

    makers = _makers()
    generate.description = (
        "Make challenges with exactly one solution, graded Starter to Wizard as the board's booklet grades "
        "(see 'xlsolver grade'), giving as many pieces as the booklet gives at that level. Reproducible: "
        "challenge N comes from seed N. Given an .xlsm workbook, do what the Generate button of the area --area "
        "names does (the level is the area's Level cell).")
    puzzle_or_board(generate, "BOARD.txt", "a board drawn as a puzzle (typed cells stay), or board.xlsm")
    add_puzzle_options(generate, makers, dlx=False)
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
    add_workbook_options(generate, "the area whose Generate button to press", output=False)
    generate.set_defaults(run=run_generate, fixed_family=None)


def hint_command(hint) -> None:
    """``hint``'s options, for the families that give hints."""
    every = families.all_families().values()
    hint.description = (
        "Reveal the piece a person would most likely place next (the most constrained one) and show the puzzle "
        "with it typed in; a puzzle with no or several solutions says so instead. Given an .xlsm workbook, do "
        "what the Hint button of the area --area names does: type the piece into its empty cells.")
    hint.add_argument("puzzle", metavar="PUZZLE.txt", help="the puzzle ('-' reads standard input), or board.xlsm")
    add_puzzle_options(hint, [f for f in every if f.hint is not None], dlx=False)
    written = hint.add_mutually_exclusive_group()
    written.add_argument("-o", "--output", metavar="OUT.txt", help="write the puzzle with the hint typed in (a "
                         "workbook: save it to OUT.xlsm instead of in place)")
    written.add_argument("--in-place", action="store_true", help="type the hint into PUZZLE.txt itself (a workbook "
                         "is saved in place unless -o names another file)")
    add_workbook_options(hint, "the area whose Hint button to press", output=False)
    hint.set_defaults(run=run_hint, fixed_family=None)


def grade_command(grade) -> None:
    """``grade``'s options: levels as the games' booklets mean them."""
    makers = _makers()
    grade.description = (
        "Grade a challenge with exactly one solution: its level (Starter, Junior, Expert, Master, Wizard) as the "
        "board's booklet would put it, a difficulty number, and the measures behind it (pieces given and to place, "
        "placements open, search nodes, forced moves). A file of challenges ('challenge: NUMBER LEVEL' lines, as "
        "in xlsolver/data/booklets/) is graded challenge by challenge against its own levels. See docs/levels.md.")
    grade.add_argument("puzzle", metavar="PUZZLE.txt", help="the challenge, or a booklet file ('-' reads standard input)")
    add_puzzle_options(grade, makers, dlx=False)
    grade.set_defaults(run=run_grade, fixed_family=None)


def booklet_command(booklet) -> None:
    """``booklet``'s options: a PDF of new challenges, each level in turn."""
    makers = _makers()
    booklet.description = (
        "Make N new challenges of each level, each with exactly one solution, numbered Starter to Wizard, and write "
        "them as a printable PDF booklet: each challenge drawn as the game's booklet draws it (the board, the given "
        "pieces in their colours, the pieces to place beside it), the solutions at the back. Reproducible by seed. "
        "Given an .xlsm workbook, do what the Booklet button of the area --area names does (the PDF goes beside "
        "the workbook).")
    puzzle_or_board(booklet, "BOARD.txt", "a board drawn as a puzzle (typed cells stay), or board.xlsm")
    add_puzzle_options(booklet, makers, dlx=False)
    booklet.add_argument("--per-level", type=positive_int, metavar="N",
                         help=f"challenges of each level (default {BOOKLET_PER_LEVEL})")
    booklet.add_argument("-o", "--output", metavar="BOOKLET.pdf", help="the PDF to write (a workbook: save it to "
                         "OUT.xlsm instead of in place)")
    booklet.add_argument("--seed", type=int, metavar="S", help="the first seed (default 0)")
    booklet.add_argument("--title", metavar="TEXT", help="the booklet's title (default: the board's)")
    booklet.add_argument("--jobs", type=positive_int, metavar="N", default=None,
                         help="try seeds on N processes (default 1)")
    add_workbook_options(booklet, "the area whose Booklet button to press", output=False)
    booklet.set_defaults(run=run_booklet, fixed_family=None, scheduler=None)


def run_generate(args) -> int:
    from ..families import generating

    if args.puzzle and is_workbook(args.puzzle):
        return run_workbook(args, "generate")
    no_workbook_options(args)
    if args.output and Path(args.output).exists() and not Path(args.output).is_dir():
        raise UserError(f"-o names a folder for the challenges (one file each); {args.output!r} is a file")
    args.count = args.count or 1
    args.seed = args.seed or 0
    family, rows, settings, header = load_puzzle(args, needs="generate")
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
                        unwritten += _print_challenge(args, family, header, name, challenge, rows, settings)
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
    from ..families import generating

    def job(target: generating.Target) -> tuple:
        return family.name, dict(settings), rows, target

    if getattr(args, "scheduler", None):
        from ..counting import cluster

        with cluster.connect(args.scheduler, args.jobs or 1) as on:
            def on_cluster(target: generating.Target):
                def run(seeds: list[int]) -> list:
                    done = dict(on.map_unordered(generating.attempt_job, seeds, shared=job(target), cancel=cancel))
                    return [] if on.stopped else [done[seed] for seed in seeds]
                return run

            yield on_cluster, on.workers
        return
    jobs = jobs_for(args.jobs) or 1
    if jobs == 1:
        yield (lambda target: None), 1
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        yield (lambda target: lambda seeds: [made for _, made in pool.map(partial(generating.attempt_job, job(target)),
                                                                          seeds)]), jobs


def _print_challenge(args, family: Family, header: dict[str, str], name: str, challenge, rows: list[str],
                     settings: Settings) -> list[str]:
    """A challenge as a puzzle file (header lines, then the grid): to DIR/NAME-LEVEL-SEED.txt, or printed; printed
    too when the file cannot be written (returns why, [] when done).  Made from a file the family reads whole
    (BurrTools'), it is written in that form (``FileForm.challenge``) and printed as its layers, a picture only."""
    grade = challenge.grade
    title = (f"{name}, seed {challenge.seed}: {grade.level.capitalize()} (difficulty {grade.difficulty}; "
             f"{grade.given} given, {grade.to_place} to place)")
    form = family.file_form(suffix_of(args.puzzle)) if args.puzzle and args.puzzle != "-" else None
    form = form if form is not None and form.challenge is not None else None
    lines = [f"title: {title}"]
    if family is not families.first() and form is None:
        lines.append(f"family: {family.name}")
    given = given_settings(args)  # --pieces kanoodle: the file says it, or it is solved with the board's own
    if form is None:
        lines += [f"{key}: {value}" for key, value in {**header, **given}.items() if key not in ("title", "family")]
    text = "\n".join(lines + [""] + [row.rstrip() for row in challenge.rows]) + "\n"
    if args.output:
        stem = "-".join([name] + [_file_word(value) for value in given.values()])  # other pieces, another file
        path = Path(args.output) / f"{stem}-{grade.level}-{challenge.seed}{form.suffix if form else '.txt'}"
        data = text.encode("utf-8") if form is None else form.challenge(rows, dict(settings), challenge)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            replace_file(path, lambda out: out.write(data))
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
    from ..families import booklets, grading

    if booklets.is_booklet("\n".join(head_lines(args.puzzle))):  # challenge lines: a booklet, each graded
        return _grade_booklet(args, booklets.parse(read_file(args.puzzle), args.puzzle))
    family, rows, settings, header = load_puzzle(args, needs="generate")
    puzzle = parse_puzzle(family, rows, settings)
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
    from ..families import grading

    family = family_of(args, booklet.header)
    settings = {**booklet.settings, **given_settings(args)}
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
    from ..families import booklet_maker, generating

    if args.puzzle and is_workbook(args.puzzle):
        return run_workbook(args, "booklet")
    no_workbook_options(args)
    if not args.output:
        raise UserError("-o BOOKLET.pdf: name the PDF to write")
    args.per_level, args.seed = args.per_level or BOOKLET_PER_LEVEL, args.seed or 0
    family, rows, settings, header = load_puzzle(args, needs="generate")
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
    pages, page_of = booklet_maker.write(pdf, title, family, dict(settings), made, subtitle, rows=rows)
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
    if is_workbook(args.puzzle):
        return run_workbook(args, "hint")
    no_workbook_options(args)
    family, rows, settings, header = load_puzzle(args, needs="hint")
    puzzle = parse_puzzle(family, rows, settings)
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
