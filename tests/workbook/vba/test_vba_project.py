"""vbaProject.bin: read back by oletools and olefile, decoded record by record, deterministic."""
from __future__ import annotations

import io
import struct
import warnings
import zipfile

import olefile
import pytest

with warnings.catch_warnings():  # oletools' pyparsing grammar warns about old names on import
    warnings.simplefilter("ignore", DeprecationWarning)
    from oletools.olevba import VBA_Parser, VBA_Project, decompress_stream

from xlsolver.workbook.vba.cfb import build_compound_file
from xlsolver.workbook.vba.project import PROJECT_GUID, VBAModule, build_vba_project, module_source

FAMILIES = ["Pentominoes", "IQPuzzlerPro", "GhostHunter", "RoadBlock", "Klotski", "ZenGarden"]


def realistic_standard_module() -> str:
    """Thin button macros as the workbook will have them: > 5 KB, several chunks once CRLF."""
    head = '''Option Explicit
' xlsolver buttons. Every macro hands over to Python (xlsolver.excel); the logic lives
' there, where it is tested. Areas are found through workbook names, never addresses.
' Caractères accentués et € : the project code page is 1252.

Private Const ENTRY_POINT As String = "import xlsolver.excel as x; x.on_button('{button}')"

Private Sub CallPython(ByVal buttonName As String)
    Dim previousCalculation As XlCalculation
    Dim previousScreenUpdating As Boolean
    previousCalculation = Application.Calculation
    previousScreenUpdating = Application.ScreenUpdating
    On Error GoTo Failed
    Application.ScreenUpdating = False
    Application.StatusBar = "xlsolver: " & buttonName & " ..."
    RunPython Replace(ENTRY_POINT, "{button}", buttonName)
Finish:
    Application.StatusBar = False
    Application.Calculation = previousCalculation
    Application.ScreenUpdating = previousScreenUpdating
    Exit Sub
Failed:
    StatusCell(buttonName).Value = "Error " & Err.Number & ": " & Err.Description
    Resume Finish
End Sub

Private Function StatusCell(ByVal buttonName As String) As Range
    Dim family As String
    family = Split(buttonName, "_")(0)
    On Error Resume Next
    Set StatusCell = ThisWorkbook.Names(family & "_Status").RefersToRange
    On Error GoTo 0
    If StatusCell Is Nothing Then Set StatusCell = ActiveSheet.Range("A1")
End Function

Public Function AreaIsEmpty(ByVal areaName As String) As Boolean
    Dim cell As Range
    For Each cell In ThisWorkbook.Names(areaName).RefersToRange.Cells
        If Len(Trim$(CStr(cell.Value))) > 0 Then
            AreaIsEmpty = False
            Exit Function
        End If
    Next cell
    AreaIsEmpty = True
End Function
'''
    per_family = '''
' ---- {family} ({index} of {count}) ----
Public Sub {family}_Solve()
    If AreaIsEmpty("{family}_In") Then
        StatusCell("{family}").Value = "Nothing to solve: type some pieces into {family}_In first."
        Exit Sub
    End If
    CallPython "{family}_Solve"
End Sub

Public Sub {family}_Count()
    ' Counting all solutions can take a while on the larger {family} boards.
    CallPython "{family}_Count"
End Sub

Public Sub {family}_Clear()
    ThisWorkbook.Names("{family}_Out").RefersToRange.ClearContents
    ThisWorkbook.Names("{family}_Out").RefersToRange.Interior.ColorIndex = xlColorIndexNone
    StatusCell("{family}").Value = vbNullString
End Sub
'''
    return head + "".join(per_family.format(family=family, index=i + 1, count=len(FAMILIES))
                          for i, family in enumerate(FAMILIES))


CLASS_EXPORT = '''VERSION 1.0 CLASS
BEGIN
  MultiUse = -1  'True
END
Attribute VB_Name = "SolveTimer"
Attribute VB_GlobalNameSpace = False
Attribute VB_Creatable = False
Attribute VB_PredeclaredId = False
Attribute VB_Exposed = False
Option Explicit

Private startedAt As Double

Public Sub Start()
    startedAt = Timer
End Sub

Public Property Get ElapsedSeconds() As Double
    ElapsedSeconds = Timer - startedAt
End Property
'''

MODULES = [
    VBAModule("ThisWorkbook", "document", "Private Sub Workbook_Open()\n    Sheet1.Activate\nEnd Sub\n",
              workbook=True),
    VBAModule("Sheet1", "document", ""),
    VBAModule("Sheet2", "document",
              "Private Sub Worksheet_Activate()\r\n    Me.Range(\"A1\").Select\r\nEnd Sub\r\n"),
    VBAModule("Buttons", "standard", realistic_standard_module()),
    VBAModule("SolveTimer", "class", CLASS_EXPORT),
]


@pytest.fixture(scope="module")
def project_bytes() -> bytes:
    return build_vba_project(MODULES)


@pytest.fixture(scope="module")
def ole(project_bytes):
    with olefile.OleFileIO(io.BytesIO(project_bytes)) as opened:
        yield opened


# --- what oletools reads back ------------------------------------------------------

def test_the_standard_module_spans_several_compression_chunks():
    assert len(module_source(MODULES[3]).encode("cp1252")) > 5 * 1024


def test_olevba_lists_every_module_with_its_exact_source(project_bytes):
    # olevba returns each module's decompressed stream decoded with the project code page
    # (cp1252), untouched: CRLF line ends and the Attribute lines are kept. Its
    # filter_vba, which drops Attribute lines, is only applied when printing a report.
    # So the text compares byte for byte with module_source once re-encoded.
    parser = VBA_Parser("vbaProject.bin", data=project_bytes)
    try:
        assert parser.detect_vba_macros()
        extracted = {path: (filename, code) for _, path, filename, code in parser.extract_macros()}
    finally:
        parser.close()
    assert set(extracted) == {f"VBA/{m.name}" for m in MODULES}
    for module in MODULES:
        filename, code = extracted[f"VBA/{module.name}"]
        assert filename == module.name + (".bas" if module.kind == "standard" else ".cls")
        assert code.encode("cp1252") == module_source(module).encode("cp1252")


def test_oletools_strict_parser_accepts_every_dir_record(ole):
    # relaxed=False makes oletools raise on any record id, size or reserved value
    # that differs from MS-OVBA, instead of logging and carrying on.
    project = VBA_Project(ole, "", "PROJECT", "VBA/dir", relaxed=False)
    project.parse_project_stream()
    sources = {path: code for path, _, code in project.parse_modules()}
    assert (project.syskind, project.lcid, project.lcidinvoke, project.codepage) == (3, 0x409, 0x409, 1252)
    assert project.projectname == "VBAProject"
    by_name = {module.name: module for module in project.modules}
    assert list(by_name) == [m.name for m in MODULES]
    for module in MODULES:
        parsed = by_name[module.name]
        assert parsed.streamname == module.name
        assert parsed.textoffset == 0
        assert parsed.type == (0x21 if module.kind == "standard" else 0x22)
        assert sources[f"VBA/{module.name}"] == module_source(module)


def test_module_streams_hold_nothing_but_compressed_source(ole):
    for module in MODULES:
        stream = ole.openstream(f"VBA/{module.name}").read()
        assert stream[0] == 0x01  # a CompressedContainer from byte 0: no p-code before it
        assert decompress_stream(bytearray(stream)) == module_source(module).encode("cp1252")


# --- the compound file ---------------------------------------------------------------

def test_olefile_lists_exactly_the_expected_streams(ole, project_bytes):
    assert olefile.isOleFile(io.BytesIO(project_bytes))
    assert ole.parsing_issues == []  # olefile logs every defect it tolerates here
    expected = {"PROJECT", "PROJECTwm", "VBA/_VBA_PROJECT", "VBA/dir"} | {f"VBA/{m.name}" for m in MODULES}
    assert {"/".join(path) for path in ole.listdir(streams=True, storages=False)} == expected
    assert {"/".join(path) for path in ole.listdir(streams=False, storages=True)} == {"VBA"}
    assert ole.openstream("VBA/_VBA_PROJECT").read() == bytes.fromhex("CC61FFFF000100")


def test_two_builds_are_byte_identical(project_bytes):
    assert build_vba_project(MODULES) == project_bytes
    assert build_vba_project(list(MODULES)) == build_vba_project(tuple(MODULES))


RED, BLACK = 0, 1  # MS-CFB directory entry colour flag


def sibling_key(name: str):
    return len(name), [ord(c.upper()) for c in name]


def check_red_black_siblings(ole, first: int) -> int:
    """Walk one sibling tree; check BST order, no red-red, equal black heights."""
    entries = ole.direntries
    in_order: list[str] = []

    def walk(sid: int, parent_red: bool) -> int:
        if sid == olefile.NOSTREAM:
            return 1
        entry = entries[sid]
        red = entry.color == RED
        assert not (red and parent_red), f"red {entry.name} under a red parent"
        left = walk(entry.sid_left, red)
        in_order.append(entry.name)
        right = walk(entry.sid_right, red)
        assert left == right, f"unequal black heights under {entry.name}"
        if entry.entry_type == olefile.STGTY_STORAGE and entry.sid_child != olefile.NOSTREAM:
            check_red_black_siblings(ole, entry.sid_child)
        return left + (0 if red else 1)

    walk(first, parent_red=False)
    assert in_order == sorted(in_order, key=sibling_key)
    return len(in_order)


def test_directory_siblings_form_ordered_red_black_trees(ole):
    root = ole.direntries[0]
    assert root.name == "Root Entry" and root.color == BLACK
    assert check_red_black_siblings(ole, root.sid_child) == 3
    for entry in ole.direntries:
        if entry is not None:
            assert (entry.createTime, entry.modifyTime, entry.clsid) == (0, 0, "")


def test_compound_file_with_many_entries_and_large_streams():
    streams = {f"S/Stream{i:02d}": bytes([i]) * (i * 700) for i in range(1, 30)}
    streams["Big"] = bytes(range(256)) * 100  # 25600 bytes: regular sectors, not the mini stream
    data = build_compound_file(streams)
    assert len(data) % 512 == 0
    assert build_compound_file(dict(reversed(streams.items()))) == data
    with olefile.OleFileIO(io.BytesIO(data)) as ole:
        for path, content in streams.items():
            assert ole.openstream(path).read() == content
        check_red_black_siblings(ole, ole.direntries[0].sid_child)


# --- the dir stream, record by record (MS-OVBA 2.3.4.2) -------------------------------

class Records:
    """Reads dir records in order, asserting each id and size as the spec gives them."""

    def __init__(self, data: bytes) -> None:
        self.data, self.position = data, 0

    def take(self, record_id: int, size: int | None = None) -> bytes:
        found_id, found_size = struct.unpack_from("<HI", self.data, self.position)
        assert found_id == record_id, f"record {found_id:#06x} where {record_id:#06x} belongs"
        if size is not None:
            assert found_size == size, f"record {record_id:#06x} has size {found_size}, not {size}"
        start = self.position + 6
        self.position = start + found_size
        return self.data[start:self.position]

    def pair(self, record_id: int, reserved_id: int) -> tuple[bytes, bytes]:
        """A record followed by its reserved-id unicode twin (DOCSTRING, CONSTANTS, ...)."""
        return self.take(record_id), self.take(reserved_id)

    def u32(self, record_id: int) -> int:
        return struct.unpack("<I", self.take(record_id, 4))[0]

    def u16(self, record_id: int) -> int:
        return struct.unpack("<H", self.take(record_id, 2))[0]


def test_dir_stream_records_follow_the_spec(ole):
    records = Records(decompress_stream(bytearray(ole.openstream("VBA/dir").read())))
    # PROJECTINFORMATION
    assert records.u32(0x0001) == 3            # SYSKIND win64
    assert records.u32(0x0002) == 0x0409       # LCID
    assert records.u32(0x0014) == 0x0409       # LCIDINVOKE
    assert records.u16(0x0003) == 1252         # CODEPAGE
    assert records.take(0x0004) == b"VBAProject"
    assert records.pair(0x0005, 0x0040) == (b"", b"")   # DOCSTRING + unicode
    assert records.pair(0x0006, 0x003D) == (b"", b"")   # HELPFILEPATH 1 and 2
    assert records.u32(0x0007) == 0            # HELPCONTEXT
    assert records.u32(0x0008) == 0            # LIBFLAGS
    # PROJECTVERSION breaks the pattern: Id, Reserved (4 bytes, = 4), VersionMajor (4), VersionMinor (2)
    version_id, reserved, _major, _minor = struct.unpack_from("<HIIH", records.data, records.position)
    assert (version_id, reserved) == (0x0009, 4)
    records.position += 12
    assert records.pair(0x000C, 0x003C) == (b"", b"")   # CONSTANTS + unicode
    # PROJECTREFERENCES: stdole, then Office
    for name, guid in [("stdole", "{00020430-0000-0000-C000-000000000046}"),
                       ("Office", "{2DF8D04C-5BFA-101B-BDE5-00AA0044DE52}")]:
        assert records.pair(0x0016, 0x003E) == (name.encode(), name.encode("utf-16-le"))
        registered = records.take(0x000D)
        libid_size = struct.unpack_from("<I", registered)[0]
        libid = registered[4:4 + libid_size].decode("ascii")
        assert libid.startswith(f"*\\G{guid}#2.0#0#")
        assert registered[4 + libid_size:] == bytes(6)  # Reserved1 (4) and Reserved2 (2)
    # PROJECTMODULES
    assert records.u16(0x000F) == len(MODULES)
    assert records.u16(0x0013) == 0xFFFF       # PROJECTCOOKIE
    for module in MODULES:
        name = module.name.encode("cp1252")
        unicode_name = module.name.encode("utf-16-le")
        assert records.take(0x0019) == name
        assert records.take(0x0047) == unicode_name
        assert records.pair(0x001A, 0x0032) == (name, unicode_name)
        assert records.pair(0x001C, 0x0048) == (b"", b"")
        assert records.u32(0x0031) == 0        # MODULEOFFSET: source at byte 0
        assert records.u32(0x001E) == 0        # HELPCONTEXT
        assert records.u16(0x002C) == 0xFFFF   # COOKIE
        assert records.take(0x0021 if module.kind == "standard" else 0x0022, 0) == b""
        assert records.take(0x002B, 0) == b""  # module terminator
    assert records.take(0x0010, 0) == b""      # dir terminator
    assert records.position == len(records.data)


# --- the PROJECT and PROJECTwm streams ------------------------------------------------

def decrypt(hex_text: str, project_id: str) -> bytes:
    """MS-OVBA 2.4.3.3 data decryption, written from the spec independently of the writer."""
    encrypted = bytes.fromhex(hex_text)
    seed, version_enc, project_key_enc = encrypted[:3]
    assert seed ^ version_enc == 2, "encryption version must be 2"
    project_key = seed ^ project_key_enc
    assert project_key == sum(project_id.encode()) & 0xFF, "ProjKey is the byte sum of the project ID"
    unencrypted_1, encrypted_1, encrypted_2 = project_key, project_key_enc, version_enc
    plain = bytearray()
    for byte_enc in encrypted[3:]:
        byte = byte_enc ^ ((encrypted_2 + unencrypted_1) & 0xFF)
        plain.append(byte)
        encrypted_2, encrypted_1, unencrypted_1 = encrypted_1, byte_enc, byte
    ignored = (seed & 6) // 2
    length = struct.unpack_from("<I", plain, ignored)[0]
    data = bytes(plain[ignored + 4:])
    assert len(data) == length
    return data


def test_decrypt_matches_the_spec_example():
    # MS-OVBA 3.1.6: an unprotected, visible project without password.
    project_id = "{917DED54-440B-4FD1-A5C1-74ACF261E600}"
    assert decrypt("0705D8E3D8EDDBF1DBF1DBF1DBF1", project_id) == bytes(4)
    assert decrypt("0E0CD1ECDFF4E7F5E7F5E7", project_id) == b"\x00"
    assert decrypt("1517CAF1D6F9D7F9D706", project_id) == b"\xff"


def test_project_stream_properties_and_protection_state(ole):
    raw = ole.openstream("PROJECT").read()
    text = raw.decode("cp1252")
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    lines = text.split("\r\n")[:-1]
    properties_end = lines.index("")
    properties = lines[:properties_end]
    assert properties[0] == f'ID="{PROJECT_GUID}"'
    assert properties[1:1 + len(MODULES)] == [
        "Document=ThisWorkbook/&H00000000",
        "Document=Sheet1/&H00000000",
        "Document=Sheet2/&H00000000",
        "Module=Buttons",
        "Class=SolveTimer",
    ]
    values = dict(line.split("=", 1) for line in properties[1 + len(MODULES):])
    assert values["Name"] == '"VBAProject"'
    assert values["HelpContextID"] == '"0"'
    assert values["VersionCompatible32"] == '"393222000"'
    assert decrypt(values["CMG"].strip('"'), PROJECT_GUID) == bytes(4)   # not protected
    assert decrypt(values["DPB"].strip('"'), PROJECT_GUID) == b"\x00"    # no password
    assert decrypt(values["GC"].strip('"'), PROJECT_GUID) == b"\xff"     # visible
    assert lines[properties_end + 1:] == [
        "[Host Extender Info]",
        "&H00000001={3832D640-CF90-11CF-8E43-00A0C911005A};VBE;&H00000000",
        "",
        "[Workspace]",
        *(f"{m.name}=0, 0, 0, 0, C" for m in MODULES),
    ]


def test_project_wm_stream_pairs_mbcs_and_utf16_names(ole):
    expected = b"".join(m.name.encode("cp1252") + b"\x00" + m.name.encode("utf-16-le") + b"\x00\x00"
                        for m in MODULES) + b"\x00\x00"
    assert ole.openstream("PROJECTwm").read() == expected


# --- module source -------------------------------------------------------------------

def test_document_headers_match_what_excel_stores():
    workbook_lines = module_source(MODULES[0]).split("\r\n")
    assert workbook_lines[:8] == [
        'Attribute VB_Name = "ThisWorkbook"',
        'Attribute VB_Base = "0{00020819-0000-0000-C000-000000000046}"',
        "Attribute VB_GlobalNameSpace = False",
        "Attribute VB_Creatable = False",
        "Attribute VB_PredeclaredId = True",
        "Attribute VB_Exposed = True",
        "Attribute VB_TemplateDerived = False",
        "Attribute VB_Customizable = True",
    ]
    assert workbook_lines[8:] == ["Private Sub Workbook_Open()", "    Sheet1.Activate", "End Sub", ""]
    assert module_source(MODULES[1]) == "\r\n".join([
        'Attribute VB_Name = "Sheet1"',
        'Attribute VB_Base = "0{00020820-0000-0000-C000-000000000046}"',
        *workbook_lines[2:8],
    ]) + "\r\n"


def test_class_export_header_is_replaced_by_the_stored_header():
    assert module_source(MODULES[4]).split("\r\n")[:10] == [
        'Attribute VB_Name = "SolveTimer"',
        'Attribute VB_Base = "0{FCFB3D2A-A0FA-1068-A738-08002B3371B5}"',
        "Attribute VB_GlobalNameSpace = False",
        "Attribute VB_Creatable = False",
        "Attribute VB_PredeclaredId = False",
        "Attribute VB_Exposed = False",
        "Attribute VB_TemplateDerived = False",
        "Attribute VB_Customizable = False",
        "Option Explicit",
        "",
    ]


def test_standard_module_source_is_crlf_with_only_the_name_attribute():
    bas_file = 'Attribute VB_Name = "Old"\nSub A()\r\nEnd Sub'
    source = module_source(VBAModule("Tools", "standard", bas_file))
    assert source == 'Attribute VB_Name = "Tools"\r\nSub A()\r\nEnd Sub\r\n'
    assert module_source(VBAModule("Tools", "standard", "Sub A()\nEnd Sub\n\n")).endswith("End Sub\r\n\r\n")


@pytest.mark.parametrize("modules, project_name, message", [
    ([VBAModule("1st", "standard", "")], "VBAProject", "identifier"),
    ([VBAModule("A" * 32, "standard", "")], "VBAProject", "identifier"),
    ([VBAModule("Mod", "form", "")], "VBAProject", "kind"),
    ([VBAModule("Mod", "standard", "", workbook=True)], "VBAProject", "workbook"),
    ([VBAModule("A", "document", "", workbook=True), VBAModule("B", "document", "", workbook=True)],
     "VBAProject", "more than one"),
    ([VBAModule("Mod", "standard", ""), VBAModule("MOD", "class", "")], "VBAProject", "twice"),
    ([VBAModule("dir", "standard", "")], "VBAProject", "dir"),
    ([VBAModule("Mod", "standard", "")], "Mod", "share"),
    ([VBAModule("Mod", "standard", "' \u2603 snowman")], "VBAProject", "code page"),
])
def test_invalid_projects_are_refused(modules, project_name, message):
    with pytest.raises(ValueError, match=message):
        build_vba_project(modules, project_name)


# --- through XlsxWriter into an .xlsm -------------------------------------------------

def test_xlsxwriter_embeds_the_project_and_olevba_reads_it_back(tmp_path, project_bytes):
    xlsxwriter = pytest.importorskip("xlsxwriter")
    bin_path = tmp_path / "vbaProject.bin"
    bin_path.write_bytes(project_bytes)
    xlsm_path = tmp_path / "board.xlsm"
    workbook = xlsxwriter.Workbook(str(xlsm_path))
    workbook.set_vba_name("ThisWorkbook")
    for name in ("Sheet1", "Sheet2"):
        workbook.add_worksheet(name).set_vba_name(name)
    workbook.add_vba_project(str(bin_path))
    workbook.close()

    with zipfile.ZipFile(xlsm_path) as archive:
        assert archive.read("xl/vbaProject.bin") == project_bytes
        assert 'codeName="ThisWorkbook"' in archive.read("xl/workbook.xml").decode()
    parser = VBA_Parser(str(xlsm_path))
    try:
        extracted = {stream_path: code for _, stream_path, _, code in parser.extract_macros()}
    finally:
        parser.close()
    assert extracted == {f"VBA/{m.name}": module_source(m) for m in MODULES}
