"""Matched budgets: every optimiser makes E(n) evaluations, read at shared checkpoints."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.jumpmaze import matched as M
from puzzles.jumpmaze import optimise


def test_matched_budget_is_the_largest_report_budget_in_whole_generations():
    # n = 7: hill climbing's 5,000 iterations (5,001 evaluations) are the largest budget;
    # 40 mazes a GA generation round it up to 5,040
    assert M.matched_evaluations(7) == 5040
    assert M.matched_evaluations(5) == 3030  # the GA's 30 x 101 beat annealing's 3,001
    assert M.matched_evaluations(11) == 6060
    for n in (5, 7, 9, 11):
        e = M.matched_evaluations(n)
        assert all(M.report_evaluations(a, n) <= e for a, _ in M.ALGORITHMS)
        assert e % optimise_pop(n) == 0


def optimise_pop(n: int) -> int:
    from puzzles.jumpmaze import reference as R

    return R.REPORT_GA_POP[n]


def test_report_evaluations_count_the_start_and_every_generation():
    assert M.report_evaluations("hc", 5) == 1001
    assert M.report_evaluations("ga", 5) == 30 * 101
    with pytest.raises(ValueError, match="unknown algorithm"):
        M.report_evaluations("tabu", 5)
    with pytest.raises(ValueError, match="no budget for n = 6"):
        M.matched_evaluations(6)


def test_checkpoints_add_the_report_budget_only_where_it_is_a_prefix():
    assert 1001 in M.checkpoints("hc", 5) and 3001 in M.checkpoints("sa", 5)
    assert 1001 not in M.checkpoints("restarts", 5)
    for alg, _ in M.ALGORITHMS:
        pts = M.checkpoints(alg, 7)
        assert pts[-1] == M.matched_evaluations(7) and list(pts) == sorted(set(pts))


@pytest.mark.parametrize("family, tie", [("hc", "ties"), ("walk", "strict"), ("sa", "ties")])
def test_a_report_budget_run_is_a_prefix_of_the_matched_run(family, tie):
    from puzzles.jumpmaze import reference as R

    seed = 11
    long = M.one_run(family, tie, 5, seed)
    iters = R.REPORT_ITERATIONS[family][5]
    short = (optimise.hill_climb(5, iters, seed, ties=True) if family == "hc" else
             optimise.random_walk(5, iters, seed, ties=False, p=R.REPORT_WALK_P)
             if family == "walk" else
             optimise.anneal(5, iters, seed, t0=R.REPORT_SA_T0, cool=R.REPORT_SA_COOL))
    assert len(long.curve) == M.matched_evaluations(5)
    np.testing.assert_array_equal(long.curve[:iters + 1], short.curve)
    i = M.curve_index(family, 5, M.report_evaluations(family, 5))
    assert long.curve_best[i] == short.curve_best[-1]


def test_restarts_share_the_whole_matched_budget():
    r = M.one_run("restarts", "strict", 5, 3)
    assert len(r.curve) == M.matched_evaluations(5) and r.stats[2] == 9


def test_curve_index_reads_whole_generations_of_the_ga():
    assert M.curve_index("ga", 5, 30) == 0 and M.curve_index("ga", 5, 3030) == 100
    assert M.curve_index("hc", 5, 1) == 0 and M.curve_index("hc", 5, 1001) == 1000
    with pytest.raises(ValueError, match="whole number of generations"):
        M.curve_index("ga", 5, 31)


def test_table_columns_runs_and_seeds():
    tasks = M.matched_tasks(runs=2, sizes=(5,))
    assert len({t.run_seed(r) for t in tasks for r in range(2)}) == 2 * len(tasks)
    res = [M.matched_worker(t) for t in tasks if t.algorithm in ("hc", "ga")]
    tab = M.matched_table([r.task for r in res], res)
    assert list(tab.columns) == M.COLUMNS
    ga = tab[tab.algorithm == "ga"]
    assert set(ga.tie_rule) == {"none"} and len(ga) == 2 * len(M.checkpoints("ga", 5))
    # best so far never falls and never lies below the incumbent of a local search
    hc = tab[tab.algorithm == "hc"].sort_values(["tie_rule", "run", "evaluations"])
    assert (hc.best_so_far >= hc.incumbent).all()
    for _, g in hc.groupby(["tie_rule", "run"]):
        assert g.best_so_far.is_monotonic_increasing
    again = M.matched_worker(tasks[0])
    np.testing.assert_array_equal(again.best_so_far, M.matched_worker(tasks[0]).best_so_far)
    summ = M.summary(tab)
    assert set(summ.evaluations) == {3030} and set(summ.runs) == {2}


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="runs must be a positive int"):
        M.matched_tasks(runs=0)
    with pytest.raises(ValueError, match="no algorithm"):
        M.one_run("sa", "strict", 5, 1)
