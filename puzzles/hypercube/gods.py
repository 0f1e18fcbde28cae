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
- ``python -m puzzles run 05 gods_orbits_all --store`` goes on with God's number of d = 5,
  k = 1-3 (``gods_orbits_k``) by the same bounded rule (:func:`resume_bounded`), in passes:
  the target's search alone, then the next ``gods_sources`` orbits the rule picks from the
  bounds before the pass, searched together by the multi-source BFS
  (:func:`dense.multi_search_spans`, one bit per source) when more than one (1, the paper
  scale's, is the one-at-a-time rule of gods_bounded: measured at d = 5, k = 3, a pass of 8
  took 800 CPU-s, 100 per search, as much as a search alone, where on d = 4 it halves the
  CPU). Each finished pass is committed to ``figures/05_hypercube/gods_orbits_d5.csv``
  (``k,orbit,representative,eccentricity,component_size,cpu_seconds``, one row per search;
  orbit "target" for the first; a pass's CPU shared by its rows) and its orbit spans to
  ``gods_orbits_d5_spans.csv`` (``k,search,pass,lo,hi``) before the next starts, and a rerun
  re-derives the bounds from those rows, checking each pass against the rule, and resumes, so
  chunks give the rows of one uninterrupted run. ``--cap gods_chunk_searches=N`` (whole
  passes: no further pass once N searches ran), ``--cap gods_chunk_cpu_minutes=M`` and
  ``--cap gods_chunk_k=K`` limit one invocation. The k are independent tasks (a pool or
  dask runs them side by side; a dask worker must see the repository's figures folder, where
  it commits under a lock); within a k the rule is sequential, each pass chosen from the
  bounds of all passes before it. gods_number reads the committed file
  (:func:`settle_by_searches`): exact once the bounds meet, else God's number in
  [gods_number, upper_bound] with ``searches_left`` open orbits. A search over 652,458,240
  configurations takes about 46-100 CPU seconds alone (``timing_gods_orbits.csv``; each
  committed row has its own).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numba
import numpy as np
import pandas as pd

from puzzles.core.storage import folder_lock, read_stored, store_together
from puzzles.hypercube.budget import BOUNDED_FILE, ORBIT_TIMES_FILE
from puzzles.hypercube.budget import ORBITS_D5_FILE as ORBITS_D5_FILE  # the notebook's
from puzzles.hypercube.dense import (
    MAX_SOURCES,
    UNSEEN,
    DenseBFS,
    Spans,
    Workspace,
    dense_distances,
    multi_search_spans,
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


# the d = 5 bounded searches, resumed from the committed gods_orbits_d5.csv (a chunk: add
# --cap gods_chunk_searches=N, --cap gods_chunk_cpu_minutes=M or --cap gods_chunk_k=K)
GODS_ALL_COMMAND = "python -m puzzles run 05 gods_orbits_all --store"


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


def settle_by_searches(table: pd.DataFrame, path: Path, d: int) -> pd.DataFrame:
    """gods_number rows with ``upper_bound`` and ``searches_left`` (the orbits the bounds leave
    open: at most that many searches to go), the lower rows of dimension ``d`` that the
    committed searches of ``path`` (gods_orbits_all) reach bounded by them: exact with ``how``
    "bounds meet" once they meet, else God's number at least their best lower bound. An exact
    row's upper bound is its number; a lower row no search bounds has none (NA)."""
    out = table.copy()
    exact = out["bound"] == BOUNDS[0]
    out["upper_bound"] = pd.array(np.where(exact, out["gods_number"], 0), dtype="Int64")
    out.loc[~exact, "upper_bound"] = pd.NA
    out["searches_left"] = np.where(exact, 0, out["orbits"] - out["orbits_done"]).astype(int)
    rows, spans = read_searches(path)
    for k in sorted({int(x) for x in rows["k"]}):
        hit = (out["d"] == d) & (out["k"] == k)
        if not hit.any() or not (out.loc[hit, "bound"] == BOUNDS[1]).all():
            continue  # not in this table (smoke scale), or already exact
        if hit.sum() > 1:
            raise ValueError(f"d={d} k={k}: more than one gods_number row")
        got = log_summary(search_log(d, k, path, (rows, spans)))
        if got["gods_number"] < int(out.loc[hit, "gods_number"].item()):
            raise ValueError(f"d={d} k={k}: the bounded searches' God's number "
                             f"{got['gods_number']} is below an eccentricity already found")
        closed = got["bound"] == BOUNDS[0]
        out.loc[hit, ["gods_number", "orbits_done", "bound", "how", "searches_left"]] = [
            got["gods_number"], got["searches"], got["bound"], HOW[1] if closed else HOW[2],
            got["searches_left"]]
        out.loc[hit, "upper_bound"] = pd.NA if got["upper_bound"] is None else got["upper_bound"]
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


TARGET = "target"  # the orbit column's marker of the search from the paper's target
INFINITE = np.iinfo(np.int64).max  # the upper bound of an orbit no search has reached


@dataclass
class Bounds:
    """Takes and Kosters' bounds on every orbit's eccentricity after some searches of one
    (d, k) (:func:`bounded_gods_number` explains them), and the rule choosing the next start."""

    lower: np.ndarray
    upper: np.ndarray
    done: np.ndarray  # orbits searched (the target's search marks none)
    searches: int = 0

    @classmethod
    def start(cls, orbits: int) -> Bounds:
        """Nothing searched yet."""
        return cls(np.zeros(orbits, np.int64), np.full(orbits, INFINITE, np.int64),
                   np.zeros(orbits, dtype=bool))

    def add(self, ecc: int, lo: np.ndarray, hi: np.ndarray, orbit: int | None) -> None:
        """Take in a search of eccentricity ``ecc`` with the orbits' spans ``lo``, ``hi``
        (UNSEEN / -1: not reached) from a configuration of ``orbit`` (None: the target)."""
        reached = lo != UNSEEN
        self.lower[reached] = np.maximum(self.lower[reached],
                                         np.maximum(hi[reached], ecc - lo[reached]))
        self.upper[reached] = np.minimum(self.upper[reached], lo[reached] + ecc)
        if orbit is not None:
            self.done[orbit] = True
        self.searches += 1

    def next_start(self) -> int | str | None:
        """:data:`TARGET` first; then the open orbit of largest upper bound or (after an odd
        number of searches) of smallest lower bound; None once no upper bound exceeds the best
        lower bound (God's number is then ``best``)."""
        if self.searches == 0:
            return TARGET
        nxt = _next_orbit(self.lower, self.upper, self.done, central=self.searches % 2 == 1)
        return None if nxt < 0 else nxt

    def next_starts(self, n: int) -> list[int | str]:
        """The next pass's starts (:func:`multi_search_spans`: up to ``n`` searches from one
        set of bounds): [:data:`TARGET`] first, alone; then the first ``n`` orbits the rule
        picks, each pick counting those before it as searched (so ``n`` = 1 is
        :meth:`next_start`); [] once the bounds meet."""
        if n < 1:
            raise ValueError(f"a pass searches at least one start, got {n}")
        if self.searches == 0:
            return [TARGET]
        done, picks = self.done.copy(), []
        for j in range(n):
            nxt = _next_orbit(self.lower, self.upper, done,
                              central=(self.searches + j) % 2 == 1)
            if nxt < 0:
                break
            done[nxt] = True
            picks.append(nxt)
        return picks

    @property
    def best(self) -> int:
        """The best lower bound: God's number is at least this."""
        return int(self.lower.max())

    @property
    def top(self) -> int | None:
        """The largest upper bound (None: some orbit not reached, no bound)."""
        top = int(self.upper.max())
        return None if top == INFINITE else top

    @property
    def open_orbits(self) -> int:
        """Orbits not searched whose upper bound exceeds the best lower bound: at most this
        many searches are left (none once the bounds meet)."""
        return int(((self.upper > self.best) & ~self.done).sum()) if self.searches else len(
            self.done)


def hardest_searched(searched: str, gods_number: int) -> int | None:
    """The first orbit of a bounded run's ``searched`` list ("target:21 262:22 ...") whose
    eccentricity is ``gods_number``; None when only the target attains it (ValueError when
    nothing searched does)."""
    pairs = [item.split(":") for item in searched.split()]
    hits = [who for who, ecc in pairs if int(ecc) == gods_number]
    if not hits:
        raise ValueError(f"no search in {searched!r} attains {gods_number}")
    return None if hits[0] == "target" else int(hits[0])


@lru_cache(maxsize=8)
def _orbit_setup(d: int, k: int) -> tuple[Puzzle, list[tuple[int, ...]],
                                          tuple[np.ndarray, np.ndarray]]:
    p = paper_puzzle(d, k)
    reps = occupancy_orbits(d, p.n_rings)
    return p, reps, orbit_set_ranks(cube_group(d), reps)


def _search_from(d: int, k: int, start: int | str) -> tuple[tuple[int, ...], Spans]:
    """(the start configuration, its search's spans) of the target or an orbit's least set."""
    p, reps, orbits = _orbit_setup(d, k)
    config = tuple(p.target) if start == TARGET else tuple(reps[int(start)])
    return config, search_spans(_workspace(d, p.n_rings), face_table(d, k), config, orbits)


@lru_cache(maxsize=8)
def _warm(d: int, k: int) -> None:
    """Load the search kernels (searches of 1,680 configurations, one and two sources: d = 3
    takes the same kernel types; d = 5's threaded level kernel still loads in its first
    search, under a second) and
    allocate (d, k)'s workspace, so a timed search times the search."""
    p = paper_puzzle(3, 1)
    dense_distances(p, p.target)
    _pass_from(3, 1, [TARGET, 0])  # the multi-source kernels
    _workspace(d, paper_puzzle(d, k).n_rings)


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
    infinite upper bound). One uninterrupted task; :func:`resume_bounded` is the same rule
    committing each search as it finishes."""
    if max_searches < 1:
        raise ValueError(f"max_searches must be at least 1, got {max_searches}")
    p, reps, _ = _orbit_setup(d, k)
    b = Bounds.start(len(reps))
    searched: list[str] = []
    while b.searches < max_searches and (nxt := b.next_start()) is not None:
        _, s = _search_from(d, k, nxt)
        b.add(s.eccentricity, s.lo, s.hi, None if nxt == TARGET else int(nxt))
        searched.append(f"{nxt}:{s.eccentricity}")
    return {"d": d, "k": k, "rings": p.n_rings, "orbits": len(reps), "searches": b.searches,
            "gods_number": b.best, "upper_bound": -1 if b.top is None else b.top,
            "bound": BOUNDS[0] if b.next_start() is None else BOUNDS[1],
            "searched": " ".join(searched)}


# ---------------------------------------------------------------- the resumable bounded run
#
# The bounded rule, one committed step at a time: every search of one (d, k) is a row of
# SEARCH_COLUMNS (file order is search order) and its orbit spans a row of SPAN_COLUMNS in a
# companion file; on start the bounds are re-derived from those rows (each row checked to be
# the one the rule picks), so a run interrupted and resumed makes the rows of one run that
# never stopped. The rule is sequential within a k: the next start depends on the bounds of
# every search before it. The k are independent (one task each).

SEARCH_COLUMNS = ["k", "orbit", "representative", "eccentricity", "component_size",
                  "cpu_seconds"]
SPAN_COLUMNS = ["k", "search", "pass", "lo", "hi"]  # lo, hi: an int per orbit, -1: not reached
ORBITS_COMMAND = "python -m puzzles run 05 gods_orbits_all --scale paper --store"


def spans_path(path: Path) -> Path:
    """The companion file of a searches file: ``<stem>_spans.csv`` beside it."""
    return path.with_name(f"{path.stem}_spans.csv")


@dataclass(frozen=True)
class SearchLog:
    """The committed searches of one (d, k): rows of :data:`SEARCH_COLUMNS` and
    :data:`SPAN_COLUMNS`, in search order."""

    d: int
    k: int
    rows: tuple[dict[str, Any], ...] = ()
    spans: tuple[dict[str, Any], ...] = ()


def _ints(text: str) -> np.ndarray:
    return np.array([int(x) for x in str(text).split()], dtype=np.int64)


def _span_row(k: int, search: int, pass_: int, s: Spans) -> dict[str, Any]:
    lo = np.where(s.lo == UNSEEN, -1, s.lo)
    return {"k": k, "search": search, "pass": pass_, "lo": " ".join(map(str, lo.tolist())),
            "hi": " ".join(map(str, s.hi.tolist()))}


def _passes(log: SearchLog, where: str) -> list[list[int]]:
    """The searches of each pass of ``log`` (consecutive rows of one ``pass`` number, the
    passes numbered from 0 and the searches from 0); ValueError naming ``where``."""
    if len(log.rows) != len(log.spans):
        raise ValueError(f"{where}: k={log.k} has {len(log.rows)} searches but "
                         f"{len(log.spans)} rows of spans")
    passes: list[list[int]] = []
    for i, span in enumerate(log.spans):
        if int(span["search"]) != i:
            raise ValueError(f"{where}: k={log.k}, search {i}: its spans row is numbered "
                             f"{span['search']}")
        if not passes or int(span["pass"]) != int(log.spans[passes[-1][0]]["pass"]):
            if int(span["pass"]) != len(passes):
                raise ValueError(f"{where}: k={log.k}, search {i}: pass {span['pass']} where "
                                 f"pass {len(passes)} is due")
            passes.append([])
        passes[-1].append(i)
    return passes


def _checked(log: SearchLog, i: int, want: int | str, bad: str) -> tuple[np.ndarray, np.ndarray]:
    """Search ``i``'s spans (lo with UNSEEN where not reached, hi), checked against the start
    the rule wants there; ValueError starting with ``bad``."""
    p, reps, _ = _orbit_setup(log.d, log.k)
    row, span = log.rows[i], log.spans[i]
    if str(row["orbit"]) != str(want):
        raise ValueError(f"{bad}: the rule picks {want} here")
    config = p.target if want == TARGET else reps[int(want)]
    if str(row["representative"]) != " ".join(map(str, config)):
        raise ValueError(f"{bad}: representative {row['representative']!r} is not {want}'s "
                         f"{' '.join(map(str, config))!r}")
    lo, hi = _ints(span["lo"]), _ints(span["hi"])
    if lo.shape != (len(reps),) or hi.shape != (len(reps),):
        raise ValueError(f"{bad}: spans of {lo.size} and {hi.size} orbits, not {len(reps)}")
    if int(hi.max()) != int(row["eccentricity"]) or (want != TARGET and lo[int(want)] != 0):
        raise ValueError(f"{bad}: its spans do not fit its eccentricity {row['eccentricity']} "
                         "and start")
    return np.where(lo < 0, UNSEEN, lo), hi


def replay(log: SearchLog, where: str = "the searches") -> Bounds:
    """The bounds after the searches of ``log``, each checked: the starts of each pass (its
    rows of one ``pass`` number) are the first ones the rule picks from the bounds before it
    (:meth:`Bounds.next_starts`), each representative that start's configuration, its spans
    fit its eccentricity and start, and no search follows the bounds' meeting; ValueError
    naming ``where`` (the file) and the first row that breaks a check."""
    _, reps, _ = _orbit_setup(log.d, log.k)
    b = Bounds.start(len(reps))
    for members in _passes(log, where):
        want = b.next_starts(len(members))
        found = []
        for j, i in enumerate(members):
            bad = f"{where}: k={log.k}, search {i} ({log.rows[i]['orbit']})"
            if not want:
                raise ValueError(f"{bad}: the bounds met after search {i - 1}, nothing follows")
            if j >= len(want):
                raise ValueError(f"{bad}: the rule picks only {len(want)} start(s) for this "
                                 "pass")
            found.append(_checked(log, i, want[j], bad))
        for start, (lo, hi), i in zip(want, found, members, strict=False):
            b.add(int(log.rows[i]["eccentricity"]), lo, hi,
                  None if start == TARGET else int(start))
    return b


def read_searches(path: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The committed searches file and its spans (each checked against its STORED.csv hash);
    empty frames when neither exists yet, ValueError naming one missing without the other."""
    companion = spans_path(path)
    if not path.is_file() and not companion.is_file():
        return pd.DataFrame(columns=SEARCH_COLUMNS), pd.DataFrame(columns=SPAN_COLUMNS)
    rows = read_stored(path, dtype={"orbit": str, "representative": str})
    spans = read_stored(companion, dtype={"lo": str, "hi": str})
    for frame, cols, where in ((rows, SEARCH_COLUMNS, path), (spans, SPAN_COLUMNS, companion)):
        if list(frame.columns) != cols:
            raise ValueError(f"{where}: columns {list(frame.columns)}, expected {cols}")
    return rows, spans


def search_log(d: int, k: int, path: Path, frames: tuple[pd.DataFrame, pd.DataFrame] | None = None
               ) -> SearchLog:
    """The committed searches of (d, k) in ``path`` (or in ``frames``, its rows read), checked
    by :func:`replay`."""
    rows, spans = read_searches(path) if frames is None else frames
    log = SearchLog(d, k, tuple(r for r in rows.to_dict("records") if int(r["k"]) == k),
                    tuple(r for r in spans.to_dict("records") if int(r["k"]) == k))
    replay(log, str(path))
    return log


def _commit(path: Path, log: SearchLog, rows: list[dict[str, Any]],
            spans: list[dict[str, Any]]) -> SearchLog:
    """Append one pass's searches to the committed files under the folder's lock: refused
    (ValueError) unless the files still hold exactly ``log``'s searches of its k (another run
    went on)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with folder_lock(path.parent):
        frames = read_searches(path)
        now = search_log(log.d, log.k, path, frames)
        if now.rows != log.rows:
            raise ValueError(f"{path}: k={log.k} holds {len(now.rows)} searches where this run "
                             f"resumed from {len(log.rows)}: another run commits it too")
        new = SearchLog(log.d, log.k, (*log.rows, *rows), (*log.spans, *spans))
        replay(new, str(path))
        keep = [r for r in frames[0].to_dict("records") if int(r["k"]) != log.k]
        keep_spans = [r for r in frames[1].to_dict("records") if int(r["k"]) != log.k]
        by_k = sorted([*keep, *new.rows], key=lambda r: int(r["k"]))  # stable: search order
        spans_by_k = sorted([*keep_spans, *new.spans], key=lambda r: (int(r["k"]), r["search"]))
        store_together({path: pd.DataFrame(by_k, columns=SEARCH_COLUMNS),
                        spans_path(path): pd.DataFrame(spans_by_k, columns=SPAN_COLUMNS)},
                       ORBITS_COMMAND)
    return new


def resume_bounded(d: int, k: int, path: Path | None, max_searches: int = 0,
                   max_cpu_seconds: float = 0.0, sources: int = 1) -> SearchLog:
    """The bounded rule of :func:`bounded_gods_number` for (d, k), resumed from the searches
    committed in ``path`` and committing each pass (the target's search, then up to
    ``sources`` searches in one multi-source pass, :meth:`Bounds.next_starts`) there before
    the next starts (None: keep them in memory, starting from none). ``sources`` = 1 is the
    one-search-at-a-time rule. Starts no further pass once the bounds meet, once this call has
    made ``max_searches`` searches or more (a pass is never cut: resumed runs make the passes
    of one uninterrupted run) or, once at least one pass ran, once this call has used
    ``max_cpu_seconds`` of CPU (0: no such limit). A pass's CPU seconds are shared equally by
    its rows. Returns every search of (d, k) so far."""
    if max_searches < 0 or max_cpu_seconds < 0:
        raise ValueError(f"caps must be >= 0 (0: none), got {max_searches}, {max_cpu_seconds}")
    if not 1 <= sources <= MAX_SOURCES:
        raise ValueError(f"sources must lie in 1..{MAX_SOURCES}, got {sources}")
    log = SearchLog(d, k) if path is None else search_log(d, k, path)
    b = replay(log, str(path))
    passes = len({int(x["pass"]) for x in log.spans})
    cpu0, ran = time.process_time(), 0
    while starts := b.next_starts(sources):
        if max_searches and ran >= max_searches:
            break
        if max_cpu_seconds and ran and time.process_time() - cpu0 >= max_cpu_seconds:
            break
        _warm(d, k)
        t0 = time.process_time()
        found = _pass_from(d, k, starts)
        each = round((time.process_time() - t0) / len(starts))
        rows = [{"k": k, "orbit": str(start), "representative": " ".join(map(str, config)),
                 "eccentricity": sp.eccentricity, "component_size": sp.size,
                 "cpu_seconds": each} for start, (config, sp) in zip(starts, found, strict=True)]
        spans = [_span_row(k, b.searches + j, passes, sp) for j, (_, sp) in enumerate(found)]
        if path is None:
            log = SearchLog(d, k, (*log.rows, *rows), (*log.spans, *spans))
        else:
            log = _commit(path, log, rows, spans)
        for start, (_, sp) in zip(starts, found, strict=True):
            b.add(sp.eccentricity, sp.lo, sp.hi, None if start == TARGET else int(start))
        ran += len(starts)
        passes += 1
    return log


def _pass_from(d: int, k: int, starts: list[int | str]) -> list[tuple[tuple[int, ...], Spans]]:
    """(configuration, spans) of each start: one search alone, several in one pass."""
    if len(starts) == 1:
        return [_search_from(d, k, starts[0])]
    p, reps, orbits = _orbit_setup(d, k)
    configs = [tuple(p.target) if st == TARGET else tuple(reps[int(st)]) for st in starts]
    found = multi_search_spans(state_space(d, p.n_rings), face_table(d, k), configs, orbits)
    return list(zip(configs, found, strict=True))


def log_summary(log: SearchLog) -> dict[str, Any]:
    """What a (d, k)'s searches settle: God's number or its bounds, the searches made, the
    orbits still open and the CPU seconds spent."""
    b = replay(log)
    _, reps, _ = _orbit_setup(log.d, log.k)
    closed = b.searches > 0 and b.next_start() is None
    return {"d": log.d, "k": log.k, "orbits": len(reps), "searches": b.searches,
            "gods_number": b.best, "upper_bound": b.top, "searches_left": b.open_orbits,
            "bound": BOUNDS[0] if closed else BOUNDS[1],
            "cpu_seconds": int(sum(int(r["cpu_seconds"]) for r in log.rows))}
