"""Hitting times of the DWP with censoring: Kaplan-Meier curves and medians, and the 200-run
experiment that decides the paper's ordering claims.

A run that hits the budget N is right-censored at N: we know only that its hitting time exceeds
N. Every run of an experiment has the same budget, so censoring is at one common time; the
Kaplan-Meier median is then the plain median when fewer than half the runs fail, and undefined
(reported as ``inf``: "more than N") otherwise. Rank tests with censored runs tied at N are
Gehan's generalised Wilcoxon test, the censoring-aware form of Mann-Whitney.

The ordering runs take about a minute of CPU at 200 runs per instance, so they run offline
(the experiment ``ordering_runs``, stored in ``puzzles/clockwork/data/ordering_runs.csv``)::

    python -m puzzles run 01 ordering_runs --store

Run ``r`` of instance ``k`` has seed ``derive_seed(seed, "dwp", k, r)``, the notebook's main
experiment's seed, so the first 20 stored runs of each instance are the notebook's runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from puzzles.clockwork.dwp import DEFAULT
from puzzles.clockwork.experiments import (
    SPOT_CHECKED,
    DwpTask,
    Run,
    dwp_tasks,
    run_experiment,
    runs_table,
)
from puzzles.clockwork.instances import paper_instances

if TYPE_CHECKING:
    from puzzles.clockwork.budget import ClockworkBudget

RUN_COLUMNS = ["instance", "run", "solved", "tournaments", "length"]


def km_curve(tournaments: Sequence[int], solved: Sequence[bool]) -> tuple[np.ndarray, np.ndarray]:
    """Kaplan-Meier estimate of P(not solved after t tournaments): (event times, survival)."""
    t = np.asarray(tournaments, dtype=float)
    s = np.asarray(solved, dtype=bool)
    if t.shape != s.shape or t.size == 0:
        raise ValueError(f"need equal, non-empty samples, got {t.size} times, {s.size} flags")
    times = np.unique(t[s])
    surv, out = 1.0, []
    for x in times:
        at_risk = int(np.sum(t >= x))
        events = int(np.sum((t == x) & s))
        surv *= 1.0 - events / at_risk
        out.append(surv)
    return times, np.array(out)


def km_median(tournaments: Sequence[int], solved: Sequence[bool]) -> float:
    """Kaplan-Meier median hitting time; ``inf`` when half the runs never succeed."""
    times, surv = km_curve(tournaments, solved)
    below = np.nonzero(surv <= 0.5)[0]
    return float(times[below[0]]) if below.size else float("inf")


def censored_times(runs: pd.DataFrame, key: str, budget: int) -> np.ndarray:
    """Hitting times of one instance with budget-hitting runs at ``budget`` (for rank tests)."""
    g = runs[runs["instance"] == key]
    if g.empty:
        raise ValueError(f"no runs of instance {key!r}")
    return np.where(g["solved"], g["tournaments"], budget).astype(float)


def ordering_tasks(budget: ClockworkBudget, root: int) -> list[DwpTask]:
    """``budget.ordering_runs`` runs of every paper instance (default EA at the budget's N)."""
    return dwp_tasks(list(paper_instances()), budget.ordering_runs, root, budget.ea())


def ordering_table(tasks: Sequence[DwpTask], results: Sequence[Run]) -> pd.DataFrame:
    """The ordering runs as stored: instance, run, solved, tournaments, length."""
    return runs_table(tasks, results)[RUN_COLUMNS]


def hitting_summary(runs: pd.DataFrame, budget: int) -> pd.DataFrame:
    """Per instance: runs, successes, Kaplan-Meier median, mean with failures at the budget."""
    rows = []
    for key, g in runs.groupby("instance", sort=False):
        t = np.where(g["solved"], g["tournaments"], budget).astype(float)
        rows.append({"instance": key, "runs": len(g), "successes": int(g["solved"].sum()),
                     "km_median": km_median(g["tournaments"], g["solved"]),
                     "mean_at_N": float(t.mean())})
    return pd.DataFrame(rows)


def check_stored(stored: pd.DataFrame, fresh: pd.DataFrame) -> int:
    """Assert that runs computed now equal the stored runs with the same (instance, run).

    Returns the number of runs compared; compares solved, tournaments and length.
    """
    cols = ["solved", "tournaments", "length"]
    a = stored.set_index(["instance", "run"])[cols]
    b = fresh.set_index(["instance", "run"])[cols]
    common = a.index.intersection(b.index)
    if len(common) == 0:
        raise ValueError("no run in common between the stored and the fresh runs")
    x, y = a.loc[common], b.loc[common]
    same = (x["solved"].astype(bool) == y["solved"].astype(bool)) & \
        (x["tournaments"].astype(int) == y["tournaments"].astype(int)) & \
        (x["length"].fillna(-1).astype(float) == y["length"].fillna(-1).astype(float))
    if not same.all():
        bad = list(common[~same.to_numpy()])[:5]
        raise RuntimeError(f"stored runs differ from fresh runs at {bad}")
    return len(common)


def check_ordering(ordruns: pd.DataFrame, runs: pd.DataFrame, budget: ClockworkBudget,
                   seed: int, workers: int | None = None,
                   executor: Executor | None = None) -> int:
    """Check the stored ordering runs against runs computed now; return how many agree.

    At the paper's budget the notebook's own runs are the stored runs' first ones; at another
    budget (smoke scale) two runs of each of :data:`SPOT_CHECKED` are recomputed at the paper's
    N instead.
    """
    if budget.N == DEFAULT.N:
        return check_stored(ordruns, runs)
    sample = dwp_tasks(SPOT_CHECKED, 2, seed, budget.ea().but(N=DEFAULT.N))
    return check_stored(ordruns, run_experiment(sample, workers, progress=False,
                                                executor=executor))
