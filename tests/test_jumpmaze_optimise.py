"""The report's optimisers: determinism, curve shapes, acceptance rules, checked results."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.core import budgets, run_tasks
from puzzles.jumpmaze import model, optimise


def _smoke():
    return dict(budgets("jumpmaze", "smoke"))


def test_same_seed_same_run_and_curves_have_the_budgeted_length():
    a = optimise.local_search(7, 300, 11, ties=True)
    b = optimise.local_search(7, 300, 11, ties=True)
    c = optimise.local_search(7, 300, 12, ties=True)
    assert len(a.curve) == 301
    np.testing.assert_array_equal(a.curve, b.curve)
    np.testing.assert_array_equal(a.best_grid, b.best_grid)
    assert not np.array_equal(a.curve, c.curve)


@pytest.mark.parametrize("ties", [False, True])
def test_hill_climbing_never_goes_down(ties):
    for seed in range(5):
        r = optimise.local_search(9, 500, seed, ties=ties)
        assert np.all(np.diff(r.curve) >= 0)
        assert r.curve[-1] == r.best_score == model.score(r.best_grid)


def test_ties_beat_strict_on_average_at_n11():
    strict = [optimise.local_search(11, 1500, s, ties=False).best_score for s in range(8)]
    ties = [optimise.local_search(11, 1500, s, ties=True).best_score for s in range(8)]
    assert np.mean(ties) > np.mean(strict) + 20


def test_restart_incumbent_is_monotone_and_walk_can_go_down():
    r = optimise.local_search(7, 1000, 3, ties=True, restarts=10)
    assert np.all(np.diff(r.curve) >= 0) and r.curve[-1] == r.best_score
    w = optimise.local_search(7, 1000, 3, ties=True, walk_p=0.5)
    assert np.any(np.diff(w.curve) < 0)
    assert np.all(np.diff(w.curve_best) >= 0) and w.curve_best[-1] == w.best_score


def test_annealing_freezes_into_climbing():
    r = optimise.local_search(7, 2000, 5, ties=True, t0=100.0, cool=0.985)
    # T = 100 * 0.985**i is below 0.01 after ~610 iterations: no more downhill moves after that
    assert np.all(np.diff(r.curve[800:]) >= 0)
    assert model.score(r.best_grid) == r.best_score


@pytest.mark.parametrize("select", ["beats80", "top80"])
def test_genetic_runs_and_its_best_is_rechecked(select):
    r = optimise.genetic(5, 12, 15, 4, select=select)
    assert len(r.curve) == 16 and np.all(np.diff(r.curve_best) >= 0)
    assert r.best_score == model.score(r.best_grid) == r.curve_best[-1]
    assert r.curve.max() <= r.best_score


def test_selection_readings_differ():
    a = optimise.genetic(7, 20, 30, 9, select="beats80")
    b = optimise.genetic(7, 20, 30, 9, select="top80")
    assert not np.array_equal(a.curve, b.curve)


def test_every_algorithm_through_the_task_function_is_worker_independent():
    budget = _smoke()
    tasks = [(alg, 5, 2, 2026, optimise.freeze(budget)) for alg in optimise.ALGORITHMS]
    one = run_tasks(optimise.protocol_task, tasks, workers=1, progress=False)
    again = [optimise.protocol_task(t) for t in tasks[::-1]][::-1]
    for x, y in zip(one, again, strict=True):
        np.testing.assert_array_equal(x["mean_curve"], y["mean_curve"])
        assert x["best_score"] == model.score(x["best_grid"])


def test_long_annealer_reaches_the_n5_maximum():
    r = optimise.anneal_long(5, 300_000, 1, t_start=3.0, t_end=0.2)
    assert r.best_score == model.score(r.best_grid) == 21


@pytest.mark.parametrize("call, match", [
    (lambda: optimise.local_search(5, 0, 1, ties=True), "iters"),
    (lambda: optimise.local_search(5, 10, 1, ties=True, walk_p=1.5), "walk_p"),
    (lambda: optimise.local_search(5, 10, 1, ties=True, t0=1.0, cool=0.0), "cool"),
    (lambda: optimise.local_search(2, 10, 1, ties=True), "n must"),
    (lambda: optimise.genetic(5, 1, 10, 1), "pop_size"),
    (lambda: optimise.genetic(5, 10, 10, 1, select="best"), "select"),
    (lambda: optimise.genetic(5, 10, 10, 1, pmut=2.0), "pmut"),
    (lambda: optimise.run_algorithm("tabu", 5, 1, _smoke()), "algorithm"),
    (lambda: optimise.anneal_long(5, 10, 1, t_start=0.1, t_end=1.0), "t_end"),
])
def test_bad_arguments(call, match):
    with pytest.raises(ValueError, match=match):
        call()
