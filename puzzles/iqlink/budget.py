"""Notebook 02's bottom layer: its budget (``IQLinkBudget``), the challenge ids a budget
samples, and the names of its figure folder and stored runs.

Nothing here imports the rest of the family: every experiment reads its knobs and file names
from here, and ``paper.py`` builds ``PAPER`` from them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from puzzles.core.paper import Budget, knob

NUMBER, STEM, FAMILY = "02", "02_iq_link", "iqlink"
FIGURES = f"figures/{STEM}"
"""The notebook's figure folder, relative to the project root."""

# Issue 24's offline runs: (experiment, path of its stored table relative to the project root).
STORED: tuple[tuple[str, str], ...] = (("naive", f"{FIGURES}/naive.csv"),
                                       ("transition", f"{FIGURES}/transition.csv"),
                                       ("tuned", f"{FIGURES}/tuned.csv"),
                                       ("recount", f"{FIGURES}/recount.csv"))
N_CHALLENGES = 120
"""The stored challenges (and the booklet's), numbered 1..120."""


@dataclass(frozen=True)
class IQLinkBudget(Budget):
    """What notebook 02 runs at each scale. The paper ran every strategy and its solver on all
    120 challenges once (deterministic) and let its solver run for days; we cap each run of the
    paper's solver at ``node_limit`` nodes and report "gave up" beyond (the exact solver is
    never capped)."""

    challenges: int = knob("challenges analysed, spread evenly over 1..120", "challenges")
    table3: tuple[int, ...] = knob("our challenges with the paper's Table 3 numbers",
                                   "challenge ids")
    table4: tuple[int, ...] = knob("our challenges with the paper's Table 4 numbers",
                                   "challenge ids")
    heat_maps: tuple[int, ...] = knob("our challenges drawn as Figs. 16-19's heat maps",
                                      "challenge ids")
    node_limit: int = knob("cap on each run of the paper's solver", "nodes")
    regenerated: int = knob("stored challenges rebuilt from their seeds as a check",
                            "challenges")
    one_piece: int = knob("one-piece candidates checked for limits.json (0: every one)",
                          "candidates")
    naive_node_limit: int = knob("cap on each run of the naive search and of the transition "
                                 "sweep (issue 24)", "nodes")
    tuned_chunks: int = knob("seeded chunks of draws per level of the tuned generator",
                             "chunks")
    tuned_draws: int = knob("random challenges drawn per chunk of the tuned generator",
                            "draws")

    @classmethod
    def paper(cls) -> IQLinkBudget:
        """All 120 challenges, the paper's tables' puzzle numbers."""
        return cls(challenges=120, table3=(47, 48, 49, 50, 51, 52, 53),
                   table4=(29, 38, 60, 80, 90), heat_maps=(25, 29, 40, 85),
                   node_limit=5_000_000, regenerated=3, one_piece=0,
                   naive_node_limit=50_000_000, tuned_chunks=6, tuned_draws=40)

    @classmethod
    def smoke(cls) -> IQLinkBudget:
        """Ten challenges, seconds."""
        return cls(challenges=10, table3=(47, 49), table4=(29, 38), heat_maps=(25, 29),
                   node_limit=200_000, regenerated=1, one_piece=1,
                   naive_node_limit=200_000, tuned_chunks=1, tuned_draws=2)


def sample_ids(n: int) -> list[int]:
    """``n`` challenge ids spread evenly over 1..120 (all 120 for n >= 120)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a positive int, got {n!r}")
    if n >= N_CHALLENGES:
        return list(range(1, N_CHALLENGES + 1))
    return sorted({int(round(x)) for x in np.linspace(1, N_CHALLENGES, n)})

