"""The authors' solver (:mod:`puzzles.logicgrid.authors`) as a numba kernel, for the GA.

The same rules, line for line, on an ``int8`` NM x NM grid (0 blank, 1 X, 2 O; -1 never
stored): the FI-2Pop and the authors' protocols call it once per evaluation when their fitness
reads the authors' loop count or their feasibility is the authors' "the grid is complete"
(:class:`~puzzles.logicgrid.fi2pop.Rules`). Hint rows are the kernel encoding of
:meth:`~puzzles.logicgrid.hints.Hint.row` (``k = 0``: "at least 1"). A unit test checks status
and loops against the Python version on the released puzzles and on random lists.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from puzzles.logicgrid.solver import CONTRADICTION, SOLVED, STUCK

BLANK, X, O = 0, 1, 2
NONE = -1  # get() of two entities of one category: no such cell


@njit(cache=True)
def _get(S: np.ndarray, x: int, y: int, m: int) -> int:
    return NONE if x // m == y // m else S[x, y]


@njit(cache=True)
def _put(S: np.ndarray, x: int, y: int, v: int, m: int) -> None:
    if x // m != y // m:
        S[x, y] = v
        S[y, x] = v


@njit(cache=True)
def _cross_out(S: np.ndarray, x: int, y: int, m: int) -> bool:
    ok = True
    cx, cy = x // m, y // m
    for e in range(cx * m, cx * m + m):
        if e != x:
            sy = _get(S, e, y, m)
            if sy == BLANK:
                _put(S, e, y, X, m)
            elif sy == O:
                ok = False
    for e in range(cy * m, cy * m + m):
        if e != y:
            sy = _get(S, x, e, m)
            if sy == BLANK:
                _put(S, x, e, X, m)
            elif sy == O:
                ok = False
    return ok


@njit(cache=True)
def _relations(S: np.ndarray, x: int, n: int, m: int, true: np.ndarray, false: np.ndarray,
               nil: np.ndarray) -> None:
    """Per category: the last linked entity (-1), X'd and blank entities as bitmasks."""
    for c in range(n):
        true[c] = -1
        false[c] = 0
        nil[c] = 0
        if c == x // m:
            continue
        for e in range(c * m, c * m + m):
            v = S[x, e]
            if v == O:
                true[c] = e
            elif v == X:
                false[c] |= 1 << e
            else:
                nil[c] |= 1 << e


@njit(cache=True)
def _copy_links(S: np.ndarray, a: int, tb: int, W: np.ndarray, n: int, m: int
                ) -> tuple[bool, bool]:
    applied = False
    tr, fa, ni = W[3], W[4], W[5]
    _relations(S, tb, n, m, tr, fa, ni)
    for cc in range(n):
        tc = tr[cc]
        if tc >= 0 and tc != a:
            sy = _get(S, a, tc, m)
            if sy == BLANK:
                applied = True
                _put(S, a, tc, O, m)
                if not _cross_out(S, a, tc, m):
                    return applied, False
            elif sy == X:
                return applied, False
        for e in range(n * m):
            if (fa[cc] >> e) & 1:
                sy = _get(S, a, e, m)
                if sy == BLANK:
                    applied = True
                    _put(S, a, e, X, m)
                elif sy == O:
                    return applied, False
    return applied, True


@njit(cache=True)
def _unshared(S: np.ndarray, a: int, cb: int, nil_b: int, W: np.ndarray, n: int,
              m: int) -> bool:
    ta_, na_ = W[0], W[2]  # a's relations as read before its sweep
    applied = False
    tr, fa, ni = W[6], W[7], W[8]
    for b in range(n * m):
        if not (nil_b >> b) & 1:
            continue
        _relations(S, b, n, m, tr, fa, ni)
        for cc in range(n):
            if cc == a // m or cc == cb:
                continue
            pa = na_[cc] | ((1 << ta_[cc]) if ta_[cc] >= 0 else 0)
            pb = ni[cc] | ((1 << tr[cc]) if tr[cc] >= 0 else 0)
            if pa & pb == 0:
                applied = True
                _put(S, a, b, X, m)  # unconditionally, as the authors do
    return applied


@njit(cache=True)
def transitives(S: np.ndarray, W: np.ndarray, n: int, m: int) -> tuple[bool, bool]:
    """One sweep of transitivity and shared-possibility elimination: (applied, valid);
    ``W`` is scratch, 9 x n."""
    applied = False
    ta, fa, na = W[0], W[1], W[2]
    for a in range(n * m):
        _relations(S, a, n, m, ta, fa, na)  # read once per entity
        for cb in range(n):
            if ta[cb] >= 0:
                changed, valid = _copy_links(S, a, ta[cb], W, n, m)
                applied = applied or changed
                if not valid:
                    return applied, False
            applied = _unshared(S, a, cb, na[cb], W, n, m) or applied
    return applied, True


@njit(cache=True)
def _open(S: np.ndarray, xs: np.ndarray, ys: np.ndarray, m: int) -> tuple[bool, bool]:
    blanks = 0
    bx, by = -1, -1
    has_o = False
    for i in range(xs.shape[0]):
        v = S[xs[i], ys[i]]
        if v == BLANK:
            blanks += 1
            bx, by = xs[i], ys[i]
        elif v == O:
            has_o = True
    if blanks == 1:
        _put(S, bx, by, O, m)
        return True, _cross_out(S, bx, by, m)
    return False, blanks > 0 or has_o


@njit(cache=True)
def openings(S: np.ndarray, n: int, m: int) -> tuple[bool, bool]:
    """One sweep over the subgrids, each row then each column: (applied, valid)."""
    applied = False
    xs = np.empty(m, dtype=np.int64)
    ys = np.empty(m, dtype=np.int64)
    for i in range(n):
        for j in range(i + 1, n):
            for line in range(2 * m):
                for t in range(m):
                    if line < m:  # row r = line of category j, across i's entities
                        xs[t], ys[t] = i * m + t, j * m + line
                    else:
                        xs[t], ys[t] = i * m + line - m, j * m + t
                changed, valid = _open(S, xs, ys, m)
                applied = applied or changed
                if not valid:
                    return applied, False
    return applied, True


@njit(cache=True)
def _is(S: np.ndarray, a: int, b: int, m: int) -> tuple[bool, bool, bool]:
    sy = _get(S, a, b, m)
    if sy == BLANK:
        _put(S, a, b, O, m)
        return True, _cross_out(S, a, b, m), True
    return False, sy != X, True


@njit(cache=True)
def _not(S: np.ndarray, a: int, b: int, m: int) -> tuple[bool, bool, bool]:
    sy = _get(S, a, b, m)
    if sy == BLANK:
        _put(S, a, b, X, m)
        return True, True, True
    return False, sy != O, True


@njit(cache=True)
def _cross_hours(S: np.ndarray, x: int, lo: int, hi: int, hb: int, m: int) -> tuple[bool, bool]:
    changed = False
    for i in range(lo, hi):
        sy = _get(S, x, hb + i, m)
        if sy == BLANK:
            changed = True
            _put(S, x, hb + i, X, m)
        elif sy == O:
            return changed, False
    return changed, True


@njit(cache=True)
def _first(v: np.ndarray, mark: int) -> int:
    for i in range(v.shape[0]):
        if v[i] == mark:
            return i
    return -1


@njit(cache=True)
def _place_or_clear(S: np.ndarray, x: int, pos: np.ndarray, npos: int, lo: int, hi: int,
                    hb: int, m: int) -> tuple[bool, bool, bool]:
    if npos == 0:
        return False, False, True
    if npos == 1:
        y = hb + pos[0]
        _put(S, x, y, O, m)
        return True, _cross_out(S, x, y, m), True
    changed, valid = _cross_hours(S, x, lo, hi, hb, m)
    return changed, valid, False


@njit(cache=True)
def _positions(side: np.ndarray, fixed: int, k: int, later: bool, pos: np.ndarray) -> int:
    """The blank hours of the other entity of a "before" once one side's hour is ``fixed``."""
    m = side.shape[0]
    npos = 0
    if k > 0:
        i = fixed + k if later else fixed - k
        if side[i] == BLANK:
            pos[0] = i
            npos = 1
    else:
        lo, hi = (fixed, m) if later else (0, fixed)
        for i in range(lo, hi):
            if side[i] == BLANK:
                pos[npos] = i
                npos += 1
    return npos


@njit(cache=True)
def _before_placed(S: np.ndarray, ab: tuple, k: int, bs: np.ndarray, af: np.ndarray,
                   hb: int) -> tuple[bool, bool, bool]:
    a, b, m = ab
    changed = complete = False
    pos = np.empty(m, dtype=np.int64)
    bi = _first(bs, O)
    if bi >= 0:
        npos = _positions(af, bi, k, True, pos)
        changed, valid, complete = _place_or_clear(S, b, pos, npos, 0, bi, hb, m)
        if not valid:
            return changed, False, True
    ai = _first(af, O)
    if ai >= 0:
        npos = _positions(bs, ai, k, False, pos)
        ch, valid, placed = _place_or_clear(S, a, pos, npos, ai, m, hb, m)
        changed, complete = changed or ch, complete or placed
        if not valid:
            return changed, False, True
    return changed, True, complete


@njit(cache=True)
def _cross_blank(S: np.ndarray, x: int, i: int, hb: int, m: int) -> bool:
    if _get(S, x, hb + i, m) == BLANK:
        _put(S, x, hb + i, X, m)
        return True
    return False


@njit(cache=True)
def _before_runs(S: np.ndarray, ab: tuple, k: int, bs: np.ndarray, af: np.ndarray,
                 hb: int) -> bool:
    """X's at the blank hours the X's of a or b rule out for the other, in their order."""
    a, b, m = ab
    changed = False
    if k > 0:  # the authors' bounds: i + k < M - 1 (one short) and i - k > -1
        for i in range(m):
            if bs[i] == X and i + k < m - 1:
                changed = _cross_blank(S, b, i + k, hb, m) or changed
        for i in range(m):
            if af[i] == X and i - k > -1:
                changed = _cross_blank(S, a, i - k, hb, m) or changed
    for i in range(m - 1):  # a leading run of X's for a
        if bs[i] != X:
            break
        changed = _cross_blank(S, b, i + 1, hb, m) or changed
    for i in range(m - 1, 1, -1):  # a trailing run for b, stopping before index 1
        if af[i] != X:
            break
        changed = _cross_blank(S, a, i - 1, hb, m) or changed
    return changed


@njit(cache=True)
def _before(S: np.ndarray, a: int, b: int, k: int, num_cat: int, m: int
            ) -> tuple[bool, bool, bool]:
    num = 1 if k == 0 else k
    applied = False
    if a // m != b // m:
        applied, valid, _ = _not(S, a, b, m)
        if not valid:
            return applied, False, True
    hb = num_cat * m
    bs = np.empty(m, dtype=np.int64)
    af = np.empty(m, dtype=np.int64)
    for i in range(m):  # read once; later tests use these
        bs[i] = _get(S, a, hb + i, m)
        af[i] = _get(S, b, hb + i, m)
    changed, valid = _cross_hours(S, a, m - num, m, hb, m)
    applied = applied or changed
    if valid:
        changed, valid = _cross_hours(S, b, 0, num, hb, m)
        applied = applied or changed
    if not valid:
        return applied, False, True
    if _first(bs, O) >= 0 and _first(af, O) >= 0:
        gap = _first(af, O) - _first(bs, O)
        return False, (gap == num) if k > 0 else gap > 0, True
    changed, valid, complete = _before_placed(S, (a, b, m), k, bs, af, hb)
    applied = applied or changed
    if not valid:
        return applied, False, True
    if _first(bs, X) >= 0 or _first(af, X) >= 0:
        applied = _before_runs(S, (a, b, m), k, bs, af, hb) or applied
    return applied, True, complete


@njit(cache=True)
def _mark(S: np.ndarray, x: int, y: int, v: int, m: int) -> bool:
    _put(S, x, y, v, m)
    return _cross_out(S, x, y, m) if v == O else True


@njit(cache=True)
def _others_not(S: np.ndarray, a: int, b: int, c: int, m: int) -> tuple[bool, bool]:
    """No entity of a's category but a and b is ``c``: (changed, valid)."""
    changed = False
    ca = a // m
    for e in range(ca * m, ca * m + m):
        if e != a and e != b:
            sy = _get(S, e, c, m)
            if sy == O:
                return changed, False
            if sy == BLANK:
                changed = True
                _put(S, e, c, X, m)
    return changed, True


@njit(cache=True)
def _or(S: np.ndarray, a: int, b: int, c: int, m: int) -> tuple[bool, bool, bool]:
    if a // m != b // m:
        applied, valid, _ = _not(S, a, b, m)
    else:
        applied, valid = _others_not(S, a, b, c, m)
    if not valid:
        return applied, False, True
    s1, s2 = _get(S, a, c, m), _get(S, b, c, m)
    if s1 == BLANK and s2 == BLANK:
        return applied, True, False
    if s1 == s2:
        return applied, False, True
    if s1 == BLANK:
        return True, _mark(S, a, c, X if s2 == O else O, m), True
    if s2 == BLANK:
        return True, _mark(S, b, c, X if s1 == O else O, m), True
    return applied, True, True


@njit(cache=True)
def _either(S: np.ndarray, h: np.ndarray, m: int) -> tuple[bool, bool, bool]:
    p, q, r, s = h[1], h[2], h[3], h[4]
    ca, cb = _get(S, p, q, m), _get(S, r, s, m)
    if ca == cb:
        return False, ca == BLANK, ca != BLANK
    if (ca == X and cb == O) or (ca == O and cb == X):
        return False, True, True
    ok = True
    if ca == X:
        _put(S, r, s, O, m)
        ok = _cross_out(S, r, s, m)
    elif cb == X:
        _put(S, p, q, O, m)
        ok = _cross_out(S, p, q, m)
    elif ca == O:
        _put(S, r, s, X, m)
    else:
        _put(S, p, q, X, m)
    return True, ok, True


@njit(cache=True)
def apply_hint(S: np.ndarray, h: np.ndarray, num_cat: int, m: int) -> tuple[bool, bool, bool]:
    """One hint by its type's rule: (applied, valid, complete)."""
    t = h[0]
    if t == 0:
        return _is(S, h[1], h[2], m)
    if t == 1:
        return _not(S, h[1], h[2], m)
    if t == 2:
        return _before(S, h[1], h[2], h[5], num_cat, m)
    if t == 3:
        return _or(S, h[1], h[2], h[3], m)
    return _either(S, h, m)


@njit(cache=True)
def _line_counts_ok(S: np.ndarray, n: int, m: int, exact: bool) -> bool:
    """Every subgrid line holds at most one O (exactly one when ``exact``)."""
    for i in range(n):
        for j in range(i + 1, n):
            for u in range(m):
                rows = 0
                cols = 0
                for v in range(m):
                    rows += S[i * m + u, j * m + v] == O
                    cols += S[i * m + v, j * m + u] == O
                if rows > 1 or cols > 1 or (exact and (rows != 1 or cols != 1)):
                    return False
    return True


@njit(cache=True)
def _truth(S: np.ndarray, x: int, c: int, m: int) -> int:
    """The first entity of category ``c`` linked to ``x`` (-1: none, or x's own category)."""
    if c == x // m:
        return -1
    for e in range(c * m, c * m + m):
        if S[x, e] == O:
            return e
    return -1


@njit(cache=True)
def grid_valid(S: np.ndarray, n: int, m: int) -> bool:
    """The authors' ``is_valid``: at most one O per line and no broken link triangle."""
    if not _line_counts_ok(S, n, m, False):
        return False
    for x in range(n * m):
        for c1 in range(n):
            e1 = _truth(S, x, c1, m)
            if e1 < 0:
                continue
            for c2 in range(c1 + 1, n):
                e2 = _truth(S, x, c2, m)
                if e2 < 0:
                    continue
                if _get(S, e1, e2, m) == X:
                    return False
                t1, t2 = _truth(S, e1, c2, m), _truth(S, e2, c1, m)
                if (t1 >= 0 and t1 != e2) or (t2 >= 0 and t2 != e1):
                    return False
    return True


@njit(cache=True)
def _pass(S: np.ndarray, W: np.ndarray, hints: np.ndarray, queue: np.ndarray, ln: int,
          shape: tuple) -> tuple[bool, bool, int]:
    """One loop over the queue: (applied, valid, hints left, written back into ``queue``)."""
    n, m, num_cat = shape
    applied, valid = False, True
    nt = 0
    for qi in range(ln):
        hi = queue[qi]
        a, valid, complete = apply_hint(S, hints[hi], num_cat, m)
        applied = applied or a
        if not complete:
            queue[nt] = hi  # nt <= qi: the backlog overwrites what this pass has read
            nt += 1
        if not valid:
            break
        if a:
            a3, valid = transitives(S, W, n, m)
            a2, valid = openings(S, n, m)  # overwrites the transitivity verdict, as theirs
            applied = applied or a2 or a3
    return applied, valid, nt


@njit(cache=True)
def paper_kernel(hints: np.ndarray, nh: int, shape: tuple, S: np.ndarray) -> tuple[int, int]:
    """The authors' ``apply_hints`` loop on ``hints[:nh]`` into the grid ``S``: (status, loops),
    status SOLVED (their ``is_complete``), CONTRADICTION or STUCK as in
    :func:`puzzles.logicgrid.authors.paper_solve`. ``shape`` is (n, m, numeric category)."""
    n, m, _ = shape
    S[:, :] = BLANK
    W = np.empty((9, n), dtype=np.int64)
    queue = np.arange(nh)
    ln = nh
    loops, applied, valid = 0, True, True
    while valid and applied and ln > 0:
        loops += 1
        applied, valid, ln = _pass(S, W, hints, queue, ln, shape)
    if grid_valid(S, n, m) and _line_counts_ok(S, n, m, True):
        return SOLVED, loops
    if not valid or not grid_valid(S, n, m):
        return CONTRADICTION, loops
    return STUCK, loops


@njit(cache=True)
def masks_of(S: np.ndarray, P: np.ndarray, n: int, m: int) -> None:
    """Possibility masks ``P`` of an authors' grid (every cell not X is possible), so the
    sound solver's grid metrics read the authors' grid."""
    nm = n * m
    for x in range(nm):
        P[x] = 0
        for y in range(nm):
            if x // m != y // m and S[x, y] != X:
                P[x] |= 1 << y
