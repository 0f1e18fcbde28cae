"""How hard is the puzzle? Distances from the paper's target, eccentricities and God's number.

The move graph is invariant under the cube's symmetries (coordinate permutations and bit
flips, the hyperoctahedral group of order 2^d d!) and under colour relabelling (a move does not
look at colours). Two configurations with the same set of occupied vertices differ by a
relabelling, so a configuration's eccentricity (its largest distance to a configuration it
can reach) depends only on the orbit of its occupied set under the cube group. God's number
(the largest distance between two mutually reachable configurations) is therefore the largest
eccentricity over one configuration per orbit: a handful of plain BFS runs per (d, k).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import numpy as np
import pandas as pd

from puzzles.core.storage import read_stored
from puzzles.hypercube.budget import D5_FILE
from puzzles.hypercube.dense import orbit_representatives
from puzzles.hypercube.instances import instance
from puzzles.hypercube.model import Puzzle, move_graph, pack, unpack
from puzzles.hypercube.search import _bfs_distances

# The paper's target for each d (the code levels' target; level 0 gives it).
PAPER_LEVEL = "0"


def cube_group(d: int) -> np.ndarray:
    """Every symmetry of Q^d as a vertex map: ``[g, v]`` = image of v (2^d d! rows)."""
    if not 1 <= d <= 6:
        raise ValueError(f"d must lie in 1..6, got {d}")
    maps = []
    for perm in itertools.permutations(range(d)):
        for flip in range(1 << d):
            row = []
            for v in range(1 << d):
                u = 0
                for i, j in enumerate(perm):
                    u |= ((v >> i) & 1) << j
                row.append(u ^ flip)
            maps.append(row)
    return np.array(maps, dtype=np.int64)


def occupancy_orbits(d: int, n: int) -> list[tuple[int, ...]]:
    """One occupied vertex set per orbit: the one of least bitmask, as a sorted tuple (in
    increasing order of that mask; a byte per set of marks, :func:`dense.orbit_representatives`:
    d = 5, n = 6 takes 906,192 bytes and half a second)."""
    if not 1 <= n <= 1 << d:
        raise ValueError(f"n must lie in 1..{1 << d}, got {n}")
    return list(_orbits(d, n))


@lru_cache(maxsize=8)
def _orbits(d: int, n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(orbit_representatives(cube_group(d), n))


def distances_from(puzzle: Puzzle, config: Iterable[int], max_states: int = 20_000_000
                   ) -> tuple[np.ndarray, np.ndarray]:
    """(packed codes, distances) of every configuration reachable from ``config``."""
    codes, dist = _bfs_distances(np.int64(pack(tuple(config), puzzle.d)), move_graph(puzzle),
                                 int(max_states))
    if codes.shape[0] == 0:
        raise ValueError(f"component larger than max_states={max_states}")
    return codes, dist


def distance_counts(dist: np.ndarray) -> pd.Series:
    """Number of configurations at each distance (index: distance)."""
    counts = np.bincount(dist)
    return pd.Series(counts, index=pd.RangeIndex(len(counts), name="distance"), name="count")


def gods_number(d: int, k: int) -> dict:
    """God's number of the (d, k) puzzle with the paper's rings, and the hardest start found.

    Returns rings, the paper target's component size and eccentricity, God's number, the
    number of orbits, and ``hardest``: a configuration at the eccentricity of the paper's
    target (a hardest start for that target).
    """
    p = instance(d, PAPER_LEVEL).puzzle(k)
    n = p.n_rings
    codes, dist = distances_from(p, p.target)
    best = 0
    orbits = occupancy_orbits(d, n)
    for rep in orbits:
        _, dd = distances_from(p, rep)
        best = max(best, int(dd.max()))
    return {"d": d, "k": k, "rings": n, "component_size": int(codes.shape[0]),
            "target_eccentricity": int(dist.max()), "gods_number": best,
            "orbits": len(orbits), "hardest": _farthest(p, codes, dist)}


def _farthest(puzzle: Puzzle, codes: np.ndarray, dist: np.ndarray) -> tuple[int, ...]:
    """The first configuration at the largest distance, in breadth-first order."""
    return tuple(unpack(int(codes[int(np.argmax(dist))]), puzzle.d, puzzle.n_rings))


def hardest_start(puzzle: Puzzle) -> tuple[int, ...]:
    """A configuration as far from ``puzzle``'s target as any (the first at the target's
    eccentricity in breadth-first order, so always the same one)."""
    return _farthest(puzzle, *distances_from(puzzle, puzzle.target))


GODS_COLUMNS = ["d", "k", "rings", "component_size", "target_eccentricity", "gods_number",
                "orbits"]


def level_percentiles(results: pd.DataFrame, distances: pd.DataFrame) -> pd.DataFrame:
    """Each level's optimum as a percentile of its (d, k) distance distribution from the target.

    ``share_closer`` is the share of the target's component strictly closer than the level,
    ``share_at_most`` the share at most as far (the level's percentile lies between them).
    """
    rows = []
    for r in results.dropna(subset=["optimal"]).itertuples():
        dd = distances[(distances["d"] == r.d) & (distances["k"] == r.k)]
        if dd.empty:
            continue
        total = dd["count"].sum()
        rows.append({"d": r.d, "k": r.k, "level": r.level, "optimal": int(r.optimal),
                     "share_closer": round(float(dd.loc[dd["distance"] < r.optimal,
                                                        "count"].sum() / total), 4),
                     "share_at_most": round(float(dd.loc[dd["distance"] <= r.optimal,
                                                         "count"].sum() / total), 4),
                     "eccentricity": int(dd["distance"].max())})
    return pd.DataFrame(rows)


def orbit_count_bound(d: int, n: int) -> int:
    """Lower bound on the number of orbits: C(2^d, n) / |group|, the count only were no set
    fixed by a symmetry other than the identity (Burnside's lemma adds the fixed points)."""
    return math.ceil(math.comb(1 << d, n) / (math.factorial(d) << d))


def check_distances(distances: pd.DataFrame) -> int:
    """Recompute the distribution from the paper's target for every stored (d, k); return how
    many (d, k) were checked. A stored table that disagrees is an error."""
    checked = 0
    for (d, k), g in distances.groupby(["d", "k"]):
        p = instance(int(d), PAPER_LEVEL).puzzle(int(k))
        _, dist = distances_from(p, p.target)
        now = distance_counts(dist)
        stored = g.set_index("distance")["count"]
        if now.tolist() != stored.sort_index().tolist():
            raise ValueError(f"stored distances for d={d} k={k} differ from a fresh BFS")
        checked += 1
    return checked


def target_distances(d: int, k: int, max_states: int = 100_000_000) -> pd.DataFrame:
    """``d,k,distance,count``: the distances of the paper's target's whole component from it
    (one plain BFS; d = 5, k = 4 holds 87,102,720 configurations, about 10 GB at its peak)."""
    p = instance(d, PAPER_LEVEL).puzzle(k)
    _, dist = distances_from(p, p.target, max_states)
    counts = distance_counts(dist)
    return pd.DataFrame({"d": d, "k": k, "distance": counts.index, "count": counts.values})


def stored_d5_distances() -> pd.DataFrame:
    """The stored :func:`target_distances` of d=5 k=4 (too large to recompute in a notebook)."""
    return read_stored(Path(__file__).parent / "data" / D5_FILE)
