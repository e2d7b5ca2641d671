"""Write the piece sets of polyiamonds (orders 1-6) and polyhexes (orders 1-5) into xlsolver/data/pieces, once.

The shapes come from enumeration: every polyform of an order grown cell by cell over the lattice's neighbours,
reduced to free forms by the lattice's 12 transforms, and checked against the published numbers (OEIS A000577
polyiamonds 1, 1, 1, 3, 4, 12; A000228 polyhexes 1, 1, 3, 7, 22).  The names are the literature's, as Polyform
Puzzler (David Goodger) spells them: each enumerated form is matched to the shape Polyform Puzzler gives that
name (a fact, written below in its own coordinates and turned into ours), and drawn in that orientation.

    python bench/polyform_sets.py            # writes the files, prints what it wrote
    python bench/polyform_sets.py --check    # writes nothing; fails if a file differs from what it would write

A grid has one character a cell, so a set's pieces need distinct letters: a set of one order takes the letters of
the names (hexiamond ``I6`` is ``I``); a union of orders keeps the highest order's letters and gives the others
free letters, and a one-sided set gives each mirror image a letter of its own (the files' comments list them).
Sets of more than 26 pieces (one-sided pentahexes 33, polyhexes 1-5 34, one-sided polyiamonds 1-6 32) do not fit
in the alphabet and are not written.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xlsolver.geometry.lattice import HEX, TRIANGLE, PlaneLattice  # noqa: E402

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
ORDER_NAMES = {
    TRIANGLE: {1: "moniamond", 2: "diamond", 3: "triamond", 4: "tetriamonds", 5: "pentiamonds", 6: "hexiamonds"},
    HEX: {1: "monohex", 2: "dihex", 3: "trihexes", 4: "tetrahexes", 5: "pentahexes"},
}
# Common names of the hexiamonds (Polyform Puzzler's notes), for the files' comments.
NICKNAMES = {"I6": "bar", "P6": "sphinx", "J6": "club", "E6": "crown", "V6": "lobster", "H6": "pistol",
             "S6": "snake", "X6": "butterfly", "C6": "bat", "G6": "hook", "F6": "yacht", "O6": "hexagon"}

# Letters where a name's own letter is taken: in unions (lower orders) and for mirror images (marked ').
UNION_LETTERS = {
    TRIANGLE: {"T1": "A", "D2": "D", "I3": "R", "I4": "K", "C4": "U", "T4": "T", "I5": "N", "C5": "W",
               "L5": "L", "P5": "Q", "I4'": "Y", "L5'": "J", "P5'": "P"},
    HEX: {"H1": "H", "I2": "D", "I3": "B", "V3": "V", "A3": "A", "J4'": "L", "P4'": "Q", "S4'": "Z"},
}
MIRROR_LETTERS = {
    TRIANGLE: {"I4'": "N", "L5'": "J", "P5'": "Q", "I6'": "N", "P6'": "Q", "J6'": "L", "H6'": "K", "S6'": "Z",
               "G6'": "U", "F6'": "Y"},
    HEX: {"J4'": "L", "P4'": "Q", "S4'": "Z"},
}
# Colours of maximum contrast (Kenneth Kelly's list, without white, black and the darkest) and a few more: distinct
# in a set, and apart when a picture shades them (tests/test_svg.py).
PALETTE = ("#f3c300", "#875692", "#f38400", "#a1caf1", "#be0032", "#c2b280", "#848482", "#008856", "#e68fac",
           "#0067a5", "#f99379", "#604e97", "#f6a600", "#b3446c", "#dcd300", "#882d17", "#8db600", "#aaffc3",
           "#e25822", "#4363d8", "#1f9e89", "#ff69b4", "#7fdbff", "#bdb2ff", "#5f9ea0", "#9a6324")

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
)
FREE = {TRIANGLE: (1, 1, 1, 3, 4, 12), HEX: (1, 1, 3, 7, 22)}  # OEIS A000577, A000228
WORD = {TRIANGLE: ("polyiamond", "triangles"), HEX: ("polyhex", "hexagons")}


def ours(lattice: PlaneLattice, coordinates) -> tuple:
    """Polyform Puzzler's cells (the origin implied) as ours, normalised: triangles (x, y, z) ->
    (3(x + y) + 2 + 2z, -3y - 1 - z) (the up triangle with corners (x, y), (x + 1, y), (x, y + 1) is ours with
    corners (x + y, -y) ...: the same picture, y turned downwards); hexagons (x, y) -> (x + y, -y)."""
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
    table = (IAMONDS if lattice is TRIANGLE else HEXES)[order]
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
    found = []
    for order in orders:
        top = order == max(orders)
        for piece, shape in named_forms(lattice, order).items():
            letter = UNION_LETTERS[lattice].get(piece, piece[0]) if union and not top else piece[0]
            found.append((letter, piece, shape))
            if one_sided and canonical(lattice, shape, False) != canonical(lattice, mirror(lattice, shape), False):
                key = piece + "'"
                letter = (UNION_LETTERS[lattice] if union and not top else MIRROR_LETTERS[lattice]).get(key) \
                    or MIRROR_LETTERS[lattice][key]
                found.append((letter, key, mirror(lattice, shape)))
    letters = [letter for letter, _, _ in found]
    assert len(set(letters)) == len(letters), (name, sorted(letters))
    return found


def text_of(name: str, lattice: PlaneLattice, orders: tuple[int, ...], one_sided: bool) -> str:
    pieces = pieces_of(name, lattice, orders, one_sided)
    word, cells = WORD[lattice]
    kinds = " and ".join(ORDER_NAMES[lattice][order] for order in orders) if len(orders) < 3 else \
        f"{word}s of orders {orders[0]}-{orders[-1]}"
    side = "one-sided (mirror images are pieces of their own; rotations only)" if one_sided else \
        "free (they may be turned over)"
    title = f"{'One-sided ' if one_sided else ''}{kinds[0].upper() + kinds[1:]} ({len(pieces)} piece" \
            f"{'s' if len(pieces) > 1 else ''})"
    renamed = [f"{piece} is {letter}" for letter, piece, _ in pieces if piece.rstrip("'")[0] != letter
               or piece.endswith("'")]
    lines = [f"# The {kinds}, {side}: {len(pieces)} piece{'s' if len(pieces) > 1 else ''} of {cells}, "
             f"{sum(len(s) for _, _, s in pieces)} cells.",
             "# Names as Polyform Puzzler gives them (letter and order); written by bench/polyform_sets.py from an",
             "# enumeration of every form, checked against OEIS."]
    if renamed:
        lines.append("# Letters where the name's own is taken (' marks a mirror image): " + ", ".join(renamed) + ".")
    nicknamed = [f"{piece[0]} {NICKNAMES[piece]}" for _, piece, _ in pieces if piece in NICKNAMES]
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
