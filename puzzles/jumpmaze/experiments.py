"""The notebook's experiments as plain functions: the protocol, its tables, best puzzles."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from puzzles.core import run_tasks, summarise
from puzzles.jumpmaze import exact, model, optimise
from puzzles.jumpmaze import reference as R

LABELS = {
    "hc_strict": "hill climbing, strict (better only)",
    "hc_ties": "hill climbing, ties accepted",
    "restarts_strict": "10 random restarts, strict",
    "restarts_ties": "10 random restarts, ties accepted",
    "walk_strict": "random walk p=0.05, strict",
    "walk_ties": "random walk p=0.05, ties accepted",
    "sa": "simulated annealing T0=100, x0.985",
    "ga": "GA, selection 'beats 80% of the others'",
    "ga_top80": "GA, alternative selection 'better 80%'",
}


def protocol_tasks(budget: Mapping, seed: int,
                   algorithms: Sequence[str] = optimise.ALGORITHMS) -> list[tuple]:
    """One task per (algorithm, n): each runs ``budget['runs']`` seeded runs."""
    frozen = optimise.freeze(dict(budget))
    # the slowest (GA, large n) first so the pool stays busy to the end
    order = sorted(((alg, n) for alg in algorithms for n in budget["sizes"]),
                   key=lambda t: (not t[0].startswith("ga"), -t[1]))
    return [(alg, n, budget["runs"], seed, frozen) for alg, n in order]


def run_protocol(budget: Mapping, seed: int, workers: int | None = None,
                 algorithms: Sequence[str] = optimise.ALGORITHMS) -> list[dict]:
    """Run the report's protocol for every algorithm and size, sorted by (algorithm, n)."""
    res = run_tasks(optimise.protocol_task, protocol_tasks(budget, seed, algorithms),
                    workers=workers, desc="report protocol")
    rank = {a: i for i, a in enumerate(algorithms)}
    return sorted(res, key=lambda r: (rank[r["algorithm"]], r["n"]))


def curves_table(results: Sequence[dict], best: bool = False) -> pd.DataFrame:
    """``algorithm,n,iteration,mean_score``: the incumbent (or best-so-far) mean over runs."""
    key = "mean_best_curve" if best else "mean_curve"
    frames = [pd.DataFrame({"algorithm": r["algorithm"], "n": r["n"],
                            "iteration": np.arange(len(r[key])),
                            "mean_score": np.round(r[key], 4)}) for r in results]
    return pd.concat(frames, ignore_index=True)


def finals_table(results: Sequence[dict]) -> pd.DataFrame:
    """One row per run: the incumbent's final score and the best score the run saw."""
    rows = []
    for r in results:
        for i, (f, b) in enumerate(zip(r["final"], r["best_scores"], strict=True)):
            rows.append({"algorithm": r["algorithm"], "n": r["n"], "run": i,
                         "final_score": float(f), "best_score": int(b)})
    return pd.DataFrame(rows)


def summary_table(results: Sequence[dict]) -> pd.DataFrame:
    """Per (algorithm, n): mean final score with its 95% CI, median, the best of all runs."""
    rows = []
    for r in results:
        s = summarise(r["final"])
        rows.append({"algorithm": r["algorithm"], "n": r["n"], "runs": s["n"],
                     "mean_final": round(s["mean"], 2),
                     "ci95": round(s["ci95"], 2) if not math.isnan(s["ci95"]) else None,
                     "median_final": s["median"], "best_of_runs": int(r["best_score"]),
                     "solvable_runs": int(np.sum(np.asarray(r["final"]) > 0))})
    return pd.DataFrame(rows)


def claims_table(summary: pd.DataFrame) -> pd.DataFrame:
    """The report's qualitative claims beside what our runs say (mean final score)."""
    piv = summary.pivot(index="algorithm", columns="n", values="mean_final")
    best = summary.pivot(index="algorithm", columns="n", values="best_of_runs")
    sizes = list(piv.columns)

    def holds(cond: Sequence[bool]) -> str:
        return f"{sum(cond)} of {len(cond)} sizes"

    hc = ["hc_strict", "hc_ties"]
    rows = [
        ("simulated annealing gives the best results at all sizes",
         holds([piv[n].idxmax() == "sa" for n in sizes]),
         ", ".join(f"n={n}: {piv[n].idxmax()}" for n in sizes)),
        ("the GA beats the hill climbings (strict reading)",
         holds([piv.loc["ga", n] > piv.loc["hc_strict", n] for n in sizes]), ""),
        ("the GA beats the hill climbings (ties-accepted reading)",
         holds([piv.loc["ga", n] > piv.loc[hc, n].max() for n in sizes]), ""),
        ("the GA is worse than simulated annealing",
         holds([piv.loc["ga", n] < piv.loc["sa", n] for n in sizes]), ""),
        ("random restarts fare better than random walks (strict)",
         holds([piv.loc["restarts_strict", n] > piv.loc["walk_strict", n] for n in sizes]), ""),
        ("random restarts fare better than random walks (ties)",
         holds([piv.loc["restarts_ties", n] > piv.loc["walk_ties", n] for n in sizes]), ""),
        (f"best n=11 puzzle has score {R.REPORT_BEST_SCORE}",
         f"best of all our runs: {int(best[11].max()) if 11 in best else 'n/a'}",
         "the report's budgets" if 11 in best else ""),
    ]
    return pd.DataFrame(rows, columns=["report says", "ours: holds at", "detail"])


def frozen_after(t0: float = R.REPORT_SA_T0, cool: float = R.REPORT_SA_COOL,
                 p: float = 1e-3) -> int:
    """First iteration at which a one-point loss is accepted with probability below ``p``."""
    # exp(-1 / T) < p  <=>  T < 1 / ln(1/p)
    return math.ceil(math.log((1.0 / math.log(1.0 / p)) / t0) / math.log(cool))


def exact_table(results: Sequence[exact.ExactResult]) -> pd.DataFrame:
    """Exact searches as a table (node counts, not seconds: seconds vary between machines)."""
    return pd.DataFrame([{"n": r.n, "target": r.target, "complete": r.complete,
                          "best_found": r.best_score, "proven_max": r.proven_max,
                          "nodes": r.nodes} for r in results])


def quality_table(grids: Mapping[str, object]) -> pd.DataFrame:
    """Neller's quality terms of named grids (score, black/white holes, shortest paths)."""
    rows = []
    for name, g in grids.items():
        ev = model.evaluate(g)
        rows.append({"puzzle": name, "n": ev.n, "score": ev.score,
                     "black_holes": ev.black_holes, "white_holes": ev.white_holes,
                     "shortest_paths": ev.shortest_paths, "unique_path": ev.unique_path})
    return pd.DataFrame(rows)


def best_puzzles(candidates: Sequence[tuple[str, int, object]],
                 proven: Mapping[int, int], bounds: Mapping[int, int],
                 sizes: Sequence[int] = R.REPORT_SIZES) -> dict:
    """The best re-evaluated grid per n among ``(algorithm, n, grid)`` candidates (first wins)."""
    out = {}
    for n in sizes:
        best = None
        for alg, m, g in candidates:
            if m != n:
                continue
            s = model.score(g)  # re-evaluated here: no stored score is trusted
            if best is None or s > best[1]:
                best = (alg, s, model.validate_grid(g))
        if best is None:
            continue
        alg, s, g = best
        pm = proven.get(n)
        out[str(n)] = {"grid": g.tolist(), "score": int(s), "algorithm": alg,
                       "proven_max": None if pm is None else int(pm),
                       "upper_bound": int(pm) if pm is not None
                       else (int(bounds[n]) if n in bounds else None)}
    return out
