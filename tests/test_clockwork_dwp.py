"""DWP EA: decoder vs hand-worked rings (Fig. 4), crossover/mutation invariants, runs, bad input."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzles.clockwork.dwp import DEFAULT, EA, crossover, decode, decode_trace, run_dwp
from puzzles.clockwork.experiments import (
    check_replays,
    dwp_tasks,
    run_experiment,
    summarise_runs,
)
from puzzles.clockwork.instances import instance
from puzzles.clockwork.model import Puzzle, first_goal, unit

R = 6
# A puzzle where the goal is never reached, so decoding runs to the read limit.
NEVER = Puzzle(4, 2, (0, (1, 1, 1, 1)), ((0, (0, 0, 0, 0)), (1, (0, 0, 0, 0))))
A0, A1 = R, R + 1  # symbols of actions 0 and 1


def test_fig4_reading():
    # Entries: action 0, action 1, alternator -> entry 0, action 0, alternator -> entry 3, a1.
    ring = [A0, A1, 0, A0, 3, A1]
    moves, _, _ = decode(NEVER, ring, R, L=10, reading="actions_only")
    # a0 a1, jump back, a0 a1, skip, a0, jump to 3: a0, skip, a1, wrap: a0 a1, jump...
    assert moves == [0, 1, 0, 1, 0, 0, 1, 0, 1, 0]
    steps = decode_trace(ring, R, 2, L=5, reading="actions_only")
    assert [s[2] for s in steps] == ["action 0", "action 1", "jump to entry 0", "action 0",
                                     "action 1", "skip", "action 0"]


def test_read_limit_semantics():
    ring = [A0, 2, A1, 0, 1, 5]
    by_reads, _, _ = decode(NEVER, ring, R, L=8, reading="every_read")
    by_actions, _, _ = decode(NEVER, ring, R, L=8, reading="actions_only")
    assert len(by_actions) == 8
    assert len(by_reads) < 8  # alternator reads used up part of the budget
    assert by_actions[: len(by_reads)] == by_reads
    # A ring of alternators only never emits: the guard stops it.
    moves, fit, length = decode(NEVER, [1, 2, 3, 4, 5, 0], R, L=50, reading="actions_only")
    assert moves == [] and fit == 4 and length is None


def test_decoder_stops_at_first_goal():
    p = Puzzle(12, 2, (0, (1,) * 12), ((7, unit(0, 12)), (5, unit(0, 12))))
    moves, fit, length = decode(p, [15] + [16] * 14, 15, L=200)
    assert fit == 0 and length == 12 == len(moves) and first_goal(p, moves) == 12


@given(st.lists(st.integers(0, 20), min_size=8, max_size=8),
       st.lists(st.integers(0, 20), min_size=8, max_size=8), st.integers(1, 7))
def test_crossover_invariants(a, b, j):
    p1, p2 = np.array(a, dtype=np.int64), np.array(b, dtype=np.int64)
    c1, c2 = np.empty(8, np.int64), np.empty(8, np.int64)
    crossover(p1, p2, j, c1, c2)
    assert list(c1) == a[:j] + b[j:] and list(c2) == b[:j] + a[j:]
    # Every position keeps the multiset of the parents' symbols.
    assert sorted(np.concatenate([c1, c2])) == sorted(a + b)


def test_mutation_bounds_the_changes():
    # With mutations = 0 and one tournament, children are exactly crossovers of the population;
    # compare the runs' final rings: symbols stay in range for any mutation count.
    p = instance("C5")
    for m in (0, 1, 3):
        res = run_dwp(p, 11, DEFAULT.but(N=30, mutations=m))
        assert all(0 <= s < 15 + len(p.actions) for s in res.ring)


def test_runs_are_deterministic_and_replayed():
    p = instance("A4")
    a, b = run_dwp(p, 123), run_dwp(p, 123)
    assert a == b and a.solved
    assert first_goal(p, a.moves) == a.length == len(a.moves)
    c = run_dwp(p, 124)
    assert (c.tournaments, c.ring) != (a.tournaments, a.ring)


def test_failed_run_reports_budget():
    res = run_dwp(instance("C6"), 5, DEFAULT.but(N=10))
    assert not res.solved and res.tournaments == 10 and res.length is None


def test_experiment_summary_and_replay():
    ea = EA(N=300)
    tasks = dwp_tasks(["A2", "B4"], 3, 2026, ea)
    runs = run_experiment(tasks, workers=1, progress=False)
    assert list(runs["instance"]) == ["A2"] * 3 + ["B4"] * 3
    summ = summarise_runs(runs)
    assert list(summ["runs"]) == [3, 3]
    assert check_replays(runs, ea) == int(runs["solved"].sum())
    bad = runs.copy()
    bad.loc[bad["solved"], "length"] = 1
    with pytest.raises(RuntimeError, match="replay"):
        check_replays(bad.assign(solved=True, length=1), ea)
    assert isinstance(summ, pd.DataFrame)


def test_summaries_count_failures_at_n_and_give_the_median():
    runs = pd.DataFrame({"instance": "A1", "run": range(4), "solved": [True, True, True, False],
                         "tournaments": [1, 2, 30, 300], "length": [5.0, 7.0, 9.0, np.nan]})
    s = summarise_runs(runs).iloc[0]
    # iterations over all runs (the failure at its budget), lengths over the successes
    assert (s.runs, s.successes, s.iter_mean, s.iter_median, s.length_mean) == (
        4, 3, 83.25, 16.0, 7.0)


@pytest.mark.parametrize("kwargs, field", [
    ({"R": 1}, "R"), ({"L": 0}, "L"), ({"P": 3}, "P"), ({"tournament": 3}, "tournament"),
    ({"tournament": 40}, "tournament"), ({"mutations": -1}, "mutations"), ({"N": -1}, "N"),
])
def test_bad_parameters(kwargs, field):
    with pytest.raises(ValueError, match=field):
        run_dwp(instance("A1"), 1, EA(**kwargs))


def test_bad_ring_and_seed():
    p = instance("A1")
    with pytest.raises(ValueError, match="ring symbols"):
        decode(p, [0] * 14 + [18], 15)
    with pytest.raises(ValueError, match="R = 15"):
        decode(p, [0] * 14, 15)
    with pytest.raises(ValueError, match="seed"):
        run_dwp(p, -1)
    with pytest.raises(ValueError, match="reading"):
        EA(reading="every other read")
    with pytest.raises(ValueError, match="settings"):
        run_dwp(p, 1, {"N": 10})  # type: ignore[arg-type]
    goals = Puzzle(4, 2, (0, (1, 0, 0, 0)), ((1, unit(0, 4)),), ((1, 1, 1, 1),))
    with pytest.raises(ValueError, match="goal"):
        run_dwp(goals, 1)
