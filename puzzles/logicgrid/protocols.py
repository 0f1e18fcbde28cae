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

import numpy as np
import pandas as pd
from numba import njit

from puzzles.core.paper import Task
from puzzles.logicgrid.budget import LogicGridBudget
from puzzles.logicgrid.fi2pop import (
    GA,
    SPACES,
    Breed,
    HintLists,
    Judge,
    Pop,
    _roulette,
    breeding,
    crossover,
    drop_repeats,
    evaluate,
    judge,
    mutate,
    population,
    random_hint,
    rules,
    seed_population,
)
from puzzles.logicgrid.model import Space
from puzzles.logicgrid.solver import Shape, grid_metrics

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


# Their GA's settings: population 50, crossover 0.3, mutation 0.8 (of both children or
# neither), insert rate 0.5, 2 elites, initial lists of 1-5 hints, lists of at most 21 rows
# (their archive's mutation grows a list to 21 hints, their single-population one to 20).
ROWS = 21
ARCHIVE_GA = GA(50, 0, 0.3, 0.8, 0.5, 2, 1, 5, ROWS, False)
MAX_ARCHIVE_GENERATIONS = 10_000


@njit(cache=True)
def _breed(H: np.ndarray, ln: np.ndarray, a: int, b: int, ga: GA, sh: Shape,
           br: Breed) -> None:
    """Two children of parents a, b: crossover (concatenate, shuffle, halve), then mutation."""
    crossover(H, ln, a, b, ga.p_cross, br.buf, br.kids, br.kid_len)
    if ga.distinct:  # the generator's operators (a cause tested, not the authors')
        for c in range(2):
            br.kid_len[c] = drop_repeats(br.kids[c], br.kid_len[c])
    if np.random.random() < ga.p_mut:  # their decide(mut_rate) mutates both children or neither
        for c in range(2):
            br.kid_len[c] = mutate(br.kids[c], br.kid_len[c], ga.p_add, ga.max_hints, sh,
                                   ga.distinct)


@njit(cache=True)
def _archive(lists: HintLists, kid: np.ndarray, nh: int, na: int) -> int:
    """Archive a feasible list while there is room; the new archive size."""
    if na < lists.rows.shape[0]:
        lists.rows[na] = kid
        lists.lengths[na] = nh
        na += 1
    return na


@njit(cache=True)
def _seed_archive(cur: Pop, lists: HintLists, ga: GA, jd: Judge) -> tuple[int, int]:
    """The initial population: feasible lists to the archive, the others to ``cur``;
    (archived, infeasible)."""
    trial = np.zeros((ga.max_hints, 6), dtype=np.int64)
    na = 0
    ni = 0
    for _ in range(ga.pop):
        k = np.random.randint(ga.init_min, ga.init_max + 1)
        for j in range(k):
            random_hint(trial[j], jd.shape)
        f, v, lo, c = evaluate(trial, k, jd)
        if not f:
            cur.H[ni, :k] = trial[:k]
            cur.ln[ni] = k
            cur.fit[ni] = v
            ni += 1
        elif na < lists.rows.shape[0]:
            lists.rows[na, :k] = trial[:k]
            lists.lengths[na] = k
            na += 1
    return na, ni


@njit(cache=True)
def _archive_generation(cur: Pop, nxt: Pop, ni: int, na: int, ga: GA, jd: Judge, br: Breed,
                        lists: HintLists) -> int:
    """One generation of the infeasible-only GA; feasible children go to the archive."""
    order = np.argsort(-cur.fit[:ni], kind="mergesort")
    k2 = 0
    for e in range(min(2, ni)):  # elites of the infeasible population
        nxt.H[k2] = cur.H[order[e]]
        nxt.ln[k2] = cur.ln[order[e]]
        nxt.fit[k2] = cur.fit[order[e]]
        k2 += 1
    for j in range(ni):
        br.fidx[j] = j
    while k2 < ga.pop:
        a = _roulette(br.fidx, ni, cur.fit)
        b = _roulette(br.fidx, ni, cur.fit)
        _breed(cur.H, cur.ln, a, b, ga, jd.shape, br)
        for c in range(2):
            if k2 >= ga.pop:
                break
            f, v, lo, cnt = evaluate(br.kids[c], br.kid_len[c], jd)
            if f:
                na = _archive(lists, br.kids[c], br.kid_len[c], na)
            else:
                nxt.H[k2] = br.kids[c]
                nxt.ln[k2] = br.kid_len[c]
                nxt.fit[k2] = v
                k2 += 1
    return na


@njit(cache=True)
def archive_kernel(seed: int, ga: GA, target: int, max_gens: int, jd: Judge):
    """FeasbilityTest.first_n_feasible: (archive, archive size, generations)."""
    np.random.seed(seed)
    cap = target + 2 * ga.pop
    lists = HintLists(np.zeros((cap, ga.max_hints, 6), dtype=np.int64),
                      np.zeros(cap, dtype=np.int64))
    cur = population(ga.pop, ga.max_hints)
    nxt = population(ga.pop, ga.max_hints)
    br = breeding(ga.pop, ga.max_hints)
    na, ni = _seed_archive(cur, lists, ga, jd)
    gens = 0
    while na < target and gens < max_gens and ni > 0:
        na = _archive_generation(cur, nxt, ni, na, ga, jd, br, lists)
        cur, nxt = nxt, cur
        ni = ga.pop
        gens += 1
    return lists, na, gens


@njit(cache=True)
def chain_kernel(seed: int, lists: HintLists, na: int, steps: int, max_hints: int,
                 jd: Judge, distinct: bool) -> np.ndarray:
    """FeasbilityTest.mutate_n_times: feasible chains after 1..steps successive mutations."""
    np.random.seed(seed)
    out = np.zeros(steps, dtype=np.int64)
    h = np.zeros((max_hints + 1, 6), dtype=np.int64)
    for p in range(na):
        nh = lists.lengths[p]
        h[:nh] = lists.rows[p, :nh]
        for s in range(steps):
            nh = mutate(h, nh, 0.5, max_hints + 1, jd.shape, distinct)
            if evaluate(h, nh, jd)[0]:
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
    jd = judge(space, rules(weak=weak))
    lists, na, gens = archive_kernel(int(seed), ARCHIVE_GA, int(target),
                                     MAX_ARCHIVE_GENERATIONS, jd)
    if na == 0:
        raise ValueError("the infeasible-only GA archived no feasible list")
    counts = chain_kernel(int(seed) + 1, lists, na, int(steps), ROWS, jd, False)
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
def _weighted(h: np.ndarray, nh: int, jd: Judge) -> tuple[bool, float]:
    """(feasible, weighted infeasible fitness) of one list: everyone gets the latter."""
    f = evaluate(h, nh, jd)[0]
    sh, r = jd.shape, jd.rules
    comp, rows, v2 = grid_metrics(jd.work.P, h, nh, sh.n, sh.m, sh.num)  # the solver's grid
    g = max(0.0, 1.0 - v2 / 10.0)
    return f, r.completion * comp + r.validity * rows + r.violations * g


@njit(cache=True)
def _single_generation(cur: Pop, nxt: Pop, ga: GA, jd: Judge, br: Breed,
                       idx: np.ndarray) -> None:
    """Two elites, then one child per breeding (their population is never short)."""
    order = np.argsort(-cur.fit, kind="mergesort")
    k = 0
    for e in range(2):
        nxt.H[k] = cur.H[order[e]]
        nxt.ln[k] = cur.ln[order[e]]
        nxt.fit[k] = cur.fit[order[e]]
        nxt.feas[k] = cur.feas[order[e]]
        k += 1
    while k < ga.pop:
        a = _roulette(idx, ga.pop, cur.fit)
        b = _roulette(idx, ga.pop, cur.fit)
        _breed(cur.H, cur.ln, a, b, ga, jd.shape, br)
        nxt.H[k] = br.kids[0]  # only the first child joins
        nxt.ln[k] = br.kid_len[0]
        nxt.feas[k], nxt.fit[k] = _weighted(nxt.H[k], nxt.ln[k], jd)
        k += 1


@njit(cache=True)
def single_pop_kernel(seed: int, ga: GA, jd: Judge) -> np.ndarray:
    """SinglePopulationEvolution.evolve: feasible individuals in each generation 0..gens-1."""
    np.random.seed(seed)
    cur = population(ga.pop, ROWS)
    nxt = population(ga.pop, ROWS)
    br = breeding(ga.pop, ROWS)
    idx = np.arange(ga.pop)
    out = np.zeros(ga.gens, dtype=np.int64)
    seed_population(cur, ga, jd.shape)
    for i in range(ga.pop):
        cur.feas[i], cur.fit[i] = _weighted(cur.H[i], cur.ln[i], jd)
    for g in range(ga.gens):
        out[g] = np.sum(cur.feas)
        _single_generation(cur, nxt, ga, jd, br, idx)
        cur, nxt = nxt, cur
    return out


@dataclass(frozen=True)
class SinglePopRun:
    """One run of their single-population GA."""

    n_feasible: list[int]  # feasible individuals in each generation 0..G-1


def single_pop_run(space: Space, variant: str, seed: int, generations: int,
                   weak: bool) -> SinglePopRun:
    """One single-population run of the infeasible fitness ``variant`` from ``seed``."""
    if variant not in SINGLE_POP_WEIGHTS:
        raise ValueError(f"variant must be one of {sorted(SINGLE_POP_WEIGHTS)}, got {variant!r}")
    ga = ARCHIVE_GA._replace(gens=int(generations), max_hints=ROWS - 1)
    r = rules(weak=weak)._replace(**dict(zip(("completion", "validity", "violations"),
                                             SINGLE_POP_WEIGHTS[variant], strict=True)))
    counts = single_pop_kernel(int(seed), ga, judge(space, r))
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
