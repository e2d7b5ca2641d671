"""The pictures an answer carries: flat ones (a :class:`Frame` of :class:`Cell` rows: a solution, one board
of a move sequence, a raking order) and 3D ones (a :class:`Scene` of :class:`Block` balls or cubes, and the
:class:`Steps` that build it).  Front ends draw them whatever the puzzle; :mod:`.answer` names them too."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Colour = str | None  # "#rrggbb", or None for no fill


@dataclass(frozen=True)
class Cell:
    """One square of a frame.

    ``ground`` marks the backdrop (a hole, a rock, an empty square): a sheet
    shows only its colour, a terminal without colour shows its text.
    """

    text: str = ""
    colour: Colour = None
    ground: bool = False


@dataclass(frozen=True)
class Frame:
    """A picture made of cells, row by row, with an optional caption (``12 V2 down``)."""

    rows: tuple[tuple[Cell, ...], ...]
    caption: str = ""  # a few words under which a terminal prints it beside others (``12 V2 down``)
    message: str = ""  # what a status cell says while it is shown, for frames after an answer's first
    spaced: bool = False  # a terminal prints its cells apart, right-aligned (numbers), not as a letter grid
    # The plane lattice its cells lie on, by name (``geometry.lattice.LATTICES``): "" for squares; "triangle"
    # (each cell a unit triangle) or "hex" (a hexagon at every second column), laid out with ``shift``
    # (``PlaneLattice``: triangles ``first: down``, hexagons at odd row + col).
    lattice: str = ""
    shift: int = 0

    @classmethod
    def of_letters(cls, rows: Sequence[str], colours: Mapping[str, Colour], ground: str = "",
                   shown: Mapping[str, str] | None = None, caption: str = "") -> Frame:
        """A frame from a letter grid: each character coloured by ``colours``.

        Characters in ``ground`` are backdrop; ``shown`` maps a character to the
        text a sheet should show for it (Ghost Hunter's lamp ``a`` is ``A*``).
        """
        shown = shown or {}
        return cls(tuple(tuple(Cell(shown.get(ch, ch), colours.get(ch), ch in ground) for ch in row)
                         for row in rows), caption)

    @classmethod
    def of_cells(cls, cells: Mapping[tuple[int, int], Cell]) -> Frame:
        """A frame of the given cells (offsets from the top-left), the gaps between them backdrop."""
        height = 1 + max(r for r, _ in cells)
        width = 1 + max(c for _, c in cells)
        gap = Cell(" ", None, True)
        return cls(tuple(tuple(cells.get((r, c), gap) for c in range(width)) for r in range(height)))

    def text_rows(self) -> list[str]:
        """The frame as text, one string a row (one character a cell where the texts are single)."""
        return ["".join(cell.text for cell in row) for row in self.rows]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return max((len(row) for row in self.rows), default=0)


@dataclass(frozen=True)
class Block:
    """One ball or cube of a 3D picture: its centre in space (x, y across, z up, one unit between touching
    neighbours), its colour and its text (a piece's letter)."""

    x: float
    y: float
    z: float
    colour: Colour
    text: str = ""
    lit: bool = False  # the piece a step places (a step's picture draws it highlighted, the rest subdued)


@dataclass(frozen=True)
class Scene:
    """A solved 3D shape as a picture shows it: ``kind`` "balls" (a pyramid of spheres) or "cubes"."""

    kind: str
    blocks: tuple[Block, ...]
    caption: str = ""  # a few words over it where several are drawn ("step 3: G from above")


@dataclass(frozen=True)
class Steps:
    """How to build a 3D answer one piece at a time (``solve --steps``): a line a step for a person, the JSON
    fields (``steps``, ``assemblable``), and after each step the shape built so far, in space and as the
    answer's frames (a sheet's layers); no step where it cannot be built so."""

    lines: list[str]
    data: dict
    scenes: tuple[Scene, ...] = ()
    frames: tuple[tuple[Frame, ...], ...] = ()
