"""A printable booklet of puzzle challenges as a PDF, laid out like the games' own booklets.

    Entry           one challenge: its number, level, difficulty, and its board, pieces and solution as frames
    write_booklet   the PDF: a title page, the challenges a few to a page, the solutions small at the back

The drawing takes plain frames (:mod:`xlsolver.base.answer`), so it knows no puzzle: a cell with a colour is
a placed piece (a ball or a square in that colour), an uncoloured one is open board (an empty outline),
a ``ground`` cell is not board at all (nothing drawn).  A frame on triangles or hexagons (its ``lattice``) is
drawn as its polygons where the caller hands in their ``corners`` (:mod:`.polygons`), measured by the extent of
its board (its ground left out: a sheet's grid is wider than the board drawn in it), each piece outlined.  A 3D board comes as its layers, bottom first, drawn side by side under their captions.

The layout is worked out first, as plain data (which entry goes where on which page), and drawn after,
so the footers can say how many pages there are and the title page where each level begins.  Each board
shape gets one :class:`Form` (a cell size; the pieces beside the board or under it), the same for all its
challenges: the fewest pages with cells of at least :data:`COMFORTABLE_CELL`, then the biggest cells that
keep to that many pages.  Challenges then go down a page while they fit (a 5 x 11 board: 4 to an A4 page,
cells of about 25 pt, pieces beside; the 55-ball pyramid: 3, its five layers across the page and its
pieces under them), boards of several shapes sharing a page.  Every level starts a new page, under a
running header in the level's colour, as a child looks for "the Junior pages".  The solutions follow,
13 pt cells with the pieces' letters, 24 to a page for the 5 x 11 board.

reportlab (the canvas, standard fonts: nothing embedded) is imported only when a booklet is written.  Its
``invariant`` mode leaves out the dates and random ids, so the same entries give the same bytes.
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from ..base.answer import Cell, Frame
from .polygons import Corners, Point, Polygons, centre
from .shading import luminance, mix

# --- the vocabulary: page, sizes (in points, 1/72 inch) and colours --------------------------------------

PAGE_WIDTH, PAGE_HEIGHT = 210 * 72 / 25.4, 297 * 72 / 25.4  # A4
MARGIN = 42  # left and right
TOP = 34  # above the running header
HEADER = 30  # the running header: the level (or "Solutions") and the booklet's title
FOOTER = 40  # below the body: the page number sits in it
BODY_WIDTH = PAGE_WIDTH - 2 * MARGIN
BODY_TOP = TOP + HEADER
BODY_HEIGHT = PAGE_HEIGHT - BODY_TOP - FOOTER

HEADING = 24  # a challenge's heading line: "Challenge 12  Junior  difficulty 23.4"
CAPTION = 13  # a layer's caption line over it ("layer 1")
SLOT_GAP = 14  # below each challenge, before the next one's heading
SPACE = 18  # between a board and its pieces
LAYER_GAP = 0.7  # between the layers of a 3D board, in cells
PIECE_SCALE = 0.6  # the pieces to place, against the board's cell
PIECE_GAP = 0.8  # between pieces, in their cells

LARGEST_CELL = 30.0  # a small board is not blown up past this
COMFORTABLE_CELL = 22.0  # a child's finger and eye: fewer challenges a page rather than smaller cells
SMALLEST_CELL = 3.0  # an enormous board still gets drawn, one to a page
CELL_STEP = 0.5

SOLUTION_CELL = 13.0  # the solutions' cells, letters inside
SOLUTION_LABEL = 13  # the number over each solution
SOLUTION_GAP = (20.0, 12.0)  # across and down between solutions

INK = "#202020"
MUTED = "#707070"
OPEN_LINE = "#b4b4b4"  # an open cell's outline
PIECE_EDGE = INK  # a piece's outline on triangles and hexagons, and the board's
RULE = "#dddddd"  # the lines between challenges
WHITE = "#ffffff"

LEVEL_COLOURS = {  # the level words and headers (the games' booklets band their levels in colours)
    "starter": "#2e9d3a", "junior": "#1f77c4", "expert": "#e07b00", "master": "#d0312d", "wizard": "#7b3fa0",
}
HOW_TO_PLAY = ("Place the pieces shown beside each board so that every open cell is filled; "
               "every challenge has exactly one solution.")
HOW_TO_READ = ("The coloured pieces on a board stay where they are; the empty cells are yours to fill. "
               "The solutions are at the back, each with its number and the pieces' letters.")


@dataclass(frozen=True)
class Entry:
    """One challenge of the booklet, as frames: the board as typed, the pieces to place, the solved board."""

    number: int  # the challenge's number in the booklet, 1..
    level: str  # "starter", "junior", "expert", "master", "wizard"
    difficulty: float  # the grader's number, printed small
    challenge: tuple[Frame, ...]  # given pieces coloured, open cells uncoloured; 3D: a frame a layer, bottom first
    to_place: tuple[Frame, ...]  # the pieces left to place, a frame each (gaps as ground cells)
    solution: tuple[Frame, ...]  # the solved board, laid out as ``challenge``


#: A frame as the page measures it (``width``, ``height`` in cells, ``caption``) and draws it: its grid of squares,
#: or on triangles or hexagons its polygons.
Figure = Frame | Polygons


@dataclass(frozen=True)
class Figures:
    """An entry with its frames as figures (:func:`figures`): what the layout places and the pen draws."""

    entry: Entry
    challenge: tuple[Figure, ...]
    to_place: tuple[Figure, ...]
    solution: tuple[Figure, ...]

    @property
    def number(self) -> int:
        return self.entry.number

    @property
    def level(self) -> str:
        return self.entry.level


def figures(entry: Entry, corners: Corners | None) -> Figures:
    """The entry's frames on triangles or hexagons as the polygons of their cells that are drawn (where ``corners``
    draws them), the others as they are: measured once, not at every form tried."""
    def figure(frame: Frame) -> Figure:
        return Polygons(frame, corners, lambda cell: not cell.ground) if frame.lattice and corners else frame

    return Figures(entry, *(tuple(map(figure, frames)) for frames in (entry.challenge, entry.to_place, entry.solution)))


def write_booklet(target, title: str, entries: Sequence[Entry], *, balls: bool = True, subtitle: str = "",
                  corners: Corners | None = None) -> int:
    """Write the booklet PDF to ``target`` (a path or a binary file object); return its number of pages.
    ``corners``: how frames on triangles or hexagons are drawn (none: every frame a grid of squares or balls)."""
    from reportlab.pdfgen.canvas import Canvas

    pages = paginate(entries, corners)
    target = os.fspath(target) if isinstance(target, os.PathLike) else target
    canvas = Canvas(target, pagesize=(PAGE_WIDTH, PAGE_HEIGHT), invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setSubject(subtitle)
    pen = Pen(canvas, balls)
    for number, page in enumerate(pages, 1):
        if page.kind == "title":
            draw_title_page(pen, title, subtitle, pages)
        else:
            draw_header(pen, page, title)
            for placed in page.placed:
                if page.kind == "challenges":
                    draw_challenge(pen, placed.entry, placed.form, placed.left, placed.top)
                else:
                    draw_solution(pen, placed.entry, placed.left, placed.top)
        draw_footer(pen, number, len(pages))
        canvas.showPage()
    canvas.save()
    return len(pages)


def challenge_pages_of(entries: Sequence[Entry], corners: Corners | None = None) -> dict[int, int]:
    """The page (1: the title page) each challenge is drawn on, by its number (``corners`` as written)."""
    return {number: page_number for page_number, page in enumerate(paginate(entries, corners), 1)
            if page.kind == "challenges" for number in page.numbers}


# --- sizes ---------------------------------------------------------------------------------------------

def frames_size(frames: Sequence[Figure], cell: float) -> tuple[float, float]:
    """Width and height of frames side by side (layers ``LAYER_GAP`` cells apart), captions included."""
    if not frames:
        return 0.0, 0.0
    width = sum(frame.width for frame in frames) + LAYER_GAP * (len(frames) - 1)
    height = max(frame.height for frame in frames)
    return width * cell, height * cell + (CAPTION if captioned(frames) else 0)


def captioned(frames: Sequence[Figure]) -> bool:
    return any(frame.caption for frame in frames)


Box = tuple[float, float]  # width and height, or left and top


def flow(sizes: Sequence[Box], width: float, gap: float) -> tuple[list[Box], float] | None:
    """Boxes left to right in rows ``width`` wide, each centred in its row's height: their offsets and the
    height used; None when a box is wider than the rows."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for index, (w, _) in enumerate(sizes):
        if w > width:
            return None
        if rows[-1] and used + gap + w > width:
            rows.append([])
            used = 0.0
        used += (gap if rows[-1] else 0) + w
        rows[-1].append(index)
    offsets: list[Box] = [(0.0, 0.0)] * len(sizes)
    top = 0.0
    for row in rows:
        tallest = max((sizes[i][1] for i in row), default=0.0)
        left = 0.0
        for i in row:
            offsets[i] = (left, top + (tallest - sizes[i][1]) / 2)
            left += sizes[i][0] + gap
        top += tallest + gap
    return offsets, max(0.0, top - gap)


def pieces_flow(entry: Figures, piece_cell: float, width: float) -> tuple[list[Box], float] | None:
    """Where the pieces to place go in a region ``width`` wide (see :func:`flow`)."""
    sizes = [(piece.width * piece_cell, piece.height * piece_cell) for piece in entry.to_place]
    return flow(sizes, width, PIECE_GAP * piece_cell)


# --- the forms: how one board shape sits on a page ------------------------------------------------------

@dataclass(frozen=True)
class Form:
    """The challenges of one board shape: their board's cell size, and their pieces beside the board or
    under it."""

    cell: float
    beside: bool

    @property
    def piece_cell(self) -> float:
        return self.cell * PIECE_SCALE


def pieces_region(entry: Figures, cell: float, beside: bool) -> tuple[float, float, float]:
    """Where a challenge's pieces go, from the top left of its board: left, top, and the width they have."""
    board_width, board_height = frames_size(entry.challenge, cell)
    if beside:
        return board_width + SPACE, 0.0, BODY_WIDTH - board_width - SPACE
    return 0.0, board_height + SPACE, BODY_WIDTH


def needed_height(entry: Figures, form: Form) -> float | None:
    """The height a challenge takes in ``form``, its heading and the gap below included; None when it does
    not fit a page."""
    board_width, board_height = frames_size(entry.challenge, form.cell)
    _, top, width = pieces_region(entry, form.cell, form.beside)
    placed = pieces_flow(entry, form.piece_cell, width) if entry.to_place else ([], 0.0)
    if board_width > BODY_WIDTH or placed is None:
        return None
    height = HEADING + max(board_height, top + placed[1]) + SLOT_GAP
    return height if height <= BODY_HEIGHT else None


def fitting_forms(entries: Sequence[Figures]) -> list[Form]:
    """The forms at cells no smaller than :data:`COMFORTABLE_CELL` in which every entry fits a page (a board
    too big for that: the biggest form in which it fits at all)."""
    def fitting(smallest: float) -> list[Form]:
        steps = int((LARGEST_CELL - smallest) / CELL_STEP)
        forms = [Form(LARGEST_CELL - step * CELL_STEP, beside) for step in range(steps + 1) for beside in (True, False)]
        return [form for form in forms if all(needed_height(entry, form) for entry in entries)]

    return fitting(COMFORTABLE_CELL) or fitting(SMALLEST_CELL)[:1] or [Form(SMALLEST_CELL, False)]


def choose_forms(entries: Sequence[Figures]) -> dict[tuple, Form]:
    """Each board shape's form: the fewest pages for the whole booklet, then the biggest cells that keep to
    them, one shape after the other (shapes share pages within a level)."""
    candidates = {key: fitting_forms([entry for entry in entries if shape(entry) == key])
                  for key in dict.fromkeys(map(shape, entries))}
    forms = {key: min(found, key=lambda form: form.cell) for key, found in candidates.items()}
    for key, found in candidates.items():
        pages = {form: len(challenge_pages(entries, {**forms, key: form})) for form in found}
        fewest = min(pages.values())
        forms[key] = max((form for form in found if pages[form] == fewest), key=lambda form: (form.cell, form.beside))
    return forms


def shape(entry: Figures) -> tuple:
    """What decides a challenge's form: its board's frames' sizes and whether they are captioned."""
    return tuple((frame.height, frame.width) for frame in entry.challenge), captioned(entry.challenge)


# --- pagination -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Placed:
    """An entry's place on its page (its top left), and for a challenge its form."""

    entry: Figures
    left: float
    top: float
    form: Form | None = None


@dataclass(frozen=True)
class Page:
    """One page as data: "title", "challenges" (of one level) or "solutions"."""

    kind: str
    placed: tuple[Placed, ...] = ()
    level: str = ""

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(placed.entry.number for placed in self.placed)


def paginate(entries: Sequence[Entry], corners: Corners | None = None) -> list[Page]:
    """The booklet's pages: the title page, the challenges in number order, the solutions."""
    ordered = [figures(entry, corners) for entry in sorted(entries, key=lambda entry: entry.number)]
    forms = choose_forms(ordered)
    return [Page("title"), *challenge_pages(ordered, forms), *solution_pages(ordered)]


def challenge_pages(entries: Sequence[Figures], forms: dict[tuple, Form]) -> list[Page]:
    """Challenges down the page in their shapes' forms while they fit; a new level starts a new page."""
    pages: list[Page] = []
    placed: list[Placed] = []
    top = BODY_TOP
    for entry in entries:
        form = forms[shape(entry)]
        height = needed_height(entry, form) or BODY_HEIGHT
        if placed and (entry.level != placed[0].entry.level or top + height > BODY_TOP + BODY_HEIGHT):
            pages.append(Page("challenges", tuple(placed), placed[0].entry.level))
            placed, top = [], BODY_TOP
        placed.append(Placed(entry, MARGIN, top, form))
        top += height
    if placed:
        pages.append(Page("challenges", tuple(placed), placed[0].entry.level))
    return pages


def solution_size(entry: Figures) -> tuple[float, float]:
    """A solution's box: its number over its board at :func:`solution_cell`."""
    width, height = frames_size(entry.solution, solution_cell(entry))
    return width, SOLUTION_LABEL + height


def solution_cell(entry: Figures) -> float:
    """:data:`SOLUTION_CELL`, smaller for a board that would not fit across the page."""
    width, _ = frames_size(entry.solution, 1.0)
    return min(SOLUTION_CELL, BODY_WIDTH / max(width, 1.0))


def solution_pages(entries: Sequence[Figures]) -> list[Page]:
    """The solutions in rows across the page, as many a page as fit."""
    pages: list[Page] = []
    placed: list[Placed] = []
    top, left, row_height = BODY_TOP, 0.0, 0.0
    for entry in entries:
        width, height = solution_size(entry)
        if left and left + width > BODY_WIDTH:
            top, left, row_height = top + row_height + SOLUTION_GAP[1], 0.0, 0.0
        if placed and top + height > BODY_TOP + BODY_HEIGHT:
            pages.append(Page("solutions", tuple(placed)))
            placed, top, left, row_height = [], BODY_TOP, 0.0, 0.0
        placed.append(Placed(entry, MARGIN + left, top))
        left += width + SOLUTION_GAP[0]
        row_height = max(row_height, height)
    if placed:
        pages.append(Page("solutions", tuple(placed)))
    return pages


def level_starts(pages: Sequence[Page]) -> list[tuple[str, int, int, int]]:
    """Each level's run of challenges in the booklet: (level, first number, last number, first page)."""
    runs: list[tuple[str, int, int, int]] = []
    for page_number, page in enumerate(pages, 1):
        if page.kind != "challenges":
            continue
        if runs and runs[-1][0] == page.level:
            level, first, _, start = runs[-1]
            runs[-1] = (level, first, page.numbers[-1], start)
        else:
            runs.append((page.level, page.numbers[0], page.numbers[-1], page_number))
    return runs


# --- drawing --------------------------------------------------------------------------------------------

class Pen:
    """The canvas seen as the layout sees the page: from the top left, y down, in points; colours "#rrggbb".

    Each look of a cell (ball or square, size, colours) is drawn once, as a PDF form, and stamped wherever
    it is wanted: a booklet of a few thousand balls stays small and quick to write and to print."""

    def __init__(self, canvas, balls: bool) -> None:
        self.canvas = canvas
        self.balls = balls
        self.stamps: dict[tuple, str] = {}

    def cell(self, x: float, y: float, size: float, fill: str | None, line: str, width: float, *,
             shine: bool = False) -> None:
        """A ball or a square with its top left at (x, y); ``fill`` None: an empty outline; ``shine``: the light
        on a ball."""
        look = (round(size, 2), fill, line, round(width, 2), shine and self.balls)
        if look not in self.stamps:
            self.stamps[look] = f"cell{len(self.stamps)}"
            self.canvas.beginForm(self.stamps[look], 0, 0, size, size)
            self.draw_look(size, fill, line, width, shine and self.balls)
            self.canvas.endForm()
        self.canvas.saveState()
        self.canvas.translate(x, PAGE_HEIGHT - y - size)
        self.canvas.doForm(self.stamps[look])
        self.canvas.restoreState()

    def draw_look(self, size: float, fill: str | None, line: str, width: float, shine: bool) -> None:
        """One cell in its own frame, (0, 0) its bottom left."""
        canvas = self.canvas
        canvas.setLineWidth(width)
        canvas.setStrokeColorRGB(*rgb(line))
        canvas.setFillColorRGB(*rgb(fill or WHITE))
        if self.balls:
            canvas.circle(size / 2, size / 2, size * 0.45, stroke=1, fill=1)
        else:
            inset = size * 0.04
            canvas.rect(inset, inset, size - 2 * inset, size - 2 * inset, stroke=1, fill=1)
        if shine and fill:  # the light above left of the centre: the balls look round, as the pieces are
            canvas.setFillColorRGB(*rgb(mix(fill, WHITE, 0.55)))
            canvas.circle(size * 0.36, size * 0.66, size * 0.1, stroke=0, fill=1)

    def text(self, x: float, baseline: float, words: str, size: float, colour: str = INK, *, bold: bool = False,
             align: str = "left") -> float:
        """``words`` on ``baseline``, left, centred or right of ``x``; returns their width."""
        font = "Helvetica-Bold" if bold else "Helvetica"
        width = self.canvas.stringWidth(words, font, size)
        start = {"left": x, "centre": x - width / 2, "right": x - width}[align]
        self.canvas.setFont(font, size)
        self.canvas.setFillColorRGB(*rgb(colour))
        self.canvas.drawString(start, PAGE_HEIGHT - baseline, words)
        return width

    def rule(self, x: float, y: float, length: float, colour: str = RULE, width: float = 0.6) -> None:
        self.canvas.setLineWidth(width)
        self.canvas.setStrokeColorRGB(*rgb(colour))
        self.canvas.line(x, PAGE_HEIGHT - y, x + length, PAGE_HEIGHT - y)

    def polygon(self, points: Sequence[Point], fill: str, line: str, width: float) -> None:
        """A filled polygon through ``points`` (page coordinates, y down), outlined in ``line``."""
        canvas = self.canvas
        canvas.saveState()
        canvas.setLineWidth(width)
        canvas.setLineJoin(1)
        canvas.setStrokeColorRGB(*rgb(line))
        canvas.setFillColorRGB(*rgb(fill))
        path = canvas.beginPath()
        path.moveTo(points[0][0], PAGE_HEIGHT - points[0][1])
        for x, y in points[1:]:
            path.lineTo(x, PAGE_HEIGHT - y)
        path.close()
        canvas.drawPath(path, stroke=1, fill=1)
        canvas.restoreState()

    def edges(self, edges: Sequence[tuple[Point, Point]], colour: str, width: float) -> None:
        """Line segments with round ends, so that they meet at corners without notches."""
        canvas = self.canvas
        canvas.saveState()
        canvas.setLineWidth(width)
        canvas.setLineCap(1)
        canvas.setStrokeColorRGB(*rgb(colour))
        canvas.lines([(x0, PAGE_HEIGHT - y0, x1, PAGE_HEIGHT - y1) for (x0, y0), (x1, y1) in edges])
        canvas.restoreState()


def draw_frames(pen: Pen, frames: Sequence[Figure], left: float, top: float, cell: float, *,
                letters: bool = False, caption_size: float = 9) -> None:
    """Frames side by side from (left, top), each centred on the tallest, under its caption if any."""
    tallest = max((frame.height for frame in frames), default=0)
    if captioned(frames):
        for x, frame in zip(frame_lefts(frames, left, cell), frames):
            pen.text(x + frame.width * cell / 2, top + CAPTION - 4, frame.caption, caption_size, MUTED,
                     align="centre")
        top += CAPTION
    for x, frame in zip(frame_lefts(frames, left, cell), frames):
        draw_figure(pen, frame, x, top + (tallest - frame.height) * cell / 2, cell, letters=letters)


def frame_lefts(frames: Sequence[Figure], left: float, cell: float) -> list[float]:
    lefts = []
    for frame in frames:
        lefts.append(left)
        left += (frame.width + LAYER_GAP) * cell
    return lefts


def draw_figure(pen: Pen, figure: Figure, left: float, top: float, cell: float, *, letters: bool = False) -> None:
    """A frame's cells with its top left at (left, top): squares (or balls) ``cell`` wide, or its polygons."""
    if isinstance(figure, Polygons):
        draw_polygons(pen, figure, left, top, cell, letters=letters)
    else:
        draw_frame(pen, figure, left, top, cell, letters=letters)


def draw_frame(pen: Pen, frame: Frame, left: float, top: float, cell: float, *, letters: bool = False) -> None:
    for r, row in enumerate(frame.rows):
        for c, square in enumerate(row):
            draw_cell(pen, square, left + c * cell, top + r * cell, cell, letters=letters)


def draw_cell(pen: Pen, square: Cell, x: float, y: float, size: float, *, letters: bool) -> None:
    """Ground: nothing; open: a light outline; a piece's cell: its colour, outlined darker (and its letter)."""
    if square.ground:
        return
    if square.colour is None:
        pen.cell(x, y, size, None, OPEN_LINE, max(0.5, size / 30))
    else:
        pen.cell(x, y, size, square.colour, mix(square.colour, "#000000", 0.4), max(0.4, size / 40),
                 shine=not letters)
    if letters:
        draw_letter(pen, square, x + size / 2, y + size / 2, size)


def draw_polygons(pen: Pen, figure: Polygons, left: float, top: float, cell: float, *, letters: bool) -> None:
    """Each cell its polygon, coloured and outlined as :func:`draw_cell` does a square (no shine: a tile is flat),
    then a dark line round each piece and round the open board, so a child sees where one triangle's piece ends
    and the next begins; ``letters``: each cell's letter at its centre."""
    drawn = figure.placed(left, top, cell)
    for square, points in drawn:
        if square.colour is None:
            pen.polygon(points, WHITE, OPEN_LINE, max(0.5, cell / 30))
        else:
            pen.polygon(points, square.colour, mix(square.colour, "#000000", 0.4), max(0.4, cell / 40))
    pen.edges(figure.piece_edges(left, top, cell), PIECE_EDGE, max(0.6, cell / 16))
    if letters:
        for square, points in drawn:
            x, y = centre(points)
            draw_letter(pen, square, x, y, cell * (0.8 if len(points) == 3 else 0.95))


def draw_letter(pen: Pen, square: Cell, x: float, y: float, size: float) -> None:
    """A cell's text (none for open board) centred on (x, y), as big as a ``size`` wide square holds."""
    text = square.text.strip()
    if text and text != ".":
        font_size = size * (0.58 if len(text) == 1 else 1.1 / len(text))
        pen.text(x, y + font_size * 0.36, text, font_size, ink_on(square.colour or WHITE), bold=True, align="centre")


def draw_challenge(pen: Pen, entry: Figures, form: Form, left: float, top: float) -> None:
    """A faint rule between it and the challenge above, its heading, its board, its pieces beside or under."""
    if top > BODY_TOP:
        pen.rule(left, top - 2, BODY_WIDTH)
    draw_heading(pen, entry.entry, left, top + 17)
    board_top = top + HEADING
    draw_frames(pen, entry.challenge, left, board_top, form.cell, caption_size=9.5)
    pieces_left, pieces_top, width = pieces_region(entry, form.cell, form.beside)
    placed = pieces_flow(entry, form.piece_cell, width)
    if placed is None:
        return
    for piece, (x, y) in zip(entry.to_place, placed[0]):
        draw_figure(pen, piece, left + pieces_left + x, board_top + pieces_top + y, form.piece_cell)


def draw_heading(pen: Pen, entry: Entry, left: float, baseline: float) -> None:
    """"Challenge 12", its level as a word in the level's colour, and small, its difficulty."""
    x = left + pen.text(left, baseline, f"Challenge {entry.number}", 15, bold=True)
    x += 10 + pen.text(x + 10, baseline, level_word(entry.level), 12, level_colour(entry.level), bold=True)
    pen.text(x + 10, baseline, f"difficulty {entry.difficulty:.1f}", 8, MUTED)


def draw_solution(pen: Pen, entry: Figures, left: float, top: float) -> None:
    pen.text(left, top + 9, str(entry.number), 9, level_colour(entry.level), bold=True)
    draw_frames(pen, entry.solution, left, top + SOLUTION_LABEL, solution_cell(entry), letters=True,
                caption_size=6.5)


def draw_header(pen: Pen, page: Page, title: str) -> None:
    """The level (in its colour) or "Solutions" on the left, the booklet's title on the right, a rule under."""
    if page.kind == "challenges":
        words, colour = level_word(page.level), level_colour(page.level)
    else:
        words, colour = "Solutions", INK
    pen.text(MARGIN, TOP + 16, words, 16, colour, bold=True)
    pen.text(PAGE_WIDTH - MARGIN, TOP + 16, title, 9, MUTED, align="right")
    pen.rule(MARGIN, TOP + HEADER - 7, BODY_WIDTH, colour, 1.6)


def draw_title_page(pen: Pen, title: str, subtitle: str, pages: Sequence[Page]) -> None:
    """The title, the subtitle, how to play, and where each level and the solutions begin."""
    centre = PAGE_WIDTH / 2
    y = 190.0
    for line in wrapped(pen, title, "Helvetica-Bold", 28, BODY_WIDTH):
        pen.text(centre, y, line, 28, bold=True, align="centre")
        y += 34
    if subtitle:
        pen.text(centre, y + 6, subtitle, 13, MUTED, align="centre")
        y += 30
    y += 30
    for paragraph, size in ((HOW_TO_PLAY, 13), (HOW_TO_READ, 11)):
        for line in wrapped(pen, paragraph, "Helvetica", size, BODY_WIDTH - 60):
            pen.text(centre, y, line, size, align="centre")
            y += size * 1.4
        y += 10
    draw_contents(pen, pages, y + 30)


def draw_contents(pen: Pen, pages: Sequence[Page], top: float) -> None:
    """A small table: each level's challenges and first page, then the solutions' page."""
    left, middle, right = MARGIN + 90, MARGIN + 200, PAGE_WIDTH - MARGIN - 90
    y = top
    for level, first, last, page in level_starts(pages):
        pen.text(left, y, level_word(level), 13, level_colour(level), bold=True)
        pen.text(middle, y, f"challenges {first} to {last}" if last != first else f"challenge {first}", 12)
        pen.text(right, y, f"page {page}", 12, MUTED, align="right")
        y += 22
    solutions = next((number for number, page in enumerate(pages, 1) if page.kind == "solutions"), None)
    if solutions:
        pen.rule(left, y - 12, right - left)
        pen.text(left, y + 6, "Solutions", 13, bold=True)
        pen.text(right, y + 6, f"page {solutions}", 12, MUTED, align="right")


def draw_footer(pen: Pen, number: int, total: int) -> None:
    pen.text(PAGE_WIDTH / 2, PAGE_HEIGHT - FOOTER / 2, f"page {number} of {total}", 8, MUTED, align="centre")


def wrapped(pen: Pen, words: str, font: str, size: float, width: float) -> list[str]:
    """``words`` broken into lines no wider than ``width`` (a word longer than that gets a line of its own)."""
    lines: list[str] = []
    for word in words.split():
        if lines and pen.canvas.stringWidth(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


# --- colours ------------------------------------------------------------------------------------------

def level_word(level: str) -> str:
    return level.capitalize()


def level_colour(level: str) -> str:
    return LEVEL_COLOURS.get(level.lower(), INK)


def rgb(colour: str) -> tuple[float, float, float]:
    """"#rrggbb" as reportlab's fractions."""
    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return red, green, blue


def ink_on(fill: str) -> str:
    """Dark letters on a light fill, white on a dark one (by the fill's luminance)."""
    return INK if luminance(fill) > 0.55 else WHITE


__all__ = ["Entry", "write_booklet"]
