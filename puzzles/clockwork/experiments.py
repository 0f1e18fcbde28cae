"""Experiments behind the notebook: EA runs as seeded tasks, per-instance summaries, exact facts.

Task functions live here (not in notebook cells) so a spawn process pool can import them. Every
task carries its own seed ``derive_seed(SEED, "dwp", instance, run)``: the same runs come back
from any number of workers, and every setting of the calibration sees the same seeds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from functools import cache
from pathlib import Path

import numpy as np
import pandas as pd

from puzzles.clockwork.algebra import is_solvable, reachable_count
from puzzles.clockwork.dwp import DEFAULTS, run_dwp
from puzzles.clockwork.instances import c_variants, paper_instances, set_b_variants, table_rows
from puzzles.clockwork.model import Puzzle, action_str, first_goal, q_value, state_str
from puzzles.clockwork.reference import PAPER_ROWS
from puzzles.clockwork.search import shortest_solution
from puzzles.core import derive_seed, mean_ci, run_tasks

# Results of offline runs (each file's module docstring gives the command that made it).
DATA = Path(__file__).resolve().parent / "data"


def stored(name: str) -> pd.DataFrame:
    """A stored offline result: ``calibration``, ``ordering_runs`` or ``random_instances``."""
    path = DATA / f"{name}.csv"
    if not path.exists():
        raise ValueError(f"no stored result {name!r} in {DATA}")
    return pd.read_csv(path)


# A task: (instance key, run, seed, R, L, P, N, tournament, mutations, reading).
Task = tuple[str, int, int, int, int, int, int, int, int, str]


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


def dwp_task(task: Task) -> dict:
    """Run the EA once for a task tuple; a plain dict row (picklable, deterministic)."""
    key, run, seed, R, L, P, N, T, m, reading = task
    res = run_dwp(lookup(key), seed, R=R, L=L, P=P, N=N, tournament=T, mutations=m,
                  reading=reading)
    return {"instance": key, "run": run, "solved": res.solved, "tournaments": res.tournaments,
            "length": res.length if res.solved else np.nan,
            "ring": " ".join(str(x) for x in res.ring)}


def make_tasks(keys: Sequence[str], runs: int, seed: int, budget: Mapping[str, int],
               tournament: int = DEFAULTS["tournament"], mutations: int = DEFAULTS["mutations"],
               reading: str = DEFAULTS["reading"], N: int | None = None) -> list[Task]:
    """One task per (instance, run), seeds from (seed, "dwp", instance, run)."""
    return [(k, r, derive_seed(seed, "dwp", k, r), budget["R"], budget["L"], budget["P"],
             budget["N"] if N is None else N, tournament, mutations, reading)
            for k in keys for r in range(runs)]


def run_experiment(tasks: Sequence[Task], workers: int | None = None,
                   desc: str = "DWP runs", progress: bool = True,
                   executor: Executor | None = None) -> pd.DataFrame:
    """Every task's run as one DataFrame row (instance, run, solved, tournaments, length, ring)."""
    rows = run_tasks(dwp_task, list(tasks), workers=workers, progress=progress, desc=desc,
                     executor=executor)
    return pd.DataFrame(rows)


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


def exact_facts(puzzle: Puzzle, max_states: int | None = None) -> dict:
    """Q, reachable states (group order), solvability and shortest solution length.

    The shortest solution is searched only when n c^n <= ``max_states`` (None: always);
    otherwise ``shortest`` is None although the instance is solvable (smoke scale only).
    """
    solvable = is_solvable(puzzle)
    small = max_states is None or puzzle.n_states <= max_states
    path = shortest_solution(puzzle) if solvable and small else None
    if path is not None and first_goal(puzzle, path) != len(path):
        raise RuntimeError(f"{puzzle.name}: the search's shortest solution does not replay")
    return {"q": q_value(puzzle.actions, puzzle.n), "reachable_states": reachable_count(puzzle),
            "solvable": solvable, "shortest": None if path is None else len(path),
            "shortest_path": path}


def exact_task(task: tuple[str, int | None]) -> dict:
    """:func:`exact_facts` for a task (instance key, max_states): a task function."""
    key, max_states = task
    return {"instance": key, **exact_facts(lookup(key), max_states)}


def paper_table() -> pd.DataFrame:
    """The paper's Tables I-VI as a DataFrame (table, instance, iter/length mean and CI)."""
    return pd.DataFrame(PAPER_ROWS, columns=["table", "instance", "iter_mean", "iter_ci95",
                                             "length_mean", "length_ci95"])


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


def check_replays(runs: pd.DataFrame, budget: Mapping[str, int],
                  reading: str = DEFAULTS["reading"]) -> int:
    """Re-decode every solving ring and replay it in the model; return how many were checked."""
    from puzzles.clockwork.dwp import decode
    from puzzles.clockwork.model import first_goal

    checked = 0
    for row in runs.itertuples():
        if not row.solved:
            continue
        p = lookup(row.instance)
        ring = [int(x) for x in row.ring.split()]
        moves, fit, length = decode(p, ring, budget["R"], budget["L"], reading)
        if fit != 0 or length != row.length or first_goal(p, moves) != row.length:
            raise RuntimeError(f"{row.instance} run {row.run}: solving ring does not replay")
        checked += 1
    return checked


def variant_runs(seed: int, budget: Mapping[str, int], workers: int | None = None,
                 progress: bool = True, executor: Executor | None = None) -> pd.DataFrame:
    """The EA's runs on every solvable alternative reading of C2, C3 and C4 (default EA)."""
    solvable = [k for k in c_variants() if is_solvable(lookup(k))]
    return run_experiment(make_tasks(solvable, budget["readings_runs"], seed, budget), workers,
                          desc="readings", progress=progress, executor=executor)


def readings_table(seed: int, budget: Mapping[str, int], workers: int | None = None,
                   progress: bool = True, executor: Executor | None = None,
                   runs: pd.DataFrame | None = None) -> pd.DataFrame:
    """C2, C3 and C4 under alternative readings: exact facts and the EA beside the paper.

    ``runs``: the runs of :func:`variant_runs` when already computed (else they are run here).
    """
    from puzzles.clockwork.reference import paper_value

    keys = list(c_variants())
    if runs is None:
        runs = variant_runs(seed, budget, workers, progress, executor)
    summ = summarise_runs(runs).set_index("instance")
    rows = []
    for k in keys:
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
    from scipy.stats import spearmanr

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
    from puzzles.clockwork.reference import PAPER_Q, PAPER_REACHABLE
    from puzzles.clockwork.search import reachable_bfs

    rows = []
    for name in ("E1", "E2", "E3", "E4", "E5"):
        p = lookup(name)
        r = results[results["instance"] == name].iloc[0]
        rows.append({"instance": name, "actions": r.actions, "Q (ours)": r.q,
                     "Q (paper)": PAPER_Q[name], "n 2^(n-Q+1)": p.n * 2 ** (p.n - r.q + 1),
                     "reachable (group order)": r.reachable_states,
                     "reachable (BFS)": reachable_bfs(p),
                     "reachable (paper)": PAPER_REACHABLE[name]})
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


def string_patterns(runs: pd.DataFrame, budget: Mapping[str, int], seed: int,
                    reading: str = DEFAULTS["reading"], min_length: int = 8) -> pd.DataFrame:
    """Each solving string (rings decoded again) beside a uniform random string of the same
    length over the same actions: their Lempel-Ziv complexities (one row per solving run with
    at least ``min_length`` actions; the random strings are seeded per run)."""
    from puzzles.clockwork.dwp import decode

    rows = []
    for r in runs[runs["solved"]].itertuples():
        p = lookup(r.instance)
        moves, _, length = decode(p, [int(x) for x in r.ring.split()], budget["R"],
                                  budget["L"], reading)
        string = moves[:length]
        if len(string) < min_length:
            continue
        rng = np.random.default_rng(derive_seed(seed, "random string", r.instance, r.run))
        other = rng.integers(0, len(p.actions), size=len(string))
        rows.append({"instance": r.instance, "run": r.run, "length": len(string),
                     "actions": len(p.actions), "lz_dwp": lz_complexity(string),
                     "lz_random": lz_complexity(other.tolist())})
    return pd.DataFrame(rows)
