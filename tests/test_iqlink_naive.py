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
    assert list(res.columns) == ["id", "level", "reading", "linkability", "nodes", "found",
                                 "fit_tests", "scan_tests", "link_tests", "union_tests"]
    assert list(tim.columns) == ["step", "item", "seconds"]
    assert set(tim["step"]) == {"naive_any_free", "naive_any_linked", "naive_fixed_free",
                                "naive_fixed_linked"}


# --- the counted work: a plain-Python search with the same rules, counting the same tests ---


def _ref_options(state: dict, d: int, n: int, reading: str, linkable: bool) -> list[int]:
    """The options of one node and the link tests they cost, as the module doc defines."""
    t, pm, cand, rem = state["t"], state["pm"], state["lists"][d], state["rem"][d]
    if reading == "any":
        state["scans"] += len(cand)
        if not linkable:
            return list(cand)
        s = 0
        for i in range(n):
            s |= pm[i]
        state["unions"] += n
        state["links"] += len(cand)
        return [c for c in cand if s == 0 or t.pegs[c] & s]
    if linkable and _ref_unreachable(state, cand, n, rem):
        return []
    state["scans"] += len(cand)
    first = min(p for p in range(12) if (rem >> p) & 1)
    return [c for c in cand if t.piece[c] == first]


def _ref_unreachable(state: dict, cand: list[int], n: int, rem: int) -> bool:
    t, pm = state["t"], state["pm"]
    if rem == 0 or n == 0:
        return False
    state["links"] += len(cand)
    reach = 0
    for c in cand:
        reach |= int(t.pegs[c])
    done = 0
    for a in range(n):
        if (done >> a) & 1:
            continue
        group, members, changed = pm[a], 1 << a, True
        while changed:
            changed = False
            state["links"] += n
            for b in range(n):
                if not (members >> b) & 1 and pm[b] & group:
                    members |= 1 << b
                    group |= pm[b]
                    changed = True
        done |= members
        state["links"] += 1
        if group & reach == 0:
            return True
    return False


def _ref_fits(t, c: int, p: int) -> bool:
    return t.piece[c] != t.piece[p] and not any(int(t.masks[c, k]) & int(t.masks[p, k])
                                                for k in range(3))


def _ref_search(state: dict, d: int, reading: str, linkable: bool) -> bool:
    """Depth-first to the first linked full board, counting nodes, fit and link tests."""
    from puzzles.iqlink.search import connected

    t, ng, nm = state["t"], state["ng"], state["nm"]
    for p in _ref_options(state, d, ng + d, reading, linkable):
        state["nodes"] += 1
        state["pm"][ng + d] = int(t.pegs[p])
        if d + 1 == nm:
            if connected(np.asarray(state["pm"], np.int64), ng + nm):
                return True
            continue
        state["fits"] += len(state["lists"][d])
        state["lists"][d + 1] = [c for c in state["lists"][d] if _ref_fits(t, c, p)]
        state["rem"][d + 1] = state["rem"][d] & ~(1 << int(t.piece[p]))
        if _ref_search(state, d + 1, reading, linkable):
            return True
    return False


def _reference(ch, order, reading: str, linkable: bool) -> tuple[int, ...]:
    pos = position(ch)
    nm, ng = len(pos.missing), len(pos.given_pegs)
    state = {"t": table(), "ng": ng, "nm": nm, "nodes": 0, "fits": 0, "scans": 0, "links": 0,
             "unions": 0,
             "pm": [int(x) for x in pos.given_pegs] + [0] * nm,
             "lists": [list(order)] + [[] for _ in range(nm)],
             "rem": [sum(1 << p for p in pos.missing)] + [0] * nm}
    assert _ref_search(state, 0, reading, linkable)
    return tuple(state[k] for k in ("nodes", "fits", "scans", "links", "unions"))


@pytest.mark.parametrize("cid", [3, 30, 60])
@pytest.mark.parametrize("reading", ["any", "fixed"])
@pytest.mark.parametrize("linkable", [False, True])
def test_counted_work_equals_a_plain_python_search(cid, reading, linkable):
    ch = load_challenges()[cid - 1]
    order = search_order(ch)
    res = naive_search(ch, order, reading, linkable)
    assert (res.nodes, res.fit_tests, res.scan_tests, res.link_tests,
            res.union_tests) == _reference(ch, order, reading, linkable)
    if not linkable:  # only the linkability rule pays link and union tests
        assert res.link_tests == res.union_tests == 0


def test_linkability_pays_link_tests_and_saves_nothing_on_an_easy_challenge():
    ch = load_challenges()[0]
    order = search_order(ch)
    free = naive_search(ch, order, "any", False)
    linked = naive_search(ch, order, "any", True)
    assert (free.nodes, free.fit_tests, free.scan_tests) == (linked.nodes, linked.fit_tests,
                                                             linked.scan_tests)
    assert linked.link_tests > 0 and linked.union_tests > 0
