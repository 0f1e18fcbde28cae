"""The authors' two side studies, run the way their scripts run them (numba kernels).

- **Mutation feasibility** (their ``FeasbilityTest.py``): per trial, a GA that evolves *only the
  infeasible population* (2 elites, roulette parents, crossover 0.3, mutation 0.8 of both
  children) archives every feasible child until at least 100 are archived (checked once per
  generation); then every archived list is mutated 5 times in succession (each step an insert
  with probability 0.5, else a delete) and the share of the chains feasible after each step is
  recorded. Their script: 30 trials, population 50.
- **Infeasible-fitness ablation** (their ``SinglePopExperiements.py`` with
  ``SinglePopulationEvolution.py``): a *single-population* GA, every individual scored by the
  weighted infeasible fitness (weights 0.33 each for "full", 0.5/0.5 for the variants without one
  term, 0 for "random"), 100 generations, population 50, 2 elites; the number of feasible
  individuals per generation is recorded. As in their loop, each breeding step adds one child
  only (their second child is added only while the *old* population is short, which it never
  is).

Feasible is our notion by default (solver completes, every clue verified, exactly one solution);
``weak=True`` takes the paper's (the solver completes the grid).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from numba import njit

from puzzles.core.paper import Task
from puzzles.logicgrid.count import link_bitsets
from puzzles.logicgrid.fi2pop import SPACES, _roulette, crossover, evaluate, mutate, random_hint
from puzzles.logicgrid.model import Space
from puzzles.logicgrid.solver import grid_metrics

if TYPE_CHECKING:
    from puzzles.logicgrid.paper import LogicGridBudget

# Successive mutations per chain in their FeasbilityTest.py.
PROTOCOL_STEPS = 5

# Weights of (completion, row validity, violations) in their SinglePopExperiements.py.
SINGLE_POP_WEIGHTS: dict[str, tuple[float, float, float]] = {
    "full": (0.33, 0.33, 0.33),
    "no violations": (0.5, 0.5, 0.0),
    "no row validity": (0.5, 0.0, 0.5),
    "no completion": (0.0, 0.5, 0.5),
    "random": (0.0, 0.0, 0.0),
}


@njit(cache=True)
def _breed(H: np.ndarray, ln: np.ndarray, a: int, b: int, p_cross: float, p_mut: float,
           p_add: float, max_hints: int, n: int, m: int, num: int, buf: np.ndarray,
           kids: np.ndarray, kid_len: np.ndarray) -> None:
    """Two children of parents a, b: crossover (concatenate, shuffle, halve), then mutation."""
    crossover(H, ln, a, b, p_cross, buf, kids, kid_len)
    if np.random.random() < p_mut:  # their decide(mut_rate) mutates both children or neither
        for c in range(2):
            kid_len[c] = mutate(kids[c], kid_len[c], p_add, max_hints, n, m, num)


@njit(cache=True)
def archive_kernel(seed: int, n: int, m: int, num: int, pop: int, target: int,
                   max_gens: int, max_hints: int, weak: bool, links: np.ndarray):
    """FeasbilityTest.first_n_feasible: (archive hints, lengths, archive size, generations)."""
    np.random.seed(seed)
    cap = target + 2 * pop
    A = np.zeros((cap, max_hints, 6), dtype=np.int64)
    alen = np.zeros(cap, dtype=np.int64)
    na = 0
    H = np.zeros((pop, max_hints, 6), dtype=np.int64)
    H2 = np.zeros((pop, max_hints, 6), dtype=np.int64)
    ln = np.zeros(pop, dtype=np.int64)
    ln2 = np.zeros(pop, dtype=np.int64)
    fit = np.zeros(pop)
    fit2 = np.zeros(pop)
    P = np.zeros(n * m, dtype=np.int64)
    rem = np.zeros(0, dtype=np.int64)
    types = np.zeros((0, 5), dtype=np.int64)
    tr = np.zeros((0, 5), dtype=np.int64)
    st = np.zeros(4, dtype=np.int64)
    buf = np.zeros((2 * max_hints, 6), dtype=np.int64)
    kids = np.zeros((2, max_hints, 6), dtype=np.int64)
    kid_len = np.zeros(2, dtype=np.int64)
    idx = np.zeros(pop, dtype=np.int64)
    ni = 0
    trial = np.zeros((max_hints, 6), dtype=np.int64)
    for _ in range(pop):  # the initial population: 1-5 random hints each
        k = np.random.randint(1, 6)
        for j in range(k):
            random_hint(trial[j], n, m, num)
        f, v, lo, c = evaluate(trial, k, n, m, num, weak, 0, 20.0, 7, 0.33, 0.33, 0.33,
                               links, P, rem, types, tr, st)
        if f:
            if na < cap:
                A[na, :k] = trial[:k]
                alen[na] = k
                na += 1
        else:
            H[ni, :k] = trial[:k]
            ln[ni] = k
            fit[ni] = v
            ni += 1
    gens = 0
    while na < target and gens < max_gens and ni > 0:
        order = np.argsort(-fit[:ni], kind="mergesort")
        k2 = 0
        for e in range(min(2, ni)):  # elites of the infeasible population
            H2[k2] = H[order[e]]
            ln2[k2] = ln[order[e]]
            fit2[k2] = fit[order[e]]
            k2 += 1
        for j in range(ni):
            idx[j] = j
        while k2 < pop:
            a = _roulette(idx, ni, fit)
            b = _roulette(idx, ni, fit)
            _breed(H, ln, a, b, 0.3, 0.8, 0.5, max_hints, n, m, num, buf, kids, kid_len)
            for c in range(2):
                if k2 >= pop:
                    break
                f, v, lo, cnt = evaluate(kids[c], kid_len[c], n, m, num, weak, 0, 20.0, 7,
                                         0.33, 0.33, 0.33, links, P, rem, types, tr, st)
                if f:
                    if na < cap:
                        A[na] = kids[c]
                        alen[na] = kid_len[c]
                        na += 1
                else:
                    H2[k2] = kids[c]
                    ln2[k2] = kid_len[c]
                    fit2[k2] = v
                    k2 += 1
        H, H2 = H2, H
        ln, ln2 = ln2, ln
        fit, fit2 = fit2, fit
        ni = pop
        gens += 1
    return A, alen, na, gens


@njit(cache=True)
def chain_kernel(seed: int, A: np.ndarray, alen: np.ndarray, na: int, steps: int,
                 max_hints: int, n: int, m: int, num: int, weak: bool,
                 links: np.ndarray) -> np.ndarray:
    """FeasbilityTest.mutate_n_times: feasible chains after 1..steps successive mutations."""
    np.random.seed(seed)
    out = np.zeros(steps, dtype=np.int64)
    h = np.zeros((max_hints + 1, 6), dtype=np.int64)
    P = np.zeros(n * m, dtype=np.int64)
    rem = np.zeros(0, dtype=np.int64)
    types = np.zeros((0, 5), dtype=np.int64)
    tr = np.zeros((0, 5), dtype=np.int64)
    st = np.zeros(4, dtype=np.int64)
    for p in range(na):
        nh = alen[p]
        h[:nh] = A[p, :nh]
        for s in range(steps):
            nh = mutate(h, nh, 0.5, max_hints + 1, n, m, num)
            f, v, lo, c = evaluate(h, nh, n, m, num, weak, 0, 20.0, 7, 0.33, 0.33, 0.33,
                                   links, P, rem, types, tr, st)
            if f:
                out[s] += 1
    return out


@dataclass(frozen=True)
class MutationRun:
    """One trial of their mutation study."""

    archived: int  # feasible lists archived
    generations: int  # generations the infeasible-only GA ran
    ratios: list[float]  # share of the chains feasible after 1..steps mutations


def mutation_protocol_run(space: Space, seed: int, target: int, steps: int,
                          weak: bool) -> MutationRun:
    """One trial of their mutation study from ``seed`` (the chains draw from ``seed + 1``)."""
    links = link_bitsets(space)
    A, alen, na, gens = archive_kernel(int(seed), space.n, space.m, space.numeric, 50,
                                       int(target), 10_000, 21, bool(weak), links)
    if na == 0:
        raise ValueError("the infeasible-only GA archived no feasible list")
    counts = chain_kernel(int(seed) + 1, A, alen, na, int(steps), 21, space.n, space.m,
                          space.numeric, bool(weak), links)
    return MutationRun(archived=int(na), generations=int(gens),
                       ratios=(counts / na).tolist())


@dataclass(frozen=True)
class MutationTask(Task):
    """One trial of their mutation study: archive ``target`` feasible lists, chains of
    ``steps`` mutations, under our feasibility or (``weak``) the paper's."""

    EXPERIMENT = "mutation-protocol"
    trial: int
    weak: bool
    target: int
    steps: int = PROTOCOL_STEPS
    space: str = "clue"

    def __post_init__(self) -> None:
        if self.trial < 0 or self.target < 1 or self.steps < 1:
            raise ValueError("trial >= 0, target >= 1 and steps >= 1 required")
        if self.space not in SPACES:
            raise ValueError(f"space must be one of {sorted(SPACES)}, got {self.space!r}")

    def seed_key(self) -> tuple[int | str, ...]:
        """("mutation-protocol", weak, trial): the committed runs' key."""
        return ("mutation-protocol", int(self.weak), self.trial)


def mutation_tasks(budget: LogicGridBudget, root: int) -> list[MutationTask]:
    """Their 30 trials under our feasibility, then under the paper's."""
    return [MutationTask(t, weak, budget.protocol_target, root=root)
            for weak in (False, True) for t in range(budget.protocol_trials)]


def mutation_protocol_task(task: MutationTask) -> MutationRun:
    """The worker: one trial of their mutation study from the task's seed."""
    return mutation_protocol_run(SPACES[task.space], task.seed, task.target, task.steps,
                                 task.weak)


@njit(cache=True)
def single_pop_kernel(seed: int, n: int, m: int, num: int, pop: int, gens: int, w0: float,
                      w1: float, w2: float, weak: bool, links: np.ndarray) -> np.ndarray:
    """SinglePopulationEvolution.evolve: feasible individuals in each generation 0..gens-1."""
    np.random.seed(seed)
    max_hints = 21
    H = np.zeros((pop, max_hints, 6), dtype=np.int64)
    H2 = np.zeros((pop, max_hints, 6), dtype=np.int64)
    ln = np.zeros(pop, dtype=np.int64)
    ln2 = np.zeros(pop, dtype=np.int64)
    fit = np.zeros(pop)
    fit2 = np.zeros(pop)
    feas = np.zeros(pop, dtype=np.bool_)
    feas2 = np.zeros(pop, dtype=np.bool_)
    P = np.zeros(n * m, dtype=np.int64)
    rem = np.zeros(0, dtype=np.int64)
    types = np.zeros((0, 5), dtype=np.int64)
    tr = np.zeros((0, 5), dtype=np.int64)
    st = np.zeros(4, dtype=np.int64)
    buf = np.zeros((2 * max_hints, 6), dtype=np.int64)
    kids = np.zeros((2, max_hints, 6), dtype=np.int64)
    kid_len = np.zeros(2, dtype=np.int64)
    idx = np.arange(pop)
    out = np.zeros(gens, dtype=np.int64)
    for i in range(pop):
        ln[i] = np.random.randint(1, 6)
        for j in range(ln[i]):
            random_hint(H[i, j], n, m, num)
    for i in range(pop):
        f, v = _weighted(H[i], ln[i], n, m, num, w0, w1, w2, weak, links, P, rem, types, tr,
                         st)
        feas[i] = f
        fit[i] = v
    for g in range(gens):
        order = np.argsort(-fit, kind="mergesort")
        out[g] = np.sum(feas)
        k = 0
        for e in range(2):
            H2[k] = H[order[e]]
            ln2[k] = ln[order[e]]
            fit2[k] = fit[order[e]]
            feas2[k] = feas[order[e]]
            k += 1
        while k < pop:
            a = _roulette(idx, pop, fit)
            b = _roulette(idx, pop, fit)
            _breed(H, ln, a, b, 0.3, 0.8, 0.5, max_hints - 1, n, m, num, buf, kids, kid_len)
            H2[k] = kids[0]  # only the first child joins (their population is never short)
            ln2[k] = kid_len[0]
            f, v = _weighted(H2[k], ln2[k], n, m, num, w0, w1, w2, weak, links, P, rem, types,
                             tr, st)
            feas2[k] = f
            fit2[k] = v
            k += 1
        H, H2 = H2, H
        ln, ln2 = ln2, ln
        fit, fit2 = fit2, fit
        feas, feas2 = feas2, feas
    return out


@njit(cache=True)
def _weighted(h: np.ndarray, nh: int, n: int, m: int, num: int, w0: float, w1: float,
              w2: float, weak: bool, links: np.ndarray, P: np.ndarray, rem: np.ndarray,
              types: np.ndarray, tr: np.ndarray, st: np.ndarray) -> tuple[bool, float]:
    """(feasible, weighted infeasible fitness) of one list: everyone gets the latter."""
    f, v, lo, c = evaluate(h, nh, n, m, num, weak, 0, 20.0, 7, 0.0, 0.0, 0.0, links, P, rem,
                           types, tr, st)
    comp, rows, v2 = grid_metrics(P, h, nh, n, m, num)  # P still holds the solver's grid
    g = max(0.0, 1.0 - v2 / 10.0)
    return f, w0 * comp + w1 * rows + w2 * g


@dataclass(frozen=True)
class SinglePopRun:
    """One run of their single-population GA."""

    n_feasible: list[int]  # feasible individuals in each generation 0..G-1


def single_pop_run(space: Space, variant: str, seed: int, generations: int,
                   weak: bool) -> SinglePopRun:
    """One single-population run of the infeasible fitness ``variant`` from ``seed``."""
    if variant not in SINGLE_POP_WEIGHTS:
        raise ValueError(f"variant must be one of {sorted(SINGLE_POP_WEIGHTS)}, got {variant!r}")
    w = SINGLE_POP_WEIGHTS[variant]
    counts = single_pop_kernel(int(seed), space.n, space.m, space.numeric, 50, int(generations),
                               w[0], w[1], w[2], bool(weak), link_bitsets(space))
    return SinglePopRun(n_feasible=counts.tolist())


@dataclass(frozen=True)
class SinglePopTask(Task):
    """One trial of their infeasible-fitness ablation for one variant."""

    EXPERIMENT = "single-pop"
    variant: str
    trial: int
    generations: int
    weak: bool = True
    space: str = "clue"

    def __post_init__(self) -> None:
        if self.variant not in SINGLE_POP_WEIGHTS:
            raise ValueError(f"variant must be one of {sorted(SINGLE_POP_WEIGHTS)}, "
                             f"got {self.variant!r}")
        if self.trial < 0 or self.generations < 1:
            raise ValueError("trial >= 0 and generations >= 1 required")
        if self.space not in SPACES:
            raise ValueError(f"space must be one of {sorted(SPACES)}, got {self.space!r}")

    def seed_key(self) -> tuple[int | str, ...]:
        """("single-pop", variant, weak, trial): the committed runs' key."""
        return ("single-pop", self.variant, int(self.weak), self.trial)


def single_pop_tasks(budget: LogicGridBudget, root: int) -> list[SinglePopTask]:
    """Every variant, their 30 trials each, with the paper's feasibility as their script."""
    return [SinglePopTask(v, t, budget.single_pop_generations, root=root)
            for v in SINGLE_POP_WEIGHTS for t in range(budget.protocol_trials)]


def single_pop_task(task: SinglePopTask) -> SinglePopRun:
    """The worker: one single-population run from the task's seed."""
    return single_pop_run(SPACES[task.space], task.variant, task.seed, task.generations,
                          task.weak)


def runs_table(tasks: Sequence[Task], results: Sequence[MutationRun | SinglePopRun]
               ) -> pd.DataFrame:
    """One row per trial: the task's fields (seed root aside), then the run's."""
    return pd.DataFrame([{**t.values(), **asdict(r)}
                         for t, r in zip(tasks, results, strict=True)])
