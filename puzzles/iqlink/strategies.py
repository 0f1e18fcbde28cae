"""The paper's strategies, each runnable alone and reporting what it decided.

- ``all_legal`` (Section 9): every legal placement of every missing piece; it solves a challenge
  when each piece fits in exactly one place.
- ``single_elimination`` (Section 9): a piece with one legal placement must go there; place it,
  recompute, iterate.
- ``pairwise_cleanup`` (Section 10): drop a placement that no placement of some other piece can
  sit beside; iterate (this subsumes single elimination).
- ``unwise_filter`` (Section 7): drop placements whose ring can never hold a ball while a twin
  placement covers the same pegs; such a placement would give a second solution.
- ``heat_map`` / ``heat_sort`` (Section 12): how many candidate placements cover each slot, and
  placements ordered to cover the rarest slots first.
- ``first_moves`` (Section 13, Fig. 24): legal first moves and those linked to a given piece.
- ``ball_socket_census`` (Section 15): balls, sockets and pegs that can no longer be matched.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from puzzles.iqlink.board import FULL_PEGS, N_PEGS, N_WORDS, SLOTS_PER_PEG
from puzzles.iqlink.pieces import PIECE_NAMES
from puzzles.iqlink.placements import Challenge, Placement, is_connected, slot_matrix, table
from puzzles.iqlink.search import position

Domains = dict[int, list[int]]
STRATEGY_ORDER = ("all legal", "single-placement elimination", "pairwise cleanup")


@dataclass
class StrategyReport:
    """What a strategy decided: remaining placements per missing piece, forced ones, notes."""

    strategy: str
    domains: Domains
    forced: list[int] = field(default_factory=list)
    removed: int = 0
    notes: list[str] = field(default_factory=list)
    contradiction: bool = False

    @property
    def solved(self) -> bool:
        """Whether every missing piece is left with exactly one placement (and they fit)."""
        if self.contradiction or any(len(v) != 1 for v in self.domains.values()):
            return False
        ids = [v[0] for v in self.domains.values()]
        t = table()
        occ = np.zeros(N_WORDS, dtype=np.uint64)
        for i in ids:
            if np.any(occ & t.masks[i]):
                return False
            occ |= t.masks[i]
        return True

    @property
    def placements(self) -> int:
        """Total placements left over all missing pieces."""
        return sum(len(v) for v in self.domains.values())

    @property
    def combinations(self) -> int:
        """Combinations a plain brute force would try: the product of the domain sizes."""
        return math.prod(len(v) for v in self.domains.values())


def _compatible(ids: np.ndarray) -> np.ndarray:
    """Boolean matrix: placements i and j (positions in ``ids``) claim no common slot."""
    m = table().masks[ids]
    clash = np.zeros((len(ids), len(ids)), dtype=bool)
    for w in range(N_WORDS):
        clash |= (m[:, None, w] & m[None, :, w]) != 0
    return ~clash


def legal_placements(ch: Challenge, placed: list[int] | tuple[int, ...] = ()) -> Domains:
    """Legal placements (ids) of every missing piece beside the givens and ``placed`` ids."""
    pos = position(ch, placed)
    piece = table().piece
    return {p: [int(i) for i in pos.candidates if piece[i] == p] for p in pos.missing}


def all_legal(ch: Challenge) -> StrategyReport:
    """Section 9, 'all legal': tabulate every legal placement; solved if each piece has one."""
    dom = legal_placements(ch)
    notes = [f"{PIECE_NAMES[p]}: {len(v)} legal placement{'s' if len(v) != 1 else ''}"
             for p, v in dom.items()]
    return StrategyReport("all legal", dom, notes=notes,
                          contradiction=any(not v for v in dom.values()))


def single_elimination(ch: Challenge) -> StrategyReport:
    """Section 9: place every piece that has exactly one legal placement, recompute, iterate."""
    forced: list[int] = []
    notes: list[str] = []
    t = table()
    start = sum(len(v) for v in legal_placements(ch).values())
    rounds = 0
    while True:
        dom = legal_placements(ch, forced)
        if any(not v for v in dom.values()):
            return StrategyReport("single-placement elimination", dom, forced,
                                  notes=notes + ["a piece has no legal placement left"],
                                  contradiction=True)
        single = [v[0] for v in dom.values() if len(v) == 1]
        if not single or len(single) == len(dom):
            break
        rounds += 1
        occ = np.zeros(N_WORDS, dtype=np.uint64)
        for i in single:
            if np.any(occ & t.masks[i]):
                return StrategyReport("single-placement elimination", dom, forced,
                                      notes=notes + ["two forced placements collide"],
                                      contradiction=True)
            occ |= t.masks[i]
            forced.append(i)
            notes.append(f"round {rounds}: {PIECE_NAMES[t.piece[i]]} has one legal placement "
                         f"{t.placements[i].to_json()}")
    full = {int(t.piece[i]): [i] for i in forced}
    full.update(dom)
    full = dict(sorted(full.items()))
    removed = start - sum(len(v) for v in full.values())
    return StrategyReport("single-placement elimination", full, forced, removed, notes)


def pairwise_cleanup(ch: Challenge, domains: Domains | None = None) -> StrategyReport:
    """Section 10: drop placements that no placement of another missing piece can sit beside.

    Iterated to a fixed point (arc consistency); a piece left with one placement then forces
    its neighbours' domains, so this includes single-placement elimination.
    """
    dom = {p: list(v) for p, v in (domains or legal_placements(ch)).items()}
    start = sum(len(v) for v in dom.values())
    ids = np.array(sorted(i for v in dom.values() for i in v), dtype=np.int64)
    where = {int(i): k for k, i in enumerate(ids)}
    comp = _compatible(ids) if len(ids) else np.zeros((0, 0), dtype=bool)
    notes: list[str] = []
    alive = np.zeros(len(ids), dtype=bool)
    for v in dom.values():
        alive[[where[i] for i in v]] = True
    pieces = list(dom)
    member = {p: np.array([where[i] for i in dom[p]], dtype=np.int64) for p in pieces}
    changed = True
    while changed:
        changed = False
        for p in pieces:
            rows = member[p][alive[member[p]]]
            for q in pieces:
                if q == p or not len(rows):
                    continue
                cols = member[q][alive[member[q]]]
                ok = comp[np.ix_(rows, cols)].any(axis=1) if len(cols) else np.zeros(
                    len(rows), dtype=bool)
                if not ok.all():
                    for k in rows[~ok]:
                        notes.append(f"{table().placements[ids[k]].to_json()} fits beside no "
                                     f"placement of {PIECE_NAMES[q]}")
                    alive[rows[~ok]] = False
                    rows = rows[ok]
                    changed = True
    out = {p: [int(ids[k]) for k in member[p] if alive[k]] for p in pieces}
    removed = start - sum(len(v) for v in out.values())
    forced = [v[0] for v in out.values() if len(v) == 1]
    return StrategyReport("pairwise cleanup", out, forced, removed, notes,
                          contradiction=any(not v for v in out.values()))


def dead_ring_pegs(ch: Challenge, domains: Domains) -> dict[int, int]:
    """Pegs (mask) where each candidate placement has an open ring no ball can ever fill.

    A ring is live when a given piece or a candidate placement of another missing piece that
    fits beside the placement stands on the same peg (it can only be a ball inside the ring).
    """
    t = table()
    ids = np.array(sorted(i for v in domains.values() for i in v), dtype=np.int64)
    given = 0
    for g in ch.given_ids:
        given |= int(t.pegs[g])
    if not len(ids):
        return {}
    other = _compatible(ids) & (t.piece[ids][:, None] != t.piece[ids][None, :])
    has = ((t.pegs[ids][:, None] >> np.arange(N_PEGS)) & 1).astype(np.int64)
    reach = (other.astype(np.int64) @ has) > 0
    weights = 1 << np.arange(N_PEGS, dtype=np.int64)
    reach_mask = (reach * weights).sum(axis=1) | given
    return {int(i): int(t.rings[i]) & ~int(r) for i, r in zip(ids, reach_mask, strict=True)}


def _keep_mask(dead_pegs: int) -> np.ndarray:
    words = np.full(N_WORDS, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    for peg in range(N_PEGS):
        if (dead_pegs >> peg) & 1:
            for k in range(SLOTS_PER_PEG):
                s = peg * SLOTS_PER_PEG + k
                words[s >> 6] &= ~(np.uint64(1) << np.uint64(s & 63))
    return words


def unwise_filter(ch: Challenge, domains: Domains | None = None) -> StrategyReport:
    """Section 7: drop placements that cannot be in a unique solution.

    If placement P's open ring can never hold a ball and another placement P' of the same
    piece covers the same pegs with the same slots everywhere else, a solution using P would
    also be a solution with P' (nothing else stands on that peg): the challenge would have two
    solutions. Only valid for challenges known to have exactly one solution.
    """
    t = table()
    dom = {p: list(v) for p, v in (domains or legal_placements(ch)).items()}
    start = sum(len(v) for v in dom.values())
    notes: list[str] = []
    out: Domains = {}
    dead_of = dead_ring_pegs(ch, dom)
    for p, v in dom.items():
        keep_ids = []
        for i in v:
            dead = dead_of[i]
            twin = -1
            if dead:
                keep = _keep_mask(dead)
                for j in v:
                    if j != i and t.pegs[j] == t.pegs[i] and np.array_equal(
                            t.masks[j] & keep, t.masks[i] & keep):
                        twin = j
                        break
            if twin >= 0:
                notes.append(f"{t.placements[i].to_json()} is unwise: its ring stays empty and "
                             f"{t.placements[twin].to_json()} would do the same")
            else:
                keep_ids.append(i)
        out[p] = keep_ids
    removed = start - sum(len(v) for v in out.values())
    return StrategyReport("unwise filter", out, [v[0] for v in out.values() if len(v) == 1],
                          removed, notes, contradiction=any(not v for v in out.values()))


def basic_cleanup(ch: Challenge) -> StrategyReport:
    """Section 11's 'basic cleanup': unwise filter, then pairwise cleanup to a fixed point."""
    first = unwise_filter(ch)
    rep = pairwise_cleanup(ch, first.domains)
    start = sum(len(v) for v in legal_placements(ch).values())
    return StrategyReport("basic cleanup", rep.domains, rep.forced,
                          start - rep.placements, first.notes + rep.notes, rep.contradiction)


def heat_map(ch: Challenge, domains: Domains | None = None) -> np.ndarray:
    """Section 12: for each of the 168 slots, how many candidate placements claim it."""
    dom = domains if domains is not None else legal_placements(ch)
    ids = np.array([i for v in dom.values() for i in v], dtype=np.int64)
    return slot_matrix()[ids].sum(axis=0).astype(np.int64)


def heat_scores(ids: list[int], heat: np.ndarray) -> list[tuple[int, int]]:
    """(coldest slot's heat, total heat) of each placement: small = covers hard-to-reach slots."""
    sm = slot_matrix()[np.asarray(ids, dtype=np.int64)]
    coldest = np.where(sm, heat[None, :], np.iinfo(np.int64).max).min(axis=1)
    total = (sm * heat[None, :]).sum(axis=1)
    return [(int(a), int(b)) for a, b in zip(coldest, total, strict=True)]


def heat_sort(ch: Challenge, domains: Domains | None = None) -> Domains:
    """Section 12, 'heatsort': each piece's placements, those covering the rarest slots first."""
    dom = domains if domains is not None else legal_placements(ch)
    heat = heat_map(ch, dom)
    out = {}
    for p, v in dom.items():
        scores = heat_scores(v, heat)
        out[p] = [i for _, i in sorted(zip(scores, v, strict=True))]
    return out


def heat_order(ch: Challenge, domains: Domains) -> list[int]:
    """Candidate placement ids, piece by piece, each piece's list heat-sorted."""
    return [i for v in heat_sort(ch, domains).values() for i in v]


def solution_rank(domains: Domains, solution: list[int]) -> int:
    """Which combination (1-based) a brute force over ``domains`` (pieces in ascending order,
    the last varying fastest) reaches the solution at; 0 when the solution is not in them."""
    sol = {int(table().piece[i]): i for i in solution}
    rank = 0
    for p in sorted(domains):
        v = domains[p]
        if sol.get(p) not in v:
            return 0
        rank = rank * len(v) + v.index(sol[p])
    return rank + 1


def first_moves(ch: Challenge) -> tuple[int, int]:
    """Section 13 / Fig. 24: (legal first moves, those linked to a given piece)."""
    t = table()
    pos = position(ch)
    given = 0
    for g in ch.given_ids:
        given |= int(t.pegs[g])
    linkable = int(np.count_nonzero(t.pegs[pos.candidates] & given)) if given else len(
        pos.candidates)
    return len(pos.candidates), linkable


def ball_socket_census(ch: Challenge, placed: list[int] | tuple[int, ...] = ()) -> dict:
    """Section 15: balls, sockets and pegs that no remaining placement can match or fill.

    With all 12 pieces down the census must be one of (unmatched balls, unmatched sockets,
    empty pegs) = (2, 0, 2), (3, 1, 1), (4, 2, 0) (the solvers prune with
    :func:`puzzles.iqlink.search.counting_dead`).
    """
    t = table()
    pos = position(ch, placed)
    cand = pos.candidates
    cb = int(np.bitwise_or.reduce(t.balls[cand])) if len(cand) else 0
    cr = int(np.bitwise_or.reduce(t.rings[cand])) if len(cand) else 0
    cp = int(np.bitwise_or.reduce(t.pegs[cand])) if len(cand) else 0
    b, r, c = pos.balls, pos.rings, pos.circles
    ub = bin(b & ~r & ~cr).count("1")
    us = bin(r & ~b & ~cb).count("1")
    e = bin(FULL_PEGS & ~(b | r | c) & ~cp).count("1")
    return {"unmatched_balls": ub, "unmatched_sockets": us, "empty_pegs": e}


def strongest_alone(ch: Challenge) -> str:
    """The first of all legal / single elimination / pairwise cleanup that solves ``ch`` alone,
    or 'search' when none does."""
    for fn in (all_legal, single_elimination, pairwise_cleanup):
        rep = fn(ch)
        if rep.solved:
            return rep.strategy
    return "search"


def solved_placements(rep: StrategyReport) -> list[Placement]:
    """The placements a solving report decided (its single placement per missing piece)."""
    if not rep.solved:
        raise ValueError(f"strategy {rep.strategy!r} did not solve the challenge")
    t = table()
    return [t.placements[v[0]] for v in rep.domains.values()]


def is_linked_solution(ch: Challenge, ids: list[int]) -> bool:
    """Whether givens plus the placement ids form one linked group."""
    return is_connected(ch.given_ids + list(ids))
