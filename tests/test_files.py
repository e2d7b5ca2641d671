"""Every file the program reads goes through one reader (``files.read_file``): a bad file gets one
line naming it (and the line, for text that is not UTF-8 or a bad header key) and exit code 2."""
from __future__ import annotations

import json

import pytest

from xlsolver.geometry import catalog
from xlsolver.base.files import MAX_TEXT_BYTES, UserError, read_file

from helpers import EXAMPLES

LATIN1 = b"title: caf\xe9\n\nA #ff0000\nA\n"
KNUTH = "| Knuth's example\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n"


def one_clean_line(result, *fragments):
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "internal error" not in lines[0] and "\\udc" not in lines[0], lines
    for fragment in fragments:
        assert fragment in lines[0]
    return lines[0]


def test_the_reader_names_missing_folder_large_binary_and_non_utf8_files(tmp_path):
    cases = {"missing.txt": None, "folder": "dir", "big.txt": b"." * (MAX_TEXT_BYTES + 1),
             "nul.txt": b"..\n.\x00.\n", "latin.txt": b"..\n..\n\xe9\n"}
    said = {}
    for name, data in cases.items():
        path = tmp_path / name
        if data == "dir":
            path.mkdir()
        elif data is not None:
            path.write_bytes(data)
        with pytest.raises(UserError) as err:
            read_file(path)
        said[name] = str(err.value)
    assert said["missing.txt"].endswith("missing.txt': no such file")
    assert said["folder"].endswith("it is a folder, not a file")
    assert "larger than 4.0 MB" in said["big.txt"]
    assert "NUL byte at line 2" in said["nul.txt"]
    assert "not a UTF-8 text file (byte 0xE9 at line 3)" in said["latin.txt"]
    assert read_file(tmp_path / "missing.txt" if False else _bom(tmp_path)) == "A\n"


def _bom(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbfA\n")
    return path


def test_non_utf8_piece_set_puzzle_and_klotski_files_exit_2_naming_the_file(cli, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(LATIN1)
    one_clean_line(cli("solve", "--pieces", str(bad), str(EXAMPLES / "iq-starter-1.txt")),
                   "bad.txt", "byte 0xE9 at line 1")
    one_clean_line(cli("klotski", "solve", "--puzzle", str(bad), str(EXAMPLES / "klotski-hengdaolima.txt")),
                   "bad.txt", "not a UTF-8 text file")
    one_clean_line(cli("solve", "--family", "ghost-hunter", "--pieces", str(bad), str(EXAMPLES / "ghost-hunter-49.txt")),
                   "bad.txt", "byte 0xE9")
    one_clean_line(cli("solve", str(bad)), "bad.txt", "byte 0xE9 at line 1")


def test_a_stray_file_in_a_data_folder_stops_only_what_needs_it(cli, tmp_path):
    (tmp_path / "pieces").mkdir()
    (tmp_path / "pieces" / "stray.txt").write_bytes(LATIN1)
    env = {"XLSOLVER_DATA": str(tmp_path)}
    catalog.piece_sets.cache_clear()
    try:
        one_clean_line(cli("pieces", env=env), "stray.txt", "byte 0xE9 at line 1")
        assert cli("solve", str(EXAMPLES / "pento-6x10-hint.txt"), env=env).returncode == 0
        assert cli("boards", env=env).returncode == 0
        assert cli("klotski", "solve", str(EXAMPLES / "klotski-hengdaolima.txt"), env=env).returncode == 0
    finally:
        catalog.piece_sets.cache_clear()


@pytest.mark.parametrize("text, fragments", [
    ("Title: x\npieces: pentominoes\n\n...\n", ["b.txt:1: unknown header key 'Title'", "did you mean 'title'?",
                                                "title, pieces, known-total, known-distinct"]),
    ("title: x\npeices: pentominoes\n\n...\n", ["b.txt:2: unknown header key 'peices'", "did you mean 'pieces'?"]),
    ("title: x\ntitle: y\npieces: p\n\n...\n", ["b.txt:2: the header gives 'title:' twice"]),
])
def test_unknown_header_keys_name_key_file_line_and_the_keys(tmp_path, text, fragments):
    path = tmp_path / "b.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(catalog.DataFileError) as err:
        catalog.board(str(path))
    for fragment in fragments:
        assert fragment in str(err.value)


def test_a_puzzle_files_header_keys_are_checked_against_its_family(cli, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("peices: pentominoes\n" + (EXAMPLES / "pento-6x10-hint.txt").read_text().split("\n", 1)[1])
    one_clean_line(cli("solve", str(path)), "p.txt:1: unknown header key 'peices'", "did you mean 'pieces'?")
    path.write_text("metric: step\n" + (EXAMPLES / "pento-6x10-hint.txt").read_text().split("\n", 1)[1])
    one_clean_line(cli("solve", str(path)), "'metric:' does not apply to tiling puzzles (it is for klotski)")


def test_solve_finds_a_solution_of_a_dlx_problem(cli, tmp_path):
    path = tmp_path / "knuth.dlx"
    path.write_text(KNUTH)
    result = cli("solve", str(path))
    assert result.returncode == 0 and result.stdout.split("\n")[:3] == ["c e", "a d f", "b g"]
    report = json.loads(cli("solve", str(path), "--unique", "--json").stdout)
    assert report["status"] == "solved" and report["unique"] and report["solution"] == ["c e", "a d f", "b g"]
    none = tmp_path / "none.dlx"
    none.write_text("a b\na\n")
    assert cli("solve", str(none)).returncode == 1
    one_clean_line(cli("solve", str(path), "--pieces", "x"), "--pieces applies to puzzle grids")
    path.write_bytes(b"a b\na \xe9\n")
    one_clean_line(cli("solve", str(path)), "knuth.dlx", "byte 0xE9 at line 2")
