"""Budgets per scale for the clockwork notebook: "paper" is Section IV's, "smoke" is tiny.

``exact_max_states``: largest n c^n searched for a shortest solution (None = all; smoke skips
C6 and D3, whose searches take seconds).
"""

from puzzles.core import register_budgets

BUDGETS = {
    "paper": {"runs": 20, "R": 15, "L": 200, "P": 28, "N": 20_000,
              "readings_runs": 20,
              "exact_max_states": None},
    "smoke": {"runs": 2, "R": 15, "L": 200, "P": 28, "N": 200,
              "readings_runs": 2,
              "exact_max_states": 10**8},
}

register_budgets("clockwork", BUDGETS)
