"""How the ledger and the notebook read the protocol's runs: the equivalence margins, the tie
rules and statistics by name, and every run's score at its stated budget or after fewer
evaluations (``final_scores_per_run.csv`` and ``checkpoints.csv``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from puzzles.core.claims import fmt
from puzzles.core.evidence import Data
from puzzles.core.verdicts import Margin
from puzzles.jumpmaze import experiments as X


@dataclass(frozen=True)
class Margins:
    """The equivalence margins, one per kind of number compared (the notebook shows why).

    ``plateau``: a mean gain within +-1 move (the score's unit) is flat; ``best_puzzle``: the
    best of n runs within +-2 moves (2% of 103) of the report's. Orderings, trends and checked
    statements have no margin: any difference significant after the correction counts.
    """

    plateau: Margin = field(default=Margin.difference(1.0, "moves"))
    best_puzzle: Margin = field(default=Margin.difference(2.0, "moves"))


MARGINS = Margins()
INCUMBENT, BEST = "incumbent (as plotted)", "best-so-far"
# each statistic's column in final_scores_per_run.csv and checkpoints.csv, and its name in matched
COLUMNS = {INCUMBENT: ("final_score", "incumbent", "incumbent"),
           BEST: ("best_score", "best_so_far", "best-so-far")}
TIE = {"strict": "strict climber", "ties": "ties accepted"}
RUNS = ("final_scores_per_run", "checkpoints")


@dataclass(frozen=True)
class Runs:
    """Every run's score at its stated budget (``finals``: final_scores_per_run.csv) and after
    fewer evaluations (``checkpoints``: checkpoints.csv), with the budget that ran them."""

    finals: pd.DataFrame
    checkpoints: pd.DataFrame
    budget: Any

    @classmethod
    def of(cls, data: Data) -> Runs:
        """The runs of the notebook's protocol, from its result files."""
        return cls(data.table(RUNS[0]), data.table(RUNS[1]), data.budget)

    def at(self, algorithm: str, n: int, stat: str = INCUMBENT,
           evals: int | None = None) -> np.ndarray:
        """One value per run, in run order: ``stat`` after ``evals`` evaluations (None: the
        stated budget)."""
        if evals is None or evals == X.evaluations(algorithm, n, self.budget):
            d = self.finals[(self.finals["algorithm"] == algorithm) & (self.finals["n"] == n)]
            col = COLUMNS[stat][0]
        else:
            c = self.checkpoints
            d = c[(c["algorithm"] == algorithm) & (c["n"] == n) & (c["evaluations"] == evals)]
            col = COLUMNS[stat][1]
        if d.empty:
            raise ValueError(f"no runs of {algorithm!r} at n={n}" + (
                "" if evals is None else f" after {evals} evaluations (see checkpoints())"))
        return d.sort_values("run")[col].to_numpy(float)

    def mean(self, algorithm: str, n: int, stat: str = INCUMBENT) -> str:
        """The mean over the runs, as ledger text."""
        return fmt(float(self.at(algorithm, n, stat).mean()), 4)


def gain(runs: Runs, algorithm: str, n: int, start: int) -> np.ndarray:
    """Per run: the incumbent's rise from iteration ``start`` to the end (the same runs)."""
    return runs.at(algorithm, n) - runs.at(algorithm, n, INCUMBENT, start + 1)
