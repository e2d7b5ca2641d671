"""Cells, shapes and boards on the square grid.

A square of a grid is a ``Point``, ``(row, col)`` with row 0 at the top (what a
sheet cell *shows* is ``answer.Cell``).  A shape is a frozenset of points;
its *normal form* is the sorted tuple of cells translated so the smallest row and
column are 0, which makes equal shapes compare equal whatever their position.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

Point = tuple[int, int]
Shape = frozenset  # frozenset[Point]

#: The eight symmetries of the square (the dihedral group D4), as maps of a cell.
#: The first four are rotations, the last four add a reflection.
TRANSFORMS: tuple[Callable[[int, int], Point], ...] = (
    lambda r, c: (r, c),
    lambda r, c: (c, -r),
    lambda r, c: (-r, -c),
    lambda r, c: (-c, r),
    lambda r, c: (r, -c),
    lambda r, c: (c, r),
    lambda r, c: (-r, c),
    lambda r, c: (-c, -r),
)
ROTATIONS = TRANSFORMS[:4]


def normalise(cells: Iterable[Point]) -> tuple[Point, ...]:
    """Translate ``cells`` so the top row and the leftmost column are 0; sorted."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def cells_from_art(lines: Sequence[str], is_cell: Callable[[str], bool]) -> frozenset[Point]:
    """The cells of text art: character ``c`` of line ``r`` is a cell if ``is_cell(ch)``."""
    return frozenset(
        (r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if is_cell(ch)
    )


def orientations(cells: Iterable[Point], turn_over: bool = True) -> list[tuple[Point, ...]]:
    """Distinct orientations of a shape (normal forms), in a stable order.

    ``turn_over=False`` allows rotations only (one-sided pieces).
    """
    seen: dict[tuple[Point, ...], None] = {}
    cells = list(cells)
    for transform in TRANSFORMS if turn_over else ROTATIONS:
        seen.setdefault(normalise(transform(r, c) for r, c in cells), None)
    return list(seen)


def placements(shape_orientations: Iterable[tuple[Point, ...]], board: frozenset[Point]) -> list[frozenset[Point]]:
    """Every translation of every orientation that lies wholly on ``board``.

    Each orientation is in normal form, so its first cell is its top-left-most; we
    anchor that cell on every board cell in turn.
    """
    found: list[frozenset[Point]] = []
    board_order = sorted(board)
    for shape in shape_orientations:
        r0, c0 = shape[0]
        for br, bc in board_order:
            dr, dc = br - r0, bc - c0
            moved = frozenset((r + dr, c + dc) for r, c in shape)
            if moved <= board:
                found.append(moved)
    return found


def symmetries(board: frozenset[Point]) -> list[dict[Point, Point]]:
    """The symmetry group of a board: each symmetry as a map cell -> cell.

    A square transform is a symmetry if it maps the board onto itself after a
    translation.  The identity is always first.  Transforms that move the cells
    alike (a flip of a one-row board is the identity) count once.
    """
    group = []
    for _, symmetry in transformed_symmetries(board):
        if symmetry not in group:
            group.append(symmetry)
    return group


def transformed_symmetries(board: frozenset[Point]) -> list[tuple[Callable[[int, int], Point], dict[Point, Point]]]:
    """Each square transform that maps the board onto itself, with its map of cells (in TRANSFORMS order).

    The transform tells what the symmetry does to a piece's shape: the map alone
    cannot on a one-line board, where a flip may move no cell.
    """
    target = normalise(board)
    top = min(r for r, _ in board)
    left = min(c for _, c in board)
    found = []
    for transform in TRANSFORMS:
        moved = {cell: transform(*cell) for cell in board}
        if normalise(moved.values()) != target:
            continue
        mtop = min(r for r, _ in moved.values())
        mleft = min(c for _, c in moved.values())
        found.append((transform, {cell: (r - mtop + top, c - mleft + left) for cell, (r, c) in moved.items()}))
    return found


def connected_components(cells: Iterable[Point]) -> list[list[Point]]:
    """Groups of edge-connected cells, each sorted, groups in reading order."""
    remaining = set(cells)
    groups = []
    for start in sorted(remaining):
        if start not in remaining:
            continue
        remaining.discard(start)
        group, frontier = [start], [start]
        while frontier:
            r, c = frontier.pop()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in remaining:
                    remaining.discard(nb)
                    group.append(nb)
                    frontier.append(nb)
        groups.append(sorted(group))
    return groups
