"""Build `vbaProject.bin` (MS-OVBA) from VBA source text: source only, deterministic.

Source only: `_VBA_PROJECT` is the 7-byte header with version 0xFFFF and every module
stream is its compressed source at offset 0, with no p-code or performance cache, so
Excel compiles the project from source when it opens the workbook (MS-OVBA 1.6, 2.3.4.1).

Deterministic: the project GUID, the encryption seed of CMG/DPB/GC, the project version
and the compound file layout are fixed, so the same modules always give the same bytes.

The header of each module (its `Attribute` lines) is generated here, as Excel stores it;
callers pass the code body only. A caller may also pass the raw text of an exported
`.bas` or `.cls` file: its `VERSION`/`BEGIN`...`END` block and leading `Attribute` lines
are dropped and replaced by the generated header (so attributes such as a class's
`VB_PredeclaredId = True` in the file are NOT kept).

What Excel writes, and we copy (checked against workbooks saved by Excel and MS-OVBA):
- ThisWorkbook has VB_Base "0{00020819-...}" (the Workbook coclass), worksheets have
  "0{00020820-...}" (the Worksheet coclass); class modules carry VB_Base
  "0{FCFB3D2A-...}" and the full attribute block, though a `.cls` export omits some.
- PROJECTSYSKIND is 3 (win64), what 64-bit Office, the default install since Office
  2019, writes; as the project has no p-code, 32-bit Excel compiles it just the same.
- References are stdole (OLE Automation) and Office, the two a new Excel project lists
  in its `dir` stream (the VBA and Excel libraries are the host's and never listed).
- No PROJECTCOMPATVERSION record: it is optional, newer than the other records, and
  the source-only projects xlwings ships leave it out too.
"""
from __future__ import annotations

import re
import struct
from collections.abc import Sequence
from dataclasses import dataclass

from .cfb import build_compound_file
from .compression import compress, decompress

__all__ = ["VBAModule", "build_vba_project", "module_source"]

CODEPAGE = 1252
ENCODING = "cp1252"
LCID_EN_US = 0x0409
SYSKIND_WIN64 = 0x00000003
PROJECT_GUID = "{5E9A3C71-2B4D-4F08-9C6E-7A1D2B3C4E5F}"
ENCRYPTION_SEED = 0x5A  # any byte works; fixed so CMG/DPB/GC do not change between builds
PROJECT_VERSION = (1, 0)  # PROJECTVERSION major/minor; Excel bumps these on save, we never do

PROTECTION_STATE_NONE = bytes(4)  # CMG data: not protected by user, host or VBE (what Excel writes)
PASSWORD_NONE = bytes(1)  # DPB data: a single 0x00 means no password
VISIBILITY_VISIBLE = b"\xff"  # GC data: the project is visible

_VBA_PROJECT_STREAM = bytes([0xCC, 0x61, 0xFF, 0xFF, 0x00, 0x01, 0x00])
"""Reserved1 0x61CC, Version 0xFFFF, Reserved2 0x00, Reserved3 0x0001 (as MS-OVBA 3.1.1)."""

WORKBOOK_BASE = "0{00020819-0000-0000-C000-000000000046}"
WORKSHEET_BASE = "0{00020820-0000-0000-C000-000000000046}"
CLASS_BASE = "0{FCFB3D2A-A0FA-1068-A738-08002B3371B5}"

_REFERENCES = (
    ("stdole", "*\\G{00020430-0000-0000-C000-000000000046}#2.0#0"
               "#C:\\Windows\\System32\\stdole2.tlb#OLE Automation"),
    ("Office", "*\\G{2DF8D04C-5BFA-101B-BDE5-00AA0044DE52}#2.0#0"
               "#C:\\Program Files\\Common Files\\Microsoft Shared\\OFFICE16\\MSO.DLL"
               "#Microsoft Office 16.0 Object Library"),
)
_HOST_EXTENDER = "&H00000001={3832D640-CF90-11CF-8E43-00A0C911005A};VBE;&H00000000"

_KINDS = ("document", "standard", "class")
_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,30}\Z")
_EXPORT_HEADER_START = re.compile(r"VERSION\s+\d", re.IGNORECASE)


@dataclass(frozen=True)
class VBAModule:
    """One VBA module: its name (also the code name of a document module), kind and code.

    `kind` is "document" (ThisWorkbook or a sheet, `workbook=True` for ThisWorkbook),
    "standard" (a .bas module) or "class" (a .cls module). `code` is the body without
    `Attribute` header lines, LF or CRLF; an exported file's header is dropped too.
    """

    name: str
    kind: str
    code: str
    workbook: bool = False


# --- module source -----------------------------------------------------------------

def _attribute_header(module: VBAModule) -> list[str]:
    lines = [f'Attribute VB_Name = "{module.name}"']
    if module.kind == "document":
        base = WORKBOOK_BASE if module.workbook else WORKSHEET_BASE
        lines += [f'Attribute VB_Base = "{base}"',
                  "Attribute VB_GlobalNameSpace = False",
                  "Attribute VB_Creatable = False",
                  "Attribute VB_PredeclaredId = True",
                  "Attribute VB_Exposed = True",
                  "Attribute VB_TemplateDerived = False",
                  "Attribute VB_Customizable = True"]
    elif module.kind == "class":
        lines += [f'Attribute VB_Base = "{CLASS_BASE}"',
                  "Attribute VB_GlobalNameSpace = False",
                  "Attribute VB_Creatable = False",
                  "Attribute VB_PredeclaredId = False",
                  "Attribute VB_Exposed = False",
                  "Attribute VB_TemplateDerived = False",
                  "Attribute VB_Customizable = False"]
    return lines


def _strip_export_header(lines: list[str]) -> list[str]:
    """Drop a leading VERSION/BEGIN...END block and leading `Attribute` lines."""
    index = 0
    if lines and _EXPORT_HEADER_START.match(lines[0]):
        index = 1
        if index < len(lines) and lines[index].strip().upper() == "BEGIN":
            while index < len(lines) and lines[index].strip().upper() != "END":
                index += 1
            index += 1
    while index < len(lines) and lines[index].lstrip().lower().startswith("attribute "):
        index += 1
    return lines[index:]


def module_source(module: VBAModule) -> str:
    """The exact CRLF text stored (compressed) in the module's stream: header + code."""
    _check_module(module)
    code = module.code.replace("\r\n", "\n").replace("\r", "\n")
    body = _strip_export_header(code.split("\n"))
    if body and body[-1] == "":
        body.pop()  # the text ended with a newline; it is added back below
    return "".join(line + "\r\n" for line in _attribute_header(module) + body)


# --- validation --------------------------------------------------------------------

def _check_module(module: VBAModule) -> None:
    if not _IDENTIFIER.match(module.name):
        raise ValueError(f"module name {module.name!r} is not a VBA identifier of at most 31 characters")
    if module.kind not in _KINDS:
        raise ValueError(f"module {module.name}: kind must be one of {_KINDS}, not {module.kind!r}")
    if module.workbook and module.kind != "document":
        raise ValueError(f"module {module.name}: only a document module can be the workbook module")


def _check_project(modules: Sequence[VBAModule], project_name: str) -> None:
    if not _IDENTIFIER.match(project_name):
        raise ValueError(f"project name {project_name!r} is not a VBA identifier")
    seen: set[str] = set()
    for module in modules:
        _check_module(module)
        if module.name.upper() in seen:
            raise ValueError(f"module name {module.name!r} is used twice (VBA names ignore case)")
        seen.add(module.name.upper())
    if project_name.upper() in seen:
        raise ValueError(f"the project and a module share the name {project_name!r}")
    if "DIR" in seen:
        raise ValueError("a module named 'dir' would clash with the VBA/dir stream")
    if sum(module.workbook for module in modules) > 1:
        raise ValueError("more than one module is marked workbook=True")


def _mbcs(text: str, what: str) -> bytes:
    try:
        return text.encode(ENCODING)
    except UnicodeEncodeError as error:
        raise ValueError(f"{what} has characters outside code page {CODEPAGE}: {error}") from None


# --- the dir stream (MS-OVBA 2.3.4.2) ----------------------------------------------

def _record(record_id: int, payload: bytes = b"") -> bytes:
    """Id (2 bytes), size (4 bytes), payload: the shape of almost every dir record."""
    return struct.pack("<HI", record_id, len(payload)) + payload


def _utf16(text: str) -> bytes:
    return text.encode("utf-16-le")


def _project_information(project_name: str) -> bytes:
    major, minor = PROJECT_VERSION
    return b"".join([
        _record(0x0001, struct.pack("<I", SYSKIND_WIN64)),       # PROJECTSYSKIND
        _record(0x0002, struct.pack("<I", LCID_EN_US)),          # PROJECTLCID
        _record(0x0014, struct.pack("<I", LCID_EN_US)),          # PROJECTLCIDINVOKE
        _record(0x0003, struct.pack("<H", CODEPAGE)),            # PROJECTCODEPAGE
        _record(0x0004, _mbcs(project_name, "project name")),    # PROJECTNAME
        _record(0x0005) + _record(0x0040),                       # PROJECTDOCSTRING (+ unicode)
        _record(0x0006) + _record(0x003D),                       # PROJECTHELPFILEPATH 1 and 2
        _record(0x0007, struct.pack("<I", 0)),                   # PROJECTHELPCONTEXT
        _record(0x0008, struct.pack("<I", 0)),                   # PROJECTLIBFLAGS
        struct.pack("<HIIH", 0x0009, 4, major, minor),           # PROJECTVERSION (reserved 4)
        _record(0x000C) + _record(0x003C),                       # PROJECTCONSTANTS (+ unicode)
    ])


def _project_references() -> bytes:
    parts = []
    for name, libid in _REFERENCES:
        libid_bytes = libid.encode("ascii")
        # REFERENCENAME (+ unicode), then REFERENCEREGISTERED: libid, Reserved1 (4), Reserved2 (2)
        parts.append(_record(0x0016, name.encode("ascii")) + _record(0x003E, _utf16(name)))
        registered = struct.pack("<I", len(libid_bytes)) + libid_bytes + struct.pack("<IH", 0, 0)
        parts.append(_record(0x000D, registered))
    return b"".join(parts)


def _module_record(module: VBAModule) -> bytes:
    name = _mbcs(module.name, "module name")
    procedural = module.kind == "standard"
    return b"".join([
        _record(0x0019, name),                                   # MODULENAME
        _record(0x0047, _utf16(module.name)),                    # MODULENAMEUNICODE
        _record(0x001A, name) + _record(0x0032, _utf16(module.name)),  # MODULESTREAMNAME (+ unicode)
        _record(0x001C) + _record(0x0048),                       # MODULEDOCSTRING (+ unicode)
        _record(0x0031, struct.pack("<I", 0)),                   # MODULEOFFSET: source starts at 0
        _record(0x001E, struct.pack("<I", 0)),                   # MODULEHELPCONTEXT
        _record(0x002C, struct.pack("<H", 0xFFFF)),              # MODULECOOKIE
        _record(0x0021 if procedural else 0x0022),               # MODULETYPE
        _record(0x002B),                                         # module terminator
    ])


def _project_modules(modules: Sequence[VBAModule]) -> bytes:
    return (_record(0x000F, struct.pack("<H", len(modules)))    # PROJECTMODULES count
            + _record(0x0013, struct.pack("<H", 0xFFFF))        # PROJECTCOOKIE
            + b"".join(_module_record(m) for m in modules))


def dir_stream(modules: Sequence[VBAModule], project_name: str) -> bytes:
    """The decompressed `dir` stream: information, references, modules, terminator."""
    return (_project_information(project_name) + _project_references()
            + _project_modules(modules) + _record(0x0010))


# --- the PROJECT and PROJECTwm streams (MS-OVBA 2.3.1, 2.3.3) -------------------------

def encrypt_project_data(data: bytes, project_id: str = PROJECT_GUID, seed: int = ENCRYPTION_SEED) -> str:
    """MS-OVBA 2.4.3.2 data encryption, as the hex text of CMG=, DPB= and GC=."""
    version = 2
    project_key = sum(project_id.encode("ascii")) & 0xFF
    out = bytearray([seed, seed ^ version, seed ^ project_key])
    unencrypted_1, encrypted_1, encrypted_2 = project_key, seed ^ project_key, seed ^ version

    def push(byte: int) -> None:
        nonlocal unencrypted_1, encrypted_1, encrypted_2
        encrypted = byte ^ ((encrypted_2 + unencrypted_1) & 0xFF)
        out.append(encrypted)
        encrypted_2, encrypted_1, unencrypted_1 = encrypted_1, encrypted, byte

    ignored_length = (seed & 6) // 2
    for _ in range(ignored_length):
        push(0)  # IgnoredEnc: arbitrary bytes, fixed here
    for byte in struct.pack("<I", len(data)) + data:
        push(byte)
    return out.hex().upper()


def project_stream(modules: Sequence[VBAModule], project_name: str) -> bytes:
    """The PROJECT stream text: unprotected, visible, no password."""
    lines = [f'ID="{PROJECT_GUID}"']
    for module in modules:
        if module.kind == "document":
            lines.append(f"Document={module.name}/&H00000000")
        elif module.kind == "standard":
            lines.append(f"Module={module.name}")
        else:
            lines.append(f"Class={module.name}")
    lines += [
        f'Name="{project_name}"',
        'HelpContextID="0"',
        'VersionCompatible32="393222000"',
        f'CMG="{encrypt_project_data(PROTECTION_STATE_NONE)}"',
        f'DPB="{encrypt_project_data(PASSWORD_NONE)}"',
        f'GC="{encrypt_project_data(VISIBILITY_VISIBLE)}"',
        "",
        "[Host Extender Info]",
        _HOST_EXTENDER,
        "",
        "[Workspace]",
    ]
    lines += [f"{module.name}=0, 0, 0, 0, C" for module in modules]
    return _mbcs("".join(line + "\r\n" for line in lines), "PROJECT stream")


def project_wm_stream(modules: Sequence[VBAModule]) -> bytes:
    """PROJECTwm: each module name in MBCS and UTF-16, then a 0x0000 terminator."""
    parts = [_mbcs(m.name, "module name") + b"\x00" + _utf16(m.name) + b"\x00\x00" for m in modules]
    return b"".join(parts) + b"\x00\x00"


# --- the whole file ------------------------------------------------------------------

def _compressed_source(module: VBAModule) -> bytes:
    """The module stream; checked to decompress to its source, byte for byte."""
    source = _mbcs(module_source(module), f"module {module.name}")
    stream = compress(source)
    if decompress(stream) != source:  # a padded raw last chunk; impossible for real source
        raise ValueError(f"module {module.name}: source does not survive compression")
    return stream


def build_vba_project(modules: Sequence[VBAModule], project_name: str = "VBAProject") -> bytes:
    """The bytes of a source-only `vbaProject.bin` holding `modules`, in their order.

    Raises ValueError for names that are not VBA identifiers (or repeat, ignoring case),
    an unknown kind, more than one workbook module, or text outside code page 1252.
    """
    modules = list(modules)
    _check_project(modules, project_name)
    streams = {
        "PROJECT": project_stream(modules, project_name),
        "PROJECTwm": project_wm_stream(modules),
        "VBA/_VBA_PROJECT": _VBA_PROJECT_STREAM,
        "VBA/dir": compress(dir_stream(modules, project_name)),
    }
    for module in modules:
        streams[f"VBA/{module.name}"] = _compressed_source(module)
    return build_compound_file(streams)
