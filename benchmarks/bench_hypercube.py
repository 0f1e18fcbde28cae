"""Hypercube: our numba A* against the list-based A* the paper describes and a plain-Python
heapq A*; our BFS against a plain-Python BFS over tuples; the dense BFS (one byte per ranked
configuration) against the hash-table BFS on a d = 5, k = 4 component.

The dense row uses 5 of the paper's 6 d = 5 rings (17,706,240 configurations in the target's
component): with all 6 (87,102,720) the hash-table BFS peaks near 9 GB, above the 5 GB a
process may take on the shared machine; the dense BFS's 6-ring counts equal the stored
hash-table run ``distances_d5k4.csv`` (tests/test_hypercube_dense.py compares the committed
files)."""

from __future__ import annotations

from benchmarks.compare import Case, peak_mb, run_cases, write_results
from puzzles.hypercube.dense import dense_distances
from puzzles.hypercube.hardness import distance_counts, distances_from
from puzzles.hypercube.instances import INSTANCES, instance
from puzzles.hypercube.model import Puzzle, legal_moves, make_puzzle
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


# the paper's d = 5 target without its orange ring
D5_FIVE = make_puzzle(5, 4, {"green": 17, "purple": 30, "red": 0, "blue": 29, "yellow": 4})


def dense_counts(p: Puzzle) -> tuple[int, ...]:
    """Configurations at each distance from ``p``'s target, dense BFS."""
    return dense_distances(p, p.target).counts


def hash_counts(p: Puzzle) -> tuple[int, ...]:
    """The same from the hash-table BFS."""
    return tuple(distance_counts(distances_from(p, p.target, 100_000_000)[1]).tolist())


def dense_case() -> Case:
    """The dense BFS row; the baseline's own peak memory is measured here for its label."""
    hash_counts(D5_FIVE)  # warm, so the peak below is the search's
    base_peak = peak_mb(lambda: hash_counts(D5_FIVE))
    size = sum(dense_counts(D5_FIVE))
    return Case("hypercube.bfs_d5_k4_dense", f"distances of the {size:,} configurations of a "
                "d=5 k=4 component (5 rings)",
                f"hash-table BFS (hardness.distances_from; its peak {base_peak:.0f} MB)",
                lambda: dense_counts(D5_FIVE), lambda: hash_counts(D5_FIVE), rounds=3)


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
    out.append(dense_case())
    return out


def main() -> None:
    """Measure and merge the rows into benchmarks/results.csv."""
    write_results(run_cases(cases()))


if __name__ == "__main__":
    main()
