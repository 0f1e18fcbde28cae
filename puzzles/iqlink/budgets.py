"""Budgets of the IQ-Link notebook per scale ("paper" = all 120 challenges, the paper's runs)."""

from puzzles.core import register_budgets

BUDGETS = {
    # The paper ran every strategy and its solver on all 120 challenges once (deterministic). It
# let its solver run for days; we cap each run of the paper's solver at node_limit nodes and
# report "gave up" beyond (the exact solver is never capped).
    "paper": {"challenges": 120, "table3": (47, 48, 49, 50, 51, 52, 53),
              "table4": (29, 38, 60, 80, 90), "heat_maps": (25, 29, 40, 85),
              "node_limit": 5_000_000},
    "smoke": {"challenges": 10, "table3": (47, 49), "table4": (29, 38),
              "heat_maps": (25, 29), "node_limit": 200_000},
}
register_budgets("iqlink", BUDGETS)
