"""Published booklets of challenges, as data: the facts the levels are calibrated on (``data/booklets/``).

A booklet file is the settings its challenges share (``family:``, ``board:``, ``pieces:``), then each
challenge as ``challenge: NUMBER LEVEL`` and its grid (a 3D board's layers, bottom first, one blank line
between them), one blank line after it::

    family: tiling
    pieces: iq-puzzler-pro

    challenge: 1 starter
    EAAAABGGG..
    ...
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from ..base.files import UserError, header_entry, read_file

CHALLENGE = "challenge"


@dataclass(frozen=True)
class Entry:
    number: int
    level: str  # as the booklet prints it, lower case
    rows: tuple[str, ...]  # the grid as typed
    line: int  # where it starts in the file


@dataclass(frozen=True)
class Booklet:
    name: str
    about: str  # the file's opening comment
    header: dict[str, str]  # the settings every challenge shares (family, board, pieces)
    entries: tuple[Entry, ...]

    @property
    def family(self) -> str:
        return self.header.get("family", "tiling")

    @property
    def settings(self) -> dict[str, str]:
        return {key: value for key, value in self.header.items() if key not in ("family", "title")}


def is_booklet(text: str) -> bool:
    """Does the text hold challenges (``challenge:`` lines) rather than one puzzle?"""
    return any((header_entry(line) or ("",))[0].lower() == CHALLENGE for line in text.splitlines())


def parse(text: str, name: str) -> Booklet:
    """A booklet from its text; UserError naming the line where it does not read."""
    header: dict[str, str] = {}
    about: list[str] = []
    entries: list[Entry] = []
    current: tuple[int, str, int] | None = None
    rows: list[str] = []

    def close() -> None:
        while rows and not rows[-1].strip():
            rows.pop()
        if current is not None:
            if not rows:
                raise UserError(f"{name}:{current[2]}: challenge {current[0]} has no grid")
            entries.append(Entry(current[0], current[1], tuple(rows), current[2]))

    for number, line in enumerate(text.splitlines(), 1):
        entry = header_entry(line)
        if entry is not None and entry[0].lower() == CHALLENGE:
            close()
            words = entry[1].split()
            if len(words) != 2 or not words[0].isdigit():
                raise UserError(f"{name}:{number}: a challenge line is 'challenge: NUMBER LEVEL', not {line.strip()!r}")
            current, rows = (int(words[0]), words[1].lower(), number), []
        elif current is None:
            if line.startswith("#"):
                about.append(line.lstrip("# ").rstrip())
            elif entry is not None:
                header[entry[0].lower()] = entry[1]
            elif line.strip():
                raise UserError(f"{name}:{number}: before the first 'challenge:' line come only 'key: value' lines")
        else:
            rows.append(line.rstrip())
    close()
    if not entries:
        raise UserError(f"{name}: no 'challenge: NUMBER LEVEL' line")
    return Booklet(name, " ".join(about), header, tuple(entries))


def names() -> list[str]:
    """The booklets shipped with xlsolver, by name."""
    folder = resources.files("xlsolver") / "data" / "booklets"
    return sorted(entry.name[:-4] for entry in folder.iterdir() if entry.name.endswith(".txt"))


def shipped(name: str) -> Booklet:
    """A booklet shipped with xlsolver (``names()``)."""
    source = resources.files("xlsolver") / "data" / "booklets" / f"{name}.txt"
    return parse(read_file(source, what="booklet", name=f"{name}.txt"), name)
