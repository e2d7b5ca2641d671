"""A 3D answer's shape seen flat, in cells: what a sheet can draw where ``svg3d.py`` draws in perspective.

A :class:`~xlsolver.base.answer.Scene` of balls (a pyramid) is seen from above, each ball a 2 x 2 block of
half-cells at its centre, higher balls drawn over lower ones, so the picture looks as the pyramid does from
above; a scene of cubes is seen from above, from the front and from the right, one cell a cube, the nearest
cube of each line of sight shown.  Cells carry the piece's letter and colour; the rest is backdrop.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from ..base.answer import Block, Cell, Frame, Scene
from ..base.sheets import block_starts

GAP = Cell(" ", None, True)


def views(scene: Scene) -> list[Frame]:
    """The scene's flat pictures, each captioned: from above (balls); from above, the front, the right (cubes)."""
    if scene.kind == "balls":
        return [_above_balls(scene.blocks)]
    if scene.kind == "prisms":
        return [_above_prisms(scene.blocks)]
    return [_view(scene.blocks, across=lambda b: b.x, down=lambda b: b.y, near=lambda b: b.z, caption="from above"),
            _view(scene.blocks, across=lambda b: b.x, down=lambda b: -b.z, near=lambda b: b.y, caption="from the front"),
            _view(scene.blocks, across=lambda b: -b.y, down=lambda b: -b.z, near=lambda b: b.x,
                  caption="from the right")]


def _above_balls(blocks: Sequence[Block]) -> Frame:
    """Balls from above: a ball of diameter 1 covers the 2 x 2 half-cells around its centre; drawn lowest first."""
    cells: dict[tuple[int, int], Cell] = {}
    if blocks:
        left = min(round(2 * b.x) for b in blocks)
        top = min(round(2 * b.y) for b in blocks)
        for block in sorted(blocks, key=lambda b: b.z):
            col, row = round(2 * block.x) - left, round(2 * block.y) - top
            for dr in (0, 1):
                for dc in (0, 1):
                    cells[(row + dr, col + dc)] = Cell(block.text, block.colour)
    return _frame(cells, "from above")


def _above_prisms(blocks: Sequence[Block]) -> Frame:
    """Prisms from above: a cell a triangle, laid out as triangle text (a triangle's centroid is half a column
    per column across and a third or two thirds of a row down), the highest prism of each shown."""
    cells: dict[tuple[int, int], Cell] = {}
    height = math.sqrt(0.75)
    if blocks:
        placed = [(math.floor(b.y / height), round(2 * b.x - 1), b) for b in blocks]
        top, left = min(r for r, _, _ in placed), min(c for _, c, _ in placed)
        for row, col, block in sorted(placed, key=lambda each: each[2].z):
            cells[(row - top, col - left)] = Cell(block.text, block.colour)
        # a triangle pointing up stands where row + column is even in text laid out with shift 0
        shift = (top + left) % 2
    frame = _frame(cells, "from above")
    return replace(frame, lattice="triangle", shift=shift) if blocks else frame


def _view(blocks: Sequence[Block], across, down, near, caption: str) -> Frame:
    """Cubes seen along one axis: the nearest cube (largest ``near``) of each (``down``, ``across``) cell."""
    cells: dict[tuple[int, int], Cell] = {}
    if blocks:
        left, top = min(round(across(b)) for b in blocks), min(round(down(b)) for b in blocks)
        for block in sorted(blocks, key=near):
            cells[(round(down(block)) - top, round(across(block)) - left)] = Cell(block.text, block.colour)
    return _frame(cells, caption)


def _frame(cells: dict[tuple[int, int], Cell], caption: str) -> Frame:
    if not cells:
        return Frame((), caption)
    height, width = 1 + max(r for r, _ in cells), 1 + max(c for _, c in cells)
    return Frame(tuple(tuple(cells.get((r, c), GAP) for c in range(width)) for r in range(height)), caption)


def side_by_side(frames: Sequence[Frame], gap: int = 1) -> Frame:
    """Frames in a row, top-aligned, ``gap`` backdrop columns between (a 3D answer's layers, its views)."""
    height = max((frame.height for frame in frames), default=0)
    rows: list[list[Cell]] = [[] for _ in range(height)]
    for index, frame in enumerate(frames):
        width = frame.width
        for r in range(height):
            row = list(frame.rows[r]) if r < frame.height else []
            rows[r] += ([GAP] * gap if index else []) + row + [GAP] * (width - len(row))
    return Frame(tuple(tuple(row) for row in rows))


def layers(frame: Frame, depths: Sequence[int]) -> list[Frame]:
    """A 3D grid's text form drawn as one frame (its layers one under the other, bottom first, an empty row
    between) as the one way every front end shows layers: a frame per layer, captioned ``layer 1``, ``layer 2``...,
    which a terminal prints side by side under their captions and a sheet writes into its blocks."""
    return [Frame(frame.rows[start:start + depth], f"layer {z + 1}")
            for z, (start, depth) in enumerate(zip(block_starts(depths), depths))]


__all__ = ["views", "side_by_side", "layers"]
