"""The weighted calibration without misread instances and the length hypotheses (issue 23)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from puzzles.clockwork import lengths as L
from puzzles.clockwork import refit as rf


def _results(**over) -> pd.DataFrame:
    base = {"instance": "X", "shortest": 20, "iter_mean": 50.0, "paper_iter_mean": 60.0,
            "paper_length_mean": 30.0}
    return pd.DataFrame([{**base, **over}])


def test_misread_flags_a_paper_length_below_our_optimum():
    assert "below our exact shortest" in rf.misread(_results(paper_length_mean=19.9))["X"]
    assert rf.misread(_results(paper_length_mean=20.0)) == {}


def test_misread_flags_an_instance_our_reading_makes_trivial():
    assert "random population" in rf.misread(_results(iter_mean=0.0, paper_iter_mean=101))["X"]
    assert rf.misread(_results(iter_mean=0.0, paper_iter_mean=100)) == {}
    assert rf.misread(_results(iter_mean=0.5, paper_iter_mean=3000)) == {}


def test_misread_names_missing_columns():
    with pytest.raises(ValueError, match="lacks columns"):
        rf.misread(pd.DataFrame({"instance": ["X"]}))


def test_weighted_mean_is_inverse_variance_when_instances_agree():
    m, se = rf._weighted(np.array([0.0, 1.0]), np.array([1.0, 0.5]))
    # weights 1 and 4 (the spread is within sampling error: no between-instance variance)
    assert m == pytest.approx(0.8)
    assert se == pytest.approx(1 / math.sqrt(5))


def test_an_instance_without_spread_cannot_outweigh_the_rest():
    # B1-like: one instance at log ratio 0 with no spread, three at 1 with se 0.3.
    r = np.array([0.0, 1.0, 1.0, 1.0])
    se = np.array([0.0, 0.3, 0.3, 0.3])
    m, _ = rf._weighted(r, se)
    assert 0.5 < m < 1.0  # fixed-effect weights would give about 0.003


def _runs(setting: tuple[str, int, int], scale: float, keys=("A2", "A3", "B2", "C4")):
    rng = np.random.default_rng(0)
    rows = []
    for k in keys:
        for r in range(20):
            t = int(rng.integers(20, 60) * scale) if k != "C4" else 0
            rows.append({"reading": setting[0], "tournament": setting[1],
                         "mutations": setting[2], "instance": k, "run": r, "solved": True,
                         "tournaments": t, "length": float(rng.integers(35, 55))})
    return pd.DataFrame(rows)


def test_calibration_table_marks_the_best_and_its_equals():
    runs = pd.concat([_runs(("a", 7, 1), 1.0), _runs(("b", 7, 1), 1.05),
                      _runs(("c", 7, 1), 20.0)])
    t = rf.calibration_table(runs, ["C4"], ("b", 7, 1))
    assert t["chosen"].sum() == 1 and t["default"].sum() == 1
    assert bool(t.set_index("reading").at["b", "default"])
    best = t.loc[t["chosen"]].iloc[0]
    assert best["score"] == t["score"].min() and best["rank"] == 1
    assert bool(t.set_index("reading").at["c", "indistinguishable"]) is False
    assert bool(best["indistinguishable"]) is True
    assert (t["excluded"] == "C4").all()
    assert list(t.columns[:8]) == ["reading", "tournament", "mutations", "iter_log_ratio",
                                   "len_log_ratio", "score", "score_se", "excluded"]


def test_excluded_instances_leave_the_fit():
    runs = _runs(("a", 7, 1), 1.0)
    with_c4 = rf.fit(runs)
    without = rf.fit(runs, ["C4"])
    assert with_c4["iter_log_ratio"] < without["iter_log_ratio"]
    assert without == rf.fit(runs[runs["instance"] != "C4"])


def _one(key: str, lengths: list[float | None]) -> pd.DataFrame:
    return pd.DataFrame({"instance": key, "run": range(len(lengths)),
                         "solved": [x is not None for x in lengths],
                         "length": [np.nan if x is None else x for x in lengths]})


def test_length_hypotheses():
    g = _one("C6", [20.0, None, 30.0, None])
    assert list(L.lengths(g, "excluded")) == [20.0, 30.0]
    assert list(L.lengths(g, "as_zero")) == [20.0, 0.0, 30.0, 0.0]
    with pytest.raises(ValueError, match="unknown hypothesis"):
        L.lengths(g, "median")


def test_failures_as_zero_can_fit_what_exclusion_cannot():
    # C6: the paper's 15.3 (sd 23.3 over 20 runs: its own sample is too small to show
    # equivalence within 5 actions). Half our runs fail, the rest solve at 30-31 actions.
    runs = _one("C6", [30.0, 31.0, None, None] * 50)
    table, _ = L.decide(runs)
    row = table.iloc[0]
    assert row["excluded_verdict"] == "differs"
    assert row["as_zero_mean"] == pytest.approx(15.25)
    assert row["as_zero_verdict"] == "inconclusive"


def test_comparison_needs_instances_with_failures():
    runs = pd.concat([_one("C5", [60.0, 58.0, None, None] * 50),
                      _one("D2", [60.0, 58.0, None] * 50), _one("C6", [30.0, None] * 50)])
    table, _ = L.decide(runs)
    ev = L.comparison(table)
    assert ev.kind == "ordering" and "C5, D2, C6" in ev.ours
    with pytest.raises(ValueError, match="need two instances"):
        L.comparison(table.iloc[:1])
