"""One-sided pieces for the tests: drawings, piece sets, and an independent search.

The search here shares no code with xlsolver: it fills the first empty cell with
each unused piece in each rotation, and sorts tilings into classes under the
board's symmetries itself (a reflection turns each piece into its mirror image,
which must be in the set).
"""
from __future__ import annotations

from hypothesis import strategies as st

from xlsolver.geometry.lattice import SQUARE
from xlsolver.geometry.catalog import Piece, PieceSet
from xlsolver.families import tiling

#: The 18 one-sided pentominoes: each chiral one and its mirror image (G of F, J of L, ...).
PENTOMINOES = {
    "F": [".FF", "FF.", ".F."], "G": ["GG.", ".GG", ".G."], "I": ["IIIII"], "L": ["L...", "LLLL"],
    "J": ["...J", "JJJJ"], "N": ["NN..", ".NNN"], "M": ["..MM", "MMM."], "P": ["PP", "PP", "P."],
    "Q": ["QQ", "QQ", ".Q"], "T": ["TTT", ".T.", ".T."], "U": ["U.U", "UUU"], "V": ["V..", "V..", "VVV"],
    "W": ["W..", "WW.", ".WW"], "X": [".X.", "XXX", ".X."], "Y": [".Y..", "YYYY"], "H": ["..H.", "HHHH"],
    "Z": ["ZZ.", ".Z.", ".ZZ"], "S": [".SS", ".S.", "SS."],
}

#: The 7 one-sided tetrominoes.
TETROMINOES = {"I": ["IIII"], "O": ["OO", "OO"], "T": ["TTT", ".T."], "S": [".SS", "SS."], "Z": ["ZZ.", ".ZZ"],
               "L": ["L..", "LLL"], "J": ["..J", "JJJ"]}

#: Small pieces for random puzzles: some chiral ones with their mirror images (K of H, R of J).
SMALL = {"A": ["A"], "B": ["BB"], "C": ["CCC"], "D": ["DD", "D."], "E": ["EEEE"], "G": ["GGG", ".G."],
         "H": ["HH.", ".HH"], "K": [".KK", "KK."], "J": ["JJJ", "J.."], "R": ["RRR", "..R"]}


def cells(art: list[str]) -> set[tuple[int, int]]:
    return {(r, c) for r, line in enumerate(art) for c, ch in enumerate(line) if ch != "."}


def piece_set(art: dict[str, list[str]], letters: str | None = None) -> PieceSet:
    """The pieces drawn in ``art`` (those of ``letters`` only, if given), not to be turned over."""
    chosen = letters or "".join(art)
    pieces = {k: Piece(k, SQUARE.normalise(cells(art[k])), "#cccccc") for k in chosen}
    return PieceSet("one-sided", "one-sided test pieces", False, pieces)


def piece_file(art: dict[str, list[str]], letters: str | None = None) -> str:
    """The text of a piece-set file (``turn-over: no``) with the pieces drawn in ``art``."""
    blocks = [f"{k} #cccccc\n" + "\n".join(art[k]) for k in (letters or "".join(art))]
    return "title: one-sided test pieces\nturn-over: no\n\n" + "\n\n".join(blocks) + "\n"


def _rotations(shape: set) -> frozenset:
    found = set()
    for _ in range(4):
        shape = {(c, -r) for r, c in shape}
        top, left = min(r for r, _ in shape), min(c for _, c in shape)
        found.add(tuple(sorted((r - top, c - left) for r, c in shape)))
    return frozenset(found)


def independent_tilings(board: set, art: dict[str, list[str]]) -> list[dict]:
    """Every tiling of ``board`` by the pieces of ``art`` (rotated, never turned over): cell -> letter."""
    shapes = {k: _rotations(cells(v)) for k, v in art.items()}
    order = sorted(board)
    grid: dict = {}
    found = []

    def fill(unused: frozenset) -> None:
        empty = next((cell for cell in order if cell not in grid), None)
        if empty is None:
            found.append(dict(grid))
            return
        for letter in sorted(unused):
            for shape in shapes[letter]:
                placed = [(empty[0] + r - shape[0][0], empty[1] + c - shape[0][1]) for r, c in shape]
                if all(cell in board and cell not in grid for cell in placed):
                    grid.update(dict.fromkeys(placed, letter))
                    fill(unused - {letter})
                    for cell in placed:
                        del grid[cell]

    fill(frozenset(art))
    return found


def independent_classes(board: set, art: dict[str, list[str]], tilings: list[dict]) -> int:
    """How many classes ``tilings`` fall into under the board symmetries that map the piece set onto itself."""
    rotations = {k: _rotations(cells(v)) for k, v in art.items()}
    mirror = {}
    for k, v in art.items():
        image = _rotations({(r, -c) for r, c in cells(v)})
        mirror[k] = next((m for m in art if rotations[m] == image), None)
    rows, cols = 1 + max(r for r, _ in board), 1 + max(c for _, c in board)
    moves = [(lambda r, c: (r, c), False), (lambda r, c: (rows - 1 - r, cols - 1 - c), False),
             (lambda r, c: (r, cols - 1 - c), True), (lambda r, c: (rows - 1 - r, c), True)]
    if rows == cols:
        moves += [(lambda r, c: (c, rows - 1 - r), False), (lambda r, c: (rows - 1 - c, r), False),
                  (lambda r, c: (c, r), True), (lambda r, c: (rows - 1 - c, cols - 1 - r), True)]
    usable = [(move, flips) for move, flips in moves
              if {move(*cell) for cell in board} == board and not (flips and None in mirror.values())]
    classes = set()
    for tiling_ in tilings:
        images = [tuple(sorted((move(*cell), mirror[k] if flips else k) for cell, k in tiling_.items()))
                  for move, flips in usable]
        classes.add(min(images))
    return len(classes)


@st.composite
def one_sided_tilings(draw) -> tuple[tiling.Puzzle, dict[str, list[str]]]:
    """A small one-sided tiling puzzle (a rectangle, or a square with a centred hole), and its pieces' art."""
    letters = draw(st.sets(st.sampled_from("ABCDEG"), max_size=3))
    letters |= set("".join(draw(st.sets(st.sampled_from(["HK", "JR"]), min_size=1))))  # mirror pairs
    letters |= draw(st.sets(st.sampled_from("HKJR"), max_size=1))  # now and then one without its mirror
    art = {k: SMALL[k] for k in sorted(letters)}
    area = sum(len(cells(v)) for v in art.values())
    shapes = [(r, area // r) for r in range(1, area + 1) if area % r == 0 and r <= area // r]
    side = int((area + 1) ** 0.5)
    hole = side * side - area == 1 and side % 2 == 1 and draw(st.booleans())
    rows, cols = (side, side) if hole else draw(st.sampled_from(shapes))
    grid = [["."] * cols for _ in range(rows)]
    if hole:
        grid[rows // 2][cols // 2] = "#"
    return tiling.parse(["".join(row) for row in grid], piece_set(art)), art
