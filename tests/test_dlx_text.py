"""Knuth's DLX text format: read, write, replay."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver import count
from xlsolver.engine import dlx_text
from xlsolver.engine.dlx_text import FormatError, dumps, loads
from problems import knuth_example, small_problems

KNUTH_TEXT = """\
| The example of Knuth's 'Dancing Links' paper
A B C D E F G
C E F
A D G
B C F
A D
B G
D E G
"""


def test_reads_knuth_example_with_comments():
    problem = loads(KNUTH_TEXT)
    assert problem.primary == list("ABCDEFG") and problem.secondary == []
    assert len(problem.options) == 6
    assert count(problem).solutions == 1


def test_writes_what_it_reads():
    assert dumps(knuth_example()) == "".join(KNUTH_TEXT.splitlines(keepends=True)[1:])


def test_secondary_items_follow_the_bar():
    problem = loads("a b | x y\na x\nb y\na\nb x y\n")
    assert problem.primary == ["a", "b"] and problem.secondary == ["x", "y"]
    assert count(problem).solutions == 3
    assert dumps(problem).splitlines()[0] == "a b | x y"


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
@settings(max_examples=200, deadline=None)
@given(small_problems())
def test_round_trip_keeps_items_options_and_solutions(problem):
    again = loads(dumps(problem, comment="round trip\nsecond line"))
    assert (again.primary, again.secondary, again.options) == (problem.primary, problem.secondary, problem.options)
    assert count(again).solutions == count(problem).solutions


@pytest.mark.parametrize("text, message", [
    ("", "no item line"),
    ("| only a comment\n", "no item line"),
    ("| x\n", "no item line"),
    ("a b\na c\n", r"line 2: .*undeclared item 'c'"),
    ("a | x | y\n", "line 1: .*one '\\|'"),
    ("a b\na:red b\n", "line 2: item .a. is primary; only secondary items take a colour"),
    ("a a\n", "line 1: .*declared twice"),
])
def test_bad_text_names_the_line(text, message):
    with pytest.raises(FormatError, match=message):
        loads(text)


def test_options_of_secondary_items_only_are_read_and_never_chosen():
    problem = loads("a | x\na\nx\n")
    assert problem.options == [(0,), (1,)]
    assert count(problem).solutions == 1 and dumps(problem).endswith("a\nx\n")


# --- ASCII text is read all at once (numpy); other text line by line: the same problem, the same message ---

ASCII_TOKENS = ["a", "b", "c", "d", "ab", "x", "y", "|", "a|b", "a:1", "|c", "bb", "c" * 70]
ASCII_SPACES = [" ", "  ", "\t", "\x1f", "\r", "\r\n", "\n", "\x0b", "\x0c", "\x1c", "\n\n"]


@st.composite
def ascii_dlx_texts(draw):
    parts = draw(st.lists(st.one_of(st.sampled_from(ASCII_TOKENS), st.sampled_from(ASCII_SPACES)), max_size=30))
    return draw(st.sampled_from(["", "a b c | x y\n", "a b\n", "| comment\na b c\n"])) + "".join(parts)


def read(text, packed=False):
    """What the line-by-line reader makes of ``text``, or with ``packed`` the array reader (for ASCII text
    with no colours; :func:`loads` takes it for long text only)."""
    try:
        problem = (dlx_text._packed(text.encode("ascii")) or dlx_text._by_line(text)) if packed else \
            dlx_text._by_line(text)
    except FormatError as err:
        return str(err)
    return list(problem.primary), list(problem.secondary), list(problem.options), list(problem.labels)


@pytest.mark.slow  # a deep check: CI's slow run (the quick run keeps under 3 minutes)
@settings(max_examples=400, deadline=None)
@given(ascii_dlx_texts())
def test_ascii_text_reads_as_any_text(text):
    assert text.isascii()
    assert read(text, packed=True) == read(text)


def test_a_big_ascii_problem_is_read_into_arrays():
    names = [f"i{k}" for k in range(40_000)]  # 500 KB: past dlx_text.PACKED_ABOVE (a small file is read by line)
    text = " ".join(names) + " | s\n" + "\n".join(names[::-1]) + "\ni0 s\n"
    assert len(text) >= dlx_text.PACKED_ABOVE
    problem = loads(text)
    assert len(problem.primary) == 40_000 and list(problem.secondary) == ["s"]
    assert problem.options[0] == (39_999,) and problem.options[-1] == (0, 40_000)
    assert problem.labels[0] == 2 and problem.labels[-1] == 40_002
    assert type(problem.options).__name__ == "PackedOptions" and type(problem.primary).__name__ == "PackedNames"
    assert count(problem).solutions == 2  # i0 alone, or with s


# --- Knuth's DLX3 bounds: u:v|name, v|name ---

DLX3_EXAMPLE = """\
| Knuth's example in DLX3: C covered two or three times
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
"""


def test_reads_and_writes_knuths_bounds():
    problem = loads(DLX3_EXAMPLE)
    assert problem.primary == ["A", "B", "C"] and problem.secondary == ["X", "Y"]
    assert problem.bounds == {"C": (2, 3)} and problem.multiplicities
    assert [problem.bounds_of(i) for i in range(5)] == [(1, 1), (1, 1), (2, 3), (0, 1), (0, 1)]
    assert dumps(problem).splitlines()[0] == "A B 2:3|C | X Y"
    assert problem.is_solution((1, 3, 4)) and not problem.is_solution((1, 3)) and not problem.is_solution((1, 3, 4, 4))
    assert loads("3|a 0:2|b 1:1|c |x\na b x\n").bounds == {"a": (3, 3), "b": (0, 2)}  # 1:1 is no bound
    assert loads("a b\na\nb\n").bounds is None and not loads("a b\na\nb\n").multiplicities


@pytest.mark.parametrize("text, message", [
    ("3:2|A\n", "line 1: '3:2|A': the lower bound 3 exceeds the upper bound 2"),
    ("x|A\n", "line 1: 'x|A': bounds are whole numbers"),
    ("A -1:2|B\n", "line 1: '-1:2|B': bounds are whole numbers"),
    ("| c\n0|A\n", "line 2: '0|A': the upper bound must be at least 1"),
    ("99999999999|A\n", "line 1: .*a bound is at most 2,147,483,647"),
    ("9" * 100_000 + "|A\n", "line 1: .*a bound is at most"),
    ("A | 2|x\n", "line 1: '2|x': secondary items take no bounds"),
    ("2|3|A\n", r"line 1: '2\|3\|A' is not u:v\|name"),
    ("2|\n", r"line 1: '2\|' is not u:v\|name"),
    ("2:|A\n", "line 1: .*whole numbers"),
    ("1:2:3|A\n", "line 1: .*whole numbers"),
    ("2|A 3|A\n", "line 1: .*declared twice"),
])
def test_bad_bounds_name_the_line(text, message):
    with pytest.raises(FormatError, match=message):
        loads(text)


def test_bounds_are_read_the_same_from_long_text():
    names = [f"i{k}" for k in range(40_000)]  # past dlx_text.PACKED_ABOVE: the packed reader hands it on
    text = "2|" + " ".join(names) + " | s\n" + "\n".join(names[::-1]) + "\ni0 s\n"
    problem = loads(text)
    assert problem.bounds == {"i0": (2, 2)} and len(problem.options) == 40_001
