"""Polyform Puzzler's puzzles on triangles and hexagons, counted by xlsolver beside the published counts.

Polyform Puzzler (David Goodger's collection, its puzzles/hexiamonds.py, tetrahexes.py, polyhexes34.py ...) gives
each puzzle's count in its docstring ("156 solutions").  It counts each solution once up to the board's
symmetries, in one of two ways, recorded here per puzzle:

- ``dup``: it searches every solution and drops one whose image under the listed board symmetries was seen
  (``check_for_duplicates`` with ``duplicate_conditions``): its count is the number of orbits under the group
  those symmetries make (order 1 + the conditions listed).
- ``aspects``: it lets one asymmetric piece take only some of its orientations (``customize_piece_data``: no
  turning over, or a few rotations): its count is the solutions with that piece so placed, the total times the
  orientations kept over all of them, when no solution is symmetric.

xlsolver counts every solution (``total``) and the solutions up to the board's symmetry group (``distinct``,
``--distinct``).  "expected" is what Polyform Puzzler's way gives from xlsolver's total: total x (orientations
kept / all) / (1 + duplicate conditions); a row agrees when the published count is that.  Where that covers the
board's whole group, it is also the distinct count.

The boards are Polyform Puzzler's shapes, facts re-expressed here in its coordinates (triangles (x, y, z), z = 0
the up triangle, y at 60 degrees from x; hexagons (x, y)) and turned into xlsolver's drawings.

    python bench/polyforms.py                 # the table (about a minute)
    python bench/polyforms.py --only 6x6      # puzzles whose name holds the word
    python bench/polyforms.py --write-boards  # (re)write the classic boards in xlsolver/data/boards
    python bench/polyforms.py --check-boards  # fail if a shipped board differs from its shape here
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xlsolver.families import Ask, tiling  # noqa: E402
from xlsolver.geometry import catalog  # noqa: E402
from xlsolver.geometry.lattice import HEX, TRIANGLE, PlaneLattice  # noqa: E402

BOARDS = ROOT / "xlsolver" / "data" / "boards"


# --- Polyform Puzzler's shapes, in its coordinates ---------------------------------------------------------------

def t_box(width: int, height: int, dx: int = 0, dy: int = 0) -> set:
    """Triangles: a parallelogram ``width`` x ``height`` (both triangles of each rhombus), moved by (dx, dy)."""
    return {(x + dx, y + dy, z) for x, y, z in product(range(width), range(height), (0, 1))}


def t_trapezoid(base: int, side: int, dx: int = 0, dy: int = 0) -> set:
    return {(x + dx, y + dy, z) for x, y, z in t_box(base, side) if x + y + z < base}


def t_triangle(side: int, dx: int = 0, dy: int = 0) -> set:
    return t_trapezoid(side, side, dx, dy)


def t_inverted_triangle(side: int, dx: int = 0, dy: int = 0) -> set:
    return t_box(side, side, dx, dy) - t_triangle(side, dx, dy)


def t_diamond(side: int, dx: int = 0, dy: int = 0) -> set:
    return t_triangle(side, dx, dy + side) | t_inverted_triangle(side, dx, dy)


def t_semiregular_hexagon(base: int, side: int, dx: int = 0, dy: int = 0) -> set:
    bound = base + side
    return {(x + dx, y + dy, z) for x, y, z in t_box(bound, bound) if side <= x + y + z <= 2 * side + base - 1}


def t_elongated_hexagon(base: int, side: int, dx: int = 0, dy: int = 0) -> set:
    return {(x + dx, y + dy, z) for x, y, z in t_box(base + side, 2 * side)
            if side <= x + y + z <= 2 * side + base - 1}


def t_butterfly(base: int, side: int, dx: int = 0, dy: int = 0) -> set:
    return {(x + dx, y + dy, z) for x, y, z in t_box(base + side, 2 * side)
            if not ((y < side and x < side) or (y >= side and x + y + z < 2 * side)
                    or (x >= base and x + y + z >= base + side))}


def t_where(width: int, height: int, test) -> set:
    return {(x, y, z) for x, y, z in t_box(width, height) if test(x, y, z, x + y + z)}


def t_chevron(width: int, height: int) -> set:
    half = height // 2
    return t_where(width, height, lambda x, y, z, t: x < width - half if y >= half else half - 1 < t < width)


def h_box(width: int, height: int, dx: int = 0, dy: int = 0) -> set:
    return {(x + dx, y + dy) for x, y in product(range(width), range(height))}


def h_hexagon(side: int, dx: int = 0, dy: int = 0) -> set:
    bound = 2 * side - 1
    return {(x + dx, y + dy) for x, y in h_box(bound, bound) if side - 1 <= x + y <= 3 * side - 3}


def h_elongated_hexagon(base: int, side: int) -> set:
    return {(x, y) for x, y in h_box(side + base - 1, 2 * side - 1) if side - 1 <= x + y <= base + 2 * side - 3}


def h_hexagram(side: int) -> set:
    bound, low, high = 4 * (side - 1) + 1, side - 1, 3 * (side - 1)
    return {(x, y) for x, y in h_box(bound, bound)
            if (3 * (side - 1) <= x + y and y <= high and x <= high)
            or (x + y <= 5 * (side - 1) and y >= low and x >= low)}


def h_staggered_rectangle(width: int, height: int) -> set:
    return {(x, y + (width - x - 1) // 2) for x in range(width) for y in range(height)}


# --- the puzzles -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Puzzle:
    name: str  # Polyform Puzzler's class
    pieces: str  # xlsolver's piece set
    cells: frozenset  # Polyform Puzzler's coordinates
    published: int
    dup: tuple[str, ...] = ()  # duplicate_conditions, as Polyform Puzzler lists them
    piece: str = ""  # the piece whose aspects are restricted (xlsolver's letter)
    rotations: tuple[int, ...] = (0, 1, 2, 3, 4, 5)  # its rotations kept
    flips: bool = True  # may it be turned over
    note: str = ""  # why the published count is not what its way of counting gives, where it is not
    board: str = ""  # the name of the shipped board, for the classics
    title: str = ""
    quick: bool = field(default=False)  # counted in the quick tests

    @property
    def how(self) -> str:
        parts = []
        if self.dup:
            parts.append("dup: " + ", ".join(self.dup))
        if self.piece:
            kept = [] if self.flips else ["not turned over"]
            if self.rotations != (0, 1, 2, 3, 4, 5):
                kept.append("rotations " + ",".join(map(str, self.rotations)))
            parts.append(f"aspects: {self.piece} {' '.join(kept)}")
        return "; ".join(parts) or "none (every solution)"


def T(name, published, cells, **more) -> Puzzle:
    return Puzzle(name, more.pop("pieces", "hexiamonds"), frozenset(cells), published, **more)


def H(name, published, cells, **more) -> Puzzle:
    return Puzzle(name, more.pop("pieces", "tetrahexes"), frozenset(cells), published, **more)


HALF = ("rotate_180",)
I6 = {"piece": "I", "flips": False}
P4 = {"piece": "P", "rotations": (0, 1, 2)}
P4_ONE_SIDE = {"piece": "P", "rotations": (0, 1, 2), "flips": False}
P5_ONE_SIDE = P4_ONE_SIDE


def _trapezoid_holes(dx: int, dy: int) -> set:
    return t_trapezoid(10, 5) - t_trapezoid(2, 1, dx, dy)


def _snowflake() -> set:
    exceptions = {(0, 3, 1), (0, 4, 0), (0, 4, 1), (0, 5, 0), (0, 7, 0), (0, 7, 1), (1, 7, 0), (1, 7, 1), (2, 1, 1),
                  (3, 0, 1), (3, 1, 0), (3, 7, 1), (4, 0, 0), (4, 6, 1), (4, 7, 0), (5, 6, 0), (6, 0, 0), (6, 0, 1),
                  (7, 0, 0), (7, 0, 1), (7, 2, 1), (7, 3, 0), (7, 3, 1), (7, 4, 0)}
    return t_where(8, 8, lambda x, y, z, t: 3 < t < 12) - exceptions


def _trefoil() -> set:
    return (t_where(4, 8, lambda x, y, z, t: 2 <= y < 6 and 3 < t <= 7)
            | t_where(8, 4, lambda x, y, z, t: x >= 4 and 5 < t <= 9)
            | t_where(6, 8, lambda x, y, z, t: y >= 4 and x >= 2 and 7 < t <= 11))


def _stacked_hexagons() -> set:
    return t_where(8, 12, lambda x, y, z, t: (y < 4 and 4 <= x < 8 and 6 <= t < 10)
                   or (4 <= y < 8 and 2 <= x < 6 and 8 <= t < 12) or (8 <= y and x < 4 and 10 <= t < 14))


def _stacked_butterflies() -> set:
    return t_where(10, 12, lambda x, y, z, t: (y < 2 and 6 <= x and t < 10)
                   or (2 <= y < 6 and 4 <= x < 8 and 8 <= t < 12) or (6 <= y < 10 and 2 <= x < 6 and 10 <= t < 14)
                   or (10 <= y and x < 4 and 12 <= t))


def _infinity() -> set:
    return (t_semiregular_hexagon(2, 3) | t_semiregular_hexagon(3, 2, 3, 3)) - {(2, 2, 1), (5, 5, 0)}


def _gyroscope() -> set:
    return (t_elongated_hexagon(5, 3, 0, 1) | t_diamond(4, 2, 0)) - t_diamond(2, 3, 2)


def _knobbed(holes: set) -> set:
    return (h_hexagon(4, 1, 1) - holes) | {(0, 4), (0, 8), (4, 0), (4, 8), (8, 0), (8, 4)}


TRIANGLES = (
    T("Hexiamonds3x12", 0, t_box(12, 3), dup=HALF, board="hexiamonds-3x12", title="Hexiamonds 3 x 12 parallelogram",
      quick=True),
    T("Hexiamonds4x9", 74, t_box(9, 4), dup=HALF, board="hexiamonds-4x9", title="Hexiamonds 4 x 9 parallelogram"),
    T("Hexiamonds6x6", 156, t_box(6, 6), dup=("rotate_180", "xy_swapped", "rotate_180 + xy_swapped"),
      board="hexiamonds-6x6", title="Hexiamonds 6 x 6 rhombus"),
    T("Hexiamonds4x11Trapezoid", 76, t_trapezoid(11, 4), **I6, board="hexiamonds-trapezoid-4x11",
      title="Hexiamonds 4 x 11 trapezoid"),
    T("Hexiamonds5x10Trapezoid1", 68, _trapezoid_holes(3, 2), **I6),
    T("Hexiamonds5x10Trapezoid2", 256, _trapezoid_holes(4, 0), **I6),
    T("Hexiamonds5x10Trapezoid3", 35, _trapezoid_holes(2, 4), **I6),
    T("Hexiamonds6x9Trapezoid", 0, t_trapezoid(9, 6), **I6),
    T("Hexiamonds4x10LongHexagon", 856, t_where(10, 4, lambda x, y, z, t: 1 < t <= 11), dup=HALF, **I6,
      board="hexiamonds-long-hexagon", title="Hexiamonds elongated hexagon 4 x 10"),
    T("Hexiamonds5x8StackedLongHexagons", 378, t_where(8, 8, lambda x, y, z, t: 7 <= 2 * x + y + z <= 15),
      dup=HALF, **I6),
    T("Hexiamonds4x12StackedHexagons", 51, _stacked_hexagons(), dup=HALF, **I6),
    T("Hexiamonds4x10LongButterfly", 0,
      t_where(12, 4, lambda x, y, z, t: (t > 3 or x > 1) and (t < 12 or x < 10))),
    T("Hexiamonds5x8StackedLongButterflies", 290, t_where(9, 8, lambda x, y, z, t: 8 <= 2 * x + y + z <= 16),
      dup=HALF, **I6),
    T("Hexiamonds4x12StackedButterflies", 26, _stacked_butterflies(), dup=HALF, **I6),
    T("HexiamondsSnowflake", 55, _snowflake(), piece="J", rotations=(0,), board="hexiamonds-snowflake",
      title="Hexiamonds snowflake (Kadon's Iamond Hex)"),
    T("HexiamondsRing", 0, t_where(8, 8, lambda x, y, z, t: 3 < t < 12
                                   and not (1 < x < 6 and 1 < y < 6 and 5 < t < 10))),
    T("HexiamondsRing2", 11, t_where(8, 8, lambda x, y, z, t: 3 < t < 12
                                     and not (2 < x < 7 and 1 < y < 6 and 6 < t < 11)), **I6),
    T("HexiamondsCrescent", 87, t_where(8, 8, lambda x, y, z, t: 3 < t < 12 and not (x > 3 and 1 < y < 6 and 7 < t)),
      **I6),
    T("HexiamondsCrescent2", 2, t_where(8, 8, lambda x, y, z, t: 3 < t < 12
                                        and not (2 < x < 7 and 2 < y < 7 and 7 < t)), **I6),
    T("HexiamondsTrefoil", 640, _trefoil(), piece="I", rotations=(0,), flips=False),
    T("HexiamondsTrefoil2", 2, t_semiregular_hexagon(7, 1) - {(0, 3, 0), (0, 5, 0), (3, 0, 0), (5, 0, 0), (3, 5, 0),
                                                              (5, 3, 0)}, piece="I", rotations=(0,), flips=False),
    T("HexiamondsCoin", 304, t_where(8, 6, lambda x, y, z, t: 2 < t <= 10) - {
        (3, 2, 1), (3, 3, 0), (3, 3, 1), (4, 2, 0), (4, 2, 1), (4, 3, 0)}, dup=HALF, **I6),
    T("HexiamondsGyroscope", 19, _gyroscope(), piece="P", rotations=(0, 1, 2), flips=False),
    T("HexiamondsIrregularHexagon7x8", 5885, t_where(7, 8, lambda x, y, z, t: 1 < t < 9), **I6),
    T("HexiamondsStackedChevrons_6x6", 933, t_where(9, 6, lambda x, y, z, t: 6 <= 2 * x + y + z < 18), **I6),
    T("HexiamondsStackedChevrons_12x3_1", 269, t_where(9, 12, lambda x, y, z, t: 11 <= 2 * x + y + z < 17), **I6),
    T("HexiamondsChevron_4x9", 142, t_chevron(11, 4), **I6),
    T("HexiamondsChevron_6x6", 1004, t_chevron(9, 6), **I6),
    T("HexiamondsChevron_12x3", 29, t_chevron(9, 12), **I6),
    T("HexiamondsTenyo", 4968, t_where(7, 8, lambda x, y, z, t: (t > 4 or (x > 0 and t > 3))
                                       and (t < 9 or (x < 6 and t < 10) or (x < 5 and t < 11))), **I6),
    T("HexiamondsX1", 11, t_butterfly(7, 4) - {(3, 7, 1), (5, 4, 0), (5, 3, 1), (7, 0, 0), (0, 7, 1), (6, 7, 1),
                                               (4, 0, 0), (10, 0, 0)}, piece="P", rotations=(0, 1, 2), flips=False),
    T("HexiamondsDelta1", 11, t_where(8, 8, lambda x, y, z, t: y - x >= 0), piece="P", flips=False,
      board="hexiamonds-triangle", title="Hexiamonds triangle of side 8 with one edge jagged (Delta)"),
    T("HexiamondsInfinity", 15, _infinity(), piece="P", rotations=(0, 1, 2), flips=False),
    T("Hexiamonds4x3SemiregularHexagon", 710, t_semiregular_hexagon(4, 3) - {(3, 3, 0)}, piece="P", rotations=(0, 1),
      flips=False, board="hexiamonds-hexagon", title="Hexiamonds semiregular hexagon, sides 4 and 3, centre missing"),
    T("Polyiamonds12345ElongatedHexagon9x1", 23168, t_elongated_hexagon(9, 1), pieces="polyiamonds-1-5",
      **P5_ONE_SIDE, board="polyiamonds-1-5-elongated-hexagon",
      title="Polyiamonds of orders 1-5: elongated hexagon 9 x 1"),
    T("Polyiamonds12345ElongatedHexagon5x2Ring", 6852, t_elongated_hexagon(5, 2) - t_elongated_hexagon(2, 1, 2, 1),
      pieces="polyiamonds-1-5", **P5_ONE_SIDE),
    T("Polyiamonds12345StackedElongatedHexagons5x1_1", 792,
      (t_elongated_hexagon(5, 1, 1, 0) | t_elongated_hexagon(5, 1, 0, 2)) - t_butterfly(2, 1, 2, 1),
      pieces="polyiamonds-1-5", **P5_ONE_SIDE),
    T("Polyiamonds12345StackedElongatedHexagons5x1_2", 784,
      (t_elongated_hexagon(5, 1, 1, 0) | t_elongated_hexagon(5, 1, 0, 2))
      - {(2, 1, 1), (2, 2, 0), (3, 1, 1), (3, 2, 0), (4, 1, 1), (4, 2, 0)}, pieces="polyiamonds-1-5", **P5_ONE_SIDE),
    T("Polyiamonds12345Butterfly10x1", 2000, t_butterfly(10, 1), pieces="polyiamonds-1-5", **P5_ONE_SIDE),
    T("Hexiamonds3Hexagons", 0, t_where(4, 4, lambda x, y, z, t: 1 < t <= 5)
      | t_where(8, 4, lambda x, y, z, t: x >= 4 and 5 < t <= 9) | t_where(12, 4, lambda x, y, z, t: x >= 8 and 9 < t <= 13)),
)

HEXAGONS = (
    H("Tetrahexes4x7", 9, h_box(7, 4), **P4, board="tetrahexes-4x7", title="Tetrahexes 4 x 7 parallelogram",
      quick=True),
    H("Tetrahexes7x7Triangle", 0, {(x, y) for x, y in h_box(7, 7) if x + y < 7}),
    H("TetrahexesElongatedHexagon9x2", 2, h_elongated_hexagon(9, 2), **P4_ONE_SIDE,
      board="tetrahexes-elongated-hexagon", title="Tetrahexes elongated hexagon 9 x 2"),
    H("TetrahexesElongatedHexagon3x4_1", 2, h_elongated_hexagon(3, 4) - {(2, 4), (3, 2)}, **P4_ONE_SIDE),
    H("TetrahexesElongatedHexagon3x4_2", 3, h_elongated_hexagon(3, 4) - {(2, 3), (3, 3)}, **P4_ONE_SIDE),
    H("TetrahexesElongatedHexagon3x4_3", 4, h_elongated_hexagon(3, 4) - {(1, 3), (4, 3)}, **P4_ONE_SIDE),
    H("TetrahexesElongatedHexagon3x4_4", 5, h_elongated_hexagon(3, 4) - {(0, 3), (5, 3)}, **P4_ONE_SIDE),
    H("TetrahexesCoin", 4, {(x, y) for x, y in h_box(7, 5) if 1 < x + y < 9 and (x, y) != (3, 2)}, **P4_ONE_SIDE,
      board="tetrahexes-coin", title="Tetrahexes coin"),
    H("TetrahexesHexagon_x1", 0, h_hexagon(4) - h_box(3, 3, 2, 2)),
    H("TetrahexesFlower1", 2, h_hexagon(4) - {(0, 3), (0, 6), (3, 0), (3, 6), (6, 0), (6, 3), (2, 2), (2, 5), (5, 2)},
      piece="P", rotations=(0, 1), flips=False),
    H("TetrahexesFlower2", 4, h_hexagon(4) - {(0, 3), (0, 6), (3, 0), (3, 6), (6, 0), (6, 3), (2, 5), (3, 3), (4, 1)},
      **P4_ONE_SIDE, note="the docstring's 4 is what P4 in rotations 0-2 gives when it may also be turned over "
      "(8 x 6/12); the puzzle's code turns it over no more, and Polyform Puzzler's own solver run on it (Python "
      "2.7) finds 2, the solutions up to the board's 4 symmetries, as here"),
    H("TetrahexesFlower3", 1, h_hexagon(4) - {(0, 6), (3, 0), (6, 3), (1, 4), (2, 2), (2, 5), (4, 1), (4, 4), (5, 2)},
      piece="P", rotations=(0, 1), flips=False),
    H("TetrahexesBumpyTriangle", 1, h_hexagon(3, 1, 1) | h_hexagon(2, 0, 4) | h_hexagon(2, 2, 0) | h_hexagon(2, 4, 2),
      piece="P", rotations=(0, 1), flips=False),
    H("TetrahexesStaggeredRectangle7x4", 23, h_staggered_rectangle(7, 4), piece="P", flips=False),
    H("Polyhexes34Hexagon", 12290, h_hexagon(4), pieces="polyhexes-3-4", piece="P", rotations=(0,), flips=False,
      board="polyhexes-3-4-hexagon", title="Trihexes and tetrahexes: hexagon of side 4"),
    H("Polyhexes34Hexagram", 167, h_hexagram(3), pieces="polyhexes-3-4", piece="P", rotations=(0,), flips=False,
      board="polyhexes-3-4-hexagram", title="Trihexes and tetrahexes: hexagram"),
    H("Polyhexes34TrilobedCrown1", 127, (h_hexagram(3) - {(3, 5), (4, 3), (5, 4)}) | {(1, 4), (7, 1), (4, 7)},
      pieces="polyhexes-3-4", piece="P", rotations=(0, 1), flips=False),
    H("Polyhexes34TrilobedCrown2", 159, (h_hexagram(3) - {(3, 4), (4, 5), (5, 3)}) | {(1, 4), (7, 1), (4, 7)},
      pieces="polyhexes-3-4", piece="P", rotations=(0, 1), flips=False),
    H("Polyhexes1234KnobbedHexagon1", 17683, _knobbed({(3, 5), (4, 3), (5, 4)}), pieces="polyhexes-1-4",
      piece="P", rotations=(0, 1), flips=False),
    H("Polyhexes1234KnobbedHexagon2", 9398, _knobbed({(3, 6), (3, 3), (6, 3)}), pieces="polyhexes-1-4",
      piece="P", rotations=(0, 1), flips=False),
    H("Polyhexes1234KnobbedHexagon3", 12714, _knobbed({(2, 4), (4, 6), (6, 2)}), pieces="polyhexes-1-4",
      piece="P", rotations=(0, 1), flips=False),
    H("Polyhexes1234HexagonRing1", 11417, h_hexagon(5) - h_hexagon(3, 2, 2) - {(0, 4), (8, 4)},
      pieces="polyhexes-1-4", **P4_ONE_SIDE, board="polyhexes-1-4-hexagon-ring",
      title="Polyhexes of orders 1-4: hexagon ring (Kadon's Hexnut, inner ring)"),
    H("Polyhexes1234HexagonRing2", 6645, h_hexagon(5) - h_hexagon(3, 2, 2) - {(1, 4), (7, 4)},
      pieces="polyhexes-1-4", **P4_ONE_SIDE),
)

# Named boards without a Polyform Puzzler count (too many to count): pentahex parallelograms (22 pieces, 110 cells).
EXTRA_BOARDS = (
    ("pentahexes-5x22", "pentahexes", HEX, h_box(22, 5), "Pentahexes 5 x 22 parallelogram (many solutions)",
     "Pentahexes5x22"),
    ("pentahexes-10x11", "pentahexes", HEX, h_box(11, 10), "Pentahexes 10 x 11 parallelogram (many solutions)",
     "Pentahexes10x11"),
)


# --- turned into xlsolver's drawings -----------------------------------------------------------------------------

def lattice_cells(lattice: PlaneLattice, cells) -> list:
    """Polyform Puzzler's cells as ours (bench/polyform_sets.py: the same picture, y turned downwards)."""
    if lattice is TRIANGLE:
        return [(3 * (x + y) + 2 + 2 * z, -3 * y - 1 - z) for x, y, z in cells]
    return [(x + y, -y) for x, y in cells]


def drawing(lattice: PlaneLattice, cells) -> tuple[list[str], int]:
    """A board's lines ('.' a cell) and its layout's shift (triangles: 1 is ``first: down``)."""
    placed, shift = lattice.drawn(lattice_cells(lattice, cells))
    taken = set(placed.values())
    height = 1 + max(r for r, _ in taken)
    width = 1 + max(c for _, c in taken)
    return ["".join("." if (r, c) in taken else " " for c in range(width)).rstrip() for r in range(height)], shift


def settings_of(puzzle: Puzzle) -> tuple[list[str], dict]:
    lattice = catalog.piece_set(puzzle.pieces).lattice
    rows, shift = drawing(lattice, puzzle.cells)
    settings = {"pieces": puzzle.pieces}
    if lattice is TRIANGLE:
        settings["first"] = "down" if shift else "up"
    return rows, settings


def aspects_kept(puzzle: Puzzle) -> tuple[int, int]:
    """The restricted piece's orientations kept and in all (Polyform Puzzler's rotations and flips)."""
    if not puzzle.piece:
        return 1, 1
    pieces = catalog.piece_set(puzzle.pieces)
    lattice, shape = pieces.lattice, pieces.pieces[puzzle.piece].cells
    allowed = [lattice.rotations[r] for r in puzzle.rotations]
    if puzzle.flips:
        allowed += [lattice.transforms[6].then(lattice.rotations[r]) for r in puzzle.rotations]
    kept = {lattice.normalise(t(*cell) for cell in shape) for t in allowed}
    return len(kept), len(lattice.orientations(shape))


@dataclass
class Row:
    puzzle: Puzzle
    total: int
    distinct: int
    group: int
    seconds: float

    @property
    def expected(self) -> float:
        kept, every = aspects_kept(self.puzzle)
        return self.total * kept / every / (1 + len(self.puzzle.dup))

    @property
    def agrees(self) -> bool:
        return self.puzzle.published == self.expected

    @property
    def verdict(self) -> str:
        return "yes" if self.agrees else "no: see note" if self.puzzle.note else "NO"


def count(puzzle: Puzzle) -> Row:
    rows, settings = settings_of(puzzle)
    started = time.perf_counter()
    family = tiling.FAMILY
    answer = family.count(family.parse(rows, settings), Ask(distinct=True))
    seconds = time.perf_counter() - started
    data = answer.data
    return Row(puzzle, data["total"], data["up_to_symmetry"], data.get("symmetry_group_order", 1), seconds)


def board_text(title: str, pieces: str, lattice: PlaneLattice, cells, known_total=None, known_distinct=None,
               source: str = "") -> str:
    rows, shift = drawing(lattice, cells)
    header = [f"# {source}" if source else None, f"title: {title}", f"pieces: {pieces}", f"lattice: {lattice.name}",
              "first: down" if lattice is TRIANGLE and shift else None,
              f"known-total: {known_total}" if known_total is not None else None,
              f"known-distinct: {known_distinct}" if known_distinct is not None else None]
    return "\n".join([line for line in header if line is not None] + [""] + rows) + "\n"


def classic_boards(counted: dict[str, Row] | None = None) -> dict[str, str]:
    """Each shipped board's file text; ``counted``: rows already counted (else the classics are counted)."""
    texts = {}
    for puzzle in TRIANGLES + HEXAGONS:
        if not puzzle.board:
            continue
        row = (counted or {}).get(puzzle.name) or count(puzzle)
        lattice = catalog.piece_set(puzzle.pieces).lattice
        source = (f"Polyform Puzzler's {puzzle.name}: {puzzle.published} solutions published ({puzzle.how}); "
                  f"counted by bench/polyforms.py.")
        texts[puzzle.board] = board_text(puzzle.title, puzzle.pieces, lattice, puzzle.cells, row.total, row.distinct,
                                         source)
    for name, pieces, lattice, cells, title, source in EXTRA_BOARDS:
        texts[name] = board_text(title, pieces, lattice, cells, source=f"Polyform Puzzler's {source}: its shape.")
    return texts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="puzzles whose name holds this word")
    parser.add_argument("--write-boards", action="store_true", help="write the classic boards' files")
    parser.add_argument("--check-boards", action="store_true", help="fail if a shipped board's file differs")
    args = parser.parse_args()
    if args.write_boards or args.check_boards:
        stale = []
        for name, text in classic_boards().items():
            path = BOARDS / f"{name}.txt"
            if args.write_boards:
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path.relative_to(ROOT)}")
            elif not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        if stale:
            print("differ from their shapes here: " + ", ".join(stale))
        return 1 if stale else 0
    chosen = [p for p in TRIANGLES + HEXAGONS if not args.only or args.only.lower() in p.name.lower()]
    print("| puzzle | lattice | pieces | published | xlsolver total | xlsolver distinct | group | how PP removed "
          "duplicates | expected from total | agree | seconds |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    rows = []
    for puzzle in chosen:
        row = count(puzzle)
        rows.append(row)
        lattice = catalog.piece_set(puzzle.pieces).lattice.name
        expected = f"{row.expected:g}"
        print(f"| {puzzle.name} | {lattice} | {puzzle.pieces} | {puzzle.published:,} | {row.total:,} | "
              f"{row.distinct:,} | {row.group} | {puzzle.how} | {expected} | {row.verdict} | "
              f"{row.seconds:.2f} |", flush=True)
    triangles = sum(1 for r in rows if r.puzzle in TRIANGLES)
    print(f"\n{len(rows)} puzzles ({triangles} on triangles, {len(rows) - triangles} on hexagons): "
          f"{sum(r.agrees for r in rows)} agree; {sum(r.puzzle.published == r.distinct for r in rows)} published "
          f"counts equal xlsolver's distinct count; {sum(r.seconds for r in rows):.1f} s counting")
    for row in rows:
        if row.puzzle.note:
            print(f"- {row.puzzle.name}: published {row.puzzle.published}; {row.puzzle.note}.")
    return 0 if all(r.agrees or r.puzzle.note for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
