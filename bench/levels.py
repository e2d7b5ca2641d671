"""Calibrate the levels (xlsolver/data/levels/levels.txt) on the published booklets, and show how well they fit.

Every challenge of every booklet in xlsolver/data/booklets/ is graded (families/grading.py; a challenge with
several solutions is counted and left out).  For each booklet this prints the rank correlation (Spearman) of
each measure with the booklet's level, then fits the board's level floors: the difficulty where each level
after Starter begins, chosen to match the booklet's level on as many challenges as possible with none more
than one level away.  It prints the agreement and the confusion table with those floors; the same with each
challenge graded by floors fitted on the rest of its booklet (leave one out: the challenge not tuned on);
and with floors taken from another booklet of the same board (a booklet not tuned on at all).  Last, the
ceiling: the most challenges any grader can put at the booklet's level if it never calls a challenge easier than
one it is at least as hard as on every measure (pieces to place, placements, nodes), tuned on the booklet and
tuned on the rest of it, and the pairs of challenges whose booklet levels run against every measure.

    python bench/levels.py                  # the report (about 15 s)
    python bench/levels.py --write          # ... and rewrite levels.txt with the floors and given ranges
    python bench/levels.py --fewest 6x10 soma --family solid -n 40
        # the fewest pieces N minimal challenges of a board without a booklet give: its 'fewest' line
"""
from __future__ import annotations

import argparse
import functools
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from xlsolver import families
from xlsolver.families import Unsupported, attempts, booklets, grading, levels

LEVELS = levels.LEVELS
LEVELS_FILE = Path(__file__).resolve().parent.parent / "xlsolver" / "data" / "levels" / "levels.txt"
MEASURES = ("to_place", "placements", "nodes", "forced", "difficulty")
#: The booklets the difficulty's weights were fitted on (the rest are held out for the weights).
WEIGHTS_FROM = ("iq-puzzler-pro-5x11", "iq-puzzler-pro-pyramid")


@dataclass(frozen=True)
class Graded:
    number: int
    level: int  # the booklet's, 0 (starter) to 4 (wizard)
    given: int
    grade: grading.Grade | None  # None: more than one solution


@dataclass(frozen=True)
class Book:
    name: str
    board: str
    pieces: str
    graded: tuple[Graded, ...]

    @property
    def unique(self) -> list[Graded]:
        return [g for g in self.graded if g.grade is not None]


def grade_booklet(name: str) -> Book:
    booklet = booklets.shipped(name)
    family = families.get(booklet.family)
    graded, board = [], None
    for entry in booklet.entries:
        puzzle = family.parse(list(entry.rows), booklet.settings)
        board = puzzle.data.get("board")
        given = len(grading.given_options(puzzle))
        try:
            grade = grading.grade(puzzle)
        except Unsupported:
            grade = None
        graded.append(Graded(entry.number, LEVELS.index(entry.level), given, grade))
    return Book(name, board, booklet.settings.get("pieces", ""), tuple(graded))


def spearman(xs, ys) -> float:
    def ranks(values):
        values = np.asarray(values, float)
        order = values.argsort(kind="stable")
        ranked = np.empty(len(values))
        ranked[order] = np.arange(len(values))
        for value in np.unique(values):  # ties share their mean rank
            ranked[values == value] = ranked[values == value].mean()
        return ranked

    a, b = ranks(xs), ranks(ys)
    if a.std() == 0 or b.std() == 0:
        return float("nan")
    return float(np.corrcoef(a, b)[0, 1])


def fit_floors(points: list[tuple[float, int]]) -> tuple[float, ...]:
    """The four floors that put the most points at their own level, none more than one level away (ties: the
    floors halfway between neighbouring difficulties).  A level no point has gets a floor halfway between
    its neighbours'."""
    values = sorted({d for d, _ in points})
    cuts = [values[0] - 1.0] + [(a + b) / 2 for a, b in zip(values, values[1:])] + [values[-1] + 1.0]

    def score(low: float, high: float, level: int) -> int:
        hits = sum(1 for d, l in points if low <= d < high and l == level)
        far = sum(1 for d, l in points if low <= d < high and abs(l - level) > 1)
        return hits - 1000 * far

    @functools.cache
    def best(start: int, level: int) -> tuple[int, tuple[int, ...]]:
        if level == len(LEVELS) - 1:
            return score(cuts[start], float("inf"), level), ()
        options = []
        for end in range(start, len(cuts)):
            rest, ends = best(end, level + 1)
            options.append((rest + score(cuts[start], cuts[end], level), (end,) + ends))
        return max(options, key=lambda o: (o[0], -abs(o[1][0] - start)))

    _, ends = best(0, 0)
    floors = [cuts[end] for end in ends]
    for level in range(1, len(LEVELS) - 1):  # a level with no point: the middle third between its neighbours
        if floors[level - 1] == floors[level]:
            below = max((d for d, l in points if l < level), default=floors[level - 1])
            above = min((d for d, l in points if l > level), default=floors[level])
            floors[level - 1], floors[level] = below + (above - below) / 3, below + 2 * (above - below) / 3
    return tuple(round(floor, 2) for floor in floors)


def clashes(points: list[tuple[tuple[float, ...], int]]) -> list[tuple[int, int]]:
    """The pairs (i, j) of (measures, booklet level) points where j is at least as hard as i on every measure but
    the booklet puts it lower: a grader that never ranks a challenge below one it is at least as hard as (the
    difficulty, rising with each measure, is one) gets one of the two wrong, whatever its weights and floors."""
    return [(i, j) for i, (a, level_a) in enumerate(points) for j, (b, level_b) in enumerate(points)
            if i != j and level_b < level_a and all(x <= y for x, y in zip(a, b))]


def fewest_wrong(pairs: list[tuple[int, int]]) -> int:
    """The fewest challenges that hold one of every clashing pair (a minimum vertex cover, by branching; the
    graphs are small): how many such a grader gets wrong at least."""
    if not pairs:
        return 0
    degree = Counter(v for pair in pairs for v in pair)
    v = max(degree, key=lambda u: (degree[u], -u))
    neighbours = {u for pair in pairs if v in pair for u in pair if u != v}
    with_v = 1 + fewest_wrong([p for p in pairs if v not in p])
    if len(neighbours) >= with_v:
        return with_v
    return min(with_v, len(neighbours) + fewest_wrong([p for p in pairs if neighbours.isdisjoint(p)]))


def ceiling(book: Book) -> tuple[int, int, list[tuple[int, int]]]:
    """(the most challenges such a grader can put at the booklet's level, tuned on the whole booklet; the most
    when each is graded by one tuned on the rest; the clashing pairs by challenge number).  Tuned on the rest, a
    grader right on as many of them as any can be is wrong on the challenge left out unless every largest set
    of challenges with no clash holds it (else that set, all in the rest, is as large as the rest allows)."""
    unique = book.unique
    points = [((g.grade.to_place, g.grade.placements, g.grade.nodes), g.level) for g in unique]
    pairs = clashes(points)
    best = len(points) - fewest_wrong(pairs)
    on_rest = sum(len(points) - 1 - fewest_wrong([p for p in pairs if i not in p]) < best for i in range(len(points)))
    return best, on_rest, [(unique[i].number, unique[j].number) for i, j in pairs]


def level_of(difficulty: float, floors: tuple[float, ...]) -> int:
    return sum(difficulty >= floor for floor in floors)


def agreement(pairs: list[tuple[int, int]]) -> tuple[float, int]:
    """(share equal, how many more than one level away) of (booklet, grader) level pairs."""
    return sum(a == b for a, b in pairs) / len(pairs), sum(abs(a - b) > 1 for a, b in pairs)


def confusion(pairs: list[tuple[int, int]]) -> list[str]:
    table = Counter(pairs)
    lines = ["booklet \\ grader " + " ".join(f"{l[:7]:>7}" for l in LEVELS)]
    for a in range(len(LEVELS)):
        lines.append(f"{LEVELS[a]:>16} " + " ".join(f"{table[a, b]:>7}" for b in range(len(LEVELS))))
    return lines


def report(books: list[Book]) -> dict[tuple[str, str], tuple[float, ...]]:
    fitted = {}
    for book in books:
        unique = book.unique
        print(f"\n== {book.name} ({book.board}, {book.pieces}): {len(book.graded)} challenges, {len(unique)} with one "
              f"solution{'' if len(unique) == len(book.graded) else ' (the rest are left out)'}")
        booklet_levels = [g.level for g in unique]
        correlations = {m: spearman([getattr(g.grade, m) for g in unique], booklet_levels) for m in MEASURES}
        correlations["forced"] = -correlations["forced"]  # more forced moves: easier
        print("  rank correlation with the booklet's level: " +
              ", ".join(f"{m} {c:.3f}" for m, c in correlations.items()) + "  (forced: negated)")
        points = [(g.grade.difficulty, g.level) for g in unique]
        floors = fit_floors(points)
        fitted[book.board, book.pieces] = floors
        pairs = [(l, level_of(d, floors)) for d, l in points]
        share, far = agreement(pairs)
        print(f"  floors {floors}: equal {share:.0%} ({sum(a == b for a, b in pairs)} of {len(pairs)}), "
              f"{far} more than one level away")
        print("\n".join("    " + line for line in confusion(pairs)))
        held = [(points[i][1], level_of(points[i][0], fit_floors(points[:i] + points[i + 1:])))
                for i in range(len(points))]
        share, far = agreement(held)
        print(f"  each challenge graded by floors fitted on the others: equal {share:.0%}, {far} more than one away")
        best, on_rest, pairs = ceiling(book)
        print(f"  the most a grader that never ranks a challenge below one it is as hard as on every measure can put "
              f"at the booklet's level: {best} of {len(unique)} ({best / len(unique):.0%}) tuned on the booklet, "
              f"{on_rest} ({on_rest / len(unique):.0%}) tuned on the rest of it")
        if pairs:
            named = {g.number: f"{LEVELS[g.level][0].upper()}{g.number}" for g in unique}  # "J89": Junior 89
            print("  challenges the booklet puts above one at least as hard on every measure: " +
                  ", ".join(f"{named[a]} > {named[b]}" for a, b in pairs))
    for book in books:
        for other in books:
            if other is not book and other.board == book.board and (other.board, other.pieces) in fitted:
                floors = fitted[other.board, other.pieces]
                pairs = [(g.level, level_of(g.grade.difficulty, floors)) for g in book.unique]
                share, far = agreement(pairs)
                print(f"\n{book.name} graded by {other.name}'s floors: equal {share:.0%}, {far} more than one away")
    return fitted


def given_ranges(book: Book) -> list[tuple[int, int]]:
    """The fewest and most pieces the booklet's challenges of each level give: those with one solution (what a
    generator must make), or all of the level where none has one."""
    ranges = []
    for level in range(len(LEVELS)):
        counts = [g.given for g in book.unique if g.level == level] or [g.given for g in book.graded if g.level == level]
        ranges.append((min(counts), max(counts)))
    return ranges


def fewest_given(family_name: str, board: str, pieces: str | None, n: int) -> tuple[int, float]:
    """(the fewest pieces given, seconds per challenge) over N minimal challenges (seeds 0..N-1)."""
    family = families.get(family_name)
    rows, settings = family.board(board)
    if pieces:
        settings = {**settings, "pieces": pieces}
    start = time.monotonic()
    made = [attempts.attempt(lambda r: family.parse(r, settings), rows, seed, attempts.Target(minimal=True))
            for seed in range(n)]
    counts = Counter(c.grade.given for c in made if c)
    print(f"{board}: minimal challenges give {dict(sorted(counts.items()))}")
    return min(counts), (time.monotonic() - start) / n


def write(books: list[Book], fitted, fewest_lines: list[str]) -> None:
    lines = ["# Each board's levels: for a board with a booklet, the pieces the booklet's challenges of each level give",
             "# (fewest-most) and the difficulty (families/grading.py) where the level begins, fitted to the booklet's",
             "# levels; for a board without one, the fewest pieces its minimal challenges give (the levels are then",
             "# scaled, families/levels.py).  Written by `python bench/levels.py --write`; see docs/levels.md.",
             "# board     pieces           level    given  from"]
    for book in books:
        floors = fitted[book.board, book.pieces]
        for level, (low, high), floor in zip(LEVELS, given_ranges(book), (None,) + floors):
            comment = f"  # the booklet {book.name}" if level == "starter" else ""
            lines.append(f"{book.board:<11} {book.pieces:<16} {level:<8} {low}-{high:<4} "
                         f"{'-' if floor is None else floor}{comment}")
    lines += fewest_lines
    LEVELS_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"\nwrote {LEVELS_FILE}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite levels.txt")
    parser.add_argument("--fewest", nargs="*", default=[], metavar="BOARD",
                        help="measure the fewest pieces given on these boards (a line each in levels.txt)")
    parser.add_argument("--family", default="tiling", help="the family of the --fewest boards")
    parser.add_argument("-n", type=int, default=40, help="minimal challenges per --fewest board")
    args = parser.parse_args()
    start = time.monotonic()
    books = [grade_booklet(name) for name in booklets.names()]
    print(f"graded {sum(len(b.graded) for b in books)} booklet challenges in {time.monotonic() - start:.1f} s")
    weights = [spearman([g.grade.difficulty for g in b.unique], [g.level for g in b.unique]) for b in books]
    print("difficulty weights fitted on " + ", ".join(WEIGHTS_FROM) + "; rank correlation on each booklet: " +
          ", ".join(f"{b.name} {w:.3f}" for b, w in zip(books, weights)))
    fitted = report(books)
    fewest_lines = []
    for board in args.fewest:
        fewest, seconds = fewest_given(args.family, board, None, args.n)
        family = families.get(args.family)
        pieces = family.parse(*family.board(board)).data.get("pieces", "-")
        fewest_lines.append(f"{board:<11} {pieces:<16} fewest   {fewest:<6} # of {args.n} minimal challenges")
    if args.write:
        kept = [line for line in LEVELS_FILE.read_text(encoding="utf-8").splitlines()
                if not line.startswith("#") and " fewest " in line and line.split()[0] not in args.fewest]
        write(books, fitted, kept + fewest_lines)


if __name__ == "__main__":
    main()
