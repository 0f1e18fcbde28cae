"""Task functions for the runner tests (a module, so spawned workers can import them)."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import numpy as np

from puzzles.core.seeding import derive_rng


def noisy_sum(task: tuple[int, int]) -> float:
    """A seeded stochastic task: the sum of 100 normal draws for (root, index)."""
    root, index = task
    return float(derive_rng(root, "noisy_sum", index).normal(size=100).sum())


def counted_square(task: tuple[int, str, str]) -> int:
    """Square ``index``, recording the call in ``calls_dir``; fail or die when a marker says so.

    Marker file ``<calls_dir>/fail-<index>`` raises; ``<calls_dir>/die-<index>`` kills the worker.
    """
    index, calls_dir, mode = task
    calls = Path(calls_dir)
    (calls / f"call-{index}-{uuid.uuid4().hex}").touch()
    if (calls / f"fail-{index}").exists():
        raise RuntimeError(f"task {index} failed on purpose")
    if (calls / f"die-{index}").exists():
        os._exit(3)
    return int(np.int64(index) ** 2)


def call_counts(calls_dir: Path, n: int) -> list[int]:
    """How often ``counted_square`` ran for each index."""
    names = [p.name for p in calls_dir.glob("call-*")]
    return [sum(1 for name in names if name.split("-")[1] == str(i)) for i in range(n)]


def sigint_ignored(_: int) -> bool:
    """Whether this (worker) process ignores Ctrl-C."""
    import signal

    return signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def block_after_marking(marker: str) -> int:
    """Create the file ``marker`` (the task has started), then wait forever: only terminating
    the worker ends it."""
    import time

    Path(marker).touch()
    while True:
        time.sleep(0.05)


def read_text(task) -> str:
    """The text of the file a task names (a task with declared inputs)."""
    return Path(task.path).read_text()


def sleep_then(seconds: float) -> float:
    """Sleep ``seconds`` and return them (a task a test can kill mid-run)."""
    import time

    time.sleep(seconds)
    return seconds
