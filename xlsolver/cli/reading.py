"""Reading what a command is given: a puzzle file (its family, header and settings), a .dlx problem, or the
fact that it is a workbook; a family that cannot do what the command needs is refused in one line."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .. import families
from ..base.answer import Answer, Status
from ..base.files import MAX_DLX_BYTES, UserError, did_you_mean, read_file, read_puzzle_text
from ..families import InvalidPuzzle, Settings, Unsupported
from .options import WORKBOOK_SUFFIXES

if TYPE_CHECKING:
    from ..families import Family


def given_settings(args) -> dict[str, str]:
    return {key[len("setting_"):].replace("_", "-"): value for key, value in vars(args).items()
            if key.startswith("setting_") and value is not None}


def family_of(args, header: dict[str, str], rows: list[str] | None = None) -> Family:
    """The family named (--family, a 'family:' line, a board's name), else the one family that recognises the
    grid ``rows`` as its own (``Family.recognises``), else the first."""
    name = args.fixed_family or args.family or header.get("family")
    if not name and header.get("board"):  # the board's name says whose it is
        return _family_of_board(header["board"])
    if not name and rows is not None:
        claimed = [f for f in families.recognising(rows) if f.recognises(rows)]
        if len(claimed) == 1:
            return claimed[0]
    try:
        return families.get(name) if name else families.first()
    except ValueError as err:
        raise UserError(str(err)) from None


def _family_of_board(name: str) -> Family:
    """The family with a board of this name (the first family first: its message names the boards when none has)."""
    every = families.having("boards")
    return next((family for family in every if family.names_board(name)), every[0])


#: What a command asks of a family, and how it refuses one that does not do it.
NOT_OFFERED = {"count": "are not counted", "hint": "have no hints", "generate": "are not generated"}


def load_puzzle(args, needs: str | None = None) -> tuple[Family, list[str], Settings, dict[str, str]]:
    """The family, grid rows, settings (options over the file's header lines) and header of the puzzle asked for;
    a family that cannot do what the command ``needs`` (``count``, ``hint``, ``generate``) is refused."""
    if getattr(args, "board", None):
        family = family_of(args, {}) if args.fixed_family or args.family else _family_of_board(args.board)
        if family.board is None:
            raise UserError(f"--board names a board of a family that has named boards, not {family.name}")
        rows, header = family.board(args.board)
    elif (reader := file_reader(args.puzzle)) is not None:  # a file a family reads whole (BurrTools'), by its suffix
        named = args.fixed_family or args.family
        if named and named != reader.name:
            raise UserError(f"--family {named}: {args.puzzle} is {reader.file_form(suffix_of(args.puzzle)).about}, "
                            f"read by the {reader.name} family")
        family, header = reader, {}
        rows = family.file_form(suffix_of(args.puzzle)).rows(args.puzzle)
    else:
        rows, header = read_puzzle_text(args.puzzle)
        family = family_of(args, header, rows)
        _check_header(args.puzzle, family, header)
        if not (args.fixed_family or args.family or header.get("family")):
            args.guessed_family = True  # a refusal names the families the grid reads as (read_as)
    given = given_settings(args)
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


def suffix_of(path: str) -> str:
    return Path(path).suffix.lower()


def file_reader(path: str | None) -> Family | None:
    """The family that reads files of this suffix whole (a ``FileForm``: BurrTools' ``.xmpuzzle``), if any: the
    cards say which, so no other family module is imported."""
    if not path or path == "-":
        return None
    suffix = suffix_of(path)
    owner = next((card.name for card in families.cards().values() if suffix in card.reads), None)
    return None if owner is None else families.get(owner)


def writes_asked(args, family: Family) -> list[tuple[str, str]]:
    """(suffix, path) of each ``--xmpuzzle OUT`` and the like given; a format the family does not write is
    refused now, before any search."""
    asked = []
    for key, target in vars(args).items():
        if not key.startswith("write_") or not target:
            continue
        suffix = "." + key[len("write_"):]
        form = family.file_form(suffix)
        if form is None or form.write is None:
            raise UserError(f"--{suffix[1:]} writes {suffix} files, which {family.name} puzzles are not written as")
        asked.append((suffix, target))
    return asked


def write_files(args, family: Family, puzzle) -> int | None:
    """``--xmpuzzle OUT`` and the like (a format a family writes): the puzzle and the solution shown, written by
    its family.  A file that cannot be written is said in one line: NOT_SAVED_EXIT (the answer is printed)."""
    from .options import NOT_SAVED_EXIT

    for suffix, target in writes_asked(args, family):
        form = family.file_form(suffix)
        if getattr(puzzle, "shown", None) is None:
            print(f"xlsolver: nothing written to {target!r}: no solution to write", file=sys.stderr)
            continue
        try:
            data = form.write(puzzle)
        except Unsupported as err:
            raise UserError(f"--{suffix[1:]}: {err}") from None
        try:
            Path(target).write_bytes(data)
        except OSError as err:
            print(f"xlsolver: cannot write {target!r}: {err.strerror or err}; the answer is above, not saved",
                  file=sys.stderr)
            return NOT_SAVED_EXIT
    return None


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


def parse_puzzle(family: Family, rows: list[str], settings: Settings):
    """The family's puzzle of these rows and settings, or NotRead with every problem."""
    try:
        return family.parse(rows, settings)
    except InvalidPuzzle as err:
        raise NotRead(family, settings, err, rows) from None


def read_as(family: Family, rows: list[str]) -> list[str]:
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


def save_dlx(args, family: Family, puzzle, about: str) -> None:
    if not args.save_dlx:
        return
    if family.exact_cover is None:
        raise UserError(f"--save-dlx applies to exact-cover puzzles; {family.name} is searched another way")
    from ..engine import dlx_text  # here, not at the top: the parser imports this module, and needs no engine

    try:
        Path(args.save_dlx).write_text(dlx_text.dumps(family.exact_cover(puzzle), comment=about), encoding="utf-8")
    except OSError as err:
        raise UserError(f"cannot write {args.save_dlx!r}: {err.strerror or err}") from None


def is_dlx(path: str) -> bool:
    return Path(path).suffix.lower() == ".dlx"


def is_workbook(path: str) -> bool:
    return Path(path).suffix.lower() in WORKBOOK_SUFFIXES


def read_dlx(args):
    """The exact-cover problem of a .dlx file; options that apply to grids are refused by name."""
    given = [f"--{key}" for key in given_settings(args)]
    if getattr(args, "family", None):
        given.insert(0, "--family")
    if getattr(args, "save_dlx", None):
        given.append("--save-dlx")
    if given:
        raise UserError(f"{given[0]} applies to puzzle grids; a .dlx file is a plain exact-cover problem")
    from ..engine import dlx_text

    try:
        return dlx_text.loads(read_file(args.puzzle, limit=MAX_DLX_BYTES, kind="DLX files"))
    except dlx_text.FormatError as err:
        raise UserError(f"{args.puzzle}: {err}") from None
