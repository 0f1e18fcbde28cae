"""Runner: 40 seeded tasks on the warm 2-process shared pool against the same tasks in a loop."""

from __future__ import annotations

from benchmarks.compare import Case, run_cases, write_results
from puzzles.core import run_tasks
from puzzles.core.runner import shared_pool
from puzzles.core.seeding import derive_rng

TASKS = [(1, i) for i in range(40)]


def busy_task(task: tuple[int, int]) -> float:
    """About 20 ms of seeded numpy work."""
    root, i = task
    rng = derive_rng(root, "bench", i)
    return float(sum(rng.normal(size=200_000).sum() for _ in range(10)))


def cases() -> list[Case]:
    """The pool against a plain loop (pool start-up is outside the timing: it is warmed)."""
    shared_pool(2)  # started here; Case warms it with a first full run

    return [Case("core.run_tasks_pool", "40 seeded numpy tasks of about 20 ms",
                 "the same tasks in a for loop in this process",
                 lambda: run_tasks(busy_task, TASKS, workers=2, progress=False),
                 lambda: [busy_task(t) for t in TASKS])]


def main() -> None:
    """Measure and merge the rows into benchmarks/results.csv."""
    write_results(run_cases(cases()))


if __name__ == "__main__":
    main()
