"""Logic grids: our bitset counter of a hint list's solutions against checking every one of the
13,824 assignments of the 4 x 4 space with the plain-Python ``holds``."""

from __future__ import annotations

from benchmarks.compare import Case, run_cases, write_results
from puzzles.logicgrid.count import assignments, count_solutions, holds
from puzzles.logicgrid.fi2pop import random_hints
from puzzles.logicgrid.model import CLUE

LISTS = 10


def brute_count(hints) -> int:
    """Solutions of ``hints`` by testing every assignment, in pure Python."""
    rows = assignments(CLUE)
    return sum(1 for r in rows if all(holds(CLUE, h, r) for h in hints))


def cases() -> list[Case]:
    """One row per hint-list length."""
    out = []
    for nh in (4, 10):
        lists = [random_hints(CLUE, nh, seed) for seed in range(LISTS)]
        out.append(Case(f"logicgrid.count_{nh}_hints",
                        f"count the solutions of {LISTS} random {nh}-hint lists (4 x 4 space)",
                        "every assignment checked with holds(), pure Python",
                        lambda lists=lists: [count_solutions(CLUE, h) for h in lists],
                        lambda lists=lists: [brute_count(h) for h in lists]))
    return out


def main() -> None:
    """Measure and merge the rows into benchmarks/results.csv."""
    write_results(run_cases(cases()))


if __name__ == "__main__":
    main()
