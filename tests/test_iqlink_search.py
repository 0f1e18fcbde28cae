"""IQ-Link exact solver, the paper's solver and the generated challenge set."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.iqlink.generate import (
    LEVEL_NAMES,
    generate_challenge,
    level_of,
    load_challenges,
    stored_challenges,
    stored_solution,
    target_givens,
)
from puzzles.iqlink.placements import Challenge, check_solution, is_connected, table
from puzzles.iqlink.search import (
    count_solutions,
    counting_dead,
    paper_search,
    position,
    random_solution,
    solve,
)
from puzzles.iqlink.strategies import basic_cleanup, heat_sort


def brute_force_count(ch: Challenge) -> int:
    """Plain enumeration: every combination of legal placements of the missing pieces."""
    t = table()
    pos = position(ch)
    doms = [[i for i in pos.candidates if t.piece[i] == p] for p in pos.missing]
    count = 0
    for combo in itertools.product(*doms):
        if any(np.any(t.masks[a] & t.masks[b]) for a, b in itertools.combinations(combo, 2)):
            continue
        if is_connected(ch.given_ids + list(combo)):
            count += 1
    return count


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 120), st.data())
def test_counts_match_brute_force_on_small_challenges(cid, data):
    sol = stored_solution(cid)
    assert check_solution(Challenge(()), sol) == []
    keep = data.draw(st.lists(st.integers(0, 11), min_size=9, max_size=10, unique=True))
    ch = Challenge(tuple(sol[i] for i in sorted(keep)))
    res = count_solutions(ch, store=50)
    assert res.count == brute_force_count(ch) >= 1
    assert res.count == count_solutions(ch, counting=False).count
    for k in range(min(res.count, 50)):
        assert check_solution(ch, res.placements(k)) == []


def test_random_solutions_and_mixed_givens():
    # givens that are not all from one solution: counts may be 0
    sol = random_solution(11)
    other = random_solution(12)
    assert check_solution(Challenge(()), sol) == [] and sol == random_solution(11)
    ch_pieces = {pl.piece: pl for pl in sol[:9]}
    for pl in other:
        if pl.piece in ch_pieces:
            continue
        try:
            ch = Challenge(tuple(ch_pieces.values()) + (pl,))
        except ValueError:
            continue
        assert count_solutions(ch).count == brute_force_count(ch)
        break


def test_every_stored_challenge_has_exactly_one_linked_solution():
    items = stored_challenges()
    assert [it["id"] for it in items] == list(range(1, 121))
    for ch, it in zip(load_challenges(), items, strict=True):
        assert ch.level == level_of(ch.id) == it["level"]
        res = count_solutions(ch, store=1)
        assert res.count == 1, f"challenge {ch.id}"
        sol = stored_solution(ch.id)
        assert len(sol) == 12 and check_solution(ch, sol) == []
        assert sorted(sol) == solve(ch)


def test_levels_follow_table1():
    chs = load_challenges()
    ranges = {"Starter": (9, 10), "Junior": (5, 9), "Expert": (4, 7), "Master": (3, 6),
              "Wizard": (2, 4)}
    for level in LEVEL_NAMES:
        mine = [len(c.given) for c in chs if c.level == level]
        lo, hi = ranges[level]
        assert len(mine) == 24 and min(mine) == lo and max(mine) == hi
    # The pool is generated with each level's targets; levels are then assigned by grade.
    assert sorted(len(c.given) for c in chs) == sorted(k for level in LEVEL_NAMES
                                                       for k in target_givens(level))


@pytest.mark.parametrize("cid", [1, 13, 30])
def test_generator_reproduces_stored_challenges(cid):
    it = stored_challenges()[cid - 1]
    again = generate_challenge(tuple(it["task"]))
    assert again["given"] == it["given"] and again["solution"] == it["solution"]


def test_paper_search_finds_the_solution_in_every_mode():
    for cid in (30, 75):
        ch = load_challenges()[cid - 1]
        sol = {table().id_of(p) for p in stored_solution(cid) if p not in ch.given}
        rep = basic_cleanup(ch)
        order = [i for v in heat_sort(ch, rep.domains).values() for i in v]
        for linkable, counting, lookahead, transition in itertools.product(
                (True, False), (True, False), (True, False), (3, 4)):
            res = paper_search(ch, order, linkable=linkable, counting=counting,
                               lookahead=lookahead, transition=transition)
            assert res.found and set(res.solution) == sol
            for linked, legal in res.ratios:
                assert 0 <= linked <= legal


def _paper_run(cid: int, **kw):
    """The notebook's run of the paper's solver: heat-sorted cleaned-up candidates."""
    ch = load_challenges()[cid - 1]
    order = [i for v in heat_sort(ch, basic_cleanup(ch).domains).values() for i in v]
    return paper_search(ch, order, lookahead=False, node_limit=5_000_000, **kw)


# figures/02_iq_link/table3.csv and table3_hardest.csv: nodes without / with linkability
TABLE3 = {47: (6, 6), 51: (10, 6), 52: (8, 6), 53: (33, 50), 115: (3064, 24363)}
# figures/02_iq_link/table4.csv: linked / legal options on the way to the solution
TABLE4 = {29: "4/4", 38: "5/5 4/4", 60: "7/49 4/46 5/35 4/24", 80: "12/113 16/60 11/30",
          90: "30/134 24/107 22/79 13/33 7/25"}


@pytest.mark.parametrize("cid", sorted(TABLE3))
def test_paper_search_nodes_of_the_committed_table3(cid):
    unlinked = _paper_run(cid, linkable=False, transition=3, counting=False)
    linked = _paper_run(cid, linkable=True, transition=3, counting=False)
    assert unlinked.found and linked.found
    assert (unlinked.nodes, linked.nodes) == TABLE3[cid]


@pytest.mark.parametrize("cid", sorted(TABLE4))
def test_paper_search_ratios_of_the_committed_table4(cid):
    res = _paper_run(cid, linkable=True, transition=3, counting=True)
    assert res.found
    assert " ".join(f"{a}/{b}" for a, b in res.ratios) == TABLE4[cid]


def test_node_limit_gives_up_and_bad_arguments_raise():
    ch = load_challenges()[119]
    pos = position(ch)
    res = paper_search(ch, pos.candidates, linkable=True, lookahead=False, node_limit=10)
    assert res.aborted and not res.found and res.nodes == 10
    assert count_solutions(ch, node_limit=10).aborted
    with pytest.raises(ValueError, match="transition"):
        paper_search(ch, pos.candidates, transition=-1)
    with pytest.raises(ValueError, match="do not fit"):
        paper_search(ch, [int(ch.given_ids[0])])
    with pytest.raises(ValueError, match="limit"):
        count_solutions(ch, limit=-1)
    with pytest.raises(ValueError, match="seed"):
        random_solution(-3)
    with pytest.raises(ValueError, match="level"):
        target_givens("Grandmaster")
    with pytest.raises(ValueError, match="challenge id"):
        level_of(121)
    with pytest.raises(ValueError, match="not exactly one"):
        solve(Challenge(()))


def test_empty_board_count_is_symmetric_and_a_slice_recounts():
    from puzzles.iqlink.experiments import empty_board_slices
    from puzzles.iqlink.search import count_with_first_piece

    eb = empty_board_slices()
    assert len(eb) == 72 and eb["direct"].all() and eb["solutions"].sum() == 21952
    by_id = eb.set_index("placement")["solutions"]
    assert all(by_id[r.placement] == by_id[r.twin] for r in eb.itertuples())
    small = int(eb.loc[eb["solutions"].idxmin(), "placement"])
    assert count_with_first_piece((small, 0))[1] == by_id[small]


def test_paper_search_trace_replays_to_the_solution():
    ch = load_challenges()[59]
    order = [i for v in heat_sort(ch, basic_cleanup(ch).domains).values() for i in v]
    res = paper_search(ch, order, counting=True, lookahead=False, trace=10_000)
    assert res.found and len(res.trace) == res.nodes
    stack: list[int] = []
    for depth, i in res.trace:
        assert depth <= len(stack)
        stack = stack[:depth] + [i]
    assert stack == res.solution
    short = paper_search(ch, order, counting=True, lookahead=False, trace=5)
    assert short.trace == res.trace[:5]
    with pytest.raises(ValueError, match="trace"):
        paper_search(ch, order, trace=-1)


def _expected_work(ch, counting: bool) -> dict[str, int]:
    """The tests the paper's search makes on a challenge with two pieces to place, in the fixed
    order without lookahead, recounted here one placement at a time (see search.WORK_TESTS)."""
    t = table()
    pos = position(ch)
    cands = [int(i) for i in pos.candidates]
    first, second = sorted(pos.missing)
    work = {"fit": 0, "scan": len(cands), "link": 0, "count": len(cands) if counting else 0,
            "checks": int(counting)}
    for p in (c for c in cands if t.piece[c] == first):
        work["fit"] += len(cands)
        left = [c for c in cands if t.piece[c] != first and not np.any(t.masks[c] & t.masks[p])]
        if counting:
            work["count"] += len(left)
            work["checks"] += 1
            balls, rings, pegs = (int(np.bitwise_or.reduce(a[left])) if left else 0
                                  for a in (t.balls, t.rings, t.pegs))
            if counting_dead(pos.balls | int(t.balls[p]), pos.rings | int(t.rings[p]),
                             pos.circles | int(t.circles[p]), balls, rings, pegs):
                continue
        work["scan"] += len(left)
        for q in (c for c in left if t.piece[c] == second):
            if is_connected([*ch.given_ids, p, q]):
                return work
    raise AssertionError("no solution")


@pytest.mark.parametrize("counting", [False, True])
def test_paper_search_counts_its_tests(counting):
    ch = next(c for c in load_challenges() if len(c.missing) == 2)
    res = paper_search(ch, position(ch).candidates, linkable=False, counting=counting,
                       lookahead=False)
    assert res.found and res.work == _expected_work(ch, counting)


def test_counting_work_is_extra_when_it_cuts_nothing():
    # challenge 1: counting cuts nothing, so every test but its own is the same
    ch = load_challenges()[0]
    order = position(ch).candidates
    off, on = (paper_search(ch, order, transition=0, counting=c, lookahead=False)
               for c in (False, True))
    assert off.nodes == on.nodes and off.work["count"] == off.work["checks"] == 0
    assert 0 < on.work["checks"] <= on.work["count"]
    assert {k: v for k, v in on.work.items() if k not in ("count", "checks")} == \
        {k: v for k, v in off.work.items() if k not in ("count", "checks")}
    assert on.work["link"] > 0
