"""Notebook helpers and the stored long runs: tables, best puzzles, re-verified grids."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from puzzles.jumpmaze import exact, experiments, model, offline, sections
from puzzles.jumpmaze import report as R
from puzzles.jumpmaze.paper import PAPER


def test_stored_long_runs_verify_and_meet_the_targets():
    anneal, proofs = sections.long_runs()  # every stored grid re-evaluated
    checked = offline.verify(anneal, proofs)
    assert checked["anneal n=11"] >= 116 > R.report().best_score
    assert proofs["5"]["proven_max"] == 21 and proofs["7"]["proven_max"] == 45
    assert checked["anneal n=5"] == 21 and checked["anneal n=7"] == 45
    for key, b in offline.bound_records(offline.stored("long-bounds")).items():
        best = anneal.get(key, {}).get("best_score", 0)
        assert best <= b["upper_bound"] <= int(key) ** 2 - 1


def test_verify_rejects_a_tampered_record():
    anneal, proofs = sections.long_runs()
    anneal["11"]["best_score"] += 1
    with pytest.raises(ValueError, match="n=11"):
        offline.verify(anneal, proofs)


def test_upper_bound_is_exact_when_the_search_completes():
    out = exact.upper_bound(4, 14, 10**7)
    assert out["upper_bound"] == 12 and out["searches"][-1]["found"] == 12


def test_protocol_tables_and_best_puzzles():
    b = dataclasses.replace(PAPER.budgets("smoke"), runs=2, sizes=(5, 7))
    table = experiments.run_protocol(b, 1, workers=1, algorithms=["hc_ties", "sa", "ga"])
    res = table.to_dict("records")
    assert list(table["algorithm"]) == ["hc_ties", "hc_ties", "sa", "sa", "ga", "ga"]
    curves = experiments.curves_table(table)
    assert list(curves.columns) == ["algorithm", "n", "iteration", "mean_score"]
    assert len(curves) == sum(len(r["mean_curve"]) for r in res)
    summary = experiments.summary_table(table)
    assert set(summary["algorithm"]) == {"hc_ties", "sa", "ga"}
    finals = experiments.finals_table(table)
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
    t = R.report().sa_t0 * R.report().sa_cool ** it
    assert math.exp(-1 / t) < 1e-3 <= math.exp(-1 / (t / R.report().sa_cool))
    q = experiments.quality_table({"report": R.report_puzzle()})
    assert q.loc[0, "score"] == 103 and q.loc[0, "white_holes"] == 1


def test_protocol_tasks_are_seeded_per_algorithm_and_size_and_slowest_first():
    b = PAPER.budgets("paper")
    tasks = PAPER.tasks("protocol")
    assert [(t.algorithm, t.n) for t in tasks[:2]] == [("ga", 11), ("ga_top80", 11)]
    assert len(tasks) == 9 * len(b.sizes) and all(t.runs == 50 and t.budget == b for t in tasks)
    t = next(t for t in tasks if (t.algorithm, t.n) == ("sa", 7))
    assert t.seed_key() == ("sa", 7) and t.key == "protocol(algorithm=sa, n=7, runs=50)"
    # the task repr (the resume cache's key) holds its whole budget
    assert repr(b) in repr(t)


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
