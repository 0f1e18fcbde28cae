"""Boundary cases of three verdict rules that tests/test_verdicts.py leaves open: a Spearman rho
of exactly the threshold, a corrected p-value of exactly alpha, and two constant samples of
different values (pinned here beside that file, so each rule's one-line change fails a test)."""

from __future__ import annotations

from puzzles.core import verdicts as V

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
