"""The booklet PDF (xlsolver/pictures/booklet_pdf.py), drawn from real challenges: the IQ Puzzler Pro examples on the
5 x 11 board and the 55-ball pyramid, the hexiamonds in their rhombus, the tetrahexes in theirs and a BurrTools file
on prisms, read back with pypdf (pages, words, the paths drawn) and, where poppler is installed, rendered to
pixels."""
from __future__ import annotations

import io
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from xlsolver import families
from xlsolver.pictures.booklet_pdf import Entry, write_booklet
from xlsolver.families import booklet_maker, challenges, grading
from xlsolver.families.attempts import Challenge
from xlsolver.base.answer import Cell
from xlsolver.base.files import read_puzzle_text
from xlsolver.geometry.lattice import drawn_corners

pypdf = pytest.importorskip("pypdf")

EXAMPLES = Path(__file__).parent.parent / "examples"
FLAT = ("iq-starter-1", "iq-junior-13", "iq-expert-25", "iq-master-31", "iq-wizard-37")
LEVELS = ("starter", "junior", "expert", "master", "wizard")


def entry_of(name: str, number: int = 1, level: str | None = None) -> Entry:
    """The example ``name`` as a booklet entry: its givens coloured, the set's other pieces to place."""
    rows, header = read_puzzle_text(str(EXAMPLES / f"{name}.txt"))
    family = families.get(header.get("family", "tiling"))
    settings = {k: v for k, v in header.items() if k not in ("family", "title")}
    puzzle = family.parse(rows, settings)
    solution, unique = challenges.unique_solution(puzzle)
    assert unique
    typed_by = challenges.clues(puzzle, solution)
    given = [o for o in solution if challenges.is_given(puzzle.rows, typed_by[o])]
    given_letters = {puzzle.problem.labels[o][0] for o in given}
    pieces = settings.get("pieces", "iq-puzzler-pro")
    legend = family.legend({"pieces": [pieces]} if family.name == "solid" else {"pieces": pieces})
    to_place = tuple(piece for piece in legend if letter_of(piece) not in given_letters)
    grade = grading.grade(puzzle)
    return Entry(number, level or grade.level, grade.difficulty, tuple(puzzle.pictures(tuple(given))), to_place,
                 tuple(puzzle.pictures(solution)))


def letter_of(piece) -> str:
    return next(cell.text for row in piece.rows for cell in row if not cell.ground)


@pytest.fixture(scope="module")
def flat() -> list[Entry]:
    return [entry_of(name) for name in FLAT]


@pytest.fixture(scope="module")
def pyramid() -> Entry:
    return entry_of("pyramid-81")


def numbered(bases: list[Entry], count: int, levels: tuple[str, ...] = LEVELS) -> list[Entry]:
    """``count`` entries cycling over ``bases``, numbered 1.., the levels in equal runs in order (the first
    run takes the remainder), as a booklet of so many per level has them."""
    per_level, extra = divmod(count, len(levels))
    runs = [level for i, level in enumerate(levels) for _ in range(per_level + (extra if i == 0 else 0))]
    return [replace(bases[i % len(bases)], number=i + 1, level=runs[i]) for i in range(count)]


def written(entries, **options) -> bytes:
    out = io.BytesIO()
    write_booklet(out, "IQ Puzzler Pro challenges", entries, subtitle="a test booklet", **options)
    return out.getvalue()


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]


# A title page, the challenges (a 5 x 11 board: 4 to a page, a level starting a new page), the solutions
# (24 to a page): 41 entries in level runs 9, 8, 8, 8, 8 take 3 + 2 + 2 + 2 + 2 pages, their solutions 2.
@pytest.mark.parametrize("count, pages", [(1, 3), (4, 3), (5, 4), (41, 14)])
def test_the_page_count_is_the_title_the_challenges_and_the_solutions(flat, count, pages):
    entries = numbered(flat, count, ("expert",) if count < 41 else LEVELS)
    out = io.BytesIO()
    assert write_booklet(out, "IQ Puzzler Pro challenges", entries) == pages
    assert len(pypdf.PdfReader(io.BytesIO(out.getvalue())).pages) == pages


def test_the_text_holds_each_challenge_its_level_its_difficulty_the_solutions_and_the_page_numbers(flat):
    entries = numbered(flat, 10)
    texts = page_texts(written(entries))
    whole = "\n".join(texts)
    assert "IQ Puzzler Pro challenges" in texts[0] and "a test booklet" in texts[0]
    assert "exactly one solution" in texts[0]
    for entry in entries:
        assert f"Challenge {entry.number}" in whole
        assert f"difficulty {entry.difficulty:.1f}" in whole
    for word in ("Starter", "Junior", "Expert", "Master", "Wizard", "Solutions"):
        assert word in whole
    solutions = [text for text in texts if text.startswith("Solutions")]
    assert solutions and all(str(entry.number) in "\n".join(solutions) for entry in entries)
    assert all(f"page {n} of {len(texts)}" in text for n, text in enumerate(texts, 1))


def test_the_title_page_says_where_each_level_begins(flat):
    texts = page_texts(written(numbered(flat, 10)))
    assert "challenges 1 to 2" in texts[0] and "challenges 9 to 10" in texts[0]
    first_junior = next(n for n, text in enumerate(texts, 1) if "Challenge 3" in text)
    assert f"page {first_junior}" in texts[0]


def test_the_same_entries_give_the_same_bytes(flat, pyramid, tmp_path):
    entries = numbered([*flat, pyramid], 12)
    first = written(entries)
    assert first.startswith(b"%PDF") and written(entries) == first
    write_booklet(tmp_path / "a.pdf", "IQ Puzzler Pro challenges", entries, subtitle="a test booklet")
    assert (tmp_path / "a.pdf").read_bytes() == first


def test_a_pyramid_challenge_shows_its_five_layers_on_its_page(flat, pyramid):
    entries = [replace(flat[0], number=1, level="starter"), replace(pyramid, number=2, level="starter")]
    texts = page_texts(written(entries))
    page = next(text for text in texts if "Challenge 2" in text)
    assert all(f"layer {z}" in page for z in range(1, 6))


def test_squares_make_a_booklet_too(flat):
    assert page_texts(written(numbered(flat, 2), balls=False))[1].count("Challenge") == 2


def test_reportlab_is_imported_only_when_a_booklet_is_written():
    code = "import sys, xlsolver.pictures.booklet_pdf; print('reportlab' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() \
        == "False"


def pixels(ppm: bytes) -> np.ndarray:
    """A binary PPM (P6, 8 bits) as rows x columns x RGB."""
    fields = ppm.split(maxsplit=4)
    assert fields[0] == b"P6" and fields[3] == b"255"
    width, height = int(fields[1]), int(fields[2])
    return np.frombuffer(fields[4][: width * height * 3], dtype=np.uint8).reshape(height, width, 3)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler's pdftoppm is not installed")
@pytest.mark.parametrize("balls", [True, False])
def test_a_challenge_page_renders_its_pieces_in_their_colours(flat, tmp_path, balls):
    entry = flat[2]  # Expert 25: E I F A J given
    (tmp_path / "b.pdf").write_bytes(written([entry], balls=balls))
    subprocess.run(["pdftoppm", "-r", "60", "-f", "2", "-l", "2", "-singlefile", str(tmp_path / "b.pdf"),
                    str(tmp_path / "page")], capture_output=True, check=True)  # PPM, poppler's default
    image = pixels((tmp_path / "page.ppm").read_bytes()).astype(int)
    assert (image < 250).any(axis=2).mean() > 0.02  # not blank
    colours = {cell.colour for row in entry.challenge[0].rows for cell in row if cell.colour}
    for colour in colours:
        wanted = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
        assert (np.abs(image - wanted).max(axis=2) <= 8).sum() > 20, colour


# --- boards on triangles and hexagons: each cell drawn as its polygon ------------------------------------------

def drawn(data: bytes, page: int) -> tuple[Counter, int, int, list]:
    """What page ``page`` (1: the title page) draws, read from its content stream: the closed paths by their
    number of corners (a cell's polygon), the segments stroked on their own (the pieces' outlines and the rules),
    the forms stamped (the looks of squares and balls) and every point a path goes through (page units)."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    polygons: Counter = Counter()
    segments = stamps = corners = 0
    points = []
    for operands, operator in reader.pages[page - 1].get_contents().operations:
        if operator in (b"m", b"S") and corners == 2:
            segments += 1
        if operator == b"m":
            corners = 1
        elif operator == b"S":
            corners = 0
        elif operator == b"l":
            corners += 1
        elif operator == b"h":
            polygons[corners] += 1
            corners = 0
        elif operator == b"Do":
            stamps += 1
        if operator in (b"m", b"l"):
            points.append(tuple(float(value) for value in operands))
    return polygons, segments, stamps, points


def cells_of(frames) -> int:
    return sum(not cell.ground for frame in frames for row in frame.rows for cell in row)


@pytest.fixture(scope="module")
def hexiamonds() -> Entry:
    """The rhombus with the sphinx, butterfly and bat given: nine hexiamonds to place, each on triangles."""
    return entry_of("hexiamonds-6x6")


def test_a_triangle_boards_challenge_and_solution_are_triangles_not_squares(hexiamonds):
    assert {frame.lattice for frame in (*hexiamonds.challenge, *hexiamonds.to_place)} == {"triangle"}
    data = written([hexiamonds], corners=drawn_corners)
    polygons, _, stamps, _ = drawn(data, 2)
    assert polygons == {3: 72 + cells_of(hexiamonds.to_place)} and stamps == 0  # the board and nine pieces of six
    polygons, segments, stamps, _ = drawn(data, 3)
    # The solution's outlines: the rhombus's 24 unit edges, and each edge between two pieces once: eleven
    # hexiamonds have 8 edges round them, the hexagon 6, so (94 - 24) / 2 = 35 lie between pieces.  And the rule.
    assert polygons == {3: 72} and stamps == 0 and segments == 24 + 35 + 1
    assert "".join(page_texts(data)[2].split()).count("X") == 6  # the butterfly's letters, one in each of its triangles


def test_without_corners_the_same_board_is_squares_as_before(hexiamonds):
    polygons, _, stamps, _ = drawn(written([hexiamonds], balls=False), 2)
    assert polygons == {} and stamps == 72 + cells_of(hexiamonds.to_place)


def test_a_triangle_board_and_its_pieces_keep_to_the_page_body(hexiamonds):
    """Sizes come from the polygons' extent: nothing crosses the margins, the header or the footer."""
    from xlsolver.pictures.booklet_pdf import BODY_TOP, FOOTER, MARGIN, PAGE_HEIGHT, PAGE_WIDTH

    entries = numbered([hexiamonds], 6, ("master",))
    data = written(entries, corners=drawn_corners)
    for page in range(2, len(pypdf.PdfReader(io.BytesIO(data)).pages) + 1):
        points = drawn(data, page)[3]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        assert MARGIN - 1 <= min(xs) and max(xs) <= PAGE_WIDTH - MARGIN + 1
        assert FOOTER <= min(ys) and max(ys) <= PAGE_HEIGHT - BODY_TOP + 8  # the header's rule sits above the body


def test_a_triangle_board_is_measured_by_its_cells_not_by_the_ground_around_it(hexiamonds):
    """A sheet's grid is wider than the board drawn in it: the ground round the board takes no room on the page."""
    def padded(frame):
        ground = Cell(" ", None, True)
        rows = tuple(row + (ground,) * 30 for row in frame.rows) + ((ground,) * (frame.width + 30),) * 4
        return replace(frame, rows=rows)

    wide = replace(hexiamonds, challenge=tuple(map(padded, hexiamonds.challenge)),
                   solution=tuple(map(padded, hexiamonds.solution)))
    assert written([wide], corners=drawn_corners) == written([hexiamonds], corners=drawn_corners)


def tetrahexes_entry() -> Entry:
    """The empty 4 x 7 parallelogram of the tetrahexes, the seven pieces to place, a solution found by the search."""
    family = families.get("tiling")
    rows, settings = family.board("tetrahexes-4x7")
    puzzle = family.parse(rows, settings)
    solution, _ = challenges.unique_solution(puzzle)
    return Entry(1, "starter", 1.0, tuple(puzzle.pictures(())), tuple(family.legend(settings)),
                 tuple(puzzle.pictures(solution)))


def test_a_hexagon_board_is_drawn_in_hexagons():
    entry = tetrahexes_entry()
    data = written([entry], corners=drawn_corners)
    assert drawn(data, 2)[0] == {6: 28 + 7 * 4} and drawn(data, 3)[0] == {6: 28}


def prism_entry() -> Entry:
    """A BurrTools file on the triangular-prism grid: a hexagon of six triangles two prisms high, filled with six
    lozenges; the challenge its two empty layers, the solution the first the search finds."""
    def voxels(cells) -> str:
        size = [1 + max(cell[i] for cell in cells) for i in range(3)]
        text = "".join("#" if (x, y, z) in cells else "_"
                       for z in range(size[2]) for y in range(size[1]) for x in range(size[0]))
        return f'<voxel x="{size[0]}" y="{size[1]}" z="{size[2]}" type="0">{text}</voxel>'

    hexagon = {(x, y, z) for x in (1, 2, 3) for y in (0, 1) for z in (0, 1)}
    text = (f'<?xml version="1.0"?>\n<puzzle version="2"><gridType type="1"/><colors/><shapes>{voxels(hexagon)}'
            f'{voxels({(0, 0, 0), (1, 0, 0)})}</shapes><problems><problem state="0"><shapes><shape id="1" count="6"/>'
            '</shapes><result id="0"/><bitmap/></problem></problems><comment/></puzzle>\n')
    puzzle = families.get("burrtools").parse(text.splitlines(), {})
    solution, _ = challenges.unique_solution(puzzle)
    return Entry(1, "starter", 1.0, tuple(puzzle.pictures(())), (), tuple(puzzle.pictures(solution)))


def test_a_prism_file_is_drawn_as_its_layers_of_triangles():
    entry = prism_entry()
    assert [(frame.lattice, frame.caption) for frame in entry.solution] == [("triangle", "layer 1"),
                                                                            ("triangle", "layer 2")]
    data = written([entry], corners=drawn_corners)
    assert drawn(data, 2)[0] == {3: 12} and drawn(data, 3)[0] == {3: 12}
    assert all("layer 1" in text and "layer 2" in text for text in page_texts(data)[1:])


def test_passing_corners_leaves_a_square_booklet_byte_for_byte_as_it_was(flat):
    entries = numbered(flat, 6)
    assert written(entries, corners=drawn_corners) == written(entries)
    assert written(entries, balls=False, corners=drawn_corners) == written(entries, balls=False)


def test_a_booklet_made_of_a_triangle_board_draws_triangles(tmp_path):
    """Through the booklet maker, as `xlsolver booklet` and the Booklet button write it: the example challenge as
    the booklet's one entry."""
    rows, header = read_puzzle_text(str(EXAMPLES / "hexiamonds-6x6.txt"))
    family = families.get("tiling")
    settings = {k: v for k, v in header.items() if k != "title"}
    grade = grading.grade(family.parse(rows, settings))
    out = tmp_path / "hexiamonds.pdf"
    pages, page_of = booklet_maker.write(out, "Hexiamonds", family, settings,
                                         [booklet_maker.Numbered(1, Challenge(0, list(rows), [], grade))], rows=rows)
    data = out.read_bytes()
    assert pages == 3 and page_of == {1: 2}
    assert drawn(data, 2)[0] == {3: 72 + 9 * 6} and drawn(data, 3)[0] == {3: 72}


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler's pdftoppm is not installed")
def test_a_triangle_challenge_renders_its_given_pieces_in_their_colours(hexiamonds, tmp_path):
    (tmp_path / "t.pdf").write_bytes(written([hexiamonds], corners=drawn_corners))
    subprocess.run(["pdftoppm", "-r", "60", "-f", "2", "-l", "2", "-singlefile", str(tmp_path / "t.pdf"),
                    str(tmp_path / "page")], capture_output=True, check=True)
    image = pixels((tmp_path / "page.ppm").read_bytes()).astype(int)
    for colour in {cell.colour for row in hexiamonds.challenge[0].rows for cell in row if cell.colour}:
        wanted = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
        assert (np.abs(image - wanted).max(axis=2) <= 8).sum() > 20, colour
