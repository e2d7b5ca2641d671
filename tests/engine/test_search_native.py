"""The first-item search's C loop (search_kernel.c) against numba's (_kernels.py): same counts, nodes, solutions in
the same order, the same state after every slice; and what having it changes: a count that needs no numba."""
from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver import ExactCover, engine
from xlsolver.engine import dlx_text
from xlsolver.engine import estimate, fast, search_native
from xlsolver.engine.exact_cover import FEWEST, FIRST
from problems import langford, queens, small_problems
from test_colours import dodecahedron, langford_secondary_slots, random_coloured
from test_fast_engine import board_problem, domino_problem

both_copies = pytest.mark.skipif(search_native.load() is None or not fast.available(),
                                 reason="needs the C search and numba")


def test_the_c_search_is_built_here():
    """pip install compiles search_kernel.c (setup.py); without it every compiled search pays numba's start."""
    assert fast.native(), "the C search was not built: pip install -e . needs a C compiler"


def by_numba(run):
    """``run()`` with the C library absent, as where no compiler built it: numba's copy runs."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search_native, "load", lambda: None)
        assert fast.kernels() is fast.load("_kernels")
        return run()


def figures(problem: ExactCover, given_options=(), limit=3, most=None):
    """Everything a copy of the loop decides: every solution in order (the first ``most``), and the count, first
    solution, nodes and whether the tree was exhausted, with a limit and (without ``most``) without one."""
    compiled = fast.compiled_for(problem)
    return (list(itertools.islice(fast.stream(compiled, given_options), most)),
            fast.tally(compiled, given_options, limit=limit),
            None if most else fast.tally(compiled, given_options))


def wide_coloured(seed: int) -> ExactCover:
    """Dominoes on 3 x 50 cells (150 primary items: three words), one in ten also taking one of a few secondary
    items in colour a or b."""
    plain, rng = domino_problem(seed, 3, 50, 0), random.Random(seed)
    problem = ExactCover(plain.primary, ["s0", "s1", "s2"])
    for option in range(len(plain.options)):
        items, colours = plain.option_items(option), [""] * 2
        if rng.random() < 0.1:
            items, colours = items + [rng.choice(problem.secondary)], colours + [rng.choice("ab")]
        problem.add_option(items, colours=colours)
    return problem


#: Whole trees: (problem, solutions)
WHOLE = {
    "queens 8": (lambda: queens(8), 92),
    "langford 8, slots secondary": (lambda: langford_secondary_slots(8), 300),
    "dodecahedron (colours, 4 words)": (dodecahedron, 300),
    "3x20 tiling": (lambda: board_problem("3x20"), 8),
}
#: Trees too big to finish, over 128 bits: their first solutions and the nodes to a limit
WIDE = {
    "dominoes 4 x 33 with secondary items (3 words)": lambda: domino_problem(2, 4, 33, 60),
    "dominoes 3 x 50, coloured (3 words)": lambda: wide_coloured(5),
}


@both_copies
@pytest.mark.parametrize("name", WHOLE)
def test_both_copies_find_the_same_solutions_in_the_same_order_with_the_same_nodes(name):
    problem, solutions = WHOLE[name][0](), WHOLE[name][1]
    c = figures(problem)
    assert c == by_numba(lambda: figures(problem))
    assert len(c[0]) == c[2][0] == solutions and all(problem.is_solution(s) for s in c[0])


@pytest.mark.slow
@both_copies
@pytest.mark.parametrize("name", WIDE)
def test_both_copies_agree_on_problems_wider_than_two_words(name):
    problem = WIDE[name]()
    assert fast.compiled_for(problem).words == 3
    c = figures(problem, limit=2000, most=5000)
    assert c == by_numba(lambda: figures(problem, limit=2000, most=5000))
    assert len(c[0]) == 5000 and c[1][0] == 2000 and all(problem.is_solution(s) for s in c[0][::100])


@pytest.mark.slow
@both_copies
@settings(max_examples=100, deadline=None)
@given(st.one_of(small_problems(), st.integers(0, 10**6).map(random_coloured)), st.data())
def test_both_copies_agree_on_random_problems_with_given_options(problem, data):
    forced = sorted(data.draw(st.sets(st.integers(0, len(problem.options) - 1), max_size=2))) if problem.options else []
    limit = data.draw(st.integers(1, 4))
    assert figures(problem, forced, limit) == by_numba(lambda: figures(problem, forced, limit))


@pytest.mark.slow
@both_copies
@pytest.mark.parametrize("name", ["langford 8, slots secondary", "dodecahedron (colours, 4 words)"])
def test_both_copies_resume_alike_from_slices_of_a_few_nodes(monkeypatch, name):
    """Hundreds of slices of 1-9 nodes, with a buffer of 16 solutions: after every slice the same nodes, the
    same count and the same share of the tree explored (read from the stack the loop leaves)."""
    monkeypatch.setattr(fast, "FIRST_SLICE", 1)
    problem = WHOLE[name][0]()

    def run():
        sizes = iter(random.Random(1).choices(range(1, 10), k=10**6))  # the same slices for each copy
        monkeypatch.setattr(fast, "next_slice", lambda *_: next(sizes))
        ticks = []
        solutions = list(fast.stream(fast.compiled_for(problem), tick=lambda *a: ticks.append(a) and False))
        return solutions, ticks

    (c_solutions, c_ticks), numba = run(), by_numba(run)
    assert (c_solutions, c_ticks) == numba
    assert len(c_ticks) > 300 and len(c_solutions) > 16


def test_a_library_built_from_another_version_of_the_c_file_is_not_used(monkeypatch):
    monkeypatch.setattr(search_native, "ABI", -1)
    search_native.load.cache_clear()
    try:
        assert search_native.load() is None and not fast.native()
        assert engine.load_seconds()[FIRST] == engine.load_seconds()[FEWEST]  # numba's, whatever it costs now
        result = engine.count(queens(8), engine=fast.NAME)
        assert (result.solutions, result.engine) == (92, "compiled-first")
    finally:
        monkeypatch.undo()
        search_native.load.cache_clear()


@pytest.mark.skipif(not fast.native(), reason="needs the C search")
def test_the_c_search_costs_no_loading_in_the_choice_of_engine():
    assert engine.load_seconds()[FIRST] == 0.0
    # the dodecahedron: a search of a hundredth of a second compiled, half a second in Python
    chosen = estimate.choice(dodecahedron(), load=engine.load_seconds())
    assert chosen.compiled
    assert engine.choose("auto", dodecahedron()) is engine.BY_RULE[chosen.rule][1]
    assert not estimate.choice(dodecahedron(), load={FIRST: estimate.LOAD_SECONDS, FEWEST: estimate.LOAD_SECONDS}).compiled


FRESH = """
import json, sys
from xlsolver import engine
from xlsolver.engine import dlx_text
from xlsolver.engine import search_native
from xlsolver.engine import fast_fewest, fewest, fewest_native
if sys.argv[2] == "absent":
    search_native.ABI = -1  # as libraries built from other versions of the C files: not loaded
    fewest_native.ABI = -1
    fewest_native._library.cache_clear()
    engine.BY_RULE["fewest"] = (fewest, fast_fewest)  # as engine/__init__.py chooses where it is not built
result = engine.count(dlx_text.loads(open(sys.argv[1]).read()))
print(json.dumps([result.solutions, result.engine, "numba" in sys.modules]))
"""


@pytest.mark.slow
@pytest.mark.skipif(not fast.native() or not fast.available(), reason="needs the C search and numba")
@pytest.mark.parametrize("name, problem, solutions", [("queens12", queens(12), 14200),
                                                      ("dodecahedron", dodecahedron(), 300)])
def test_a_fresh_count_runs_the_c_search_without_importing_numba_and_numba_without_it(tmp_path, name, problem,
                                                                                      solutions):
    path = tmp_path / f"{name}.dlx"
    path.write_text(dlx_text.dumps(problem))
    ran = {}
    for library in ("built", "absent"):
        done = subprocess.run([sys.executable, "-c", FRESH, str(path), library], capture_output=True, text=True,
                              check=True)
        ran[library] = json.loads(done.stdout)
    assert ran["built"][0::2] == [solutions, False] and ran["built"][1] in ("compiled-first", "compiled-fewest")
    assert ran["absent"][0] == solutions and ran["absent"] != ran["built"]  # numba's copy, or plain Python
