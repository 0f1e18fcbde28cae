"""The paper's deductive solver (Algorithm 1) over possibility bitmasks, in numba.

The grid is kept as ``P[x]``: the bitmask of entities ``y`` that ``x`` may still be linked to
(an X in the slides' grid is a cleared bit, an O is a row of its subgrid with one bit left).
Algorithm 1 makes passes over the hint queue; a hint that changes the grid triggers the deduction
rules, run to a fixpoint:

- cross-out (-1): an O clears the rest of its column (its row is implicit in the bitmask);
- transitivity (-2): linked ``x``, ``y`` keep only their common possibilities in every third
  category (copies O's and X's);
- shared possibility (-3): ``x``, ``y`` with no common possible partner in some third category
  are not linked;
- openings (-4): a row left with one blank gets its O; a row of all X's is a contradiction.

A hint leaves the queue once the grid entails it. Difficulty = the pass in which the grid became
complete. Every rule and every hint step is sound, so the solver never removes the true solution
and a completed grid whose every hint was verified is the unique solution.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
from numba import njit

from puzzles.logicgrid.authors import paper_solve
from puzzles.logicgrid.hints import TYPES, Hint, from_array, to_array, validate
from puzzles.logicgrid.model import Space

RULES = {-1: "cross-out", -2: "transitivity", -3: "shared possibility", -4: "openings"}
SOLVED, STUCK, CONTRADICTION = 1, 0, -1
STATUS = {SOLVED: "solved", STUCK: "stuck", CONTRADICTION: "contradiction"}


@njit(cache=True)
def _single(r: int) -> bool:
    return r != 0 and (r & (r - 1)) == 0


_DEBRUIJN = np.array([0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8, 31, 27, 13, 23,
                      21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9], dtype=np.int64)


@njit(cache=True)
def _low(r: int) -> int:
    """Index of the lowest set bit of a non-zero mask below 2^32 (de Bruijn multiply)."""
    return _DEBRUIJN[(((r & -r) * 0x077CB531) & 0xFFFFFFFF) >> 27]


@njit(cache=True)
def _high(r: int) -> int:
    i = -1
    while r:
        r >>= 1
        i += 1
    return i


class Shape(NamedTuple):
    """A space as the kernels see it."""

    n: int  # categories
    m: int  # entities per category
    num: int  # index of the numeric category, -1 if none


def shape_of(space: Space) -> Shape:
    """The kernels' view of ``space``."""
    return Shape(space.n, space.m, space.numeric)


# Slots of ``Work.st``, the solver's scalars.
TRACE_LEN = 0  # trace rows written
PASS = 1  # the pass of Algorithm 1 under way
DONE = 2  # the pass in which the grid became complete (0: not yet)
CHANGED = 3  # bitmask of the entities whose possibilities changed since the last propagation
SLOTS = 4


class Work(NamedTuple):
    """The solver's working arrays (reused across solves)."""

    P: np.ndarray  # possibilities: P[x] = bitmask of entities x may still be linked to
    rem: np.ndarray  # rem[j]: hints still queued at the start of pass j + 1 (may be empty)
    types: np.ndarray  # types[j, t]: of those, hints of type t
    tr: np.ndarray  # trace rows (x, y, 1 = X / 2 = O, reason, pass); may have zero rows
    st: np.ndarray  # the scalars, slots TRACE_LEN, PASS, DONE, CHANGED


@njit(cache=True)
def new_work(nm: int, passes: int, trace: int) -> Work:
    """Working arrays for ``nm`` entities, ``passes`` queue rows and ``trace`` trace rows."""
    return Work(np.zeros(nm, dtype=np.int64), np.zeros(passes, dtype=np.int64),
                np.zeros((passes, 5), dtype=np.int64), np.zeros((trace, 5), dtype=np.int64),
                np.zeros(SLOTS, dtype=np.int64))


@njit(cache=True)
def _log(tr: np.ndarray, st: np.ndarray, x: int, y: int, v: int, reason: int) -> None:
    k = st[TRACE_LEN]
    if k < tr.shape[0]:
        tr[k, 0] = x
        tr[k, 1] = y
        tr[k, 2] = v
        tr[k, 3] = reason
        tr[k, 4] = st[PASS]
        st[TRACE_LEN] = k + 1


@njit(cache=True)
def _elim(P: np.ndarray, x: int, y: int, reason: int, m: int, tr: np.ndarray,
          st: np.ndarray) -> int:
    """Put an X at (x, y): -1 if it empties a row, 1 if it changed the grid, else 0."""
    if (P[x] >> y) & 1 == 0:
        return 0
    P[x] &= ~(1 << y)
    P[y] &= ~(1 << x)
    st[CHANGED] |= (1 << x) | (1 << y)
    _log(tr, st, x, y, 1, reason)
    full = (1 << m) - 1
    rx = P[x] & (full << ((y // m) * m))
    ry = P[y] & (full << ((x // m) * m))
    if rx == 0 or ry == 0:
        return -1
    why = reason if reason >= 0 else -4
    if _single(rx):
        _log(tr, st, x, _low(rx), 2, why)
    if _single(ry):
        _log(tr, st, y, _low(ry), 2, why)
    return 1


@njit(cache=True)
def _possible(P: np.ndarray, x: int, y: int) -> bool:
    return (P[x] >> y) & 1 == 1


@njit(cache=True)
def _linked(P: np.ndarray, x: int, y: int, m: int) -> bool:
    full = (1 << m) - 1
    return (P[x] & (full << ((y // m) * m))) == (1 << y)


@njit(cache=True)
def _link(P: np.ndarray, x: int, y: int, reason: int, m: int, tr: np.ndarray,
          st: np.ndarray) -> int:
    """Put an O at (x, y) by crossing out the rest of its row and column."""
    if not _possible(P, x, y):
        return -1
    out = 0
    cy = (y // m) * m
    for z in range(cy, cy + m):
        if z != y:
            s = _elim(P, x, z, reason, m, tr, st)
            if s < 0:
                return -1
            out |= s
    cx = (x // m) * m
    for w in range(cx, cx + m):
        if w != x:
            s = _elim(P, y, w, reason, m, tr, st)
            if s < 0:
                return -1
            out |= s
    return out


@njit(cache=True)
def _xor(P: np.ndarray, pq: tuple[int, int], rs: tuple[int, int], reason: int, m: int,
         tr: np.ndarray, st: np.ndarray) -> int:
    """Exactly one of the links p-q and r-s holds."""
    p, q = pq
    r, s = rs
    lp = _linked(P, p, q, m)
    lr = _linked(P, r, s, m)
    pp = _possible(P, p, q)
    pr = _possible(P, r, s)
    if (lp and lr) or (not pp and not pr):
        return -1
    if lp:
        return _elim(P, r, s, reason, m, tr, st)
    if lr:
        return _elim(P, p, q, reason, m, tr, st)
    if not pp:
        return _link(P, r, s, reason, m, tr, st)
    if not pr:
        return _link(P, p, q, reason, m, tr, st)
    return 0


@njit(cache=True)
def _before_sets(P: np.ndarray, h: np.ndarray, m: int, num: int) -> tuple[int, int, int, int]:
    """Possible hours of a and b now, and those compatible with the hint."""
    full = (1 << m) - 1
    base = num * m
    ha = (P[h[1]] >> base) & full
    hb = (P[h[2]] >> base) & full
    k = h[5]
    if k > 0:
        na = ha & (hb >> k)
        nb = hb & (ha << k) & full
    else:
        if ha == 0 or hb == 0:
            return ha, hb, 0, 0
        na = ha & ((1 << _high(hb)) - 1)
        nb = hb & ~((1 << (_low(ha) + 1)) - 1)
    return ha, hb, na, nb


@njit(cache=True)
def _apply_before(P: np.ndarray, h: np.ndarray, i: int, m: int, num: int, tr: np.ndarray,
                  st: np.ndarray) -> int:
    """A before hint: a and b cannot share an hour, and their hours narrow."""
    a, b = h[1], h[2]
    out = 0
    if a // m != b // m:
        out = _elim(P, a, b, i, m, tr, st)  # they cannot share an hour
        if out < 0:
            return -1
    ha, hb, na, nb = _before_sets(P, h, m, num)
    if na == 0 or nb == 0:
        return -1
    base = num * m
    for j in range(m):
        if (ha >> j) & 1 and not (na >> j) & 1:
            s = _elim(P, a, base + j, i, m, tr, st)
            if s < 0:
                return -1
            out |= s
        if (hb >> j) & 1 and not (nb >> j) & 1:
            s = _elim(P, b, base + j, i, m, tr, st)
            if s < 0:
                return -1
            out |= s
    return out


@njit(cache=True)
def _apply_or(P: np.ndarray, h: np.ndarray, i: int, m: int, tr: np.ndarray,
              st: np.ndarray) -> int:
    """Either A or B is C."""
    a, b, c = h[1], h[2], h[3]
    out = 0
    if a // m == b // m:
        # "Either A or B is C": no other entity of their category is C.
        ca = (a // m) * m
        for x in range(ca, ca + m):
            if x != a and x != b:
                s = _elim(P, x, c, i, m, tr, st)
                if s < 0:
                    return -1
                out |= s
    else:
        out = _elim(P, a, b, i, m, tr, st)  # A is C xor B is C forbids A is B
        if out < 0:
            return -1
    s = _xor(P, (a, c), (b, c), i, m, tr, st)
    return -1 if s < 0 else (out | s)


@njit(cache=True)
def _apply(P: np.ndarray, h: np.ndarray, i: int, m: int, num: int, tr: np.ndarray,
           st: np.ndarray) -> int:
    """Update the grid with the logic of hint row ``h`` (index ``i``): -1, 0 or 1 as _elim."""
    t, a, b = h[0], h[1], h[2]
    if t == 0:
        return _link(P, a, b, i, m, tr, st)
    if t == 1:
        if _linked(P, a, b, m):
            return -1
        return _elim(P, a, b, i, m, tr, st)
    if t == 2:
        return _apply_before(P, h, i, m, num, tr, st)
    if t == 3:
        return _apply_or(P, h, i, m, tr, st)
    return _xor(P, (a, b), (h[3], h[4]), i, m, tr, st)


@njit(cache=True)
def _entailed(P: np.ndarray, h: np.ndarray, m: int, num: int) -> bool:
    """The grid alone makes hint ``h`` true (it is "completely satisfied")."""
    t, a, b = h[0], h[1], h[2]
    if t == 0:
        return _linked(P, a, b, m)
    if t == 1:
        return not _possible(P, a, b)
    if t == 2:
        full = (1 << m) - 1
        ha = (P[a] >> (num * m)) & full
        hb = (P[b] >> (num * m)) & full
        if ha == 0 or hb == 0:
            return False
        if h[5] > 0:
            return _single(ha) and _single(hb) and _low(hb) == _low(ha) + h[5]
        return _high(ha) < _low(hb)
    if t == 3:
        p, q, r, s = a, h[3], b, h[3]
    else:
        p, q, r, s = a, b, h[3], h[4]
    return ((_linked(P, p, q, m) and not _possible(P, r, s))
            or (_linked(P, r, s, m) and not _possible(P, p, q)))


@njit(cache=True)
def _violated(P: np.ndarray, h: np.ndarray, m: int, num: int) -> bool:
    """The grid alone makes hint ``h`` false."""
    t, a, b = h[0], h[1], h[2]
    if t == 0:
        return not _possible(P, a, b)
    if t == 1:
        return _linked(P, a, b, m)
    if t == 2:
        ha, hb, na, nb = _before_sets(P, h, m, num)
        return na == 0 or nb == 0
    if t == 3:
        p, q, r, s = a, h[3], b, h[3]
    else:
        p, q, r, s = a, b, h[3], h[4]
    return ((_linked(P, p, q, m) and _linked(P, r, s, m))
            or (not _possible(P, p, q) and not _possible(P, r, s)))


@njit(cache=True)
def _links_round(P: np.ndarray, d: int, n: int, m: int, tr: np.ndarray, st: np.ndarray) -> int:
    """Cross-out and transitivity from every link of every entity of the bitmask ``d``: an O
    at (x, y) crosses out y for the rest of x's category, and linked x, y keep only their
    common possibilities in every third category. -1 contradiction, 1 changed, 0 nothing."""
    full = (1 << m) - 1
    ch = 0
    while d:
        x = _low(d)
        d &= d - 1
        cx = x // m
        for c in range(n):
            r = P[x] & (full << (c * m))
            if c == cx or not _single(r):
                continue
            y = _low(r)
            for x2 in range(cx * m, cx * m + m):  # cross-out
                s = 0 if x2 == x else _elim(P, x2, y, -1, m, tr, st)
                if s < 0:
                    return -1
                ch |= s
            for e in range(n):  # transitivity (no mask, nothing to do, outside third categories)
                me = 0 if e == cx or e == c else full << (e * m)
                inter = P[x] & P[y] & me
                for z in (x, y):  # x's extra possibilities first, then y's
                    extra = P[z] & me & ~inter
                    while extra:
                        s = _elim(P, z, _low(extra), -2, m, tr, st)
                        if s < 0:
                            return -1
                        ch |= s
                        extra &= extra - 1
    return ch


@njit(cache=True)
def _shared_possibility(P: np.ndarray, d: int, n: int, m: int, tr: np.ndarray,
                        st: np.ndarray) -> int:
    """The shared-possibility rule for every entity of the bitmask ``d``."""
    full = (1 << m) - 1
    ch = 0
    while d:
        x = _low(d)
        d &= d - 1
        cx = x // m
        ys = P[x]
        while ys:
            y = _low(ys)
            ys &= ys - 1
            cy = y // m
            if not _possible(P, x, y) or _single(P[x] & (full << (cy * m))):
                continue
            for e in range(n):
                if e != cx and e != cy and (P[x] & P[y] & (full << (e * m))) == 0:
                    s = _elim(P, x, y, -3, m, tr, st)
                    if s < 0:
                        return -1
                    ch |= s
                    break
    return ch


@njit(cache=True)
def _propagate(P: np.ndarray, n: int, m: int, tr: np.ndarray, st: np.ndarray) -> int:
    """Apply the deduction rules to a fixpoint: -1 contradiction, 1 changed, 0 nothing.

    Only entities whose possibilities changed (the ``CHANGED`` bitmask, set by every X) need
    looking at: the grid was at a fixpoint before the hint that changed it.
    """
    any_change = 0
    shared = 0
    while True:
        d = st[CHANGED]
        st[CHANGED] = 0
        shared |= d
        ch = _links_round(P, d, n, m, tr, st)
        if ch < 0:
            return -1
        if ch == 0:
            # Shared possibility is the costliest rule: run it once the cheap ones are quiet.
            ch = _shared_possibility(P, shared | st[CHANGED], n, m, tr, st)
            shared = 0
            if ch < 0:
                return -1
        if ch == 0:
            return any_change
        any_change = 1


@njit(cache=True)
def _complete(P: np.ndarray, n: int, m: int) -> bool:
    full = (1 << m) - 1
    for x in range(n * m):
        cx = x // m
        for c in range(n):
            if c != cx and not _single(P[x] & (full << (c * m))):
                return False
    return True


@njit(cache=True)
def init_grid(P: np.ndarray, n: int, m: int) -> None:
    """Every cross-category pair possible (an empty grid)."""
    full = (1 << m) - 1
    for x in range(n * m):
        P[x] = 0
        for c in range(n):
            if c != x // m:
                P[x] |= full << (c * m)


@njit(cache=True)
def _record_queue(rem: np.ndarray, types: np.ndarray, j: int, hints: np.ndarray,
                  queue: np.ndarray) -> None:
    """Count the hints queued at the start of pass ``j + 1``, in all and by type."""
    if j < rem.shape[0]:
        rem[j] = queue.shape[0]
        for hi in queue:
            types[j, hints[hi, 0]] += 1


@njit(cache=True)
def _pass(hints: np.ndarray, queue: np.ndarray, nxt: np.ndarray, sh: Shape, weak: bool,
          P: np.ndarray, tr: np.ndarray, st: np.ndarray) -> tuple[bool, bool, int]:
    """One pass over the queue: (contradiction, grid changed, hints left in ``nxt``)."""
    modified = False
    nt = 0
    for hi in queue:
        s = _apply(P, hints[hi], hi, sh.m, sh.num, tr, st)
        if s < 0:
            return True, modified, nt
        if s > 0:
            modified = True
            if _propagate(P, sh.n, sh.m, tr, st) < 0:
                return True, modified, nt
        if not _entailed(P, hints[hi], sh.m, sh.num):
            nxt[nt] = hi
            nt += 1
        if s > 0 and st[DONE] == 0 and _complete(P, sh.n, sh.m):
            st[DONE] = st[PASS]
            if weak:
                break
    return False, modified, nt


@njit(cache=True)
def solve_kernel(hints: np.ndarray, nh: int, sh: Shape, weak: bool, w: Work
                 ) -> tuple[int, int]:
    """Algorithm 1 on the first ``nh`` hint rows; returns (status, loops).

    ``w.rem``/``w.types`` receive the hints still queued at the start of each pass (total and
    by type), ``w.tr`` the trace. ``weak`` stops as soon as the grid is complete, without
    verifying the hints still queued (the published solver's notion of feasible); otherwise
    the queue is run out.
    """
    P, rem, types, tr, st = w
    init_grid(P, sh.n, sh.m)
    st[:] = 0
    queue = np.arange(nh)
    nxt = np.empty(nh, dtype=np.int64)
    ln = nh
    modified = True
    contra = False
    while ln > 0 and modified:
        st[PASS] += 1
        _record_queue(rem, types, st[PASS] - 1, hints, queue[:ln])
        contra, modified, nt = _pass(hints, queue[:ln], nxt, sh, weak, P, tr, st)
        if contra or (weak and st[DONE] > 0):
            break
        queue[:nt] = nxt[:nt]
        ln = nt
    if contra:
        return CONTRADICTION, st[PASS]
    if st[DONE] > 0:
        return SOLVED, st[DONE]
    return STUCK, st[PASS]


@njit(cache=True)
def _violations(P: np.ndarray, hints: np.ndarray, nh: int, m: int, num: int) -> int:
    """Hints the grid alone makes false."""
    v = 0
    for i in range(nh):
        if _violated(P, hints[i], m, num):
            v += 1
    return v


@njit(cache=True)
def grid_metrics(P: np.ndarray, hints: np.ndarray, nh: int, n: int, m: int,
                 num: int) -> tuple[float, float, int]:
    """(filled fraction f/(e+f), rows with exactly one O c/r, violations v) of a solver grid."""
    full = (1 << m) - 1
    filled = 0
    cells = 0
    good_rows = 0
    rows = 0
    viol = 0
    for ci in range(n):
        for cj in range(ci + 1, n):
            for x in range(ci * m, ci * m + m):
                rx = P[x] & (full << (cj * m))
                o_count = 0
                for y in range(cj * m, cj * m + m):
                    cells += 1
                    ry = P[y] & (full << (ci * m))
                    if (rx >> y) & 1 == 0:
                        filled += 1
                    elif _single(rx) or _single(ry):
                        filled += 1
                        o_count += 1
                rows += 1
                if o_count == 1:
                    good_rows += 1
                elif o_count > 1 or rx == 0:
                    viol += 1
    viol += _violations(P, hints, nh, m, num)
    return filled / cells, good_rows / rows, viol


# ---- Python API -----------------------------------------------------------------------------

@dataclass
class Step:
    """One cell filled by the solver: X or O at (x, y), and the hint or rule responsible."""

    x: int
    y: int
    value: str
    reason: str
    loop: int


@dataclass
class SolveResult:
    """What Algorithm 1 produced for one hint list."""

    status: str
    loops: int
    grid: np.ndarray  # cell states between global entities: 0 blank, 1 X, 2 O
    remaining: list[int] = field(default_factory=list)
    remaining_types: list[dict[str, int]] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    completion: float = 0.0
    row_validity: float = 0.0
    violations: int = 0

    @property
    def solved(self) -> bool:
        """The grid was completed without contradiction."""
        return self.status == "solved"


def cell_states(P: np.ndarray, n: int, m: int) -> np.ndarray:
    """The NM x NM grid of cell states (0 blank, 1 X, 2 O) from possibility masks."""
    nm = n * m
    full = (1 << m) - 1
    g = np.zeros((nm, nm), dtype=np.int8)
    for x in range(nm):
        for y in range(nm):
            if x // m == y // m:
                continue
            if not (int(P[x]) >> y) & 1:
                g[x, y] = 1
            else:
                rx = int(P[x]) & (full << ((y // m) * m))
                ry = int(P[y]) & (full << ((x // m) * m))
                if rx == 1 << y or ry == 1 << x:
                    g[x, y] = 2
    return g


MODES = ("sound", "paper")


def solve(space: Space, hints: list[Hint] | np.ndarray, weak: bool = False,
          trace: bool = False, mode: str = "sound") -> SolveResult:
    """Run Algorithm 1 on a hint list; ``trace`` records every X and O with its reason.

    ``mode="sound"`` (default) is our solver: every rule to a fixpoint, loops = the pass in which
    the grid became complete. ``mode="paper"`` is the authors' solver rule for rule
    (:mod:`puzzles.logicgrid.authors`): loops = passes made, their contradiction handling;
    ``remaining`` then counts the distinct hints each pass reached (their ``DataVisualization``).
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    if mode == "paper":
        if weak or trace:
            raise ValueError("mode='paper' has no weak or trace option (the authors' loop only)")
        return _solve_paper(space, hints)
    if isinstance(hints, np.ndarray):
        arr = np.ascontiguousarray(hints, dtype=np.int64).reshape(-1, 6)
        if len(arr) and (arr[:, 0].min() < 0 or arr[:, 0].max() >= len(TYPES)):
            raise ValueError("hints array has an unknown hint type")
    else:
        arr = to_array(space, hints)
    n, m, num = space.n, space.m, space.numeric
    nm = n * m
    w = new_work(nm, nm * nm + 2, 4 * nm * nm if trace else 0)
    status, loops = solve_kernel(arr, len(arr), shape_of(space), weak, w)
    comp, rows, viol = grid_metrics(w.P, arr, len(arr), n, m, num)
    passes = int(np.count_nonzero(w.rem))
    steps = []
    seen: set[tuple[int, int]] = set()
    for x, y, v, reason, loop in w.tr[:w.st[TRACE_LEN]]:
        key = (min(x, y), max(x, y))
        if key in seen:
            continue
        seen.add(key)
        why = f"clue {reason + 1}" if reason >= 0 else RULES[int(reason)]
        steps.append(Step(int(key[0]), int(key[1]), "X" if v == 1 else "O", why, int(loop)))
    return SolveResult(
        status=STATUS[int(status)], loops=int(loops), grid=cell_states(w.P, n, m),
        remaining=[int(v) for v in w.rem[:passes]],
        remaining_types=[{t: int(w.types[j, i]) for i, t in enumerate(TYPES)}
                         for j in range(passes)],
        steps=steps, completion=float(comp), row_validity=float(rows), violations=int(viol))


def _solve_paper(space: Space, hints: list[Hint] | np.ndarray) -> SolveResult:
    """``solve(..., mode="paper")``: the authors' loop, reported as a :class:`SolveResult`."""
    hs = from_array(space, hints) if isinstance(hints, np.ndarray) else [
        validate(space, h) for h in hints]
    status, loops, g, tried = paper_solve(space, hs)
    grid = np.array(g.s, dtype=np.int8)
    arr = to_array(space, hs)
    P = np.zeros(space.n * space.m, dtype=np.int64)
    for x in range(space.n * space.m):  # possibility masks of the paper grid, for the metrics
        for y in range(space.n * space.m):
            if x // space.m != y // space.m and grid[x, y] != 1:
                P[x] |= 1 << y
    comp, rows, viol = grid_metrics(P, arr, len(arr), space.n, space.m, space.numeric)
    return SolveResult(
        status=status, loops=loops, grid=grid, remaining=[len(t) for t in tried],
        remaining_types=[{t: sum(h.type == t for h in hs_) for t in TYPES} for hs_ in tried],
        completion=float(comp), row_validity=float(rows), violations=int(viol))


def grid_solution(space: Space, grid: np.ndarray) -> dict[str, list[str]] | None:
    """The solution a complete grid shows, as ``{category: [entity per row]}``; None if not."""
    m = space.m
    out = {}
    for ci, cat in enumerate(space.categories):
        names = []
        for r in range(m):
            if ci == 0:
                names.append(cat.entities[r])
                continue
            o = [j for j in range(m) if grid[r, ci * m + j] == 2]
            if len(o) != 1:
                return None
            names.append(cat.entities[o[0]])
        out[cat.name] = names
    return out
