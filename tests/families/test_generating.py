"""New challenges at a level (families/generating.py) and booklets of them (families/booklet_maker.py, `xlsolver
booklet`): each challenge checked from its text alone, by the family's own count, not by the generator."""
from __future__ import annotations

import json

import pytest

from xlsolver import families
from xlsolver.families import Ask, generating, grading, levels
from xlsolver.geometry.lattice import SPHERES

LEVELS = levels.LEVELS


def solutions(family: str, rows: list[str], settings: dict) -> int:
    chosen = families.get(family)
    return chosen.count(chosen.parse(rows, settings), Ask(limit=2)).data["solutions"]


def made(family: str, board: str, level: str, seed: int = 0, count: int = 1) -> list[generating.Challenge]:
    chosen = families.get(family)
    rows, settings = chosen.board(board)
    return list(chosen.generate(rows, settings, generating.Request(count, seed, level)))


def check(family: str, board: str, challenge: generating.Challenge) -> None:
    """One solution, the level asked for, and as many pieces given as the board's booklet gives at that level."""
    chosen = families.get(family)
    rows, settings = chosen.board(board)
    assert solutions(family, challenge.rows, settings) == 1, challenge.rows
    regraded = grading.grade(chosen.parse(challenge.rows, settings))
    assert regraded == challenge.grade
    scale = levels.scale(board, settings.get("pieces") or chosen.parse(rows, settings).data["pieces"],
                         regraded.given + regraded.to_place)
    low, high = scale.level(regraded.level).given
    assert low <= regraded.given <= high, (regraded.level, regraded.given)


@pytest.mark.parametrize("level", LEVELS)
def test_a_5x11_challenge_of_each_level_gives_the_booklets_pieces_and_has_one_solution(level):
    challenge, = made("tiling", "iq5x11", level)
    assert challenge.grade.level == level
    check("tiling", "iq5x11", challenge)


def test_the_same_seed_makes_the_same_challenge_and_given_asks_for_a_count():
    first = made("tiling", "iq5x11", "master", seed=3)
    assert [c.rows for c in made("tiling", "iq5x11", "master", seed=3)] == [c.rows for c in first]
    tiling = families.get("tiling")
    rows, settings = tiling.board("6x10")
    seven, = tiling.generate(rows, settings, generating.Request(given=7))
    assert seven.grade.given == 7 and solutions("tiling", seven.rows, settings) == 1


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_a_pyramid_challenge_of_each_level_stands_and_gives_the_booklets_pieces(level):
    """Given pieces stand by themselves (every ball on the floor or on four given balls), as in every challenge of
    the IQ Puzzler Pro pyramid booklet: checked here from the text, by the lattice, not by the generator."""
    for challenge in made("solid", "pyramid", level):
        assert challenge.grade.level == level
        check("solid", "pyramid", challenge)
        layers, z, r = {}, 0, 0
        for row in challenge.rows:
            if not row.strip():
                z, r = z + 1, 0
                continue
            for c, ch in enumerate(row):
                if ch != ".":
                    layers[SPHERES.cell(z, r, c)] = ch
            r += 1
        assert SPHERES.stands(layers, SPHERES.pyramid())


@pytest.mark.slow
@pytest.mark.parametrize("family, board", [("tiling", "iqdiamond"), ("tiling", "kanoodle"), ("solid", "soma"),
                                           ("tiling", "6x10"), ("calendar", "calendar")])
def test_other_boards_make_their_levels_too(family, board):
    for level in ("starter", "wizard"):
        challenge, = made(family, board, level)
        assert challenge.grade.level == level
        check(family, board, challenge)


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
def test_a_booklet_on_the_command_line_numbers_its_challenges_by_level_and_reads_back(cli, tmp_path):
    pypdf = pytest.importorskip("pypdf")
    out = tmp_path / "booklet.pdf"
    result = cli("booklet", "--board", "iq5x11", "--per-level", "1", "-o", str(out), "--json", "--seed", "7")
    data = json.loads(result.stdout)
    assert result.returncode == 0, result.stderr
    challenges = data["challenges"]
    assert [c["number"] for c in challenges] == [1, 2, 3, 4, 5] and [c["level"] for c in challenges] == list(LEVELS)
    assert solutions("tiling", challenges[-1]["text"].splitlines(), {"pieces": "iq-puzzler-pro"}) == 1
    reader = pypdf.PdfReader(str(out))
    assert len(reader.pages) == data["pages"]
    for c in challenges:
        page = reader.pages[c["page"] - 1].extract_text()
        assert f"Challenge {c['number']}" in page and c["level"].capitalize() in page
    assert "Solutions" in reader.pages[-1].extract_text()


@pytest.mark.slow
def test_a_booklet_is_reproducible_by_its_seed_to_the_byte(cli, tmp_path):
    first, again = tmp_path / "first.pdf", tmp_path / "again.pdf"
    for out in (first, again):
        assert cli("booklet", "--board", "iq5x11", "--per-level", "1", "-o", str(out), "--seed", "7").returncode == 0
    assert again.read_bytes() == first.read_bytes()


@pytest.mark.slow
def test_a_pyramid_booklet_draws_each_challenge_as_its_layers(cli, tmp_path):
    pypdf = pytest.importorskip("pypdf")
    out = tmp_path / "pyramid.pdf"
    result = cli("booklet", "--board", "pyramid", "--per-level", "1", "-o", str(out), "--json")
    data = json.loads(result.stdout)
    assert result.returncode == 0 and [c["level"] for c in data["challenges"]] == list(LEVELS)
    text = pypdf.PdfReader(str(out)).pages[data["challenges"][0]["page"] - 1].extract_text()
    assert all(f"layer {z}" in text for z in range(1, 6))


def test_a_booklet_refuses_a_family_that_makes_no_challenges(cli, tmp_path):
    result = cli("booklet", str(tmp_path / "none.txt"), "--family", "klotski", "-o", str(tmp_path / "x.pdf"))
    assert result.returncode == 2 and not (tmp_path / "x.pdf").exists()


def test_a_booklet_stopped_by_its_time_limit_writes_nothing_and_says_so(cli, tmp_path, step_clock):
    out = tmp_path / "booklet.pdf"
    result = cli("booklet", "--board", "iq5x11", "--per-level", "2", "-o", str(out), "--time-limit", "0.05")
    assert result.returncode == 5 and not out.exists()
    assert result.stderr.strip() == "xlsolver: no booklet written: --time-limit 0.05 reached"
