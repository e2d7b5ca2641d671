"""Big but easy problems (issue 28): reading and encoding cost memory linear in the problem, a forced
item is found without scanning every item, and a problem too big for the memory limit is refused in one line."""
from __future__ import annotations

import json
import subprocess
import sys
import tracemalloc

import pytest

from xlsolver import cli, engine
from xlsolver.engine.dlx_text import loads
from xlsolver.engine import TooBig, fewest, footprint
from helpers import short_search


def singles(n: int) -> str:
    """n items and n options of one item each: one solution, every item forced."""
    names = [f"i{k}" for k in range(n)]
    return " ".join(names) + "\n" + "\n".join(names) + "\n"


def one_option(n: int) -> str:
    """n items and a single option of them all."""
    line = " ".join(f"i{k}" for k in range(n))
    return f"{line}\n{line}\n"


def peak_bytes(text: str) -> int:
    """Peak memory traced while reading ``text``, choosing its engine and finding its solution."""
    tracemalloc.start()
    try:
        problem = loads(text)
        result = engine.first_solution(problem)
        assert result.first is not None
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.slow
@pytest.mark.parametrize("make", [singles, one_option])
def test_reading_and_encoding_memory_grows_as_the_problem(make):
    small, big = peak_bytes(make(5_000)), peak_bytes(make(20_000))
    assert big < 6 * small  # linear: about 4x; bit masks of every option (before issue 28): 16x


def test_a_forced_item_is_branched_on_first():
    # c has one option, a and b two each: c's option is taken first, then a's first, then b's last one
    problem = loads("a b c\na\na b\nb\nc\n")
    for name in ("fewest", "numba-fewest"):
        assert engine.first_solution(problem, engine=name).first == (3, 0, 2)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["fewest", "numba-fewest", "compiled-fewest"])
def test_a_big_trivial_problem_costs_a_node_an_item(name):
    # scanning every uncovered item at each node would take 5 * 10^9 steps here
    problem = loads(singles(100_000))
    result = engine.count(problem, engine=name)
    assert (result.solutions, result.complete, result.nodes) == (1, True, 100_000)


def test_a_big_problem_is_searched_without_masks_or_estimates():
    problem = loads(singles(100_000))
    assert footprint.big(problem) and footprint.dense_bytes(problem) > footprint.DENSE_BYTES
    assert engine.choose("auto", problem, limit=1) is short_search(fewest)
    result = engine.count(problem)
    assert (result.solutions, result.complete) == (1, True)


@pytest.mark.slow
def test_one_option_of_300000_items_is_counted_with_a_stack_as_deep_as_the_options(tmp_path):
    """The compiled first-item search kept a row of its stack per primary item: 11 GB here, past a 3 GB
    address space (an internal error) once that search started at once (its C copy); one option, one level."""
    resource = pytest.importorskip("resource")  # POSIX
    path = tmp_path / "one.dlx"
    path.write_text(one_option(300_000))

    def small_address_space():
        resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))

    done = subprocess.run([sys.executable, "-m", "xlsolver", "count", str(path), "--json"], capture_output=True,
                          text=True, preexec_fn=small_address_space)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["solutions"] == 1


def test_a_problem_beyond_the_memory_limit_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    problem = loads(one_option(50_000))
    footprint.check(problem, 8)  # a few MB
    monkeypatch.setattr(footprint, "SEARCH_MB", 1)  # the floor --memory cannot lower, made small for a small file
    with pytest.raises(TooBig, match=r"needs about \d MB to search \(50,000 items, 1 options, 50,000 entries\), "
                                     r"more than the memory limit of 1 MB"):
        engine.count(problem, memory_mb=1)
    path = tmp_path / "big.dlx"
    path.write_text(one_option(50_000))
    assert cli.main(["count", str(path), "--memory", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "memory limit of 1 MB; raise it with 'xlsolver count --memory MB'" in err
    assert cli.main(["count", str(path), "--memory", "8"]) == 0


def test_a_gigantic_line_is_refused_in_one_short_line(tmp_path, capsys):
    path = tmp_path / "giant.dlx"
    path.write_text("a\n" + "x" * 5_000_000 + "\n")
    assert cli.main(["count", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400 and "undeclared item 'xxx" in err and "5,000,000 characters" in err
