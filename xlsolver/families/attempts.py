"""One attempt at a new challenge: what one seed makes (:mod:`.generating` runs the seeds).

An attempt is a pure function of its seed, so a run is reproducible and attempts can run anywhere (other
processes, ``xlsolver.counting.cluster``).  It draws a random solution of the board and gives its clues as a booklet
gives them (:func:`given_sets`: pieces from one side of the board; on a 3D board, pieces that stand by
themselves), trying the counts of pieces the level gives (``levels``), in a random order, until a challenge
has one solution and the grader puts it at that level.  Where a count leaves several solutions, the
solution diagram (``engine.diagram``) says at once which one more piece, anywhere, leaves exactly one: a
Wizard of two pieces on the 5 x 11 board, which a random solution hardly ever holds, is found that way.

``minimal`` is the old way, for designers: every clue given, then clues taken away in random order while
the solution stays the only one, until none can go (fewer clues never allow fewer solutions).
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from functools import cache

from .. import engine
from ..engine import diagram
from ..engine.exact_cover import ExactCover
from . import Unsupported, exact, grading, levels
from .challenges import Point, clues, is_given, overlay, typed, with_clues
from .levels import LEVELS

Clue = dict[Point, str]


@dataclass(frozen=True)
class Target:
    """What an attempt aims at: a level, a count of pieces given (fewest, most), or a minimal challenge."""

    level: str | None = None
    given: tuple[int, int] | None = None  # None: the level's (every count, without a level)
    minimal: bool = False


@dataclass(frozen=True)
class Challenge:
    seed: int
    rows: list[str]  # the challenge as typed
    solution: list[str]
    grade: grading.Grade

    def as_data(self) -> dict:
        return {"seed": self.seed, "rows": self.rows, "solution": self.solution, **asdict(self.grade)}


CANDIDATES_PER_SHUFFLE = 200  # a side condition refusing this many in a row: the early choices doom them all
SHUFFLES = 50
#: Pieces tried as the last one given, at one count of pieces, where the pieces before it leave several solutions.
LAST_PIECES = 6


def random_solution(puzzle: exact.CoverPuzzle, rng: random.Random) -> tuple[int, ...] | None:
    """A solution drawn by searching the options in a shuffled order (the side condition's test included).

    The fewest-options search finds one in a few nodes on a flat board and in thousands on a pyramid (where
    the first-item search may take millions); it runs compiled where that pays, with the same answer.
    Under a side condition an early choice can doom a whole subtree (RoadBlock's car beside the edge), so the
    options are shuffled again after CANDIDATES_PER_SHUFFLE refused candidates."""
    problem = puzzle.problem
    for _ in range(SHUFFLES if puzzle.accept else 1):
        order = list(range(len(problem.options)))
        rng.shuffle(order)
        shuffled = ExactCover(problem.primary, problem.secondary, branching=problem.branching)
        shuffled.options = [problem.options[i] for i in order]
        shuffled.labels = [problem.labels[i] for i in order]
        if puzzle.accept is None:
            shuffled.branching = "fewest"
            found = grading.fewest_search(shuffled, (), limit=1).first
            return None if found is None else tuple(sorted(order[o] for o in found))
        for found in engine.Search(shuffled, limit=CANDIDATES_PER_SHUFFLE, engine="reference"):
            solution = tuple(sorted(order[o] for o in found))
            if puzzle.accept(solution):
                return solution
    return None


def attempt(read: Callable[[list[str]], exact.CoverPuzzle], rows: Sequence[str], seed: int, target: Target = Target(),
            read_blank: Callable[[list[str]], exact.CoverPuzzle] | None = None) -> Challenge | None:
    """One challenge from ``seed`` on the board ``rows`` (its typed cells stay fixed), or None.

    ``read_blank`` reads the board before the solution is known, where that differs from a challenge
    (a Ghost Hunter board has no ghosts yet)."""
    rng = random.Random(seed)
    if target == Target():  # no level, no count of pieces asked for: the seed draws a level
        target = Target(rng.choice(LEVELS))
    blank = (read_blank or read)(list(rows))
    if blank.problem.multiplicities:  # the grading's open problems and diagram take each piece once
        raise Unsupported("new challenges are made with sets whose pieces are used once each; this puzzle has "
                          "piece counts (or use: any)")
    for _ in range(DRAWS if blank.rests_on is not None and not target.minimal else 1):
        solution = random_solution(blank, rng)
        if solution is None:
            why = blank.why_none() if blank.accept is None else f"none found in {SHUFFLES} random orders"
            raise Unsupported(f"no challenge can be made on this board: it has no solution ({why})")
        base = overlay_marks(rows, blank, solution)
        # the clues as the blank board draws them: a challenge's own marks (ghosts, buildings) are in ``base``
        to_give = [(option, cells) for option, cells in clues(blank, solution).items() if not is_given(base, cells)]
        typed_already = len(solution) - len(to_give)
        if target.minimal:
            removal = [cells for _, cells in to_give]
            rng.shuffle(removal)
            found = _minimal(read, base, removal)
        else:
            found = _aimed(read, base, given_sets(to_give, rng, blank, solution), len(solution), typed_already,
                           target, blank, rng)
        if found is not NO_SET:
            break
    if found is None or found is NO_SET:
        return None
    puzzle, measured, grade = found
    return Challenge(seed, list(puzzle.rows), puzzle.text(measured.solution), grade)


def overlay_marks(rows: Sequence[str], blank: exact.CoverPuzzle, solution: tuple[int, ...]) -> list[str]:
    """The board with the marks a challenge shows for this solution before any clue (Ghost Hunter's ghosts)."""
    return overlay(rows, blank.challenge(solution) if blank.challenge else {})


Found = tuple[exact.CoverPuzzle, grading.Measured, grading.Grade]


def _minimal(read, base, to_give: list[Clue]) -> Found | None:
    """Every clue given, then clues taken away in the order given while the solution stays the only one."""
    kept = list(to_give)
    for clue in to_give:
        trial = [c for c in kept if c is not clue]
        if _unique(read(with_clues(base, trial))) is not None:
            kept = trial
    puzzle = read(with_clues(base, kept))
    measured = _unique(puzzle)
    return None if measured is None else (puzzle, measured, grading.grade(puzzle, measured))


NO_SET = object()  # no set of clues at any count asked for stands: draw another solution


def _aimed(read, base, sets, total: int, typed_already: int, target: Target, blank, rng: random.Random
           ) -> Found | None:
    """The first challenge that gives a count of pieces in the target's range (the counts in a random order), has
    one solution and has the target's level: the clues given as :func:`given_sets` lays them, and where a count
    of them leaves several solutions, one more piece that leaves exactly one (NO_SET: no set of clues to try)."""
    scale = levels.for_puzzle(blank, total)
    wanted = None if target.level is None else LEVELS.index(target.level)
    fewest, most = target.given or (scale.level(target.level).given if target.level else (0, total))
    counts = list(range(max(fewest, typed_already), min(most, total - 1) + 1))
    rng.shuffle(counts)  # each count of the range in turn, the first drawn: challenges give all the booklet's counts
    if not any(sets(count - typed_already) or sets(count - typed_already - 1) for count in counts):
        return NO_SET
    for count in counts:
        for found in _with_count(read, base, sets(count - typed_already), sets(count - typed_already - 1)):
            if wanted is None or LEVELS.index(found[2].level) == wanted:
                return found
    return None


def _with_count(read, base, sets: list[list[Clue]], smaller: list[list[Clue]]) -> Iterator[Found]:
    """Challenges giving one of ``sets`` of clues, then (where none has one solution) one of the ``smaller``
    sets and one more piece (any that leaves one solution: the solution diagram's, else the solution's own
    next clues), a piece for each smaller set."""
    unique = False
    for given in sets:
        puzzle = read(with_clues(base, given))
        measured = _unique(puzzle)
        if measured is not None and _stands(puzzle, measured):
            unique = True
            yield puzzle, measured, grading.grade(puzzle, measured)
    if unique:
        return
    for given in smaller:
        before = read(with_clues(base, given))
        others = [clue for clue in sets[0] if clue not in given] if sets else []
        for clue in _last_pieces(before, others):
            puzzle = read(with_clues(base, given + [clue]))
            measured = _unique(puzzle)
            if measured is not None and _stands(puzzle, measured):
                yield puzzle, measured, grading.grade(puzzle, measured)
                return


def _stands(puzzle: exact.CoverPuzzle, measured: grading.Measured) -> bool:
    return puzzle.stands is None or puzzle.stands(measured.given)


def _last_pieces(puzzle: exact.CoverPuzzle, rest: list[Clue]) -> list[Clue]:
    """Clues that, typed into ``puzzle``, leave exactly one solution: by the solution diagram of what the
    puzzle leaves open (every option held by exactly one of its solutions), the ones nearest the sweep first;
    where the diagram does not apply (too wide, a side condition), the clues of ``rest`` to try."""
    if puzzle.accept is not None:
        return rest[:LAST_PIECES]
    given = grading.given_options(puzzle)
    sub, kept = grading.open_problem(puzzle.problem, given)
    try:
        held = diagram.build(sub).frequencies()
    except (diagram.Refused, engine.TooBig, MemoryError):
        return rest[:LAST_PIECES]
    ones = [kept[o] for o, times in held.items() if times == 1 and o < len(kept) - len(given)]
    if puzzle.stands is not None:
        ones = [o for o in ones if puzzle.stands(list(given) + [o])]
    wanted = [typed(puzzle, o) for o in ones]
    rank = {frozenset(clue): i for i, clue in enumerate(rest)}
    wanted.sort(key=lambda clue: rank.get(frozenset(clue), len(rest)))
    return wanted[:LAST_PIECES]


def _unique(puzzle: exact.CoverPuzzle) -> grading.Measured | None:
    try:
        return grading.measure(puzzle)
    except Unsupported:
        return None


#: Sets of clues tried at one count on a 3D board (those that stand, nearest the sweep's side first).
SETS_PER_COUNT = 4
#: A 3D solution of at most this many pieces has every set of them that stands listed (2**N sets at most).
LISTED_PIECES = 16
#: Random solutions drawn by one attempt on a 3D board, until one has sets that stand at the counts wanted.
DRAWS = 24
#: Directions a flat board's clues are given from, each a set to try at every count.
SWEEPS = 3


def _same(clues: list[Clue], others: list[Clue]) -> bool:
    return {id(c) for c in clues} == {id(c) for c in others}


def given_sets(to_give: list[tuple[int, Clue]], rng: random.Random, blank: exact.CoverPuzzle,
               solution: Sequence[int]) -> Callable[[int], list[list[Clue]]]:
    """``sets(k)``: the sets of ``k`` clues to try giving, best first (each count's worked out once).  On a flat board one: the first ``k`` in
    :func:`sweep` order.  On a 3D board the given pieces must stand by themselves (a child places them first;
    every challenge of the IQ Puzzler Pro pyramid booklet does), and most random solutions of the pyramid
    cannot be put together one piece at a time, so no one order gives a set that stands at every count:
    every set that stands is listed instead (``rests_on``), those nearest one side of the sweep first."""
    clues_only = [cells for _, cells in to_give]
    order = sweep(clues_only, rng)
    if blank.rests_on is None or len(to_give) > LISTED_PIECES:
        orders = [order] + [sweep(clues_only, rng) for _ in range(SWEEPS - 1)]

        def prefixes(k: int) -> list[list[Clue]]:
            found: list[list[Clue]] = []
            for each in orders:
                if 0 <= k <= len(each) and not any(_same(each[:k], other) for other in found):
                    found.append(each[:k])
            return found

        return cache(prefixes)
    option_of = {id(clue): option for option, clue in to_give}
    options = [option_of[id(clue)] for clue in order]
    bit = {option: 1 << i for i, option in enumerate(options)}
    fixed = set(solution) - set(options)  # typed before: what every set stands on too
    rests = blank.rests_on(solution)
    needs = [sum(bit[o] for o in rests[option] if o not in fixed) for option in options]
    by_size: dict[int, list[int]] = {}
    for mask in range(1 << len(options)):
        if all(not mask >> i & 1 or not need & ~mask for i, need in enumerate(needs)):
            by_size.setdefault(mask.bit_count(), []).append(mask)

    def sets(k: int) -> list[list[Clue]]:
        masks = sorted(by_size.get(k, []), key=lambda m: sum(i for i in range(len(order)) if m >> i & 1))
        return [[clue for i, clue in enumerate(order) if m >> i & 1] for m in masks[:SETS_PER_COUNT]]

    return cache(sets)


def sweep(to_give: list[Clue], rng: random.Random) -> list[Clue]:
    """The clues in the order a booklet gives them: by their place along a random direction across the
    board, so what is given is one side of it and what is left one open region."""
    angle = rng.uniform(0, 2 * math.pi)
    across, down = math.cos(angle), math.sin(angle)
    return sorted(to_give, key=lambda clue: sum(r * down + c * across for r, c in clue) / len(clue))
