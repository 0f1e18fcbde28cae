"""Issue 24: the grade a person would recognise (techniques by eye, cheapest first)."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.iqlink.generate import load_challenges, stored_solution
from puzzles.iqlink.placements import Challenge, table
from puzzles.iqlink.techniques import (
    ALL,
    TECHNIQUES,
    USED,
    _alive_census,
    _group,
    _only_piece,
    _stack,
    _tab,
    _uncoverable,
    dead,
    grade_rows,
    human_grade,
    single,
)


def _state(ch: Challenge):
    tab, given_pegs = _tab(ch)
    st = _stack(ch, tab, given_pegs)
    from puzzles.iqlink.techniques import State

    return tab, State(st.alive[0], st.pm[0], st.down[0], st.info[0])


def test_a_starter_is_two_singles():
    g = human_grade(load_challenges()[0])
    assert g.cost == 2 and g.counts == (2, 0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize("cid, counts, cost", [
    (51, (2, 5, 0, 0, 0, 0, 0), 12),
    (58, (2, 2, 2, 0, 0, 0, 0), 12),
    (54, (5, 0, 1, 4, 2, 0, 0), 40),
    (53, (4, 1, 1, 0, 2, 1, 1), 41),
    (60, (4, 0, 1, 2, 4, 15, 13), 331)])
def test_technique_profiles_pinned(cid, counts, cost):
    g = human_grade(load_challenges()[cid - 1])
    assert (g.counts, g.cost) == (counts, cost)


def test_the_grade_is_the_sum_of_costs():
    from puzzles.iqlink.techniques import COSTS

    g = human_grade(load_challenges()[57])  # no case split: cost = counts . costs
    assert g.cost == int(np.dot(g.counts, COSTS))


def test_reaches_the_stored_solution():
    for cid in (30, 60, 80):
        ch = load_challenges()[cid - 1]
        key = sorted(table().id_of(p) for p in stored_solution(cid) if p not in ch.given)
        assert sorted(human_grade(ch).solution) == key


def test_single_places_a_forced_piece():
    tab, st = _state(load_challenges()[0])
    before = int(st.info[USED])
    assert single(tab, st)
    assert int(st.info[USED]) != before


def test_dead_on_a_piece_with_no_place():
    tab, st = _state(load_challenges()[0])
    assert not dead(tab, st)
    st.alive[:] = 0
    assert dead(tab, st)


def test_full_board_is_done_not_dead():
    ch = load_challenges()[0]
    tab, st = _state(ch)
    while int(st.info[USED]) != ALL:
        assert single(tab, st)
    assert not dead(tab, st)


def test_helpers():
    assert _only_piece(0b1000) == 3
    assert _only_piece(0b1010) == -1
    assert _only_piece(0) == -1


def test_centre_pegs_list_the_centre_bits():
    tab, _ = _state(load_challenges()[59])
    for bits, pegs in zip(tab.centres, tab.centre_pegs, strict=True):
        assert sorted(int(g) for g in pegs if g >= 0) == [
            g for g in range(24) if (int(bits) >> g) & 1]


def test_dead_on_a_group_no_candidate_reaches():
    # challenge 35: keep only the candidates off the givens' first group; every piece keeps a
    # place and the centres can still be covered, so only the group rule finds it dead
    tab, st = _state(load_challenges()[34])
    group = int(_group(st, 0))
    st.alive[:] = ((tab.pegs & group) == 0).astype(np.int8)
    cnt, cover, reach = _alive_census(tab, st)
    used = int(st.info[USED])
    assert all(cnt[p] > 0 for p in range(12) if not (used >> p) & 1)
    assert _uncoverable(st, cover) <= 2 and reach != 0
    assert dead(tab, st)


def test_rows_columns():
    df = grade_rows(load_challenges()[:2])
    assert list(df.columns) == ["id", "level"] + [t.replace(" ", "_") for t in TECHNIQUES] \
        + ["grade"]


def test_refuses_non_challenges():
    with pytest.raises(ValueError, match="Challenge"):
        human_grade("challenge 1")
