"""The report's optimisers (hill climbing, restarts, random walk, SA, GA) and a long annealer.

Every search loop is one numba kernel: the kernel seeds numba's generator with the task's seed,
draws the start grid, proposes neighbours, evaluates them by BFS and records the score curve,
so a run never returns to Python until it is over.

Acceptance rules (the report leaves the tie rule open; it decides everything, so both are run):

* ``strict``: a neighbour replaces the current grid only if its score is higher;
* ``ties``: a neighbour with an equal or higher score replaces it.

Random walk: a neighbour that is not accepted by the rule above is still accepted with
probability ``walk_p``. Annealing: equal or better always, worse with ``exp(delta / T)``,
``T = T0 * cool**i`` at iteration ``i``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numba import njit

from puzzles.core import derive_seed
from puzzles.jumpmaze import model
from puzzles.jumpmaze.model import check_n, max_jumps, neighbour_flat, random_flat, score_flat

# GA selection readings of the report's "the ones that are 80% better than the rest"
SELECT_BEATS = 0  # selected if it beats (strictly) at least 80% of the other members: top ~20%
SELECT_TOP = 1  # alternative: selected if it is among the better 80% (beats >= 20% of the others)
SELECT_RULES = {"beats80": SELECT_BEATS, "top80": SELECT_TOP}


def _tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Flat max-jump table and the indices of cells that have more than one legal jump."""
    mj = np.ascontiguousarray(max_jumps(n).ravel())
    mutable = np.flatnonzero(mj >= 2).astype(np.int64)
    return mj, mutable


@njit(cache=True)
def _local_search(n: int, mj: np.ndarray, mutable: np.ndarray, iters: int, restarts: int,
                  ties: bool, walk_p: float, t0: float, cool: float, seed: int,
                  curve: np.ndarray, curve_best: np.ndarray, best: np.ndarray) -> int:
    """HC / restarts / random walk / SA in one loop; return the best score, its grid in ``best``.

    ``curve[i]`` is the incumbent after iteration ``i`` (the current grid, or for restarts the
    best of the finished climbs and the current one); ``curve_best[i]`` the best seen so far.
    """
    np.random.seed(seed)
    nn = n * n
    depth = np.empty(nn, np.int64)
    queue = np.empty(nn, np.int64)
    cur = np.empty(nn, np.int64)
    random_flat(n, mj, cur)
    s = score_flat(cur, n, depth, queue)
    best[:] = cur
    best_s = s
    done_best = -(1 << 30)  # best of the finished restarts
    curve[0] = s
    curve_best[0] = s
    seg = iters // restarts if restarts > 1 else iters + 1
    temp = t0
    for it in range(1, iters + 1):
        if restarts > 1 and it > 1 and (it - 1) % seg == 0:
            # a restart: this iteration evaluates a fresh random grid
            if s > done_best:
                done_best = s
            random_flat(n, mj, cur)
            s = score_flat(cur, n, depth, queue)
        else:
            cell, old = neighbour_flat(cur, mutable, mj)
            s2 = score_flat(cur, n, depth, queue)
            delta = s2 - s
            if delta > 0 or (delta == 0 and ties):
                accept = True
            elif t0 > 0.0:
                accept = delta == 0 or np.random.random() < math.exp(delta / temp)
            elif walk_p > 0.0:
                accept = np.random.random() < walk_p
            else:
                accept = False
            if accept:
                s = s2
            else:
                cur[cell] = old
        if t0 > 0.0:
            temp *= cool
        if s > best_s:
            best_s = s
            best[:] = cur
        curve[it] = s if s > done_best else done_best
        curve_best[it] = best_s
    return best_s


@njit(cache=True)
def _mutate_cell(g: np.ndarray, i: int, m: int) -> None:
    """Give cell ``i`` a different legal jump in ``1..m``."""
    new = np.random.randint(1, m)
    if new >= g[i]:
        new += 1
    g[i] = new


@njit(cache=True)
def _genetic(n: int, mj: np.ndarray, pop_size: int, gens: int, pmut: float, pclone: float,
             rule: int, frac: float, seed: int, curve: np.ndarray, curve_best: np.ndarray,
             best: np.ndarray) -> int:
    """The report's GA; ``curve[g]`` is the population's mean score after generation ``g``."""
    np.random.seed(seed)
    nn = n * n
    depth = np.empty(nn, np.int64)
    queue = np.empty(nn, np.int64)
    pop = np.empty((pop_size, nn), np.int64)
    nxt = np.empty((pop_size, nn), np.int64)
    sc = np.empty(pop_size, np.int64)
    sel = np.empty(pop_size, np.int64)
    best_s = -(1 << 30)
    for p in range(pop_size):
        random_flat(n, mj, pop[p])
        sc[p] = score_flat(pop[p], n, depth, queue)
        if sc[p] > best_s:
            best_s = sc[p]
            best[:] = pop[p]
    curve[0] = sc.mean()
    curve_best[0] = best_s
    for gen in range(1, gens + 1):
        # selection: count how many other members each one strictly beats
        ns = 0
        for p in range(pop_size):
            beats = 0
            for q in range(pop_size):
                if q != p and sc[p] > sc[q]:
                    beats += 1
            need = frac if rule == 0 else 1.0 - frac
            if beats >= need * (pop_size - 1):
                sel[ns] = p
                ns += 1
        # "if none of the puzzles are substantially better, two random ones are selected";
        # with a single winner we add one random member so crossover has two parents
        while ns < 2:
            q = np.random.randint(0, pop_size)
            dup = False
            for t in range(ns):
                if sel[t] == q:
                    dup = True
            if not dup:
                sel[ns] = q
                ns += 1
        for c in range(pop_size):
            a = sel[np.random.randint(0, ns)]
            if np.random.random() < pclone:
                nxt[c] = pop[a]
            else:
                b = sel[np.random.randint(0, ns)]
                while b == a:
                    b = sel[np.random.randint(0, ns)]
                for i in range(nn):  # uniform crossover
                    nxt[c, i] = pop[a, i] if np.random.random() < 0.5 else pop[b, i]
            for i in range(nn):
                if mj[i] >= 2 and np.random.random() < pmut:
                    _mutate_cell(nxt[c], i, mj[i])
        for p in range(pop_size):
            pop[p] = nxt[p]
            sc[p] = score_flat(pop[p], n, depth, queue)
            if sc[p] > best_s:
                best_s = sc[p]
                best[:] = pop[p]
        curve[gen] = sc.mean()
        curve_best[gen] = best_s
    return best_s


@njit(cache=True)
def _anneal_long(n: int, mj: np.ndarray, mutable: np.ndarray, iters: int, t_start: float,
                 t_end: float, seed: int, start: np.ndarray, best: np.ndarray,
                 trace: np.ndarray) -> int:
    """Geometric-schedule annealing from ``start`` (random if it holds -1); returns best score.

    ``trace[j]`` records the best score after ``(j + 1) * iters / len(trace)`` iterations.
    """
    np.random.seed(seed)
    nn = n * n
    depth = np.empty(nn, np.int64)
    queue = np.empty(nn, np.int64)
    cur = np.empty(nn, np.int64)
    if start[0] < 0:
        random_flat(n, mj, cur)
    else:
        cur[:] = start
    s = score_flat(cur, n, depth, queue)
    best[:] = cur
    best_s = s
    ratio = math.log(t_end / t_start) / max(iters - 1, 1)
    stride = max(iters // trace.shape[0], 1)
    j = 0
    for it in range(iters):
        temp = t_start * math.exp(ratio * it)
        cell, old = neighbour_flat(cur, mutable, mj)
        s2 = score_flat(cur, n, depth, queue)
        delta = s2 - s
        if delta >= 0 or np.random.random() < math.exp(delta / temp):
            s = s2
            if s > best_s:
                best_s = s
                best[:] = cur
        else:
            cur[cell] = old
        if (it + 1) % stride == 0 and j < trace.shape[0]:
            trace[j] = best_s
            j += 1
    while j < trace.shape[0]:
        trace[j] = best_s
        j += 1
    return best_s


# ---------------------------------------------------------------------------------------------
# Python API


@dataclass(frozen=True)
class RunResult:
    """One optimiser run: its score curve, best-so-far curve, and the best grid (re-evaluated)."""

    algorithm: str
    n: int
    seed: int
    curve: np.ndarray
    curve_best: np.ndarray
    best_grid: np.ndarray
    best_score: int


def _checked(algorithm: str, n: int, seed: int, curve: np.ndarray, curve_best: np.ndarray,
             best: np.ndarray, best_s: int) -> RunResult:
    """Re-evaluate the kernel's best grid with the model before it counts."""
    grid = best.reshape(n, n).copy()
    again = model.score(grid)
    if again != best_s:
        raise RuntimeError(f"{algorithm}: kernel score {best_s} but the model says {again}")
    return RunResult(algorithm, n, seed, curve, curve_best, grid, int(again))


def _check_positive(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise ValueError(f"{name} must be a positive int, got {value!r}")
    return int(value)


def local_search(n: int, iters: int, seed: int, *, ties: bool, restarts: int = 1,
                 walk_p: float = 0.0, t0: float = 0.0, cool: float = 1.0,
                 algorithm: str = "local") -> RunResult:
    """One seeded run of hill climbing (restarts / random walk) or, with ``t0 > 0``, annealing."""
    n = check_n(n)
    iters = _check_positive("iters", iters)
    restarts = _check_positive("restarts", restarts)
    if not 0.0 <= walk_p <= 1.0:
        raise ValueError(f"walk_p must lie in [0, 1], got {walk_p}")
    if t0 < 0 or not 0.0 < cool <= 1.0:
        raise ValueError(f"t0 must be >= 0 and cool in (0, 1], got t0={t0}, cool={cool}")
    mj, mutable = _tables(n)
    curve = np.empty(iters + 1, np.int64)
    curve_best = np.empty(iters + 1, np.int64)
    best = np.empty(n * n, np.int64)
    s = _local_search(n, mj, mutable, iters, restarts, bool(ties), float(walk_p), float(t0),
                      float(cool), int(seed), curve, curve_best, best)
    return _checked(algorithm, n, seed, curve.astype(float), curve_best.astype(float), best, s)


def genetic(n: int, pop_size: int, gens: int, seed: int, *, pmut: float = 0.02,
            pclone: float = 0.5, select: str = "beats80", frac: float = 0.8,
            algorithm: str = "ga") -> RunResult:
    """One seeded run of the report's GA (``select``: "beats80" or the alternative "top80")."""
    n = check_n(n)
    pop_size = _check_positive("pop_size", pop_size)
    gens = _check_positive("gens", gens)
    if pop_size < 2:
        raise ValueError(f"pop_size must be at least 2, got {pop_size}")
    if select not in SELECT_RULES:
        raise ValueError(f"select must be one of {sorted(SELECT_RULES)}, got {select!r}")
    for name, v in (("pmut", pmut), ("pclone", pclone), ("frac", frac)):
        if not 0.0 <= v <= 1.0:
            raise ValueError(f"{name} must lie in [0, 1], got {v}")
    mj, _ = _tables(n)
    curve = np.empty(gens + 1, np.float64)
    curve_best = np.empty(gens + 1, np.float64)
    best = np.empty(n * n, np.int64)
    s = _genetic(n, mj, pop_size, gens, float(pmut), float(pclone), SELECT_RULES[select],
                 float(frac), int(seed), curve, curve_best, best)
    return _checked(algorithm, n, seed, curve, curve_best, best, s)


def anneal_long(n: int, iters: int, seed: int, *, t_start: float = 3.0, t_end: float = 0.05,
                start: np.ndarray | None = None, trace_len: int = 100) -> RunResult:
    """One long run of the tuned annealer (geometric schedule ``t_start`` -> ``t_end``)."""
    n = check_n(n)
    iters = _check_positive("iters", iters)
    if not 0.0 < t_end <= t_start:
        raise ValueError(f"need 0 < t_end <= t_start, got t_start={t_start}, t_end={t_end}")
    mj, mutable = _tables(n)
    start_flat = (np.full(n * n, -1, np.int64) if start is None
                  else model.flatten(start)[0])
    if start is not None and start_flat.size != n * n:
        raise ValueError(f"start must be a {n} x {n} grid")
    best = np.empty(n * n, np.int64)
    trace = np.empty(_check_positive("trace_len", trace_len), np.int64)
    s = _anneal_long(n, mj, mutable, iters, float(t_start), float(t_end), int(seed), start_flat,
                     best, trace)
    return _checked("anneal_long", n, seed, trace.astype(float), trace.astype(float), best, s)


# ---------------------------------------------------------------------------------------------
# The report's protocol: algorithms by name, budgets, and the task function for run_tasks

ALGORITHMS = ("hc_strict", "hc_ties", "restarts_strict", "restarts_ties", "walk_strict",
              "walk_ties", "sa", "ga", "ga_top80")


def run_algorithm(algorithm: str, n: int, seed: int, budget: dict) -> RunResult:
    """One run of a named report algorithm with the per-``n`` budget mapping ``budget``."""
    if algorithm not in ALGORITHMS:
        raise ValueError(f"algorithm must be one of {ALGORITHMS}, got {algorithm!r}")
    family, _, variant = algorithm.partition("_")
    if family in ("hc", "restarts", "walk"):
        iters = budget[family][n]
        return local_search(
            n, iters, seed, ties=variant == "ties",
            restarts=budget["restarts_count"] if family == "restarts" else 1,
            walk_p=budget["walk_p"] if family == "walk" else 0.0, algorithm=algorithm)
    if family == "sa":
        return local_search(n, budget["sa"][n], seed, ties=True, t0=budget["sa_t0"],
                            cool=budget["sa_cool"], algorithm=algorithm)
    return genetic(n, budget["ga_pop"][n], budget["ga_generations"], seed,
                   pmut=budget["ga_mutation"], pclone=budget["ga_clone"],
                   select="top80" if variant == "top80" else "beats80", algorithm=algorithm)


def protocol_task(task: tuple) -> dict:
    """Worker for ``run_tasks``: ``(algorithm, n, runs, root_seed, budget_items)`` -> summary.

    Returns the mean incumbent and best-so-far curves over the runs, every run's best score,
    and the best grid of all runs (re-evaluated by the model).
    """
    algorithm, n, runs, root, budget_items = task
    budget = _unfreeze(budget_items)
    results = [run_algorithm(algorithm, n, derive_seed(root, algorithm, n, r), budget)
               for r in range(runs)]
    top = max(results, key=lambda res: res.best_score)
    return {
        "algorithm": algorithm, "n": n,
        "mean_curve": np.mean([r.curve for r in results], axis=0),
        "mean_best_curve": np.mean([r.curve_best for r in results], axis=0),
        "final": np.array([r.curve[-1] for r in results]),
        "best_scores": np.array([r.best_score for r in results], np.int64),
        "best_grid": top.best_grid, "best_score": top.best_score,
    }


def freeze(obj: object) -> object:
    """Turn nested dicts into sorted tuples so a budget has a deterministic ``repr``."""
    if isinstance(obj, dict):
        return tuple(sorted((k, freeze(v)) for k, v in obj.items()))
    return obj


def _unfreeze(items: object) -> object:
    if isinstance(items, tuple) and items and all(
            isinstance(p, tuple) and len(p) == 2 for p in items):
        return {k: _unfreeze(v) for k, v in items}
    return items


def long_task(task: tuple) -> dict:
    """Worker: one tuned-annealer run ``(n, iters, t_start, t_end, root, run)``."""
    n, iters, t_start, t_end, root, run = task
    res = anneal_long(n, iters, derive_seed(root, "anneal_long", n, run), t_start=t_start,
                      t_end=t_end)
    return {"n": n, "run": run, "seed": res.seed, "best_score": res.best_score,
            "best_grid": res.best_grid, "trace": res.curve}
