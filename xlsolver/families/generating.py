"""New challenges with exactly one solution, made to a level: the run of seeds behind ``generate``.

A request asks for N challenges (of a level, or giving N pieces, or minimal); seed S is tried first, then
S+1, ...; each seed is one :func:`attempts.attempt`, run here, on ``--jobs`` processes or on a Dask cluster,
and taken in seed order, so every way of running makes the same challenges.  When ``tries`` seeds in a row
make none wanted, the run stops and says what they made instead.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..base import clock
from .. import engine
from .attempts import Challenge, Target, attempt
from .levels import LEVELS


def attempt_named(family: str, settings: dict, rows: Sequence[str], seed: int, target: Target = Target()
                  ) -> Challenge | None:
    """:func:`attempt` for a family named, with plain settings: what a worker process or cluster runs."""
    from . import get

    board, read, read_blank = get(family).generate.board(rows, settings)
    return attempt(read, board, seed, target, read_blank)


def attempt_job(job: tuple, seed: int) -> tuple[int, Challenge | None]:
    """``(seed, attempt)`` for ``job`` = (family, settings, rows, target): what a worker process or a cluster runs."""
    family, settings, rows, target = job
    return seed, attempt_named(family, settings, rows, seed, target)


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
    minimal: bool = False  # no clue can be taken away (then ``level`` and ``given`` only choose among them)

    @property
    def target(self) -> Target:
        given = None if self.given is None else (self.given, self.given)
        return Target(self.level, given, self.minimal)


class NotMade(Exception):
    """``Request.tries`` seeds in a row made no challenge wanted; the message says which levels they made."""


def _not_made(request: Request, seed: int, missed: Counter) -> str:
    """Why generating stopped: the seeds tried in a row, what was asked, and what they made instead."""
    asked = " ".join(filter(None, [request.level and request.level.capitalize(),
                                   request.given and f"{request.given}-given",
                                   request.minimal and "minimal"]))
    level_made, givens = Counter(), Counter()
    for key, times in missed.items():  # key: (level, pieces given), or None for a seed that made nothing
        if key is not None:
            level_made[key[0]] += times
            givens[key[1]] += times
    made = ", ".join(f"{level.capitalize()} {level_made[level]}" for level in LEVELS if level_made[level]) or "none"
    given = ", ".join(f"{n} given {givens[n]}" for n in sorted(givens))
    return (f"seeds {seed - missed.total()} to {seed - 1} made no {asked or 'such'} challenge of this board; "
            f"they made: {made}{f' ({given})' if givens else ''}")


def wanted(challenge: Challenge | None, request: Request) -> bool:
    return challenge is not None and (request.level is None or challenge.grade.level == request.level) and \
        (request.given is None or challenge.grade.given == request.given)


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
    rows, settings, target = list(rows), dict(settings), request.target
    run_attempts = run_attempts or (lambda seeds: [attempt_named(family, settings, rows, s, target) for s in seeds])
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
