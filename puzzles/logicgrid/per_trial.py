"""Per-trial values the ledger reads: the result files ``trial_values.csv`` (one row per
FI-2Pop trial of each set of runs, with its final puzzle's measures) and ``protocol_trials.csv``
(one row per trial and step of the authors' two side studies as their scripts run them).

The notebook holds the runs in memory; these tables keep what the claims are decided on, so
the ledger is rebuilt from the result files alone (:mod:`puzzles.logicgrid.ledger`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from puzzles.logicgrid import released
from puzzles.logicgrid.experiments import distinct, queue_profile, select
from puzzles.logicgrid.fi2pop import EXPERIMENTS, SPACES
from puzzles.logicgrid.hints import TYPES
from puzzles.logicgrid.solver import solve

# The sets of runs, by the overrides their trials ran with: our FI-2Pop runs, the same under
# the paper's feasibility (weak=True), and with the authors' loop count in the fitness.
RUNS: dict[str, dict] = {"ours": {}, "paper's feasibility": {"weak": True},
                         "paper fitness": {"fitness_solver": "paper"}}
AUTHORS = "authors' released"
SET_OF = {"hint size and difficulty": "hd", "difficulty only": "do", "mini 3x4": "small"}
NAME_OF = {v: k for k, v in SET_OF.items()}
COLUMNS = ("runs", "experiment", "trial", "first_feasible", "final_infeasible",
           "feasible_share", "clues", "clues_raw", "loops_paper", "loops_sound", "fitness_ga",
           "fitness_paper", *(f"type-{t}" for t in TYPES), "queued", "queue")


def paper_fitness(s: str, loops: float, hints: float, divisor: float = 20) -> float:
    """A final puzzle's feasible fitness as the authors' code scores it (``s``: the released
    set's key), from their solver's loops and the clue count."""
    if s == "hd":
        return 0.5 * min(loops, 7) / 7 + 0.5 * (1 - hints / divisor)
    return loops / 10 if s == "do" else 1 - hints / divisor


def _trial(r: dict) -> dict:
    first = r["first_feasible"]
    return {"first_feasible": first + 1 if first >= 0 else math.nan,  # counted from 1
            "final_infeasible": float(r["best_infeasible"][-1]),
            "feasible_share": float(np.mean(r["n_feasible"][1:])) / 50}


def _puzzle(p: dict, s: str) -> dict:
    hs = p["_hints"]
    d = distinct(hs)
    lp = float(p["loops_paper"])
    queue = queue_profile(SPACES[p["_space"]], hs, p["loops_paper"])
    return {"clues": len(d), "clues_raw": len(hs), "loops_paper": p["loops_paper"],
            "loops_sound": p["loops"], "fitness_ga": p["fitness"] * (0.1 if s == "do" else 1.0),
            "fitness_paper": paper_fitness(s, lp, float(len(hs))),
            **{f"type-{t}": sum(h.type == t for h in d) for t in TYPES},
            **_queued(queue)}


def _released() -> list[dict]:
    """The authors' released puzzles (one per trial of their runs) as rows of the same table:
    distinct clues as their statistics count them, their solver's loops and fitness."""
    rows = []
    for s in released.SETS:
        for i, hs in enumerate(released.puzzles(s), start=1):
            d, loops = distinct(hs), solve(released.SET_SPACES[s], hs, mode="paper").loops
            rows.append({"runs": AUTHORS, "experiment": NAME_OF[s], "trial": i,
                         "clues": len(d), "clues_raw": len(hs), "loops_paper": loops,
                         "fitness_paper": paper_fitness(s, float(loops), float(len(d))),
                         **{f"type-{t}": sum(h.type == t for h in d) for t in TYPES},
                         **_queued(queue_profile(released.SET_SPACES[s], hs))})
    return rows


def _queue(values: Sequence[int]) -> str:
    return ";".join(str(v) for v in values)


def _queued(queue: Sequence[int]) -> dict:
    """Clues queued at each loop of the authors' solver: their sum and the loops."""
    return {"queued": sum(queue), "queue": _queue(queue)}


def trial_values(runs: Mapping[str, tuple[Sequence[dict], Sequence[dict]]]) -> pd.DataFrame:
    """``trial_values.csv``: for each set of runs (a key of :data:`RUNS`: its trial records and
    final puzzles), one row per trial: first feasible generation (from 1; empty when none),
    final top infeasible fitness, feasible share over generations 1.., and its final puzzle's
    distinct and raw clues, both solvers' loops, the GA's own fitness and the authors' (their
    scale), distinct clues of each type and the clues queued at each loop of the authors'
    solver (their sum ``queued``, the loops ``;``-separated in ``queue``); then the authors'
    released puzzles (``runs`` = "authors' released", one per trial of their runs, trial =
    the puzzle's index)."""
    rows = []
    for label, (results, puzzles) in runs.items():
        for name in EXPERIMENTS:
            finals = {p["trial"]: p for p in puzzles if p["experiment"] == name}
            for r in sorted(select(results, name, **RUNS[label]), key=lambda r: r["trial"]):
                p = finals.get(r["trial"])
                rows.append({"runs": label, "experiment": name, "trial": r["trial"],
                             **_trial(r), **({} if p is None else _puzzle(p, SET_OF[name]))})
    return pd.DataFrame(rows + _released(), columns=list(COLUMNS))


def protocol_trials(mutation: Sequence[dict], ablation: Sequence[dict]) -> pd.DataFrame:
    """``protocol_trials.csv``: their FeasbilityTest.py runs (``feasibility`` ours or the
    paper's; step 1..5: the share of the archive feasible after that many mutations) and their
    SinglePopExperiements.py runs (the paper's feasibility; per infeasible-fitness variant, step
    0: feasible individuals per generation, the mean; step -1: the last generation)."""
    rows = [{"protocol": "mutation", "feasibility": "paper" if r["weak"] else "ours",
             "variant": "", "trial": r["trial"], "step": s, "value": float(v)}
            for r in mutation for s, v in enumerate(r["ratios"], start=1)]
    rows += [{"protocol": "ablation", "feasibility": "paper", "variant": r["variant"],
              "trial": r["trial"], "step": step, "value": v}
             for r in ablation for step, v in ((0, float(np.mean(r["n_feasible"]))),
                                               (-1, float(r["n_feasible"][-1])))]
    return pd.DataFrame(rows)
