"""The notebook's experiments as plain functions: the protocol, its tables, best puzzles."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import numpy as np
import pandas as pd

from puzzles.core import derive_rng, run_tasks, summarise
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
                 algorithms: Sequence[str] = optimise.ALGORITHMS,
                 executor: Executor | None = None) -> list[dict]:
    """Run the report's protocol for every algorithm and size, sorted by (algorithm, n)."""
    res = run_tasks(optimise.protocol_task, protocol_tasks(budget, seed, algorithms),
                    workers=workers, executor=executor, desc="report protocol")
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


def evaluations(algorithm: str, n: int, budget: Mapping) -> int:
    """Maze evaluations (BFS calls) of one run of ``algorithm`` at the stated budget: the start
    grid and one per iteration; for the GA the whole population at every generation, the
    first included. This is the budget two optimisers must share to be compared fairly."""
    family = algorithm.partition("_")[0]
    if family == "ga":
        return int(budget["ga_pop"][n] * (budget["ga_generations"] + 1))
    if family not in ("hc", "restarts", "walk", "sa"):
        raise ValueError(f"unknown algorithm {algorithm!r}")
    return int(budget[family][n] + 1)


def matched_evaluations(a: str, b: str, n: int, budget: Mapping) -> int:
    """The evaluations both ``a`` and ``b`` have made at their stated budgets: the smaller of
    the two, rounded down to whole GA generations when a GA is one side."""
    e = min(evaluations(a, n, budget), evaluations(b, n, budget))
    if a.startswith("ga") or b.startswith("ga"):
        pop = int(budget["ga_pop"][n])
        e = pop * (e // pop)
    return e


def curve_point(algorithm: str, n: int, evals: int, budget: Mapping) -> int:
    """The index of a run's curve after ``evals`` evaluations (GA: whole generations only)."""
    if not 1 <= evals <= evaluations(algorithm, n, budget):
        raise ValueError(f"{algorithm} at n={n} makes {evaluations(algorithm, n, budget)} "
                         f"evaluations, not {evals}")
    if algorithm.startswith("ga"):
        pop = int(budget["ga_pop"][n])
        if evals % pop:
            raise ValueError(f"the GA at n={n} evaluates {pop} mazes a generation; {evals} is "
                             "not a whole number of generations")
        return evals // pop - 1
    return evals - 1


CHECKPOINT_COLUMNS = ["algorithm", "n", "evaluations", "run", "incumbent", "best_so_far"]


def checkpoint_table(results: Sequence[dict], budget: Mapping,
                     wanted: Iterable[tuple[str, int, int]]) -> pd.DataFrame:
    """Every run's incumbent and best-so-far score after a given number of evaluations.

    ``wanted``: ``(algorithm, n, evaluations)`` triples; read from the runs' own curves (the
    same runs as ``final_scores_per_run.csv``, nothing rerun). For the GA the incumbent is the
    population mean, as the report plots it.
    """
    by_key = {(r["algorithm"], r["n"]): r for r in results}
    rows = []
    for alg, n, evals in sorted(set(wanted), key=lambda t: (t[0], t[1], t[2])):
        if (alg, n) not in by_key:
            continue
        r = by_key[alg, n]
        i = curve_point(alg, n, evals, budget)
        for run, (cur, best) in enumerate(zip(r["run_curves"][:, i], r["run_best_curves"][:, i],
                                              strict=True)):
            rows.append({"algorithm": alg, "n": n, "evaluations": evals, "run": run,
                         "incumbent": round(float(cur), 4), "best_so_far": int(best)})
    return pd.DataFrame(rows, columns=CHECKPOINT_COLUMNS)


def local_maxima_table(results: Sequence[dict],
                       algorithms: Sequence[str] = ("hc_strict", "hc_ties")) -> pd.DataFrame:
    """Per (algorithm, n): how the best maze of each run sits among its one-jump neighbours.

    ``local_maxima``: runs whose maze has no better neighbour; ``strict_maxima``: no better and
    no equal one (every change worse); ``mean_equal`` / ``neighbours``: equal-score neighbours
    per maze, of how many. A strict climber's best maze is its final maze.
    """
    rows = []
    for r in results:
        if r["algorithm"] not in algorithms:
            continue
        prof = np.array([optimise.neighbour_profile(g.reshape(r["n"], r["n"]))
                         for g in r["run_grids"]])
        rows.append({"algorithm": r["algorithm"], "n": r["n"], "runs": len(prof),
                     "local_maxima": int(np.sum(prof[:, 0] == 0)),
                     "strict_maxima": int(np.sum((prof[:, 0] == 0) & (prof[:, 1] == 0))),
                     "mean_equal": round(float(prof[:, 1].mean()), 1),
                     "neighbours": int(prof[0].sum())})
    return pd.DataFrame(rows)


def escapes_table(results: Sequence[dict],
                  algorithms: Sequence[str] = ("walk_strict", "walk_ties")) -> pd.DataFrame:
    """Per (algorithm, n): runs whose best-so-far still rose after the incumbent first fell
    below it (the search took a worse maze and later went past where it had been)."""
    rows = []
    for r in results:
        if r["algorithm"] not in algorithms:
            continue
        escaped = 0
        for cur, best in zip(r["run_curves"], r["run_best_curves"], strict=True):
            below = np.flatnonzero(cur < best)
            escaped += bool(below.size and best[-1] > best[below[0]])
        rows.append({"algorithm": r["algorithm"], "n": r["n"], "runs": len(r["run_curves"]),
                     "escaped": escaped})
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


def task2_examples(seed: int, sizes: Sequence[int] = R.REPORT_SIZES
                   ) -> list[tuple[int, bool, np.ndarray]]:
    """Task 2's pictures, redrawn: per n the first solvable and first unsolvable random maze.

    The report's own examples are images that did not survive in its text, so these are ours,
    drawn from ``seed``: ``(n, solvable, grid)`` for each n, solvable first.
    """
    out = []
    for n in sizes:
        rng = derive_rng(seed, "task2", n)
        want = {True: None, False: None}
        for _ in range(10_000):
            g = model.random_grid(n, rng)
            ok = model.score(g) > 0
            if want[ok] is None:
                want[ok] = g
            if all(v is not None for v in want.values()):
                break
        out += [(n, ok, g) for ok, g in want.items() if g is not None]
    return out


def frozen_after(t0: float = R.REPORT_SA_T0, cool: float = R.REPORT_SA_COOL,
                 p: float = 1e-3) -> int:
    """First iteration at which a one-point loss is accepted with probability below ``p``."""
    # exp(-1 / T) < p  <=>  T < 1 / ln(1/p)
    return math.ceil(math.log((1.0 / math.log(1.0 / p)) / t0) / math.log(cool))


def bound_comparison(targets: Mapping[int, int]) -> pd.DataFrame:
    """Nodes of the exact search per (n, target) under each bound and symmetry setting."""
    rows = []
    for n, t in targets.items():
        row: dict = {"n": n, "target": t}
        for disc, tr, name in ((False, False, "first bound"), (True, False, "discoverable"),
                               (False, True, "transpose"), (True, True, "both")):
            r = exact.search(n, t, discoverable=disc, transpose=tr)
            if not r.complete:
                raise RuntimeError(f"search n={n} target {t} did not complete")
            row[f"nodes: {name}"] = r.nodes
        rows.append(row)
    return pd.DataFrame(rows)


PROOF_COLUMNS = ["n", "target_refuted", "nodes", "bound", "seconds_offline"]


def proofs_table(live: Sequence[exact.ExactResult], stored: Sequence[dict]) -> pd.DataFrame:
    """Every refutation: live complete searches that found nothing, and stored offline ones.

    ``seconds_offline`` is filled only for stored offline runs (live times go to timings.csv).
    """
    from puzzles.jumpmaze.proofs import BOUND_NAME

    rows = []
    for r in live:
        if not r.complete or r.best_score is not None:
            raise ValueError(f"n={r.n} target {r.target} is not a refutation")
        rows.append({"n": r.n, "target_refuted": r.target, "nodes": r.nodes,
                     "bound": BOUND_NAME, "seconds_offline": None})
    for rec in stored:
        if rec["refuted"]:
            rows.append({"n": rec["n"], "target_refuted": rec["target"], "nodes": rec["nodes"],
                         "bound": rec["bound"], "seconds_offline": rec["cpu_seconds_offline"]})
    out = pd.DataFrame(rows, columns=PROOF_COLUMNS).astype({"seconds_offline": "Float64"})
    return out.sort_values(["n", "target_refuted"], ignore_index=True)


def upper_bounds(proofs: pd.DataFrame) -> dict[int, int]:
    """n -> the best proven upper bound: the smallest refuted target minus one."""
    return {int(n): int(g["target_refuted"].min()) - 1 for n, g in proofs.groupby("n")}


def offline_proof_sentence(record: dict | None) -> str:
    """What the stored offline refutation attempt did (or that there is none)."""
    if record is None:
        return "No offline refutation attempt is stored."
    done = sum(b["complete"] for b in record["branches"])
    total = len(record["branches"])
    verdict = ("**refuted**: no maze that deep exists" if record["refuted"]
               else f"**not finished**: {done} of {total} top-level branches complete")
    open_ = [b for b in record["branches"] if not b["complete"]]
    tail = ("" if not open_ else " Open branches (jump of the start, of its right neighbour): "
            + ", ".join(f"{tuple(b['prefix'])} after {b['nodes']:,} nodes" for b in open_) + ".")
    return (f"n = {record['n']}, target {record['target']}: {verdict}; {record['nodes']:,} nodes "
            f"in total ({record['node_limit_per_branch']:,} per branch at most), "
            f"{record['cpu_seconds_offline']:,.0f} CPU seconds offline, bound: {record['bound']}, "
            f"numba {record['numba']}, command `{record['command']}`.{tail}")


def conjecture_table(maxima: Sequence[exact.ExactResult],
                     refutations: Sequence[exact.ExactResult],
                     stored: Sequence[dict]) -> pd.DataFrame:
    """Per n: the proven maximum (if any), the best upper bound, and n^2 - 4."""
    rows: dict[int, dict] = {}
    for m in maxima:
        rows[m.n] = {"n": m.n, "proven_max": m.proven_max}
    refuted = [(r.n, r.target) for r in refutations]
    refuted += [(rec["n"], rec["target"]) for rec in stored if rec["refuted"]]
    for n, t in refuted:
        row = rows.setdefault(n, {"n": n, "proven_max": None})
        row["upper_bound"] = min(row.get("upper_bound", t - 1), t - 1)
    out = pd.DataFrame(sorted(rows.values(), key=lambda r: r["n"]))
    out["n^2 - 4"] = out["n"] ** 2 - 4
    return out.astype({"proven_max": "Int64", "upper_bound": "Int64"})


def conjecture_sentence(conj: pd.DataFrame) -> str:
    """The n^2 - 4 conjecture with the evidence in ``conj``."""
    proven = conj.dropna(subset=["proven_max"])
    match = proven[(proven["proven_max"] == proven["n^2 - 4"]) & (proven["n"] >= 4)]
    off = proven[(proven["proven_max"] != proven["n^2 - 4"]) | (proven["n"] < 4)]
    off_txt = "; ".join(f"n = {r.n}: {r.proven_max}" for r in off.itertuples())
    return (f"**Conjecture**: for n >= 4 the largest goal depth of an n x n maze is n^2 - 4. "
            f"Proven maxima equal n^2 - 4 at n = {', '.join(map(str, match['n']))}"
            + (f" (and differ at {off_txt})" if off_txt else "") + ". "
            + "; ".join(f"n = {r.n}: at most {r.upper_bound}" for r in conj.itertuples()
                        if pd.isna(r.proven_max) and not pd.isna(r.upper_bound))
            + " (refutations above); section 4.4 shows how close the best mazes found come.")


def conclusion(ledger: Any, best: Mapping[str, dict],
               design: Mapping[str, dict] | None = None,
               quality: pd.DataFrame | None = None) -> str:
    """The notebook's closing bullets, every number from the ledger and the results."""
    from puzzles.core.claims import depends_on_reading
    from puzzles.jumpmaze.ledger import count_sentence, designer_best

    def row(cid: str):
        return ledger[cid] if cid in ledger else None

    bullets = []
    t2 = row("T2-best-score")
    if t2 is not None:
        bullets.append(f"The report's evaluation is right: its puzzle re-evaluates to {t2.ours} "
                       f"moves with {row('T2-depths').ours} of its printed depths, once the goal "
                       "is put bottom-right as in Neller's rules (the text says bottom-left).")
    b = row("T8-best-103")
    if b is not None:
        bullets.append(f"At its stated budgets the best of our runs is {b.ours}, not {b.paper} "
                       f"({b.test}; p = {b.p}, after Holm {b.p_adjusted}): **{b.verdict}**.")
    for prefix, what in [("T4-restarts-walks-strict", "Restarts beat walks (strict)"),
                         ("T4-restarts-walks-ties", "Restarts beat walks (ties)"),
                         ("T6-sa-best", "Annealing is the best algorithm"),
                         ("T7-ga-hc-strict", "The GA beats strict hill climbing"),
                         ("T7-ga-hc-ties", "The GA beats hill climbing with ties"),
                         ("T7-ga-restarts-strict", "The GA beats restarts (strict)"),
                         ("T7-ga-walk-strict", "The GA beats walks (strict)")]:
        bullets.append(count_sentence(ledger, prefix, what)
                       + " (headline: the incumbent as the report plots it).")
    frame = ledger.frame()
    against = frame[frame["verdict"] == "contradicted"]
    moved = against[depends_on_reading(against)]
    bullets.append(f"{len(against)} rows are contradicted; {len(moved)} of them change under "
                   "another reading (statistic, tie rule, budget or GA selection): "
                   + (", ".join(moved["id"]) or "none") + ".")
    at_conj = [k for k, v in best.items() if v["score"] == int(k) ** 2 - 4]
    proven = [f"{v['proven_max']} at n = {k}" for k, v in best.items()
              if v["proven_max"] is not None]
    below = [f"n = {k}: {v['score']} (n^2 - 4 = {int(k) ** 2 - 4})" for k, v in best.items()
             if v["score"] < int(k) ** 2 - 4]
    bullets.append("Proven maxima: " + (", ".join(proven) or "none at this scale")
                   + f". The best maze found equals n^2 - 4 at n = {', '.join(at_conj) or '-'}"
                   + (f"; below it at {', '.join(below)}" if below else "") + ".")
    if design and quality is not None:
        d = designer_best(design, best, quality)
        parts = []
        for k, v in d.items():
            if v["unconstrained"] is None:
                parts.append(f"n = {k}: {v['designer']}")
            elif v["unconstrained_feasible"]:
                parts.append(f"n = {k}: {v['designer']}, but the deepest maze we know "
                             f"({v['unconstrained']}) itself has a unique shortest path and no "
                             f"holes, so the designer's runs miss a feasible maze "
                             f"{v['unconstrained'] - v['designer']} moves deeper")
            else:
                parts.append(f"n = {k}: {v['designer']} (the unconstrained best, "
                             f"{v['unconstrained']}, has holes or several shortest paths)")
        bullets.append("The designer's deepest maze (unique shortest path, no black or white "
                       "holes): " + "; ".join(parts) + ".")
    return "\n".join(f"* {x}" for x in bullets)


def quality_table(grids: Mapping[str, object]) -> pd.DataFrame:
    """Neller's quality terms of named grids (score, black/white holes, shortest paths)."""
    rows = []
    for name, g in grids.items():
        ev = model.evaluate(g)
        rows.append({"puzzle": name, "n": ev.n, "score": ev.score,
                     "black_holes": ev.black_holes, "white_holes": ev.white_holes,
                     "shortest_paths": ev.shortest_paths, "unique_path": ev.unique_path})
    return pd.DataFrame(rows)


def best_puzzles(candidates: Sequence[tuple[str, int, object]], bounds: Mapping[int, int],
                 sizes: Sequence[int] = R.REPORT_SIZES) -> dict:
    """The best re-evaluated grid per n among ``(algorithm, n, grid)`` candidates (first wins).

    ``bounds[n]`` is a proven upper bound (a refuted target minus one); a maze that meets it
    proves the maximum.
    """
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
        ub = bounds.get(n)
        if ub is not None and s > ub:
            raise ValueError(f"n={n}: a maze of depth {s} beats the proven bound {ub}")
        out[str(n)] = {"grid": g.tolist(), "score": int(s), "algorithm": alg,
                       "proven_max": int(s) if ub is not None and s == ub else None,
                       "upper_bound": None if ub is None else int(ub)}
    return out
