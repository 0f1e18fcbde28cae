"""Tests of the reproduction ledger: decision rules, validation, saving and the scoreboard."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from puzzles.core import claims as C
from puzzles.core.timing import Timings, is_timing_file


def _claim(**kw):
    base = dict(id="T1-a", section="Table 1", claim="A is 3.", paper="3", ours="3",
                uncertainty="", test="exact", verdict="reproduced", why="")
    base.update(kw)
    return C.Claim(**base)


def test_claim_validates_every_field():
    assert _claim().verdict == "reproduced"
    with pytest.raises(ValueError, match="verdict 'maybe'"):
        _claim(verdict="maybe")
    with pytest.raises(ValueError, match="gives no 'why'"):
        _claim(verdict="differs")
    with pytest.raises(ValueError, match="no 'why'"):
        _claim(verdict="not comparable", why="  ")
    with pytest.raises(ValueError, match="id"):
        _claim(id="bad id")
    with pytest.raises(ValueError, match="must be text"):
        _claim(paper=3)
    with pytest.raises(ValueError, match="which test"):
        _claim(test="")
    with pytest.raises(ValueError, match="single lines"):
        _claim(claim="two\nlines")
    assert _claim(verdict="beyond", paper="").why == ""


def test_fmt():
    assert C.fmt(3) == "3" and C.fmt(np.int64(3)) == "3" and C.fmt(3.0) == "3"
    assert C.fmt(2.0 / 3) == "0.6667" and C.fmt(float("nan")) == "" and C.fmt(None) == ""
    assert C.fmt(True) == "yes" and C.fmt("x") == "x" and C.fmt(1234567.0) == "1234567"


def test_decide_exact():
    assert C.decide_exact(3072, 3072) == ("reproduced", "exact")
    assert C.decide_exact(3072, 1536)[0] == "differs"
    assert C.decide_exact(4.87, 4.866, tol=0.005)[0] == "reproduced"
    assert C.decide_exact(4.87, 4.86, tol=0.005)[0] == "differs"
    assert C.decide_exact("abc", "abc")[0] == "reproduced"


def test_decide_interval_and_mean():
    assert C.decide_interval(5.0, 4.0, 6.0)[0] == "reproduced"
    assert C.decide_interval(6.0, 4.0, 6.0)[0] == "reproduced"
    assert C.decide_interval(6.01, 4.0, 6.0)[0] == "differs"
    with pytest.raises(ValueError, match="exceeds"):
        C.decide_interval(1.0, 2.0, 1.0)
    values = [1.0, 2.0, 3.0, 4.0, 5.0]  # mean 3, t-CI half-width 1.963
    verdict, test, mean, half = C.decide_mean(4.9, values)
    assert (verdict, mean) == ("reproduced", 3.0) and half == pytest.approx(1.9632, abs=1e-4)
    assert "t-CI" in test
    assert C.decide_mean(5.0, values)[0] == "differs"
    assert C.decide_mean(2.0, [2.0, 2.0, 2.0])[:2] == ("reproduced",
                                                         "exact (every run gives the same value)")
    with pytest.raises(ValueError, match="two values"):
        C.decide_mean(1.0, [1.0])


def test_decide_order_is_one_sided_and_calls_ties():
    rng = np.random.default_rng(0)
    low, high = rng.normal(0, 1, 60), rng.normal(1.5, 1, 60)
    assert C.decide_order(low, high)[0] == "reproduced"
    assert C.decide_order(high, low)[0] == "contradicted"
    same = rng.normal(0, 1, 60)
    verdict, test, p = C.decide_order(same, same + 0.01)
    assert verdict == "differs" and "tie" in test and p > 0.05
    assert C.decide_order([1, 1], [1, 1])[0] == "differs"


def test_decide_two_samples_and_rank():
    rng = np.random.default_rng(1)
    a = rng.normal(0, 1, 100)
    assert C.decide_two_samples(a, rng.normal(0, 1, 100))[0] == "reproduced"
    assert C.decide_two_samples(a, rng.normal(3, 1, 100))[0] == "differs"
    assert C.decide_rank([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 6, 5])[0] == "reproduced"
    assert C.decide_rank([1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1])[0] == "contradicted"
    assert C.decide_rank([1, 2, 3, 4, 5, 6], [2, 1, 4, 3, 6, 5], threshold=0.95)[0] == "differs"


def test_ledger_records_saves_and_reloads(tmp_path):
    led = C.Ledger("00_test")
    led.exact("E5-count", "Sec. IV", "E5 has 3072 reachable states.", 3072, 1536,
              why="BFS from the goal gives 1536; 3072 fits Q = 5.")
    led.mean("T1-A1", "Table I", "A1 takes 120 tournaments on average.", 4.9,
             [1.0, 2.0, 3.0, 4.0, 5.0])
    led.beyond("opt-A1", "exact", "A1's shortest solution.", 12, test="BFS")
    with pytest.raises(ValueError, match="already"):
        led.exact("E5-count", "x", "y", 1, 1)
    with pytest.raises(ValueError, match="no 'why'"):
        led.exact("x", "s", "c", 1, 2)
    assert [c.verdict for c in led] == ["differs", "reproduced", "beyond"]
    assert led["T1-A1"].uncertainty == "±1.963" and led["T1-A1"].ours == "3"
    assert led.counts() == {"reproduced": 1, "differs": 1, "contradicted": 0,
                            "not comparable": 0, "beyond": 1}
    assert led.summary().startswith("3 claims checked: **1** reproduced")
    path = led.save(tmp_path)
    assert path.name == "claims.csv"
    back = C.load(path)
    assert tuple(back.columns) == C.COLUMNS and len(back) == 3
    pd.testing.assert_frame_equal(back, led.frame())
    html = led.show().to_html()
    assert C.COLOURS["differs"] in html and "T_claims" in html
    assert led.show(["beyond"]).data.shape[0] == 1
    with pytest.raises(ValueError, match="empty"):
        C.Ledger("x").save(tmp_path)


def test_load_rejects_bad_files(tmp_path):
    bad = tmp_path / "claims.csv"
    pd.DataFrame({"id": ["a"]}).to_csv(bad, index=False)
    with pytest.raises(ValueError, match="columns"):
        C.load(bad)
    row = dict(zip(C.COLUMNS, ["a", "s", "c", "1", "1", "", "exact", "perhaps", ""], strict=True))
    pd.DataFrame([row]).to_csv(bad, index=False)
    with pytest.raises(ValueError, match="unknown verdicts"):
        C.load(bad)


def test_timings_rewrite_their_file_and_name_timing_files(tmp_path):
    t = Timings(tmp_path)
    with t("exact search"):
        pass
    t.add("astar", 1.5, item="d3k2L0")
    t.add("astar", 0.5, item="d3k2L1")
    assert t.seconds("astar") == 2.0 and t.seconds("astar", "d3k2L1") == 0.5
    frame = pd.read_csv(tmp_path / "timings.csv", keep_default_na=False)
    assert list(frame.columns) == ["step", "item", "seconds"] and len(frame) == 3
    with pytest.raises(ValueError, match="seconds"):
        t.add("x", -1)
    with pytest.raises(KeyError, match="no time"):
        t.seconds("nothing")
    assert is_timing_file("timings.csv") and is_timing_file("figures/x/timing_astar.png")
    assert not is_timing_file("results.csv") and not is_timing_file("fig6a_cpu_d3.png")


def test_ledger_knows_its_ids():
    ledger = C.Ledger("01_x")
    ledger.exact("T1-a", "Table 1", "A is 3.", 3, 3)
    assert "T1-a" in ledger and "T1-b" not in ledger


def test_ledger_table_prints_the_same_on_every_run():
    ledger = C.Ledger("01_x")
    ledger.exact("T1-a", "Table 1", "A is 3.", 3, 3)
    table = ledger.show()
    assert repr(table) == repr(table.hide(["why"], axis="columns")) == C.LEDGER_TABLE_REPR
    assert 'id="T_claims' in table.to_html()


def test_chance_note_counts_tests_and_names_the_verdicts_near_the_level():
    frame = pd.DataFrame({"id": ["a", "b", "c", "e", "d"],
                          "test": ["mann-whitney p=0.03 vs stored runs", "mann-whitney p=0.2",
                                   "one-sided mann-whitney p=1.5e-05", "spearman p=0.008",
                                   "exact"],
                          "verdict": ["differs", "reproduced", "reproduced", "reproduced",
                                      "reproduced"]})
    note = C.chance_note(frame)
    assert note.startswith(" 4 rows were decided by a significance test at level 0.05")
    assert "about 0.2 come out significant" in note  # 4 x 0.05
    assert "the verdict resting on p between 0.01 and 0.05 (a) is weak evidence" in note
    assert "No verdict rests" in C.chance_note(frame.iloc[1:])
    assert C.chance_note(frame.iloc[4:]) == ""
