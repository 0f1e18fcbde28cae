"""Budgets per scale for notebook 03: "paper" is the report's protocol exactly."""

from __future__ import annotations

from puzzles.core import register_budgets
from puzzles.jumpmaze import reference as R

PAPER = {
    "runs": R.REPORT_RUNS,
    "sizes": R.REPORT_SIZES,
    "hc": dict(R.REPORT_ITERATIONS["hc"]),
    "restarts": dict(R.REPORT_ITERATIONS["restarts"]),
    "walk": dict(R.REPORT_ITERATIONS["walk"]),
    "sa": dict(R.REPORT_ITERATIONS["sa"]),
    "restarts_count": R.REPORT_RESTARTS,
    "walk_p": R.REPORT_WALK_P,
    "sa_t0": R.REPORT_SA_T0,
    "sa_cool": R.REPORT_SA_COOL,
    "ga_pop": dict(R.REPORT_GA_POP),
    "ga_generations": R.REPORT_GA_GENERATIONS,
    "ga_mutation": R.REPORT_GA_MUTATION,
    "ga_clone": R.REPORT_GA_CLONE,
    # beyond the report: a live demonstration of the tuned annealer, and live exact proofs
    "live_anneal": {"n": 11, "runs": 2, "iters": 4_000_000, "t_start": 5.0, "t_end": 0.3},
    "exact_live": (3, 4, 5, 6, 7),
    "refute_live": (8, 9, 10, 11),  # refute n^2 - 2 (a few hundred nodes each)
    "best_sizes": (5, 6, 7, 8, 9, 10, 11),
    "live_design": {"n": 7, "iters": 300_000},  # designer's annealer, once per objective
}

SMOKE = {
    **PAPER,
    "runs": 3,
    "hc": {n: it // 10 for n, it in PAPER["hc"].items()},
    "restarts": {n: it // 10 for n, it in PAPER["restarts"].items()},
    "walk": {n: it // 10 for n, it in PAPER["walk"].items()},
    "sa": {n: it // 10 for n, it in PAPER["sa"].items()},
    "ga_pop": {n: 6 for n in PAPER["ga_pop"]},
    "ga_generations": 10,
    "live_anneal": {"n": 11, "runs": 1, "iters": 20_000, "t_start": 5.0, "t_end": 0.3},
    "exact_live": (3, 4, 5, 6),
    "live_design": {"n": 7, "iters": 5_000},
}

register_budgets("jumpmaze", {"smoke": SMOKE, "paper": PAPER})
