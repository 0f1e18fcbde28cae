"""Runner overhead: tasks per second in-process versus a 2-worker spawn pool, as a ratio."""

from __future__ import annotations

import time

from puzzles.core import run_tasks
from puzzles.core.seeding import derive_rng


def busy_task(task: tuple[int, int]) -> float:
    """About 20 ms of seeded numpy work."""
    root, i = task
    rng = derive_rng(root, "bench", i)
    return float(sum(rng.normal(size=200_000).sum() for _ in range(10)))


def main() -> None:
    """Print wall times for 40 tasks with 1 and 2 workers and the speed-up ratio."""
    tasks = [(1, i) for i in range(40)]
    times = {}
    for workers in (1, 2):
        start = time.perf_counter()
        run_tasks(busy_task, tasks, workers=workers, progress=False)
        times[workers] = time.perf_counter() - start
    print(f"1 worker {times[1]:.2f} s, 2 workers {times[2]:.2f} s, "
          f"speed-up {times[1] / times[2]:.2f}x (includes pool start-up)")


if __name__ == "__main__":
    main()
