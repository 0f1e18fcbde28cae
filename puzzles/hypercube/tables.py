"""The tables notebook 05 derives from its experiments: results, the paper's tables beside
ours, components, gaps, per-path times, the alpha comparison.

A case is (d, level, k); the experiments and their raw tables are in
:mod:`puzzles.hypercube.experiments`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from puzzles.core.stats import ci_halfwidth
from puzzles.hypercube.budget import HypercubeBudget
from puzzles.hypercube.experiments import HARDEST, PAPER_CASES, Case, case_key
from puzzles.hypercube.instances import Instance, instance
from puzzles.hypercube.reference import CPU_LIMIT_SECONDS, paper_table

# Only seed-determined values: wall times (A*'s seconds, each run's seconds) go to timings.csv.
RESULT_COLUMNS = ["d", "l", "k", "level", "solvable", "optimal", "component_size",
                  "astar_moves", "astar_expanded", "ea_success", "ea_min", "ea_max",
                  "ea_median", "ea_generations_mean", "ea_generations_ci", "rl_success",
                  "rl_min", "rl_max", "rl_median"]


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


def per_path_times(astar_times: pd.DataFrame, ea_times: pd.DataFrame, rl_times: pd.DataFrame,
                   b: HypercubeBudget) -> pd.DataFrame:
    """Seconds per explored path as the paper compares them: A* as is, an EA run / N, an RL
    run / P (its backward-BFS state count); from the experiments' wall times."""
    rows = [{"d": r.d, "k": r.k, "level": r.level, "method": "A*",
             "seconds_per_path": r.astar_seconds} for r in astar_times.itertuples()]
    rows += [{"d": r.d, "k": r.k, "level": r.level, "method": "EA",
              "seconds_per_path": r.seconds / b.ea_pop} for r in ea_times.itertuples()]
    rows += [{"d": r.d, "k": r.k, "level": r.level, "method": "RL",
              "seconds_per_path": r.seconds / b.p_states(r.d)}
             for r in rl_times.itertuples() if r.ran]
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


def optimum(results: pd.DataFrame, case: Case) -> int:
    """The exact optimum of ``case`` (d, level, k) in ``results``."""
    d, level, k = case
    return int(results.query("d == @d and k == @k and level == @level")["optimal"].iloc[0])


def paper_rows(results: pd.DataFrame) -> pd.DataFrame:
    """The rows of the paper's cases (Tables 2, 4, 5), in case order."""
    return results.merge(pd.DataFrame(PAPER_CASES, columns=["d", "level", "k"]))


def code_levels(results: pd.DataFrame) -> pd.DataFrame:
    """The rows of the levels of the authors' scripts (not T3a-T3c)."""
    return results[results["level"].str.len() == 1]


def hardest_levels(heuristics: pd.DataFrame, ea_far: pd.DataFrame, rl_far: pd.DataFrame
                   ) -> pd.DataFrame:
    """Each hardest start's optimum (from A*) beside the EA's and RL's runs on it."""
    keys = ["d", "k", "level"]
    far = heuristics[heuristics["level"] == HARDEST]
    return (far.rename(columns={"moves": "optimal"})[keys + ["optimal"]]
            .merge(summarise_runs(ea_far, "ea"), on=keys)
            .merge(summarise_runs(rl_far, "rl"), on=keys))


def list_astar_evidence(list_astar: pd.DataFrame, seconds: pd.DataFrame) -> pd.DataFrame:
    """The cases the paper's A* gave up on, solved by the list-based A*: moves and expansions
    (seed-determined, in the ledger) beside its warm seconds (a timing, shown, never stored in
    a result file) and the paper's budget of 3600 s."""
    keys = ["d", "k", "level"]
    out = list_astar.merge(seconds[keys + ["seconds"]], on=keys, how="left")
    return out.rename(columns={"seconds": "warm seconds"}).assign(
        **{"paper's budget (s)": CPU_LIMIT_SECONDS})


def distances_wide(distances: pd.DataFrame, d: int) -> pd.DataFrame:
    """Configurations at each distance from the paper's target in dimension ``d``, one column
    per k (0 where a component has no configuration that far)."""
    dd = distances[distances["d"] == d]
    return dd.pivot(index="distance", columns="k", values="count").fillna(0).astype(int)


def benchmark_row(results: pd.DataFrame, name: str) -> pd.DataFrame:
    """One row of benchmarks/results.csv (what was timed, medians, ratio, peak memory)."""
    row = results[results["benchmark"] == name]
    if row.empty:
        raise ValueError(f"benchmark {name!r} is not in the results (run make bench)")
    return row.set_index("benchmark").T
