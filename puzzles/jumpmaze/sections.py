"""Notebook 03's sections as functions: each cell calls one or two of these.

Every step that is more than a call (checks of the report's puzzle, the tables of the protocol,
the exact proofs and refutations, the stored long runs and designer runs re-checked, the best
puzzles among every candidate) lives here, so the notebook holds no formula and no loop.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any

import numba
import numpy as np
import pandas as pd
from IPython.display import Markdown

from puzzles.core.claims import coverage, depends_on_reading, fmt, inventory
from puzzles.core.game import Player
from puzzles.jumpmaze import (
    attained,
    designer,
    estimate,
    exact,
    experiments,
    matched,
    model,
    offline,
)
from puzzles.jumpmaze.budget import report
from puzzles.jumpmaze.experiments import PROSE
from puzzles.jumpmaze.game import MazeGame
from puzzles.jumpmaze.optimise import ALGORITHMS
from puzzles.jumpmaze.readings import MARGINS, TIE, Runs, gain

if TYPE_CHECKING:
    from puzzles.jumpmaze.budget import MazeBudget


def scale_note(scale: str, budget: MazeBudget) -> Markdown:
    """The scale the notebook runs at."""
    return PROSE("scale", scale=scale, runs=budget.runs, sizes=budget.sizes,
                 numba=numba.__version__)


def report_check(grid: object, printed_depths: np.ndarray) -> Markdown:
    """The report's puzzle re-evaluated: its score, a replayed shortest solution, its depths."""
    ev = model.evaluate(grid)
    return PROSE("report_check", score=ev.score, paper=report().best_score,
                 replayed=model.replay(grid, model.shortest_path(grid)), cells=ev.n * ev.n,
                 depths_ok=bool(np.array_equal(ev.depths, printed_depths)),
                 white=ev.white_holes, black=ev.black_holes, paths=ev.shortest_paths)


def budget_note(budget: MazeBudget) -> Markdown:
    """The shared parameters of the protocol."""
    return PROSE("budgets", runs=budget.runs, generations=budget.ga_generations,
                 walk_p=budget.walk_p, t0=budget.sa_t0, cool=budget.sa_cool,
                 mutation=budget.ga_mutation, clone=budget.ga_clone)


def budget_table(budget: MazeBudget) -> pd.DataFrame:
    """Iterations (GA: population) per n of every optimiser."""
    table = pd.DataFrame({k: getattr(budget, k)
                          for k in ("hc", "restarts", "walk", "sa", "ga_pop")}).T
    table.index = ["hill climbing iterations", "restarts: total iterations (10 climbs)",
                   "random walk iterations", "annealing iterations",
                   "GA population (x generations)"]
    table.columns = [f"n={n}" for n in table.columns]
    return table


def protocol_tables(results: pd.DataFrame, budget: MazeBudget,
                    wanted: Sequence[tuple[str, int, int]]) -> dict[str, pd.DataFrame]:
    """The protocol's result files by name: curves, curves_best, checkpoints, final_scores,
    final_scores_per_run."""
    return {"curves": experiments.curves_table(results),
            "curves_best": experiments.curves_table(results, best=True),
            "checkpoints": experiments.checkpoint_table(results, budget, wanted),
            "final_scores": experiments.summary_table(results),
            "final_scores_per_run": experiments.finals_table(results)}


def by_algorithm(summary: pd.DataFrame, values: str) -> pd.DataFrame:
    """``values`` of ``final_scores.csv`` per algorithm (rows, the report's order) and n."""
    table = summary.pivot(index="algorithm", columns="n", values=values)
    return table.loc[[a for a in ALGORITHMS if a in table.index]]


def curve_points(curves: pd.DataFrame) -> Markdown:
    """How many curve points the protocol gave."""
    return PROSE("curve_points", points=len(curves), algorithms=curves["algorithm"].nunique(),
                 sizes=curves["n"].nunique())


def frozen(budget: MazeBudget) -> Markdown:
    """From which iteration the report's annealing takes no loss, at the largest n."""
    n = max(budget.sizes)
    return PROSE("frozen", frozen=experiments.frozen_after(), iters=budget.sa[n], n=n)


def plateau_gains(tables: Mapping[str, pd.DataFrame], budget: MazeBudget) -> pd.DataFrame:
    """Each climber's mean gain per run over each plateau window (the T3-plateau rows' data)."""
    runs = Runs(tables["final_scores_per_run"], tables["checkpoints"], budget)
    rows = [{"climber": TIE[v], "n": n, "window": name, "from iteration": start,
             "mean gain": round(float(gain(runs, f"hc_{v}", n, start).mean()), 2)}
            for v in TIE for n in budget.sizes
            for name, start in experiments.windows(f"hc_{v}", n, budget).items()]
    return pd.DataFrame(rows).pivot(index=["climber", "window"], columns="n",
                                    values="mean gain")


def margins_table() -> pd.DataFrame:
    """The margins the equivalence rows use, as the notebook shows them (kind, rows, why)."""
    return pd.DataFrame([
        {"kind": "estimate", "rows": "T3-plateau-*", "margin": MARGINS.plateau.text,
         "why": "one move of goal depth is the score's unit; a mean gain under one move over "
                "thousands of iterations is 'no large impact'"},
        {"kind": "extreme", "rows": "T8-best-103", "margin": MARGINS.best_puzzle.text,
         "why": "2% of 103: one search's best maze is luck, 101 vs 103 is not a different "
                "result"},
        {"kind": "ordering, trend", "rows": "T4-*, T6-*, T7-*", "margin": "none",
         "why": "one-sided rank tests: any difference significant after Holm's correction "
                "counts"},
    ])


# --- sentences from the built ledger (after the ledger cell) -------------------------------------


def _reading(ledger: Any, claim_id: str, name: str) -> str:
    """The verdict of ``claim_id`` under its reading ``name`` (from the row's ``readings``)."""
    parts = dict(part.rsplit(": ", 1) for part in ledger[claim_id].readings.split("; "))
    return parts[name]


def reading_evidence(ledger: Any, gains: pd.DataFrame) -> Markdown:
    """Why the headline reading is the report's own, with the measured evidence."""
    r = report()
    parts = ["**The report's own reading.** "
             + PROSE.text("report_reading", runs=r.runs, after=r.hc_plateau_after)]
    cid, window = "T3-plateau-hc_strict", "after iteration 2000"
    if 7 in gains.columns and ledger[cid].verdict != "not comparable":
        parts.append(PROSE.text(
            "reading_plateau", after=r.hc_plateau_after,
            strict=fmt(gains.loc[("strict climber", window), 7], 3),
            strict_verdict=_reading(ledger, cid, f"strict climber, {window}"),
            ties=fmt(gains.loc[("ties accepted", window), 7], 3),
            ties_verdict=_reading(ledger, cid, f"ties accepted, {window}")))
    parts.append(PROSE.text("reading_poor", readings=ledger["T3-hc-poor"].readings))
    parts.append(PROSE.text("reading_headline"))
    return Markdown(" ".join(parts))


def reading_table(ledger: Any, prefixes: Sequence[str]) -> pd.DataFrame:
    """One line per ordering row (a ``-ties`` row has its ``-strict`` row's readings, so it is
    left out): its headline verdict and its verdict under each reading."""
    rows = []
    for c in ledger:
        if not c.id.startswith(tuple(prefixes)) or not c.readings or "-ties-" in c.id:
            continue
        rows.append({"id": c.id, **dict(part.rsplit(": ", 1) for part in c.readings.split("; "))})
    return pd.DataFrame(rows).fillna("").set_index("id")


def curves_sentence(summary: pd.DataFrame, n: int = 11) -> str:
    """Strict vs tie-accepting hill climbing at ``n`` (mean final score)."""
    piv = summary.set_index(["algorithm", "n"])["mean_final"]
    return PROSE.text("curves", n=n, strict=fmt(piv['hc_strict', n], 3),
                      ties=fmt(piv['hc_ties', n], 3))


def plateau_sentences(ledger: Any) -> Markdown:
    """Markdown bullets: every plateau row's headline verdict."""
    return Markdown("\n".join(
        PROSE.text("plateau_row", claim=c.claim, ours=c.ours, evidence=c.uncertainty or c.test,
                   margin=c.margin, verdict=c.verdict, readings=c.readings)
        for c in ledger if c.id.startswith("T3-plateau") and "_ties" not in c.id))


COUNTED = (("T4-restarts-hc-strict", "random restarts beat plain hill climbing"),
           ("T4-restarts-walks-strict", "random restarts beat random walks"),
           ("T6-sa-best", "simulated annealing is the best algorithm"),
           ("T7-ga-hc-strict", "the GA beats plain hill climbing"),
           ("T7-ga-restarts-strict", "the GA beats random restarts"),
           ("T7-ga-walk-strict", "the GA beats random walks"),
           ("T7-sa-ga", "annealing beats the GA"))


def count_sentences(ledger: Any) -> Markdown:
    """Markdown bullets: every ordering claim of the report, counted over the sizes."""
    return Markdown("\n".join(f"* {experiments.count_sentence(ledger, prefix, what)}."
                              for prefix, what in COUNTED))


def best_sentence(ledger: Any) -> Markdown:
    """The report's 103-move puzzle against the best of our runs."""
    t8 = ledger["T8-best-103"]
    return Markdown(PROSE.text("best_row", claim=t8.claim, ours=t8.ours, test=t8.test,
                               uncertainty=t8.uncertainty, p=t8.p, p_adjusted=t8.p_adjusted,
                               verdict=t8.verdict))


def ga_sentence(curves: pd.DataFrame, at: int = 10) -> Markdown:
    """How the two GA readings rise: population mean at generation 0, ``at`` and the end."""
    parts = []
    for alg in ("ga", "ga_top80"):
        d = curves[curves["algorithm"] == alg]
        bits = []
        for n, g in d.groupby("n"):
            s = g.set_index("iteration")["mean_score"]
            last, k = int(s.index.max()), min(at, int(s.index.max()))
            bits.append(PROSE.text("ga_bit", n=n, first=fmt(s.loc[0], 3), at=k,
                                   at_value=fmt(s.loc[k], 3), last=last,
                                   last_value=fmt(s.loc[last], 3), peak=fmt(s.max(), 3)))
        if bits:
            parts.append(PROSE.text("ga_item", algorithm=alg, bits="; ".join(bits)))
    return Markdown("\n".join(parts))


# --- exact search --------------------------------------------------------------------------------


def known_best(summary: pd.DataFrame, budget: MazeBudget) -> dict[int, int]:
    """Per n to prove: the best score known (the protocol's best run, the stored long runs)."""
    known = {int(k): a["best_score"] for k, a in long_runs()[0].items()}
    best = {n: int(summary[summary["n"] == n]["best_of_runs"].max()) for n in budget.sizes}
    return {n: max(best.get(n, 1), known.get(n, 1)) for n in budget.exact_live}


def prove_maxima(lower: Mapping[int, int]) -> list[exact.ExactResult]:
    """Prove the maximum at each n from a depth known to be reachable; the witness grid was
    re-evaluated by the model inside the search, and is checked again here."""
    exact.search(3, 1)  # compile the kernel first: the times are warm
    maxima = [exact.prove_max(n, low) for n, low in lower.items()]
    for p in maxima:
        if not (p.complete and model.score(p.grid) == p.proven_max):
            raise RuntimeError(f"n={p.n}: the proof did not complete with a checked witness")
    return maxima


def refute(maxima: Sequence[exact.ExactResult], sizes: Sequence[int]
           ) -> list[exact.ExactResult]:
    """Refute each proven maximum + 1, and n^2 - 2 at each of ``sizes``."""
    return ([exact.search(p.n, p.proven_max + 1) for p in maxima]
            + [exact.search(n, n * n - 2) for n in sizes])


def check_refuted(branches: pd.DataFrame) -> exact.ExactResult:
    """The parallel refutation's branches as one search (ValueError unless refuted)."""
    if not exact.refuted(branches):
        raise ValueError("the parallel search did not refute its target")
    return exact.combined(branches)


def stored_refutations() -> list[dict]:
    """The stored offline refutation attempt(s), with their commands and CPU seconds."""
    return [offline.refutation_record(offline.stored("offline-refutation"),
                                      offline.stored_row("offline-refutation"))]


def search_times(results: Sequence[exact.ExactResult]) -> pd.DataFrame:
    """Nodes and (warm) seconds of every search."""
    return pd.DataFrame([{"n": p.n, "target": p.target, "nodes": p.nodes,
                          "seconds": round(p.seconds, 3)} for p in results])


# --- the stored long runs ------------------------------------------------------------------------


def long_runs() -> tuple[dict[str, dict], dict[str, dict]]:
    """The stored annealer runs per n (the later n = 10 runs last) and the stored proofs, every
    grid re-evaluated by the model."""
    anneal = offline.anneal_records(offline.stored("long-anneal"))
    extra = offline.anneal_records(offline.stored("long-anneal-extra"))
    proofs = offline.proof_records(offline.stored("long-proofs"))
    offline.verify(anneal, proofs)
    offline.verify(extra, {})
    return {**anneal, **extra}, proofs


def long_table(anneal: Mapping[str, dict]) -> pd.DataFrame:
    """``long_runs.csv``: per n the runs, their schedule and scores, the best re-evaluated."""
    rows = []
    for key, a in sorted(anneal.items(), key=lambda kv: int(kv[0])):
        rows.append({"n": int(key), "runs": a["runs"], "iterations per run": a["iters"],
                     "T start": a["t_start"], "T end": a["t_end"], "scores of the runs":
                     a["scores"], "best (re-evaluated)": model.score(a["best_grid"]),
                     "n^2 - 4": int(key) ** 2 - 4})
    return pd.DataFrame(rows)


def long_note() -> Markdown:
    """Who made the stored long runs, in how long, and how to make them again."""
    first, later = offline.stored_row("long-anneal"), offline.stored_row("long-anneal-extra")
    sizes = offline.stored("long-anneal")["n"].unique()
    extra = offline.stored("long-anneal-extra")
    return PROSE("long_runs", sizes=", ".join(map(str, sizes)), made_by=first["made_by"],
                 wall=first["wall_seconds"], note=first["note"],
                 extra_sizes=", ".join(map(str, extra["n"].unique())),
                 extra_made_by=later["made_by"], extra_numba=extra["numba"].iloc[0],
                 extra_wall=later["wall_seconds"], command=first["command"],
                 extra_command=later["command"])


def live_note(live: pd.DataFrame, budget: MazeBudget) -> Markdown:
    """The live annealer runs, each best grid re-evaluated."""
    for r in live.itertuples():
        if model.score(r.best_grid) != r.best_score:
            raise RuntimeError(f"live run {r.run}: the model disagrees with the kernel")
    (n, a), = budget.live_anneal.items()
    return PROSE("live_anneal", n=n, iters=a.iters, scores=[int(s) for s in live["best_score"]],
                 paper=report().best_score)


def candidates(results: pd.DataFrame, anneal: Mapping[str, dict], live: pd.DataFrame,
               maxima: Sequence[exact.ExactResult], proofs: Mapping[str, dict]
               ) -> list[tuple[str, int, Any]]:
    """Every grid that may be the best at its n, in the order the first of equals wins:
    the protocol, the stored long runs, the live runs, the exact proofs (live, then stored)."""
    out = [(r["algorithm"], r["n"], r["best_grid"]) for r in experiments._records(results)]
    out += [("anneal_long", int(k), a["best_grid"]) for k, a in anneal.items()]
    out += [("anneal_long", int(r.n), r.best_grid) for r in live.itertuples()]
    out += [("exact_search", p.n, p.grid) for p in maxima]
    out += [("exact_search", int(k), v["grid"]) for k, v in proofs.items()
            if v["grid"] is not None]
    return out


def best_table(best: Mapping[str, dict]) -> pd.DataFrame:
    """The best puzzles per n: score, who found it, the proven maximum and upper bound."""
    return pd.DataFrame([{"n": int(k), "score": v["score"], "found by": v["algorithm"],
                          "proven max": v["proven_max"], "upper bound": v["upper_bound"]}
                         for k, v in best.items()]).astype({"proven max": "Int64",
                                                            "upper bound": "Int64"})


def quality(report_grid: object, best: Mapping[str, dict]) -> pd.DataFrame:
    """Neller's quality terms of the report's puzzle and of every best puzzle."""
    return experiments.quality_table({"report n=11": report_grid,
                                      **{f"best n={k}": v["grid"] for k, v in best.items()}})


# --- the designer --------------------------------------------------------------------------------


def live_designs(budget: MazeBudget, seed: int) -> pd.DataFrame:
    """One live designer run per objective: the terms of its lowest-energy maze, its score and
    the deepest feasible maze it met."""
    runs = {obj: designer.design(budget.live_design_n, budget.live_design_iters, seed,
                                 objective=obj) for obj in designer.OBJECTIVES}
    return pd.DataFrame({obj: {**designer.terms(r.best_grid), "score": model.score(r.best_grid),
                               "deepest feasible met": r.feasible_depth}
                         for obj, r in runs.items()}).T


def designer_out(best: Mapping[str, dict]) -> dict[str, dict]:
    """The stored designer mazes re-checked, beside the unconstrained best (``designer.json``)."""
    sizes = offline.design_records(offline.stored("designer-runs"))
    return {k: {**v, "unconstrained_best": best[k]["score"] if k in best else None,
                "unconstrained_upper_bound": best[k]["upper_bound"] if k in best else None}
            for k, v in designer.verify(sizes).items()}


def designer_note() -> Markdown:
    """Who made the stored designer runs, in how long."""
    row = offline.stored_row("designer-runs")
    return PROSE("designer_offline", wall=row["wall_seconds"],
                 numba=offline.stored("designer-runs")["numba"].iloc[0], command=row["command"])


def designer_table(design: Mapping[str, dict]) -> pd.DataFrame:
    """The designer's deepest feasible maze per n beside the unconstrained best."""
    return pd.DataFrame([{"n": int(k), "designer's deepest (unique path, no holes)": v["score"],
                          "unconstrained best": v["unconstrained_best"],
                          "Neller energy": v["neller_energy"]} for k, v in design.items()])


def ledger_note(ledger: Any) -> Markdown:
    """The ledger's verdict counts, checked to cover every claim of the inventory, and how
    many verdicts depend on the reading."""
    claims = inventory("puzzles.jumpmaze")
    cov = coverage(ledger.frame(), claims)
    if not cov.complete:
        raise ValueError(f"the ledger misses claims of the inventory: {cov}")
    return PROSE("ledger_summary", summary=ledger.summary(), claims=len(claims),
                 moved=int(depends_on_reading(ledger.frame()).sum()))


def play(best: Mapping[str, dict], fallback: object, n: str = "7") -> Any:
    """The core Player on the best maze of size ``n`` (``fallback`` when there is none)."""
    return Player(MazeGame(best[n]["grid"] if n in best else fallback))


# --- issue 25: matched budgets, the designer's proven optimum, incremental evaluation -------------


def matched_runs() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The stored matched-budget runs (every optimiser at E(n) evaluations) and their summary."""
    table = offline.stored("matched")
    return table, matched.summary(table)


def matched_note(table: pd.DataFrame) -> Markdown:
    """E(n) per n and annealing against the tie-accepting climber at equal evaluations."""
    sizes = sorted(int(n) for n in table["n"].unique())
    verdicts = []
    for n in sizes:
        evs = matched.equal_readings(table, "sa", "hc_ties", n)
        verdicts.append(f"n = {n}: " + ", ".join(
            f"{label.rpartition(', ')[2]} {ev.verdict(ev.p)} (p = {ev.p:.2g})"
            for label, ev in evs.items()))
    return PROSE("matched", budgets=", ".join(f"n = {n}: {matched.stored_evaluations(table, n):,}"
                                              for n in sizes),
                 runs=int(table["run"].max()) + 1, sa_ties="; ".join(verdicts),
                 command=offline.stored_row("matched")["command"])


def designer_maxima(design: Mapping[str, dict]) -> tuple[pd.DataFrame, Markdown]:
    """``designer_maxima.csv`` from the stored constrained searches, and its sentence (with
    the unmerged search's own proofs at n = 5 and 6 beside them)."""
    data = resources.files("puzzles.jumpmaze").joinpath("data")
    unmerged = [json.loads(data.joinpath(f"constrained_n{n}.json").read_text("utf-8"))
                for n in (5, 6)]
    table = attained.maxima_table(offline.stored("constrained-maxima"), design)
    proven = table.dropna(subset=["proven_max_constrained"])
    note = PROSE("designer_maxima",
                 proven=", ".join(f"{r.proven_max_constrained} at n = {r.n} ({r.nodes:,} nodes)"
                                  for r in proven.itertuples()),
                 command=offline.stored_row("constrained-maxima")["command"],
                 unmerged=", ".join(f"{r['proven_max']} in {r['nodes']:,} nodes"
                                    for r in unmerged),
                 designer=", ".join(f"{r.designer_best} at n = {r.n}"
                                    for r in table.itertuples()))
    return table, note


def incremental_note(check: pd.DataFrame, timing: pd.DataFrame) -> Markdown:
    """The incremental evaluator's benchmark in one sentence."""
    runs = int(check["runs"].sum())
    return PROSE("incremental", identical=f"{int(check['identical_runs'].sum())} of {runs}",
                 speedup=f"{timing['speedup'].min():.2f}-{timing['speedup'].max():.2f}x",
                 skipped=f"{check['skipped_share'].min():.0%}-{check['skipped_share'].max():.0%}")


def incremental_bench() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The stored benchmark of :func:`puzzles.jumpmaze.incremental.benchmark` (50 runs per
    case): identical runs and skip shares (seed-determined), and its CPU times (a timing file)."""
    data = resources.files("puzzles.jumpmaze").joinpath("data")
    return (pd.read_csv(str(data.joinpath("incremental_benchmark.csv"))),
            pd.read_csv(str(data.joinpath("timing_incremental_benchmark.csv"))))


SMALL_BRANCH = 10_000  # nodes: a branch estimated below this closes in well under a second


def size_estimates() -> tuple[pd.DataFrame, pd.DataFrame, Markdown]:
    """The stored Knuth estimates of the unfinished refutations, their totals and their
    sentence (read from the table alone: it was made at the paper's budget, whatever the
    notebook's scale)."""
    table = offline.stored("size-estimates")
    tot = estimate.totals(table).set_index(["n", "target", "waste"])
    # the open branches were estimated with and without the forced-waste bound
    (n, target), = {k[:2] for k in tot.index if k[2]}
    n8, n8w = tot.loc[(n, target, False)], tot.loc[(n, target, True)]
    (wn, wt), = {k[:2] for k in tot.index} - {(n, target)}
    whole = table[(table["n"] == wn) & (table["target"] == wt)]
    big = whole[whole["estimate"] >= SMALL_BRANCH]
    note = PROSE("size_estimates", probes=int(table["probes"].iloc[0]),
                 command=offline.stored_row("size-estimates")["command"], n=n, target=target,
                 n8_open=int(n8["branches"]), n8=float(n8["estimate"]),
                 n8_lo=float(n8["batch_min"]), n8_hi=float(n8["batch_max"]),
                 met=int(n8["goal_probes"] + n8w["goal_probes"]),
                 n8_waste=float(n8w["estimate"]), wn=wn, wt=wt, n9_small=len(whole) - len(big),
                 n9_branches=len(whole), small=SMALL_BRANCH, n9_big=len(big),
                 n9=float(big["estimate"].sum()))
    return table, tot.reset_index(), note
