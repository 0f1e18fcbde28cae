"""Shared core: seeding, statistics, the experiment runner, budgets per scale, saving outputs."""

from puzzles.core.output import save_figure, save_json, save_table
from puzzles.core.runner import default_workers, run_tasks
from puzzles.core.scales import SCALES, budgets, check_scale, register_budgets
from puzzles.core.seeding import derive_rng, derive_seed, seed_sequence
from puzzles.core.stats import ci_halfwidth, mean_ci, summarise

__all__ = [
    "SCALES",
    "budgets",
    "check_scale",
    "ci_halfwidth",
    "default_workers",
    "derive_rng",
    "derive_seed",
    "mean_ci",
    "register_budgets",
    "run_tasks",
    "save_figure",
    "save_json",
    "save_table",
    "seed_sequence",
    "summarise",
]
