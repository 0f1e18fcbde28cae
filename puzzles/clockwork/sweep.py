"""Beyond the paper: random solvable instances, their exact features and the DWP's effort on
each, and a difficulty model fitted on them and checked on the paper's 28 instances.

Instance ``i`` is drawn from ``derive_rng(seed, "sweep", i)``: n in 6..16 and c in 2..5 with
n c^n <= :data:`MAX_STATES` (so a bidirectional BFS gives the true optimum), 2 to 4 actions,
each turning the hand k in 0..n-1 and adding either a multiple of e0 or a random vector with
one to three nonzero entries (not only e0 moves), at least one action changing the lights;
the initial state (hand 0) is redrawn until solvable and not already a goal. Each instance gets
``runs`` DWP runs (default EA, budget ``N``), run ``r`` seeded ``derive_seed(seed, "sweep", i,
r)``. The sweep takes minutes of CPU, so it runs offline (the experiment ``random_instances``,
stored in ``puzzles/clockwork/data/random_instances.csv``)::

    python -m puzzles run 01 random_instances --store
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.stats import spearmanr

from puzzles.clockwork.algebra import action_group, is_solvable, reachable_count, solvable_count
from puzzles.clockwork.budget import ClockworkBudget
from puzzles.clockwork.dwp import DEFAULT, run_dwp
from puzzles.clockwork.experiments import lookup
from puzzles.clockwork.hitting import km_median
from puzzles.clockwork.model import Action, Puzzle, action_str, q_value, state_str
from puzzles.clockwork.search import count_shortest, shortest_solution
from puzzles.core import derive_rng, derive_seed, run_tasks
from puzzles.core.paper import Task

MAX_STATES = 20_000_000
COLUMNS = ["id", "n", "c", "initial", "actions", "reachable_states", "shortest",
           "solvable_fraction", "q", "runs", "successes", "median_tournaments",
           "optimal_solutions"]
# The columns of ``figures/01_clockwork/random_instances.csv``; the model's extra feature
# (``optimal_solutions``) stays in the stored table shipped with the package.
RESULT_COLUMNS = COLUMNS[:-1]
# Features of the difficulty model, computed exactly for every instance.
FEATURES = ["log_reachable", "shortest", "log_optimal_solutions", "solvable_fraction",
            "actions_count", "n", "c"]


def _sizes() -> list[tuple[int, int]]:
    return [(n, c) for n in range(6, 17) for c in range(2, 6) if n * c ** n <= MAX_STATES]


def _random_action(rng: np.random.Generator, n: int, c: int) -> Action:
    k = int(rng.integers(0, n))
    M = [0] * n
    if rng.random() < 0.5:
        M[0] = int(rng.integers(1, c))
    else:
        for j in rng.choice(n, size=int(rng.integers(1, 4)), replace=False):
            M[int(j)] = int(rng.integers(1, c))
    return (k, tuple(M))


def random_puzzle(seed: int, i: int) -> Puzzle:
    """Random solvable instance ``i`` of the sweep (see the module docstring)."""
    rng = derive_rng(seed, "sweep", i)
    sizes = _sizes()
    n, c = sizes[int(rng.integers(0, len(sizes)))]
    while True:
        acts = tuple(_random_action(rng, n, c) for _ in range(int(rng.integers(2, 5))))
        grp = action_group(acts, n, c)
        for _ in range(50):
            L = tuple(int(x) for x in rng.integers(0, c, size=n))
            p = Puzzle(n, c, (0, L), acts, name=f"R{i}")
            if any(L) and is_solvable(p, group=grp):
                return p


def features(p: Puzzle) -> dict:
    """Exact features of an instance: reachable states, optimum, solvable fraction, Q and the
    number of optimal action strings."""
    length, ways = count_shortest(p)
    if length is None:
        raise ValueError(f"{p.name}: not solvable")
    return {"reachable_states": reachable_count(p), "shortest": length,
            "solvable_fraction": round(solvable_count(p) / p.n_states, 6),
            "q": q_value(p.actions, p.n), "optimal_solutions": ways}


@dataclass(frozen=True)
class SweepTask(Task):
    """Random instance ``id`` (drawn from ``derive_rng(root, "sweep", id)``) and ``runs`` DWP
    runs of it with a budget of ``N`` tournaments, run ``r`` seeded ``(root, "sweep", id, r)``."""

    EXPERIMENT = "sweep"
    id: int
    runs: int
    N: int

    def seed_key(self) -> tuple[int | str, ...]:
        """("sweep", id): the instance's own key."""
        return (self.EXPERIMENT, self.id)


@dataclass(frozen=True)
class SweepRow:
    """One sweep row (:data:`COLUMNS`)."""

    row: dict


def instance_task(task: SweepTask) -> SweepRow:
    """One sweep row: instance ``id``'s features and its DWP runs (the worker)."""
    p = random_puzzle(task.root, task.id)
    ea = DEFAULT.but(N=task.N)
    res = [run_dwp(p, derive_seed(task.root, "sweep", task.id, r), ea) for r in range(task.runs)]
    t = [x.tournaments for x in res]
    ok = [x.solved for x in res]
    return SweepRow({"id": task.id, "n": p.n, "c": p.c, "initial": state_str(p.initial),
                     "actions": ";".join(action_str(a) for a in p.actions), **features(p),
                     "runs": task.runs, "successes": int(sum(ok)),
                     "median_tournaments": km_median(t, ok)})


def sweep_tasks(budget: ClockworkBudget, root: int) -> list[SweepTask]:
    """Instances 0 .. ``budget.sweep_instances - 1``, each with its runs."""
    return [SweepTask(i, budget.sweep_runs, budget.sweep_N, root=root)
            for i in range(budget.sweep_instances)]


def sweep_table(tasks: Sequence[SweepTask], results: Sequence[SweepRow]) -> pd.DataFrame:
    """The sweep table as stored (:data:`COLUMNS`, ``q`` an integer column with gaps)."""
    df = pd.DataFrame([r.row for r in results], columns=COLUMNS)
    df["q"] = df["q"].astype(float).astype("Int64")
    return df


def sweep(seed: int, ids: Sequence[int], workers: int | None = None, progress: bool = True,
          executor: Executor | None = None) -> pd.DataFrame:
    """Sweep rows ``ids`` recomputed at the stored table's budget (a spot check of it).

    ``q`` is float (NaN where an instance has none), as :func:`experiments.stored` reads it back
    from the CSV, so a recomputed row compares equal to the stored one under any pandas (an
    Int64 column prints its missing value as "<NA>" where pandas < 3 prints a float's as "nan").
    """
    stored = ClockworkBudget.paper()
    tasks = [SweepTask(i, stored.sweep_runs, stored.sweep_N, root=seed) for i in ids]
    rows = run_tasks(instance_task, tasks, workers=workers, executor=executor,
                     progress=progress, desc="random instances")
    df = sweep_table(tasks, rows)
    df["q"] = df["q"].astype(float)
    return df


def check_sample(stored: pd.DataFrame, fresh: pd.DataFrame) -> int:
    """Assert that recomputed sweep rows equal the stored rows of the same ids; return how
    many were compared."""
    want = stored.set_index("id").loc[fresh["id"]].reset_index()
    pd.testing.assert_frame_equal(fresh.astype(str), want[fresh.columns].astype(str))
    return len(fresh)


def design(df: pd.DataFrame) -> pd.DataFrame:
    """The model's feature matrix from a table with n, c, actions, reachable_states, ..."""
    return pd.DataFrame({
        "log_reachable": np.log(df["reachable_states"].astype(float)),
        "shortest": df["shortest"].astype(float),
        "log_optimal_solutions": np.log(df["optimal_solutions"].astype(float)),
        "solvable_fraction": df["solvable_fraction"].astype(float),
        "actions_count": df["actions"].str.count(";") + 1,
        "n": df["n"].astype(float), "c": df["c"].astype(float)})[FEATURES]


def _lstsq(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    A = np.column_stack([np.ones(len(X)), X])
    return np.linalg.lstsq(A, y, rcond=None)[0]


def _predict(beta: np.ndarray, X: np.ndarray) -> np.ndarray:
    return beta[0] + X @ beta[1:]


def _r2(y: np.ndarray, yhat: np.ndarray) -> float:
    return float(1 - np.sum((y - yhat) ** 2) / np.sum((y - y.mean()) ** 2))


def fit_model(sweep_df: pd.DataFrame, heldout: pd.DataFrame, folds: int = 5,
              seed: int = 0) -> pd.DataFrame:
    """Least squares of log(1 + median tournaments) on standardised features.

    Only instances whose median is reached (fewer than half the runs censored) enter the fit.
    Returns rows (kind, name, value): standardised coefficients, the in-sample, k-fold
    cross-validated and held-out R^2, and the held-out Spearman rho (``heldout``: the paper's
    28 instances with the same columns and ``median_tournaments`` from our runs).
    """
    ok = sweep_df[np.isfinite(sweep_df["median_tournaments"].astype(float))]
    ok = ok[np.isfinite(design(ok).to_numpy(float)).all(axis=1)]
    X = design(ok).to_numpy(float)
    mu, sd = X.mean(0), X.std(0)
    sd[sd == 0] = 1.0
    Z = (X - mu) / sd
    y = np.log1p(ok["median_tournaments"].to_numpy(float))
    beta = _lstsq(Z, y)
    rng = np.random.default_rng(seed)
    fold = rng.permutation(len(y)) % folds
    pred = np.empty_like(y)
    for f in range(folds):
        tr, te = fold != f, fold == f
        pred[te] = _predict(_lstsq(Z[tr], y[tr]), Z[te])
    h = heldout[np.isfinite(heldout["median_tournaments"].astype(float))]
    h = h[np.isfinite(design(h).to_numpy(float)).all(axis=1)]
    yh = np.log1p(h["median_tournaments"].to_numpy(float))
    ph = _predict(beta, (design(h).to_numpy(float) - mu) / sd)
    rows = [("coefficient", "intercept", beta[0])]
    rows += [("coefficient", name, b) for name, b in zip(FEATURES, beta[1:], strict=True)]
    rows += [("fit", "instances fitted", len(y)),
             ("fit", "instances censored (median > N)", len(sweep_df) - len(ok)),
             ("fit", "R2 in sample", _r2(y, _predict(beta, Z))),
             ("fit", f"R2 {folds}-fold cross-validated", _r2(y, pred)),
             ("fit", "held-out instances (paper's, median reached, features known)", len(h)),
             ("fit", "R2 held out (paper's instances)", _r2(yh, ph)),
             ("fit", "Spearman rho held out", float(spearmanr(yh, ph).statistic))]
    return pd.DataFrame([(k, n, round(float(v), 4)) for k, n, v in rows],
                        columns=["kind", "name", "value"])


def paper_features(results: pd.DataFrame, ordruns: pd.DataFrame) -> pd.DataFrame:
    """The paper's 28 instances with the sweep's columns, medians from our stored runs.

    Optimal strings are counted only where the reachable set has at most :data:`MAX_STATES`
    states (NaN otherwise: D3, C6).
    """
    rows = []
    for r in results.drop_duplicates("instance").itertuples():
        p = lookup(r.instance)
        g = ordruns[ordruns["instance"] == r.instance]
        rows.append({"instance": r.instance, "n": r.n, "c": r.c, "actions": r.actions,
                     "reachable_states": r.reachable_states, "shortest": r.shortest,
                     "solvable_fraction": solvable_count(p) / p.n_states,
                     "optimal_solutions": (count_shortest(p)[1]
                                           if r.reachable_states <= MAX_STATES else np.nan),
                     "median_tournaments": km_median(g["tournaments"], g["solved"])})
    return pd.DataFrame(rows)


def instance_with_shortest(length: int, n: int, c: int, actions: Sequence[Action], seed: int,
                           tries: int = 20_000) -> Puzzle:
    """A random solvable instance on ``actions`` whose optimum is exactly ``length`` moves."""
    if n * c ** n > MAX_STATES:
        raise ValueError(f"n c^n = {n * c ** n} exceeds {MAX_STATES}: the optimum is unknown")
    rng = derive_rng(seed, "with-shortest", length)
    acts = tuple(actions)
    grp = action_group(acts, n, c)
    for _ in range(tries):
        L = tuple(int(x) for x in rng.integers(0, c, size=n))
        p = Puzzle(n, c, (0, L), acts, name=f"optimum {length}")
        if is_solvable(p, group=grp) and len(shortest_solution(p) or []) == length:
            return p
    raise ValueError(f"no instance with optimum {length} found in {tries} draws")


def with_optima(actions: Sequence[Action], optima: Sequence[int], seed: int, n: int = 12,
                c: int = 2) -> pd.DataFrame:
    """The generator at work: one instance on ``actions`` per requested optimum."""
    made = [instance_with_shortest(k, n, c, actions, seed) for k in optima]
    return pd.DataFrame([{"optimum asked": k, "initial": state_str(p.initial)}
                         for k, p in zip(optima, made, strict=True)])
