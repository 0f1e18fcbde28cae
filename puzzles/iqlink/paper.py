"""Notebook 02's ``PAPER``: Dietz, *An analysis of IQ LINK*, its budget and its experiment.

The one parallel experiment is the analysis of each challenge (``experiments.analyse_challenge``:
the exact count, each strategy alone, cleanup, heatsort, first moves and the paper's solver in
its variants). The paper's numbers are ``reference/*.csv`` (read through ``reference.py``), its
claims ``paper_claims.csv``. The package's stored inputs (``challenges.json``, made by
``generate.generate_all``; ``empty_board.json`` and ``empty_board_recount.json``, made by
``search.count_empty_board`` and ``search.recount_empty_board``; ``challenges_v1.json``, the
first generated set) stay JSON files: the committed ledger names them. Issue 24's naive search
and transition sweep are stored runs (``PAPER.stored``; ``python -m puzzles.iqlink.naive`` and
``python -m puzzles.iqlink.transition`` also write their warm seconds), and so is the second
counter of the empty board (``recount.csv``, ``python -m puzzles.iqlink.recount``) and the
challenges drawn to the booklet's strategy profile (``tuned.csv``,
``python -m puzzles.iqlink.tuned``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from puzzles.core.paper import Budget, Experiment, Paper, knob
from puzzles.iqlink import ledger24  # noqa: F401  (registers its evidence)
from puzzles.iqlink.experiments import analyse_challenge, analysis_frame, analysis_tasks
from puzzles.iqlink.ledger import EVIDENCE
from puzzles.iqlink.naive import naive_frame, naive_rows, naive_tasks
from puzzles.iqlink.transition import transition_frame, transition_rows, transition_tasks
from puzzles.iqlink.tuned import tuned_draws, tuned_frame, tuned_tasks


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


PAPER: Paper[IQLinkBudget] = Paper(
    number="02", stem="02_iq_link", family="iqlink",
    citation="D. A. Dietz, *An analysis of IQ LINK*, American University",
    budget=IQLinkBudget,
    experiments=(Experiment("analysis", "everything the paper measured, on each challenge",
                            analysis_tasks, analyse_challenge, analysis_frame),
                 Experiment("naive", "the naive search in two readings, with and without "
                            "linkability (issue 24)", naive_tasks, naive_rows, naive_frame),
                 Experiment("transition", "Section 14's transition level swept 2-6 and never "
                            "(issue 24)", transition_tasks, transition_rows,
                            transition_frame),
                 Experiment("tuned", "challenges drawn to the booklet's strategy profile per "
                            "level (issue 24)", tuned_tasks, tuned_draws, tuned_frame)),
    data=Path(__file__).parent,
    stored=(("naive", "figures/02_iq_link/naive.csv"),
            ("transition", "figures/02_iq_link/transition.csv"),
            ("tuned", "figures/02_iq_link/tuned.csv"),
            ("recount", "figures/02_iq_link/recount.csv")),
    evidence=EVIDENCE)
