"""MS-OVBA 2.4.1 compression: the LZ77 variant VBA uses for the `dir` and module streams.

A CompressedContainer is the signature byte 0x01 followed by chunks. Each chunk
encodes 4096 bytes of input (the last one fewer) behind a 2-byte header:

    bits 0-11  chunk size in bytes, header included, minus 3
    bits 12-14 signature 0b011
    bit  15    1 = token sequences follow, 0 = a raw chunk of exactly 4096 bytes

Token sequences are a flag byte then up to eight tokens: a literal byte (flag bit 0)
or a 2-byte copy token (flag bit 1) holding offset-1 in its high bits and length-3
in its low bits. How many bits go to the offset grows with the position inside the
chunk (at least 4, at most 12), so the decoder and the encoder must agree on
`_offset_bits`. Copies never reach back past the start of their chunk.
"""
from __future__ import annotations

__all__ = ["compress", "decompress"]

CHUNK_SIZE = 4096
_SIGNATURE = 0x01
_CHUNK_SIGNATURE = 0b011
_COMPRESSED_FLAG = 0x8000
_RAW_CHUNK_HEADER = (_CHUNK_SIGNATURE << 12) | (CHUNK_SIZE + 2 - 3)  # 0x3FFF
_MIN_MATCH = 3
_MAX_CANDIDATES = 256  # how far down a hash chain to look; bounds the time per byte


def _offset_bits(position_in_chunk: int) -> int:
    """Bits a copy token spends on the offset at this position (MS-OVBA 2.4.1.3.19.1)."""
    return max((position_in_chunk - 1).bit_length(), 4)


def _max_length(position_in_chunk: int) -> int:
    return (0xFFFF >> _offset_bits(position_in_chunk)) + _MIN_MATCH


def _common_length(data: bytes, earlier: int, here: int, limit: int) -> int:
    """Length of the common run at `earlier` and `here`, capped at `limit`.

    The runs may overlap (earlier + length > here): the decoder copies byte by byte,
    so comparing the original data is exactly the condition it needs.
    """
    length = 0
    step = 64  # compare slices first: far faster than byte by byte in Python
    while length + step <= limit and (
        data[earlier + length:earlier + length + step] == data[here + length:here + length + step]
    ):
        length += step
    while length < limit and data[earlier + length] == data[here + length]:
        length += 1
    return length


class _MatchFinder:
    """Hash chains over 3-byte prefixes of one chunk: the longest earlier match, nearest on ties."""

    def __init__(self, chunk: bytes) -> None:
        self._chunk = chunk
        self._chains: dict[bytes, list[int]] = {}

    def remember(self, start: int, stop: int) -> None:
        chunk = self._chunk
        for position in range(start, min(stop, len(chunk) - _MIN_MATCH + 1)):
            self._chains.setdefault(chunk[position:position + _MIN_MATCH], []).append(position)

    def longest(self, position: int) -> tuple[int, int]:
        """(length, offset) of the best match for `position`, length 0 when none reaches 3."""
        chunk = self._chunk
        limit = min(_max_length(position), len(chunk) - position)
        if limit < _MIN_MATCH:
            return 0, 0
        chain = self._chains.get(chunk[position:position + _MIN_MATCH])
        best_length, best_start = 0, 0
        if chain:
            for candidate in reversed(chain[-_MAX_CANDIDATES:]):
                length = _common_length(chunk, candidate, position, limit)
                if length > best_length:
                    best_length, best_start = length, candidate
                    if length == limit:
                        break
        if best_length < _MIN_MATCH:
            return 0, 0
        return best_length, position - best_start


def _copy_token(position: int, length: int, offset: int) -> bytes:
    shift = 16 - _offset_bits(position)
    return (((offset - 1) << shift) | (length - _MIN_MATCH)).to_bytes(2, "little")


def _token_sequences(chunk: bytes) -> bytes:
    """The chunk as flag bytes and tokens (greedy parse, MS-OVBA 2.4.1.3.8)."""
    finder = _MatchFinder(chunk)
    out = bytearray()
    position = 0
    while position < len(chunk):
        flag_at = len(out)
        out.append(0)
        flags = 0
        for bit in range(8):
            if position >= len(chunk):
                break
            length, offset = finder.longest(position)
            if length:
                out += _copy_token(position, length, offset)
                flags |= 1 << bit
            else:
                length = 1
                out.append(chunk[position])
            finder.remember(position, position + length)
            position += length
        out[flag_at] = flags
    return bytes(out)


def _compress_chunk(chunk: bytes) -> bytes:
    """One chunk with its header; raw when the tokens would not fit in 4096 bytes.

    A raw chunk always carries 4096 bytes, so a short last chunk is padded with
    zeros (MS-OVBA 2.4.1.3.10) and then decompresses longer than its input. That
    only happens for a last chunk of more than 3640 bytes that holds almost no
    repeats, which VBA source never is.
    """
    tokens = _token_sequences(chunk)
    if len(tokens) <= CHUNK_SIZE:
        header = _COMPRESSED_FLAG | (_CHUNK_SIGNATURE << 12) | (len(tokens) + 2 - 3)
        return header.to_bytes(2, "little") + tokens
    return _RAW_CHUNK_HEADER.to_bytes(2, "little") + chunk.ljust(CHUNK_SIZE, b"\x00")


def compress(data: bytes) -> bytes:
    """A CompressedContainer holding `data` (MS-OVBA 2.4.1.3.6)."""
    data = bytes(data)
    out = bytearray([_SIGNATURE])
    for start in range(0, len(data), CHUNK_SIZE):
        out += _compress_chunk(data[start:start + CHUNK_SIZE])
    return bytes(out)


def _decompress_tokens(tokens: bytes, out: bytearray) -> None:
    """Append what one compressed chunk's token sequences encode (MS-OVBA 2.4.1.3.2)."""
    chunk_start = len(out)
    current = 0
    while current < len(tokens):
        flags = tokens[current]
        current += 1
        for bit in range(8):
            if current >= len(tokens):
                break
            if not (flags >> bit) & 1:
                out.append(tokens[current])
                current += 1
                continue
            if current + 2 > len(tokens):
                raise ValueError("copy token cut off at the end of a chunk")
            token = int.from_bytes(tokens[current:current + 2], "little")
            current += 2
            position = len(out) - chunk_start
            shift = 16 - _offset_bits(position)
            offset = (token >> shift) + 1
            length = (token & (0xFFFF >> (16 - shift))) + _MIN_MATCH
            if offset > position:
                raise ValueError(f"copy token reaches {offset} bytes back, only {position} in this chunk")
            source = len(out) - offset
            for index in range(source, source + length):
                out.append(out[index])


def decompress(container: bytes) -> bytes:
    """The bytes a CompressedContainer encodes (MS-OVBA 2.4.1.3.1); strict about framing."""
    container = bytes(container)
    if not container or container[0] != _SIGNATURE:
        raise ValueError("not a CompressedContainer: the first byte must be 0x01")
    out = bytearray()
    position = 1
    while position < len(container):
        if position + 2 > len(container):
            raise ValueError("chunk header cut off")
        header = int.from_bytes(container[position:position + 2], "little")
        if (header >> 12) & 0b111 != _CHUNK_SIGNATURE:
            raise ValueError(f"bad chunk signature in header {header:#06x} at byte {position}")
        end = position + (header & 0x0FFF) + 3
        if end > len(container):
            raise ValueError(f"chunk at byte {position} runs past the end of the container")
        body = container[position + 2:end]
        if header & _COMPRESSED_FLAG:
            _decompress_tokens(body, out)
        elif len(body) != CHUNK_SIZE:
            raise ValueError(f"raw chunk at byte {position} holds {len(body)} bytes, not 4096")
        else:
            out += body
        position = end
    return bytes(out)
