"""engine.count's limit: exact when there are exactly ``limit`` solutions, a lower bound beyond."""
from __future__ import annotations

import pytest

from xlsolver import ExactCover, count, first_solution, uniqueness


def two_solutions() -> ExactCover:
    problem = ExactCover(["a", "b"])
    for items in (["a"], ["b"], ["a", "b"]):
        problem.add_option(items)
    return problem


@pytest.mark.parametrize("engine", ["reference", "auto"])
def test_a_limit_met_exactly_is_a_complete_count(engine):
    exact = count(two_solutions(), limit=2, engine=engine)
    assert (exact.solutions, exact.complete, exact.stopped) == (2, True, None)
    above = count(two_solutions(), limit=5, engine=engine)
    assert (above.solutions, above.complete) == (2, True)
    below = count(two_solutions(), limit=1, engine=engine)
    assert (below.solutions, below.complete, below.stopped) == (1, False, "limit")


def test_first_solution_and_uniqueness_stop_at_their_limit():
    assert first_solution(two_solutions()).stopped == "limit"
    unique = uniqueness(two_solutions())
    assert unique.solutions == 2 and unique.unique is False
