"""A* on d = 5 with pattern databases that fit (:mod:`puzzles.hypercube.dense_pdb`).

The ``heuristics_d5`` experiment: for the code levels of ``b.pdb_case`` = (d, k), for a
configuration at the paper target's eccentricity (``far``) and for the pair God's number
is attained on (``gods``: the hardest orbit's representative as the target, a configuration
farthest from it as the start) in ``b.pdb_case``, A* with the paper's heuristic and with the
dense pattern databases of groups of 1, 2 and 3 rings, each given ``b.pdb_max_expanded``
expansions. The table holds only what the searches determine (``optimal_length``,
``expansions``, ``gave_up``: the budget ran out first, so ``expansions`` is a lower bound);
the wall times of building the tables and of the search go to a timing file.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pandas as pd

from puzzles.core.paper import Task
from puzzles.core.storage import read_stored
from puzzles.hypercube import gods
from puzzles.hypercube.budget import BOUNDED_FILE, HypercubeBudget
from puzzles.hypercube.dense import dense_distances
from puzzles.hypercube.experiments import HARDEST, case_puzzle, with_seconds
from puzzles.hypercube.hardness import occupancy_orbits
from puzzles.hypercube.instances import INSTANCES
from puzzles.hypercube.model import Puzzle
from puzzles.hypercube.search import DENSE_GROUPS, astar, heuristic_tables

GODS = "gods"  # the instance whose start and target are God's number apart
D5_HEURISTICS = ("paper", *DENSE_GROUPS)
COLUMNS = ["d", "k", "instance", "heuristic", "optimal_length", "expansions", "gave_up"]


@dataclass(frozen=True)
class D5Task(Task):
    """One instance under A* with every heuristic of :data:`D5_HEURISTICS`."""

    EXPERIMENT = "heuristics_d5"
    d: int
    k: int
    instance: str
    max_expanded: int

    def inputs(self) -> tuple[Path, ...]:
        """The God's-number pair comes from the stored bounded run: part of the cache key."""
        return (BOUNDED_FILE,)


def d5_tasks(b: HypercubeBudget, root: int) -> list[D5Task]:
    """The code levels of ``b.pdb_case``'s (d, k), then its ``far`` and ``gods`` starts (for
    d = 5, k <= 3 the paper's heuristic already expands at most 10 nodes on level 0:
    ``results.csv``)."""
    d, k = b.pdb_case
    levels = [i.level for i in INSTANCES if i.is_code_level and i.d == d]
    return [D5Task(d, k, lv, b.pdb_max_expanded, root=root)
            for lv in [*levels, HARDEST, GODS]]


def gods_pair(d: int, k: int, bounded_file: Path | None = None
              ) -> tuple[Puzzle, tuple[int, ...]]:
    """(puzzle, start) God's number apart, from the stored ``gods_bounded.csv`` (default
    :data:`BOUNDED_FILE`) when it holds (d, k), else from :func:`gods.bounded_gods_number`
    run now (seconds for d <= 4); God's number must be exact. The target is the first
    searched orbit's representative at God's number (ring i on its i-th vertex, the paper's
    colours; the paper's target if only it is that far), the start the configuration of least
    index farthest from it (one dense BFS)."""
    path = BOUNDED_FILE if bounded_file is None else bounded_file
    table = read_stored(path) if path.is_file() else pd.DataFrame(columns=["d", "k"])
    rows = table[(table["d"] == d) & (table["k"] == k)].to_dict("records")
    row = rows[0] if rows else gods.bounded_gods_number(d, k, gods.orbit_count(d, k))
    if row["bound"] != gods.BOUNDS[0]:
        raise ValueError(f"God's number of d={d} k={k} is only bounded: {row}")
    number = int(row["gods_number"])
    orbit = gods.hardest_searched(str(row["searched"]), number)
    puzzle = gods.paper_puzzle(d, k)
    if orbit is not None:
        puzzle = replace(puzzle, target=occupancy_orbits(d, puzzle.n_rings)[orbit])
    far = dense_distances(puzzle, puzzle.target)
    if far.eccentricity != number:
        raise AssertionError(f"the stored hardest start of d={d} k={k} is {far.eccentricity} "
                             f"moves from its farthest configuration, not {number}")
    return puzzle, far.farthest


def _instance(task: D5Task) -> tuple[Puzzle, tuple[int, ...]]:
    if task.instance == GODS:
        return gods_pair(task.d, task.k)
    if task.instance == HARDEST:
        p = gods.paper_puzzle(task.d, task.k)
        return p, dense_distances(p, p.target).farthest
    return case_puzzle(task.d, task.instance, task.k)


@dataclass(frozen=True)
class D5Result:
    """One instance's rows (:data:`COLUMNS`, one per heuristic) and their wall times."""

    rows: tuple[dict[str, Any], ...]
    times: tuple[dict[str, Any], ...]


def d5_case(task: D5Task) -> D5Result:
    """A* on one instance with each heuristic of :data:`D5_HEURISTICS` (they must agree on
    the optimum), the tables built before A*'s clock starts."""
    puzzle, start = _instance(task)
    rows, times, lengths = [], [], set()
    for h in D5_HEURISTICS:
        t0 = time.perf_counter()
        heuristic_tables(puzzle, h)  # built (and cached) before A*'s clock starts
        built = time.perf_counter() - t0
        astar(puzzle, puzzle.target, max_expanded=1, heuristic=h)  # compiled: warm seconds
        res = astar(puzzle, start, max_expanded=task.max_expanded, heuristic=h)
        if not res.gave_up:
            lengths.add(None if res.moves is None else len(res.moves))
        key = {"d": task.d, "k": task.k, "instance": task.instance, "heuristic": h}
        rows.append({**key, "expansions": res.expanded, "gave_up": res.gave_up})
        times.append({**key, "build_seconds": round(built, 3),
                      "search_seconds": round(res.seconds, 3)})
    if len(lengths) != 1:
        raise AssertionError(f"the heuristics disagree on the optimum of {task}: {lengths}")
    optimum = lengths.pop()
    return D5Result(tuple({**r, "optimal_length": optimum} for r in rows), tuple(times))


def d5_table(tasks: Sequence[D5Task], results: Sequence[D5Result]) -> pd.DataFrame:
    """Columns :data:`COLUMNS`, one row per (instance, heuristic); wall times in attrs."""
    table = pd.DataFrame([r for res in results for r in res.rows], columns=COLUMNS)
    table["optimal_length"] = table["optimal_length"].astype("Int64")  # empty: unsolvable
    return with_seconds(table, [t for res in results for t in res.times])


def expansions_wide(table: pd.DataFrame) -> pd.DataFrame:
    """One row per instance, one expansions column per heuristic (budget-limited ones as
    ">N")."""
    shown = table.assign(expansions=[f">{e:,}" if g else f"{e:,}" for e, g in
                                     zip(table["expansions"], table["gave_up"], strict=True)])
    return shown.pivot(index=["d", "k", "instance", "optimal_length"], columns="heuristic",
                       values="expansions")[list(D5_HEURISTICS)].reset_index()
