"""The notebook's experiments: task lists, the result files, and the tables beside the paper's."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from puzzles.core import derive_seed, mean_ci
from puzzles.core.storage import read_stored
from puzzles.logicgrid import reference, released
from puzzles.logicgrid.budget import STORED_DIR, LogicGridBudget
from puzzles.logicgrid.count import count_solutions, holds, solutions
from puzzles.logicgrid.fi2pop import (
    ABLATIONS,
    EXPERIMENTS,
    SPACES,
    TALLY,
    TrialResult,
    TrialTask,
    mutation_study,
)
from puzzles.logicgrid.hints import TYPE_LABELS, TYPES, Hint, from_array, parse_puzzle, text
from puzzles.logicgrid.hints import to_dict as hint_dict
from puzzles.logicgrid.model import CLUE, MINI, Space, solution_rows
from puzzles.logicgrid.solver import grid_solution, solve

MAIN = ("hint size and difficulty", "difficulty only")


def trial_tasks(budget: LogicGridBudget, root: int) -> list[TrialTask]:
    """Every FI-2Pop trial of the notebook, longest first (that keeps every worker busy): the
    paper's three experiments, both main ones again under the paper's weaker feasibility
    (beyond the paper), and the other infeasible fitnesses (the full one is the main runs)."""
    gens = {MAIN[0]: budget.generations, MAIN[1]: budget.generations_difficulty,
            "mini 3x4": budget.mini_generations}
    main = [TrialTask(name, t, gens[name], root=root)
            for name, trials in ((MAIN[0], budget.trials), (MAIN[1], budget.trials),
                                 ("mini 3x4", budget.mini_trials)) for t in range(trials)]
    weak = [TrialTask(name, t, gens[name], weak=True, root=root)
            for name in MAIN for t in range(budget.weak_trials)]
    ablation = [TrialTask(MAIN[0], t, budget.ablation_generations, ablation=name, root=root)
                for name in ABLATIONS if name != "full" for t in range(budget.ablation_trials)]
    return sorted(main[::-1] + weak[::-1] + ablation, key=lambda t: -t.generations)


def fitness_solver_tasks(budget: LogicGridBudget, root: int) -> list[TrialTask]:
    """Both main experiments again with the authors' solver's loop count in the fitness (their
    GA's fitness; feasibility stays ours), longest first."""
    gens = {MAIN[0]: budget.generations, MAIN[1]: budget.generations_difficulty}
    tasks = [TrialTask(name, t, gens[name], fitness_solver="paper", root=root)
             for name in MAIN for t in range(budget.trials)]
    return sorted(tasks, key=lambda t: -t.generations)


def stored_trials_table(tasks: Sequence[TrialTask], results: Sequence[TrialResult]
                        ) -> pd.DataFrame:
    """One row of plain values per trial (a stored CSV): the task, first feasible generation,
    the best puzzle's loops (the fitness's count), fitness and clue rows (JSON), the feasible
    share over generations 1.. and the final top infeasible fitness."""
    return pd.DataFrame([{
        "experiment": t.experiment, "trial": t.trial, "generations": t.generations,
        "fitness_solver": t.fitness_solver, "first_feasible": r.first_feasible,
        "loops": r.loops, "fitness": round(r.fitness, 9),
        "hints": json.dumps(None if r.hints is None else r.hints.tolist()),
        "share": round(float(np.mean(r.n_feasible[1:])) / 50, 9),
        "final_infeasible": round(float(r.best_infeasible[-1]), 9)}
        for t, r in zip(tasks, results, strict=True)])


def stored_records(table: pd.DataFrame) -> list[dict]:
    """The trials of :func:`stored_trials_table` as :func:`trial_records` gives them (the
    per-generation arrays reduced to what the ledger reads: the share and the final top)."""
    out = []
    for r in table.to_dict("records"):
        task = TrialTask(r["experiment"], int(r["trial"]), int(r["generations"]),
                         fitness_solver=r["fitness_solver"])
        hints = json.loads(r["hints"])
        out.append({"experiment": r["experiment"], "trial": int(r["trial"]),
                    "overrides": task.overrides, "first_feasible": int(r["first_feasible"]),
                    "hints": None if hints is None else np.array(hints, dtype=np.int64),
                    "loops": int(r["loops"]), "fitness": float(r["fitness"]),
                    "n_feasible": np.array([0.0, 50 * float(r["share"])]),
                    "best_infeasible": np.array([float(r["final_infeasible"])]),
                    "tally": {}})
    return out


def trials_table(tasks: Sequence[TrialTask], results: Sequence[TrialResult]) -> pd.DataFrame:
    """One row per trial: its task, tallies, best puzzle and per-generation arrays."""
    rows = []
    for t, r in zip(tasks, results, strict=True):
        rows.append({"experiment": t.experiment, "trial": t.trial, "generations": t.generations,
                     "ablation": t.ablation, "weak": t.weak,
                     "first_feasible": r.first_feasible, "loops": r.loops,
                     "fitness": r.fitness, **r.tally, "hints": r.hints,
                     "n_feasible": r.n_feasible, "best_feasible": r.best_feasible,
                     "best_infeasible": r.best_infeasible})
    return pd.DataFrame(rows)


def trial_records(table: pd.DataFrame) -> list[dict]:
    """The trials of :func:`trials_table` as the dicts the tables and the ledger read:
    ``experiment``, ``trial``, ``overrides`` (the changed fields), the result's fields."""
    out = []
    for r in table.to_dict("records"):
        task = TrialTask(r["experiment"], r["trial"], r["generations"], ablation=r["ablation"],
                         weak=r["weak"])
        out.append({"experiment": r["experiment"], "trial": r["trial"],
                    "overrides": task.overrides, "first_feasible": r["first_feasible"],
                    "hints": r["hints"], "loops": r["loops"], "fitness": r["fitness"],
                    "n_feasible": r["n_feasible"], "best_feasible": r["best_feasible"],
                    "best_infeasible": r["best_infeasible"],
                    "tally": {k: r[k] for k in TALLY}})
    return out


def select(results: Sequence[dict], experiment: str, **overrides) -> list[dict]:
    """The trials of one experiment with exactly these overrides."""
    return [r for r in results if r["experiment"] == experiment and r["overrides"] == overrides]


# ---- the final puzzles ----------------------------------------------------------------------

def verify_puzzle(space_name: str, hints: list[Hint], weak: bool = False) -> dict:
    """Replay a puzzle: solve it, prove uniqueness by counting, re-check every hint on the answer.

    Returns ``{"solution", "loops", "count"}``; ``solution`` is None unless the solver completed
    the grid and the counter's single solution equals it with every hint holding there.
    """
    space = SPACES[space_name]
    res = solve(space, hints, weak=weak)
    count = count_solutions(space, hints)
    sol = grid_solution(space, res.grid) if res.solved else None
    if sol is not None:
        found = solutions(space, hints, 2)
        rows = solution_rows(space, sol)
        if count != 1 or found != [sol] or not all(holds(space, h, rows) for h in hints):
            sol = None
    return {"solution": sol, "loops": res.loops, "count": count, "result": res}


def final_puzzles(results: Sequence[dict]) -> list[dict]:
    """The best feasible puzzle of every trial, replayed, as the entries of ``puzzles.json``.

    Trials run with the paper's weak feasibility are replayed with the weak solver too.
    """
    out = []
    for r in results:
        if r["hints"] is None:
            continue
        space_name = EXPERIMENTS[r["experiment"]].space
        space = SPACES[space_name]
        hints = from_array(space, r["hints"])
        check = verify_puzzle(space_name, hints, bool(r["overrides"].get("weak", False)))
        paper = solve(space, hints, mode="paper")
        by_paper = r["overrides"].get("fitness_solver") == "paper"
        replayed = paper.loops if by_paper else check["loops"]
        if replayed != r["loops"]:
            raise ValueError(f"trial {r['trial']}: replay gave {replayed} loops, "
                             f"the GA recorded {r['loops']}")
        out.append({
            "experiment": r["experiment"], "trial": r["trial"],
            "categories": space.to_dict(),
            "hints": [hint_dict(space, h) for h in hints],
            "text": [text(space, h) for h in hints],
            "solution": check["solution"], "loops": check["loops"],
            # "loops" = "loops_sound", our solver's count; the fitness read it unless the trial
            # ran with fitness_solver="paper" (then it read "loops_paper", the authors' solver).
            "loops_sound": check["loops"], "loops_paper": paper.loops,
            "status_paper": paper.status,
            "fitness": round(r["fitness"], 6),
            "_count": check["count"], "_hints": hints, "_space": space_name,
        })
    return out


def puzzles_json(puzzles: Sequence[dict]) -> list[dict]:
    """The JSON-ready entries (private helper fields dropped), by experiment then trial."""
    order = list(EXPERIMENTS)
    ranked = sorted(puzzles, key=lambda p: (order.index(p["experiment"]), p["trial"]))
    return [{k: v for k, v in p.items() if not k.startswith("_")} for p in ranked]


def stored(name: str) -> pd.DataFrame:
    """A stored offline run: ``paper_fitness_trials`` or ``protocol_causes_runs``
    (``python -m puzzles run 04 <experiment> --store`` writes them)."""
    path = STORED_DIR / f"{name}.csv"
    if not path.is_file():
        raise ValueError(f"no stored run {name!r} at {path}")
    return read_stored(path, keep_default_na=False, na_values=[""])


def loops_by_fitness_solver(sound: Sequence[dict], paper: Sequence[dict]) -> pd.DataFrame:
    """``loops_by_fitness_solver.csv``: every final puzzle of both main experiments under each
    fitness solver, and the authors' released ones (their GA read their solver), with both
    solvers' loops and the distinct clues."""
    rows = [{"dataset": p["experiment"], "fitness_solver": solver, "trial": p["trial"],
             "loops_sound": p["loops_sound"], "loops_paper": p["loops_paper"],
             "hints_distinct": len(distinct(p["_hints"]))}
            for solver, ps in (("sound", sound), ("paper", paper)) for p in ps
            if p["experiment"] in MAIN]
    for key, name in (("hd", MAIN[0]), ("do", MAIN[1])):
        for i, hs in enumerate(released.puzzles(key), start=1):
            rows.append({"dataset": f"authors' released: {name}",
                         "fitness_solver": "paper (the authors' GA)", "trial": i,
                         "loops_sound": solve(CLUE, hs).loops,
                         "loops_paper": solve(CLUE, hs, mode="paper").loops,
                         "hints_distinct": len(distinct(hs))})
    return pd.DataFrame(rows)


def fitness_solver_summary(table: pd.DataFrame) -> pd.DataFrame:
    """Means with 95% CIs per dataset and fitness solver of :func:`loops_by_fitness_solver`."""
    return (table.groupby(["dataset", "fitness_solver"], sort=False)
            .agg(puzzles=("trial", "size"),
                 loops_paper=("loops_paper", _ci), loops_sound=("loops_sound", _ci),
                 hints_distinct=("hints_distinct", _ci)).reset_index())


# ---- per-puzzle measures for the ledger ------------------------------------------------------

def distinct(hints: Sequence[Hint]) -> list[Hint]:
    """The clues of a list without exact repeats, in order of first appearance."""
    return list(dict.fromkeys(hints))


def redundant_clues(space: Space, hints: Sequence[Hint]) -> int | None:
    """Distinct clues whose removal leaves exactly one solution (exact counts); None when the
    puzzle itself does not have exactly one solution (redundancy is then undefined)."""
    hs = distinct(hints)
    if count_solutions(space, hs) != 1:
        return None
    return sum(count_solutions(space, hs[:i] + hs[i + 1:]) == 1 for i in range(len(hs)))


def queue_profile(space: Space, hints: Sequence[Hint], loops: int | None = None) -> list[int]:
    """Hints still queued at each loop of the authors' solver (paper mode) for one puzzle, up to
    ``loops`` loops (all of them when None), as :func:`loop_table` counts them."""
    remaining = solve(space, list(hints), mode="paper").remaining
    return remaining if loops is None else remaining[:loops]


def redundancy_table(puzzles: Sequence[dict]) -> pd.DataFrame:
    """Redundant clues per final puzzle of both main experiments and of the authors' released
    puzzles (``None``: a released puzzle with no solution, where redundancy is undefined)."""
    rows = [{"source": "ours", "experiment": p["experiment"], "trial": p["trial"],
             "clues": len(distinct(p["_hints"])),
             "redundant": redundant_clues(SPACES[p["_space"]], p["_hints"])}
            for p in puzzles if p["experiment"] in MAIN]
    for key, name in (("hd", MAIN[0]), ("do", MAIN[1])):
        for i, hs in enumerate(released.puzzles(key), start=1):
            rows.append({"source": "authors' released", "experiment": name, "trial": i,
                         "clues": len(distinct(hs)),
                         "redundant": redundant_clues(released.SET_SPACES[key], hs)})
    return pd.DataFrame(rows)


def weak_agreement() -> pd.DataFrame:
    """Our weak feasibility (the sound solver completes the grid, ``weak=True``) against the
    authors' own solver on the lists whose outputs they stored: the 800 random lists of
    ``paper_oracle.json`` (their ``is_complete`` and ``is_valid``) and the 65 released puzzles
    (all feasible in their runs)."""
    cases = json.loads((released.DATA / "paper_oracle.json").read_text(encoding="utf-8"))
    groups: dict[str, list[tuple[bool, bool]]] = {}
    for case in cases["cases"]:
        space = CLUE if case["space"] == "clue" else MINI
        hs = [Hint(t, a, b, c, d, k) for t, a, b, c, d, k in case["hints"]]
        ours = solve(space, hs, weak=True).solved
        label = "4x4" if case["space"] == "clue" else "3x4 mini"
        groups.setdefault(f"random lists, {label}", []).append(
            (ours, bool(case["complete"] and case["valid"])))
    for key in released.SETS:
        groups[f"released puzzles, {key}"] = [
            (solve(released.SET_SPACES[key], hs, weak=True).solved, True)
            for hs in released.puzzles(key)]
    return pd.DataFrame([{"lists": name, "n": len(v), "agree": sum(a == b for a, b in v),
                          "feasible for both": sum(a and b for a, b in v),
                          "only ours feasible": sum(a and not b for a, b in v),
                          "only theirs feasible": sum(b and not a for a, b in v)}
                         for name, v in groups.items()])


# ---- tables ---------------------------------------------------------------------------------

def _paper(name: str, key: str) -> float:
    v = reference.results(name).get(key)
    return math.nan if v is None else float(v)


def summary_table(results: Sequence[dict], puzzles: Sequence[dict]) -> pd.DataFrame:
    """One row per experiment: the must-show columns and the paper's values beside them."""
    rows = []
    for name in EXPERIMENTS:
        rs = select(results, name)
        ps = [p for p in puzzles if p["experiment"] == name]
        first = first_feasible(rs)
        rows.append({
            "experiment": name, "trials": len(rs),
            "first_feasible_mean": float(np.mean(first)) if first else math.nan,
            "hints_mean": float(np.mean([len(distinct(p["_hints"])) for p in ps])) if ps
            else math.nan,
            "loops_mean": float(np.mean([p["loops"] for p in ps])) if ps else math.nan,
            "loops_paper_mean": float(np.mean([p["loops_paper"] for p in ps])) if ps
            else math.nan,
            "unique_share": (sum(p["_count"] == 1 for p in ps) / len(rs)) if rs else math.nan,
            "fitness_feasible_mean": float(np.mean([p["fitness"] for p in ps])) if ps
            else math.nan,
            "paper_trials": _paper(name, "trials"),
            "paper_first_feasible_mean": _paper(name, "first_feasible_mean"),
            "paper_hints_mean": _paper(name, "hints_mean"),
            "paper_loops_mean": _paper(name, "loops_mean"),
            "paper_unique_share": _paper(name, "unique_share"),
            "paper_fitness_feasible_mean": _paper(name, "fitness_feasible_mean"),
        })
    return pd.DataFrame(rows).round(4)


def first_feasible(results: Sequence[dict]) -> list[int]:
    """First generation with a feasible list, counted from 1 as the authors' DataVisualization.py
    does (their generation 1 is the random initial population, our generation 0)."""
    return [r["first_feasible"] + 1 for r in results if r["first_feasible"] >= 0]


def paper_convention_curve(results: Sequence[dict], experiment: str, which: str,
                           scale: float = 1.0) -> np.ndarray:
    """Mean top fitness per generation as the authors average it: 0 for a trial whose
    population is empty, generations 0..G-1 (their History is written before each breeding)."""
    rs = select(results, experiment)
    key = {"feasible": "best_feasible", "infeasible": "best_infeasible"}[which]
    arr = np.array([np.nan_to_num(np.asarray(r[key], dtype=float)[:-1], nan=0.0) for r in rs])
    return arr.mean(axis=0) * scale


def _ci(values: Sequence[float]) -> str:
    mean, half = mean_ci(values)
    return f"{mean:.2f} ± {half:.2f}" if not math.isnan(half) else f"{mean:.2f}"


def detail_table(results: Sequence[dict], puzzles: Sequence[dict]) -> pd.DataFrame:
    """Means with 95% CIs and ranges beside the paper's, for both main experiments."""
    rows = []
    for name in MAIN:
        rs = select(results, name)
        ps = [p for p in puzzles if p["experiment"] == name]
        pp = reference.results(name)
        first = first_feasible(rs)
        share = [float(np.mean(r["n_feasible"][1:])) / 50 for r in rs]
        final_inf = [r["best_infeasible"][-1] for r in rs if not np.isnan(r["best_infeasible"][-1])]
        measures = [
            ("first feasible generation (from 1)", first, pp.get("first_feasible_mean"),
             pp.get("first_feasible_range")),
            ("feasible share of the population", share, pp.get("feasible_share"), None),
            ("final top fitness, feasible", [p["fitness"] for p in ps],
             pp.get("fitness_feasible_mean"), None),
            ("final top fitness, infeasible", final_inf, pp.get("fitness_infeasible_mean"),
             None),
            ("distinct clues per puzzle", [len(distinct(p["_hints"])) for p in ps],
             pp.get("hints_mean"),
             pp.get("hints_range")),
            ("solver loops, paper mode", [p["loops_paper"] for p in ps], pp.get("loops_mean"),
             pp.get("loops_range")),
            ("solver loops, sound mode (GA fitness)", [p["loops"] for p in ps], None, None),
        ]
        for label, vals, paper, prange in measures:
            rows.append({"experiment": name, "measure": label,
                         "ours (mean ± 95% CI)": _ci(vals) if len(vals) else "-",
                         "ours range": f"{min(vals):.3g}-{max(vals):.3g}" if len(vals) else "-",
                         "paper": "-" if paper is None else f"{paper:g}",
                         "paper range": "-" if prange is None else f"{prange[0]}-{prange[1]}"})
    return pd.DataFrame(rows)


def curves(results: Sequence[dict], experiment: str, **overrides) -> pd.DataFrame:
    """Per generation: mean top fitness of each population and mean feasible count."""
    rs = select(results, experiment, **overrides)
    bf = np.array([r["best_feasible"] for r in rs])
    bi = np.array([r["best_infeasible"] for r in rs])
    nf = np.array([r["n_feasible"] for r in rs], dtype=float)
    with np.errstate(all="ignore"):
        feas = np.array([np.nan if np.isnan(c).all() else np.nanmean(c) for c in bf.T])
        inf = np.array([np.nan if np.isnan(c).all() else np.nanmean(c) for c in bi.T])
    return pd.DataFrame({"generation": np.arange(bf.shape[1]), "top_feasible": feas,
                         "top_infeasible": inf, "feasible_count": nf.mean(axis=0)})


def hint_type_table(puzzles: Sequence[dict]) -> pd.DataFrame:
    """Mean number of hints of each type per puzzle, beside the paper's (hint size and diff.)."""
    rows = []
    paper = reference.hint_types()
    for t in sorted(TYPES, key=lambda t: -paper[t]):
        row = {"hint type": TYPE_LABELS[t]}
        for name in MAIN:
            ps = [p for p in puzzles if p["experiment"] == name]
            row[name] = round(float(np.mean([sum(h.type == t for h in p["_hints"])
                                             for p in ps])), 2) if ps else math.nan
        row["paper (hint size and difficulty)"] = paper[t]
        rows.append(row)
    return pd.DataFrame(rows)


def loop_table(puzzles: Sequence[dict], experiment: str, mode: str = "paper") -> pd.DataFrame:
    """Hints still queued at the start of each solver loop, summed over the puzzles, by type.

    ``mode="paper"`` counts as the authors' DataVisualization.py (distinct hints each pass of
    their solver reached); ``mode="sound"`` uses our solver's queue up to its loop count.
    """
    ps = [p for p in puzzles if p["experiment"] == experiment]
    if not ps:
        return pd.DataFrame()
    key = "loops_paper" if mode == "paper" else "loops"
    depth = max(p[key] for p in ps)
    table = np.zeros((depth, len(TYPES)), dtype=int)
    for p in ps:
        res = solve(SPACES[p["_space"]], p["_hints"], mode=mode)
        for j, counts in enumerate(res.remaining_types[:p[key]]):
            table[j] += [counts[t] for t in TYPES]
    df = pd.DataFrame(table, columns=[TYPE_LABELS[t] for t in TYPES])
    df.insert(0, "loop", np.arange(1, depth + 1))
    df["total"] = table.sum(axis=1)
    paper = reference.queue_per_loop() if experiment == MAIN[0] and mode == "paper" \
        else []
    df["paper total"] = [paper[j] if j < len(paper) else math.nan for j in range(depth)]
    return df


def mutation_table(puzzles: Sequence[dict], repeats: int, steps: int, seed: int) -> pd.DataFrame:
    """Share of feasible puzzles still feasible after 1..steps successive mutations.

    Each experiment's puzzles are mutated with the same random draws under both definitions of
    feasible (ours, and the paper's "the solver completes the grid").
    """
    out = {"mutations": np.arange(1, steps + 1)}
    for name in MAIN:
        ps = [p for p in puzzles if p["experiment"] == name]
        if ps:
            arrs = [np.array([h.row() for h in p["_hints"]], dtype=np.int64) for p in ps]
            for weak in (False, True):
                label = name + (" (paper's feasibility)" if weak else "")
                out[label] = mutation_study(CLUE, arrs, repeats, steps,
                                            derive_seed(seed, "mutation", name), weak=weak
                                            ).round(3)
    paper = reference.mutation_feasibility()
    out["paper"] = [paper[j] if j < len(paper) else math.nan for j in range(steps)]
    return pd.DataFrame(out)


def ablation_table(results: Sequence[dict]) -> pd.DataFrame:
    """Feasible individuals (of 50) per infeasible-fitness variant, beside the paper's."""
    rows = []
    for name in ABLATIONS:
        rs = (select(results, MAIN[0]) if name == "full"
              else select(results, MAIN[0], ablation=name))
        if not rs:
            continue
        mean_all = [float(np.mean(r["n_feasible"][1:])) for r in rs]
        final = [float(r["n_feasible"][-1]) for r in rs]
        first = [r["first_feasible"] for r in rs]
        rows.append({"infeasible fitness": name, "trials": len(rs),
                     "feasible per generation (mean ± CI)": _ci(mean_all),
                     "feasible at the end": _ci(final),
                     "trials that found a feasible puzzle": sum(f >= 0 for f in first),
                     "paper (feasible of 50)": reference.ablation()[name]})
    return pd.DataFrame(rows)


def weak_table(results: Sequence[dict], weak_puzzles: Sequence[dict]) -> pd.DataFrame:
    """The paper's weaker feasibility: accepted puzzles with 0 or several solutions."""
    rows = []
    for name in MAIN:
        for weak in (False, True):
            rs = select(results, name, weak=True) if weak else select(results, name)
            if not rs:
                continue
            tally = {k: sum(r["tally"][k] for r in rs) for k in rs[0]["tally"]}
            ps = [p for p in weak_puzzles if p["experiment"] == name] if weak else []
            rows.append({
                "experiment": name, "feasibility": "paper (solver completes)" if weak
                else "ours (verified, exactly one solution)",
                "trials": len(rs), "evaluations": tally["evaluations"],
                "accepted as feasible": tally["feasible"],
                "accepted with 0 solutions": tally["zero_solutions"] if weak else 0,
                "accepted with 2+ solutions": tally["several_solutions"] if weak else 0,
                "final puzzles with 0 solutions": sum(p["_count"] == 0 for p in ps) if weak
                else 0,
                "final puzzles with 2+ solutions": sum(p["_count"] > 1 for p in ps) if weak
                else 0,
            })
    return pd.DataFrame(rows)


# ---- the slides' example puzzles ------------------------------------------------------------

def example_puzzles() -> list[dict]:
    """The three example puzzles of the slides, parsed from their English and solved."""
    out = []
    for name, ex in reference.examples().items():
        space_name = ex["space"]
        space = MINI if space_name == "mini" else CLUE
        hints = parse_puzzle(space, ex["clues"])
        check = verify_puzzle(space_name, hints)
        res = check["result"]
        out.append({"name": name, "space": space_name, "hints": hints,
                     "solution": check["solution"], "loops": res.loops,
                     "loops_paper": solve(space, hints, mode="paper").loops,
                     "passes": len(res.remaining), "count": check["count"],
                     "published_loops": ex["published_loops"],
                     "published_solution": ex["published_solution"], "result": res})
    return out


def example_table(examples: Sequence[dict]) -> pd.DataFrame:
    """Loops, passes and solution counts of the slides' examples."""
    return pd.DataFrame([{
        "puzzle": e["name"], "clues": len(e["hints"]), "solutions (exact count)": e["count"],
        "loops, paper mode": e["loops_paper"],
        "loops, sound mode (grid complete)": e["loops"],
        "passes, sound mode (incl. final check)": e["passes"],
        "published loops": "-" if e["published_loops"] is None else e["published_loops"],
        "matches the published solution": "-" if e["published_solution"] is None
        else e["solution"] == e["published_solution"]} for e in examples])


def solution_table(space_name: str, solution: Mapping[str, list[str]]) -> pd.DataFrame:
    """A solution as a table: one row per entity of the first category."""
    return pd.DataFrame(solution)


def explanation(space_name: str, hints: list[Hint]) -> pd.DataFrame:
    """Every cell the solver fills, in order, with the clue or rule that justifies it."""
    space = SPACES[space_name]
    res = solve(space, hints, trace=True)
    return pd.DataFrame([{"loop": s.loop, "cell": f"{space.entity(s.x)} / {space.entity(s.y)}",
                          "mark": s.value, "because": s.reason} for s in res.steps])
