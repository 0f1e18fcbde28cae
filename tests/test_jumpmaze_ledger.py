"""Notebook 03's ledger: every row through the verdict engine, decided from the committed runs.

The fixture rebuilds the ledger's report and protocol rows from the committed result files
(``final_scores_per_run.csv``, ``checkpoints.csv``, ``final_scores.csv``) plus the strict and
ties climbers' and walks' runs regenerated from their seeds (2 s), and the tests pin the evidence
this family chose: unpaired orderings of independent runs, a paired test where the same runs are
compared at two points, the report's 250 runs behind its best puzzle, an extreme never decided by
equality, the report's reading as the headline, and named verdicts.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from puzzles.core import derive_seed
from puzzles.core import verdicts as V
from puzzles.core.claims import (
    VERDICTS,
    coverage,
    depends_on_reading,
    inventory,
    load,
    verdict_moves,
    verdicts_before,
)
from puzzles.jumpmaze import experiments, model, optimise
from puzzles.jumpmaze import ledger as L
from puzzles.jumpmaze import report as R
from puzzles.jumpmaze.paper import PAPER

FIG = Path(__file__).parents[1] / "figures" / "03_jumping_maze"
SEED = 2026
BUDGET = PAPER.budgets("paper")


@pytest.fixture(scope="module")
def committed() -> dict[str, pd.DataFrame]:
    return {"finals": pd.read_csv(FIG / "final_scores_per_run.csv"),
            "checks": pd.read_csv(FIG / "checkpoints.csv"),
            "summary": pd.read_csv(FIG / "final_scores.csv"),
            "curves": pd.read_csv(FIG / "curves.csv"),
            "claims": load(FIG / "claims.csv")}


@pytest.fixture(scope="module")
def regenerated() -> pd.DataFrame:
    """The paper-scale climbers and walks, rerun from their seeds (their grids and curves)."""
    return experiments.run_protocol(BUDGET, SEED, workers=1, algorithms=[
        "hc_strict", "hc_ties", "walk_strict", "walk_ties"])


@pytest.fixture(scope="module")
def ledger(committed, regenerated):
    runs = L.Runs(committed["finals"], committed["checks"], BUDGET)
    led = L.new_ledger()
    L.report_claims(led, R.report_puzzle(), R.report_depths())
    L.plateau_claims(led, runs)
    L.definition_claims(led)
    L.protocol_claims(led, runs, committed["summary"],
                      experiments.local_maxima_table(regenerated),
                      experiments.escapes_table(regenerated))
    # section 4.6 reads annealing's rows again with every optimiser at equal evaluations
    L.sa_best_claims(led, runs, equal=pd.read_csv(FIG / "matched_budget.csv"), rewrite=True)
    return led


def test_the_ledger_covers_the_inventory_and_every_row_is_valid(ledger):
    frame = ledger.frame()
    cov = coverage(frame, inventory("puzzles.jumpmaze"))
    assert cov.complete, cov
    assert set(frame["verdict"]) <= set(VERDICTS)
    # B-ties is ours, not the report's: always beyond, whatever its numbers
    assert ledger["B-ties"].kind == ledger["B-ties"].verdict == "beyond"
    assert (frame.loc[frame["kind"] == "design input", "verdict"] == "by construction").all()
    assert ledger["T0-runs"].verdict == ledger["T7-budget"].verdict == "by construction"


def test_the_committed_ledger_is_what_the_committed_runs_give(ledger, committed):
    """Every report row of claims.csv, rebuilt from the committed result files, to the letter
    (Holm's family is the same: the notebook's other rows are beyond, with no p)."""
    ours = ledger.frame().set_index("id")
    stored = committed["claims"].set_index("id")
    stored = stored[stored["kind"] != "beyond"]
    pd.testing.assert_frame_equal(ours.loc[stored.index], stored)


def test_orderings_of_independent_runs_are_unpaired_and_same_runs_paired(ledger):
    frame = ledger.frame()
    orders = frame[frame["kind"] == "ordering"]
    assert len(orders) == 49
    assert orders["test"].str.startswith("one-sided Mann-Whitney (50 vs 50 runs)").all()
    # "still rises at the end": the same 50 runs at half budget and at the end
    rises = frame[frame["id"].str.startswith("T4-no-plateau")]
    assert len(rises) == 8 and (rises["kind"] == "trend").all()
    assert rises["test"].str.startswith("paired Wilcoxon signed-rank").all()


def test_every_ordering_row_carries_both_statistics_and_both_tie_rules(ledger):
    for c in ledger:
        if c.kind != "ordering":
            continue
        names = [part.rsplit(": ", 1)[0] for part in c.readings.split("; ")]
        assert names[0] == L.HEADLINE and L.BEST in names, c.id
        if "-strict-" in c.id or "-ties-" in c.id:
            other = "ties accepted" if "-strict-" in c.id else "strict climber"
            assert f"{other}, {L.INCUMBENT}" in names and f"{other}, {L.BEST}" in names, c.id


def test_unequal_budgets_are_named_and_read_at_matched_evaluations(ledger):
    for c in ledger:
        if c.kind != "ordering" or c.id.startswith(("T6-", "T4-not-great")):
            continue
        fams = {"T4-restarts-hc": ("restarts_strict", "hc_strict"),
                "T4-restarts-walks": ("restarts_strict", "walk_strict"),
                "T7-ga-hc": ("ga", "hc_strict"), "T7-ga-restarts": ("ga", "restarts_strict"),
                "T7-ga-walk": ("ga", "walk_strict"), "T7-sa-ga": ("sa", "ga")}
        a, b = next(v for k, v in fams.items() if c.id.startswith(k))
        n = int(c.id.rsplit("-n", 1)[1])
        differ = experiments.evaluations(a, n, BUDGET) != experiments.evaluations(b, n, BUDGET)
        assert ("budgets differ" in c.why) == differ, c.id
        assert ("matched evaluations" in c.readings) == differ, c.id
    # annealing's 3,000 iterations at n = 5 against 1,000: with ties accepted and matched
    # evaluations, annealing is no longer shown the best (issue 25's point)
    row = ledger["T6-sa-best-n5"]
    assert row.verdict == "reproduced" and "budgets differ: annealing 3,001" in row.why
    assert "ties accepted, matched evaluations, incumbent: inconclusive" in row.readings


def test_the_headline_is_the_reports_reading(ledger):
    # restarts beat walks on the incumbent the report plots, at every n and tie rule; the
    # best-so-far reading reverses the strict rows (the old verdicts)
    for v in ("strict", "ties"):
        for n in R.report().sizes:
            c = ledger[f"T4-restarts-walks-{v}-n{n}"]
            assert c.verdict == "reproduced", c.id
    for n in R.report().sizes:
        assert "; best-so-far: contradicted" in ledger[f"T4-restarts-walks-strict-n{n}"].readings
    # the GA against a climber that accepts ties: contradicted; with the report's strict
    # climber its best member wins
    for n in R.report().sizes:
        c = ledger[f"T7-ga-hc-ties-n{n}"]
        assert c.verdict == "contradicted"
        assert "strict climber, best-so-far: reproduced" in c.readings
        assert bool(depends_on_reading(pd.DataFrame([{"readings": c.readings}])).iloc[0])


def test_named_verdicts_from_the_committed_runs(ledger):
    assert ledger["T2-best-score"].verdict == "reproduced"
    assert ledger["T1-goal-corner"].verdict == "contradicted"
    assert ledger["T3-plateau-hc_strict"].verdict == "reproduced"
    assert ledger["T3-plateau-hc_ties"].verdict == "differs"
    # the GA's population mean against the strict climber's incumbent at n = 5: leaning
    # against the report, not significant after Holm
    c = ledger["T7-ga-hc-strict-n5"]
    assert c.verdict == "inconclusive" and c.p == "0.0266" and float(c.p_adjusted) > 0.05
    assert "p in the reverse direction" in c.test
    # every strict final maze is a local maximum, none has every neighbour worse
    c = ledger["T3-local-max"]
    assert c.verdict == "contradicted"
    assert c.readings.endswith("no neighbour better (a local maximum): reproduced")
    assert ledger["T3-hc-poor"].readings == (
        "strict climber: reproduced; ties accepted: contradicted")


def test_the_best_puzzle_is_an_extreme_of_the_reports_runs(ledger, committed):
    c = ledger["T8-best-103"]
    # none of our 250 runs reaches 103: two equal samples of one distribution put the larger
    # maximum in either half as often, so ranks cannot call it a difference
    assert c.kind == "extreme" and c.verdict == "inconclusive"
    # the report's 250 runs (five optimisers x 50), not a comparison of two maxima
    assert c.test == ("exact two-sample precedence test: 0 of our 250 runs lie above the "
                      "paper's max of 250 runs") and c.p == "1"
    assert "annealing only (50 runs): inconclusive" in c.readings
    # an extreme is never decided by equality: our best equal to the paper's is not enough
    finals = committed["finals"]
    best = finals[finals["n"] == 11]["best_score"].to_numpy(float)
    once = np.append(best[:-1], R.report().best_score)
    ev = V.extreme(once, R.report().best_score, 250, "max", L.MARGINS.best_puzzle)
    assert ev.ours == str(R.report().best_score) and ev.settled is None
    assert ev.verdict(ev.p) == "inconclusive"


def test_plateaus_pass_the_reports_50_runs_as_a_sample(ledger):
    c = ledger["T3-plateau-hc_strict-n11"]
    assert "n = 50 vs 50; the paper prints no spread: assumed equal to ours" in c.test
    assert c.margin == L.MARGINS.plateau.text == "±1 moves"
    assert c.verdict == "reproduced"
    assert ledger["T3-plateau-hc_ties-n11"].verdict == "differs"


def test_evaluations_and_matched_budgets():
    assert experiments.evaluations("hc_strict", 5, BUDGET) == 1001
    assert experiments.evaluations("sa", 5, BUDGET) == 3001
    assert experiments.evaluations("ga", 5, BUDGET) == 3030
    assert experiments.matched_evaluations("ga", "hc_strict", 5, BUDGET) == 990
    assert experiments.matched_evaluations("sa", "ga", 11, BUDGET) == 6000
    assert experiments.curve_point("ga", 5, 990, BUDGET) == 32
    assert experiments.curve_point("hc_ties", 7, 2001, BUDGET) == 2000
    with pytest.raises(ValueError, match="whole number of generations"):
        experiments.curve_point("ga", 5, 991, BUDGET)
    with pytest.raises(ValueError, match="evaluations"):
        experiments.curve_point("hc_strict", 5, 1002, BUDGET)


def test_checkpoints_are_the_runs_own_curves(committed):
    checks = committed["checks"]
    wanted = set(L.checkpoints(BUDGET))
    have = set(checks[["algorithm", "n", "evaluations"]].drop_duplicates().itertuples(
        index=False, name=None))
    assert wanted == have
    for alg, n, e in [("hc_ties", 7, 2001), ("sa", 5, 1001), ("ga", 5, 990)]:
        for run in range(2):
            res = optimise.run_algorithm(alg, n, derive_seed(SEED, alg, n, run), BUDGET)
            i = experiments.curve_point(alg, n, e, BUDGET)
            row = checks[(checks["algorithm"] == alg) & (checks["n"] == n)
                         & (checks["evaluations"] == e) & (checks["run"] == run)].iloc[0]
            assert row["incumbent"] == pytest.approx(res.curve[i], abs=1e-4)
            assert row["best_so_far"] == res.curve_best[i]


def test_neighbour_profile_scores_every_one_jump_change():
    rng = np.random.default_rng(3)
    for _ in range(3):
        g = model.random_grid(5, rng)
        s = model.score(g)
        better = equal = worse = 0
        mj = model.max_jumps(5)
        for r in range(5):
            for c in range(5):
                if mj[r, c] < 2:
                    continue
                for v in range(1, mj[r, c] + 1):
                    if v == g[r, c]:
                        continue
                    h = g.copy()
                    h[r, c] = v
                    t = model.score(h)
                    better, equal, worse = better + (t > s), equal + (t == s), worse + (t < s)
        assert optimise.neighbour_profile(g) == (better, equal, worse)


def test_the_designer_row_counts_the_96_maze_that_meets_its_constraints():
    import json

    quality = pd.read_csv(FIG / "quality_terms.csv")
    design = json.loads((FIG / "designer.json").read_text(encoding="utf-8"))
    best = json.loads((FIG / "best_puzzles.json").read_text(encoding="utf-8"))
    d = L.designer_best(design, best, quality)
    assert d["10"] == {"designer": 93, "known": 96, "unconstrained": 96,
                       "unconstrained_feasible": True, "proven": None}
    assert d["11"]["known"] == d["11"]["designer"] == 111
    led = L.designer_claims(L.new_ledger(), design, best, quality)
    assert led["B-designer-n10"].ours == "96" and "reach 93" in led["B-designer-n10"].test
    text = experiments.conclusion(led, best, design, quality)
    assert "n = 10: 93, but the deepest maze we know (96) itself has a unique shortest path" in text


def test_the_designer_rows_use_the_proven_constrained_maxima():
    import json

    from puzzles.jumpmaze import attained, offline

    quality = pd.read_csv(FIG / "quality_terms.csv")
    design = json.loads((FIG / "designer.json").read_text(encoding="utf-8"))
    best = json.loads((FIG / "best_puzzles.json").read_text(encoding="utf-8"))
    maxima = attained.maxima_table(offline.stored("constrained-maxima"), design)
    d = L.designer_best(design, best, quality, maxima)
    assert (d["7"]["designer"], d["7"]["proven"], d["7"]["known"]) == (43, 44, 44)
    assert (d["5"]["proven"], d["6"]["proven"], d["8"]["proven"]) == (19, 31, None)
    led = L.designer_claims(L.new_ledger(), design, best, quality, maxima)
    assert led["B-designer-n7"].ours == "44" and "proves 44" in led["B-designer-n7"].test
    assert led["B-designer-n10"].ours == "96"  # unproven there: the feasible unconstrained best
    text = experiments.conclusion(led, best, design, quality, maxima)
    assert "n = 7: 43 (the proven maximum under the constraints: 44)" in text


def test_frozen_annealing_text_is_from_the_iteration_on():
    led = L.sa_frozen_claim(L.new_ledger(), experiments.frozen_after(), 6000)
    assert led["B-sa-frozen"].ours == "433" and "from this iteration on" in led["B-sa-frozen"].claim


def test_sentences_and_moves_come_from_the_numbers(ledger, committed):
    s = L.count_sentence(ledger, "T4-restarts-walks-strict", "restarts beat walks")
    assert s == ("restarts beat walks: holds (significantly) at 4 of 4 sizes, inconclusive at 0, "
                 "reversed at 0; 4 of 4 change under another reading")
    assert "11.7" in L.curves_sentence(committed["summary"])
    assert "79.7" in L.curves_sentence(committed["summary"])
    ga = L.ga_sentence(committed["curves"])
    # the report-review's point: n = 5 reaches 6.75 after 10 generations, not "9-10"
    assert "n=5: 2.16 -> 6.75 (gen 10)" in ga
    moves = verdict_moves(verdicts_before("puzzles.jumpmaze"), committed["claims"])
    moved = moves.set_index(["before", "now"])["rows"]
    assert moved["contradicted", "reproduced"] == 6  # restarts vs walks, the report's reading
    assert moved["reproduced", "by construction"] == 2  # T0-runs, T7-budget
    assert ("beyond", "removed") not in moved.index
