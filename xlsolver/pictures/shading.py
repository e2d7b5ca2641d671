"""Colours for pictures: mixing two, the ink that reads on a fill, and the three shades of a solid's faces.

A face turned from the light is drawn darker, but a dark piece must not turn black: Bedlam's indigo, dark
slate and brown would then look alike.  So the shades move lightness only (HLS: hue and saturation kept), each
a share of the way to white or black, from a side that is the piece's own colour unless the colour is darker
than :data:`KEPT`; those are lifted, in order (a darker piece stays the darker), so their shadow keeps its hue.
"""
from __future__ import annotations

import colorsys
from typing import NamedTuple

from .terminal import text_colour

KEPT = 0.4  # a colour at least this light is the side's own colour; a darker one is lifted...
DARKEST_SIDE = 0.2  # ...between this lightness (black's side) and KEPT, the darker ones still darker
LIGHTER = 0.3  # the top: this share of the way from the side's lightness to white
DARKER = 0.2  # the shadow: this share of the way from the side's lightness to black


class Faces(NamedTuple):
    """A solid's colour as its faces show it: ``top`` lit, ``side`` the colour itself, ``shadow`` turned away."""

    top: str
    side: str
    shadow: str


def faces(colour: str) -> Faces:
    """The three shades of ``colour``, each a clear step of lightness from the next and none near black."""
    red, green, blue = _rgb(colour)
    hue, lightness, saturation = colorsys.rgb_to_hls(red, green, blue)
    side = lightness if lightness >= KEPT else DARKEST_SIDE + lightness * (KEPT - DARKEST_SIDE) / KEPT

    def at(level: float) -> str:
        return colour if level == lightness else _hex(colorsys.hls_to_rgb(hue, level, saturation))

    return Faces(at(side + LIGHTER * (1 - side)), at(side), at(side * (1 - DARKER)))


def mix(colour: str, other: str, share: float) -> str:
    """``colour`` moved ``share`` of the way to ``other``."""
    return _hex(tuple(p + (q - p) * share for p, q in zip(_rgb(colour), _rgb(other))))


def luminance(colour: str) -> float:
    """How bright ``colour`` looks, 0 (black) to 1 (white): green counts most, blue least."""
    red, green, blue = _rgb(colour)
    return 0.299 * red + 0.587 * green + 0.114 * blue


def ink(fill: str) -> str:
    """Black on light fills, white on dark ones: the terminal's and the sheets' rule (``terminal.text_colour``)."""
    return text_colour(fill)


def _rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def _hex(rgb) -> str:
    return "#" + "".join(f"{round(min(max(part, 0.0), 1.0) * 255):02x}" for part in rgb)


__all__ = ["Faces", "faces", "mix", "luminance", "ink"]
