"""Budgets per scale for the clockwork notebook: "paper" is Section IV's, "smoke" is tiny.

``exact_max_states``: largest n c^n searched for a shortest solution (None = all; smoke skips
C6 and D3, whose searches take seconds). ``b5_runs``: runs of B5 from A5's state (the ledger's
reading of B5 as Section V defines it; 200 like the stored ordering runs).
``algebra_pairs_max`` / ``algebra_q_max``: the largest n c^n over which the paper's algebraic
statements are checked exhaustively (``puzzles.clockwork.theory``; seconds at paper scale).
"""

from puzzles.core import register_budgets

BUDGETS = {
    "paper": {"runs": 20, "R": 15, "L": 200, "P": 28, "N": 20_000,
              "readings_runs": 20,
              "exact_max_states": None,
              "b5_runs": 200, "algebra_pairs_max": 81, "algebra_q_max": 600_000},
    "smoke": {"runs": 2, "R": 15, "L": 200, "P": 28, "N": 200,
              "readings_runs": 2,
              "exact_max_states": 10**8,
              "b5_runs": 4, "algebra_pairs_max": 24, "algebra_q_max": 400},
}

register_budgets("clockwork", BUDGETS)
