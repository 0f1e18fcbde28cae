"""The exhaustive checks of the clockwork paper's algebraic statements, the string-pattern
measure and the stored runs of the other read-limit readings (notebook 01's ledger)."""

from __future__ import annotations

import pandas as pd
import pytest

from puzzles.clockwork import calibration as cal
from puzzles.clockwork import theory
from puzzles.clockwork.experiments import lz_complexity, stored
from puzzles.clockwork.model import Puzzle, apply, unit


def test_sizes_and_states():
    assert theory.sizes(24) == [(2, 2), (2, 3), (3, 2)]
    assert len(theory.states(3, 2)) == 3 * 2 ** 3 == len(set(theory.states(3, 2)))


def test_pair_checks_find_no_counterexample_and_count_unsolvable_starts():
    pc = theory.pair_checks(24)
    assert pc.sizes == ((2, 2), (2, 3), (3, 2))
    assert pc.action_sets == 28 + 153 + 276
    assert (pc.not_undoable, pc.solvability_lost, pc.from_goals_differs, pc.adding_breaks) == (
        0, 0, 0, 0)
    assert 0 < pc.unsolvable < pc.instances


def test_backward_search_does_not_assume_inverses():
    # A "move" that is not a bijection (both states map to one) would lose solvability; the
    # search over forward moves sees it, so the check is not circular.
    n, c = 2, 2
    goals = theory.zero_goals(n, c)
    graph = {s: [apply(s, (1, unit(0, n)), n, c)] for s in theory.states(n, c)}
    graph[(0, (1, 1))] = [(0, (1, 1))]  # a trap: stays put forever
    solv = theory._can_reach_goal(graph, goals)
    assert (0, (1, 1)) not in solv and goals <= solv


def test_q_statements_at_small_sizes():
    rows = theory.q_rows(400)
    s = theory.q_summary(rows, 400)
    assert s.q1_e0 > 0 and s.q1_e0_all == s.q1_e0
    assert s.q1_turns > 0 and s.q1_turns_unsolvable == s.q1_turns  # no light ever changes
    assert s.q2c2 > 0 and s.q2c2_all_solvable == s.q2c2
    assert s.beyond > 0 and s.beyond_unsolvable == s.beyond == s.beyond_solvable
    assert s.same_l_ok == s.searched and s.one_move_ok == s.searched_e0
    # Every set respects the paper's constraints.
    from math import gcd

    for r in rows:
        g = r.n
        for k, _ in r.actions:
            g = gcd(g, k)
        assert g == 1 and len(r.actions) in (2, 3)


def test_undo_lengths_and_orders():
    p = Puzzle(12, 2, (0, (0,) * 12), ((7, unit(0, 12)), (5, unit(0, 12)), (3, (0,) * 12)))
    assert theory.action_orders(p.actions, 12, 2) == [24, 24, 4]
    undo = theory.undo_lengths(p.actions, 12, 2)
    assert undo == [3, 3, 3]
    # (3, 0) undone by three more (3, 0) at most; the search may find no shorter word.
    assert undo[2] <= 3


def test_lz_complexity():
    assert lz_complexity([]) == 0
    assert lz_complexity([0] * 6) == 2
    assert lz_complexity([0, 1] * 4) == 3
    assert lz_complexity([0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 0]) == 5


def test_stored_reading_runs_give_the_calibration_rows():
    runs, table = stored("reading_runs"), stored("calibration")
    assert set(runs["reading"]) == {"every_read", "actions_only", "skips_free"}
    assert (runs.groupby(["reading", "instance"]).size() == 20).all()
    assert cal.check_reading_runs(runs, table, 4, 1) == 3
    bad = runs.copy()
    first_a2 = bad.index[(bad["reading"] == "every_read") & (bad["instance"] == "A2")][0]
    bad.loc[first_a2, "tournaments"] += 100
    with pytest.raises(RuntimeError, match="stored runs of every_read"):
        cal.check_reading_runs(bad, table, 4, 1)


def test_b5_from_a5_is_section_vs_b5():
    from puzzles.clockwork.experiments import lookup
    from puzzles.clockwork.instances import B5_FROM_A5, instance

    p = lookup(B5_FROM_A5)
    assert p.initial == instance("A5").initial and p.actions == instance("B5").actions
    # B5 now starts from A5's state, like B1-B4 from A1-A4's (issue 23).
    assert all(instance(f"B{i}").initial == instance(f"A{i}").initial for i in range(1, 6))


def test_readings_table_summarises_the_runs_it_is_given(monkeypatch):
    from puzzles.clockwork import experiments as ex

    runs = pd.DataFrame({"instance": ["C2 odd 0-based (1,3,..)"], "run": [0],
                         "solved": [True], "tournaments": [5], "length": [40.0], "ring": [""]})
    monkeypatch.setattr(ex, "exact_facts", lambda p: {"solvable": True, "shortest": 30})
    table = ex.readings_table(runs).set_index("reading")
    assert table.at["C2 odd 0-based (1,3,..)", "successes"] == "1/1"
    assert table.at["C2 odd 0-based (1,3,..)", "iter_mean"] == 5.0
    assert pd.isna(table.at["C2 even 0-based (0,2,..)", "successes"])
