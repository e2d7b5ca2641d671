"""A workbook file checked as a zip package before any parser sees it: broken and hostile files refused at once.

An .xlsm or .xlsx file is a zip of XML parts (OOXML).  One received from someone else may be broken or built
to hurt: a 3 MB file whose sheet inflates to 1.35 GB (a zip bomb), part names that climb out of the package
(``../``), a DOCTYPE whose entities expand a billion times or name a file on this machine, one merged range
of all 17 billion cells of a sheet.  openpyxl spends minutes and gigabytes on some of these before it fails,
so :func:`check` refuses each first, in one line naming the part, with the standard library alone: zipfile
for the package (every part inflated once, with a cap, which also checks its CRC) and expat for the XML.

The limits are far above what a real board.xlsm needs (its own figures are beside each) and low enough
that the largest workbook they let through is loaded and saved by openpyxl in a few seconds and under
300 MB: openpyxl makes an object for every cell of every sheet, whichever cells a button reads.
"""
from __future__ import annotations

import codecs
import os
import re
import zipfile
import zlib
from collections import Counter
from pathlib import Path
from xml.parsers import expat

MAX_PART_BYTES = 4_000_000  # one part inflated: 47x board.xlsm's largest (the Cubes sheet, 84,984 bytes)
MAX_TOTAL_BYTES = 20_000_000  # all parts inflated: 31x board.xlsm's parts together (643,528 bytes)
MAX_FILE_BYTES = MAX_TOTAL_BYTES + 1_000_000  # the file itself (board.xlsm: 112,589 bytes)
MAX_PARTS = 3_000  # board.xlsm has 51
MAX_RATIO = 100  # inflated / compressed, for parts of RATIO_FLOOR bytes or more; board.xlsm's highest is 18
RATIO_FLOOR = 100_000  # smaller parts may compress any amount (a short run of spaces does)
MAX_CELLS = 100_000  # cells of all sheets: 11x board.xlsm's 9,084 (openpyxl takes about 30 us and 300 bytes for each)
MAX_RANGE_CELLS = 100_000  # cells of merged, linked and commented ranges, all made one by one by openpyxl
#                            (board.xlsm merges 1,268 cells)

REFUSED = "not a workbook xlsolver will open"
_CHUNK = 1 << 20
_EXPANDED = {"mergeCell": "merges", "hyperlink": "links", "comment": "comments on"}  # elements whose ref openpyxl fills
_ENCODINGS = {"utf-8", "utf-16", "utf-16-le", "utf-16-be", "ascii", "iso8859-1"}  # as codecs names them
_UTF32 = (b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00", b"<\x00\x00\x00", b"\x00\x00\x00<")  # marks, or "<"
_REF = re.compile(r"\$?([A-Z]{1,3})?\$?(\d+)?(?::\$?([A-Z]{1,3})?\$?(\d+)?)?")
_MAX_ROW, _MAX_COL = 1_048_576, 16_384
_XML_SUFFIXES = (".xml", ".rels", ".vml")  # the parts that must be XML; others (vbaProject.bin, images) need not


class PackageError(Exception):
    """A workbook file refused before it is parsed; the message says why in one line, naming the part."""


def check(path: str | Path) -> None:
    """Refuse (PackageError) a file that is no zip, a damaged zip, a part named outside the package or twice,
    a part or all of them inflating past the limits, a DOCTYPE in any part, too many cells, or ranges of too
    many cells."""
    shown = repr(str(path))
    size = os.path.getsize(path)
    if size > MAX_FILE_BYTES:
        raise _too_big(shown, f"the file is {_size(size)} (limit {_size(MAX_FILE_BYTES)})")
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, IndexError, KeyError) as err:
        raise _invalid(shown, _not_a_zip(path, err)) from None
    with archive:
        infos = archive.infolist()
        _check_listing(shown, infos)
        total, cells = 0, _CellCount(shown)
        for info in infos:
            data = _inflated(shown, archive, info, MAX_TOTAL_BYTES - total)
            total += len(data)
            _check_xml(shown, info.filename, data, cells)


def _not_a_zip(path: str | Path, err: Exception) -> str:
    with open(path, "rb") as file:
        head = file.read(8)
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        return "an Excel 97-2003 (.xls) file, not the zip package of an .xlsm or .xlsx; save it as .xlsm in Excel"
    if not head.startswith(b"PK"):
        return "not a zip package, as every .xlsm and .xlsx file is"
    return f"the zip package is damaged or cut short ({err})"


def _check_listing(shown: str, infos: list[zipfile.ZipInfo]) -> None:
    """What the zip's directory says, before a byte is inflated: names, count, declared sizes and ratios."""
    if len(infos) > MAX_PARTS:
        raise _too_big(shown, f"{len(infos):,} parts (limit {MAX_PARTS:,})")
    for info in infos:
        if _outside(info.orig_filename) or _outside(info.filename):
            raise _invalid(shown, f"part name {info.orig_filename!r} leaves the package")
    twice = [name for name, count in Counter(info.filename for info in infos).items() if count > 1]
    if twice:
        raise _invalid(shown, f"part {twice[0]} is in it twice")
    for info in infos:
        if info.file_size > MAX_PART_BYTES:
            raise _too_big(shown, f"part {info.filename} inflates to {_size(info.file_size)} "
                                  f"(limit {_size(MAX_PART_BYTES)})")
        if info.file_size >= RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            times = info.file_size // max(info.compress_size, 1)
            raise _too_big(shown, f"part {info.filename} inflates {times:,} times ({_size(info.compress_size)} to "
                                  f"{_size(info.file_size)}; limit {MAX_RATIO} times)")
    total = sum(info.file_size for info in infos)
    if total > MAX_TOTAL_BYTES:
        raise _too_big(shown, f"its parts inflate to {_size(total)} together (limit {_size(MAX_TOTAL_BYTES)})")


def _outside(name: str) -> bool:
    """A name that is absolute (``/x``, ``\\x``, ``C:x``) or climbs with ``..``: extracted, it would land outside."""
    parts = re.split(r"[/\\]", name)
    return name.startswith(("/", "\\")) or bool(re.match(r"[A-Za-z]:", name)) or ".." in parts or "\0" in name


def _inflated(shown: str, archive: zipfile.ZipFile, info: zipfile.ZipInfo, room: int) -> bytes:
    """The part's bytes, read a chunk at a time and stopped past the limits whatever its header says."""
    cap = min(MAX_PART_BYTES, room)
    chunks, read = [], 0
    try:
        with archive.open(info) as stream:
            while chunk := stream.read(min(_CHUNK, cap + 1 - read)):
                chunks.append(chunk)
                read += len(chunk)
                if read > cap:
                    break
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, ValueError, OSError) as err:
        raise _invalid(shown, f"part {info.filename} is damaged: {err}") from None
    if read > cap:
        which = f"part {info.filename} inflates past" if cap == MAX_PART_BYTES else "its parts inflate past"
        raise _too_big(shown, f"{which} {_size(cap)} (the limit), though its header says {_size(info.file_size)}")
    return b"".join(chunks)


class _Doctype(Exception):
    pass


class _Root(Exception):
    pass


class _Encoding(Exception):
    pass


def _check_xml(shown: str, name: str, data: bytes, cells: _CellCount) -> None:
    """No DOCTYPE (the entities of a billion laughs, or one naming a local file, are declared in it; no workbook
    has one), an encoding OOXML allows, and no more cells than the limits, in sheets and in the ranges openpyxl
    fills cell by cell.
    A part named as XML must be well-formed: openpyxl reads some parts only when it saves, and fails there.
    UTF-32, which expat cannot read and lxml (openpyxl's parser of some parts, where installed) can, is refused."""
    if data.startswith(_UTF32):
        raise _invalid(shown, f"part {name} is in UTF-32; workbook parts are in UTF-8 or UTF-16")
    parser = expat.ParserCreate()
    parser.XmlDeclHandler = _declared_encoding
    parser.StartDoctypeDeclHandler = _raise(_Doctype)
    parser.StartElementHandler = _raise(_Root)  # the DOCTYPE comes before the first element: stop there
    try:
        parser.Parse(data, True)
    except _Root:
        pass
    except _Doctype:
        raise _invalid(shown, f"part {name} has a DOCTYPE, where XML entities are declared; no workbook has one") \
            from None
    except _Encoding as err:
        raise _invalid(shown, f"part {name} is in {err}; workbook parts are in UTF-8 or UTF-16") from None
    except expat.ExpatError as err:
        if name.lower().endswith(_XML_SUFFIXES):
            raise _not_well_formed(shown, name, err) from None
        return  # no XML: vbaProject.bin, an image
    cells.count(name, data)


class _CellCount:
    """The cells openpyxl would make for the parts so far: the cells of the sheets, and those of their merged,
    linked and commented ranges (it makes each one)."""

    def __init__(self, shown: str):
        self.shown, self.name, self.cells, self.in_ranges = shown, "", 0, 0

    def count(self, name: str, data: bytes) -> None:
        self.name = name
        # ElementTree's separator: expat refuses a namespace that holds it ("}ttp://..."), as openpyxl will
        parser = expat.ParserCreate(namespace_separator="}")
        parser.StartElementHandler = self.element
        try:
            parser.Parse(data, True)
        except expat.ExpatError as err:  # openpyxl would fail on it, maybe only when saving (_rels/.rels)
            raise _not_well_formed(self.shown, name, err) from None

    def element(self, tag: str, attributes: dict[str, str]) -> None:
        local = tag.rpartition("}")[2]
        if local == "c":
            self.cells += 1
            if self.cells > MAX_CELLS:
                raise _too_big(self.shown, f"its sheets have over {MAX_CELLS:,} cells (the limit, reached in part "
                                           f"{self.name})")
            return
        what = _EXPANDED.get(local)
        ref = attributes.get("ref")
        if what is None or ref is None:
            return
        cells = sum(_cells(part) for part in ref.split())
        self.in_ranges += cells
        if self.in_ranges > MAX_RANGE_CELLS:
            raise _too_big(self.shown, f"part {self.name} {what} {ref}, {cells:,} cells (limit {MAX_RANGE_CELLS:,} "
                                       "in merged, linked and commented ranges)")


def _cells(ref: str) -> int:
    """Cells in an A1 reference ("B2", "A1:XFD1048576", "A:C", "3:5"); 0 for what is none (openpyxl refuses it)."""
    found = _REF.fullmatch(ref.upper())
    if found is None or not any(found.groups()):
        return 0
    first_col, first_row, last_col, last_row = found.groups()
    if ":" not in ref:
        last_col, last_row = first_col, first_row
    cols = _span(first_col, last_col, _column, _MAX_COL)
    rows = _span(first_row, last_row, int, _MAX_ROW)
    return cols * rows


def _span(first: str | None, last: str | None, number, whole: int) -> int:
    if first is None or last is None:
        return whole
    return abs(number(last) - number(first)) + 1


def _column(letters: str) -> int:
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - ord("A") + 1
    return index


def _declared_encoding(version, encoding, standalone) -> None:
    if encoding is not None:
        try:
            known = codecs.lookup(encoding).name
        except LookupError:
            known = encoding
        if known not in _ENCODINGS:
            raise _Encoding(encoding)


def _raise(kind: type[Exception]):
    def handler(*_args):
        raise kind
    return handler


def _not_well_formed(shown: str, name: str, err: expat.ExpatError) -> PackageError:
    return _invalid(shown, f"part {name} is broken XML ({expat.ErrorString(err.code)} at line {err.lineno}, "
                           f"column {err.offset})")


def _invalid(shown: str, why: str) -> PackageError:
    return PackageError(f"cannot open {shown}: not a valid workbook ({why})")


def _too_big(shown: str, what: str) -> PackageError:
    return PackageError(f"{shown}: {what}; {REFUSED}")


def _size(count: int) -> str:
    """Bytes as people say them: 1.35 GB, 3 MB, 365 kB."""
    for unit, scale in (("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if count >= scale:
            return f"{count / scale:.3g} {unit}"
    return f"{count} bytes"


__all__ = ["MAX_CELLS", "MAX_FILE_BYTES", "MAX_PARTS", "MAX_PART_BYTES", "MAX_RANGE_CELLS", "MAX_RATIO",
           "MAX_TOTAL_BYTES", "PackageError", "RATIO_FLOOR", "check"]
