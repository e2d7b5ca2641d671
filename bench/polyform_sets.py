"""Write the piece sets of polyiamonds (orders 1-6), polyhexes (orders 1-5) and the hexominoes into
xlsolver/data/pieces, once.

The shapes come from enumeration: every polyform of an order grown cell by cell over the lattice's neighbours,
reduced to free forms by the lattice's transforms, and checked against the published numbers (OEIS A000577
polyiamonds 1, 1, 1, 3, 4, 12; A000228 polyhexes 1, 1, 3, 7, 22; A000105 polyominoes 1, 1, 2, 5, 12, 35).  The
names are the literature's, as Polyform Puzzler (David Goodger) spells them: each enumerated form is matched to
the shape Polyform Puzzler gives that name (a fact, written below in its own coordinates and turned into ours),
and drawn in that orientation.

    python bench/polyform_sets.py            # writes the files, prints what it wrote
    python bench/polyform_sets.py --check    # writes nothing; fails if a file differs from what it would write

A grid has one character a cell, so a set's pieces need distinct letters: a set of one order takes the letters of
the names (hexiamond ``I6`` is ``I``); a union of orders keeps the highest order's letters and gives the others
free letters, and a one-sided set gives each mirror image a letter of its own (the files' comments list them).
A set of more than 26 pieces takes the lower-case letters too (its letters' case then matters): there a mirror
image is the lower case of its piece's letter (one-sided pentahex ``F5'`` is ``f``), the lower orders of a union
take lower-case letters (tetrahex ``J4`` is ``j``), and a hexomino whose name is numbered (``F16``, Polyform
Puzzler's second F) is its letter in lower case; ``l``, which reads as ``I``, is none of them.  The one-sided
hexominoes (60) are more than 52 letters name.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xlsolver.geometry.catalog import CASED  # noqa: E402
from xlsolver.geometry.lattice import HEX, SQUARE, TRIANGLE, PlaneLattice  # noqa: E402

PIECES = ROOT / "xlsolver" / "data" / "pieces"

# Polyform Puzzler's shapes (its puzzles/polyiamonds.py and polyhexes.py), the cell (0, 0[, 0]) implied: facts
# naming each free form.  Triangles (x, y, z): z = 0 the up triangle, z = 1 the down one to its right, y up and
# to the right at 60 degrees; hexagons (x, y): y at 60 degrees from x.
IAMONDS = {
    1: {"T1": ()},
    2: {"D2": ((0, 0, 1),)},
    3: {"I3": ((0, 0, 1), (1, 0, 0))},
    4: {"I4": ((0, 0, 1), (1, 0, 0), (1, 0, 1)), "C4": ((0, 0, 1), (1, 0, 0), (1, -1, 1)),
        "T4": ((0, 0, 1), (1, 0, 0), (0, 1, 0))},
    5: {"I5": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (2, 0, 0)), "C5": ((0, 0, 1), (1, 0, 0), (1, -1, 1), (0, -1, 1)),
        "L5": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)), "P5": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (0, 1, 0))},
    6: {"I6": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (2, 0, 0), (2, 0, 1)),
        "P6": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (2, 0, 0), (1, 1, 0)),
        "J6": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (2, 0, 0), (0, -1, 1)),
        "E6": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (2, 0, 0), (1, -1, 1)),
        "V6": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (0, 1, 0), (0, 1, 1)),
        "H6": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (1, -1, 1), (2, -1, 0)),
        "S6": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (0, -1, 1), (1, 1, 0)),
        "X6": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (0, 1, 0), (1, -1, 1)),
        "C6": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1)),
        "G6": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (0, 1, 1)),
        "F6": ((0, 0, 1), (1, 0, 0), (1, 0, 1), (0, 1, 0), (1, 1, 0)),
        "O6": ((0, 0, 1), (1, 0, 0), (0, -1, 1), (1, -1, 0), (1, -1, 1))},
}
HEXES = {
    1: {"H1": ()},
    2: {"I2": ((1, 0),)},
    3: {"I3": ((1, 0), (2, 0)), "V3": ((1, 0), (1, 1)), "A3": ((1, 0), (0, 1))},
    4: {"I4": ((1, 0), (2, 0), (3, 0)), "J4": ((1, 0), (2, 0), (2, 1)), "P4": ((1, 0), (2, 0), (1, 1)),
        "S4": ((1, 0), (1, 1), (2, 1)), "U4": ((-1, 1), (1, 0), (1, 1)), "Y4": ((1, 0), (2, -1), (1, 1)),
        "O4": ((1, 0), (0, 1), (1, 1))},
    5: {"A5": ((1, 0), (2, 0), (1, 1), (2, -1)), "B5": ((1, 0), (2, 0), (1, 1), (2, 1)),
        "C5": ((1, 0), (2, 0), (2, 1), (-1, 1)), "D5": ((1, 0), (2, 0), (0, 1), (1, 1)),
        "E5": ((1, 0), (1, 1), (2, 0), (3, 0)), "F5": ((1, 0), (2, 0), (0, 1), (2, 1)),
        "G5": ((1, 0), (1, 1), (2, 1), (3, 0)), "H5": ((1, 0), (1, 1), (0, 2), (2, 1)),
        "I5": ((1, 0), (2, 0), (3, 0), (4, 0)), "J5": ((1, 0), (2, 0), (3, 0), (3, 1)),
        "L5": ((1, 0), (2, 0), (2, 1), (2, 2)), "N5": ((1, 0), (2, 0), (2, 1), (3, 1)),
        "P5": ((1, 0), (2, 0), (2, 1), (3, 0)), "Q5": ((1, 0), (2, 0), (2, 1), (1, -1)),
        "R5": ((1, 0), (2, 0), (2, 1), (1, 2)), "S5": ((1, 0), (2, 0), (2, 1), (0, -1)),
        "T5": ((1, 0), (2, 0), (2, 1), (2, -1)), "U5": ((1, 0), (1, 1), (-1, 1), (-1, 2)),
        "V5": ((1, 0), (2, 0), (0, 1), (0, 2)), "W5": ((1, 0), (1, 1), (2, 1), (2, 2)),
        "X5": ((1, 0), (2, 0), (0, 1), (2, -1)), "Y5": ((1, 0), (2, 0), (2, 1), (3, -1))},
}
# Polyform Puzzler's hexominoes (its puzzles/polyominoes.py): cells (x, y), y upwards; a number after the letter
# tells apart pieces of one letter (F06 the "high F", F16 the "low F", F26 and F36 the "high" and "low 4").
OMINOES = {
    6: {"A06": ((0, 1), (0, 2), (1, 1), (1, 2), (2, 2)), "C06": ((0, 1), (0, 2), (0, 3), (1, 0), (1, 3)),
        "D06": ((0, 1), (0, 2), (0, 3), (1, 1), (1, 2)), "E06": ((-1, 1), (0, 1), (0, 2), (1, 0), (1, 2)),
        "F06": ((-1, 2), (0, 1), (0, 2), (0, 3), (1, 3)), "F16": ((-1, 1), (0, 1), (0, 2), (0, 3), (1, 3)),
        "F26": ((-2, 1), (-1, 1), (0, 1), (0, 2), (1, 2)), "F36": ((-1, 1), (0, 1), (0, 2), (1, 2), (2, 2)),
        "G06": ((0, 1), (0, 2), (1, -1), (1, 0), (1, 2)), "H06": ((0, 1), (0, 2), (1, 1), (2, 0), (2, 1)),
        "I06": ((0, 1), (0, 2), (0, 3), (0, 4), (0, 5)), "J06": ((0, 1), (1, 0), (2, 0), (2, 1), (2, 2)),
        "K06": ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)), "L06": ((0, 1), (0, 2), (0, 3), (0, 4), (1, 0)),
        "M06": ((0, 1), (1, 1), (2, 1), (2, 2), (3, 2)), "N06": ((0, 1), (0, 2), (1, 1), (1, 2), (1, 3)),
        "N16": ((0, 1), (0, 2), (0, 3), (1, 3), (1, 4)), "O06": ((0, 1), (0, 2), (1, 0), (1, 1), (1, 2)),
        "P06": ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3)), "Q06": ((-1, 1), (-1, 2), (0, 1), (0, 2), (1, 0)),
        "R06": ((0, 1), (0, 2), (1, 1), (1, 2), (2, 1)), "S06": ((-1, 2), (-1, 3), (-1, 4), (0, 1), (0, 2)),
        "T06": ((-1, 3), (0, 1), (0, 2), (0, 3), (1, 3)), "T16": ((-1, 2), (0, 1), (0, 2), (1, 2), (2, 2)),
        "U06": ((0, 1), (1, 0), (2, 0), (2, 1), (3, 0)), "V06": ((1, 0), (2, 0), (2, 1), (2, 2), (2, 3)),
        "W06": ((1, 0), (1, 1), (2, 1), (2, 2), (2, 3)), "W16": ((1, 0), (1, 1), (2, 1), (2, 2), (3, 2)),
        "W26": ((1, 0), (1, 1), (2, 1), (2, 2), (3, 1)), "X06": ((-1, 1), (0, 1), (0, 2), (0, 3), (1, 1)),
        "X16": ((-1, 1), (0, 1), (0, 2), (0, 3), (1, 2)), "Y06": ((-1, 3), (0, 1), (0, 2), (0, 3), (0, 4)),
        "Y16": ((-1, 2), (0, 1), (0, 2), (0, 3), (0, 4)), "Z06": ((-1, 3), (0, 1), (0, 2), (0, 3), (1, 0)),
        "Z16": ((-1, 2), (0, 1), (0, 2), (1, 0), (2, 0))},
}
ORDER_NAMES = {
    TRIANGLE: {1: "moniamond", 2: "diamond", 3: "triamond", 4: "tetriamonds", 5: "pentiamonds", 6: "hexiamonds"},
    HEX: {1: "monohex", 2: "dihex", 3: "trihexes", 4: "tetrahexes", 5: "pentahexes"},
    SQUARE: {6: "hexominoes"},
}
# Common names of the hexiamonds (Polyform Puzzler's notes), for the files' comments.
NICKNAMES = {"I6": "bar", "P6": "sphinx", "J6": "club", "E6": "crown", "V6": "lobster", "H6": "pistol",
             "S6": "snake", "X6": "butterfly", "C6": "bat", "G6": "hook", "F6": "yacht", "O6": "hexagon",
             "F06": "high F", "F16": "low F", "F26": "high 4", "F36": "low 4", "N06": "short N", "N16": "long N",
             "S06": "long S", "T06": "long T", "T16": "short T", "W06": "Wa", "W16": "Wb", "W26": "Wc",
             "X16": "italic X", "Y06": "high Y", "Y16": "low Y", "Z06": "long Z", "Z16": "short Z"}

# Letters where a name's own letter is taken: in unions (lower orders) and for mirror images (marked ').
UNION_LETTERS = {
    TRIANGLE: {"T1": "A", "D2": "D", "I3": "R", "I4": "K", "C4": "U", "T4": "T", "I5": "N", "C5": "W",
               "L5": "L", "P5": "Q", "I4'": "Y", "L5'": "J", "P5'": "P"},
    HEX: {"H1": "H", "I2": "D", "I3": "B", "V3": "V", "A3": "A", "J4'": "L", "P4'": "Q", "S4'": "Z"},
}
# In a set of more than 26 pieces (its letters' case matters): the lower orders' letters, lower case where their
# names' are free; a hexomino numbered 1 is its letter in lower case, F26 and W26 the letter of their nicknames
# (high 4, Wc), F36 (the low 4) g, a letter that reaches low.  No set takes l, which reads as I in pictures and on
# sheets: the mirror image of the one-sided L5 of orders 1-6 is y.
CASED_LETTERS = {
    TRIANGLE: {"T1": "A", "D2": "D", "I3": "R", "I4": "K", "C4": "U", "T4": "T", "I5": "N", "C5": "W", "L5": "L",
               "P5": "Q"},
    HEX: {"H1": "h", "I2": "d", "I3": "b", "V3": "v", "A3": "a", "I4": "i", "J4": "j", "P4": "p", "S4": "s",
          "U4": "u", "Y4": "y", "O4": "o"},
    SQUARE: {"F26": "h", "F36": "g", "W26": "c"},
}
CASED_MIRRORS = {TRIANGLE: {"L5'": "y"}, HEX: {}, SQUARE: {}}
# The lower orders of the one-sided polyhexes 1-5, whose pentahexes' mirror images take b f g h j n p q r s t:
# each chiral pair of tetrahexes a free letter in its two cases, the others lower-case letters still free.
ONE_SIDED_HEX_LETTERS = {"H1": "x", "I2": "d", "I3": "e", "V3": "v", "A3": "a", "I4": "i", "U4": "u", "Y4": "y",
                         "O4": "o", "J4": "K", "J4'": "k", "P4": "M", "P4'": "m", "S4": "Z", "S4'": "z"}
MIRROR_LETTERS = {
    TRIANGLE: {"I4'": "N", "L5'": "J", "P5'": "Q", "I6'": "N", "P6'": "Q", "J6'": "L", "H6'": "K", "S6'": "Z",
               "G6'": "U", "F6'": "Y"},
    HEX: {"J4'": "L", "P4'": "Q", "S4'": "Z"},
}
# Colours of maximum contrast (Kenneth Kelly's list, without white, black and the darkest) and a few more: distinct
# in a set, and apart when a picture shades them (tests/test_svg.py).
# Sets of more than 26 pieces take 26 more, each chosen (from a grid of colours, greedily) as far as it can be
# (CIELAB distance) from every colour before it, among those whose shaded faces stay apart from the others' and
# that are neither near white nor near black or the dark of cells off the board.
PALETTE = ("#f3c300", "#875692", "#f38400", "#a1caf1", "#be0032", "#c2b280", "#848482", "#008856", "#e68fac",
           "#0067a5", "#f99379", "#604e97", "#f6a600", "#b3446c", "#dcd300", "#882d17", "#8db600", "#aaffc3",
           "#e25822", "#4363d8", "#1f9e89", "#ff69b4", "#7fdbff", "#bdb2ff", "#5f9ea0", "#9a6324",
           "#0000ff", "#ff1eff", "#00ff00", "#2de169", "#6900b4", "#d278ff", "#ffff96", "#960087", "#69781e",
           "#008700", "#00ffff", "#ffe1e1", "#000f78", "#a5ff3c", "#5a1e2d", "#004bff", "#ff1ec3", "#ff0078",
           "#c3a53c", "#96c369", "#a51eff", "#d2fff0", "#ffa5ff", "#00a5ff", "#ff1e2d", "#0fd296")

# The sets written: name, lattice, orders, one-sided?
SETS = (
    ("moniamond", TRIANGLE, (1,), False), ("diamond", TRIANGLE, (2,), False), ("triamond", TRIANGLE, (3,), False),
    ("tetriamonds", TRIANGLE, (4,), False), ("one-sided-tetriamonds", TRIANGLE, (4,), True),
    ("pentiamonds", TRIANGLE, (5,), False), ("one-sided-pentiamonds", TRIANGLE, (5,), True),
    ("hexiamonds", TRIANGLE, (6,), False), ("one-sided-hexiamonds", TRIANGLE, (6,), True),
    ("polyiamonds-1-4", TRIANGLE, (1, 2, 3, 4), False), ("one-sided-polyiamonds-1-4", TRIANGLE, (1, 2, 3, 4), True),
    ("polyiamonds-1-5", TRIANGLE, (1, 2, 3, 4, 5), False),
    ("one-sided-polyiamonds-1-5", TRIANGLE, (1, 2, 3, 4, 5), True),
    ("polyiamonds-1-6", TRIANGLE, (1, 2, 3, 4, 5, 6), False),
    ("monohex", HEX, (1,), False), ("dihex", HEX, (2,), False), ("trihexes", HEX, (3,), False),
    ("tetrahexes", HEX, (4,), False), ("one-sided-tetrahexes", HEX, (4,), True),
    ("pentahexes", HEX, (5,), False),
    ("polyhexes-3-4", HEX, (3, 4), False), ("one-sided-polyhexes-3-4", HEX, (3, 4), True),
    ("polyhexes-1-4", HEX, (1, 2, 3, 4), False), ("one-sided-polyhexes-1-4", HEX, (1, 2, 3, 4), True),
    # more than 26 pieces: A-Z, then a-z
    ("one-sided-polyiamonds-1-6", TRIANGLE, (1, 2, 3, 4, 5, 6), True),
    ("one-sided-pentahexes", HEX, (5,), True),
    ("polyhexes-1-5", HEX, (1, 2, 3, 4, 5), False), ("one-sided-polyhexes-1-5", HEX, (1, 2, 3, 4, 5), True),
    ("hexominoes", SQUARE, (6,), False),
)
FREE = {TRIANGLE: (1, 1, 1, 3, 4, 12), HEX: (1, 1, 3, 7, 22), SQUARE: (1, 1, 2, 5, 12, 35)}  # A000577, A000228, A000105
WORD = {TRIANGLE: ("polyiamond", "triangles"), HEX: ("polyhex", "hexagons"), SQUARE: ("polyomino", "squares")}


def ours(lattice: PlaneLattice, coordinates) -> tuple:
    """Polyform Puzzler's cells (the origin implied) as ours, normalised: triangles (x, y, z) ->
    (3(x + y) + 2 + 2z, -3y - 1 - z) (the up triangle with corners (x, y), (x + 1, y), (x, y + 1) is ours with
    corners (x + y, -y) ...: the same picture, y turned downwards); hexagons (x, y) -> (x + y, -y); squares
    (x, y) -> (-y, x)."""
    if lattice is SQUARE:
        return lattice.normalise((-y, x) for x, y in [(0, 0), *coordinates])
    if lattice is TRIANGLE:
        cells = [(0, 0, 0), *coordinates]
        return lattice.normalise((3 * (x + y) + 2 + 2 * z, -3 * y - 1 - z) for x, y, z in cells)
    cells = [(0, 0), *coordinates]
    return lattice.normalise((x + y, -y) for x, y in cells)


def grown(lattice: PlaneLattice, size: int) -> set[tuple]:
    """Every fixed polyform of ``size`` cells, grown over the neighbours from each kind of cell."""
    forms = {lattice.normalise([lattice.cell(0, col)]) for col in (0, 1) if lattice.holds(0, col)}
    for _ in range(size - 1):
        forms = {lattice.normalise(form + (near,)) for form in forms for cell in form
                 for near in lattice.neighbours(cell) if near not in form}
    return forms


def canonical(lattice: PlaneLattice, shape, turn_over: bool = True) -> tuple:
    return min(lattice.orientations(shape, turn_over))


def named_forms(lattice: PlaneLattice, order: int) -> dict[str, tuple]:
    """The free forms of an order, each by its name, in the orientation the name's source draws it."""
    table = {TRIANGLE: IAMONDS, HEX: HEXES, SQUARE: OMINOES}[lattice][order]
    free = {canonical(lattice, form) for form in grown(lattice, order)}
    assert len(free) == FREE[lattice][order - 1], (lattice, order, len(free))
    named = {name: ours(lattice, cells) for name, cells in table.items()}
    assert {canonical(lattice, shape) for shape in named.values()} == free, f"names do not cover order {order}"
    assert len(named) == len(free)
    return named


def mirror(lattice: PlaneLattice, shape: tuple) -> tuple:
    return lattice.normalise(lattice.transforms[6](*cell) for cell in shape)


def drawing(lattice: PlaneLattice, shape: tuple, letter: str) -> list[str]:
    """A piece's lines: its letter on its cells, '.' on the other cells of its rectangle, spaces where hexagons
    do not stand; triangles turned (by rotations only) until the top-left character points up, or, where no
    turn does (a triangle of four), drawn one column in, after a column of '.'."""
    for rotation in lattice.rotations:
        positions, shift = lattice.drawn([rotation(*cell) for cell in shape])
        if shift == 0:
            break
    else:
        positions, shift = lattice.drawn(shape)
    if lattice is TRIANGLE and shift:
        positions, shift = {cell: (r, c + 1) for cell, (r, c) in positions.items()}, 0
    height = 1 + max(r for r, _ in positions.values())
    width = 1 + max(c for _, c in positions.values())
    taken = set(positions.values())
    lines = ["".join(letter if (r, c) in taken else "." if lattice.holds(r, c, shift) else " " for c in range(width))
             for r in range(height)]
    return [line.rstrip() for line in lines]


def pieces_of(name: str, lattice: PlaneLattice, orders: tuple[int, ...], one_sided: bool
              ) -> list[tuple[str, str, tuple]]:
    """The set's pieces: (letter, name, shape); mirror images named with a trailing '."""
    union = len(orders) > 1
    forms = {order: named_forms(lattice, order) for order in orders}
    chiral = {piece for order in orders for piece, shape in forms[order].items()
              if canonical(lattice, shape, False) != canonical(lattice, mirror(lattice, shape), False)}
    cased = sum(len(named) for named in forms.values()) + len(chiral) * one_sided > CASED
    found = []
    for order in orders:
        top = order == max(orders)
        for piece, shape in forms[order].items():
            if cased:
                letter = cased_letter(name, lattice, piece, top)
            else:
                letter = UNION_LETTERS[lattice].get(piece, piece[0]) if union and not top else piece[0]
            found.append((letter, piece, shape))
            if one_sided and piece in chiral:
                key = piece + "'"
                if cased:
                    letter = ONE_SIDED_HEX_LETTERS[key] if name == "one-sided-polyhexes-1-5" and not top \
                        else CASED_MIRRORS[lattice].get(key) or letter.swapcase()
                else:
                    letter = (UNION_LETTERS[lattice] if union and not top else MIRROR_LETTERS[lattice]).get(key) \
                        or MIRROR_LETTERS[lattice][key]
                found.append((letter, key, mirror(lattice, shape)))
    letters = [letter for letter, _, _ in found]
    assert len(set(letters)) == len(letters), (name, sorted(letters))
    assert cased == (len(found) > CASED) and all(letter.isascii() and letter.isalpha() for letter in letters)
    assert "l" not in letters or "I" not in letters, (name, "l reads as I")
    return found


def cased_letter(name: str, lattice: PlaneLattice, piece: str, top: bool) -> str:
    """A piece's letter in a set of more than 26: the highest order's in upper case (a hexomino numbered 1 in
    lower case), the lower orders' from CASED_LETTERS."""
    if name == "one-sided-polyhexes-1-5" and not top:
        return ONE_SIDED_HEX_LETTERS[piece]
    if top:
        return CASED_LETTERS[lattice].get(piece) or (piece[0].lower() if piece[1:2] == "1" else piece[0])
    return CASED_LETTERS[lattice][piece]


def text_of(name: str, lattice: PlaneLattice, orders: tuple[int, ...], one_sided: bool) -> str:
    pieces = pieces_of(name, lattice, orders, one_sided)
    word, cells = WORD[lattice]
    kinds = " and ".join(ORDER_NAMES[lattice][order] for order in orders) if len(orders) < 3 else \
        f"{word}{'es' if word.endswith('x') else 's'} of orders {orders[0]}-{orders[-1]}"
    side = "one-sided (mirror images are pieces of their own; rotations only)" if one_sided else \
        "free (they may be turned over)"
    title = f"{'One-sided ' if one_sided else ''}{kinds[0].upper() + kinds[1:]} ({len(pieces)} piece" \
            f"{'s' if len(pieces) > 1 else ''})"
    renamed = [f"{piece} is {letter}" for letter, piece, _ in pieces if piece.rstrip("'")[0] != letter
               or piece.endswith("'")]
    lines = [f"# The {kinds}, {side}: {len(pieces)} piece{'s' if len(pieces) > 1 else ''} of {cells}, "
             f"{sum(len(s) for _, _, s in pieces)} cells.",
             f"# Names as Polyform Puzzler gives them (letter{', number' if lattice is SQUARE else ''} and order); "
             "written by bench/polyform_sets.py from an",
             "# enumeration of every form, checked against OEIS."]
    if len(pieces) > CASED:
        lines.append(f"# {len(pieces)} pieces: more than 26, so they are named A-Z then a-z, and a letter's case "
                     "tells two pieces apart.")
    if renamed:
        lines.append("# Letters where the name's own is taken (' marks a mirror image): " + ", ".join(renamed) + ".")
    nicknamed = [f"{letter} {NICKNAMES[piece]}" for letter, piece, _ in pieces if piece in NICKNAMES]
    if nicknamed:
        lines.append("# Also called: " + ", ".join(nicknamed) + ".")
    lines += [f"title: {title}", f"lattice: {lattice.name}", f"turn-over: {'no' if one_sided else 'yes'}", ""]
    for index, (letter, piece, shape) in enumerate(pieces):
        lines.append(f"{letter} {PALETTE[index]}")
        lines += drawing(lattice, shape, letter)
        lines.append("")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; fail if a file would change")
    args = parser.parse_args()
    stale = []
    for name, lattice, orders, one_sided in SETS:
        text = text_of(name, lattice, orders, one_sided)
        path = PIECES / f"{name}.txt"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
            continue
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}: {len(pieces_of(name, lattice, orders, one_sided))} pieces")
    if stale:
        print("differ from what bench/polyform_sets.py writes: " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
