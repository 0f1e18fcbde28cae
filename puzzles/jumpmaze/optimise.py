"""The report's optimisers (hill climbing, restarts, random walk, SA, GA) and a long annealer.

Every search runs inside numba: a kernel seeds numba's generator with the task's seed, draws the
start grid, proposes neighbours, evaluates them by BFS and records the score curve, so a run
never returns to Python until it is over. The four local searches are one loop,
:func:`_local_search`, and differ only in the rule that accepts a neighbour, passed as a small
named tuple of that rule's own parameters (so none can be passed and silently ignored):

* :class:`Climb`: hill climbing; ``ties=False`` (strict) takes a neighbour only if its score is
  higher, ``ties=True`` an equal one too (the report leaves the tie rule open; it decides
  everything, so both are run);
* :class:`Walk`: a neighbour the climbing rule rejects is still taken with probability ``p``;
* :class:`Cooling`: annealing, equal or better always, worse with ``exp(delta / T)``,
  ``T = T0 * cool**(i - 1)`` at iteration ``i = 1, 2, ...`` (no tie parameter: annealing always
  accepts ties).

Random restarts are the climb with ``count`` climbs sharing the iterations, each from a fresh
random grid. Every local run fills ``stats`` (slots :data:`WORSE_PROPOSED`,
:data:`WORSE_TAKEN`, :data:`RESTARTS`), so the acceptance rules can be tested directly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from numba import njit
from numba.extending import overload

from puzzles.jumpmaze import model
from puzzles.jumpmaze.budget import report
from puzzles.jumpmaze.model import check_n, max_jumps, neighbour_flat, random_flat, score_flat

if TYPE_CHECKING:
    from puzzles.jumpmaze.budget import MazeBudget

# GA selection readings of the report's "the ones that are 80% better than the rest"
SELECT_RULES = ("beats80", "top80")
# the slots of a local run's ``stats``
WORSE_PROPOSED, WORSE_TAKEN, RESTARTS = 0, 1, 2
N_STATS = 3
NO_SCORE = -(1 << 30)  # below every score: no finished climb yet


class Space(NamedTuple):
    """The mazes of one size: ``n``, every cell's largest jump (flat) and the cells with a
    choice of jump (the only ones a neighbour changes)."""

    n: int
    mj: np.ndarray
    mutable: np.ndarray


class Trace(NamedTuple):
    """What a run records: the score after each iteration (``curve``), the best so far
    (``curve_best``), the best grid (``best``) and the counters (``stats``)."""

    curve: np.ndarray
    curve_best: np.ndarray
    best: np.ndarray
    stats: np.ndarray


class Climb(NamedTuple):
    """Hill climbing's rule: better always, equal only with ``ties``."""

    ties: bool


class Walk(NamedTuple):
    """The random walk's rule: the climb's, else still take the neighbour with probability
    ``p``."""

    ties: bool
    p: float


class Cooling(NamedTuple):
    """Annealing's rule: equal or better always, worse with ``exp(delta / T)``; ``temperature``
    (one slot, updated in place) is multiplied by ``cool`` after every iteration."""

    temperature: np.ndarray
    cool: float


class Genetic(NamedTuple):
    """The GA's parameters: population, generations, mutation and clone rates, and how many
    other members a member must strictly beat to be selected."""

    pop_size: int
    gens: int
    pmut: float
    pclone: float
    need: float


class Schedule(NamedTuple):
    """A geometric annealing schedule: ``iters`` iterations from ``t_start`` to ``t_end``."""

    iters: int
    t_start: float
    t_end: float


def _tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Flat max-jump table and the indices of cells that have more than one legal jump."""
    mj = np.ascontiguousarray(max_jumps(n).ravel())
    mutable = np.flatnonzero(mj >= 2).astype(np.int64)
    return mj, mutable


def _space(n: int) -> Space:
    return Space(n, *_tables(n))


# --- the acceptance rules ------------------------------------------------------------------


@njit(cache=True)
def _climb_accepts(rule: Climb, s: int, s2: int) -> bool:
    return s2 > s or (rule.ties and s2 == s)


@njit(cache=True)
def _walk_accepts(rule: Walk, s: int, s2: int) -> bool:
    if s2 > s or (rule.ties and s2 == s):
        return True
    return np.random.random() < rule.p


@njit(cache=True)
def _cooling_accepts(rule: Cooling, s: int, s2: int) -> bool:
    temp = rule.temperature[0]
    delta = s2 - s
    if delta >= 0:
        accept = True
    else:
        u = np.random.random()
        # a temperature that underflowed to 0 accepts no loss (and never divides by 0)
        accept = temp > 0.0 and u < math.exp(delta / temp)
    rule.temperature[0] = temp * rule.cool
    return accept


RULES = {Climb: _climb_accepts, Walk: _walk_accepts, Cooling: _cooling_accepts}


def accepts(rule: object, s: int, s2: int) -> bool:
    """Whether ``rule`` takes a neighbour of score ``s2`` over the current score ``s`` (each
    rule's own kernel, chosen by the rule's type when a kernel is compiled)."""
    return RULES[type(rule)](rule, s, s2)


@overload(accepts, jit_options={"cache": True})
def _accepts(rule, s, s2):
    kernel = RULES[rule.instance_class]
    return lambda rule, s, s2: kernel(rule, s, s2)


# --- the local searches: one loop ------------------------------------------------------------


@njit(cache=True)
def _start(space: Space, seed: int, cur: np.ndarray, depth: np.ndarray, queue: np.ndarray,
           trace: Trace) -> int:
    """Seed numba's generator, draw the first grid into ``cur`` and record it; its score."""
    np.random.seed(seed)
    random_flat(space.n, space.mj, cur)
    s = score_flat(cur, space.n, depth, queue)
    trace.best[:] = cur
    trace.curve[0] = s
    trace.curve_best[0] = s
    for i in range(trace.stats.shape[0]):
        trace.stats[i] = 0
    return s


@njit(cache=True)
def _local_search(space: Space, iters: int, count: int, seed: int, rule: object,
                  trace: Trace) -> int:
    """``count`` runs of a local search sharing ``iters`` iterations (a restart iteration
    evaluates a fresh grid); ``rule`` decides which neighbours are taken. ``curve[i]`` is the
    incumbent the report plots: the current score (restarts: the best of the finished runs
    and the current one)."""
    n, mj, mutable = space
    stats = trace.stats
    nn = n * n
    depth = np.empty(nn, np.int64)
    queue = np.empty(nn, np.int64)
    cur = np.empty(nn, np.int64)
    s = _start(space, seed, cur, depth, queue, trace)
    best_s = s
    done_best = NO_SCORE  # best of the finished climbs
    seg = iters // count
    for it in range(1, iters + 1):
        if count > 1 and it > 1 and (it - 1) % seg == 0 and stats[RESTARTS] < count - 1:
            if s > done_best:
                done_best = s
            random_flat(n, mj, cur)
            s = score_flat(cur, n, depth, queue)
            stats[RESTARTS] += 1
        else:
            cell, old = neighbour_flat(cur, mutable, mj)
            s2 = score_flat(cur, n, depth, queue)
            worse = s2 < s
            if worse:
                stats[WORSE_PROPOSED] += 1
            if accepts(rule, s, s2):
                stats[WORSE_TAKEN] += worse
                s = s2
            else:
                cur[cell] = old
        if s > best_s:
            best_s = s
            trace.best[:] = cur
        trace.curve[it] = s if s > done_best else done_best
        trace.curve_best[it] = best_s
    return best_s


# --- the GA ------------------------------------------------------------------------------------


@njit(cache=True)
def _mutate_cell(g: np.ndarray, i: int, m: int) -> None:
    """Give cell ``i`` a different legal jump in ``1..m``."""
    new = np.random.randint(1, m)
    if new >= g[i]:
        new += 1
    g[i] = new


@njit(cache=True)
def _select(sc: np.ndarray, need: float, sel: np.ndarray) -> int:
    """Members that strictly beat at least ``need`` others go to ``sel``; their count.

    Fewer than two: random members are added ("if none of the puzzles are substantially
    better, two random ones are selected"), so crossover always has two parents.
    """
    pop_size = sc.shape[0]
    ns = 0
    for p in range(pop_size):
        beats = 0
        for q in range(pop_size):
            if q != p and sc[p] > sc[q]:
                beats += 1
        if beats >= need:
            sel[ns] = p
            ns += 1
    while ns < 2:
        q = np.random.randint(0, pop_size)
        dup = False
        for t in range(ns):
            if sel[t] == q:
                dup = True
        if not dup:
            sel[ns] = q
            ns += 1
    return ns


@njit(cache=True)
def _breed(pop: np.ndarray, sel: np.ndarray, ns: int, pclone: float, pmut: float,
           mj: np.ndarray, nxt: np.ndarray, clones: np.ndarray) -> None:
    """The next generation into ``nxt``: every child is bred (no elitism).

    A child is a clone of a random selected member with probability ``pclone``, else the
    uniform crossover of two different selected members; then every cell with a choice
    mutates with probability ``pmut``. ``clones[c]`` = 1 marks a clone.
    """
    nn = pop.shape[1]
    for c in range(nxt.shape[0]):
        a = sel[np.random.randint(0, ns)]
        if np.random.random() < pclone:
            nxt[c] = pop[a]
            clones[c] = 1
        else:
            clones[c] = 0
            b = sel[np.random.randint(0, ns)]
            while b == a:
                b = sel[np.random.randint(0, ns)]
            for i in range(nn):  # uniform crossover
                nxt[c, i] = pop[a, i] if np.random.random() < 0.5 else pop[b, i]
        for i in range(nn):
            if mj[i] >= 2 and np.random.random() < pmut:
                _mutate_cell(nxt[c], i, mj[i])


@njit(cache=True)
def _genetic(space: Space, ga: Genetic, seed: int, trace: Trace) -> int:
    """The report's GA; ``curve[g]`` is the population's mean score after generation ``g``."""
    np.random.seed(seed)
    n, mj, _ = space
    nn = n * n
    depth = np.empty(nn, np.int64)
    queue = np.empty(nn, np.int64)
    pop = np.empty((ga.pop_size, nn), np.int64)
    nxt = np.empty((ga.pop_size, nn), np.int64)
    sc = np.empty(ga.pop_size, np.int64)
    sel = np.empty(ga.pop_size, np.int64)
    clones = np.empty(ga.pop_size, np.int64)
    best_s = NO_SCORE
    for p in range(ga.pop_size):
        random_flat(n, mj, pop[p])
        sc[p] = score_flat(pop[p], n, depth, queue)
        if sc[p] > best_s:
            best_s = sc[p]
            trace.best[:] = pop[p]
    trace.curve[0] = sc.mean()
    trace.curve_best[0] = best_s
    for gen in range(1, ga.gens + 1):
        ns = _select(sc, ga.need, sel)
        _breed(pop, sel, ns, ga.pclone, ga.pmut, mj, nxt, clones)
        for p in range(ga.pop_size):
            pop[p] = nxt[p]
            sc[p] = score_flat(pop[p], n, depth, queue)
            if sc[p] > best_s:
                best_s = sc[p]
                trace.best[:] = pop[p]
        trace.curve[gen] = sc.mean()
        trace.curve_best[gen] = best_s
    return best_s


# --- the tuned annealer -----------------------------------------------------------------------


@njit(cache=True)
def _anneal_from(space: Space, schedule: Schedule, cur: np.ndarray, best: np.ndarray,
                 trace: np.ndarray) -> int:
    """Geometric-schedule annealing from the grid ``cur``; returns the best score.

    ``trace[j]`` records the best score after ``(j + 1) * iters / len(trace)`` iterations.
    """
    n, mj, mutable = space
    iters, t_start, t_end = schedule
    nn = n * n
    depth = np.empty(nn, np.int64)
    queue = np.empty(nn, np.int64)
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
    trace[j:] = best_s
    return best_s


@njit(cache=True)
def _anneal_random(space: Space, schedule: Schedule, seed: int, best: np.ndarray,
                   trace: np.ndarray) -> int:
    """Seed numba's generator, draw a random start, anneal it."""
    np.random.seed(seed)
    cur = np.empty(space.n * space.n, np.int64)
    random_flat(space.n, space.mj, cur)
    return _anneal_from(space, schedule, cur, best, trace)


@njit(cache=True)
def _anneal_given(space: Space, schedule: Schedule, seed: int, start: np.ndarray,
                  best: np.ndarray, trace: np.ndarray) -> int:
    """Seed numba's generator and anneal a copy of ``start``."""
    np.random.seed(seed)
    return _anneal_from(space, schedule, start.copy(), best, trace)


@njit(cache=True)
def _neighbour_profile(jumps: np.ndarray, n: int, mj: np.ndarray, out: np.ndarray) -> None:
    """Score every one-jump neighbour of ``jumps``: ``out`` = [better, equal, worse]."""
    nn = n * n
    depth = np.empty(nn, np.int64)
    queue = np.empty(nn, np.int64)
    g = jumps.copy()
    s = score_flat(g, n, depth, queue)
    out[:] = 0
    for i in range(nn):
        if mj[i] < 2:
            continue
        old = g[i]
        for v in range(1, mj[i] + 1):
            if v == old:
                continue
            g[i] = v
            s2 = score_flat(g, n, depth, queue)
            if s2 > s:
                out[0] += 1
            elif s2 == s:
                out[1] += 1
            else:
                out[2] += 1
        g[i] = old


# ---------------------------------------------------------------------------------------------
# Python API


@dataclass(frozen=True)
class RunResult:
    """One optimiser run: its score curve, best-so-far curve, and the best grid (re-evaluated).

    ``stats`` (local searches): [worse neighbours proposed, worse accepted, restarts made].
    """

    algorithm: str
    n: int
    seed: int
    curve: np.ndarray
    curve_best: np.ndarray
    best_grid: np.ndarray
    best_score: int
    stats: np.ndarray = field(default_factory=lambda: np.zeros(N_STATS, np.int64))


def _checked(algorithm: str, seed: int, trace: Trace, best_s: int) -> RunResult:
    """Re-evaluate the kernel's best grid with the model before it counts."""
    n = math.isqrt(trace.best.size)
    grid = trace.best.reshape(n, n).copy()
    again = model.score(grid)
    if again != best_s:
        raise RuntimeError(f"{algorithm}: kernel score {best_s} but the model says {again}")
    return RunResult(algorithm, n, seed, trace.curve.astype(float),
                     trace.curve_best.astype(float), grid, int(again), trace.stats)


def _check_positive(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise ValueError(f"{name} must be a positive int, got {value!r}")
    return int(value)


def _trace(n: int, points: int, dtype: type = np.int64) -> Trace:
    return Trace(np.empty(points, dtype), np.empty(points, dtype), np.empty(n * n, np.int64),
                 np.zeros(N_STATS, np.int64))


def _local(rule: object, algorithm: str, n: int, iters: int, seed: int, count: int = 1
           ) -> RunResult:
    """Run the local search under ``rule`` (``count`` restarts share ``iters``), checked."""
    n = check_n(n)
    iters = _check_positive("iters", iters)
    trace = _trace(n, iters + 1)
    s = _local_search(_space(n), iters, count, int(seed), rule, trace)
    return _checked(algorithm, seed, trace, s)


def neighbour_profile(grid: object) -> tuple[int, int, int]:
    """How many one-jump neighbours of ``grid`` (every other legal jump of every non-goal cell
    with a choice) score better, the same and worse than it: a strict local maximum has no
    better and no equal one."""
    flat, n = model.flatten(grid)
    mj, _ = _tables(n)
    out = np.zeros(3, np.int64)
    _neighbour_profile(flat, n, mj, out)
    return int(out[0]), int(out[1]), int(out[2])


def hill_climb(n: int, iters: int, seed: int, *, ties: bool,
               algorithm: str = "hc") -> RunResult:
    """One seeded run of hill climbing (``ties``: accept equal scores)."""
    return _local(Climb(bool(ties)), algorithm, n, iters, seed)


def restarts(n: int, iters: int, seed: int, *, ties: bool, count: int,
             algorithm: str = "restarts") -> RunResult:
    """One seeded run of ``count`` hill climbs sharing ``iters`` iterations."""
    count = _check_positive("count", count)
    if count > iters:
        raise ValueError(f"count must not exceed iters, got count={count}, iters={iters}")
    return _local(Climb(bool(ties)), algorithm, n, iters, seed, count)


def random_walk(n: int, iters: int, seed: int, *, ties: bool, p: float,
                algorithm: str = "walk") -> RunResult:
    """One seeded run of hill climbing that takes a rejected neighbour with probability ``p``."""
    if not 0.0 < p <= 1.0:
        raise ValueError(f"p must lie in (0, 1], got {p}")
    return _local(Walk(bool(ties), float(p)), algorithm, n, iters, seed)


def anneal(n: int, iters: int, seed: int, *, t0: float, cool: float,
           algorithm: str = "sa") -> RunResult:
    """One seeded run of the report's annealing (T = t0 * cool**i)."""
    if not (t0 > 0.0 and 0.0 < cool <= 1.0):
        raise ValueError(f"t0 must be > 0 and cool in (0, 1], got t0={t0}, cool={cool}")
    return _local(Cooling(np.array([float(t0)]), float(cool)), algorithm, n, iters, seed)


def selection_need(select: str, frac: float, pop_size: int) -> float:
    """How many other members a member must strictly beat to be selected, per reading."""
    if select not in SELECT_RULES:
        raise ValueError(f"select must be one of {list(SELECT_RULES)}, got {select!r}")
    share = frac if select == "beats80" else 1.0 - frac
    return share * (pop_size - 1)


def genetic(n: int, pop_size: int, gens: int, seed: int, *, pmut: float = 0.02,
            pclone: float = 0.5, select: str = "beats80", algorithm: str = "ga") -> RunResult:
    """One seeded run of the report's GA (``select``: "beats80" or the alternative "top80",
    of the report's share: "80% better")."""
    n = check_n(n)
    pop_size = _check_positive("pop_size", pop_size)
    gens = _check_positive("gens", gens)
    if pop_size < 2:
        raise ValueError(f"pop_size must be at least 2, got {pop_size}")
    for name, v in (("pmut", pmut), ("pclone", pclone)):
        if not 0.0 <= v <= 1.0:
            raise ValueError(f"{name} must lie in [0, 1], got {v}")
    ga = Genetic(pop_size, gens, float(pmut), float(pclone),
                 selection_need(select, report().ga_select, pop_size))
    trace = _trace(n, gens + 1, np.float64)
    s = _genetic(_space(n), ga, int(seed), trace)
    return _checked(algorithm, seed, trace, s)


def anneal_long(n: int, iters: int, seed: int, *, t_start: float = 3.0, t_end: float = 0.05,
                start: np.ndarray | None = None, trace_len: int = 100) -> RunResult:
    """One long run of the tuned annealer (geometric schedule ``t_start`` -> ``t_end``)."""
    n = check_n(n)
    iters = _check_positive("iters", iters)
    if not 0.0 < t_end <= t_start:
        raise ValueError(f"need 0 < t_end <= t_start, got t_start={t_start}, t_end={t_end}")
    schedule = Schedule(iters, float(t_start), float(t_end))
    best = np.empty(n * n, np.int64)
    trace = np.empty(_check_positive("trace_len", trace_len), np.int64)
    if start is None:
        s = _anneal_random(_space(n), schedule, int(seed), best, trace)
    else:
        flat, m = model.flatten(start)
        if m != n:
            raise ValueError(f"start must be a {n} x {n} grid")
        s = _anneal_given(_space(n), schedule, int(seed), flat, best, trace)
    return _checked("anneal_long", seed, Trace(trace, trace, best, np.zeros(N_STATS, np.int64)),
                    s)


# ---------------------------------------------------------------------------------------------
# The report's protocol: algorithms by name, run under a budget

ALGORITHMS = ("hc_strict", "hc_ties", "restarts_strict", "restarts_ties", "walk_strict",
              "walk_ties", "sa", "ga", "ga_top80")


def run_algorithm(algorithm: str, n: int, seed: int, budget: MazeBudget) -> RunResult:
    """One run of a named report algorithm under ``budget`` (its iterations at ``n``)."""
    if algorithm not in ALGORITHMS:
        raise ValueError(f"algorithm must be one of {ALGORITHMS}, got {algorithm!r}")
    family, _, variant = algorithm.partition("_")
    ties = variant == "ties"
    if family == "hc":
        return hill_climb(n, budget.hc[n], seed, ties=ties, algorithm=algorithm)
    if family == "restarts":
        return restarts(n, budget.restarts[n], seed, ties=ties,
                        count=budget.restarts_count, algorithm=algorithm)
    if family == "walk":
        return random_walk(n, budget.walk[n], seed, ties=ties, p=budget.walk_p,
                           algorithm=algorithm)
    if family == "sa":
        return anneal(n, budget.sa[n], seed, t0=budget.sa_t0, cool=budget.sa_cool,
                      algorithm=algorithm)
    return genetic(n, budget.ga_pop[n], budget.ga_generations, seed,
                   pmut=budget.ga_mutation, pclone=budget.ga_clone,
                   select="top80" if variant == "top80" else "beats80", algorithm=algorithm)
