"""BurrTools' grids: how its voxels become cells of xlsolver's lattices, how its pieces turn, which symmetries of
a result shape it reduces by, and its numbering of the cube's rotations in an ``<assembly>``.

Two grids are read:

* **cubes** (grid 0): a voxel (x, y, z) is the cube ``(x, y, z)`` of ``lattice.CUBIC``.  A piece takes the 24
  rotations of the cube, never a mirror image.  BurrTools numbers them 0-23 (and the mirror images 24-47): number
  4a + b turns a piece b quarter turns about the x axis, then by the a-th of six turns that carry the x axis to
  +x, +z, -x, -z, +y, -y; number 24 + t mirrors x -> -x, then turns as t does.  Learnt from BurrTools'
  cube table (src/lib/tabs_0/rotmatrix.inc: row t is the matrix, read row by row); checked on the solutions the
  public files record (bench/burrtools.py).  A piece of shape S placed with rotation t at (x, y, z) fills the
  cells (x, y, z) + M_t (v - h), v a filled voxel of S and h its hotspot.
* **spheres** (grid 2): the voxels with x + y + z even are the centres of balls packed face-centred cubic (a
  ball touches the twelve at (+-1, +-1, 0) and the like).  The square layers z = const are the layers of
  ``lattice.SPHERES`` under (x, y, z) -> (x + y, x - y, z), so a BurrTools pyramid is xlsolver's pyramid.  A
  piece takes the turns of BurrTools' own numbered list that carry its balls onto balls: the cube's 24 rotations,
  and for one lying flat in a plane across a body diagonal (the balls of a triangular layer) every turn of that
  plane.  That list, its numbering and the placements it gives are ``burr_spheres``'.

A shape here is *marked*: each cell carries what tells it apart (a piece's constraint colour; a result cell's
state and colour), so orientations and symmetries keep colours where they are.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product

from . import burr_spheres, xmpuzzle
from .lattice import CUBIC, SPHERES, Coord, LayeredLattice, Transform

Marked = Mapping[Coord, object]  # cell -> its mark
Normal = tuple[tuple[Coord, ...], tuple[object, ...]]  # a marked shape in normal form: cells sorted, their marks

_X_QUARTER = ((1, 0, 0), (0, 0, -1), (0, 1, 0))
_BASES = (((1, 0, 0), (0, 1, 0), (0, 0, 1)),     # x stays
          ((0, 0, -1), (0, 1, 0), (1, 0, 0)),    # x to +z
          ((-1, 0, 0), (0, 1, 0), (0, 0, -1)),   # x to -x
          ((0, 0, 1), (0, 1, 0), (-1, 0, 0)),    # x to -z
          ((0, -1, 0), (1, 0, 0), (0, 0, 1)),    # x to +y
          ((0, 1, 0), (-1, 0, 0), (0, 0, 1)))    # x to -y
_MIRROR = ((-1, 0, 0), (0, 1, 0), (0, 0, 1))


def _product(a, b):
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3))


def _numbered() -> tuple[Transform, ...]:
    """BurrTools' 48 transformations of the cube grid, in its numbering (see the module's doc)."""
    rotations = []
    for base in _BASES:
        turned = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
        for _ in range(4):
            rotations.append(_product(base, turned))
            turned = _product(turned, _X_QUARTER)
    return tuple(Transform(m) for m in rotations + [_product(m, _MIRROR) for m in rotations])


#: BurrTools' transformation number t -> its matrix (0-23 rotations, 24-47 mirror images).
NUMBERED = _numbered()
ROTATIONS = NUMBERED[:24]
_HEX_NORMALS = ((1, 1, 1), (1, 1, -1), (1, -1, 1), (-1, 1, 1))


def normal(shape: Marked) -> Normal:
    """A marked shape translated so each coordinate's least value is 0, cells sorted: equal shapes compare equal."""
    return CUBIC.normalise_marked(list(shape), [shape[cell] for cell in shape])


def moved(shape: Marked, transform: Transform) -> dict[Coord, object]:
    return {transform(*cell): mark for cell, mark in shape.items()}


@dataclass(frozen=True)
class Symmetry:
    """A symmetry of a result shape: each cell's image, and whether it mirrors (then the pieces must be turned
    over, which only a piece set closed under mirror images allows)."""

    cells: dict[Coord, Coord]
    mirror: bool


@dataclass(frozen=True)
class Grid:
    """One of BurrTools' grids, as xlsolver reads it (see the module's doc)."""

    type: int
    name: str
    lattice: LayeredLattice  # where the answers are drawn
    numbered: bool  # orientation numbers of ``<assembly>`` text are read and written

    def cell(self, voxel: Coord) -> Coord:
        """A voxel as a cell of this grid's own coordinates (those orientations and symmetries are worked in)."""
        return voxel

    def is_cell(self, voxel: Coord) -> bool:
        return self.type != 2 or sum(voxel) % 2 == 0

    def drawn(self, cell: Coord) -> Coord:
        """A cell as a cell of ``lattice`` (before translating the whole shape into view: :meth:`drawn_all`)."""
        if self.type == 2:
            x, y, z = cell
            return x + y, x - y, z
        return cell

    def drawn_all(self, cells: Iterable[Coord]) -> dict[Coord, Coord]:
        """Each cell's place in ``lattice``, the whole translated so no layer, row or column is negative."""
        placed = {cell: self.drawn(cell) for cell in cells}
        if not placed:
            return {}
        low = self.lattice.corner(placed.values())
        return {cell: tuple(a - b for a, b in zip(image, low)) for cell, image in placed.items()}

    def orientations(self, shape: Marked) -> list[Normal]:
        """A piece's orientations (normal forms), each once, in the order of BurrTools' numbers on the grid."""
        if self.type == 2:
            return burr_spheres.orientations(shape)
        found: dict[Normal, None] = {}
        for transform in ROTATIONS:
            found.setdefault(normal(moved(shape, transform)), None)
        return list(found)

    def achiral(self, shape: Marked) -> bool:
        """Whether a piece's mirror image is one of its own orientations."""
        return normal(moved(shape, NUMBERED[24])) in set(self.orientations(shape))

    def mirrors(self, shape: Marked, other: Marked) -> bool:
        """Whether ``other`` is a mirror image of ``shape`` (turned any way)."""
        return normal(moved(other, NUMBERED[24])) in set(self.orientations(shape))

    def symmetries(self, shape: Marked) -> list[Symmetry]:
        """The transformations mapping a result onto itself (marks on marks) after a translation: the identity
        first, each map of cells once (a rotation where a rotation gives it)."""
        target = normal(shape)
        low = CUBIC.corner(shape)
        rotation_only = self.type == 2 and _flat_across_diagonal(shape)  # turning such a plane over is a rotation
        found: dict[tuple, Symmetry] = {}
        for index, transform in enumerate(NUMBERED):
            image = moved(shape, transform)
            if normal(image) != target:
                continue
            shift = tuple(a - b for a, b in zip(low, CUBIC.corner(image)))
            cells = {cell: tuple(a + b for a, b in zip(transform(*cell), shift)) for cell in shape}
            key = tuple(sorted(cells.items()))
            found.setdefault(key, Symmetry(cells, index >= 24 and not rotation_only))
        return list(found.values())

    def placed_cells(self, filled: Mapping[Coord, object], hotspot: Coord, placement: Sequence[int]
                     ) -> dict[Coord, object]:
        """The cells a piece fills, placed as an ``<assembly>`` says (x, y, z of its hotspot, turn t), on this grid."""
        return (burr_spheres.placed_cells if self.type == 2 else placed_cells)(filled, hotspot, placement)

    def placement_of(self, filled: Mapping[Coord, object], hotspot: Coord, cells: Mapping[Coord, object]
                     ) -> tuple[int, int, int, int]:
        """The ``<assembly>`` placement BurrTools writes for a piece filling ``cells``, on this grid."""
        return (burr_spheres.placement_of if self.type == 2 else placement_of)(filled, hotspot, cells)


def _flat_across_diagonal(shape: Marked) -> bool:
    """Whether the cells lie in one plane square to a body diagonal of the cube (a triangular layer of balls)."""
    cells = list(shape)
    first = cells[0]
    return any(all(sum(n * (c - f) for n, c, f in zip(normal_, cell, first)) == 0 for cell in cells)
               for normal_ in _HEX_NORMALS)


CUBES = Grid(0, "cubes", CUBIC, numbered=True)
BALLS = Grid(2, "spheres", SPHERES, numbered=True)
#: The grids xlsolver reads, by BurrTools' grid type.
GRIDS = {grid.type: grid for grid in (CUBES, BALLS)}


def placed_cells(filled: Mapping[Coord, object], hotspot: Coord, placement: Sequence[int]) -> dict[Coord, object]:
    """The cells (with their marks) a piece fills on the cube grid, placed as an ``<assembly>`` says: its
    hotspot at (x, y, z), turned by transformation t."""
    x, y, z, t = placement
    transform = NUMBERED[t]
    hx, hy, hz = hotspot
    return {tuple(a + b for a, b in zip((x, y, z), transform(vx - hx, vy - hy, vz - hz))): mark
            for (vx, vy, vz), mark in filled.items()}


def placement_of(filled: Mapping[Coord, object], hotspot: Coord, cells: Mapping[Coord, object]
                 ) -> tuple[int, int, int, int]:
    """The ``<assembly>`` placement (x, y, z, t) of a piece on the cube grid that fills ``cells`` (marked): the
    lowest rotation number that gives them, as BurrTools writes it.  ValueError if no rotation does."""
    wanted = normal(cells)
    low = CUBIC.corner(cells)
    hx, hy, hz = hotspot
    for t, transform in enumerate(ROTATIONS):
        relative = {transform(vx - hx, vy - hy, vz - hz): mark for (vx, vy, vz), mark in filled.items()}
        if normal(relative) == wanted:
            offset = tuple(a - b for a, b in zip(low, CUBIC.corner(relative)))
            return (*offset, t)
    raise ValueError("the cells are not the piece turned any way")


def cube_file(result: Iterable[Coord], pieces: Sequence[tuple[str, Sequence[Coord]]],
              solutions: Sequence[Sequence[Iterable[Coord]]], comment: str = "") -> xmpuzzle.Puzzle:
    """A BurrTools file of one problem on the cube grid: the result (every cell filled), each piece (a name and its
    cells) a shape taken once, and each solution (the cells each piece fills, in the order of ``pieces``) as an
    assembly; solved (state 2) when ``solutions`` are all of them is the caller's to say: here state 0."""
    cells = list(result)
    low = CUBIC.corner(cells)
    result_cells = [tuple(c - b for c, b in zip(cell, low)) for cell in cells]
    shapes = [_shape(result_cells, "result")]
    for name, piece in pieces:
        shapes.append(_shape(list(CUBIC.normalise(piece)), name))
    assemblies = []
    for solution in solutions:
        placements = []
        for shape, placed in zip(shapes[1:], solution):
            moved = {tuple(c - b for c, b in zip(cell, low)): 0 for cell in placed}
            placements.append(placement_of({v: 0 for v in shape.voxels}, shape.hotspot, moved))
        assemblies.append(tuple(placements))
    problem = xmpuzzle.Problem(tuple(xmpuzzle.Part(n, 1, 1) for n in range(1, len(shapes))), 0,
                               solutions=tuple(assemblies))
    return xmpuzzle.Puzzle(0, tuple(shapes), (problem,), comment=comment)


def _shape(cells: Sequence[Coord], name: str) -> xmpuzzle.Shape:
    size = tuple(1 + max(c[i] for c in cells) for i in range(3))
    return xmpuzzle.Shape(size, {cell: (xmpuzzle.FILLED, 0) for cell in cells}, name=name)


def signed_permutations() -> Iterable[tuple[tuple[int, ...], ...]]:
    """Every signed permutation matrix of size 3 (a check that :data:`NUMBERED` holds each once)."""
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        for signs in product((1, -1), repeat=3):
            yield tuple(tuple(signs[i] if j == perm[i] else 0 for j in range(3)) for i in range(3))


__all__ = ["Grid", "Symmetry", "Marked", "Normal", "NUMBERED", "ROTATIONS", "CUBES", "BALLS", "GRIDS", "normal",
           "moved", "placed_cells", "placement_of", "cube_file", "signed_permutations"]
