"""The authors' evolutionary algorithm (EA), jitted, with every reported solution replayed.

As the authors' current code runs it (paper Sec. 3.3, Appendix C; their ``src/ea/main.py``,
``Agent.levy_mutate`` and ``scripts/run_ea.sh`` at commit 6ace12a): N agents all start at the
start configuration and keep their move history. Each generation keeps the top 10% by fitness
unchanged (a stable sort, so ties go to the earlier agent) and fills the rest by roulette
selection with weight ``alpha * fitness + (1 - alpha) / (1 + max(moves, 1))`` (alpha = 0.2, as
``run_ea.sh`` passes it); every selected agent is mutated: draw B from a truncated Zipf law
P(B=j) ~ j^-c on 1..n_rings, then B *distinct* rings (``random.sample``, i.e. without
replacement) in random order each, if it has a free k-face, move to a vertex drawn uniformly
from the concatenated vertex lists of its free faces (own vertex excluded). Fitness =
1 / (1 + rings off target). The run stops when an agent reaches the target or after T
generations; its answer is the shortest successful history (no loop removal).

The generation step is split into small kernels (Zipf draw, ring sample, weights, elite,
roulette) so that each rule is tested on its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from numba import njit

from puzzles.hypercube.model import Move, Puzzle, face_table, replay, validate_config

ELITE_FRACTION = 0.1


def elite_count(pop_size: int) -> int:
    """Agents kept unchanged each generation: ``int(0.1 * N)``, as the authors' ``evolution``."""
    return int(pop_size * ELITE_FRACTION)


def face_vertex_table(d: int, k: int) -> np.ndarray:
    """``[v, f, j]``: the j-th vertex (ascending) of the f-th k-face through v, v left out."""
    faces = face_table(d, k)
    per = (1 << k) - 1
    out = np.empty((faces.shape[0], faces.shape[1], per), dtype=np.int64)
    for v in range(faces.shape[0]):
        for f in range(faces.shape[1]):
            m = int(faces[v, f]) & ~(1 << v)
            out[v, f, :] = [u for u in range(faces.shape[0]) if m >> u & 1]
    return out


@njit(cache=True)
def zipf_cdf(n: int, c: float) -> np.ndarray:
    """Cumulative P(B <= j) of the truncated Zipf law P(B = j) ~ j^-c on 1..n."""
    zc = np.empty(n)
    acc = 0.0
    for j in range(n):
        acc += (j + 1.0) ** (-c)
        zc[j] = acc
    for j in range(n):
        zc[j] /= acc
    return zc


@njit(cache=True)
def draw_zipf(zc: np.ndarray) -> int:
    """One draw of B in 1..n from the cumulative table ``zc`` (inverse transform)."""
    u = np.random.random()
    b = 0
    while b < zc.shape[0] - 1 and u > zc[b]:
        b += 1
    return b + 1


@njit(cache=True)
def sample_rings(ridx: np.ndarray, b: int) -> None:
    """Put b distinct rings, in uniformly random order, in ``ridx[:b]`` (partial Fisher-Yates).

    ``ridx`` must hold a permutation of 0..n-1; it stays one. This is ``random.sample``.
    """
    n = ridx.shape[0]
    for j in range(b):
        r = np.random.randint(j, n)
        t = ridx[j]
        ridx[j] = ridx[r]
        ridx[r] = t


@njit(cache=True)
def selection_weights(off: np.ndarray, nmoves: np.ndarray, alpha: float, out: np.ndarray) -> float:
    """Roulette weights ``alpha f + (1-alpha)/(1+max(moves,1))``, f = 1/(1+off); returns the sum."""
    total = 0.0
    for a in range(off.shape[0]):
        w = alpha / (1.0 + off[a]) + (1.0 - alpha) / (1.0 + max(nmoves[a], 1))
        total += w
        out[a] = total
    return total


@njit(cache=True)
def elite_indices(off: np.ndarray, n: int, out: np.ndarray) -> None:
    """The ``out.shape[0]`` fittest agents (fewest rings off target), ties to the lower index.

    Fitness depends only on the off-target count, so bucketing by that count in index order
    is the authors' stable sort without sorting.
    """
    kappa = out.shape[0]
    ne = 0
    for want in range(n + 1):
        if ne >= kappa:
            break
        for a in range(off.shape[0]):
            if off[a] == want:
                out[ne] = a
                ne += 1
                if ne >= kappa:
                    break


@njit(cache=True)
def roulette_pick(cum: np.ndarray, total: float) -> int:
    """An index drawn with probability proportional to its weight (``cum`` = running sums)."""
    a = np.searchsorted(cum, np.random.random() * total, side="right")
    if a >= cum.shape[0]:
        a = cum.shape[0] - 1
    return a


@njit(cache=True)
def _free_dest(v: int, occ: np.uint64, faces: np.ndarray, fverts: np.ndarray) -> int:
    """A destination drawn uniformly from the free faces' vertex lists, or -1 if none is free."""
    bit = np.uint64(1) << np.uint64(v)
    nfree = 0
    for f in range(faces.shape[1]):
        if occ & faces[v, f] == bit:
            nfree += 1
    if nfree == 0:
        return -1
    per = fverts.shape[2]
    r = np.random.randint(0, nfree * per)
    which = r // per
    for f in range(faces.shape[1]):
        if occ & faces[v, f] == bit:
            if which == 0:
                return fverts[v, f, r % per]
            which -= 1
    return -1


@njit(cache=True)
def mutate(pos: np.ndarray, occ: np.uint64, zc: np.ndarray, ridx: np.ndarray, faces: np.ndarray,
           fverts: np.ndarray, rings: np.ndarray, dests: np.ndarray) -> tuple[int, np.uint64]:
    """Mutate one agent in place: B ~ Zipf distinct rings each try one random free move.

    Returns (moves made, new occupancy mask); the moves are written to ``rings``/``dests``.
    """
    b = draw_zipf(zc)
    sample_rings(ridx, b)
    cnt = 0
    for j in range(b):
        r = ridx[j]
        v = pos[r]
        dst = _free_dest(v, occ, faces, fverts)
        if dst >= 0:
            occ ^= (np.uint64(1) << np.uint64(v)) | (np.uint64(1) << np.uint64(dst))
            pos[r] = dst
            rings[cnt] = r
            dests[cnt] = dst
            cnt += 1
    return cnt, occ


@njit(cache=True)
def _off_target(pos: np.ndarray, target: np.ndarray) -> int:
    f = 0
    for i in range(pos.shape[0]):
        if pos[i] != target[i]:
            f += 1
    return f


class Population(NamedTuple):
    """N agents: ring vertices ``pos`` (N x n), occupancy masks, history lengths, rings off
    target."""

    pos: np.ndarray
    occ: np.ndarray
    nmoves: np.ndarray
    off: np.ndarray


class Offspring(NamedTuple):
    """Per new agent of a generation: its parent, how many moves it made, and those moves."""

    parent: np.ndarray
    count: np.ndarray
    ring: np.ndarray
    dest: np.ndarray


class Rules(NamedTuple):
    """What a generation needs of the puzzle and the EA's settings."""

    target: np.ndarray
    faces: np.ndarray
    fverts: np.ndarray
    alpha: float
    zc: np.ndarray  # the Zipf law's cumulative table (:func:`zipf_cdf`)


class Scratch(NamedTuple):
    """Work arrays of a generation: the ring permutation ``random.sample`` draws from, the
    roulette's running sums and the elite's indices (kappa of them)."""

    ridx: np.ndarray
    cum: np.ndarray
    order: np.ndarray


class Plan(NamedTuple):
    """A run's size: population, generation budget, elite kept per generation."""

    pop_size: int
    generations: int
    kappa: int


class History(NamedTuple):
    """The move-history tree: per node its parent node (-1: the start), the index of its first
    move in ``ring``/``dest`` and how many moves it made."""

    parent: np.ndarray
    first: np.ndarray
    count: np.ndarray
    ring: np.ndarray
    dest: np.ndarray


@njit(cache=True)
def generation(pop: Population, nxt: Population, kids: Offspring, rules: Rules,
               scratch: Scratch) -> None:
    """One generation: ``N - kappa`` roulette-selected mutants, then the ``kappa`` elite copies.

    Reads ``pop``, writes ``nxt`` and per new agent its parent, its move count and moves
    (``kids``); ``kappa = scratch.order.shape[0]``.
    """
    pos, occ, nmoves, off = pop
    npos, nocc, nnm, noff = nxt
    parent, mcount, mring, mdest = kids
    ridx, cum, order = scratch
    pop_size = pos.shape[0]
    n = pos.shape[1]
    kappa = order.shape[0]
    n_sel = pop_size - kappa
    total = selection_weights(off, nmoves, rules.alpha, cum)
    elite_indices(off, n, order)
    for s in range(n_sel):
        a = roulette_pick(cum, total)
        parent[s] = a
        for i in range(n):
            npos[s, i] = pos[a, i]
        cnt, o = mutate(npos[s], occ[a], rules.zc, ridx, rules.faces, rules.fverts, mring[s],
                        mdest[s])
        mcount[s] = cnt
        nocc[s] = o
        nnm[s] = nmoves[a] + cnt
        noff[s] = _off_target(npos[s], rules.target)
    for e in range(kappa):
        a = order[e]
        s = n_sel + e
        parent[s] = a
        mcount[s] = 0
        for i in range(n):
            npos[s, i] = pos[a, i]
        nocc[s] = occ[a]
        nnm[s] = nmoves[a]
        noff[s] = off[a]


@njit(cache=True)
def new_history(capacity: int, n: int) -> History:
    """An empty history store of ``capacity`` nodes (n moves at most per node)."""
    return History(np.empty(capacity, dtype=np.int64), np.empty(capacity, dtype=np.int64),
                   np.empty(capacity, dtype=np.int64), np.empty(capacity * n, dtype=np.int8),
                   np.empty(capacity * n, dtype=np.int8))


@njit(cache=True)
def _compact(node, h, n_nodes):
    """Keep only the history nodes some agent still descends from, in place; returns
    (nodes, moves) kept.

    Nodes are numbered in creation order, so a parent's number is below its child's and the
    kept nodes (and their moves) only ever move left: copying in one forward pass is safe.
    """
    hp, hs, hc, hring, hdest = h
    live = np.zeros(n_nodes, dtype=np.bool_)
    for a in range(node.shape[0]):
        x = node[a]
        while x >= 0 and not live[x]:
            live[x] = True
            x = hp[x]
    newid = np.full(n_nodes, -1, dtype=np.int64)
    k = 0
    m = 0
    for x in range(n_nodes):
        if live[x]:
            newid[x] = k
            hp[k] = newid[hp[x]] if hp[x] >= 0 else -1
            start = hs[x]
            for j in range(hc[x]):
                hring[m + j] = hring[start + j]
                hdest[m + j] = hdest[start + j]
            hs[k] = m
            hc[k] = hc[x]
            m += hc[x]
            k += 1
    for a in range(node.shape[0]):
        if node[a] >= 0:
            node[a] = newid[node[a]]
    return k, m


@njit(cache=True)
def _grown(h: History, capacity: int, n_nodes: int, n_moves: int) -> History:
    """A store of ``capacity`` nodes holding the first ``n_nodes`` nodes of ``h``."""
    n = h.ring.shape[0] // h.parent.shape[0]
    out = new_history(capacity, n)
    out.parent[:n_nodes] = h.parent[:n_nodes]
    out.first[:n_nodes] = h.first[:n_nodes]
    out.count[:n_nodes] = h.count[:n_nodes]
    out.ring[:n_moves] = h.ring[:n_moves]
    out.dest[:n_moves] = h.dest[:n_moves]
    return out


@njit(cache=True)
def _make_room(h: History, node: np.ndarray, need: int, n_nodes: int, n_moves: int):
    """Room for ``need`` more nodes: drop dead lineages when full, and double the store when
    over half of it is still live; returns (store, nodes, moves)."""
    cap = h.parent.shape[0]
    if n_nodes + need > cap:
        n_nodes, n_moves = _compact(node, h, n_nodes)
        if 2 * (n_nodes + need) > cap:
            h = _grown(h, max(2 * cap, 2 * (n_nodes + need)), n_nodes, n_moves)
    return h, n_nodes, n_moves


@njit(cache=True)
def _record(h: History, node: np.ndarray, nnode: np.ndarray, kids: Offspring, n_nodes: int,
            n_moves: int):
    """One node per new agent that moved (its parent's node, its moves); an unmoved agent
    shares its parent's node. Writes ``nnode``; returns (nodes, moves)."""
    parent, mcount, mring, mdest = kids
    for s in range(parent.shape[0]):
        a = parent[s]
        cnt = mcount[s]
        if cnt > 0:
            h.parent[n_nodes] = node[a]
            h.first[n_nodes] = n_moves
            h.count[n_nodes] = cnt
            for j in range(cnt):
                h.ring[n_moves + j] = mring[s, j]
                h.dest[n_moves + j] = mdest[s, j]
            n_moves += cnt
            nnode[s] = n_nodes
            n_nodes += 1
        else:
            nnode[s] = node[a]
    return n_nodes, n_moves


@njit(cache=True)
def best_agent(pop: Population) -> int:
    """The agent on the target with the shortest history (the first of equals), or -1."""
    off, nmoves = pop.off, pop.nmoves
    best = -1
    for a in range(off.shape[0]):
        if off[a] == 0 and (best < 0 or nmoves[a] < nmoves[best]):
            best = a
    return best


@njit(cache=True)
def _moves_of(h: History, x: int, total_moves: int):
    """(rings, destinations) of the lineage ending at node ``x``, first move first."""
    rings = np.empty(total_moves, dtype=np.int64)
    dests = np.empty(total_moves, dtype=np.int64)
    w = total_moves
    while x >= 0:
        for j in range(h.count[x] - 1, -1, -1):
            w -= 1
            rings[w] = h.ring[h.first[x] + j]
            dests[w] = h.dest[h.first[x] + j]
        x = h.parent[x]
    return rings, dests


@njit(cache=True)
def start_population(start: np.ndarray, target: np.ndarray, pop_size: int) -> Population:
    """``pop_size`` agents on ``start`` with empty histories."""
    n = start.shape[0]
    pos = np.empty((pop_size, n), dtype=np.int64)
    occ = np.empty(pop_size, dtype=np.uint64)
    nmoves = np.zeros(pop_size, dtype=np.int64)
    off = np.empty(pop_size, dtype=np.int64)
    start_occ = np.uint64(0)
    for i in range(n):
        start_occ |= np.uint64(1) << np.uint64(start[i])
    start_off = _off_target(start, target)
    for a in range(pop_size):
        pos[a, :] = start
        occ[a] = start_occ
        off[a] = start_off
    return Population(pos, occ, nmoves, off)


@njit(cache=True)
def _offspring(pop_size: int, n: int) -> Offspring:
    return Offspring(np.empty(pop_size, dtype=np.int32), np.zeros(pop_size, dtype=np.int8),
                     np.empty((pop_size, n), dtype=np.int8),
                     np.empty((pop_size, n), dtype=np.int8))


@njit(cache=True)
def _like(pop: Population) -> Population:
    return Population(np.empty_like(pop.pos), np.empty_like(pop.occ),
                      np.empty_like(pop.nmoves), np.empty_like(pop.off))


@njit(cache=True)
def _moved(kids: Offspring) -> int:
    need = 0
    for s in range(kids.count.shape[0]):
        if kids.count[s] > 0:
            need += 1
    return need


@njit(cache=True)
def _ea_run(start, rules, plan, seed, history_nodes):
    """One EA run; returns (success, generations used, best moves, history rings, dests, the
    most history nodes held at once).

    The move history is a tree: an agent's lineage is a chain of nodes, one per generation in
    which it moved (parent node, its moves); elite copies and unmoved mutants share their
    parent's node. Nodes no agent descends from any more are dropped whenever the store is full
    (it doubles only when over half of it is still live), so memory follows the live ancestry,
    not population x generations (which at N = T = 10,000 was 2.7 GB). No random draw depends
    on the store, so results are those of keeping every generation. ``history_nodes``: the
    store's first size (tests use tiny ones to compact often).
    """
    np.random.seed(seed)
    n = start.shape[0]
    pop = start_population(start, rules.target, plan.pop_size)
    if pop.off[0] == 0:
        return True, 0, 0, np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64), 0
    kids = _offspring(plan.pop_size, n)
    scratch = Scratch(np.arange(n), np.empty(plan.pop_size), np.empty(plan.kappa, dtype=np.int64))
    h = new_history(history_nodes, n)
    n_nodes = 0
    n_moves = 0
    peak = history_nodes
    node = np.full(plan.pop_size, -1, dtype=np.int64)  # each agent's newest history node
    nnode = np.empty(plan.pop_size, dtype=np.int64)
    nxt = _like(pop)
    t = 0
    while t < plan.generations:
        t += 1
        generation(pop, nxt, kids, rules, scratch)
        h, n_nodes, n_moves = _make_room(h, node, _moved(kids), n_nodes, n_moves)
        peak = max(peak, h.parent.shape[0])
        n_nodes, n_moves = _record(h, node, nnode, kids, n_nodes, n_moves)
        node, nnode = nnode, node
        pop, nxt = nxt, pop
        best = best_agent(pop)
        if best >= 0:
            total_moves = pop.nmoves[best]
            rings, dests = _moves_of(h, node[best], total_moves)
            return True, t, total_moves, rings, dests, peak
    return False, t, -1, np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64), peak


def ea_rules(puzzle: Puzzle, alpha: float, c: float) -> Rules:
    """The kernel's view of ``puzzle`` and the EA's alpha and Zipf exponent c."""
    return Rules(np.array(puzzle.target, dtype=np.int64), face_table(puzzle.d, puzzle.k),
                 face_vertex_table(puzzle.d, puzzle.k), float(alpha),
                 zipf_cdf(puzzle.n_rings, float(c)))


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
    plan = Plan(int(pop_size), int(generations), elite_count(pop_size))
    ok, gens, _, rings, dests, _ = _ea_run(np.array(start, dtype=np.int64),
                                           ea_rules(puzzle, alpha, c), plan, np.uint32(seed),
                                           4 * plan.pop_size)
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
