"""The Do-What's-Possible EA (alternator rings, Section III), entirely in numba.

A ring has R entries. Symbols 0..R-1 are alternators whose jump target is entry ``symbol``
(the paper's targets 1..R, 0-based here); symbols R..R+|A|-1 apply action ``symbol - R``.
Reading starts at entry 0 and moves on cyclically. An alternator jumps the first time it is
read and on every other read after that, and is skipped (reading goes on with the next entry)
on the reads in between. The paper leaves some choices open; each is a parameter here:

The settings are one frozen :class:`EA` (``DEFAULT``: Section IV's R, L, P, N and the
calibrated defaults below), defined in :mod:`puzzles.clockwork.budget` and imported here.

* ``reading`` (default ``"jumps_free"``): what the read limit L counts. Every emitted action
  counts; ``"every_read"`` also counts alternator jumps and skips, ``"actions_only"`` neither,
  ``"jumps_free"`` counts skips but not jumps, ``"skips_free"`` jumps but not skips. When a
  read can be free, a guard of ``R * L`` symbol reads stops rings whose alternators loop
  without emitting. The default setting (reading, T, m) is the best fit to the paper's Tables
  I-VI among all readings, tournament sizes and mutation counts tried, weighted by each
  instance's standard error and without the instances whose paper values our reading cannot
  produce (``figures/01_clockwork/calibration.csv``, :mod:`puzzles.clockwork.refit`).
* ``tournament`` (default 4; 7, Ashlock's usual size, also tried): T distinct rings per
  tournament; the two fittest (ties broken by draw order) are parents, their two children
  replace the two least fit.
* ``mutations`` (default 1): entries of each child overwritten with a uniform random symbol.
* crossover point j uniform in 1..R-1: child 1 takes parent 1's entries 0..j-1 and parent 2's
  from j on, child 2 the reverse.

A ring's fitness is the minimum state fitness along its action string (initial state
included); its solving length is the number of actions up to the first goal state. A run
reports the number of tournaments done when a ring of fitness 0 first appears (0 when the
random initial population already holds one) and that ring's solving length.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from numba import njit

# The settings live in the data layer; READINGS is imported here for the modules and notebooks
# that read it from dwp.
from puzzles.clockwork.budget import DEFAULT, EA, reading_flags
from puzzles.clockwork.budget import READINGS as READINGS
from puzzles.clockwork.model import Moves, Puzzle, action_arrays, first_goal


class Clock(NamedTuple):
    """A puzzle as the kernels see it: its actions, n lights of c settings, the start."""

    moves: Moves
    n: int
    c: int
    k0: int
    L0: np.ndarray


class Reading(NamedTuple):
    """What the read limit counts: ``limit`` counted reads, a jump costing ``jump_cost`` and a
    skip ``skip_cost`` of them (0 or 1; an action always 1), at most ``guard`` reads in all."""

    limit: int
    jump_cost: int
    skip_cost: int
    guard: int


class Scratch(NamedTuple):
    """Work space of a decoding: the lights, the alternators' flags, the emitted actions
    (``out`` may be empty: nothing is recorded)."""

    lights: np.ndarray
    flags: np.ndarray
    out: np.ndarray


@njit(cache=True, inline="always")
def _start(clock: Clock, lights: np.ndarray) -> int:
    """Set ``lights`` to the initial state; return its fitness."""
    c = clock.c
    fit = 0
    for i in range(clock.n):
        lights[i] = clock.L0[i]
        fit += (c - lights[i]) % c
    return fit


@njit(cache=True, inline="always")
def _jumps(flags: np.ndarray, p: int) -> bool:
    """Read the alternator at entry ``p``: True when it jumps (its first read and every other
    read after that), False when it is skipped."""
    if flags[p] == 0:
        flags[p] = 1
        return True
    flags[p] = 0
    return False


@njit(cache=True, inline="always")
def _act(a: int, k: int, fit: int, clock: Clock, lights: np.ndarray) -> tuple[int, int]:
    """Apply action ``a`` with the hand at ``k``: (new hand, new fitness)."""
    ks, pos, val, cnt = clock.moves
    n, c = clock.n, clock.c
    k = (k + ks[a]) % n
    for j in range(cnt[a]):
        q = (k + pos[a, j]) % n
        old = lights[q]
        new = (old + val[a, j]) % c
        lights[q] = new
        fit += (c - new) % c - (c - old) % c
    return k, fit


@njit(cache=True)
def _evaluate(ring: np.ndarray, R: int, clock: Clock, reading: Reading,
              scratch: Scratch) -> tuple[int, int, int]:
    """Decode ``ring`` from the initial state: (min fitness, solving length or -1, emitted).

    ``scratch.out`` (length >= the read limit, or empty) receives the emitted action indices.
    """
    best = fit = _start(clock, scratch.lights)
    if best == 0:
        return 0, 0, 0
    flags = scratch.flags
    for i in range(R):
        flags[i] = 0
    k, p, reads, used, emitted = clock.k0, 0, 0, 0, 0
    while used < reading.limit and reads < reading.guard:
        sym = ring[p]
        reads += 1
        if sym < R:
            if _jumps(flags, p):
                p = sym
                used += reading.jump_cost
            else:
                p = p + 1 if p + 1 < R else 0
                used += reading.skip_cost
            continue
        used += 1
        k, fit = _act(sym - R, k, fit, clock, scratch.lights)
        if emitted < scratch.out.shape[0]:
            scratch.out[emitted] = sym - R
        emitted += 1
        p = p + 1 if p + 1 < R else 0
        if fit < best:
            best = fit
            if best == 0:
                return 0, emitted, emitted
    return best, -1, emitted


@njit(cache=True)
def crossover(p1: np.ndarray, p2: np.ndarray, j: int, c1: np.ndarray, c2: np.ndarray) -> None:
    """One-point crossover at j: c1 = p1[:j] + p2[j:], c2 = p2[:j] + p1[j:]."""
    R = p1.shape[0]
    for i in range(R):
        if i < j:
            c1[i] = p1[i]
            c2[i] = p2[i]
        else:
            c1[i] = p2[i]
            c2[i] = p1[i]


@njit(cache=True)
def _select(idx: np.ndarray, fit: np.ndarray, T: int, sel: np.ndarray) -> None:
    """Tournament: T distinct rings into ``sel``, fittest first (ties keep their draw order).

    The parents are ``sel[0]`` and ``sel[1]``; the children replace ``sel[T-1]`` and
    ``sel[T-2]``.
    """
    P = idx.shape[0]
    # T distinct rings: partial Fisher-Yates shuffle of the index array.
    for i in range(T):
        r = i + np.random.randint(0, P - i)
        tmp = idx[i]
        idx[i] = idx[r]
        idx[r] = tmp
        sel[i] = idx[i]
    # Insertion sort by fitness, stable, so ties keep their random draw order.
    for i in range(1, T):
        v = sel[i]
        j = i - 1
        while j >= 0 and fit[sel[j]] > fit[v]:
            sel[j + 1] = sel[j]
            j -= 1
        sel[j + 1] = v


@njit(cache=True)
def _cut(R: int) -> int:
    """A crossover point, uniform in 1..R-1 (both children mix both parents)."""
    return np.random.randint(1, R)


@njit(cache=True)
def _mutate(ring: np.ndarray, mutations: int, S: int) -> None:
    """Overwrite ``mutations`` uniformly chosen entries with uniform symbols in 0..S-1."""
    R = ring.shape[0]
    for _ in range(mutations):
        sym = np.random.randint(0, S)
        ring[np.random.randint(0, R)] = sym


@njit(cache=True)
def operator_sample(seed: int, fit: np.ndarray, T: int, R: int, S: int, mutations: int,
                    reps: int) -> np.ndarray:
    """``reps`` independent draws of the operators on fitnesses ``fit`` (for frequency tests).

    Row per draw: parent 1, parent 2, replaced 1, replaced 2, crossover point, and the number
    of entries of an R-entry ring that mutation overwrote.
    """
    np.random.seed(seed)
    P = fit.shape[0]
    idx = np.arange(P)
    sel = np.empty(T, dtype=np.int64)
    out = np.empty((reps, 6), dtype=np.int64)
    ring = np.empty(R, dtype=np.int64)
    for k in range(reps):
        _select(idx, fit, T, sel)
        out[k, 0] = sel[0]
        out[k, 1] = sel[1]
        out[k, 2] = sel[T - 1]
        out[k, 3] = sel[T - 2]
        out[k, 4] = _cut(R)
        ring[:] = -1
        _mutate(ring, mutations, S)
        out[k, 5] = np.sum(ring >= 0)
    return out


class Evolution(NamedTuple):
    """The steady-state EA's sizes: ring entries, population, tournaments, tournament size,
    entries mutated per child."""

    R: int
    P: int
    N: int
    T: int
    mutations: int


class Population(NamedTuple):
    """The rings, their fitness and solving length (-1: none), and the tournament's scratch:
    the shuffled indices, the rings drawn (fittest first) and the two children."""

    rings: np.ndarray
    fit: np.ndarray
    slen: np.ndarray
    idx: np.ndarray
    sel: np.ndarray
    child: np.ndarray


@njit(cache=True)
def _populate(evo: Evolution, S: int, clock: Clock, reading: Reading,
              scratch: Scratch) -> Population:
    """P uniform random rings over ``S`` symbols, evaluated."""
    pop = Population(np.empty((evo.P, evo.R), dtype=np.int64), np.empty(evo.P, dtype=np.int64),
                     np.empty(evo.P, dtype=np.int64), np.arange(evo.P),
                     np.empty(evo.T, dtype=np.int64), np.empty((2, evo.R), dtype=np.int64))
    for i in range(evo.P):
        for j in range(evo.R):
            pop.rings[i, j] = np.random.randint(0, S)
        f, ln, _ = _evaluate(pop.rings[i], evo.R, clock, reading, scratch)
        pop.fit[i] = f
        pop.slen[i] = ln
    return pop


@njit(cache=True)
def _tournament(pop: Population, evo: Evolution, S: int, clock: Clock, reading: Reading,
                scratch: Scratch) -> int:
    """One tournament: the two fittest of T breed two mutated children that replace the two
    least fit. Returns the index of a child of fitness 0 (-1: none)."""
    sel, T = pop.sel, evo.T
    _select(pop.idx, pop.fit, T, sel)
    crossover(pop.rings[sel[0]], pop.rings[sel[1]], _cut(evo.R), pop.child[0], pop.child[1])
    for h in range(2):
        _mutate(pop.child[h], evo.mutations, S)
    for h in range(2):
        dst = sel[T - 1 - h]
        pop.rings[dst] = pop.child[h]
        f, ln, _ = _evaluate(pop.rings[dst], evo.R, clock, reading, scratch)
        pop.fit[dst] = f
        pop.slen[dst] = ln
    for h in range(2):
        dst = sel[T - 1 - h]
        if pop.fit[dst] == 0:
            return dst
    return -1


@njit(cache=True)
def _fittest(fit: np.ndarray) -> int:
    """The first ring of least fitness."""
    best = 0
    for i in range(1, fit.shape[0]):
        if fit[i] < fit[best]:
            best = i
    return best


@njit(cache=True)
def _run(seed: int, evo: Evolution, clock: Clock,
         reading: Reading) -> tuple[int, int, int, np.ndarray]:
    """One run: (solved 0/1, tournaments, solving length, solving or best ring)."""
    np.random.seed(seed)
    S = evo.R + clock.moves.ks.shape[0]
    scratch = Scratch(np.empty(clock.n, dtype=np.int64), np.empty(evo.R, dtype=np.int64),
                      np.empty(0, dtype=np.int64))
    pop = _populate(evo, S, clock, reading, scratch)
    for i in range(evo.P):
        if pop.fit[i] == 0:
            return 1, 0, pop.slen[i], pop.rings[i].copy()
    for t in range(1, evo.N + 1):
        won = _tournament(pop, evo, S, clock, reading, scratch)
        if won >= 0:
            return 1, t, pop.slen[won], pop.rings[won].copy()
    best = _fittest(pop.fit)
    return 0, evo.N, -1, pop.rings[best].copy()


@dataclass(frozen=True)
class RunResult:
    """One EA run: success, tournaments used, solving length and the ring that solved."""

    solved: bool
    tournaments: int
    length: int | None
    ring: tuple[int, ...]
    moves: tuple[int, ...]  # the solving action string (empty when not solved)


def _clock(puzzle: Puzzle) -> Clock:
    if not puzzle.zero_goal:
        raise ValueError("puzzle: the DWP fitness needs the all-zero goal set")
    return Clock(action_arrays(puzzle.actions, puzzle.n), puzzle.n, puzzle.c, puzzle.initial[0],
                 np.array(puzzle.initial[1], dtype=np.int64))


def _reading(reading: str, R: int, L: int) -> Reading:
    jumps, skips = reading_flags(reading)
    return Reading(L, int(jumps), int(skips), R * L)


def decode(puzzle: Puzzle, ring, R: int | None = None, L: int = DEFAULT.L,
           reading: str = DEFAULT.reading) -> tuple[list[int], int, int | None]:
    """Decode a ring on ``puzzle``: (action indices emitted, ring fitness, solving length).

    The action string stops at the first goal state, as the EA's evaluation does.
    """
    ring_arr = np.asarray(ring, dtype=np.int64)
    R = ring_arr.shape[0] if R is None else R
    A = len(puzzle.actions)
    if ring_arr.ndim != 1 or ring_arr.shape[0] != R or R < 1:
        raise ValueError(f"ring must be a 1-D sequence of R = {R} symbols")
    if ring_arr.min() < 0 or ring_arr.max() >= R + A:
        raise ValueError(f"ring symbols must lie in 0..{R + A - 1} (R alternators + {A} actions)")
    if isinstance(L, bool) or not isinstance(L, int) or L < 1:
        raise ValueError(f"L (read limit) must be a positive int, got {L!r}")
    rule = _reading(reading, R, L)
    clock = _clock(puzzle)
    scratch = Scratch(np.empty(clock.n, np.int64), np.empty(R, np.int64), np.empty(L, np.int64))
    f, ln, emitted = _evaluate(ring_arr, R, clock, rule, scratch)
    return [int(x) for x in scratch.out[:emitted]], int(f), (None if ln < 0 else int(ln))


def decode_trace(ring, R: int, n_actions: int, L: int = 40,
                 reading: str = DEFAULT.reading) -> list[tuple[int, int, str]]:
    """Step-by-step reading of a ring (Fig. 4): (entry read, symbol, what happened) per read.

    Reading stops after ``L`` reads that count under ``reading``, the EA's rule (same default).
    """
    count_jumps, count_skips = reading_flags(reading)
    flags = [0] * R
    p, reads, used, steps = 0, 0, 0, []
    ring = [int(x) for x in ring]
    if len(ring) != R or any(not 0 <= s < R + n_actions for s in ring):
        raise ValueError(f"ring must hold R = {R} symbols in 0..{R + n_actions - 1}")
    while used < L and reads < R * L:
        s = ring[p]
        reads += 1
        if s < R:
            if flags[p] == 0:
                flags[p] = 1
                steps.append((p, s, f"jump to entry {s}"))
                p = s
                used += count_jumps
            else:
                flags[p] = 0
                steps.append((p, s, "skip"))
                p = (p + 1) % R
                used += count_skips
        else:
            steps.append((p, s, f"action {s - R}"))
            used += 1
            p = (p + 1) % R
    return steps


def run_dwp(puzzle: Puzzle, seed: int, ea: EA = DEFAULT) -> RunResult:
    """One seeded DWP run on ``puzzle`` with settings ``ea``; a reported solution is replayed
    by the model first."""
    if not isinstance(ea, EA):
        raise ValueError(f"ea must be the EA's settings (dwp.EA), got {ea!r}")
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or not 0 <= seed < 2**32:
        raise ValueError(f"seed must be an int in 0..2^32-1, got {seed!r}")
    evo = Evolution(ea.R, ea.P, ea.N, ea.tournament, ea.mutations)
    ok, t, ln, ring = _run(int(seed), evo, _clock(puzzle), _reading(ea.reading, ea.R, ea.L))
    ring_t = tuple(int(x) for x in ring)
    if not ok:
        return RunResult(False, int(t), None, ring_t, ())
    moves, f, length = decode(puzzle, ring, ea.R, ea.L, ea.reading)
    # Replay move by move in the plain-Python model: the EA's claim must hold there too.
    if f != 0 or length != ln or first_goal(puzzle, moves) != ln:
        raise RuntimeError(f"{puzzle.name}: EA reported a solution the model does not confirm")
    return RunResult(True, int(t), int(ln), ring_t, tuple(moves))
