"""Notebook helpers and the stored long runs: tables, best puzzles, re-verified grids."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from puzzles.core import budgets
from puzzles.jumpmaze import experiments, longrun, model, optimise
from puzzles.jumpmaze import reference as R


def test_stored_long_runs_verify_and_meet_the_targets():
    rec = longrun.load_long_runs()
    checked = longrun.verify_long_runs(rec)
    assert checked["anneal n=11"] >= 116 > R.REPORT_BEST_SCORE
    assert rec["proofs"]["5"]["proven_max"] == 21 and rec["proofs"]["7"]["proven_max"] == 45
    assert checked["anneal n=5"] == 21 and checked["anneal n=7"] == 45
    for key, b in rec["bounds"].items():
        best = rec["anneal"].get(key, {}).get("best_score", 0)
        assert best <= b["upper_bound"] <= int(key) ** 2 - 1


def test_verify_rejects_a_tampered_record():
    rec = longrun.load_long_runs()
    rec["anneal"]["11"]["best_score"] += 1
    with pytest.raises(ValueError, match="n=11"):
        longrun.verify_long_runs(rec)


def test_upper_bound_is_exact_when_the_search_completes():
    out = longrun.upper_bound(4, 14, 10**7)
    assert out["upper_bound"] == 12 and out["searches"][-1]["found"] == 12


def test_protocol_tables_and_best_puzzles():
    b = dict(budgets("jumpmaze", "smoke"))
    b["runs"] = 2
    b["sizes"] = (5, 7)
    res = experiments.run_protocol(b, 1, workers=1, algorithms=["hc_ties", "sa", "ga"])
    curves = experiments.curves_table(res)
    assert list(curves.columns) == ["algorithm", "n", "iteration", "mean_score"]
    assert len(curves) == sum(len(r["mean_curve"]) for r in res)
    summary = experiments.summary_table(res)
    assert set(summary["algorithm"]) == {"hc_ties", "sa", "ga"}
    finals = experiments.finals_table(res)
    assert len(finals) == 2 * len(res)
    cands = [(r["algorithm"], r["n"], r["best_grid"]) for r in res]
    top5 = max(r["best_score"] for r in res if r["n"] == 5)
    best = experiments.best_puzzles(cands, {5: top5, 7: 45}, (5, 7))
    for key, v in best.items():
        assert v["score"] == model.score(v["grid"])
        assert v["score"] == max(r["best_score"] for r in res if r["n"] == int(key))
        assert np.array(v["grid"])[-1, -1] == 0
    assert best["5"]["proven_max"] == top5 and best["7"]["upper_bound"] == 45
    with pytest.raises(ValueError, match="beats the proven bound"):
        experiments.best_puzzles(cands, {5: top5 - 1}, (5,))
    assert best["7"]["proven_max"] is None


def test_frozen_after_and_quality_table():
    it = experiments.frozen_after()
    t = R.REPORT_SA_T0 * R.REPORT_SA_COOL ** it
    assert math.exp(-1 / t) < 1e-3 <= math.exp(-1 / (t / R.REPORT_SA_COOL))
    q = experiments.quality_table({"report": R.report_puzzle()})
    assert q.loc[0, "score"] == 103 and q.loc[0, "white_holes"] == 1


def test_task_budget_freezing_roundtrips():
    b = dict(budgets("jumpmaze", "paper"))
    frozen = optimise.freeze(b)
    assert optimise._unfreeze(frozen)["hc"] == b["hc"]
    assert repr(frozen) == repr(optimise.freeze(dict(reversed(list(b.items())))))


FIGURES = Path(__file__).resolve().parents[1] / "figures" / "03_jumping_maze"


def test_committed_final_scores_summarise_the_committed_runs():
    # final_scores.csv from final_scores_per_run.csv: mean with its 95% CI, median, the best
    # of the runs and how many runs end on a solvable maze (a positive final score)
    per = pd.read_csv(FIGURES / "final_scores_per_run.csv")
    results = [{"algorithm": a, "n": n, "final": g.sort_values("run")["final_score"].to_numpy(),
                "best_score": int(g["best_score"].max())}
               for (a, n), g in per.groupby(["algorithm", "n"], sort=False)]
    pd.testing.assert_frame_equal(experiments.summary_table(results),
                                  pd.read_csv(FIGURES / "final_scores.csv"), check_dtype=False)


def test_best_puzzles_keep_the_first_of_equal_scores():
    g = R.report_puzzle()
    best = experiments.best_puzzles([("first", 11, g), ("second", 11, g.copy())], {}, (11,))
    assert best["11"]["algorithm"] == "first" and best["11"]["score"] == 103
