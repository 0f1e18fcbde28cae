"""Read-limit calibration: every reading of the read limit, with T and the mutation count, scored
by its fit to the paper's Tables I-VI.

Each setting runs the same seeds (``derive_seed(seed, "dwp", instance, run)``) on all 28
instances, so the row of the default setting is exactly the notebook's main experiment. Fit:
``iter_log_ratio`` is the mean over the instances of log(our mean iterations / the paper's),
``len_log_ratio`` the same for mean solving lengths (instances with a success); both are 0 for a
perfect fit. ``score`` = sqrt(iter_log_ratio^2 + len_log_ratio^2), lower is better; ``*_se`` are
standard errors over the instances. The best-scoring setting is marked ``chosen``.

Paper scale takes minutes of CPU, so it runs offline (the experiment ``calibration``, stored
in ``puzzles/clockwork/data/calibration.csv``)::

    python -m puzzles run 01 calibration --store

The runs behind the rows of the default T and m under the other readings of the read limit are
kept run by run (the ledger gives each table cell's verdict under each reading; about a minute
on two cores; the experiment ``reading_runs``, stored in ``data/reading_runs.csv``)::

    python -m puzzles run 01 reading_runs --store

Their per-instance summaries give exactly the stored calibration rows of those settings (the
notebook checks it). A task is one setting on one instance: its runs take the seeds of the
main experiment's runs, so its own ``seed`` only names it.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from puzzles.clockwork.dwp import DEFAULT, EA, READINGS
from puzzles.clockwork.experiments import (
    SPOT_CHECKED,
    DwpTask,
    Run,
    dwp_run,
    dwp_tasks,
    run_experiment,
    summarise_runs,
)
from puzzles.clockwork.hitting import check_stored
from puzzles.clockwork.instances import paper_instances
from puzzles.clockwork.reference import paper_value
from puzzles.core.paper import Task

if TYPE_CHECKING:
    from puzzles.clockwork.budget import ClockworkBudget

COLUMNS = ["reading", "tournament", "mutations", "iter_log_ratio", "iter_se", "len_log_ratio",
           "len_se", "score", "successes", "runs", "chosen"]
# The columns of ``figures/01_clockwork/calibration.csv`` (the list plus the mark);
# the standard errors and run counts stay in the stored table shipped with the package.
RESULT_COLUMNS = ["reading", "tournament", "mutations", "iter_log_ratio", "len_log_ratio",
                  "score", "chosen"]
# Iteration means below one tournament (A1, B1: the random population solves) are compared
# at 0.5, so a log ratio stays finite.
FLOOR = 0.5


def settings() -> list[tuple[str, int, int]]:
    """(reading, tournament, mutations) for every combination tried."""
    return [(r, T, m) for r in READINGS for T in (7, 4) for m in (1, 2)]


def fit(summary: pd.DataFrame) -> dict:
    """Log-ratio fit of one setting's per-instance summary to the paper's means."""
    it = np.array([np.log(max(r.iter_mean, FLOOR) / max(paper_value(r.instance, "iter_mean"),
                                                          FLOOR)) for r in summary.itertuples()])
    ln = np.array([np.log(r.length_mean / paper_value(r.instance, "length_mean"))
                   for r in summary.itertuples() if r.successes])
    i_mean, l_mean = float(it.mean()), float(ln.mean())
    return {"iter_log_ratio": round(i_mean, 4),
            "iter_se": round(float(it.std(ddof=1) / np.sqrt(it.size)), 4),
            "len_log_ratio": round(l_mean, 4),
            "len_se": round(float(ln.std(ddof=1) / np.sqrt(ln.size)), 4),
            "score": round(float(np.hypot(i_mean, l_mean)), 4),
            "successes": int(summary["successes"].sum()), "runs": int(summary["runs"].sum())}


@dataclass(frozen=True)
class SettingTask(Task):
    """``runs`` runs of one instance under one setting of the EA, seeded like the main
    experiment's runs (``derive_seed(root, "dwp", instance, run)``)."""

    EXPERIMENT = "setting"
    instance: str
    runs: int
    ea: EA

    def seed_key(self) -> tuple[int | str, ...]:
        """The setting and the instance (the runs take the main experiment's seeds)."""
        return (self.EXPERIMENT, self.ea.reading, self.ea.tournament, self.ea.mutations,
                self.instance)


@dataclass(frozen=True)
class Runs:
    """The runs of one :class:`SettingTask`, in run order."""

    runs: tuple[Run, ...]


def setting_runs(task: SettingTask) -> Runs:
    """The worker of ``calibration`` and ``reading_runs``: every run of one setting."""
    return Runs(tuple(dwp_run(DwpTask(task.instance, r, task.ea, root=task.root))
                      for r in range(task.runs)))


def setting_tasks(budget: ClockworkBudget, root: int,
                  combos: Sequence[tuple[str, int, int]]) -> list[SettingTask]:
    """One task per (setting, instance), settings in ``combos`` order."""
    base = budget.ea()
    return [SettingTask(k, budget.runs, base.but(reading=r, tournament=T, mutations=m),
                        root=root) for r, T, m in combos for k in paper_instances()]


def calibration_tasks(budget: ClockworkBudget, root: int,
                      combos: Sequence[tuple[str, int, int]] | None = None
                      ) -> list[SettingTask]:
    """Every setting (:func:`settings`, or ``combos``) on all 28 instances."""
    return setting_tasks(budget, root, settings() if combos is None else combos)


def _setting(t: SettingTask) -> tuple[str, int, int]:
    return (t.ea.reading, t.ea.tournament, t.ea.mutations)


def _frame(results: Sequence[Runs]) -> pd.DataFrame:
    return pd.DataFrame([r.row() for res in results for r in res.runs])


def calibration_table(tasks: Sequence[SettingTask], results: Sequence[Runs]) -> pd.DataFrame:
    """The calibration table (:data:`COLUMNS`), one row per setting, best fit marked chosen."""
    combos = list(dict.fromkeys(_setting(t) for t in tasks))
    per = len(tasks) // len(combos)
    rows = []
    for i, (reading, T, m) in enumerate(combos):
        summ = summarise_runs(_frame(results[i * per:(i + 1) * per]))
        rows.append({"reading": reading, "tournament": T, "mutations": m, **fit(summ)})
    df = pd.DataFrame(rows)
    df["chosen"] = False
    df.loc[df["score"].idxmin(), "chosen"] = True
    return df[COLUMNS]


READING_RUN_COLUMNS = ["reading", "instance", "run", "solved", "tournaments", "length"]


def reading_runs_tasks(budget: ClockworkBudget, root: int) -> list[SettingTask]:
    """The default T and m under every other reading of the read limit, on all 28 instances."""
    others = [(r, DEFAULT.tournament, DEFAULT.mutations) for r in READINGS
              if r != DEFAULT.reading]
    return setting_tasks(budget, root, others)


def reading_runs_table(tasks: Sequence[SettingTask], results: Sequence[Runs]) -> pd.DataFrame:
    """Every run of every task, run by run (:data:`READING_RUN_COLUMNS`)."""
    frames = [_frame([res]).assign(reading=t.ea.reading)[READING_RUN_COLUMNS]
              for t, res in zip(tasks, results, strict=True)]
    return pd.concat(frames, ignore_index=True)


def check_reading_sample(reading_runs: pd.DataFrame, seed: int, workers: int | None = None,
                         executor: Executor | None = None) -> int:
    """Recompute two stored runs of each of :data:`SPOT_CHECKED` under every stored reading
    (the paper's budget); return how many equal the stored ones."""
    same = 0
    for reading, stored_runs in reading_runs.groupby("reading"):
        sample = dwp_tasks(SPOT_CHECKED, 2, seed, DEFAULT.but(reading=reading))
        same += check_stored(stored_runs, run_experiment(sample, workers, progress=False,
                                                         executor=executor))
    return same


def recheck_default(table: pd.DataFrame, summary: pd.DataFrame, budget: ClockworkBudget) -> bool:
    """At the paper's protocol the default setting's row is the fit of the notebook's own
    runs: recompute it from their ``summary`` (RuntimeError when it differs). False when the
    budget differs."""
    if (budget.N, budget.runs) != (DEFAULT.N, budget.paper().runs):
        return False
    live = fit(summary)
    row = table[(table["reading"] == DEFAULT.reading) & (table["tournament"] == DEFAULT.tournament)
                & (table["mutations"] == DEFAULT.mutations)]
    if len(row) != 1:
        raise ValueError(f"the calibration table has {len(row)} rows of the default setting")
    for k in ("iter_log_ratio", "len_log_ratio"):
        if abs(live[k] - row.iloc[0][k]) >= 1e-9:
            raise RuntimeError(f"the default's calibration row has {k} = {row.iloc[0][k]}, "
                               f"this notebook's runs give {live[k]}")
    return True


def check_reading_runs(runs: pd.DataFrame, table: pd.DataFrame, tournament: int,
                       mutations: int) -> int:
    """Assert that stored per-run rows (:func:`reading_runs`) summarise to exactly the stored
    calibration rows of their settings; return the number of readings checked."""
    checked = 0
    for reading, g in runs.groupby("reading", sort=False):
        row = table[(table["reading"] == reading) & (table["tournament"] == tournament)
                    & (table["mutations"] == mutations)]
        if len(row) != 1:
            raise ValueError(f"no calibration row for {reading}, T={tournament}, m={mutations}")
        got = fit(summarise_runs(g))
        for k in ("iter_log_ratio", "iter_se", "len_log_ratio", "len_se", "score", "successes",
                  "runs"):
            if abs(got[k] - float(row.iloc[0][k])) > 1e-9:
                raise RuntimeError(f"stored runs of {reading} give {k} = {got[k]}, the "
                                   f"calibration row {row.iloc[0][k]}")
        checked += 1
    return checked


def chosen(table: pd.DataFrame) -> tuple[str, int, int]:
    """(reading, tournament, mutations) of the row marked chosen."""
    row = table[table["chosen"]]
    if len(row) != 1:
        raise ValueError(f"calibration table must mark exactly one row chosen, got {len(row)}")
    r = row.iloc[0]
    return str(r.reading), int(r.tournament), int(r.mutations)
