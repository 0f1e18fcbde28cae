"""Issue 24: challenges tuned to the booklet's strategy profile."""

from __future__ import annotations

import pandas as pd
import pytest

from puzzles.iqlink import reference, tuned
from puzzles.iqlink.generate import load_challenges


def test_booklet_profile_reads_the_papers_counts():
    prof = tuned.booklet_profile()
    assert prof == {
        "Starter": {"all legal": 7, "single-placement elimination": 13, "pairwise cleanup": 4,
                    "search": 0},
        "Junior": {"all legal": 0, "single-placement elimination": 0, "pairwise cleanup": 4,
                   "search": 20},
        "Expert": {"all legal": 0, "single-placement elimination": 1, "pairwise cleanup": 0,
                   "search": 23}}
    # the nested totals give the paper's numbers back
    ref = reference.strategy_counts()
    total = {c: sum(p[c] for p in prof.values()) for c in tuned.CLASSES}
    assert total["all legal"] == ref["all_legal_first_11"]
    assert total["all legal"] + total["single-placement elimination"] == \
        ref["elimination_total"]
    assert sum(total[c] for c in tuned.CLASSES[:3]) == ref["pairwise_total"]


def test_an_impossible_profile_is_refused(monkeypatch):
    bad = dict(reference.strategy_counts(), pairwise_first_25=3)
    monkeypatch.setattr(reference, "strategy_counts", lambda: bad)
    with pytest.raises(ValueError, match="impossible Starter profile"):
        tuned.booklet_profile()


def _cand(rows):
    return pd.DataFrame([{"level": lv, "chunk": 0, "draw": i, "given": 9, "strongest": s,
                          "givens": "[]", "solution": sol} for i, (lv, s, sol) in
                         enumerate(rows)])


def test_keep_fills_quotas_first_come_and_never_repeats_a_solution():
    cand = _cand([("Starter", "all legal", "a"), ("Starter", "all legal", "b"),
                  ("Starter", "search", "c"), ("Starter", "pairwise cleanup", "a"),
                  ("Starter", "pairwise cleanup", "d"), ("Junior", "search", "e")])
    out = tuned.keep(cand, {"Starter": {"all legal": 1, "pairwise cleanup": 1},
                            "Junior": {"search": 1}})
    assert list(out["solution"]) == ["a", "d", "e"]  # b: quota full; c: no quota; a again
    assert list(out["slot"]) == [1, 2, 1]


def test_strongest_strategy_of_stored_challenges():
    ch = load_challenges()
    # challenge 1 (Starter) is solved by all legal; challenge 120 (Wizard) needs search
    assert tuned.strongest(ch[0]) == "all legal"
    assert tuned.strongest(ch[119]) == "search"


def test_draws_are_seeded_by_the_task():
    task = tuned.TunedTask("Starter", 0, 2)
    a, b = tuned.tuned_draws(task), tuned.tuned_draws(task)
    assert a == b and all(r["given"] in (9, 10) for r in a)
    assert tuned.tuned_draws(tuned.TunedTask("Starter", 1, 2)) != a


def test_solved_by_counts_are_nested():
    prof = pd.DataFrame([{"level": "Starter", "strongest strategy": c, "paper (reading)": n,
                          "stored set": n, "tuned set": n}
                         for c, n in zip(tuned.CLASSES, (1, 2, 3, 4), strict=True)])
    out = tuned.solved_by(prof)
    assert list(out["tuned set"]) == [1, 3, 6]


def test_profile_beside_the_paper_and_the_beyond_row():

    levels = ["Starter", "Junior", "Expert", "Master", "Wizard"]
    # stored set: every Starter and Junior solved by pairwise cleanup only, the rest by search
    analysis = pd.DataFrame({"level": [lv for lv in levels for _ in range(24)],
                             "all_legal": False, "elimination": False,
                             "pairwise": [lv in ("Starter", "Junior") for lv in levels
                                          for _ in range(24)]})
    kept = pd.DataFrame({"level": ["Starter"] * 7 + ["Junior"] * 2,
                         "strongest": ["all legal"] * 7 + ["search"] * 2})
    prof = tuned.profile_beside(kept, analysis)
    row = prof[(prof["level"] == "Starter") & (prof["strongest strategy"] == "all legal")]
    assert row[["paper (reading)", "stored set", "tuned set"]].values.tolist() == [[7, 0, 7]]
    wiz = prof[(prof["level"] == "Wizard") & (prof["strongest strategy"] == "search")]
    assert wiz[["paper (reading)", "stored set", "tuned set"]].values.tolist() == [[24, 24, 24]]
    wide = tuned.profile_wide(prof)
    assert list(wide.index) == levels and wide.loc["Junior", ("tuned set", "search")] == 2
    s = tuned.tuned_summary(kept, prof)
    assert (s["kept"], s["needed"], s["pw_paper"], s["pw_stored"], s["pw_tuned"]) == \
        (9, 72, 29, 48, 7)
    assert "Junior search: 2 of 20" in s["short"]
    # the ledger's row B-tuned-profile reads the same counts (the paper's given, as the
    # ledger reads them from reference/strategies.csv)
    ref = {"all_legal_first_11": 7, "elimination_total": 21, "pairwise_first_25": 24,
           "pairwise_total": 29, "elimination_expert": 1}
    tot = tuned.solved_by(tuned.profile_beside(kept, analysis, ref))
    assert tot.loc["pairwise cleanup"].tolist() == [29, 48, 7]
