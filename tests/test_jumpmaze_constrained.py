"""The exact search under the designer's constraints (no holes, one shortest path)."""

from __future__ import annotations

import pytest

from puzzles.jumpmaze import constrained as C
from puzzles.jumpmaze import model


@pytest.mark.parametrize("n, best", [(3, 3), (4, 11)])
def test_constrained_max_equals_brute_force(n, best):
    # n = 4 enumerates 2.8 million mazes (half a minute): its maximum, 11, is pinned here
    # from C.brute_force_constrained(4); n = 3 is enumerated in the test
    if n == 3:
        assert C.brute_force_constrained(n) == best
    r = C.search(n, 1)
    assert r.complete and r.proven_max == best
    ev = model.evaluate(r.grid)
    assert (ev.score, ev.unique_path, ev.black_holes, ev.white_holes) == (best, True, 0, 0)
    above = C.search(n, best + 1)
    assert above.complete and above.best_score is None


def test_n5_constrained_max_is_19_below_the_unconstrained_21():
    r = C.search(5, 19)
    assert r.complete and r.proven_max == 19
    # pinned tree: the fixed-paths cut keeps 642 completions of 3,060 leaves
    assert (r.nodes, r.leaves, r.completions) == (198894, 3060, 642)
    assert C.search(5, 20).best_score is None


def test_branches_partition_the_constrained_search():
    n = 4
    parts = [C.search(n, 11, prefix=b) for b in C.branches(n)]
    assert all(p.complete for p in parts)
    assert max(p.best_score or 0 for p in parts) == 11
    assert sum(p.best_score is not None for p in parts) >= 1


def test_node_limit_and_bad_input():
    r = C.search(5, 15, node_limit=100)
    assert not r.complete and r.nodes == 100
    with pytest.raises(ValueError, match="prefix must hold"):
        C.search(5, 15, prefix=(7,))
    with pytest.raises(ValueError, match="n must be 3 or 4"):
        C.brute_force_constrained(5)
