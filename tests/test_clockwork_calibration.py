"""Read-limit calibration: the fit of a setting and which setting the calibration picks.

The chosen setting (skips_free, T = 7, one mutation) is the default, so its calibration row is
the fit of the notebook's main experiment: the first 20 stored ordering runs of every instance.
"""

from __future__ import annotations

import pytest

from puzzles.clockwork import calibration as cal
from puzzles.clockwork.dwp import DEFAULTS
from puzzles.clockwork.experiments import make_tasks, run_experiment, stored, summarise_runs
from puzzles.clockwork.instances import paper_instances
from puzzles.clockwork.reference import PAPER_EA


def test_fit_recomputes_the_chosen_row_from_the_stored_runs():
    table = stored("calibration")
    row = table[table["chosen"]].iloc[0]
    assert cal.chosen(table) == (DEFAULTS["reading"], DEFAULTS["tournament"],
                                 DEFAULTS["mutations"])
    runs = stored("ordering_runs")
    again = cal.fit(summarise_runs(runs[runs["run"] < PAPER_EA["runs"]]))
    assert again == {k: row[k] for k in again}
    # the numbers the README quotes
    assert (again["iter_log_ratio"], again["len_log_ratio"], again["score"]) == (
        -0.0401, 0.0321, 0.0513)


SMALL = {"R": 15, "L": 200, "P": 28, "N": 200}
COMBOS = [("skips_free", 7, 1), ("every_read", 4, 2), ("actions_only", 7, 1)]


@pytest.fixture(scope="module")
def small_table():
    return cal.calibrate(2026, SMALL, 2, combos=COMBOS, workers=1, progress=False)


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
        runs = run_experiment(make_tasks(keys, 2, 2026, SMALL, T, m, reading), workers=1,
                              progress=False)
        assert cal.fit(summarise_runs(runs)) == {k: row[k] for k in cal.fit(summarise_runs(runs))}
