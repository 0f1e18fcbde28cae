"""Tests of the reproduction ledger: validation, saving, the table and the scoreboard (the rules
themselves are pinned in test_verdicts.py)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from puzzles.core import claims as C
from puzzles.core import verdicts as V
from puzzles.core.timing import Timings, is_timing_file


def _claim(**kw):
    base = dict(id="T1-a", section="Table 1", kind="exact", claim="A is 3.", paper="3",
                authors="", ours="3", uncertainty="", margin="0", test="exact", p="",
                p_adjusted="", verdict="reproduced", readings="", why="")
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
    with pytest.raises(ValueError, match="single line"):
        _claim(claim="two\nlines")
    with pytest.raises(ValueError, match="kind 'guess'"):
        _claim(kind="guess")
    with pytest.raises(ValueError, match="cannot be 'inconclusive'"):
        _claim(verdict="inconclusive", why="w")
    assert _claim(kind="beyond", verdict="beyond", paper="").why == ""
    assert _claim(kind="design input", verdict="by construction").why == ""


def test_fmt():
    assert C.fmt(3) == "3" and C.fmt(np.int64(3)) == "3" and C.fmt(3.0) == "3"
    assert C.fmt(float("nan")) == "" and C.fmt(None) == "" and C.fmt(True) == "yes"
    assert C.fmt(2.0 / 3.0) == "0.6667" and C.fmt(float("inf")) == "inf"
    assert C.fmt_p(None) == "" and C.fmt_p(0.012345) == "0.0123"


def test_ledger_records_saves_and_reloads(tmp_path):
    led = C.Ledger("00_test")
    led.add("E5-count", "Sec. IV", "E5 has 3072 reachable states.", V.exact(3072, 1536),
            paper=3072, why="BFS from the goal gives 1536; 3072 fits Q = 5.")
    ours = V.Sample.of([1.0, 2.0, 3.0, 4.0, 5.0])
    led.add("T1-A1", "Table I", "A1 takes 3.1 tournaments on average.",
            V.estimate(ours, V.Sample(3.1, 20, 1.5), V.Margin.difference(2)), paper=3.1)
    led.add("opt-A1", "exact", "A1's shortest solution.", V.beyond("12", "BFS"))
    with pytest.raises(ValueError, match="already"):
        led.add("E5-count", "x", "y", V.exact(1, 1))
    assert "T1-a" not in led and "E5-count" in led
    assert [c.verdict for c in led] == ["differs", "reproduced", "beyond"]
    assert led["T1-A1"].margin == "±2" and led["T1-A1"].ours == "3"
    assert led["T1-A1"].p != "" and led["E5-count"].p == ""
    assert led.counts() == {"reproduced": 1, "differs": 1, "contradicted": 0,
                            "inconclusive": 0, "not comparable": 0, "by construction": 0,
                            "beyond": 1}
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
    row = dict(zip(C.COLUMNS, ["a", "s", "exact", "c", "1", "", "1", "", "", "exact", "", "",
                               "perhaps", "", ""], strict=True))
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


def test_ledger_table_prints_the_same_on_every_run():
    ledger = C.Ledger("01_x")
    ledger.add("T1-a", "Table 1", "A is 3.", V.exact(3, 3), paper=3)
    table = ledger.show()
    assert repr(table) == repr(table.hide(["why"], axis="columns")) == C.LEDGER_TABLE_REPR
    assert 'id="T_claims' in table.to_html()


def test_chance_note_counts_every_tested_row():
    frame = pd.DataFrame({"id": ["a", "b", "c", "d", "e"],
                          "p": ["0.03", "0.2", "1.5e-05", "", "0.01"],
                          "p_adjusted": ["0.06", "0.2", "4.5e-05", "", "0.08"],
                          "verdict": ["inconclusive", "inconclusive", "differs", "reproduced",
                                      "reproduced"]})
    note = C.chance_note(frame)
    # e is reproduced by equivalence: its difference test losing significance decides nothing.
    assert note.startswith(" 4 rows were decided with a significance test")
    assert "Holm's correction over all 4" in note
    assert note.endswith("Significant before the correction but not after (1): a.")
    assert "no row was significant only before" in C.chance_note(frame.iloc[1:])
    assert C.chance_note(frame.iloc[3:4]) == ""
