"""Every reader, fed random input, gives an answer or a clean message: never another exception.

Readers: each family's grid (``Family.parse`` with random settings), puzzle files
through the command (``xlsolver solve FILE``: random bytes and header lines), data
files (piece sets, boards, Klotski puzzles, Ghost Hunter / RoadBlock piece files, a
data folder under XLSOLVER_DATA), DLX files through ``xlsolver solve|count FILE.dlx``,
BurrTools files through ``xlsolver solve|count FILE.xmpuzzle`` (pieces of one put together, plain or
gzip-compressed, cut short), workbook cells of any type pressed through ``actions.press`` on every area, and
workbook files through ``xlsolver solve FILE.xlsm`` (board.xlsm cut short at any byte,
bytes of it changed, or bytes of one of its XML parts changed and the zip made again;
the file is never changed by the run).

A clean message is one of the documented types (InvalidPuzzle, DataFileError,
Unsupported, UserError, FormatError) or, through the command, exit code 2 with one
line; through the workbook, a status line.  The default run tries a few dozen inputs
per reader; ``-m slow`` tries 10,000 each; ``bench/fuzz_readers.py`` prints the counts.
"""
from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlsolver.geometry import catalog
from xlsolver import cli, families
from xlsolver.base.answer import Status
from xlsolver.base.files import UserError
from xlsolver.engine.dlx_text import FormatError
from xlsolver.families import InvalidPuzzle, Settings, Unsupported
from xlsolver.families import klotski
from xlsolver.families.marked import read_marked_file
from xlsolver.workbook import actions, layout

import hostile_files
from workbook_helpers import COMMITTED, committed_book

CLEAN = (InvalidPuzzle, catalog.DataFileError, Unsupported, UserError, FormatError)
FOLDER = Path(tempfile.mkdtemp(prefix="xlsolver-fuzz-"))
#: inputs tried per reader, and how each ended: "answer" (a puzzle, a solution, a status) or "message"
COUNTS: dict[str, Counter] = {}
REPRS = ("datetime.datetime(", "datetime.date(", "datetime.time(", "not None", "\\udc")


def tally(reader: str, outcome: str) -> None:
    COUNTS.setdefault(reader, Counter())[outcome] += 1


# --- strategies ---------------------------------------------------------------------------------

FAMILIES = list(families.all_families().values())
ODD = "é華\u200b\t\r\x0b\x0c\x1c\x85\u2028\ufeff\U0001f600#.:|- "
GRID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.#O*" + ODD
SETTING_TEXT = st.one_of(st.none(), st.sampled_from(["", "classic", "pentominoes", "iq-puzzler-pro", "x.txt", "/",
                                                     ".", "/nonexistent/p.txt", "-", "yes", "no", "EASY", "step"]),
                         st.text(max_size=12))


def grid_rows(chars: str = GRID_CHARS, rows: int = 12, cols: int = 14):
    return st.lists(st.text(alphabet=st.sampled_from(chars) | st.characters(), max_size=cols), max_size=rows)


AREAS = list(layout.areas().values())
SAMPLES = {f.name: [list(a.spec.sample) for a in AREAS if a.family == f.name and a.spec.sample] for f in FAMILIES}


@st.composite
def family_inputs(draw):
    family = draw(st.sampled_from(FAMILIES))
    samples = SAMPLES[family.name]
    rows = draw(st.sampled_from(samples)) if samples and draw(st.booleans()) else draw(grid_rows())
    given = {}
    for setting in family.settings:
        value = draw(st.one_of(SETTING_TEXT, st.sampled_from(setting.choices or ("",))))
        if value is not None:
            given[setting.key] = value
    if draw(st.booleans()):
        given[draw(st.sampled_from(["pieces", "mode", "metric", "variant", "nonsense"]))] = draw(SETTING_TEXT)
    return family.name, rows, given


HEADER_KEYS = ["title", "pieces", "turn-over", "known-total", "known-distinct", "board", "goal", "name", "family",
               "police-car-colour", "Title", "peices", "Pieces", "famly", "metric", "mode", "variant", "regions"]


@st.composite
def header_lines(draw):
    lines = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            lines.append("# " + draw(st.text(max_size=20)))
        elif kind == 1:
            lines.append(draw(st.text(max_size=20)))
        else:
            key = draw(st.sampled_from(HEADER_KEYS))
            value = draw(st.one_of(st.sampled_from(["yes", "no", "4x5", "6x6", "C B4", "pentominoes", "12", "x",
                                                    "sudoku", "tiling", "klotski", "zen", "jigsaw", "#1d3557"]),
                                   st.text(max_size=10)))
            lines.append(f"{key}: {value}")
    return lines


def encoded(text_strategy):
    """Text as UTF-8 bytes, sometimes with a bad byte or a NUL put in, or a byte-order mark; or any bytes."""
    @st.composite
    def build(draw):
        data = draw(text_strategy).encode("utf-8", "surrogatepass")
        how = draw(st.integers(0, 9))
        if how == 0:
            return draw(st.binary(max_size=200))
        if how in (1, 2) and data:
            at = draw(st.integers(0, len(data)))
            data = data[:at] + draw(st.sampled_from([b"\xe9", b"\xff", b"\x00", b"\xc3", b"\xed\xa0\x80"])) + data[at:]
        if how == 3:
            data = b"\xef\xbb\xbf" + data
        return data
    return build()


DATA_BODY = {
    "pieces": ["A #ff0000 red", "B #00ff00", "a #FFFFFF x", "AAA", "A.A", "A", ".B", "BB", "", "", "X #12345", "C"],
    "boards": ["......", ".#..", "#####", "   ", ".x.", "", "..", "."],
    "klotski": ["V 4 1x2 alike #1f77b4 general/generals", "C 1 2x2 - #d62728 Cao Cao", ". 2 1x1 alike #dddddd empty",
                "H 1 2x1 - #2ca02c guan", "S 4 1x1 alike #9467bd soldier", "X 1 XX/X. - #000000 ell", "Q 0 1x1 x #1",
                "", "# comment"],
    "ghost": ["A #ff0000 x", "B #00ff00", "OL", "O.", "LL", "", "OOO", "G", ".O"],
    "roadblock": ["A #ff0000 police required", "B #0000ff building optional", "X #ff0000 car required", "RRP", "R.",
                  "BB", "X", "", "RRRR", "Y"],
}


@st.composite
def data_text(draw, kind: str):
    header = draw(header_lines())
    body = draw(st.lists(st.one_of(st.sampled_from(DATA_BODY[kind]), st.text(max_size=8)), max_size=14))
    return "\n".join(header + [""] * draw(st.integers(0, 2)) + body) + draw(st.sampled_from(["", "\n", "\r\n"]))


DATA_KINDS = list(DATA_BODY) + ["folder"]


@st.composite
def data_inputs(draw):
    kind = draw(st.sampled_from(DATA_KINDS))
    return kind, draw(encoded(data_text(kind if kind != "folder" else draw(st.sampled_from(["pieces", "boards"])))))


@st.composite
def puzzle_files(draw):
    family = draw(st.sampled_from(FAMILIES))
    header = draw(header_lines())
    if draw(st.booleans()):
        header.insert(0, f"family: {family.name}")
    rows = draw(grid_rows(".#ABCDEFGHIJKLVSGOR123456789 ", rows=10, cols=12))
    text = "\n".join(header + rows)
    options = draw(st.sampled_from([[], ["--unique"], ["--json"], [f"--family={family.name}"]]))
    return draw(encoded(st.just(text))), options


DLX_TOKENS = ["a", "b", "c", "d", "e", "x", "y", "|", "a:1", "b", "c", "A", "é", "||"]


@st.composite
def dlx_texts(draw):
    lines = draw(st.lists(st.one_of(
        st.lists(st.sampled_from(DLX_TOKENS), max_size=6).map(" ".join),
        st.sampled_from(["| a comment", "", "a b c | x y", "a b c"]), st.text(max_size=8)), max_size=10))
    return "\n".join(lines)


@st.composite
def dlx_inputs(draw):
    command = draw(st.sampled_from([["solve"], ["solve", "--unique"], ["count"], ["count", "--limit", "3"],
                                    ["solve", "--pieces", "x"], ["count", "--distinct"]]))
    return draw(encoded(dlx_texts())), command


#: Pieces of BurrTools files (tests/families/test_burrtools.py has whole ones), put together at random.
BURR_PARTS = ['<?xml version="1.0"?>', '<puzzle version="2">', "</puzzle>", '<gridType type="0"/>',
              '<gridType type="2"/>', '<gridType type="7"/>', "<colors/>", '<colors><color red="1" green="2" blue="3"/>'
              "</colors>", "<shapes>", "</shapes>", '<voxel x="2" y="1" z="1" type="0">##</voxel>',
              '<voxel x="3" y="1" z="1" type="0">#+#</voxel>', '<voxel x="1" y="1" z="1" type="0">#1</voxel>',
              '<voxel x="2" y="2" z="1" hx="1" type="0">##_#</voxel>', '<voxel x="-1" y="99999999" z="1"/>',
              "<problems>", "</problems>", '<problem state="2" assemblies="1">', '<problem maxHoles="1">', "</problem>",
              '<shapes><shape id="1" count="1"/><shape id="2" min="0" max="2"/></shapes>', '<shape id="9" count="x"/>',
              '<result id="0"/>', '<result id="5"/>', '<bitmap><pair piece="0" result="0"/></bitmap>', "<bitmap/>",
              "<solutions><solution><assembly>0 0 0 0 1 0 0 3</assembly></solution></solutions>",
              "<assembly>x 1 2</assembly>", "<comment>G\u00f6tz</comment>", "<!DOCTYPE p>", "&amp;", "&x;", "<a>", "</a>"]


@st.composite
def burr_files(draw):
    """A BurrTools file's text made of :data:`BURR_PARTS` (often whole), as written: gzip-compressed or plain, UTF-8
    or Latin-1; and the command run on it."""
    parts = draw(st.lists(st.sampled_from(BURR_PARTS) | st.text(max_size=6), max_size=16))
    if draw(st.booleans()):
        parts = BURR_PARTS[:5] + ["<shapes>", BURR_PARTS[11], BURR_PARTS[12], "</shapes>", "<problems>",
                                  '<problem state="0">', '<shapes><shape id="1" count="1"/></shapes>', '<result id="1"/>',
                                  "</problem>", "</problems>"] + parts + ["</puzzle>"]
    data = "".join(parts).encode(draw(st.sampled_from(["utf-8", "latin-1"])), "replace")
    if draw(st.booleans()):
        import gzip

        data = gzip.compress(data, mtime=0)
        if draw(st.booleans()):
            data = data[:draw(st.integers(0, len(data)))]
    command = draw(st.sampled_from([["solve"], ["count"], ["count", "--all"], ["solve", "--problem", "2"],
                                    ["solve", "--xmpuzzle", str(FOLDER / "out.xmpuzzle")]]))
    return data, command


CELL_VALUES = st.one_of(
    st.none(), st.integers(-10**12, 10**12), st.floats(allow_nan=True, allow_infinity=True), st.booleans(),
    st.datetimes(), st.dates(), st.times(), st.text(max_size=3), st.text(min_size=100, max_size=400),
    st.sampled_from(["=A1", "=SUM(A1:B2)", "#N/A", "#DIV/0!", "#REF!", "#VALUE!", "TRUE", " ", "\n", "é", "X", "x",
                     "1", "10", "0", "-1", "0.5", "Yes", "no", "Classic", "jigsaw", "step", "Easy", "advanced"]))


@st.composite
def workbook_inputs(draw):
    area = draw(st.sampled_from(AREAS))
    letters = list(area.spec.letters or "X") + [None, None, None]
    plausible = st.sampled_from(letters)
    cell = st.one_of(plausible, plausible, plausible, CELL_VALUES)
    grid = draw(st.lists(st.lists(cell, max_size=area.cols), max_size=area.rows))
    extra = {}
    for name in area.setting_names().values():
        extra[name] = draw(CELL_VALUES)
    for suffix in ("Rows", "Cols"):
        if area.spec.size is not None:
            extra[f"{area.name}_{suffix}"] = draw(st.one_of(st.integers(0, 30), CELL_VALUES))
    extra[f"{area.name}_TimeLimit"] = draw(st.one_of(st.just(0.05), st.just(0.05), CELL_VALUES))
    return area.name, draw(st.sampled_from(area.actions)), grid, extra


BOARD_BYTES = COMMITTED.read_bytes()
XML_PARTS = ["[Content_Types].xml", "_rels/.rels", "xl/_rels/workbook.xml.rels", "xl/workbook.xml",
             "xl/worksheets/sheet1.xml", "xl/worksheets/_rels/sheet1.xml.rels", "xl/styles.xml", "xl/sharedStrings.xml"]
EDITS = st.lists(st.tuples(st.integers(0, 10**9), st.integers(0, 255)), min_size=1, max_size=3)


@st.composite
def workbook_files(draw):
    """How board.xlsm is broken: "cut" at an offset, its "bytes" changed, or the bytes of a "part" changed."""
    return draw(st.sampled_from(["cut", "bytes", "part"])), draw(st.sampled_from(XML_PARTS)), draw(EDITS)


# --- what each reader must do ---------------------------------------------------------------------

def read_family_grid(value) -> str:
    name, rows, given = value
    try:
        families.get(name).parse(rows, Settings(given))
    except CLEAN:
        return "message"
    return "answer"


DATA_READERS = {
    "pieces": lambda path: catalog.piece_set(str(path)),
    "boards": lambda path: catalog.board(str(path)),
    "klotski": lambda path: klotski.load(str(path)),
    "ghost": lambda path: read_marked_file(str(path), "OL"),
    "roadblock": lambda path: read_marked_file(str(path), "RPBXY"),
}


def read_data_file(value) -> str:
    kind, data = value
    if kind == "folder":
        return read_data_folder(data)
    path = FOLDER / f"{kind}.txt"
    path.write_bytes(data)
    try:
        DATA_READERS[kind](path)
    except catalog.DataFileError as err:
        assert "\n" not in str(err) and not any(r in str(err) for r in REPRS[3:]), str(err)
        return "message"
    return "answer"


def read_data_folder(data: bytes) -> str:
    """A stray file in a data folder: listing stops with its name; a set by name still loads."""
    folder = FOLDER / "data"
    (folder / "pieces").mkdir(parents=True, exist_ok=True)
    (folder / "pieces" / "stray.txt").write_bytes(data)
    before = os.environ.get("XLSOLVER_DATA")
    os.environ["XLSOLVER_DATA"] = str(folder)
    catalog.piece_sets.cache_clear()
    try:
        assert catalog.piece_set("pentominoes").area == 60
        try:
            catalog.piece_sets()
        except catalog.DataFileError as err:
            assert "stray.txt" in str(err)
            return "message"
        return "answer"
    finally:
        catalog.piece_sets.cache_clear()
        if before is None:
            del os.environ["XLSOLVER_DATA"]
        else:
            os.environ["XLSOLVER_DATA"] = before


def run_command(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(args)
    return code, out.getvalue(), err.getvalue()


def command_outcome(code: int, stdout: str, stderr: str) -> str:
    assert code != 70 and "internal error" not in stderr and "Traceback" not in stderr, stderr
    if code == Status.INVALID.exit_code:
        said = stderr + stdout  # with --json an invalid puzzle's messages are in the JSON
        assert said.strip() and not any(r in said for r in REPRS[3:]), said
        return "message"
    return "answer"


def read_puzzle_file(value) -> str:
    data, options = value
    path = FOLDER / "puzzle.txt"
    path.write_bytes(data)
    return command_outcome(*run_command(["solve", str(path), "--time-limit", "0.05", *options]))


def read_dlx_file(value) -> str:
    data, command = value
    path = FOLDER / "problem.dlx"
    path.write_bytes(data)
    return command_outcome(*run_command([command[0], str(path), "--time-limit", "0.5", *command[1:]]))


def read_burr_file(value) -> str:
    data, command = value
    path = FOLDER / "puzzle.xmpuzzle"
    path.write_bytes(data)
    return command_outcome(*run_command([command[0], str(path), "--time-limit", "0.5", *command[1:]]))


def press_workbook(value) -> str:
    name, action, grid, extra = value
    book = committed_book()
    typed_in = layout.area(name).input_name  # the input grid, or the File cell of an area read from a file
    height, width = len(book.read(typed_in)), len(book.read(typed_in)[0])
    book.write(typed_in, [(list(row) + [None] * width)[:width] for row in grid[:height]])
    for cell, value_typed in extra.items():
        if book.has_name(cell):
            shape = book.read(cell)
            book.write(cell, [[value_typed] * len(shape[0]) for _ in shape])
    default, layout.DEFAULT_TIME_LIMIT = layout.DEFAULT_TIME_LIMIT, 0.05
    try:
        answer = actions.press(book, name, action)
    finally:
        layout.DEFAULT_TIME_LIMIT = default
    assert isinstance(answer.status, Status) and isinstance(answer.message, str)
    return "message" if answer.status in (Status.INVALID, Status.ERROR) else "answer"


def solve_workbook_file(value) -> str:
    kind, part, edits = value
    path, out = FOLDER / "broken.xlsm", FOLDER / "out.xlsm"
    out.unlink(missing_ok=True)
    if kind == "cut":
        path.write_bytes(BOARD_BYTES[:edits[0][0] % len(BOARD_BYTES)])
    elif kind == "bytes":
        path.write_bytes(_edited(BOARD_BYTES, edits))
    else:
        hostile_files.repack(path, {part: _edited(hostile_files.board_part(part), edits)})
    before = path.read_bytes()
    outcome = command_outcome(*run_command(["solve", str(path), "--area", "Pento6x10", "-o", str(out)]))
    assert path.read_bytes() == before
    return outcome


def _edited(data: bytes, edits) -> bytes:
    data = bytearray(data)
    for at, byte in edits:
        data[at % len(data)] = byte
    return bytes(data)


READERS = {
    "family grids": (family_inputs(), read_family_grid),
    "puzzle files": (puzzle_files(), read_puzzle_file),
    "data files": (data_inputs(), read_data_file),
    "dlx files": (dlx_inputs(), read_dlx_file),
    "burrtools files": (burr_files(), read_burr_file),
    "workbook cells": (workbook_inputs(), press_workbook),
    "workbook files": (workbook_files(), solve_workbook_file),
}
def mutated_bytes(data: bytes, rng) -> bytes:
    """One random edit: a byte changed, put in or taken out (often a line end, a colon or a bad byte)."""
    at = rng.randrange(len(data) + 1)
    byte = bytes([rng.choice([rng.randrange(256), 10, 58, 0xE9, 0x23, 0x2E, 0x20])])
    edit = rng.randrange(3)
    if edit == 0 or not data:
        return data[:at] + byte + data[at:]
    at = min(at, len(data) - 1)
    return data[:at] + (byte if edit == 1 else b"") + data[at + 1:]


def mutated_text(text: str, rng) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(GRID_CHARS + "\n") * rng.randrange(2) + text[at + rng.randrange(2):]


POOL = [None, 0, 1, -1, 2.5, float("nan"), True, "", " ", "X", "x", "#N/A", "=A1", "é", "1" * 300]


def mutate(reader: str, value, rng):
    """A near neighbour of a generated input, so the slow run tries many inputs per (costly) generated one."""
    if reader == "family grids":
        name, rows, given = value
        rows = list(rows) or [""]
        index = rng.randrange(len(rows))
        rows[index] = mutated_text(rows[index], rng)
        return name, rows, given
    if reader == "workbook cells":
        name, action, grid, extra = value
        grid = [list(row) for row in grid] or [[]]
        row = rng.choice(grid)
        row.insert(rng.randrange(len(row) + 1), rng.choice(POOL))
        return name, action, grid, extra
    if reader == "data files":
        return value[0], mutated_bytes(value[1], rng)
    if reader == "workbook files":
        kind, part, edits = value
        return kind, part, edits + [(rng.randrange(10**9), rng.randrange(256))]
    return mutated_bytes(value[0], rng), value[1]


QUICK = {"family grids": 150, "puzzle files": 60, "data files": 150, "dlx files": 60, "burrtools files": 40,
         "workbook cells": 40, "workbook files": 40}
#: Inputs per reader in the slow run: enough to meet each reader's kinds of bad input many times over, within CI's
#: time (ten thousand a reader took some 15 minutes on two cores); ``python bench/fuzz_readers.py`` runs the
#: ten thousand on demand.
SLOW = 2_500
BENCH = 10_000
SLOW_EXCEPT = {"workbook files": 500}  # each one a whole workbook opened, solved and saved: about 35 ms to 1 s
NEIGHBOURS = 9  # the slow run: each generated input and 9 random edits of it


def fuzz(reader: str, examples: int, on_error=None, neighbours: int = 0) -> None:
    """Try ``examples`` generated inputs on ``reader`` (each with ``neighbours`` random edits of it), tallying
    outcomes; ``on_error(value, err)`` instead of raising."""
    strategy, run = READERS[reader]

    def one(value) -> None:
        try:
            outcome = run(value)
        except Exception as err:
            tally(reader, "traceback")
            if on_error is None:
                raise
            on_error(value, err)
            return
        tally(reader, outcome)

    @settings(max_examples=examples, deadline=None, database=None, derandomize=on_error is None and not neighbours,
              suppress_health_check=list(HealthCheck))
    @given(strategy, st.randoms(use_true_random=False))
    def check(value, rng):
        one(value)
        for _ in range(neighbours):
            value = mutate(reader, value, rng)
            one(value)

    check()


@pytest.mark.parametrize("reader", list(READERS))
def test_every_reader_answers_random_input_cleanly(reader):
    fuzz(reader, QUICK[reader])


@pytest.mark.slow
@pytest.mark.parametrize("reader", list(READERS))
def test_every_reader_answers_thousands_of_random_inputs_cleanly(reader):
    fuzz(reader, SLOW_EXCEPT.get(reader, SLOW) // (1 + NEIGHBOURS), neighbours=NEIGHBOURS)
    counts = COUNTS[reader]
    print(f"{reader}: {sum(counts.values()):,} inputs, {counts['answer']:,} answers, "
          f"{counts['message']:,} clean messages, {counts['traceback']} tracebacks")
    assert counts["traceback"] == 0


def test_a_bad_byte_is_named_with_its_line(tmp_path):
    """The messages name the byte and the line, never a Python repr."""
    path = tmp_path / "caf\u00e9.txt"
    path.write_bytes(b"title: ok\n\nA #ff0000\nA\xe9\n")
    with pytest.raises(catalog.DataFileError, match=r"not a UTF-8 text file \(byte 0xE9 at line 4\)"):
        catalog.piece_set(str(path))
