"""Issue 24: the paper's naive search in two readings, with and without linkability."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.iqlink.generate import load_challenges, stored_solution
from puzzles.iqlink.naive import (
    NaiveTask,
    frontier,
    naive_rows,
    naive_search,
    pieces,
    search_order,
    table_rows,
    unreachable_group,
)
from puzzles.iqlink.placements import table
from puzzles.iqlink.search import position


def _nodes(cid: int) -> dict[tuple[str, bool], int]:
    rows = naive_rows(NaiveTask(cid, 0))
    return {(r["reading"], r["linkability"]): r["nodes"] for r in rows}


def test_the_four_searches_on_challenge_60():
    # any order branches over every piece: most nodes; linkability cuts both readings
    assert _nodes(60) == {("any", False): 35, ("any", True): 7, ("fixed", False): 15,
                          ("fixed", True): 9}


def test_the_four_searches_on_challenge_75():
    assert _nodes(75) == {("any", False): 8688, ("any", True): 1512, ("fixed", False): 59,
                          ("fixed", True): 32}


def test_every_search_finds_the_stored_solution():
    ch = load_challenges()[79]
    key = sorted(table().id_of(p) for p in stored_solution(80) if p not in ch.given)
    order = search_order(ch)
    for reading in ("any", "fixed"):
        for linkable in (False, True):
            res = naive_search(ch, order, reading, linkable)
            assert res.found and sorted(res.solution) == key


def test_node_cap_gives_up():
    ch = load_challenges()[74]
    res = naive_search(ch, search_order(ch), "any", False, node_limit=100)
    assert not res.found and res.aborted and res.nodes == 100


def test_unreachable_group_cuts_a_group_no_candidate_touches():
    t = table()
    ch = load_challenges()[59]
    pos = position(ch)
    f = frontier(pos.candidates, pos.given_pegs, 1, 1)
    tab = pieces()
    n = len(pos.given_pegs)
    # candidates reach the givens: nothing is cut
    assert not unreachable_group(f, 0, n, tab)
    # keep only candidates that miss the first given's pegs entirely
    miss = [c for c in pos.candidates if not t.pegs[c] & (1 << 30) - 1 & pos.given_pegs[0]]
    miss = [c for c in miss if not t.pegs[c] & pos.given_pegs[0]]
    f.lists[0, :len(miss)] = miss
    f.lens[0] = len(miss)
    f.pm[:n] = 0
    f.pm[0] = pos.given_pegs[0]
    assert unreachable_group(f, 0, 1, tab)
    f.rem[0] = 0  # nothing left to place: nothing to link
    assert not unreachable_group(f, 0, 1, tab)


@pytest.mark.parametrize("kw, word", [({"reading": "all"}, "reading"),
                                      ({"linkable": 1}, "linkable"),
                                      ({"node_limit": -1}, "node_limit"),
                                      ({"repeats": 0}, "repeats")])
def test_bad_arguments_are_named(kw, word):
    ch = load_challenges()[0]
    with pytest.raises(ValueError, match=word):
        naive_search(ch, position(ch).candidates, **kw)


def test_order_must_fit_beside_the_givens():
    ch = load_challenges()[0]
    bad = np.setdiff1d(np.arange(len(table())), position(ch).candidates)[:3]
    with pytest.raises(ValueError, match="do not fit"):
        naive_search(ch, bad)


def test_table_keeps_seconds_out_of_the_results():
    rows = naive_rows(NaiveTask(1, 0))
    res, tim = table_rows(rows)
    assert list(res.columns) == ["id", "level", "reading", "linkability", "nodes", "found"]
    assert list(tim.columns) == ["step", "item", "seconds"]
    assert set(tim["step"]) == {"naive_any_free", "naive_any_linked", "naive_fixed_free",
                                "naive_fixed_linked"}
