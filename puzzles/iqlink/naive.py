"""The paper's naive search in two readings, with and without linkability (Sections 11 and 13).

The paper calls its search without linkability "a naive way to brute force a solution ... try
all possible permutations of legal placements for each piece" and its growth factorial. Two
readings of that sentence are built here, each with and without the linkability rule:

- ``any``: every node branches over every remaining candidate of every remaining piece (the
  same full board is reached in every order of its pieces: factorial growth). With
  linkability a move must share a peg with the pieces already down (Section 13's rule).
- ``fixed``: pieces in a fixed order (ascending index), every node branches over the
  candidates of the next piece: the product of the domain sizes. With linkability a node is
  cut as soon as a group of linked pieces can no longer be reached by any remaining candidate
  (a piece that cannot be linked later is never linked).

All four stop at the first linked full board. Candidates are tried in the order given (the
notebook uses the heat-sorted candidates after basic cleanup, as Table 3 does), so the four
searches differ only in their branching rule. There is no ball/socket counting, no forward
checking and no transition to exhaustive search: the naive search of Table 3.

Besides nodes, the kernel counts its work in one unit, a **test**: one placement's bitset
tested against one condition or merged into one, so the cost of the linkability rule is a
seed-free count, not a wall time: ``fit_tests`` are the candidates each node tests against the
placement just put down, ``scan_tests`` the candidates the branching rule looks at to list a
node's options (both paid with and without linkability), ``link_tests`` the peg-mask tests the
linkability rule adds (each candidate tested against the pieces down; for the fixed order the
candidates' reach, every step of the linked-group closure and each group's test) and
``union_tests`` the merges of the pieces down into one mask that the any-order rule redoes at
every node (an implementation that carried the union down would pay one per node). The goal
test at a full board is paid by both and not counted.

The branching rule is a jitted function handed to one kernel (``RULES``), never a mode integer.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

import numpy as np
import pandas as pd
from numba import njit

from puzzles.core.paper import ROOT_SEED, Task
from puzzles.iqlink.budget import sample_ids
from puzzles.iqlink.generate import load_challenges, stored_solution
from puzzles.iqlink.offline import run_stored
from puzzles.iqlink.placements import Challenge, check_solution, table
from puzzles.iqlink.search import connected, position
from puzzles.iqlink.strategies import basic_cleanup, heat_order

READINGS = ("any", "fixed")
WORK_COLUMNS = ("fit_tests", "scan_tests", "link_tests", "union_tests")
RESULT_COLUMNS = ("id", "level", "reading", "linkability", "nodes", "found", *WORK_COLUMNS)


class Pieces(NamedTuple):
    """The placement table's flat arrays the kernels read."""

    piece: np.ndarray  # int64 (n,) piece of each placement
    masks: np.ndarray  # uint64 (n, 3) slot bitsets
    pegs: np.ndarray  # int64 (n,) peg masks


class Frontier(NamedTuple):
    """The search's per-depth arrays (depth 0 .. missing pieces)."""

    lists: np.ndarray  # candidates still fitting at each depth
    lens: np.ndarray  # how many
    opts: np.ndarray  # options the rule gives at each depth
    nopts: np.ndarray
    pos: np.ndarray  # next option to try
    rem: np.ndarray  # bit mask of the pieces still to place
    pm: np.ndarray  # peg masks: the givens, then the placements chosen at depths 0..d-1
    work: np.ndarray  # int64 (4,): fit, scan, link and union tests (see the module doc)


def frontier(cand: np.ndarray, given_pegs: np.ndarray, rem0: int, n_missing: int) -> Frontier:
    """The empty per-depth arrays of a search from candidates ``cand``."""
    dd = n_missing + 1
    width = max(len(cand), 1)
    f = Frontier(np.empty((dd, width), np.int64), np.zeros(dd, np.int64),
                 np.empty((dd, width), np.int64), np.zeros(dd, np.int64),
                 np.zeros(dd, np.int64), np.zeros(dd, np.int64),
                 np.zeros(len(given_pegs) + n_missing, np.int64), np.zeros(4, np.int64))
    f.lists[0, :len(cand)] = cand
    f.lens[0] = len(cand)
    f.rem[0] = rem0
    f.pm[:len(given_pegs)] = given_pegs
    return f


@njit(cache=True)
def _structure(f, n: int) -> int:
    """Union of the first ``n`` peg masks (the pieces down)."""
    s = 0
    for i in range(n):
        s |= f.pm[i]
    return s


@njit(cache=True)
def _next_piece(rem: int) -> int:
    """The lowest-numbered piece still to place (-1 when none)."""
    for p in range(12):
        if (rem >> p) & 1:
            return p
    return -1


@njit(cache=True)
def rule_any(f, d: int, n: int, tab) -> int:
    """Every remaining candidate of every remaining piece."""
    f.work[1] += f.lens[d]
    k = 0
    for i in range(f.lens[d]):
        f.opts[d, k] = f.lists[d, i]
        k += 1
    return k


@njit(cache=True)
def rule_any_linked(f, d: int, n: int, tab) -> int:
    """Every remaining candidate that shares a peg with the pieces down."""
    s = _structure(f, n)
    f.work[1] += f.lens[d]
    f.work[2] += f.lens[d]  # each candidate against the pieces down
    f.work[3] += n  # the union of the pieces down
    k = 0
    for i in range(f.lens[d]):
        c = f.lists[d, i]
        if s == 0 or tab.pegs[c] & s:
            f.opts[d, k] = c
            k += 1
    return k


@njit(cache=True)
def rule_fixed(f, d: int, n: int, tab) -> int:
    """Every remaining candidate of the next piece in the fixed order."""
    first = _next_piece(f.rem[d])
    f.work[1] += f.lens[d]
    k = 0
    for i in range(f.lens[d]):
        c = f.lists[d, i]
        if tab.piece[c] == first:
            f.opts[d, k] = c
            k += 1
    return k


@njit(cache=True)
def unreachable_group(f, d: int, n: int, tab) -> bool:
    """Whether some linked group of the ``n`` pieces down shares no peg with any remaining
    candidate while pieces remain (then the board can never become one linked group)."""
    if f.rem[d] == 0 or n == 0:
        return False
    reach = 0
    f.work[2] += f.lens[d]
    for i in range(f.lens[d]):
        reach |= tab.pegs[f.lists[d, i]]
    done = 0  # pieces of the groups already checked
    for a in range(n):
        if (done >> a) & 1:
            continue
        group = f.pm[a]
        members = 1 << a
        changed = True
        while changed:
            changed = False
            f.work[2] += n  # one pass of the closure over the pieces down
            for b in range(n):
                if not (members >> b) & 1 and f.pm[b] & group:
                    members |= 1 << b
                    group |= f.pm[b]
                    changed = True
        done |= members
        f.work[2] += 1  # the group against the candidates' reach
        if (group & reach) == 0:
            return True
    return False


@njit(cache=True)
def rule_fixed_linked(f, d: int, n: int, tab) -> int:
    """The next piece's candidates, none when a linked group can no longer be reached."""
    if unreachable_group(f, d, n, tab):
        return 0
    return rule_fixed(f, d, n, tab)


@njit(cache=True)
def _descend(f, d: int, p: int, tab) -> None:
    """Put placement ``p`` down at depth ``d``: depth d+1 keeps the candidates that still fit."""
    pc = tab.piece[p]
    k = 0
    f.work[0] += f.lens[d]
    for i in range(f.lens[d]):
        c = f.lists[d, i]
        if tab.piece[c] != pc and (tab.masks[c, 0] & tab.masks[p, 0]) == 0 \
                and (tab.masks[c, 1] & tab.masks[p, 1]) == 0 \
                and (tab.masks[c, 2] & tab.masks[p, 2]) == 0:
            f.lists[d + 1, k] = c
            k += 1
    f.lens[d + 1] = k
    f.rem[d + 1] = f.rem[d] & ~(1 << pc)


@njit(cache=True)
def naive_kernel(f, tab, rule, ng: int, n_missing: int, node_limit: int
                 ) -> tuple[bool, int, bool]:
    """Depth-first search to the first linked full board with the branching ``rule``; returns
    (found, nodes, aborted). A node is one placement tried; ``node_limit`` > 0 gives up after
    that many. On success the path is the last option tried at each depth."""
    if n_missing == 0:
        return connected(f.pm, ng), 0, False
    f.pos[0] = 0
    f.nopts[0] = rule(f, 0, ng, tab)
    nodes = 0
    d = 0
    while True:
        if f.pos[d] >= f.nopts[d]:
            if d == 0:
                return False, nodes, False
            d -= 1
            continue
        p = f.opts[d, f.pos[d]]
        f.pos[d] += 1
        nodes += 1
        f.pm[ng + d] = tab.pegs[p]
        if d + 1 == n_missing:
            if connected(f.pm, ng + n_missing):
                return True, nodes, False
            continue
        if node_limit > 0 and nodes >= node_limit:
            return False, nodes, True
        _descend(f, d, p, tab)
        d += 1
        f.pos[d] = 0
        f.nopts[d] = rule(f, d, ng + d, tab)


RULES = {("any", False): rule_any, ("any", True): rule_any_linked,
         ("fixed", False): rule_fixed, ("fixed", True): rule_fixed_linked}


@dataclass(frozen=True)
class NaiveResult:
    """One run of the naive search: found, nodes (placements tried), aborted at the node cap,
    the solution's placement ids (missing pieces, in the order placed), the counted work
    (fit, scan, link and union tests: see the module doc) and warm seconds."""

    found: bool
    nodes: int
    aborted: bool
    solution: tuple[int, ...]
    fit_tests: int
    scan_tests: int
    link_tests: int
    union_tests: int
    seconds: float


def _check_args(reading: str, linkable: bool, node_limit: int) -> None:
    if reading not in READINGS:
        raise ValueError(f"reading must be one of {READINGS}, got {reading!r}")
    if not isinstance(linkable, bool):
        raise ValueError(f"linkable must be a bool, got {linkable!r}")
    if isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 0:
        raise ValueError(f"node_limit must be a non-negative int, got {node_limit!r}")


def pieces() -> Pieces:
    """The placement table as the kernels' ``Pieces``."""
    t = table()
    return Pieces(t.piece, t.masks, t.pegs)


def _run_once(ch: Challenge, order: np.ndarray, reading: str, linkable: bool,
              node_limit: int) -> tuple[bool, int, bool, list[int], float, tuple[int, ...]]:
    pos = position(ch)
    n = len(pos.missing)
    rem = 0
    for p in pos.missing:
        rem |= 1 << p
    f = frontier(order, pos.given_pegs, rem, n)
    start = time.perf_counter()
    found, nodes, aborted = naive_kernel(f, pieces(), RULES[reading, linkable],
                                         len(pos.given_pegs), n, node_limit)
    seconds = time.perf_counter() - start
    chosen = []
    if found:  # the placements on the path: the first option tried below each depth
        chosen = [int(f.opts[d, f.pos[d] - 1]) for d in range(n)]
    return bool(found), int(nodes), bool(aborted), chosen, seconds, \
        tuple(int(w) for w in f.work)


def naive_search(ch: Challenge, order: Sequence[int] | np.ndarray, reading: str = "any",
                 linkable: bool = False, node_limit: int = 0, repeats: int = 1) -> NaiveResult:
    """Run the naive search on ``ch`` with candidates tried in ``order`` (placement ids that
    fit beside the givens). ``repeats`` > 1 runs it again and keeps the median wall time (the
    nodes never change). The solution is replayed by the model before it is returned."""
    _check_args(reading, linkable, node_limit)
    if isinstance(repeats, bool) or not isinstance(repeats, int) or repeats < 1:
        raise ValueError(f"repeats must be a positive int, got {repeats!r}")
    order = np.asarray(order, dtype=np.int64)
    bad = np.setdiff1d(order, position(ch).candidates)
    if len(bad):
        raise ValueError(f"order holds {len(bad)} placements that do not fit beside the givens")
    runs = [_run_once(ch, order, reading, linkable, node_limit) for _ in range(repeats)]
    found, nodes, aborted, chosen, _, work = runs[0]
    if found:
        t = table()
        problems = check_solution(ch, [t.placements[i] for i in chosen])
        if problems:
            raise RuntimeError(f"naive search returned an invalid solution: {problems}")
    seconds = float(np.median([r[4] for r in runs]))
    return NaiveResult(found, nodes, aborted, tuple(chosen), *work, seconds)


def warm() -> None:
    """Compile (or load from numba's cache) the kernel with every rule on a small challenge."""
    ch = load_challenges()[0]
    cand = position(ch).candidates
    for reading, linkable in RULES:
        naive_search(ch, cand, reading, linkable)


def timed_search(ch: Challenge, order: np.ndarray, reading: str, linkable: bool,
                 node_limit: int) -> NaiveResult:
    """A warm run; runs shorter than 10 ms are repeated (5 times) and their median kept, so
    microsecond timings are not one noisy sample."""
    res = naive_search(ch, order, reading, linkable, node_limit)
    if res.seconds < 0.01:
        res = naive_search(ch, order, reading, linkable, node_limit, repeats=5)
    return res


def table_rows(rows: Sequence[dict]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``naive.csv`` (id, level, reading, linkability, nodes, found and the four work
    counts) and its timings (step, item, seconds) from the worker's rows."""
    df = pd.DataFrame(list(rows))
    res = df[list(RESULT_COLUMNS)]
    tim = pd.DataFrame({"step": "naive_" + df["reading"] + np.where(df["linkability"],
                                                                    "_linked", "_free"),
                        "item": df["id"].astype(str), "seconds": df["seconds_warm"]})
    return res, tim


@dataclass(frozen=True)
class NaiveTask(Task):
    """The four naive searches on challenge ``cid``, each capped at ``node_limit`` nodes."""

    EXPERIMENT: ClassVar[str] = "naive"
    cid: int
    node_limit: int


def naive_tasks(budget: Any, root: int = ROOT_SEED) -> list[NaiveTask]:
    """One task per challenge of the budget (``challenges``, ``naive_node_limit``)."""
    return [NaiveTask(c, budget.naive_node_limit, root=root)
            for c in sample_ids(budget.challenges)]


def naive_frame(tasks: Sequence[NaiveTask], results: Sequence[list[dict]]) -> pd.DataFrame:
    """``naive.csv``'s frame (nodes, no seconds); the warm seconds in ``attrs["timings"]``."""
    res, tim = table_rows([r for rows in results for r in rows])
    res = res.copy()
    res.attrs["timings"] = tim
    return res


def search_order(ch: Challenge) -> list[int]:
    """Table 3's candidate order: basic cleanup, then heat-sorted, piece by piece."""
    return heat_order(ch, basic_cleanup(ch).domains)


def naive_rows(task: NaiveTask) -> list[dict]:
    """Rows (id, level, reading, linkability, nodes, found, the four work counts,
    seconds_warm) of the four naive searches on one challenge; the found solution must be the
    stored one."""
    warm()
    ch = load_challenges()[task.cid - 1]
    t = table()
    key = sorted(t.id_of(p) for p in stored_solution(task.cid) if p not in ch.given)
    order = np.asarray(search_order(ch), dtype=np.int64)
    rows = []
    for reading in READINGS:
        for linkable in (False, True):
            res = timed_search(ch, order, reading, linkable, task.node_limit)
            if res.found and sorted(res.solution) != key:
                raise RuntimeError(f"naive search found another solution of {task.cid}")
            rows.append({"id": task.cid, "level": ch.level, "reading": reading,
                         "linkability": linkable, "nodes": res.nodes, "found": res.found,
                         **{c: getattr(res, c) for c in WORK_COLUMNS},
                         "seconds_warm": res.seconds})
    return rows


COMMAND = "python -m puzzles.iqlink.naive"


def main(cache_dir: str | None = None) -> pd.DataFrame:
    """Run the paper-scale naive searches on one worker (resumable through ``cache_dir``) and
    store ``naive.csv`` (with this command) and its warm seconds ``timing_naive.csv``."""
    frame, path = run_stored("naive", naive_tasks, naive_rows, naive_frame, COMMAND, cache_dir)
    frame.attrs["timings"].to_csv(path.parent / "timing_naive.csv", index=False,
                                  lineterminator="\n")
    return frame


if __name__ == "__main__":
    import sys

    # The package's module, not this ``__main__`` copy: its worker and tasks are the ones
    # ``PAPER.run`` uses, so the run and its task cache are the notebook's.
    from puzzles.iqlink import naive

    naive.main(sys.argv[1] if len(sys.argv) > 1 else None)
