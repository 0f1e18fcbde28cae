"""Deterministic checks of what the paper says about the puzzle itself (seconds, no runs).

Each function answers one statement of the paper by computation: the heuristic against the
exact distance of every configuration of the paper's d <= 4 puzzles (admissibility, the
change along a move, the branching the Proposition assumes), the heuristic with no ring in
the way, the chance that a k-face is free, the Zipf mutation law, Figure 1's start and Table
3's example move. :func:`puzzle_checks` gathers them for the ledger.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd
from numba import njit

from puzzles.hypercube.evolve import zipf_cdf
from puzzles.hypercube.hardness import PAPER_LEVEL, distances_from
from puzzles.hypercube.instances import instance
from puzzles.hypercube.model import (
    face_table,
    legal_moves,
    make_puzzle,
    max_branching,
    move_problem,
    successors,
    unpack_into,
)

# The check scans the A* heuristic itself, not a copy of it.
from puzzles.hypercube.search import _heuristic, bfs_distances


@njit(cache=True)
def _scan(codes, dist, tgt, d, n, k, faces, branching):
    """Over every configuration of a component: overestimates of the heuristic, the largest
    change of h along a move, the moves lowering h by exactly one (where the strict form
    h(C) < 1 + h(C') fails), configurations with no move, and the least branching of the
    others."""
    pos = np.empty(n, dtype=np.int64)
    cpos = np.empty(n, dtype=np.int64)
    buf = np.empty(branching, dtype=np.int64)
    over = 0
    max_step = 0
    strict_fail = 0
    stuck = 0
    least = branching + 1
    for i in range(codes.shape[0]):
        unpack_into(codes[i], d, n, pos)
        h = _heuristic(pos, tgt, n, k)
        if h > dist[i]:
            over += 1
        c = successors(codes[i], d, n, faces, pos, buf)
        if c == 0:
            stuck += 1
        elif c < least:
            least = c
        for j in range(c):
            unpack_into(buf[j], d, n, cpos)
            hc = _heuristic(cpos, tgt, n, k)
            step = h - hc if h > hc else hc - h
            if step > max_step:
                max_step = step
            if h == hc + 1:
                strict_fail += 1
    return over, max_step, strict_fail, stuck, least


HEURISTIC_COLUMNS = ["d", "k", "configurations", "overestimates", "largest_change",
                     "moves_lowering_h_by_one", "stuck", "least_branching", "bound_2k_1"]


def heuristic_checks(max_d: int = 4) -> pd.DataFrame:
    """The paper's heuristic on every configuration of the paper target's component, for each
    (d, k) with 3 <= d <= ``max_d`` (columns :data:`HEURISTIC_COLUMNS`)."""
    rows = []
    for d in range(3, max_d + 1):
        for k in range(1, d):
            p = instance(d, PAPER_LEVEL).puzzle(k)
            codes, dist = distances_from(p, p.target)
            over, step, strict, stuck, least = _scan(
                codes, dist, np.array(p.target, dtype=np.int64), d, p.n_rings, k,
                face_table(d, k), max_branching(p))
            rows.append({"d": d, "k": k, "configurations": int(codes.shape[0]),
                         "overestimates": int(over), "largest_change": int(step),
                         "moves_lowering_h_by_one": int(strict), "stuck": int(stuck),
                         "least_branching": int(least), "bound_2k_1": (1 << k) - 1})
    return pd.DataFrame(rows, columns=HEURISTIC_COLUMNS)


def unblocked_mismatches(max_d: int = 5) -> tuple[int, int]:
    """(vertices checked, mismatches): with a single ring (no ring in its way), the number of
    k-moves from each vertex to a target is ceil(Hamming / k), the paper's per-ring term."""
    checked = bad = 0
    for d in range(2, max_d + 1):
        for k in range(1, d):
            p = make_puzzle(d, k, {"ring": 0})
            dist = bfs_distances(p, (0,))
            for v in range(1 << d):
                checked += 1
                bad += dist.get(v, -1) != -(-bin(v).count("1") // k)
    return checked, bad


def free_face_share(d: int, rings: int, k: int) -> float:
    """The chance that a given k-face through a ring's vertex holds no other ring, with the
    other rings on uniformly random distinct vertices."""
    return math.comb((1 << d) - (1 << k), rings - 1) / math.comb((1 << d) - 1, rings - 1)


def zipf_table(rings: int, cs) -> pd.DataFrame:
    """The EA's mutation law per exponent c on 1..rings: P(one ring moves) and the mean."""
    rows = []
    for c in cs:
        cdf = zipf_cdf(rings, float(c))
        pmf = np.diff(np.concatenate([[0.0], cdf]))
        rows.append({"c": float(c), "p_one": float(pmf[0]),
                     "mean_rings": float((np.arange(1, rings + 1) * pmf).sum())})
    return pd.DataFrame(rows)


def figure1() -> dict[str, Any]:
    """Figure 1's d=3 level 0 start: rings on their own colour, and where purple can go for
    k = 1 and k = 2 (its neighbours are the vertices one bit away)."""
    inst = instance(3, "0")
    out: dict[str, Any] = {}
    for k in (1, 2):
        p, s = inst.puzzle(k), inst.start(k)
        ring = p.colours.index("purple")
        out[f"purple_k{k}"] = sorted(b for r, _, b in legal_moves(p, s) if r == ring)
        if k == 1:
            out["on_own_colour"] = [c for c, a, b in zip(p.colours, s, p.target, strict=True)
                                    if a == b]
            out["purple_vertex"] = s[ring]
            out["purple_neighbours"] = sorted(s[ring] ^ (1 << i) for i in range(3))
    return out


def table3_example() -> str | None:
    """Table 3's example: green from 6 to 2 in the d=3 level 0 start (k = 2). None when the
    move is legal, else the model's reason."""
    inst = instance(3, "0")
    p = inst.puzzle(2)
    return move_problem(p, inst.start(2), (p.colours.index("green"), 6, 2))


def swapped_rings(d: int = 3, level: str = "3") -> int:
    """How many rings of a level's start are off their target (level 3 of d=3: a swap)."""
    inst = instance(d, level)
    p = inst.puzzle(1)
    return sum(a != b for a, b in zip(inst.start(1), p.target, strict=True))


def puzzle_checks(max_d: int = 4) -> dict[str, Any]:
    """Every check above, for the ledger (a few seconds: one BFS per (d, k) with d <= max_d)."""
    checked, bad = unblocked_mismatches()
    return {"heuristic": heuristic_checks(max_d), "unblocked": (checked, bad),
            "free_face": pd.DataFrame([{"d": d, "rings": n, "k": k,
                                        "share": free_face_share(d, n, k)}
                                       for d, n in ((3, 4), (4, 5), (5, 6))
                                       for k in range(1, d)]),
            "zipf": {n: zipf_table(n, (1.2, 1.4, 1.6, 1.8, 2.0, 2.6, 3.0, 4.0, 5.0, 6.0, 7.0))
                     for n in (4, 5, 6)},
            "figure1": figure1(), "table3_example": table3_example(),
            "swapped": swapped_rings()}


def to_json(checks: dict[str, Any]) -> dict[str, Any]:
    """:func:`puzzle_checks` as JSON (tables as lists of rows, the Zipf tables as columns by
    number of rings), the notebook's ``puzzle_checks.json`` that the ledger reads."""
    return {"heuristic": checks["heuristic"].to_dict("records"),
            "unblocked": list(checks["unblocked"]),
            "free_face": checks["free_face"].to_dict("records"),
            "zipf": {str(n): z.to_dict("list") for n, z in checks["zipf"].items()},
            **{k: checks[k] for k in ("figure1", "table3_example", "swapped")}}
