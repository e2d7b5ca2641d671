"""MS-OVBA 2.4.1 compression: our round trip, oletools' decompressor, and the spec's examples."""
from __future__ import annotations

import random
import struct
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

with warnings.catch_warnings():  # oletools' pyparsing grammar warns about old names on import
    warnings.simplefilter("ignore", DeprecationWarning)
    from oletools.olevba import decompress_stream

from xlsolver.workbook.vba.compression import CHUNK_SIZE, compress, decompress

RAW_CHUNK_HEADER = 0x3FFF

# MS-OVBA 3.2.1 "No Compression Example" and 3.2.2 "Normal Compression Example".
SPEC_EXAMPLES = [
    (b"abcdefghijklmnopqrstuv.",
     "01 19 B0 00 61 62 63 64 65 66 67 68 00 69 6A 6B 6C 6D 6E 6F 70 00 71 72 73 74 75 76 2E"),
    (b"#aaabcdefaaaaghijaaaaaklaaamnopqaaaaaaaaaaaarstuvwxyzaaa",
     "01 2F B0 00 23 61 61 61 62 63 64 65 82 66 00 70 61 67 68 69 6A 01 38 08 61 6B 6C 00 20"
     " 6D 6E 6F 70 06 71 02 70 04 00 72 73 74 75 76 10 77 78 79 7A 00 2C"),
]


def chunk_headers(container: bytes) -> list[int]:
    headers, position = [], 1
    while position < len(container):
        header = struct.unpack_from("<H", container, position)[0]
        headers.append(header)
        position += (header & 0x0FFF) + 3
    assert position == len(container), "chunks must tile the container exactly"
    return headers


def expected_round_trip(data: bytes, container: bytes) -> bytes:
    """What a spec decoder yields: `data`, plus the zero padding of a short raw last chunk.

    A raw chunk always holds 4096 bytes (MS-OVBA 2.4.1.3.10), so when the last chunk
    is short and incompressible the decoded stream is longer than the input.
    """
    if len(data) % CHUNK_SIZE and chunk_headers(container)[-1] == RAW_CHUNK_HEADER:
        return data + bytes(-len(data) % CHUNK_SIZE)
    return data


def assert_round_trip(data: bytes) -> bytes:
    container = compress(data)
    expected = expected_round_trip(data, container)
    assert decompress(container) == expected
    assert decompress_stream(bytearray(container)) == expected
    for header in chunk_headers(container):
        assert (header >> 12) & 0b111 == 0b011
        assert (header & 0x0FFF) + 3 <= 4098
        if not header & 0x8000:
            assert header == RAW_CHUNK_HEADER
    return container


def random_bytes(seed: int, size: int) -> bytes:
    return random.Random(seed).randbytes(size)


VBA_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _.,()=&\"'\r\n\t"
vba_like_text = st.text(alphabet=st.sampled_from(list(VBA_ALPHABET)), max_size=12000).map(
    lambda text: text.encode("ascii"))
repetitive = st.tuples(st.binary(min_size=1, max_size=40), st.integers(1, 1500)).map(
    lambda pair: pair[0] * pair[1])
long_random = st.tuples(st.integers(0, 2**32), st.integers(3 * CHUNK_SIZE, 6 * CHUNK_SIZE)).map(
    lambda pair: random_bytes(*pair))


@pytest.mark.parametrize("data, compressed_hex", SPEC_EXAMPLES)
def test_spec_examples_compress_and_decompress_to_the_documented_bytes(data, compressed_hex):
    documented = bytes.fromhex(compressed_hex)
    assert compress(data) == documented
    assert decompress(documented) == data
    assert decompress_stream(bytearray(documented)) == data


def test_empty_input_is_the_bare_signature_byte():
    assert compress(b"") == b"\x01"
    assert decompress(b"\x01") == b""
    assert decompress_stream(bytearray(b"\x01")) == b""


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300))
def test_round_trip_short_bytes(data):
    assert_round_trip(data)


@settings(max_examples=40, deadline=None)
@given(vba_like_text)
def test_round_trip_text(data):
    assert_round_trip(data)


@settings(max_examples=40, deadline=None)
@given(repetitive)
def test_round_trip_repetitive(data):
    assert_round_trip(data)


@settings(max_examples=15, deadline=None)
@given(long_random)
def test_round_trip_long_random_bytes_over_several_chunks(data):
    assert_round_trip(data)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from([b"Dim i As Long\r\n", b"    Range(\"A1\").Value = ", b"End Sub\r\n",
                                 bytes(range(256)), b"\x00" * 100]), min_size=1, max_size=400))
def test_round_trip_mixed_long_streams(pieces):
    assert_round_trip(b"".join(pieces))


@pytest.mark.parametrize("boundary", [16, 32, 64, 128, 256, 512, 1024, 2048])
@pytest.mark.parametrize("shift", [-1, 0, 1])
def test_copy_tokens_across_every_offset_bit_boundary(boundary, shift):
    """A long repeat starting right at each change of the offset/length bit split."""
    start = boundary + shift
    prefix = random_bytes(boundary, start)
    data = prefix + prefix[: min(start, 300)] + random_bytes(7, 50)
    container = assert_round_trip(data)
    all_literal_size = 1 + 2 + len(data) + -(-len(data) // 8)
    assert len(container) < all_literal_size  # the repeat became copy tokens


def test_repetitive_input_genuinely_shrinks():
    source = b"".join(b"    Cells(%d, 1).Value = \"Row %d\"\r\n" % (i, i) for i in range(400))
    assert len(compress(source)) < len(source) // 3
    assert len(compress(b"a" * 100_000)) < 200


def test_incompressible_full_chunks_are_stored_raw():
    data = random_bytes(1, 2 * CHUNK_SIZE)
    container = assert_round_trip(data)
    assert chunk_headers(container) == [RAW_CHUNK_HEADER, RAW_CHUNK_HEADER]
    assert len(container) == 1 + 2 * (2 + CHUNK_SIZE)


def test_short_incompressible_last_chunk_is_raw_and_padded_as_the_spec_says():
    data = random_bytes(2, CHUNK_SIZE + 4000)
    container = compress(data)
    assert chunk_headers(container)[-1] == RAW_CHUNK_HEADER
    assert decompress(container) == data + bytes(96)
    assert decompress_stream(bytearray(container)) == data + bytes(96)


def test_short_last_chunk_of_text_stays_compressed():
    data = b"x = 1\r\n" * 1000  # 7000 bytes: the last chunk is short and compresses
    container = compress(data)
    assert all(header & 0x8000 for header in chunk_headers(container))
    assert decompress(container) == data


@pytest.mark.parametrize("container, message", [
    (b"", "first byte"),
    (b"\x02\x00\xb0\x00", "first byte"),
    (b"\x01\x00\x90\x00", "signature"),           # chunk signature 0b001
    (b"\x01\x05\xb0\x00a", "past the end"),        # declares more bytes than it has
    (b"\x01\x03\xb0\x02a\x00\x10", "back"),        # copy token reaching before the chunk
    (b"\x01\x00\x30\x00", "raw chunk"),            # raw chunk that is not 4096 bytes
    (b"\x01\x00", "cut off"),
])
def test_decompress_rejects_malformed_containers(container, message):
    with pytest.raises(ValueError, match=message):
        decompress(container)
