"""Incremental evaluation: the same scores as a full BFS, identical optimiser runs."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.jumpmaze import incremental as I
from puzzles.jumpmaze import model, optimise


def _state_of(grid: np.ndarray) -> tuple[I.State, np.ndarray]:
    flat = np.ascontiguousarray(grid.ravel()).astype(np.int64)
    st = I.new_state(grid.shape[0])
    I.full(flat, grid.shape[0], st)
    return st, flat


@pytest.mark.parametrize("n", [5, 7, 11])
def test_changed_and_revert_agree_with_a_full_bfs(n):
    rng = np.random.default_rng(n)
    mj = model.max_jumps(n).ravel()
    grid = model.random_grid(n, rng)
    st, flat = _state_of(grid)
    for _ in range(400):
        cell = int(rng.choice(np.flatnonzero(mj >= 2)))
        old = flat[cell]
        flat[cell] = int(rng.choice([v for v in range(1, mj[cell] + 1) if v != old]))
        got = I.changed(flat, n, st, cell)
        assert got == model.score(flat.reshape(n, n))
        if rng.random() < 0.5:  # reject: the state must be the old maze's again
            flat[cell] = old
            I.revert(st)
        ref = I.new_state(n)
        assert I.full(flat, n, ref) == st.meta[I.M_SCORE]
        tail = int(st.meta[I.M_TAIL])
        np.testing.assert_array_equal(st.queue[:tail], ref.queue[:tail])
        np.testing.assert_array_equal(st.depth, ref.depth)


def test_an_unreached_or_deep_cell_skips_the_bfs():
    g = model.parse_grid("2 1 2\n1 1 1\n1 1 G")
    st, flat = _state_of(g)
    assert st.meta[I.M_SCORE] == 2
    # (1, 2) is unreached and (1, 0) lies on the goal's layer: neither can change the score
    for cell in (5, 3):
        flat[cell] = 2
        assert I.changed(flat, 3, st, cell) == model.score(flat.reshape(3, 3)) == 2
        I.revert(st)
    assert st.meta[I.M_SKIPS] == 2 and st.meta[I.M_PARTIAL] == 0
    # (2, 0) sits at depth 1, before the goal's layer: the BFS resumes from its layer
    flat[6] = 2
    assert I.changed(flat, 3, st, 6) == model.score(flat.reshape(3, 3))
    assert st.meta[I.M_PARTIAL] == 1


@pytest.mark.parametrize("alg, ties", [("hc", True), ("hc", False), ("sa", True)])
@pytest.mark.parametrize("n", [5, 7])
def test_incremental_runs_are_identical_to_full_runs(alg, ties, n):
    for seed in (1, 2, 3):
        inc = I.run(alg, n, 1500, seed, ties=ties)
        ref = I.full_run(alg, n, 1500, seed, ties=ties)
        assert I.identical(inc, ref)
        assert inc.skipped + inc.partial == 1500


def test_frozen_annealing_draws_like_the_reference():
    # cool = 0.5 freezes T to 0 within the run: a loss must still draw its random number
    inc = I.run("sa", 5, 3000, 4, t0=1.0, cool=0.5)
    ref = optimise.anneal(5, 3000, 4, t0=1.0, cool=0.5)
    assert I.identical(inc, ref)


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="algorithm must be"):
        I.run("ga", 5, 10, 1)
    with pytest.raises(ValueError, match="iters must be"):
        I.run("hc", 5, 0, 1)


def test_benchmark_reports_identical_runs():
    check, timing = I.benchmark(runs=2, cases=((5, "hc", 200),), repeats=1)
    assert check.loc[0, "identical_runs"] == 2
    assert 0 <= check.loc[0, "skipped_share"] <= 1
    assert list(timing.columns) == ["n", "algorithm", "iterations", "runs", "full_seconds",
                                    "incremental_seconds", "speedup"]
