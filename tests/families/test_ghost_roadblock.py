"""Ghost Hunter and RoadBlock: exact cover with extra items, optional pieces and a side condition."""
from __future__ import annotations

import json

import pytest

from xlsolver import Search
from xlsolver.families import InvalidPuzzle, ghost_hunter, roadblock
from xlsolver import families
from xlsolver.families.exact import find
from helpers import EXAMPLES, load_facts

GHOST = load_facts("ghost_hunter.json")
ROAD = load_facts("roadblock.json")


def level_49() -> tuple[list[str], list[str]]:
    """The data's level 49 on our grid (row 1 at the top; the data counts rows from the bottom)."""
    example = GHOST["examples"][0]
    grid = [["."] * 4 for _ in range(4)]
    for row, col in example["ghosts_row_col"]:
        grid[4 - row][col - 1] = "G"
    solution = [["."] * 4 for _ in range(4)]
    for tile, ids in example["solution_cell_ids"].items():
        for i in ids:
            solution[4 - ((i - 1) // 4 + 1)][(i - 1) % 4] = tile
    for tile, ids in example["solution_lamps"].items():
        for i in ids:
            solution[4 - ((i - 1) // 4 + 1)][(i - 1) % 4] = tile.lower()
    return ["".join(r) for r in grid], ["".join(r) for r in solution]


def test_ghost_tiles_match_the_published_coordinates():
    tiles = ghost_hunter.tiles()
    assert list(tiles.pieces) == list("ABCDEF") and not tiles.turn_over
    for letter, fact in GHOST["tiles"].items():
        drawn = {(r, c, ch) for r, row in enumerate(fact["rows"]) for c, ch in enumerate(row) if ch != "."}
        assert {(r, c, "L" if m == "L" else "O") for (r, c), m in tiles.pieces[letter].marked().items()} == drawn
        assert sum(m == "L" for m in tiles.pieces[letter].marks) == fact["lamps"]


def test_level_49_has_exactly_its_recorded_solution():
    rows, solution = level_49()
    assert rows == [row for row in (EXAMPLES / "ghost-hunter-49.txt").read_text().split()]
    prepared = families.get("ghost-hunter").parse(rows)
    found, result, accepted = find(prepared, limit=2)
    assert (accepted, result.complete) == (1, True)
    assert prepared.text(found[0]) == solution
    # every ghost item is covered by exactly one lamp: the encoding itself says so
    problem = prepared.problem
    assert sum(1 for name in problem.primary if name.startswith("ghost@")) == 6


def test_ghost_levels_with_mistakes_name_cells():
    with pytest.raises(InvalidPuzzle, match=r"A1:D4: 5 ghosts are marked \(D1, A2, B2, D2, A3\); a level has 6"):
        ghost_hunter.parse(["...G", "GG.G", "G...", "...."])
    with pytest.raises(InvalidPuzzle, match="B4: 'Q' is not a tile"):
        ghost_hunter.parse(["...G", "GG.G", "G...", ".Q.G"])
    with pytest.raises(InvalidPuzzle, match="A2: tile F cannot lie on A2"):  # F has no lamp to put on a ghost
        ghost_hunter.parse(["...G", "fG.G", "G...", ".G.."])
    with pytest.raises(InvalidPuzzle, match=r"A1:C4: a level is 4 x 4 cells"):
        ghost_hunter.parse(["...", "...", "...", "..."])


def test_a_ghost_no_lamp_can_reach_is_named():
    # F lies on B1-C1 and E's straight side on A2-A3: no tile can reach the corner ghost A1
    prepared = families.get("ghost-hunter").parse(["GFF.", "EG.G", "E.G.", ".G.G"])
    found, result, _ = find(prepared, limit=1)
    assert not found and result.complete
    assert prepared.why_none() == "no tile can put a lamp on the ghost at A1"


@pytest.mark.parametrize("index", range(5))
def test_each_roadblock_sample_has_exactly_its_recorded_solution(index):
    instance = ROAD["sample_instances"][index]
    prepared = families.get("roadblock").parse(instance["layout"])
    found, result, accepted = find(prepared)
    assert (accepted, result.complete) == (1, True)
    assert prepared.text(found[0]) == instance["solution"]
    assert result.solutions > 1, "the side condition really removes candidates"


def test_roadblock_pieces_are_the_editions_and_one_sided():
    pieces = roadblock.pieces()
    police = {k: v for k, v in ROAD["police_tiles"].items()}
    for letter, rows in {**police, **ROAD["buildings"]}.items():
        drawn = {(r, c, ch) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}
        assert {(r, c, m) for (r, c), m in pieces.pieces[letter].marked().items()} == drawn
    assert not pieces.turn_over


def test_a_car_on_the_edge_always_escapes():
    layout = list(ROAD["sample_instances"][0]["layout"])
    layout[3] = "X.E..."  # the red car moved from D4 to the left edge
    prepared = families.get("roadblock").parse(layout)
    found, result, accepted = find(prepared)
    assert not found and result.complete and accepted == 0
    assert prepared.why_none() == "every way to fill the board lets a car reach the edge"


def test_escape_check_follows_roads_only():
    instance = ROAD["sample_instances"][0]
    prepared = families.get("roadblock").parse(instance["layout"])
    candidates = list(Search(prepared.problem))
    escaping = [s for s in candidates if not prepared.accept(s)]
    assert escaping, "some fillings let the car out"
    board = roadblock.marks(prepared.problem, escaping[0])
    # follow the roads by hand from the car: an edge cell must be reachable
    car = next(cell for cell, mark in board.items() if mark == "X")
    reach, frontier = {car}, [car]
    while frontier:
        r, c = frontier.pop()
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nxt not in reach and board.get(nxt) == "R":
                reach.add(nxt)
                frontier.append(nxt)
    assert any(r in (0, 5) or c in (0, 5) for r, c in reach)


def test_advanced_play_places_the_green_car_with_optional_pieces(cli, tmp_path):
    """An edition with a two-cell building J makes room for the green car: the solver places it."""
    from importlib import resources

    text = (resources.files("xlsolver") / "data" / "roadblock" / "pieces.txt").read_text()
    edition = tmp_path / "two-cell-j.txt"
    edition.write_text(text.replace("J #8c8c8c building required\nB\nB\nB", "J #8c8c8c building optional\nB\nB"))
    layout = ["......", "..SSS.", "..S...", "..EX..", "..EW..", ".EEWW."]
    report = json.loads(cli("solve", "-", "--family", "roadblock", "--mode", "advanced", "--unique",
                            "--pieces", str(edition), "--json", stdin="\n".join(layout)).stdout)
    assert report["status"] == "solved" and report["unique"] is True
    assert report["solution"] == ["lLJJRR", "LISSSR", "LiSYCr", "TIEXcC", "TtEWDD", "TEEWWd"]  # Y found at D3
    assert roadblock_trapped_both_cars(report["solution"])
    easy_only = cli("solve", "-", "--family", "roadblock", "--json", stdin="\n".join(
        ["......", "..SSS.", "..S...", "..EXY.", "..EW..", ".EEWW."]))
    assert "'Y' is not a piece in this game" in json.loads(easy_only.stdout)["messages"][0]


def test_command_line_for_both_families(cli):
    ghost = cli("solve", str(EXAMPLES / "ghost-hunter-49.txt"), "--family", "ghost-hunter", "--json")
    report = json.loads(ghost.stdout)
    assert ghost.returncode == 0 and report["status"] == "solved" and report["solution"][0] == "AABb"
    road = cli("count", str(EXAMPLES / "roadblock-1.txt"), "--family", "roadblock", "--json")
    counted = json.loads(road.stdout)
    assert (counted["solutions"], counted["complete"]) == (1, True) and counted["candidates"] == 2
    bad = cli("solve", "-", "--family", "ghost-hunter", stdin="...G\nGG.G\nG...\n....\n")
    assert bad.returncode == 2 and bad.stderr.startswith("xlsolver: A1:D4: 5 ghosts are marked")


def roadblock_trapped_both_cars(rows: list[str]) -> bool:
    """Independent check on a printed solution: neither car reaches the edge over road (upper-case tile) cells."""
    roads = set("RLCDTI")
    for start in [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "XY"]:
        seen, frontier = {start}, [start]
        while frontier:
            r, c = frontier.pop()
            if r in (0, 5) or c in (0, 5):
                return False
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if (nr, nc) not in seen and 0 <= nr < 6 and 0 <= nc < 6 and rows[nr][nc] in roads:
                    seen.add((nr, nc))
                    frontier.append((nr, nc))
    return True


def test_advanced_play_is_refused_for_the_shipped_edition_with_a_way_out(cli):
    """The shipped pieces fill the 36 cells with the red car alone (21 + 14 + 1), and its police tiles
    (4 4 4 3 3 3 cells) never sum to the 20 that would leave room for Y: advanced play cannot succeed."""
    pieces = roadblock.pieces()
    assert sum(p.size for p in pieces.pieces.values() if p.letter != "Y") == 36
    police = [p.size for p in pieces.pieces.values() if "police" in p.words]
    from itertools import combinations
    assert 20 not in {sum(c) for k in range(len(police) + 1) for c in combinations(police, k)}
    result = cli("solve", str(EXAMPLES / "roadblock-1.txt"), "--family", "roadblock", "--mode", "advanced")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ("xlsolver: --mode: advanced play adds the green car Y, and the shipped pieces have no "
                             "room for it (they fill the board with the red car alone); play easy, or give an "
                             "edition with room for Y with --pieces FILE\n")
    assert "piece file" not in result.stderr and "edit " not in result.stderr
    header = cli("solve", "-", "--family", "roadblock", stdin="mode: advanced\n" + (EXAMPLES / "roadblock-1.txt").read_text())
    assert header.returncode == 2 and header.stderr.startswith("xlsolver: the 'mode:' line: advanced play adds")


def test_the_sheet_offers_easy_play_only():
    spec = roadblock.sheets()[0].areas[0]
    assert spec.cells == () and "Y" not in spec.letters
    assert all("Y" not in "".join(frame.text_rows()) for frame in roadblock.legend({}))


def test_an_edition_that_cannot_fill_the_board_is_named_without_asking_to_edit_installed_files(cli, tmp_path):
    from importlib import resources

    text = (resources.files("xlsolver") / "data" / "roadblock" / "pieces.txt").read_text()
    edition = tmp_path / "short.txt"
    edition.write_text(text.replace("J #8c8c8c building required\nB\nB\nB", "J #8c8c8c building required\nB\nB"))
    result = cli("solve", "-", "--family", "roadblock", "--pieces", str(edition), stdin="......\n" * 6)
    assert result.returncode == 2
    assert result.stderr == ("xlsolver: A1:F6: the board has 36 cells, and in easy play this edition's pieces cover "
                             "35: it cannot fill the board in easy play\n")


@pytest.mark.parametrize("row, message", [
    ("..eX..", "C4: 'e' in lower case marks a police car, and building E has none; write E"),
    ("..Ex..", "D4: 'x' in lower case marks a police car, and car X has none; write X"),
])
def test_lower_case_building_or_car_is_named_as_such(row, message):
    layout = list(ROAD["sample_instances"][0]["layout"])
    layout[3] = row
    with pytest.raises(InvalidPuzzle) as raised:
        families.get("roadblock").parse(layout)
    assert raised.value.messages == [message]
    # lower case on a police tile is its police car, still accepted
    layout[3] = "..EX.."
    layout[1] = "i.SSS."
    assert families.get("roadblock").parse(layout)


def test_lower_case_j_on_the_command_line(cli):
    grid = (EXAMPLES / "roadblock-1.txt").read_text().replace("JJJ", "jJJ", 1)
    result = cli("solve", "-", "--family", "roadblock", stdin=grid)
    assert result.returncode == 2 and "'j' in lower case marks a police car, and building J has none; write J" \
        in result.stderr and "do not fit" not in result.stderr
