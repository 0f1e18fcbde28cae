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
from functools import lru_cache
from typing import NamedTuple

import numpy as np
from numba import njit

from puzzles.core import run_tasks
from puzzles.iqlink.board import FULL_PEGS, N_WORDS
from puzzles.iqlink.pieces import N_PIECES
from puzzles.iqlink.placements import (
    UNLINKED,
    Challenge,
    Placement,
    check_solution,
    table,
    turn_board,
)


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


class Arrays(NamedTuple):
    """The placement table as the kernels read it (index = placement id)."""

    piece: np.ndarray  # int64: the piece of each placement
    masks: np.ndarray  # uint64 (n, 3): slot bitsets
    pegs: np.ndarray  # int64: 24-bit mask of the pegs it stands on
    balls: np.ndarray  # int64: pegs under one of its balls
    rings: np.ndarray  # int64: pegs under one of its open rings
    circles: np.ndarray  # int64: pegs under its closed circle


class Start(NamedTuple):
    """Where a search starts: the candidate placements in the order tried, and the givens."""

    candidates: np.ndarray  # int64 placement ids that fit beside the givens
    balls: int  # the givens' balls, rings and circles (peg masks)
    rings: int
    circles: int
    given_pegs: np.ndarray  # int64: each given piece's peg mask
    missing: int  # bit mask of the pieces to place
    n_missing: int


class Stack(NamedTuple):
    """A depth-first search's state, one row per depth (row d: after d placements)."""

    lists: np.ndarray  # (depth, n): the candidates that still fit
    opts: np.ndarray  # (depth, n): the options branched on
    at: np.ndarray  # (depth, slots): the named scalars of each depth (LEN, NOPTS, ...)
    group: np.ndarray  # the givens' peg masks, then the chosen placements' (a full board)


# Slots of Stack.at, per depth: candidates left, options, the next option to try, pieces left
# (bit mask), the pieces down's balls, rings and circles (peg masks), the placement chosen;
# for the paper's search: the pegs of the pieces down, whether the options were the linked
# moves (1) and how many there were, and how many candidates (legal options) there were.
LEN, NOPTS, POS, REM, BALLS, RINGS, CIRCLES, CHOSEN, STRUCT, LINKED, N_LINK, N_LEGAL = range(12)
SLOTS = 12


class CountRules(NamedTuple):
    """What the exact search counts and when it stops."""

    limit: int  # stop after this many completions (linked ones if linked_only, else fitting)
    linked_only: bool  # store (and stop on) linked completions, else fitting ones
    counting: bool  # ball/socket counting prunes
    shuffle: bool  # options in random order, from ``seed`` (random first solutions)
    seed: int
    node_limit: int  # give up after this many nodes


class PaperRules(NamedTuple):
    """The paper's solver's switches (Sections 13-15)."""

    linkable: bool  # moves linked to the pieces down while more than ``transition`` remain
    transition: int
    counting: bool  # ball/socket counting
    lookahead: bool  # backtrack as soon as a piece left has no candidate (not in the paper)
    node_limit: int  # give up after this many nodes


class PaperOut(NamedTuple):
    """What the paper's solver fills in: its solution, the options along its path, its log."""

    solution: np.ndarray  # placement ids, one per missing piece
    path: np.ndarray  # (n, 2): linked and legal options at each depth of the solution
    linked: np.ndarray  # bool (n,): whether that depth's options were the linked moves
    trace: np.ndarray  # (moves, 2): the first moves as (depth, placement id)
    work: np.ndarray  # int64 (5,): the tests by kind (see WORK_TESTS)


#: What the paper's solver counts besides nodes, one unit each (a **test**: one placement's
#: bitset tested against one condition or merged into one): ``fit`` the candidates each node
#: tests against the placement just put down; ``scan`` the candidates looked at to list a
#: node's options (and to count each piece's candidates under lookahead); ``link`` the
#: candidates tested against the pieces down by the linkability rule; the ball/socket check's
#: work is ``count``, each candidate's balls, rings and pegs merged into the census, and
#: ``checks``, the census tested (one per node checked). Seed-free counts, so the check's cost
#: is no wall time.
WORK_TESTS = ("fit", "scan", "link", "count", "checks")
FIT, SCAN, LINK, COUNT, CHECKS = range(5)

NO_LIMIT = 2 ** 62  # a node or completion count no search here reaches: "no limit"


@njit(cache=True)
def new_stack(start: Start) -> Stack:
    """The stack of a search from ``start``, its row 0 filled."""
    n0 = start.candidates.shape[0]
    ng = start.given_pegs.shape[0]
    dd = start.n_missing + 1
    st = Stack(np.empty((dd, max(n0, 1)), np.int64), np.empty((dd, max(n0, 1)), np.int64),
               np.zeros((dd, SLOTS), np.int64), np.empty(ng + start.n_missing, np.int64))
    st.lists[0, :n0] = start.candidates
    st.at[0, LEN] = n0
    st.at[0, REM] = start.missing
    st.at[0, BALLS] = start.balls
    st.at[0, RINGS] = start.rings
    st.at[0, CIRCLES] = start.circles
    st.group[:ng] = start.given_pegs
    return st


@njit(cache=True)
def _census(d, st, arrays):
    """Candidates per piece at depth d, and the union of their balls, rings and pegs."""
    lists, piece, balls, rings, pegs = st.lists, arrays.piece, arrays.balls, arrays.rings, \
        arrays.pegs
    cnt = np.zeros(N_PIECES, np.int64)
    cb = 0
    cr = 0
    cp = 0
    for i in range(st.at[d, LEN]):
        c = lists[d, i]
        cnt[piece[c]] += 1
        cb |= balls[c]
        cr |= rings[c]
        cp |= pegs[c]
    return cnt, cb, cr, cp


@njit(cache=True)
def _starved(cnt, rem):
    """Whether a piece left (bit mask ``rem``) has no candidate."""
    for p in range(N_PIECES):
        if (rem >> p) & 1 and cnt[p] == 0:
            return True
    return False


@njit(cache=True)
def _fewest(cnt, rem):
    """The piece left with the fewest candidates (the lowest of equals); ``rem`` is not 0."""
    best = -1
    for p in range(N_PIECES):
        if (rem >> p) & 1:
            if best < 0 or cnt[p] < cnt[best]:
                best = p
    return best


@njit(cache=True)
def _lowest(rem):
    """The lowest piece left (bit mask ``rem``, not 0): the paper's fixed order."""
    p = 0
    while not (rem >> p) & 1:
        p += 1
    return p


@njit(cache=True)
def _options_of(d, st, piece, which):
    """List the candidates of piece ``which`` at depth d as the options; return how many."""
    lists, opts = st.lists, st.opts
    k = 0
    for i in range(st.at[d, LEN]):
        c = lists[d, i]
        if piece[c] == which:
            opts[d, k] = c
            k += 1
    return k


@njit(cache=True)
def _shuffle(row, k):
    """Shuffle the first ``k`` entries of ``row`` in place (Fisher-Yates, numpy's stream)."""
    for i in range(k - 1, 0, -1):
        j = np.random.randint(0, i + 1)
        t = row[i]
        row[i] = row[j]
        row[j] = t


@njit(cache=True)
def _dead(d, st, cb, cr, cp):
    """Ball/socket counting at depth d, given the candidates' balls, rings and pegs."""
    return counting_dead(st.at[d, BALLS], st.at[d, RINGS], st.at[d, CIRCLES], cb, cr, cp)


@njit(cache=True)
def _expand(d, st, arrays, rules):
    """Choose the piece with the fewest candidates at depth d and list its options."""
    st.at[d, POS] = 0
    st.at[d, NOPTS] = 0
    cnt, cb, cr, cp = _census(d, st, arrays)
    if st.at[d, REM] == 0 or _starved(cnt, st.at[d, REM]):
        return
    if rules.counting and _dead(d, st, cb, cr, cp):
        return
    k = _options_of(d, st, arrays.piece, _fewest(cnt, st.at[d, REM]))
    if rules.shuffle:
        _shuffle(st.opts[d], k)
    st.at[d, NOPTS] = k


@njit(cache=True)
def _descend(d, p, st, arrays):
    """Place candidate ``p`` at depth ``d``: level d+1 keeps the candidates that still fit."""
    masks, piece, lists = arrays.masks, arrays.piece, st.lists
    m0 = masks[p, 0]
    m1 = masks[p, 1]
    m2 = masks[p, 2]
    pc = piece[p]
    k = 0
    for i in range(st.at[d, LEN]):
        c = lists[d, i]
        if piece[c] != pc and (masks[c, 0] & m0) == 0 and (masks[c, 1] & m1) == 0 \
                and (masks[c, 2] & m2) == 0:
            lists[d + 1, k] = c
            k += 1
    st.at[d + 1, LEN] = k
    st.at[d + 1, REM] = st.at[d, REM] & ~(1 << pc)
    st.at[d + 1, BALLS] = st.at[d, BALLS] | arrays.balls[p]
    st.at[d + 1, RINGS] = st.at[d, RINGS] | arrays.rings[p]
    st.at[d + 1, CIRCLES] = st.at[d, CIRCLES] | arrays.circles[p]


@njit(cache=True)
def _full_board_linked(st, start, pegs):
    """Whether the givens and the chosen placements (a full board) form one linked group."""
    ng, n = start.given_pegs.shape[0], start.n_missing
    for i in range(n):
        st.group[ng + i] = pegs[st.at[i, CHOSEN]]
    return connected(st.group, ng + n)


@njit(cache=True)
def _count_leaf(st, start, arrays, rules, sols, linked, fits):
    """Count a full board as fitting, and as linked when it is one group, storing the first
    ones; returns the counts (linked, fits)."""
    n = start.n_missing
    if not rules.linked_only and fits < sols.shape[0]:
        sols[fits, :n] = st.at[:n, CHOSEN]
    fits += 1
    if _full_board_linked(st, start, arrays.pegs):
        if rules.linked_only and linked < sols.shape[0]:
            sols[linked, :n] = st.at[:n, CHOSEN]
        linked += 1
    return linked, fits


@njit(cache=True)
def count_kernel(arrays, start, rules, sols):
    """Count completions that fit and those that are linked; returns (linked, fits, nodes,
    aborted) and stores the first linked ones (``rules.linked_only``) or the first fitting
    ones in ``sols``. Ball/socket counting holds for every full board, linked or not, so it
    prunes both counts soundly.
    """
    if rules.shuffle:
        np.random.seed(rules.seed)
    n = start.n_missing
    if n == 0:
        return (1 if connected(start.given_pegs, start.given_pegs.shape[0]) else 0), 1, 0, False
    st = new_stack(start)
    _expand(0, st, arrays, rules)
    linked = fits = nodes = d = 0
    while True:
        if st.at[d, POS] >= st.at[d, NOPTS]:
            if d == 0:
                break
            d -= 1
            continue
        p = st.opts[d, st.at[d, POS]]
        st.at[d, POS] += 1
        nodes += 1
        st.at[d, CHOSEN] = p
        if d + 1 == n:
            linked, fits = _count_leaf(st, start, arrays, rules, sols, linked, fits)
            if (linked if rules.linked_only else fits) >= rules.limit:
                break
            continue
        if nodes >= rules.node_limit:
            return linked, fits, nodes, True
        _descend(d, p, st, arrays)
        d += 1
        _expand(d, st, arrays, rules)
    return linked, fits, nodes, False


@lru_cache(maxsize=1)
def kernel_arrays() -> Arrays:
    """The placement table's arrays for the kernels."""
    t = table()
    return Arrays(t.piece, t.masks, t.pegs, t.balls, t.rings, t.circles)


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


def start_of(pos: Position, candidates: np.ndarray) -> Start:
    """The kernels' start from a position, trying ``candidates`` in order."""
    rem = 0
    for p in pos.missing:
        rem |= 1 << p
    return Start(candidates, pos.balls, pos.rings, pos.circles, pos.given_pegs, rem,
                 len(pos.missing))


def _limit(n: int) -> int:
    """A search's limit: ``n``, or no limit for 0."""
    return n if n > 0 else NO_LIMIT


def count_solutions(ch: Challenge, limit: int = 0, store: int = 4, counting: bool = True,
                    seed: int | None = None, node_limit: int = 0, linked_only: bool = True
                    ) -> SearchResult:
    """Count the completions of ``ch`` that fit and those that are linked, in one search; store
    up to ``store`` linked ones (``linked_only``) or fitting ones (``linked_only=False``).

    ``limit`` > 0 stops the search after that many linked completions (``linked_only``) or
    that many fitting ones (``linked_only=False``); the other count is then a lower bound.
    ``seed`` shuffles the options at every node (random first solutions); ``node_limit`` > 0
    gives up after that many nodes. Every stored solution is replayed piece by piece by the
    model before it is returned.
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
    rules = CountRules(_limit(limit), linked_only, bool(counting), seed is not None,
                       0 if seed is None else int(seed), _limit(node_limit))
    start = time.perf_counter()
    count, fits, nodes, aborted = count_kernel(kernel_arrays(), start_of(pos, pos.candidates),
                                               rules, sols)
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
def _linked_options(d, st, pegs, struct):
    """List the candidates at depth d that share a peg with ``struct`` as the options."""
    lists, opts = st.lists, st.opts
    k = 0
    for i in range(st.at[d, LEN]):
        c = lists[d, i]
        if pegs[c] & struct:
            opts[d, k] = c
            k += 1
    return k


@njit(cache=True)
def _expand_paper(d, st, arrays, rules):
    """Options at depth d of the paper's search: linked moves of any piece, or (exhaustive
    mode, or without linkability) every placement of the next piece in the fixed order.
    Returns the scan, link, count and checks tests it made (see WORK_TESTS)."""
    st.at[d, POS] = 0
    st.at[d, NOPTS] = 0
    st.at[d, LINKED] = 0
    n = st.at[d, LEN]
    st.at[d, N_LEGAL] = n
    cnt, cb, cr, cp = _census(d, st, arrays)
    if st.at[d, REM] == 0:
        return 0, 0, 0, 0
    scan = 0
    count = 0
    if rules.lookahead:
        scan += n
        if _starved(cnt, st.at[d, REM]):
            return scan, 0, 0, 0
    if rules.counting:
        count += n
        if _dead(d, st, cb, cr, cp):
            return scan, 0, count, 1
    nrem = popcount(st.at[d, REM])
    scan += n
    link = 0
    if rules.linkable and nrem > rules.transition and st.at[d, STRUCT] != 0:
        link = n
        k = _linked_options(d, st, arrays.pegs, st.at[d, STRUCT])
        st.at[d, LINKED] = 1
        st.at[d, N_LINK] = k
    else:
        k = _options_of(d, st, arrays.piece, _lowest(st.at[d, REM]))
    st.at[d, NOPTS] = k
    return scan, link, count, 1 if rules.counting else 0


@njit(cache=True)
def _log(trace, nodes, d, p):
    """Log move number ``nodes`` (depth, placement) while the trace has room."""
    if nodes <= trace.shape[0]:
        trace[nodes - 1, 0] = d
        trace[nodes - 1, 1] = p


@njit(cache=True)
def _record(st, out, n):
    """Fill ``out`` with the solution found and the options along its path."""
    out.solution[:n] = st.at[:n, CHOSEN]
    for i in range(n):
        out.path[i, 0] = st.at[i, N_LINK]
        out.path[i, 1] = st.at[i, N_LEGAL]
        out.linked[i] = st.at[i, LINKED] == 1


@njit(cache=True)
def paper_kernel(arrays, start, rules, out):
    """The paper's solver (Sections 12-15): depth-first, candidates in heat-sorted order, each
    move linked to the pieces down while more than ``rules.transition`` pieces remain, then
    exhaustive. Stops at the first linked solution; returns (found, nodes, aborted) and fills
    ``out`` (the solution, the options along its path, the first moves)."""
    ng, n = start.given_pegs.shape[0], start.n_missing
    if n == 0:
        return connected(start.given_pegs, ng), 0, False
    st = new_stack(start)
    for g in range(ng):
        st.at[0, STRUCT] |= start.given_pegs[g]
    work = np.zeros(len(WORK_TESTS), np.int64)  # in a local array, stored once at the end
    work[SCAN], work[LINK], work[COUNT], work[CHECKS] = _expand_paper(0, st, arrays, rules)
    nodes = 0
    d = 0
    while True:
        if st.at[d, POS] >= st.at[d, NOPTS]:
            if d == 0:
                break
            d -= 1
            continue
        p = st.opts[d, st.at[d, POS]]
        st.at[d, POS] += 1
        nodes += 1
        _log(out.trace, nodes, d, p)
        st.at[d, CHOSEN] = p
        if d + 1 == n:
            if _full_board_linked(st, start, arrays.pegs):
                _record(st, out, n)
                out.work[:] = work
                return True, nodes, False
            continue
        if nodes >= rules.node_limit:
            out.work[:] = work
            return False, nodes, True
        work[FIT] += st.at[d, LEN]
        _descend(d, p, st, arrays)
        st.at[d + 1, STRUCT] = st.at[d, STRUCT] | arrays.pegs[p]
        d += 1
        s, lk, c, k = _expand_paper(d, st, arrays, rules)
        work[SCAN] += s
        work[LINK] += lk
        work[COUNT] += c
        work[CHECKS] += k
    out.work[:] = work
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
    work: dict[str, int] = field(default_factory=dict)  # tests by kind (WORK_TESTS)


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
    out = PaperOut(np.zeros(max(n, 1), dtype=np.int64), np.zeros((max(n, 1), 2), dtype=np.int64),
                   np.zeros(max(n, 1), dtype=np.bool_), np.zeros((trace, 2), dtype=np.int64),
                   np.zeros(len(WORK_TESTS), dtype=np.int64))
    rules = PaperRules(bool(linkable), transition, bool(counting), bool(lookahead),
                       _limit(node_limit))
    start = time.perf_counter()
    found, nodes, aborted = paper_kernel(kernel_arrays(), start_of(pos, order), rules, out)
    seconds = time.perf_counter() - start
    solution = [int(x) for x in out.solution[:n]] if found else []
    if found:
        problems = check_solution(ch, [t.placements[i] for i in solution])
        if problems:
            raise RuntimeError(f"paper search returned an invalid solution: {problems}")
    ratios = ([(int(a), int(b)) for (a, b), linked in zip(out.path[:n], out.linked[:n],
                                                          strict=True) if linked]
              if found else [])
    moves = [(int(a), int(b)) for a, b in out.trace[:min(int(nodes), trace)]]
    work = {k: int(v) for k, v in zip(WORK_TESTS, out.work, strict=True)}
    return PaperSearchResult(bool(found), int(nodes), bool(aborted), seconds, solution, ratios,
                             moves, work)


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
