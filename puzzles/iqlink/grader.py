"""A human-style grade: the weakest chain of the paper's deductions that solves a challenge,
then how much guessing is left after the strongest one.

The deductions, weakest first (each includes the ones before it):

0. all legal (Section 9): every piece fits in exactly one place;
1. single-placement elimination (Section 9): place forced pieces, recompute, iterate;
2. pairwise cleanup (Section 10): drop placements that fit beside no placement of another
   piece, to a fixed point;
3. the unwise-placement filter (Section 7) alternated with pairwise cleanup;
4. ball/socket counting (Section 15): also drop a placement that, once down, leaves too many
   balls, sockets or pegs that no remaining placement can reach.

A challenge no deduction solves is searched the way a careful person would: guess a placement
of the piece with the fewest options left, deduce (tier 4) again, and backtrack on a
contradiction. ``guesses`` counts every placement tried over the whole tree (so the count does
not depend on luck in the order), ``depth`` the deepest nesting of guesses. The grade is the
tier (0-4) when a deduction solves the challenge, else ``4 + log2(guesses)`` (at least 5).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from puzzles.iqlink.board import FULL_PEGS, N_PEGS
from puzzles.iqlink.placements import Challenge, table
from puzzles.iqlink.strategies import (
    Domains,
    _compatible,
    all_legal,
    legal_placements,
    pairwise_cleanup,
    single_elimination,
    unwise_filter,
)

TIERS: tuple[str, ...] = ("all legal", "single-placement elimination", "pairwise cleanup",
                          "unwise filter", "ball/socket counting", "search")
SEARCH_TIER = len(TIERS) - 1
# A guard against a runaway search: the hardest of our challenges needs far fewer guesses.
MAX_GUESSES = 200_000


@dataclass(frozen=True)
class Grade:
    """A challenge's grade: tier (index into TIERS), guesses and their depth, and the number."""

    tier: int
    guesses: int
    depth: int

    @property
    def value(self) -> float:
        """The grade: the tier when a deduction solves the challenge, else 4 + log2(guesses)."""
        if self.tier < SEARCH_TIER:
            return float(self.tier)
        return round(SEARCH_TIER - 1 + math.log2(self.guesses), 4)

    @property
    def strategy(self) -> str:
        """Name of the weakest deduction that solves the challenge ('search' if none)."""
        return TIERS[self.tier]


def _solved(dom: Domains) -> bool:
    return all(len(v) == 1 for v in dom.values())


def _dead(dom: Domains) -> bool:
    return any(len(v) == 0 for v in dom.values())


def counting_filter(ch: Challenge, dom: Domains) -> Domains:
    """Drop each placement that, put down, makes Section 15's census impossible given what the
    remaining compatible placements of the other pieces can still reach."""
    t = table()
    ids = np.array(sorted(i for v in dom.values() for i in v), dtype=np.int64)
    if not len(ids):
        return dom
    b = r = c = 0
    for g in ch.given_ids:
        b |= int(t.balls[g])
        r |= int(t.rings[g])
        c |= int(t.circles[g])
    other = _compatible(ids) & (t.piece[ids][:, None] != t.piece[ids][None, :])
    shift = np.arange(N_PEGS)
    weights = 1 << np.arange(N_PEGS, dtype=np.int64)

    def reach(bits: np.ndarray) -> np.ndarray:
        has = ((bits[:, None] >> shift) & 1).astype(np.int64)
        return ((other.astype(np.int64) @ has) > 0).astype(np.int64) @ weights

    cb, cr, cp = reach(t.balls[ids]), reach(t.rings[ids]), reach(t.pegs[ids])
    keep = set()
    for k, i in enumerate(ids):
        bb, rr, cc = b | int(t.balls[i]), r | int(t.rings[i]), c | int(t.circles[i])
        ub = bin(bb & ~rr & ~int(cr[k])).count("1")
        us = bin(rr & ~bb & ~int(cb[k])).count("1")
        e = bin(FULL_PEGS & ~(bb | rr | cc) & ~int(cp[k])).count("1")
        if max(ub, us + 2) <= 4 - e:
            keep.add(int(i))
    return {p: [i for i in v if i in keep] for p, v in dom.items()}


def deduce(ch: Challenge, dom: Domains, tier: int) -> Domains:
    """Run the deductions of tiers 2..``tier`` (pairwise, unwise, counting) to a fixed point."""
    while True:
        before = sum(len(v) for v in dom.values())
        dom = pairwise_cleanup(ch, dom).domains
        if _dead(dom):
            return dom
        if tier >= 3:
            dom = unwise_filter(ch, dom).domains
        if tier >= 4 and not _dead(dom):
            dom = counting_filter(ch, dom)
        if sum(len(v) for v in dom.values()) == before or _dead(dom):
            return dom


def deduction_tier(ch: Challenge) -> int:
    """The weakest deduction tier (0-4) that solves ``ch`` alone, or SEARCH_TIER."""
    if all_legal(ch).solved:
        return 0
    if single_elimination(ch).solved:
        return 1
    dom = legal_placements(ch)
    for tier in (2, 3, 4):
        dom = deduce(ch, dom, tier)
        if _solved(dom):
            return tier
    return SEARCH_TIER


def _search(ch: Challenge, dom: Domains, depth: int, stats: list[int]) -> None:
    """Guess placements of the piece with the fewest options, deducing after every guess."""
    open_ = [p for p, v in dom.items() if len(v) > 1]
    p = min(open_, key=lambda q: (len(dom[q]), q))
    stats[1] = max(stats[1], depth)
    for i in dom[p]:
        stats[0] += 1
        if stats[0] > MAX_GUESSES:
            raise RuntimeError(f"more than {MAX_GUESSES} guesses: grading gave up")
        sub = Challenge(ch.given + (table().placements[i],))
        rest = {q: [j for j in v if not np.any(table().masks[j] & table().masks[i])]
                for q, v in dom.items() if q != p}
        rest = deduce(sub, rest, 4)
        if _dead(rest) or _solved(rest):
            continue
        _search(sub, rest, depth + 1, stats)


def grade(ch: Challenge) -> Grade:
    """Grade a challenge (see the module docstring); meant for challenges with one solution."""
    tier = deduction_tier(ch)
    if tier < SEARCH_TIER:
        return Grade(tier, 0, 0)
    dom = deduce(ch, legal_placements(ch), 4)
    stats = [0, 0]
    _search(ch, dom, 1, stats)
    return Grade(tier, stats[0], stats[1])
