"""Challenges of exact-cover families: hints, difficulty grades, and new challenges with one solution.

Written once for every family whose ``read`` returns an :class:`exact.CoverPuzzle`,
in the terms a person types: a *clue* is one option of the solution (a piece, a
digit, a tile) as the letters it puts into the grid (:func:`typed`).  A clue
whose letters are all in the grid is *given*.

- :func:`hint`: the one clue of the unique solution a person would most likely
  place next (it covers the most constrained item: the cell or piece with the
  fewest ways left), as letters to type.
- :func:`grade`: measured figures of a challenge and the difficulty made of them.
- :func:`generate`: a random solution of an empty board, every clue given, then
  clues taken away in random order while the solution stays unique: what is
  left is *minimal* (taking away any given clue lets a second solution in,
  since fewer clues never allow fewer solutions).  Each attempt is a pure
  function of its seed, so a run is reproducible and attempts can run anywhere
  (``xlsolver.cluster``).
"""
from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from importlib import resources

from .. import clock, engine
from ..answer import Answer, Cell, Frame, Status
from ..exact_cover import ExactCover
from . import Ask, Unsupported, exact

Point = tuple[int, int]

#: The booklet's levels, easiest first, and the difficulty at which each one after Starter begins.
#: Calibrated by ``python bench/grades.py``: quintiles of minimal 5 x 11 IQ Puzzler Pro challenges.
LEVELS = ("starter", "junior", "expert", "master", "wizard")
LEVEL_FLOORS = (40.2, 45.0, 48.1, 52.9)


def typed(puzzle: exact.CoverPuzzle, option: int) -> dict[Point, str]:
    """What a person types to give ``option``: grid cell -> character (a tiling piece's letter on each of its
    cells, a sudoku digit, a Ghost Hunter lamp in lower case)."""
    return clues(puzzle, [option])[option]


def clues(puzzle: exact.CoverPuzzle, options: Sequence[int]) -> dict[int, dict[Point, str]]:
    """:func:`typed` for each of ``options``, the puzzle drawn without any of them once."""
    empty = puzzle.text(())

    def cells(option: int) -> dict[Point, str]:
        shown = puzzle.text((option,))
        return {(r, c): ch for r, row in enumerate(shown) for c, ch in enumerate(row)
                if c >= len(empty[r]) or empty[r][c] != ch}

    return {option: cells(option) for option in options}


def is_given(rows: Sequence[str], cells: dict[Point, str]) -> bool:
    """Whether every character of a clue is typed (an upper-case letter in either case)."""
    def at(r: int, c: int) -> str:
        return rows[r][c] if r < len(rows) and c < len(rows[r]) else " "

    return all(at(r, c) == ch or (ch.isupper() and at(r, c).upper() == ch) for (r, c), ch in cells.items())


def overlay(rows: Sequence[str], cells: dict[Point, str]) -> list[str]:
    """``rows`` with ``cells`` typed in (rows and columns added where needed)."""
    grid = [list(row) for row in rows]
    for (r, c), ch in cells.items():
        while len(grid) <= r:
            grid.append([])
        grid[r].extend(" " * (c + 1 - len(grid[r])))
        grid[r][c] = ch
    return ["".join(row) for row in grid]


def unique_solution(puzzle: exact.CoverPuzzle, **controls) -> tuple[tuple[int, ...] | None, bool | None]:
    """The first solution and whether it is the only one (None: stopped before that was decided)."""
    found, result, accepted = exact.find(puzzle, limit=2, **controls)
    if accepted > 1:
        return found[0], False
    return (found[0] if found else None), (accepted == 1 if result.complete else None)


# --- hints ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Hint:
    option: int
    cells: dict[Point, str]  # what to type
    choices: int  # the ways its most constrained item had left


def next_clue(puzzle: exact.CoverPuzzle, solution: Sequence[int]) -> Hint | None:
    """The clue of ``solution`` to place next: the one covering the item with the fewest ways left once the
    given clues are placed (ties: the item declared first); None when every clue is given."""
    rows = puzzle.rows
    typed_by = clues(puzzle, solution)
    given = [o for o in solution if is_given(rows, typed_by[o])]
    if len(given) == len(solution):
        return None
    problem = puzzle.problem
    covered = {i for o in given for i in problem.options[o]}
    ways = Counter(i for items in problem.options if covered.isdisjoint(items) for i in items
                   if i < len(problem.primary))
    by_item = {i: o for o in solution if o not in given for i in problem.options[o]}
    item = min(by_item, key=lambda i: (ways[i], i))
    option = by_item[item]
    return Hint(option, typed_by[option], ways[item])


def hint(puzzle: exact.CoverPuzzle, ask: Ask) -> Answer:
    """One more clue of the unique solution, as letters to type (``data["typed"]``: [row, col, text] each)."""
    solution, verdict = unique_solution(puzzle, time_limit=ask.time_limit, cancel=ask.cancel)
    if solution is None or not verdict:
        if verdict is None:
            interrupted = engine.as_predicate(ask.cancel)()
            why = "interrupted" if interrupted else f"stopped by the {ask.time_limit or 0:g} s time limit"
            return Answer(Status.TIME_LIMIT, f"No hint: {why} before the solution was known to be unique.",
                          messages=["no hint: uniqueness undecided"], data={"typed": []})
        if solution is None:
            why = puzzle.why_none()
            return Answer(Status.NO_SOLUTION, f"No hint: there is no solution ({why}).",
                          messages=[f"no solution: {why}"], data={"typed": []})
        return Answer(Status.NOT_UNIQUE, "No hint: this puzzle has more than one solution; give more pieces first.",
                      messages=["no hint: more than one solution"], data={"typed": []})
    found = next_clue(puzzle, solution)
    if found is None:
        done = "Nothing to hint: the puzzle is complete, and its solution unique."
        return Answer(Status.SOLVED, done, [_marked(puzzle.rows, {})], notes=[done],
                      data={"typed": [], "rows": list(puzzle.rows)})
    letters = "".join(sorted({ch.upper() for ch in found.cells.values()}))
    names = ", ".join(puzzle.cell_name(r, c) for r, c in sorted(found.cells))
    ways = "the only way left" if found.choices == 1 else f"the most constrained move: {found.choices} ways left"
    rows = overlay(puzzle.rows, found.cells)
    message = f"Hint: {letters} at {names} ({ways})."
    return Answer(Status.SOLVED, message, [_marked(rows, found.cells)], notes=[message],
                  data={"typed": [[r, c, ch] for (r, c), ch in sorted(found.cells.items())], "rows": rows,
                        "hint": letters})


HINT_COLOUR = "#ffd966"  # a hint's cells, when the new grid is shown


def _marked(rows: Sequence[str], cells: dict[Point, str]) -> Frame:
    return Frame(tuple(tuple(Cell(ch, HINT_COLOUR if (r, c) in cells else None) for c, ch in enumerate(row))
                       for r, row in enumerate(rows)))


# --- grades -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Grade:
    difficulty: float
    level: str
    given: int  # clues typed in
    to_place: int  # clues left to place
    placements: int  # options still open (the ways to place what is left, each counted once)
    choice_bits: float  # log2 of the placements left per clue, summed over the clues to place
    nodes: int  # search nodes of the fewest-options solver to find the solution and prove it unique
    forced: int  # clues that follow one by one, each the only way left for some item


@cache
def board_floors() -> dict[tuple[str, str], tuple[float, ...]]:
    """(board, piece set) -> its own level floors, from ``data/levels/floors.txt`` (shipped with the package)."""
    text = (resources.files("xlsolver") / "data" / "levels" / "floors.txt").read_text(encoding="utf-8")
    floors = {}
    for line in text.splitlines():
        words = line.split("#", 1)[0].split()
        if words:
            floors[words[0], words[1]] = tuple(float(w) for w in words[2:2 + len(LEVELS) - 1])
    return floors


def level_floors(board: str, pieces: str) -> tuple[float, ...] | None:
    """A board's own level floors, where it has some (None: the 5 x 11 board's, ``LEVEL_FLOORS``)."""
    return board_floors().get((board, pieces))


def level_of(difficulty: float, floors: Sequence[float] = LEVEL_FLOORS) -> str:
    return LEVELS[sum(difficulty >= floor for floor in floors)]


def grade(puzzle: exact.CoverPuzzle, solution: Sequence[int] | None = None) -> Grade:
    """Measure a challenge with a unique solution.  Difficulty = log2(search nodes) + the bits of choice left:
    how much a solver must try, plus how open the board still is.  The nodes alone misorder the booklet's
    samples (Wizard 37 takes fewer than Master 31); the bits order them, and the nodes tell apart minimal
    challenges, which all give few pieces but need from 15 to over 1,000 nodes."""
    if solution is None:
        solution, verdict = unique_solution(puzzle)
        if not verdict:
            raise Unsupported("only a challenge with exactly one solution can be graded")
    problem = puzzle.problem
    typed_by = clues(puzzle, solution)
    given = [o for o in solution if is_given(puzzle.rows, typed_by[o])]
    to_place = [o for o in solution if o not in given]
    covered = {i for o in given for i in problem.options[o]}
    live = [o for o, items in enumerate(problem.options) if covered.isdisjoint(items)]
    bits = _choice_bits(problem, live, to_place)
    nodes = engine.count(problem, limit=1, engine="fewest").nodes  # looks for a second solution: the whole tree
    difficulty = round(math.log2(max(nodes, 1)) + bits, 1)
    level = level_of(difficulty, puzzle.level_floors or LEVEL_FLOORS)
    return Grade(difficulty, level, len(given), len(to_place), len(live), round(bits, 1), nodes,
                 _forced(problem, live, covered))


def _choice_bits(problem: ExactCover, live: list[int], to_place: list[int]) -> float:
    """For each clue to place, log2 of the live options sharing its rarest item: the choices a person faces."""
    ways = Counter(i for o in live for i in problem.options[o])
    return sum(math.log2(max(1, min(ways[i] for i in problem.options[o]))) for o in to_place) + \
        math.log2(max(1, len(live)))


def _forced(problem: ExactCover, live: list[int], covered: set[int]) -> int:
    """How many placements follow from the start by forcing alone (an item with one way left takes it)."""
    covered, live, forced = set(covered), list(live), 0
    primary = len(problem.primary)
    while True:
        ways: dict[int, list[int]] = {}
        for o in live:
            for i in problem.options[o]:
                if i < primary:
                    ways.setdefault(i, []).append(o)
        single = next((w[0] for i, w in sorted(ways.items()) if len(w) == 1 and i not in covered), None)
        if single is None:
            return forced
        forced += 1
        covered |= set(problem.options[single])
        live = [o for o in live if covered.isdisjoint(problem.options[o])]


# --- generating -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Challenge:
    seed: int
    rows: list[str]  # the challenge as typed
    solution: list[str]
    grade: Grade

    def as_data(self) -> dict:
        return {"seed": self.seed, "rows": self.rows, "solution": self.solution, **asdict(self.grade)}


CANDIDATES_PER_SHUFFLE = 200  # a side condition refusing this many in a row: the early choices doom them all
SHUFFLES = 50
RACE_NODES = 4096  # the first turn of each search in ``_raced``


def random_solution(puzzle: exact.CoverPuzzle, rng: random.Random) -> tuple[int, ...] | None:
    """A solution drawn by searching the options in a shuffled order (the side condition's test included).

    Under a side condition, an early choice can doom a whole subtree (RoadBlock's car beside the edge), so
    the options are shuffled again after CANDIDATES_PER_SHUFFLE refused candidates."""
    problem = puzzle.problem
    for _ in range(SHUFFLES if puzzle.accept else 1):
        order = list(range(len(problem.options)))
        rng.shuffle(order)
        shuffled = ExactCover(problem.primary, problem.secondary, branching=problem.branching)
        shuffled.options = [problem.options[i] for i in order]
        shuffled.labels = [problem.labels[i] for i in order]
        if puzzle.accept is None:
            found = _raced(shuffled)
            return None if found is None else tuple(sorted(order[o] for o in found))
        for found in engine.Search(shuffled, limit=CANDIDATES_PER_SHUFFLE, engine="reference"):
            solution = tuple(sorted(order[o] for o in found))
            if puzzle.accept(solution):
                return solution
    return None


def _raced(problem: ExactCover) -> tuple[int, ...] | None:
    """The first solution of ``problem`` found by the plain-Python searches of both rules in turn, each turn
    RACE_NODES times four to the round (a first-item node counted an eighth, being cheaper).  The first-item
    search finds one on a flat board in a few nodes, where on a pyramid it may take millions (15 s of a 22 s
    attempt) that the fewest-options search does without.  Turns end by nodes, not time, so a seed makes the
    same challenge on every machine; a board the first turn solves makes the one it made before the race."""
    budget = RACE_NODES
    while True:
        for rule, share in (("reference", 8), ("fewest", 1)):  # a fewest-options node costs about 8 first-item ones
            spent = []

            def tick(nodes: int, explored: float, final: bool = False) -> bool:
                if nodes >= share * budget and not final:
                    spent.append(nodes)
                    return True
                return False

            for found in engine.ENGINES[rule].solutions(problem, (), tick):
                return found
            if not spent:  # searched to the end: no solution
                return None
        budget *= 4


def attempt(read: Callable[[list[str]], exact.CoverPuzzle], rows: Sequence[str], seed: int,
            read_blank: Callable[[list[str]], exact.CoverPuzzle] | None = None) -> Challenge | None:
    """One challenge from ``seed``: a random solution of the board ``rows`` (its typed cells stay fixed), every
    clue given, then clues taken away in random order while the solution stays the only one.

    ``read_blank`` reads the board before the solution is known, where that differs from a challenge
    (a Ghost Hunter board has no ghosts yet)."""
    rng = random.Random(seed)
    blank = (read_blank or read)(list(rows))
    solution = random_solution(blank, rng)
    if solution is None:
        why = blank.why_none() if blank.accept is None else f"none found in {SHUFFLES} random orders"
        raise Unsupported(f"no challenge can be made on this board: it has no solution ({why})")
    base = overlay(rows, blank.challenge(solution) if blank.challenge else {})
    # the clues as the blank board draws them: a challenge's own marks (ghosts, buildings) are in ``base`` already
    to_give = [cells for cells in clues(blank, solution).values() if not is_given(base, cells)]
    rng.shuffle(to_give)
    kept = list(to_give)
    for clue in to_give:
        trial = [c for c in kept if c is not clue]
        if unique_solution(read(_with(base, trial)))[1]:
            kept = trial
    final = read(_with(base, kept))
    solved, verdict = unique_solution(final)
    if not verdict:
        return None
    return Challenge(seed, _with(base, kept), final.text(solved), grade(final, solved))


def _with(base: Sequence[str], clues: list[dict[Point, str]]) -> list[str]:
    cells: dict[Point, str] = {}
    for clue in clues:
        cells.update(clue)
    return overlay(base, cells)


def attempt_named(family: str, settings: dict, rows: Sequence[str], seed: int) -> Challenge | None:
    """:func:`attempt` for a family named, with plain settings: what a worker process or cluster runs."""
    from . import get

    chosen = get(family)
    blank = chosen.generate.blank
    return attempt(lambda grid: chosen.parse(grid, settings), rows, seed,
                   None if blank is None else lambda grid: blank(grid, settings))


def attempt_job(job: tuple[str, dict, list[str]], seed: int) -> tuple[int, Challenge | None]:
    """``(seed, attempt)`` for ``job`` = (family, settings, rows): what a worker process or a cluster runs."""
    family, settings, rows = job
    return seed, attempt_named(family, settings, rows, seed)


@dataclass(frozen=True)
class Made:
    """How far a generator has got (what its ``progress`` callback receives after each seed or batch)."""

    made: int  # challenges made so far
    wanted: int  # of this many
    seeds: int  # seeds tried so far
    seconds: float

    def line(self) -> tuple[float, float, str]:
        """What a progress bar shows: the share made, the time, how many made of how many seeds."""
        return self.made / max(self.wanted, 1), self.seconds, \
            f"{self.made} of {self.wanted} made, {self.seeds:,} seed{'s' if self.seeds != 1 else ''}"


@dataclass(frozen=True)
class Request:
    count: int = 1
    seed: int = 0
    level: str | None = None
    given: int | None = None  # exactly this many clues given
    time_limit: float | None = None
    cancel: object = None
    scheduler: str | None = None  # a Dask scheduler's address, or "local"
    jobs: int = 1
    progress: Callable[[Made], None] | None = None  # told after each seed (each batch on several processes)
    tries: int = 300  # give up after this many seeds in a row made no challenge wanted (a level a board never makes)


class NotMade(Exception):
    """``Request.tries`` seeds in a row made no challenge wanted; the message says which levels they made."""


def _not_made(request: Request, seed: int, missed: Counter) -> str:
    """Why generating stopped: the seeds tried in a row, what was asked, and what they made instead."""
    asked = " ".join(filter(None, [request.level and request.level.capitalize(),
                                   request.given and f"{request.given}-given"]))
    levels, givens = Counter(), Counter()
    for key, times in missed.items():  # key: (level, pieces given), or None for a seed that made nothing
        if key is not None:
            levels[key[0]] += times
            givens[key[1]] += times
    made = ", ".join(f"{level.capitalize()} {levels[level]}" for level in LEVELS if levels[level]) or "none"
    given = ", ".join(f"{n} given {givens[n]}" for n in sorted(givens))
    return (f"seeds {seed - missed.total()} to {seed - 1} made no {asked or 'minimal'} challenge of this board; "
            f"they made: {made}{f' ({given})' if request.given else ''}")


def wanted(challenge: Challenge | None, request: Request) -> bool:
    return challenge is not None and (request.level is None or challenge.grade.level == request.level) and \
        (request.given is None or challenge.grade.given == request.given)


@dataclass(frozen=True)
class Generator:
    """A family's ``generate``: ``generate(rows, settings, request, run_attempts=None)``."""

    family: str
    blank: Callable[[list[str], dict], exact.CoverPuzzle] | None = None  # see ``attempt``'s ``read_blank``

    def __call__(self, rows: Sequence[str], settings: dict, request: Request,
                 run_attempts: Callable | None = None) -> Iterator[Challenge]:
        return generate(self.family, rows, settings, request, run_attempts)


def generator(family: str, blank: Callable[[list[str], dict], exact.CoverPuzzle] | None = None) -> Generator:
    return Generator(family, blank)


def generate(family: str, rows: Sequence[str], settings: dict, request: Request,
             run_attempts: Callable | None = None) -> Iterator[Challenge]:
    """Challenges for ``request``: seed ``request.seed`` first, then the seeds after it, in seed order.

    ``run_attempts(seeds)`` returns the attempts (:func:`attempt_named`) of a batch of seeds, in order; by
    default they run here one by one.  Taking each batch's results in seed order makes a run on a cluster
    give the same challenges as one here.
    """
    start = clock.now()
    deadline = None if request.time_limit is None else start + request.time_limit
    cancelled = engine.as_predicate(request.cancel)
    rows, settings = list(rows), dict(settings)
    run_attempts = run_attempts or (lambda seeds: [attempt_named(family, settings, rows, s) for s in seeds])
    batch = 1 if request.jobs <= 1 and request.scheduler is None else 4 * max(request.jobs, 2)
    seed, made = request.seed, 0
    missed: Counter = Counter()  # the levels made since the last challenge wanted
    while made < request.count:
        now = clock.now()
        if request.progress is not None:
            request.progress(Made(made, request.count, seed - request.seed, now - start))
        if cancelled() or (deadline is not None and now >= deadline):
            return
        if missed.total() >= request.tries:
            raise NotMade(_not_made(request, seed, missed))
        for challenge in run_attempts(list(range(seed, seed + batch))):
            if wanted(challenge, request) and made < request.count:
                made += 1
                missed.clear()
                yield challenge
            else:
                missed[None if challenge is None else (challenge.grade.level, challenge.grade.given)] += 1
        seed += batch
    if request.progress is not None:
        request.progress(Made(made, request.count, seed - request.seed, clock.now() - start))
