"""Boundary cases of the verdict rules that tests/test_verdicts.py leaves open: a Spearman rho
of exactly the threshold, a corrected p-value of exactly alpha, two constant samples of
different values, a contradicted row without a cause, and a row corrected to exactly alpha in
the multiplicity note (pinned here beside that file, so each rule's one-line change fails)."""

from __future__ import annotations

import pandas as pd

from puzzles.core import verdicts as V
from puzzles.core.claims import NO_CAUSE, Ledger, chance_note

# a permutation of 0..24 whose Spearman rho with 0..24 is exactly 0.5 (sum of d^2 = 1300)
RHO_HALF = [0, 7, 14, 4, 5, 6, 10, 1, 11, 12, 23, 13, 22, 16, 18, 15, 17, 9, 2, 8, 3, 20, 21,
            19, 24]


def test_a_significant_rho_at_the_threshold_reproduces():
    ev = V.ranking(list(range(25)), RHO_HALF, threshold=0.5)
    assert ev.ours == "rho 0.500" and ev.p < 0.01
    assert ev.verdict(ev.p) == "reproduced"
    assert V.ranking(list(range(25)), RHO_HALF, threshold=0.51).verdict(ev.p) == "differs"


def test_a_corrected_p_of_exactly_alpha_is_not_significant():
    ev = V.Evidence("ordering", "x", "t", p=0.05)
    assert ev.verdict(0.05) == "inconclusive"
    assert ev.verdict(0.049999) == "differs"


def test_two_different_constant_samples_are_tested_not_settled():
    ev = V.ordering([1.0] * 5, [2.0] * 5, paired=False)
    assert ev.settled is None and ev.p < 0.01  # Mann-Whitney: every low below every high
    assert ev.verdict(ev.p) == "reproduced"
    same = V.ordering([2.0] * 5, [2.0] * 5, paired=False)
    assert same.settled == "differs"  # identical constants: there is no ordering to find


def test_a_contradicted_row_without_a_cause_says_so():
    led = Ledger("t")
    led.add("c", "s", "claim", V.qualitative(False, "no", "checked"))
    led.add("d", "s", "claim", V.exact(1, 2), paper=1)
    assert (led["c"].verdict, led["c"].why) == ("contradicted", NO_CAUSE)
    assert (led["d"].verdict, led["d"].why) == ("differs", NO_CAUSE)


def test_a_row_corrected_to_exactly_alpha_was_significant_only_before():
    frame = pd.DataFrame({"id": ["a", "b", "c"], "p": [0.025, 0.01, 0.5],
                          "p_adjusted": [0.05, 0.03, 1.0],
                          "verdict": ["inconclusive", "differs", "inconclusive"]})
    note = chance_note(frame, 0.05)
    assert note.endswith("Significant before the correction but not after (1): a.")
