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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from puzzles.core import verdicts as V
from puzzles.core.paper import ROOT_SEED, Task
from puzzles.core.seeding import derive_seed
from puzzles.jumpmaze import optimise

COLUMNS = ["n", "algorithm", "tie_rule", "evaluations", "run", "best_so_far", "incumbent"]
# (algorithm, tie rule): annealing always accepts ties; the GA has no tie rule
ALGORITHMS: tuple[tuple[str, str], ...] = (
    ("hc", "strict"), ("hc", "ties"), ("restarts", "strict"), ("restarts", "ties"),
    ("walk", "strict"), ("walk", "ties"), ("sa", "ties"), ("ga", "none"))
LOCAL = ("hc", "restarts", "walk", "sa")
CHECKPOINTS = 10  # read every tenth of the matched budget


def _field(budget: Any, name: str) -> Any:
    """A budget value by name, from a budget dataclass or a mapping."""
    return budget[name] if isinstance(budget, Mapping) else getattr(budget, name)


def report_evaluations(family: str, n: int, budget: Any) -> int:
    """Evaluations of one run of ``family`` at the budget's (the report's) own size for ``n``."""
    pops = _field(budget, "ga_pop")
    if n not in pops:
        raise ValueError(f"the budget has no size n = {n}; sizes: {sorted(pops)}")
    if family == "ga":
        return int(pops[n] * (_field(budget, "ga_generations") + 1))
    if family not in LOCAL:
        raise ValueError(f"unknown algorithm {family!r}; known: {[*LOCAL, 'ga']}")
    return int(_field(budget, family)[n] + 1)


def matched_evaluations(n: int, budget: Any) -> int:
    """``E(n)``: the largest per-algorithm budget at ``n``, rounded up to whole GA
    generations."""
    most = max(report_evaluations(a, n, budget) for a, _ in ALGORITHMS)
    pop = int(_field(budget, "ga_pop")[n])
    return pop * math.ceil(most / pop)


def prefix_safe(family: str) -> bool:
    """Whether a run's first ``e`` evaluations are independent of its total length."""
    return family != "restarts"


@dataclass(frozen=True)
class MatchedTask(Task):
    """All runs of one (algorithm, tie rule, n) at the matched budget ``evaluations``.

    ``knobs``: restarts' climbs, the walk's p, annealing's t0 and cooling, the GA's mutation
    and clone rates (from the budget; not part of the seed).
    """

    EXPERIMENT = "matched"
    algorithm: str
    tie_rule: str
    n: int
    runs: int
    evaluations: tuple[int, ...] = ()  # E(n), the GA's population, this algorithm's own budget
    knobs: tuple[float, ...] = ()

    def seed_key(self) -> tuple[int | str, ...]:
        """Seeds depend on the algorithm, tie rule, n and run count alone."""
        return (self.EXPERIMENT, self.algorithm, self.tie_rule, self.n, self.runs)

    def run_seed(self, run: int) -> int:
        """The seed of run ``run`` (depends on the task's key and the run alone)."""
        return derive_seed(self.root, *self.seed_key(), run)

    def checkpoints(self) -> tuple[int, ...]:
        """Evaluation counts at which each run is read, increasing: every tenth of ``E(n)`` in
        whole GA generations, and the algorithm's own budget where that is a prefix."""
        e, pop, own = self.evaluations
        gens = e // pop
        points = {pop * max(1, round(gens * j / CHECKPOINTS)) for j in range(1, CHECKPOINTS + 1)}
        if prefix_safe(self.algorithm):
            points.add(own)
        return tuple(sorted(points))


@dataclass(frozen=True)
class MatchedRuns:
    """One task's result: per run, the two statistics at every checkpoint."""

    task: MatchedTask
    evaluations: tuple[int, ...]
    best_so_far: np.ndarray  # runs x checkpoints
    incumbent: np.ndarray  # runs x checkpoints


def matched_tasks(budget: Any, root: int = ROOT_SEED) -> list[MatchedTask]:
    """One task per (algorithm, tie rule, n) of the budget's sizes, ``runs`` runs each."""
    runs = _field(budget, "runs")
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be a positive int, got {runs!r}")
    knobs = tuple(float(_field(budget, k)) for k in (
        "restarts_count", "walk_p", "sa_t0", "sa_cool", "ga_mutation", "ga_clone"))
    return [MatchedTask(a, t, int(n), runs,
                        (matched_evaluations(n, budget), int(_field(budget, "ga_pop")[n]),
                         report_evaluations(a, n, budget)), knobs, root=root)
            for a, t in ALGORITHMS for n in _field(budget, "sizes")]


def one_run(task: MatchedTask, seed: int) -> optimise.RunResult:
    """One run of the task's algorithm making exactly ``E(n)`` evaluations."""
    if (task.algorithm, task.tie_rule) not in ALGORITHMS:
        raise ValueError(f"no algorithm ({task.algorithm!r}, {task.tie_rule!r}); "
                         f"known: {ALGORITHMS}")
    e, pop, _ = task.evaluations
    count, p, t0, cool, pmut, pclone = task.knobs
    ties = task.tie_rule == "ties"
    n = task.n
    if task.algorithm == "hc":
        return optimise.hill_climb(n, e - 1, seed, ties=ties)
    if task.algorithm == "restarts":
        return optimise.restarts(n, e - 1, seed, ties=ties, count=int(count))
    if task.algorithm == "walk":
        return optimise.random_walk(n, e - 1, seed, ties=ties, p=p)
    if task.algorithm == "sa":
        return optimise.anneal(n, e - 1, seed, t0=t0, cool=cool)
    return optimise.genetic(n, pop, e // pop - 1, seed, pmut=pmut, pclone=pclone)


def curve_index(family: str, pop: int, evals: int) -> int:
    """Index into a run's curve after ``evals`` evaluations (GA: whole generations of
    ``pop``)."""
    if family == "ga":
        if evals % pop or evals < pop:
            raise ValueError(f"the GA evaluates {pop} mazes a generation; {evals} is not a "
                             "whole number of generations")
        return evals // pop - 1
    if evals < 1:
        raise ValueError(f"evaluations must be >= 1, got {evals}")
    return evals - 1


def matched_worker(task: MatchedTask) -> MatchedRuns:
    """Run the task's runs and read them at the checkpoints."""
    points = task.checkpoints()
    idx = [curve_index(task.algorithm, task.evaluations[1], e) for e in points]
    best = np.empty((task.runs, len(points)), np.int64)
    cur = np.empty((task.runs, len(points)), np.float64)
    for r in range(task.runs):
        res = one_run(task, task.run_seed(r))
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


def stored_evaluations(table: pd.DataFrame, n: int) -> int:
    """``E(n)`` of a stored table: its last checkpoint at ``n`` (every run's final reading).

    Read from the table, not from a budget: the stored runs were made at the paper's budget,
    and a notebook at any scale reads them as they are."""
    at = table.loc[table["n"] == n, "evaluations"]
    if at.empty:
        raise ValueError(f"no matched runs at n = {n}; the table has n = "
                         f"{sorted(int(x) for x in table['n'].unique())}")
    return int(at.max())


def at_matched(table: pd.DataFrame) -> pd.DataFrame:
    """The rows read at ``E(n)`` (every algorithm's final checkpoint)."""
    last = table.groupby("n")["evaluations"].transform("max")
    return table[table["evaluations"] == last].reset_index(drop=True)


def summary(table: pd.DataFrame) -> pd.DataFrame:
    """Per (n, algorithm, tie rule) at ``E(n)``: mean best-so-far and mean incumbent."""
    g = at_matched(table).groupby(["n", "algorithm", "tie_rule"], sort=True)
    return g.agg(evaluations=("evaluations", "first"), runs=("run", "count"),
                 mean_best_so_far=("best_so_far", "mean"),
                 mean_incumbent=("incumbent", "mean")).round(3).reset_index()


# --- evidence: the report's orderings at equal evaluations ---------------------------------------

STATS = {"incumbent": "incumbent", "best-so-far": "best_so_far"}


def ledger_name(algorithm: str, tie_rule: str) -> str:
    """The ledger's name of an algorithm ("hc_strict", "sa", "ga", ...)."""
    return algorithm if algorithm in ("sa", "ga") else f"{algorithm}_{tie_rule}"


def scores(table: pd.DataFrame, name: str, n: int, stat: str) -> np.ndarray:
    """Every run's ``stat`` ("incumbent" or "best-so-far") for ledger algorithm ``name`` at
    ``E(n)``, in run order."""
    if stat not in STATS:
        raise ValueError(f"stat must be one of {list(STATS)}, got {stat!r}")
    at = at_matched(table)
    alg, _, tie = name.partition("_")
    rows = at[(at["n"] == n) & (at["algorithm"] == alg)
              & (at["tie_rule"] == (tie or {"sa": "ties", "ga": "none"}.get(alg, "")))]
    if rows.empty:
        raise ValueError(f"no matched runs of {name!r} at n = {n}")
    return rows.sort_values("run")[STATS[stat]].to_numpy(float)


def equal_order(table: pd.DataFrame, better: str, worse: str, n: int, stat: str) -> Any:
    """"``better`` beats ``worse`` at ``n``" with both at ``E(n)`` evaluations: the engine's
    one-sided unpaired ordering (the runs are independent)."""
    return V.ordering(scores(table, worse, n, stat), scores(table, better, n, stat),
                      paired=False)


def equal_readings(table: pd.DataFrame, better: str, worse: str, n: int) -> dict[str, Any]:
    """The ordering under each statistic at equal evaluations, labelled for a ledger row's
    ``readings``."""
    return {f"equal evaluations ({stored_evaluations(table, n):,}), {stat}":
            equal_order(table, better, worse, n, stat) for stat in STATS}
