"""Notebook 03's paper: the Rook Jumping Maze report, its budget and its experiments.

The budget (:class:`~puzzles.jumpmaze.budget.MazeBudget`: ``paper()`` the report's own protocol
plus the notebook's runs beyond it, ``smoke()`` a few seconds of each) lives in
:mod:`puzzles.jumpmaze.budget` and is importable from here too. The offline runs (tens of CPU
minutes to hours) are experiments too: ``python -m puzzles run 03 <experiment> --store``
regenerates each stored table under ``puzzles/jumpmaze/data/`` (``STORED.csv`` names the command).
"""

from __future__ import annotations

from puzzles.core.paper import Experiment, Paper
from puzzles.jumpmaze import attained, estimate, exact, experiments, matched, offline
from puzzles.jumpmaze.budget import DATA, STORED, Anneal, Estimates, MazeBudget, Refutation
from puzzles.jumpmaze.ledger import EVIDENCE

__all__ = ["PAPER", "Anneal", "Estimates", "MazeBudget", "Refutation"]


PAPER: Paper[MazeBudget] = Paper(
    number="03", stem="03_jumping_maze", family="jumpmaze",
    citation="Rook Jumping Maze report (solution to T. W. Neller's Model AI Assignment, 2010)",
    budget=MazeBudget,
    experiments=(
        Experiment("protocol", "the report's five optimisers, every run at every n",
                   experiments.protocol_tasks, experiments.protocol_run,
                   experiments.protocol_table),
        Experiment("live-anneal", "a short live run of the tuned annealer",
                   experiments.live_anneal_tasks, experiments.anneal_run,
                   experiments.anneal_table),
        Experiment("parallel-refutation", "one exact refutation split over the worker pool",
                   exact.parallel_tasks, exact.branch_run, exact.branch_table),
        Experiment("long-anneal", "the tuned annealer's long runs (offline)",
                   offline.long_anneal_tasks, experiments.anneal_run,
                   offline.long_anneal_table),
        Experiment("long-anneal-extra", "the tuned annealer's later long runs (offline)",
                   offline.long_anneal_extra_tasks, experiments.anneal_run,
                   offline.long_anneal_table),
        Experiment("long-proofs", "exact proofs of the long runs' maxima (offline)",
                   offline.proof_tasks, offline.proof_run, offline.proof_table),
        Experiment("long-bounds", "upper bounds by refuting downwards (offline)",
                   offline.bound_tasks, offline.bound_run, offline.bound_table),
        Experiment("designer-runs", "the designer's deepest feasible mazes (offline)",
                   offline.design_tasks, offline.design_run, offline.design_table),
        Experiment("offline-refutation", "an exact refutation at a node limit (offline)",
                   offline.refutation_tasks, exact.branch_run, offline.refutation_table),
        Experiment("matched", "every optimiser at the same number of evaluations (offline)",
                   matched.matched_tasks, matched.matched_worker, matched.matched_table),
        Experiment("size-estimates", "Knuth estimates of the unfinished refutations (offline)",
                   estimate.estimate_tasks, estimate.estimate_run, estimate.estimate_table),
        Experiment("constrained-maxima", "every maze of a depth checked for the designer's "
                   "constraints (offline)", attained.attained_tasks, attained.attained_run,
                   attained.attained_table),
    ),
    data=DATA, evidence=EVIDENCE, stored=STORED,
    regenerates="score curves of HC / restarts / walk / SA / GA at n = 5..11 (fair verdicts), "
                "proven maxima n = 3..7, the n^2 - 4 conjecture, a designer's maze generator")
