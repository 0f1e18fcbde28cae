"""God's number with the dense BFS: one search per orbit of occupied vertex sets.

A configuration's eccentricity depends only on the orbit of its occupied set under the cube's
symmetries (colour relabelling maps any two configurations on one set onto each other,
:mod:`puzzles.hypercube.hardness`), so God's number is the largest eccentricity over one
configuration per orbit: d = 5 with the paper's 6 rings has 472 orbits (the enumeration; C(32, 6)
/ 3840 = 236, :func:`hardness.orbit_count_bound`, is only a lower bound on that count, reached
were no occupied set left fixed by a symmetry other than the identity).
Each search is :func:`dense.dense_distances` (one byte per configuration, 652 MB at d = 5).

How the notebook gets these numbers (experiments of ``puzzles.hypercube.paper.PAPER``):

- ``python -m puzzles run 05 gods_number --store --cache-dir .cache/05`` writes
  ``figures/05_hypercube/gods_number.csv``: the d <= 4 rows (hash-table BFS, every orbit) and
  one row per k for d = 5 from the dense searches, with ``orbits_done`` and ``bound``
  ("exact" when every orbit was searched, "lower" when only ``orbits_done`` of them were:
  God's number is then at least the largest eccentricity found, here the target's), made
  exact where the stored gods_bounded run closed its bounds (:func:`settle_by_bounds`;
  ``how`` says which: "every orbit searched", "bounds meet", "lower bound"). The
  ``dense_complete_k`` knob names the k whose every orbit it searches: none at paper scale
  on this machine (k = 4 alone is 472 searches, 94 of them over 87 million configurations).
- ``python -m puzzles run 05 gods_orbits --store --cache-dir .cache/05`` writes one row per
  orbit searched (``gods_orbits.csv``): the complete k's searches (read from the cache) and
  the first ``dense_orbits_run`` orbits of the other k, whose largest eccentricity is a
  lower bound on their God's number.
- ``python -m puzzles run 05 distances --store --cache-dir .cache/05`` writes
  ``distances.csv``, the distributions from the paper's target for 3 <= d <= 5 (dense BFS);
  the d = 5 searches are gods_number's own, so with the same cache they are read, not rerun.
- ``python -m puzzles run 05 gods_bounded --store`` writes ``gods_bounded.csv``: God's
  number of the ``bounded_cases`` (d = 5, k = 4) searching only the orbits that bounds leave
  open (:func:`bounded_gods_number`), exact when they close, else [lower, upper].
- The complete d = 5 answer (472 orbits per k; for k = 1, 2, 3 every component holds
  652,458,240 configurations; the CPU seconds of one search per k are in
  ``timing_gods_orbits.csv``, written by ``time_orbits(d, k, [orbit])``, and the notebook's
  sentence multiplies each k's searches left by that k's measured cost) is a cluster job:
  ``python -m puzzles run 05 gods_orbits_all --scheduler tcp://HOST:8786 --cache-dir DIR
  --store`` (each task needs about 0.7 GB; an interrupted run resumes from ``DIR``).
"""

from __future__ import annotations

import os
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

import numba
import numpy as np
import pandas as pd

from puzzles.core.storage import read_stored
from puzzles.hypercube.budget import BOUNDED_FILE, ORBIT_TIMES_FILE
from puzzles.hypercube.dense import (
    UNSEEN,
    DenseBFS,
    Workspace,
    dense_distances,
    orbit_set_ranks,
    search_spans,
    state_space,
)
from puzzles.hypercube.hardness import PAPER_LEVEL, cube_group, occupancy_orbits
from puzzles.hypercube.instances import instance
from puzzles.hypercube.model import Puzzle, face_table

ORBIT_COLUMNS = ["d", "k", "orbit", "occupied", "component_size", "eccentricity", "farthest"]
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
    """The eccentricity of orbit ``orbit`` (its least set, ring i on its i-th vertex) and
    ``farthest``: the configuration of least index that far from it (ring i's vertex, i-th)."""
    p = paper_puzzle(d, k)
    reps = occupancy_orbits(d, p.n_rings)
    if not 0 <= orbit < len(reps):
        raise ValueError(f"orbit must lie in 0..{len(reps) - 1} for d={d}, got {orbit}")
    r = dense_distances(p, reps[orbit], _workspace(d, p.n_rings))
    return {"d": d, "k": k, "orbit": orbit, "occupied": " ".join(map(str, reps[orbit])),
            "component_size": r.size, "eccentricity": r.eccentricity,
            "farthest": " ".join(map(str, r.farthest))}


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


HOW = ("every orbit searched", "bounds meet", "lower bound")  # how a row's number was found


GODS_ALL_COMMAND = ("python -m puzzles run 05 gods_orbits_all --scheduler tcp://HOST:8786 "
                    "--cache-dir DIR --store")  # every orbit of every k: the cluster job


def read_orbit_times(path: Path = ORBIT_TIMES_FILE) -> pd.DataFrame:
    """The stored CPU seconds of single orbit searches (:func:`time_orbits`)."""
    return pd.read_csv(path)


def read_bounded(path: Path = BOUNDED_FILE) -> pd.DataFrame:
    """The stored gods_bounded run (``python -m puzzles run 05 gods_bounded --store``); no
    rows when it is not stored."""
    return read_stored(path) if path.is_file() else pd.DataFrame(columns=["d", "k", "bound"])


def settle_by_bounds(table: pd.DataFrame, bounded: pd.DataFrame) -> pd.DataFrame:
    """gods_number rows with the (d, k) a bounded run closed made exact (its God's number,
    ``orbits_done`` its searches), and ``how``: every orbit searched, bounds meeting after
    some searches, or a lower bound (the largest eccentricity of the orbits searched)."""
    out = table.copy()
    out["how"] = [HOW[0] if b == BOUNDS[0] else HOW[2] for b in out["bound"]]
    for r in bounded[bounded["bound"] == BOUNDS[0]].itertuples():
        hit = (out["d"] == r.d) & (out["k"] == r.k)
        if not hit.any():  # a run that does not reach this (d, k), e.g. at smoke scale
            continue
        if hit.sum() > 1:
            raise ValueError(f"d={r.d} k={r.k}: more than one gods_number row")
        if int(out.loc[hit, "gods_number"].item()) > r.gods_number:
            raise ValueError(f"d={r.d} k={r.k}: the bounded God's number {r.gods_number} is "
                             "below an eccentricity already found")
        out.loc[hit, ["gods_number", "orbits_done", "bound", "how"]] = [
            r.gods_number, r.searches, BOUNDS[0], HOW[1]]
    return out


def distance_rows(d: int, k: int) -> list[dict[str, int]]:
    """``d,k,distance,count`` rows of the paper's target (dense BFS)."""
    counts = target_search(d, k).counts
    return [{"d": d, "k": k, "distance": j, "count": c} for j, c in enumerate(counts)]


TIMING_COLUMNS = ["d", "k", "orbit", "component_size", "seconds", "cpu_seconds", "threads",
                  "load"]


def time_orbits(d: int, k: int, orbits: list[int]) -> pd.DataFrame:
    """Wall and CPU seconds (all of numba's threads) of :func:`orbit_row` on each orbit, with
    the thread count and the 1-minute load average after it (a timing file, never a result)."""
    rows = []
    for orbit in orbits:
        wall, cpu = time.perf_counter(), time.process_time()
        row = orbit_row(d, k, orbit)
        rows.append({"d": d, "k": k, "orbit": orbit, "component_size": row["component_size"],
                     "seconds": round(time.perf_counter() - wall, 2),
                     "cpu_seconds": round(time.process_time() - cpu, 2),
                     "threads": numba.get_num_threads(), "load": round(os.getloadavg()[0], 2)})
    return pd.DataFrame(rows, columns=TIMING_COLUMNS)


# ---------------------------------------------------------------- God's number with bounds


BOUNDED_COLUMNS = ["d", "k", "rings", "orbits", "searches", "gods_number", "upper_bound",
                   "bound", "searched"]


def _next_orbit(lower: np.ndarray, upper: np.ndarray, done: np.ndarray, central: bool) -> int:
    """The orbit to search next among those not searched whose upper bound exceeds the best
    lower bound: the largest upper bound, or with ``central`` the smallest lower bound (a
    central start bounds every orbit near it tightly); least index on ties; -1 when no orbit
    can beat the best lower bound."""
    open_ = np.flatnonzero((upper > lower.max()) & ~done)
    if open_.size == 0:
        return -1
    pick = np.argmin(lower[open_]) if central else np.argmax(upper[open_])
    return int(open_[pick])


def hardest_searched(searched: str, gods_number: int) -> int | None:
    """The first orbit of a bounded run's ``searched`` list ("target:21 262:22 ...") whose
    eccentricity is ``gods_number``; None when only the target attains it (ValueError when
    nothing searched does)."""
    pairs = [item.split(":") for item in searched.split()]
    hits = [who for who, ecc in pairs if int(ecc) == gods_number]
    if not hits:
        raise ValueError(f"no search in {searched!r} attains {gods_number}")
    return None if hits[0] == "target" else int(hits[0])


def bounded_gods_number(d: int, k: int, max_searches: int) -> dict[str, Any]:
    """God's number of (d, k) with the paper's rings, searching as few orbits as bounds allow.

    A search from v (eccentricity e) bounds every orbit O it reaches: for x in O, ecc(x) <=
    d(x, v) + e and ecc(x) >= max(d(x, v), e - d(x, v)) (triangle inequality), and ecc is the
    same on all of O, so lower(O) >= max over O of those and upper(O) <= min over O of
    d(x, v) + e. The first search starts from the paper's target, the next ones alternately
    from the open orbit (upper bound above the best lower bound) of largest upper bound and
    from the one of smallest lower bound (Takes and Kosters' bounding diameters); when no
    orbit's upper bound exceeds it, the best lower bound is God's number (``bound``
    "exact"). Orbits in another component keep an infinite upper bound until searched.
    Stopping after ``max_searches`` leaves [gods_number, upper_bound] ("lower"; -1: an
    infinite upper bound)."""
    if max_searches < 1:
        raise ValueError(f"max_searches must be at least 1, got {max_searches}")
    p = paper_puzzle(d, k)
    reps = occupancy_orbits(d, p.n_rings)
    orbits = orbit_set_ranks(cube_group(d), reps)
    ws, faces = _workspace(d, p.n_rings), face_table(d, k)
    m = len(reps)
    lower, upper = np.zeros(m, np.int64), np.full(m, np.iinfo(np.int64).max, np.int64)
    done = np.zeros(m, dtype=bool)
    searched: list[str] = []
    start, nxt = p.target, -2
    while len(searched) < max_searches:
        ecc, lo, hi = search_spans(ws, faces, start, orbits)
        reached = lo != UNSEEN
        lower[reached] = np.maximum(lower[reached], np.maximum(hi[reached], ecc - lo[reached]))
        upper[reached] = np.minimum(upper[reached], lo[reached] + ecc)
        if nxt >= 0:
            done[nxt] = True
        searched.append(f"{'target' if nxt < 0 else nxt}:{ecc}")
        nxt = _next_orbit(lower, upper, done, central=len(searched) % 2 == 1)
        if nxt < 0:
            break
        start = reps[nxt]
    top = int(upper.max())
    return {"d": d, "k": k, "rings": p.n_rings, "orbits": m, "searches": len(searched),
            "gods_number": int(lower.max()),
            "upper_bound": -1 if top == np.iinfo(np.int64).max else top,
            "bound": BOUNDS[0] if nxt < 0 else BOUNDS[1], "searched": " ".join(searched)}
