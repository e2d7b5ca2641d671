"""How big is the search tree, and how long will it take?  Knuth's random walks, many at once.

Walk from the root taking a random non-clashing option at each node; the product
of the branching factors along the way is an unbiased estimate of the number of
nodes at each depth, and, weighting what each node costs the same way, of the
work of the whole search (Knuth, "Estimating the efficiency of backtrack
programs", 1975).  Single walks vary wildly on these trees (a sudoku's
first-item tree was once estimated at 5.6e4 nodes for 1.7e7), so the walks go
down together: at each depth all children of the nodes in hand are counted and
a random sample of them is kept (Chen's heuristic sampling, 1992).  That costs
milliseconds and tells which branching rule makes the cheaper search, and
whether loading compiled code pays.

One estimate per rule: :func:`first_item` (first uncovered item, the reference
engine's tree) and :func:`fewest` (fewest options, ``fewest.py``'s tree).  Work
is counted in the compiled kernels' steps (a node, a candidate checked, a count
lowered and raised, an item compared) and turned into seconds with the per-step
costs below, fitted to the kernels' times on bench/general.py's problems.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .exact_cover import AUTO, FEWEST, FIRST, ExactCover
from . import colour_bits, fewest_native, footprint, search_native
from .fast import FIRST_SLICE
from .fewest import tables
from .reference import claim_masks, compile_masks

# Seconds per step of the compiled first-item kernel: a node, a 64-bit word of a candidate checked
# against the covered mask (masks are two words at least); numba's copy of the loop.
FIRST_NODE, FIRST_CHECK = 6e-9, 1.2e-9
#: The C copy of that loop (search_kernel.c, run where built) takes this share of numba's time
#: (bench/search_copies.py: 0.63 on 6x10, 0.72 on 14 queens, 0.75 on Langford 12).
C_FIRST_SHARE = 0.7
# Seconds per step of the compiled fewest-options kernel: a node, an entry of a column looked at or an
# item count lowered (taking options out and putting them back), an uncovered item compared.
FEWEST_NODE, FEWEST_UPDATE, FEWEST_SCAN = 220e-9, 1.9e-9, 1.1e-9
#: The C kernel of that search (fewest_kernel.c, where built).  With a bit per option, a node costs
#: C_BIT_NODE and C_BIT_WORD for each word of the rows it reads: every uncovered item's (its count) and
#: every entry's of the option taken (fitted on 13 queens, Langford 12 and pentominoes 6x10: 117 ns a node at
#: 45 words, 112 at 46, 652 at 843).  With lists, C_LIST_SHARE of the numba kernel's time.
C_BIT_NODE, C_BIT_WORD, C_LIST_SHARE = 90e-9, 0.67e-9, 0.5
#: Seconds a fresh process takes to import numba and load the cached kernels (the C copies of the loops,
#: where built, start in a millisecond: ``engine.load_seconds``).
LOAD_SECONDS = 0.7
#: How many times slower than compiled code the plain-Python engines run (measured 20-80 and 12-40).
PYTHON_SLOWER = {FIRST: 40.0, FEWEST: 25.0}
#: Steps the fewest-options estimate may take (about 40 ns each in Python), or up to its share of the
#: best time estimated before it.  Steps, not seconds: the choice is repeatable.
FEWEST_STEPS, ESTIMATE_SHARE, PYTHON_STEP = 150_000, 0.05, 40e-9
#: What the C fewest-options search may cost, by its cost model, before a count is estimated at all: a search
#: this small is run (``small_search``), and costs less than its estimates (a few ms on small problems).
TRIAL_SECONDS = 0.005
#: The fewest-options sample (nodes kept per depth; after the steps, fewer): on tilings a sample of 16
#: came out 3% to 2 times the tree of 6x10 over five seeds, one of 64 from 43% to 2.6 times (estimate's
#: cost there 0.08 s, within its share of a search of 1.6 s).
FEWEST_POPULATION, FEWEST_LATE = 64, 16


@dataclass(frozen=True)
class Estimate:
    nodes: float  # search-tree nodes (each option tried is a node)
    seconds: float  # the compiled search's time
    solutions: float  # solutions in the tree (0 when no walk reached one)
    python_seconds: float | None = None  # the time PYTHON_SLOWER scales for the plain-Python search (None: seconds)


@dataclass(frozen=True)
class Choice:
    rule: str  # FIRST or FEWEST
    compiled: bool
    seconds: float  # the compiled search of that rule, on its share of the tree (no loading, no Python)
    solutions: float = 0.0  # the solutions its tree holds (0 when no walk reached one)


def choice(problem: ExactCover, given: Sequence[int] = (), rule: str = AUTO, python: bool = True,
           compiled: bool = True, limit: int | None = None, load: Mapping[str, float] | None = None) -> Choice:
    """The branching rule and kind of engine estimated to finish first, and its search's estimate.

    ``rule`` FIRST or FEWEST fixes the rule (AUTO weighs both); ``python`` and
    ``compiled`` say which kinds of engine may run; compiled code of a rule costs
    ``load[rule]`` more to start (by default LOAD_SECONDS: numba's; ``engine.load_seconds``
    knows what this process pays).  A search that stops after ``limit`` solutions costs its
    :func:`share` of the tree.  The fewest-options estimate, the dearer one, takes
    FEWEST_STEPS, or up to ESTIMATE_SHARE of the best time estimated before it.  Where the
    fewest-options search's C kernel starts at once, a search small enough to end within
    :func:`small_search`'s trial is chosen without any estimate.
    """
    loads = {FIRST: LOAD_SECONDS, FEWEST: LOAD_SECONDS} if load is None else load
    if rule != FIRST and compiled and loads[FEWEST] == 0.0 and fewest_native.ready():
        measured = small_search(problem, given, limit)
        if measured is not None:
            return measured
    choices: list[tuple[float, str, bool, float, float]] = []
    for each in (FIRST, FEWEST) if rule == AUTO else (rule,):
        if each == FIRST:
            tree = first_item(problem, given)
        else:
            best = min((choice[0] for choice in choices), default=0.0)
            budget = max(FEWEST_STEPS, int(ESTIMATE_SHARE * best / PYTHON_STEP))
            tree = fewest(problem, given, population=FEWEST_POPULATION, steps=budget, late=FEWEST_LATE)
        seconds = tree.seconds * share(tree, limit)
        if python:
            priced = (tree.seconds if tree.python_seconds is None else tree.python_seconds) * share(tree, limit)
            choices.append((priced * PYTHON_SLOWER[each], each, False, seconds, tree.solutions))
        if compiled:
            choices.append((loads[each] + seconds, each, True, seconds, tree.solutions))
    _, best_rule, fast, seconds, solutions = min(choices, key=lambda choice: choice[0])  # ties: the first listed
    return Choice(best_rule, fast, seconds, solutions)


def small_search(problem: ExactCover, given: Sequence[int] = (), limit: int | None = None) -> Choice | None:
    """The fewest-options search in C (which starts at once), run for what TRIAL_SECONDS buys by its cost model:
    a search that ends there is chosen, measured, not estimated (its estimates would cost more than it; the
    dodecahedron's took 20 ms for a search of 3); None when it runs on (it cost at most that, and the
    estimates decide).  Counted in nodes, so the choice is the same on any machine.  The kernel looks at the
    count between slices only, and a slice after the first lasts ``fast.SLICE_SECONDS``: so the trial ends
    within the first slice's nodes (or as many past the first solution), never in a second, longer one."""
    node_seconds = _node_seconds(problem)
    most = max(1, min(int(TRIAL_SECONDS / node_seconds), FIRST_SLICE))
    found, _, nodes, exhausted = fewest_native.count(problem, given, lambda seen, *_, **__: seen >= most, limit)
    if not exhausted and (limit is None or found < limit):
        return None
    return Choice(FEWEST, True, nodes * node_seconds, float(found))


def _node_seconds(problem: ExactCover) -> float:
    """A node of the C fewest-options search, at most (every primary item's row read, as fewest_native.bits
    weighs the two ways of keeping live options)."""
    n_options, n_primary = max(len(problem.options), 1), len(problem.primary)
    entries = max(footprint.entries(problem), 1)
    per_option, per_item = entries / n_options, entries / max(len(problem.items), 1)
    if fewest_native.bits(problem):
        return C_BIT_NODE + C_BIT_WORD * -(-n_options // 64) * (n_primary + per_option)
    return C_LIST_SHARE * (FEWEST_NODE + FEWEST_UPDATE * (n_primary + per_option * per_option * per_item))


def share(tree: Estimate, limit: int | None) -> float:
    """The part of the tree a search visits before it has ``limit`` solutions (None: all of them),
    taking the solutions as spread evenly through the tree (one hard to reach costs the whole tree)."""
    if limit is None or tree.solutions <= limit:
        return 1.0
    return max(limit, 1) / tree.solutions


def tree_size(problem: ExactCover, given: Sequence[int] = (), walks: int = 64, seed: int = 1) -> float:
    """Estimated number of nodes of the first-item search (``walks``: the sample kept at each depth)."""
    return first_item(problem, given, walks, seed).nodes


def first_item(problem: ExactCover, given: Sequence[int] = (), population: int = 64, seed: int = 1) -> Estimate:
    """The first-item search (reference engine, ``fast.py``): nodes, compiled seconds, solutions.

    Depth by depth, every child of the nodes in hand is counted, and a random
    ``population`` of them is kept to go deeper, each standing for its share of
    the depth's count (Chen's heuristic sampling: Knuth's walks, many at once,
    which tames the heavy tails of these trees).
    """
    all_primary, by_first, masks = compile_masks(problem)
    claims = claim_masks(problem, masks)  # with colours: what an option covers is not what it needs free
    start = 0
    for option in given:
        if masks[option] & start:
            return Estimate(0.0, 0.0, 0.0)
        start |= claims[option]
    step = C_FIRST_SHARE if search_native.load() is not None else 1.0
    check, node = step * FIRST_CHECK * max(2, -(-len(problem.items) // 64)), step * FIRST_NODE
    rng = random.Random(seed)
    level, weight = [start], 1.0  # the nodes in hand, each standing for `weight` nodes
    nodes = work = solutions = 0.0
    while level:
        children = []
        for covered in level:
            free = all_primary & ~covered
            if not free:
                solutions += weight
                continue
            candidates = by_first[(free & -free).bit_length() - 1]
            work += weight * len(candidates) * check  # a level checks its candidates once
            children += [covered | claims[option] for mask, option in candidates if not mask & covered]
        if not children:
            break
        count = weight * len(children)
        nodes += count
        work += count * node
        level = children if len(children) <= population else rng.sample(children, population)
        weight = count / len(level)
    return Estimate(nodes, work, solutions)


def fewest(problem: ExactCover, given: Sequence[int] = (), population: int = 16, seed: int = 1,
           steps: int = FEWEST_STEPS, late: int = 4) -> Estimate:
    """The fewest-options search (``fewest.py``; compiled, ``fewest_native.py`` or ``fast_fewest.py``): nodes,
    compiled seconds, solutions.

    Sampled as :func:`first_item`; each node kept costs what a node of
    ``fewest.py`` costs, so after ``steps`` only ``late`` nodes are kept per depth.
    """
    options = list(problem.options)  # tuples at hand: a packed option is made anew at every read
    needs, claims, bits = colour_bits.split(problem)
    options_of, primary_of, step, start_key = tables(problem, needs, bits)  # as fewest.py searches
    start_alive = bytearray(b"\x01") * len(options)

    def take(option: int, alive: bytearray, key: dict[int, int], skip: int = -1) -> int:
        """Choose ``option``: kill what clashes; return the steps it took but for item ``skip``'s column
        (column entries looked at, counts lowered now and raised again on the way back)."""
        steps = 0
        for item in claims[option]:
            counts = item != skip
            steps += counts * len(options_of[item])
            for other in options_of[item]:
                if alive[other]:
                    alive[other] = 0
                    steps += counts * 2 * len(options[other])
                    for counted in primary_of[other]:
                        key[counted] -= step
        for item in primary_of[option]:
            del key[item]
        return steps

    for option in given:
        if not start_alive[option]:
            return Estimate(0.0, 0.0, 0.0)
        take(option, start_alive, start_key)
    rng = random.Random(seed)
    spent = 0
    level, weight = [(start_alive, start_key)], 1.0
    nodes = work = solutions = 0.0
    words = -(-len(options) // 64)
    bit_work = 0.0  # the C kernel's bit mode: the words of rows its nodes read
    while level:
        children = []  # (parent's state, option, branching item)
        for alive, key in level:
            if not key:
                solutions += weight
                continue
            work += weight * len(key) * FEWEST_SCAN
            bit_work += weight * len(key)
            tightest = min(key.values())
            if tightest < step:
                continue
            item = tightest % step
            fits = [option for option in options_of[item] if alive[option]]
            # the level takes its candidates out once; each node then the rest of its option
            work += weight * (len(options_of[item]) + 2 * sum(len(options[o]) for o in fits)) * FEWEST_UPDATE
            bit_work += weight * sum(len(options[o]) for o in fits)
            children += [(alive, key, option, item) for option in fits]
        if not children:
            break
        count = weight * len(children)
        nodes += count
        rng.shuffle(children)
        level, taken = [], 0
        for alive, key, option, item in children[:population]:
            if len(level) >= late and spent + taken > steps:
                population = late  # out of steps: keep fewer (a random few all the same)
                break
            alive, key = alive[:], dict(key)
            taken += take(option, alive, key, item)
            level.append((alive, key))
        spent += taken
        weight = count / len(level)
        work += count * (FEWEST_NODE + taken / len(level) * FEWEST_UPDATE)
    if not fewest_native.ready():
        return Estimate(nodes, work, solutions)
    compiled = nodes * C_BIT_NODE + bit_work * words * C_BIT_WORD if fewest_native.bits(problem) else \
        work * C_LIST_SHARE
    return Estimate(nodes, compiled, solutions, python_seconds=work)  # Python's slowness is measured on numba's
