"""A grade a person would recognise: techniques done by eye, each with a cost, applied cheapest
first until the solution stands (a person stops at the solution; uniqueness is the
generator's job, not the grader's).

The techniques, cheapest first (all sound on a challenge with a linked solution):

1. **single** (cost 1): a piece with one placement left goes there.
2. **hole** (cost 2): the 16 balls and 6 circles each cover a peg's centre, so a full board
   leaves exactly 2 of the 24 centres uncovered; once 2 open centres can no longer be covered,
   every other open centre must be: a centre only one piece can cover takes that piece (its
   other placements go; with one placement left it goes down).
3. **link** (cost 3): a linked group of the pieces down must link to a piece still to place;
   when only one piece can reach the group, its placements that do not go.
4. **block** (cost 4): a piece with 2 to 6 placements left; a placement of another piece that
   overlaps all of them would leave it nowhere, so it is crossed out.
5. **case split** (cost 4 per case): a piece with 2 or 3 placements left; each is tried and
   followed by techniques 1-4; a case that leaves some piece without a place (or too many
   uncovered centres, or a group no piece can reach) is crossed out.
6. **guess** (cost 20): nothing above applies; put the piece with the fewest placements in its
   first one and go on; a dead end undoes the guess and crosses that placement out.

Pieces down remove every placement that overlaps them (a person sees the occupied space; no
cost). The grade is the sum of the costs of the techniques applied, in the order a greedy
solver applies them (always the cheapest that makes progress); ``counts`` says how often each
was used. This models a solver, not measured people: no human timing data exists here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import pandas as pd
from numba import njit

from puzzles.iqlink.budget import sample_ids
from puzzles.iqlink.generate import load_challenges
from puzzles.iqlink.pieces import N_PIECES
from puzzles.iqlink.placements import Challenge, check_solution, table
from puzzles.iqlink.search import position

TECHNIQUES: tuple[str, ...] = ("single", "hole", "link", "block", "case split", "guess",
                                "undo")
COSTS = np.array([1, 2, 3, 4, 4, 20, 0], dtype=np.int64)  # case split: per case tried
SINGLE, HOLE, LINK, BLOCK, SPLIT, GUESS, UNDO = range(7)
MAX_SPLIT = 3  # case splits on pieces with at most this many placements left
MAX_BLOCK = 6  # blocking looks at pieces with at most this many placements left
UNCOVERED = 2  # centres a full board leaves uncovered: 24 - (16 balls + 6 circles)
ALL = (1 << N_PIECES) - 1
MAX_STEPS = 100_000  # a guard: no challenge of ours needs more than a few hundred steps
# info slots of a State
USED, NDOWN, DONE = 0, 1, 2


class Tab(NamedTuple):
    """The candidates of one challenge: placement ids and their piece, slots, pegs, centres."""

    ids: np.ndarray
    piece: np.ndarray
    masks: np.ndarray
    pegs: np.ndarray
    centres: np.ndarray
    centre_pegs: np.ndarray  # int64 (n, 3): the pegs of those centres, -1 past the last


class State(NamedTuple):
    """A position on the way: which candidates are left, and the pieces down."""

    alive: np.ndarray  # int8 (n,)
    pm: np.ndarray  # int64 (12,) peg masks of the pieces down
    down: np.ndarray  # int64 (12,) candidate index of each piece placed (-1: a given)
    info: np.ndarray  # int64 [pieces used mask, pieces down, centres covered]


@njit(cache=True)
def _copy(dst, src) -> None:
    dst.alive[:] = src.alive
    dst.pm[:] = src.pm
    dst.down[:] = src.down
    dst.info[:] = src.info


@njit(cache=True)
def _put(tab, st, c: int) -> None:
    """Put candidate ``c`` down: every candidate of its piece or overlapping it goes."""
    p = tab.piece[c]
    for i in range(tab.ids.shape[0]):
        if st.alive[i] and (tab.piece[i] == p or (tab.masks[i, 0] & tab.masks[c, 0]) != 0
                            or (tab.masks[i, 1] & tab.masks[c, 1]) != 0
                            or (tab.masks[i, 2] & tab.masks[c, 2]) != 0):
            st.alive[i] = 0
    st.info[USED] |= 1 << p
    st.pm[st.info[NDOWN]] = tab.pegs[c]
    st.down[st.info[NDOWN]] = c
    st.info[NDOWN] += 1
    st.info[DONE] |= tab.centres[c]


@njit(cache=True)
def _piece_counts(tab, st) -> np.ndarray:
    cnt = np.zeros(N_PIECES, np.int64)
    for i in range(tab.ids.shape[0]):
        if st.alive[i]:
            cnt[tab.piece[i]] += 1
    return cnt


@njit(cache=True)
def _centre_cover(tab, st) -> tuple[np.ndarray, np.ndarray]:
    """Per peg: alive candidates covering its centre, and the pieces they belong to."""
    cnt = np.zeros(24, np.int64)
    who = np.zeros(24, np.int64)
    for i in range(tab.ids.shape[0]):
        if st.alive[i]:
            for k in range(3):
                g = tab.centre_pegs[i, k]
                if g < 0:
                    break
                cnt[g] += 1
                who[g] |= 1 << tab.piece[i]
    return cnt, who


@njit(cache=True)
def _uncoverable(st, cnt) -> int:
    u = 0
    for g in range(24):
        if not (st.info[DONE] >> g) & 1 and cnt[g] == 0:
            u += 1
    return u


@njit(cache=True)
def _group(st, a: int) -> int:
    """Peg union of the linked group of the pieces down holding piece slot ``a``."""
    group = st.pm[a]
    changed = True
    while changed:
        changed = False
        for b in range(st.info[NDOWN]):
            if st.pm[b] & group and (st.pm[b] | group) != group:
                group |= st.pm[b]
                changed = True
    return group


@njit(cache=True)
def _reach(tab, st, pegs: int) -> tuple[int, int]:
    """Alive candidates touching ``pegs``: how many, and the pieces they belong to."""
    n = 0
    who = 0
    for i in range(tab.ids.shape[0]):
        if st.alive[i] and tab.pegs[i] & pegs:
            n += 1
            who |= 1 << tab.piece[i]
    return n, who


@njit(cache=True)
def _alive_census(tab, st) -> tuple[np.ndarray, np.ndarray, int]:
    """One pass over the candidates left: how many per piece, how many cover each peg's
    centre, and the union of their pegs."""
    cnt = np.zeros(N_PIECES, np.int64)
    cover = np.zeros(24, np.int64)
    reach = 0
    for i in range(tab.ids.shape[0]):
        if st.alive[i]:
            cnt[tab.piece[i]] += 1
            reach |= tab.pegs[i]
            for k in range(3):
                g = tab.centre_pegs[i, k]
                if g < 0:
                    break
                cover[g] += 1
    return cnt, cover, reach


@njit(cache=True)
def dead(tab, st) -> bool:
    """Whether the position has no solution by what a person sees: a piece with no placement,
    more than two centres that can never be covered, or a group no piece can reach."""
    if st.info[USED] == ALL:
        return _group(st, 0) != _union(st)
    cnt, cover, reach = _alive_census(tab, st)
    for p in range(N_PIECES):
        if not (st.info[USED] >> p) & 1 and cnt[p] == 0:
            return True
    if _uncoverable(st, cover) > UNCOVERED:
        return True
    seen = 0  # pegs of the groups already checked: a piece on one of them is in that group
    for a in range(st.info[NDOWN]):
        if st.pm[a] & seen:
            continue
        g = _group(st, a)
        seen |= g
        if (g & reach) == 0:  # no candidate left touches the group
            return True
    return False


@njit(cache=True)
def _union(st) -> int:
    u = 0
    for a in range(st.info[NDOWN]):
        u |= st.pm[a]
    return u


@njit(cache=True)
def _only_piece(who: int) -> int:
    """The piece when ``who`` holds exactly one, else -1."""
    if who != 0 and (who & (who - 1)) == 0:
        p = 0
        while not (who >> p) & 1:
            p += 1
        return p
    return -1


@njit(cache=True)
def _restrict(tab, st, p: int, pegs: int, centre: bool) -> bool:
    """Drop piece ``p``'s candidates that miss ``pegs`` (as a centre, or any peg); put the last
    one down. True when something changed."""
    changed = False
    left = -1
    nleft = 0
    for i in range(tab.ids.shape[0]):
        if st.alive[i] and tab.piece[i] == p:
            hit = (tab.centres[i] if centre else tab.pegs[i]) & pegs
            if hit:
                left = i
                nleft += 1
            else:
                st.alive[i] = 0
                changed = True
    if nleft == 1:
        _put(tab, st, left)
        return True
    return changed


@njit(cache=True)
def single(tab, st) -> bool:
    """Technique 1: a piece with one placement left goes there."""
    cnt = _piece_counts(tab, st)
    for i in range(tab.ids.shape[0]):
        if st.alive[i] and cnt[tab.piece[i]] == 1:
            _put(tab, st, i)
            return True
    return False


@njit(cache=True)
def hole(tab, st) -> bool:
    """Technique 2: with both uncovered centres spent, a centre one piece can cover takes it."""
    cnt, who = _centre_cover(tab, st)
    if _uncoverable(st, cnt) != UNCOVERED:
        return False
    for g in range(24):
        if (st.info[DONE] >> g) & 1 or cnt[g] == 0:
            continue
        p = _only_piece(who[g])
        if p >= 0 and _restrict(tab, st, p, 1 << g, True):
            return True
    return False


@njit(cache=True)
def link(tab, st) -> bool:
    """Technique 3: a group of pieces down only one piece can reach takes that piece."""
    if st.info[USED] == ALL:
        return False
    seen = 0  # a group already tried changed nothing: trying it again would not either
    for a in range(st.info[NDOWN]):
        if st.pm[a] & seen:
            continue
        g = _group(st, a)
        seen |= g
        n, who = _reach(tab, st, g)
        p = _only_piece(who)
        if n > 0 and p >= 0 and _restrict(tab, st, p, g, False):
            return True
    return False


@njit(cache=True)
def _collide(tab, a: int, b: int) -> bool:
    return ((tab.masks[a, 0] & tab.masks[b, 0]) | (tab.masks[a, 1] & tab.masks[b, 1])
            | (tab.masks[a, 2] & tab.masks[b, 2])) != 0


@njit(cache=True)
def _blocks_all(tab, c: int, places: np.ndarray, k: int) -> bool:
    """Whether candidate ``c`` overlaps each of the ``k`` candidates ``places[:k]``."""
    for m in range(k):
        if not _collide(tab, c, places[m]):
            return False
    return True


@njit(cache=True)
def _places_of(tab, st, q: int, places: np.ndarray) -> int:
    """Fill ``places`` with piece ``q``'s candidates left (in candidate order); how many."""
    k = 0
    for j in range(tab.ids.shape[0]):
        if st.alive[j] and tab.piece[j] == q:
            places[k] = j
            k += 1
    return k


@njit(cache=True)
def block(tab, st) -> bool:
    """Technique 4: cross out the placements that would leave a piece with 2..MAX_BLOCK
    placements nowhere to go (the first such piece that has any)."""
    cnt = _piece_counts(tab, st)
    places = np.empty(MAX_BLOCK, np.int64)
    for q in range(N_PIECES):
        if (st.info[USED] >> q) & 1 or not 2 <= cnt[q] <= MAX_BLOCK:
            continue
        # q's places are listed once: crossing out another piece's candidate never
        # removes one of q's, so the list stays right through the loop
        k = _places_of(tab, st, q, places)
        changed = False
        for i in range(tab.ids.shape[0]):
            if st.alive[i] and tab.piece[i] != q and _blocks_all(tab, i, places, k):
                st.alive[i] = 0
                changed = True
        if changed:
            return True
    return False


@njit(cache=True)
def _follow_dead(tab, st) -> bool:
    """Follow the techniques 1-4 to a fixed point; whether the position is then dead."""
    while True:
        if dead(tab, st):
            return True
        if st.info[USED] == ALL:
            return False
        if not (single(tab, st) or hole(tab, st) or link(tab, st) or block(tab, st)):
            return False


@njit(cache=True)
def case_split(tab, st, tmp) -> int:
    """Technique 5: cross out the first case (of a piece with 2..MAX_SPLIT placements) that
    techniques 1-4 lead to a dead end; returns the cases tried (0: nothing crossed out)."""
    cnt = _piece_counts(tab, st)
    for size in range(2, MAX_SPLIT + 1):
        for p in range(N_PIECES):
            if (st.info[USED] >> p) & 1 or cnt[p] != size:
                continue
            tried = 0
            for i in range(tab.ids.shape[0]):
                if st.alive[i] and tab.piece[i] == p:
                    tried += 1
                    _copy(tmp, st)
                    _put(tab, tmp, i)
                    if _follow_dead(tab, tmp):
                        st.alive[i] = 0
                        return tried
    return 0


@njit(cache=True)
def _guess_target(tab, st) -> int:
    """The first candidate of the piece with the fewest placements left."""
    cnt = _piece_counts(tab, st)
    best = -1
    for p in range(N_PIECES):
        if not (st.info[USED] >> p) & 1 and (best < 0 or cnt[p] < cnt[best]):
            best = p
    for i in range(tab.ids.shape[0]):
        if st.alive[i] and tab.piece[i] == best:
            return i
    return -1


@njit(cache=True)
def _step(tab, st, tmp, counts) -> int:
    """Apply the cheapest technique that makes progress; its cost (0 when none applies)."""
    if single(tab, st):
        counts[SINGLE] += 1
        return COSTS[SINGLE]
    if hole(tab, st):
        counts[HOLE] += 1
        return COSTS[HOLE]
    if link(tab, st):
        counts[LINK] += 1
        return COSTS[LINK]
    if block(tab, st):
        counts[BLOCK] += 1
        return COSTS[BLOCK]
    tried = case_split(tab, st, tmp)
    if tried:
        counts[SPLIT] += 1
        return COSTS[SPLIT] * tried
    return 0


@njit(cache=True)
def grade_kernel(tab, stack, tmp, counts) -> tuple[int, int]:
    """Greedy cheapest-first solving from ``stack`` level 0 to the first full linked board;
    returns the total cost (-1 if the guard is hit or the start is dead) and the stack level
    holding the solution, and fills ``counts`` per technique.
    ``stack`` holds one saved state per open guess (level k+1 = after guess k)."""
    cost = 0
    depth = 0
    guess = np.full(len(stack.pm), -1, np.int64)
    for _ in range(MAX_STEPS):
        st = State(stack.alive[depth], stack.pm[depth], stack.down[depth], stack.info[depth])
        is_dead = dead(tab, st)
        if st.info[USED] == ALL and not is_dead:
            return cost, depth
        if is_dead:
            if depth == 0:
                return -1, 0
            depth -= 1  # undo the last guess and cross its placement out
            stack.alive[depth, guess[depth]] = 0
            counts[UNDO] += 1
            continue
        c = _step(tab, st, tmp, counts)
        if c:
            cost += c
            continue
        i = _guess_target(tab, st)
        guess[depth] = i
        stack.alive[depth + 1] = stack.alive[depth]
        stack.pm[depth + 1] = stack.pm[depth]
        stack.down[depth + 1] = stack.down[depth]
        stack.info[depth + 1] = stack.info[depth]
        depth += 1
        _put(tab, State(stack.alive[depth], stack.pm[depth], stack.down[depth],
                        stack.info[depth]), i)
        counts[GUESS] += 1
        cost += COSTS[GUESS]
    return -1, 0


@dataclass(frozen=True)
class HumanGrade:
    """A challenge's grade: total cost, uses of each technique, and the solution found."""

    cost: int
    counts: tuple[int, ...]
    solution: tuple[int, ...]

    def as_dict(self) -> dict[str, int]:
        """Technique counts by name, and the grade."""
        out = {name.replace(" ", "_"): n for name, n in zip(TECHNIQUES, self.counts,
                                                           strict=True)}
        out["grade"] = self.cost
        return out


def _tab(ch: Challenge) -> tuple[Tab, np.ndarray]:
    t = table()
    pos = position(ch)
    ids = pos.candidates
    centres = (t.balls | t.circles)[ids]
    centre_pegs = np.full((len(ids), 3), -1, np.int64)
    for i, bits in enumerate(centres):
        pegs = [g for g in range(24) if (int(bits) >> g) & 1]
        centre_pegs[i, :len(pegs)] = pegs
    tab = Tab(ids, t.piece[ids], t.masks[ids], t.pegs[ids], centres, centre_pegs)
    return tab, pos.given_pegs


def _stack(ch: Challenge, tab: Tab, given_pegs: np.ndarray) -> State:
    t = table()
    depth = N_PIECES + 1
    st = State(np.zeros((depth, len(tab.ids)), np.int8), np.zeros((depth, N_PIECES), np.int64),
               np.full((depth, N_PIECES), -1, np.int64), np.zeros((depth, 3), np.int64))
    st.alive[0] = 1
    for k, i in enumerate(ch.given_ids):
        st.pm[0, k] = given_pegs[k]
        st.info[0, USED] |= 1 << int(t.piece[i])
        st.info[0, DONE] |= int(t.balls[i] | t.circles[i])
    st.info[0, NDOWN] = len(ch.given)
    return st


def human_grade(ch: Challenge) -> HumanGrade:
    """Grade ``ch`` (see the module docstring); RuntimeError if no solution is reached."""
    if not isinstance(ch, Challenge):
        raise ValueError(f"expected a Challenge, got {type(ch).__name__}")
    tab, given_pegs = _tab(ch)
    stack = _stack(ch, tab, given_pegs)
    tmp = State(np.zeros(len(tab.ids), np.int8), np.zeros(N_PIECES, np.int64),
                np.zeros(N_PIECES, np.int64), np.zeros(3, np.int64))
    counts = np.zeros(len(TECHNIQUES), np.int64)
    cost, final = grade_kernel(tab, stack, tmp, counts)
    if cost < 0:
        raise RuntimeError(f"grading challenge {ch.id} reached no solution")
    down = stack.down[final, len(ch.given):]
    sol = tuple(int(tab.ids[i]) for i in down)
    problems = check_solution(ch, [table().placements[i] for i in sol])
    if problems:
        raise RuntimeError(f"grader reached an invalid board on {ch.id}: {problems}")
    return HumanGrade(int(cost), tuple(int(x) for x in counts), sol)


def grade_rows(challenges: Sequence[Challenge]) -> pd.DataFrame:
    """``grade_techniques.csv``: id, level, the uses of each technique, and the grade."""
    rows = [{"id": ch.id, "level": ch.level, **human_grade(ch).as_dict()} for ch in challenges]
    return pd.DataFrame(rows)


def solved_by(row: pd.Series, upto: str) -> bool:
    """Whether a graded challenge used no technique beyond ``upto`` (a name in TECHNIQUES)."""
    if upto not in TECHNIQUES:
        raise ValueError(f"upto must be one of {TECHNIQUES}, got {upto!r}")
    later = TECHNIQUES[TECHNIQUES.index(upto) + 1:]
    return all(row[t.replace(" ", "_")] == 0 for t in later)


def profile_table(grades: pd.DataFrame) -> pd.DataFrame:
    """Per level: challenges, how many the techniques up to each one solve (a technique and
    the cheaper ones only), the median grade and how many distinct grades the level holds."""
    rows = []
    for level, g in grades.groupby("level", sort=False):
        r = {"level": level, "challenges": len(g)}
        for t in TECHNIQUES[:5]:
            r[f"solved up to {t}"] = int(g.apply(solved_by, axis=1, upto=t).sum())
        r["median grade"] = float(g["grade"].median())
        r["distinct grades"] = int(g["grade"].nunique())
        rows.append(r)
    out = pd.DataFrame(rows)
    total = {"level": "total", **{c: int(out[c].sum()) for c in out.columns
                                  if c.startswith("solved") or c == "challenges"}}
    total["median grade"] = float(grades["grade"].median())
    total["distinct grades"] = int(grades["grade"].nunique())
    return pd.concat([out, pd.DataFrame([total])], ignore_index=True)


def grade_sample(n: int) -> pd.DataFrame:
    """``grade_rows`` on ``n`` challenges spread over 1..120 (all for n >= 120)."""
    chs = load_challenges()
    return grade_rows([chs[i - 1] for i in sample_ids(n)])
