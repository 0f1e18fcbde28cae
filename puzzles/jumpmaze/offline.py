"""The offline runs: experiments too long for the notebook, stored as tables in ``data/``.

``python -m puzzles run 03 <experiment> --store`` reruns one and rewrites its table
(``data/STORED.csv`` names each table's command, and for the runs converted from the first
JSON records the tool that made them, their wall and CPU seconds and a note):

* ``long-anneal`` / ``long-anneal-extra``: the tuned annealer's long runs (n = 10 came later);
* ``long-proofs``: exact searches from the long runs' best depths, proving the n = 5, 7 maxima;
* ``long-bounds``: upper bounds for n = 8..11, refuting targets downwards from n^2 - 2 until a
  search stops at its node limit;
* ``designer-runs``: the designer's annealer on the ``designer`` objective, n = 5..11;
* ``offline-refutation``: the exact search for n = 8, target 61, over its top-level branches.

Every table carries the library versions, the package's source hash and the git commit that
made it; a run's seconds are not in the table (a table must be the same on every run of its
tasks). The notebook re-evaluates every stored grid with the model before using it.
"""

from __future__ import annotations

import json
import platform
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numba
import numpy as np
import pandas as pd

from puzzles._source import source_hash
from puzzles.core.paper import Task
from puzzles.core.project import ROOT
from puzzles.core.storage import STORED_INDEX, read_stored, read_table
from puzzles.jumpmaze import designer, exact, model
from puzzles.jumpmaze.budget import STORED
from puzzles.jumpmaze.exact import BOUND_NAME
from puzzles.jumpmaze.experiments import AnnealResult, AnnealTask, anneal_tasks

if TYPE_CHECKING:
    from puzzles.jumpmaze.budget import MazeBudget
    from puzzles.jumpmaze.exact import BranchResult, BranchTask

PROVENANCE = ["numba", "numpy", "python", "code_sha256_16", "git_commit"]


# --- what made a table ---------------------------------------------------------------------------


@cache
def _git_commit() -> str | None:
    """The commit the runs were made from, if run inside a git checkout."""
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                             cwd=Path(__file__).parent, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip()


def provenance() -> dict[str, str | None]:
    """The columns every stored table carries: library versions, source hash, git commit."""
    return {"numba": numba.__version__, "numpy": np.__version__,
            "python": platform.python_version(), "code_sha256_16": source_hash(),
            "git_commit": _git_commit()}


def grid_text(grid: object | None) -> str | None:
    """A grid as stored in a table: JSON rows (None stays empty)."""
    return None if grid is None else json.dumps(model.validate_grid(grid).tolist())


def grid_of(text: object) -> list[list[int]] | None:
    """A stored grid back as lists of ints (None where the cell is empty)."""
    return None if pd.isna(text) else json.loads(str(text))


def _frame(rows: list[dict], columns: list[str]) -> pd.DataFrame:
    prov = provenance()
    return pd.DataFrame([{**row, **prov} for row in rows], columns=columns + PROVENANCE)


# --- the tuned annealer's long runs --------------------------------------------------------------

ANNEAL_COLUMNS = ["n", "run", "iters", "t_start", "t_end", "seed", "best_score", "best_grid"]


def long_anneal_tasks(budget: MazeBudget, root: int) -> list[AnnealTask]:
    """Every long annealer run, the longest first."""
    return anneal_tasks(budget.long_anneal, root)


def long_anneal_extra_tasks(budget: MazeBudget, root: int) -> list[AnnealTask]:
    """The long annealer runs made later (n = 10)."""
    return anneal_tasks(budget.long_anneal_extra, root)


def long_anneal_table(tasks: Sequence[AnnealTask], results: Sequence[AnnealResult]
                      ) -> pd.DataFrame:
    """One row per run, by n and run; ``best_grid`` only on the run kept per n (the first with
    the n's best score)."""
    by_task = sorted(zip(tasks, results, strict=True), key=lambda tr: (tr[0].n, tr[0].run))
    kept = {}
    for t, r in by_task:
        if t.n not in kept or r.best_score > kept[t.n].best_score:
            kept[t.n] = r
    rows = [{"n": t.n, "run": t.run, "iters": t.iters, "t_start": t.t_start, "t_end": t.t_end,
             "seed": r.seed, "best_score": r.best_score,
             "best_grid": grid_text(r.best_grid) if kept[t.n] is r else None}
            for t, r in by_task]
    return _frame(rows, ANNEAL_COLUMNS)


def anneal_records(table: pd.DataFrame) -> dict[str, dict]:
    """Per n (str): runs, iters, t_start, t_end, seeds, scores, best score and best grid."""
    out = {}
    for n, g in table.groupby("n", sort=False):
        g = g.sort_values("run")
        kept = g[g["best_grid"].notna()].iloc[0]
        out[str(n)] = {"runs": len(g), "iters": int(g["iters"].iloc[0]),
                       "t_start": float(g["t_start"].iloc[0]),
                       "t_end": float(g["t_end"].iloc[0]),
                       "seeds": [int(s) for s in g["seed"]],
                       "scores": [int(s) for s in g["best_score"]],
                       "best_score": int(kept["best_score"]),
                       "best_grid": grid_of(kept["best_grid"])}
    return out


# --- exact proofs from the long runs' best depths ------------------------------------------------


@dataclass(frozen=True)
class ProofTask(Task):
    """A complete exact search at ``n`` from a depth known to be reachable."""

    EXPERIMENT = "long proof"
    n: int
    lower: int


@dataclass(frozen=True)
class ProofResult:
    """The proven maximum (None if the search stopped), its nodes and witness maze."""

    proven_max: int | None
    complete: bool
    nodes: int
    grid: np.ndarray | None


def proof_tasks(budget: MazeBudget, root: int) -> list[ProofTask]:
    """One proof per n of ``budget.long_proofs``."""
    return [ProofTask(n, lower, root=root) for n, lower in budget.long_proofs.items()]


def proof_run(task: ProofTask) -> ProofResult:
    """Worker: the exact search from ``task.lower``."""
    res = exact.prove_max(task.n, task.lower)
    return ProofResult(res.proven_max, res.complete, res.nodes, res.grid)


def proof_table(tasks: Sequence[ProofTask], results: Sequence[ProofResult]) -> pd.DataFrame:
    """One row per proof: n, the depth it started from, the maximum, nodes, the witness."""
    rows = [{"n": t.n, "lower": t.lower, "proven_max": r.proven_max, "complete": r.complete,
             "nodes": r.nodes, "grid": grid_text(r.grid)}
            for t, r in zip(tasks, results, strict=True)]
    return _frame(rows, ["n", "lower", "proven_max", "complete", "nodes", "grid"]).astype(
        {"proven_max": "Int64"})


def proof_records(table: pd.DataFrame) -> dict[str, dict]:
    """Per n (str): the proof as the notebook reads it (its witness grid re-checked later)."""
    return {str(r.n): {"n": int(r.n), "lower": int(r.lower),
                       "proven_max": None if pd.isna(r.proven_max) else int(r.proven_max),
                       "complete": bool(r.complete), "nodes": int(r.nodes),
                       "grid": grid_of(r.grid)} for r in table.itertuples()}


# --- upper bounds by refuting downwards ----------------------------------------------------------


@dataclass(frozen=True)
class BoundTask(Task):
    """Refute n^2 - 2, n^2 - 3, ... at ``n`` until a search stops at ``node_limit``."""

    EXPERIMENT = "long bound"
    n: int
    node_limit: int


def bound_tasks(budget: MazeBudget, root: int) -> list[BoundTask]:
    """One task per size of ``budget.long_bounds``."""
    return [BoundTask(n, budget.bound_node_limit, root=root) for n in budget.long_bounds]


@dataclass(frozen=True)
class BoundResult:
    """The upper bound and every search made for it (target, complete, found, nodes)."""

    upper_bound: int
    searches: tuple[dict, ...]


def bound_run(task: BoundTask) -> BoundResult:
    """Worker: refute downwards from n^2 - 2."""
    out = exact.upper_bound(task.n, task.n * task.n - 2, task.node_limit)
    return BoundResult(out["upper_bound"], tuple(out["searches"]))


def bound_table(tasks: Sequence[BoundTask], results: Sequence[BoundResult]) -> pd.DataFrame:
    """One row per search: n, the n's bound, the target, complete, the depth found, nodes."""
    rows = [{"n": t.n, "node_limit": t.node_limit, "upper_bound": r.upper_bound, **s}
            for t, r in zip(tasks, results, strict=True) for s in r.searches]
    return _frame(rows, ["n", "node_limit", "upper_bound", "target", "complete", "found",
                         "nodes"]).astype({"found": "Int64"})


def bound_records(table: pd.DataFrame) -> dict[str, dict]:
    """Per n (str): the upper bound and its searches, as :func:`exact.upper_bound` gives them."""
    out = {}
    for n, g in table.groupby("n", sort=False):
        out[str(n)] = {"upper_bound": int(g["upper_bound"].iloc[0]), "searches": [
            {"target": int(s.target), "complete": bool(s.complete),
             "found": None if pd.isna(s.found) else int(s.found), "nodes": int(s.nodes)}
            for s in g.itertuples()]}
    return out


# --- the designer's runs -------------------------------------------------------------------------


@dataclass(frozen=True)
class DesignTask(Task):
    """One run of the designer's annealer on a named objective."""

    EXPERIMENT = "designer"
    n: int
    run: int
    iters: int
    t_start: float
    t_end: float
    objective: str = "designer"

    def seed_key(self) -> tuple[int | str, ...]:
        """The stored runs' key: ``("designer", objective, n, run)``."""
        return ("designer", self.objective, self.n, self.run)


def design_tasks(budget: MazeBudget, root: int) -> list[DesignTask]:
    """Every designer run of ``budget.designer_runs``, the longest first."""
    tasks = [DesignTask(n, r, a.iters, a.t_start, a.t_end, root=root)
             for n, a in budget.designer_runs.items() for r in range(a.runs)]
    return sorted(tasks, key=lambda t: -t.iters)


def design_run(task: DesignTask) -> designer.DesignResult:
    """Worker: one seeded designer run."""
    return designer.design(task.n, task.iters, task.seed, objective=task.objective,
                           t_start=task.t_start, t_end=task.t_end)


DESIGN_COLUMNS = ["n", "run", "objective", "iters", "t_start", "t_end", "seed",
                  "feasible_depth", "grid"]


def design_table(tasks: Sequence[DesignTask], results: Sequence[designer.DesignResult]
                 ) -> pd.DataFrame:
    """One row per run, by n and run: its deepest feasible depth; ``grid`` only on the run
    kept per n (the first with the n's deepest feasible maze)."""
    by_task = sorted(zip(tasks, results, strict=True), key=lambda tr: (tr[0].n, tr[0].run))
    kept: dict[int, Any] = {}
    for t, r in by_task:
        if r.feasible_depth is not None and (
                t.n not in kept or r.feasible_depth > kept[t.n].feasible_depth):
            kept[t.n] = r
    rows = [{"n": t.n, "run": t.run, "objective": t.objective, "iters": t.iters,
             "t_start": t.t_start, "t_end": t.t_end, "seed": r.seed,
             "feasible_depth": r.feasible_depth,
             "grid": grid_text(r.feasible_grid) if kept.get(t.n) is r else None}
            for t, r in by_task]
    return _frame(rows, DESIGN_COLUMNS).astype({"feasible_depth": "Int64"})


def design_records(table: pd.DataFrame) -> dict[str, dict]:
    """Per n (str): the runs, seeds, feasible depths and the deepest feasible maze."""
    out = {}
    for n, g in table.groupby("n", sort=False):
        g = g.sort_values("run")
        kept = g[g["grid"].notna()]
        depths = [None if pd.isna(d) else int(d) for d in g["feasible_depth"]]
        out[str(n)] = {"runs": len(g), "iters": int(g["iters"].iloc[0]),
                       "t_start": float(g["t_start"].iloc[0]),
                       "t_end": float(g["t_end"].iloc[0]),
                       "seeds": [int(s) for s in g["seed"]], "feasible_depths": depths,
                       "score": None if kept.empty else int(kept["feasible_depth"].iloc[0]),
                       "grid": None if kept.empty else grid_of(kept["grid"].iloc[0])}
    return out


# --- the offline refutation ----------------------------------------------------------------------


def refutation_tasks(budget: MazeBudget, root: int) -> list[BranchTask]:
    """Every branch of ``budget.offline_refutation``, the large ones first."""
    spec = budget.offline_refutation
    return exact.branch_tasks(spec.n, spec.target, spec.node_limit, root=root, first=spec.first)


def refutation_table(tasks: Sequence[BranchTask], results: Sequence[BranchResult]
                     ) -> pd.DataFrame:
    """One row per branch (task order), with the bound the search used."""
    table = exact.branch_table(tasks, results)
    table["bound"] = BOUND_NAME
    rows = table.to_dict("records")
    return _frame(rows, [*exact.BRANCH_COLUMNS, "bound"]).astype({"best": "Int64"})


def refutation_record(table: pd.DataFrame, stored: Mapping[str, Any] | None = None) -> dict:
    """The attempt as one record: n, target, limit, refuted?, nodes, its open branches, and
    (``stored``: its STORED.csv row) its seconds, the command that made it and the one that
    regenerates it."""
    found = table["best"].dropna()
    extra = dict(stored or {})
    return {"n": int(table["n"].iloc[0]), "target": int(table["target"].iloc[0]),
            "node_limit_per_branch": int(table["node_limit"].iloc[0]),
            "bound": str(table["bound"].iloc[0]), "refuted": exact.refuted(table),
            "found": None if found.empty else int(found.max()),
            "nodes": int(table["nodes"].sum()),
            "branches": [{"prefix": [int(b.a), int(b.b)], "complete": bool(b.complete),
                          "nodes": int(b.nodes)} for b in table.itertuples()],
            "numba": str(table["numba"].iloc[0]),
            "cpu_seconds_offline": extra.get("cpu_seconds"),
            "made_by": extra.get("made_by"), "command": extra.get("command")}


# --- reading the stored tables -------------------------------------------------------------------


def stored_path(name: str) -> Path:
    """Where experiment ``name``'s table is stored (``budget.STORED``, what the paper stores)."""
    for experiment, rel in STORED:
        if experiment == name:
            return ROOT / rel
    known = ", ".join(n for n, _ in STORED)
    raise ValueError(f"03_jumping_maze: experiment {name!r} has no stored file; "
                     f"stored runs: {known}")


def stored(name: str) -> pd.DataFrame:
    """The stored table of experiment ``name``."""
    return read_stored(stored_path(name), keep_default_na=False, na_values=[""])


def stored_index() -> pd.DataFrame:
    """``data/STORED.csv``: per table its command, hash and (converted runs) provenance."""
    return read_table(stored_path("long-anneal").parent / STORED_INDEX).set_index("file")


def stored_row(name: str) -> dict:
    """The STORED.csv row of experiment ``name``'s table (missing cells as None)."""
    row = stored_index().loc[stored_path(name).name]
    return {k: (None if pd.isna(v) else v) for k, v in row.items()}


def verify(anneal: Mapping[str, dict], proofs: Mapping[str, dict]) -> dict[str, int]:
    """Re-score every stored grid with the model; raise if any stored score disagrees."""
    checked = {}
    for key, entry in anneal.items():
        s = model.score(entry["best_grid"])
        if s != entry["best_score"]:
            raise ValueError(f"stored anneal grid for n={key} scores {s}, "
                             f"not the stored {entry['best_score']}")
        checked[f"anneal n={key}"] = s
    for key, entry in proofs.items():
        if entry["grid"] is not None:
            s = model.score(entry["grid"])
            if s != entry["proven_max"]:
                raise ValueError(f"stored proof grid for n={key} scores {s}, "
                                 f"not {entry['proven_max']}")
            checked[f"proof n={key}"] = s
    return checked
