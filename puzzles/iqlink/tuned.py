"""Challenges tuned to the booklet's strategy profile (issue 24, "What to build" 5).

Our 120 challenges are easier than the booklet's: the paper's pairwise cleanup solves 29 of its
challenges alone, ours 46. This generator draws challenges level by level and keeps one only
while its level still needs a challenge of its **strongest strategy**: the first of all legal,
single-placement elimination and pairwise cleanup that solves it alone (the three are nested:
each solves what the one before it solves), or ``search`` when none does.

The target per level is read from the paper's counts (``reference/strategies.csv``) by
``booklet_profile``; the reading is stated there. The paper gives no count for Master and
Wizard beyond "none" (every count above lies in the first three levels), so only Starter,
Junior and Expert are drawn; the stored set's Master and Wizard challenges already meet
"search" on all 48 (``analysis.csv``).

Drawing is split into seeded chunks of draws (``TunedTask``); the table walks the chunks in
order and fills each level's quotas first come, first kept, so the set is the same with any
number of workers. Every kept challenge is booklet quality (exactly one fitting completion,
linked), and no two share a full solution.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from puzzles.core.paper import ROOT_SEED, Task
from puzzles.core.project import FIGURES_DIR
from puzzles.iqlink import reference
from puzzles.iqlink.budget import STEM
from puzzles.iqlink.generate import LEVEL_NAMES, LEVELS, PER_LEVEL, is_booklet_quality
from puzzles.iqlink.offline import run_stored
from puzzles.iqlink.placements import Challenge, from_json
from puzzles.iqlink.search import random_solution
from puzzles.iqlink.strategies import strongest_alone
from puzzles.iqlink.techniques import grade_rows, profile_table

CLASSES = ("all legal", "single-placement elimination", "pairwise cleanup", "search")
TUNED_LEVELS = ("Starter", "Junior", "Expert")


def booklet_profile(ref: dict[str, int] | None = None) -> dict[str, dict[str, int]]:
    """Challenges per level whose strongest strategy is each of ``CLASSES``, read from the
    paper's counts: all legal's 7 (of the first 11) are Starter; single elimination's 21
    hold one Expert and otherwise Starter ("mostly Starter"); pairwise cleanup's 24 of the
    first 25 are the 24 Starter (the 25th, Junior's first, is not solved) and its other 5
    are that Expert and 4 Junior. Everything else needs search. ``ref``: the paper's counts
    (``reference/strategies.csv``) when the caller has read them."""
    ref = reference.strategy_counts() if ref is None else ref
    expert = ref["elimination_expert"]
    starter_el = ref["elimination_total"] - expert - ref["all_legal_first_11"]
    starter_pw = ref["pairwise_first_25"] - ref["all_legal_first_11"] - starter_el
    junior_pw = ref["pairwise_total"] - ref["pairwise_first_25"] - expert
    counts = {"Starter": (ref["all_legal_first_11"], starter_el, starter_pw),
              "Junior": (0, 0, junior_pw), "Expert": (0, expert, 0)}
    out = {}
    for level in TUNED_LEVELS:
        a, e, p = counts[level]
        if min(a, e, p) < 0 or a + e + p > PER_LEVEL:
            raise ValueError(f"the paper's counts give an impossible {level} profile")
        out[level] = dict(zip(CLASSES, (a, e, p, PER_LEVEL - a - e - p), strict=True))
    return out


def strongest(ch: Challenge) -> str:
    """The first strategy of ``CLASSES`` that solves ``ch`` alone ('search' if none)."""
    name = strongest_alone(ch)
    if name not in CLASSES:
        raise ValueError(f"unknown strategy {name!r}")
    return name


@dataclass(frozen=True)
class TunedTask(Task):
    """``draws`` random challenges of ``level`` (chunk ``chunk`` of its draws)."""

    EXPERIMENT: ClassVar[str] = "tuned"
    level: str
    chunk: int
    draws: int


def tuned_tasks(budget: Any, root: int = ROOT_SEED) -> list[TunedTask]:
    """``tuned_chunks`` chunks of ``tuned_draws`` draws per tuned level."""
    return [TunedTask(level, c, budget.tuned_draws, root=root) for level in TUNED_LEVELS
            for c in range(budget.tuned_chunks)]


def _range(level: str) -> tuple[int, int]:
    for name, lo, hi in LEVELS:
        if name == level:
            return lo, hi
    raise ValueError(f"unknown level {level!r}")


def tuned_draws(task: TunedTask) -> list[dict]:
    """The booklet-quality challenges among the task's draws (a random full linked solution,
    a number of givens uniform over Table 1's range, a random subset of that size), each with
    its strongest strategy."""
    lo, hi = _range(task.level)
    rng = np.random.default_rng(task.seed)
    out = []
    for draw in range(task.draws):
        solution = random_solution(int(rng.integers(0, 2 ** 32)))
        k = int(rng.integers(lo, hi + 1))
        pick = sorted(int(i) for i in rng.choice(12, size=k, replace=False))
        ch = Challenge(tuple(solution[i] for i in pick))
        if not is_booklet_quality(ch):
            continue
        out.append({"level": task.level, "chunk": task.chunk, "draw": draw, "given": k,
                    "strongest": strongest(ch), "givens": json.dumps(ch.to_json()),
                    "solution": json.dumps(sorted(pl.to_json() for pl in solution))})
    return out


def keep(candidates: pd.DataFrame, profile: dict[str, dict[str, int]]) -> pd.DataFrame:
    """Fill each level's quotas from ``candidates`` in their order (chunk, draw), skipping a
    challenge whose full solution is already kept; returns the kept rows with their slot."""
    kept, used = [], set()
    left = {lv: dict(q) for lv, q in profile.items()}
    for row in candidates.itertuples(index=False):
        quota = left.get(row.level, {})
        if quota.get(row.strongest, 0) <= 0 or row.solution in used:
            continue
        quota[row.strongest] -= 1
        used.add(row.solution)
        kept.append(row._asdict())
    out = pd.DataFrame(kept, columns=candidates.columns)
    out.insert(1, "slot", out.groupby("level").cumcount() + 1)
    return out


def tuned_frame(tasks: Sequence[TunedTask], results: Sequence[list[dict]]) -> pd.DataFrame:
    """``tuned.csv``: the kept challenges per level (level, slot, chunk, draw, given,
    strongest, givens, solution); ``attrs["drawn"]`` counts what the draws gave."""
    rows = [r for rs in results for r in rs]
    cols = ["level", "chunk", "draw", "given", "strongest", "givens", "solution"]
    cand = pd.DataFrame(rows, columns=cols)
    rank = cand["level"].map({lv: i for i, lv in enumerate(TUNED_LEVELS)})
    cand = cand.assign(rank=rank).sort_values(["rank", "chunk", "draw"], kind="stable")
    cand = cand.drop(columns="rank").reset_index(drop=True)
    out = keep(cand, booklet_profile())
    out.attrs["drawn"] = cand.groupby(["level", "strongest"], sort=False).size()
    return out


def profile_beside(tuned: pd.DataFrame, analysis: pd.DataFrame,
                   ref: dict[str, int] | None = None) -> pd.DataFrame:
    """Per level and strongest strategy: the paper's target (our reading of its counts
    ``ref``), the stored set and the tuned set (Master and Wizard: the stored set's, as the
    tuned set keeps them)."""
    target = booklet_profile(ref)
    rows = []
    stored = analysis.assign(strongest=np.select(
        [analysis["all_legal"], analysis["elimination"], analysis["pairwise"]],
        list(CLASSES[:3]), CLASSES[3]))
    for level in dict.fromkeys(analysis["level"]):
        mine = stored[stored["level"] == level]["strongest"].value_counts()
        got = (tuned[tuned["level"] == level]["strongest"].value_counts()
               if level in TUNED_LEVELS else mine)
        for c in CLASSES:
            rows.append({"level": level, "strongest strategy": c,
                         "paper (reading)": target.get(level, {}).get(c, PER_LEVEL
                                                                       if c == "search" else 0),
                         "stored set": int(mine.get(c, 0)), "tuned set": int(got.get(c, 0))})
    return pd.DataFrame(rows)


def profile_wide(profile: pd.DataFrame) -> pd.DataFrame:
    """``profile_beside`` as one row per level, columns (source, strongest strategy)."""
    wide = profile.pivot(index="level", columns="strongest strategy",
                         values=["paper (reading)", "stored set", "tuned set"])
    return wide.reindex(index=list(dict.fromkeys(profile["level"])),
                        columns=pd.MultiIndex.from_product(
                            [["paper (reading)", "stored set", "tuned set"], list(CLASSES)]))


def solved_by(profile: pd.DataFrame) -> pd.DataFrame:
    """Challenges each strategy solves alone (the nested counts), per column of
    ``profile_beside``, in total: the paper's Sections 9-10 numbers beside ours."""
    cols = ["paper (reading)", "stored set", "tuned set"]
    tot = profile.groupby("strongest strategy", sort=False)[cols].sum()
    return tot.loc[list(CLASSES[:3])].cumsum().rename_axis("solved alone by")


def stored_tuned(folder=None) -> pd.DataFrame | None:
    """The stored ``tuned.csv`` (None while it has not been run)."""
    path = (Path(folder) if folder is not None else FIGURES_DIR / STEM) / "tuned.csv"
    return pd.read_csv(path) if path.is_file() else None


def quota_summary(ref: dict[str, int] | None = None) -> dict:
    """The paper's strategy counts behind ``booklet_profile``'s quotas, for the notebook's
    sentence (``ref``: the counts of ``reference/strategies.csv``)."""
    ref = reference.strategy_counts() if ref is None else ref
    quota = booklet_profile(ref)
    return {"all_legal": ref["all_legal_first_11"], "el_total": ref["elimination_total"],
            "el_starter": ref["elimination_total"] - ref["elimination_expert"],
            "el_expert": ref["elimination_expert"], "pw_25": ref["pairwise_first_25"],
            "pw_total": ref["pairwise_total"],
            "pw_junior": quota["Junior"]["pairwise cleanup"]}


def tuned_summary(tuned: pd.DataFrame, profile: pd.DataFrame) -> dict:
    """The prose's numbers: kept against needed in the tuned levels, what falls short, and
    the challenges pairwise cleanup solves alone (paper, stored set, tuned set)."""
    part = profile[profile["level"].isin(TUNED_LEVELS)]
    short = part[part["tuned set"] < part["paper (reading)"]]
    gap = "; ".join(f"{r.level} {r['strongest strategy']}: {r['tuned set']} of "
                    f"{r['paper (reading)']}" for _, r in short.iterrows()) or "none"
    pw = solved_by(profile).loc["pairwise cleanup"]
    return {"kept": len(tuned), "needed": PER_LEVEL * len(TUNED_LEVELS), "short": gap,
            "pw_paper": int(pw["paper (reading)"]), "pw_stored": int(pw["stored set"]),
            "pw_tuned": int(pw["tuned set"])}


def tuned_challenges(tuned: pd.DataFrame) -> list[Challenge]:
    """The tuned set's challenges in file order (id = row number from 1, with its level)."""
    return [Challenge(tuple(from_json(x) for x in json.loads(row.givens)), id=k + 1,
                      level=row.level) for k, row in enumerate(tuned.itertuples(index=False))]


def tuned_grades(tuned: pd.DataFrame) -> pd.DataFrame:
    """``tuned_grades.csv``: the technique grade of every tuned challenge (id = row of
    tuned.csv, level, the uses of each technique, the grade)."""
    return grade_rows(tuned_challenges(tuned))


def grades_beside(stored: pd.DataFrame, tuned: pd.DataFrame) -> pd.DataFrame:
    """``grade_profile_sets.csv``: the technique profile per level (``profile_table``) of the
    stored set and of the tuned set side by side, one row per (level, set); the tuned set's
    Master and Wizard are the stored set's (the tuned generator keeps them)."""
    kept = stored[~stored["level"].isin(TUNED_LEVELS)]
    sets = {"stored set": stored, "tuned set": pd.concat([tuned, kept], ignore_index=True)}
    parts = [profile_table(g).assign(set=name) for name, g in sets.items()]
    out = pd.concat(parts, ignore_index=True)
    order = {lv: i for i, lv in enumerate([*LEVEL_NAMES, "total"])}
    out = out.assign(rank=out["level"].map(order)).sort_values(["rank", "set"], kind="stable")
    out = out.drop(columns="rank").reset_index(drop=True)
    return out[["level", "set", *[c for c in parts[0].columns if c not in ("level", "set")]]]


def grade_spread_summary(beside: pd.DataFrame) -> dict:
    """The prose's numbers: distinct grades and median grade within Junior and Expert, stored
    against tuned."""
    def cell(level, name, col):
        row = beside[(beside["level"] == level) & (beside["set"] == name)]
        return row[col].iloc[0]

    return {f"{k}_{lv.lower()}_{name.split()[0]}": cell(lv, name, col)
            for lv in ("Junior", "Expert") for name in ("stored set", "tuned set")
            for k, col in (("distinct", "distinct grades"), ("median", "median grade"))}


COMMAND = "python -m puzzles.iqlink.tuned"


def main(cache_dir: str | None = None) -> pd.DataFrame:
    """Run the paper-scale draws on one worker (resumable through ``cache_dir``) and store
    ``tuned.csv`` with this command."""
    return run_stored("tuned", tuned_tasks, tuned_draws, tuned_frame, COMMAND, cache_dir)[0]


if __name__ == "__main__":
    import sys

    # The package's module, not this ``__main__`` copy: its worker and tasks are the ones
    # ``PAPER.run`` uses, so the run and its task cache are the notebook's.
    from puzzles.iqlink import tuned

    tuned.main(sys.argv[1] if len(sys.argv) > 1 else None)
