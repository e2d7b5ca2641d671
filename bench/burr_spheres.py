"""BurrTools' sphere grid: xlsolver's numbering of its turns (``geometry.burr_spheres``) against BurrTools itself.

    python bench/burr_spheres.py TREE [--puzzles N] [--limit L] [--files DIR]

TREE is BurrTools' source: a checkout or export holding ``src/``, or its git repository (bare or not: its HEAD is
exported into bench/build/).  Three checks, each printed with its figures:

1. the table: BurrTools' ``src/lib/tabs_2/rotmatrix.inc`` (a matrix a row, acting on column vectors) against
   ``burr_spheres.turns()``, all 240 entry for entry;
2. the assembler: BurrTools' library, compiled here (g++ and zlib; ``bench/c/burr_oracle.cpp`` drives it), solves
   N random sphere puzzles (tetrahedra and blobs of balls cut into random pieces, most of them flat in a
   triangular layer, each piece written turned at random), its hotspots set as its Solve button sets them.  Every
   assembly it finds (at most L a puzzle) decoded with xlsolver's numbering must fill the result exactly, and
   xlsolver must write the same x y z t for every piece; xlsolver's count must be BurrTools' where BurrTools
   finishes; and xlsolver solves each puzzle and writes it (hotspots as given, moved onto balls where they are
   not), and BurrTools must read the assembly onto the same balls;
3. with ``--files DIR``: the assemblies the sphere-grid files there record, decoded by xlsolver and by BurrTools.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from fractions import Fraction
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "bench" / "build" / "burr"
sys.path.insert(0, str(ROOT))

from xlsolver import families  # noqa: E402
from xlsolver.families import Ask, Settings  # noqa: E402
from xlsolver.geometry import burr_grids, burr_spheres, xmpuzzle  # noqa: E402

BALLS = burr_grids.BALLS
NEIGHBOURS = [v for v in product((-1, 0, 1), repeat=3) if sorted(map(abs, v)) == [0, 1, 1]]  # a ball's twelve


# --- BurrTools' source ----------------------------------------------------------------------------------------------

def source(tree: Path) -> Path:
    """A folder holding BurrTools' ``src/``: the tree itself, or its git repository's HEAD exported."""
    if (tree / "src" / "lib").is_dir():
        return tree
    out = BUILD / "source"
    if not (out / "src" / "lib").is_dir():
        out.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(tree), "archive", "HEAD", "src"], capture_output=True, check=True)
        subprocess.run(["tar", "x", "-C", str(out)], input=archive.stdout, check=True)
    return out


def table(tree: Path) -> list:
    """BurrTools' matrices of the sphere grid's turns, as fractions."""
    text = (tree / "src" / "lib" / "tabs_2" / "rotmatrix.inc").read_text(encoding="latin-1")
    rows = []
    for line in re.findall(r"\{([^}]*)\}", text):
        entries = []
        for entry in (word.strip() for word in line.split(",")):
            if entry:
                top, _, bottom = entry.partition("/")
                entries.append(Fraction(int(float(top)), int(bottom or 1)))
        rows.append(tuple(tuple(entries[3 * i:3 * i + 3]) for i in range(3)))
    return rows


def oracle(tree: Path) -> Path:
    """bench/c/burr_oracle.cpp linked with BurrTools' library, compiled once into bench/build/burr/."""
    binary = BUILD / "burr_oracle"
    if binary.exists():
        return binary
    files = [f for f in sorted((tree / "src" / "lib").glob("*.cpp")) if not f.name.endswith("_test.cpp")]
    files += [tree / "src" / "tools" / name for name in ("fileexists.cpp", "gzstream.cpp", "xml.cpp")]
    files += sorted((tree / "src" / "halfedge").glob("*.cpp"))
    objects = BUILD / "obj"
    objects.mkdir(parents=True, exist_ok=True)

    def compiled(path: Path) -> Path:
        out = objects / (path.parent.name + "_" + path.stem + ".o")
        if not out.exists():
            subprocess.run(["g++", "-std=c++11", "-O2", "-w", f"-I{tree / 'src'}", "-c", str(path), "-o", str(out)],
                           check=True)
        return out
    with ThreadPoolExecutor(os.cpu_count()) as pool:
        built = list(pool.map(compiled, files))
    driver = ROOT / "bench" / "c" / "burr_oracle.cpp"
    subprocess.run(["g++", "-std=c++11", "-O2", "-w", f"-I{tree / 'src'}", str(driver), *map(str, built), "-lz",
                    "-lpthread", "-o", str(binary)], check=True)
    return binary


def assemblies(binary: Path, path: Path, limit: int, seconds: float) -> tuple[list, bool]:
    """BurrTools' assemblies of problem 1 (its hotspots set as its Solve button sets them), and whether it
    finished (found them all within ``seconds``, or stopped at ``limit``: not all)."""
    try:
        done = subprocess.run([str(binary), "solve", str(path), "0", str(limit), "init"], capture_output=True,
                              text=True, timeout=seconds)
    except subprocess.TimeoutExpired as stopped:
        out, finished = (stopped.stdout or b"").decode(), False
    else:
        out, finished = done.stdout, True
    found = []
    for line in out.splitlines():
        words = line.split()
        if not words or words[0] != "A":
            continue
        placements, at = [], 1
        while at < len(words):
            if words[at] == "x":
                placements.append(None)
                at += 1
            else:
                placements.append(tuple(map(int, words[at:at + 4])))
                at += 4
        found.append(tuple(placements))
    return found, finished and len(found) < limit


def placed_by_burrtools(binary: Path, path: Path) -> dict:
    """(problem, solution, piece) -> the voxels BurrTools places that piece on, for every saved assembly."""
    out: dict = {}
    for line in subprocess.run([str(binary), "cells", str(path)], capture_output=True, text=True).stdout.splitlines():
        words = line.split()
        if words and words[0] == "C":
            out.setdefault(tuple(map(int, words[1:4])), set()).add(tuple(map(int, words[4:])))
    return out


# --- random puzzles of balls ----------------------------------------------------------------------------------------

def tetrahedron(n: int) -> set:
    return {(a + b, a + c, b + c) for a in range(n) for b in range(n) for c in range(n) if a + b + c < n}


def blob(rng: random.Random, size: int) -> set:
    cells = {(0, 0, 0)}
    while len(cells) < size:
        x, y, z = rng.choice(sorted(cells))
        dx, dy, dz = rng.choice(NEIGHBOURS)
        cells.add((x + dx, y + dy, z + dz))
    return cells


def cut(rng: random.Random, cells: set) -> list[set]:
    """Pieces of 1 to 5 balls, each grown from a ball of what is left, most within one triangular layer."""
    left, pieces = set(cells), []
    while left:
        start = rng.choice(sorted(left))
        piece, normal = {start}, rng.choice(burr_spheres.PLANES) if rng.random() < 0.6 else None
        left.discard(start)
        for _ in range(rng.randint(2, 4)):
            grow = [(x + dx, y + dy, z + dz) for x, y, z in piece for dx, dy, dz in NEIGHBOURS
                    if (x + dx, y + dy, z + dz) in left and (normal is None or dx * normal[0] + dy * normal[1]
                                                             + dz * normal[2] == 0)]
            if not grow:
                break
            ball = rng.choice(sorted(grow))
            piece.add(ball)
            left.discard(ball)
        pieces.append(piece)
    return pieces


def on_grid(voxels) -> list:
    voxels = list(voxels)
    low = [min(v[i] for v in voxels) for i in range(3)]
    low[0] -= sum(low) % 2
    return [tuple(v[i] - low[i] for i in range(3)) for v in voxels]


def shape(voxels: list, hotspot=(0, 0, 0)) -> xmpuzzle.Shape:
    return xmpuzzle.Shape(tuple(1 + max(v[i] for v in voxels) for i in range(3)), {v: ("#", 0) for v in voxels},
                          hotspot)


def random_puzzle(rng: random.Random, result: set) -> xmpuzzle.Puzzle:
    shapes = [shape(on_grid(result))]
    for piece in cut(rng, result):
        turns = list(range(burr_spheres.ROTATIONS))
        rng.shuffle(turns)
        turned = next(r for t in turns for r in [burr_spheres.relative(t, dict.fromkeys(piece, 0))] if r is not None)
        voxels = on_grid(turned)
        hotspot = rng.choice([(0, 0, 0), rng.choice(voxels)])
        shapes.append(shape(voxels, hotspot))
    problem = xmpuzzle.Problem(tuple(xmpuzzle.Part(n, 1, 1) for n in range(1, len(shapes))), 0)
    return xmpuzzle.Puzzle(2, tuple(shapes), (problem,))


# --- the checks ----------------------------------------------------------------------------------------------------

def decoded(file: xmpuzzle.Puzzle, problem: xmpuzzle.Problem, assembly) -> list | None:
    """The voxels of each placed piece with xlsolver's numbering, None unless they fill the result exactly."""
    result = file.shapes[problem.result].voxels
    shapes = [file.shapes[part.shape] for part in problem.parts for _ in range(part.high)]
    cells, used = [], []
    for piece, placement in zip(shapes, assembly):
        if placement is None:
            cells.append(None)
            continue
        try:
            placed = set(BALLS.placed_cells(dict.fromkeys(piece.voxels, 0), piece.hotspot, placement))
        except ValueError:
            return None
        cells.append(placed)
        used += placed
    must = {v for v, (state, _) in result.items() if state == xmpuzzle.FILLED}
    return cells if len(used) == len(set(used)) and must <= set(used) <= set(result) else None


def check_puzzle(binary: Path, path: Path, limit: int, seconds: float, tally: Counter) -> None:
    file = xmpuzzle.read(xmpuzzle.text_of(path.read_bytes()))
    # the hotspots as BurrTools' Solve button sets them: each on the ball nearest the origin
    solved = xmpuzzle.Puzzle(2, tuple(replace(s, hotspot=burr_spheres.hotspot(s.voxels)) for s in file.shapes),
                             file.problems)
    problem = solved.problems[0]
    found, finished = assemblies(binary, path, limit, seconds)
    for assembly in found:
        cells = decoded(solved, problem, assembly)
        tally["BurrTools' assemblies"] += 1
        tally["... filling the result, decoded by xlsolver"] += cells is not None
        for piece, placement, placed in zip(solved.shapes[1:], assembly, cells or ()):
            again = BALLS.placement_of(dict.fromkeys(piece.voxels, 0), piece.hotspot, dict.fromkeys(placed, 0))
            tally["placements"] += 1
            tally["... turns other than the cube's"] += placement[3] >= 24
            tally["... written back by xlsolver as BurrTools wrote them"] += again == placement
    burr = families.get("burrtools")
    puzzle = burr.parse(xmpuzzle.dumps(file).splitlines(), Settings({}))
    if finished:
        counted = burr.count(puzzle, Ask(time_limit=seconds))
        tally["puzzles BurrTools counted"] += 1
        tally["... xlsolver counting the same"] += counted.data["solutions"] == len(found)
    burr.solve(puzzle, Ask())
    if puzzle.shown is None:
        return
    out = path.with_name(path.stem + "-written.xmpuzzle")
    out.write_bytes(burr.file_form(".xmpuzzle").write(puzzle))
    written = xmpuzzle.read(xmpuzzle.text_of(out.read_bytes()))
    [assembly] = written.problems[0].solutions
    theirs = placed_by_burrtools(binary, out)
    mine = {}
    for option in puzzle.shown:
        label = puzzle.built.cover.labels[option]
        mine.setdefault(label.letter, set()).add(frozenset(label.cells))
    read_back: dict = {}
    for index, piece in enumerate(p for p in puzzle.built.pieces for _ in range(p.high)):
        read_back.setdefault(piece.letter, set()).add(frozenset(theirs.get((0, 0, index), ())))
    tally["solutions xlsolver wrote"] += 1
    tally["... BurrTools reading every piece onto the same balls"] += read_back == mine
    tally["... turns other than the cube's written"] += sum(p[3] >= 24 for p in assembly if p)


def check_files(binary: Path, folder: Path, tally: Counter) -> None:
    for path in sorted(folder.iterdir()):
        try:
            file = xmpuzzle.read(xmpuzzle.text_of(path.read_bytes()))
        except (OSError, xmpuzzle.FormatError):
            continue
        if file.grid != 2:
            continue
        theirs = placed_by_burrtools(binary, path)
        for p, problem in enumerate(file.problems):
            for s, assembly in enumerate(problem.solutions):
                cells = decoded(file, problem, assembly)
                tally[f"{path.name}: recorded assemblies"] += 1
                tally[f"{path.name}: ... filling the result, decoded by xlsolver"] += cells is not None
                tally[f"{path.name}: ... every piece where BurrTools puts it"] += cells is not None and all(
                    placed is None or theirs.get((p, s, i)) == placed for i, placed in enumerate(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree", type=Path, help="BurrTools' source: a folder holding src/, or its git repository")
    parser.add_argument("--puzzles", type=int, default=40, help="random puzzles (default 40)")
    parser.add_argument("--limit", type=int, default=2000, help="BurrTools' assemblies read per puzzle (default 2000)")
    parser.add_argument("--seconds", type=float, default=60, help="time BurrTools may take per puzzle (default 60)")
    parser.add_argument("--files", type=Path, help="a folder of .xmpuzzle files: check what its sphere files record")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tree = source(args.tree)
    theirs, mine = table(tree), burr_spheres.turns()
    same = sum(a == tuple(tuple(Fraction(k, 3) for k in row) for row in b) for a, b in zip(theirs, mine))
    print(f"table: {same} of {len(theirs)} of BurrTools' matrices equal xlsolver's ({len(mine)} turns)")
    binary = oracle(tree)
    tally: Counter = Counter()
    if args.files:
        check_files(binary, args.files, tally)
    folder = BUILD / "puzzles"
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    for number in range(args.puzzles):
        kind = number % 3
        result = tetrahedron(4) if kind == 0 else tetrahedron(5) if kind == 1 else blob(rng, rng.randint(10, 20))
        path = folder / f"puzzle-{number}.xmpuzzle"
        path.write_bytes(xmpuzzle.to_bytes(random_puzzle(rng, result)))
        check_puzzle(binary, path, args.limit, args.seconds, tally)
        print(f"puzzle {number + 1} of {args.puzzles}: " + ", ".join(f"{k} {v:,}" for k, v in tally.items()
                                                                    if not k.startswith(".")), file=sys.stderr)
    for key, value in tally.items():
        print(f"{key}: {value:,}")


if __name__ == "__main__":
    main()
