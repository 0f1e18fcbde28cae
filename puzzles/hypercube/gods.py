"""God's number with the dense BFS: one search per orbit of occupied vertex sets.

A configuration's eccentricity depends only on the orbit of its occupied set under the cube's
symmetries (colour relabelling maps any two configurations on one set onto each other,
:mod:`puzzles.hypercube.hardness`), so God's number is the largest eccentricity over one
configuration per orbit: d = 5 with the paper's 6 rings has 472 orbits (Burnside's bound: 236).
Each search is :func:`dense.dense_distances` (one byte per configuration, 652 MB at d = 5).

How the notebook gets these numbers (experiments of ``puzzles.hypercube.paper.PAPER``):

- ``python -m puzzles run 05 gods_number --store --cache-dir .cache/05`` writes
  ``figures/05_hypercube/gods_number.csv``: the d <= 4 rows (hash-table BFS, every orbit) and
  one row per k for d = 5 from the dense searches, with ``orbits_done`` and ``bound``
  ("exact" when every orbit was searched, "lower" when only ``orbits_done`` of them were:
  God's number is then at least the largest eccentricity found, here the target's). The
  ``dense_complete_k`` knob names the k whose every orbit it searches: none at paper scale
  on this machine (k = 4 alone is 472 searches, 94 of them over 87 million configurations).
- ``python -m puzzles run 05 gods_orbits --store --cache-dir .cache/05`` writes one row per
  orbit searched (``gods_orbits.csv``): the complete k's searches (read from the cache) and
  the first ``dense_orbits_run`` orbits of the other k, whose largest eccentricity is a
  lower bound on their God's number.
- ``python -m puzzles run 05 distances --store --cache-dir .cache/05`` writes
  ``distances.csv``, the distributions from the paper's target for 3 <= d <= 5 (dense BFS);
  the d = 5 searches are gods_number's own, so with the same cache they are read, not rerun.
- The complete d = 5 answer (472 orbits per k; for k = 1, 2, 3 every component holds
  652,458,240 configurations; the cost per orbit is in ``gods_orbits_timing.csv``) is a
  cluster job:
  ``python -m puzzles run 05 gods_orbits_all --scheduler tcp://HOST:8786 --cache-dir DIR
  --store`` (each task needs about 0.7 GB; an interrupted run resumes from ``DIR``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pandas as pd

from puzzles.hypercube.dense import DenseBFS, Workspace, dense_distances, state_space
from puzzles.hypercube.hardness import PAPER_LEVEL, occupancy_orbits
from puzzles.hypercube.instances import instance
from puzzles.hypercube.model import Puzzle

ORBIT_COLUMNS = ["d", "k", "orbit", "occupied", "component_size", "eccentricity"]
BOUNDS = ("exact", "lower")  # every orbit searched / only some: God's number is at least


def paper_puzzle(d: int, k: int) -> Puzzle:
    """The paper's rings and target in dimension d under the k-rule."""
    return instance(d, PAPER_LEVEL).puzzle(k)


def orbit_count(d: int, k: int) -> int:
    """Orbits of the occupied sets of the paper's rings in dimension d."""
    return len(occupancy_orbits(d, paper_puzzle(d, k).n_rings))


def target_search(d: int, k: int) -> DenseBFS:
    """The dense BFS from the paper's target."""
    p = paper_puzzle(d, k)
    return dense_distances(p, p.target)


@lru_cache(maxsize=1)
def _workspace(d: int, n: int) -> Workspace:
    # one 652 MB array at d = 5, kept for the next orbit of the same process
    return Workspace(state_space(d, n))


def orbit_row(d: int, k: int, orbit: int) -> dict[str, Any]:
    """The eccentricity of orbit ``orbit`` (its least set, ring i on its i-th vertex)."""
    p = paper_puzzle(d, k)
    reps = occupancy_orbits(d, p.n_rings)
    if not 0 <= orbit < len(reps):
        raise ValueError(f"orbit must lie in 0..{len(reps) - 1} for d={d}, got {orbit}")
    r = dense_distances(p, reps[orbit], _workspace(d, p.n_rings))
    return {"d": d, "k": k, "orbit": orbit, "occupied": " ".join(map(str, reps[orbit])),
            "component_size": r.size, "eccentricity": r.eccentricity}


def gods_row(target: pd.DataFrame, orbits: pd.DataFrame) -> dict[str, Any]:
    """The gods_number.csv row of one (d, k) from the target's distances (``d,k,distance,count``
    rows, :func:`distance_rows`) and the orbits searched (rows of :data:`ORBIT_COLUMNS`)."""
    if target.empty or target[["d", "k"]].drop_duplicates().shape[0] != 1:
        raise ValueError("gods_row needs the distance rows of exactly one (d, k)")
    d, k = int(target["d"].iloc[0]), int(target["k"].iloc[0])
    total = orbit_count(d, k)
    done = orbits[(orbits["d"] == d) & (orbits["k"] == k)]
    if done["orbit"].duplicated().any():
        raise ValueError(f"d={d} k={k}: an orbit searched twice")
    ecc = int(target["distance"].max())
    best = max([ecc, *done["eccentricity"].tolist()])
    return {"d": d, "k": k, "rings": paper_puzzle(d, k).n_rings,
            "component_size": int(target["count"].sum()), "target_eccentricity": ecc,
            "gods_number": best, "orbits": total,
            "orbits_done": len(done), "bound": BOUNDS[0] if len(done) == total else BOUNDS[1]}


def distance_rows(d: int, k: int) -> list[dict[str, int]]:
    """``d,k,distance,count`` rows of the paper's target (dense BFS)."""
    counts = target_search(d, k).counts
    return [{"d": d, "k": k, "distance": j, "count": c} for j, c in enumerate(counts)]


TIMING_COLUMNS = ["d", "k", "orbit", "component_size", "seconds", "cpu_seconds", "threads",
                  "load"]


def time_orbits(d: int, k: int, orbits: list[int]) -> pd.DataFrame:
    """Wall and CPU seconds (all of numba's threads) of :func:`orbit_row` on each orbit, with
    the thread count and the 1-minute load average after it (a timing file, never a result)."""
    import os
    import time

    import numba

    rows = []
    for orbit in orbits:
        wall, cpu = time.perf_counter(), time.process_time()
        row = orbit_row(d, k, orbit)
        rows.append({"d": d, "k": k, "orbit": orbit, "component_size": row["component_size"],
                     "seconds": round(time.perf_counter() - wall, 2),
                     "cpu_seconds": round(time.process_time() - cpu, 2),
                     "threads": numba.get_num_threads(), "load": round(os.getloadavg()[0], 2)})
    return pd.DataFrame(rows, columns=TIMING_COLUMNS)
