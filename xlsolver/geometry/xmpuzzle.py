"""BurrTools' puzzle files (``.xmpuzzle``) as plain data, read and written: shapes as voxels, problems, solutions.

A file is XML, normally gzip-compressed (found by its first two bytes, not its name), in UTF-8 or, in files of
older versions, Latin-1 without saying so.  What it holds (docs/burrtools.md has the format in full):

* ``<gridType type="N"/>``: the cells' kind (0 cubes, 1 triangular prisms, 2 spheres, 3 and 4 finer grids);
* ``<colors>``: the constraint colours, numbered from 1 in the voxel text (0: no colour);
* ``<shapes>``: one ``<voxel x= y= z=>`` per shape (numbered from 0 in file order), its text one character a
  voxel, x fastest, then y, then z: ``_`` empty, ``#`` filled, ``+`` variable (a result's cell that may stay
  empty), ``#`` and ``+`` optionally followed by the voxel's colour as digits;
* ``<problems>``: each a piece list (``<shape id= count=>`` or ``min= max=``), a result shape, colour rules
  (``<bitmap><pair piece= result=/>``: piece colour p+1 may lie on result colour r+1), the solving state and
  counts BurrTools recorded, and its solutions as ``<assembly>`` text: x y z and an orientation number per
  piece, ``x`` for a piece left out.

The file is someone else's: :func:`read` refuses, in one line and in bounded time and memory, anything that is
not such a file (a gzip bomb, a DOCTYPE or entity, elements nested or repeated without end, a shape of a billion
voxels, a number that is not one).  Nothing here knows what the cells mean: ``burr_grids`` turns voxels into
cells and orientation numbers into rotations.
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

Voxel = tuple[int, int, int]

#: The most a file may hold, compressed or not: the largest public file holds 0.7 MB of XML (3D Onat, with its
#: solutions and their disassembly trees).
MAX_BYTES = 32 * 1024 * 1024
#: XML elements read at most (the public file with most has 17,210: 3D Onat's disassembly trees; a file of this
#: many is refused in about a second), and how deep they may nest (a disassembly tree nests a level a separation).
MAX_ELEMENTS = 200_000
MAX_DEPTH = 500
#: The most voxels one shape's box may hold (x * y * z): far above any public file's (35 x 35 x 35); and the most
#: filled or variable voxels all the shapes of a file may have (each is held in memory as a cell).
MAX_VOXELS = 1_000_000
MAX_CELLS = 100_000
MAX_COLOUR = 63  # BurrTools' own bound on a voxel's colour
GRID_NAMES = {0: "cubes", 1: "triangular prisms", 2: "spheres", 3: "rhombic dodecahedra (cut cubes)",
              4: "tetrahedra and octahedra (cut cubes)"}
UNSOLVED, SOLVING, SOLVED = 0, 1, 2

FILLED, VARIABLE = "#", "+"
_VOXEL_TEXT = re.compile(r"([_#+])([0-9]*)")
_DIGIT, _NOT_A_VOXEL, _FULL = re.compile("[0-9]"), re.compile("[^_#+]"), re.compile("[#+]")


class FormatError(ValueError):
    """A file that is not a BurrTools puzzle as this reader takes it: one line saying where and why."""


@dataclass(frozen=True)
class Shape:
    """One ``<voxel>`` element: its box, its filled and variable voxels (each with its colour, 0 for none)."""

    size: Voxel
    voxels: dict[Voxel, tuple[str, int]]  # (x, y, z) -> (FILLED or VARIABLE, colour)
    hotspot: Voxel = (0, 0, 0)
    name: str = ""
    weight: int | None = None

    def cells(self, state: str | None = None) -> frozenset[Voxel]:
        """The voxels in ``state`` (both states: None)."""
        return frozenset(v for v, (s, _) in self.voxels.items() if state is None or s == state)

    @property
    def coloured(self) -> bool:
        return any(colour for _, colour in self.voxels.values())


@dataclass(frozen=True)
class Part:
    """A shape's place in a problem's piece list: between ``low`` and ``high`` copies (``count``: both)."""

    shape: int
    low: int
    high: int
    groups: tuple[tuple[int, int], ...] = ()  # (group, count): which pieces need not come apart (disassembly only)


Placement = tuple[int, int, int, int]  # x, y, z of the piece's hotspot, and its orientation's number


@dataclass(frozen=True)
class Problem:
    """One ``<problem>``; ``solutions`` holds each ``<assembly>``: a placement per piece (copies one after
    another, in the order of ``parts``), None for a piece left out."""

    parts: tuple[Part, ...]
    result: int
    name: str = ""
    pairs: frozenset[tuple[int, int]] = frozenset()  # (piece colour, result colour) allowed, numbered from 0
    state: int = UNSOLVED
    assemblies: int | None = None
    solved: int | None = None  # the 'solutions' attribute: assemblies that could be taken apart
    time: int | None = None
    max_holes: int | None = None
    solutions: tuple[tuple[Placement | None, ...], ...] = ()

    @property
    def pieces(self) -> int:
        """Placements in one assembly: every part's highest count."""
        return sum(part.high for part in self.parts)


@dataclass(frozen=True)
class Puzzle:
    """A whole file."""

    grid: int
    shapes: tuple[Shape, ...]
    problems: tuple[Problem, ...]
    colours: tuple[tuple[int, int, int], ...] = ()
    comment: str = ""
    version: int = 2
    extra: dict = field(default_factory=dict, compare=False)  # nothing yet: room for what a writer passes on


# --- reading --------------------------------------------------------------------------------------------------------

def text_of(data: bytes, limit: int = MAX_BYTES) -> str:
    """A file's bytes as XML text: gunzipped when they start as gzip does (at most ``limit`` bytes inflated),
    UTF-8, else Latin-1 (older files hold Latin-1 names without saying so).  FormatError says why not."""
    if data[:2] == b"\x1f\x8b":
        import gzip
        import zlib

        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as unpacked:
                data = unpacked.read(limit + 1)
        except (OSError, EOFError, zlib.error) as err:
            raise FormatError(f"it is gzip-compressed but cannot be unpacked ({_said(err)})") from None
        if len(data) > limit:
            raise FormatError(f"it unpacks to more than {limit // (1024 * 1024)} MB, far more than a puzzle holds")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    if "\x00" in text:
        raise FormatError("it holds NUL bytes: not an XML text (nor gzip-compressed XML)")
    return text


def _said(err: Exception) -> str:
    return str(err).splitlines()[0] if str(err) else type(err).__name__


def read(text: str) -> Puzzle:
    """The puzzle of a file's XML text (:func:`text_of`); FormatError names the element at fault."""
    if not text.lstrip("\ufeff \t\r\n").startswith("<"):  # said before an XML parser is imported (a typed grid)
        raise FormatError("not a BurrTools file: its text does not start with '<' (XML)")
    from defusedxml.ElementTree import ParseError, iterparse  # here: only a BurrTools file needs an XML parser
    from defusedxml import DefusedXmlException

    text = re.sub(r"^\s*<\?xml[^>]*\?>", "", text, count=1)  # decoded already: the declared encoding is done with
    root = None
    depth = elements = 0
    try:
        for event, element in iterparse(io.BytesIO(text.encode("utf-8")), events=("start", "end"), forbid_dtd=True):
            if event == "start":
                depth += 1
                elements += 1
                if root is None:
                    root = element
                if depth > MAX_DEPTH:
                    raise FormatError(f"XML elements nested more than {MAX_DEPTH} deep: not a puzzle file")
                if elements > MAX_ELEMENTS:
                    raise FormatError(f"more than {MAX_ELEMENTS:,} XML elements: not a puzzle file")
            else:
                depth -= 1
                if element.tag in ("separation", "separationInfo"):  # disassembly trees: not needed, freed now
                    element.clear()
    except DefusedXmlException as err:
        raise FormatError(f"it declares a DOCTYPE or entities ({type(err).__name__}); a puzzle file has none") \
            from None
    except ParseError as err:
        raise FormatError(f"not well-formed XML: {_said(err)}") from None
    if root is None or root.tag != "puzzle":
        raise FormatError(f"the root element is <{getattr(root, 'tag', '')}>, not <puzzle>: not a BurrTools file")
    return _puzzle(root)


def _puzzle(root) -> Puzzle:
    version = _number(root, "version", "<puzzle>", default=None)
    if version not in (1, 2):
        raise FormatError(f"<puzzle> has version {root.get('version')!r}; BurrTools writes versions 1 and 2")
    grid_element = root.find("gridType")
    grid = 0 if grid_element is None else _number(grid_element, "type", "<gridType>", default=None)
    if grid not in GRID_NAMES:
        raise FormatError(f"<gridType> has type {grid_element.get('type')!r}; BurrTools' grids are 0 to 4")
    colours = tuple((_number(c, "red", "<color>", 0, 255), _number(c, "green", "<color>", 0, 255),
                     _number(c, "blue", "<color>", 0, 255)) for c in _children(root, "colors", "color"))
    shapes = []
    cells = 0
    for index, element in enumerate(_children(root, "shapes", "voxel")):
        shapes.append(_shape(element, f"shape {index + 1}", len(colours), MAX_CELLS - cells))
        cells += len(shapes[-1].voxels)
    shapes = tuple(shapes)
    problems = tuple(_problem(element, f"problem {index + 1}", shapes, len(colours))
                     for index, element in enumerate(_children(root, "problems", "problem")))
    comment = root.find("comment")
    return Puzzle(grid, shapes, problems, colours, "" if comment is None else (comment.text or ""), version)


def _children(root, group: str, tag: str) -> list:
    holder = root.find(group)
    return [] if holder is None else holder.findall(tag)


def _number(element, name: str, where: str, default: int | None = 0, high: int = 2**31 - 1, low: int = 0) -> int:
    """An attribute as a whole number from ``low`` to ``high``; missing: ``default`` (None: missing is wrong)."""
    text = element.get(name)
    if text is None or not text.strip():
        if default is None:
            raise FormatError(f"{where} has no '{name}' attribute")
        return default
    text = text.strip()
    if not re.fullmatch(r"-?[0-9]{1,12}", text):
        raise FormatError(f"{where}: {name}={text[:20]!r} is not a whole number")
    value = int(text)
    if not low <= value <= high:
        raise FormatError(f"{where}: {name}={value} is out of range ({low} to {high:,})")
    return value


def _shape(element, where: str, colours: int, room: int = MAX_CELLS) -> Shape:
    """A ``<voxel>`` element; FormatError when it is not one, or holds more than ``room`` filled or variable voxels
    (what the file's earlier shapes left of MAX_CELLS)."""
    size = tuple(_number(element, axis, where, None, MAX_VOXELS) for axis in "xyz")
    volume = size[0] * size[1] * size[2]
    if volume > MAX_VOXELS:
        raise FormatError(f"{where}: a box of {size[0]} x {size[1]} x {size[2]} voxels; xlsolver reads shapes of at "
                          f"most {MAX_VOXELS:,}")
    kind = _number(element, "type", where, 0)
    if kind != 0:
        raise FormatError(f"{where}: voxel text of type {kind}; BurrTools writes type 0 only")
    text = re.sub(r"\s+", "", element.text or "")
    voxels: dict[Voxel, tuple[str, int]] = {}
    if text and not _DIGIT.search(text):  # no colours: a character a voxel, found by the regular expressions' C
        stray = _NOT_A_VOXEL.search(text)
        if stray is not None:
            raise FormatError(f"{where}: {stray.group()!r} at character {stray.start() + 1} of its voxel text; a voxel "
                              "is _, # or +, # and + may be followed by a colour number")
        if len(text) != volume:
            more = "more voxels in its text than" if len(text) > volume else f"its text gives {len(text):,} voxels;"
            raise FormatError(f"{where}: {more} its {size[0]} x {size[1]} x {size[2]} box holds" +
                              ("" if len(text) > volume else f" {volume:,}"))
        sx, sy = size[0], size[1]
        for match in _FULL.finditer(text):
            index = match.start()
            voxels[(index % sx, index // sx % sy, index // (sx * sy))] = (match.group(), 0)
            if len(voxels) > room:
                raise FormatError(f"{where}: the file's shapes have more than {MAX_CELLS:,} filled or variable "
                                  "voxels; xlsolver reads at most that many")
    elif text:
        sx, sy = size[0], size[1]
        index = 0
        at = 0
        for match in _VOXEL_TEXT.finditer(text):
            if match.start() != at:
                break
            at = match.end()
            state, digits = match.groups()
            if index >= volume:
                raise FormatError(f"{where}: more voxels in its text than its {size[0]} x {size[1]} x {size[2]} box "
                                  "holds")
            colour = 0 if not digits else int(digits) if len(digits) <= 3 else MAX_COLOUR + 1
            if state != "_" and colour > min(colours, MAX_COLOUR):
                raise FormatError(f"{where}: voxel {index} has colour {digits[:6]} but the file defines {colours} "
                                  f"colour{'' if colours == 1 else 's'}")
            if state != "_":
                voxels[(index % sx, index // sx % sy, index // (sx * sy))] = (state, colour)
                if len(voxels) > room:
                    raise FormatError(f"{where}: the file's shapes have more than {MAX_CELLS:,} filled or variable "
                                      "voxels; xlsolver reads at most that many")
            index += 1
        if at != len(text):
            raise FormatError(f"{where}: {text[at]!r} at character {at + 1} of its voxel text; a voxel is _, # or +, "
                              "# and + may be followed by a colour number")
        if index != volume:
            raise FormatError(f"{where}: its text gives {index:,} voxels; its {size[0]} x {size[1]} x {size[2]} box "
                              f"holds {volume:,}")
    hotspot = tuple(_number(element, axis, where, 0, MAX_VOXELS) for axis in ("hx", "hy", "hz"))
    weight = _number(element, "weight", where, None, low=-2**31) if element.get("weight") else None
    return Shape(size, voxels, hotspot, element.get("name") or "", weight)


def _problem(element, where: str, shapes: tuple[Shape, ...], colours: int) -> Problem:
    name = element.get("name") or ""
    if name:
        where = f"{where} ({name[:40]})"
    parts = []
    for index, shape in enumerate(_children(element, "shapes", "shape")):
        part_at = f"{where}, piece entry {index + 1}"
        if not shapes:
            raise FormatError(f"{part_at}: the file has no shapes")
        shape_id = _number(shape, "id", part_at, None, len(shapes) - 1)
        if shape.get("count") is not None:
            low = high = _number(shape, "count", part_at, None, 1000)
        elif shape.get("min") is not None or shape.get("max") is not None:
            low, high = _number(shape, "min", part_at, None, 1000), _number(shape, "max", part_at, None, 1000)
            if low > high:
                raise FormatError(f"{part_at}: min={low} is more than max={high}")
        else:
            low = high = 1
        groups = tuple((_number(g, "group", part_at, None), _number(g, "count", part_at, None))
                       for g in shape.findall("group"))
        if shape.get("group"):
            groups = ((_number(shape, "group", part_at), high),)
        parts.append(Part(shape_id, low, high, groups))
    result_element = element.find("result")
    if result_element is None:
        raise FormatError(f"{where} has no <result>")
    if not shapes:
        raise FormatError(f"{where}, <result>: the file has no shapes")
    result = _number(result_element, "id", f"{where}, <result>", None, len(shapes) - 1)
    pairs = frozenset((_number(pair, "piece", f"{where}, <pair>", None, max(colours - 1, 0)),
                       _number(pair, "result", f"{where}, <pair>", None, max(colours - 1, 0)))
                      for pair in _children(element, "bitmap", "pair"))
    if pairs and not colours:
        raise FormatError(f"{where}: colour rules (<pair>) but the file defines no colours")
    state = _number(element, "state", where, UNSOLVED, SOLVED)
    counted = {key: _number(element, key, where, high=10**15)
               if element.get(key) is not None and state != UNSOLVED else None for key in ("assemblies", "solutions", "time")}
    max_holes = _number(element, "maxHoles", where) if element.get("maxHoles") is not None else None
    pieces = sum(part.high for part in parts)
    solutions = tuple(_assembly(assembly, f"{where}, solution {index + 1}", pieces)
                      for index, solution in enumerate(_children(element, "solutions", "solution"))
                      for assembly in solution.findall("assembly"))
    return Problem(tuple(parts), result, name, pairs, state, counted["assemblies"], counted["solutions"],
                   counted["time"], max_holes, solutions)


def _assembly(element, where: str, pieces: int) -> tuple[Placement | None, ...]:
    words = (element.text or "").split()
    placements: list[Placement | None] = []
    at = 0
    while at < len(words):
        if words[at] == "x":
            placements.append(None)
            at += 1
            continue
        four = words[at:at + 4]
        if len(four) < 4 or not all(re.fullmatch(r"-?[0-9]{1,9}", word) for word in four):
            raise FormatError(f"{where}: '{' '.join(four)[:40]}' is not a placement (x y z and an orientation number, "
                              "or 'x')")
        placements.append(tuple(map(int, four)))
        at += 4
    if len(placements) != pieces:
        raise FormatError(f"{where}: {len(placements)} placements for the problem's {pieces} pieces")
    return tuple(placements)


# --- writing --------------------------------------------------------------------------------------------------------

def voxel_text(shape: Shape) -> str:
    """A shape's voxels as BurrTools writes them: x fastest, then y, then z; a colour after its voxel."""
    sx, sy, sz = shape.size
    out = []
    for z in range(sz):
        for y in range(sy):
            for x in range(sx):
                state, colour = shape.voxels.get((x, y, z), ("_", 0))
                out.append(state + (str(colour) if colour else ""))
    return "".join(out)


def dumps(puzzle: Puzzle) -> str:
    """The puzzle as BurrTools' XML text."""
    from xml.sax.saxutils import escape

    def attributes(**values) -> str:  # always in double quotes, as BurrTools' own parser expects them
        return "".join(f' {key}="{escape(str(value), {chr(34): "&quot;"})}"' for key, value in values.items()
                       if value is not None)

    lines = ['<?xml version="1.0"?>', f'<puzzle version="{puzzle.version}">',
             f' <gridType type="{puzzle.grid}"/>']
    if puzzle.colours:
        lines.append(" <colors>")
        lines += [f'  <color red="{r}" green="{g}" blue="{b}"/>' for r, g, b in puzzle.colours]
        lines.append(" </colors>")
    else:
        lines.append(" <colors/>")
    lines.append(" <shapes>")
    for shape in puzzle.shapes:
        hx, hy, hz = shape.hotspot
        fields = attributes(x=shape.size[0], y=shape.size[1], z=shape.size[2], hx=hx or None, hy=hy or None,
                            hz=hz or None, weight=shape.weight, name=shape.name or None, type=0)
        lines.append(f"  <voxel{fields}>{voxel_text(shape)}</voxel>")
    lines.append(" </shapes>")
    lines.append(" <problems>")
    for problem in puzzle.problems:
        counted = dict(assemblies=problem.assemblies, solutions=problem.solved, time=problem.time) \
            if problem.state != UNSOLVED else {}
        fields = attributes(name=problem.name or None, state=problem.state, **counted, maxHoles=problem.max_holes)
        lines.append(f"  <problem{fields}>")
        lines.append("   <shapes>")
        for part in problem.parts:
            counts = dict(count=part.low) if part.low == part.high else dict(min=part.low, max=part.high)
            groups = [g for g in part.groups if g[0]]
            if len(groups) == 1 and groups[0][1] == part.high:
                lines.append(f"    <shape{attributes(id=part.shape, **counts, group=groups[0][0])}/>")
            elif groups:
                lines.append(f"    <shape{attributes(id=part.shape, **counts)}>")
                lines += [f'     <group group="{group}" count="{count}"/>' for group, count in groups]
                lines.append("    </shape>")
            else:
                lines.append(f"    <shape{attributes(id=part.shape, **counts)}/>")
        lines.append("   </shapes>")
        lines.append(f'   <result id="{problem.result}"/>')
        if problem.pairs:
            lines.append("   <bitmap>")
            lines += [f'    <pair piece="{p}" result="{r}"/>' for p, r in sorted(problem.pairs)]
            lines.append("   </bitmap>")
        else:
            lines.append("   <bitmap/>")
        if problem.solutions:
            lines.append("   <solutions>")
            for number, placements in enumerate(problem.solutions):
                text = " ".join("x" if p is None else " ".join(map(str, p)) for p in placements)
                lines.append(f'    <solution asmNum="{number}"><assembly>{text}</assembly></solution>')
            lines.append("   </solutions>")
        lines.append("  </problem>")
    lines.append(" </problems>")
    lines.append(f" <comment>{escape(puzzle.comment)}</comment>" if puzzle.comment else " <comment/>")
    lines.append("</puzzle>")
    return "\n".join(lines) + "\n"


def to_bytes(puzzle: Puzzle) -> bytes:
    """The file BurrTools writes: the XML gzip-compressed (``mtime`` 0, so equal puzzles give equal bytes)."""
    import gzip

    return gzip.compress(dumps(puzzle).encode("utf-8"), mtime=0)


__all__ = ["FormatError", "Shape", "Part", "Problem", "Puzzle", "Placement", "Voxel", "text_of", "read", "dumps",
           "to_bytes", "voxel_text", "GRID_NAMES", "FILLED", "VARIABLE", "UNSOLVED", "SOLVING", "SOLVED",
           "MAX_BYTES", "MAX_VOXELS"]
