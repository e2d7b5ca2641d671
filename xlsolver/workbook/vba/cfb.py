"""A minimal, deterministic writer of Compound File Binary (MS-CFB) version 3 files.

Why our own: olefile, compoundfiles, cfb and libcfbf only read (olefile can overwrite a
stream in place at the same size); the PyPI writers are AGPL (cfbwrite), 0.0.x releases
of one author each (pycfb, ms-cfb, whose sibling ms-ovba wrote corrupt streams), or
need an existing file. A v3 writer for a few small streams is ~250 lines we can test.

What it writes: 512-byte sectors; FAT and mini FAT; streams under 4096 bytes in the
mini stream; siblings as a balanced binary search tree in MS-CFB order (shorter name
first, then by upper-cased UTF-16 code units), coloured as a valid red-black tree; all
CLSIDs, state bits and timestamps zero, so equal input gives equal bytes.
"""
from __future__ import annotations

import struct
from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["build_compound_file"]

SECTOR_SIZE = 512
MINI_SECTOR_SIZE = 64
MINI_STREAM_CUTOFF = 4096
_DIR_ENTRY_SIZE = 128
_HEADER_DIFAT_SLOTS = 109
_MAX_NAME_CHARS = 31

_FREESECT = 0xFFFFFFFF
_ENDOFCHAIN = 0xFFFFFFFE
_FATSECT = 0xFFFFFFFD
_NOSTREAM = 0xFFFFFFFF

_TYPE_STORAGE = 1
_TYPE_STREAM = 2
_TYPE_ROOT = 5
_RED, _BLACK = 0, 1

_SIGNATURE = bytes.fromhex("D0CF11E0A1B11AE1")


@dataclass
class _Node:
    name: str
    data: bytes | None = None  # None for a storage
    children: dict[str, _Node] = field(default_factory=dict)
    entry_id: int = 0
    left: int = _NOSTREAM
    right: int = _NOSTREAM
    child: int = _NOSTREAM
    colour: int = _BLACK
    start: int = _ENDOFCHAIN

    @property
    def is_storage(self) -> bool:
        return self.data is None


def _sibling_key(name: str) -> tuple[int, list[int]]:
    """MS-CFB 2.6.4 order: shorter names first, then by upper-cased UTF-16 code units."""
    encoded = name.encode("utf-16-le")
    units = struct.unpack(f"<{len(encoded) // 2}H", encoded)
    return len(units), [_upper_unit(unit) for unit in units]


def _upper_unit(unit: int) -> int:
    upper = chr(unit).upper()
    return ord(upper) if len(upper) == 1 else unit


def _tree_from_paths(streams: Mapping[str, bytes]) -> _Node:
    root = _Node("Root Entry", data=None)
    for path, data in streams.items():
        parts = path.split("/")
        node = root
        for part in parts[:-1]:
            node = node.children.setdefault(part.upper(), _Node(part))
            if not node.is_storage:
                raise ValueError(f"{path!r}: {part!r} is a stream, not a storage")
        leaf = parts[-1]
        if leaf.upper() in node.children:
            raise ValueError(f"{path!r} is given twice (names are case-insensitive)")
        node.children[leaf.upper()] = _Node(leaf, data=bytes(data))
    return root


def _check_name(name: str) -> None:
    if not name or len(name) > _MAX_NAME_CHARS or any(c in name for c in "/\\:!"):
        raise ValueError(f"invalid compound file entry name {name!r}")


def _number_entries(root: _Node) -> list[_Node]:
    """Entry ids in depth-first order: each storage, then its children in sibling order."""
    entries: list[_Node] = []

    def visit(node: _Node) -> None:
        node.entry_id = len(entries)
        entries.append(node)
        for child in sorted(node.children.values(), key=lambda n: _sibling_key(n.name)):
            visit(child)

    visit(root)
    return entries


def _link_siblings(parent: _Node) -> None:
    """Hang the children of `parent` as a balanced BST and colour it red-black.

    Built from the sorted list by midpoints, every level but the deepest is full, so
    colouring the deepest level red (when it is not full) keeps equal black heights
    and never puts a red under a red.
    """
    ordered = sorted(parent.children.values(), key=lambda n: _sibling_key(n.name))
    depth_of: dict[int, int] = {}

    def build(lo: int, hi: int, depth: int) -> int:
        if lo >= hi:
            return _NOSTREAM
        mid = (lo + hi) // 2
        node = ordered[mid]
        depth_of[mid] = depth
        node.left = build(lo, mid, depth + 1)
        node.right = build(mid + 1, hi, depth + 1)
        return node.entry_id

    parent.child = build(0, len(ordered), 0)
    if ordered:
        deepest = max(depth_of.values())
        level_full = sum(1 for d in depth_of.values() if d == deepest) == 2 ** deepest
        for index, node in enumerate(ordered):
            node.colour = _RED if depth_of[index] == deepest and not level_full else _BLACK
    for node in ordered:
        if node.is_storage:
            _link_siblings(node)


def _sector_count(size: int, sector: int = SECTOR_SIZE) -> int:
    return -(-size // sector)


def _chain(fat: list[int], first: int, count: int) -> int:
    """Mark `count` consecutive sectors from `first` as one chain; return its start."""
    if count == 0:
        return _ENDOFCHAIN
    for sector in range(first, first + count - 1):
        fat[sector] = sector + 1
    fat[first + count - 1] = _ENDOFCHAIN
    return first


def _directory_entry(node: _Node, object_type: int, start: int, size: int) -> bytes:
    name = node.name.encode("utf-16-le") + b"\x00\x00"
    return struct.pack(
        "<64sHBBIII16sIQQIQ",
        name, len(name), object_type, node.colour,
        node.left, node.right, node.child,
        bytes(16), 0, 0, 0, start, size,
    )


_UNUSED_ENTRY = struct.pack(
    "<64sHBBIII16sIQQIQ", bytes(64), 0, 0, 0, _NOSTREAM, _NOSTREAM, _NOSTREAM, bytes(16), 0, 0, 0, 0, 0
)


def _header(fat_sectors: list[int], first_dir: int, first_minifat: int, minifat_count: int) -> bytes:
    difat = fat_sectors + [_FREESECT] * (_HEADER_DIFAT_SLOTS - len(fat_sectors))
    return _SIGNATURE + struct.pack(
        "<16sHHHHH6sIIIIIIIII109I",
        bytes(16), 0x003E, 0x0003, 0xFFFE, 9, 6, bytes(6),
        0, len(fat_sectors), first_dir, 0, MINI_STREAM_CUTOFF,
        first_minifat, minifat_count, _ENDOFCHAIN, 0,
        *difat,
    )


def build_compound_file(streams: Mapping[str, bytes]) -> bytes:
    """A v3 compound file holding `streams`, keyed by '/'-separated paths ('VBA/dir').

    Storages are created for every folder in a path. Output depends only on the
    names and bytes given, not on the order of the mapping.
    """
    root = _tree_from_paths(streams)
    entries = _number_entries(root)
    for node in entries[1:]:
        _check_name(node.name)
    _link_siblings(root)

    small = [n for n in entries if not n.is_storage and len(n.data) < MINI_STREAM_CUTOFF]
    large = [n for n in entries if not n.is_storage and len(n.data) >= MINI_STREAM_CUTOFF]

    mini_stream = bytearray()
    mini_fat: list[int] = []
    for node in small:
        count = _sector_count(len(node.data), MINI_SECTOR_SIZE)
        if count:
            mini_fat.extend([_FREESECT] * count)
            node.start = _chain(mini_fat, len(mini_fat) - count, count)
        mini_stream += node.data.ljust(count * MINI_SECTOR_SIZE, b"\x00")

    dir_count = _sector_count(len(entries) * _DIR_ENTRY_SIZE)
    minifat_count = _sector_count(len(mini_fat) * 4)
    ministream_count = _sector_count(len(mini_stream))
    large_counts = [_sector_count(len(n.data)) for n in large]
    payload_count = dir_count + minifat_count + ministream_count + sum(large_counts)
    fat_count = 1
    while fat_count * (SECTOR_SIZE // 4) < fat_count + payload_count:
        fat_count += 1
    if fat_count > _HEADER_DIFAT_SLOTS:
        raise ValueError("compound file too large for a writer without DIFAT sectors (~7 MB)")

    total = fat_count + payload_count
    fat = [_FREESECT] * (fat_count * SECTOR_SIZE // 4)
    for sector in range(fat_count):
        fat[sector] = _FATSECT
    cursor = fat_count
    first_dir = _chain(fat, cursor, dir_count)
    cursor += dir_count
    first_minifat = _chain(fat, cursor, minifat_count)
    cursor += minifat_count
    root.start = _chain(fat, cursor, ministream_count)
    cursor += ministream_count
    for node, count in zip(large, large_counts, strict=True):
        node.start = _chain(fat, cursor, count)
        cursor += count
    assert cursor == total

    directory = bytearray()
    for node in entries:
        if node is root:
            directory += _directory_entry(node, _TYPE_ROOT, root.start, len(mini_stream))
        elif node.is_storage:
            directory += _directory_entry(node, _TYPE_STORAGE, 0, 0)
        else:
            directory += _directory_entry(node, _TYPE_STREAM, node.start, len(node.data))
    while len(directory) % SECTOR_SIZE:
        directory += _UNUSED_ENTRY

    mini_fat += [_FREESECT] * (minifat_count * SECTOR_SIZE // 4 - len(mini_fat))

    def padded(data: bytes) -> bytes:
        return bytes(data).ljust(_sector_count(len(data)) * SECTOR_SIZE, b"\x00")

    parts = [
        _header(list(range(fat_count)), first_dir, first_minifat, minifat_count),
        struct.pack(f"<{len(fat)}I", *fat),
        bytes(directory),
        struct.pack(f"<{len(mini_fat)}I", *mini_fat),
        padded(mini_stream),
        *(padded(node.data) for node in large),
    ]
    return b"".join(parts)
