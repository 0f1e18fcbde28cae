"""Noisy instances over many states: where the paper drew one random state, draw many.

The paper's "noisy" instances (A5, B5, C5, C6, D1-D3) and the E series start from one random
solvable state each, so a table cell of theirs is one draw from the distribution of 20-run
means over states. Here every such instance gets ``states`` solvable states (state 0 is the
table's own state; state s >= 1 is drawn from ``derive_rng(INSTANCE_SEED, "clockwork-state",
base, s)`` with hand 0, redrawn until solvable under the instance's actions), and each state
gets ``runs`` seeded DWP runs (``derive_seed(root, "state", instance, s, run)``). B5 uses
A5's draws (``base`` = "A5": Section V's B instances share their A counterpart's state), kept
only when solvable under set B's actions, so B5's states are A5's states that B can solve.

Where a state is drawn (all the noisy instances) the paper's cell is decided against the
distribution of our 20-run means across states (:func:`state_evidence`, the engine's
``extreme`` rule with one paper draw: the exact precedence test of a single value against our
state means, two-sided, on the log scale for tournaments); Q's effect on the E series by the
engine's ``trend`` rule over every state (:func:`e_trend`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from puzzles.clockwork.algebra import action_group, is_solvable
from puzzles.clockwork.dwp import DEFAULT, run_dwp
from puzzles.clockwork.instances import INSTANCE_SEED, instance
from puzzles.clockwork.model import Puzzle, q_value, state_str
from puzzles.core import verdicts as V
from puzzles.core.paper import Task
from puzzles.core.seeding import derive_rng, derive_seed

NOISY = ("A5", "B5", "C5", "C6", "D1", "D2", "D3")
E_SERIES = ("E1", "E2", "E3", "E4", "E5")
# Where each instance's states come from: B5 shares A5's (Section V).
STATE_SOURCE = {"B5": "A5"}
COLUMNS = ["instance", "state", "runs", "mean_tournaments", "median_tournaments", "successes"]
STORED_COLUMNS = COLUMNS + ["initial", "mean_length"]
MAX_DRAWS = 10_000
# The log scale of tournaments: a mean of 0 (the random population solves) is read as 0.5.
FLOOR = 0.5


def drawn_state(name: str, s: int) -> tuple[int, tuple[int, ...]]:
    """State ``s`` of noisy instance ``name`` (0: the table's own state)."""
    base = instance(name)
    if isinstance(s, bool) or not isinstance(s, int) or s < 0:
        raise ValueError(f"state must be an int >= 0, got {s!r}")
    if s == 0:
        return base.initial
    group = action_group(base.actions, base.n, base.c)
    rng = derive_rng(INSTANCE_SEED, "clockwork-state", STATE_SOURCE.get(name, name), s)
    for _ in range(MAX_DRAWS):
        L = tuple(int(x) for x in rng.integers(0, base.c, size=base.n))
        probe = Puzzle(base.n, base.c, (0, L), base.actions)
        if any(L) and is_solvable(probe, group=group):
            return (0, L)
    raise ValueError(f"no solvable state {s} of {name!r} in {MAX_DRAWS} draws")


def state_puzzle(name: str, s: int) -> Puzzle:
    """Instance ``name`` started from its state ``s``."""
    base = instance(name)
    return Puzzle(base.n, base.c, drawn_state(name, s), base.actions, name=f"{name}#{s}")


@dataclass(frozen=True)
class StateTask(Task):
    """``runs`` DWP runs (the notebook's default EA at budget ``N``) of one state."""

    EXPERIMENT = "state"
    instance: str
    state: int
    runs: int
    N: int


@dataclass(frozen=True)
class StateRuns:
    """The runs of one state: tournaments (failures at N), solved flags, solving lengths."""

    instance: str
    state: int
    initial: str
    tournaments: tuple[int, ...]
    solved: tuple[bool, ...]
    lengths: tuple[int, ...]  # -1 for a failed run

    def row(self) -> dict:
        """The state's summary (:data:`STORED_COLUMNS`)."""
        t = np.asarray(self.tournaments, dtype=float)
        ok = np.asarray(self.solved, dtype=bool)
        ln = np.asarray(self.lengths, dtype=float)[ok]
        return {"instance": self.instance, "state": self.state, "runs": int(t.size),
                "mean_tournaments": round(float(t.mean()), 4),
                "median_tournaments": float(np.median(t)), "successes": int(ok.sum()),
                "initial": self.initial,
                "mean_length": round(float(ln.mean()), 4) if ln.size else np.nan}


def state_runs(task: StateTask) -> StateRuns:
    """The worker: every run of one state, seeded (root, "state", instance, state, run)."""
    p = state_puzzle(task.instance, task.state)
    ea = DEFAULT.but(N=task.N)
    res = [run_dwp(p, derive_seed(task.root, "state", task.instance, task.state, r), ea)
           for r in range(task.runs)]
    return StateRuns(task.instance, task.state, state_str(p.initial),
                     tuple(r.tournaments for r in res), tuple(r.solved for r in res),
                     tuple(-1 if r.length is None else r.length for r in res))


def state_tasks(runs: int, N: int, states: int, e_states: int, root: int,
                names: Sequence[str] = NOISY + E_SERIES) -> list[StateTask]:
    """``states`` states of every noisy instance, ``e_states`` of each E instance."""
    if states < 1 or e_states < 1 or runs < 1:
        raise ValueError(f"states, e_states and runs must be >= 1, got {states}, {e_states}, "
                         f"{runs}")
    return [StateTask(k, s, runs, N, root=root) for k in names
            for s in range(e_states if k in E_SERIES else states)]


def states_table(tasks: Sequence[StateTask], results: Sequence[StateRuns]) -> pd.DataFrame:
    """One row per state (:data:`STORED_COLUMNS`), in task order."""
    return pd.DataFrame([r.row() for r in results], columns=STORED_COLUMNS)


def _log(x: np.ndarray | float) -> np.ndarray:
    return np.log(np.maximum(np.asarray(x, dtype=float), FLOOR))


def state_evidence(table: pd.DataFrame, name: str, paper_mean: float,
                   what: str = "mean_tournaments") -> V.Evidence:
    """The paper's 20-run mean of ``name`` against our 20-run means over its states: the
    engine's ``extreme`` rule with one paper draw (an exact two-sided rank test of one value
    among ours), on the log scale for tournaments (margin +-0.2, the ledger's), in actions
    for lengths (+-5)."""
    g = table[table["instance"] == name]
    vals = g[what].dropna().to_numpy(dtype=float)
    if vals.size < 2:
        raise ValueError(f"{name}: need at least two states with a {what}, got {vals.size}")
    if what == "mean_tournaments":
        ev = V.extreme(_log(vals), float(_log(paper_mean)), 1, "min",
                       V.Margin.difference(0.2, "log tournaments"))
        shown = (f"20-run means over {vals.size} states: median {np.median(vals):.1f}, range "
                 f"{vals.min():.1f}-{vals.max():.1f}")
    else:
        ev = V.extreme(vals, float(paper_mean), 1, "min", V.Margin.difference(5, "actions"))
        shown = (f"mean lengths over {vals.size} states: median {np.median(vals):.1f}, range "
                 f"{vals.min():.1f}-{vals.max():.1f}")
    lo, hi = np.quantile(vals, [0.05, 0.95])
    return V.Evidence("estimate", shown, ev.test.replace("runs", "state means"),
                      uncertainty=f"central 90% of our state means: [{lo:.4g}, {hi:.4g}]",
                      margin=ev.margin, p=ev.p, settled=ev.settled,
                      equivalent=ev.equivalent, n=ev.n, decide=(
                          f"with {vals.size} states the two-sided rank test cannot go below "
                          f"p = {2 / (vals.size + 1):.3g}; a value outside all our states "
                          f"needs {math.ceil(2 / V.ALPHA)} states before correction"))


def position(table: pd.DataFrame, name: str, paper_mean: float) -> dict:
    """Where the paper's mean falls among our state means (share below, inside the range)."""
    vals = table.loc[table["instance"] == name, "mean_tournaments"].to_numpy(dtype=float)
    return {"instance": name, "states": int(vals.size), "paper": paper_mean,
            "min": float(vals.min()), "median": float(np.median(vals)),
            "max": float(vals.max()),
            "share_below": round(float((vals < paper_mean).mean()), 4),
            "in_range": bool(vals.min() <= paper_mean <= vals.max())}


def e_trend(table: pd.DataFrame) -> V.Evidence:
    """Larger Q, fewer tournaments: Kendall's tau of Q against every E state's 20-run mean."""
    e = table[table["instance"].isin(E_SERIES)]
    if e.empty:
        raise ValueError("the table holds no state of the E series")
    q = [q_value(instance(k).actions, instance(k).n) for k in e["instance"]]
    return V.trend(q, e["mean_tournaments"].to_numpy(dtype=float), increasing=False)


def e_order(table: pd.DataFrame, easier: str, harder: str) -> V.Evidence:
    """"``easier`` takes fewer tournaments than ``harder``" over their states (Mann-Whitney on
    the state means: different states, so unpaired)."""
    a = table.loc[table["instance"] == easier, "mean_tournaments"].to_numpy(dtype=float)
    b = table.loc[table["instance"] == harder, "mean_tournaments"].to_numpy(dtype=float)
    if a.size == 0 or b.size == 0:
        raise ValueError(f"no states of {easier!r} or {harder!r} in the table")
    return V.ordering(a, b, paired=False)


def experiment_tasks(budget, root: int) -> list[StateTask]:
    """The ``states`` experiment's tasks from the notebook's budget (``runs``, ``N``,
    ``states``, ``e_states``)."""
    return state_tasks(budget.runs, budget.N, budget.states, budget.e_states, root)
