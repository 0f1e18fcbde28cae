"""Instances as the paper defines them (B from A's state) and the noisy instances over many
states (notebook 01, issue 23)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from puzzles.clockwork import states as S
from puzzles.clockwork.algebra import is_solvable
from puzzles.clockwork.instances import counterparts, instance


def test_every_b_instance_starts_from_its_a_counterpart():
    pairs = counterparts()
    assert [b for _, b in pairs] == ["B1", "B2", "B3", "B4", "B5"]
    for a, b in pairs:
        assert instance(b).initial == instance(a).initial, b
        assert instance(b).actions == instance(a).actions[:2]


def test_b5_is_a5s_state_and_solvable_under_set_b():
    b5 = instance("B5")
    assert b5.initial == instance("A5").initial
    assert is_solvable(b5)


def test_state_zero_is_the_tables_state_and_others_are_solvable_draws():
    for name in ("A5", "C5", "E3"):
        assert S.drawn_state(name, 0) == instance(name).initial
        draws = {S.drawn_state(name, s) for s in range(1, 6)}
        assert len(draws) == 5 and instance(name).initial not in draws
        assert all(is_solvable(S.state_puzzle(name, s)) for s in range(1, 6))
    # Deterministic: the same state twice.
    assert S.drawn_state("C5", 3) == S.drawn_state("C5", 3)


def test_b5_states_come_from_a5s_stream():
    # Where A5's state s is solvable under set B, B5's state s is the same state.
    same = [s for s in range(1, 12) if S.drawn_state("B5", s) == S.drawn_state("A5", s)]
    assert same, "B5 must draw from A5's stream"
    for s in range(1, 12):
        assert is_solvable(S.state_puzzle("B5", s))


def test_bad_state_raises():
    with pytest.raises(ValueError, match="state must be an int >= 0"):
        S.drawn_state("A5", -1)
    with pytest.raises(ValueError, match="unknown instance"):
        S.drawn_state("Z9", 1)


def test_state_tasks_give_the_e_series_its_own_count():
    tasks = S.state_tasks(3, 100, 4, 6, 2026)
    per = pd.Series([t.instance for t in tasks]).value_counts()
    assert per["A5"] == 4 and per["E2"] == 6 and len(tasks) == 7 * 4 + 5 * 6
    assert len({t.seed for t in tasks}) == len(tasks)
    with pytest.raises(ValueError, match="must be >= 1"):
        S.state_tasks(0, 100, 4, 6, 2026)


def test_state_runs_are_seeded_and_summarised():
    task = S.StateTask("E5", 1, 3, 50)
    a, b = S.state_runs(task), S.state_runs(task)
    assert a == b
    row = a.row()
    assert row["runs"] == 3
    assert row["mean_tournaments"] == pytest.approx(np.mean(a.tournaments), abs=1e-4)
    assert row["successes"] == sum(a.solved)


def _table(name: str, means: list[float]) -> pd.DataFrame:
    return pd.DataFrame({"instance": name, "state": range(len(means)),
                         "mean_tournaments": means})


def test_state_evidence_rejects_a_paper_value_outside_every_state_mean():
    t = _table("E3", [float(x) for x in np.linspace(40, 80, 30)])
    outside = S.state_evidence(t, "E3", 5.0)
    inside = S.state_evidence(t, "E3", 60.0)
    assert outside.p < 0.1 < inside.p
    assert outside.kind == "estimate" and "30 states" in outside.ours


def test_state_evidence_needs_two_states():
    with pytest.raises(ValueError, match="at least two states"):
        S.state_evidence(_table("E3", [5.0]), "E3", 5.0)


def test_e_trend_is_decreasing_in_q():
    q = {"E1": 1, "E2": 2, "E3": 3, "E4": 4, "E5": 6}
    rows = [{"instance": k, "state": s, "mean_tournaments": 100.0 / q[k] + s}
            for k in q for s in range(5)]
    ev = S.e_trend(pd.DataFrame(rows))
    assert ev.significant == "reproduced" and ev.p < 0.01
    order = S.e_order(pd.DataFrame(rows), "E5", "E1")
    assert order.p < 0.05


def test_state_evidence_keeps_the_extreme_rules_equivalence_and_n():
    """Evidence rebuilt for the ledger keeps what the engine decides by: a paper value in the
    middle of many close state means is equivalent (so reproduced when no difference is
    significant), and n counts the states."""
    from puzzles.core.claims import Ledger

    t = _table("E3", [float(x) for x in np.linspace(58, 62, 40)])
    ev = S.state_evidence(t, "E3", 60.0)
    assert ev.equivalent and ev.n == 40 and ev.settled is None
    led = Ledger("t")
    led.add("e", "1", "a cell", ev, paper=60.0)
    assert led["e"].verdict == "reproduced"
