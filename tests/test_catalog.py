"""Piece sets and boards are data files; a new one needs no code."""
from __future__ import annotations

import json
import re

import pytest

from xlsolver.geometry.lattice import HEX, SQUARE, TRIANGLE
from xlsolver import Search
from xlsolver.geometry import catalog
from xlsolver.families import tiling
from xlsolver.geometry.catalog import DataFileError, parse_board, parse_piece_set
from helpers import run_xlsolver


def test_shipped_piece_sets(iq_facts, pento_facts):
    pento = catalog.piece_set("pentominoes")
    assert list(pento.pieces) == list("FILNPTUVWXYZ") and pento.area == 60 and pento.turn_over
    for letter, rows in pento_facts["pieces"].items():
        cells = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "1"}
        assert set(pento.pieces[letter].cells) == cells
    iq = catalog.piece_set("iq-puzzler-pro")
    assert list(iq.pieces) == list("ABCDEFGHIJKL") and iq.area == 55
    for letter, fact in iq_facts["pieces"].items():
        assert iq.pieces[letter].size == fact["balls"]
        assert iq.pieces[letter].colour_name == fact["colour"].split(" /")[0]
    for piece in list(pento.pieces.values()) + list(iq.pieces.values()):
        assert re.fullmatch(r"#[0-9a-f]{6}", piece.colour)


def test_shipped_boards_fit_their_piece_sets():
    names = set(catalog.boards())
    assert {"6x10", "5x12", "4x15", "3x20", "scott", "iq5x11", "iqdiamond"} <= names
    for board in catalog.boards().values():
        assert len(board.cells) == catalog.piece_set(board.pieces).area, board.name
    assert catalog.board("scott").rows[3] == "...##..."


@pytest.mark.parametrize("lattice", [SQUARE, TRIANGLE, HEX], ids=lambda lattice: lattice.name)
def test_the_sets_a_grid_may_be_taken_for_are_read_from_headers_as_from_whole_files(lattice):
    """``grid_piece_sets`` parses only the files whose header says they may be chosen by a grid on the lattice:
    the same sets, the same objects, as every set parsed and filtered."""
    every = catalog.piece_sets().values()
    whole = [s for s in every if s.chosen_by_grid and s.lattice is lattice]
    assert whole and [id(s) for s in catalog.grid_piece_sets(lattice)] == [id(s) for s in whole]


def test_choosing_a_set_by_grid_reads_no_set_of_another_lattice(tmp_path, monkeypatch):
    """A broken hexagon set does not stop a square grid's choice (it stops what reads it)."""
    (tmp_path / "pieces").mkdir()
    (tmp_path / "pieces" / "broken-hexes.txt").write_text("lattice: hex\n\nA #ff0000\nA A\n\nB #00ff00\nB . . B\n",
                                                         encoding="utf-8")
    monkeypatch.setenv("XLSOLVER_DATA", str(tmp_path))
    assert "pentominoes" in {s.name for s in catalog.grid_piece_sets(SQUARE)}
    with pytest.raises(DataFileError, match="broken-hexes.txt:6: piece B is not connected"):
        catalog.grid_piece_sets(HEX)


def test_a_grid_is_named_by_the_board_of_its_own_set_first_every_board_read_only_as_needed(tmp_path, monkeypatch):
    """``tiling.board_named``: of two boards with the same cells, the one whose header names the grid's piece set;
    a broken board file it never reaches leaves the name found, one it reads leaves the grid unnamed, not unread."""
    def named(rows, pieces):
        return tiling.board_named(tiling.parse(rows, catalog.piece_set(pieces)))

    iq_rows, strip = tiling.empty_board_rows(catalog.board("iq5x11")), ["." * 30] * 2
    (tmp_path / "boards").mkdir()
    monkeypatch.setenv("XLSOLVER_DATA", str(tmp_path))
    (tmp_path / "boards" / "iq-twin.txt").write_text("pieces: pentominoes\n\n" + "\n".join(iq_rows) + "\n",
                                                   encoding="utf-8")
    (tmp_path / "boards" / "strip.txt").write_text("pieces: pentominoes\n\n" + "\n".join(strip) + "\n",
                                                 encoding="utf-8")
    assert named(iq_rows, "iq-puzzler-pro") == "iq5x11"  # its own set's board first
    assert named(strip, "pentominoes") == "strip"
    (tmp_path / "boards" / "broken.txt").write_text("pieces: pentominoes\n\n..\n.#x\n", encoding="utf-8")
    assert named(iq_rows, "iq-puzzler-pro") == "iq5x11"  # the pentomino boards never read
    assert named(strip, "pentominoes") is None  # read before "strip", and broken


def test_diamond_board_matches_the_published_mask(iq_facts):
    mask = iq_facts["boards"]["diamond55"]["mask_rows"]
    expected = {(r, c) for r, row in enumerate(mask) for c, ch in enumerate(row) if ch == "#"}
    assert catalog.board("iqdiamond").cells == expected and len(expected) == 55


@pytest.mark.parametrize("text, message", [
    ("title x\n\nA #ffffff\nA\n", r"x.txt:1: expected 'key: value'"),
    ("title: x\n\nA red\nA\n", r"x.txt:3: a piece starts with 'LETTER #rrggbb"),
    ("title: x\n\nA #ffffff\nA.A\n", r"x.txt:3: piece A is not connected"),
    ("title: x\n\nA #ffffff\nA\n\nA #000000\nAA\n", r"x.txt:6: piece A is drawn twice"),
    ("title: x\n\nA #ffffff\nAB\n", r"x.txt:4: piece A is drawn with 'B'"),
    ("turn-over: maybe\n\nA #ffffff\nA\n", "expected yes or no"),
])
def test_bad_piece_files_name_file_and_line(text, message):
    with pytest.raises(DataFileError, match=message):
        parse_piece_set(text, "x", "x.txt")


@pytest.mark.parametrize("text, message", [
    ("title: b\n\n...\n", "needs 'pieces: NAME'"),
    ("pieces: p\n\n.x.\n", r"b.txt:3: a board is drawn with"),
    ("pieces: p\n\n###\n", "no cells"),
    ("pieces: p\nknown-total: lots\n\n...\n", "whole number"),
])
def test_bad_board_files_name_file_and_line(text, message):
    with pytest.raises(DataFileError, match=message):
        parse_board(text, "b", "b.txt")


def test_unknown_names_list_the_choices():
    with pytest.raises(DataFileError, match="unknown board '7x7'; choose from .*6x10"):
        catalog.board("7x7")
    with pytest.raises(DataFileError, match="cannot read piece set file"):
        catalog.piece_set("missing.txt")


def test_a_new_piece_set_and_board_need_only_data_files(tmp_path):
    """Trominoes on a 3x4 board, added through XLSOLVER_DATA, solved by the real command.

    A smoke test in a real process: a fresh one reads XLSOLVER_DATA, whatever this one has cached.
    """
    (tmp_path / "pieces").mkdir()
    (tmp_path / "boards").mkdir()
    (tmp_path / "pieces" / "trominoes.txt").write_text(
        "title: straight and bent trominoes, two of each\nturn-over: yes\n\n"
        "I #ff0000\nIII\n\nJ #00ff00\nJJJ\n\nL #0000ff\nLL\nL.\n\nM #ffff00\nMM\nM.\n", encoding="utf-8")
    (tmp_path / "boards" / "square12.txt").write_text(
        "title: 3 x 4 rectangle\npieces: trominoes\n\n....\n....\n....\n", encoding="utf-8")
    env = {"XLSOLVER_DATA": str(tmp_path)}
    listed = run_xlsolver("boards", env=env)
    assert "square12: 3 x 4 rectangle" in listed.stdout
    assert "trominoes" in run_xlsolver("pieces", env=env).stdout
    counted = run_xlsolver("count", "--board", "square12", "--json", env=env)
    assert counted.returncode == 0, counted.stderr
    # an independent figure: every tiling of the 12-cell board by the four pieces
    board = parse_board((tmp_path / "boards" / "square12.txt").read_text(), "square12")
    pieces = parse_piece_set((tmp_path / "pieces" / "trominoes.txt").read_text(), "trominoes")
    puzzle = tiling.parse(tiling.empty_board_rows(board), pieces)
    plain = sum(1 for _ in Search(tiling.encode(puzzle)))
    assert json.loads(counted.stdout)["solutions"] == plain > 0
    assert len(SQUARE.symmetries(board.cells)) == 4
