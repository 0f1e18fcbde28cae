"""Hitting times with censoring: failures count at the budget, Kaplan-Meier medians, the
committed hitting-time table rerun from the stored ordering runs."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from puzzles.clockwork import hitting
from puzzles.clockwork.experiments import stored
from puzzles.clockwork.reference import protocol

FIGURES = Path(__file__).resolve().parents[1] / "figures" / "01_clockwork"


def _runs(solved, tournaments, key="X"):
    return pd.DataFrame({"instance": key, "run": range(len(solved)), "solved": solved,
                         "tournaments": tournaments})


def test_censored_times_put_failures_at_the_budget():
    runs = pd.concat([_runs([True, False, True, False], [5, 7, 3, 10]),
                      _runs([False], [2], key="Y")])
    np.testing.assert_array_equal(hitting.censored_times(runs, "X", 10), [5, 10, 3, 10])
    np.testing.assert_array_equal(hitting.censored_times(runs, "Y", 40), [40])
    with pytest.raises(ValueError, match="no runs"):
        hitting.censored_times(runs, "Z", 10)


def test_censored_stored_runs_are_their_tournaments_with_failures_at_n():
    o = stored("ordering_runs")
    n = protocol()["N"]
    for key in ("A1", "C6", "F2"):
        g = o[o["instance"] == key]
        t = hitting.censored_times(o, key, n)
        assert (t[~g["solved"].to_numpy()] == n).all()
        np.testing.assert_array_equal(t[g["solved"].to_numpy()],
                                      g.loc[g["solved"], "tournaments"].to_numpy())
    # F2 fails 7 of its 200 runs: the censored mean is the committed mean at N
    assert (~o.loc[o["instance"] == "F2", "solved"]).sum() == 7
    assert hitting.censored_times(o, "F2", n).mean() == 3000.73


def test_km_median_is_the_first_time_the_survival_reaches_one_half():
    assert hitting.km_median([1, 2, 3, 4], [True] * 4) == 2.0  # S = 3/4, 1/2, 1/4, 0
    assert hitting.km_median([1, 2, 3], [True] * 3) == 2.0
    # censored runs stay at risk until their time: S(2) = 3/4 * 2/3 = 1/2
    times, surv = hitting.km_curve([1, 2, 5, 5], [True, True, False, False])
    np.testing.assert_allclose(surv, [3 / 4, 1 / 2])
    assert hitting.km_median([1, 2, 5, 5], [True, True, False, False]) == 2.0
    assert hitting.km_median([1, 5, 5], [True, False, False]) == float("inf")


def test_hitting_summary_counts_failures_at_the_budget_given():
    s = hitting.hitting_summary(_runs([True, False], [4, 6]), 100)
    assert s.loc[0, "mean_at_N"] == 52.0 and s.loc[0, "successes"] == 1


def test_committed_hitting_times_rerun_from_the_stored_runs():
    again = hitting.hitting_summary(stored("ordering_runs"), protocol()["N"])
    committed = pd.read_csv(FIGURES / "hitting_times.csv")
    pd.testing.assert_frame_equal(again, committed, check_exact=False, rtol=1e-12)
