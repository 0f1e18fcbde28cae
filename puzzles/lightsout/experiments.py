"""The toy paper's one experiment: draw random boards and solve each exactly.

An experiment is a task builder, a module-level worker (so a process pool or a dask worker can
import it) and a table builder; ``paper.py`` lists it as an ``Experiment``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from puzzles.core.paper import Task
from puzzles.lightsout.budget import LightsBudget
from puzzles.lightsout.model import STATES
from puzzles.lightsout.search import distances


@dataclass(frozen=True)
class BoardsTask(Task):
    """One batch of random boards (its seed: the experiment's name, ``batch`` and ``boards``)."""

    EXPERIMENT = "random boards"
    batch: int
    boards: int


@dataclass(frozen=True)
class BoardsResult:
    """Fewest presses of each board of a batch (-1: unsolvable)."""

    presses: tuple[int, ...]


def random_boards_tasks(budget: LightsBudget, root: int) -> list[BoardsTask]:
    """One task per batch."""
    return [BoardsTask(b, budget.boards, root=root) for b in range(budget.batches)]


def random_boards(task: BoardsTask) -> BoardsResult:
    """Draw the batch's boards from the task's seed and solve each exactly."""
    rng = np.random.default_rng(task.seed)
    states = rng.integers(0, STATES, size=task.boards)
    return BoardsResult(tuple(int(distances()[s]) for s in states))


def random_boards_table(tasks: Sequence[BoardsTask], results: Sequence[BoardsResult]
                        ) -> pd.DataFrame:
    """One row per board: batch, board, presses."""
    return pd.DataFrame([{"batch": t.batch, "board": i, "presses": p}
                         for t, r in zip(tasks, results, strict=True)
                         for i, p in enumerate(r.presses)])


def exact_distribution() -> pd.DataFrame:
    """Beyond the toy paper: how many of the 512 boards need each number of presses."""
    counts = np.bincount(distances()[distances() >= 0])
    return pd.DataFrame({"presses": np.arange(len(counts)), "boards": counts})
