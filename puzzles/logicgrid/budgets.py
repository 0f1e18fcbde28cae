"""Budgets per scale for the logic-grid notebook ("paper" = the paper's own budgets)."""

from puzzles.core import register_budgets

BUDGETS = {
    "paper": {
        "trials": 30,                # both main experiments
        "generations": 300,          # "hint size and difficulty"
        "generations_difficulty": 2000,  # "difficulty only"
        "mini_trials": 5,
        "mini_generations": 150,
        "ablation_trials": 30,
        "ablation_generations": 300,
        "mutation_repeats": 100,     # mutation chains per final puzzle
        "mutation_steps": 5,
        "weak_trials": 30,           # beyond the paper: the paper's weaker feasibility
        "protocol_trials": 30,       # their FeasbilityTest.py / SinglePopExperiements.py trials
        "protocol_target": 100,      # feasible lists archived per mutation-study trial
        "single_pop_generations": 100,
        "grammar_samples": 50000,    # random productions sampled for the grammar table
        "map_iterations": 50000,     # beyond the paper: MAP-Elites over clue counts
    },
    "smoke": {
        "trials": 3,
        "generations": 30,
        "generations_difficulty": 40,
        "mini_trials": 2,
        "mini_generations": 20,
        "ablation_trials": 2,
        "ablation_generations": 20,
        "mutation_repeats": 5,
        "mutation_steps": 5,
        "weak_trials": 2,
        "protocol_trials": 2,
        "protocol_target": 20,
        "single_pop_generations": 10,
        "grammar_samples": 5000,
        "map_iterations": 500,
    },
}

register_budgets("logicgrid", BUDGETS)
