"""Clockwork: our numba BFS and DWP EA against plain-Python references doing the same work
(the DWP reference is the specification in tests/test_clockwork_dwp_pinned.py, fed the EA's own
random stream, so both give the same runs)."""

from __future__ import annotations

import sys
from collections import deque
from pathlib import Path

from benchmarks.compare import Case, run_cases, write_results
from puzzles.clockwork.dwp import EA, run_dwp
from puzzles.clockwork.instances import instance
from puzzles.clockwork.model import Puzzle, apply
from puzzles.clockwork.search import reachable_bfs

SEEDS = range(10)


def plain_bfs(p: Puzzle) -> int:
    """States reachable from the initial state, by BFS over tuples with the model's apply."""
    seen = {p.initial}
    queue = deque([p.initial])
    while queue:
        state = queue.popleft()
        for action in p.actions:
            nxt = apply(state, action, p.n, p.c)
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return len(seen)


def _reference():
    """The test suite's plain-Python DWP (tests/ is not a package, so put it on the path)."""
    tests = str(Path(__file__).resolve().parent.parent / "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    import test_clockwork_dwp_pinned as pinned

    return pinned


def cases() -> list[Case]:
    """BFS over A1's component; the reference DWP cases, ten seeds each."""
    a1 = instance("A1")
    pinned = _reference()

    def ours_dwp():
        return [(r.solved, r.tournaments, r.length, r.ring) for p, R, L, P, N, T, m, reading
                in pinned.CASES for seed in SEEDS
                for r in [run_dwp(p, seed, EA(R, L, P, N, T, m, reading))]]

    def ref_dwp():
        return [pinned.ref_run(p, seed, EA(R, L, P, N, T, m, reading))
                for p, R, L, P, N, T, m, reading in pinned.CASES for seed in SEEDS]

    return [
        Case("clockwork.bfs_A1", f"BFS over A1's component ({reachable_bfs(a1):,} states)",
             "BFS over tuples with the model's apply, pure Python",
             lambda: reachable_bfs(a1), lambda: plain_bfs(a1)),
        Case("clockwork.dwp_runs", f"{len(pinned.CASES) * len(SEEDS)} DWP EA runs (the "
             "pinned test cases, ten seeds each)",
             "the plain-Python reference DWP on the same random stream", ours_dwp, ref_dwp),
    ]


def main() -> None:
    """Measure and merge the rows into benchmarks/results.csv."""
    write_results(run_cases(cases()))


if __name__ == "__main__":
    main()
