"""Notebook 03's ledger: fair comparisons decided from the committed per-run results."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from puzzles.core import budgets
from puzzles.core.claims import VERDICTS
from puzzles.jumpmaze import ledger as L
from puzzles.jumpmaze import reference as R

FIG = Path(__file__).parents[1] / "figures" / "03_jumping_maze"


@pytest.fixture(scope="module")
def committed() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    return (pd.read_csv(FIG / "final_scores_per_run.csv"), pd.read_csv(FIG / "curves.csv"),
            pd.read_csv(FIG / "final_scores.csv"))


@pytest.fixture(scope="module")
def ledger(committed):
    finals, curves, _ = committed
    led = L.new_ledger()
    L.report_claims(led, R.report_puzzle(), R.report_depths())
    L.budget_claims(led, budgets("jumpmaze", "paper"))
    L.plateau_claims(led, curves, finals)
    L.order_claims(led, finals, R.REPORT_SIZES)
    L.best_score_claim(led, finals)
    L.ties_claim(led, finals)
    return led


def test_every_row_is_valid_and_there_are_enough(ledger):
    frame = ledger.frame()
    assert len(frame) >= 30 and set(frame["verdict"]) <= set(VERDICTS)
    bad = frame[~frame["verdict"].isin(["reproduced", "beyond"]) & (frame["why"] == "")]
    assert bad.empty


def test_fair_verdicts_of_the_review(ledger):
    # best-so-far on both sides: the walk beats the restarts at every size (strict)
    assert [ledger[f"T4-restarts-walks-strict-n{n}"].verdict for n in R.REPORT_SIZES] == [
        "contradicted"] * 4
    # annealing's "losses" at n = 7 and 9 are inside the noise: ties, not losses
    assert ledger["T6-sa-best-n7"].verdict == "differs"
    assert ledger["T6-sa-best-n9"].verdict == "differs"
    assert ledger["T6-sa-best-n5"].verdict == "reproduced"
    assert ledger["T2-best-score"].verdict == "reproduced"
    assert ledger["T8-best-103"].verdict == "differs"
    assert ledger["T3-plateau-hc_strict"].verdict == "reproduced"


def test_compare_calls_identical_samples_a_tie():
    finals = pd.DataFrame({"algorithm": ["a"] * 5 + ["b"] * 5, "n": 5, "run": list(range(5)) * 2,
                           "final_score": 3.0, "best_score": 7})
    assert L.compare(finals, "a", "b", 5)[0] == "differs"
    finals.loc[:4, "best_score"] = np.arange(20, 25)
    assert L.compare(finals, "a", "b", 5)[0] == "reproduced"
    assert L.compare(finals, "b", "a", 5)[0] == "contradicted"
    with pytest.raises(ValueError, match="no runs"):
        L.compare(finals, "a", "c", 5)


def test_sentences_come_from_the_numbers(ledger, committed):
    _, curves, summary = committed
    s = L.count_sentence(ledger, "T4-restarts-walks-strict", "restarts beat walks")
    assert s == ("restarts beat walks: holds (significantly) at 0 of 4 sizes, a tie at 0, "
                 "reversed at 4")
    assert "11.7" in L.curves_sentence(summary) and "79.7" in L.curves_sentence(summary)
    ga = L.ga_sentence(curves)
    # the report-review's point: n = 5 reaches 6.75 after 10 generations, not "9-10"
    assert "n=5: 2.16 -> 6.75 (gen 10)" in ga
