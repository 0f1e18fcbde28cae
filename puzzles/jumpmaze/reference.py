"""The report's best puzzle, typed: its printed n = 11 puzzle, read from the paper's numbers.

The numbers live once, in ``reference/best_puzzle.csv`` (the jump in each cell and the BFS depth
printed beneath it); this module reads them with
:func:`puzzles.core.storage.reference_table` (never through the paper) and gives them types.
The report's protocol (``reference/protocol.csv``) is read by
:func:`puzzles.jumpmaze.budget.report`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from puzzles.core.storage import reference_table

GOAL = "G"


@cache
def _best_puzzle() -> tuple[np.ndarray, np.ndarray]:
    cells = reference_table(Path(__file__).parent, "best_puzzle")
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
