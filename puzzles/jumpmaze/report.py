"""What the report states, typed: its protocol and its best puzzle, read from the paper's numbers.

The numbers live once, in ``reference/protocol.csv`` (every budget and parameter the report's
tasks set, each row naming its source) and ``reference/best_puzzle.csv`` (its printed n = 11
puzzle: the jump in each cell and the BFS depth printed beneath it); this module only reads
them through ``PAPER.reference`` and gives them types.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import pandas as pd

GOAL = "G"


@dataclass(frozen=True)
class Report:
    """The report's protocol: budgets per n and the optimisers' parameters."""

    best_score: int  # the goal depth printed for its best puzzle
    runs: int  # runs per (algorithm, n)
    sizes: tuple[int, ...]
    hc: dict[int, int]  # iterations per run, by n
    restarts: dict[int, int]  # total iterations of the 10 climbs, by n
    walk: dict[int, int]
    sa: dict[int, int]
    restarts_count: int
    walk_p: float
    sa_t0: float
    sa_cool: float
    ga_pop: dict[int, int]
    ga_generations: int
    ga_mutation: float
    ga_clone: float
    ga_select: float
    hc_plateau_after: int  # Task 3's plateau "after the 2000th iteration" (n = 7)


def _protocol() -> pd.DataFrame:
    from puzzles.jumpmaze.paper import PAPER  # the paper reads this module's types

    return PAPER.reference("protocol")


@cache
def report() -> Report:
    """The report's protocol, from ``reference/protocol.csv``."""
    table = _protocol()
    scalar = table[table["n"].isna()].set_index("parameter")["value"]
    per_n = table[table["n"].notna()]

    def by_n(name: str) -> dict[int, int]:
        rows = per_n[per_n["parameter"] == name]
        if rows.empty:
            raise ValueError(f"reference/protocol.csv has no rows {name!r}")
        return {int(n): int(v) for n, v in zip(rows["n"], rows["value"], strict=True)}

    hc = by_n("hc_iterations")
    return Report(
        best_score=int(scalar["best_score"]), runs=int(scalar["runs"]), sizes=tuple(hc),
        hc=hc, restarts=by_n("restarts_iterations"), walk=by_n("walk_iterations"),
        sa=by_n("sa_iterations"), restarts_count=int(scalar["restarts"]),
        walk_p=float(scalar["walk_p"]), sa_t0=float(scalar["sa_t0"]),
        sa_cool=float(scalar["sa_cool"]), ga_pop=by_n("ga_population"),
        ga_generations=int(scalar["ga_generations"]), ga_mutation=float(scalar["ga_mutation"]),
        ga_clone=float(scalar["ga_clone"]), ga_select=float(scalar["ga_select"]),
        hc_plateau_after=int(scalar["hc_plateau_after"]))


@cache
def _best_puzzle() -> tuple[np.ndarray, np.ndarray]:
    from puzzles.jumpmaze.paper import PAPER

    cells = PAPER.reference("best_puzzle")
    n = int(cells["row"].max()) + 1
    jumps = np.zeros((n, n), np.int64)
    depths = np.zeros((n, n), np.int64)
    for r, c, jump, depth in zip(cells["row"], cells["col"], cells["jump"], cells["depth"],
                                 strict=True):
        jumps[r, c] = 0 if str(jump) == GOAL else int(jump)
        depths[r, c] = int(depth)
    return jumps, depths


def report_puzzle() -> np.ndarray:
    """The report's best n = 11 puzzle (goal = 0), a fresh copy."""
    return _best_puzzle()[0].copy()


def report_depths() -> np.ndarray:
    """The BFS depths printed beneath each cell of the report's puzzle (-1 = unreachable)."""
    return _best_puzzle()[1].copy()
