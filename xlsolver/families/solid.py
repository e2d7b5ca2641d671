"""3D puzzles: fill a set of cubes or balls (the Soma cube, the 55-ball pyramid) with every piece of a set.

The board is a set of cells of a layered lattice (``lattice.CUBIC``, ``lattice.SPHERES``); the pieces are
either drawn in that lattice (Soma's cubes: their rotations) or flat square-grid shapes (IQ Puzzler Pro,
Kanoodle: every orientation in every plane where the balls form a square grid).

Exact-cover items: every board cell (primary, named ``LAYER-A1`` with layers counted from 1 at the bottom),
then every piece (primary, by its letter); an option per placement, labelled ``(letter, cells)``.  A piece
already placed (givens) keeps one option: where it lies.

The family ``solid`` reads the text form: header lines (``family: solid``, ``board: pyramid``,
``pieces: kanoodle``), an empty line, then the layers bottom first, each a block of lines, blocks separated by
an empty line; ``.`` a cell to fill, a letter a cell of a piece already placed, ``#`` not part of the board.
The answer's grid is that same text (the layers one under the other, an empty line between), so hints and
new challenges are written in it; the pictures are the layers side by side, and ``--json`` adds ``layers``.

    xlsolver solve examples/pyramid-81.txt
    xlsolver count --family solid --board soma --distinct
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING

from ..geometry import catalog
from ..base.a1 import CellNamer, cell_name, column_index
from ..base.answer import OFF_BOARD, Block, Cell, Frame, Scene, Steps
from ..geometry.assembly import Assembler
from ..geometry.catalog import PieceSet
from ..geometry.lattice import CUBIC, SPHERES, SQUARE, Coord, LayeredLattice
from ..base.sheets import (
    LAYER_HEAD_ROWS,
    LEGEND_TOP,
    AreaSpec,
    Layers,
    PictureCells,
    SettingCell,
    SheetSpec,
    block_starts,
    legend_places,
)
from ..pictures.views import GAP, side_by_side, views
from ..pictures.views import layers as layer_frames
from . import FileForm, InvalidPuzzle, NamedBoard, Setting, Settings, Unsupported, building, cover, exact

if TYPE_CHECKING:  # the engine is imported when a problem is built (cover.problem)
    from ..engine.exact_cover import ExactCover


@dataclass(frozen=True)
class Solid:
    """A 3D puzzle: the board's cells, the pieces, and the cells of pieces already placed (letter -> cells)."""

    lattice: LayeredLattice
    board: frozenset[Coord]
    pieces: PieceSet
    givens: dict[str, frozenset[Coord]] = field(default_factory=dict)

    def orientations(self, letter: str) -> list[tuple[Coord, ...]]:
        """A piece's orientations in the board's lattice: its own (pieces of cubes) or a flat piece's."""
        return self.pieces.pieces[letter].orientations(self.pieces.turn_over, self.lattice)

    def placements(self, letter: str) -> list[frozenset[Coord]]:
        """Where a piece may lie: the one place it is given, or every placement on the cells left open."""
        if letter in self.givens:
            return [self.givens[letter]]
        taken = frozenset().union(*self.givens.values())
        return self.lattice.placements(self.orientations(letter), self.board - taken)


def item_name(lattice: LayeredLattice, cell: Coord) -> str:
    """A cell as the user finds it: layer (1 at the bottom), then its A1 name within the layer."""
    layer, row, col = lattice.position(cell)
    return f"{layer + 1}-{cell_name(row, col)}"


def problem(solid: Solid) -> ExactCover:
    """Cells (layer by layer, in reading order) and pieces as primary items; an option per placement."""
    cells = sorted(solid.board, key=solid.lattice.position)
    return cover.problem(
        [item_name(solid.lattice, cell) for cell in cells] + list(solid.pieces.pieces),
        (([letter] + [item_name(solid.lattice, cell) for cell in sorted(placed)], (letter, placed))
         for letter in solid.pieces.pieces for placed in solid.placements(letter)))


def item_maps(solid: Solid, built: ExactCover) -> list[list[int]]:
    """The board's symmetries that carry the piece set onto itself (a reflection may swap mirror-image pieces)
    and every given piece onto its image's place, each as a permutation of the problem's items."""
    index = {name: i for i, name in enumerate(built.items)}
    shapes = {letter: solid.orientations(letter) for letter in solid.pieces.pieces}
    maps: dict[tuple, list[int]] = {}
    for transform, cells in solid.lattice.transformed_symmetries(solid.board):
        letters = solid.lattice.shape_images(shapes, transform)
        if letters is None or any(frozenset(cells[c] for c in placed) != solid.givens.get(letters[letter])
                                  for letter, placed in solid.givens.items()):
            continue
        mapping = list(range(len(built.items)))
        for cell, image in cells.items():
            mapping[index[item_name(solid.lattice, cell)]] = index[item_name(solid.lattice, image)]
        for letter, image in letters.items():
            mapping[index[letter]] = index[image]
        maps.setdefault(tuple(mapping), mapping)
    return list(maps.values())


def solved_layers(solid: Solid, built: ExactCover, solution: Sequence[int], blank: Sequence[Sequence[str]]
                  ) -> list[list[str]]:
    """A solution as layers of text (bottom first): ``blank`` with each piece's letter on its cells."""
    letters = {cell: letter for option in solution for letter, placed in [built.labels[option]] for cell in placed}
    return solid.lattice.layers(letters, blank)


OPEN, OUTSIDE = ".", "#"


LayerNamer = Callable[[int, int, int], str]
"""Names a cell by (layer, row, column), layers from 0 at the bottom, as the user sees it."""


def layer_cell_name(layer: int, row: int, col: int) -> str:
    """A cell of a puzzle file's layers: ``layer 2 C3`` (layers counted from 1 at the bottom)."""
    return f"layer {layer + 1} {cell_name(row, col)}"


def from_layers(lattice: LayeredLattice, layers: Sequence[Sequence[str]], pieces: PieceSet,
                name: LayerNamer = layer_cell_name) -> Solid:
    """A puzzle from its layers as typed, bottom first: ``.`` a cell to fill, a letter a cell of a piece already
    placed, ``#`` (or a space) not part of the board.  Raises InvalidPuzzle naming the layer and cell of each
    problem (``name``): an unknown character or letter, a piece's given cells that are not one of its
    placements."""
    problems = []
    board, given = set(), {}
    for z, rows in enumerate(layers):
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                where = name(z, r, c)
                if ch in (OUTSIDE, " "):
                    continue
                if ch != OPEN and ch.upper() not in pieces.pieces:
                    problems.append(f"{where}: {ch!r} is not a piece of {pieces.name} ({''.join(pieces.pieces)}), "
                                    f"'{OPEN}' or '{OUTSIDE}'")
                    continue
                cell = lattice.cell(z, r, c)
                board.add(cell)
                if ch != OPEN:
                    given.setdefault(ch.upper(), set()).add(cell)
    solid = Solid(lattice, frozenset(board), pieces)
    for letter, cells in given.items():
        if lattice.normalise(cells) not in solid.orientations(letter):
            z, r, c = lattice.position(min(cells, key=lattice.position))
            problems.append(f"{name(z, r, c)}: {not_the_piece(lattice, letter, len(cells), pieces.pieces[letter].size)}")
    if problems:
        raise InvalidPuzzle(problems)
    return Solid(lattice, solid.board, pieces, {letter: frozenset(cells) for letter, cells in given.items()})


def not_the_piece(lattice: LayeredLattice, letter: str, marked: int, size: int) -> str:
    """Why cells marked with a piece's letter are not that piece: too few or too many of them (the piece's balls or
    cubes counted), or the right number in no position the piece can take."""
    cells = "the cell" if marked == 1 else f"the {marked} cells"
    if marked != size:
        unit = lattice.solid if size != 1 else lattice.solid[:-1]
        return f"{cells} marked {letter}: piece {letter} has {size} {unit}"
    return f"{cells} marked {letter} do not form piece {letter} in any of its positions"


# --- the family, as the front ends see it: the text form of layers ------------------------------------------------

BOARD = Setting("board", "Board", "pyramid (55 balls), pyramid-N (N layers), soma (3x3x3), bedlam (4x4x4), a box "
                                  "WxDxH, or balls or cubes: the cells as typed (blank: the pieces' own board)")
PIECES = Setting("pieces", "Pieces", "iq-puzzler-pro, kanoodle, soma, bedlam or a piece-set file "
                                     "(blank: the board's own)")
#: Boards whose pieces go without saying; a box takes the set of cubes that fills it.
OWN_PIECES = {"pyramid": "iq-puzzler-pro", "balls": "iq-puzzler-pro", "soma": "soma", "bedlam": "bedlam"}
BOXES = {"soma": (3, 3, 3), "bedlam": (4, 4, 4)}
DRAWN = {"balls": SPHERES, "cubes": CUBIC}  # boards that are the cells typed
MADE_OF = {"hex": "hexagons", "triangle": "triangles", **{lattice.name: word for word, lattice in DRAWN.items()}}


@dataclass(frozen=True)
class Shape:
    """A board by name: its lattice and cells (None: the cells typed)."""

    name: str
    lattice: LayeredLattice
    cells: frozenset | None


_BOX = re.compile(r"([1-9][0-9]?) *x *([1-9][0-9]?) *x *([1-9][0-9]?)")
_PYRAMID = re.compile(r"pyramid(?:-([1-9][0-9]?))?")


def is_board(word: str) -> bool:
    """Whether a board's name is a 3D board's (a file's ``board:`` line then says the family without a
    ``family:`` line); a box too large is one, refused when read."""
    name = word.strip().lower()
    return name in DRAWN or name in BOXES or bool(_PYRAMID.fullmatch(name) or _BOX.fullmatch(name))


def board_shape(word: str, where: str) -> Shape:
    """The board a name says: ``pyramid``, ``pyramid-N``, ``soma``, ``bedlam``, ``WxDxH``, ``balls`` or ``cubes``."""
    name = word.strip().lower()
    if name in DRAWN:
        return Shape(name, DRAWN[name], None)
    if pyramid := _PYRAMID.fullmatch(name):
        height = int(pyramid.group(1) or 5)
        _at_most(sum(n * n for n in range(1, height + 1)), word, where)
        return Shape(name, SPHERES, SPHERES.pyramid(height))
    box = _BOX.fullmatch(name)
    if box or name in BOXES:
        sides = tuple(map(int, box.groups())) if box else BOXES[name]
        _at_most(math.prod(sides), word, where)
        return Shape(name, CUBIC, CUBIC.box(*sides))
    raise InvalidPuzzle([f"{where}: the board is pyramid, pyramid-N, soma, bedlam, a box such as 3x3x3, balls or "
                         f"cubes, not {word!r}"])


#: The most cells a named board may have: far above any game's (Bedlam's 64), far below what would take long to
#: refuse (a file from someone else may name a box of 99 x 99 x 99).
MAX_CELLS = 1_000


def _at_most(cells: int, word: str, where: str) -> None:
    if cells > MAX_CELLS:
        raise InvalidPuzzle([f"{where}: board {word} has {cells:,} cells; xlsolver takes boards of at most "
                             f"{MAX_CELLS:,}"])


def chosen(settings: Settings) -> tuple[Shape, PieceSet]:
    """The board and pieces the settings name, each defaulting to the other's own."""
    board, pieces = settings.get("board"), settings.get("pieces")
    named = None
    if pieces:
        try:
            named = catalog.piece_set(pieces)
        except catalog.DataFileError as err:
            raise InvalidPuzzle([f"{settings.place('pieces')}: {err}"]) from None
    if not board:
        board = "pyramid" if named is None or named.lattice is SQUARE else \
            named.name if named.name in BOXES else "cubes"
    shape = board_shape(board, settings.place("board"))
    if named is None:
        own = OWN_PIECES.get(shape.name.split("-")[0])
        if own is None and shape.cells is not None:
            own = next((name for name, found in catalog.piece_sets().items()
                        if found.lattice is CUBIC and found.area == len(shape.cells)), None)
        if own is None:
            raise InvalidPuzzle([f"{settings.place('board')}: no piece set of cubes fills board {shape.name}; "
                                 "name one with a 'pieces:' line"])
        named = catalog.piece_set(own)
    if named.lattice is not SQUARE and named.lattice is not shape.lattice:
        raise InvalidPuzzle([f"{settings.place('pieces')}: the pieces of {named.name} are made of "
                             f"{MADE_OF[named.lattice.name]}, board {shape.name} of {MADE_OF[shape.lattice.name]}"])
    return shape, named


def typed_layers(rows: Sequence[str]) -> list[list[str]]:
    """The layers of a grid as typed, bottom first: blocks of lines, separated by empty lines."""
    return layer_lines(rows)[0]


def layer_lines(rows: Sequence[str]) -> tuple[list[list[str]], list[int]]:
    """:func:`typed_layers`, and the line of ``rows`` where each layer starts."""
    layers: list[list[str]] = []
    starts: list[int] = []
    for line, row in enumerate(rows):
        if not row.strip():
            continue
        if not starts or line != starts[-1] + len(layers[-1]):
            layers.append([])
            starts.append(line)
        layers[-1].append(row.rstrip())
    return layers, starts


def layer_namer(namer: CellNamer, starts: Sequence[int]) -> LayerNamer:
    """Cells named as the grid's reader names its lines: a puzzle file's default names a cell by its layer
    (``layer 2 C3``); a front end's namer (a sheet's ``H7 (layer 2)``) names the line and column it gave."""
    if namer is cell_name:
        return layer_cell_name

    def name(layer: int, row: int, col: int) -> str:
        if layer < len(starts):
            return namer(starts[layer] + row, col)
        return layer_cell_name(layer, row, col)
    return name


def laid_out(shape: Shape, typed: list[list[str]], name: LayerNamer = layer_cell_name
             ) -> tuple[list[list[str]], list[str]]:
    """The board's layers with what was typed written in (``#`` a cell left out), each layer as wide and deep as
    the board's or the typing's; and a message per character typed off a named board (named by ``name``)."""
    lattice = shape.lattice
    board = {lattice.position(cell) for cell in shape.cells or ()}
    height = max([len(typed)] + [z + 1 for z, _, _ in board])
    grid = []
    for z in range(height):
        rows = typed[z] if z < len(typed) else []
        depth = max([len(rows)] + [r + 1 for y, r, _ in board if y == z])
        width = max([len(row) for row in rows] + [c + 1 for y, _, c in board if y == z], default=0)
        grid.append([[OPEN if (z, r, c) in board else OUTSIDE for c in range(width)] for r in range(depth)])
    problems = []
    for z, rows in enumerate(typed):
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch in (OUTSIDE, " "):
                    grid[z][r][c] = OUTSIDE
                elif shape.cells is None or (z, r, c) in board:
                    grid[z][r][c] = ch
                else:
                    problems.append(f"{name(z, r, c)}: not a cell of board {shape.name}; "
                                    f"type '{OUTSIDE}' or nothing there")
    return [["".join(row) for row in rows] for rows in grid], problems


def layer_problems(shape: Shape, typed: list[list[str]], name: LayerNamer = layer_cell_name) -> list[str]:
    """The layers typed against a named board's (nothing typed: its every cell open; a board of the cells typed
    takes any): a line each for layers counted wrong, typed top first or run together without an empty line
    between, else one for each layer with rows missing, too many, or too short or long."""
    if shape.cells is None or not typed:
        return []
    board, _ = laid_out(shape, [])
    depths, typed_depths = [len(rows) for rows in board], [len(rows) for rows in typed]
    if len(typed) != len(board):
        return [_layers_counted(shape.name, depths, typed_depths)]
    if typed_depths != depths and typed_depths == depths[::-1]:
        return ["the layers look top first: the bottom layer comes first"]
    return [f"{_at(name, z)}{why}" for z, (rows, want) in enumerate(zip(typed, board))
            if (why := _layer_shape(z, rows, len(want), len(want[0])))]


def _layers_counted(board: str, depths: list[int], typed_depths: list[int]) -> str:
    """Too few or too many layers: run together (a block deeper than any layer of the board), or counted wrong."""
    joined = next((lines for lines in typed_depths if lines > max(depths)), None)
    if joined is not None and len(typed_depths) < len(depths):
        return (f"the layers need an empty line between them: {joined} lines in one block; board {board}'s layers "
                f"have {', '.join(map(str, depths))} rows")
    if len(typed_depths) > len(depths):
        return f"{len(typed_depths)} layers typed; board {board} has {len(depths)}"
    return f"board {board} has {len(depths)} layers, {len(typed_depths)} typed"


def _layer_shape(z: int, rows: list[str], depth: int, width: int) -> str:
    """What is wrong with one layer's rows against its ``depth`` x ``width`` (empty: nothing)."""
    if len(rows) != depth:
        return f"layer {z + 1} has {len(rows)} rows; a {depth} x {width} layer needs {depth}"
    wrong = next((row for row in rows if len(row) != width), None)
    if wrong is not None:
        return f"layer {z + 1} has a row of {len(wrong)}; a {depth} x {width} layer needs rows of {width}"
    return ""


def _at(name: LayerNamer, z: int) -> str:
    """A layer's message as a sheet names it (its first cell: ``H7 (layer 2): ``); a file's says the layer."""
    return "" if name is layer_cell_name else f"{name(z, 0, 0)}: "


_LAYER_CELL = re.compile(r"^layer ([0-9]+) ([A-Z]+)([0-9]+): ")


def layer_order(message: str) -> tuple[int, int, int]:
    """Where a message's cell comes, reading the layers bottom first: (layer, row, column); a message naming
    no cell first."""
    named = _LAYER_CELL.match(message)
    if named is None:
        return 0, 0, 0
    layer, column, row = named.groups()
    return int(layer), int(row), column_index(column)


def text_rows(layers: Sequence[Sequence[str]]) -> list[str]:
    """Layers as one text grid: each layer's lines, an empty line between layers (the text form's grid)."""
    return [row for z, rows in enumerate(layers) for row in ([""] if z else []) + list(rows)]


def split_rows(rows: Sequence[str], depths: Sequence[int]) -> list[list[str]]:
    """:func:`text_rows` undone: the layers of ``depths`` lines each."""
    return [list(rows[start:start + depth]) for start, depth in zip(block_starts(depths), depths)]


def read(rows: Sequence[str], settings: Settings, namer: CellNamer = cell_name) -> exact.CoverPuzzle:
    """A 3D puzzle from its layers as typed and its board and pieces, as an exact cover every front end searches."""
    shape, pieces = chosen(settings)
    typed, starts = layer_lines(rows)
    name = layer_namer(namer, starts)
    problems = layer_problems(shape, typed, name)
    if problems:  # one line for the layers' shape: the cells' own messages would only follow from it
        raise InvalidPuzzle(problems)
    layers, problems = laid_out(shape, typed, name)
    try:
        solid = from_layers(shape.lattice, layers, pieces, name)
    except InvalidPuzzle as err:
        problems += err.messages
    if not problems:
        problems += area_problems(solid, shape.name)
    if problems:
        raise InvalidPuzzle(sorted(problems, key=layer_order))
    return cover_puzzle(solid, layers, shape.name, name)


def area_problems(solid: Solid, board: str) -> list[str]:
    """The open cells must be what the pieces still to place fill (else no search could end in a solution)."""
    open_cells = len(solid.board) - sum(len(cells) for cells in solid.givens.values())
    left = [letter for letter in solid.pieces.pieces if letter not in solid.givens]
    needed = sum(solid.pieces.pieces[letter].size for letter in left)
    if open_cells == needed:
        return []
    return [f"board {board}: {open_cells} open cells but the pieces still to place, {' '.join(left) or 'none'}, "
            f"fill {needed}"]


def cover_puzzle(solid: Solid, layers: list[list[str]], board: str, cell: LayerNamer = layer_cell_name
                 ) -> exact.CoverPuzzle:
    """The puzzle of a :class:`Solid` whose layers (bottom first) are drawn as ``layers``: its answers are text in
    the same form, the pictures one frame per layer; ``cell`` names a cell in messages and hints."""
    built = problem(solid)
    depths = [len(rows) for rows in layers]
    first_line = block_starts(depths)

    def at(cell: Coord) -> tuple[int, int]:
        z, r, c = solid.lattice.position(cell)
        return first_line[z] + r, c

    def places(label):
        letter, placed = label
        return ((at(cell), letter) for cell in placed)

    def name(line: int, col: int) -> str:
        z = max(z for z, start in enumerate(first_line) if start <= line)
        return cell(z, line - first_line[z], col)

    def why_none() -> str:
        stranded = solid.board - {cell for _, placed in built.labels for cell in placed}
        if stranded:
            return "no piece can cover " + ", ".join(name(*at(cell)) for cell in sorted(stranded, key=at))
        return "the pieces cannot fill the open cells"

    colours = {letter: piece.colour for letter, piece in solid.pieces.pieces.items()}
    drawn = {**colours, OUTSIDE: OFF_BOARD}
    puzzle = cover.puzzle(built, places, text_rows(layers), why_none=why_none, colours=colours,
                          item_maps=item_maps(solid, built), rows=tuple(text_rows(layers)), cell_name=name,
                          data={"family": "solid", "board": board, "pieces": solid.pieces.name})

    def frames(solution) -> list[Frame]:
        return layer_frames(Frame.of_letters(puzzle.text(solution), drawn, ground=OUTSIDE), depths)

    def figures(solution) -> dict:
        return {"layers": None if solution is None else split_rows(puzzle.text(solution), depths)}

    def scene(solution) -> Scene:
        """The solved shape in space, each ball or cube in its piece's colour (``--svg``)."""
        lattice = solid.lattice
        return Scene(lattice.solid, tuple(Block(*lattice.centre(cell), colours.get(letter), letter)
                                          for option in solution for letter, placed in [built.labels[option]]
                                          for cell in placed))

    def stands(options) -> bool:
        return solid.lattice.stands((cell for o in options for cell in built.labels[o][1]), solid.board)

    def rests_on(solution) -> dict[int, frozenset[int]]:
        owner = {cell: o for o in solution for cell in built.labels[o][1]}
        return {o: frozenset(owner[below] for cell in built.labels[o][1] for below in solid.lattice.under(cell)
                             if below in owner) - {o} for o in solution}

    @cache
    def assembler() -> Assembler:
        """Made when first asked for (--steps, --assemblable), not on every read: generating reads thousands."""
        return Assembler(solid.lattice, solid.board)

    def pieces_of(solution) -> dict[str, frozenset[Coord]]:
        return dict(built.labels[option] for option in solution)

    def assembly_steps(solution) -> Steps:
        option = {built.labels[o][0]: o for o in solution}
        open_rows = [re.sub(r"[^#\s]", OPEN, row) for row in text_rows(layers)]  # the board, no piece on it

        def built_so_far(letters) -> list[Frame]:
            rows = cover.written(built, [option[letter] for letter in letters], open_rows, places)
            return layer_frames(Frame.of_letters(rows, drawn, ground=OUTSIDE), depths)
        return building.steps(assembler(), pieces_of(solution), frozenset(solid.givens), colours, built_so_far)

    puzzle.frames, puzzle.figures, puzzle.scene = frames, figures, scene
    puzzle.drawn = lambda frame: layer_frames(frame, depths)  # a hint's grid, as the solutions are shown
    puzzle.stands, puzzle.rests_on = stands, rests_on
    puzzle.steps = assembly_steps
    puzzle.assemblable = lambda solution: assembler().possible(pieces_of(solution))
    return puzzle


def empty_board(name: str) -> tuple[list[str], dict]:
    """A named board with every cell open (``--board pyramid``), its layers in the text form."""
    try:
        shape = board_shape(name, "--board")
    except InvalidPuzzle as err:
        raise catalog.DataFileError(err.messages[0]) from None
    if shape.cells is None:
        raise catalog.DataFileError(f"--board: {name} is the cells typed; type its layers into a puzzle file")
    layers, _ = laid_out(shape, [])
    return text_rows(layers), {"board": shape.name}


#: Counts docs/3d.md quotes, by board: (all, up to symmetry), the board's own pieces.
KNOWN = {"pyramid": (26_720, 3_340), "soma": (11_520, 240)}


def named_boards() -> list[NamedBoard]:
    """The boards this family names, for ``xlsolver boards``: each named one with its layers drawn side by side,
    then the names that stand for many (``pyramid-N``, a box ``WxDxH``) and the boards of the cells typed."""
    listed = []
    for name, title in (("pyramid", "55-ball pyramid, 5 layers (IQ Puzzler Pro, Kanoodle)"),
                        ("soma", "Soma cube, 3 x 3 x 3"), ("bedlam", "Bedlam cube, 4 x 4 x 4")):
        shape = board_shape(name, "board")
        layers, _ = laid_out(shape, [])
        total, distinct = KNOWN.get(name, (None, None))
        listed.append(NamedBoard(name, title, OWN_PIECES[name], tuple(_beside(layers)), len(shape.cells), total,
                                 distinct, len(shape.lattice.symmetries(shape.cells))))
    return listed + [
        NamedBoard("pyramid-N", "a pyramid of balls N layers high (N x N at the bottom, 1 at the top)",
                   OWN_PIECES["pyramid"]),
        NamedBoard("WxDxH", "a box of cubes W wide, D deep, H high, such as 3x3x3", "the set of cubes that fills it"),
        NamedBoard("balls", "the balls typed in the layers, '.' a ball", OWN_PIECES["balls"]),
        NamedBoard("cubes", "the cubes typed in the layers, '.' a cube", "the set of cubes that fills them")]


def _beside(layers: list[list[str]]) -> list[str]:
    """Layers side by side, bottom first, two spaces between, top-aligned."""
    widths = [len(rows[0]) for rows in layers]
    return ["  ".join((rows[r] if r < len(rows) else "").ljust(width) for rows, width in zip(layers, widths)).rstrip()
            for r in range(max(map(len, layers)))]


# --- the workbook: its sheets and legend -------------------------------------------------------------------------

def legend(settings) -> list[Frame]:
    """The pieces of each set named (``settings["pieces"]``: a name or names), in their colours, each captioned with its
    set's name: a flat piece as it lies, a piece of cubes as its layers side by side, bottom first."""
    frames = []
    names = settings["pieces"]
    for name in [names] if isinstance(names, str) else names:
        pieces = catalog.piece_set(name)
        caption = pieces.title.split(" (")[0]
        for piece in pieces.pieces.values():
            frames.append(replace(piece_picture(piece, pieces.lattice), caption=caption))
    return frames


def piece_picture(piece, lattice) -> Frame:
    """A piece's cells in its colour: as they lie (a flat piece), or layer by layer side by side (cubes)."""
    drawn = Cell(piece.letter, piece.colour)
    if not isinstance(lattice, LayeredLattice):
        return Frame.of_cells({cell: drawn for cell in piece.cells})
    places = [lattice.position(cell) for cell in piece.cells]
    height, width = 1 + max(r for _, r, _ in places), 1 + max(c for _, _, c in places)
    layers = [Frame(tuple(tuple(drawn if (z, r, c) in places else GAP for c in range(width)) for r in range(height)))
              for z in range(1 + max(z for z, _, _ in places))]
    return side_by_side(layers)


def board_layers(board: str) -> Layers:
    """A named board's layers as a sheet lays them out (each layer's rows and columns, bottom first)."""
    layers, _ = laid_out(board_shape(board, "board"), [])
    return Layers(tuple((len(rows), len(rows[0])) for rows in layers))


def picture_cells(board: str, below: int) -> PictureCells:
    """Room for the board's solved shape seen flat (``views``), ``below`` rows under the top of the grids and
    under the solution grid: as big as the views of the whole board."""
    shape = board_shape(board, "board")
    blocks = tuple(Block(*shape.lattice.centre(cell), None) for cell in shape.cells)
    seen = side_by_side(views(Scene(shape.lattice.solid, blocks)))
    title = "Seen from above" if shape.lattice.solid == "balls" else "Seen from above, the front, the right"
    return PictureCells((below + 2, board_layers(board).cols + 1), seen.height, seen.width, title)


PYRAMID_SAMPLE = ("CCCCB", "CKBBB", "GKKBD", "GKLDL", "GGLLL", "", "AJJJ", "AJJF", "AAFD", "AFD.", "",
                  "HHH", "H.F", "HF.", "", "..", "..", "", ".")  # the booklet's challenge 81 (Starter)
#: A shape drawn for the Soma pieces on the Cubes sheet, as typed there ('.' a cube, a space an empty cell): steps
#: of three layers, 3 x 5, 3 x 3 and 3 x 1 cubes.
STEPS = (".....", ".....", ".....", "", "", "",
         "...", "...", "...", "", "", "",
         ".", ".", ".", "", "", "", "", "", "", "", "", "", "")


#: The row of a layered area's title, from its input grid's top: a setting cell there stands beside the title.
TITLE_ROW = -2 - LAYER_HEAD_ROWS


def filled(layers: Layers) -> tuple[str, ...]:
    """A box's grid as the Cubes sheet ships it: '.' (a cube to fill) in every cell of every layer."""
    return tuple(layers.spread(text_rows([["." * cols] * rows for rows, cols in layers.shapes])))


def unfilled(title: str) -> str:
    """The message for an empty cell of a box on the Cubes sheet, where an empty cell is not part of the shape."""
    return f"empty, but the {title} has a cube here; type '.' (a cube to fill) or a piece's letter"


def sheets() -> tuple[SheetSpec, ...]:
    pyramid, soma, bedlam = board_layers("pyramid"), board_layers("soma"), board_layers("bedlam")
    drawn = Layers(((5, 5),) * 5)
    flat = "".join(catalog.piece_set("iq-puzzler-pro").pieces)
    choose = SettingCell("pieces", (TITLE_ROW, 12), "iq-puzzler-pro", choices=("iq-puzzler-pro", "kanoodle"))
    legend_rows = legend_height({"pieces": ("iq-puzzler-pro", "kanoodle")})
    cube_legend_rows = legend_height({"pieces": ("soma", "bedlam")})
    return (
        SheetSpec(
            "Pyramid", "Sheet12", 11, "The pyramid: IQ Puzzler Pro and Kanoodle",
            "Type a challenge's pieces into the layers, bottom layer first (layer 1, 5 x 5, to layer 5, 1 x 1, left to "
            "right: a ball rests on four below it), choose the pieces and press Solve. Empty cells are balls to fill.",
            areas=(AreaSpec("Pyramid", "55-ball pyramid", pyramid.rows, pyramid.cols, layers=pyramid,
                            settings={"board": "pyramid"}, cells=(choose,), letters=flat, generate=True,
                            sample=tuple(pyramid.spread(PYRAMID_SAMPLE)), coloured=True,
                            picture=picture_cells("pyramid", pyramid.rows)),),
            legend={"pieces": ("iq-puzzler-pro", "kanoodle")}, areas_top=LEGEND_TOP + legend_rows + 1),
        SheetSpec(
            "Cubes", "Sheet13", 12, "Cubes: Soma, Bedlam, your own shape",
            "Each layer is a grid, bottom first, left to right. In every grid '.' is a cube to fill, a letter a piece "
            "placed, an empty cell no part of the shape (Soma and Bedlam come filled with '.'). Press Solve.",
            areas=(AreaSpec("Soma", "Soma cube (3 x 3 x 3)", soma.rows, soma.cols, layers=soma,
                            settings={"board": "soma", "pieces": "soma"}, letters="".join(_letters("soma")),
                            generate=True, picture=picture_cells("soma", soma.rows), empty=OUTSIDE,
                            sample=filled(soma), unfilled=unfilled("Soma cube"), coloured=True),
                   AreaSpec("Bedlam", "Bedlam cube (4 x 4 x 4)", bedlam.rows, bedlam.cols, layers=bedlam,
                            settings={"board": "bedlam", "pieces": "bedlam"}, letters="".join(_letters("bedlam")),
                            generate=True, picture=picture_cells("bedlam", bedlam.rows), empty=OUTSIDE,
                            sample=filled(bedlam), unfilled=unfilled("Bedlam cube"), coloured=True),
                   AreaSpec("Cubes", "Your shape (type . for each cube, a letter for a piece placed)", drawn.rows,
                            drawn.cols, layers=drawn, settings={"board": "cubes"}, empty=OUTSIDE,
                            cells=(SettingCell("pieces", (TITLE_ROW, 24), "soma", choices=("soma", "bedlam")),),
                            hint="Type . for a cube of the shape, a piece letter", coloured=True,
                            sample=tuple(drawn.spread(STEPS)), picture=picture_cells("5x5x5", drawn.rows))),
            legend={"pieces": ("soma", "bedlam")}, areas_top=LEGEND_TOP + cube_legend_rows + 1),
    )


def _letters(pieces: str) -> str:
    return "".join(catalog.piece_set(pieces).pieces)


def legend_height(settings) -> int:
    """The rows the legend of ``settings`` takes on a sheet (``sheets.legend_places``)."""
    return legend_places([(f.height, f.width, f.caption) for f in legend(settings)])[2]


def burrtools_file(puzzle: exact.CoverPuzzle) -> bytes:
    """A puzzle and the solution shown as a BurrTools file (``solve --xmpuzzle OUT``): the shape's cells the
    result, each piece a shape of its own taken once, the solution its one assembly (state 0: not all of them).
    Cubes go on BurrTools' cube grid, balls on its sphere grid (``geometry.burr_spheres``)."""
    from ..geometry import burr_grids, burr_spheres, xmpuzzle

    solution = puzzle.shown
    kind = puzzle.scene(solution).kind if puzzle.scene is not None else None
    if kind not in ("cubes", "balls"):
        raise Unsupported("only puzzles of cubes or balls are written as BurrTools files")
    placed = dict(puzzle.problem.labels[option] for option in solution)
    letters = sorted(placed)
    make = burr_grids.cube_file if kind == "cubes" else burr_spheres.ball_file
    file = make(frozenset().union(*placed.values()), [(letter, sorted(placed[letter])) for letter in letters],
                [[placed[letter] for letter in letters]],
                comment=f"Written by xlsolver: {puzzle.data.get('board', '')} with {puzzle.data.get('pieces', '')}")
    return xmpuzzle.to_bytes(file)


FAMILY = cover.family(name="solid", title="3D puzzles: IQ Puzzler Pro and Kanoodle pyramids, Soma and Bedlam cubes",
                      read=read, settings=(BOARD, PIECES), board=empty_board, has_board=is_board, boards=named_boards,
                      order=6, legend=legend, sheets=sheets, builds=True,
                      files=(FileForm(".xmpuzzle", "a BurrTools puzzle file", write=burrtools_file),))
