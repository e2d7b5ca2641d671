"""Broken and hostile workbooks, each made from the committed board.xlsm with the standard library's zipfile.

The cases of issue 26, for tests/workbook/test_hostile_workbooks.py and bench/hostile_workbooks.py (which
times ``xlsolver solve`` on each).  Every builder writes one file into ``folder`` and returns its path;
nothing here imports xlsolver, so the bench can time the code of any checkout on the same files.  The bombs
are streamed through zipfile a chunk at a time: a 1.35 GB sheet is a 3.3 MB file, never 1.35 GB on disk.
"""
from __future__ import annotations

import struct
import warnings
import zipfile
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "board.xlsm"
SHEET = "xl/worksheets/sheet1.xml"  # the Pentominoes sheet, which holds the Pento6x10 area (rows 1 to 95)
FIRST_CELL = b'<c r="B1" s="1" t="s"><v>0</v></c>'  # its title cell


def board_part(name: str = SHEET) -> bytes:
    with zipfile.ZipFile(BOARD) as archive:
        return archive.read(name)


def repack(target: Path, parts: dict[str, bytes | Iterable[bytes] | None] | None = None,
           extra: Iterable[tuple[str, bytes]] = ()) -> Path:
    """board.xlsm's parts in their order into ``target``, some replaced (by bytes, or chunks streamed in; None
    leaves the part out), and
    ``extra`` parts added at the end (a name twice is written twice)."""
    parts = parts or {}
    with zipfile.ZipFile(BOARD) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out, \
            warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # zipfile's "Duplicate name" warning: meant here
        for info in source.infolist():
            new = parts.get(info.filename, source.read(info))
            if new is None:  # the part left out
                continue
            if isinstance(new, bytes):
                out.writestr(info.filename, new)
            else:
                with out.open(info.filename, "w") as member:
                    for chunk in new:
                        member.write(chunk)
        for name, data in extra:
            out.writestr(name, data)
    return target


def sheet_around_data() -> tuple[bytes, bytes]:
    """The sheet's XML before ``</sheetData>`` and from it on: rows written between them come after its last row."""
    head, tail = board_part().split(b"</sheetData>")
    return head, b"</sheetData>" + tail


def changed_sheet(old: bytes, new: bytes, part: str = SHEET) -> dict[str, bytes]:
    text = board_part(part)
    assert old in text, old
    return {part: text.replace(old, new, 1)}


# --- the zip package --------------------------------------------------------------------------------

def not_a_zip(folder: Path, content: bytes = b"Minutes of the meeting, not a workbook.\n") -> Path:
    return _written(folder / "not_a_zip.xlsm", content)


def truncated(folder: Path, keep: float = 0.5) -> Path:
    data = BOARD.read_bytes()
    return _written(folder / "truncated.xlsm", data[:int(len(data) * keep)])


def bomb(folder: Path, inflated: int = 1_350_000_000) -> Path:
    """The sheet's XML with empty rows repeated until it inflates to ``inflated`` bytes (1.35 GB: a 3.3 MB file)."""
    head, tail = sheet_around_data()
    chunk = b'<row r="1048576"/>' * 50_000

    def rows():
        yield head
        left = inflated - len(head) - len(tail)
        while left > 0:
            yield chunk[:left]
            left -= len(chunk)
        yield tail
    return repack(folder / "bomb.xlsm", {SHEET: rows()})


def lying_sizes(folder: Path, inflated: int = 64_000_000, declared: int = 40_000) -> Path:
    """A bomb whose zip headers say the sheet inflates to ``declared`` bytes."""
    path = bomb(folder, inflated).rename(folder / "lying_sizes.xlsm")
    set_declared_size(path, SHEET, declared)
    return path


def set_declared_size(path: Path, name: str, size: int) -> None:
    """Overwrite the uncompressed size of ``name`` in its local header and its central directory entry."""
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(name)
        central = archive.start_dir
    data = bytearray(path.read_bytes())
    struct.pack_into("<I", data, info.header_offset + 22, size)  # local file header: uncompressed size
    at = central
    while data[at:at + 4] == b"PK\x01\x02":
        name_length, extra_length, comment_length = struct.unpack_from("<HHH", data, at + 28)
        if data[at + 46:at + 46 + name_length] == name.encode():
            struct.pack_into("<I", data, at + 24, size)  # central directory: uncompressed size
        at += 46 + name_length + extra_length + comment_length
    path.write_bytes(bytes(data))


def high_ratio(folder: Path, size: int = 2_000_000) -> Path:
    """A part of spaces that inflates about a thousand times (under the size limits: refused for its ratio)."""
    return repack(folder / "high_ratio.xlsm", extra=[("customXml/item1.xml", b" " * size)])


def large_total(folder: Path, parts: int = 250, size: int = 90_000) -> Path:
    """Many parts, each small enough, together over the total limit (23 MB inflated from a 100 kB file)."""
    return repack(folder / "large_total.xlsm", extra=[(f"customXml/item{i}.xml", b"\0" * size) for i in range(parts)])


def many_parts(folder: Path, parts: int = 3_001) -> Path:
    return repack(folder / "many_parts.xlsm", extra=[(f"customXml/item{i}.xml", b"") for i in range(parts)])


BAD_NAMES = {"dotdot": "../../evil.xml", "inner_dotdot": "xl/../../evil.xml", "absolute": "/etc/evil.xml",
             "backslash_absolute": "\\evil.xml", "backslash_dotdot": "xl\\..\\..\\evil.xml", "drive": "C:/evil.xml"}


def bad_name(folder: Path, kind: str = "dotdot") -> Path:
    return repack(folder / f"name_{kind}.xlsm", extra=[(BAD_NAMES[kind], b"<x/>")])


def duplicate(folder: Path) -> Path:
    """The sheet twice: the second copy (the one a reader keeping the last entry sees) has other cells."""
    other = board_part().replace(FIRST_CELL, b'<c r="B1" t="inlineStr"><is><t>the other copy</t></is></c>')
    return repack(folder / "duplicate.xlsm", extra=[(SHEET, other)])


# --- the XML in the parts ---------------------------------------------------------------------------

LAUGHS = (b'<!DOCTYPE worksheet [<!ENTITY lol0 "lol">'
          + b"".join(b'<!ENTITY lol%d "%s">' % (i, b"&lol%d;" % (i - 1) * 10) for i in range(1, 10)) + b"]>")
EXTERNAL = b'<!DOCTYPE worksheet [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
DECLARATION = b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def zip_version(folder: Path, version: int = 64) -> Path:
    """board.xlsm with its first part saying it needs zip version 6.4 to extract (found by the fuzz test): Python's
    zipfile refuses such a part with NotImplementedError."""
    data = bytearray(BOARD.read_bytes())
    central = data.find(b"PK\x01\x02")
    data[central + 6:central + 8] = version.to_bytes(2, "little")
    target = folder / "zip_version.xlsm"
    target.write_bytes(bytes(data))
    return target


def sheets_lost(folder: Path) -> Path:
    """workbook.xml with one letter of its relationships namespace changed (found by the fuzz test): every sheet's
    r:id is then in another namespace, openpyxl finds no sheet, keeps the defined names, and failed at the save."""
    with zipfile.ZipFile(BOARD) as source:
        workbook = source.read("xl/workbook.xml")
    namespace = b'xmlns:r="http://schemas.openxmlformats.org/officeDocument'
    return repack(folder / "sheets_lost.xlsm", {"xl/workbook.xml": workbook.replace(namespace, namespace[:-1] + b"X")})


def entities(folder: Path, kind: str = "laughs", part: str = SHEET, utf16: bool = False) -> Path:
    """A DOCTYPE after the part's XML declaration, its entity used in the part (a cell, in a sheet):
    "laughs" expands to 10**9 "lol"s, "external" names /etc/passwd.  ``utf16``: the part in UTF-16."""
    doctype, use = (LAUGHS, b"&lol9;") if kind == "laughs" else (EXTERNAL, b"&x;")
    text = board_part(part)
    assert text.startswith(DECLARATION), text[:80]
    text = DECLARATION + doctype + text[len(DECLARATION):]
    if part == SHEET:
        text = text.replace(FIRST_CELL, b'<c r="B1" t="inlineStr"><is><t>' + use + b"</t></is></c>", 1)
    if utf16:
        text = text.decode("utf-8").replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16")
    suffix = "_utf16" if utf16 else ""
    return repack(folder / f"entities_{kind}_{Path(part).stem.strip('[]')}{suffix}.xlsm", {part: text})


def full_dimension(folder: Path) -> Path:
    return repack(folder / "dimension.xlsm", changed_sheet(b'<dimension ref="A1:AY95"/>',
                                                           b'<dimension ref="A1:XFD1048576"/>'))


def far_cell(folder: Path) -> Path:
    row = b'<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>far away</t></is></c></row>'
    return repack(folder / "far_cell.xlsm", changed_sheet(b"</sheetData>", row + b"</sheetData>"))


def junk_rows(folder: Path, rows: int = 1_000_000) -> Path:
    """``rows`` rows of one cell each below the areas (a million: 43 MB of XML in a 2.6 MB file)."""
    head, tail = sheet_around_data()

    def streamed():
        yield head
        for start in range(100, 100 + rows, 10_000):
            yield b"".join(b'<row r="%d"><c t="s"><v>0</v></c></row>' % r
                           for r in range(start, min(start + 10_000, 100 + rows)))
        yield tail
    return repack(folder / "junk_rows.xlsm", {SHEET: streamed()})


def wide_sheet(folder: Path, junk: int = 2_000) -> Path:
    """The three at once, within the limits: a dimension of A1:XFD1048576, ``junk`` rows below the areas, a cell
    at XFD1048576."""
    head, tail = sheet_around_data()
    head = head.replace(b'<dimension ref="A1:AY95"/>', b'<dimension ref="A1:XFD1048576"/>')
    rows = b"".join(b'<row r="%d"><c r="A%d"><v>%d</v></c><c r="B%d" t="inlineStr"><is><t>junk</t></is></c></row>'
                    % (r, r, r, r) for r in range(100, 100 + junk))
    far = b'<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>far away</t></is></c></row>'
    return repack(folder / "wide_sheet.xlsm", {SHEET: head + rows + far + tail})


def many_cells(folder: Path, cells: int = 100_000) -> Path:
    """``cells`` cells of numbers added below the areas, in rows of 100 (for 100,000: 1.9 MB of XML, within the
    size limits, in a 320 kB file)."""
    head, tail = sheet_around_data()
    values = (b"<c><v>%d</v></c>" % (i * 7919 % 10007) for i in range(cells))
    rows = [b"<row>" + b"".join(next(values) for _ in range(min(100, cells - start))) + b"</row>"
            for start in range(0, cells, 100)]
    return repack(folder / "many_cells.xlsm", {SHEET: head + b"".join(rows) + tail})


def huge_merge(folder: Path) -> Path:
    """Every cell below the areas merged into one: openpyxl makes an object for each of its 17 billion cells."""
    merge = b'<mergeCell ref="A100:XFD1048576"/>'
    return repack(folder / "huge_merge.xlsm", changed_sheet(b"<mergeCell ", merge + b"<mergeCell "))


def huge_hyperlink(folder: Path) -> Path:
    """A link on every cell below the areas: openpyxl gives each of its 17 billion cells a copy."""
    link = b'<hyperlinks><hyperlink ref="A100:XFD1048576" location="Pentominoes!A1" display="x"/></hyperlinks>'
    return repack(folder / "huge_hyperlink.xlsm", changed_sheet(b"<pageMargins", link + b"<pageMargins"))


def huge_comment(folder: Path) -> Path:
    """A comment on every cell below the areas: openpyxl makes each of its 17 billion cells to hang it on."""
    comments = (DECLARATION + b'<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                b'<authors><author>someone</author></authors><commentList><comment ref="A100:XFD1048576" authorId="0">'
                b"<text><t>hello</t></text></comment></commentList></comments>")
    rels = board_part("xl/worksheets/_rels/sheet1.xml.rels").replace(b"</Relationships>", (
        b'<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" '
        b'Target="../comments1.xml"/></Relationships>'))
    types = board_part("[Content_Types].xml").replace(b"</Types>", (
        b'<Override PartName="/xl/comments1.xml" '
        b'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml"/></Types>'))
    return repack(folder / "huge_comment.xlsm", {"xl/worksheets/_rels/sheet1.xml.rels": rels,
                                                 "[Content_Types].xml": types}, extra=[("xl/comments1.xml", comments)])


def huge_named_range(folder: Path, ref: bytes = b"$A$1:$XFD$1048576") -> Path:
    """The area's input range redefined as the whole sheet (or whole columns, "$A:$XFD", or rows, "$1:$1048576")."""
    text = board_part("xl/workbook.xml")
    old = b'<definedName name="Pento6x10_In">Pentominoes!$B$14:$K$19</definedName>'
    assert old in text
    new = b'<definedName name="Pento6x10_In">Pentominoes!%s</definedName>' % ref
    return repack(folder / "huge_named_range.xlsm", {"xl/workbook.xml": text.replace(old, new)})


def _written(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


#: every case, by name, with the builder's default arguments (the sizes of the issue)
CASES = {
    "not_a_zip": not_a_zip, "truncated": truncated, "bomb": bomb, "lying_sizes": lying_sizes,
    "high_ratio": high_ratio, "large_total": large_total, "many_parts": many_parts,
    **{f"name_{kind}": (lambda folder, kind=kind: bad_name(folder, kind)) for kind in BAD_NAMES},
    "duplicate": duplicate, "laughs": entities, "external_entity": lambda folder: entities(folder, "external"),
    "dimension": full_dimension, "far_cell": far_cell, "junk_rows": junk_rows, "many_cells": many_cells,
    "huge_merge": huge_merge,
    "huge_hyperlink": huge_hyperlink, "huge_comment": huge_comment, "huge_named_range": huge_named_range,
}
