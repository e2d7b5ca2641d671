"""``xlsolver pieces`` and ``xlsolver boards``: what the catalog and the families name, with pictures."""
from __future__ import annotations

import shutil
import sys

from .. import families
from ..base.answer import Status
from ..geometry import catalog
from ..pictures import terminal
from ..pictures.terminal import print_json


def run_pieces(args) -> int:
    sets = catalog.piece_sets()
    if args.json:
        print_json({name: {"title": s.title, "turn_over": s.turn_over, "area": s.area, "notes": s.notes,
                           "pieces": {p.letter: {"cells": p.cells, "colour": p.colour, "colour_name": p.colour_name,
                                                 **({"count": list(s.counts[p.letter])} if p.letter in s.counts else {})}
                                      for p in s.pieces.values()}} for name, s in sets.items()})
        return Status.SOLVED.exit_code
    colour_on = terminal.wants_colour(sys.stdout, args.colour)
    for name, s in sets.items():
        turning = "may be turned over" if s.turn_over else "rotations only"
        cells = f"{s.area}" if s.least_area == s.area else f"{s.least_area} to {s.area}"
        copies = "".join(f", {letter} {low}..{high}" if low != high else f", {letter} x{low}"
                         for letter, (low, high) in s.counts.items())
        print(f"{name}: {s.title}\n  {len(s.pieces)} pieces{copies}, {cells} cells, {turning}")
        colours = {p.letter: p.colour for p in s.pieces.values()}
        pictures = [_picture(p.cells, p.letter, s.lattice) for p in s.pieces.values()]
        painted = [terminal.paint(pic, colours, colour_on) for pic in pictures]
        widths = [max(len(row) for row in pic) * (2 if colour_on else 1) for pic in pictures]
        bands = _bands(widths, shutil.get_terminal_size((80, 24)).columns - 2, gap=2)
        print("\n\n".join("\n".join("  " + line for line in terminal.side_by_side(
            [painted[i] for i in band], [widths[i] for i in band], gap=2)) for band in bands) + "\n")
    return Status.SOLVED.exit_code


def _bands(widths: list[int], room: int, gap: int) -> list[range]:
    """Pictures of these widths in bands as wide as ``room`` (a set of 48 pieces would run 400 columns wide),
    each band at least one picture."""
    bands, start, used = [], 0, 0
    for i, width in enumerate(widths):
        if i > start and used + gap + width > room:
            bands.append(range(start, i))
            start, used = i, width
        else:
            used += (gap if i > start else 0) + width
    return bands + [range(start, len(widths))]


def run_boards(args) -> int:
    """Every family's named boards, under the family's title (JSON: by name, each with its family)."""
    listed = {family: family.boards() for family in families.all_families().values() if family.boards is not None}
    if args.json:
        print_json({b.name: {"family": family.name, "title": b.title, "cells": b.cells, "pieces": b.pieces,
                             "rows": b.rows, "known_total": b.known_total, "known_distinct": b.known_distinct,
                             "symmetry_group_order": b.symmetries}
                    for family, boards in listed.items() for b in boards})
        return Status.SOLVED.exit_code
    colour_on = terminal.wants_colour(sys.stdout, args.colour)
    for family, boards in listed.items():
        print(f"== {family.name}: {family.title} ==\n")
        for b in boards:
            _print_board(b, colour_on)
    return Status.SOLVED.exit_code


def _print_board(b, colour_on: bool) -> None:
    known = ""
    if b.known_total is not None:
        known = f", {b.known_total:,} solutions"
        if b.known_distinct is not None:
            known += f" ({b.known_distinct:,} up to symmetry)"
    cells = f"{b.cells} cells, " if b.cells is not None else ""
    print(f"{b.name}: {b.title}\n  {cells}pieces: {b.pieces}{known}")
    picture = [row.replace("#", " ") for row in b.rows]
    print("\n".join(["  " + line for line in terminal.paint(picture, {".": "#d9d9d9"}, colour_on)] + [""]))


def _picture(cells, letter: str, lattice=None) -> list[str]:
    """A piece as text: its grid, or its layers side by side (bottom first) separated by '/'."""
    if lattice is not None and lattice.dimension == 3:
        placed = [lattice.position(cell) for cell in cells]
        layers = [_picture([(r, c) for z, r, c in placed if z == layer], letter)
                  for layer in range(1 + max(z for z, _, _ in placed))]
        height = max(map(len, layers))
        return [" / ".join(layer[i].ljust(len(layer[0])) if i < len(layer) else " " * len(layer[0]) for layer in layers)
                for i in range(height)]
    if lattice is not None and getattr(lattice, "alternates", False):  # triangles, hexagons: drawn as typed
        placed, shift = lattice.drawn(cells)
        indent = shift if len(lattice.orientation_names) > 1 else 0  # triangles: the first column points up
        cells = {(r, c + indent) for r, c in placed.values()}
    height = 1 + max(r for r, _ in cells)
    width = 1 + max(c for _, c in cells)
    return ["".join(letter if (r, c) in cells else " " for c in range(width)) for r in range(height)]
