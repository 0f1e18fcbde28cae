"""The IQ-Link ledger: rows, verdicts and the decisions on a small analysis."""

from __future__ import annotations

import pandas as pd
import pytest

from puzzles.core.claims import VERDICTS
from puzzles.iqlink import experiments as ex
from puzzles.iqlink import ledger as iqledger


@pytest.fixture(scope="module")
def small():
    rows = [ex.analyse_challenge((cid, 20_000)) for cid in (1, 2, 25, 29, 38)]
    return pd.DataFrame(rows)


def test_paper_ledger_rows_and_verdicts(small):
    led = iqledger.paper_ledger(small, ex.placements_table(), (47, 49), (29, 38),
                                small["one_colour"] == small["all_legal"])
    frame = led.frame()
    assert len(frame) >= 8
    assert set(frame["verdict"]) <= set(VERDICTS)
    assert (frame.loc[~frame["verdict"].isin(["reproduced", "beyond"]), "why"] != "").all()
    for fam in ("straight_light_purple", "straight", "obtuse", "acute"):
        assert led[f"T2-{fam}"].verdict == "reproduced"
    assert led["S15-census"].verdict == "reproduced"
    assert led["S8-unreachable"].verdict == "reproduced"
    # Per-puzzle numbers of the booklet are never compared with our different challenges.
    assert led["T3-47"].verdict == "not comparable" and led["T4-29"].verdict == "not comparable"
    assert led["S9-all-legal-first11"].verdict == "not comparable"
    assert led["T4-29"].ours == small.loc[small["id"] == 29, "ratios"].iloc[0]
    # A sample of a level cannot claim Table 1's range, and says why.
    assert led["T1-Starter-given"].verdict == "differs"
    assert "smoke" in led["T1-Starter-given"].why


def test_all_hold_names_the_failures():
    led = iqledger.Ledger("x")
    iqledger._all_hold(led, "a", "s", "claim", pd.Series([True, False, True]), "all", "fails",
                       pd.Series([7, 8, 9]))
    assert led["a"].verdict == "differs" and "8" in led["a"].why and led["a"].ours == "2 of 3"
    iqledger._all_hold(led, "b", "s", "claim", pd.Series([True, True]), "all", "fails")
    assert led["b"].verdict == "reproduced" and led["b"].why == ""


def test_results_table_has_no_timing_columns(small):
    res = ex.results_table(small.to_dict("records"))
    assert list(res.columns) == list(ex.RESULT_COLUMNS) + ["grade"]
    assert not any("second" in c or c.endswith("_s") for c in res.columns)
    steps = {s for s, _, _ in ex.timing_rows(small.to_dict("records"))}
    assert {"exact", "grade", "final_t3"} <= steps


def test_recount_disagreement_is_a_verdict_not_text():
    eb = pd.DataFrame({"placement": [0, 1, 2], "solutions": [5, 7, 9]})
    recount = pd.DataFrame({"placement": [0, 1, 2], "linked": [5, 7, 9], "fits": [6, 7, 12]})
    led = iqledger.recount_claims(iqledger.Ledger("x"), eb, recount)
    assert led["B-empty-board-recount"].verdict == "beyond"
    assert led["B-empty-board-recount"].ours == "21 (equal on 3 of 3 slices)"
    assert led["B-empty-board-fits"].ours == "25"
    recount.loc[1, "linked"] = 8
    led = iqledger.recount_claims(iqledger.Ledger("x"), eb, recount)
    assert led["B-empty-board-recount"].verdict == "differs"
    assert "[1]" in led["B-empty-board-recount"].why
