"""Section 14's transition level swept: the paper's final solver switching from linked moves to
exhaustive search at 2, 3, 4, 5 or 6 remaining pieces, or never.

The solver is the notebook's final one (``search.paper_search``: heat-sorted candidates after
basic cleanup, linked moves of any piece while more than ``transition`` pieces remain, then
every placement of the next piece in a fixed order, ball/socket counting on, no forward
checking), stopped at the first linked solution. "never" keeps the linked rule to the last
piece (``transition=0``). Every run has the same node cap, so the levels are compared at a
matched budget; a capped run's count is a lower bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from puzzles.core.paper import ROOT_SEED, Task
from puzzles.iqlink.budget import sample_ids
from puzzles.iqlink.experiments import warm_up
from puzzles.iqlink.generate import load_challenges, stored_solution
from puzzles.iqlink.naive import search_order
from puzzles.iqlink.offline import run_stored
from puzzles.iqlink.placements import table
from puzzles.iqlink.search import paper_search

TRANSITIONS: tuple[str, ...] = ("2", "3", "4", "5", "6", "never")


def transition_level(name: str) -> int:
    """The solver's ``transition`` argument for a level's name ("never" is 0: linked moves to
    the last piece)."""
    if name not in TRANSITIONS:
        raise ValueError(f"transition must be one of {TRANSITIONS}, got {name!r}")
    return 0 if name == "never" else int(name)


@dataclass(frozen=True)
class TransitionTask(Task):
    """The sweep on challenge ``cid``, each run capped at ``node_limit`` nodes."""

    EXPERIMENT: ClassVar[str] = "transition"
    cid: int
    node_limit: int


def transition_tasks(budget: Any, root: int = ROOT_SEED) -> list[TransitionTask]:
    """One task per challenge of the budget (``challenges``, ``naive_node_limit``)."""
    return [TransitionTask(c, budget.naive_node_limit, root=root)
            for c in sample_ids(budget.challenges)]


def transition_frame(tasks: Sequence[TransitionTask], results: Sequence[list[dict]]
                     ) -> pd.DataFrame:
    """``transition.csv``'s frame (nodes); the warm seconds in ``attrs["timings"]``."""
    res, tim = transition_table([r for rows in results for r in rows])
    res = res.copy()
    res.attrs["timings"] = tim
    return res


def _timed(ch, order, level: int, node_limit: int):
    res = paper_search(ch, order, linkable=True, transition=level, counting=True,
                       lookahead=False, node_limit=node_limit)
    if res.seconds < 0.01:  # short runs: the median of five warm runs
        times = [paper_search(ch, order, linkable=True, transition=level, counting=True,
                              lookahead=False, node_limit=node_limit).seconds
                 for _ in range(5)]
        return res, float(np.median(times))
    return res, res.seconds


def transition_rows(task: TransitionTask) -> list[dict]:
    """Rows (id, level, transition, nodes, found, seconds_warm) of the sweep on one challenge;
    a found solution must be the stored one."""
    warm_up()
    ch = load_challenges()[task.cid - 1]
    t = table()
    key = sorted(t.id_of(p) for p in stored_solution(task.cid) if p not in ch.given)
    order = search_order(ch)
    rows = []
    for name in TRANSITIONS:
        res, seconds = _timed(ch, order, transition_level(name), task.node_limit)
        if res.found and sorted(res.solution) != key:
            raise RuntimeError(f"the solver found another solution of challenge {task.cid}")
        rows.append({"id": task.cid, "level": ch.level, "transition": name,
                     "nodes": res.nodes, "found": res.found, "seconds_warm": seconds})
    return rows


def transition_table(rows: Sequence[dict]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``transition.csv`` (id, level, transition, nodes, found) and its timings
    (step, item, seconds)."""
    df = pd.DataFrame(list(rows))
    res = df[["id", "level", "transition", "nodes", "found"]]
    tim = pd.DataFrame({"step": "transition_" + df["transition"],
                        "item": df["id"].astype(str), "seconds": df["seconds_warm"]})
    return res, tim


COMMAND = "python -m puzzles.iqlink.transition"


def main(cache_dir: str | None = None) -> pd.DataFrame:
    """Run the paper-scale sweep on one worker (resumable through ``cache_dir``) and store
    ``transition.csv`` (with this command) and its warm seconds ``timing_transition.csv``."""
    frame, path = run_stored("transition", transition_tasks, transition_rows, transition_frame,
                             COMMAND, cache_dir)
    frame.attrs["timings"].to_csv(path.parent / "timing_transition.csv", index=False,
                                  lineterminator="\n")
    return frame


if __name__ == "__main__":
    import sys

    # The package's module, not this ``__main__`` copy: its worker and tasks are the ones
    # ``PAPER.run`` uses, so the run and its task cache are the notebook's.
    from puzzles.iqlink import transition

    transition.main(sys.argv[1] if len(sys.argv) > 1 else None)
