"""The protocol-cause runs: same seeds as the committed protocol runs, paired summaries, and the
stored table agrees with the notebook's runs."""

from __future__ import annotations

import io

import pandas as pd
import pytest

from puzzles.logicgrid import causes
from puzzles.logicgrid.protocols import MutationTask, SinglePopTask


def test_every_trial_runs_with_the_committed_runs_seed_and_seeds_differ():
    mut = causes.CauseTask("mutation", 3, root=7)
    assert mut.seed == MutationTask(3, True, 100, root=7).seed
    abl = causes.CauseTask("ablation", 4, "no violations", 100, root=7)
    assert abl.seed == SinglePopTask("no violations", 4, 100, root=7).seed
    budget = type("B", (), {"protocol_target": 20, "protocol_trials": 3,
                            "single_pop_generations": 5})()
    tasks = causes.cause_tasks(budget, 7)
    assert len({t.seed for t in tasks}) == len(tasks) == 3 + 3 * 5


def test_an_ablation_task_runs_every_arm_from_one_seed():
    out = causes.cause_task(causes.CauseTask("ablation", 0, "full", 3, root=7))
    assert set(out) == set(causes.ABLATION_ARMS) and all(len(v) == 3 for v in out.values())
    with pytest.raises(ValueError):
        causes.oracle_rules("theirs")


@pytest.mark.parametrize("bad", [
    dict(protocol="nope", trial=0),
    dict(protocol="ablation", trial=0, variant="nope"),
    dict(protocol="mutation", trial=-1),
])
def test_bad_cause_tasks_are_refused(bad):
    with pytest.raises(ValueError):
        causes.CauseTask(**bad)


def test_the_summary_pairs_each_variant_with_our_oracle_as_their_script():
    rows = [{"protocol": "mutation", "oracle": o, "variant": v, "fitness": None, "step": 1,
             "trial": t, "value": base + t / 100}
            for o, v, base in (("ours", "as their script", 0.4), ("authors", "as their script",
                                                                  0.5))
            for t in range(4)]
    s = causes.causes_summary(pd.DataFrame(rows)).set_index("oracle")
    assert s.loc["authors", "paired_diff_vs_ours_as_script"] == pytest.approx(0.1)
    assert s.loc["authors", "diff_ci95"] == 0.0  # the same shift on every trial
    assert s.loc["ours", "mean"] == pytest.approx(0.415)


def test_the_stored_runs_match_the_protocols_they_extend():
    table = pd.DataFrame([
        {"protocol": "mutation", "oracle": "ours", "variant": "as their script", "fitness": "",
         "step": s, "trial": 0, "value": v} for s, v in ((1, 0.5), (2, 0.25))] + [
        {"protocol": "ablation", "oracle": "ours", "variant": "as their script",
         "fitness": "full", "step": st, "trial": 0, "value": v} for st, v in ((0, 2.0), (-1, 3.0))])
    mut = [{"weak": True, "trial": 0, "ratios": [0.5, 0.25]},
           {"weak": False, "trial": 0, "ratios": [0.1, 0.1]}]
    single = [{"variant": "full", "trial": 0, "n_feasible": [1, 2, 3]}]
    assert causes.matches_protocols(table, mut, single)
    read_back = pd.read_csv(io.StringIO(table.to_csv(index=False)), keep_default_na=False,
                            na_values=[""])  # as the notebook reads the stored file
    assert causes.matches_protocols(read_back, mut, single)
    single[0]["n_feasible"] = [1, 2, 4]
    assert not causes.matches_protocols(table, mut, single)
