"""Read-limit calibration: the fit of a setting and which setting the calibration picks.

The chosen setting (skips_free, T = 7, one mutation) is the default, so its calibration row is
the fit of the notebook's main experiment: the first 20 stored ordering runs of every instance.
"""

from __future__ import annotations

import pandas as pd
import pytest

from puzzles.clockwork import calibration as cal
from puzzles.clockwork.dwp import DEFAULT
from puzzles.clockwork.experiments import dwp_tasks, run_experiment, stored, summarise_runs
from puzzles.clockwork.instances import paper_instances
from puzzles.clockwork.paper import PAPER


def test_fit_recomputes_the_chosen_row_from_the_stored_runs():
    table = stored("calibration")
    row = table[table["chosen"]].iloc[0]
    assert cal.chosen(table) == (DEFAULT.reading, DEFAULT.tournament, DEFAULT.mutations)
    runs = stored("ordering_runs")
    again = cal.fit(summarise_runs(runs[runs["run"] < PAPER.budgets("paper").runs]))
    assert again == {k: row[k] for k in again}
    # the numbers the README quotes
    assert (again["iter_log_ratio"], again["len_log_ratio"], again["score"]) == (
        -0.0401, 0.0321, 0.0513)


SMALL = PAPER.budgets("smoke")  # R = 15, L = 200, P = 28, N = 200, 2 runs per instance
COMBOS = [("skips_free", 7, 1), ("every_read", 4, 2), ("actions_only", 7, 1)]


@pytest.fixture(scope="module")
def small_table():
    tasks = cal.calibration_tasks(SMALL, 2026, COMBOS)
    return cal.calibration_table(tasks, [cal.setting_runs(t) for t in tasks])


def test_calibrate_marks_the_lowest_score_chosen(small_table):
    t = small_table
    assert list(t.columns) == cal.COLUMNS
    assert [tuple(r) for r in t[["reading", "tournament", "mutations"]].itertuples(index=False)
            ] == COMBOS
    assert t["chosen"].sum() == 1
    assert t.loc[t["chosen"], "score"].iloc[0] == t["score"].min() < t["score"].max()
    assert cal.chosen(t) == ("every_read", 4, 2)


def test_each_calibration_row_is_the_fit_of_its_own_runs(small_table):
    keys = list(paper_instances())
    for (reading, T, m), row in zip(COMBOS, small_table.to_dict("records"), strict=True):
        ea = SMALL.ea().but(tournament=T, mutations=m, reading=reading)
        runs = run_experiment(dwp_tasks(keys, SMALL.runs, 2026, ea), workers=1, progress=False)
        assert cal.fit(summarise_runs(runs)) == {k: row[k] for k in cal.fit(summarise_runs(runs))}


def test_reading_runs_are_the_other_readings_run_by_run_with_the_main_seeds():
    tasks = cal.reading_runs_tasks(SMALL, 2026)
    assert sorted({t.ea.reading for t in tasks}) == sorted(
        {"every_read", "actions_only", "jumps_free"})
    some = [t for t in tasks if t.instance in ("A2", "E5")]
    table = cal.reading_runs_table(some, [cal.setting_runs(t) for t in some])
    assert list(table.columns) == cal.READING_RUN_COLUMNS and len(table) == 2 * 2 * 3
    same = table[table["reading"] == "every_read"].drop(columns="reading")
    ea = SMALL.ea().but(reading="every_read")
    direct = run_experiment(dwp_tasks(["A2", "E5"], 2, 2026, ea), workers=1, progress=False)
    pd.testing.assert_frame_equal(same.reset_index(drop=True),
                                  direct.drop(columns="ring")[same.columns])
    # one seed per setting and instance, and the runs inside take the main experiment's seeds
    assert len({t.seed for t in tasks}) == len(tasks)
