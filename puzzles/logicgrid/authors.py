"""The authors' solver, rule for rule: ``solve(space, hints, mode="paper")``.

A re-implementation (not a copy) of the deductive solver of Shyne, Facey & Cooper's released code
(github.com/flaneuseh/logic_puzzles, tag v1.0.0: ``apply_hints`` in ``Evolution.py`` and the rules
in ``LogicPuzzles.py``), written from reading it so that its loop count is reproduced exactly on
the authors' 65 released puzzles (tests/test_logicgrid_paper.py). What makes it differ from our
sound solver (:mod:`puzzles.logicgrid.solver`), all kept on purpose:

- a *loop* is one pass over the queue; the count is the number of passes made (the authors'
  ``max(len(trace))``), including the last pass that changed nothing;
- after a hint changes the grid, transitivity/shared-possibility run **once** (one sweep over the
  entities, each entity's relations read once before its sweep) and openings run **once** (one
  sweep over the subgrids in order), not to a fixpoint;
- a hint leaves the queue when its own rule says it is "complete" (``is``/``not`` at once,
  ``or`` forms once one side is known, ``before`` only once an O is placed or checked);
- ``before`` uses the authors' narrowing rules, including their off-by-one bounds;
- contradictions: a hint's own contradiction ends the pass and the solve; a contradiction found
  by transitivity is overwritten by the openings sweep's verdict, and one found by either rule
  only ends the solve if no later hint of the pass clears the flag (the authors' control flow);
  shared-possibility elimination writes its X even over an O.

Cells are ``0`` blank, ``1`` X, ``2`` O in a symmetric NM x NM matrix over global entities.
"""

from __future__ import annotations

from itertools import combinations, takewhile

from puzzles.logicgrid.hints import Hint
from puzzles.logicgrid.model import Space

BLANK, X, O = 0, 1, 2


class PaperGrid:
    """The authors' grid of symbols with their rules as methods (entities are global indices)."""

    def __init__(self, space: Space) -> None:
        self.n, self.m = space.n, space.m
        self.num = space.numeric
        nm = self.n * self.m
        self.s = [[BLANK] * nm for _ in range(nm)]

    # -- cells ----------------------------------------------------------------------------
    def cat(self, x: int) -> int:
        """Category of entity ``x``."""
        return x // self.m

    def ents(self, c: int) -> range:
        """Global indices of category ``c``'s entities, in order."""
        return range(c * self.m, (c + 1) * self.m)

    def get(self, x: int, y: int) -> int | None:
        """Symbol at (x, y); None for two entities of one category (no such cell)."""
        return None if x // self.m == y // self.m else self.s[x][y]

    def put(self, x: int, y: int, v: int) -> None:
        """Write a symbol (ignored for two entities of one category, as the authors' answer())."""
        if x // self.m != y // self.m:
            self.s[x][y] = v
            self.s[y][x] = v

    def cross_out(self, x: int, y: int) -> bool:
        """X the rest of the column and row of the O at (x, y); False if another O is there."""
        ok = True
        for e in self.ents(self.cat(x)):
            if e != x:
                sy = self.get(e, y)
                if sy == BLANK:
                    self.put(e, y, X)
                elif sy == O:
                    ok = False
        for e in self.ents(self.cat(y)):
            if e != y:
                sy = self.get(x, e)
                if sy == BLANK:
                    self.put(x, e, X)
                elif sy == O:
                    ok = False
        return ok

    def relations(self, x: int, c: int) -> tuple[int | None, list[int], list[int]]:
        """(linked entity of category c (the last O), X'd entities, blank entities)."""
        if c == self.cat(x):
            return None, [], []
        true, false, nil = None, [], []
        for e in self.ents(c):
            v = self.s[x][e]
            if v == O:
                true = e
            elif v == X:
                false.append(e)
            else:
                nil.append(e)
        return true, false, nil

    def truths(self, x: int) -> dict[int, int]:
        """Category -> the first entity linked to ``x`` there (categories with an O only)."""
        out = {}
        for c in range(self.n):
            if c != self.cat(x):
                for e in self.ents(c):
                    if self.s[x][e] == O:
                        out[c] = e
                        break
        return out

    # -- the deduction rules ------------------------------------------------------------------
    def transitives(self) -> tuple[bool, bool]:
        """One sweep of transitivity and shared-possibility elimination: (applied, valid)."""
        applied = False
        for a in range(self.n * self.m):
            rel_a = [self.relations(a, c) for c in range(self.n)]  # read once per entity
            for cb in range(self.n):
                tb, _, nil_b = rel_a[cb]
                if tb is not None:
                    changed, valid = self._copy_links(a, tb)
                    applied = applied or changed
                    if not valid:
                        return applied, False
                applied = self._unshared(a, cb, nil_b, rel_a) or applied
        return applied, True

    def _copy_links(self, a: int, tb: int) -> tuple[bool, bool]:
        """``a`` is linked to ``tb``: it takes tb's O's and X's (transitivity)."""
        applied = False
        rel_b = [self.relations(tb, c) for c in range(self.n)]
        for cc in range(self.n):
            tc, fc, _ = rel_b[cc]
            if tc is not None and tc != a:
                sy = self.get(a, tc)
                if sy == BLANK:
                    applied = True
                    self.put(a, tc, O)
                    if not self.cross_out(a, tc):
                        return applied, False
                elif sy == X:
                    return applied, False
            for e in fc:
                sy = self.get(a, e)
                if sy == BLANK:
                    applied = True
                    self.put(a, e, X)
                elif sy == O:
                    return applied, False
        return applied, True

    def _unshared(self, a: int, cb: int, nil_b: list[int], rel_a: list) -> bool:
        """Shared-possibility elimination: ``a`` is not a blank partner ``b`` of category cb
        with which it shares no possible partner in some third category (``rel_a``: a's
        relations as read before this entity's sweep)."""
        applied = False
        for b in nil_b:
            rel_bb = [self.relations(b, c) for c in range(self.n)]
            for cc in range(self.n):
                if cc in (self.cat(a), cb):
                    continue
                ta, _, na = rel_a[cc]
                tbb, _, nb = rel_bb[cc]
                pa = set(na) | ({ta} if ta is not None else set())
                pb = set(nb) | ({tbb} if tbb is not None else set())
                if not pa & pb:
                    applied = True
                    self.put(a, b, X)  # unconditionally, as the authors do
        return applied

    def openings(self) -> tuple[bool, bool]:
        """One sweep over the subgrids (columns = category i, rows = category j), each row then
        each column: a line with one blank gets an O; a line of X's is invalid."""
        applied = False
        m = self.m
        for i in range(self.n):
            for j in range(i + 1, self.n):
                lines = ([[(i * m + c, j * m + r) for c in range(m)] for r in range(m)]
                         + [[(i * m + c, j * m + r) for r in range(m)] for c in range(m)])
                for line in lines:
                    changed, valid = self._open(line)
                    applied = applied or changed
                    if not valid:
                        return applied, False
        return applied, True

    def _open(self, line: list[tuple[int, int]]) -> tuple[bool, bool]:
        """One line of a subgrid: (changed, valid)."""
        blanks = [(x, y) for x, y in line if self.s[x][y] == BLANK]
        if len(blanks) == 1:
            x, y = blanks[0]
            self.put(x, y, O)
            return True, self.cross_out(x, y)
        return False, bool(blanks) or any(self.s[x][y] == O for x, y in line)

    # -- the five hint rules: (applied, valid, complete) --------------------------------------
    def apply_is(self, a: int, b: int) -> tuple[bool, bool, bool]:
        """``a`` is ``b``."""
        sy = self.get(a, b)
        if sy == BLANK:
            self.put(a, b, O)
            return True, self.cross_out(a, b), True
        return False, sy != X, True

    def apply_not(self, a: int, b: int) -> tuple[bool, bool, bool]:
        """``a`` is not ``b``."""
        sy = self.get(a, b)
        if sy == BLANK:
            self.put(a, b, X)
            return True, True, True
        return False, sy != O, True

    def apply_before(self, a: int, b: int, k: int | None) -> tuple[bool, bool, bool]:
        """``a`` is k (or at least 1) units before ``b``, with the authors' narrowing rules."""
        num = 1 if k is None else k
        applied = False
        if self.cat(a) != self.cat(b):
            applied, valid, _ = self.apply_not(a, b)
            if not valid:
                return applied, False, True
        bs, af = self._hours(a), self._hours(b)  # read once; later tests use these
        changed, valid = self._cross_hours(a, range(self.m - num, self.m))
        applied = applied or changed
        if valid:
            changed, valid = self._cross_hours(b, range(num))
            applied = applied or changed
        if not valid:
            return applied, False, True
        if O in bs and O in af:
            gap = af.index(O) - bs.index(O)
            return False, (gap == num) if k is not None else gap > 0, True
        changed, valid, complete = self._before_placed(a, b, k, bs, af)
        applied = applied or changed
        if not valid:
            return applied, False, True
        if X in bs or X in af:
            applied = self._cross_blanks(self._before_runs(a, b, k, bs, af)) or applied
        return applied, True, complete

    def _hours(self, x: int) -> list[int | None]:
        """The marks of ``x``'s row of the numeric category."""
        hb = self.num * self.m
        return [self.get(x, hb + i) for i in range(self.m)]

    def _cross_hours(self, x: int, hours: range) -> tuple[bool, bool]:
        """X's at ``x``'s ``hours``: (changed, valid: no O there)."""
        hb = self.num * self.m
        changed = False
        for i in hours:
            sy = self.get(x, hb + i)
            if sy == BLANK:
                changed = True
                self.put(x, hb + i, X)
            elif sy == O:
                return changed, False
        return changed, True

    def _before_placed(self, a: int, b: int, k: int | None, bs: list, af: list
                       ) -> tuple[bool, bool, bool]:
        """One of a, b has its hour: place the other where only one hour is left, else cross
        out the hours on the wrong side. (changed, valid, complete)."""
        num, m = 1 if k is None else k, self.m
        changed = complete = False
        if O in bs:
            bi = bs.index(O)
            if k is not None:
                pos = [bi + num] if af[bi + num] == BLANK else []
            else:
                pos = [i for i in range(bi, m) if af[i] == BLANK]
            changed, valid, complete = self._place_or_clear(b, pos, range(bi))
            if not valid:
                return changed, False, True
        if O in af:
            ai = af.index(O)
            if k is not None:
                pos = [ai - num] if bs[ai - num] == BLANK else []
            else:
                pos = [i for i in range(ai) if bs[i] == BLANK]
            ch, valid, placed = self._place_or_clear(a, pos, range(ai, m))
            changed, complete = changed or ch, complete or placed
            if not valid:
                return changed, False, True
        return changed, True, complete

    def _place_or_clear(self, x: int, pos: list[int], clear: range) -> tuple[bool, bool, bool]:
        """An O at x's only possible hour ``pos``, else X's at its ``clear`` hours:
        (changed, valid, placed)."""
        if not pos:
            return False, False, True
        if len(pos) == 1:
            y = self.num * self.m + pos[0]
            self.put(x, y, O)
            return True, self.cross_out(x, y), True
        changed, valid = self._cross_hours(x, clear)
        return changed, valid, False

    def _before_runs(self, a: int, b: int, k: int | None, bs: list, af: list
                     ) -> list[tuple[int, int]]:
        """The hours X's on a or b rule out for the other, as (entity, hour)."""
        m = self.m
        out = []
        if k is not None:
            # The authors' bounds: i + num < M - 1 (one short) and i - num > -1.
            out += [(b, i + k) for i in range(m) if bs[i] == X and i + k < m - 1]
            out += [(a, i - k) for i in range(m) if af[i] == X and i - k > -1]
        # A leading run of X's for a shifts b's first position; a trailing run for b (stops
        # before index 1) shifts a's last.
        out += [(b, i + 1) for i in takewhile(lambda i: bs[i] == X, range(m - 1))]
        out += [(a, i - 1) for i in takewhile(lambda i: af[i] == X, range(m - 1, 1, -1))]
        return out

    def _cross_blanks(self, cells: list[tuple[int, int]]) -> bool:
        """X's at the blank ones of the (entity, hour) ``cells``, in order: changed?"""
        hb = self.num * self.m
        changed = False
        for x, i in cells:
            if self.get(x, hb + i) == BLANK:
                changed = True
                self.put(x, hb + i, X)
        return changed

    def apply_or(self, a: int, b: int, c: int) -> tuple[bool, bool, bool]:
        """Either ``a`` or ``b`` is ``c``."""
        if self.cat(a) != self.cat(b):
            applied, valid, _ = self.apply_not(a, b)
        else:
            applied, valid = self._others_not(a, b, c)
        if not valid:
            return applied, False, True
        changed, valid, complete = self._exactly_one(a, b, c)
        return applied or changed, valid, complete

    def _others_not(self, a: int, b: int, c: int) -> tuple[bool, bool]:
        """No entity of a's category but a and b is ``c``: (changed, valid)."""
        changed = False
        for e in self.ents(self.cat(a)):
            if e not in (a, b):
                sy = self.get(e, c)
                if sy == O:
                    return changed, False
                if sy == BLANK:
                    changed = True
                    self.put(e, c, X)
        return changed, True

    def _exactly_one(self, a: int, b: int, c: int) -> tuple[bool, bool, bool]:
        """Exactly one of a, b is c: once one is known the other gets the other mark."""
        s1, s2 = self.get(a, c), self.get(b, c)
        if s1 == BLANK and s2 == BLANK:
            return False, True, False
        if s1 == s2:
            return False, False, True
        if s1 == BLANK:
            return True, self._mark(a, c, X if s2 == O else O), True
        if s2 == BLANK:
            return True, self._mark(b, c, X if s1 == O else O), True
        return False, True, True

    def _mark(self, x: int, y: int, v: int) -> bool:
        """Write ``v`` at (x, y); an O crosses out its row and column (valid?)."""
        self.put(x, y, v)
        return self.cross_out(x, y) if v == O else True

    def apply_either(self, p: int, q: int, r: int, s: int) -> tuple[bool, bool, bool]:
        """Either ``p`` is ``q`` or ``r`` is ``s``."""
        ca, cb = self.get(p, q), self.get(r, s)
        if ca == cb:
            return False, ca == BLANK, ca != BLANK
        if {ca, cb} == {X, O}:
            return False, True, True
        ok = True
        if ca == X:
            self.put(r, s, O)
            ok = self.cross_out(r, s)
        elif cb == X:
            self.put(p, q, O)
            ok = self.cross_out(p, q)
        elif ca == O:
            self.put(r, s, X)
        else:
            self.put(p, q, X)
        return True, ok, True

    def apply(self, h: Hint) -> tuple[bool, bool, bool]:
        """Apply one hint by its type's rule."""
        if h.type == "is":
            return self.apply_is(h.a, h.b)
        if h.type == "not":
            return self.apply_not(h.a, h.b)
        if h.type == "before":
            return self.apply_before(h.a, h.b, h.k)
        if h.type == "or":
            return self.apply_or(h.a, h.b, h.c)
        return self.apply_either(h.a, h.b, h.c, h.d)

    # -- the authors' validity tests --------------------------------------------------------
    def _line_counts(self) -> list[int]:
        """Number of O's in every row and column of every subgrid."""
        out = []
        for i in range(self.n):
            for j in range(i + 1, self.n):
                for x in self.ents(i):
                    out.append(sum(self.s[x][y] == O for y in self.ents(j)))
                for y in self.ents(j):
                    out.append(sum(self.s[x][y] == O for x in self.ents(i)))
        return out

    def valid(self) -> bool:
        """The authors' ``is_valid``: at most one O per line and no broken link triangle."""
        if max(self._line_counts()) > 1:
            return False
        for x in range(self.n * self.m):
            t = self.truths(x)
            for c1, c2 in combinations(t, 2):
                e1, e2 = t[c1], t[c2]
                if self.get(e1, e2) == X:
                    return False
                t1, t2 = self.truths(e1), self.truths(e2)
                if t1.get(c2, e2) != e2 or t2.get(c1, e1) != e1:
                    return False
        return True

    def complete(self) -> bool:
        """The authors' ``is_complete``: valid and exactly one O in every line."""
        return self.valid() and all(v == 1 for v in self._line_counts())


def paper_solve(space: Space, hints: list[Hint]) -> tuple[str, int, PaperGrid, list[list[Hint]]]:
    """The authors' ``apply_hints`` loop: (status, loops, final grid, hints tried in each loop).

    ``status`` is ``"solved"`` when the final grid passes the authors' ``is_complete`` (their
    notion of feasible), ``"contradiction"`` when the loop stopped on an invalid flag or the grid
    fails their ``is_valid``, else ``"stuck"``. The hints of each loop are those the pass reached
    (a pass ends early at a hint's own contradiction), duplicates counted once.
    """
    g = PaperGrid(space)
    queue = list(hints)
    loops, applied, valid = 0, True, True
    tried: list[list[Hint]] = []
    while valid and applied and queue:
        applied = False
        loops += 1
        seen: list[Hint] = []
        backlog = []
        for h in queue:
            if h not in seen:
                seen.append(h)
            a, valid, complete = g.apply(h)
            applied = applied or a
            if not complete:
                backlog.append(h)
            if not valid:
                break
            if a:
                a3, valid = g.transitives()
                a2, valid = g.openings()  # overwrites the transitivity verdict, as theirs
                applied = applied or a2 or a3
        tried.append(seen)
        queue = backlog
    if g.complete():
        status = "solved"
    elif not valid or not g.valid():
        status = "contradiction"
    else:
        status = "stuck"
    return status, loops, g, tried
