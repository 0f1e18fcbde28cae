"""Issue 24's offline runs without ``PAPER``: ``python -m puzzles.iqlink.naive`` (and
``transition``, ``tuned``) run their experiment here at paper scale on one worker and store its
table with the command that made it, exactly as ``PAPER.run`` and ``PAPER.stored_path`` would
(the same tasks, worker, progress line and cache)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from puzzles.core.paper import ROOT_SEED, Task
from puzzles.core.project import ROOT
from puzzles.core.runner import run_tasks
from puzzles.core.storage import store
from puzzles.iqlink.budget import NUMBER, STORED, IQLinkBudget


def run_stored(name: str, tasks: Callable[[IQLinkBudget, int], Sequence[Task]],
               worker: Callable[[Any], Any],
               table: Callable[[Sequence[Task], Sequence[Any]], pd.DataFrame], command: str,
               cache_dir: str | None = None) -> tuple[pd.DataFrame, Path]:
    """Run experiment ``name`` (its ``tasks``, ``worker`` and ``table``) at paper scale under
    the root seed on one worker, resumable through ``cache_dir``, and store its table at its
    ``STORED`` path with ``command``: (the table, where it went)."""
    todo = list(tasks(IQLinkBudget.paper(), ROOT_SEED))
    results = run_tasks(worker, todo, workers=1, progress=True, desc=f"{NUMBER} {name}",
                        cache_dir=cache_dir)
    frame = table(todo, results)
    return frame, store(frame, ROOT / dict(STORED)[name], command)
