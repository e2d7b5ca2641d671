"""Assembly steps: every order xlsolver gives is replayed here by the rules as a person states them, written
again in layer/row/column terms (not by xlsolver's lattice): on balls each ball rests on the floor or on the
four balls under it, all placed; on cubes each piece slides in straight from outside the box through no cube
placed.  And the greedy orders are checked to miss no order, against every subset of the pieces."""
from __future__ import annotations

import json
import math
from functools import cache
from itertools import islice
from pathlib import Path

import pytest

from xlsolver import engine, families
from xlsolver.geometry.assembly import FROM, Assembler
from xlsolver.families import Ask, solid
from xlsolver.geometry.lattice import CUBIC, SPHERES

SAMPLES = json.loads((Path(__file__).parent / "data" / "pyramid.json").read_text(encoding="utf-8"))["samples"]
#: Where a piece coming from each side moves, in (layer, row, col) steps.
MOVES = {"above": (-1, 0, 0), "below": (1, 0, 0), "the left": (0, 0, 1), "the right": (0, 0, -1),
         "the back": (0, 1, 0), "the front": (0, -1, 0)}


def rests_on_placed(steps: list[dict]) -> None:
    """Replay ball by ball: each rests on the floor or on four balls already placed (or of its own piece)."""
    placed: set[tuple[int, int, int]] = set()
    for step in steps:
        own = {tuple(cell) for cell in step["cells"]}
        for z, r, c in own:
            under = {(z - 1, r, c), (z - 1, r, c + 1), (z - 1, r + 1, c), (z - 1, r + 1, c + 1)} if z else set()
            assert under <= placed | own, f"{step['piece']}'s ball {(z, r, c)} does not rest on placed balls"
        placed |= own


def slides_in(steps: list[dict], size: tuple[int, int, int]) -> None:
    """Replay cube by cube: each piece comes from outside the box along its axis, meeting no cube placed."""
    placed: set[tuple[int, int, int]] = set()
    axis = {"layer": 0, "row": 1, "column": 2}
    for step in steps:
        move = MOVES[step["from"]]
        assert move[axis[step["axis"]]] != 0, "the axis named is the one it moves along"
        own = [tuple(cell) for cell in step["cells"]]
        for cell in own:
            at = tuple(x - d for x, d in zip(cell, move))
            while all(0 <= x < n for x, n in zip(at, size)):
                assert at not in placed, f"{step['piece']} passes through a placed cube at {at}"
                at = tuple(x - d for x, d in zip(at, move))
        placed |= set(own)


def balances_on_placed(steps: list[dict]) -> None:
    """Replay piece by piece: seen from above, its weight (the mean of its balls' centres) lies within the
    points where it touches the floor or a ball placed: no direction from the weight leaves every contact on
    one side (the widest angle between contacts, seen from the weight, is at most half a turn)."""
    def centre(z, r, c):
        return c + z / 2, r + z / 2

    placed: set[tuple[int, int, int]] = set()
    for step in steps:
        own = {tuple(cell) for cell in step["cells"]}
        weight = tuple(sum(v) / len(own) for v in zip(*(centre(*cell) for cell in own)))
        touches = [centre(*cell) for cell in own if cell[0] == 0]
        for z, r, c in own:
            for under in {(z - 1, r, c), (z - 1, r, c + 1), (z - 1, r + 1, c), (z - 1, r + 1, c + 1)} & placed:
                touches.append(tuple((a + b) / 2 for a, b in zip(centre(z, r, c), centre(*under))))
        angles = sorted(math.atan2(y - weight[1], x - weight[0]) for x, y in touches
                        if math.dist((x, y), weight) > 1e-9)
        at_a_contact = len(angles) < len(touches)
        gaps = [b - a for a, b in zip(angles, angles[1:])] + [2 * math.pi - angles[-1] + angles[0]] if angles else []
        assert at_a_contact or (gaps and max(gaps) <= math.pi + 1e-9), f"{step['piece']} would tip over"
        placed |= own


def solve_steps(rows: list[str], settings: dict) -> dict:
    family = families.get("solid")
    answer = family.solve(family.parse(rows, settings), Ask(steps=True))
    assert answer.status == "solved"
    return answer.data


@pytest.mark.parametrize("sample", SAMPLES, ids=[s["name"] for s in SAMPLES])
def test_the_booklet_samples_steps_rest_each_ball_on_balls_placed_the_given_pieces_first(sample):
    rows = solid.text_rows(sample["layers"])
    data = solve_steps(rows, {"board": "pyramid", "pieces": "iq-puzzler-pro"})
    steps = data["steps"]
    if sample["name"] == "81":
        assert (data["rule"], data["assemblable"]) == ("rests", True)
        rests_on_placed(steps)
    else:  # two pieces hold each other up: no order rests every ball on four placed, one balances each piece
        assert (data["rule"], data["assemblable"]) == ("balances", False)
        with pytest.raises(AssertionError):
            rests_on_placed(steps)
        balances_on_placed(steps)
    given = {ch for rows_ in sample["layers"] for row in rows_ for ch in row if ch != "."}
    assert [s["piece"] for s in steps[:len(given)]] == sorted(given, key=[s["piece"] for s in steps].index)
    assert {s["piece"] for s in steps[:len(given)]} == given, "the given pieces come first"
    solved = {(z, r, c): ch for z, layer in enumerate(sample["solution"]) for r, row in enumerate(layer)
              for c, ch in enumerate(row)}
    assert {tuple(cell): s["piece"] for s in steps for cell in s["cells"]} == solved, "the steps build the answer"


@pytest.mark.parametrize("board, size", [("soma", 3), ("bedlam", 4)])
def test_a_soma_and_a_bedlam_answer_are_built_by_straight_slides(board, size):
    data = solve_steps(solid.empty_board(board)[0], {"board": board})
    assert data["assemblable"] is True
    slides_in(data["steps"], (size,) * 3)
    assert sum(len(s["cells"]) for s in data["steps"]) == size ** 3


def test_a_piece_shut_in_cannot_be_built_and_the_answer_says_so(cli, tmp_path):
    """The centre cube of a 3 x 3 x 3 box, its 26 neighbours one piece: neither can go in last."""
    shell = frozenset(CUBIC.box(3, 3, 3)) - {(1, 1, 1)}
    pieces = {"S": shell, "X": frozenset({(1, 1, 1)})}
    assert Assembler(CUBIC, CUBIC.box(3, 3, 3)).order(pieces) is None
    pieces_file = tmp_path / "shut.txt"
    pieces_file.write_text("title: shut in\nlattice: cubic\n\nS #2f6fd6 blue\nSSS\nSSS\nSSS\n/\nSSS\nS.S\nSSS\n/\n"
                           "SSS\nSSS\nSSS\n\nX #e3262f red\nX\n", encoding="utf-8")
    puzzle = tmp_path / "box.txt"
    puzzle.write_text(f"family: solid\nboard: 3x3x3\npieces: {pieces_file}\n\n" + "\n\n".join(["...\n...\n..."] * 3))
    done = cli("solve", str(puzzle), "--steps", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["steps"], data["assemblable"]) == (None, False)
    text = cli("solve", str(puzzle), "--steps")
    assert "that answer cannot be assembled one piece at a time" in text.stdout


def test_a_given_piece_that_rests_on_a_piece_to_place_goes_in_after_it():
    """Challenge 81's answer with every piece given but E, on which the given I rests: the given pieces cannot
    all come first; the order says so, places I after E, and rests every ball."""
    sample = next(s for s in SAMPLES if s["name"] == "81")
    layers = [["".join("." if ch == "E" else ch for ch in row) for row in layer] for layer in sample["solution"]]
    data = solve_steps(solid.text_rows(layers), {"board": "pyramid", "pieces": "iq-puzzler-pro"})
    order = [step["piece"] for step in data["steps"]]
    assert data["rule"] == "rests" and order.index("E") < order.index("I")
    rests_on_placed(data["steps"])
    family = families.get("solid")
    answer = family.solve(family.parse(solid.text_rows(layers), {"board": "pyramid"}), Ask(steps=True))
    assert any("the given pieces cannot all go in first" in line for line in answer.notes)


def subset_order_exists(pieces: dict, can_go_in) -> bool:
    """Is there any order? Over every subset of pieces placed (2^n of them), by the rule ``can_go_in``."""
    letters = sorted(pieces)

    @cache
    def reachable(placed: frozenset) -> bool:
        if len(placed) == len(letters):
            return True
        return any(reachable(placed | {p}) for p in letters if p not in placed and can_go_in(p, placed))
    return reachable(frozenset())


def _solutions(board: str, pieces: str, many: int) -> tuple[list[dict], object]:
    puzzle = families.get("solid").parse(solid.empty_board(board)[0], {"board": board, "pieces": pieces})
    found = [dict(puzzle.problem.labels[o] for o in s) for s in islice(engine.Search(puzzle.problem), many)]
    return found, puzzle


def greedy_agrees_with_every_subset(pieces: dict) -> bool:
    """Balls: the greedy order's verdict is the subsets' (any order at all); returns the verdict."""
    position = SPHERES.position
    owner = {position(c): p for p, cs in pieces.items() for c in cs}
    needs = {p: {owner[u] for z, r, c in map(position, cs) if z
                 for u in ((z - 1, r, c), (z - 1, r, c + 1), (z - 1, r + 1, c), (z - 1, r + 1, c + 1))} - {p}
             for p, cs in pieces.items()}
    expected = subset_order_exists(pieces, lambda p, placed: needs[p] <= placed)
    assert Assembler(SPHERES, SPHERES.pyramid()).possible(pieces) == expected
    return expected


def test_on_balls_the_greedy_order_finds_one_exactly_when_some_order_exists():
    """The booklet's three answers: 81 can be built so, 93 and 105 cannot."""
    verdicts = {}
    for sample in SAMPLES:
        pieces: dict = {}
        for z, layer in enumerate(sample["solution"]):
            for r, row in enumerate(layer):
                for c, ch in enumerate(row):
                    pieces.setdefault(ch, set()).add(SPHERES.cell(z, r, c))
        verdicts[sample["name"]] = greedy_agrees_with_every_subset({p: frozenset(cs) for p, cs in pieces.items()})
    assert verdicts == {"81": True, "93": False, "105": False}


@pytest.mark.slow
def test_on_balls_the_greedy_order_agrees_with_every_subset_on_40_kanoodle_fillings():
    found, _ = _solutions("pyramid", "kanoodle", 40)
    assert {greedy_agrees_with_every_subset(pieces) for pieces in found} == {True, False}


def test_on_cubes_the_greedy_order_finds_one_exactly_when_some_order_exists():
    found, _ = _solutions("bedlam", "bedlam", 12)
    assembler = Assembler(CUBIC, CUBIC.box(4, 4, 4))
    for pieces in found:
        cells = {p: {CUBIC.position(c) for c in cs} for p, cs in pieces.items()}

        def can_go_in(p, placed, cells=cells):
            others = set().union(*(cells[q] for q in placed))
            for move in MOVES.values():
                def clear(cell):
                    at = tuple(x - d for x, d in zip(cell, move))
                    while all(0 <= x < 4 for x in at):
                        if at in others:
                            return False
                        at = tuple(x - d for x, d in zip(at, move))
                    return True
                if all(clear(cell) for cell in cells[p]):
                    return True
            return False
        assert assembler.possible(pieces) == subset_order_exists(cells, can_go_in)


def test_count_assemblable_counts_the_buildable_soma_solutions_and_up_to_symmetry():
    family = families.get("solid")
    puzzle = family.parse(solid.empty_board("soma")[0], {"board": "soma"})
    every = family.count(puzzle, Ask(assemblable=True))
    assert (every.data["solutions"], every.data["up_to_symmetry"], every.data["candidates"]) == (11520, 240, 11520)
    distinct = family.count(puzzle, Ask(assemblable=True, distinct=True))
    assert (distinct.data["solutions"], distinct.data["total"]) == (240, 11520)
    assert "built one piece at a time" in distinct.notes[0]


def test_count_assemblable_leaves_out_the_fillings_that_cannot_be_built():
    """Challenge 93's answer cannot be built so; with only its flat bottom pieces given, the count judges each
    filling (by the symmetry plan's orbits) as one by one, and leaves that one out."""
    sample = next(s for s in SAMPLES if s["name"] == "93")
    bottom = sample["solution"][0]
    flat = {ch for ch in "".join(bottom)} - {ch for layer in sample["solution"][1:] for ch in "".join(layer)}
    layers = [["".join(ch if ch in flat else "." for ch in row) for row in bottom]] + \
        [["." * (5 - z)] * (5 - z) for z in range(1, 5)]
    family = families.get("solid")
    challenge = family.parse(solid.text_rows(layers), {"board": "pyramid", "pieces": "iq-puzzler-pro"})
    counted = family.count(challenge, Ask(assemblable=True))
    plain = family.count(challenge, Ask())
    judged = [Assembler(SPHERES, SPHERES.pyramid()).possible(dict(challenge.problem.labels[o] for o in s))
              for s in engine.Search(challenge.problem)]
    assert counted.data["solutions"] == sum(judged)
    assert counted.data["candidates"] == plain.data["solutions"] == len(judged)
    assert not all(judged), "93's own answer is among them, and cannot be built so"


def test_steps_and_assemblable_on_a_flat_puzzle_are_refused_in_one_line(cli):
    done = cli("solve", "examples/iq-starter-1.txt", "--steps")
    assert done.returncode == 2 and "--steps" in done.stderr and "Traceback" not in done.stderr
    done = cli("count", "--board", "6x10", "--assemblable")
    assert done.returncode == 2 and "--assemblable" in done.stderr and "Traceback" not in done.stderr


def test_the_slide_words_are_the_six_ways_in():
    assert set(FROM.values()) == set(MOVES)
