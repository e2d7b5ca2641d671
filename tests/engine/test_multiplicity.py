"""Knuth's multiplicities (DLX3): primary items covered between u and v times."""
from __future__ import annotations

import pytest

from xlsolver.engine.exact_cover import ExactCover, ProblemError


def test_bounds_are_kept_by_name_and_read_by_index():
    problem = ExactCover(["a", "b", "c"], ["x"], bounds={"a": (0, 2), "b": (1, 1), "c": (3, 3)})
    assert problem.bounds == {"a": (0, 2), "c": (3, 3)} and problem.multiplicities
    assert problem.primary_bounds() == [(0, 2), (1, 1), (3, 3)] and problem.bounds_of(3) == (0, 1)
    plain = ExactCover(["a"], bounds={"a": (1, 1)})
    assert plain.bounds is None and not plain.multiplicities and plain.bounds_of(0) == (1, 1)
    for option in (["a"], ["a", "c"], ["c"], ["c", "b"], ["c", "x"]):
        problem.add_option(option)
    assert problem.is_solution((1, 2, 3)) and problem.is_solution((2, 3, 4))  # a twice / a never
    assert problem.is_solution((0, 1, 2, 3)) and not problem.is_solution((0, 1, 2, 3, 4)) and not problem.is_solution((2, 3))
    sub, kept = problem.restricted([2, 3, 4])
    assert sub.bounds == problem.bounds and sub.is_solution((0, 1, 2))


@pytest.mark.parametrize("bounds, message", [
    ({"x": (2, 2)}, "'x': it is a secondary item"),
    ({"z": (2, 2)}, "'z': it is not an item"),
    ({"a": (3, 2)}, "0 <= u <= v"),
    ({"a": (0, 0)}, "1 <= v"),
    ({"a": (-1, 2)}, "0 <= u <= v"),
    ({"a": (1, 2**31)}, "v <= 2,147,483,647"),
    ({"a": (1.5, 2)}, "whole numbers"),
    ({"a": (True, 2)}, "whole numbers"),
    ({"a": 2}, r"a pair \(u, v\)"),
    ([("a", (1, 2))], "must map item names"),
])
def test_bad_bounds_are_refused(bounds, message):
    with pytest.raises(ProblemError, match=message):
        ExactCover(["a"], ["x"], bounds=bounds)
