"""IQ-Link strategies: soundness on the generated set, what each decides, heat maps, census."""

from __future__ import annotations

import math

import numpy as np
import pytest

from puzzles.iqlink.generate import load_challenges, stored_solution
from puzzles.iqlink.placements import Challenge, make_placement, table
from puzzles.iqlink.strategies import (
    all_legal,
    ball_socket_census,
    basic_cleanup,
    dead_ring_pegs,
    first_moves,
    heat_map,
    heat_scores,
    heat_sort,
    legal_placements,
    pairwise_cleanup,
    single_elimination,
    solution_rank,
    solved_placements,
    strongest_alone,
    unwise_filter,
)

SAMPLE = (1, 7, 20, 33, 50, 64, 77, 95, 101, 120)


def _solution_ids(cid):
    ch = load_challenges()[cid - 1]
    return ch, [table().id_of(p) for p in stored_solution(cid) if p not in ch.given]


@pytest.mark.parametrize("cid", SAMPLE)
def test_strategies_never_drop_the_solution(cid):
    ch, sol = _solution_ids(cid)
    t = table()
    for rep in (all_legal(ch), single_elimination(ch), pairwise_cleanup(ch), unwise_filter(ch),
                basic_cleanup(ch)):
        assert not rep.contradiction
        for i in sol:
            assert i in rep.domains[int(t.piece[i])], rep.strategy
        assert rep.placements <= all_legal(ch).placements
        if rep.solved:
            assert sorted(solved_placements(rep)) == sorted(t.placements[i] for i in sol)


def test_strategy_strength_is_nested():
    for ch in load_challenges()[:40]:
        a, s, p = all_legal(ch).solved, single_elimination(ch).solved, pairwise_cleanup(ch).solved
        assert (not a or s) and (not s or p)
    assert strongest_alone(load_challenges()[0]) == "all legal"
    assert strongest_alone(load_challenges()[119]) == "search"


def test_heat_map_counts_claims_and_heat_sort_keeps_domains():
    ch, sol = _solution_ids(90)
    dom = legal_placements(ch)
    heat = heat_map(ch, dom)
    t = table()
    assert heat.sum() == sum(int(bin(int(w)).count("1")) for v in dom.values() for i in v
                             for w in t.masks[i])
    hs = heat_sort(ch, dom)
    assert {p: sorted(v) for p, v in hs.items()} == {p: sorted(v) for p, v in dom.items()}
    combos = math.prod(len(v) for v in dom.values())
    assert 1 <= solution_rank(hs, sol) <= combos
    assert solution_rank(dom, sol) <= combos


def test_solution_rank_on_a_tiny_example():
    dom = {0: [5, 6], 1: [80, 81, 82]}
    t = table()
    assert t.piece[5] == 0 and t.piece[81] == 1
    assert solution_rank(dom, [5, 80]) == 1
    assert solution_rank(dom, [6, 81]) == 5
    assert solution_rank(dom, [6, 99]) == 0


def test_first_moves_and_census():
    for cid in SAMPLE:
        ch, sol = _solution_ids(cid)
        allm, linkm = first_moves(ch)
        assert 1 <= linkm <= allm
        c = ball_socket_census(ch, sol)
        assert (c["unmatched_balls"], c["unmatched_sockets"], c["empty_pegs"]) in {
            (2, 0, 2), (3, 1, 1), (4, 2, 0)}


def test_unwise_light_purple_with_its_ring_at_the_top_edge():
    # light purple on the top row with both openings (NE, NW) pointing off the board
    pl = make_placement("light purple", 2, 0, False)
    ch = Challenge(())
    rep = unwise_filter(ch)
    assert table().id_of(pl) not in rep.domains[0]
    assert table().id_of(make_placement("light purple", 2, 3, False)) in rep.domains[0]
    assert rep.removed > 0 and any("unwise" in n for n in rep.notes)


def test_pairwise_cleanup_of_empty_board_keeps_everything():
    rep = pairwise_cleanup(Challenge(()))
    assert rep.placements == 1840 and rep.removed == 0
    full = all_legal(Challenge(())).combinations
    assert np.isclose(math.log10(rep.combinations), math.log10(full))


# --- the unwise filter's dead rings, heat sort ------------------------------------------------

LIGHT_PURPLE = make_placement("light purple", 1, 0, False)  # on pegs 0, 1, 2
YELLOW = make_placement("yellow", 3, 3, True)  # open rings on pegs 2 and 9


def test_a_given_piece_on_the_peg_keeps_a_ring_live():
    t = table()
    y = t.id_of(YELLOW)
    assert t.rings[y] == (1 << 2) | (1 << 9) and t.pegs[t.id_of(LIGHT_PURPLE)] == 0b111
    # nothing else on the board: both rings are dead
    assert dead_ring_pegs(Challenge(()), {7: [y]}) == {y: (1 << 2) | (1 << 9)}
    # the given light purple stands on peg 2: only the ring on peg 9 stays dead
    assert dead_ring_pegs(Challenge((LIGHT_PURPLE,)), {7: [y]}) == {y: 1 << 9}


def test_only_a_fitting_candidate_of_another_piece_keeps_a_ring_live():
    t = table()
    ch = Challenge((LIGHT_PURPLE,))
    y = t.id_of(YELLOW)
    fits = t.id_of(make_placement("aqua", 15, 2, False))  # on peg 9, beside the yellow
    clash = t.id_of(make_placement("aqua", 8, 1, False))  # on peg 9, collides with it
    same = t.id_of(make_placement("yellow", 4, 0, False))  # on peg 9, but the yellow itself
    assert dead_ring_pegs(ch, {1: [fits], 7: [y]})[y] == 0
    assert dead_ring_pegs(ch, {1: [clash], 7: [y]})[y] == 1 << 9
    assert dead_ring_pegs(ch, {7: [y, same]})[y] == 1 << 9


def test_heat_scores_are_the_coldest_slot_then_the_total_heat():
    t = table()
    a = t.id_of(make_placement("light purple", 1, 0, False))
    b = t.id_of(make_placement("light purple", 4, 0, False))
    c = t.id_of(make_placement("aqua", 1, 1, False))  # 14 slots: 7 of a's 8, none of b's
    assert a < b
    dom = {0: [a, b], 1: [c]}
    heat = heat_map(Challenge(()), dom)
    assert sorted(np.unique(heat).tolist()) == [0, 1, 2] and heat.sum() == 8 + 8 + 14
    assert heat_scores([a, b, c], heat) == [(1, 8 + 7), (1, 8), (1, 14 + 7)]
    # the placement covering the rarer slots comes first
    assert heat_sort(Challenge(()), dom) == {0: [b, a], 1: [c]}


@pytest.mark.parametrize("cid, rank", [(119, 630486791857267826), (120, 1765982904731735747)])
def test_heatsort_ranks_of_the_committed_examples(cid, rank):
    # figures/02_iq_link/heatsort.csv: the solution's combination after cleanup + heat sort
    ch, sol = _solution_ids(cid)
    clean = basic_cleanup(ch)
    assert solution_rank(heat_sort(ch, clean.domains), sol) == rank


def test_first_moves_of_the_committed_fig24_claims():
    # claims.csv (Fig. 24): at most 916 legal first moves, at most 88 linked to a given
    # piece; every first move of a Starter touches a given piece except on 18 and 21
    moves = {ch.id: first_moves(ch) for ch in load_challenges()}
    assert max(a for a, _ in moves.values()) == 916
    assert max(b for _, b in moves.values()) == 88
    assert [cid for cid in range(1, 25) if moves[cid][0] != moves[cid][1]] == [18, 21]
