"""What the solution diagram answers for any exact-cover puzzle: solution K in a fixed order, a random
solution, and how many solutions hold each option, drawn as a heat map on the board.

``exact.solve`` and ``exact.count`` hand a request here when it asks for these (``Ask.ordinal``,
``Ask.seed``, ``Ask.frequencies``); the diagram itself is ``engine/diagram.py``.  A puzzle with a side
condition (``accept``: the diagram's paths are the engine's candidates, not the accepted ones) or with
Knuth's colours is refused in one line (Unsupported), as is a diagram past the memory limit.

The heat map: each cell shows the piece (the letter an option writes there) that lies on it in most
solutions, its fill that piece's colour, strong where nearly every solution puts that piece there and
pale where the cell is open to many: which piece goes where, and how tightly the board pins it, in one
picture.  A second picture gives the share in per cent.
"""
from __future__ import annotations

import random
from collections import Counter

from ..base import clock
from ..base.answer import Answer, Cell, Frame, Status
from ..engine import as_predicate, diagram
from ..engine.exact_cover import ExactCover
from . import Ask, Unsupported

FAINTEST = 0.2  # the fill's strength for a share near 0 (1: the piece's own colour, at a share of 1)


def build(problem: ExactCover, ask: Ask, accept=None) -> diagram.Diagram:
    """The diagram of ``problem`` within the ask's memory, time limit and cancel; Unsupported where it
    cannot answer (a side condition ``accept``, colours, too big), in one line."""
    if accept is not None:
        raise Unsupported("this puzzle has a side condition that the solution diagram cannot honour; "
                          "ask for solutions one by one instead")
    if problem.coloured:
        raise Unsupported("the solution diagram does not take Knuth's colours; ask for solutions one by one instead")
    if problem.multiplicities:
        raise Unsupported("the solution diagram does not take pieces with counts (items with bounds); ask for "
                          "solutions one by one instead")
    cancelled, started = as_predicate(ask.cancel), clock.now()

    def stop() -> bool:
        return cancelled() or (ask.time_limit is not None and clock.now() - started > ask.time_limit)

    try:
        return diagram.build(problem, memory_mb=ask.memory_mb or diagram.DEFAULT_MEMORY_MB, stop=stop)
    except diagram.TooBig as err:
        raise Unsupported(f"{err}; raise it, or count without it") from None
    except diagram.Refused as err:
        raise Unsupported(str(err)) from None


def pick(puzzle, ask: Ask) -> Answer:
    """Solution number ``ask.ordinal`` (from 0) in the diagram's fixed order, or with ``ask.seed`` one drawn
    uniformly at random (and its number), as ``exact.solve`` answers a solution."""
    started = clock.now()
    try:
        found = build(puzzle.problem, ask, puzzle.accept)
    except diagram.Stopped:
        return _stopped(ask, started)
    total = found.total
    if total == 0:
        why = puzzle.why_none()
        return Answer(Status.NO_SOLUTION, f"No solution: {why}.", messages=[f"no solution: {why}"],
                      data=_data(puzzle, None, total, clock.now() - started, found))
    if ask.seed is not None:
        solution = found.sample(random.Random(ask.seed))
        number = found.rank(solution)
        what = f"Drawn at random (seed {ask.seed}): solution {number + 1:,} of {total:,} in the fixed order"
    else:
        number = ask.ordinal
        if number >= total:
            noun = "solution" if total == 1 else "solutions"
            why = f"no solution {number + 1:,}: there {'is' if total == 1 else 'are'} {total:,} {noun}"
            return Answer(Status.NO_SOLUTION, why[0].upper() + why[1:] + ".", messages=[why],
                          data={**_data(puzzle, None, total, clock.now() - started, found)})
        solution = found.solution(number)
        what = f"Solution {number + 1:,} of {total:,} in the fixed order"
    seconds = clock.now() - started
    data = {**_data(puzzle, solution, total, seconds, found), "number": number + 1, "seed": ask.seed}
    return puzzle.show(Answer(Status.SOLVED, f"{what}, found in {seconds:.2f} s.", puzzle.pictures(solution),
                              data=data), solution, ask)


def _data(puzzle, solution, total: int, seconds: float, found: diagram.Diagram) -> dict:
    """The JSON fields of a solution picked from the diagram (those of ``exact.solve``'s, the count too)."""
    figures = puzzle.figures(solution) if puzzle.figures else {}
    return {"solution": puzzle.text(solution) if solution is not None else None, "colours": puzzle.colours,
            "seconds": round(seconds, 4), "nodes": found.edges, "engine": "diagram", "solutions": total,
            **puzzle.data, **figures}


def _stopped(ask: Ask, started: float) -> Answer:
    seconds = clock.now() - started
    if ask.cancel is not None and as_predicate(ask.cancel)():
        return Answer(Status.CANCELLED, "Interrupted while the solution diagram was built.",
                      messages=["interrupted while the solution diagram was built"], data={"seconds": round(seconds, 3)})
    return Answer(Status.TIME_LIMIT, f"Stopped by the {ask.time_limit:g} s time limit while the solution diagram "
                                     "was built.", messages=[f"stopped by the time limit after {seconds:.1f} s"],
                  data={"seconds": round(seconds, 3)})


def frequencies(problem: ExactCover, ask: Ask, puzzle=None) -> Answer:
    """How many solutions hold each option (the JSON's ``frequencies``: an option, as its items, -> count;
    a table in the notes, most used first), with a heat map on ``puzzle``'s board where it is flat."""
    started = clock.now()
    try:
        found = build(problem, ask, None if puzzle is None else puzzle.accept)
    except diagram.Stopped:
        return _stopped(ask, started)
    used = found.frequencies()
    seconds = clock.now() - started
    total = found.total
    labels = {o: " ".join(problem.option_items(o)) for o in used}
    ranked = sorted(used, key=lambda o: (-used[o], o))
    width = len(f"{total:,}")
    notes = [f"{used[o]:>{width},}  {used[o] / total:6.1%}  {labels[o]}" for o in ranked]
    noun = "solution" if total == 1 else "solutions"
    data = {"solutions": total, "complete": True, "stopped": None, "distinct": False, "total": total,
            "up_to_symmetry": None, "symmetry_group_order": 1, "jobs": 1, "nodes": found.edges,
            "seconds": round(seconds, 3), "explored": 1.0, "engine": "diagram", "counter": "diagram",
            "frequencies": {labels[o]: used[o] for o in ranked}}
    frames: list[Frame] = []
    if puzzle is not None:
        data.update(puzzle.data)
        if puzzle.frames is None and total:
            pieces, shares = heat_map(puzzle, used, total)
            frames = _pictures(puzzle, pieces, shares)
            data["heat_map"] = {"pieces": pieces, "shares": shares}
    shown = "; the board shows where each piece lies most often" if frames else ""
    message = f"{total:,} {noun}; {len(used):,} options used{shown}; complete count in {seconds:.1f} s."
    notes.append(f"{total:,} {noun}, complete count by the solution diagram in {seconds:.2f} s")
    return Answer(Status.COUNTED, message, frames, notes=notes, data=data)


def heat_map(puzzle, used: dict[int, int], total: int) -> tuple[list[str], list[list[int | None]]]:
    """(rows of the letter lying on each cell in most solutions, rows of its share in per cent; None where no
    option writes), from what each option writes into the empty puzzle (``puzzle.text``)."""
    blank = puzzle.text(())
    tallies: dict[tuple[int, int], Counter] = {}
    for option, ways in used.items():
        for r, row in enumerate(puzzle.text((option,))):
            for c, ch in enumerate(row):
                if r >= len(blank) or c >= len(blank[r]) or blank[r][c] != ch:
                    tallies.setdefault((r, c), Counter())[ch] += ways
    letters, shares = [], []
    for r, row in enumerate(blank):
        line, numbers = [], []
        for c, ch in enumerate(row):
            tally = tallies.get((r, c))
            if tally is None:
                line.append(ch)
                numbers.append(None)
                continue
            letter, ways = min(tally.items(), key=lambda kv: (-kv[1], kv[0]))
            line.append(letter)
            numbers.append(round(100 * ways / total))
        letters.append("".join(line))
        shares.append(numbers)
    return letters, shares


def _pictures(puzzle, letters: list[str], shares: list[list[int | None]]) -> list[Frame]:
    """The heat map as two frames: the letters in their colours faded by share, and the shares in per cent."""
    blank = puzzle.frame(())
    rows, numbers = [], []
    for r, line in enumerate(letters):
        row, row_numbers = [], []
        for c, ch in enumerate(line):
            share = shares[r][c]
            if share is None:
                cell = blank.rows[r][c] if r < blank.height and c < len(blank.rows[r]) else Cell(ch)
                row.append(cell)
                row_numbers.append(cell if cell.ground else Cell(""))
                continue
            colour = _faded(puzzle.colours.get(ch), share / 100)
            row.append(Cell(ch, colour))
            row_numbers.append(Cell(str(share), colour))
        rows.append(tuple(row))
        numbers.append(tuple(row_numbers))
    layout = {"lattice": blank.lattice, "shift": blank.shift}  # triangles, hexagons: laid out as the puzzle
    return [Frame(tuple(rows), caption="most frequent piece", **layout),
            Frame(tuple(numbers), caption="its share (%)", spaced=True, **layout)]


def _faded(colour: str | None, share: float) -> str | None:
    """``colour`` mixed with white: its own at share 1, FAINTEST of it near 0."""
    if not colour or not colour.startswith("#") or len(colour) != 7:
        return colour
    strength = FAINTEST + (1 - FAINTEST) * share
    channels = [int(colour[k:k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - strength * (255 - v)):02x}" for v in channels)


__all__ = ["build", "pick", "frequencies", "heat_map"]
