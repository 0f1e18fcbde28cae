"""The fast exact solver: depth-first search over slot bitsets that counts all linked completions.

At every node the piece with the fewest placements left is branched on (candidates are filtered
by slot bitsets as pieces go down), and ball/socket counting (the paper's Section 15) cuts
branches that must leave too many pegs empty or too many balls or sockets unmatched. A full
board is counted when its pieces form one linked group.
"""

from __future__ import annotations

import time
from concurrent.futures import Executor
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from puzzles.iqlink.board import FULL_PEGS, N_WORDS
from puzzles.iqlink.pieces import N_PIECES
from puzzles.iqlink.placements import UNLINKED, Challenge, Placement, check_solution, table


@njit(cache=True)
def popcount(x: int) -> int:
    """Number of set bits of a non-negative int64."""
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit(cache=True)
def connected(pegmasks: np.ndarray, n: int) -> bool:
    """Whether the first ``n`` peg masks form one group under 'share a peg'."""
    if n == 0:
        return True
    union = pegmasks[0]
    reached = 1
    changed = True
    while changed:
        changed = False
        for i in range(1, n):
            if not (reached >> i) & 1 and pegmasks[i] & union:
                reached |= 1 << i
                union |= pegmasks[i]
                changed = True
    return reached == (1 << n) - 1


@njit(cache=True)
def counting_dead(b: int, r: int, c: int, cand_balls: int, cand_rings: int, cand_pegs: int) -> bool:
    """Ball/socket counting: True when the placed pieces force an impossible final census.

    With all 12 pieces down, 24 pegs = 6 circles + matched pairs + unmatched balls (UB) +
    unmatched sockets (US) + empty pegs (E), and 16 balls, 14 sockets give US = UB - 2 and
    E = 4 - UB. Balls, sockets and pegs that no remaining candidate can reach stay unmatched or
    empty, which bounds UB from below and above.
    """
    ub = popcount(b & ~r & ~cand_rings)
    us = popcount(r & ~b & ~cand_balls)
    e = popcount(FULL_PEGS & ~(b | r | c) & ~cand_pegs)
    lo = ub if ub > us + 2 else us + 2
    return lo > 4 - e


@njit(cache=True)
def _census(d, lists, lens, piece, balls, rings, pegs):
    """Candidates per piece at depth d, and the union of their balls, rings and pegs."""
    cnt = np.zeros(N_PIECES, np.int64)
    cb = 0
    cr = 0
    cp = 0
    for i in range(lens[d]):
        c = lists[d, i]
        cnt[piece[c]] += 1
        cb |= balls[c]
        cr |= rings[c]
        cp |= pegs[c]
    return cnt, cb, cr, cp


@njit(cache=True)
def _expand(d, lists, lens, opts, nopts, pos, rem, bs, rs, cs, piece, balls, rings, pegs,
            use_counting, shuffle):
    """Choose the piece with the fewest candidates at depth d and list its options."""
    pos[d] = 0
    nopts[d] = 0
    cnt, cb, cr, cp = _census(d, lists, lens, piece, balls, rings, pegs)
    best = -1
    for p in range(N_PIECES):
        if (rem[d] >> p) & 1:
            if cnt[p] == 0:
                return
            if best < 0 or cnt[p] < cnt[best]:
                best = p
    if best < 0:
        return
    if use_counting and counting_dead(bs[d], rs[d], cs[d], cb, cr, cp):
        return
    k = 0
    for i in range(lens[d]):
        c = lists[d, i]
        if piece[c] == best:
            opts[d, k] = c
            k += 1
    if shuffle:
        for i in range(k - 1, 0, -1):
            j = np.random.randint(0, i + 1)
            t = opts[d, i]
            opts[d, i] = opts[d, j]
            opts[d, j] = t
    nopts[d] = k


@njit(cache=True)
def _descend(d, p, lists, lens, rem, bs, rs, cs, masks, piece, balls, rings, circles):
    """Place candidate ``p`` at depth ``d``: level d+1 keeps the candidates that still fit."""
    m0 = masks[p, 0]
    m1 = masks[p, 1]
    m2 = masks[p, 2]
    pc = piece[p]
    k = 0
    for i in range(lens[d]):
        c = lists[d, i]
        if piece[c] != pc and (masks[c, 0] & m0) == 0 and (masks[c, 1] & m1) == 0 \
                and (masks[c, 2] & m2) == 0:
            lists[d + 1, k] = c
            k += 1
    lens[d + 1] = k
    rem[d + 1] = rem[d] & ~(1 << pc)
    bs[d + 1] = bs[d] | balls[p]
    rs[d + 1] = rs[d] | rings[p]
    cs[d + 1] = cs[d] | circles[p]


@njit(cache=True)
def count_kernel(cand0, piece, masks, pegs, balls, rings, circles, occ0, b0, r0, c0,
                 given_pegs, rem0, n_missing, limit, linked_only, seed, use_counting, node_limit,
                 sols):
    """Count completions that fit and those that are linked; returns (linked, fits, nodes,
    aborted) and stores the first linked ones (``linked_only``) or the first fitting ones.

    ``cand0``: ids of candidate placements (compatible with the givens); ``rem0``: bit mask of
    pieces to place; ``limit`` > 0 stops after that many linked completions (``linked_only``)
    or that many fitting ones; ``seed`` >= 0 shuffles the options at every node (random first
    solutions); ``node_limit`` > 0 gives up after that many nodes. Ball/socket counting holds
    for every full board, linked or not, so it prunes both counts soundly.
    """
    if seed >= 0:
        np.random.seed(seed)
    n0 = cand0.shape[0]
    ng = given_pegs.shape[0]
    pm = np.empty(ng + n_missing, np.int64)
    pm[:ng] = given_pegs
    if n_missing == 0:
        return (1 if connected(pm, ng) else 0), 1, 0, False
    dd = n_missing + 1
    lists = np.empty((dd, max(n0, 1)), np.int64)
    opts = np.empty((dd, max(n0, 1)), np.int64)
    lens = np.zeros(dd, np.int64)
    nopts = np.zeros(dd, np.int64)
    pos = np.zeros(dd, np.int64)
    rem = np.zeros(dd, np.int64)
    occ = np.zeros((dd, N_WORDS), np.uint64)
    bs = np.zeros(dd, np.int64)
    rs = np.zeros(dd, np.int64)
    cs = np.zeros(dd, np.int64)
    chosen = np.empty(dd, np.int64)
    lists[0, :n0] = cand0
    lens[0] = n0
    rem[0] = rem0
    occ[0] = occ0
    bs[0] = b0
    rs[0] = r0
    cs[0] = c0
    shuffle = seed >= 0
    _expand(0, lists, lens, opts, nopts, pos, rem, bs, rs, cs, piece, balls, rings, pegs,
            use_counting, shuffle)
    count = 0
    fits = 0
    nodes = 0
    aborted = False
    d = 0
    while True:
        if pos[d] < nopts[d]:
            p = opts[d, pos[d]]
            pos[d] += 1
            nodes += 1
            chosen[d] = p
            if d + 1 == n_missing:
                for i in range(n_missing):
                    pm[ng + i] = pegs[chosen[i]]
                if not linked_only and fits < sols.shape[0]:
                    sols[fits, :n_missing] = chosen[:n_missing]
                fits += 1
                if connected(pm, ng + n_missing):
                    if linked_only and count < sols.shape[0]:
                        sols[count, :n_missing] = chosen[:n_missing]
                    count += 1
                if limit > 0 and (count if linked_only else fits) >= limit:
                    break
                continue
            if node_limit > 0 and nodes >= node_limit:
                aborted = True
                break
            _descend(d, p, lists, lens, rem, bs, rs, cs, masks, piece, balls, rings, circles)
            d += 1
            _expand(d, lists, lens, opts, nopts, pos, rem, bs, rs, cs, piece, balls, rings,
                    pegs, use_counting, shuffle)
        else:
            if d == 0:
                break
            d -= 1
    return count, fits, nodes, aborted


@dataclass
class Position:
    """Arrays describing a challenge's start for the kernels: occupancy and candidate placements."""

    occ: np.ndarray
    balls: int
    rings: int
    circles: int
    given_pegs: np.ndarray
    missing: list[int]
    candidates: np.ndarray  # ids of placements of missing pieces that fit beside the givens


def position(ch: Challenge, placed: list[int] | tuple[int, ...] = ()) -> Position:
    """The start of a search: the givens plus any extra placement ids already down."""
    t = table()
    ids = ch.given_ids + list(placed)
    occ = np.zeros(N_WORDS, dtype=np.uint64)
    b = r = c = 0
    for i in ids:
        if np.any(occ & t.masks[i]):
            raise ValueError(f"placement {t.placements[i].to_json()} collides")
        occ |= t.masks[i]
        b |= int(t.balls[i])
        r |= int(t.rings[i])
        c |= int(t.circles[i])
    done = {int(t.piece[i]) for i in ids}
    missing = [p for p in range(N_PIECES) if p not in done]
    fits = ~np.any(t.masks & occ, axis=1) & np.isin(t.piece, missing)
    return Position(occ, b, r, c, np.array([t.pegs[i] for i in ids], dtype=np.int64),
                    missing, np.flatnonzero(fits).astype(np.int64))


@dataclass
class SearchResult:
    """Outcome of a search: linked completions (``count``), completions that fit (``fits``,
    linked or not), nodes visited, stored solutions (placement ids; linked ones, or every
    fitting one when the search was not ``linked_only``)."""

    count: int
    nodes: int
    aborted: bool
    seconds: float
    solutions: list[list[int]] = field(default_factory=list)
    fits: int = 0

    def placements(self, k: int = 0) -> list[Placement]:
        """The k-th stored solution (missing pieces only) as Placements."""
        t = table()
        return [t.placements[i] for i in self.solutions[k]]


def count_solutions(ch: Challenge, limit: int = 0, store: int = 4, counting: bool = True,
                    seed: int = -1, node_limit: int = 0, linked_only: bool = True
                    ) -> SearchResult:
    """Count the completions of ``ch`` that fit and those that are linked, in one search; store
    up to ``store`` linked ones (``linked_only``) or fitting ones (``linked_only=False``).

    ``limit`` > 0 stops the search after that many linked completions (``linked_only``) or
    that many fitting ones (``linked_only=False``); the other count is then a lower bound.
    Every stored solution is replayed piece by piece by the model before it is returned.
    """
    for name, v in (("limit", limit), ("store", store), ("node_limit", node_limit)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"{name} must be a non-negative int, got {v!r}")
    if not isinstance(linked_only, bool):
        raise ValueError(f"linked_only must be a bool, got {linked_only!r}")
    t = table()
    pos = position(ch)
    n = len(pos.missing)
    sols = np.zeros((store, max(n, 1)), dtype=np.int64)
    rem = 0
    for p in pos.missing:
        rem |= 1 << p
    start = time.perf_counter()
    count, fits, nodes, aborted = count_kernel(
        pos.candidates, t.piece, t.masks, t.pegs, t.balls, t.rings, t.circles, pos.occ,
        pos.balls, pos.rings, pos.circles, pos.given_pegs, rem, n, limit, linked_only, seed,
        counting, node_limit, sols)
    seconds = time.perf_counter() - start
    stored = [[int(x) for x in sols[k, :n]] for k in range(min(count if linked_only else fits,
                                                                store))]
    for s in stored:
        problems = check_solution(ch, [t.placements[i] for i in s])
        if not linked_only:
            problems = [p for p in problems if p != UNLINKED]
        if problems:  # a solver bug, never a property of the challenge
            raise RuntimeError(f"solver returned an invalid solution: {problems}")
    return SearchResult(int(count), int(nodes), bool(aborted), seconds, stored, int(fits))


def solve(ch: Challenge) -> list[Placement]:
    """All 12 placements of the challenge's solution; ValueError unless there is exactly one."""
    res = count_solutions(ch, limit=2, store=1)
    if res.count != 1:
        raise ValueError(f"challenge has {res.count if res.count < 2 else '2 or more'} "
                         f"linked solutions, not exactly one")
    return sorted(list(ch.given) + res.placements(0))


def random_solution(seed: int) -> list[Placement]:
    """A random full linked solution on the empty board (seeded, reproducible)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 32:
        raise ValueError(f"seed must be an int in [0, 2**32), got {seed!r}")
    res = count_solutions(Challenge(()), limit=1, store=1, seed=seed)
    return sorted(res.placements(0))


@njit(cache=True)
def _expand_paper(d, lists, lens, opts, nopts, pos, rem, bs, rs, cs, struct, piece, balls,
                  rings, pegs, use_counting, linkable, transition, lookahead, n_link, n_legal):
    """Options at depth d of the paper's search: linked moves of any piece, or (exhaustive
    mode, or without linkability) every placement of the next piece in the fixed order."""
    pos[d] = 0
    nopts[d] = 0
    n_link[d] = -1
    n_legal[d] = lens[d]
    cnt, cb, cr, cp = _census(d, lists, lens, piece, balls, rings, pegs)
    nrem = 0
    first = -1
    for p in range(N_PIECES):
        if (rem[d] >> p) & 1:
            nrem += 1
            if first < 0:
                first = p
            if lookahead and cnt[p] == 0:
                return
    if first < 0:
        return
    if use_counting and counting_dead(bs[d], rs[d], cs[d], cb, cr, cp):
        return
    k = 0
    if linkable and nrem > transition and struct[d] != 0:
        for i in range(lens[d]):
            c = lists[d, i]
            if pegs[c] & struct[d]:
                opts[d, k] = c
                k += 1
        n_link[d] = k
    else:
        for i in range(lens[d]):
            c = lists[d, i]
            if piece[c] == first:
                opts[d, k] = c
                k += 1
    nopts[d] = k


@njit(cache=True)
def paper_kernel(cand0, piece, masks, pegs, balls, rings, circles, occ0, b0, r0, c0,
                 given_pegs, rem0, n_missing, linkable, transition, use_counting, lookahead,
                 node_limit, solution, path, trace):
    """The paper's solver (Sections 12-15): depth-first, candidates in heat-sorted order, each
    move linked to the pieces down while more than ``transition`` pieces remain, then
    exhaustive. Stops at the first linked solution; returns (found, nodes, aborted) and fills
    ``solution`` and ``path`` (linked / legal options at each linked step of the solution).
    The first ``len(trace)`` moves are logged in ``trace`` as (depth, placement id)."""
    n0 = cand0.shape[0]
    ng = given_pegs.shape[0]
    pm = np.empty(ng + n_missing, np.int64)
    pm[:ng] = given_pegs
    if n_missing == 0:
        return connected(pm, ng), 0, False
    dd = n_missing + 1
    lists = np.empty((dd, max(n0, 1)), np.int64)
    opts = np.empty((dd, max(n0, 1)), np.int64)
    lens = np.zeros(dd, np.int64)
    nopts = np.zeros(dd, np.int64)
    pos = np.zeros(dd, np.int64)
    rem = np.zeros(dd, np.int64)
    bs = np.zeros(dd, np.int64)
    rs = np.zeros(dd, np.int64)
    cs = np.zeros(dd, np.int64)
    struct = np.zeros(dd, np.int64)
    n_link = np.zeros(dd, np.int64)
    n_legal = np.zeros(dd, np.int64)
    chosen = np.empty(dd, np.int64)
    lists[0, :n0] = cand0
    lens[0] = n0
    rem[0] = rem0
    bs[0] = b0
    rs[0] = r0
    cs[0] = c0
    for g in range(ng):
        struct[0] |= given_pegs[g]
    _expand_paper(0, lists, lens, opts, nopts, pos, rem, bs, rs, cs, struct, piece, balls,
                  rings, pegs, use_counting, linkable, transition, lookahead, n_link, n_legal)
    nodes = 0
    d = 0
    while True:
        if pos[d] < nopts[d]:
            p = opts[d, pos[d]]
            pos[d] += 1
            nodes += 1
            if nodes <= trace.shape[0]:
                trace[nodes - 1, 0] = d
                trace[nodes - 1, 1] = p
            chosen[d] = p
            if d + 1 == n_missing:
                for i in range(n_missing):
                    pm[ng + i] = pegs[chosen[i]]
                if connected(pm, ng + n_missing):
                    solution[:n_missing] = chosen[:n_missing]
                    for i in range(n_missing):
                        path[i, 0] = n_link[i]
                        path[i, 1] = n_legal[i]
                    return True, nodes, False
                continue
            if node_limit > 0 and nodes >= node_limit:
                return False, nodes, True
            _descend(d, p, lists, lens, rem, bs, rs, cs, masks, piece, balls, rings, circles)
            struct[d + 1] = struct[d] | pegs[p]
            d += 1
            _expand_paper(d, lists, lens, opts, nopts, pos, rem, bs, rs, cs, struct, piece,
                          balls, rings, pegs, use_counting, linkable, transition, lookahead,
                          n_link, n_legal)
        else:
            if d == 0:
                break
            d -= 1
    return False, nodes, False


@dataclass
class PaperSearchResult:
    """Outcome of the paper's solver: found, nodes, time, the solution and branch ratios."""

    found: bool
    nodes: int
    aborted: bool
    seconds: float
    solution: list[int]
    ratios: list[tuple[int, int]]  # (linked options, legal options) at each linked step
    trace: list[tuple[int, int]] = field(default_factory=list)  # first moves: (depth, id)


def paper_search(ch: Challenge, order: list[int] | np.ndarray, linkable: bool = True,
                 transition: int = 3, counting: bool = False, lookahead: bool = True,
                 node_limit: int = 0, trace: int = 0) -> PaperSearchResult:
    """Run the paper's solver with candidates tried in ``order`` (placement ids, e.g. the
    heat-sorted cleaned-up candidates; ids that do not fit beside the givens are refused).

    ``linkable``: restrict moves to placements linked to the pieces down (Section 13) while more
    than ``transition`` pieces remain (Section 14); ``counting``: ball/socket counting
    (Section 15); ``lookahead``: backtrack as soon as a remaining piece has no placement left
    (forward checking, not in the paper); ``node_limit`` > 0 gives up (``aborted``) after that
    many nodes; ``trace`` > 0 logs the first ``trace`` moves as (depth, placement id), so the
    search can be replayed step by step, backtracking included.
    """
    if isinstance(transition, bool) or not isinstance(transition, int) or transition < 0:
        raise ValueError(f"transition must be a non-negative int, got {transition!r}")
    for name, v in (("node_limit", node_limit), ("trace", trace)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"{name} must be a non-negative int, got {v!r}")
    t = table()
    pos = position(ch)
    order = np.asarray(order, dtype=np.int64)
    bad = np.setdiff1d(order, pos.candidates)
    if len(bad):
        raise ValueError(f"order holds {len(bad)} placements that do not fit beside the givens")
    n = len(pos.missing)
    rem = 0
    for p in pos.missing:
        rem |= 1 << p
    sol = np.zeros(max(n, 1), dtype=np.int64)
    path = np.zeros((max(n, 1), 2), dtype=np.int64)
    log = np.zeros((trace, 2), dtype=np.int64)
    start = time.perf_counter()
    found, nodes, aborted = paper_kernel(
        order, t.piece, t.masks, t.pegs, t.balls, t.rings, t.circles, pos.occ, pos.balls,
        pos.rings, pos.circles, pos.given_pegs, rem, n, linkable, transition, counting,
        lookahead, node_limit, sol, path, log)
    seconds = time.perf_counter() - start
    solution = [int(x) for x in sol[:n]] if found else []
    if found:
        problems = check_solution(ch, [t.placements[i] for i in solution])
        if problems:
            raise RuntimeError(f"paper search returned an invalid solution: {problems}")
    ratios = [(int(a), int(b)) for a, b in path[:n] if a >= 0] if found else []
    moves = [(int(a), int(b)) for a, b in log[:min(int(nodes), trace)]]
    return PaperSearchResult(bool(found), int(nodes), bool(aborted), seconds, solution, ratios,
                             moves)


def count_with_first_piece(task: tuple[int, int]) -> tuple[int, int, int]:
    """(placement id, solutions, nodes) of the empty board with placement ``task[0]`` put down
    first (``task[1]`` is a node limit, 0 for none): one slice of the empty-board count."""
    i, node_limit = task
    res = count_solutions(Challenge((table().placements[i],)), store=0, node_limit=node_limit)
    if res.aborted:
        raise ValueError(f"node limit reached on placement {i}")
    return i, res.count, res.nodes


def count_empty_board(workers: int | None = None, progress: bool = True,
                      executor: Executor | None = None) -> tuple[int, int]:
    """All linked solutions of the empty board, split by light purple's 72 placements:
    (solutions, nodes). Slow: about 25 core-minutes."""
    from puzzles.core import run_tasks

    ids = [int(i) for i in np.flatnonzero(table().piece == 0)]
    rows = run_tasks(count_with_first_piece, [(i, 0) for i in ids], workers=workers,
                     executor=executor,
                     progress=progress, desc="empty board")
    return sum(r[1] for r in rows), sum(r[2] for r in rows)


def count_slice(i: int) -> tuple[int, int, int, int]:
    """(placement id, linked solutions, fitting solutions, nodes) of the empty board with
    placement ``i`` put down first: one slice of the empty-board counts."""
    res = count_solutions(Challenge((table().placements[i],)), store=0, linked_only=False)
    return i, res.count, res.fits, res.nodes


def recount_empty_board(workers: int | None = 1, checks: int = 4, progress: bool = True
                        , executor: Executor | None = None) -> list[dict]:
    """Count the empty board's linked and fitting solutions slice by slice over the 72
    placements of light purple, using the board's 180-degree symmetry: one slice of each
    turned pair is counted and its twin copies it, except ``checks`` pairs that are counted
    both ways to check the symmetry. One dict per slice (placement, twin, linked, fits,
    nodes, counted)."""
    from puzzles.core import run_tasks
    from puzzles.iqlink.placements import turn_board

    t = table()
    ids = [int(i) for i in np.flatnonzero(t.piece == 0)]
    twin = {i: t.id_of(turn_board(t.placements[i])) for i in ids}
    reps = [i for i in ids if i <= twin[i]]
    extra = [twin[i] for i in reps if twin[i] != i][:checks]
    rows = run_tasks(count_slice, reps + extra, workers=workers,
                     executor=executor, progress=progress,
                     desc="empty board slices")
    done = {r[0]: r for r in rows}
    out = []
    for i in ids:
        src = done[i] if i in done else done[twin[i]]
        out.append({"placement": i, "twin": twin[i], "linked": src[1], "fits": src[2],
                    "nodes": src[3], "counted": i in done})
    return out
