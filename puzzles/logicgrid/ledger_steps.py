"""Ledger rows decided from the cost-optimal step-wise explanations (``explanations.csv``).

The slides call the "difficulty only" puzzles full of "trivial deductions" without saying what
one is, and name "types of deductions needed" as future work. The explanations of
:mod:`puzzles.logicgrid.stepwise` give both a reading: a step is trivial when its cheapest
explanation is one clue and no earlier cell (the clue states the cell).
"""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd

from puzzles.core.claims import Ledger, fmt
from puzzles.core.verdicts import not_comparable, qualitative
from puzzles.logicgrid.stepwise import CLUE_COSTS

# Where each arm's puzzles are in explanations.csv: ours as "<experiment> <trial>", the
# authors' released ones as "<set>-<index>".
OURS_DO, OURS_HD, AUTHORS_DO, AUTHORS_HD = ("difficulty only ", "hint size and difficulty ",
                                            "do-", "hd-")
# A step read off one 'is' or 'not' clue: the clue names the cell (their cost, 2).
READ_OFF = min(CLUE_COSTS["is"], CLUE_COSTS["not"])
SEVERAL = 2  # "several" read as: at least this many per puzzle on average


def _filled(column: pd.Series) -> pd.Series:
    """Cells holding text: empty in memory is "", read back from the CSV it is NaN."""
    return column.notna() & (column.astype(str) != "")


def trivial_per_puzzle(steps: pd.DataFrame, prefix: str, max_cost: float = math.inf
                       ) -> list[int]:
    """Trivial steps of each puzzle named ``prefix`` + a number: steps whose explanation names
    exactly one clue and no earlier cell, costing at most ``max_cost`` (a puzzle without one
    counts 0)."""
    need = {"puzzle", "step", "clues", "premises", "cost"}
    if not isinstance(steps, pd.DataFrame) or not need <= set(steps.columns):
        raise ValueError(f"steps must be a DataFrame with columns {sorted(need)}")
    mine = steps[steps["puzzle"].astype(str).str.fullmatch(re.escape(prefix) + r"\d+")]
    if mine.empty:
        raise ValueError(f"no puzzle named {prefix!r} + a number in the steps")
    clues, premises = _filled(mine["clues"]), _filled(mine["premises"])
    one_clue = clues & ~mine["clues"].astype(str).str.contains(";")
    alone = one_clue & ~premises & (mine["cost"] <= max_cost)
    return [int(v) for v in alone.groupby(mine["puzzle"], sort=True).sum()]


def _several(counts: list[int], what: str) -> tuple[bool, str]:
    mean = float(np.mean(counts))
    return mean >= SEVERAL, f"{fmt(mean)} {what} per puzzle over {len(counts)} puzzles"


def explanation_claims(ledger: Ledger, steps: pd.DataFrame, difficulty: pd.DataFrame
                       ) -> Ledger:
    """QA-do-trivial (read through the explanations) and the future-work row on other notions
    of difficulty (``difficulty``: ``explanation_difficulty.csv``)."""
    read = {p: trivial_per_puzzle(steps, p, READ_OFF)
            for p in (OURS_DO, OURS_HD, AUTHORS_DO, AUTHORS_HD)}
    holds, ours = _several(read[OURS_DO], "steps read off one is/not clue")
    alone_holds, alone = _several(trivial_per_puzzle(steps, OURS_DO), "steps from one clue alone")
    test = (f"cost-optimal explanations of our 'difficulty only' puzzles (explanations.csv); "
            f"'several' read as at least {SEVERAL} per puzzle on average")
    ledger.add("QA-do-trivial", "slides: Qualitative Analysis",
               "'Difficulty only' puzzles include several trivial deductions",
               qualitative(holds, ours, test),
               authors=_several(read[AUTHORS_DO], "read-off steps")[1],
               reading="trivial: a step read off one is/not clue (no earlier cell, cost "
                       f"{READ_OFF})",
               readings={"trivial: any step explained by one clue and no earlier cell":
                         qualitative(alone_holds, alone, test)},
               why="the slides do not define a trivial deduction; read through the cost-optimal "
                   "explanations. The slides say it of 'difficulty only' alone, but our 'hint "
                   f"size and difficulty' puzzles hold {fmt(np.mean(read[OURS_HD]))} read-off "
                   f"steps per puzzle (the authors' {fmt(np.mean(read[AUTHORS_HD]))} against "
                   f"{fmt(np.mean(read[AUTHORS_DO]))}): measured, not tested, so the row does "
                   "not say the arms differ")
    pooled = difficulty[(difficulty["group"] == "all")
                        & (difficulty["measure"] == "total step cost")].set_index("loops")
    rho = "; ".join(f"{loops} loops rho {fmt(r['rho'], 2)} (p {fmt(r['p'], 2)}, n {int(r['n'])})"
                    for loops, r in pooled.iterrows())
    ledger.add("FW-deduction-types", "slides: Future Work",
               "Future work: other notions of difficulty, such as the types of deductions needed",
               not_comparable(f"total step cost of the cost-optimal explanations against "
                              f"solver loops, pooled: {rho}", "explanation_difficulty.csv"),
               why="a plan, not a result; beyond the paper, the step-wise explanations give "
                   "such a measure, compared with both loop counts pooled and per set of "
                   "puzzles in explanation_difficulty.csv")
    return ledger
