"""The answers of every exact-cover family, written once: solve, Next, Unique?, Count.

A family's ``read`` returns a :class:`CoverPuzzle` (its problem, how to draw a
solution, why there may be none), made by ``cover.puzzle`` from what the family
states; :func:`solve` and :func:`count` are then the family's ``solve`` and
``count`` (``cover.family`` declares them).

Families with a side condition (RoadBlock) give ``accept``: the engine's
candidates are filtered by it, so limits count accepted solutions only.

Declaring a family costs none of the searching: a :class:`CoverPuzzle` is plain data, and the engine,
``counting`` and the solution diagram are imported by the functions that search, count or pick with them,
when first called (a command that only builds its parser, or only solves, does not pay for a count).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..base.a1 import CellNamer
from ..base.a1 import cell_name as a1_cell_name
from ..base.answer import Answer, Status
from . import Ask, Unsupported

if TYPE_CHECKING:  # imported where they search and count (see the module's doc), and draw
    from .. import counting, engine
    from ..base.frames import Frame, Scene, Steps
    from ..engine.exact_cover import ExactCover


@dataclass
class CoverPuzzle:
    """A parsed puzzle of an exact-cover family, ready to search."""

    problem: ExactCover
    text: Callable[[tuple[int, ...]], list[str]]  # a solution as text rows
    frame: Callable[[tuple[int, ...]], Frame]  # a solution as a picture
    why_none: Callable[[], str]  # a plain reason when there is no solution
    colours: dict[str, str] = field(default_factory=dict)
    accept: Callable[[tuple[int, ...]], bool] | None = None
    item_maps: list[list[int]] = field(default_factory=list)  # the puzzle's symmetries, as item maps
    data: dict = field(default_factory=dict)  # figures for the JSON output (the piece set's name...)
    rows: tuple[str, ...] = ()  # the grid as typed (hints are typed into it)
    cell_name: CellNamer = a1_cell_name
    # the cells a challenge marks for a solution before any clue is given (Ghost Hunter's ghosts); None: none
    challenge: Callable[[tuple[int, ...]], dict[tuple[int, int], str]] | None = None
    scene: Callable[[tuple[int, ...]], Scene] | None = None  # a solution as a shape in space (3D puzzles)
    # a solution as several pictures (a 3D puzzle's layers, each captioned); None: the one ``frame``
    frames: Callable[[tuple[int, ...]], list[Frame]] | None = None
    # more JSON figures of a solution, or of none (None given): a 3D puzzle's ``layers``
    figures: Callable[[tuple[int, ...] | None], dict] | None = None
    # do these options stand by themselves (a 3D puzzle: every cell on the floor or on cells among them)?
    # None: any set does (a flat board)
    stands: Callable[[Sequence[int]], bool] | None = None
    # the options of a solution each one rests on (a 3D puzzle; None where nothing rests on anything)
    rests_on: Callable[[Sequence[int]], dict[int, frozenset[int]]] | None = None
    # how a person builds a solution one piece at a time (a 3D puzzle: ``solve --steps``); None: not asked of it
    steps: Callable[[tuple[int, ...]], Steps] | None = None
    # can a solution be built one piece at a time (``count --assemblable``)?  The same for a solution and its
    # images under the puzzle's symmetries.  None: not asked of it
    assemblable: Callable[[tuple[int, ...]], bool] | None = None

    # the grid as typed (a hint's) drawn as one frame, shown as the solutions are (a 3D puzzle: its layers, each
    # captioned, ``views.layers``); None: as it is
    drawn: Callable[[Frame], list[Frame]] | None = None
    # the solution the latest answer showed (``show``): what a family's writer of its own file format writes
    # (``solve --xmpuzzle OUT``)
    shown: tuple[int, ...] | None = None

    def pictures(self, solution: tuple[int, ...]) -> list[Frame]:
        """What an answer shows of a solution: its ``frames``, or its one ``frame``."""
        return [self.frame(solution)] if self.frames is None else self.frames(solution)

    def show(self, answer: Answer, solution: tuple[int, ...], ask: Ask) -> Answer:
        """``answer``, which shows ``solution``, with its shape in space and, asked for, how to build it."""
        self.shown = tuple(solution)
        answer.scene = None if self.scene is None else self.scene(solution)
        if ask.steps and self.steps is not None:
            built = self.steps(solution)
            answer.notes = answer.notes + built.lines
            answer.data.update(built.data)
            answer.steps = built
        return answer


def find(puzzle: CoverPuzzle, *, limit: int | None = None, skip: int = 0, **controls):
    """Up to ``limit`` accepted solutions after the first ``skip``: (solutions, engine result, accepted).

    ``accepted`` counts every accepted solution seen, skipped ones included.
    """
    from .. import engine

    wanted = None if limit is None else skip + limit
    search = engine.Search(puzzle.problem, limit=wanted if puzzle.accept is None else None, **controls)
    found, accepted = [], 0
    for solution in search:
        if puzzle.accept is not None and not puzzle.accept(solution):
            continue
        accepted += 1
        if accepted > skip:
            found.append(solution)
        if wanted is not None and accepted >= wanted:
            break
    result = search.result
    if wanted is not None and accepted >= wanted and result.complete:
        # stopped by our own limit, not the engine's: more may exist
        result = engine.SearchResult(result.solutions, False, Status.LIMIT, result.nodes, result.seconds,
                                     result.explored, result.first, result.engine)
    return found, result, accepted


#: Whether a puzzle has a solution besides its first costs a search for a second: after the first, the search
#: goes on for at most LOOK_FACTOR times the nodes the first took, and at least LOOK_NODES (a few hundredths of a
#: second in Python).  Measured on examples/*.txt and the named boards: every example is decided within
#: 2,740 nodes (sudoku-inkala's proof; the first took 1,492); Bedlam's second solution comes at 171,911 nodes
#: after some 57,000 for the first, 1.0 s after 0.5 s; the 6x10's at 6,811 nodes, 0.09 s in all.  Counted in
#: nodes, the look ends at the same place on any machine.
LOOK_NODES = 10_000
LOOK_FACTOR = 3


def first_and_another(puzzle: CoverPuzzle, **controls):
    """The first accepted solution (a list of none or one), the engine's result, and whether another exists:
    True (found), False (the search ended without one: the first is the only solution), None (the look for it
    stopped at its node budget, the time limit or a cancel: undecided)."""
    from .. import engine

    search = engine.Search(puzzle.problem, limit=2 if puzzle.accept is None else None, **controls)
    found = []
    for solution in search:
        if puzzle.accept is not None and not puzzle.accept(solution):
            continue
        found.append(solution)
        if len(found) == 2:
            break
        search.allow(max(LOOK_NODES, LOOK_FACTOR * search.nodes))
    result = search.result
    if len(found) == 2:
        another = True
        result = engine.SearchResult(result.solutions, False, Status.LIMIT, result.nodes, result.seconds,
                                     result.explored, result.first, result.engine)
    else:
        another = (False if result.complete else None) if found else None
    return found[:1], result, another


def _controls(ask: Ask) -> dict:
    return {"time_limit": ask.time_limit, "cancel": ask.cancel, "engine": ask.engine}


def solve(puzzle: CoverPuzzle, ask: Ask) -> Answer:
    """The solution number ``ask.index`` (wrapping to the first after the last); with ``ask.unique``, also
    whether it is the only one; with ``ask.steps``, how to build it.  A front end with a way to another solution
    (``ask.another``, which the message names) is told of the first solution whether there is another: it is
    looked for within a budget (:func:`first_and_another`), and the message says "the only solution", names the
    way "for another", or says another may exist."""
    if ask.steps and puzzle.steps is None:
        raise Unsupported("--steps builds a 3D answer one piece at a time; this puzzle is flat")
    if ask.unique:
        return _unique(puzzle, ask)
    if ask.ordinal is not None or ask.seed is not None:
        from . import solution_diagram

        return solution_diagram.pick(puzzle, ask)
    index = ask.index
    another = None
    if index == 0 and ask.another:  # a message offers another solution only where one is known to exist
        found, result, another = first_and_another(puzzle, **_controls(ask))
        accepted = len(found)
    else:
        found, result, accepted = find(puzzle, limit=1, skip=index, **_controls(ask))
    wrapped = not found and index > 0 and accepted > 0 and result.complete
    if wrapped:
        found, result, _ = find(puzzle, limit=1, **_controls(ask))
        index = 0
    data = _figures(puzzle, result, found)
    if found:
        if wrapped:
            noun = "solution" if accepted == 1 else "solutions"
            message = f"That was the last of {accepted:,} {noun}; back to the first."
            data["solutions"] = accepted  # all of them: solution ask.index + 1 does not exist
        elif index == 0 and ask.another and another is False:
            message = f"The only solution, found in {result.seconds:.2f} s."
            data["unique"] = True
        else:
            again = {True: f" ({ask.another} for another)", None: f" (another may exist: {ask.another})"}[another] \
                if index == 0 and ask.another else ""
            message = f"Solution {index + 1}{again}, found in {result.seconds:.2f} s."
            if index == 0 and ask.another:
                data["unique"] = False if another else None
        return puzzle.show(Answer(Status.SOLVED, message, puzzle.pictures(found[0]), data=data, index=index),
                           found[0], ask)
    return _unsolved(puzzle, ask, result, data)


def _unsolved(puzzle: CoverPuzzle, ask: Ask, result: engine.SearchResult, data: dict) -> Answer:
    if result.complete:
        why = puzzle.why_none()
        return Answer(Status.NO_SOLUTION, f"No solution: {why}.", messages=[f"no solution: {why}"], data=data)
    if result.stopped == Status.CANCELLED:
        return Answer(Status.CANCELLED, "Interrupted before a solution was found.",
                      messages=["interrupted before a solution was found"], data=data)
    return Answer(Status.TIME_LIMIT, f"Stopped by the {ask.time_limit:g} s time limit before a solution was found "
                                     f"(about {result.explored:.0%} searched).",
                  messages=[f"stopped by the time limit after {result.seconds:.1f} s, no solution found yet"],
                  data=data)


def said_unique(verdict: bool | None, stopped, ask: Ask, noun: str = "solution", counted: str = "",
                images: str = "", nouns: str = "") -> tuple[Status, str, str]:
    """(status, the status line, the command line's line) of a uniqueness check: ``verdict`` True (one), False
    (two at least) or None (stopped: ``stopped`` says how); ``noun`` what is counted (``nouns`` more than one),
    ``counted`` how (", as BurrTools counts"), ``images`` said of the one shown."""
    line = {True: f"the {noun} is unique", False: f"there is more than one {noun}",
            None: "stopped before uniqueness was decided"}[verdict]
    if verdict:
        return Status.SOLVED, f"Unique: exactly one {noun}{counted} (shown{images}).", line
    if verdict is False:
        more = f" ({ask.another} to see more)" if ask.another else ""
        return Status.NOT_UNIQUE, f"Not unique: at least two {nouns or noun + 's'}{counted}{more}.", line
    if stopped == Status.CANCELLED:
        return Status.CANCELLED, "Undecided: one solution found, then interrupted.", line
    limit = f"the {ask.time_limit:g} s time limit" if ask.time_limit else "its limit"
    return Status.TIME_LIMIT, f"Undecided: one solution found, stopped by {limit}. Raise it to decide.", line


def _unique(puzzle: CoverPuzzle, ask: Ask) -> Answer:
    found, result, _ = find(puzzle, limit=2, **_controls(ask))
    verdict = False if len(found) > 1 else (len(found) == 1 if result.complete else None)
    data = {**_figures(puzzle, result, found), "unique": verdict}
    if not found:
        answer = _unsolved(puzzle, ask, result, data)
        if answer.status == Status.NO_SOLUTION:
            answer.message = f"No solution, so not unique: {puzzle.why_none()}."
        elif answer.status == Status.TIME_LIMIT:
            answer.message = f"Undecided: stopped by the {ask.time_limit:g} s time limit. Raise it to decide."
        return answer
    status, message, line = said_unique(verdict, result.stopped, ask)
    return puzzle.show(Answer(status, message, puzzle.pictures(found[0]), messages=[line], data=data),
                       found[0], ask)


def _figures(puzzle: CoverPuzzle, result: engine.SearchResult, found: list) -> dict:
    return {"solution": puzzle.text(found[0]) if found else None, "colours": puzzle.colours,
            "seconds": round(result.seconds, 4), "nodes": result.nodes, "engine": result.engine, **puzzle.data,
            **(puzzle.figures(found[0] if found else None) if puzzle.figures else {})}


def count(puzzle: CoverPuzzle, ask: Ask) -> Answer:
    """Count solutions, and up to the puzzle's symmetry where it has a usable one (``ask.distinct`` reports that
    number).  Symmetry only speeds a plain count up: without a usable group it is counted plainly.  How it is
    counted is ``counting``'s choice; a side condition is counted candidate by candidate.
    With ``ask.frequencies``, counted by the solution diagram, which also says how many solutions hold each option."""
    if ask.frequencies:
        from . import solution_diagram

        return solution_diagram.frequencies(puzzle.problem, ask, puzzle)
    if ask.assemblable:
        return _count_assemblable(puzzle, ask)
    counted = _count(puzzle.problem, ask, symmetries=puzzle.item_maps, accept=puzzle.accept, distinct=ask.distinct)
    if puzzle.accept is not None:
        return _counted(_count_figures(counted, counted.total, ask, candidates=counted.candidates, **puzzle.data), ask)
    return _counted(_symmetric_figures(counted, ask, puzzle.data,
                                       total=counted.total if not ask.distinct or counted.complete else None), ask)


def _count_assemblable(puzzle: CoverPuzzle, ask: Ask) -> Answer:
    """The solutions that can be built one piece at a time, judged one by one (once per orbit of the puzzle's
    symmetries, which carry a buildable solution onto buildable ones)."""
    if puzzle.assemblable is None:
        raise Unsupported("--assemblable counts the 3D answers that can be built one piece at a time; this puzzle "
                          "is flat")
    if puzzle.accept is not None:
        raise Unsupported("--assemblable needs a puzzle without a side condition")
    counted = _count(puzzle.problem, ask, symmetries=puzzle.item_maps, accept=puzzle.assemblable,
                     accept_symmetric=True, distinct=ask.distinct)
    return _counted(_symmetric_figures(counted, ask, puzzle.data, total=counted.total, candidates=counted.candidates,
                                       assemblable=True), ask)


def _symmetric_figures(counted: counting.Counted, ask: Ask, data: dict, **figures) -> dict:
    """The JSON fields of a count made through the puzzle's symmetries: the number asked for (all, or up to
    symmetry with ``ask.distinct``), the other beside it, and ``figures``, then the puzzle's ``data``."""
    return _count_figures(counted, counted.distinct if ask.distinct else counted.total, ask,
                          up_to_symmetry=counted.distinct if counted.group_order > 1 else None,
                          symmetry_group_order=counted.symmetries, distinct=ask.distinct, **figures, **data)


def count_problem(problem: ExactCover, ask: Ask) -> Answer:
    """Count a plain exact-cover problem (no geometry, so no symmetry); with ``ask.frequencies``, by the
    solution diagram."""
    if ask.frequencies:
        from . import solution_diagram

        return solution_diagram.frequencies(problem, ask)
    counted = _count(problem, ask)
    return _counted(_count_figures(counted, counted.total, ask), ask)


def _count(problem: ExactCover, ask: Ask, **what) -> counting.Counted:
    """``problem`` counted as ``ask`` says, by the way ``counting`` chooses; what it cannot count as asked is
    Unsupported."""
    from .. import counting

    controls = counting.Controls(time_limit=ask.time_limit, cancel=ask.cancel, progress=ask.progress)
    request = counting.Request(problem, limit=ask.limit, jobs=ask.jobs, scheduler=ask.scheduler,
                               memory_mb=ask.memory_mb, controls=controls, **what)
    try:
        return counting.count(request)
    except counting.CannotCount as err:
        raise Unsupported(str(err)) from None


def _count_figures(result: counting.Counted, solutions: int, ask: Ask, **figures) -> dict:
    """The JSON fields of a count; ``counter``: the way ``counting`` counted it.

    ``figures`` overrides the plain-count defaults (no symmetry, all solutions told apart).
    """
    return {"solutions": solutions, "complete": result.complete, "stopped": result.stopped, "distinct": False,
            "total": solutions, "up_to_symmetry": None, "symmetry_group_order": 1, "jobs": result.jobs,
            "nodes": result.nodes, "seconds": round(result.seconds, 3), "explored": round(result.explored, 4),
            "engine": result.engine, "counter": result.counter, **figures}


def empty_data(settings) -> dict:
    """What the JSON output says of an invalid puzzle: no solution."""
    return {"solution": None}


def _counted(data: dict, ask: Ask) -> Answer:
    """The count's line for the command line (a note) and for a sheet (the message)."""
    n, complete = data["solutions"], data["complete"]
    noun = "solution" if n == 1 else "solutions"
    kind = " up to symmetry" if data["distinct"] else ""
    if data.get("assemblable"):
        kind += " that can be built one piece at a time"
    line = f"{n:,} {noun}{kind}"
    order = data["symmetry_group_order"]
    if not data["distinct"] and data["up_to_symmetry"] is not None and complete:
        line += f" ({data['up_to_symmetry']:,} up to the {order} symmetries of the board)"
    in_all = f" ({data['total']:,} in all)" if data["distinct"] and complete and data["total"] is not None else ""
    line += in_all  # a distinct count says the total too, as the guide's figures read
    if complete:
        note = f"{line}, complete search in {data['seconds']:.2f} s"
        extra = f" ({data['up_to_symmetry']:,} up to the board's symmetry)" if data["up_to_symmetry"] is not None \
            and not data["distinct"] else in_all
        message = f"{n:,} {noun}{kind}{extra}; complete count in {data['seconds']:.1f} s."
        status = Status.COUNTED
    else:
        stopped = data["stopped"]
        why = {Status.LIMIT: f"--limit {ask.limit} reached" if ask.limit else "the limit reached",
               Status.TIME_LIMIT: f"--time-limit {ask.time_limit or 0:g} reached",
               Status.CANCELLED: "interrupted"}[stopped]
        note = f"at least {line}: incomplete, {why} after {data['seconds']:.2f} s"
        if stopped == Status.LIMIT:
            message = f"At least {n:,} {noun}: stopped at the limit of {ask.limit or n:,} asked for."
        elif stopped == Status.TIME_LIMIT:
            message = (f"At least {n:,} {noun} so far: stopped by the {ask.time_limit or 0:g} s time limit with "
                       f"about {data.get('explored', 0):.0%} searched. Raise the time limit to finish.")
        else:
            message = f"At least {n:,} {noun} so far: interrupted with about {data.get('explored', 0):.0%} searched."
        status = Status.CANCELLED if stopped == Status.CANCELLED else Status.INCOMPLETE
    return Answer(status, message, notes=[note], data=data)
