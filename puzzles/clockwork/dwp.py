"""The Do-What's-Possible EA (alternator rings, Section III), entirely in numba.

A ring has R entries. Symbols 0..R-1 are alternators whose jump target is entry ``symbol``
(the paper's targets 1..R, 0-based here); symbols R..R+|A|-1 apply action ``symbol - R``.
Reading starts at entry 0 and moves on cyclically. An alternator jumps the first time it is
read and on every other read after that, and is skipped (reading goes on with the next entry)
on the reads in between. The paper leaves some choices open; each is a parameter here:

The settings are one frozen :class:`EA` (``DEFAULT``: Section IV's R, L, P, N and the
calibrated defaults below).

* ``reading`` (default ``"skips_free"``): what the read limit L counts. Every emitted action
  counts; ``"every_read"`` also counts alternator jumps and skips, ``"actions_only"`` neither,
  ``"jumps_free"`` counts skips but not jumps, ``"skips_free"`` jumps but not skips. When a
  read can be free, a guard of ``R * L`` symbol reads stops rings whose alternators loop
  without emitting. The default is the best fit to the paper's Tables I-VI among all readings,
  tournament sizes and mutation counts tried (``puzzles/clockwork/data/calibration.csv``).
* ``tournament`` (default 7, Ashlock's usual size): T distinct rings per tournament; the two
  fittest (ties broken by draw order) are parents, their two children replace the two least fit.
* ``mutations`` (default 1): entries of each child overwritten with a uniform random symbol.
* crossover point j uniform in 1..R-1: child 1 takes parent 1's entries 0..j-1 and parent 2's
  from j on, child 2 the reverse.

A ring's fitness is the minimum state fitness along its action string (initial state
included); its solving length is the number of actions up to the first goal state. A run
reports the number of tournaments done when a ring of fitness 0 first appears (0 when the
random initial population already holds one) and that ring's solving length.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from numba import njit

from puzzles.clockwork.model import Puzzle, action_arrays
from puzzles.clockwork.reference import protocol

# What the read limit counts, per reading: (jumps count, skips count); actions always count.
READINGS: dict[str, tuple[bool, bool]] = {
    "every_read": (True, True),
    "actions_only": (False, False),
    "jumps_free": (False, True),
    "skips_free": (True, False),
}

_PAPER = protocol()


def reading_flags(reading: str) -> tuple[bool, bool]:
    """(jumps count, skips count) toward the read limit for a named reading."""
    if reading not in READINGS:
        raise ValueError(f"reading must be one of {', '.join(READINGS)}, got {reading!r}")
    return READINGS[reading]


@dataclass(frozen=True)
class EA:
    """The DWP's settings: Section IV's R, L, P and N (``reference/protocol.csv``) and the
    choices the paper leaves open, at their calibrated defaults."""

    R: int = _PAPER["R"]
    L: int = _PAPER["L"]
    P: int = _PAPER["P"]
    N: int = _PAPER["N"]
    tournament: int = 7
    mutations: int = 1
    reading: str = "skips_free"

    def __post_init__(self) -> None:
        for name, lo in (("R", 2), ("L", 1), ("P", 4), ("N", 0), ("tournament", 4),
                         ("mutations", 0)):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int | np.integer) or v < lo:
                raise ValueError(f"{name} must be an int >= {lo}, got {v!r}")
        if self.tournament > self.P:
            raise ValueError(f"tournament size {self.tournament} exceeds the population "
                             f"P = {self.P}")
        reading_flags(self.reading)

    def but(self, **changes: object) -> EA:
        """These settings with ``changes`` (``DEFAULT.but(N=200)``)."""
        return replace(self, **changes)


DEFAULT = EA()


@njit(cache=True)
def _evaluate(ring: np.ndarray, R: int, ks: np.ndarray, pos: np.ndarray, val: np.ndarray,
              cnt: np.ndarray, n: int, c: int, k0: int, L0: np.ndarray, read_limit: int,
              count_jumps: bool, count_skips: bool, guard: int, lights: np.ndarray,
              flags: np.ndarray, out: np.ndarray) -> tuple[int, int, int]:
    """Decode ``ring`` from the initial state: (min fitness, solving length or -1, emitted).

    ``out`` (length >= read_limit, or empty) receives the emitted action indices.
    """
    for i in range(n):
        lights[i] = L0[i]
    fit = 0
    for i in range(n):
        fit += (c - lights[i]) % c
    best = fit
    if best == 0:
        return 0, 0, 0
    for i in range(R):
        flags[i] = 0
    k = k0
    p = 0
    reads = 0
    used = 0  # reads that count toward the read limit
    emitted = 0
    keep = out.shape[0]
    while used < read_limit and reads < guard:
        sym = ring[p]
        reads += 1
        if sym < R:
            if flags[p] == 0:
                flags[p] = 1
                p = sym
                if count_jumps:
                    used += 1
            else:
                flags[p] = 0
                p = p + 1 if p + 1 < R else 0
                if count_skips:
                    used += 1
            continue
        used += 1
        a = sym - R
        k = (k + ks[a]) % n
        for j in range(cnt[a]):
            q = (k + pos[a, j]) % n
            old = lights[q]
            new = (old + val[a, j]) % c
            lights[q] = new
            fit += (c - new) % c - (c - old) % c
        if emitted < keep:
            out[emitted] = a
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


@njit(cache=True)
def _run(seed: int, R: int, P: int, N: int, T: int, mutations: int, read_limit: int,
         count_jumps: bool, count_skips: bool, ks: np.ndarray, pos: np.ndarray,
         val: np.ndarray, cnt: np.ndarray, n: int, c: int, k0: int,
         L0: np.ndarray) -> tuple[int, int, int, np.ndarray]:
    """One run: (solved 0/1, tournaments, solving length, solving or best ring)."""
    np.random.seed(seed)
    A = ks.shape[0]
    S = R + A
    guard = R * read_limit
    pop = np.empty((P, R), dtype=np.int64)
    fit = np.empty(P, dtype=np.int64)
    slen = np.empty(P, dtype=np.int64)
    lights = np.empty(n, dtype=np.int64)
    flags = np.empty(R, dtype=np.int64)
    noout = np.empty(0, dtype=np.int64)
    for i in range(P):
        for j in range(R):
            pop[i, j] = np.random.randint(0, S)
        f, ln, _ = _evaluate(pop[i], R, ks, pos, val, cnt, n, c, k0, L0, read_limit,
                             count_jumps, count_skips, guard, lights, flags, noout)
        fit[i] = f
        slen[i] = ln
    for i in range(P):
        if fit[i] == 0:
            return 1, 0, slen[i], pop[i].copy()
    idx = np.arange(P)
    sel = np.empty(T, dtype=np.int64)
    child = np.empty((2, R), dtype=np.int64)
    for t in range(1, N + 1):
        _select(idx, fit, T, sel)
        crossover(pop[sel[0]], pop[sel[1]], _cut(R), child[0], child[1])
        for h in range(2):
            _mutate(child[h], mutations, S)
        for h in range(2):
            dst = sel[T - 1 - h]
            pop[dst] = child[h]
            f, ln, _ = _evaluate(pop[dst], R, ks, pos, val, cnt, n, c, k0, L0, read_limit,
                                 count_jumps, count_skips, guard, lights, flags, noout)
            fit[dst] = f
            slen[dst] = ln
        for h in range(2):
            dst = sel[T - 1 - h]
            if fit[dst] == 0:
                return 1, t, slen[dst], pop[dst].copy()
    best = 0
    for i in range(1, P):
        if fit[i] < fit[best]:
            best = i
    return 0, N, -1, pop[best].copy()


@dataclass(frozen=True)
class RunResult:
    """One EA run: success, tournaments used, solving length and the ring that solved."""

    solved: bool
    tournaments: int
    length: int | None
    ring: tuple[int, ...]
    moves: tuple[int, ...]  # the solving action string (empty when not solved)


def _arrays(puzzle: Puzzle) -> tuple:
    if not puzzle.zero_goal:
        raise ValueError("puzzle: the DWP fitness needs the all-zero goal set")
    ks, pos, val, cnt = action_arrays(puzzle.actions, puzzle.n)
    L0 = np.array(puzzle.initial[1], dtype=np.int64)
    return ks, pos, val, cnt, puzzle.n, puzzle.c, puzzle.initial[0], L0


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
    cj, cs = reading_flags(reading)
    ks, pos, val, cnt, n, c, k0, L0 = _arrays(puzzle)
    out = np.empty(L, dtype=np.int64)
    f, ln, emitted = _evaluate(ring_arr, R, ks, pos, val, cnt, n, c, k0, L0, L, cj, cs,
                               R * L, np.empty(n, np.int64), np.empty(R, np.int64), out)
    return [int(x) for x in out[:emitted]], int(f), (None if ln < 0 else int(ln))


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
    from puzzles.clockwork.model import first_goal

    if not isinstance(ea, EA):
        raise ValueError(f"ea must be the EA's settings (dwp.EA), got {ea!r}")
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or not 0 <= seed < 2**32:
        raise ValueError(f"seed must be an int in 0..2^32-1, got {seed!r}")
    cj, cs = reading_flags(ea.reading)
    ks, pos, val, cnt, n, c, k0, L0 = _arrays(puzzle)
    ok, t, ln, ring = _run(int(seed), ea.R, ea.P, ea.N, ea.tournament, ea.mutations, ea.L, cj,
                           cs, ks, pos, val, cnt, n, c, k0, L0)
    ring_t = tuple(int(x) for x in ring)
    if not ok:
        return RunResult(False, int(t), None, ring_t, ())
    moves, f, length = decode(puzzle, ring, ea.R, ea.L, ea.reading)
    # Replay move by move in the plain-Python model: the EA's claim must hold there too.
    if f != 0 or length != ln or first_goal(puzzle, moves) != ln:
        raise RuntimeError(f"{puzzle.name}: EA reported a solution the model does not confirm")
    return RunResult(True, int(t), int(ln), ring_t, tuple(moves))
