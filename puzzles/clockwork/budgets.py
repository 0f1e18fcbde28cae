"""Budgets per scale for the clockwork notebook: "paper" is Section IV's, "smoke" is tiny."""

from puzzles.core import register_budgets

BUDGETS = {
    "paper": {"runs": 20, "R": 15, "L": 200, "P": 28, "N": 20_000,
              "sens_runs": 20, "sens_N": 20_000, "readings_runs": 20},
    "smoke": {"runs": 2, "R": 15, "L": 200, "P": 28, "N": 200,
              "sens_runs": 2, "sens_N": 200, "readings_runs": 2},
}

register_budgets("clockwork", BUDGETS)
