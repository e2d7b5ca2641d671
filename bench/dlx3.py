"""xlsolver against Knuth's DLX3 on problems whose items have bounds (multiplicities), CPU seconds of fresh processes.

    /work/shared/knuth/build.sh /tmp/knuth       # ctangle + gcc -O3: dlx1, dlx2, dlx3, ssxcc
    python bench/dlx3.py                         # about a minute
    python bench/dlx3.py --knuth DIR --runs 3 --random 200

DLX3 is a reference, never a dependency: its folder is ``--knuth`` (default: $KNUTH, else /tmp/knuth), run as
``dlx3 m0 < FILE`` (its count on stderr, no solution printed).  The three problems, each written once as DLX
text that both programs read:

- Langford-like: 24 slots filled with pairs, a pair ``d`` slots apart taking the two ends of a gap (``d`` in
  1..12), each ``d`` used once or twice (``1:2|dK`` items; ``tests/problems.py``'s ``langford_gaps``);
- tetromino copies: three I, three L and two each of O, S and T (``counts: I x3, L x3, O x2, S x2, T x2``) on
  4x12, the file ``xlsolver count BOARD.txt --save-dlx`` writes (``3|I`` ... items);
- pentominoes, each at most once (``use: any``), on 5x8: 8 of the 12 fill it (``0:1|F`` ... items).

xlsolver runs ``python -m xlsolver count FILE --json`` on the same DLX file, and on the puzzle file too where
there is one (its reading, its placements, its encoding included); every count must be DLX3's, or the bench
stops.  ``--random N`` first checks N random small problems with bounds and colours (single-letter colours, as
DLX3 reads them) against DLX3, count for count.  CPU is user + system of the reaped child, best of ``--runs``.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from knuth import ALTOGETHER, XLSOLVER, child, prepare  # noqa: E402  (also puts the repository on the path)

from xlsolver import ExactCover  # noqa: E402
from xlsolver.engine import dlx_text  # noqa: E402
from problems import langford_gaps  # noqa: E402


def dlx3(program: Path, path: Path) -> tuple[float, int]:
    """DLX3's CPU seconds and count on ``path``."""
    run = child([str(program), "m0"], stdin=path)
    found = ALTOGETHER.search(run.err)
    if not found:
        raise SystemExit(f"dlx3 < {path.name}: no count in {run.err.decode(errors='replace')[-300:]!r}")
    return run.cpu, int(found.group(1))


def ours(path: Path) -> tuple[float, int]:
    """xlsolver's CPU seconds and count on ``path`` (a DLX file or a puzzle file)."""
    run = child(XLSOLVER + ["count", str(path), "--json"])
    return run.cpu, json.loads(run.out)["solutions"]


def random_problem(rng: random.Random) -> ExactCover:
    """A small random problem: bounds on most primary items, single-letter colours on secondary ones."""
    primary = [f"p{i}" for i in range(rng.randint(2, 7))]
    secondary = [f"s{i}" for i in range(rng.randint(0, 3))]
    bounds = {}
    for name in primary:
        high = rng.randint(1, 3)
        bounds[name] = (rng.randint(0, high), high)
    problem = ExactCover(primary, secondary, bounds=bounds)
    for _ in range(rng.randint(4, 24)):
        items = rng.sample(primary, rng.randint(1, min(3, len(primary))))
        items += rng.sample(secondary, rng.randint(0, len(secondary)))
        problem.add_option(items, colours=[rng.choice(["", "", "a", "b"]) if item.startswith("s") else "" for item in items])
    return problem


def check_random(program: Path, folder: Path, n: int, seed: int) -> None:
    """N random problems, each counted by DLX3 and by xlsolver's engine here: the counts must agree."""
    from xlsolver import engine

    rng = random.Random(seed)
    solutions = 0
    for k in range(n):
        problem = random_problem(rng)
        path = folder / f"random-{k}.dlx"
        path.write_text(dlx_text.dumps(problem), encoding="utf-8")
        _, theirs = dlx3(program, path)
        mine = engine.count(problem).solutions
        if mine != theirs:
            raise SystemExit(f"random problem {k} (seed {seed}): DLX3 counts {theirs}, xlsolver {mine}:\n"
                             f"{path.read_text()}")
        solutions += mine
    print(f"{n} random problems with bounds and colours: every count equal to DLX3's ({solutions:,} solutions)")


def cases(folder: Path) -> list[tuple[str, Path, Path | None]]:
    """(name, DLX file, puzzle file or None) of each row, written into ``folder``."""
    langford = folder / "langford-gaps.dlx"
    langford.write_text(dlx_text.dumps(langford_gaps(24, 12), comment="Langford-like: 24 slots, gaps 1..12 used "
                                                                      "once or twice"), encoding="utf-8")
    rows = [("Langford-like, 24 slots, d 1..12 x1-2", langford, None)]
    for name, header, shape in (
            ("tetrominoes I,L x3, O,S,T x2 on 4x12", "pieces: tetrominoes\ncounts: I x3, L x3, O x2, S x2, T x2",
             (4, 12)),
            ("pentominoes, each 0..1 (use: any), 5x8", "pieces: pentominoes\nuse: any", (5, 8))):
        tag = name.split(",")[0].split(" ")[0]
        board, dlx = folder / f"{tag}.txt", folder / f"{tag}.dlx"
        board.write_text(header + "\n" + "\n".join(["." * shape[1]] * shape[0]) + "\n", encoding="utf-8")
        prepare(XLSOLVER + ["count", str(board), "--save-dlx", str(dlx)])
        rows.append((name, dlx, board))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--knuth", type=Path, default=Path(os.environ.get("KNUTH", "/tmp/knuth")),
                        help="folder of Knuth's built dlx3 (default: $KNUTH or /tmp/knuth)")
    parser.add_argument("--runs", type=int, default=2, help="fresh processes per program and row (best taken)")
    parser.add_argument("--random", type=int, default=0, metavar="N", help="first check N random problems")
    parser.add_argument("--seed", type=int, default=1, help="of the random problems")
    args = parser.parse_args()
    program = args.knuth / "dlx3"
    if not os.access(program, os.X_OK):
        raise SystemExit(f"dlx3: not found at {program} (build it: /work/shared/knuth/build.sh {args.knuth})")
    with tempfile.TemporaryDirectory() as folder:
        if args.random:
            check_random(program, Path(folder), args.random, args.seed)
        child(XLSOLVER + ["--version"])  # the first start pays for writing bytecode caches
        print(f"CPU seconds (user + system) of fresh processes, best of {args.runs}; dlx3 from {args.knuth}")
        header = f"{'problem':<40} {'solutions':>10} {'DLX3':>7} {'xlsolver':>9} {'ratio':>6} {'puzzle file':>12}"
        print(header + "\n" + "-" * len(header), flush=True)
        for name, dlx, board in cases(Path(folder)):
            theirs, mine, from_board, counts = [], [], [], set()
            for _ in range(args.runs):
                cpu, found = dlx3(program, dlx)
                theirs.append(cpu)
                counts.add(found)
                cpu, found = ours(dlx)
                mine.append(cpu)
                counts.add(found)
                if board is not None:
                    cpu, found = ours(board)
                    from_board.append(cpu)
                    counts.add(found)
            if len(counts) != 1:
                raise SystemExit(f"{name}: THE COUNTS DISAGREE: {sorted(counts)}")
            shown = f"{min(from_board):.2f}" if from_board else "-"
            print(f"{name:<40} {counts.pop():>10,} {min(theirs):>7.2f} {min(mine):>9.2f} "
                  f"{min(mine) / min(theirs):>6.2f} {shown:>12}", flush=True)


if __name__ == "__main__":
    main()
