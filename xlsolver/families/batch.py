"""Many puzzles in one call: a collection (a puzzle a line) or JSON lines (a puzzle object a line: a booklet),
solved one after another in one process, one result per puzzle, in the file's order.

    lines = files.stream_lines("puzzles.txt")                        # or plain strings: solve_lines(texts, ...)
    for result in solve(collection(lines, families.get("sudoku")), Ask(unique=True)):
        print(result.as_data())                                       # {"line": 1, "status": "solved", ...}

Two forms, neither naming a family here:

- a *collection*: a family's one-line form (``Family.line_form``: sudoku's 81 characters), a puzzle a line,
  after optional header lines (``variant: x``) that apply to every puzzle; text after a puzzle on its line
  is its family's to ignore (a solution, a rating).
- *JSON lines*: a JSON object a line, a puzzle file in JSON: ``family``, ``title`` or ``name`` (handed
  back with the result), the family's settings by their keys (``variant``, ``pieces``, ``board``...), and
  the grid as ``rows`` (a list of lines, or one text), ``layers`` (a list of such grids, written one after
  another with an empty line between, as a file has them) or ``line`` (the family's one-line form).

In both, empty lines and lines starting with ``#`` are skipped (their numbers still count).  A line that
cannot be read, or whose puzzle is not valid or has no solution, gets its own result saying so; the lines
after it are solved all the same.  Only an interrupt (``Ask.cancel``) stops the rest.  Memory does not grow
with the number of lines: they are read, solved and handed on one at a time.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from ..base import clock
from ..base.answer import Answer, Status
from ..engine import as_predicate, fast
from ..engine.exact_cover import ProblemError
from ..base.files import Line, UserError, did_you_mean, header_entry
from . import Ask, Family, InvalidPuzzle, Settings, Unsupported, all_families, get

#: Keys of a JSON line besides the family's settings: what the puzzle is, and the grid in one of three forms.
NAME_KEYS = ("title", "name")
GRID_KEYS = ("rows", "layers", "line")
COMMENT = "#"


@dataclass(frozen=True)
class Entry:
    """One puzzle of a batch as read: its line, family, grid rows and settings, or why it cannot be read."""

    line: int
    family: Family | None
    rows: list[str] = field(default_factory=list)
    settings: Settings = field(default_factory=Settings)
    problems: list[str] = field(default_factory=list)  # non-empty: the line cannot be read (invalid)
    names: dict = field(default_factory=dict)  # title and name of a JSON line, handed back with its result


@dataclass(frozen=True)
class Result:
    """What became of one line: its number, family, the answer, and the names it came with."""

    line: int
    family: Family | None
    answer: Answer
    names: dict = field(default_factory=dict)

    @property
    def status(self) -> Status:
        return self.answer.status

    def as_data(self) -> dict:
        """The line's JSON object: ``line``, its names, ``status``, ``message``, ``messages`` and the answer's
        figures (``solution`` as grid rows, ``unique`` when asked...), as ``solve --json`` has them."""
        answer = self.answer
        return {"line": self.line, **self.names, "status": answer.status, "message": answer.message,
                "messages": answer.messages or ([answer.message] if answer.message else []), **answer.data}

    def as_text(self) -> str:
        """One readable line: ``LINE STATUS`` and the solution (on one line) or what went wrong."""
        solution = self.answer.data.get("solution") if self.answer.status is Status.SOLVED else None
        if solution:
            form = self.family.line_form if self.family is not None else None
            shown = form.text(solution) if form is not None else "/".join(row.rstrip() for row in solution)
        else:
            shown = "; ".join(self.answer.messages[:1]) or self.answer.message
        name = "".join(f" {value}" for value in self.names.values())
        return f"{self.line}{name}: {self.answer.status}: {shown}"


@dataclass
class Tally:
    """How a batch went: results by status, lines solved, seconds; ``exit_code`` the worst of its lines'."""

    statuses: Counter = field(default_factory=Counter)
    started: float = field(default_factory=clock.now)
    seconds: float = 0.0
    stopped: bool = False  # interrupted before the end

    def add(self, result: Result) -> None:
        self.statuses[result.status] += 1
        self.seconds = clock.now() - self.started
        self.stopped = self.stopped or result.status is Status.CANCELLED

    def stop(self) -> None:
        """Interrupted between two puzzles: the rest were not solved."""
        self.stopped = True
        self.seconds = clock.now() - self.started

    @property
    def puzzles(self) -> int:
        return sum(self.statuses.values())

    @property
    def exit_code(self) -> int:
        """0 when every puzzle succeeded (solved; unique where asked), else the highest exit code of a line
        (as for several areas of a workbook), so a script can tell any failure apart from none; 130 when
        interrupted."""
        if self.stopped:
            return Status.CANCELLED.exit_code
        return max((status.exit_code for status in self.statuses), default=Status.SOLVED.exit_code)

    def line(self) -> str:
        """``1,000 puzzles in 2.1 s (476 a second): 998 solved, 2 invalid``."""
        rate = f" ({self.puzzles / self.seconds:,.0f} a second)" if self.seconds > 0 else ""
        noun = "puzzle" if self.puzzles == 1 else "puzzles"
        parts = ", ".join(f"{n:,} {status}" for status, n in self.statuses.most_common())
        stop = "; interrupted, the lines after the last one shown were not solved" if self.stopped else ""
        return f"{self.puzzles:,} {noun} in {self.seconds:.1f} s{rate}: {parts or 'none'}{stop}"


def collection(lines: Iterable[Line], family: Family, settings: Mapping[str, object] | None = None) \
        -> Iterator[Entry]:
    """The puzzles of a collection, a puzzle a line in ``family``'s one-line form; header lines at the top
    (``key: value``) set what ``settings`` (the command line's) leaves unset, for every puzzle."""
    form = family.line_form
    if form is None:
        raise UserError(f"{family.name} puzzles have no one-line form; give them as JSON lines (.jsonl), a puzzle "
                        "object a line")
    given = dict(settings or {})
    header: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    puzzles_begun = False
    for line in _puzzle_lines(lines):
        if line.text is None:
            yield Entry(line.number, family, problems=[line.problem])
            continue
        text = line.text.strip()
        entry = None if puzzles_begun else header_entry(text)
        if entry is not None and not form.whole(text):
            key, value = entry
            problem = _header_problem(family, key, header_lines.get(key))
            if problem:
                raise UserError(f"line {line.number}: {problem}")
            header[key], header_lines[key] = value, line.number
            continue
        if not puzzles_begun:  # the header is read: the settings of every puzzle
            puzzles_begun = True
            values = {k: v for k, v in header.items() if k not in ("title", "family")}
            where = {k: f"the '{k}:' line" for k in values}
            values.update(given)
            where.update({k: f"--{k}" for k in given})
            every = Settings(values, where)
        try:
            rows = form.rows(text)
        except InvalidPuzzle as err:
            yield Entry(line.number, family, problems=err.messages)
            continue
        yield Entry(line.number, family, rows, every)


def _header_problem(family: Family, key: str, seen: int | None) -> str:
    """Why a collection's header line cannot be taken ("" when it can): a key twice, or none of the family's."""
    keys = ["title", "family"] + [s.key for s in family.settings]
    if seen is not None:
        return f"the header gives '{key}:' twice (first at line {seen})"
    if key == "family" or key in keys:
        return ""
    return f"unknown header key '{key}'{did_you_mean(key, keys)} A {family.name} puzzle's header keys are " \
           f"{', '.join(keys)}"


def json_lines(lines: Iterable[Line], family: Family, settings: Mapping[str, object] | None = None) \
        -> Iterator[Entry]:
    """The puzzles of a JSON-lines file, a puzzle object a line (see the module doc); ``family`` is that of
    an object without a ``family`` key, ``settings`` (the command line's) override an object's."""
    given = dict(settings or {})
    for line in _puzzle_lines(lines):
        if line.text is None:
            yield Entry(line.number, None, problems=[line.problem])
        else:
            yield _json_entry(line.number, line.text.strip(), family, given)


def _puzzle_lines(lines: Iterable[Line]) -> Iterator[Line]:
    """The lines that hold a puzzle, or cannot be read; empty lines and comments (``#``) left out."""
    for line in lines:
        text = "" if line.text is None else line.text.strip()
        if line.text is None or (text and not text.startswith(COMMENT)):
            yield line


def _json_entry(number: int, text: str, default: Family, given: dict) -> Entry:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as err:
        where = f" (column {err.colno})" if isinstance(err, json.JSONDecodeError) else ""
        return Entry(number, None, problems=[f"line {number} is not JSON{where}: write one puzzle object a line"])
    if not isinstance(data, dict):
        return Entry(number, None, problems=[f"line {number} is a JSON {type(data).__name__}, not a puzzle object "
                                             "({\"family\": ..., \"rows\": [...]})"])
    names = {key: data[key] for key in NAME_KEYS if isinstance(data.get(key), (str, int, float))}
    name = data.get("family")
    try:
        family = get(name) if name is not None else default
    except (ValueError, TypeError):
        known = ", ".join(all_families())
        return Entry(number, None, problems=[f"\"family\": {json.dumps(name)} is no family; choose {known}"],
                     names=names)
    problems, values = [], {}
    for key, value in data.items():
        if key in NAME_KEYS or key in GRID_KEYS or key == "family":
            continue
        if family.setting(key) is None:
            keys = ", ".join(["family", *NAME_KEYS, *GRID_KEYS] + [s.key for s in family.settings])
            problems.append(f"\"{key}\" does not apply to {family.name} puzzles{did_you_mean(key, keys.split(', '))}"
                            f" A {family.name} puzzle's keys are {keys}")
        elif not isinstance(value, (str, int, float)) or isinstance(value, bool):
            problems.append(f"\"{key}\" is a JSON {type(value).__name__}; give the setting as text")
        else:
            values[key] = str(value)
    rows = _json_rows(data, family, problems)
    values.update(given)
    where = {key: f"\"{key}\"" for key in values}
    where.update({key: f"--{key}" for key in given})
    return Entry(number, family, rows or [], Settings(values, where), problems, names)


def _json_rows(data: dict, family: Family, problems: list[str]) -> list[str] | None:
    """The grid of a puzzle object, from whichever of ``rows``, ``layers`` or ``line`` it has (one only)."""
    present = [key for key in GRID_KEYS if key in data]
    if len(present) != 1:
        problems.append(f"a puzzle object has its grid as one of \"rows\", \"layers\" or \"line\"; this one has "
                        f"{' and '.join(present) or 'none'}")
        return None
    key = present[0]
    value = data[key]
    if key == "line":
        if family.line_form is None:
            problems.append(f"\"line\": {family.name} puzzles have no one-line form; give \"rows\"")
            return None
        if not isinstance(value, str):
            problems.append("\"line\" is the puzzle on one line, as text")
            return None
        try:
            return family.line_form.rows(value)
        except InvalidPuzzle as err:
            problems += err.messages
            return None
    blocks = [value] if key == "rows" else value
    if not isinstance(blocks, list) or not blocks:
        problems.append(f"\"{key}\" is a list of {'lines' if key == 'rows' else 'grids (lists of lines)'}")
        return None
    rows: list[str] = []
    for block in blocks:
        if isinstance(block, str):
            block = block.splitlines()
        if not isinstance(block, list) or not all(isinstance(row, str) for row in block):
            problems.append(f"\"{key}\" holds something other than lines of text")
            return None
        rows += ([""] if rows else []) + block
    return rows


def solve(entries: Iterable[Entry], ask: Ask = Ask()) -> Iterator[Result]:
    """Each entry solved in turn, as ``solve`` solves one puzzle (``ask``: ``unique``, ``time_limit`` per
    puzzle, ``cancel``); one result per entry, in order, a puzzle that does not read or solve included.

    Exact covers are searched by compiled code where numba is there (``Ask.engine`` "auto"): loaded once,
    it costs less than plain Python from the second puzzle on."""
    if ask.engine == "auto" and fast.available():
        ask = ask._replace(engine="numba")
    cancelled = as_predicate(ask.cancel)  # also between puzzles: a quick one's search may never look
    for entry in entries:
        if cancelled():
            return
        result = Result(entry.line, entry.family, _answer(entry, ask), entry.names)
        yield result
        if result.status is Status.CANCELLED:
            return


def _answer(entry: Entry, ask: Ask) -> Answer:
    """The entry's answer; what the user can fix (the puzzle, a setting, a piece set's file) is its INVALID
    answer, so the next line is solved all the same."""
    family = entry.family
    data = {"solution": None} if family is None else {
        **(family.empty_data(entry.settings) if family.empty_data else {}), "family": family.name}
    if entry.problems:
        return _invalid(entry.problems, data)
    if ask.unique and not family.unique:
        return _invalid([f"--unique applies to puzzles that can have several solutions, not to {family.name}"], data)
    try:
        answer = family.solve(family.parse(entry.rows, entry.settings), ask)
    except InvalidPuzzle as err:
        return _invalid(err.messages, data)
    except (UserError, Unsupported, ProblemError) as err:
        return _invalid([str(err)], data)
    except Exception as err:
        if not _data_file_error(err):
            raise
        return _invalid([str(err)], data)
    answer.data.setdefault("family", family.name)
    return answer


def _data_file_error(err: Exception) -> bool:
    """Is ``err`` a piece set's data file that cannot be read (``catalog.DataFileError``)?  Only a family that read
    the catalog can raise one, so a collection of sudokus never imports it (nor the lattices it builds)."""
    catalog = sys.modules.get("xlsolver.geometry.catalog")
    return catalog is not None and isinstance(err, catalog.DataFileError)


def _invalid(messages: list[str], data: dict) -> Answer:
    return Answer(Status.INVALID, messages[0], messages=list(messages), data=data)


def solve_lines(lines: Iterable[str], family: Family | str, settings: Mapping[str, object] | None = None,
                ask: Ask = Ask()) -> Iterator[Result]:
    """The Python API of a collection: ``lines`` (strings, numbered from 1) in ``family``'s one-line form,
    each solved as :func:`solve` does."""
    family = get(family) if isinstance(family, str) else family
    numbered = (Line(number, text) for number, text in enumerate(lines, 1))
    return solve(collection(numbered, family, settings), ask)


__all__ = ["Entry", "Result", "Tally", "collection", "json_lines", "solve", "solve_lines"]
