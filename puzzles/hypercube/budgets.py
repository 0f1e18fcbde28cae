"""Budgets per scale: "paper" is the paper's own (150 runs, N = T = 1000, 1000 RL episodes)."""

from __future__ import annotations

from puzzles.core import register_budgets

FAMILY = "hypercube"

PAPER = {
    "ea_runs": 150,
    "ea_pop": 1000,
    "ea_generations": 1000,
    "ea_alpha": 0.2,
    "ea_c": 1.8,
    "rl_runs": 150,
    "rl_episodes": 1000,
    # backward BFS states per dimension: 100, and 100,000 for d=5 (paper Sec. 4.1)
    "rl_p_states": {3: 100, 4: 100, 5: 100_000},
    "rl_lr": 0.05,
    "rl_gamma": 0.95,
    # an episode with no solution known yet is cut here (the scripts have no cap)
    "rl_max_len": 10_000,
    "astar_max_expanded": 3_000_000,
    # Appendix A: the Zipf exponent c on d=3 k=2 level 0
    "appendix_c": (1.2, 1.4, 1.6, 1.8, 2.0, 2.6, 3.0, 4.0, 5.0, 6.0, 7.0),  # on their grid
    "appendix_runs": 150,
    "chunk": 50,
    "component_max_d": 6,
}

SMOKE = {
    "ea_runs": 4,
    "ea_pop": 60,
    "ea_generations": 40,
    "ea_alpha": 0.2,
    "ea_c": 1.8,
    "rl_runs": 4,
    "rl_episodes": 20,
    "rl_p_states": {3: 100, 4: 100, 5: 2000},
    "rl_lr": 0.05,
    "rl_gamma": 0.95,
    "rl_max_len": 2_000,
    "astar_max_expanded": 20_000,
    "appendix_c": (1.4, 1.8, 7.0),
    "appendix_runs": 4,
    "chunk": 4,
    "component_max_d": 4,
}

register_budgets(FAMILY, {"smoke": SMOKE, "paper": PAPER})
