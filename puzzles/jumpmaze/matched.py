"""Matched budgets: every optimiser given the same number of maze evaluations.

The report gives each optimiser its own iteration count (hill climbing 1,000 at n = 5, where
annealing gets 3,000 and the GA 30 x 100 generations), so its comparisons mix the algorithm
with its budget. Here every algorithm makes exactly ``E(n)`` evaluations (BFS calls, the start
maze included; the GA evaluates its whole population at every generation, the first one
included): ``E(n)`` is the largest of the report's per-algorithm budgets at ``n`` rounded up to
whole GA generations, so each report budget is a prefix of the matched run wherever the run's
first ``e`` evaluations do not depend on its length (hill climbing, walks, annealing, the GA;
not restarts, whose climbs share the whole budget).

Each run is read at checkpoints (every tenth of ``E`` in whole GA generations, and each
algorithm's own report budget where that is a prefix) as two statistics: the best score seen so
far, and the incumbent (the current maze's score; for restarts the best finished climb or the
current one, as the report plots it; for the GA the population mean).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from puzzles.core.paper import ROOT_SEED, Task
from puzzles.core.seeding import derive_seed
from puzzles.jumpmaze import optimise
from puzzles.jumpmaze import reference as R

COLUMNS = ["n", "algorithm", "tie_rule", "evaluations", "run", "best_so_far", "incumbent"]
# (algorithm, tie rule): annealing always accepts ties; the GA has no tie rule
ALGORITHMS: tuple[tuple[str, str], ...] = (
    ("hc", "strict"), ("hc", "ties"), ("restarts", "strict"), ("restarts", "ties"),
    ("walk", "strict"), ("walk", "ties"), ("sa", "ties"), ("ga", "none"))
TIE_RULES = ("strict", "ties", "none")
CHECKPOINTS = 10  # read every tenth of the matched budget


def report_evaluations(family: str, n: int) -> int:
    """Evaluations of one run of ``family`` at the report's own budget for ``n``."""
    if n not in R.REPORT_GA_POP:
        raise ValueError(f"the report has no budget for n = {n}; sizes: {R.REPORT_SIZES}")
    if family == "ga":
        return R.REPORT_GA_POP[n] * (R.REPORT_GA_GENERATIONS + 1)
    if family not in R.REPORT_ITERATIONS:
        raise ValueError(f"unknown algorithm {family!r}; known: "
                         f"{sorted({a for a, _ in ALGORITHMS})}")
    return R.REPORT_ITERATIONS[family][n] + 1


def matched_evaluations(n: int) -> int:
    """``E(n)``: the largest report budget at ``n``, rounded up to whole GA generations."""
    pop = R.REPORT_GA_POP[n] if n in R.REPORT_GA_POP else None
    if pop is None:
        raise ValueError(f"the report has no budget for n = {n}; sizes: {R.REPORT_SIZES}")
    most = max(report_evaluations(a, n) for a, _ in ALGORITHMS)
    return pop * math.ceil(most / pop)


def prefix_safe(family: str) -> bool:
    """Whether a run's first ``e`` evaluations are independent of its total length."""
    return family != "restarts"


def checkpoints(family: str, n: int) -> tuple[int, ...]:
    """Evaluation counts at which a matched run of ``family`` is read, increasing."""
    e = matched_evaluations(n)
    pop = R.REPORT_GA_POP[n]
    gens = e // pop
    points = {pop * max(1, round(gens * j / CHECKPOINTS)) for j in range(1, CHECKPOINTS + 1)}
    if prefix_safe(family):
        points.add(report_evaluations(family, n))
    return tuple(sorted(points))


@dataclass(frozen=True)
class MatchedTask(Task):
    """All runs of one (algorithm, tie rule, n) at the matched budget."""

    EXPERIMENT = "matched"
    algorithm: str
    tie_rule: str
    n: int
    runs: int

    def run_seed(self, run: int) -> int:
        """The seed of run ``run`` (depends on the task's fields and the run alone)."""
        return derive_seed(self.root, *self.seed_key(), run)


@dataclass(frozen=True)
class MatchedRuns:
    """One task's result: per run, the two statistics at every checkpoint."""

    task: MatchedTask
    evaluations: tuple[int, ...]
    best_so_far: np.ndarray  # runs x checkpoints
    incumbent: np.ndarray  # runs x checkpoints


def matched_tasks(runs: int = R.REPORT_RUNS, sizes: Sequence[int] = R.REPORT_SIZES,
                  root: int = ROOT_SEED) -> list[MatchedTask]:
    """One task per (algorithm, tie rule, n)."""
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a positive int, got {runs!r}")
    return [MatchedTask(a, t, int(n), runs, root=root) for a, t in ALGORITHMS for n in sizes]


def one_run(family: str, tie_rule: str, n: int, seed: int) -> optimise.RunResult:
    """One run of ``family`` with ``tie_rule`` making exactly ``E(n)`` evaluations."""
    if (family, tie_rule) not in ALGORITHMS:
        raise ValueError(f"no algorithm ({family!r}, {tie_rule!r}); known: {ALGORITHMS}")
    e = matched_evaluations(n)
    ties = tie_rule == "ties"
    if family == "hc":
        return optimise.hill_climb(n, e - 1, seed, ties=ties)
    if family == "restarts":
        return optimise.restarts(n, e - 1, seed, ties=ties, count=R.REPORT_RESTARTS)
    if family == "walk":
        return optimise.random_walk(n, e - 1, seed, ties=ties, p=R.REPORT_WALK_P)
    if family == "sa":
        return optimise.anneal(n, e - 1, seed, t0=R.REPORT_SA_T0, cool=R.REPORT_SA_COOL)
    pop = R.REPORT_GA_POP[n]
    return optimise.genetic(n, pop, e // pop - 1, seed, pmut=R.REPORT_GA_MUTATION,
                            pclone=R.REPORT_GA_CLONE, frac=R.REPORT_GA_SELECT)


def curve_index(family: str, n: int, evals: int) -> int:
    """Index into a run's curve after ``evals`` evaluations (GA: whole generations)."""
    if family == "ga":
        pop = R.REPORT_GA_POP[n]
        if evals % pop or evals < pop:
            raise ValueError(f"the GA at n = {n} evaluates {pop} mazes a generation; "
                             f"{evals} is not a whole number of generations")
        return evals // pop - 1
    if evals < 1:
        raise ValueError(f"evaluations must be >= 1, got {evals}")
    return evals - 1


def matched_worker(task: MatchedTask) -> MatchedRuns:
    """Run the task's runs and read them at the checkpoints."""
    points = checkpoints(task.algorithm, task.n)
    idx = [curve_index(task.algorithm, task.n, e) for e in points]
    best = np.empty((task.runs, len(points)), np.int64)
    cur = np.empty((task.runs, len(points)), np.float64)
    for r in range(task.runs):
        res = one_run(task.algorithm, task.tie_rule, task.n, task.run_seed(r))
        best[r] = res.curve_best[idx].astype(np.int64)
        cur[r] = res.curve[idx]
    return MatchedRuns(task, points, best, cur)


def matched_table(tasks: Sequence[MatchedTask], results: Sequence[MatchedRuns]
                  ) -> pd.DataFrame:
    """``n,algorithm,tie_rule,evaluations,run,best_so_far,incumbent``, one row per reading."""
    frames = []
    for res in results:
        t = res.task
        runs, pts = res.best_so_far.shape
        frames.append(pd.DataFrame({
            "n": t.n, "algorithm": t.algorithm, "tie_rule": t.tie_rule,
            "evaluations": np.tile(res.evaluations, runs),
            "run": np.repeat(np.arange(runs), pts),
            "best_so_far": res.best_so_far.ravel(),
            "incumbent": np.round(res.incumbent.ravel(), 4)}))
    out = pd.concat(frames, ignore_index=True)[COLUMNS] if frames else pd.DataFrame(
        columns=COLUMNS)
    return out.sort_values(["n", "algorithm", "tie_rule", "evaluations", "run"],
                           ignore_index=True)


def at_matched(table: pd.DataFrame) -> pd.DataFrame:
    """The rows read at ``E(n)`` (every algorithm's final checkpoint)."""
    e = table["n"].map(lambda n: matched_evaluations(int(n)))
    return table[table["evaluations"] == e].reset_index(drop=True)


def summary(table: pd.DataFrame) -> pd.DataFrame:
    """Per (n, algorithm, tie rule) at ``E(n)``: mean best-so-far and mean incumbent."""
    at = at_matched(table)
    g = at.groupby(["n", "algorithm", "tie_rule"], sort=True)
    return g.agg(evaluations=("evaluations", "first"), runs=("run", "count"),
                 mean_best_so_far=("best_so_far", "mean"),
                 mean_incumbent=("incumbent", "mean")).round(3).reset_index()
