"""The notebook's experiments: the report's protocol and the tuned annealer as typed tasks with
their workers and tables, and the tables, best puzzles and sentences built from their results."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from puzzles.core import derive_rng, derive_seed, run_tasks, summarise
from puzzles.core.claims import depends_on_reading
from puzzles.core.paper import Task
from puzzles.core.prose import Prose
from puzzles.jumpmaze import exact, model, optimise
from puzzles.jumpmaze.budget import report
from puzzles.jumpmaze.exact import BOUND_NAME

if TYPE_CHECKING:
    from puzzles.jumpmaze.budget import Anneal, MazeBudget

PROSE = Prose("puzzles.jumpmaze")
ALGORITHM_ORDER = {a: i for i, a in enumerate(optimise.ALGORITHMS)}


# --- the report's protocol: one task per (algorithm, n) ------------------------------------------


@dataclass(frozen=True)
class ProtocolTask(Task):
    """``runs`` seeded runs of one report algorithm at one n, under ``budget``'s parameters."""

    EXPERIMENT = "protocol"
    algorithm: str
    n: int
    runs: int
    budget: MazeBudget

    def seed_key(self) -> tuple[int | str, ...]:
        """Run ``r`` is seeded by ``derive_seed(root, algorithm, n, r)``."""
        return (self.algorithm, self.n)

    @property
    def key(self) -> str:
        """``protocol(algorithm=..., n=..., runs=...)`` (the budget is the experiment's)."""
        return f"{self.EXPERIMENT}(algorithm={self.algorithm}, n={self.n}, runs={self.runs})"


@dataclass(frozen=True)
class ProtocolResult:
    """Every run of one (algorithm, n): mean curves, finals, best grids, each run's curves.

    ``run_curves`` and ``run_best_curves`` (runs x points) and ``run_grids`` let the ledger read
    any run at any number of evaluations without rerunning it.
    """

    algorithm: str
    n: int
    mean_curve: np.ndarray
    mean_best_curve: np.ndarray
    final: np.ndarray
    best_scores: np.ndarray
    best_grid: np.ndarray
    best_score: int
    run_curves: np.ndarray
    run_best_curves: np.ndarray
    run_grids: np.ndarray


def protocol_tasks(budget: MazeBudget, root: int,
                   algorithms: Sequence[str] = optimise.ALGORITHMS) -> list[ProtocolTask]:
    """One task per (algorithm, n), the slowest (GA, large n) first so the pool stays busy."""
    order = sorted(((alg, n) for alg in algorithms for n in budget.sizes),
                   key=lambda t: (not t[0].startswith("ga"), -t[1]))
    return [ProtocolTask(alg, n, budget.runs, budget, root=root) for alg, n in order]


def protocol_run(task: ProtocolTask) -> ProtocolResult:
    """Worker: every run of the task, each re-evaluated by the model."""
    results = [optimise.run_algorithm(task.algorithm, task.n,
                                      derive_seed(task.root, *task.seed_key(), r), task.budget)
               for r in range(task.runs)]
    top = max(results, key=lambda res: res.best_score)
    return ProtocolResult(
        algorithm=task.algorithm, n=task.n,
        mean_curve=np.mean([r.curve for r in results], axis=0),
        mean_best_curve=np.mean([r.curve_best for r in results], axis=0),
        final=np.array([r.curve[-1] for r in results]),
        best_scores=np.array([r.best_score for r in results], np.int64),
        best_grid=top.best_grid, best_score=top.best_score,
        run_curves=np.array([r.curve for r in results]),
        run_best_curves=np.array([r.curve_best for r in results]),
        run_grids=np.array([r.best_grid for r in results]))


def protocol_table(tasks: Sequence[ProtocolTask], results: Sequence[ProtocolResult]
                   ) -> pd.DataFrame:
    """One row per (algorithm, n) in the report's order, a column per result field."""
    del tasks
    rows = sorted((dataclasses.asdict(r) for r in results),
                  key=lambda r: (ALGORITHM_ORDER[r["algorithm"]], r["n"]))
    return pd.DataFrame(rows, columns=[f.name for f in dataclasses.fields(ProtocolResult)])


def run_protocol(budget: MazeBudget, seed: int, workers: int | None = None,
                 algorithms: Sequence[str] = optimise.ALGORITHMS,
                 executor: Executor | None = None) -> pd.DataFrame:
    """The protocol table of some algorithms (``PAPER.run("protocol", ...)`` runs them all)."""
    tasks = protocol_tasks(budget, seed, algorithms)
    return protocol_table(tasks, run_tasks(protocol_run, tasks, workers=workers,
                                           executor=executor, desc="report protocol"))


Results = pd.DataFrame | Sequence[dict]


def _records(results: Results) -> list[dict]:
    """The protocol table's rows as dicts (arrays kept as they are); dicts pass through."""
    return results.to_dict("records") if isinstance(results, pd.DataFrame) else list(results)


def curves_table(results: Results, best: bool = False) -> pd.DataFrame:
    """``algorithm,n,iteration,mean_score``: the incumbent (or best-so-far) mean over runs."""
    key = "mean_best_curve" if best else "mean_curve"
    frames = [pd.DataFrame({"algorithm": r["algorithm"], "n": r["n"],
                            "iteration": np.arange(len(r[key])),
                            "mean_score": np.round(r[key], 4)}) for r in _records(results)]
    return pd.concat(frames, ignore_index=True)


def finals_table(results: Results) -> pd.DataFrame:
    """One row per run: the incumbent's final score and the best score the run saw."""
    rows = []
    for r in _records(results):
        for i, (f, b) in enumerate(zip(r["final"], r["best_scores"], strict=True)):
            rows.append({"algorithm": r["algorithm"], "n": r["n"], "run": i,
                         "final_score": float(f), "best_score": int(b)})
    return pd.DataFrame(rows)


# --- the tuned annealer: one task per run --------------------------------------------------------


@dataclass(frozen=True)
class AnnealTask(Task):
    """One run of the tuned annealer (geometric schedule ``t_start`` -> ``t_end``)."""

    EXPERIMENT = "anneal_long"
    n: int
    run: int
    iters: int
    t_start: float
    t_end: float

    def seed_key(self) -> tuple[int | str, ...]:
        """The stored long runs' key: ``("anneal_long", n, run)``."""
        return ("anneal_long", self.n, self.run)


@dataclass(frozen=True)
class AnnealResult:
    """One annealer run: its best score and grid (re-evaluated) and its best-score trace."""

    n: int
    run: int
    seed: int
    best_score: int
    best_grid: np.ndarray
    trace: np.ndarray


def anneal_tasks(runs: Mapping[int, Anneal], root: int) -> list[AnnealTask]:
    """Every run of ``runs`` (n -> runs x iterations), the longest first."""
    tasks = [AnnealTask(n, r, a.iters, a.t_start, a.t_end, root=root)
             for n, a in runs.items() for r in range(a.runs)]
    return sorted(tasks, key=lambda t: -t.iters)


def live_anneal_tasks(budget: MazeBudget, root: int) -> list[AnnealTask]:
    """The notebook's short live runs."""
    return anneal_tasks(budget.live_anneal, root)


def anneal_run(task: AnnealTask) -> AnnealResult:
    """Worker: one seeded run of the tuned annealer."""
    res = optimise.anneal_long(task.n, task.iters, task.seed, t_start=task.t_start,
                               t_end=task.t_end)
    return AnnealResult(task.n, task.run, res.seed, res.best_score, res.best_grid, res.curve)


def anneal_table(tasks: Sequence[AnnealTask], results: Sequence[AnnealResult]) -> pd.DataFrame:
    """One row per run, by n and run: its seed, best score and best grid."""
    del tasks
    rows = sorted(({"n": r.n, "run": r.run, "seed": r.seed, "best_score": r.best_score,
                    "best_grid": r.best_grid} for r in results),
                  key=lambda row: (row["n"], row["run"]))
    return pd.DataFrame(rows, columns=["n", "run", "seed", "best_score", "best_grid"])


def evaluations(algorithm: str, n: int, budget: MazeBudget) -> int:
    """Maze evaluations (BFS calls) of one run of ``algorithm`` at the stated budget: the start
    grid and one per iteration; for the GA the whole population at every generation, the
    first included. This is the budget two optimisers must share to be compared fairly."""
    family = algorithm.partition("_")[0]
    if family == "ga":
        return int(budget.ga_pop[n] * (budget.ga_generations + 1))
    if family not in ("hc", "restarts", "walk", "sa"):
        raise ValueError(f"unknown algorithm {algorithm!r}")
    return int(getattr(budget, family)[n] + 1)


def matched_evaluations(a: str, b: str, n: int, budget: MazeBudget) -> int:
    """The evaluations both ``a`` and ``b`` have made at their stated budgets: the smaller of
    the two, rounded down to whole GA generations when a GA is one side."""
    e = min(evaluations(a, n, budget), evaluations(b, n, budget))
    if a.startswith("ga") or b.startswith("ga"):
        pop = int(budget.ga_pop[n])
        e = pop * (e // pop)
    return e


def curve_point(algorithm: str, n: int, evals: int, budget: MazeBudget) -> int:
    """The index of a run's curve after ``evals`` evaluations (GA: whole generations only)."""
    if not 1 <= evals <= evaluations(algorithm, n, budget):
        raise ValueError(f"{algorithm} at n={n} makes {evaluations(algorithm, n, budget)} "
                         f"evaluations, not {evals}")
    if algorithm.startswith("ga"):
        pop = int(budget.ga_pop[n])
        if evals % pop:
            raise ValueError(f"the GA at n={n} evaluates {pop} mazes a generation; {evals} is "
                             "not a whole number of generations")
        return evals // pop - 1
    return evals - 1


def pairs() -> list[tuple[str, str]]:
    """(better, worse) of every pair-ordering row of the ledger, both tie rules."""
    out = []
    for v in ("strict", "ties"):
        out += [(f"restarts_{v}", f"hc_{v}"), (f"restarts_{v}", f"walk_{v}"),
                ("ga", f"hc_{v}"), ("ga", f"restarts_{v}"), ("ga", f"walk_{v}"),
                ("sa", f"restarts_{v}")]
    return out + [("sa", "ga")]


def rivals(tie: str) -> tuple[str, ...]:
    """Annealing's rivals under one tie rule (both GA readings)."""
    return (f"hc_{tie}", f"restarts_{tie}", f"walk_{tie}", "ga", "ga_top80")


def windows(algorithm: str, n: int, budget: MazeBudget) -> dict[str, int]:
    """Where a window of a run starts (an iteration) for the plateau rows, by reading."""
    family = algorithm.partition("_")[0]
    iters = int(getattr(budget, family)[n])
    if family == "restarts":
        return {"later half": iters // 2, "last climb": iters * 9 // 10}
    out = {"later half": iters // 2}
    if iters > report().hc_plateau_after:  # the report's window at n = 7 (2/5 of its budget)
        out["after iteration 2000"] = report().hc_plateau_after
    elif iters * 2 // 5 not in out.values():
        out["after 2/5 of the budget"] = iters * 2 // 5
    return out


def checkpoints(budget: MazeBudget) -> list[tuple[str, int, int]]:
    """Every ``(algorithm, n, evaluations)`` the ledger reads before a run's end: both sides of
    each compared pair at their matched evaluations, and the plateau windows."""
    out: set[tuple[str, int, int]] = set()

    def both(a: str, b: str, n: int) -> None:
        e = matched_evaluations(a, b, n, budget)
        for alg in (a, b):
            if e != evaluations(alg, n, budget):
                out.add((alg, n, e))

    for n in tuple(budget.sizes):
        for better, worse in pairs():
            both(better, worse, n)
        for v in ("strict", "ties"):
            for rival in rivals(v):
                both("sa", rival, n)
            for alg in (f"hc_{v}", f"restarts_{v}"):
                for start in windows(alg, n, budget).values():
                    out.add((alg, n, start + 1))
    return sorted(out)


CHECKPOINT_COLUMNS = ["algorithm", "n", "evaluations", "run", "incumbent", "best_so_far"]


def checkpoint_table(results: Results, budget: MazeBudget,
                     wanted: Iterable[tuple[str, int, int]]) -> pd.DataFrame:
    """Every run's incumbent and best-so-far score after a given number of evaluations.

    ``wanted``: ``(algorithm, n, evaluations)`` triples; read from the runs' own curves (the
    same runs as ``final_scores_per_run.csv``, nothing rerun). For the GA the incumbent is the
    population mean, as the report plots it.
    """
    by_key = {(r["algorithm"], r["n"]): r for r in _records(results)}
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


def local_maxima_table(results: Results,
                       algorithms: Sequence[str] = ("hc_strict", "hc_ties")) -> pd.DataFrame:
    """Per (algorithm, n): how the best maze of each run sits among its one-jump neighbours.

    ``local_maxima``: runs whose maze has no better neighbour; ``strict_maxima``: no better and
    no equal one (every change worse); ``mean_equal`` / ``neighbours``: equal-score neighbours
    per maze, of how many. A strict climber's best maze is its final maze.
    """
    rows = []
    for r in _records(results):
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


def escapes_table(results: Results,
                  algorithms: Sequence[str] = ("walk_strict", "walk_ties")) -> pd.DataFrame:
    """Per (algorithm, n): runs whose best-so-far still rose after the incumbent first fell
    below it (the search took a worse maze and later went past where it had been)."""
    rows = []
    for r in _records(results):
        if r["algorithm"] not in algorithms:
            continue
        escaped = 0
        for cur, best in zip(r["run_curves"], r["run_best_curves"], strict=True):
            below = np.flatnonzero(cur < best)
            escaped += bool(below.size and best[-1] > best[below[0]])
        rows.append({"algorithm": r["algorithm"], "n": r["n"], "runs": len(r["run_curves"]),
                     "escaped": escaped})
    return pd.DataFrame(rows)


def summary_table(results: Results) -> pd.DataFrame:
    """Per (algorithm, n): mean final score with its 95% CI, median, the best of all runs."""
    rows = []
    for r in _records(results):
        s = summarise(r["final"])
        rows.append({"algorithm": r["algorithm"], "n": r["n"], "runs": s["n"],
                     "mean_final": round(s["mean"], 2),
                     "ci95": round(s["ci95"], 2) if not math.isnan(s["ci95"]) else None,
                     "median_final": s["median"], "best_of_runs": int(r["best_score"]),
                     "solvable_runs": int(np.sum(np.asarray(r["final"]) > 0))})
    return pd.DataFrame(rows)


def task2_examples(seed: int, sizes: Sequence[int] | None = None
                   ) -> list[tuple[int, bool, np.ndarray]]:
    """Task 2's pictures, redrawn: per n the first solvable and first unsolvable random maze.

    The report's own examples are images that did not survive in its text, so these are ours,
    drawn from ``seed``: ``(n, solvable, grid)`` for each n, solvable first.
    """
    out = []
    for n in report().sizes if sizes is None else sizes:
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


def frozen_after(t0: float | None = None, cool: float | None = None, p: float = 1e-3) -> int:
    """First iteration at which a one-point loss is accepted with probability below ``p``
    (``t0``, ``cool``: the report's schedule unless given)."""
    t0 = report().sa_t0 if t0 is None else t0
    cool = report().sa_cool if cool is None else cool
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


PROOF_COLUMNS = ["n", "target_refuted", "nodes", "bound"]


def proofs_table(live: Sequence[exact.ExactResult], stored: Sequence[dict]) -> pd.DataFrame:
    """Every refutation: live complete searches that found nothing, and stored offline ones
    (seed-determined columns only: live times go to timings.csv, offline ones to STORED.csv)."""
    rows = []
    for r in live:
        if not r.complete or r.best_score is not None:
            raise ValueError(f"n={r.n} target {r.target} is not a refutation")
        rows.append({"n": r.n, "target_refuted": r.target, "nodes": r.nodes,
                     "bound": BOUND_NAME})
    for rec in stored:
        if rec["refuted"]:
            rows.append({"n": rec["n"], "target_refuted": rec["target"], "nodes": rec["nodes"],
                         "bound": rec["bound"]})
    out = pd.DataFrame(rows, columns=PROOF_COLUMNS)
    return out.sort_values(["n", "target_refuted"], ignore_index=True)


def upper_bounds(proofs: pd.DataFrame) -> dict[int, int]:
    """n -> the best proven upper bound: the smallest refuted target minus one."""
    return {int(n): int(g["target_refuted"].min()) - 1 for n, g in proofs.groupby("n")}


def offline_proof_sentence(record: dict | None) -> str:
    """What the stored offline refutation attempt did (or that there is none)."""
    if record is None:
        return PROSE.text("offline_proof_none")
    done = sum(b["complete"] for b in record["branches"])
    total = len(record["branches"])
    verdict = ("**refuted**: no maze that deep exists" if record["refuted"]
               else f"**not finished**: {done} of {total} top-level branches complete")
    open_ = [b for b in record["branches"] if not b["complete"]]
    tail = ("" if not open_ else " Open branches (jump of the start, of its right neighbour): "
            + ", ".join(f"{tuple(b['prefix'])} after {b['nodes']:,} nodes" for b in open_) + ".")
    return PROSE.text("offline_proof", n=record["n"], target=record["target"], verdict=verdict,
                      nodes=record["nodes"], limit=record["node_limit_per_branch"],
                      cpu=record["cpu_seconds_offline"], bound=record["bound"],
                      numba=record["numba"], made_by=record["made_by"],
                      command=record["command"], tail=tail)


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
    return PROSE.text(
        "conjecture", matching=", ".join(map(str, match["n"])),
        off=f" (and differ at {off_txt})" if off_txt else "",
        bounds="; ".join(f"n = {r.n}: at most {r.upper_bound}" for r in conj.itertuples()
                         if pd.isna(r.proven_max) and not pd.isna(r.upper_bound)))


def count_sentence(ledger: Any, prefix: str, what: str) -> str:
    """'<what>: holds at a of N sizes, inconclusive at b, reversed at c' (ids starting
    ``prefix``, headline verdicts), and how many verdicts change under another reading."""
    rows = [c for c in ledger if c.id.startswith(prefix)]
    if not rows:
        return PROSE.text("count_unchecked", what=what)
    k = {v: sum(c.verdict == v for c in rows)
         for v in ("reproduced", "inconclusive", "contradicted", "differs", "not comparable")}
    frame = ledger.frame()
    moved = int(depends_on_reading(frame[frame["id"].str.startswith(prefix)]).sum())
    return PROSE.text("count", what=what, rows=len(rows), reproduced=k["reproduced"],
                      inconclusive=k["inconclusive"], contradicted=k["contradicted"],
                      others="".join(f", {v} at {k[v]}" for v in ("differs", "not comparable")
                                     if k[v]), moved=moved)


def feasible(quality: pd.DataFrame, n: int) -> bool:
    """Whether the unconstrained best n x n maze (``quality``: quality_terms.csv rows named
    'best n=<n>') already has a unique shortest path and no black or white holes."""
    d = quality[quality["puzzle"] == f"best n={n}"]
    if d.empty:
        return False
    r = d.iloc[0]
    return bool(r["unique_path"]) and int(r["black_holes"]) == 0 and int(r["white_holes"]) == 0


def proven_constrained(maxima: pd.DataFrame | None) -> dict[str, int]:
    """Per n (as text), the constrained maxima ``designer_maxima.csv`` proves."""
    if maxima is None:
        return {}
    done = maxima.dropna(subset=["proven_max_constrained"])
    return {str(int(r.n)): int(r.proven_max_constrained) for r in done.itertuples()}


def designer_best(design: Mapping[str, dict], best: Mapping[str, dict],
                  quality: pd.DataFrame, maxima: pd.DataFrame | None = None
                  ) -> dict[str, dict]:
    """Per n: the designer's deepest feasible maze, the proven constrained maximum (``maxima``:
    ``designer_maxima.csv``; None where unproven) and the deepest feasible maze we know (the
    larger of those, and of the unconstrained best when it is itself feasible)."""
    proven = proven_constrained(maxima)
    out = {}
    for k, v in design.items():
        top = best.get(k)
        ok = top is not None and feasible(quality, int(k))
        known = max(v["score"], top["score"]) if ok else v["score"]
        out[k] = {"designer": int(v["score"]), "known": int(max(known, proven.get(k, 0))),
                  "unconstrained": None if top is None else int(top["score"]),
                  "unconstrained_feasible": ok, "proven": proven.get(k)}
    return out


CONCLUDED = (("T4-restarts-hc-strict", "Restarts beat plain hill climbing"),
             ("T4-restarts-walks-strict", "Restarts beat walks"),
             ("T6-sa-best", "Annealing is the best algorithm"),
             ("T7-ga-hc-strict", "The GA beats plain hill climbing"),
             ("T7-ga-restarts-strict", "The GA beats restarts"),
             ("T7-ga-walk-strict", "The GA beats walks"))


def _report_bullets(ledger: Any) -> list[str]:
    """The report's evaluation, its best puzzle and its orderings."""
    bullets = []
    if "T2-best-score" in ledger:
        bullets.append(PROSE.text("conclusion_evaluation", score=ledger["T2-best-score"].ours,
                                  depths=ledger["T2-depths"].ours))
    if "T8-best-103" in ledger:
        b = ledger["T8-best-103"]
        bullets.append(PROSE.text("conclusion_best", ours=b.ours, paper=b.paper, test=b.test,
                                  p=b.p, p_adjusted=b.p_adjusted, verdict=b.verdict))
    bullets += [PROSE.text("conclusion_count", sentence=count_sentence(ledger, prefix, what))
                for prefix, what in CONCLUDED]
    return bullets


def _contradicted_bullet(ledger: Any) -> str:
    frame = ledger.frame()
    against = frame[frame["verdict"] == "contradicted"]
    moved = against[depends_on_reading(against)]
    return PROSE.text("conclusion_contradicted", rows=len(against), moved=len(moved),
                      ids=", ".join(moved["id"]) or "none")


def _maxima_bullet(best: Mapping[str, dict]) -> str:
    at_conj = [k for k, v in best.items() if v["score"] == int(k) ** 2 - 4]
    proven = [f"{v['proven_max']} at n = {k}" for k, v in best.items()
              if v["proven_max"] is not None]
    below = [f"n = {k}: {v['score']} (n^2 - 4 = {int(k) ** 2 - 4})" for k, v in best.items()
             if v["score"] < int(k) ** 2 - 4]
    return PROSE.text("conclusion_maxima", proven=", ".join(proven) or "none at this scale",
                      at_conjecture=", ".join(at_conj) or "-",
                      below=f"; below it at {', '.join(below)}" if below else "")


def _designer_bullet(design: Mapping[str, dict], best: Mapping[str, dict],
                     quality: pd.DataFrame, maxima: pd.DataFrame | None) -> str:
    parts = []
    for k, v in designer_best(design, best, quality, maxima).items():
        if v["proven"] is not None:
            parts.append(PROSE.text("designer_part_proven", n=k, designer=v["designer"],
                                    proven=v["proven"]))
        elif v["unconstrained"] is None:
            parts.append(PROSE.text("designer_part", n=k, designer=v["designer"]))
        elif v["unconstrained_feasible"]:
            parts.append(PROSE.text("designer_part_missed", n=k, designer=v["designer"],
                                    unconstrained=v["unconstrained"],
                                    gap=v["unconstrained"] - v["designer"]))
        else:
            parts.append(PROSE.text("designer_part_infeasible", n=k, designer=v["designer"],
                                    unconstrained=v["unconstrained"]))
    return PROSE.text("conclusion_designer", parts="; ".join(parts))


def conclusion(ledger: Any, best: Mapping[str, dict],
               design: Mapping[str, dict] | None = None,
               quality: pd.DataFrame | None = None, maxima: pd.DataFrame | None = None) -> str:
    """The notebook's closing bullets, every number from the ledger and the results
    (``maxima``: the proven constrained maxima, ``designer_maxima.csv``)."""
    bullets = [*_report_bullets(ledger), _contradicted_bullet(ledger), _maxima_bullet(best)]
    if design and quality is not None:
        bullets.append(_designer_bullet(design, best, quality, maxima))
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
                 sizes: Sequence[int] | None = None) -> dict:
    """The best re-evaluated grid per n among ``(algorithm, n, grid)`` candidates (first wins).

    ``bounds[n]`` is a proven upper bound (a refuted target minus one); a maze that meets it
    proves the maximum. ``sizes``: the report's unless given.
    """
    out = {}
    for n in report().sizes if sizes is None else sizes:
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
