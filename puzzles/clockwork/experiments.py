"""Experiments behind the notebook: EA runs as typed seeded tasks, per-instance summaries, exact
facts, and the tables the notebook shows.

Task functions live here (not in notebook cells) so a spawn process pool can import them. Every
run carries its own seed ``derive_seed(root, "dwp", instance, run)``: the same runs come back
from any number of workers, and every setting of the calibration sees the same seeds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy.stats import spearmanr

from puzzles.clockwork.algebra import is_solvable, reachable_count
from puzzles.clockwork.budget import DATA_DIR
from puzzles.clockwork.dwp import DEFAULT, EA, decode, run_dwp
from puzzles.clockwork.instances import (
    B5_FROM_A5,
    c_variants,
    paper_instances,
    set_b_variants,
    table_rows,
)
from puzzles.clockwork.model import Puzzle, action_str, first_goal, q_value, state_str
from puzzles.clockwork.reference import paper_rows, paper_value, q_values, reachable
from puzzles.clockwork.search import reachable_bfs, shortest_solution
from puzzles.core import derive_seed, mean_ci, run_tasks
from puzzles.core.paper import Task
from puzzles.core.storage import read_stored

if TYPE_CHECKING:
    from puzzles.clockwork.budget import ClockworkBudget

# Instances whose stored runs a smoke-scale notebook recomputes (two runs each).
SPOT_CHECKED = ("A2", "B4", "E5")


def stored(name: str) -> pd.DataFrame:
    """A stored offline result: ``calibration``, ``ordering_runs``, ``reading_runs`` or
    ``random_instances``."""
    path = DATA_DIR / f"{name}.csv"
    if not path.exists():
        raise ValueError(f"no stored result {name!r} in {DATA_DIR}")
    return read_stored(path)


@cache
def _all_instances() -> dict[str, Puzzle]:
    return {**paper_instances(), **c_variants(), **set_b_variants()}


def lookup(key: str) -> Puzzle:
    """A paper instance (``"C3"``) or an alternative reading (``"C4 light 3"``, ``"B5 from
    A5"``) by key."""
    inst = _all_instances()
    if key not in inst:
        raise ValueError(f"unknown instance key {key!r}")
    return inst[key]


# --- DWP runs ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class DwpTask(Task):
    """One DWP run: run ``run`` of instance ``instance`` with settings ``ea``."""

    EXPERIMENT = "dwp"
    instance: str
    run: int
    ea: EA = DEFAULT

    def seed_key(self) -> tuple[int | str, ...]:
        """("dwp", instance, run): every setting of the EA sees the same seeds."""
        return ("dwp", self.instance, self.run)


@dataclass(frozen=True)
class Run:
    """One run's outcome: solved, tournaments, solving length (None: failed), the ring."""

    instance: str
    run: int
    solved: bool
    tournaments: int
    length: int | None
    ring: str

    def row(self) -> dict:
        """The run as a table row (length NaN when the run failed)."""
        return {"instance": self.instance, "run": self.run, "solved": self.solved,
                "tournaments": self.tournaments,
                "length": self.length if self.solved else np.nan, "ring": self.ring}


def run_once(instance: str, run: int, seed: int, ea: EA) -> Run:
    """Run ``run`` of ``instance`` with ``seed`` and settings ``ea``."""
    res = run_dwp(lookup(instance), seed, ea)
    return Run(instance, run, res.solved, res.tournaments, res.length,
               " ".join(str(x) for x in res.ring))


def dwp_run(task: DwpTask) -> Run:
    """The worker of every per-run experiment: one seeded EA run."""
    return run_once(task.instance, task.run, task.seed, task.ea)


def runs_table(tasks: Sequence[Task], results: Sequence[Run]) -> pd.DataFrame:
    """Every run as one row: instance, run, solved, tournaments, length, ring."""
    return pd.DataFrame([r.row() for r in results])


def dwp_tasks(keys: Sequence[str], runs: int, root: int, ea: EA = DEFAULT,
              first: int = 0) -> list[DwpTask]:
    """One task per (instance, run), runs ``first`` .. ``first + runs - 1``."""
    return [DwpTask(k, r, ea, root=root) for k in keys for r in range(first, first + runs)]


def tables_tasks(budget: ClockworkBudget, root: int) -> list[DwpTask]:
    """Tables I-VI: ``budget.runs`` runs of each of the 28 instances."""
    return dwp_tasks(list(paper_instances()), budget.runs, root, budget.ea())


def b5_tasks(budget: ClockworkBudget, root: int) -> list[DwpTask]:
    """B5 as Section V defines it (from A5's state): ``budget.b5_runs`` runs."""
    return dwp_tasks([B5_FROM_A5], budget.b5_runs, root, budget.ea())


def readings_tasks(budget: ClockworkBudget, root: int) -> list[DwpTask]:
    """Every solvable alternative reading of C2, C3 and C4: ``budget.readings_runs`` runs."""
    solvable = [k for k in c_variants() if is_solvable(lookup(k))]
    return dwp_tasks(solvable, budget.readings_runs, root, budget.ea())


def run_experiment(tasks: Sequence[DwpTask], workers: int | None = None,
                   desc: str = "DWP runs", progress: bool = True,
                   executor: Executor | None = None) -> pd.DataFrame:
    """Runs of hand-picked tasks (a spot check of stored runs) as :func:`runs_table` rows."""
    results = run_tasks(dwp_run, list(tasks), workers=workers, progress=progress, desc=desc,
                        executor=executor)
    return runs_table(tasks, results)


def summarise_runs(runs: pd.DataFrame) -> pd.DataFrame:
    """Per instance: runs, successes, iterations (failures counted at N) and solving lengths.

    Iterations: mean, Student-t 95% half-width and median over all runs, a failed run counting
    its full budget of tournaments; lengths: mean and half-width over the successful runs.
    """
    out = []
    for key, g in runs.groupby("instance", sort=False):
        it_mean, it_ci = mean_ci(g["tournaments"].astype(float))
        lengths = g.loc[g["solved"], "length"].astype(float)
        ln_mean, ln_ci = mean_ci(lengths) if len(lengths) else (np.nan, np.nan)
        out.append({"instance": key, "runs": len(g), "successes": int(g["solved"].sum()),
                    "iter_mean": it_mean, "iter_ci95": it_ci,
                    "iter_median": float(g["tournaments"].median()),
                    "length_mean": ln_mean, "length_ci95": ln_ci})
    return pd.DataFrame(out)


def heavy_tails(summary: pd.DataFrame, top: int = 10) -> pd.DataFrame:
    """The ``top`` instances whose mean iterations most exceed their median (median floored
    at one tournament), rounded for display."""
    heavy = summary[["instance", "runs", "successes", "iter_mean", "iter_ci95", "iter_median"]]
    ratio = heavy["iter_mean"] / heavy["iter_median"].clip(lower=1)
    return heavy.assign(mean_over_median=ratio.round(1)).sort_values(
        "mean_over_median", ascending=False).head(top).round(1)


def solving_ring(runs: pd.DataFrame, key: str) -> list[int] | None:
    """The ring of the first run that solved instance ``key``; None when no run solved it
    (a small budget may solve none: smoke's 2 runs of 200 tournaments miss C3)."""
    if key not in set(runs["instance"]):
        raise ValueError(f"no run of instance {key!r}")
    won = runs[(runs["instance"] == key) & runs["solved"]]
    return None if won.empty else [int(x) for x in won.iloc[0]["ring"].split()]


def solving_example(runs: pd.DataFrame, key: str) -> tuple[str, list[int]]:
    """(instance, ring) of a solving run to step through: ``key``'s first one, or, when no run
    of ``key`` solved it (a small budget), the first solved instance in the runs' order, so a
    smoke-scale notebook still shows a board."""
    ring = solving_ring(runs, key)
    if ring is not None:
        return key, ring
    won = runs[runs["solved"]]
    if won.empty:
        raise ValueError("no run of any instance solved it: nothing to step through")
    other = str(won.iloc[0]["instance"])
    return other, [int(x) for x in won.iloc[0]["ring"].split()]



def exact_facts(puzzle: Puzzle, max_states: float = math.inf) -> dict:
    """Q, reachable states (group order), solvability and shortest solution length.

    The shortest solution is searched only when n c^n <= ``max_states``; otherwise
    ``shortest`` is None although the instance is solvable (smoke scale only).
    """
    solvable = is_solvable(puzzle)
    small = puzzle.n_states <= max_states
    path = shortest_solution(puzzle) if solvable and small else None
    if path is not None and first_goal(puzzle, path) != len(path):
        raise RuntimeError(f"{puzzle.name}: the search's shortest solution does not replay")
    return {"q": q_value(puzzle.actions, puzzle.n), "reachable_states": reachable_count(puzzle),
            "solvable": solvable, "shortest": None if path is None else len(path),
            "shortest_path": path}


@dataclass(frozen=True)
class ExactTask(Task):
    """Exact facts of one instance; the shortest solution searched up to ``max_states``."""

    EXPERIMENT = "exact"
    instance: str
    max_states: float


@dataclass(frozen=True)
class Exact:
    """One instance's exact facts (see :func:`exact_facts`)."""

    instance: str
    facts: dict


def exact_task(task: ExactTask) -> Exact:
    """:func:`exact_facts` of a task's instance: the worker of ``exact``."""
    return Exact(task.instance, exact_facts(lookup(task.instance), task.max_states))


def exact_tasks(budget: ClockworkBudget, root: int) -> list[ExactTask]:
    """Every paper instance, searched up to ``budget.exact_max_states`` states."""
    return [ExactTask(k, budget.exact_max_states, root=root) for k in paper_instances()]


def exact_table(tasks: Sequence[ExactTask], results: Sequence[Exact]) -> pd.DataFrame:
    """One row per instance: q, reachable_states, solvable, shortest, shortest_path."""
    return pd.DataFrame([{"instance": r.instance, **r.facts} for r in results])


def paper_table() -> pd.DataFrame:
    """The paper's Tables I-VI as a DataFrame (table, instance, iter/length mean and CI)."""
    return paper_rows(table_rows())


RESULT_COLUMNS = ["table", "instance", "n", "c", "initial", "actions", "q", "reachable_states",
                  "shortest", "runs", "successes", "iter_mean", "iter_ci95", "length_mean",
                  "length_ci95", "paper_iter_mean", "paper_length_mean"]


def results_table(summary: pd.DataFrame, exact: pd.DataFrame) -> pd.DataFrame:
    """One row per row of Tables I-VI with exact facts, our EA summary and the paper's means."""
    s = summary.set_index("instance")
    e = exact.set_index("instance")
    paper = paper_table().set_index(["table", "instance"])
    rows = []
    for table, key in table_rows():
        p = lookup(key)
        rows.append({
            "table": table, "instance": key, "n": p.n, "c": p.c,
            "initial": state_str(p.initial),
            "actions": ";".join(action_str(a) for a in p.actions),
            "q": e.at[key, "q"], "reachable_states": int(e.at[key, "reachable_states"]),
            "shortest": e.at[key, "shortest"],
            "runs": int(s.at[key, "runs"]), "successes": int(s.at[key, "successes"]),
            "iter_mean": round(float(s.at[key, "iter_mean"]), 2),
            "iter_ci95": round(float(s.at[key, "iter_ci95"]), 2),
            "length_mean": round(float(s.at[key, "length_mean"]), 2),
            "length_ci95": round(float(s.at[key, "length_ci95"]), 2),
            "paper_iter_mean": paper.at[(table, key), "iter_mean"],
            "paper_length_mean": paper.at[(table, key), "length_mean"]})
    df = pd.DataFrame(rows, columns=RESULT_COLUMNS)
    df["q"] = df["q"].astype("Int64")
    df["shortest"] = df["shortest"].astype("Int64")
    return df


def check_replays(runs: pd.DataFrame, ea: EA = DEFAULT) -> int:
    """Re-decode every solving ring and replay it in the model; return how many were checked."""
    checked = 0
    for row in runs.itertuples():
        if not row.solved:
            continue
        p = lookup(row.instance)
        ring = [int(x) for x in row.ring.split()]
        moves, fit, length = decode(p, ring, ea.R, ea.L, ea.reading)
        if fit != 0 or length != row.length or first_goal(p, moves) != row.length:
            raise RuntimeError(f"{row.instance} run {row.run}: solving ring does not replay")
        checked += 1
    return checked


def readings_table(runs: pd.DataFrame) -> pd.DataFrame:
    """C2, C3 and C4 under alternative readings: exact facts and the EA beside the paper.

    ``runs``: the runs of the ``readings`` experiment (every solvable reading).
    """
    summ = summarise_runs(runs).set_index("instance")
    rows = []
    for k in c_variants():
        p = lookup(k)
        f = exact_facts(p)
        row = {"reading": k, "initial": state_str(p.initial), "solvable": f["solvable"],
               "shortest": f["shortest"]}
        if k in summ.index:
            s = summ.loc[k]
            row.update({"successes": f"{int(s.successes)}/{int(s.runs)}",
                        "iter_mean": round(s.iter_mean, 1), "iter_median": s.iter_median,
                        "length_mean": round(s.length_mean, 1)})
        base = k.split()[0]
        row.update({"paper_iter_mean": paper_value(base, "iter_mean"),
                    "paper_length_mean": paper_value(base, "length_mean")})
        rows.append(row)
    df = pd.DataFrame(rows)
    df["shortest"] = df["shortest"].astype("Int64")
    return df


def _pm(mean: float, half: float, digits: int = 1) -> str:
    if mean != mean:  # NaN: no successful run
        return "-"
    return f"{mean:.{digits}f} ± {half:.{digits}f}" if half == half else f"{mean:.{digits}f}"


def table_view(results: pd.DataFrame, table: str, summary: pd.DataFrame) -> pd.DataFrame:
    """One paper table, ours beside the paper's: iterations and lengths as mean ± 95% CI."""
    paper = paper_table().set_index(["table", "instance"])
    med = summary.set_index("instance")["iter_median"]
    rows = []
    for r in results[results["table"] == table].itertuples():
        pr = paper.loc[(table, r.instance)]
        rows.append({"instance": r.instance, "successes": f"{r.successes}/{r.runs}",
                     "iter (ours)": _pm(r.iter_mean, r.iter_ci95),
                     "iter median (ours)": med[r.instance],
                     "iter (paper)": _pm(pr.iter_mean, pr.iter_ci95),
                     "length (ours)": _pm(r.length_mean, r.length_ci95),
                     "length (paper)": _pm(pr.length_mean, pr.length_ci95),
                     "shortest": r.shortest, "reachable states": r.reachable_states})
    return pd.DataFrame(rows)


def difficulty_correlations(results: pd.DataFrame) -> pd.DataFrame:
    """Spearman rank correlation of EA difficulty (ours, the paper's) with exact quantities."""
    df = results.drop_duplicates("instance")
    rows = []
    for who, col in (("ours", "iter_mean"), ("paper", "paper_iter_mean")):
        for what in ("reachable_states", "shortest", "n"):
            rho, pval = spearmanr(df[col], df[what].astype(float), nan_policy="omit")
            rows.append({"iterations of": who, "versus": what, "Spearman rho": round(rho, 2),
                         "p-value": round(pval, 4), "instances": len(df)})
    rho, pval = spearmanr(df["iter_mean"], df["paper_iter_mean"])
    rows.append({"iterations of": "ours", "versus": "paper's iterations",
                 "Spearman rho": round(rho, 2), "p-value": round(pval, 4), "instances": len(df)})
    return pd.DataFrame(rows)


def e_counts(results: pd.DataFrame) -> pd.DataFrame:
    """E1-E5: Q and reachable states, ours (group order and BFS) beside the paper's statement."""
    rows = []
    for name in ("E1", "E2", "E3", "E4", "E5"):
        p = lookup(name)
        r = results[results["instance"] == name].iloc[0]
        rows.append({"instance": name, "actions": r.actions, "Q (ours)": r.q,
                     "Q (paper)": q_values()[name], "n 2^(n-Q+1)": p.n * 2 ** (p.n - r.q + 1),
                     "reachable (group order)": r.reachable_states,
                     "reachable (BFS)": reachable_bfs(p),
                     "reachable (paper)": reachable()[name]})
    return pd.DataFrame(rows)


def lz_complexity(seq: Sequence[int]) -> int:
    """Lempel-Ziv (1976) complexity: the number of phrases in the exhaustive parsing of
    ``seq`` (each phrase the shortest piece not seen before); low for patterned strings."""
    s = list(seq)
    n = len(s)
    if n == 0:
        return 0
    i, phrases = 0, 0
    while i < n:
        length = 1
        # Grow the phrase while it already occurs starting before position i.
        while i + length <= n and _occurs(s, i, length):
            length += 1
        phrases += 1
        i += length
    return phrases


def _occurs(s: list[int], i: int, length: int) -> bool:
    """True when s[i:i+length] occurs in s starting at some j < i (overlaps allowed)."""
    piece = s[i:i + length]
    return any(s[j:j + length] == piece for j in range(i))


def string_patterns(runs: pd.DataFrame, seed: int, ea: EA = DEFAULT,
                    min_length: int = 8) -> pd.DataFrame:
    """Each solving string (rings decoded again) beside a uniform random string of the same
    length over the same actions: their Lempel-Ziv complexities (one row per solving run with
    at least ``min_length`` actions; the random strings are seeded per run)."""
    rows = []
    for r in runs[runs["solved"]].itertuples():
        p = lookup(r.instance)
        moves, _, length = decode(p, [int(x) for x in r.ring.split()], ea.R, ea.L,
                                  ea.reading)
        string = moves[:length]
        if len(string) < min_length:
            continue
        rng = np.random.default_rng(derive_seed(seed, "random string", r.instance, r.run))
        other = rng.integers(0, len(p.actions), size=len(string))
        rows.append({"instance": r.instance, "run": r.run, "length": len(string),
                     "actions": len(p.actions), "lz_dwp": lz_complexity(string),
                     "lz_random": lz_complexity(other.tolist())})
    return pd.DataFrame(rows)
