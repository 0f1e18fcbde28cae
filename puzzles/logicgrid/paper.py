"""The logic-grid paper as one ``Paper``: budget, experiments and data files.

Shyne, Facey & Cooper, *Generating Solvable and Difficult Logic Grid Puzzles* (GECCO '24
Companion). Three experiments run on a process pool (or any executor): every FI-2Pop trial
(:mod:`puzzles.logicgrid.fi2pop`) and the authors' two side studies run as their scripts run
them (:mod:`puzzles.logicgrid.protocols`). The paper's numbers are ``reference/*.csv``
(read by :mod:`puzzles.logicgrid.reference`), its claims ``paper_claims.csv``, each decided by
the evidence registered in :mod:`puzzles.logicgrid.ledger` from the
notebook's result files (``PAPER.ledger(scale, seed, results)``). The budget and the stored
runs' files live in :mod:`puzzles.logicgrid.budget` (imported here, so
``from puzzles.logicgrid.paper import LogicGridBudget`` keeps working); nothing in the family
imports this module.
"""

from __future__ import annotations

from pathlib import Path

from puzzles.core.paper import Experiment, Paper
from puzzles.logicgrid import causes, experiments, ledger, protocols
from puzzles.logicgrid.budget import STORED, LogicGridBudget
from puzzles.logicgrid.fi2pop import run_trial

PAPER: Paper[LogicGridBudget] = Paper(
    number="04", stem="04_logic_grid", family="logicgrid",
    citation="Shyne, Facey & Cooper, *Generating Solvable and Difficult Logic Grid Puzzles*, "
             "GECCO '24 Companion, 699-702",
    budget=LogicGridBudget,
    experiments=(
        Experiment("trials", "every FI-2Pop trial: both main experiments, mini 3x4, both main "
                   "experiments under the paper's feasibility and the other infeasible "
                   "fitnesses (longest first)", experiments.trial_tasks, run_trial,
                   experiments.trials_table),
        Experiment("mutation protocol", "the authors' FeasbilityTest.py: archives of feasible "
                   "lists mutated 1..5 times, under our feasibility then the paper's",
                   protocols.mutation_tasks, protocols.mutation_protocol_task,
                   protocols.runs_table),
        Experiment("ablation protocol", "the authors' SinglePopExperiements.py: a "
                   "single-population GA per infeasible fitness, the paper's feasibility",
                   protocols.single_pop_tasks, protocols.single_pop_task, protocols.runs_table),
        Experiment("paper-fitness trials", "both main experiments with the authors' solver's "
                   "loop count in the feasible fitness (feasibility ours; stored offline)",
                   experiments.fitness_solver_tasks, run_trial, experiments.stored_trials_table),
        Experiment("protocol causes", "both side studies under our and the authors' "
                   "feasibility oracle, with one cause changed at a time (stored offline)",
                   causes.cause_tasks, causes.cause_task, causes.causes_table),
    ),
    data=Path(__file__).parent, evidence=ledger.EVIDENCE,
    stored=STORED,
    regenerates="every FI-2Pop result, the authors' solver (paper mode) on their 65 released "
                "puzzles, their protocols, walkthroughs, a designer's generator")
