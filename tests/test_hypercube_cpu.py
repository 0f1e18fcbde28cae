"""The CPU orderings' rules (puzzles.hypercube.cpu): margins, interleaving and verdicts. No test
reads the clock's value: timed functions are stand-ins whose order of calls is recorded."""

from __future__ import annotations

import pandas as pd
import pytest

from puzzles.hypercube import cpu


def test_compare_needs_the_margin_from_slowest_to_fastest_repeat():
    assert cpu.compare([1.0, 1.1], [2.0, 2.2]) == cpu.HOLDS       # 1.1 * 1.5 < 2.0
    assert cpu.compare([2.0, 2.2], [1.0, 1.1]) == cpu.REVERSED
    assert cpu.compare([1.0, 1.1], [1.5, 1.6]) == cpu.NOISE       # 1.1 * 1.5 > 1.5
    # one slow repeat of the faster side is enough to leave the case undecided
    assert cpu.compare([1.0, 1.5], [2.0, 2.2]) == cpu.NOISE
    # the margin is a factor: 1.0 vs 1.4 is noise at 1.5x, ordered at 1.2x
    assert cpu.compare([1.0, 1.0], [1.4, 1.4]) == cpu.NOISE
    assert cpu.compare([1.0, 1.0], [1.4, 1.4], margin=1.2) == cpu.HOLDS


def test_compare_refuses_single_measurements_and_bad_margins():
    with pytest.raises(ValueError, match="at least 2 repeats"):
        cpu.compare([1.0], [2.0, 2.0])
    with pytest.raises(ValueError, match="margin"):
        cpu.compare([1.0, 1.0], [2.0, 2.0], margin=0.5)


def test_ordering_is_a_sign_test_over_the_decided_cases():
    ev = cpu.ordering_evidence([cpu.HOLDS] * 8 + [cpu.NOISE] * 3, "test")
    assert ev.kind == "ordering" and ev.p is not None and ev.p < 0.01
    assert ev.verdict(ev.p, 0.05) == "reproduced"
    assert ev.ours == "holds in 8, reversed in 0, within noise in 3 of 11 cases"
    # reversed in most decided cases: the reverse ordering is what the test finds
    rev = cpu.ordering_evidence([cpu.REVERSED] * 8 + [cpu.HOLDS], "test")
    assert rev.verdict(rev.p, 0.05) == "contradicted"
    assert cpu.ordering_evidence([cpu.REVERSED, cpu.HOLDS], "t").verdict(1.0, 0.05) == \
        "inconclusive"
    # cases within noise carry no sign: none decided is p = 1, inconclusive
    none = cpu.ordering_evidence([cpu.NOISE] * 4, "test")
    assert none.p == 1.0 and none.verdict(1.0, 0.05) == "inconclusive"
    with pytest.raises(ValueError, match="no case"):
        cpu.ordering_evidence([], "test")
    with pytest.raises(ValueError, match="unknown outcomes"):
        cpu.ordering_evidence(["faster"], "test")


def test_similar_verdict_needs_every_case_within_noise():
    assert cpu.similar_evidence([cpu.NOISE, cpu.NOISE], "t").settled == "reproduced"
    assert cpu.similar_evidence([cpu.NOISE, cpu.HOLDS], "t").settled == "contradicted"
    assert cpu.similar_evidence([cpu.REVERSED], "t").settled == "contradicted"


def test_interleaved_rotates_the_order_and_warms_up_uncounted_methods():
    calls: list[str] = []
    methods = {name: (lambda n=name: calls.append(n)) for name in "abc"}
    secs = cpu.interleaved(methods, 3, calls={"a": 1, "b": 1, "c": 1})
    assert calls == list("abc" "bca" "cab")  # no warm-up when calls are given
    assert {k: len(v) for k, v in secs.items()} == {"a": 3, "b": 3, "c": 3}
    calls.clear()
    cpu.interleaved({"a": methods["a"]}, 2, min_seconds=0.0)
    assert calls == ["a", "a", "a"]  # one warm-up call, then two measurements of one call


def test_interleaved_refuses_bad_input():
    with pytest.raises(ValueError, match="repeats"):
        cpu.interleaved({"a": lambda: None}, 1)
    with pytest.raises(ValueError, match="no method"):
        cpu.interleaved({}, 3)
    with pytest.raises(ValueError, match="calls"):
        cpu.interleaved({"a": lambda: None}, 2, calls={"b": 1})


def _times() -> pd.DataFrame:
    rows = {"d": 3, "k": 1, "level": "0", "A*": (0.001, 0.001), "EA": (0.5, 0.6),
            "RL": (2.0, 2.1)}
    return cpu.long_table(pd.DataFrame([rows]))


def test_long_table_and_per_path_normalisation():
    t = _times()
    assert len(t) == 6 and list(t.columns) == cpu.COLUMNS
    norm = cpu.per_path(t, {("EA", 3): 1000, ("RL", 3): 100})
    ea = norm[norm["method"] == "EA"]["seconds"].tolist()
    assert ea == pytest.approx([0.0005, 0.0006])
    assert norm[norm["method"] == "A*"]["seconds"].tolist() == [0.001, 0.001]


def test_outcomes_per_case_and_the_normalisation_can_reverse_an_ordering():
    t = _times()
    raw = cpu.outcomes(t, "EA", "RL")
    assert raw["outcome"].tolist() == [cpu.HOLDS] and raw["ratio"].iloc[0] == pytest.approx(
        2.05 / 0.55)
    norm = cpu.per_path(t, {("EA", 3): 1000, ("RL", 3): 100})
    assert cpu.outcomes(norm, "EA", "RL")["outcome"].tolist() == [cpu.HOLDS]
    assert cpu.outcomes(t, "RL", "A*")["outcome"].tolist() == [cpu.REVERSED]
