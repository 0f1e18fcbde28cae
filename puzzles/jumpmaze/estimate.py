"""How big an unfinished exact search is: Knuth's estimator of a backtrack tree's size.

A refutation (a fixed target that nothing reaches) searches a fixed tree: the bound never
tightens, so the tree does not depend on the order it is walked in. Knuth (1975) estimates its
size by random probes: walk from the root, at each level count the nodes the search would make
there (``a``) and those it would descend into (``e``), pick one of the ``e`` uniformly and go
on; ``sum over levels of (e_0 ... e_{k-1}) a_k`` is an unbiased estimate of the node count.
The probes use the search of :func:`puzzles.jumpmaze.exact.search` unchanged (its children, its
equivalence of jumps, its symmetry, its bounds), so a probe's counts are the search's own. The
estimate is heavy-tailed, so a branch's estimate is reported with its spread over seeded
batches of probes, and stated as such, never as a node count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
from numba import njit

from puzzles.core.paper import Task
from puzzles.jumpmaze import exact
from puzzles.jumpmaze.model import max_jumps

PROBE_FIELDS = 3  # per probe: estimate, depth reached, whether it ended at a goal leaf


class Path(NamedTuple):
    """One probe's BFS state: depths, the queue, and the jumps fixed along the path."""

    depth: np.ndarray
    queue: np.ndarray
    jumps: np.ndarray
    new: np.ndarray
    lines: exact.Lines


def _path(n: int) -> Path:
    nn = n * n
    return Path(np.full(nn, -1, np.int64), np.zeros(nn, np.int64), np.zeros(nn, np.int64),
                np.zeros(exact.MAX_NEW, np.int64),
                exact.Lines(np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(nn, np.int64)))


@njit(cache=True)
def _descend(q: exact.Question, p: Path, k: int, tail: int, cnt: int) -> int:
    """Discover value's ``p.new[:cnt]``, classify the child and undo: 2 a maze as deep as the
    target, 1 a child the search descends into, 0 a leaf (a shallower goal, or cut)."""
    c = p.queue[k]
    end = exact._discover(p.depth, p.queue, p.new, c, cnt, tail)
    goal = p.depth[q.n * q.n - 1]
    kind = 0
    if goal >= q.target:
        kind = 2  # the search would not be a refutation
    elif goal < 0 and not exact._cut(q, p.depth, p.queue, p.lines, k, end, q.target - 1):
        kind = 1
    for t in range(tail, end):
        p.depth[p.queue[t]] = -1
    return kind


@njit(cache=True)
def _children(q: exact.Question, p: Path, k: int, tail: int, keep: np.ndarray) -> tuple:
    """Level ``k``'s values the search makes nodes of (``a``) and those it descends into,
    stored in ``keep`` (``e``); the third value counts mazes as deep as the target. The
    value filters are :func:`exact._search`'s, in its order."""
    c = p.queue[k]
    seen = np.zeros((1, 16), np.int64)
    nseen = np.zeros(1, np.int64)
    forced = k < q.prefix.shape[0]
    a = e = goals = 0
    top = min(q.mj[c], q.prefix[k]) if forced else q.mj[c]
    for v in range(1, top + 1):
        if q.transpose and k == 2 and v < p.jumps[p.queue[1]]:
            continue
        cnt = exact._new_cells(q.n, p.depth, p.new, c, v)
        if exact._tried(seen, nseen, p.new, 0, cnt) or (forced and v != q.prefix[k]):
            continue
        a += 1
        kind = _descend(q, p, k, tail, cnt)
        if kind == 2:
            goals += 1
        elif kind == 1:
            keep[e] = v
            e += 1
    return a, e, goals


@njit(cache=True)
def _probe(q: exact.Question, p: Path, out: np.ndarray) -> None:
    """One random root-to-leaf walk; ``out``: the estimate, the level reached, goal seen."""
    nn = q.n * q.n
    p.depth[:] = -1
    p.jumps[:] = 0
    p.depth[0] = 0
    p.queue[0] = 0
    tail = 1
    k = 0
    weight = 1.0
    total = 0.0
    goal = 0
    keep = np.zeros(16, np.int64)
    while True:
        a, e, goals = _children(q, p, k, tail, keep)
        total += weight * a
        if goals > 0:
            goal = 1
        if e == 0 or k + 1 >= nn:
            break
        v = keep[np.random.randint(e)]
        c = p.queue[k]
        p.jumps[c] = v
        cnt = exact._new_cells(q.n, p.depth, p.new, c, v)
        tail = exact._discover(p.depth, p.queue, p.new, c, cnt, tail)
        weight *= e
        k += 1
    out[0] = total
    out[1] = k
    out[2] = goal


@njit(cache=True)
def _probes(q: exact.Question, p: Path, seed: int, out: np.ndarray) -> None:
    """``out.shape[0]`` probes from one seed (numba's generator, seeded here)."""
    np.random.seed(seed)
    for i in range(out.shape[0]):
        _probe(q, p, out[i])


@dataclass(frozen=True)
class Estimate:
    """A branch's estimated node count from seeded batches of probes."""

    n: int
    target: int
    prefix: tuple[int, ...]
    waste: bool
    probes: int
    mean: float  # the mean over every probe (the estimate)
    batch_means: tuple[float, ...]  # one mean per seeded batch (their spread is the uncertainty)
    deepest_level: int  # the deepest level a probe reached
    goal_probes: int  # probes that met a goal leaf at or above the target (0 in a refutation)


def estimate(n: int, target: int, prefix: tuple[int, ...], *, probes: int, batches: int,
             seed: int, waste: bool = False, discoverable: bool = True) -> Estimate:
    """Knuth's estimate of one branch's node count: ``batches`` batches of ``probes`` probes,
    batch ``b`` seeded ``seed + b`` (the bounds as :func:`exact.search` takes them)."""
    n = exact._check_search_args(n, target, 1)
    if probes < 1 or batches < 2:
        raise ValueError(f"need probes >= 1 and batches >= 2, got {probes} and {batches}")
    pre = np.asarray(prefix, dtype=np.int64).reshape(-1)
    if pre.size != 2:
        raise ValueError(f"prefix must be one top-level branch (a, b), got {tuple(prefix)}")
    mj = np.ascontiguousarray(max_jumps(n).ravel())
    q = exact.Question(n, mj, int(target), 1, pre, bool(discoverable), True, bool(waste))
    p = _path(n)
    runs = []
    for b in range(batches):
        out = np.zeros((probes, PROBE_FIELDS), np.float64)
        _probes(q, p, int(seed) + b, out)
        runs.append(out)
    allp = np.concatenate(runs)
    return Estimate(n, int(target), tuple(int(x) for x in pre), bool(waste), int(allp.shape[0]),
                    float(allp[:, 0].mean()), tuple(float(r[:, 0].mean()) for r in runs),
                    int(allp[:, 1].max()), int(allp[:, 2].sum()))


# --- the stored experiment: the unfinished refutations' sizes ------------------------------------

ESTIMATE_COLUMNS = ["n", "target", "a", "b", "waste", "probes", "estimate", "batch_min",
                    "batch_max", "deepest_level", "goal_probes"]


@dataclass(frozen=True)
class EstimateTask(Task):
    """Knuth's estimate of one top-level branch of the (n, target) refutation."""

    EXPERIMENT = "size-estimates"
    n: int
    target: int
    a: int
    b: int
    waste: bool
    probes: int
    batches: int


def estimate_tasks(budget: Any, root: int) -> list[EstimateTask]:
    """The open branches of ``budget.offline_refutation`` with and without the forced-waste
    bound, then every branch of each (n, target) in ``budget.size_estimates.whole``."""
    spec, est = budget.offline_refutation, budget.size_estimates
    tasks = [EstimateTask(spec.n, spec.target, a, b, w, est.probes, est.batches, root=root)
             for a, b in spec.first for w in (False, True)]
    for n, target in est.whole:
        tasks += [EstimateTask(n, target, a, b, False, est.probes, est.batches, root=root)
                  for a, b in exact.branches(n)]
    return tasks


def estimate_run(task: EstimateTask) -> Estimate:
    """Worker: one branch's estimate, its batches seeded from the task's seed."""
    return estimate(task.n, task.target, (task.a, task.b), probes=task.probes,
                    batches=task.batches, seed=task.seed, waste=task.waste)


def estimate_table(tasks: Sequence[EstimateTask], results: Sequence[Estimate]) -> pd.DataFrame:
    """One row per branch (task order): the estimate and the range of its batch means."""
    rows = [{"n": t.n, "target": t.target, "a": t.a, "b": t.b, "waste": t.waste,
             "probes": r.probes, "estimate": float(f"{r.mean:.4g}"),
             "batch_min": float(f"{min(r.batch_means):.4g}"),
             "batch_max": float(f"{max(r.batch_means):.4g}"),
             "deepest_level": r.deepest_level, "goal_probes": r.goal_probes}
            for t, r in zip(tasks, results, strict=True)]
    return pd.DataFrame(rows, columns=ESTIMATE_COLUMNS)


def totals(table: pd.DataFrame) -> pd.DataFrame:
    """Per (n, target, waste): the branches, and the summed estimate and batch-mean range."""
    g = table.groupby(["n", "target", "waste"], sort=True)
    return g.agg(branches=("a", "size"), estimate=("estimate", "sum"),
                 batch_min=("batch_min", "sum"), batch_max=("batch_max", "sum"),
                 goal_probes=("goal_probes", "sum")).reset_index()
