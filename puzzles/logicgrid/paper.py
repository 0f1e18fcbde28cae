"""The logic-grid paper as one ``Paper``: budget, experiments and data files.

Shyne, Facey & Cooper, *Generating Solvable and Difficult Logic Grid Puzzles* (GECCO '24
Companion). Three experiments run on a process pool (or any executor): every FI-2Pop trial
(:mod:`puzzles.logicgrid.fi2pop`) and the authors' two side studies run as their scripts run
them (:mod:`puzzles.logicgrid.protocols`). The paper's numbers are ``reference/*.csv``
(read by :mod:`puzzles.logicgrid.reference`), its claims ``paper_claims.csv``, each decided by
the evidence registered in :mod:`puzzles.logicgrid.ledger` from the
notebook's result files (``PAPER.ledger(scale, seed, results)``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from puzzles.core.paper import Budget, Experiment, Paper, knob
from puzzles.logicgrid import causes, experiments, ledger, protocols
from puzzles.logicgrid.fi2pop import run_trial


@dataclass(frozen=True)
class LogicGridBudget(Budget):
    """The notebook's budget; ``paper()`` is the paper's own."""

    trials: int = knob("FI-2Pop trials of each main experiment", "trials")
    generations: int = knob("generations of 'hint size and difficulty'", "generations")
    generations_difficulty: int = knob("generations of 'difficulty only'", "generations")
    mini_trials: int = knob("trials of the mini 3x4 experiment", "trials")
    mini_generations: int = knob("generations of the mini 3x4 experiment", "generations")
    ablation_trials: int = knob("trials of each other infeasible fitness inside FI-2Pop",
                                "trials")
    ablation_generations: int = knob("generations of each infeasible-fitness variant",
                                     "generations")
    mutation_repeats: int = knob("mutation chains per final puzzle", "chains")
    mutation_steps: int = knob("successive mutations per chain", "mutations")
    weak_trials: int = knob("trials of each main experiment under the paper's feasibility "
                            "(beyond the paper)", "trials")
    protocol_trials: int = knob("trials of the authors' FeasbilityTest.py and "
                                "SinglePopExperiements.py protocols", "trials")
    protocol_target: int = knob("feasible lists archived per mutation-protocol trial", "lists")
    single_pop_generations: int = knob("generations of the single-population ablation",
                                       "generations")
    grammar_samples: int = knob("random productions sampled for the grammar table",
                                "productions")
    map_iterations: int = knob("MAP-Elites iterations (beyond the paper)", "iterations")

    @classmethod
    def paper(cls) -> LogicGridBudget:
        """The paper's budgets."""
        return cls(trials=30, generations=300, generations_difficulty=2000, mini_trials=5,
                   mini_generations=150, ablation_trials=30, ablation_generations=300,
                   mutation_repeats=100, mutation_steps=5, weak_trials=30, protocol_trials=30,
                   protocol_target=100, single_pop_generations=100, grammar_samples=50000,
                   map_iterations=50000)

    @classmethod
    def smoke(cls) -> LogicGridBudget:
        """Seconds, for tests."""
        return cls(trials=3, generations=30, generations_difficulty=40, mini_trials=2,
                   mini_generations=20, ablation_trials=2, ablation_generations=20,
                   mutation_repeats=5, mutation_steps=5, weak_trials=2, protocol_trials=2,
                   protocol_target=20, single_pop_generations=10, grammar_samples=5000,
                   map_iterations=500)


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
    stored=(("paper-fitness trials", "puzzles/logicgrid/data/paper_fitness_trials.csv"),
            ("protocol causes", "puzzles/logicgrid/data/protocol_causes_runs.csv")))
