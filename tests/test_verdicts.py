"""The verdict engine's rules, pinned: for each kind a case that must come out reproduced, one
that must differ (or be contradicted) and one that must stay inconclusive, from known
distributions with fixed seeds; and the choices a one-line change would flip (the margin, the
90% interval, one- versus two-sided, paired versus unpaired, Holm's correction)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from puzzles.core import verdicts as V
from puzzles.core.claims import (
    COLUMNS,
    Claim,
    Ledger,
    chance_note,
    coverage,
    depends_on_reading,
    verdict_moves,
)


def NONE_INERT(values):
    """No pair equal by construction (synthetic data)."""
    return np.zeros(len(list(values)), bool)


def rng(seed: int = 7) -> np.random.Generator:
    return np.random.default_rng(seed)


def final(ev: V.Evidence, others: tuple[float, ...] = ()) -> str:
    """The verdict of one row in a ledger whose other rows carry the p-values ``others``."""
    led = Ledger("t")
    led.add("row", "s", "claim", ev, why="w", paper=1)
    for i, p in enumerate(others):
        led.add(f"o{i}", "s", "other", V.Evidence("estimate", "x", "t", p=p), why="w", paper=1)
    return led["row"].verdict


# --- Holm -----------------------------------------------------------------------------------


def test_holm_matches_hand_computation():
    adj = V.holm([0.01, 0.04, 0.03, 0.005])
    # sorted 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, 0.04*1 = 0.04 -> monotone 0.06
    assert np.allclose(adj, [0.03, 0.06, 0.06, 0.02])
    assert np.allclose(V.holm([0.3, 0.2]), [0.4, 0.4])
    assert np.allclose(V.holm([0.9, 0.8]), [1.0, 1.0])
    assert V.holm([]).size == 0


def test_the_ledger_corrects_across_every_tested_row():
    ev = V.Evidence("estimate", "x", "t", p=0.03)
    assert final(ev) == "differs"
    # Among nine other rows at p = 0.5, Holm multiplies the smallest p by 10: not significant.
    assert final(ev, (0.5,) * 9) == "inconclusive"
    led = Ledger("t")
    led.add("a", "s", "c", ev, why="w", paper=1)
    led.add("b", "s", "c", V.Evidence("estimate", "x", "t", p=0.5), why="w", paper=1)
    frame = led.frame()
    assert frame.loc[0, "p"] == "0.03" and frame.loc[0, "p_adjusted"] == "0.06"
    assert "Significant before the correction but not after (1): a" in chance_note(frame)


def test_exact_rows_do_not_enter_the_correction():
    led = Ledger("t")
    led.add("e", "s", "c", V.exact(3, 3), paper=3)
    led.add("a", "s", "c", V.Evidence("estimate", "x", "t", p=0.03), why="w", paper=1)
    assert led["a"].p_adjusted == "0.03" and led["e"].p == ""


# --- exact ----------------------------------------------------------------------------------


def test_exact_rule():
    assert final(V.exact(12, 12)) == "reproduced"
    assert final(V.exact(12, 13)) == "differs"
    assert final(V.exact(0.87, 0.8749, tol=0.005)) == "reproduced"
    assert final(V.exact(0.87, 0.8751, tol=0.005)) == "differs"
    assert final(V.exact("abc", "abc")) == "reproduced"


# --- estimate -------------------------------------------------------------------------------


def ours_normal(mean: float = 100.0, sd: float = 10.0, n: int = 200) -> V.Sample:
    return V.Sample.of(rng().normal(mean, sd, n))


def test_estimate_reproduced_differs_inconclusive():
    m = V.Margin.difference(10)
    ours = ours_normal()
    assert final(V.estimate(ours, V.Sample(ours.mean + 1, 20, 10), m)) == "reproduced"
    assert final(V.estimate(ours, V.Sample(ours.mean + 30, 20, 10), m)) == "differs"
    # A difference of 8 with the paper's 20 runs: neither within +-10 nor significant.
    ev = V.estimate(ours, V.Sample(ours.mean + 8, 20, 30), m)
    assert final(ev) == "inconclusive"
    assert "runs on each side would" in ev.decide


def test_estimate_uses_the_90_percent_interval_and_the_margin():
    ours = ours_normal()
    paper = V.Sample(ours.mean + 5.0, 20, 10)
    ev = V.estimate(ours, paper, V.Margin.difference(10))
    se = math.sqrt(ours.sd ** 2 / ours.n + 100 / 20)
    df = (se ** 2) ** 2 / ((ours.sd ** 2 / ours.n) ** 2 / (ours.n - 1) + (100 / 20) ** 2 / 19)
    hi = ours.mean - paper.mean + stats.t.ppf(0.95, df) * se
    lo = ours.mean - paper.mean - stats.t.ppf(0.95, df) * se
    assert f"[{lo:.3g}, {hi:.3g}]" in ev.uncertainty
    assert ev.p == pytest.approx(2 * stats.t.sf(abs((ours.mean - paper.mean) / se), df))
    # The lower end is about -8.7: inside +-10 reproduces, inside +-8 does not.
    assert ev.equivalent and ev.settled is None
    assert not V.estimate(ours, paper, V.Margin.difference(8)).equivalent
    # A 95% interval (a one-line change) would reach past -10 here.
    assert lo > -10 > ours.mean - paper.mean - stats.t.ppf(0.99, df) * se


def test_estimate_is_two_sided_for_the_difference():
    ours = ours_normal()
    ev = V.estimate(ours, V.Sample(ours.mean - 3, 20, 10), V.Margin.difference(1))
    tstat = 3 / math.sqrt(ours.sd ** 2 / ours.n + 100 / 20)
    assert ev.p > stats.norm.sf(tstat) * 1.5  # twice a one-sided tail, not one tail


def test_estimate_paper_without_spread_borrows_ours():
    ours = ours_normal()
    with_sd = V.estimate(ours, V.Sample(ours.mean + 4, 20, ours.sd), V.Margin.difference(10))
    without = V.estimate(ours, V.Sample(ours.mean + 4, 20), V.Margin.difference(10))
    assert with_sd.p == pytest.approx(without.p)
    assert "assumed equal to ours" in without.test


def test_estimate_log_ratio():
    x = rng().exponential(100, 400)
    ours = V.Sample.of(x)
    assert final(V.estimate(ours, V.Sample(ours.mean * 1.02, 400, ours.sd * 1.02),
                            V.Margin.log_ratio(0.2))) == "reproduced"
    assert final(V.estimate(ours, V.Sample(ours.mean * 2, 400, ours.sd * 2),
                            V.Margin.log_ratio(0.2))) == "differs"
    assert final(V.estimate(ours, V.Sample(ours.mean * 1.3, 20), V.Margin.log_ratio(0.2))
                 ) == "inconclusive"
    with pytest.raises(ValueError, match="must be > 0"):
        V.estimate(ours, V.Sample(0.0, 20), V.Margin.log_ratio(0.2))


def test_estimate_against_an_exact_value_has_no_paper_error():
    ours = ours_normal(n=50)
    ev = V.estimate(ours, V.Sample(ours.mean + 2), V.Margin.difference(10))
    tq = stats.t.ppf(0.95, ours.n - 1)
    half = tq * ours.sd / math.sqrt(ours.n)
    assert f"[{-2 - half:.3g}, {-2 + half:.3g}]" in ev.uncertainty


def test_constant_samples():
    one = V.Sample.of([5.0] * 10)
    assert final(V.estimate(one, V.Sample(5.0, 10, 0.0), V.Margin.difference(0))) == "reproduced"
    assert final(V.estimate(one, V.Sample(6.0, 10, 0.0), V.Margin.difference(0))) == "differs"


# --- count ----------------------------------------------------------------------------------


def test_count_reproduced_differs_inconclusive():
    m = V.Margin.rate(5)
    assert final(V.count((8, 750), (14, 750), m)) == "reproduced"
    assert final(V.count((75, 150), (45, 150), m)) == "differs"
    assert final(V.count((22, 150), (23, 150), m)) == "inconclusive"


def test_count_uses_fisher_two_sided_and_newcombe():
    ev = V.count((75, 150), (55, 150), V.Margin.rate(5))
    assert ev.p == pytest.approx(stats.fisher_exact([[75, 75], [55, 95]]).pvalue)
    lo, hi = V.newcombe(75, 150, 55, 150, 0.90)
    # Newcombe 1998, Table II example (56/70 vs 48/80): 95% interval 0.0524 to 0.3339.
    l95, h95 = V.newcombe(56, 70, 48, 80, 0.95)
    assert (round(l95, 4), round(h95, 4)) == (0.0524, 0.3339)
    assert lo < 20 / 150 < hi


def test_count_margin_decides_equivalence():
    assert final(V.count((8, 750), (14, 750), V.Margin.rate(5))) == "reproduced"
    assert final(V.count((8, 750), (14, 750), V.Margin.rate(1))) == "inconclusive"
    # The 90% interval reaches -1.91 pp, the 95% one past -2: a +-2 pp margin holds only for
    # the 90% interval that two one-sided tests at 5% use.
    assert V.newcombe(8, 750, 14, 750, 0.95)[0] < -0.02 < V.newcombe(8, 750, 14, 750, 0.90)[0]
    assert final(V.count((8, 750), (14, 750), V.Margin.rate(2))) == "reproduced"


# --- extreme --------------------------------------------------------------------------------


def test_extreme_rule():
    runs = rng().integers(6, 12, 150)
    m0 = V.Margin.difference(0)
    assert final(V.extreme(runs, 6, 150, "min", m0)) == "reproduced"
    assert final(V.extreme(runs, 9, 150, "min", m0)) == "differs"
    # Few paper runs: the minimum of 3 draws is spread out, so neither side can be shown.
    assert final(V.extreme(runs, 8, 3, "min", m0)) == "inconclusive"


def test_extreme_probability_is_exact():
    runs = np.array([1, 2, 2, 3, 3, 3, 4, 4, 4, 4], dtype=float)
    ev = V.extreme(runs, 3, 2, "min", V.Margin.difference(0))
    # 3 of our 10 runs lie below the paper's min of 2 runs: P(K >= 3) = C(10,3)/C(12,3)
    # = 720/1320; ties at 3 count against rejection on the other side: 1 - C(10,7)/C(12,7).
    assert ev.p == pytest.approx(min(1.0, 2 * 720 / 1320))
    ev = V.extreme(runs, 1, 3, "max", V.Margin.difference(0))
    # All 9 runs above 1 lie above the paper's max of 3 runs: C(10,9)/C(13,9) = 24/1716.
    assert ev.p == pytest.approx(2 * 24 / 1716)
    assert "9 of our 10 runs lie above the paper's max of 3 runs" in ev.test


def test_extreme_is_calibrated_beyond_our_range():
    """Two samples of one distribution: a paper max above all of ours happens half the time
    with equal sizes, and must not be called a difference (a rule that takes our runs as the
    truth gives p = 0 there and rejects in about 30% of such pairs)."""
    g = rng(12)
    rejections = 0
    for _ in range(300):
        ours, theirs = g.normal(0, 1, 150), g.normal(0, 1, 150)
        ev = V.extreme(ours, float(theirs.max()), 150, "max", V.Margin.difference(0.1))
        rejections += ev.p < 0.05
    assert rejections / 300 < 0.08
    beyond = V.extreme([80.0, 85, 90, 92], 103, 4, "max", V.Margin.difference(2))
    assert beyond.p == pytest.approx(1.0)  # 1 - C(4,1)/C(8,1) = 0.5 on the far side, twice
    assert V.extreme([80.0], 103, 4, "max", V.Margin.difference(2)).p > 0.05


# --- ordering -------------------------------------------------------------------------------


def paired_sides(shift: float, n: int = 60, seed: int = 3) -> tuple[np.ndarray, np.ndarray]:
    g = rng(seed)
    a = g.normal(0, 1, n)
    return a, a + g.normal(shift, 0.3, n)


def test_ordering_reproduced_contradicted_inconclusive():
    a, b = paired_sides(0.3)
    assert final(V.ordering(a, b, paired=True, inert=NONE_INERT(a))) == "reproduced"
    assert final(V.ordering(b, a, paired=True, inert=NONE_INERT(a))) == "contradicted"
    a, b = paired_sides(0.01, n=12)
    assert final(V.ordering(a, b, paired=True, inert=NONE_INERT(a))) == "inconclusive"


def test_ordering_paired_is_not_unpaired():
    a, b = paired_sides(0.3)
    paired = V.ordering(a, b, paired=True, inert=NONE_INERT(a))
    unpaired = V.ordering(a, b, paired=False)
    assert paired.p == pytest.approx(stats.wilcoxon(a - b, alternative="less").pvalue)
    assert unpaired.p == pytest.approx(stats.mannwhitneyu(a, b, alternative="less").pvalue)
    assert final(paired) == "reproduced" and final(unpaired) == "inconclusive"
    with pytest.raises(ValueError, match="equal lengths"):
        V.ordering(a, b[:-1], paired=True, inert=NONE_INERT(a[:-1]))


def test_ordering_is_one_sided():
    g = rng(11)
    a, b = g.normal(0, 1, 40), g.normal(0.45, 1, 40)
    ev = V.ordering(a, b, paired=False)
    two = stats.mannwhitneyu(a, b, alternative="two-sided").pvalue
    assert ev.p == pytest.approx(two / 2, rel=1e-6)


def test_ordering_against_a_constant_and_ties():
    assert final(V.ordering([20, 25, 22, 28, 19, 24, 21, 26, 23, 27], 30, paired=True)
                 ) == "reproduced"
    flat = V.ordering([3, 3, 3], [3, 3, 3], paired=True, inert=NONE_INERT([3, 3, 3]))
    assert flat.settled == "differs"
    assert V.ordering([3, 3, 3], [3, 3, 3, 3], paired=False).settled == "differs"


# --- ranking and trend ----------------------------------------------------------------------


def test_ranking_rule():
    x = np.arange(12.0)
    assert final(V.ranking(x, x + rng().normal(0, 1, 12))) == "reproduced"
    assert final(V.ranking(x, -x + rng().normal(0, 1, 12))) == "contradicted"
    # Significant but weak (rho about 0.3 over 100 items): below the 0.5 threshold.
    g = rng(5)
    y = np.arange(100.0)
    weak = y + g.normal(0, 90, 100)
    rho = stats.spearmanr(y, weak).statistic
    assert 0 < rho < 0.5
    assert final(V.ranking(y, weak)) == "differs"
    # rho >= 0.5 that is not significant, and a negative rho that is not: inconclusive.
    assert final(V.ranking([1, 2, 3, 4], [1, 3, 2, 4])) == "inconclusive"
    assert final(V.ranking([1, 2, 3, 4], [2, 1, 4, 3][::-1])) == "inconclusive"


def test_trend_rule():
    q = np.repeat([1, 2, 3, 4], 30).astype(float)
    y = 100 - 10 * q + rng().normal(0, 5, q.size)
    assert final(V.trend(q, y, increasing=False)) == "reproduced"
    assert final(V.trend(q, y, increasing=True)) == "contradicted"
    flat = rng(2).normal(0, 5, q.size)
    assert final(V.trend(q, flat, increasing=False)) == "inconclusive"
    ev = V.trend(q, y, increasing=False)
    assert ev.p == pytest.approx(stats.kendalltau(q, y, alternative="less").pvalue)


# --- the kinds decided by what they are -----------------------------------------------------


def test_settled_kinds():
    assert final(V.qualitative(True, "yes", "checked on every piece")) == "reproduced"
    assert final(V.qualitative(False, "no", "checked on every piece")) == "contradicted"
    assert final(V.design_input("120")) == "by construction"
    led = Ledger("t")
    led.add("n", "s", "c", V.not_comparable(kind="estimate"), why="no runs")
    assert led["n"].verdict == "not comparable" and led["n"].kind == "estimate"


def test_rows_refuse_what_a_referee_would_not_sign():
    with pytest.raises(ValueError, match="cannot be 'reproduced'"):
        Claim("x", "s", "design input", "c", "", "", "1", "", "", "t", "", "", "reproduced",
              "", "")
    with pytest.raises(ValueError, match="needs p and p_adjusted"):
        Claim("x", "s", "estimate", "c", "", "", "1", "", "", "t", "", "", "inconclusive",
              "", "w")
    led = Ledger("t")
    with pytest.raises(ValueError, match="gives no 'why'"):
        led.add("n", "s", "c", V.not_comparable())
    with pytest.raises(ValueError, match="headline reading"):
        led.add("r", "s", "c", V.exact(1, 1), readings={"other": V.exact(1, 2)})


def test_a_difference_without_a_cause_says_so():
    led = Ledger("t")
    led.add("x", "s", "c", V.exact(1, 2), paper=1)
    assert led["x"].why == "cause not measured here"


def test_inconclusive_rows_say_what_would_decide():
    led = Ledger("t")
    ours = ours_normal()
    led.add("x", "s", "c", V.estimate(ours, V.Sample(ours.mean + 8, 20, 30),
                                      V.Margin.difference(10)), why="two small samples", paper=1)
    assert led["x"].why.startswith("two small samples; no number of our runs")


# --- readings, columns, coverage, moves ------------------------------------------------------


def test_readings_are_decided_by_the_same_rule_and_correction():
    ours = ours_normal()
    led = Ledger("t")
    led.add("x", "s", "c", V.estimate(ours, V.Sample(ours.mean + 30, 20, 10),
                                      V.Margin.difference(10)), why="w", paper=1,
            reading="every read",
            readings={"skips free": V.estimate(ours, V.Sample(ours.mean, 20, 10),
                                               V.Margin.difference(10))})
    led.add("y", "s", "c", V.Evidence("estimate", "x", "t", p=0.5), why="w", paper=1)
    assert led["x"].readings == "every read: differs; skips free: reproduced"
    assert depends_on_reading(led.frame()).tolist() == [True, False]


def test_a_reading_borderline_under_correction():
    # Alone, p = 0.03 differs; with the row's other neighbour at 0.5 Holm makes it 0.06.
    led = Ledger("t")
    led.add("x", "s", "c", V.Evidence("estimate", "x", "t", p=1e-6), why="w", paper=1, reading="a",
            readings={"b": V.Evidence("estimate", "x", "t", p=0.03)})
    led.add("y", "s", "c", V.Evidence("estimate", "x", "t", p=0.5), why="w", paper=1)
    assert led["x"].readings == "a: differs; b: inconclusive"


def test_claims_columns_in_order():
    led = Ledger("t")
    led.add("x", "s", "c", V.exact(1, 1), paper=1, authors="1")
    assert tuple(led.frame().columns) == COLUMNS
    assert COLUMNS == ("id", "section", "kind", "claim", "paper", "authors", "ours",
                       "uncertainty", "margin", "test", "p", "p_adjusted", "verdict",
                       "readings", "why")


def test_coverage_and_moves():
    led = Ledger("t")
    led.add("a", "s", "c", V.exact(1, 1), paper=1)
    led.add("b", "s", "c", V.beyond("5", "bfs"))
    led.add("c", "s", "c", V.design_input("3"))
    inv = pd.DataFrame({"id": ["a", "c", "d"], "section": "s", "kind": ["exact", "exact", "x"],
                        "claim": "c"})
    cov = coverage(led.frame(), inv)
    # every ledger row needs an inventory row now, a beyond row included
    assert cov.missing == ("d",) and cov.unlisted == ("b",) and cov.kind_mismatch == ("c",)
    assert not cov.complete
    before = pd.DataFrame({"id": ["a", "c", "z"], "verdict": ["differs", "reproduced",
                                                               "differs"]})
    moves = verdict_moves(before, led.frame())
    got = {(r.before, r.now): r.rows for r in moves.itertuples()}
    assert got == {("differs", "reproduced"): 1, ("reproduced", "by construction"): 1,
                   ("differs", "removed"): 1, ("new row", "beyond"): 1}


def test_runs_needed_follow_the_present_estimates():
    # Ours 100 +- 10 over 200 runs against an exact 101, margin +-2: the 90% interval
    # [-2.17, 0.17] is not inside the margin and p = 0.16. Equivalence needs a standard error
    # of (2 - 1) / z(0.95) = 0.608, i.e. 100 / 0.608^2 = 271 runs; a difference would need 785.
    ev = V.estimate(V.Sample(100.0, 200, 10.0), V.Sample(101.0), V.Margin.difference(2))
    assert final(ev) == "inconclusive"
    assert ev.decide == ("about 271 of our runs (we have 200) would decide it at the present "
                         "estimates")
    # With the paper's own 20 runs of sd 10 no number of ours suffices.
    ev = V.estimate(V.Sample(100.0, 200, 10.0), V.Sample(101.0, 20, 10.0),
                    V.Margin.difference(2))
    assert ev.decide.startswith("no number of our runs decides it with the paper's sample")


def test_weakest_comparison_decides_a_claim_over_several():
    win = V.ordering([1.0, 2, 3, 4, 5, 6], [7.0, 8, 9, 10, 11, 12], paired=False)
    close = V.ordering([1.0, 2, 3, 4, 5, 6], [2.0, 3, 4, 5, 6, 7], paired=False)
    lose = V.ordering([7.0, 8, 9, 10, 11, 12], [1.0, 2, 3, 4, 5, 6], paired=False)
    assert V.weakest({"a": win, "b": close})[0] == "b"
    assert V.weakest({"a": win, "b": close, "c": lose})[0] == "c"
    # Two comparisons against the claim: the stronger reverse evidence (smaller p) carries it.
    slight = V.ordering([2.0, 3, 4, 5, 6, 7], [1.0, 2, 3, 4, 5, 6], paired=False)
    assert slight.significant == "contradicted" and slight.p > lose.p
    assert V.weakest({"c": lose, "s": slight})[0] == "c"
    assert V.weakest({"s": slight, "c": lose})[0] == "c"
    flat = V.ordering([1.0, 1], [1.0, 1], paired=True, inert=NONE_INERT([1, 1]))
    assert V.weakest({"a": win, "z": flat})[0] == "z"


def test_texts_say_what_was_assumed():
    flat = V.estimate(V.Sample.of([5.0] * 10), V.Sample(6.0, 10), V.Margin.difference(0))
    assert "assumed equal to ours" in flat.test


def test_settled_rules_take_numbers_as_text():
    assert V.design_input(120).ours == "120"
    assert V.beyond(2.5, "bfs", uncertainty=0.25).uncertainty == "0.25"
    assert V.not_comparable(3).ours == "3" and V.qualitative(True, 7, "checked").ours == "7"


def test_paired_estimate_works_on_the_pairs():
    g = rng(4)
    base = g.lognormal(5, 1, 120)
    ours = base * np.exp(g.normal(-0.05, 0.1, 120))
    ev = V.paired_estimate(ours, base, V.Margin.log_ratio(0.2), inert=NONE_INERT(ours))
    d = np.log(ours / base)
    assert ev.p == pytest.approx(stats.ttest_1samp(d, 0.0).pvalue)
    # Inside the margin but significantly below 0: the margin rule makes it differ.
    assert ev.equivalent and final(ev) == "differs" and "per-pair log ratio" in ev.test
    assert "(120 pairs against 0)" in ev.test
    assert ev.margin == "±0.2 in log ratio"
    # The same numbers unpaired: the spread of the instances swamps the 5% shift.
    unpaired = V.estimate(V.Sample.of(np.log(ours)), V.Sample.of(np.log(base)),
                          V.Margin.difference(0.2))
    assert final(unpaired) == "inconclusive"
    far = V.paired_estimate(base * 1.5, base, V.Margin.log_ratio(0.2), inert=NONE_INERT(base))
    assert final(far) == "differs"
    with pytest.raises(ValueError, match="equal lengths"):
        V.paired_estimate(ours[:-1], base, V.Margin.log_ratio(0.2), inert=NONE_INERT(base))


def test_decide_texts_respect_what_is_in_hand():
    # Seven pairs all in one direction give p = 1/128 alone; a notebook's correction may still
    # hold them back, and the text must not ask for fewer pairs than there are.
    ev = V.ordering([1.0, 2, 3, 4, 5, 6, 7], [2.0, 3.1, 4.3, 5.2, 6.6, 7.1, 8.9], paired=True,
                    inert=NONE_INERT(range(7)))
    assert ev.decide.startswith("our 7 unequal pairs would decide it as a single test")
    # Three pairs can never reach p < 0.05 (1/8 at best): at least five are needed.
    ev = V.ordering([1.0, 2, 3], [2.0, 3.5, 4.0], paired=True, inert=NONE_INERT(range(3)))
    assert ev.decide.startswith("about 5 unequal pairs (we have 3)")


def test_exact_names_the_source_of_its_tolerance():
    assert V.exact(0.672, 0.6718, tol=0.0005).test == "exact within 0.0005 (the paper's rounding)"
    assert V.exact(0.672, 0.6718, tol=0.0005, rounding="the authors' data.txt rounding").test \
        == "exact within 0.0005 (the authors' data.txt rounding)"
