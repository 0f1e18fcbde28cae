"""The memoised exact search: the same answers as exact.search, fewer nodes, stored branches."""

from __future__ import annotations

import pytest

from puzzles.jumpmaze import exact, memo, model


@pytest.mark.parametrize("n, target", [(5, 21), (5, 22), (6, 32), (6, 33), (6, 30)])
def test_memo_agrees_with_the_exact_search(n, target):
    ref = exact.search(n, target)
    off = memo.search(n, target, memo=False)
    on = memo.search(n, target)
    # without the table: the same tree node for node
    assert (off.best_score, off.complete, off.nodes) == (ref.best_score, ref.complete, ref.nodes)
    assert off.cuts == 0
    assert (on.best_score, on.complete) == (ref.best_score, ref.complete)
    assert on.nodes <= ref.nodes
    if on.grid is not None:
        assert model.score(on.grid) == on.best_score


def test_the_table_cuts_repeated_subtrees():
    on = memo.search(6, 32)
    assert on.best_score == 32 and on.complete
    assert on.cuts == 117 and on.nodes == 6211  # exact.search: 7,509 nodes
    assert memo.search(6, 32, table_bits=4).nodes > on.nodes  # a tiny table forgets more
    # from a low target the incumbent rises during the search; the pinned tree checks that a
    # stored bound cuts only states that cannot beat it (a cut one move early changes it)
    low = memo.search(5, 15)
    assert (low.best_score, low.nodes, low.cuts) == (21, 5420, 25)


def test_branches_partition_and_agree():
    n, t = 6, 32
    found = [memo.search(n, t, prefix=b).best_score for b in exact.branches(n)]
    assert max(f or 0 for f in found) == 32
    assert all(memo.search(n, 33, prefix=b).best_score is None for b in exact.branches(n))


def test_a_closed_n8_branch_reruns_exactly_as_stored():
    from importlib import resources

    import pandas as pd

    f = resources.files("puzzles.jumpmaze").joinpath("data/offline_refutation.csv")
    stored = pd.read_csv(str(f)).set_index(["a", "b"])
    for prefix in ((6, 6), (5, 5)):
        b = stored.loc[prefix]
        r = exact.search(8, 61, int(b["node_limit"]), prefix=prefix)
        assert bool(b["complete"]) and (r.complete, r.nodes, r.best_score) == (True, b["nodes"],
                                                                               None)
        m = memo.search(8, 61, prefix=prefix)
        assert m.complete and m.best_score is None and m.nodes <= b["nodes"]


def test_node_limit_and_bad_input():
    r = memo.search(7, 40, node_limit=1000)
    assert not r.complete and r.nodes == 1000
    with pytest.raises(ValueError, match="n must be <= 11"):
        memo.search(12, 100)
    with pytest.raises(ValueError, match="prefix must hold"):
        memo.search(6, 30, prefix=(9,))
    with pytest.raises(ValueError, match="table bits"):
        memo.new_table(2)
