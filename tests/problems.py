"""Problems the tests share: Knuth's example and hypothesis strategies for small random ones."""
from __future__ import annotations

import itertools
from functools import cache

from hypothesis import strategies as st

from xlsolver.geometry.lattice import SQUARE
from xlsolver import ExactCover
from xlsolver.geometry.catalog import Piece, PieceSet
from xlsolver.families import tiling


def knuth_example() -> ExactCover:
    """The 7-item example of Knuth's 'Dancing Links' paper: one solution."""
    problem = ExactCover(list("ABCDEFG"))
    for option in ("C E F", "A D G", "B C F", "A D", "B G", "D E G"):
        problem.add_option(option.split())
    return problem


def brute_force(problem: ExactCover) -> set[frozenset[int]]:
    """Every subset of options that is a solution (only for a few options)."""
    found = set()
    options = range(len(problem.options))
    for size in range(len(problem.options) + 1):
        for subset in itertools.combinations(options, size):
            if problem.is_solution(subset):
                found.add(frozenset(subset))
    return found


@st.composite
def small_problems(draw, primary=(1, 6), secondary=(0, 3), most_options=11,
                   secondary_only: bool = False) -> ExactCover:
    """Small random problems; ``secondary_only``: some options made of secondary items only."""
    problem = ExactCover([f"p{i}" for i in range(draw(st.integers(*primary)))],
                         [f"s{i}" for i in range(draw(st.integers(*secondary)))])
    names = problem.items
    for _ in range(draw(st.integers(0, most_options))):
        if secondary_only and draw(st.booleans()):
            chosen = draw(st.sets(st.sampled_from(problem.secondary), min_size=1))
        else:
            chosen = draw(st.sets(st.sampled_from(names), min_size=1)) | {draw(st.sampled_from(problem.primary))}
        problem.add_option(sorted(chosen, key=names.index))
    return problem


def secondary_problems():
    """Small problems rich in secondary items, some options made of secondary items only."""
    return small_problems(primary=(1, 5), secondary=(1, 4), most_options=12, secondary_only=True)


def queens(n: int) -> ExactCover:
    """Knuth's n queens: rows and columns primary, the diagonals secondary (at most one queen each)."""
    problem = ExactCover([f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)],
                         [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)])
    for i in range(n):
        for j in range(n):
            problem.add_option([f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"], label=(i, j))
    return problem


def dominoes(rows: int, cols: int) -> ExactCover:
    """Domino tilings: a cell is an item, a domino placement an option."""
    problem = ExactCover([f"r{r}c{c}" for r in range(rows) for c in range(cols)])
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                problem.add_option([f"r{r}c{c}", f"r{r}c{c + 1}"])
            if r + 1 < rows:
                problem.add_option([f"r{r}c{c}", f"r{r + 1}c{c}"])
    return problem


def dominoes_row_by_row(rows: int, cols: int, remember_fillings: bool = True) -> int:
    """The domino tilings of a rows x cols board counted a row at a time with Python's integers: a state is
    which cells of the next row dominoes standing down from this one cover; ``fillings`` lists, for a row,
    the states it can leave.  ``remember_fillings=False`` enumerates them anew for every row, the textbook
    form bench/dominoes.py times (issue 28 quotes its times)."""
    def fillings(filled: int) -> tuple[int, ...]:
        found, stack = [], [(0, 0)]
        while stack:
            col, down = stack.pop()
            while col < cols and filled >> col & 1:
                col += 1
            if col == cols:
                found.append(down)
                continue
            stack.append((col + 1, down | 1 << col))  # a domino standing down into the next row
            if col + 1 < cols and not filled >> (col + 1) & 1:
                stack.append((col + 2, down))  # a domino lying along the row
        return tuple(found)

    if remember_fillings:
        fillings = cache(fillings)
    ways = {0: 1}
    for _ in range(rows):
        after: dict[int, int] = {}
        for filled, n in ways.items():
            for down in fillings(filled):
                after[down] = after.get(down, 0) + n
        ways = after
    return ways.get(0, 0)


def langford(n: int) -> ExactCover:
    """Langford pairs: each k in 1..n placed twice in 2n slots, k slots apart.  A sequence and its
    reverse are two solutions (OEIS A014552 counts them as one)."""
    problem = ExactCover([str(k) for k in range(1, n + 1)] + [f"s{j}" for j in range(2 * n)])
    for k in range(1, n + 1):
        for j in range(2 * n - k - 1):
            problem.add_option([str(k), f"s{j}", f"s{j + k + 1}"])
    return problem


def langford_gaps(slots: int, gaps: int, low: int = 1, high: int = 2) -> ExactCover:
    """Langford-like, with Knuth's multiplicities: fill ``slots`` slots with pairs, a pair ``d`` slots apart
    taking the two ends of a gap of ``d - 1`` (``d`` in 1..gaps), each ``d`` used between ``low`` and ``high``
    times (items ``dK`` with bounds, slots ``sJ`` exactly once)."""
    problem = ExactCover([f"d{d}" for d in range(1, gaps + 1)] + [f"s{j}" for j in range(slots)],
                         bounds={f"d{d}": (low, high) for d in range(1, gaps + 1)})
    for d in range(1, gaps + 1):
        for j in range(slots - d - 1):
            problem.add_option([f"d{d}", f"s{j}", f"s{j + d + 1}"])
    return problem


SMALL_PIECES = {
    "A": ["A"], "B": ["BB"], "C": ["CCC"], "D": ["DD", "D."], "E": ["EEEE"], "F": ["FF", "FF"],
    "G": ["GGG", ".G."], "H": ["HH.", ".HH"], "J": ["JJJ", "J.."],
}


def small_set(letters) -> PieceSet:
    pieces = {}
    for letter in letters:
        cells = SQUARE.cells_from_art(SMALL_PIECES[letter], lambda ch: ch != ".")
        pieces[letter] = Piece(letter, SQUARE.normalise(cells), "#cccccc")
    return PieceSet("small", "small", True, pieces)


@st.composite
def small_tilings(draw) -> tiling.Puzzle:
    letters = draw(st.sets(st.sampled_from(sorted(SMALL_PIECES)), min_size=2, max_size=6))
    pieces = small_set(sorted(letters))
    area = pieces.area
    shapes = [(r, area // r) for r in range(1, area + 1) if area % r == 0 and r <= area // r]
    holes = 0
    side = int((area + 1) ** 0.5)
    if side * side - area in (1, 4) and draw(st.booleans()):
        shapes, holes = [(side, side)], side * side - area
    rows, cols = draw(st.sampled_from(shapes))
    grid = [["."] * cols for _ in range(rows)]
    if holes:  # holes in the middle keep the square's symmetry
        mid = [(rows // 2, cols // 2)] if holes == 1 else [(rows // 2 - a, cols // 2 - b) for a in (0, 1) for b in (0, 1)]
        for r, c in mid:
            grid[r][c] = "#"
    return tiling.parse(["".join(row) for row in grid], pieces)
