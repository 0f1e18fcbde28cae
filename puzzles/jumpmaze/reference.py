"""What the report states: its best n = 11 puzzle with printed depths, and its budgets.

The puzzle is a copy of the report's "Best puzzle generated" (``data/rjm_best_n11.csv``), so the
package never reads anything outside itself at run time.
"""

from __future__ import annotations

from importlib import resources

import numpy as np

REPORT_BEST_SCORE = 103  # the goal depth printed in the report's best puzzle
REPORT_SIZES = (5, 7, 9, 11)
REPORT_RUNS = 50

# iterations per run, as stated in the report's tasks 3-7
REPORT_ITERATIONS = {
    "hc": {5: 1000, 7: 5000, 9: 5000, 11: 5000},
    "restarts": {5: 1000, 7: 1000, 9: 3000, 11: 3000},  # 10 restarts share these
    "walk": {5: 1000, 7: 1000, 9: 3000, 11: 3000},
    "sa": {5: 3000, 7: 4000, 9: 5000, 11: 6000},
}
REPORT_RESTARTS = 10
REPORT_WALK_P = 0.05
REPORT_SA_T0 = 100.0
REPORT_SA_COOL = 0.985
REPORT_GA_POP = {5: 30, 7: 40, 9: 50, 11: 60}
REPORT_GA_GENERATIONS = 100
REPORT_GA_MUTATION = 0.02
REPORT_GA_CLONE = 0.5
REPORT_GA_SELECT = 0.8
# Task 3: 'a rather large plateau after the 2000th iteration' (hill climbing, n = 7)
REPORT_HC_PLATEAU_AFTER = 2000


def _read_report_csv() -> tuple[np.ndarray, np.ndarray]:
    text = resources.files("puzzles.jumpmaze").joinpath("data/rjm_best_n11.csv").read_text(
        encoding="utf-8")
    blocks: dict[str, list[list[int]]] = {"jumps": [], "depths": []}
    current = None
    for line in text.splitlines():
        line = line.strip()
        if line in ("# jumps", "# depths"):
            current = line[2:]
            continue
        if not line or line.startswith("#") or current is None:
            continue
        blocks[current].append([0 if t == "G" else int(t) for t in line.split(",")])
    return np.array(blocks["jumps"], np.int64), np.array(blocks["depths"], np.int64)


def report_puzzle() -> np.ndarray:
    """The report's best n = 11 puzzle (goal = 0)."""
    return _read_report_csv()[0]


def report_depths() -> np.ndarray:
    """The BFS depths printed beneath each cell of the report's puzzle (-1 = unreachable)."""
    return _read_report_csv()[1]
