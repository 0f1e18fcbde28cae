"""Exact search: against brute force on 3x3 and 4x4, the n = 5 maximum, limits and bounds."""

from __future__ import annotations

import pytest

from puzzles.jumpmaze import exact, model


@pytest.mark.parametrize("n", [3, 4])
def test_exact_max_equals_brute_force(n):
    brute = exact.brute_force_max(n)
    assert brute == {3: 4, 4: 12}[n]
    res = exact.search(n, 1)
    assert res.complete and res.proven_max == brute
    assert model.score(res.grid) == brute
    # every target up to the maximum is met, every target above it is refuted
    for target in range(1, n * n):
        r = exact.search(n, target)
        assert r.complete
        if target <= brute:
            assert r.best_score == brute
        else:
            assert r.best_score is None and r.upper_bound == target - 1


def test_n5_maximum_is_21_and_its_witness_replays():
    res = exact.prove_max(5, 15)
    assert res.complete and res.proven_max == 21
    path = model.shortest_path(res.grid)
    assert model.replay(res.grid, path) == 21
    above = exact.search(5, 22)
    assert above.complete and above.best_score is None and above.upper_bound == 21


def test_node_limit_reports_incomplete():
    res = exact.search(7, 40, node_limit=1000)
    assert not res.complete and res.upper_bound is None and res.proven_max is None
    assert res.nodes == 1000


@pytest.mark.parametrize("call, match", [
    (lambda: exact.search(5, 0), "target"),
    (lambda: exact.search(5, 3, node_limit=0), "node_limit"),
    (lambda: exact.search(1, 3), "n must"),
    (lambda: exact.brute_force_max(5), "n must be 3 or 4"),
])
def test_bad_arguments(call, match):
    with pytest.raises(ValueError, match=match):
        call()
