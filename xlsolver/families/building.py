"""A 3D answer's assembly steps as every front end shows them: lines for a person, JSON, and one picture a step.

``assembly`` finds the order; this names its cells as the layers are typed (``layer 2 A1``; JSON
``[layer, row, col]``, layer 0 the bottom, as ``layers``) and draws the shape built so far after each step,
the piece just placed lit (:attr:`answer.Block.lit`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from ..base.a1 import cell_name
from ..base.answer import Block, Frame, Scene, Steps
from ..geometry.assembly import BALANCES, Assembler, Assembly, Step
from ..geometry.lattice import Coord, LayeredLattice

CANNOT = "that answer cannot be assembled one piece at a time"


def steps(assembler: Assembler, pieces: Mapping[str, frozenset[Coord]], given: frozenset[str],
          colours: Mapping[str, str], drawn: Callable[[Sequence[str]], Sequence[Frame]]) -> Steps:
    """The steps of one solution (letter -> cells), given pieces first where they can be; ``drawn``: the
    answer's frames with only these pieces placed."""
    found = assembler.order(pieces, given)
    if found is None:
        return Steps(lines=[f"{CANNOT}: every order leaves a piece that cannot reach its place"],
                     data={"steps": None, "assemblable": False, "rule": None})
    lattice = assembler.lattice
    lines = [_line(lattice, number, step, step.piece in given) for number, step in enumerate(found.steps, 1)]
    if found.rule == BALANCES:
        lines.insert(0, "no order rests every ball on all the balls under it, placed before it (some pieces "
                        "hold each other up); in this one each piece stays where it is put, its weight within the "
                        "balls it touches")
    if given and not found.givens_first:
        lines.insert(0, "the given pieces cannot all go in first here: a given piece rests on (or blocks) another")
    data = {"steps": [_json(lattice, step) for step in found.steps], "assemblable": found.rule != BALANCES,
            "rule": found.rule}
    placed = [step.piece for step in found.steps]
    frames = tuple(tuple(drawn(placed[:number])) for number in range(1, len(placed) + 1))
    return Steps(lines=lines, data=data, scenes=_scenes(lattice, found, colours), frames=frames)


def _cells(lattice: LayeredLattice, cells) -> list[tuple[int, int, int]]:
    return sorted(lattice.position(cell) for cell in cells)


def _line(lattice: LayeredLattice, number: int, step: Step, given: bool) -> str:
    """``step 3: G from above: layer 1 A3 B3 C3, layer 2 A3`` (a given piece says so)."""
    by_layer: dict[int, list[str]] = {}
    for layer, row, col in _cells(lattice, step.cells):
        by_layer.setdefault(layer, []).append(cell_name(row, col))
    where = ", ".join(f"layer {layer + 1} {' '.join(names)}" for layer, names in by_layer.items())
    how = " (given)" if given else f" from {step.comes_from}" if step.slide else ""
    return f"step {number}: {step.piece}{how}: {where}"


def _json(lattice: LayeredLattice, step: Step) -> dict:
    data = {"piece": step.piece, "cells": [list(cell) for cell in _cells(lattice, step.cells)]}
    if step.slide:
        data.update({"from": step.comes_from, "axis": step.axis})
    return data


def _scenes(lattice: LayeredLattice, found: Assembly, colours: Mapping[str, str]) -> tuple[Scene, ...]:
    """The shape after each step, the piece it placed lit."""
    scenes, built = [], []
    for number, step in enumerate(found.steps, 1):
        built = [replace(block, lit=False) for block in built]  # earlier pieces no longer lit
        built += [Block(*lattice.centre(cell), colours.get(step.piece), step.piece, True) for cell in step.cells]
        how = f" from {step.comes_from}" if step.slide else ""
        scenes.append(Scene(lattice.solid, tuple(built), f"step {number}: {step.piece}{how}"))
    return tuple(scenes)


__all__ = ["steps", "CANNOT"]
