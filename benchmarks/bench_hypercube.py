"""Hypercube: our numba A* against the list-based A* the paper describes and a plain-Python
heapq A*; our BFS against a plain-Python BFS over tuples."""

from __future__ import annotations

from benchmarks.compare import Case, run_cases, write_results
from puzzles.hypercube.instances import INSTANCES, instance
from puzzles.hypercube.model import Puzzle, legal_moves
from puzzles.hypercube.search import astar, astar_heapq, astar_list, bfs_distances

# (d, level, k): from a few dozen to 1,700 expansions; the list A* finishes on each.
ASTAR_CASES = [(4, "0", 2), (4, "0", 3), (4, "2", 3)]
D3 = [(inst.puzzle(k), inst.start(k)) for inst in INSTANCES if inst.d == 3 for k in (1, 2)]


def plain_bfs(p: Puzzle, start) -> dict[tuple[int, ...], int]:
    """Distance of every configuration of the start's component, in pure Python over tuples."""
    dist = {tuple(start): 0}
    frontier = [tuple(start)]
    while frontier:
        nxt = []
        for cfg in frontier:
            for ring, _, dst in legal_moves(p, cfg):
                child = cfg[:ring] + (dst,) + cfg[ring + 1:]
                if child not in dist:
                    dist[child] = dist[cfg] + 1
                    nxt.append(child)
        frontier = nxt
    return dist


def _lengths(results) -> list[int | None]:
    return [None if r.moves is None else len(r.moves) for r in results]


def cases() -> list[Case]:
    """One A* row per case and baseline, and the BFS row."""
    out = []
    for d, level, k in ASTAR_CASES:
        inst = instance(d, level)
        p, s = inst.puzzle(k), inst.start(k)
        n = astar(p, s).expanded
        for name, base, what in (
                ("list", lambda p=p, s=s: astar_list(p, s, max_expanded=50_000),
                 "A* with open and closed lists (the paper's description), pure Python"),
                ("heapq", lambda p=p, s=s: astar_heapq(p, s),
                 "A* with heapq and dict (plain-Python reference)")):
            out.append(Case(f"hypercube.astar_d{d}_L{level}_k{k}_vs_{name}",
                            f"A* on d={d} level {level} k={k} ({n} expansions)", what,
                            lambda p=p, s=s: [astar(p, s)], lambda base=base: [base()],
                            lambda a, b: _lengths(a) == _lengths(b)))
    out.append(Case("hypercube.bfs_d3", f"distances of every configuration of the {len(D3)} "
                    "d=3 starts' components", "BFS over tuples, pure Python",
                    lambda: [len(bfs_distances(p, s)) for p, s in D3],
                    lambda: [len(plain_bfs(p, s)) for p, s in D3]))
    return out


def main() -> None:
    """Measure and merge the rows into benchmarks/results.csv."""
    write_results(run_cases(cases()))


if __name__ == "__main__":
    main()
