"""The solver counts completions that fit and linked ones in one search: checked against a
plain brute force, and the ANU COMP1110 2016 public test data."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.iqlink import anu
from puzzles.iqlink.generate import solution_key
from puzzles.iqlink.placements import (
    Challenge,
    check_solution,
    collide,
    is_connected,
    on_board,
    table,
)
from puzzles.iqlink.search import count_solutions, random_solution
from puzzles.iqlink.strategies import legal_placements


def brute_force(ch: Challenge) -> tuple[int, int]:
    """(fits, linked) by plain backtracking over the missing pieces in index order."""
    dom = legal_placements(ch)
    pieces = sorted(dom)
    masks = table().masks
    fits = linked = 0
    chosen: list[int] = []

    def go(k: int) -> None:
        nonlocal fits, linked
        if k == len(pieces):
            fits += 1
            linked += is_connected(ch.given_ids + chosen)
            return
        for i in dom[pieces[k]]:
            if all(not np.any(masks[i] & masks[j]) for j in chosen):
                chosen.append(i)
                go(k + 1)
                chosen.pop()

    go(0)
    return fits, linked


def start_from(seed: int, keep: list[int]) -> Challenge:
    sol = random_solution(seed)
    return Challenge(tuple(sol[i] for i in keep))


@settings(max_examples=25)
@given(seed=st.integers(0, 2 ** 32 - 1), n_missing=st.integers(1, 5), data=st.data())
def test_fits_and_linked_match_brute_force(seed, n_missing, data):
    keep = sorted(data.draw(st.permutations(range(12)))[n_missing:])
    ch = start_from(seed, keep)
    res = count_solutions(ch, linked_only=False, store=0)
    assert (res.fits, res.count) == brute_force(ch)
    assert res.count <= res.fits


def test_brute_force_sees_unlinked_fits():
    # ANU's start 8 has two completions that fit, neither linked: the counts must differ.
    ch = Challenge(tuple(anu.to_placements(anu.STARTS[7][0])))
    assert brute_force(ch) == (2, 0)
    res = count_solutions(ch, linked_only=False)
    assert (res.fits, res.count) == (2, 0)


def test_limit_counts_fits_or_linked():
    ch = Challenge(tuple(anu.to_placements(anu.STARTS[10][0])))  # 4 fits, 2 linked
    full = count_solutions(ch, linked_only=False)
    assert (full.fits, full.count) == (4, 2)
    assert count_solutions(ch, limit=2, linked_only=False).fits == 2
    assert count_solutions(ch, limit=2).count == 2
    assert count_solutions(ch, limit=1).count == 1


def test_stored_fits_replay_without_links():
    ch = Challenge(tuple(anu.to_placements(anu.STARTS[7][0])))
    res = count_solutions(ch, linked_only=False, store=5)
    t = table()
    assert len(res.solutions) == 2
    for s in res.solutions:
        assert check_solution(ch, [t.placements[i] for i in s]) == [
            "the pieces do not form one linked group"]


def test_linked_only_must_be_bool():
    with pytest.raises(ValueError, match="linked_only"):
        count_solutions(Challenge(()), linked_only=1)


# --- the ANU COMP1110 2016 test data ------------------------------------------------------


def test_anu_thirty_full_solutions_fit():
    assert len(anu.SOLUTIONS) == 30
    linked = 0
    for s in anu.SOLUTIONS:
        pls = anu.to_placements(s)
        assert len({p.piece for p in pls}) == 12
        problems = check_solution(Challenge(()), pls)
        assert problems in ([], ["the pieces do not form one linked group"])
        linked += not problems
    # ANU's game never checks links: half of its full solutions are not linked.
    assert linked == 15


def test_anu_pairs():
    t = table()

    def fits(pair: str) -> bool:
        a, b = anu.to_placements(pair)
        return on_board(a) and on_board(b) and not collide(t.id_of(a), t.id_of(b))

    assert len(anu.GOOD_PAIRS) == 10 and all(fits(p) for p in anu.GOOD_PAIRS)
    assert len(anu.BAD_PAIRS) == 9 and not any(fits(p) for p in anu.BAD_PAIRS)


def test_anu_thirteen_starts_have_exactly_anus_completions():
    t = table()
    assert len(anu.STARTS) == 13
    counts = []
    for start, sols in anu.STARTS:
        ch = Challenge(tuple(anu.to_placements(start)))
        res = count_solutions(ch, linked_only=False, store=10)
        ours = {solution_key([p.to_json() for p in list(ch.given)
                              + [t.placements[i] for i in s]]) for s in res.solutions}
        theirs = {solution_key([p.to_json() for p in anu.to_placements(x)]) for x in sols}
        assert ours == theirs
        counts.append((len(ch.given), res.fits, res.count))
    assert counts == [(10, 1, 1), (9, 1, 1), (8, 1, 1), (7, 1, 1), (6, 1, 0), (5, 1, 0),
                      (4, 1, 1), (9, 2, 0), (8, 2, 2), (7, 2, 0), (6, 4, 2), (5, 2, 0),
                      (4, 3, 3)]


@pytest.mark.parametrize("code, expected", [("BAA", ("light purple", 1, 0, False)),
                                            ("JBL", ("aqua", 9, 3, True)),
                                            ("QDA", ("dark purple", 16, 1, True)),
                                            ("XLG", ("red", 23, 5, False))])
def test_anu_placement_codes(code, expected):
    assert tuple(anu.to_placement(code).to_json()) == expected


@pytest.mark.parametrize("bad", ["BA", "BAAA", "ZAA", "BMA", "BAG", 5])
def test_anu_bad_codes(bad):
    with pytest.raises(ValueError):
        anu.to_placement(bad)
