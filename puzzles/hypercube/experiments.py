"""Experiment tasks (module-level, for the spawn pool) and the tables built from their results.

A case is (d, level, k). Tasks are plain tuples with a deterministic repr; every run's seed is
``derive_seed(root, algorithm, case key, run)``, so results do not depend on the workers.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import numpy as np
import pandas as pd

from puzzles.core import derive_seed
from puzzles.core.stats import ci_halfwidth
from puzzles.hypercube import hardness
from puzzles.hypercube.evolve import run_ea
from puzzles.hypercube.instances import Instance, instance
from puzzles.hypercube.model import Puzzle
from puzzles.hypercube.reference import paper_table
from puzzles.hypercube.rl import initial_table, run_rl
from puzzles.hypercube.search import HEURISTICS, Component, astar, astar_list, component, solve

# Only seed-determined values: wall times (A*'s seconds, each run's seconds) go to timings.csv.
RESULT_COLUMNS = ["d", "l", "k", "level", "solvable", "optimal", "component_size",
                  "astar_moves", "astar_expanded", "ea_success", "ea_min", "ea_max",
                  "ea_median", "ea_generations_mean", "ea_generations_ci", "rl_success",
                  "rl_min", "rl_max", "rl_median"]


def case_key(d: int, k: int, level: str) -> str:
    """The key of a case, as in optimal_paths.json: ``d{d}-k{k}-L{level}``."""
    return f"d{d}-k{k}-L{level}"


def case_list(instances: Sequence[Instance]) -> list[tuple[int, str, int]]:
    """Every (d, level, k) with k = 1..d-1 for the given instances."""
    return [(i.d, i.level, k) for i in instances for k in range(1, i.d)]


# ---------------------------------------------------------------- exact and A*


def exact_task(task: tuple) -> dict[str, Any]:
    """Exact optimum (bidirectional BFS), one optimal path, and the start's component.

    ``task`` is (d, level, k) or (d, level, k, component_max_d): the component is measured
    only when d <= component_max_d (the smoke scale skips the seconds-long d=5 walks).
    """
    d, level, k = task[:3]
    max_d = task[3] if len(task) > 3 else 6
    inst = instance(d, level)
    p, s = inst.puzzle(k), inst.start(k)
    # keep numba's compilation / cache loading out of the measured time
    warm = instance(3, "0")
    solve(warm.puzzle(1), warm.start(1))
    t0 = time.perf_counter()
    res = solve(p, s)
    seconds = time.perf_counter() - t0
    if d <= max_d:
        comp = component(p, s)
        if comp.target_reachable != res.solvable:
            raise AssertionError(f"{case_key(d, k, level)}: component and BFS disagree")
    else:
        comp = Component(None, None, None, res.solvable)
    path = [[p.colours[r], a, b] for r, a, b in res.moves]
    return {"d": d, "l": inst.l, "k": k, "level": level, "solvable": res.solvable,
            "optimal": res.optimal, "component_size": comp.size,
            "occupancy_sets": comp.occupancy_sets, "group_order": comp.group_order,
            "states_seen": res.states_seen, "bfs_seconds": seconds, "path": path}


def astar_task(task: tuple[int, str, int, int]) -> dict[str, Any]:
    """The paper's A* (heap + hashed closed set), limited to ``max_expanded`` expansions."""
    d, level, k, max_expanded = task
    inst = instance(d, level)
    puzzle = inst.puzzle(k)
    # A first call in a fresh worker loads the compiled kernel (~0.4 s); keep that out of the
    # measured time by solving the trivial start == target instance first.
    astar(puzzle, puzzle.target, max_expanded=1)
    res = astar(puzzle, inst.start(k), max_expanded=max_expanded)
    return {"d": d, "k": k, "level": level,
            "astar_moves": None if res.moves is None else len(res.moves),
            "astar_seconds": res.seconds, "astar_expanded": res.expanded,
            "astar_gave_up": res.gave_up}


# The cases the paper's A* gave up on (Table 2's '-'), for the list-based A* the paper
# describes (open and closed sets as lists, :func:`search.astar_list`): d=4 level 4 and d=5
# k = 1..3 take seconds. d=5 k=4 is left out: its 80,643 expansions (heap A*, same heuristic)
# cost a list scan each, far beyond a notebook's budget.
LIST_ASTAR_CASES = [(4, "4", 1), (4, "4", 2), (4, "4", 3), (5, "0", 1), (5, "0", 2), (5, "0", 3)]
LIST_ASTAR_MAX_EXPANDED = 10_000
LIST_ASTAR_COLUMNS = ["d", "k", "level", "moves", "expanded", "gave_up"]


def list_astar_task(task: tuple[int, str, int, int]) -> dict[str, Any]:
    """The list-based A* on one case: moves, expansions (deterministic) and seconds."""
    d, level, k, max_expanded = task
    inst = instance(d, level)
    res = astar_list(inst.puzzle(k), inst.start(k), max_expanded=max_expanded)
    return {"d": d, "k": k, "level": level,
            "moves": None if res.moves is None else len(res.moves), "expanded": res.expanded,
            "gave_up": res.gave_up, "seconds": res.seconds}


HARDEST = "far"  # the level name of a hardest start (:func:`hardness.hardest_start`)
HEURISTIC_COLUMNS = ["d", "k", "level", "moves", "paper_expanded", "pdb_expanded"]


def case_puzzle(d: int, level: str, k: int) -> tuple[Puzzle, tuple[int, ...]]:
    """(puzzle, start) of a case: a level of the paper or its Table 3, or :data:`HARDEST`,
    a configuration at the eccentricity of the paper's target for (d, k)."""
    if level == HARDEST:
        puzzle = instance(d, hardness.PAPER_LEVEL).puzzle(k)
        return puzzle, hardness.hardest_start(puzzle)
    inst = instance(d, level)
    return inst.puzzle(k), inst.start(k)


def hardest_cases(max_d: int = 4) -> list[tuple[int, str, int]]:
    """(d, HARDEST, k) for every (d, k) with 3 <= d <= max_d."""
    return [(d, HARDEST, k) for d in range(3, max_d + 1) for k in range(1, d)]


def heuristic_task(task: tuple[int, str, int, int]) -> dict[str, Any]:
    """A* on one case with each heuristic (the paper's, and with pattern databases): moves,
    expansions and warm seconds (kernel and tables loaded before the clock starts)."""
    d, level, k, max_expanded = task
    puzzle, start = case_puzzle(d, level, k)
    row: dict[str, Any] = {"d": d, "k": k, "level": level}
    lengths = set()  # optimal lengths found (None: no solution exists)
    for h in HEURISTICS:
        astar(puzzle, puzzle.target, max_expanded=1, heuristic=h)
        res = astar(puzzle, start, max_expanded=max_expanded, heuristic=h)
        if not res.gave_up:
            lengths.add(None if res.moves is None else len(res.moves))
        # a search over budget reports the budget it spent (a lower bound on its expansions)
        row[f"{h}_expanded"] = res.expanded
        row[f"{h}_seconds"] = res.seconds
    if len(lengths) > 1:
        raise AssertionError(f"the heuristics disagree on the optimum of {task}: {lengths}")
    row["moves"] = lengths.pop() if lengths else None
    return row


# ---------------------------------------------------------------- EA and RL


# Cases whose paper-scale runs take minutes: every EA run there lasts all 1000 generations
# (k = d-1 for d >= 4, where the EA almost never succeeds, and the impossible level), and RL
# on d=5 k=4, where the optimum is 13 and walks are hundreds of moves long.
def is_slow(case: tuple[int, str, int], algo: str) -> bool:
    """Whether ``case`` is one of the slow ones for ``algo`` ("ea" or "rl") at paper scale."""
    d, level, k = case
    if algo == "ea":
        return (d >= 4 and k == d - 1) or (d == 3 and level == "3" and k == 2)
    if algo == "rl":
        return d == 5 and k == 4
    raise ValueError(f"algo must be 'ea' or 'rl', got {algo!r}")


def split_cases(cases, algo: str) -> tuple[list, list]:
    """(fast cases, slow cases) for ``algo``, order kept."""
    return ([c for c in cases if not is_slow(c, algo)], [c for c in cases if is_slow(c, algo)])


def chunked(cases: Sequence[tuple[int, str, int]], runs: int, chunk: int
            ) -> list[tuple[int, str, int, int, int]]:
    """(d, level, k, first run, end run) pieces of ``runs`` runs per case."""
    return [(d, lv, k, lo, min(lo + chunk, runs)) for d, lv, k in cases
            for lo in range(0, runs, chunk)]


def ea_tasks(cases, b: Mapping[str, Any], seed: int, c: float | None = None,
             tag: str = "ea", alpha: float | None = None) -> list[tuple]:
    """EA tasks for every case at budgets ``b`` (optionally another Zipf exponent c or alpha).

    ``tag`` names the experiment in the seeds; tag "appendix" uses ``b["appendix_runs"]``.
    """
    c = b["ea_c"] if c is None else c
    alpha = b["ea_alpha"] if alpha is None else alpha
    runs = b["appendix_runs"] if tag == "appendix" else b["ea_runs"]
    return [(d, lv, k, lo, hi, seed, b["ea_pop"], b["ea_generations"], alpha, c, tag)
            for d, lv, k, lo, hi in chunked(cases, runs, b["chunk"])]


def ea_task(task: tuple) -> list[dict[str, Any]]:
    """Runs ``lo..hi-1`` of the EA on one case; each solution replayed by the model.

    On an unsolvable case (proved by :func:`solve`: the impossible level) the runs are not
    started: their outcome is known (no run can succeed; the authors' stored runs there have
    0 successes of 150) and the paper's Table 4 leaves the level out. ``ran`` says so.
    """
    d, level, k, lo, hi, seed, pop, gens, alpha, c, tag = task
    p, s = case_puzzle(d, level, k)
    solvable = solve(p, s).solvable
    if solvable:  # load the compiled kernel before the first timed run (warm timings)
        run_ea(p, s, 0, pop_size=10, generations=1, alpha=alpha, c=c)
    out = []
    for run in range(lo, hi):
        sd = derive_seed(seed, tag, case_key(d, k, level), f"c={c}", run)
        t0 = time.perf_counter()
        if solvable:
            r = run_ea(p, s, sd, pop_size=pop, generations=gens, alpha=alpha, c=c)
            success, used, moves = r.success, r.generations, r.n_moves
        else:
            success, used, moves = False, gens, None
        out.append({"d": d, "k": k, "level": level, "c": c, "run": run, "success": success,
                    "generations": used, "moves": moves, "ran": solvable,
                    "seconds": time.perf_counter() - t0})
    return out


def warm_up() -> None:
    """Compile (or load from numba's cache) every kernel once, so timed runs are warm."""
    inst = instance(3, "0")
    p, s = inst.puzzle(2), inst.start(2)
    run_ea(p, s, 0, pop_size=10, generations=2)
    run_rl(p, s, 0, initial_table(p, 10), episodes=1)
    astar(p, p.target, max_expanded=1)
    solve(p, s)


def rl_tasks(cases, b: Mapping[str, Any], seed: int) -> list[tuple]:
    """RL tasks for every case at budgets ``b``."""
    return [(d, lv, k, lo, hi, seed, b["rl_p_states"][d], b["rl_episodes"], b["rl_lr"],
             b["rl_gamma"], b["rl_max_len"])
            for d, lv, k, lo, hi in chunked(cases, b["rl_runs"], b["chunk"])]


def rl_task(task: tuple) -> list[dict[str, Any]]:
    """Runs ``lo..hi-1`` of RL on one case; each solution replayed by the model.

    On an unsolvable case (proved by :func:`solve`) the runs are not started: the authors'
    episode loop has no length limit before a first solution, so it would never end.
    """
    d, level, k, lo, hi, seed, p_states, episodes, lr, gamma, max_len = task
    p, s = case_puzzle(d, level, k)
    solvable = solve(p, s).solvable
    table = initial_table(p, p_states) if solvable else None
    if solvable:  # load the compiled kernel before the first timed run (warm timings)
        run_rl(p, s, 0, table, episodes=1, lr=lr, gamma=gamma, max_len=max_len)
    out = []
    for run in range(lo, hi):
        sd = derive_seed(seed, "rl", case_key(d, k, level), run)
        t0 = time.perf_counter()
        if solvable:
            r = run_rl(p, s, sd, table, episodes=episodes, lr=lr, gamma=gamma, max_len=max_len)
            success, moves = r.success, r.n_moves
        else:
            success, moves = False, None
        out.append({"d": d, "k": k, "level": level, "run": run, "success": success,
                    "moves": moves, "ran": solvable, "seconds": time.perf_counter() - t0})
    return out


def runs_frame(results: Sequence[Sequence[dict[str, Any]]]) -> pd.DataFrame:
    """One row per run from the lists returned by the tasks."""
    rows = [row for chunk in results for row in chunk]
    df = pd.DataFrame(rows)
    df["moves"] = df["moves"].astype("Int64")
    return df


def summarise_runs(runs: pd.DataFrame, prefix: str) -> pd.DataFrame:
    """Per case: success fraction and min/max/median moves of the successful runs.

    With a ``generations`` column (the EA) also the mean generations of the successful runs
    and its 95% Student-t half-width (the authors' stored runs keep only successful runs).
    """
    rows = []
    for (d, k, level), g in runs.groupby(["d", "k", "level"], sort=False):
        ok = g.loc[g["success"], "moves"].astype(float)
        row = {"d": d, "k": k, "level": level,
               f"{prefix}_success": round(float(g["success"].mean()), 4),
               f"{prefix}_min": int(ok.min()) if len(ok) else None,
               f"{prefix}_max": int(ok.max()) if len(ok) else None,
               f"{prefix}_median": float(ok.median()) if len(ok) else None}
        if "generations" in g:
            gen = g.loc[g["success"], "generations"].astype(float)
            row[f"{prefix}_generations_mean"] = round(float(gen.mean()), 3) if len(gen) else None
            row[f"{prefix}_generations_ci"] = (round(ci_halfwidth(gen), 3) if len(gen) > 1
                                               else None)
        rows.append(row)
    return pd.DataFrame(rows)


# ---------------------------------------------------------------- tables


def results_table(exact: pd.DataFrame, astar_df: pd.DataFrame, ea: pd.DataFrame,
                  rl: pd.DataFrame) -> pd.DataFrame:
    """The must-show table: one row per case, columns ``RESULT_COLUMNS``."""
    keys = ["d", "k", "level"]
    df = exact.drop(columns=["path"], errors="ignore")
    astar_df = astar_df.drop(columns=["astar_seconds"], errors="ignore")
    for other in (astar_df, summarise_runs(ea, "ea"), summarise_runs(rl, "rl")):
        df = df.merge(other, on=keys, how="left")
    df = df[RESULT_COLUMNS].copy()
    for col in ["optimal", "astar_moves", "astar_expanded", "ea_min", "ea_max", "rl_min",
                "rl_max", "component_size"]:
        df[col] = df[col].astype("Int64")
    return df


def optimal_paths(exact: pd.DataFrame) -> dict[str, list[list]]:
    """``{"d{d}-k{k}-L{level}": [[colour, from, to], ...]}`` for every solvable case."""
    return {case_key(r.d, r.k, r.level): [list(m) for m in r.path]
            for r in exact.itertuples() if r.solvable}


def with_paper(ours: pd.DataFrame, algo: str) -> pd.DataFrame:
    """Our success/min/max/median for ``algo`` ("ea", "rl") beside the paper's, per case."""
    paper = paper_table()
    cols = [f"{algo}_{x}" for x in ("success", "min", "max", "median")]
    left = ours[["d", "k", "level", "optimal"] + cols]
    right = paper[["d", "k", "level"] + cols].rename(columns={c: "paper_" + c for c in cols})
    df = left.merge(right, on=["d", "k", "level"], how="left")
    order = ["d", "k", "level", "optimal"]
    for c in cols:
        order += [c, "paper_" + c]
    return df[order]


def astar_with_paper(ours: pd.DataFrame) -> pd.DataFrame:
    """Table 2: our A* moves and expansions beside the paper's A* and the exact optimum."""
    paper = paper_table()[["d", "k", "level", "astar_min"]].rename(
        columns={"astar_min": "paper_astar_min"})
    df = ours[["d", "k", "level", "optimal", "astar_moves", "astar_expanded"]].merge(
        paper, on=["d", "k", "level"], how="left")
    df["paper_astar_min"] = df["paper_astar_min"].astype("Int64")
    return df


def paper_vs_exact(ours: pd.DataFrame) -> pd.DataFrame:
    """Every paper number that can be checked against an exact optimum, with the verdict."""
    paper = paper_table()
    df = paper.merge(ours[["d", "k", "level", "optimal"]], on=["d", "k", "level"], how="left")
    rows = []
    for r in df.itertuples():
        if pd.isna(r.optimal):
            continue
        for col in ("astar_min", "ea_min", "rl_min"):
            v = getattr(r, col)
            if v is None or (isinstance(v, float) and math.isnan(v)):
                continue
            verdict = ("equals the optimum" if v == r.optimal else
                       "above the optimum" if v > r.optimal else "BELOW the optimum")
            rows.append({"d": r.d, "k": r.k, "level": r.level, "paper column": col,
                         "paper value": int(v), "exact optimum": int(r.optimal),
                         "verdict": verdict})
    return pd.DataFrame(rows)


def table5_copies() -> pd.DataFrame:
    """The paper's Table 5 rows that repeat Table 4 exactly (success, min, max, median)."""
    p = paper_table()
    same = np.ones(len(p), dtype=bool)
    for x in ("success", "min", "max", "median"):
        same &= (p[f"ea_{x}"] == p[f"rl_{x}"]).to_numpy()
    return p.loc[same, ["d", "k", "level", "ea_success", "ea_min", "ea_max", "ea_median",
                        "rl_success", "rl_min", "rl_max", "rl_median"]].reset_index(drop=True)


def appendix_summary(runs: pd.DataFrame, optimum: int) -> pd.DataFrame:
    """Figures 7-8: per c, success rate, mean generations of successful runs, optimum hits."""
    rows = []
    for c, g in runs.groupby("c", sort=True):
        ok = g[g["success"]]
        rows.append({"c": c, "runs": len(g), "success_rate": round(float(g["success"].mean()), 4),
                     "mean_generations": round(float(ok["generations"].mean()), 2)
                     if len(ok) else None,
                     f"{optimum}_move_solutions": int((ok["moves"] == optimum).sum()),
                     "median_moves": float(ok["moves"].astype(float).median())
                     if len(ok) else None})
    return pd.DataFrame(rows)


def load_runs(directory: str, name: str) -> pd.DataFrame:
    """Read back a runs table saved with ``save_table`` (levels as strings, moves nullable)."""
    from pathlib import Path

    path = Path(directory) / f"{name}.csv"
    if not path.exists():
        raise ValueError(f"{path} does not exist: run the cell that computes {name} first")
    df = pd.read_csv(path, dtype={"level": str})
    df["moves"] = df["moves"].astype("Int64")
    df["success"] = df["success"].astype(bool)
    return df


def instances_frame(instances: Sequence[Instance]) -> pd.DataFrame:
    """The instances as a table: start and target as colour:vertex lists."""
    return pd.DataFrame([{"d": i.d, "l": i.l, "level": i.level, "source": i.source,
                          "start": " ".join(f"{c}:{v}" for c, v in i.start_map),
                          "target": " ".join(f"{c}:{v}" for c, v in i.target_map)}
                         for i in instances])


def components_frame(exact: pd.DataFrame) -> pd.DataFrame:
    """Per case: optimum, component size, and its share of all configurations."""
    rows = []
    for r in exact.itertuples():
        inst = instance(r.d, r.level)
        total = math.perm(2 ** r.d, len(inst.target_map))
        rows.append({"d": r.d, "k": r.k, "level": r.level, "solvable": r.solvable,
                     "optimal": r.optimal, "occupancy_sets": r.occupancy_sets,
                     "relabellings": r.group_order, "component_size": r.component_size,
                     "all_configurations": total,
                     "share": None if pd.isna(r.component_size) else
                     f"{int(r.component_size)}/{total} = {r.component_size / total:.4g}"})
    df = pd.DataFrame(rows)
    for col in ("optimal", "occupancy_sets", "relabellings", "component_size"):
        df[col] = df[col].astype("Int64")
    return df


def gap_table(results: pd.DataFrame) -> pd.DataFrame:
    """EA and RL minimum and median minus the exact optimum, per solvable case."""
    df = results.dropna(subset=["optimal"])[["d", "k", "level", "optimal"]].copy()
    for algo in ("ea", "rl"):
        df[f"{algo}_success"] = results[f"{algo}_success"]
        df[f"{algo}_min_gap"] = (results[f"{algo}_min"] - results["optimal"]).astype("Int64")
        df[f"{algo}_median_gap"] = results[f"{algo}_median"] - results["optimal"].astype(float)
    return df.reset_index(drop=True)


def per_path_times(astar_df: pd.DataFrame, ea: pd.DataFrame, rl: pd.DataFrame,
                   b: Mapping[str, Any]) -> pd.DataFrame:
    """Seconds per explored path as the paper compares them: A* as is, an EA run / N, an RL
    run / P (its backward-BFS state count)."""
    rows = [{"d": r.d, "k": r.k, "level": r.level, "method": "A*",
             "seconds_per_path": r.astar_seconds} for r in astar_df.itertuples()]
    rows += [{"d": r.d, "k": r.k, "level": r.level, "method": "EA",
              "seconds_per_path": r.seconds / b["ea_pop"]} for r in ea.itertuples()]
    rows += [{"d": r.d, "k": r.k, "level": r.level, "method": "RL",
              "seconds_per_path": r.seconds / b["rl_p_states"][r.d]}
             for r in rl.itertuples() if r.ran]
    return pd.DataFrame(rows)


def alpha_comparison(base: pd.DataFrame, other: pd.DataFrame, alpha: float) -> pd.DataFrame:
    """EA success and lengths at the default alpha beside another alpha and the paper."""
    keys = ["d", "k", "level"]
    a = summarise_runs(base, "ea")
    b = summarise_runs(other, "ea").rename(columns=lambda c: c.replace("ea_", f"a{alpha}_"))
    paper = paper_table()[keys + ["ea_success", "ea_min", "ea_median"]].rename(
        columns=lambda c: c.replace("ea_", "paper_"))
    df = b.merge(a, on=keys, how="left").merge(paper, on=keys, how="left")
    return df[keys + ["ea_success", f"a{alpha}_success", "paper_success", "ea_min",
                      f"a{alpha}_min", "paper_min", "ea_median", f"a{alpha}_median",
                      "paper_median"]]


# ---------------------------------------------------------------- extras (EXTRAS = True)


def extra_cases() -> dict[str, list[tuple[int, str, int]]]:
    """The beyond-the-paper runs: EA with alpha = 0.7 on d=4 k=3, EA and RL on T3a-T3c and
    on the hardest start of every (d, k) with d <= 4."""
    from puzzles.hypercube.instances import INSTANCES

    code = case_list([i for i in INSTANCES if i.is_code_level])
    return {"alpha": [c for c in code if c[0] == 4 and c[2] == 3],
            "t3": case_list([i for i in INSTANCES if not i.is_code_level]),
            "far": hardest_cases()}


EXTRA_RUNS = ("ea_alpha07_runs", "ea_t3_runs", "rl_t3_runs", "ea_far_runs", "rl_far_runs")


def run_extras(b: Mapping[str, Any], seed: int, workers: int | None,
               names: Sequence[str] = EXTRA_RUNS,
               executor: Executor | None = None) -> dict[str, pd.DataFrame]:
    """The extra runs named in ``names`` (default all of :data:`EXTRA_RUNS`) as tables."""
    from puzzles.core import run_tasks

    unknown = sorted(set(names) - set(EXTRA_RUNS))
    if unknown:
        raise ValueError(f"unknown extra runs {unknown}; known: {list(EXTRA_RUNS)}")
    cases = extra_cases()
    slow_first = sorted(cases["t3"], key=lambda c: not is_slow(c, "ea"))
    jobs = {"ea_alpha07_runs": (ea_task, lambda: ea_tasks(cases["alpha"], b, seed,
                                                          tag="ea-alpha", alpha=0.7)),
            "ea_t3_runs": (ea_task, lambda: ea_tasks(slow_first, b, seed)),
            "rl_t3_runs": (rl_task, lambda: rl_tasks(cases["t3"], b, seed)),
            "ea_far_runs": (ea_task, lambda: ea_tasks(cases["far"], b, seed)),
            "rl_far_runs": (rl_task, lambda: rl_tasks(cases["far"], b, seed))}
    out = {}
    for name in names:
        fn, tasks = jobs[name]
        out[name] = runs_frame(run_tasks(fn, tasks(), workers=workers,
                                         executor=executor, desc=name))
    return out
