"""BurrTools' grids: how its voxels become cells of xlsolver's lattices, how its pieces turn, which symmetries of
a result shape it reduces by, and its numbering of the rotations in an ``<assembly>``.

Every grid is read:

* **cubes** (grid 0): a voxel (x, y, z) is the cube ``(x, y, z)`` of ``lattice.CUBIC``.  A piece takes the 24
  rotations of the cube, never a mirror image.  BurrTools numbers them 0-23 (and the mirror images 24-47): number
  4a + b turns a piece b quarter turns about the x axis, then by the a-th of six turns that carry the x axis to
  +x, +z, -x, -z, +y, -y; number 24 + t mirrors x -> -x, then turns as t does.  Learnt from BurrTools'
  cube table (src/lib/tabs_0/rotmatrix.inc: row t is the matrix, read row by row); checked on the solutions the
  public files record (bench/burrtools.py).  A piece of shape S placed with rotation t at (x, y, z) fills the
  cells (x, y, z) + M_t (v - h), v a filled voxel of S and h its hotspot.
* **triangular prisms** (grid 1): a voxel (x, y, z) stands on a unit triangle, pointing up (BurrTools' y runs up)
  where x + y is even; x steps half an edge along a line, y a row up, z a layer.  Voxel (0, 0, 0) stands on the
  corners (0, 0), (1, 0), (1/2, h): BurrTools' origin, and the origin of ``lattice.PRISMS`` here, so the turns of
  both are about one point.  A piece takes 12 rotations; BurrTools numbers them t = 0-5 (60t degrees about the
  vertical axis, counter-clockwise with y up), 6-11 (half a turn about the y axis first), and the mirror images
  12 + t (x -> -x first).  Learnt from its prism table (src/lib/tabs_1/rotmatrix.inc) and checked on the
  assemblies the public files record (bench/burrtools.py: Bermuda and Prisgon's two problems).
* **spheres** (grid 2): the voxels with x + y + z even are the centres of balls packed face-centred cubic (a
  ball touches the twelve at (+-1, +-1, 0) and the like).  The square layers z = const are the layers of
  ``lattice.SPHERES`` under (x, y, z) -> (x + y, x - y, z), so a BurrTools pyramid is xlsolver's pyramid.  A
  piece takes the turns of BurrTools' own numbered list that carry its balls onto balls: the cube's 24 rotations,
  and for one lying flat in a plane across a body diagonal (the balls of a triangular layer) every turn of that
  plane.  That list, its numbering and the placements it gives are ``burr_spheres``'.

* **rhombic** (grid 3) and **tetrahedra-octahedra** (grid 4): cubes cut finer, on a raster of 5 (3) voxels a
  cube (block): ``lattice.RHOMBIC`` and ``lattice.TETRA_OCTA`` say which voxels are cells.  Pieces turn by the cube
  grid's numbers (BurrTools turns them as cubes of the raster) and move by whole cubes (blocks whose indices change
  by an even sum).  The cells are the voxels moved so that the cube's symmetries are matrices: by (-2, -2, -2) on
  the rhombic grid, to 2v + 1 on the other.

A placement (x, y, z, t) puts a piece's hotspot h, turned by t, on voxel (x, y, z): on every grid its voxels v
fill the cells (x, y, z) + M_t v - M_t h, worked in the grid's ``space``.

A shape here is *marked*: each cell carries what tells it apart (a piece's constraint colour; a result cell's
state and colour), so orientations and symmetries keep colours where they are.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product

from . import burr_spheres, xmpuzzle
from .lattice import CUBIC, PRISMS, RHOMBIC, SPHERES, TETRA_OCTA, TRIANGLE, Coord, Lattice, LayeredLattice, Transform

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


def _prism_numbered() -> tuple[Transform, ...]:
    """BurrTools' 24 transformations of the prism grid, in its numbering, as matrices of ``PRISMS`` (see the
    module's doc): t = 0-5 turns by 60t degrees, 6-11 turn over about the y axis first, 12 + t mirrors first."""
    turn = Transform(((1, 1, 0), (-1, 0, 0), (0, 0, 1)))  # 60 degrees counter-clockwise, BurrTools' y up
    over = Transform(((-1, -1, 0), (0, 1, 0), (0, 0, -1)))  # half a turn about the y axis: x -> -x, z -> -z
    mirror = Transform(((-1, -1, 0), (0, 1, 0), (0, 0, 1)))  # x -> -x
    turns = [Transform(((1, 0, 0), (0, 1, 0), (0, 0, 1)))]
    for _ in range(5):
        turns.append(turns[-1].then(turn))
    rotations = turns + [over.then(t) for t in turns]
    return tuple(rotations) + tuple(mirror.then(t) for t in rotations)


def _identity(voxel: Coord) -> Coord:
    return voxel


def _prism_cell(voxel: Coord) -> Coord:
    """A prism voxel as a cell of ``PRISMS``: BurrTools' y runs up, a drawing's rows down, and BurrTools' origin
    (the lower left corner of voxel (0, 0, 0)) is the lattice's, so that both turn about the same point."""
    x, y, z = voxel
    a, b = TRIANGLE.cell(-y, x)
    return a, b - 3, z


def _prism_voxel(cell: Coord) -> Coord:
    x, y, z = cell
    _, row, col = PRISMS.position((x, y + 3, z))
    return col, -row, z


def _rhombic_cell(voxel: Coord) -> Coord:
    """A voxel of the rhombic grid as a cell of ``RHOMBIC``: each cube of 5 x 5 x 5 voxels centred on the origin's
    multiples of 5."""
    return tuple(v - 2 for v in voxel)


def _rhombic_voxel(cell: Coord) -> Coord:
    return tuple(c + 2 for c in cell)


def _doubled_cell(voxel: Coord) -> Coord:
    """A voxel of the tetrahedra-octahedra grid as a cell of ``TETRA_OCTA`` (2v + 1: its mirrors are matrices)."""
    return tuple(2 * v + 1 for v in voxel)


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
    space: Lattice  # where a voxel's cell lies: orientations and symmetries are worked there
    transforms: tuple[Transform, ...]  # the rotations, then as many mirror images: BurrTools' numbers if numbered
    numbered: bool  # orientation numbers of ``<assembly>`` text are read and written
    to_cell: Callable[[Coord], Coord] = _identity
    to_voxel: Callable[[Coord], Coord] = _identity  # the inverse of ``to_cell``
    off_grid: str = ""  # which voxels are cells, where not every one is: said of a voxel that is not

    def cell(self, voxel: Coord) -> Coord:
        """A voxel as a cell of this grid's ``space`` (where orientations and symmetries are worked)."""
        return self.to_cell(voxel)

    def is_cell(self, voxel: Coord) -> bool:
        """Is the voxel a cell of this grid (``off_grid`` says which are)?"""
        return self.to_cell(voxel) in self.space

    @property
    def rotations(self) -> tuple[Transform, ...]:
        return self.transforms[:len(self.transforms) // 2]

    @property
    def mirror(self) -> Transform:
        """The first mirror image (x -> -x): a shape and its image under it are mirror images."""
        return self.transforms[len(self.transforms) // 2]

    def normal(self, shape: Marked) -> Normal:
        """A marked shape translated to the space's corner, cells sorted: equal shapes compare equal."""
        return self.space.normalise_marked(list(shape), [shape[cell] for cell in shape])

    def drawn(self, cell: Coord) -> Coord:
        """A cell as a cell of ``lattice`` (before translating the whole shape into view: :meth:`drawn_all`)."""
        return cell

    def drawn_all(self, cells: Iterable[Coord]) -> dict[Coord, Coord]:
        """Each cell's place in ``lattice``, the whole translated so no layer, row or column is negative."""
        placed = {cell: self.drawn(cell) for cell in cells}
        if not placed:
            return {}
        low = self.lattice.corner(placed.values())
        return {cell: tuple(a - b for a, b in zip(image, low)) for cell, image in placed.items()}

    def orientations(self, shape: Marked) -> list[Normal]:
        """A piece's orientations (normal forms), each once, in the order of BurrTools' numbers."""
        found: dict[Normal, None] = {}
        for transform in self.rotations:
            found.setdefault(self.normal(moved(shape, transform)), None)
        return list(found)

    def achiral(self, shape: Marked) -> bool:
        """Whether a piece's mirror image is one of its own orientations."""
        return self.normal(moved(shape, self.mirror)) in set(self.orientations(shape))

    def mirrors(self, shape: Marked, other: Marked) -> bool:
        """Whether ``other`` is a mirror image of ``shape`` (turned any way)."""
        return self.normal(moved(other, self.mirror)) in set(self.orientations(shape))

    def symmetries(self, shape: Marked) -> list[Symmetry]:
        """The transformations mapping a result onto itself (marks on marks) after a translation: the identity
        first, each map of cells once (a rotation where a rotation gives it)."""
        target = self.normal(shape)
        low = self.space.corner(shape)
        rotation_only = self.mirrors_are_turns(shape)
        half = len(self.transforms) // 2
        found: dict[tuple, Symmetry] = {}
        for index, transform in enumerate(self.transforms):
            image = moved(shape, transform)
            if self.normal(image) != target:
                continue
            shift = tuple(a - b for a, b in zip(low, self.space.corner(image)))
            cells = {cell: tuple(a + b for a, b in zip(transform(*cell), shift)) for cell in shape}
            key = tuple(sorted(cells.items()))
            found.setdefault(key, Symmetry(cells, index >= half and not rotation_only))
        return list(found.values())

    def placed_cells(self, filled: Mapping[Coord, object], hotspot: Coord, placement: Sequence[int]
                     ) -> dict[Coord, object]:
        """The voxels (with their marks) a piece fills, placed as an ``<assembly>`` says: its voxels turned by
        transformation t, then moved so the turned hotspot lands on (x, y, z)."""
        x, y, z, t = placement
        if not 0 <= t < len(self.transforms):
            raise ValueError(f"orientation number {t} is not one of the {self.name} grid's "
                             f"0-{len(self.transforms) - 1}")
        transform = self.transforms[t]
        turned_hotspot = transform(*self.cell(hotspot))
        at = self.cell((x, y, z))
        shift = tuple(a - b for a, b in zip(at, turned_hotspot))
        return {self.to_voxel(tuple(a + b for a, b in zip(transform(*self.cell(voxel)), shift))): mark
                for voxel, mark in filled.items()}

    def placement_of(self, filled: Mapping[Coord, object], hotspot: Coord, cells: Mapping[Coord, object]
                     ) -> tuple[int, int, int, int]:
        """The ``<assembly>`` placement (x, y, z, t) of a piece (its voxels ``filled``, marked) that fills
        ``cells`` (cells of ``space``, marked): the lowest rotation number that gives them, as BurrTools writes
        it.  ValueError if no rotation does."""
        wanted = self.normal(cells)
        low = self.space.corner(cells)
        for t, transform in enumerate(self.rotations):
            turned = {transform(*self.cell(voxel)): mark for voxel, mark in filled.items()}
            if self.normal(turned) == wanted:
                shift = tuple(a - b for a, b in zip(low, self.space.corner(turned)))
                at = tuple(a + b for a, b in zip(transform(*self.cell(hotspot)), shift))
                return (*self.to_voxel(at), t)
        raise ValueError("the cells are not the piece turned any way")


    def mirrors_are_turns(self, shape: Marked) -> bool:
        """Whether the grid turns ``shape`` onto its mirror images (then a result's mirror symmetries need no piece
        turned over)."""
        return False


class SphereGrid(Grid):
    """The sphere grid: voxels with x + y + z even, drawn in the pyramid's lattice, turned by BurrTools' own 120
    turns (``burr_spheres``: most are no matrices of the grid's space)."""

    def is_cell(self, voxel: Coord) -> bool:
        return sum(voxel) % 2 == 0

    def drawn(self, cell: Coord) -> Coord:
        x, y, z = cell
        return x + y, x - y, z

    def orientations(self, shape: Marked) -> list[Normal]:
        return burr_spheres.orientations(shape)

    def mirrors_are_turns(self, shape: Marked) -> bool:
        """A shape flat in a triangular layer of balls: turning the layer over is a turn of the grid."""
        return _flat_across_diagonal(shape)

    def placed_cells(self, filled: Mapping[Coord, object], hotspot: Coord, placement: Sequence[int]
                     ) -> dict[Coord, object]:
        return burr_spheres.placed_cells(filled, hotspot, placement)

    def placement_of(self, filled: Mapping[Coord, object], hotspot: Coord, cells: Mapping[Coord, object]
                     ) -> tuple[int, int, int, int]:
        return burr_spheres.placement_of(filled, hotspot, cells)


def _flat_across_diagonal(shape: Marked) -> bool:
    """Whether the cells lie in one plane square to a body diagonal of the cube (a triangular layer of balls)."""
    cells = list(shape)
    first = cells[0]
    return any(all(sum(n * (c - f) for n, c, f in zip(normal_, cell, first)) == 0 for cell in cells)
               for normal_ in _HEX_NORMALS)


CUBES = Grid(0, "cubes", CUBIC, CUBIC, NUMBERED, numbered=True)
PRISM_GRID = Grid(1, "triangular prisms", PRISMS, PRISMS, _prism_numbered(), numbered=True, to_cell=_prism_cell,
                  to_voxel=_prism_voxel)
BALLS = SphereGrid(2, "spheres", SPHERES, CUBIC, NUMBERED, numbered=True, off_grid="x + y + z must be even")
RHOMBIC_GRID = Grid(3, "rhombic", RHOMBIC, RHOMBIC, NUMBERED, numbered=True, to_cell=_rhombic_cell,
                    to_voxel=_rhombic_voxel,
                    off_grid="in its cube of 5 x 5 x 5 voxels, folded to 0-2, a cell's x, y and z are 0, 1 and 2")
TETRA_OCTA_GRID = Grid(4, "tetrahedra-octahedra", TETRA_OCTA, TETRA_OCTA, NUMBERED, numbered=True,
                       to_cell=_doubled_cell, to_voxel=TETRA_OCTA.point,
                       off_grid="in its block of 3 x 3 x 3 voxels a cell is the middle or one of four corners, "
                                "which four by the block's place")
#: The grids xlsolver reads, by BurrTools' grid type.
GRIDS = {grid.type: grid for grid in (CUBES, PRISM_GRID, BALLS, RHOMBIC_GRID, TETRA_OCTA_GRID)}


def normal(shape: Marked) -> Normal:
    """:meth:`Grid.normal` on the cube grid."""
    return CUBES.normal(shape)


def placed_cells(filled: Mapping[Coord, object], hotspot: Coord, placement: Sequence[int]) -> dict[Coord, object]:
    """:meth:`Grid.placed_cells` on the cube grid."""
    return CUBES.placed_cells(filled, hotspot, placement)


def placement_of(filled: Mapping[Coord, object], hotspot: Coord, cells: Mapping[Coord, object]
                 ) -> tuple[int, int, int, int]:
    """:meth:`Grid.placement_of` on the cube grid."""
    return CUBES.placement_of(filled, hotspot, cells)


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
            moved_ = {tuple(c - b for c, b in zip(cell, low)): 0 for cell in placed}
            placements.append(placement_of({v: 0 for v in shape.voxels}, shape.hotspot, moved_))
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


__all__ = ["Grid", "SphereGrid", "Symmetry", "Marked", "Normal", "NUMBERED", "ROTATIONS", "CUBES", "PRISM_GRID", "BALLS", "RHOMBIC_GRID", "TETRA_OCTA_GRID", "GRIDS", "normal",
           "moved", "placed_cells", "placement_of", "cube_file", "signed_permutations"]
