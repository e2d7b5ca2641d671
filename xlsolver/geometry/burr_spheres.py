"""BurrTools' sphere grid (grid type 2): its numbered turns, and where an ``<assembly>`` puts a piece of balls.

The voxels (x, y, z) with x + y + z even are the centres of balls packed face-centred cubic: each touches the
twelve at (+-1, +-1, 0), (+-1, 0, +-1), (0, +-1, +-1).  Besides the square layers (x, y or z constant) the balls
lie in *triangular* layers: the four families of planes square to a body diagonal of the cube, ``PLANES``
(normals (1, 1, 1), (-1, 1, 1), (1, -1, 1), (1, 1, -1), numbered 0 to 3).

**The turns.**  BurrTools lists 120 rotations of this grid and numbers them 0-119; number 120 + t is x mirrored
(x -> -x), then turn t, as on the cube grid.  They are not a group: they are every rotation that carries the
balls of some triangular layer onto the balls of a triangular layer.  Such a layer has 12 symmetries; six are the
cube's (turns by 120 and 240 degrees about its normal, three of its half turns), six are not (turns by 60, 180
and 300 degrees, the other three half turns):

* 0-23 are the cube's 24 rotations, in an order of their own (``CUBE_TURNS``; not the cube grid's order);
* 24-119 are the 96 others.  Each carries exactly one triangular plane i onto a triangular plane, and is the
  reflection in plane i (which leaves the balls of that plane where they are) followed by one of the grid's mirror
  images 120-143 (x mirrored, then one of the cube's rotations): ``ACROSS`` gives (i, which) for each.  So a flat
  piece of plane i turned by it lands where that mirror image puts it.

BurrTools' own table lists the matrices (entries 0, +-1, +-1/3, +-2/3; ``src/lib/tabs_2/rotmatrix.inc``, read
row by row, the matrix acting on column vectors); the two tables here are that list written in the terms above,
and rebuild it entry for entry (``tests/test_burr_spheres.py`` checks facts that fix them, ``bench/burr_spheres.py``
the whole table against a BurrTools source tree).  BurrTools scales coordinates by sqrt(1/2) before a turn and
back after, which cancels: a turn is its matrix applied to the voxel coordinates.

**Which turns a piece takes.**  BurrTools turns a piece by t only when t carries every ball onto a ball: it
takes the piece's first filled voxel v0 (in the order of the voxel text: z, then y, then x) as the origin and
requires M_t (v - v0) to be integers with an even sum for every filled voxel v.  The cube's rotations always
pass; turn t of plane i passes exactly where every v - v0 joins balls of one layer of plane i or of layers a
multiple of three apart (n_i . (v - v0) a multiple of 6): for a joined piece, where it lies flat in that plane.
Of the turns giving the same shape it uses the lowest number (it keeps the first of each shape).

**Placements.**  ``<assembly>`` text gives x y z t per piece: the piece's hotspot h (``hx hy hz``, 0 0 0 by
default) lands on (x, y, z), the piece turned by t about it, so the piece fills the voxels (x, y, z) + M_t (v - h)
for its filled voxels v.  BurrTools turns the hotspot as it turns the voxels (M_t (h - v0), rounded); where that
is no voxel of the grid (a hotspot that is no ball of the piece, a turn other than the cube's) it rounds it off
the grid (x + y + z odd) and stops on an internal check, so such a placement is refused here, and a file xlsolver
writes has its hotspots on balls (:func:`on_balls`), as BurrTools puts them before it solves (the filled voxel
nearest the origin: :func:`hotspot`).  Turn 0 BurrTools applies without a check: (x, y, z) + v - h.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import cache

from . import xmpuzzle
from .lattice import CUBIC, Coord

Matrix3 = tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]

#: The normals of the four triangular planes (square to the cube's body diagonals).
PLANES = ((1, 1, 1), (-1, 1, 1), (1, -1, 1), (1, 1, -1))
#: Turns 0-23, the cube's rotations: each row of the matrix as +-k, its one entry (+-1) in column k (x 1, y 2, z 3).
CUBE_TURNS = ((1, 2, 3), (3, -2, 1), (-2, 1, 3), (2, 3, 1), (-1, -2, 3), (-3, 2, 1), (2, -1, 3), (-2, -3, 1),
              (3, 1, 2), (1, 3, -2), (-1, 3, 2), (-3, 1, -2), (-3, -1, 2), (-1, -3, -2), (1, -3, 2), (3, -1, -2),
              (3, 2, -1), (1, -2, -3), (-2, 3, -1), (2, 1, -3), (-3, -2, -1), (-1, 2, -3), (2, -3, -1), (-2, -1, -3))
#: Turn 24 + k: (plane i, c): the reflection in plane i, then turn 120 + c (x mirrored, then the cube's turn c).
ACROSS = ((1, 4), (1, 16), (3, 4), (3, 16), (2, 0), (2, 10), (3, 0), (3, 10), (0, 4), (0, 5), (2, 4), (2, 5),
          (0, 0), (0, 13), (1, 0), (1, 13), (2, 6), (2, 21), (1, 6), (1, 21), (0, 2), (0, 21), (3, 2), (3, 21),
          (0, 1), (0, 3), (0, 6), (0, 7), (0, 9), (0, 8), (0, 11), (0, 10), (0, 12), (0, 15), (0, 14), (0, 16),
          (0, 17), (0, 18), (0, 19), (0, 20), (0, 22), (0, 23), (2, 8), (2, 2), (2, 12), (2, 14), (2, 3), (2, 16),
          (2, 18), (2, 7), (2, 20), (2, 1), (2, 22), (2, 15), (2, 19), (2, 9), (2, 11), (2, 23), (2, 13), (2, 17),
          (1, 18), (1, 20), (1, 2), (1, 22), (1, 15), (1, 10), (1, 9), (1, 12), (1, 11), (1, 14), (1, 8), (1, 1),
          (1, 3), (1, 23), (1, 5), (1, 17), (1, 7), (1, 19), (3, 6), (3, 18), (3, 20), (3, 22), (3, 15), (3, 12),
          (3, 9), (3, 14), (3, 11), (3, 8), (3, 13), (3, 1), (3, 3), (3, 23), (3, 5), (3, 17), (3, 7), (3, 19))
ROTATIONS = 120  # turns 0-119 are rotations, 120-239 their mirror images
_X_MIRROR = ((-1, 0, 0), (0, 1, 0), (0, 0, 1))


def _product(a, b) -> Matrix3:
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3))


def _signed(rows: Coord) -> Matrix3:
    """A signed permutation matrix from its rows as signed axis numbers (see ``CUBE_TURNS``)."""
    return tuple(tuple((k > 0) - (k < 0) if abs(k) == j + 1 else 0 for j in range(3)) for k in rows)


def _reflection_thirds(normal: Coord) -> Matrix3:
    """3 times the reflection in the plane square to ``normal`` (a body diagonal): 3I - 2 n n^T."""
    return tuple(tuple(3 * (i == j) - 2 * normal[i] * normal[j] for j in range(3)) for i in range(3))


@cache
def turns() -> tuple[Matrix3, ...]:
    """Three times the matrix of each numbered turn, 0-239 (integers; see the module's doc), built on first use."""
    cube = [_signed(rows) for rows in CUBE_TURNS]
    mirrored = [_product(m, _X_MIRROR) for m in cube]
    rotations = [tuple(tuple(3 * k for k in row) for row in m) for m in cube]
    rotations += [_product(mirrored[c], _reflection_thirds(PLANES[plane])) for plane, c in ACROSS]
    return tuple(rotations + [_product(m, _X_MIRROR) for m in rotations])


def _thirds(matrix: Matrix3, v: Coord) -> Coord:
    return tuple(matrix[i][0] * v[0] + matrix[i][1] * v[1] + matrix[i][2] * v[2] for i in range(3))


def turned(t: int, vector: Coord) -> Coord | None:
    """Turn t applied to a vector between two balls: the vector it becomes, None where it is no such vector
    (the turn puts the ball between balls)."""
    image = _thirds(turns()[t], vector)
    if any(k % 3 for k in image):
        return None
    image = tuple(k // 3 for k in image)
    return image if sum(image) % 2 == 0 else None


def origin(voxels: Iterable[Coord]) -> Coord:
    """The voxel BurrTools turns a piece about: its first in the order of the voxel text (z, then y, then x)."""
    return min(voxels, key=lambda v: (v[2], v[1], v[0]))


def relative(t: int, filled: Mapping[Coord, object]) -> dict[Coord, object] | None:
    """The piece turned by t about its :func:`origin` (marks kept), None where t does not apply to it."""
    v0 = origin(filled)
    out = {}
    for voxel, mark in filled.items():
        image = turned(t, (voxel[0] - v0[0], voxel[1] - v0[1], voxel[2] - v0[2]))
        if image is None:
            return None
        out[image] = mark
    return out


def about_hotspot(t: int, filled: Mapping[Coord, object], hotspot: Coord) -> dict[Coord, object] | None:
    """The piece turned by t, each voxel relative to where its hotspot goes: M_t (v - h).  None where t puts a
    ball or the hotspot between balls (BurrTools cannot place the piece so; turn 0 it places as it is)."""
    hx, hy, hz = hotspot
    if t == 0:
        return {(x - hx, y - hy, z - hz): mark for (x, y, z), mark in filled.items()}
    turned_piece = relative(t, filled)
    v0 = origin(filled)
    spot = turned(t, (hx - v0[0], hy - v0[1], hz - v0[2]))
    if turned_piece is None or spot is None:
        return None
    return {(a - spot[0], b - spot[1], c - spot[2]): mark for (a, b, c), mark in turned_piece.items()}


def placed_cells(filled: Mapping[Coord, object], hotspot: Coord, placement: Sequence[int]) -> dict[Coord, object]:
    """The voxels (with their marks) a piece fills placed as an ``<assembly>`` says: x y z of its hotspot, turn t.
    ValueError if t is no number of this grid or puts the piece or its hotspot between balls."""
    x, y, z, t = placement
    if not 0 <= t < len(turns()):
        raise ValueError(f"turn {t} is not one of the sphere grid's 0 to {len(turns()) - 1}")
    turned_piece = about_hotspot(t, filled, hotspot)
    if turned_piece is None:
        raise ValueError(f"turn {t} puts balls of the piece or its hotspot between the balls of the grid")
    return {(x + a, y + b, z + c): mark for (a, b, c), mark in turned_piece.items()}


def _normal(shape: Mapping[Coord, object]):
    return CUBIC.normalise_marked(list(shape), [shape[cell] for cell in shape])


def orientations(shape: Mapping[Coord, object]) -> list:
    """A piece's orientations (normal forms, as ``burr_grids.normal``), each once, in the order of the lowest turn
    giving each: the turns BurrTools tries, 0-119, where they apply."""
    found: dict = {}
    for t in range(ROTATIONS):
        turned_piece = relative(t, shape)
        if turned_piece is not None:
            found.setdefault(_normal(turned_piece), None)
    return list(found)


def placement_of(filled: Mapping[Coord, object], hotspot: Coord, cells: Mapping[Coord, object]
                 ) -> tuple[int, int, int, int]:
    """The ``<assembly>`` placement (x, y, z, t) that puts a piece on ``cells`` (marked): the lowest turn that
    gives them, as BurrTools writes it.  ValueError if no turn does (with the hotspot on the grid)."""
    wanted = _normal(cells)
    low = CUBIC.corner(cells)
    for t in range(ROTATIONS):
        turned_piece = about_hotspot(t, filled, hotspot)
        if turned_piece is not None and _normal(turned_piece) == wanted:
            return (*(a - b for a, b in zip(low, CUBIC.corner(turned_piece))), t)
    raise ValueError("the cells are not the piece turned any way that keeps its hotspot on the grid")


def hotspot(voxels: Iterable[Coord]) -> Coord:
    """The hotspot BurrTools gives a shape before it solves: the voxel nearest the origin (the first in the
    voxel text's order among equals)."""
    return min(voxels, key=lambda v: (v[0] ** 2 + v[1] ** 2 + v[2] ** 2, v[2], v[1], v[0]))


def on_balls(shapes: Sequence[xmpuzzle.Shape]) -> tuple[xmpuzzle.Shape, ...]:
    """The shapes with each hotspot that is no ball of its shape moved to BurrTools' choice (:func:`hotspot`), as
    BurrTools moves them when it solves: a turn other than the cube's may put such a hotspot between balls, where
    BurrTools cannot place the piece."""
    return tuple(replace(shape, hotspot=hotspot(shape.voxels)) if shape.voxels and shape.hotspot not in shape.voxels
                 else shape for shape in shapes)


# --- a puzzle of balls as a file ------------------------------------------------------------------------------------

def voxel_of(ball: Coord) -> Coord:
    """A ball of ``lattice.SPHERES`` (all coordinates of one parity) as a voxel of the sphere grid: the inverse of
    ``burr_grids.BALLS.drawn``, (a, b, z) -> ((a + b) / 2, (a - b) / 2, z)."""
    a, b, z = ball
    return (a + b) // 2, (a - b) // 2, z


def _on_grid(voxels: Iterable[Coord]) -> dict[Coord, Coord]:
    """Each voxel moved so none is negative, by a step that keeps x + y + z even (one more in x where the least
    corner's sum is odd, as BurrTools does)."""
    voxels = list(voxels)
    low = list(CUBIC.corner(voxels))
    if sum(low) % 2:
        low[0] -= 1
    return {v: (v[0] - low[0], v[1] - low[1], v[2] - low[2]) for v in voxels}


def ball_file(result: Iterable[Coord], pieces: Sequence[tuple[str, Sequence[Coord]]],
              solutions: Sequence[Sequence[Iterable[Coord]]], comment: str = "") -> xmpuzzle.Puzzle:
    """A BurrTools file of one problem on the sphere grid, from balls of ``lattice.SPHERES``: the result (every
    ball filled), each piece (a name and its balls) a shape taken once with BurrTools' hotspot, and each solution
    (the balls each piece fills, in the order of ``pieces``) as an assembly; state 0 (not said to be all)."""
    moved = _on_grid(voxel_of(ball) for ball in result)
    by_ball = {ball: moved[voxel_of(ball)] for ball in result}
    shapes = [_shape(moved.values(), "result", (0, 0, 0))]
    for name, balls in pieces:
        own = list(_on_grid(voxel_of(ball) for ball in balls).values())
        shapes.append(_shape(own, name, hotspot(own)))
    assemblies = []
    for solution in solutions:
        placements = []
        for shape, placed in zip(shapes[1:], solution):
            cells = {by_ball[ball]: 0 for ball in placed}
            placements.append(placement_of({v: 0 for v in shape.voxels}, shape.hotspot, cells))
        assemblies.append(tuple(placements))
    problem = xmpuzzle.Problem(tuple(xmpuzzle.Part(n, 1, 1) for n in range(1, len(shapes))), 0,
                               solutions=tuple(assemblies))
    return xmpuzzle.Puzzle(2, tuple(shapes), (problem,), comment=comment)


def _shape(voxels: Iterable[Coord], name: str, spot: Coord) -> xmpuzzle.Shape:
    voxels = list(voxels)
    size = tuple(1 + max(v[i] for v in voxels) for i in range(3))
    return xmpuzzle.Shape(size, {v: (xmpuzzle.FILLED, 0) for v in voxels}, spot, name=name)


__all__ = ["PLANES", "CUBE_TURNS", "ACROSS", "ROTATIONS", "turns", "turned", "origin", "relative", "about_hotspot",
           "placed_cells", "orientations", "placement_of", "hotspot", "on_balls", "voxel_of", "ball_file"]
