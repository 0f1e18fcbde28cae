"""FI-2Pop: the feasible-infeasible two-population GA over hint lists, as one numba kernel.

A generation keeps the 2 best of each population (elites) and fills the rest of the 50 slots with
children: a population is chosen with probability |F|/(|F|+|I|), two parents are drawn by
roulette within it, crossed over with probability 0.3 (concatenate, shuffle, split at the middle)
and each child is mutated with probability 0.8 (insert a random hint with probability 0.5, else
delete one); each child joins F or I by feasibility.

Feasible (default, stricter than the paper): the solver completes the grid, every hint is
verified, and the exact counter finds exactly one solution. ``weak=True`` is the paper's notion:
the solver completed the grid (hints still queued are not re-checked).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from numba import njit

from puzzles.core.paper import Task
from puzzles.logicgrid.count import count_kernel, link_bitsets
from puzzles.logicgrid.hints import from_array
from puzzles.logicgrid.model import CLUE, MINI, Space
from puzzles.logicgrid.solver import SOLVED, grid_metrics, solve_kernel

SIZE_DIFFICULTY, DIFFICULTY_ONLY, SIZE_ONLY = 0, 1, 2
FITNESS_MODES = {"size_difficulty": SIZE_DIFFICULTY, "difficulty_only": DIFFICULTY_ONLY,
                 "size_only": SIZE_ONLY}
# Weights of (completion, row validity, violations) in the infeasible fitness, per ablation.
ABLATIONS: dict[str, tuple[float, float, float]] = {
    "full": (0.33, 0.33, 0.33),
    "no completion": (0.0, 0.33, 0.33),
    "no row validity": (0.33, 0.0, 0.33),
    "no violations": (0.33, 0.33, 0.0),
    "random": (0.0, 0.0, 0.0),
}


@dataclass(frozen=True)
class Experiment:
    """One FI-2Pop configuration (the paper's parameters by default)."""

    space: str = "clue"
    fitness: str = "size_difficulty"
    population: int = 50
    crossover: float = 0.3
    mutation: float = 0.8
    add_rate: float = 0.5
    elites: int = 2
    init_min: int = 1
    init_max: int = 5
    max_hints: int = 20
    divisor: float = 20.0
    loop_cap: int = 7
    ablation: str = "full"
    weak: bool = False

    def __post_init__(self) -> None:
        if self.space not in SPACES:
            raise ValueError(f"space must be one of {sorted(SPACES)}, got {self.space!r}")
        if self.fitness not in FITNESS_MODES:
            raise ValueError(f"fitness must be one of {sorted(FITNESS_MODES)}, "
                             f"got {self.fitness!r}")
        if self.ablation not in ABLATIONS:
            raise ValueError(f"ablation must be one of {sorted(ABLATIONS)}, "
                             f"got {self.ablation!r}")
        for name in ("crossover", "mutation", "add_rate"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"{name} must lie in [0, 1], got {getattr(self, name)}")
        if self.population < 2 * self.elites + 2 or self.elites < 0:
            raise ValueError(f"population must be >= 2 * elites + 2, got {self.population}")
        if not 1 <= self.init_min <= self.init_max <= self.max_hints:
            raise ValueError("need 1 <= init_min <= init_max <= max_hints")
        if self.divisor <= 0 or self.loop_cap < 1:
            raise ValueError("divisor must be > 0 and loop_cap >= 1")


SPACES: dict[str, Space] = {"clue": CLUE, "mini": MINI}

# The paper's three experiments (generations and trials: the budget, puzzles.logicgrid.paper).
EXPERIMENTS: dict[str, Experiment] = {
    "hint size and difficulty": Experiment(fitness="size_difficulty"),
    "difficulty only": Experiment(fitness="difficulty_only"),
    "mini 3x4": Experiment(space="mini", fitness="size_only"),
}


@njit(cache=True)
def random_hint(out: np.ndarray, n: int, m: int, num: int) -> None:
    """Fill ``out`` (6 ints) with a random production of the hint grammar."""
    while True:
        t = np.random.randint(0, 5)
        if not (t == 2 and num < 0):
            break
    out[0] = t
    out[3] = -1
    out[4] = -1
    out[5] = 0
    if t <= 1:
        ca = np.random.randint(0, n)
        cb = np.random.randint(0, n - 1)
        if cb >= ca:
            cb += 1
        out[1] = ca * m + np.random.randint(0, m)
        out[2] = cb * m + np.random.randint(0, m)
    elif t == 2:
        while True:
            ca = np.random.randint(0, n)
            cb = np.random.randint(0, n)
            if ca == num or cb == num:
                continue
            a = ca * m + np.random.randint(0, m)
            b = cb * m + np.random.randint(0, m)
            if a != b:
                break
        out[1] = a
        out[2] = b
        # The authors' grammar has two "before" productions, drawn alike: "at least 1" (k=0)
        # and "exactly k" with k uniform in 1..m-2 (their randrange(1, m - 1)).
        if m <= 2 or np.random.randint(0, 2) == 0:
            out[5] = 0
        else:
            out[5] = 1 + np.random.randint(0, m - 2)
    elif t == 3:
        if n >= 3 and np.random.randint(0, 2) == 0:
            # Either the [cat1] [ent] or the [cat2] [ent] is the [cat3] [ent]
            ca = np.random.randint(0, n)
            while True:
                cb = np.random.randint(0, n)
                cc = np.random.randint(0, n)
                if cb != ca and cc != ca and cc != cb:
                    break
            out[1] = ca * m + np.random.randint(0, m)
            out[2] = cb * m + np.random.randint(0, m)
        else:
            # Either [cat1] [ent1] or [cat1] [ent2] is the [cat2] [ent]
            ca = np.random.randint(0, n)
            cc = np.random.randint(0, n - 1)
            if cc >= ca:
                cc += 1
            ea = np.random.randint(0, m)
            eb = np.random.randint(0, m - 1)
            if eb >= ea:
                eb += 1
            out[1] = ca * m + ea
            out[2] = ca * m + eb
        out[3] = cc * m + np.random.randint(0, m)
    else:
        while True:
            ca = np.random.randint(0, n)
            cb = np.random.randint(0, n - 1)
            if cb >= ca:
                cb += 1
            cc = np.random.randint(0, n)
            cd = np.random.randint(0, n - 1)
            if cd >= cc:
                cd += 1
            a = ca * m + np.random.randint(0, m)
            b = cb * m + np.random.randint(0, m)
            c = cc * m + np.random.randint(0, m)
            d = cd * m + np.random.randint(0, m)
            if not ((a == c and b == d) or (a == d and b == c)):
                break
        out[1] = a
        out[2] = b
        out[3] = c
        out[4] = d


@njit(cache=True)
def mutate(h: np.ndarray, nh: int, add_rate: float, max_hints: int, n: int, m: int,
           num: int) -> int:
    """Insert a random hint (probability ``add_rate``) or delete one; returns the new length."""
    add = np.random.random() < add_rate
    if (add and nh < max_hints) or nh <= 1:
        if nh >= max_hints:
            return nh
        pos = np.random.randint(0, nh + 1)
        for j in range(nh, pos, -1):
            h[j] = h[j - 1]
        random_hint(h[pos], n, m, num)
        return nh + 1
    pos = np.random.randint(0, nh)
    for j in range(pos, nh - 1):
        h[j] = h[j + 1]
    return nh - 1


@njit(cache=True)
def evaluate(h: np.ndarray, nh: int, n: int, m: int, num: int, weak: bool, mode: int,
             divisor: float, loop_cap: int, w0: float, w1: float, w2: float,
             links: np.ndarray, P: np.ndarray, rem: np.ndarray, types: np.ndarray,
             tr: np.ndarray, st: np.ndarray) -> tuple[bool, float, int, int]:
    """(feasible, fitness, loops, solution count or -1 if the solver did not complete)."""
    status, loops = solve_kernel(h, nh, n, m, num, weak, P, rem, types, tr, st)
    count = -1
    feasible = False
    if status == SOLVED:
        count = count_kernel(h, nh, links, num, m)
        feasible = weak or count == 1
    if feasible:
        if mode == 0:
            fit = 0.5 * min(loops, loop_cap) / loop_cap + 0.5 * (1.0 - nh / divisor)
        elif mode == 1:
            fit = float(loops)
        else:
            fit = 1.0 - nh / divisor
        return True, fit, loops, count
    comp, rows, v = grid_metrics(P, h, nh, n, m, num)
    g = 1.0 - v / 10.0
    if g < 0.0:
        g = 0.0
    return False, w0 * comp + w1 * rows + w2 * g, loops, count


@njit(cache=True)
def _roulette(idx: np.ndarray, k: int, fit: np.ndarray) -> int:
    total = 0.0
    for j in range(k):
        total += max(fit[idx[j]], 0.0)
    if total <= 0.0:
        return idx[np.random.randint(0, k)]
    r = np.random.random() * total
    acc = 0.0
    for j in range(k):
        acc += max(fit[idx[j]], 0.0)
        if r < acc:
            return idx[j]
    return idx[k - 1]


@njit(cache=True)
def crossover(H: np.ndarray, ln: np.ndarray, a: int, b: int, p_cross: float, buf: np.ndarray,
              kids: np.ndarray, kid_len: np.ndarray) -> None:
    """Two children of parents a, b into ``kids``: with probability ``p_cross`` their hints
    concatenated, shuffled and cut in half (their crossover), else copies of the parents."""
    if np.random.random() < p_cross:
        tot = ln[a] + ln[b]
        buf[:ln[a]] = H[a, :ln[a]]
        buf[ln[a]:tot] = H[b, :ln[b]]
        perm = np.random.permutation(tot)
        half = tot // 2
        for j in range(half):
            kids[0, j] = buf[perm[j]]
        for j in range(half, tot):
            kids[1, j - half] = buf[perm[j]]
        kid_len[0] = half
        kid_len[1] = tot - half
    else:
        kids[0, :ln[a]] = H[a, :ln[a]]
        kids[1, :ln[b]] = H[b, :ln[b]]
        kid_len[0] = ln[a]
        kid_len[1] = ln[b]


@njit(cache=True)
def fi2pop_kernel(seed: int, n: int, m: int, num: int, pop: int, gens: int, p_cross: float,
                  p_mut: float, p_add: float, elites: int, init_min: int, init_max: int,
                  max_hints: int, mode: int, divisor: float, loop_cap: int, w0: float,
                  w1: float, w2: float, weak: bool, links: np.ndarray):
    """One FI-2Pop trial. Returns per-generation statistics, the best feasible puzzle, tallies."""
    np.random.seed(seed)
    H = np.zeros((pop, max_hints, 6), dtype=np.int64)
    H2 = np.zeros((pop, max_hints, 6), dtype=np.int64)
    ln = np.zeros(pop, dtype=np.int64)
    ln2 = np.zeros(pop, dtype=np.int64)
    feas = np.zeros(pop, dtype=np.bool_)
    feas2 = np.zeros(pop, dtype=np.bool_)
    fit = np.zeros(pop)
    fit2 = np.zeros(pop)
    lp = np.zeros(pop, dtype=np.int64)
    lp2 = np.zeros(pop, dtype=np.int64)
    P = np.zeros(n * m, dtype=np.int64)
    rem = np.zeros(0, dtype=np.int64)
    types = np.zeros((0, 5), dtype=np.int64)
    tr = np.zeros((0, 5), dtype=np.int64)
    st = np.zeros(4, dtype=np.int64)
    buf = np.zeros((2 * max_hints, 6), dtype=np.int64)
    kids = np.zeros((2, max_hints, 6), dtype=np.int64)
    kid_len = np.zeros(2, dtype=np.int64)
    fidx = np.zeros(pop, dtype=np.int64)
    iidx = np.zeros(pop, dtype=np.int64)
    n_feas = np.zeros(gens + 1, dtype=np.int64)
    best_f = np.full(gens + 1, np.nan)
    best_i = np.full(gens + 1, np.nan)
    # tallies: evaluations, solver-complete, of those with 0 / >1 solutions, feasible
    tally = np.zeros(5, dtype=np.int64)

    for i in range(pop):
        ln[i] = np.random.randint(init_min, init_max + 1)
        for j in range(ln[i]):
            random_hint(H[i, j], n, m, num)
    for g in range(gens + 1):
        if g > 0:
            nf = 0
            ni = 0
            for i in range(pop):
                if feas[i]:
                    fidx[nf] = i
                    nf += 1
                else:
                    iidx[ni] = i
                    ni += 1
            k = 0
            # Elites: the best of each population survive unchanged.
            for which in range(2):
                idx = fidx if which == 0 else iidx
                cnt = nf if which == 0 else ni
                order = np.argsort(-fit[idx[:cnt]], kind="mergesort")
                for e in range(min(elites, cnt)):
                    s = idx[order[e]]
                    H2[k] = H[s]
                    ln2[k] = ln[s]
                    feas2[k] = feas[s]
                    fit2[k] = fit[s]
                    lp2[k] = lp[s]
                    k += 1
            while k < pop:
                if nf == 0:
                    use_f = False
                elif ni == 0:
                    use_f = True
                else:
                    use_f = np.random.random() < nf / (nf + ni)
                if use_f:
                    a = _roulette(fidx, nf, fit)
                    b = _roulette(fidx, nf, fit)
                else:
                    a = _roulette(iidx, ni, fit)
                    b = _roulette(iidx, ni, fit)
                crossover(H, ln, a, b, p_cross, buf, kids, kid_len)
                for c in range(2):
                    if k >= pop:
                        break
                    if np.random.random() < p_mut:
                        kid_len[c] = mutate(kids[c], kid_len[c], p_add, max_hints, n, m, num)
                    H2[k] = kids[c]
                    ln2[k] = kid_len[c]
                    f, v, lo, cnt_sol = evaluate(H2[k], ln2[k], n, m, num, weak, mode, divisor,
                                                 loop_cap, w0, w1, w2, links, P, rem, types,
                                                 tr, st)
                    feas2[k] = f
                    fit2[k] = v
                    lp2[k] = lo
                    tally[0] += 1
                    if cnt_sol >= 0:
                        tally[1] += 1
                        if cnt_sol == 0:
                            tally[2] += 1
                        elif cnt_sol > 1:
                            tally[3] += 1
                    if f:
                        tally[4] += 1
                    k += 1
            H, H2 = H2, H
            ln, ln2 = ln2, ln
            feas, feas2 = feas2, feas
            fit, fit2 = fit2, fit
            lp, lp2 = lp2, lp
        else:
            for i in range(pop):
                f, v, lo, cnt_sol = evaluate(H[i], ln[i], n, m, num, weak, mode, divisor,
                                             loop_cap, w0, w1, w2, links, P, rem, types, tr, st)
                feas[i] = f
                fit[i] = v
                lp[i] = lo
        for i in range(pop):
            if feas[i]:
                n_feas[g] += 1
                if np.isnan(best_f[g]) or fit[i] > best_f[g]:
                    best_f[g] = fit[i]
            elif np.isnan(best_i[g]) or fit[i] > best_i[g]:
                best_i[g] = fit[i]
    best = -1
    for i in range(pop):
        if feas[i] and (best < 0 or fit[i] > fit[best]):
            best = i
    if best < 0:
        return n_feas, best_f, best_i, np.zeros((0, 6), dtype=np.int64), -1, 0.0, tally
    return n_feas, best_f, best_i, H[best, :ln[best]].copy(), lp[best], fit[best], tally


@dataclass(frozen=True)
class TrialResult:
    """One FI-2Pop trial: per-generation statistics, the best feasible puzzle, the tallies."""

    n_feasible: np.ndarray  # feasible individuals in generations 0..G
    best_feasible: np.ndarray  # top feasible fitness per generation (NaN: none feasible)
    best_infeasible: np.ndarray  # top infeasible fitness per generation (NaN: none)
    first_feasible: int  # first generation holding a feasible list, -1 if none
    hints: np.ndarray | None  # the best feasible list as kernel rows (None if none)
    loops: int  # its loop count (sound solver; -1 if none)
    fitness: float  # its fitness
    tally: dict[str, int]  # over every evaluation: see TALLY


TALLY = ("evaluations", "solver_complete", "zero_solutions", "several_solutions", "feasible")


def run_experiment(exp: Experiment, seed: int, generations: int) -> TrialResult:
    """Run one trial of ``exp`` from ``seed``: plain arrays and the best feasible puzzle."""
    if not isinstance(exp, Experiment):
        raise ValueError(f"exp must be an Experiment, got {type(exp).__name__}")
    if generations < 0:
        raise ValueError(f"generations must be >= 0, got {generations}")
    space = SPACES[exp.space]
    w = ABLATIONS[exp.ablation]
    n_feas, best_f, best_i, hints, loops, fitness, tally = fi2pop_kernel(
        int(seed), space.n, space.m, space.numeric, exp.population, int(generations),
        exp.crossover, exp.mutation, exp.add_rate, exp.elites, exp.init_min, exp.init_max,
        exp.max_hints, FITNESS_MODES[exp.fitness], float(exp.divisor), exp.loop_cap,
        w[0], w[1], w[2], exp.weak, link_bitsets(space))
    hit = np.flatnonzero(n_feas > 0)
    return TrialResult(
        n_feasible=n_feas, best_feasible=best_f, best_infeasible=best_i,
        first_feasible=int(hit[0]) if hit.size else -1,
        hints=hints if loops >= 0 else None, loops=int(loops), fitness=float(fitness),
        tally=dict(zip(TALLY, (int(t) for t in tally), strict=True)))


@dataclass(frozen=True)
class TrialTask(Task):
    """One trial of a paper experiment (``EXPERIMENTS``), with at most one field changed:
    another infeasible fitness (``ablation``) or the paper's feasibility (``weak``)."""

    EXPERIMENT = "fi2pop"
    experiment: str
    trial: int
    generations: int
    ablation: str = "full"
    weak: bool = False

    def __post_init__(self) -> None:
        if self.experiment not in EXPERIMENTS:
            raise ValueError(f"unknown experiment {self.experiment!r}; "
                             f"known: {sorted(EXPERIMENTS)}")
        if self.ablation not in ABLATIONS:
            raise ValueError(f"ablation must be one of {sorted(ABLATIONS)}, "
                             f"got {self.ablation!r}")
        if self.trial < 0 or self.generations < 0:
            raise ValueError("trial and generations must be >= 0")

    @property
    def overrides(self) -> dict[str, str | bool]:
        """The fields this trial changes in its experiment's configuration."""
        out: dict[str, str | bool] = {}
        if self.ablation != "full":
            out["ablation"] = self.ablation
        if self.weak:
            out["weak"] = True
        return out

    def seed_key(self) -> tuple[int | str, ...]:
        """("fi2pop", experiment name with its overrides, trial): the committed runs' key."""
        label = self.experiment + "".join(f"|{k}={v}" for k, v in self.overrides.items())
        return ("fi2pop", label, self.trial)


def run_trial(task: TrialTask) -> TrialResult:
    """The worker: one trial of the task's experiment from the task's seed."""
    exp = replace(EXPERIMENTS[task.experiment], **task.overrides)
    return run_experiment(exp, task.seed, task.generations)


def decoded(space_name: str, hints: np.ndarray) -> list:
    """The hint list of a kernel result as :class:`~puzzles.logicgrid.hints.Hint` objects."""
    return from_array(SPACES[space_name], hints)


@njit(cache=True)
def mutation_kernel(seed: int, puzzles: np.ndarray, lens: np.ndarray, repeats: int,
                    steps: int, p_add: float, max_hints: int, n: int, m: int, num: int,
                    weak: bool, links: np.ndarray) -> np.ndarray:
    """How many of ``repeats`` copies of each puzzle stay feasible after 1..``steps`` mutations."""
    np.random.seed(seed)
    out = np.zeros(steps, dtype=np.int64)
    h = np.zeros((max_hints + steps, 6), dtype=np.int64)
    P = np.zeros(n * m, dtype=np.int64)
    rem = np.zeros(0, dtype=np.int64)
    types = np.zeros((0, 5), dtype=np.int64)
    tr = np.zeros((0, 5), dtype=np.int64)
    st = np.zeros(4, dtype=np.int64)
    for p in range(puzzles.shape[0]):
        for _ in range(repeats):
            nh = lens[p]
            h[:nh] = puzzles[p, :nh]
            for s in range(steps):
                nh = mutate(h, nh, p_add, max_hints + steps, n, m, num)
                f, v, lo, c = evaluate(h, nh, n, m, num, weak, 0, 20.0, 7, 0.33, 0.33, 0.33,
                                       links, P, rem, types, tr, st)
                if f:
                    out[s] += 1
    return out


def mutation_study(space: Space, puzzles: list[np.ndarray], repeats: int, steps: int,
                   seed: int, add_rate: float = 0.5, weak: bool = False) -> np.ndarray:
    """Share of puzzles still feasible after 1..steps successive random mutations."""
    if not puzzles or repeats < 1 or steps < 1:
        raise ValueError("need at least one puzzle, repeats >= 1 and steps >= 1")
    width = max(len(p) for p in puzzles)
    arr = np.zeros((len(puzzles), width, 6), dtype=np.int64)
    lens = np.array([len(p) for p in puzzles], dtype=np.int64)
    for i, p in enumerate(puzzles):
        arr[i, :len(p)] = p
    counts = mutation_kernel(int(seed), arr, lens, int(repeats), int(steps), float(add_rate),
                             int(width), space.n, space.m, space.numeric, bool(weak),
                             link_bitsets(space))
    return counts / (len(puzzles) * repeats)


@njit(cache=True)
def _random_hint_rows(seed: int, count: int, n: int, m: int, num: int) -> np.ndarray:
    np.random.seed(seed)
    out = np.zeros((count, 6), dtype=np.int64)
    for i in range(count):
        random_hint(out[i], n, m, num)
    return out


def random_hints(space: Space, count: int, seed: int) -> list:
    """``count`` random grammar productions for ``space`` (the GA's initialisation, seeded)."""
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    rows = _random_hint_rows(int(seed), int(count), space.n, space.m, space.numeric)
    return from_array(space, rows)
