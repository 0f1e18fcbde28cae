"""FI-2Pop: the feasible-infeasible two-population GA over hint lists, as numba kernels.

A generation keeps the 2 best of each population (elites) and fills the rest of the 50 slots with
children: a population is chosen with probability |F|/(|F|+|I|), two parents are drawn by
roulette within it, crossed over with probability 0.3 (concatenate, shuffle, split at the middle)
and each child is mutated with probability 0.8 (insert a random hint with probability 0.5, else
delete one); each child joins F or I by feasibility.

Feasible (default, stricter than the paper): the solver completes the grid, every hint is
verified, and the exact counter finds exactly one solution. ``weak=True`` is the paper's notion:
the solver completed the grid (hints still queued are not re-checked).

The kernels take their arrays and settings bundled: a space's :class:`~.solver.Shape`, the
:class:`Rules` that judge a list (feasibility and both fitnesses, as weights), a :class:`Judge`
(shape, rules, the counter's link sets, the solver's scratch), the :class:`GA` settings, and a
population's arrays (:class:`Pop`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

import numpy as np
from numba import njit

from puzzles.core.paper import Task
from puzzles.logicgrid.authors_kernel import masks_of, paper_kernel
from puzzles.logicgrid.count import count_kernel, link_bitsets
from puzzles.logicgrid.hints import from_array
from puzzles.logicgrid.model import CLUE, MINI, Space
from puzzles.logicgrid.solver import (
    SOLVED,
    Shape,
    Work,
    grid_metrics,
    new_work,
    shape_of,
    solve_kernel,
)

# Weights of (loops capped at loop_cap, over loop_cap; hint size, 1 - hints / divisor; raw
# loops) in the feasible fitness, per fitness.
FITNESS: dict[str, tuple[float, float, float]] = {
    "size_difficulty": (0.5, 0.5, 0.0),
    "difficulty_only": (0.0, 0.0, 1.0),
    "size_only": (0.0, 1.0, 0.0),
}
# Weights of (completion, row validity, violations) in the infeasible fitness, per ablation.
ABLATIONS: dict[str, tuple[float, float, float]] = {
    "full": (0.33, 0.33, 0.33),
    "no completion": (0.0, 0.33, 0.33),
    "no row validity": (0.33, 0.0, 0.33),
    "no violations": (0.33, 0.33, 0.0),
    "random": (0.0, 0.0, 0.0),
}
# Whose loop count the feasible fitness reads: our sound solver's, or the authors' solver's
# (mode="paper", :mod:`puzzles.logicgrid.authors_kernel`); feasibility stays ours either way.
FITNESS_SOLVERS = ("sound", "paper")
# Slots of a trial's tallies, over every evaluation.
TALLY = ("evaluations", "solver_complete", "zero_solutions", "several_solutions", "feasible")
EVALUATIONS, COMPLETE, ZERO, SEVERAL, FEASIBLE = range(len(TALLY))
TALLY_SLOTS = len(TALLY)


class Rules(NamedTuple):
    """How a hint list is judged: feasibility, then the fitness of its population."""

    weak: bool  # feasible = the solver completes the grid (the paper); else also one solution
    capped: float  # feasible fitness: weight of min(loops, loop_cap) / loop_cap
    size: float  # ... of 1 - hints / divisor
    raw: float  # ... of the raw loop count
    loop_cap: int
    divisor: float
    completion: float  # infeasible fitness: weight of the filled share f / (e + f)
    validity: float  # ... of the rows with exactly one O, c / r
    violations: float  # ... of max(0, 1 - v / 10)
    paper_loops: bool  # the feasible fitness reads the authors' solver's loop count
    paper_oracle: bool  # feasible = the authors' solver completes the grid (their is_complete)


def rules(fitness: str = "size_difficulty", ablation: str = "full", weak: bool = False,
          loop_cap: int = 7, divisor: float = 20.0) -> Rules:
    """The rules of a named fitness and infeasible fitness (the paper's by default)."""
    capped, size, raw = FITNESS[fitness]
    w = ABLATIONS[ablation]
    return Rules(bool(weak), capped, size, raw, int(loop_cap), float(divisor), *w, False, False)


class Judge(NamedTuple):
    """Everything judging a hint list needs."""

    shape: Shape
    rules: Rules
    links: np.ndarray  # the counter's link sets (see count.link_bitsets)
    work: Work  # the solver's scratch
    grid: np.ndarray  # the authors' solver's grid (NM x NM, int8)


def judge(space: Space, r: Rules) -> Judge:
    """A judge of hint lists of ``space`` under ``r``."""
    nm = space.n * space.m
    return Judge(shape_of(space), r, link_bitsets(space), new_work(nm, 0, 0),
                 np.zeros((nm, nm), dtype=np.int8))


class GA(NamedTuple):
    """A genetic algorithm's settings."""

    pop: int  # individuals
    gens: int  # generations
    p_cross: float  # crossover probability
    p_mut: float  # mutation probability
    p_add: float  # a mutation inserts (else deletes) with this probability
    elites: int  # kept unchanged, per population
    init_min: int  # initial lists hold init_min..init_max random hints
    init_max: int
    max_hints: int  # a mutation never grows a list beyond this
    distinct: bool  # no list holds one clue twice (the generator); False: the authors' operators


class Pop(NamedTuple):
    """A population's arrays."""

    H: np.ndarray  # hint rows, (individuals, rows, 6)
    ln: np.ndarray  # list lengths
    feas: np.ndarray  # feasible?
    fit: np.ndarray  # fitness
    lp: np.ndarray  # solver loops


class Breed(NamedTuple):
    """Scratch for breeding: the pooled hints, two children, the two populations' members."""

    buf: np.ndarray
    kids: np.ndarray
    kid_len: np.ndarray
    fidx: np.ndarray
    iidx: np.ndarray


class HintLists(NamedTuple):
    """Hint lists of one array: ``rows[i, :lengths[i]]`` is list i."""

    rows: np.ndarray
    lengths: np.ndarray


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
    distinct: bool = True  # a list never holds one clue twice (the authors' GA allows it)
    fitness_solver: str = "sound"  # whose loop count the feasible fitness reads

    def __post_init__(self) -> None:
        if self.fitness_solver not in FITNESS_SOLVERS:
            raise ValueError(f"fitness_solver must be one of {FITNESS_SOLVERS}, "
                             f"got {self.fitness_solver!r}")
        if self.space not in SPACES:
            raise ValueError(f"space must be one of {sorted(SPACES)}, got {self.space!r}")
        if self.fitness not in FITNESS:
            raise ValueError(f"fitness must be one of {sorted(FITNESS)}, "
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

    def rules(self) -> Rules:
        """How this configuration judges a list."""
        r = rules(self.fitness, self.ablation, self.weak, self.loop_cap, self.divisor)
        return r._replace(paper_loops=self.fitness_solver == "paper")

    def ga(self, generations: int) -> GA:
        """This configuration's GA settings for ``generations`` generations."""
        return GA(self.population, int(generations), self.crossover, self.mutation,
                  self.add_rate, self.elites, self.init_min, self.init_max, self.max_hints,
                  self.distinct)


SPACES: dict[str, Space] = {"clue": CLUE, "mini": MINI}

# The paper's three experiments (generations and trials: the budget, puzzles.logicgrid.budget).
EXPERIMENTS: dict[str, Experiment] = {
    "hint size and difficulty": Experiment(fitness="size_difficulty"),
    "difficulty only": Experiment(fitness="difficulty_only"),
    "mini 3x4": Experiment(space="mini", fitness="size_only"),
}


@njit(cache=True)
def _random_link(out: np.ndarray, sh: Shape) -> None:
    """is / not: two entities of different categories."""
    ca = np.random.randint(0, sh.n)
    cb = np.random.randint(0, sh.n - 1)
    if cb >= ca:
        cb += 1
    out[1] = ca * sh.m + np.random.randint(0, sh.m)
    out[2] = cb * sh.m + np.random.randint(0, sh.m)


@njit(cache=True)
def _random_before(out: np.ndarray, sh: Shape) -> None:
    """before: two distinct non-numeric entities, "at least 1" or "exactly k"."""
    n, m, num = sh.n, sh.m, sh.num
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


@njit(cache=True)
def _random_or(out: np.ndarray, sh: Shape) -> None:
    """or: either of two entities is a third, in one of the two forms."""
    n, m = sh.n, sh.m
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


@njit(cache=True)
def _random_either(out: np.ndarray, sh: Shape) -> None:
    """either_is: two different "is" statements."""
    n, m = sh.n, sh.m
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
def random_hint(out: np.ndarray, sh: Shape) -> None:
    """Fill ``out`` (6 ints) with a random production of the hint grammar."""
    while True:
        t = np.random.randint(0, 5)
        if not (t == 2 and sh.num < 0):
            break
    out[0] = t
    out[3] = -1
    out[4] = -1
    out[5] = 0
    if t <= 1:
        _random_link(out, sh)
    elif t == 2:
        _random_before(out, sh)
    elif t == 3:
        _random_or(out, sh)
    else:
        _random_either(out, sh)


@njit(cache=True)
def holds_row(h: np.ndarray, nh: int, row: np.ndarray, skip: int) -> bool:
    """Whether one of the rows ``h[:nh]`` other than ``h[skip]`` equals ``row`` exactly."""
    for j in range(nh):
        if j != skip and np.all(h[j] == row):
            return True
    return False


@njit(cache=True)
def drop_repeats(h: np.ndarray, nh: int) -> int:
    """Remove exact repeats from ``h[:nh]`` in place (first occurrences kept, in order);
    returns the new length."""
    k = 0
    for j in range(nh):
        if not holds_row(h, k, h[j], -1):
            h[k] = h[j]
            k += 1
    return k


@njit(cache=True)
def mutate(h: np.ndarray, nh: int, add_rate: float, max_hints: int, sh: Shape,
           distinct: bool) -> int:
    """Insert a random hint (probability ``add_rate``) or delete one; returns the new length.
    With ``distinct`` an inserted hint is redrawn until the list does not hold it already."""
    add = np.random.random() < add_rate
    if (add and nh < max_hints) or nh <= 1:
        if nh >= max_hints:
            return nh
        pos = np.random.randint(0, nh + 1)
        for j in range(nh, pos, -1):
            h[j] = h[j - 1]
        random_hint(h[pos], sh)
        while distinct and holds_row(h, nh + 1, h[pos], pos):
            random_hint(h[pos], sh)
        return nh + 1
    pos = np.random.randint(0, nh)
    for j in range(pos, nh - 1):
        h[j] = h[j + 1]
    return nh - 1


@njit(cache=True)
def feasible_fitness(loops: int, nh: int, r: Rules) -> float:
    """A feasible list's fitness: capped loops, hint size and raw loops, weighted."""
    fit = r.capped * min(loops, r.loop_cap) / r.loop_cap + r.size * (1.0 - nh / r.divisor)
    return fit + r.raw * loops


@njit(cache=True)
def infeasible_fitness(P: np.ndarray, h: np.ndarray, nh: int, sh: Shape, r: Rules) -> float:
    """An infeasible list's fitness from the grid ``P`` the solver left."""
    comp, rows, v = grid_metrics(P, h, nh, sh.n, sh.m, sh.num)
    g = 1.0 - v / 10.0
    if g < 0.0:
        g = 0.0
    return r.completion * comp + r.validity * rows + r.violations * g


@njit(cache=True)
def _paper(h: np.ndarray, nh: int, jd: Judge) -> tuple[int, int]:
    """The authors' solver on the list: (status, loops); its grid as masks in ``jd.work.P``."""
    sh = jd.shape
    status, loops = paper_kernel(h, nh, (sh.n, sh.m, sh.num), jd.grid)
    masks_of(jd.grid, jd.work.P, sh.n, sh.m)
    return status, loops


@njit(cache=True)
def evaluate(h: np.ndarray, nh: int, jd: Judge) -> tuple[bool, float, int, int]:
    """(feasible, fitness, loops, solution count or -1 if the solver did not complete)."""
    sh, r = jd.shape, jd.rules
    if r.paper_oracle:
        status, loops = _paper(h, nh, jd)
    else:
        status, loops = solve_kernel(h, nh, sh, r.weak, jd.work)
    count = -1
    feasible = False
    if status == SOLVED:
        count = count_kernel(h, nh, jd.links, sh.num, sh.m)
        feasible = r.weak or r.paper_oracle or count == 1
    if feasible:
        if r.paper_loops and not r.paper_oracle:
            loops = paper_kernel(h, nh, (sh.n, sh.m, sh.num), jd.grid)[1]
        return True, feasible_fitness(loops, nh, r), loops, count
    return False, infeasible_fitness(jd.work.P, h, nh, sh, r), loops, count


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
def population(pop: int, rows: int) -> Pop:
    """Empty arrays for ``pop`` lists of up to ``rows`` hints."""
    return Pop(np.zeros((pop, rows, 6), dtype=np.int64), np.zeros(pop, dtype=np.int64),
               np.zeros(pop, dtype=np.bool_), np.zeros(pop), np.zeros(pop, dtype=np.int64))


@njit(cache=True)
def breeding(pop: int, rows: int) -> Breed:
    """Breeding scratch for ``pop`` lists of up to ``rows`` hints."""
    return Breed(np.zeros((2 * rows, 6), dtype=np.int64), np.zeros((2, rows, 6), dtype=np.int64),
                 np.zeros(2, dtype=np.int64), np.zeros(pop, dtype=np.int64),
                 np.zeros(pop, dtype=np.int64))


@njit(cache=True)
def seed_population(p: Pop, ga: GA, sh: Shape) -> None:
    """Random initial lists of ``ga.init_min``..``ga.init_max`` hints."""
    for i in range(ga.pop):
        p.ln[i] = np.random.randint(ga.init_min, ga.init_max + 1)
        for j in range(p.ln[i]):
            random_hint(p.H[i, j], sh)
        if ga.distinct:
            p.ln[i] = drop_repeats(p.H[i], p.ln[i])


@njit(cache=True)
def _count(tally: np.ndarray, feasible: bool, count: int) -> None:
    tally[EVALUATIONS] += 1
    if count >= 0:
        tally[COMPLETE] += 1
        if count == 0:
            tally[ZERO] += 1
        elif count > 1:
            tally[SEVERAL] += 1
    if feasible:
        tally[FEASIBLE] += 1


@njit(cache=True)
def _split(p: Pop, br: Breed) -> tuple[int, int]:
    """The feasible members into ``br.fidx``, the others into ``br.iidx``: (|F|, |I|)."""
    nf = 0
    ni = 0
    for i in range(p.ln.shape[0]):
        if p.feas[i]:
            br.fidx[nf] = i
            nf += 1
        else:
            br.iidx[ni] = i
            ni += 1
    return nf, ni


@njit(cache=True)
def _keep_elites(cur: Pop, nxt: Pop, idx: np.ndarray, cnt: int, elites: int, k: int) -> int:
    """Copy the best ``elites`` of the ``cnt`` members ``idx`` into ``nxt`` from slot ``k``."""
    order = np.argsort(-cur.fit[idx[:cnt]], kind="mergesort")
    for e in range(min(elites, cnt)):
        s = idx[order[e]]
        nxt.H[k] = cur.H[s]
        nxt.ln[k] = cur.ln[s]
        nxt.feas[k] = cur.feas[s]
        nxt.fit[k] = cur.fit[s]
        nxt.lp[k] = cur.lp[s]
        k += 1
    return k


@njit(cache=True)
def _parents(fit: np.ndarray, br: Breed, nf: int, ni: int) -> tuple[int, int]:
    """A population by its size, then two parents from it by roulette."""
    if nf == 0:
        use_f = False
    elif ni == 0:
        use_f = True
    else:
        use_f = np.random.random() < nf / (nf + ni)
    if use_f:
        a = _roulette(br.fidx, nf, fit)
        return a, _roulette(br.fidx, nf, fit)
    a = _roulette(br.iidx, ni, fit)
    return a, _roulette(br.iidx, ni, fit)


@njit(cache=True)
def _generation(cur: Pop, nxt: Pop, ga: GA, jd: Judge, br: Breed, tally: np.ndarray) -> None:
    """The next generation of ``cur`` into ``nxt``: elites of both populations, children."""
    nf, ni = _split(cur, br)
    k = _keep_elites(cur, nxt, br.fidx, nf, ga.elites, 0)
    k = _keep_elites(cur, nxt, br.iidx, ni, ga.elites, k)
    while k < ga.pop:
        a, b = _parents(cur.fit, br, nf, ni)
        crossover(cur.H, cur.ln, a, b, ga.p_cross, br.buf, br.kids, br.kid_len)
        for c in range(2):
            if k >= ga.pop:
                break
            if ga.distinct:  # a crossover child may hold a clue of both parents twice
                br.kid_len[c] = drop_repeats(br.kids[c], br.kid_len[c])
            if np.random.random() < ga.p_mut:
                br.kid_len[c] = mutate(br.kids[c], br.kid_len[c], ga.p_add, ga.max_hints,
                                       jd.shape, ga.distinct)
            nxt.H[k] = br.kids[c]
            nxt.ln[k] = br.kid_len[c]
            nxt.feas[k], nxt.fit[k], nxt.lp[k], count = evaluate(nxt.H[k], nxt.ln[k], jd)
            _count(tally, nxt.feas[k], count)
            k += 1


class Curves(NamedTuple):
    """Per generation: feasible members, top feasible and top infeasible fitness (NaN: none)."""

    n_feas: np.ndarray
    best_f: np.ndarray
    best_i: np.ndarray


@njit(cache=True)
def _record(cv: Curves, g: int, p: Pop) -> None:
    for i in range(p.ln.shape[0]):
        if p.feas[i]:
            cv.n_feas[g] += 1
            if np.isnan(cv.best_f[g]) or p.fit[i] > cv.best_f[g]:
                cv.best_f[g] = p.fit[i]
        elif np.isnan(cv.best_i[g]) or p.fit[i] > cv.best_i[g]:
            cv.best_i[g] = p.fit[i]


@njit(cache=True)
def _best(p: Pop) -> int:
    """The fittest feasible member (the first of equals), -1 if none."""
    best = -1
    for i in range(p.ln.shape[0]):
        if p.feas[i] and (best < 0 or p.fit[i] > p.fit[best]):
            best = i
    return best


@njit(cache=True)
def fi2pop_kernel(seed: int, ga: GA, jd: Judge):
    """One FI-2Pop trial. Returns per-generation curves, the best feasible puzzle, tallies."""
    np.random.seed(seed)
    cur = population(ga.pop, ga.max_hints)
    nxt = population(ga.pop, ga.max_hints)
    br = breeding(ga.pop, ga.max_hints)
    cv = Curves(np.zeros(ga.gens + 1, dtype=np.int64), np.full(ga.gens + 1, np.nan),
                np.full(ga.gens + 1, np.nan))
    tally = np.zeros(TALLY_SLOTS, dtype=np.int64)
    seed_population(cur, ga, jd.shape)
    for i in range(ga.pop):
        cur.feas[i], cur.fit[i], cur.lp[i], _ = evaluate(cur.H[i], cur.ln[i], jd)
    _record(cv, 0, cur)
    for g in range(1, ga.gens + 1):
        _generation(cur, nxt, ga, jd, br, tally)
        cur, nxt = nxt, cur
        _record(cv, g, cur)
    best = _best(cur)
    if best < 0:
        return cv, np.zeros((0, 6), dtype=np.int64), -1, 0.0, tally
    return cv, cur.H[best, :cur.ln[best]].copy(), cur.lp[best], cur.fit[best], tally


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


def run_experiment(exp: Experiment, seed: int, generations: int) -> TrialResult:
    """Run one trial of ``exp`` from ``seed``: plain arrays and the best feasible puzzle."""
    if not isinstance(exp, Experiment):
        raise ValueError(f"exp must be an Experiment, got {type(exp).__name__}")
    if generations < 0:
        raise ValueError(f"generations must be >= 0, got {generations}")
    space = SPACES[exp.space]
    cv, hints, loops, fitness, tally = fi2pop_kernel(int(seed), exp.ga(generations),
                                                     judge(space, exp.rules()))
    n_feas, best_f, best_i = cv
    hit = np.flatnonzero(n_feas > 0)
    return TrialResult(
        n_feasible=n_feas, best_feasible=best_f, best_infeasible=best_i,
        first_feasible=int(hit[0]) if hit.size else -1,
        hints=hints if loops >= 0 else None, loops=int(loops), fitness=float(fitness),
        tally=dict(zip(TALLY, (int(t) for t in tally), strict=True)))


@dataclass(frozen=True)
class TrialTask(Task):
    """One trial of a paper experiment (``EXPERIMENTS``), with at most one field changed:
    another infeasible fitness (``ablation``), the paper's feasibility (``weak``) or the
    authors' solver's loop count in the fitness (``fitness_solver="paper"``)."""

    EXPERIMENT = "fi2pop"
    experiment: str
    trial: int
    generations: int
    ablation: str = "full"
    weak: bool = False
    fitness_solver: str = "sound"

    def __post_init__(self) -> None:
        if self.experiment not in EXPERIMENTS:
            raise ValueError(f"unknown experiment {self.experiment!r}; "
                             f"known: {sorted(EXPERIMENTS)}")
        if self.ablation not in ABLATIONS:
            raise ValueError(f"ablation must be one of {sorted(ABLATIONS)}, "
                             f"got {self.ablation!r}")
        if self.trial < 0 or self.generations < 0:
            raise ValueError("trial and generations must be >= 0")
        if self.fitness_solver not in FITNESS_SOLVERS:
            raise ValueError(f"fitness_solver must be one of {FITNESS_SOLVERS}, "
                             f"got {self.fitness_solver!r}")

    @property
    def overrides(self) -> dict[str, str | bool]:
        """The fields this trial changes in its experiment's configuration."""
        out: dict[str, str | bool] = {}
        if self.ablation != "full":
            out["ablation"] = self.ablation
        if self.weak:
            out["weak"] = True
        if self.fitness_solver != "sound":
            out["fitness_solver"] = self.fitness_solver
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
def mutation_kernel(seed: int, lists: HintLists, repeats: int, steps: int, p_add: float,
                    jd: Judge) -> np.ndarray:
    """How many of ``repeats`` copies of each list stay feasible after 1..``steps`` mutations."""
    np.random.seed(seed)
    out = np.zeros(steps, dtype=np.int64)
    max_hints = lists.rows.shape[1]
    h = np.zeros((max_hints + steps, 6), dtype=np.int64)
    for p in range(lists.rows.shape[0]):
        for _ in range(repeats):
            nh = lists.lengths[p]
            h[:nh] = lists.rows[p, :nh]
            for s in range(steps):
                # the authors' operator (an inserted clue may repeat one the list holds)
                nh = mutate(h, nh, p_add, max_hints + steps, jd.shape, False)
                if evaluate(h, nh, jd)[0]:
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
    counts = mutation_kernel(int(seed), HintLists(arr, lens), int(repeats), int(steps),
                             float(add_rate), judge(space, rules(weak=weak)))
    return counts / (len(puzzles) * repeats)


@njit(cache=True)
def _random_hint_rows(seed: int, count: int, sh: Shape) -> np.ndarray:
    np.random.seed(seed)
    out = np.zeros((count, 6), dtype=np.int64)
    for i in range(count):
        random_hint(out[i], sh)
    return out


def random_hints(space: Space, count: int, seed: int) -> list:
    """``count`` random grammar productions for ``space`` (the GA's initialisation, seeded)."""
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    return from_array(space, _random_hint_rows(int(seed), int(count), shape_of(space)))
