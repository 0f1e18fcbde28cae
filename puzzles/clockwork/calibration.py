"""Read-limit calibration: every reading of the read limit, with T and the mutation count, scored
by its fit to the paper's Tables I-VI.

Each setting runs the same seeds (``derive_seed(seed, "dwp", instance, run)``) on all 28
instances, so the row of the default setting is exactly the notebook's main experiment. Fit:
``iter_log_ratio`` is the mean over the instances of log(our mean iterations / the paper's),
``len_log_ratio`` the same for mean solving lengths (instances with a success); both are 0 for a
perfect fit. ``score`` = sqrt(iter_log_ratio^2 + len_log_ratio^2), lower is better; ``*_se`` are
standard errors over the instances. The best-scoring setting is marked ``chosen``.

Paper scale takes minutes of CPU, so it runs offline::

    python -m puzzles.clockwork.calibration --seed 2026 --workers 2 \
        --out puzzles/clockwork/data/calibration.csv

The runs behind the rows of the default T and m under the other readings of the read limit are
kept run by run (the ledger gives each table cell's verdict under each reading; about a minute
on two cores)::

    python -m puzzles.clockwork.calibration --seed 2026 --workers 2 --reading-runs \
        --out puzzles/clockwork/data/reading_runs.csv

Their per-instance summaries give exactly the stored calibration rows of those settings (the
notebook checks it).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor

import numpy as np
import pandas as pd

from puzzles.clockwork.dwp import READINGS
from puzzles.clockwork.experiments import make_tasks, run_experiment, summarise_runs
from puzzles.clockwork.instances import paper_instances
from puzzles.clockwork.reference import PAPER_EA, paper_value

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


def calibrate(seed: int, budget: Mapping[str, int], runs: int,
              combos: Sequence[tuple[str, int, int]] | None = None,
              workers: int | None = None, progress: bool = True,
              executor: Executor | None = None) -> pd.DataFrame:
    """The calibration table (:data:`COLUMNS`), one row per setting, best fit marked chosen."""
    combos = settings() if combos is None else list(combos)
    keys = list(paper_instances())
    tasks = []
    for reading, T, m in combos:
        tasks += make_tasks(keys, runs, seed, budget, T, m, reading)
    allruns = run_experiment(tasks, workers, desc="calibration", progress=progress,
                             executor=executor)
    per = len(keys) * runs
    rows = []
    for i, (reading, T, m) in enumerate(combos):
        summ = summarise_runs(allruns.iloc[i * per:(i + 1) * per])
        rows.append({"reading": reading, "tournament": T, "mutations": m, **fit(summ)})
    df = pd.DataFrame(rows)
    df["chosen"] = False
    df.loc[df["score"].idxmin(), "chosen"] = True
    return df[COLUMNS]


READING_RUN_COLUMNS = ["reading", "instance", "run", "solved", "tournaments", "length"]


def reading_runs(seed: int, budget: Mapping[str, int], runs: int, readings: Sequence[str],
                 tournament: int, mutations: int, workers: int | None = None,
                 progress: bool = True, executor: Executor | None = None) -> pd.DataFrame:
    """Every run of all 28 instances under each of ``readings`` at one T and m, run by run
    (:data:`READING_RUN_COLUMNS`), with the calibration's seeds."""
    keys = list(paper_instances())
    frames = []
    for reading in readings:
        tasks = make_tasks(keys, runs, seed, budget, tournament, mutations, reading)
        df = run_experiment(tasks, workers, desc=f"runs ({reading})", progress=progress,
                            executor=executor)
        frames.append(df.assign(reading=reading)[READING_RUN_COLUMNS])
    return pd.concat(frames, ignore_index=True)


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


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: run the calibration at the paper's scale and write the CSV."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--runs", type=int, default=PAPER_EA["runs"])
    ap.add_argument("--workers", type=int, default=0)
    ap.add_argument("--out", default="puzzles/clockwork/data/calibration.csv")
    ap.add_argument("--reading-runs", action="store_true",
                    help="store the runs of the default T and m under every other reading")
    a = ap.parse_args(argv)
    budget = {k: PAPER_EA[k] for k in ("R", "L", "P", "N")}
    if a.reading_runs:
        from puzzles.clockwork.dwp import DEFAULTS

        others = [r for r in READINGS if r != DEFAULTS["reading"]]
        df = reading_runs(a.seed, budget, a.runs, others, DEFAULTS["tournament"],
                          DEFAULTS["mutations"], workers=a.workers)
        df.to_csv(a.out, index=False, lineterminator="\n")
        print(f"{len(df)} runs written to {a.out}")
        return
    table = calibrate(a.seed, budget, a.runs, workers=a.workers)
    table.to_csv(a.out, index=False, lineterminator="\n")
    print(table.to_string())


if __name__ == "__main__":
    main()
