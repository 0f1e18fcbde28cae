"""Issue 24: the second, independently written counter of full boards (peg-centre branching)."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.iqlink.generate import load_challenges
from puzzles.iqlink.recount import (
    count_from,
    count_slice_centres,
    one_group,
    recount_table,
    slice_tasks,
)
from puzzles.iqlink.search import count_solutions


@pytest.mark.parametrize("cid", [50, 80, 100, 110])
def test_equals_the_exact_solver(cid):
    ch = load_challenges()[cid - 1]
    linked, fits, _ = count_from(ch.given_ids)
    ref = count_solutions(ch, linked_only=False, store=0)
    assert (linked, fits) == (ref.count, ref.fits)


def test_counts_unlinked_boards_too():
    # challenge 60 without its last two givens: 4 boards fit, 2 of them linked
    from puzzles.iqlink.placements import Challenge

    sub = Challenge(load_challenges()[59].given[:-2])
    linked, fits, _ = count_from(sub.given_ids)
    ref = count_solutions(sub, linked_only=False, store=0)
    assert (linked, fits) == (ref.count, ref.fits) == (2, 4)


def test_nodes_pinned():
    assert count_from(load_challenges()[79].given_ids) == (1, 1, 341)


def test_one_group():
    assert one_group(np.array([0b011, 0b110, 0b100], np.int64))
    assert not one_group(np.array([0b001, 0b010], np.int64))
    assert not one_group(np.array([0b011, 0b110, 0b1000, 0b11000], np.int64))


def test_slices_are_the_72_light_purple_placements():
    assert len(slice_tasks()) == 72


@pytest.mark.parametrize("bad", [-1, 72, 5000, True, "0"])
def test_bad_slice(bad):
    with pytest.raises(ValueError, match="light-purple"):
        count_slice_centres(bad)


def test_colliding_start_is_refused():
    ch = load_challenges()[0]
    with pytest.raises(ValueError, match="collides"):
        count_from([ch.given_ids[0], ch.given_ids[0]])


def test_table_columns():
    df = recount_table([{"slice": 0, "fits": 1, "linked": 1, "nodes": 3, "method": "m"}])
    assert list(df.columns) == ["slice", "fits", "linked", "method"]
