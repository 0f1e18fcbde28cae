"""Read-limit calibration: the fit of a setting and which setting the calibration picks.

The default setting (jumps_free, T = 4, one mutation: the best of the weighted calibration,
tests/test_clockwork_dwp_pinned.py) has its unweighted calibration row computed from the
notebook's main experiment: the first 20 stored ordering runs of every instance.
"""

from __future__ import annotations

import pandas as pd
import pytest

from puzzles.clockwork import calibration as cal
from puzzles.clockwork.dwp import DEFAULT
from puzzles.clockwork.experiments import dwp_tasks, run_experiment, stored, summarise_runs
from puzzles.clockwork.instances import paper_instances
from puzzles.clockwork.paper import PAPER


def _default_row(table: pd.DataFrame) -> pd.Series:
    return table[(table["reading"] == DEFAULT.reading)
                 & (table["tournament"] == DEFAULT.tournament)
                 & (table["mutations"] == DEFAULT.mutations)].iloc[0]


def test_fit_recomputes_the_default_row_from_the_stored_runs():
    table = stored("calibration")
    row = _default_row(table)
    runs = stored("ordering_runs")
    again = cal.fit(summarise_runs(runs[runs["run"] < PAPER.budgets("paper").runs]))
    assert again == {k: row[k] for k in again}
    # the unweighted fit of jumps free, T = 4, m = 1 over all 28 instances (B5 from A5's state)
    assert (again["iter_log_ratio"], again["len_log_ratio"], again["score"]) == (
        -0.2706, 0.0341, 0.2727)
    # the unweighted fit prefers another setting: the default is the weighted fit's choice
    assert cal.chosen(table) == ("skips_free", 7, 1)


def test_recheck_default_refuses_a_row_that_is_not_the_notebooks_runs():
    table = stored("calibration")
    runs = stored("ordering_runs")
    summary = summarise_runs(runs[runs["run"] < PAPER.budgets("paper").runs])
    assert cal.recheck_default(table, summary, PAPER.budgets("paper"))
    assert not cal.recheck_default(table, summary, PAPER.budgets("smoke"))
    moved = table.copy()
    moved.loc[_default_row(table).name, "iter_log_ratio"] += 0.001
    with pytest.raises(RuntimeError, match="default's calibration row"):
        cal.recheck_default(moved, summary, PAPER.budgets("paper"))


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
        {"every_read", "actions_only", "skips_free"})
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
