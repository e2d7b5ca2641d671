"""Lattices: where cells are, how a piece may turn, and which cells touch.

A cell is a tuple of integers; a lattice says which tuples are its cells, the
transforms a piece may take (integer matrices about the origin: the proper ones,
rotations, first, then those with a reflection), and the steps from a cell to its
neighbours.  Everything else (a shape's normal form, its orientations, its
placements on a board, a board's symmetries, connected groups of cells) is
written once here, for any dimension, so that a new lattice is a new subclass
and nothing more: the square grid (``SQUARE``), unit triangles (``TRIANGLE``) and
hexagons (``HEX``), each with a text layout (``PlaneLattice``), cubic space
(``CUBIC``) and the balls of a sphere pyramid in (2c + z, 2r + z, z) coordinates
(``SPHERES``).
A flat piece (a square-grid shape) takes its orientations in a 3D lattice from
the lattice's planes where balls or cubes again form a square grid.

Marks (a lamp, a road) ride along: orientations of cells that carry marks move
each mark with its cell.
"""
from __future__ import annotations

import math

from collections.abc import Iterable, Sequence
from functools import cached_property
from itertools import permutations, product
from operator import add, sub

Coord = tuple[int, ...]
Point = tuple[int, int]  # a square of the square grid: (row, col), row 0 at the top
Mark = str
Matrix = tuple[tuple[int, ...], ...]


class Transform:
    """An integer matrix acting on cells: ``transform(*cell)`` is the image of ``cell``."""

    __slots__ = ("matrix", "_apply")

    def __init__(self, matrix: Sequence[Sequence[int]]):
        self.matrix: Matrix = tuple(tuple(int(k) for k in row) for row in matrix)
        self._apply = self._compile  # written out on first use: every lattice's transforms are made at import

    def __call__(self, *cell: int) -> Coord:
        return self._apply(*cell)

    def _compile(self, *cell: int) -> Coord:
        self._apply = _compiled(len(self.matrix[0]), "({},)".format(", ".join(
            " + ".join(f"{k} * x{i}" for i, k in enumerate(row) if k) or "0" for row in self.matrix)))
        return self._apply(*cell)

    def then(self, other: Transform) -> Transform:
        """This transform followed by ``other`` (the matrix product ``other @ self``)."""
        columns = list(zip(*self.matrix))
        return Transform([[sum(a * b for a, b in zip(row, column)) for column in columns] for row in other.matrix])

    @property
    def determinant_sign(self) -> int:
        """+1 for a rotation, -1 for a transform with a reflection (signed permutation matrices and the like)."""
        return 1 if _determinant(self.matrix) > 0 else -1

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Transform) and self.matrix == other.matrix

    def __hash__(self) -> int:
        return hash(self.matrix)

    def __repr__(self) -> str:
        return f"Transform({self.matrix})"


def _determinant(matrix: Matrix) -> int:
    if len(matrix) == 1:
        return matrix[0][0]
    return sum((-1) ** j * matrix[0][j] * _determinant(tuple(row[:j] + row[j + 1:] for row in matrix[1:]))
               for j in range(len(matrix)) if matrix[0][j])


def _compiled(dimension: int, expression: str):
    """``lambda x0, x1, ...: expression``: the integer arithmetic of a transform written out once, as fast as a
    hand-written lambda (placements and orientations lie on the path of every Solve)."""
    return eval(f"lambda {', '.join(f'x{i}' for i in range(dimension))}: {expression}", {"__builtins__": {}})


def _mover(dimension: int):
    """``mover(anchor, offsets)``: the cells ``anchor + offset``, written out for ``dimension`` coordinates."""
    cell = ", ".join(f"a[{i}] + o[{i}]" for i in range(dimension))
    return eval(f"lambda a, offsets: [({cell},) for o in offsets]", {"__builtins__": {}})


class Lattice:
    """A lattice of integer cells: its transforms, its neighbour steps, and the geometry written over them.

    A subclass gives ``dimension``, ``transforms`` (the proper ones first, ``rotations`` of them) and ``steps``;
    it overrides ``__contains__`` when not every integer tuple is a cell.
    """

    name = "lattice"
    dimension: int
    transforms: tuple[Transform, ...]
    rotations: tuple[Transform, ...]
    steps: tuple[Coord, ...]  # from a cell to each of its neighbours
    #: The planes where the lattice's cells form a square grid, each as its two unit steps (row, column):
    #: where a flat piece may lie (with the lattice's rotations, which carry one such plane onto another).
    planes: tuple[tuple[Coord, Coord], ...] = ()

    @cached_property
    def mover(self):
        """``mover(anchor, offsets)``: the cells ``anchor + offset`` (placements' inner loop)."""
        return _mover(self.dimension)

    def __contains__(self, cell: object) -> bool:
        return isinstance(cell, tuple) and len(cell) == self.dimension and all(isinstance(x, int) for x in cell)

    def __repr__(self) -> str:
        return f"<{self.name} lattice>"

    def neighbours(self, cell: Coord) -> list[Coord]:
        return [tuple(map(add, cell, step)) for step in self.steps]

    @staticmethod
    def corner(cells: Iterable[Coord]) -> Coord:
        """The smallest value of each coordinate: what a normal form puts at the origin."""
        return tuple(map(min, zip(*cells)))

    def normalise(self, cells: Iterable[Coord]) -> tuple[Coord, ...]:
        """``cells`` translated so each coordinate's smallest value is 0; sorted.  Equal shapes compare equal."""
        cells = list(cells)
        low = self.corner(cells)
        return tuple(sorted(tuple(map(sub, cell, low)) for cell in cells))

    def normalise_marked(self, cells: Sequence[Coord], marks: Sequence[Mark]
                         ) -> tuple[tuple[Coord, ...], tuple[Mark, ...]]:
        """:meth:`normalise` of cells that carry marks (one per cell): (cells, marks), each mark on its cell."""
        low = self.corner(cells)
        pairs = sorted((tuple(map(sub, cell, low)), mark) for cell, mark in zip(cells, marks))
        return tuple(c for c, _ in pairs), tuple(m for _, m in pairs)

    def orientations(self, cells: Iterable[Coord], turn_over: bool = True, marks: Sequence[Mark] | None = None
                     ) -> list:
        """Distinct orientations of a shape (normal forms), in a stable order: the transforms' order.

        ``turn_over=False`` allows rotations only (one-sided pieces).  With ``marks`` (one per cell) each
        orientation is a pair (cells, marks), each mark still on its cell, and orientations that move only
        marks count as distinct.
        """
        cells = list(cells)
        seen: dict = {}
        for transform in self.transforms if turn_over else self.rotations:
            moved = [transform(*cell) for cell in cells]
            seen.setdefault(self.normalise(moved) if marks is None else self.normalise_marked(moved, marks), None)
        return list(seen)

    def flat_orientations(self, square_cells: Iterable[Coord]) -> list[tuple[Coord, ...]]:
        """Distinct orientations (normal forms) of a flat piece drawn on the square grid, in this lattice.

        Every transform of the square (a flat piece in space can always be turned over) times every plane
        the piece can lie in: the lattice's ``planes`` and their images under its rotations.
        """
        square_cells = list(square_cells)
        seen: dict = {}
        for row_step, col_step in self.planes:
            for transform in SQUARE.transforms:
                embedded = [tuple(r * a + c * b for a, b in zip(row_step, col_step))
                            for r, c in (transform(*cell) for cell in square_cells)]
                for rotation in self.rotations:
                    seen.setdefault(self.normalise(rotation(*cell) for cell in embedded), None)
        return list(seen)

    def translations(self, shape: Sequence[Coord], board: frozenset, order: Sequence[Coord] | None = None
                     ) -> list[list[Coord]]:
        """Every translation of ``shape`` that lies wholly on ``board``, its cells in the shape's order.

        The shape's first cell is anchored on each board cell in turn (``order``: the board sorted).
        """
        first = shape[0]
        offsets = [tuple(map(sub, cell, first)) for cell in shape]
        move, on_board = self.mover, board.issuperset
        return [moved for anchor in self.anchors(first, sorted(board) if order is None else order)
                if on_board(moved := move(anchor, offsets))]

    def anchors(self, first: Coord, cells: Sequence[Coord]) -> Sequence[Coord]:
        """The cells a shape's ``first`` cell may be moved onto: those a translation of the lattice carries it to
        (every cell, where any difference of two cells is one)."""
        return cells

    def placements(self, shapes: Iterable[Sequence[Coord]], board: frozenset) -> list[frozenset]:
        """Every translation of every orientation (in normal form) that lies wholly on ``board``."""
        order = sorted(board)
        return [frozenset(moved) for shape in shapes for moved in self.translations(shape, board, order)]

    def marked_placements(self, poses: Iterable[tuple[Sequence[Coord], Sequence[Mark]]], board: frozenset
                          ) -> list[dict[Coord, Mark]]:
        """:meth:`placements` of orientations that carry marks (``orientations(..., marks=...)``): cell -> mark."""
        order = sorted(board)
        return [dict(zip(moved, marks)) for shape, marks in poses for moved in self.translations(shape, board, order)]

    def symmetries(self, board: Iterable[Coord]) -> list[dict[Coord, Coord]]:
        """The symmetry group of a board: each symmetry as a map cell -> cell.

        A transform is a symmetry if it maps the board onto itself after a translation.  The identity is always
        first.  Transforms that move the cells alike (a flip of a one-row board is the identity) count once.
        """
        group = []
        for _, symmetry in self.transformed_symmetries(board):
            if symmetry not in group:
                group.append(symmetry)
        return group

    def transformed_symmetries(self, board: Iterable[Coord]) -> list[tuple[Transform, dict[Coord, Coord]]]:
        """Each transform that maps the board onto itself, with its map of cells (in the transforms' order).

        The transform tells what the symmetry does to a piece's shape: the map alone cannot on a one-line
        board, where a flip may move no cell.
        """
        board = list(board)
        target = self.normalise(board)
        low = self.corner(board)
        found = []
        for transform in self.transforms:
            moved = {cell: transform(*cell) for cell in board}
            if self.normalise(moved.values()) != target:
                continue
            shift = tuple(map(sub, low, self.corner(moved.values())))
            found.append((transform, {cell: tuple(map(add, image, shift)) for cell, image in moved.items()}))
        return found

    def shape_images(self, shapes: dict[str, Sequence[tuple[Coord, ...]]], transform: Transform
                     ) -> dict[str, str] | None:
        """Which piece each piece becomes under ``transform`` (``shapes``: each piece's orientations, normal
        forms), or None if some image is not in the set.

        Pieces with the same orientations are alike; alike pieces map onto the pieces alike to their image in
        the order of the set, so the maps compose as the transforms do.  A reflection of the cube swaps the
        Soma's two screws; a set that allows mirrors maps each piece to itself.
        """
        alike: dict[frozenset, list[str]] = {}
        for name, orientations in shapes.items():
            alike.setdefault(frozenset(orientations), []).append(name)
        images = {}
        for orientations, names in alike.items():
            image = frozenset(self.normalise(transform(*cell) for cell in shape) for shape in orientations)
            targets = alike.get(image, [])
            if len(targets) != len(names):
                return None
            images.update(zip(names, targets))
        return images

    def connected_components(self, cells: Iterable[Coord]) -> list[list[Coord]]:
        """Groups of cells joined by neighbour steps, each sorted, groups in sorted order of their first cell."""
        remaining = set(cells)
        groups = []
        for start in sorted(remaining):
            if start not in remaining:
                continue
            remaining.discard(start)
            group, frontier = [start], [start]
            while frontier:
                for near in self.neighbours(frontier.pop()):
                    if near in remaining:
                        remaining.discard(near)
                        group.append(near)
                        frontier.append(near)
            groups.append(sorted(group))
        return groups


class PlaneLattice(Lattice):
    """A lattice in the plane typed as text, one character per cell: the square grid, triangles, hexagons.

    The text layout maps character (row, col) of a drawing to a cell and back.  ``shift`` is a property of the
    drawing, not of the lattice: it moves the layout one column to the right (a triangle drawing whose first
    character points down, ``first: down``; a hexagon drawing whose cells stand at odd row + col).  Where a
    layout has no cell at a position (hexagons: every second column), :meth:`holds` says so and :meth:`cell`
    is not asked.  :meth:`corners` is a cell's polygon in picture coordinates (x right, y down, unit edge):
    with shift 0, the cell at row 0, column 0 touches both axes.
    """

    dimension = 2
    #: The orientations a cell may have (:meth:`orientation`): ("up", "down") for triangles, ("",) otherwise.
    orientation_names: tuple[str, ...] = ("",)

    def cell(self, row: int, col: int, shift: int = 0) -> Coord:
        """The cell character (row, col) of a drawing stands for."""
        raise NotImplementedError

    def position(self, cell: Coord, shift: int = 0) -> Point:
        """(row, col) of a cell in a drawing: the inverse of :meth:`cell`."""
        raise NotImplementedError

    def holds(self, row: int, col: int, shift: int = 0) -> bool:
        """Can character (row, col) of a drawing be a cell?  (Hexagons: at every second column only.)"""
        return True

    def orientation(self, cell: Coord) -> str:
        """How a cell points: "up" or "down" for a triangle, "" where all cells are alike."""
        return ""

    def corners(self, cell: Coord) -> tuple[tuple[float, float], ...]:
        """The cell's polygon, corners in order around it, in picture coordinates (x right, y down, unit edge)."""
        raise NotImplementedError

    def cells_from_art(self, lines: Sequence[str], is_cell, shift: int = 0) -> frozenset[Coord]:
        """The cells of text art: character ``c`` of line ``r`` is a cell if ``is_cell(ch)`` (positions that
        cannot hold a cell are skipped: a hexagon drawing's spaces between cells)."""
        return frozenset(self.cell(r, c, shift) for r, line in enumerate(lines) for c, ch in enumerate(line)
                         if is_cell(ch) and self.holds(r, c, shift))

    #: Does a cell's kind or place depend on the parity of its column (triangles, hexagons)?
    alternates = True

    def drawn(self, cells: Iterable[Coord]) -> tuple[dict[Coord, Point], int]:
        """The smallest drawing of ``cells``: each cell's (row, col), the top row and left column 0, and the
        drawing's shift (its cells are ``cell(row, col, shift)``, ``cells`` moved by a translation)."""
        placed = {cell: self.position(cell) for cell in cells}
        top = min(r for r, _ in placed.values())
        left = min(c for _, c in placed.values())
        return {cell: (r - top, c - left) for cell, (r, c) in placed.items()}, (top - left) % 2 if self.alternates else 0


class SquareLattice(PlaneLattice):
    """The square grid: cells ``(row, col)``, row 0 at the top; the 8 symmetries of the square (D4)."""

    name = "square"
    alternates = False
    #: The four rotations, then the four with a reflection; the order of orientations and symmetries.
    transforms = tuple(Transform(m) for m in (
        ((1, 0), (0, 1)),     # (r, c)
        ((0, 1), (-1, 0)),    # (c, -r)
        ((-1, 0), (0, -1)),   # (-r, -c)
        ((0, -1), (1, 0)),    # (-c, r)
        ((1, 0), (0, -1)),    # (r, -c)
        ((0, 1), (1, 0)),     # (c, r)
        ((-1, 0), (0, 1)),    # (-r, c)
        ((0, -1), (-1, 0)),   # (-c, -r)
    ))
    rotations = transforms[:4]
    steps = ((-1, 0), (1, 0), (0, -1), (0, 1))
    planes = (((1, 0), (0, 1)),)

    def cell(self, row: int, col: int, shift: int = 0) -> Coord:
        return row, col - shift

    def position(self, cell: Coord, shift: int = 0) -> Point:
        return cell[0], cell[1] + shift

    def corners(self, cell: Coord) -> tuple[tuple[float, float], ...]:
        r, c = cell
        return (c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)

    def cells_from_art(self, lines: Sequence[str], is_cell, shift: int = 0) -> frozenset[Point]:
        return frozenset((r, c - shift) for r, line in enumerate(lines) for c, ch in enumerate(line) if is_cell(ch))


#: The square grid of every sheet today.
SQUARE = SquareLattice()


class LayeredLattice(Lattice):
    """A lattice in three dimensions drawn as horizontal layers, bottom first: each layer a grid of rows and
    columns, as a text file or a sheet shows it.  A subclass says where layer z's row r, column c lies."""

    dimension = 3

    def cell(self, layer: int, row: int, col: int) -> Coord:
        raise NotImplementedError

    #: How a picture draws a cell: "cubes", "balls" or "prisms" (xlsolver.base.answer.Scene).
    solid = "cubes"
    #: The plane lattice a layer's drawing is laid out on, by name: "" the square grid (``Frame.lattice``).
    layer_lattice = ""

    def position(self, cell: Coord) -> tuple[int, int, int]:
        """(layer, row, column) of a cell: the inverse of :meth:`cell`."""
        raise NotImplementedError

    def centre(self, cell: Coord) -> tuple[float, float, float]:
        """Where a cell's centre is in space (x across, y towards the viewer, z up), one unit between the
        centres of touching cells: what a picture draws."""
        raise NotImplementedError

    def under(self, cell: Coord) -> tuple[Coord, ...]:
        """The cells a cell rests on (those in a shape hold it up; the floor, under layer 0, holds every cell)."""
        raise NotImplementedError

    def stands(self, cells: Iterable[Coord], shape: frozenset) -> bool:
        """Do ``cells`` stand by themselves in ``shape``: every one on the floor or on cells of ``shape`` that are
        among them?  (Pieces given in a 3D challenge must: a child places them first.)"""
        cells = set(cells)
        return all(below in cells or below not in shape for cell in cells for below in self.under(cell))

    def cells_from_layers(self, layers: Sequence[Sequence[str]], is_cell) -> frozenset:
        """The cells of drawn layers (bottom first) whose character satisfies ``is_cell``."""
        return frozenset(self.cell(z, r, c) for z, rows in enumerate(layers) for r, row in enumerate(rows)
                         for c, ch in enumerate(row) if is_cell(ch))

    def layers(self, cells: dict[Coord, str], blank: Sequence[Sequence[str]]) -> list[list[str]]:
        """``blank`` layers (bottom first) with ``cells``' characters written at their positions."""
        grid = [[list(row) for row in rows] for rows in blank]
        for cell, ch in cells.items():
            z, r, c = self.position(cell)
            grid[z][r][c] = ch
        return [["".join(row) for row in rows] for rows in grid]


def _signed_permutations(dimension: int) -> tuple[Transform, ...]:
    """Every signed permutation matrix: the symmetries of the cube in ``dimension``, rotations first."""
    found = [Transform([[sign[i] if col == perm[i] else 0 for col in range(dimension)] for i in range(dimension)])
             for perm in permutations(range(dimension)) for sign in product((1, -1), repeat=dimension)]
    return tuple(sorted(found, key=lambda t: -t.determinant_sign))  # stable: the identity stays first


class CubicLattice(LayeredLattice):
    """Cubic space: cells ``(x, y, z)`` = (column, row, layer); a piece takes the 24 rotations (its mirror image is
    another piece; a set that allows mirrors takes all 48), six neighbours."""

    name = "cubic"
    transforms = _signed_permutations(3)
    rotations = transforms[:24]
    steps = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
    planes = (((0, 1, 0), (1, 0, 0)),)

    def cell(self, layer: int, row: int, col: int) -> Coord:
        return col, row, layer

    def position(self, cell: Coord) -> tuple[int, int, int]:
        x, y, z = cell
        return z, y, x

    def under(self, cell: Coord) -> tuple[Coord, ...]:
        x, y, z = cell
        return ((x, y, z - 1),) if z else ()

    def centre(self, cell: Coord) -> tuple[float, float, float]:
        x, y, z = cell
        return float(x), float(y), float(z)

    @staticmethod
    def box(width: int, depth: int, height: int) -> frozenset:
        """The cells of a box ``width`` x ``depth`` x ``height`` (x, y, z)."""
        return frozenset(product(range(width), range(depth), range(height)))


class SphereLattice(LayeredLattice):
    """Balls stacked as in a square pyramid: the ball at layer z, row r, column c is (2c + z, 2r + z, z), resting on
    balls (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1) of layer z - 1.  The cells are the integer triples whose
    coordinates are all even or all odd.  Touching balls differ by (+-2, 0, 0), (0, +-2, 0) in a layer and by
    (+-1, +-1, +-1) between layers: twelve neighbours.

    A flat piece lies in a horizontal layer (unit steps (0, 2, 0) and (2, 0, 0)) or stands in a vertical plane
    along either diagonal of the base (unit steps (1, 1, 1) and (1, 1, -1), or (1, -1, 1) and (1, -1, -1)), where
    the balls again form a square grid; any other two touching directions meet at 60 degrees.  The transforms are
    the 8 symmetries of the square base about the vertical axis (rotations first): a pyramid's symmetries.
    """

    name = "spheres"
    transforms = tuple(Transform([[a, b, 0], [c, d, 0], [0, 0, 1]]) for (a, b), (c, d) in
                       (t.matrix for t in SQUARE.transforms))
    rotations = transforms[:4]
    steps = ((2, 0, 0), (-2, 0, 0), (0, 2, 0), (0, -2, 0)) + tuple(product((1, -1), repeat=3))
    planes = (((0, 2, 0), (2, 0, 0)), ((1, 1, 1), (1, 1, -1)), ((1, -1, 1), (1, -1, -1)))

    def __contains__(self, cell: object) -> bool:
        return super().__contains__(cell) and cell[0] % 2 == cell[1] % 2 == cell[2] % 2

    @staticmethod
    def corner(cells: Iterable[Coord]) -> Coord:
        """The ball below and before every cell (each coordinate at most the cells' smallest, all of one parity):
        normal forms stay balls, and equal shapes compare equal."""
        x, y, z = map(min, zip(*cells))
        return x - (x - z) % 2, y - (y - z) % 2, z

    def cell(self, layer: int, row: int, col: int) -> Coord:
        return 2 * col + layer, 2 * row + layer, layer

    solid = "balls"

    def position(self, cell: Coord) -> tuple[int, int, int]:
        x, y, z = cell
        return z, (y - z) // 2, (x - z) // 2

    def under(self, cell: Coord) -> tuple[Coord, ...]:
        x, y, z = cell
        return tuple((x + dx, y + dy, z - 1) for dx in (-1, 1) for dy in (-1, 1)) if z else ()

    def centre(self, cell: Coord) -> tuple[float, float, float]:
        """Balls of diameter 1: (2, 0, 0) apart in a layer is 1 across, (1, 1, 1) to a ball above is
        (0.5, 0.5, h) with h = sqrt(1/2), so that they touch."""
        x, y, z = cell
        return x / 2, y / 2, z * math.sqrt(0.5)

    def pyramid(self, height: int = 5) -> frozenset:
        """The balls of a square pyramid ``height`` layers high: layers height x height, ..., 1 x 1."""
        return frozenset(self.cell(z, r, c) for z in range(height)
                         for r in range(height - z) for c in range(height - z))


#: Cubic space: Soma, Bedlam, any box or drawn set of cubes.
CUBIC = CubicLattice()
#: Balls stacked in square layers: the 55-ball pyramid of IQ Puzzler Pro and Kanoodle, any ball set drawn by layers.
SPHERES = SphereLattice()
def _hexagonal_group(reflection: Matrix) -> tuple[Transform, ...]:
    """The 12 symmetries of a hexagon about the origin (rotations first) in a basis where a turn by 60 degrees is
    (a, b) -> (-b, a + b), ``reflection`` one of the mirrors."""
    turn, flip = Transform(((0, -1), (1, 1))), Transform(reflection)
    rotations = [Transform(((1, 0), (0, 1)))]
    for _ in range(5):
        rotations.append(rotations[-1].then(turn))
    return tuple(rotations) + tuple(flip.then(rotation) for rotation in rotations)


_HALF_ROOT3 = math.sqrt(3) / 2


class TriangleLattice(PlaneLattice):
    """Unit triangles of the triangular grid.  The grid's vertices are a + b/2 across and b h down (h = sqrt(3)/2,
    the skew basis e1 = (1, 0), e2 = (1/2, h)); a triangle is 3 times its centroid in that basis: the one pointing
    down with vertices (a, b), (a + 1, b), (a, b + 1) is (3a + 1, 3b + 1), the one pointing up with vertices
    (a + 1, b), (a, b + 1), (a + 1, b + 1) is (3a + 2, 3b + 2).  The cells are the integer pairs with x = y
    (mod 3) and x not a multiple of 3; translations move by multiples of 3, so :meth:`corner` keeps to them.

    Each triangle has three neighbours (an up one's are a down one's steps reversed), six rotations about a vertex,
    (a, b) -> (-b, a + b) turning an up triangle into a down one, and six mirrors (the first swaps a and b).

    Text: line r is the strip b = r; with shift 0 (``first: up``) character (r, c) points up when r + c is even:
    up triangle a at column 2a + r, down triangle a at 2a + r - 1.  The character below an up triangle is the
    down triangle sharing its horizontal edge; left and right neighbours share the slanted edges.
    """

    name = "triangle"
    orientation_names = ("up", "down")
    transforms = _hexagonal_group(((0, 1), (1, 0)))
    rotations = transforms[:6]
    UP_STEPS = ((-1, -1), (2, -1), (-1, 2))  # to the down triangles left, right and below
    DOWN_STEPS = ((1, 1), (-2, 1), (1, -2))  # to the up triangles right, left and above
    steps = UP_STEPS + DOWN_STEPS  # from either kind; ``neighbours`` takes a cell's own three
    #: ``first:`` in a drawing, as a layout's shift.
    FIRST = {"up": 0, "down": 1}

    def __contains__(self, cell: object) -> bool:
        return super().__contains__(cell) and cell[0] % 3 == cell[1] % 3 != 0

    def neighbours(self, cell: Coord) -> list[Coord]:
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in (self.UP_STEPS if x % 3 == 2 else self.DOWN_STEPS)]

    def anchors(self, first: Coord, cells: Sequence[Coord]) -> Sequence[Coord]:
        """Triangles pointing as ``first`` does: an up triangle moved onto a down one is no translation of the
        grid (a shape of one triangle would land on both)."""
        kind = first[0] % 3
        return [cell for cell in cells if cell[0] % 3 == kind]

    @staticmethod
    def corner(cells: Iterable[Coord]) -> Coord:
        """Each coordinate's smallest value rounded down to a multiple of 3: normal forms stay triangles, and
        equal shapes compare equal."""
        x, y = map(min, zip(*cells))
        return x - x % 3, y - y % 3

    def orientation(self, cell: Coord) -> str:
        return "up" if cell[0] % 3 == 2 else "down"

    def cell(self, row: int, col: int, shift: int = 0) -> Coord:
        col -= shift
        if (row + col) % 2 == 0:
            return 3 * ((col - row) // 2) + 2, 3 * row + 2
        return 3 * ((col - row + 1) // 2) + 1, 3 * row + 1

    def position(self, cell: Coord, shift: int = 0) -> Point:
        x, y = cell
        row = y // 3
        return row, 2 * (x // 3) + row - (x % 3 == 1) + shift

    def corners(self, cell: Coord) -> tuple[tuple[float, float], ...]:
        x, y = cell
        a, b = x // 3, y // 3
        vertices = ((a, b), (a + 1, b), (a, b + 1)) if x % 3 == 1 else ((a + 1, b), (a + 1, b + 1), (a, b + 1))
        return tuple((p + q / 2 - 0.5, q * _HALF_ROOT3) for p, q in vertices)


class HexLattice(PlaneLattice):
    """Hexagons in axial coordinates (q, r): r the line, q along it; six neighbours (+-1, 0), (0, +-1), (1, -1),
    (-1, 1); six rotations about a hexagon's centre, (q, r) -> (-r, q + r) by 60 degrees, and six mirrors (the
    first (q, r) -> (q + r, -r), along the line).  Every integer pair is a cell.

    Text, the doubled-width layout: a hexagon stands at every second column, each line shifted by one column; with
    shift 0 the cells are at even row + col, q = (col - row) / 2.  A cell touches the cells two columns left and
    right on its line and one column left and right on the lines above and below.  Hexagons point up: (x right,
    y down, unit edge) a line is 1.5 below the last, a column sqrt(3)/2 across.
    """

    name = "hex"
    transforms = _hexagonal_group(((1, 1), (0, -1)))
    rotations = transforms[:6]
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

    def holds(self, row: int, col: int, shift: int = 0) -> bool:
        return (row + col - shift) % 2 == 0

    def cell(self, row: int, col: int, shift: int = 0) -> Coord:
        return (col - shift - row) // 2, row

    def position(self, cell: Coord, shift: int = 0) -> Point:
        q, r = cell
        return r, 2 * q + r + shift

    def corners(self, cell: Coord) -> tuple[tuple[float, float], ...]:
        q, r = cell
        x, y = (2 * q + r + 1) * _HALF_ROOT3, 1.5 * r + 1
        return ((x, y - 1), (x + _HALF_ROOT3, y - 0.5), (x + _HALF_ROOT3, y + 0.5), (x, y + 1),
                (x - _HALF_ROOT3, y + 0.5), (x - _HALF_ROOT3, y - 0.5))

    @staticmethod
    def shift_of(rows: Sequence[str], is_cell) -> int:
        """A drawing's shift: the parity of row + col of its first cell in reading order (0 if it has none)."""
        return next(((r + c) % 2 for r, line in enumerate(rows) for c, ch in enumerate(line) if is_cell(ch)), 0)


#: Unit triangles: polyiamonds.
TRIANGLE = TriangleLattice()


class PrismLattice(LayeredLattice):
    """Triangular prisms: layers of unit triangles stacked one on another (BurrTools' second grid).  A cell is a
    triangle of :data:`TRIANGLE` and its layer, ``(x, y, z)``; it touches the three triangles beside it in its
    layer and the prisms above and below it.  Its 24 transforms keep the layers level: a triangle's 12 times
    z -> +-z, the rotations (a turn of the layer, or a turn of it over with z reversed) first.  A layer is drawn
    as triangle text (``first: up``), and the prisms are a unit high, a triangle's edge across."""

    name = "prisms"
    solid = "prisms"
    layer_lattice = "triangle"
    transforms = tuple(sorted((Transform(((a, b, 0), (c, d, 0), (0, 0, sign)))
                               for (a, b), (c, d) in (t.matrix for t in TRIANGLE.transforms) for sign in (1, -1)),
                              key=lambda t: -t.determinant_sign))
    rotations = transforms[:12]
    steps = tuple((*step, 0) for step in TRIANGLE.steps) + ((0, 0, 1), (0, 0, -1))

    def __contains__(self, cell: object) -> bool:
        return Lattice.__contains__(self, cell) and cell[:2] in TRIANGLE

    def neighbours(self, cell: Coord) -> list[Coord]:
        x, y, z = cell
        return [(a, b, z) for a, b in TRIANGLE.neighbours((x, y))] + [(x, y, z + 1), (x, y, z - 1)]

    def anchors(self, first: Coord, cells: Sequence[Coord]) -> Sequence[Coord]:
        """Prisms whose triangle points as ``first``'s does (see :meth:`TriangleLattice.anchors`)."""
        kind = first[0] % 3
        return [cell for cell in cells if cell[0] % 3 == kind]

    @staticmethod
    def corner(cells: Iterable[Coord]) -> Coord:
        """The triangles' corner (:meth:`TriangleLattice.corner`) and the lowest layer."""
        x, y, z = map(min, zip(*cells))
        return x - x % 3, y - y % 3, z

    def cell(self, layer: int, row: int, col: int) -> Coord:
        return (*TRIANGLE.cell(row, col), layer)

    def position(self, cell: Coord) -> tuple[int, int, int]:
        x, y, z = cell
        return (z, *TRIANGLE.position((x, y)))

    def under(self, cell: Coord) -> tuple[Coord, ...]:
        x, y, z = cell
        return ((x, y, z - 1),) if z else ()

    def centre(self, cell: Coord) -> tuple[float, float, float]:
        """The triangle's centroid (x across, y down the drawing, a unit edge) and its layer."""
        corners = TRIANGLE.corners(cell[:2])
        return sum(p for p, _ in corners) / 3, sum(q for _, q in corners) / 3, float(cell[2])


#: Triangular prisms: BurrTools' triangular-prism grid.
PRISMS = PrismLattice()


class RhombicLattice(LayeredLattice):
    """Cubes each cut into 24 pieces (BurrTools' "rhombic" grid, from which rhombic dodecahedra are built): a cube
    is a block of 5 x 5 x 5 integer points, centred on a multiple of 5, and a cell is one of its points whose
    offsets from the centre are 0, +-1 and +-2 in some order (24 of them: each face of the cube cut into four
    triangles, each the base of a pyramid to the cube's centre).  The cube's 48 symmetries (rotations first) map
    cells onto cells; translations move by whole cubes.  Drawn as the points' layers (five a cube); no picture in
    space (``solid`` empty)."""

    name = "rhombic"
    solid = ""
    SIDE = 5
    transforms = CUBIC.transforms
    rotations = CUBIC.rotations
    steps = ()  # which cells touch is not needed to place pieces

    def __contains__(self, cell: object) -> bool:
        if not Lattice.__contains__(self, cell):
            return False
        return sorted(abs((c + 2) % self.SIDE - 2) for c in cell) == [0, 1, 2]

    def anchors(self, first: Coord, cells: Sequence[Coord]) -> Sequence[Coord]:
        """Cells at the same place in their cube as ``first``: only whole cubes are translations."""
        return [cell for cell in cells if all((a - b) % self.SIDE == 0 for a, b in zip(cell, first))]

    @classmethod
    def corner(cls, cells: Iterable[Coord]) -> Coord:
        """The centre of the cube at the least corner: normal forms move by whole cubes."""
        return tuple(cls.SIDE * ((low + 2) // cls.SIDE) for low in map(min, zip(*cells)))

    def cell(self, layer: int, row: int, col: int) -> Coord:
        return col - 2, row - 2, layer - 2

    def position(self, cell: Coord) -> tuple[int, int, int]:
        x, y, z = cell
        return z + 2, y + 2, x + 2

    def under(self, cell: Coord) -> tuple[Coord, ...]:
        return ()

    def centre(self, cell: Coord) -> tuple[float, float, float]:
        return tuple(c / self.SIDE for c in cell)


#: Cubes cut into 24 pyramids: BurrTools' rhombic grid.
RHOMBIC = RhombicLattice()


class TetraOctaLattice(LayeredLattice):
    """Space filled with regular tetrahedra and octahedra (BurrTools' "tetrahedra-octahedra" grid).  BurrTools
    keeps its cells on a raster of 3 x 3 x 3 blocks: the middle point of each block (an octahedron) and four of its
    corners (tetrahedra): (0, 0, 0), (2, 2, 0), (0, 2, 2), (2, 0, 2) in a block whose indices add up odd, the other
    four corners in one whose indices add up even.  Here a point p of that raster is the cell 2p + 1, so that the
    cube's 48 symmetries (rotations first) are matrices; translations move by whole blocks (6 in a coordinate
    here), the blocks' indices changing by an even sum.  Drawn as the raster's layers; no picture in space."""

    name = "tetra-octa"
    solid = ""
    transforms = CUBIC.transforms
    rotations = CUBIC.rotations
    steps = ()

    @staticmethod
    def point(cell: Coord) -> Coord:
        """The raster point a cell stands for."""
        return tuple((c - 1) // 2 for c in cell)

    def __contains__(self, cell: object) -> bool:
        if not Lattice.__contains__(self, cell) or any(c % 2 == 0 for c in cell):
            return False
        blocks, places = zip(*(divmod(p, 3) for p in self.point(cell)))
        if places == (1, 1, 1):
            return True
        if 1 in places:
            return False
        return (sum(places) // 2 % 2 == 1) == (sum(blocks) % 2 == 0)

    def anchors(self, first: Coord, cells: Sequence[Coord]) -> Sequence[Coord]:
        """Cells a translation carries ``first`` to: by 6 in each coordinate, the block indices by an even sum."""
        return [cell for cell in cells
                if all((a - b) % 6 == 0 for a, b in zip(cell, first)) and sum(a - b for a, b in zip(cell, first)) % 12 == 0]

    @staticmethod
    def corner(cells: Iterable[Coord]) -> Coord:
        """A translation's worth of the least corner: each coordinate's least rounded down to a multiple of 6, then
        x moved down 6 more where the blocks' indices add up odd."""
        low = [6 * (m // 6) for m in map(min, zip(*cells))]
        if sum(low) // 6 % 2:
            low[0] -= 6
        return tuple(low)

    def cell(self, layer: int, row: int, col: int) -> Coord:
        return 2 * col + 1, 2 * row + 1, 2 * layer + 1

    def position(self, cell: Coord) -> tuple[int, int, int]:
        x, y, z = self.point(cell)
        return z, y, x

    def under(self, cell: Coord) -> tuple[Coord, ...]:
        return ()

    def centre(self, cell: Coord) -> tuple[float, float, float]:
        return tuple(c / 6 for c in cell)


#: Tetrahedra and octahedra: BurrTools' tetrahedra-octahedra grid.
TETRA_OCTA = TetraOctaLattice()
#: Hexagons: polyhexes.
HEX = HexLattice()
def drawn_corners(name: str, shift: int, row: int, col: int) -> tuple[tuple[float, float], ...] | None:
    """The polygon of character (row, col) of a drawing on the plane lattice ``name`` laid out with ``shift`` (a
    ``Frame``'s ``lattice`` and ``shift``), or None where no cell can stand: what a picture draws
    (``pictures.polygons.Corners``)."""
    lattice = LATTICES.get(name or "square")
    if not isinstance(lattice, PlaneLattice) or not lattice.holds(row, col, shift):
        return None
    return lattice.corners(lattice.cell(row, col, shift))


#: Every lattice by the name a data file gives it (``lattice:``).
LATTICES = {lattice.name: lattice for lattice in (SQUARE, TRIANGLE, HEX, CUBIC, SPHERES, PRISMS, RHOMBIC,
                                                      TETRA_OCTA)}
