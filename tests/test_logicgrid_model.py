"""Logic-grid model and hints: validation, assignments, English and JSON round trips."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.logicgrid.fi2pop import random_hints
from puzzles.logicgrid.hints import (
    Hint,
    from_array,
    from_dict,
    parse,
    parse_puzzle,
    text,
    to_array,
    to_dict,
    validate,
)
from puzzles.logicgrid.model import (
    CLUE,
    MINI,
    Category,
    Space,
    assignment_table,
    solution_dict,
    solution_rows,
)
from puzzles.logicgrid.reference import examples


def test_spaces_have_the_papers_sizes():
    assert (CLUE.n, CLUE.m, CLUE.numeric, CLUE.size) == (4, 4, 3, 13_824)
    assert (MINI.n, MINI.m, MINI.numeric, MINI.size) == (3, 4, 2, 576)
    assert CLUE.index("ballroom") == CLUE.index("Ball Room", "room") == 8
    assert CLUE.entity(15) == "4:00 PM"


def test_assignment_table_lists_every_solution_once():
    rows = assignment_table(CLUE)
    assert rows.shape == (13_824, 16)
    assert len({r.tobytes() for r in rows}) == 13_824
    for c in range(4):  # every category is a permutation of the rows
        assert (np.sort(rows[:, 4 * c:4 * c + 4], axis=1) == np.arange(4)).all()
    sol = solution_dict(CLUE, rows[1234])
    assert (solution_rows(CLUE, sol) == rows[1234]).all()


@pytest.mark.parametrize("build, match", [
    (lambda: Category("", ("a", "b")), "category name"),
    (lambda: Category("x", ("a",)), "entities"),
    (lambda: Category("x", ("a", "A")), "not distinct"),
    (lambda: Category("x", ("a", "b"), numeric=True), "unit"),
    (lambda: Space((Category("x", ("a", "b")),)), "at least two"),
    (lambda: Space((Category("x", ("a", "b")), Category("y", ("c", "d", "e")))), "equal"),
    (lambda: Space((Category("x", ("a", "b")), Category("y", ("a", "d")))), "unique"),
])
def test_bad_spaces_raise(build, match):
    with pytest.raises(ValueError, match=match):
        build()


@pytest.mark.parametrize("hint, match", [
    (Hint("maybe", 0, 4), "type"),
    (Hint("is", 0, 1), "different categories"),
    (Hint("is", 0, 99), "field b"),
    (Hint("before", 0, 12, k=1), "numeric"),
    (Hint("before", 0, 5, k=3), "k must be"),
    (Hint("before", 0, 0), "differ"),
    (Hint("or", 0, 1, 2), "another category"),
    (Hint("either_is", 0, 4, 4, 0), "statements must differ"),
    (Hint("either_is", 0, 1, 4, 8), "different categories"),
    (Hint("not", 0, 4, c=5), "field c"),
])
def test_bad_hints_raise(hint, match):
    with pytest.raises(ValueError, match=match):
        validate(CLUE, hint)


def test_bad_solution_and_clues_raise():
    with pytest.raises(ValueError, match="permutation"):
        solution_rows(MINI, {"suspect": list(MINI.categories[0].entities),
                             "weapon": ["Knife"] * 4, "hour": list(MINI.categories[2].entities)})
    for bad, match in [("", "non-empty"), ("The suspect Nobody is the weapon Knife", "entity"),
                       ("Hello world", "cannot parse")]:
        with pytest.raises(ValueError, match=match):
            parse(CLUE, bad)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31 - 1), st.sampled_from([CLUE, MINI]))
def test_english_and_json_round_trip(seed, space):
    hints = random_hints(space, 8, seed)
    for h in hints:
        assert parse(space, text(space, h)) == h
        assert from_dict(space, to_dict(space, h)) == h
    assert from_array(space, to_array(space, hints)) == hints


def test_slide_examples_parse_with_their_spelling():
    for ex in examples().values():
        space = MINI if ex["space"] == "mini" else CLUE
        hints = parse_puzzle(space, ex["clues"])
        assert len(hints) == len(ex["clues"])
    hs = parse_puzzle(CLUE, examples()["Difficulty only example"]["clues"])
    assert hs[8] == Hint("not", CLUE.index("Knife"), CLUE.index("Prof. Plum"))
    assert hs[4] == Hint("before", CLUE.index("Col. Mustard"), CLUE.index("Ball Room"), k=1)
    assert [h.type for h in hs].count("either_is") == 4
