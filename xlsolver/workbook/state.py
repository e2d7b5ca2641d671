"""What one click of a button leaves for the next, in the area's ``<Area>_State`` cell.

Each click is a new Python, so the buttons keep here which solution (or step) Next
showed last and for which input (a fingerprint), a Generate waiting for its second
press, the latest Hint's cells and the ranges a failure marked.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace

from . import layout
from .book import Book


@dataclass(frozen=True)
class State:
    """What one click leaves for the next (each is a new Python), in ``<Area>_State`` as one line of text:
    ``FINGERPRINT SHOWN [step=N] [hinted=R.C,...] [marked=NAME,...]``."""

    fingerprint: str = ""  # of the input Next showed a solution for ("" none; "generate:..." a pending Generate)
    shown: int = -1  # which solution (or step) it showed
    hinted: frozenset = frozenset()  # input cells (row, col) the latest Hint typed: shaded until the next one
    marked: tuple[str, ...] = ()  # the area's ranges holding cells a failure painted: repainted by the next action
    step: int = -1  # the assembly step Steps showed last of the solution shown (-1: none)

    def text(self) -> str | None:
        if self == State():
            return None
        words = [self.fingerprint or "-", str(self.shown)]
        if self.step >= 0:
            words.append(f"step={self.step}")
        if self.hinted:
            words.append("hinted=" + ",".join(f"{r}.{c}" for r, c in sorted(self.hinted)))
        if self.marked:
            words.append("marked=" + ",".join(self.marked))
        return " ".join(words)

    @classmethod
    def of_text(cls, value: object) -> State:
        """The state a cell holds; whatever else it holds (an older workbook's, a user's) is no state."""
        words = str(value or "").split()
        if not words:
            return cls()
        shown = int(words[1]) if len(words) > 1 and words[1].lstrip("-").isdecimal() else -1
        extras = dict(word.partition("=")[::2] for word in words[2:])
        hinted = frozenset(tuple(int(n) for n in cell.split(".")) for cell in extras.get("hinted", "").split(",")
                           if re.fullmatch(r"\d+\.\d+", cell))
        marked = tuple(name for name in extras.get("marked", "").split(",") if name)
        step = int(extras["step"]) if extras.get("step", "").isdecimal() else -1
        return cls("" if words[0] == "-" else words[0], shown, hinted, marked, step)


def load_state(book: Book, area: layout.Area) -> State:
    return State.of_text(book.read(f"{area.name}_State")[0][0])


def save_state(book: Book, area: layout.Area, state: State) -> None:
    book.write(f"{area.name}_State", [[state.text()]])


def remember(book: Book, area: layout.Area, **changes) -> None:
    """Change some fields of the area's state, keeping the others (a Clear keeps the latest Hint's cells)."""
    save_state(book, area, replace(load_state(book, area), **changes))


def fingerprint(values: list[list[object]], level: str | None) -> str:
    """A short digest of an input grid and a level: a Generate waiting for its second press is for these."""
    text = "|".join(",".join("" if v is None else str(v) for v in row) for row in values) + f"|{level}"
    return hashlib.sha1(text.encode()).hexdigest()[:16]


__all__ = ["State", "load_state", "save_state", "remember", "fingerprint"]
