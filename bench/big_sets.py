"""The piece sets of more than 26 pieces on their boards from Polyform Puzzler's collection: a first solution each.

    python bench/big_sets.py                     # every board of the sets of more than 26 pieces
    python bench/big_sets.py --only hexominoes   # boards whose name holds the word
    python bench/big_sets.py --time-limit 600    # the semi-regular hexagon needs minutes

Polyform Puzzler counts none of these puzzles ("many solutions"); what is measured is the time to a first
solution from an empty board (reading the board and building its exact cover included, as a user waits for it),
wall-clock, in this process.  Each solution is checked as a tiling by the family's own reading of it (every piece
once, in one of its orientations).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xlsolver.families import Ask, tiling  # noqa: E402
from xlsolver.geometry import catalog  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="boards whose name holds this word")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds for each board (default 60)")
    args = parser.parse_args()
    print("| board | pieces | cells | symmetries | status | seconds |")
    print("|---|---|---|---|---|---|")
    for name, board in catalog.boards().items():
        pieces = catalog.piece_set(board.pieces)
        if not pieces.cased or (args.only and args.only.lower() not in name.lower()):
            continue
        rows, settings = tiling.named_board(name)
        started = time.perf_counter()
        answer = tiling.FAMILY.solve(tiling.FAMILY.parse(rows, settings), Ask(time_limit=args.time_limit))
        seconds = time.perf_counter() - started
        if answer.status == "solved":  # the solution read back as a puzzle: every piece once, where it can lie
            tiling.parse([row.rstrip() for row in answer.frames[0].text_rows()], pieces,
                         first=settings.get("first", "up"))
        print(f"| {name} | {board.pieces} ({len(pieces.pieces)}) | {len(board.cells)} | "
              f"{len(board.lattice.symmetries(board.cells))} | {answer.status} | {seconds:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
