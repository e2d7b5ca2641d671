"""What BurrTools counts: *assemblies*, one for each class of solutions that the result shape's symmetries carry
onto one another.

BurrTools keeps an assembly unless a symmetry of the result shape (a transformation mapping its filled cells onto
filled ones and its variable cells onto variable ones, colours onto the same colours) carries it onto an assembly
it finds first.  Rotations always count.  A mirror symmetry counts only where the pieces can follow it: BurrTools
pairs each piece that is not its own mirror image with a later piece of the list that is (first come, first
paired), and uses mirror symmetries

* in a problem with fixed counts: only if every such piece found a partner (the piece set is closed under
  mirroring); a mirror then carries each piece onto its partner;
* in a problem with ranges: for each assembly whose pieces all have partners (or are their own mirror images),
  and whose mirror image takes every shape within its range.

Copies of one shape are one piece (swapping them is no new assembly); shapes with different numbers are
different pieces even when they are congruent (learnt from BurrTools' assembler and ``assembly.cpp``; checked on
the public files by bench/burrtools.py).

Two ways to count, both through ``counting.count``: where the symmetries act on the exact cover's items (a cell's
image, a piece's partner), Burnside's lemma over that group (``counting``'s symmetry plan); where mirrors apply to
some assemblies only (ranges), every solution searched and the least of each class kept (a side condition).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...geometry.burr_grids import Symmetry
from ...geometry.lattice import Coord
from .problem import HOLE, Built, tagged

Instance = tuple[int, int]  # a piece of the list: (its shape's place in the list, which copy)


@dataclass(frozen=True)
class Group:
    """The symmetries BurrTools reduces a problem's assemblies by, and how pieces follow a mirror."""

    symmetries: list[Symmetry]  # of the result: identity first
    partners: dict[Instance, Instance]  # each paired piece's mirror-image partner (both ways)
    complete: bool  # every piece that is not its own mirror image has a partner
    achiral: frozenset[int]  # shapes (by place in the list) that are their own mirror image

    @property
    def mirrors(self) -> list[Symmetry]:
        return [s for s in self.symmetries if s.mirror]

    @property
    def rotations(self) -> list[Symmetry]:
        return [s for s in self.symmetries if not s.mirror]


def group(built: Built) -> Group:
    """The result's symmetries and BurrTools' pairing of the pieces with their mirror images."""
    symmetries = built.grid.symmetries(built.result)
    instances = [(index, copy) for index, piece in enumerate(built.pieces) for copy in range(piece.high)]
    achiral = frozenset(index for index, piece in enumerate(built.pieces)
                        if piece.high and built.grid.achiral(piece.cells))
    partners: dict[Instance, Instance] = {}
    complete = True
    if any(s.mirror for s in symmetries):
        for at, (index, copy) in enumerate(instances):
            if (index, copy) in partners or index in achiral:
                continue
            shape = built.pieces[index].cells
            partner = next((other for other in instances[at + 1:] if other not in partners
                            and built.grid.mirrors(shape, built.pieces[other[0]].cells)), None)
            if partner is None:
                complete = False
                break
            partners[(index, copy)], partners[partner] = partner, (index, copy)
    return Group(symmetries, partners, complete, achiral)


def part_map(built: Built, found: Group) -> dict[int, int] | None:
    """Where a mirror carries each shape of the list (by place), when every copy of a shape has its partner among
    the copies of one shape with as many copies; None when the pairing is no such map."""
    mapping: dict[int, int] = {}
    for index, piece in enumerate(built.pieces):
        if not piece.high:
            continue
        if index in found.achiral:
            mapping[index] = index
            continue
        targets = {found.partners[(index, copy)][0] for copy in range(piece.high) if (index, copy) in found.partners}
        if len(targets) != 1 or len([c for c in range(piece.high) if (index, c) in found.partners]) != piece.high:
            return None
        target = targets.pop()
        other = built.pieces[target]
        if (other.low, other.high) != (piece.low, piece.high):
            return None
        mapping[index] = target
    return mapping


@dataclass(frozen=True)
class Plan:
    """How to count a problem's assemblies: ``item_maps`` (a group acting on the exact cover's items) and, where
    mirrors apply to some assemblies only, ``accept`` (keeps the least solution of each class)."""

    item_maps: list[list[int]]
    accept: object = None  # a callable(solution) -> bool, or None
    order: int = 1  # the symmetries counted by
    mirrors: int = 0  # of which mirror images
    how: str = ""  # the mirrors' rule, in words


def plan(built: Built) -> Plan:
    """The count's plan (see the module's doc)."""
    found = group(built)
    rotations, mirrors = found.rotations, found.mirrors
    if not mirrors:
        return Plan(_item_maps(built, rotations, {}), order=len(rotations),
                    how="no mirror image of the result is other than a turn of it")
    if not built.ranges and not found.complete:
        return Plan(_item_maps(built, rotations, {}), order=len(rotations),
                    how=f"its {len(mirrors)} mirror symmetries are not used: a piece's mirror image is not among "
                        "the pieces")
    mapping = part_map(built, found) if found.complete else None
    if mapping is not None:
        return Plan(_item_maps(built, rotations, {}) + _item_maps(built, mirrors, mapping),
                    order=len(found.symmetries), mirrors=len(mirrors),
                    how="mirror images merged: the piece set is closed under mirroring")
    return Plan([], accept=least_of_class(built, found), order=len(found.symmetries), mirrors=len(mirrors),
                how="mirror images merged where an assembly's pieces have mirror partners")


def _item_maps(built: Built, symmetries: Sequence[Symmetry], mapping: dict[int, int]) -> list[list[int]]:
    """Each symmetry as a permutation of the exact cover's items: cells to their images, each piece to itself
    (a rotation) or to its partner (a mirror: ``mapping``)."""
    index = {name: i for i, name in enumerate(built.cover.items)}
    letters = {piece.letter: i for i, piece in enumerate(built.pieces)}
    tints = sorted({colour for piece in built.pieces for colour in piece.cells.values() if colour})
    maps = []
    for symmetry in symmetries:
        items = list(range(len(index)))
        for cell, image in symmetry.cells.items():
            items[index[built.item(cell)]] = index[built.item(image)]
            for tint in tints:
                items[index[tagged(built.item(cell), tint)]] = index[tagged(built.item(image), tint)]
        for letter, place in letters.items():
            if letter in index and place in mapping:
                items[index[letter]] = index[built.pieces[mapping[place]].letter]
        maps.append(items)
    return maps


Assembly = tuple[tuple[str, tuple[tuple[Coord, int], ...]], ...]  # (letter, (cell, colour) sorted) a piece


def least_of_class(built: Built, found: Group):
    """The side condition that keeps one solution of each class: the least, in a fixed order, of its images
    under the rotations and those mirrors that its pieces allow."""
    labels = built.cover.labels
    letter_of = {i: piece.letter for i, piece in enumerate(built.pieces)}
    place_of = {piece.letter: i for i, piece in enumerate(built.pieces)}

    def key(pieces) -> Assembly:
        return tuple(sorted((letter, tuple(sorted(cells))) for letter, cells in pieces))

    def accept(solution: Sequence[int]) -> bool:
        pieces = [(labels[o].letter, labels[o].colours) for o in solution if labels[o].letter != HOLE]
        own = key(pieces)
        copies: dict[str, int] = {}
        ordered = []  # (place in the list, copy, cells): copies numbered in their order, as BurrTools sorts them
        for letter, cells in sorted(pieces, key=lambda p: (p[0], sorted(p[1]))):
            copy = copies.get(letter, 0)
            copies[letter] = copy + 1
            ordered.append((place_of[letter], copy, cells))
        for symmetry in found.symmetries[1:]:
            image = _image(built, found, symmetry, ordered, letter_of)
            if image is not None and key(image) < own:
                return False
        return True
    return accept


def _image(built: Built, found: Group, symmetry: Symmetry, ordered, letter_of) -> list | None:
    """An assembly's image under a symmetry, pieces following a mirror to their partners; None where a mirror
    leaves a piece without a partner or a shape outside its range."""
    moved = []
    counts: dict[int, int] = {}
    for place, copy, cells in ordered:
        if symmetry.mirror and place not in found.achiral:
            partner = found.partners.get((place, copy))
            if partner is None:
                return None
            place = partner[0]
        counts[place] = counts.get(place, 0) + 1
        moved.append((letter_of[place], frozenset((symmetry.cells[c], tint) for c, tint in cells)))
    if any(not built.pieces[place].low <= counts.get(place, 0) <= built.pieces[place].high
           for place in range(len(built.pieces))):
        return None
    return moved


__all__ = ["Group", "Plan", "group", "plan", "part_map", "least_of_class"]
