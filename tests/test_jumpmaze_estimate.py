"""Knuth's estimate of a refutation's size, and the forced-waste bound of the exact search."""

from __future__ import annotations

from dataclasses import replace

import pytest

from puzzles.jumpmaze import estimate as E
from puzzles.jumpmaze import exact


def test_the_estimate_is_close_to_a_branch_searched_to_the_end():
    # n = 7 target 45, branch (3, 4): exhausted without a maze that deep (8,145,486 nodes)
    full = exact.search(7, 45, prefix=(3, 4))
    assert full.complete and full.best_score is None and full.nodes == 8_145_486
    est = E.estimate(7, 45, (3, 4), probes=20_000, batches=5, seed=1)
    assert est.probes == 100_000 and est.goal_probes == 0
    assert 0.8 < est.mean / full.nodes < 1.25
    assert min(est.batch_means) < full.nodes < max(est.batch_means)


def test_a_small_tree_is_estimated_closely_and_seeds_reproduce():
    full = exact.search(7, 46, prefix=(3, 4))
    est = E.estimate(7, 46, (3, 4), probes=500, batches=2, seed=3)
    assert full.nodes == 59 and abs(est.mean - 59) < 3 and est.deepest_level == 7
    a = E.estimate(7, 45, (3, 5), probes=300, batches=2, seed=9)
    assert a == E.estimate(7, 45, (3, 5), probes=300, batches=2, seed=9)
    assert a != E.estimate(7, 45, (3, 5), probes=300, batches=2, seed=10)


def test_probes_see_a_maze_as_deep_as_the_target_only_where_one_exists():
    # the n = 5 maximum 21 lies in some branch: probes meet it there, never at target 22
    seen = [E.estimate(5, 21, b, probes=200, batches=2, seed=1).goal_probes
            for b in exact.branches(5)]
    assert sum(seen) > 0
    assert all(E.estimate(5, 22, b, probes=200, batches=2, seed=1).goal_probes == 0
               for b in exact.branches(5))


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="batches >= 2"):
        E.estimate(7, 45, (3, 4), probes=10, batches=1, seed=1)
    with pytest.raises(ValueError, match="one top-level branch"):
        E.estimate(7, 45, (3,), probes=10, batches=2, seed=1)


def test_estimate_tasks_cover_the_open_branches_and_whole_searches():
    from puzzles.jumpmaze.paper import PAPER

    b = PAPER.budgets("paper")
    tasks = E.estimate_tasks(b, 2026)
    open_ = [(t.a, t.b, t.waste) for t in tasks if t.n == 8]
    assert open_ == [(a, c, w) for a, c in b.offline_refutation.first for w in (False, True)]
    assert len([t for t in tasks if (t.n, t.target) == (9, 78)]) == len(exact.branches(9))
    small = replace(b, size_estimates=replace(b.size_estimates, probes=50, whole=()))
    tab = E.estimate_table(E.estimate_tasks(small, 2026)[:2],
                           [E.estimate_run(t) for t in E.estimate_tasks(small, 2026)[:2]])
    assert list(tab.columns) == E.ESTIMATE_COLUMNS and (tab.batch_min <= tab.batch_max).all()
    tot = E.totals(tab)
    assert list(tot.branches) == [1, 1] and list(tot.waste) == [False, True]


@pytest.mark.parametrize("n, target, nodes, plain", [
    (5, 22, 96, 120), (6, 33, 206, 255), (7, 46, 487, 584), (8, 62, 59, 100)])
def test_forced_waste_refutes_the_same_targets_with_fewer_nodes(n, target, nodes, plain):
    with_waste = exact.search(n, target, waste=True)
    without = exact.search(n, target)
    assert with_waste.complete and with_waste.best_score is None
    assert (with_waste.nodes, without.nodes) == (nodes, plain)


@pytest.mark.parametrize("n, best", [(5, 21), (6, 32)])
def test_forced_waste_keeps_the_proven_maxima(n, best):
    r = exact.search(n, best, waste=True)
    assert r.complete and r.proven_max == best


def test_the_stored_estimates_rerun_and_read_at_any_scale():
    from puzzles.jumpmaze import sections as S
    from puzzles.jumpmaze.paper import PAPER

    table, tot, note = S.size_estimates()
    assert list(table.columns) == E.ESTIMATE_COLUMNS
    n8 = tot[(tot.n == 8) & (tot.target == 61)]
    assert list(n8.branches) == [5, 5] and (n8.goal_probes == 0).all()
    assert "the 5 open n = 8 branches for target 61" in note.data
    # one stored row recomputed from its task's seed: the same numbers
    est = PAPER.budgets("paper").size_estimates
    task = E.EstimateTask(8, 61, 3, 5, False, est.probes, est.batches, root=2026)
    row = table[(table.n == 8) & (table.a == 3) & (table.b == 5) & ~table.waste].iloc[0]
    got = E.estimate_table([task], [E.estimate_run(task)]).iloc[0]
    assert got.to_dict() == row.to_dict()
