"""The logic-grid notebook's budget and where its stored offline runs live (the family's
bottom layer: it imports nothing of the family)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from puzzles.core.paper import Budget, knob

STORED_DIR = Path(__file__).parent / "data"
"""The folder of the stored offline runs (``python -m puzzles run 04 <experiment> --store``)."""

STORED: tuple[tuple[str, str], ...] = (
    ("paper-fitness trials", "puzzles/logicgrid/data/paper_fitness_trials.csv"),
    ("protocol causes", "puzzles/logicgrid/data/protocol_causes_runs.csv"))
"""Each stored experiment and its result file, relative to the repository root."""


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
