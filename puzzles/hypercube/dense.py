"""A breadth-first search that fits: every configuration ranked to an integer, one byte each.

How to use it (notebook 05 and the offline runs call these):

- ``dense_distances(puzzle, start)`` -> :class:`DenseBFS`: ``counts[j]`` configurations at
  distance j from ``start`` (its whole component), ``eccentricity``, ``size`` and ``farthest``
  (the configuration of least index at the largest distance). Same counts as
  ``hardness.distances_from`` (the hash-table BFS), in a fraction of its memory: d = 5, k = 4
  from the paper's target takes one 652 MB array where the hash-table BFS peaks near 9 GB.
- ``rank_config(space, config)`` / ``unrank_config(space, index)``: the ranking itself
  (``StateSpace.of(puzzle)`` builds ``space``).

The ranking. Moves never look at colours, so a configuration is (the set S of occupied vertices,
which ring sits on each of them). S is ranked among the C(2^d, n) sets of n vertices in colex
order (sum of C(w_j, j+1) over its sorted vertices w_0 < ... < w_{n-1}, which is also the order
of the sets' bitmasks), and the rings read along w_0 .. w_{n-1} form a permutation ranked
lexicographically among the n! permutations: index = rank(S) * n! + rank(permutation). Every
index is a configuration (a perfect ranking), so d = 5 with the paper's 6 rings has
906,192 * 720 = 652,458,240 indices.

The search. ``dist`` holds one byte per index (255: not reached). A move of the ring on w_i to
a free vertex u depends only on S, and it turns the permutation p into p with position i taken
out and put back at position i' (u's place among the new set's vertices): one lookup in a table
``shift[i * n + i', p]``. So each level walks the occupied sets that hold frontier states (a
byte per set marks them), lists each set's moves once, and applies every move to all the
frontier permutations of the set, whose children all land in one block of n! bytes: the writes
stay in cache. Sets run in parallel over chunks (numba ``prange``); two threads that reach the
same child both write the same byte, so no atomics are needed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import permutations
from typing import NamedTuple

import numpy as np
from numba import njit, prange

from puzzles.hypercube.model import Puzzle, destinations, face_table, validate_config

UNSEEN = 255  # a byte of ``dist`` for an index not reached (levels stop at 254)
MAX_INDICES = 4_000_000_000  # one byte each: the largest state space we allocate (4 GB)
MAX_RINGS = 8  # the shift table has n! * n^2 entries (8: 2.6 million)
CHUNKS = 256  # parallel work units per level (each owns one scratch buffer)


class Space(NamedTuple):
    """The ranking as the kernels read it: binomials ``binom[v, j]`` = C(v, j), the shift table
    and the sizes."""

    binom: np.ndarray
    shift: np.ndarray
    perm_rank_table: np.ndarray  # rank of a permutation from its base-n digits (n^n entries)
    perms: np.ndarray  # [rank] -> the permutation (ring at each position)
    n_sets: int
    n_perms: int


@dataclass(frozen=True)
class StateSpace:
    """Every configuration of n rings on Q^d, ranked (see the module doc)."""

    d: int
    n: int
    space: Space
    tracked: int  # rings 0..tracked-1 keep their colours, the others are alike (n: all kept)

    @property
    def size(self) -> int:
        """Number of indices: C(2^d, n) * n! / (n - tracked)!."""
        return self.space.n_sets * self.space.n_perms

    @staticmethod
    def of(puzzle: Puzzle) -> StateSpace:
        """The ranked space of ``puzzle``'s rings (ValueError when it is too large)."""
        return state_space(puzzle.d, puzzle.n_rings)


def _perm_tables(n: int, tracked: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    # rings tracked..n-1 share the label ``tracked`` (tracked = n: every ring its own label),
    # so the rows are the distinct arrangements of the labels, in lexicographic order
    full = np.array(list(permutations(range(n))), dtype=np.int64).reshape(-1, n)
    perms = np.unique(np.minimum(full, tracked), axis=0)
    digits = n ** np.arange(n, dtype=np.int64)
    rank_of = np.full(n ** n, -1, dtype=np.int32)
    rank_of[perms @ digits] = np.arange(perms.shape[0], dtype=np.int32)
    shift = np.empty((n * n, perms.shape[0]), dtype=np.int32)
    for i in range(n):
        for j in range(n):
            # position i taken out and put back at position j of the new order
            order = [q for q in range(n) if q != i]
            order.insert(j, i)
            shift[i * n + j] = rank_of[perms[:, order] @ digits]
    return perms, rank_of, shift


def state_space(d: int, n: int, tracked: int | None = None) -> StateSpace:
    """The ranked space of n rings on Q^d (ValueError naming the limit it breaks); with
    ``tracked`` = t < n, the abstract space where rings 0..t-1 keep their colours and the
    others are alike: C(2^d, n) * n! / (n - t)! indices (a pattern database's space)."""
    t = n if tracked is None else tracked
    if not 1 <= t <= n:
        raise ValueError(f"tracked rings must lie in 1..{n}, got {t}")
    if not 1 <= d <= 6:
        raise ValueError(f"d must lie in 1..6, got {d}")
    if not 1 <= n <= min(MAX_RINGS, (1 << d) - 1):
        raise ValueError(f"rings must lie in 1..{min(MAX_RINGS, (1 << d) - 1)} for d={d}, "
                         f"got {n}")
    n_sets, n_perms = math.comb(1 << d, n), math.perm(n, t)
    if n_sets * n_perms > MAX_INDICES:
        raise ValueError(f"C(2^{d}, {n}) * {n_perms} = {n_sets * n_perms:,} configurations: "
                         f"more than the {MAX_INDICES:,} bytes a dense search may allocate")
    binom = np.array([[math.comb(v, j) for j in range(n + 2)] for v in range((1 << d) + 1)],
                     dtype=np.int64)
    perms, rank_of, shift = _perm_tables(n, t)
    return StateSpace(d, n, Space(binom, shift, rank_of, perms, n_sets, n_perms), t)


# ---------------------------------------------------------------- ranking kernels


@njit(cache=True)
def set_rank(occ: np.uint64, binom: np.ndarray) -> np.int64:
    """Colex rank of an occupancy mask among the masks with as many bits."""
    r = np.int64(0)
    j = 0
    v = 0
    while occ:
        if occ & np.uint64(1):
            j += 1
            r += binom[v, j]
        occ >>= np.uint64(1)
        v += 1
    return r


@njit(cache=True)
def set_unrank(r: np.int64, n: int, binom: np.ndarray, verts: np.ndarray) -> np.uint64:
    """Write the sorted vertices of the set of colex rank ``r`` into ``verts``; return its mask."""
    occ = np.uint64(0)
    v = binom.shape[0] - 1
    for j in range(n, 0, -1):
        v -= 1
        while binom[v, j] > r:
            v -= 1
        verts[j - 1] = v
        r -= binom[v, j]
        occ |= np.uint64(1) << np.uint64(v)
    return occ


def rank_config(ss: StateSpace, config) -> int:
    """The index of a configuration (tuple of ring vertices, ring order); in a space tracking
    t rings, of its abstraction (rings t..n-1 alike)."""
    cfg = [int(v) for v in config]
    if len(cfg) != ss.n or len(set(cfg)) != ss.n or not all(0 <= v < 1 << ss.d for v in cfg):
        raise ValueError(f"a configuration of {ss.n} rings on distinct vertices of Q^{ss.d} "
                         f"is expected, got {tuple(config)}")
    occ = sum(1 << v for v in cfg)
    label_at = [min(cfg.index(v), ss.tracked) for v in sorted(cfg)]  # alike rings: one label
    digits = sum(r * ss.n ** j for j, r in enumerate(label_at))
    perm = int(ss.space.perm_rank_table[digits])
    return int(set_rank(np.uint64(occ), ss.space.binom)) * ss.space.n_perms + perm


def unrank_config(ss: StateSpace, index: int) -> tuple[int, ...]:
    """The configuration (tuple of ring vertices) of an index (of a space that tracks every
    ring: an abstract index stands for many configurations)."""
    if ss.tracked != ss.n:
        raise ValueError(f"an index of a space tracking {ss.tracked} of {ss.n} rings is not one "
                         "configuration")
    if not 0 <= int(index) < ss.size:
        raise ValueError(f"index must lie in 0..{ss.size - 1}, got {index}")
    s, p = divmod(int(index), ss.space.n_perms)
    verts = np.empty(ss.n, dtype=np.int64)
    set_unrank(np.int64(s), ss.n, ss.space.binom, verts)
    out = [0] * ss.n
    for j, ring in enumerate(ss.space.perms[p]):
        out[int(ring)] = int(verts[j])
    return tuple(out)


# ---------------------------------------------------------------- the search


@njit(cache=True)
def _popcount(x: np.uint64) -> int:
    c = 0
    while x:
        x &= x - np.uint64(1)
        c += 1
    return c


@njit(cache=True)
def _set_moves(s, n, binom, faces, verts, out):
    """Moves of every ring on the set of rank ``s``: rows (child set's rank, shift column).
    Returns how many."""
    occ = set_unrank(np.int64(s), n, binom, verts)
    c = 0
    for i in range(n):
        v = verts[i]
        bit = np.uint64(1) << np.uint64(v)
        dest = destinations(v, occ, faces)
        while dest:
            low = dest & (~dest + np.uint64(1))
            dest ^= low
            occ2 = occ ^ bit ^ low
            out[c, 0] = set_rank(occ2, binom)
            out[c, 1] = i * n + _popcount(occ2 & (low - np.uint64(1)))
            c += 1
    return c


@njit(cache=True)
def _expand_set(s, level, dist, space, faces, scratch, next_active):
    """Write level + 1 on every unseen child of the set's frontier states; return how many
    frontier states the set held."""
    n_perms = space.n_perms
    verts, moves, front = scratch
    base = s * n_perms
    nf = 0
    for p in range(n_perms):
        if dist[base + p] == level:
            front[nf] = p
            nf += 1
    if nf == 0:
        return 0
    nm = _set_moves(s, verts.shape[0], space.binom, faces, verts, moves)
    for m in range(nm):
        child_base = moves[m, 0] * n_perms
        row = space.shift[moves[m, 1]]
        wrote = False
        for q in range(nf):
            c = child_base + row[front[q]]
            if dist[c] == UNSEEN:
                dist[c] = level + 1
                wrote = True
        if wrote:
            next_active[moves[m, 0]] = 1
    return nf


def _level_py(dist, level, space, faces, active, next_active):
    """One breadth-first level over the sets marked in ``active``; the number of states at
    distance ``level`` (the frontier expanded)."""
    n_sets = space.n_sets
    n = space.perms.shape[1]
    width = (n_sets + CHUNKS - 1) // CHUNKS
    total = 0
    for chunk in prange(CHUNKS):
        scratch = (np.empty(n, np.int64), np.empty((n * (1 << 6), 2), np.int64),
                   np.empty(space.n_perms, np.int64))
        got = 0
        for s in range(chunk * width, min((chunk + 1) * width, n_sets)):
            if active[s]:
                got += _expand_set(s, level, dist, space, faces, scratch, next_active)
        total += got
    return total


_level_parallel = njit(cache=True, parallel=True)(_level_py)
_level_serial = njit(cache=True)(_level_py)  # small spaces: threads would only wait
PARALLEL_FROM = 100_000  # occupied sets from which a level runs on numba's threads


@njit(cache=True, parallel=True)
def _fill(arr, value):
    for i in prange(arr.shape[0]):
        arr[i] = value


@njit(cache=True)
def _first_in(dist, level, sets, n_perms):
    """The least index at distance ``level`` in the blocks of the marked sets (-1: none)."""
    for s in range(sets.shape[0]):
        if sets[s]:
            for p in range(n_perms):
                if dist[s * n_perms + p] == level:
                    return s * n_perms + p
    return -1


@njit(cache=True, parallel=True)
def _reset(dist, sets, n_perms):
    """Write UNSEEN over the blocks of the marked sets (a search wrote nowhere else)."""
    for s in prange(sets.shape[0]):
        if sets[s]:
            for p in range(n_perms):
                dist[s * n_perms + p] = UNSEEN


class Workspace:
    """The byte per configuration of one state space, all UNSEEN between searches (each search
    resets the blocks it wrote), so many searches of one space allocate it once."""

    def __init__(self, ss: StateSpace) -> None:
        self.ss = ss
        self.dist = np.empty(ss.size, dtype=np.uint8)
        _fill(self.dist, np.uint8(UNSEEN))

    def clear(self, sets: np.ndarray) -> None:
        """Write UNSEEN over the blocks of the marked sets."""
        _reset(self.dist, sets, self.ss.space.n_perms)


@dataclass(frozen=True)
class DenseBFS:
    """Distances from one start over its whole component."""

    counts: tuple[int, ...]  # configurations at distance 0, 1, ...
    farthest: tuple[int, ...]  # the configuration of least index at the largest distance

    @property
    def eccentricity(self) -> int:
        """The largest distance from the start."""
        return len(self.counts) - 1

    @property
    def size(self) -> int:
        """Configurations reachable from the start (start included)."""
        return sum(self.counts)


def _walk(ws: Workspace, faces: np.ndarray, start: int) -> tuple[list[int], int, np.ndarray]:
    """(counts per distance, the least index at the largest distance, the sets whose blocks
    were written); ``ws.dist`` keeps the distances until :meth:`Workspace.clear`."""
    ss, dist = ws.ss, ws.dist
    active = np.zeros(ss.space.n_sets, dtype=np.uint8)
    next_active = np.zeros_like(active)
    touched = np.zeros_like(active)
    last = np.zeros_like(active)
    dist[start] = 0
    active[start // ss.space.n_perms] = 1
    counts: list[int] = []
    level_fn = _level_parallel if ss.space.n_sets >= PARALLEL_FROM else _level_serial
    try:
        for level in range(UNSEEN):
            touched |= active
            got = level_fn(dist, np.uint8(level), ss.space, faces, active, next_active)
            if got == 0:
                break
            counts.append(int(got))
            if level + 1 == UNSEEN:
                raise ValueError(f"distances beyond {UNSEEN - 1}: more than a byte holds")
            last[:] = active
            active, next_active = next_active, active
            next_active[:] = 0
    except BaseException:
        ws.clear(touched | active | next_active)
        raise
    far = _first_in(dist, np.uint8(len(counts) - 1), last, ss.space.n_perms)
    return counts, int(far), touched


def distance_table(ss: StateSpace, faces: np.ndarray, start: int) -> np.ndarray:
    """The distance (a byte; UNSEEN: not reached) of every index of ``ss`` from the index
    ``start``: a new array, one byte per index."""
    if not 0 <= start < ss.size:
        raise ValueError(f"start must lie in 0..{ss.size - 1}, got {start}")
    ws = Workspace(ss)
    _walk(ws, faces, start)
    return ws.dist


def _search(ws: Workspace, faces: np.ndarray, start: int) -> tuple[list[int], int]:
    """(counts per distance, the least index at the largest distance); leaves ``ws`` clean."""
    counts, far, touched = _walk(ws, faces, start)
    ws.clear(touched)
    return counts, far


def dense_distances(puzzle: Puzzle, start, workspace: Workspace | None = None) -> DenseBFS:
    """Distances from ``start`` to every configuration it reaches (see the module doc); pass a
    :class:`Workspace` of ``StateSpace.of(puzzle)`` to reuse its memory across searches."""
    start = validate_config(puzzle, start)
    ss = StateSpace.of(puzzle) if workspace is None else workspace.ss
    if (ss.d, ss.n) != (puzzle.d, puzzle.n_rings):
        raise ValueError(f"the workspace holds d={ss.d} with {ss.n} rings, the puzzle d="
                         f"{puzzle.d} with {puzzle.n_rings}")
    ws = Workspace(ss) if workspace is None else workspace
    counts, far = _search(ws, face_table(puzzle.d, puzzle.k), rank_config(ss, start))
    return DenseBFS(tuple(counts), unrank_config(ss, far))


@njit(cache=True)
def orbit_spans(dist, offsets, ranks, touched, n_perms):
    """For each orbit (its sets' ranks: ``ranks[offsets[o]:offsets[o + 1]]``), the least and
    the largest distance of its configurations the last search reached (UNSEEN, -1: none)."""
    m = offsets.shape[0] - 1
    lo = np.full(m, UNSEEN, dtype=np.int64)
    hi = np.full(m, -1, dtype=np.int64)
    for o in range(m):
        for j in range(offsets[o], offsets[o + 1]):
            s = ranks[j]
            if not touched[s]:
                continue
            for p in range(n_perms):
                x = dist[s * n_perms + p]
                if x != UNSEEN:
                    lo[o] = min(lo[o], x)
                    hi[o] = max(hi[o], x)
    return lo, hi


class Spans(NamedTuple):
    """One search's eccentricity, component size and per-orbit spans (:func:`orbit_spans`)."""

    eccentricity: int
    size: int  # configurations reached, the start included
    lo: np.ndarray
    hi: np.ndarray


def search_spans(ws: Workspace, faces: np.ndarray, start, orbits: tuple[np.ndarray, np.ndarray]
                 ) -> Spans:
    """A search from configuration ``start``: its eccentricity, size and :func:`orbit_spans` of
    ``orbits`` (offsets, set ranks); leaves ``ws`` clean."""
    counts, _, touched = _walk(ws, faces, rank_config(ws.ss, start))
    try:
        lo, hi = orbit_spans(ws.dist, orbits[0], orbits[1], touched, ws.ss.space.n_perms)
    finally:
        ws.clear(touched)
    return Spans(len(counts) - 1, sum(counts), lo, hi)


# ---------------------------------------------------------------- several sources per pass
#
# One bit per source in three bytes per configuration: ``seen`` (reached so far), ``front``
# (reached at the current level) and ``nxt`` (reached at the next one): up to 8 searches in one
# pass, each configuration's moves listed once per level for every source whose frontier holds
# it. The kernels run on one thread (``nxt[c] |= bits`` from two parents at once would lose a
# bit), each search's distances exactly those of :func:`search_spans`.

MAX_SOURCES = 8


@njit(cache=True)
def _expand_multi(s, seen, front, nxt, space, faces, scratch, next_active):
    """OR the frontier bits of the set's configurations into the unseen bits of their
    children; return how many of its configurations the frontier held."""
    n_perms = space.n_perms
    verts, moves, held = scratch
    base = s * n_perms
    nf = 0
    for p in range(n_perms):
        if front[base + p]:
            held[nf] = p
            nf += 1
    if nf == 0:
        return 0
    nm = _set_moves(s, verts.shape[0], space.binom, faces, verts, moves)
    for m in range(nm):
        child_base = moves[m, 0] * n_perms
        row = space.shift[moves[m, 1]]
        wrote = False
        for q in range(nf):
            p = held[q]
            c = child_base + row[p]
            new = front[base + p] & ~seen[c]
            if new:
                nxt[c] |= new
                wrote = True
        if wrote:
            next_active[moves[m, 0]] = 1
    return nf


@njit(cache=True)
def _multi_level(seen, front, nxt, space, faces, active, next_active):
    """One level of every source over the sets marked in ``active``."""
    n = space.perms.shape[1]
    scratch = (np.empty(n, np.int64), np.empty((n * (1 << 6), 2), np.int64),
               np.empty(space.n_perms, np.int64))
    total = 0
    for s in range(space.n_sets):
        if active[s]:
            total += _expand_multi(s, seen, front, nxt, space, faces, scratch, next_active)
    return total


@njit(cache=True)
def _absorb(seen, nxt, sets, orbit_of, level, spans, counts):
    """Mark the bits of ``nxt`` seen over the marked sets' blocks, count them per source and
    record ``level`` as each source's least (first) and largest (latest) distance into the
    orbit of every set it reached there (``spans[0]``, ``spans[1]``: orbit x source)."""
    n_perms = seen.shape[0] // sets.shape[0]
    n_src = counts.shape[0]
    for s in range(sets.shape[0]):
        if not sets[s]:
            continue
        base = s * n_perms
        acc = np.uint8(0)
        for p in range(n_perms):
            x = nxt[base + p]
            if x:
                seen[base + p] |= x
                acc |= x
                for b in range(n_src):
                    if (x >> b) & 1:
                        counts[b] += 1
        o = orbit_of[s]
        for b in range(n_src):
            if (acc >> b) & 1:
                if spans[0, o, b] == UNSEEN:
                    spans[0, o, b] = level
                spans[1, o, b] = level


@njit(cache=True)
def _zero_blocks(arr, sets, n_perms):
    """Write 0 over the blocks of the marked sets."""
    for s in range(sets.shape[0]):
        if sets[s]:
            for p in range(n_perms):
                arr[s * n_perms + p] = 0


def orbit_of_sets(n_sets: int, orbits: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The orbit index of every set rank (``orbits``: offsets, ranks of
    :func:`orbit_set_ranks`); ValueError unless each set lies in exactly one orbit."""
    offsets, ranks = orbits
    out = np.full(n_sets, -1, dtype=np.int64)
    for o in range(offsets.shape[0] - 1):
        out[ranks[offsets[o]:offsets[o + 1]]] = o
    if (out < 0).any() or offsets[-1] != n_sets:
        raise ValueError("the orbits do not partition the occupied sets")
    return out


def multi_search_spans(ss: StateSpace, faces: np.ndarray, starts: list,
                       orbits: tuple[np.ndarray, np.ndarray]) -> list[Spans]:
    """:func:`search_spans` of each of up to :data:`MAX_SOURCES` starts in one pass (three
    bytes per configuration of ``ss``, allocated for the pass): the same eccentricity, size
    and orbit spans as a search from each alone."""
    if not 1 <= len(starts) <= MAX_SOURCES:
        raise ValueError(f"a pass takes 1 to {MAX_SOURCES} starts, got {len(starts)}")
    n_sets, n_perms = ss.space.n_sets, ss.space.n_perms
    orbit_of = orbit_of_sets(n_sets, orbits)
    m = orbits[0].shape[0] - 1
    seen = np.zeros(ss.size, dtype=np.uint8)
    front, nxt = np.zeros_like(seen), np.zeros_like(seen)
    active, next_active = np.zeros(n_sets, np.uint8), np.zeros(n_sets, np.uint8)
    spans = np.empty((2, m, len(starts)), dtype=np.int64)
    spans[0], spans[1] = UNSEEN, -1
    counts = np.zeros(len(starts), dtype=np.int64)
    for b, start in enumerate(starts):
        i = rank_config(ss, start)
        nxt[i] |= np.uint8(1 << b)
        next_active[i // n_perms] = 1
    level = 0
    while True:
        _absorb(seen, nxt, next_active, orbit_of, level, spans, counts)
        _zero_blocks(front, active, n_perms)
        front, nxt = nxt, front
        active, next_active = next_active, active
        next_active[:] = 0
        _multi_level(seen, front, nxt, ss.space, faces, active, next_active)
        if not next_active.any():
            break
        level += 1
        if level == UNSEEN:
            raise ValueError(f"distances beyond {UNSEEN - 1}: more than a byte holds")
    return [Spans(int(spans[1, :, b].max()), int(counts[b]), spans[0, :, b].copy(),
                  spans[1, :, b].copy()) for b in range(len(starts))]


# ---------------------------------------------------------------- orbits of occupied sets


@njit(cache=True)
def _orbit_reps(group: np.ndarray, n: int, binom: np.ndarray, n_sets: int) -> np.ndarray:
    """Colex ranks of the least set of each orbit: walk the sets in rank order (the order of
    their masks); an unmarked set starts a new orbit, whose images under ``group`` get marked."""
    seen = np.zeros(n_sets, dtype=np.uint8)
    reps = np.empty(n_sets, dtype=np.int64)
    verts = np.empty(n, dtype=np.int64)
    count = 0
    for r in range(n_sets):
        if seen[r]:
            continue
        reps[count] = r
        count += 1
        set_unrank(np.int64(r), n, binom, verts)
        for g in range(group.shape[0]):
            img = np.uint64(0)
            for j in range(n):
                img |= np.uint64(1) << np.uint64(group[g, verts[j]])
            seen[set_rank(img, binom)] = 1
    return reps[:count]


def orbit_representatives(group: np.ndarray, n: int) -> list[tuple[int, ...]]:
    """One set of n vertices per orbit of ``group`` (rows: vertex maps of Q^d), the one of least
    bitmask, as sorted tuples in increasing order of that mask. Memory: a byte per set."""
    n_vertices = group.shape[1]
    if not 1 <= n <= n_vertices:
        raise ValueError(f"n must lie in 1..{n_vertices}, got {n}")
    n_sets = math.comb(n_vertices, n)
    if n_sets > MAX_INDICES:
        raise ValueError(f"C({n_vertices}, {n}) = {n_sets:,} sets: more than {MAX_INDICES:,} "
                         "bytes of marks")
    binom = np.array([[math.comb(v, j) for j in range(n + 2)] for v in range(n_vertices + 1)],
                     dtype=np.int64)
    verts = np.empty(n, dtype=np.int64)
    out = []
    for r in _orbit_reps(group.astype(np.int64), n, binom, n_sets):
        set_unrank(np.int64(r), n, binom, verts)
        out.append(tuple(int(v) for v in verts))
    return out


def orbit_set_ranks(group: np.ndarray, reps: list[tuple[int, ...]]
                    ) -> tuple[np.ndarray, np.ndarray]:
    """(offsets, ranks): the colex ranks of every set in each rep's orbit under ``group``."""
    n = len(reps[0])
    binom = np.array([[math.comb(v, j) for j in range(n + 2)]
                      for v in range(group.shape[1] + 1)], dtype=np.int64)
    offsets = [0]
    ranks: list[int] = []
    for rep in reps:
        images = group[:, list(rep)].astype(np.uint64)
        masks = np.unique(np.bitwise_or.reduce(np.left_shift(np.uint64(1), images), axis=1))
        ranks += [int(set_rank(np.uint64(m), binom)) for m in masks]
        offsets.append(len(ranks))
    return np.array(offsets, dtype=np.int64), np.array(ranks, dtype=np.int64)
