"""Shared core: seeding, statistics, the experiment runner, scales, saving outputs, the
reproduction ledger, wall-time records and the notebook display (alt text, missing values);
the family contract lives in ``core.paper`` and ``core.game``."""

from puzzles.core.claims import Claim, Ledger
from puzzles.core.display import Picture, described, register, show_figure, show_picture
from puzzles.core.output import figures_dir, save_figure, save_json, save_table
from puzzles.core.parameters import check_parameters
from puzzles.core.runner import default_workers, executor_for, progress_bar, run_tasks
from puzzles.core.scales import SCALES, check_scale
from puzzles.core.seeding import derive_rng, derive_seed, seed_sequence
from puzzles.core.stats import ci_halfwidth, mean_ci, median_ci, proportion_ci, summarise
from puzzles.core.timing import Timings

# In a notebook: alt text on every described figure, one mark for missing values in tables.
register()

__all__ = [
    "Claim",
    "Ledger",
    "Picture",
    "Timings",
    "progress_bar",
    "SCALES",
    "check_parameters",
    "check_scale",
    "ci_halfwidth",
    "default_workers",
    "described",
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
    "show_figure",
    "show_picture",
    "summarise",
]
