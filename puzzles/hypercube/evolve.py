"""The authors' evolutionary algorithm (EA), jitted, with every reported solution replayed.

As the authors ran it (paper Sec. 3.3, Appendix C, and their scripts ``src/ea``): N agents all
start at the start configuration and keep their move history. Each generation keeps the top
10% by fitness unchanged (a stable sort, so ties go to the earlier agent) and fills the rest by
roulette selection with weight ``alpha * fitness + (1 - alpha) / (1 + max(moves, 1))``; every
selected agent is mutated: draw B from a truncated Zipf law P(B=j) ~ j^-c on 1..n_rings, then B
times pick a ring uniformly (with replacement, as their ``levy_mutate`` does) and, if it has a
free k-face, move it to a vertex drawn uniformly from the concatenated vertex lists of its free
faces (own vertex excluded). Fitness = 1 / (1 + rings off target). The run stops when an agent
reaches the target or after T generations; its answer is the shortest successful history
(no loop removal).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from puzzles.hypercube.model import Move, Puzzle, face_table, replay, validate_config

ELITE_FRACTION = 0.1


@njit(cache=True)
def _bit_index(low: np.uint64) -> int:
    u = 0
    while low > np.uint64(1):
        low >>= np.uint64(1)
        u += 1
    return u


@njit(cache=True)
def _random_move(v: int, occ: np.uint64, faces: np.ndarray, k: int) -> int:
    """A destination drawn uniformly from the free faces' vertex lists, or -1 if none is free."""
    bit = np.uint64(1) << np.uint64(v)
    nfree = 0
    for f in range(faces.shape[1]):
        if occ & faces[v, f] == bit:
            nfree += 1
    if nfree == 0:
        return -1
    per = (1 << k) - 1
    r = np.random.randint(0, nfree * per)
    which = r // per
    idx = r % per
    for f in range(faces.shape[1]):
        m = faces[v, f]
        if occ & m == bit:
            if which == 0:
                rest = m & ~bit
                for _ in range(idx):
                    rest &= rest - np.uint64(1)
                return _bit_index(rest & (~rest + np.uint64(1)))
            which -= 1
    return -1


@njit(cache=True)
def _ea_run(start, target, faces, k, pop_size, generations, alpha, c, seed):
    """One EA run; returns (success, generations used, best moves, history rings, dests)."""
    np.random.seed(seed)
    n = start.shape[0]
    kappa = int(pop_size * 0.1)
    n_sel = pop_size - kappa
    # truncated Zipf cumulative table on 1..n
    zc = np.empty(n)
    acc = 0.0
    for j in range(n):
        acc += (j + 1.0) ** (-c)
        zc[j] = acc
    for j in range(n):
        zc[j] /= acc
    pos = np.empty((pop_size, n), dtype=np.int64)
    occ = np.empty(pop_size, dtype=np.uint64)
    nmoves = np.zeros(pop_size, dtype=np.int64)
    off = np.empty(pop_size, dtype=np.int64)
    start_occ = np.uint64(0)
    start_off = 0
    for i in range(n):
        start_occ |= np.uint64(1) << np.uint64(start[i])
        if start[i] != target[i]:
            start_off += 1
    for a in range(pop_size):
        pos[a, :] = start
        occ[a] = start_occ
        off[a] = start_off
    # history as parent pointers: generation t stores, per agent, its parent index in t-1 and
    # the (ring, destination) moves it made at t (at most n)
    parent = np.empty((generations + 1, pop_size), dtype=np.int32)
    mcount = np.zeros((generations + 1, pop_size), dtype=np.int8)
    mring = np.empty((generations + 1, pop_size, n), dtype=np.int8)
    mdest = np.empty((generations + 1, pop_size, n), dtype=np.int8)
    npos = np.empty_like(pos)
    nocc = np.empty_like(occ)
    nnm = np.empty_like(nmoves)
    noff = np.empty_like(off)
    weight = np.empty(pop_size)
    fit = np.empty(pop_size)
    order = np.empty(kappa, dtype=np.int64)
    cum = np.empty(pop_size)
    t = 0
    if start_off == 0:
        return True, 0, 0, np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
    while t < generations:
        t += 1
        for a in range(pop_size):
            fit[a] = 1.0 / (1.0 + off[a])
            weight[a] = alpha * fit[a] + (1.0 - alpha) / (1.0 + max(nmoves[a], 1))
        # stable top-kappa by fitness: fitness depends only on the off-target count, so
        # bucket agents by that count (in index order) instead of sorting
        ne = 0
        for want in range(n + 1):
            if ne >= kappa:
                break
            for a in range(pop_size):
                if off[a] == want:
                    order[ne] = a
                    ne += 1
                    if ne >= kappa:
                        break
        total = 0.0
        for a in range(pop_size):
            total += weight[a]
            cum[a] = total
        for s in range(n_sel):
            a = np.searchsorted(cum, np.random.random() * total, side="right")
            if a >= pop_size:
                a = pop_size - 1
            parent[t, s] = a
            for i in range(n):
                npos[s, i] = pos[a, i]
            o = occ[a]
            nm = nmoves[a]
            # Zipf number of ring draws
            u = np.random.random()
            b = 0
            while b < n - 1 and u > zc[b]:
                b += 1
            b += 1
            cnt = 0
            for _ in range(b):
                r = np.random.randint(0, n)
                v = npos[s, r]
                dst = _random_move(v, o, faces, k)
                if dst >= 0:
                    o ^= (np.uint64(1) << np.uint64(v)) | (np.uint64(1) << np.uint64(dst))
                    npos[s, r] = dst
                    mring[t, s, cnt] = r
                    mdest[t, s, cnt] = dst
                    cnt += 1
            mcount[t, s] = cnt
            nocc[s] = o
            nnm[s] = nm + cnt
            f = 0
            for i in range(n):
                if npos[s, i] != target[i]:
                    f += 1
            noff[s] = f
        for e in range(kappa):
            a = order[e]
            s = n_sel + e
            parent[t, s] = a
            mcount[t, s] = 0
            for i in range(n):
                npos[s, i] = pos[a, i]
            nocc[s] = occ[a]
            nnm[s] = nmoves[a]
            noff[s] = off[a]
        pos, npos = npos, pos
        occ, nocc = nocc, occ
        nmoves, nnm = nnm, nmoves
        off, noff = noff, off
        best = -1
        for a in range(pop_size):
            if off[a] == 0 and (best < 0 or nmoves[a] < nmoves[best]):
                best = a
        if best >= 0:
            total_moves = nmoves[best]
            rings = np.empty(total_moves, dtype=np.int64)
            dests = np.empty(total_moves, dtype=np.int64)
            w = total_moves
            a = best
            for g in range(t, 0, -1):
                for j in range(mcount[g, a] - 1, -1, -1):
                    w -= 1
                    rings[w] = mring[g, a, j]
                    dests[w] = mdest[g, a, j]
                a = parent[g, a]
            return True, t, total_moves, rings, dests
    return False, t, -1, np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)


@dataclass(frozen=True)
class EAResult:
    """One EA run: success, generations used, and the replayed best move list."""

    success: bool
    generations: int
    moves: list[Move] | None

    @property
    def n_moves(self) -> int | None:
        """Length of the solution (None when the run failed)."""
        return None if self.moves is None else len(self.moves)


def run_ea(puzzle: Puzzle, start, seed: int, pop_size: int = 1000, generations: int = 1000,
           alpha: float = 0.2, c: float = 1.8) -> EAResult:
    """One seeded EA run; the solution is replayed by the model before it is returned."""
    start = validate_config(puzzle, start)
    if pop_size < 10:
        raise ValueError(f"pop_size must be at least 10, got {pop_size}")
    if generations < 1:
        raise ValueError(f"generations must be positive, got {generations}")
    if not 0.0 <= alpha <= 1.0:
        raise ValueError(f"alpha must lie in [0, 1], got {alpha}")
    if c <= 0:
        raise ValueError(f"c (Zipf exponent) must be positive, got {c}")
    ok, gens, _, rings, dests = _ea_run(
        np.array(start, dtype=np.int64), np.array(puzzle.target, dtype=np.int64),
        face_table(puzzle.d, puzzle.k), puzzle.k, int(pop_size), int(generations),
        float(alpha), float(c), np.uint32(seed))
    if not ok:
        return EAResult(False, int(gens), None)
    moves: list[Move] = []
    config = list(start)
    for r, dst in zip(rings.tolist(), dests.tolist(), strict=True):
        moves.append((r, config[r], dst))
        config[r] = dst
    if replay(puzzle, start, moves) != puzzle.target:
        raise AssertionError("EA reported a solution the model rejects")
    return EAResult(True, int(gens), moves)
