"""The survival difficulty model, its grouped validation and the generator (issue 23)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from puzzles.clockwork import difficulty as D


def test_outcome_censors_infinite_medians_at_the_budget():
    y, cens = D.outcome([0.0, 9.0, np.inf], 99)
    assert list(cens) == [False, False, True]
    assert y == pytest.approx(np.log1p([0.0, 9.0, 99.0]))


def test_concordance_counts_pairs_with_an_observed_shorter_time():
    y = np.array([1.0, 2.0, 3.0])
    cens = np.array([False, False, True])
    assert D.concordance(y, cens, np.array([1.0, 2.0, 3.0])) == 1.0
    assert D.concordance(y, cens, np.array([3.0, 2.0, 1.0])) == 0.0
    assert D.concordance(y, cens, np.array([1.0, 1.0, 1.0])) == 0.5
    # A censored shorter time makes no comparable pair.
    with pytest.raises(ValueError, match="no comparable pair"):
        D.concordance(y, np.array([True, True, True]), y)


def _censored_data(n: int = 400):
    rng = np.random.default_rng(1)
    x = rng.normal(size=(n, 1))
    y_true = 1.0 + 2.0 * x[:, 0] + rng.normal(scale=0.5, size=n)
    cap = 1.0
    cens = y_true > cap
    return x, np.minimum(y_true, cap), cens


def test_aft_recovers_the_slope_least_squares_on_uncensored_rows_biases():
    x, y, cens = _censored_data()
    aft = D.fit_aft(x, y, cens)
    ols = D.fit_ols(x, y, cens)
    assert aft[1] == pytest.approx(2.0, abs=0.15)
    assert aft[1] - ols[1] > 0.2  # dropping the censored top flattens the slope


def test_grouped_cv_never_sees_the_group_it_predicts():
    frame = pd.DataFrame({"log_reachable": [1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0]})
    y = np.array([1.0, 2.0, 3.0, 4.0, 11.0, 12.0, 13.0, 14.0])
    cens = np.zeros(8, dtype=bool)
    groups = ["a"] * 4 + ["b"] * 4
    pred = D.grouped_cv("size only (least squares)", frame, y, cens, groups)
    # Group b is predicted from group a alone (slope 1, intercept 0), and the reverse.
    assert pred[4:] == pytest.approx([1.0, 2.0, 3.0, 4.0])
    assert pred[:4] == pytest.approx([11.0, 12.0, 13.0, 14.0])


def test_unknown_model_and_band_raise():
    with pytest.raises(ValueError, match="unknown model"):
        D.fit("magic", pd.DataFrame(), np.zeros(0), np.zeros(0, bool))
    with pytest.raises(ValueError, match="unknown band"):
        D.generate(None, "impossible", 1, 2026)  # type: ignore[arg-type]


def test_within_family_rank_correlation():
    paper = pd.DataFrame({"instance": ["A1", "A2", "A3", "A4", "A5", "B1"],
                          "median_tournaments": [0.0, 16.0, 27.0, 122.0, np.inf, 0.0]})
    rho = D.within_family(paper, np.array([1.0, 2.0, 3.0, 4.0, 5.0, 1.0]))
    assert rho["rho_A"] == pytest.approx(1.0)
    assert np.isnan(rho["rho_B"])  # one instance of B only
    flat = D.within_family(paper, np.ones(6))
    assert flat["rho_A"] == 0.0  # one prediction for all ranks nothing
    rho = D.within_family(paper, np.array([5.0, 4.0, 3.0, 2.0, 1.0, 1.0]))
    assert rho["rho_A"] == pytest.approx(-1.0)


def test_structure_features_of_a_small_instance():
    from puzzles.clockwork.instances import instance

    p = instance("E5")
    f = D.structure(p, "E5", 2026, 14)
    assert 0 < f["fitness_share"] <= 1
    assert 0 <= f["useful_share"] <= 1
    assert f["log_order"] > 0 and f["pilot_log_t"] >= 0
    assert f == D.structure(p, "E5", 2026, 14)  # seeded
