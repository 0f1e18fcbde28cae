"""The protocol-cause runs: same seeds as the committed protocol runs, paired summaries, and the
stored table agrees with the notebook's runs."""

from __future__ import annotations

import pandas as pd
import pytest

from puzzles.logicgrid import causes
from puzzles.logicgrid.protocols import MutationTask, SinglePopTask


def test_every_oracle_and_variant_shares_the_committed_runs_seed():
    mut = causes.CauseTask("mutation", "authors", 3, root=7)
    assert mut.seed == MutationTask(3, True, 100, root=7).seed
    abl = causes.CauseTask("ablation", "ours", 4, "no violations", True, 100, root=7)
    assert abl.seed == SinglePopTask("no violations", 4, 100, root=7).seed
    assert causes.CauseTask("ablation", "authors", 4, "no violations", root=7).seed == abl.seed


@pytest.mark.parametrize("bad", [
    dict(protocol="nope", oracle="ours", trial=0),
    dict(protocol="mutation", oracle="theirs", trial=0),
    dict(protocol="ablation", oracle="ours", trial=0, variant="nope"),
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
    single[0]["n_feasible"] = [1, 2, 4]
    assert not causes.matches_protocols(table, mut, single)
