"""Shared core: seeding, statistics, the experiment runner, scales, saving outputs, the
reproduction ledger and wall-time records; the family contract lives in ``core.paper`` and
``core.game``."""

from puzzles.core.claims import Claim, Ledger
from puzzles.core.output import figures_dir, save_figure, save_json, save_table
from puzzles.core.runner import default_workers, executor_for, progress_bar, run_tasks
from puzzles.core.scales import SCALES, check_scale
from puzzles.core.seeding import derive_rng, derive_seed, seed_sequence
from puzzles.core.stats import ci_halfwidth, mean_ci, median_ci, proportion_ci, summarise
from puzzles.core.timing import Timings

__all__ = [
    "Claim",
    "Ledger",
    "Timings",
    "progress_bar",
    "SCALES",
    "check_scale",
    "ci_halfwidth",
    "default_workers",
    "derive_rng",
    "derive_seed",
    "executor_for",
    "figures_dir",
    "mean_ci",
    "median_ci",
    "proportion_ci",
    "run_tasks",
    "save_figure",
    "save_json",
    "save_table",
    "seed_sequence",
    "summarise",
]
