"""A notebook's parameters, checked in its setup cell before any work: each failure is one line
naming the parameter and what it may be (a papermill ``SEED=-1`` would otherwise fail cells
later inside numpy, ``WORKERS=-1`` when the first pool starts)."""

from __future__ import annotations

from puzzles.core.runner import check_workers
from puzzles.core.scales import SCALES
from puzzles.core.seeding import check_seed


def check_parameters(scale: object, seed: object, workers: object, scheduler: object) -> None:
    """ValueError naming the first bad one of ``SCALE``, ``SEED``, ``WORKERS``, ``SCHEDULER``
    (a scheduler address must also answer); None when all are fit to run."""
    if scale not in SCALES:
        raise ValueError(f"SCALE must be one of {', '.join(map(repr, SCALES))}, got {scale!r}")
    check_seed(seed, "SEED")
    try:
        check_workers(workers)  # type: ignore[arg-type]
    except ValueError as err:
        raise ValueError(str(err).replace("workers must", "WORKERS must", 1)) from None
    if not isinstance(scheduler, str):
        raise ValueError(f'SCHEDULER must be a string ("", "local-dask" or an address), got '
                         f"{scheduler!r}")
