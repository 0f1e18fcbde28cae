"""Hypercube speed: exact optimum of every instance, our A* against a list-based A*, EA/RL runs.

Goals (checked here, never in unit tests): every exact optimum in under 1 s after compilation
(d=5 included); the heap + hash A* many times faster than the straightforward list-based A*
the paper describes.
"""

from __future__ import annotations

import time

from puzzles.hypercube.evolve import run_ea
from puzzles.hypercube.instances import INSTANCES, instance
from puzzles.hypercube.rl import initial_table, run_rl
from puzzles.hypercube.search import astar, astar_heapq, astar_list, solve


def _best_of(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def bench_exact() -> None:
    """Bidirectional BFS on every (instance, k), after one warm-up call."""
    inst = instance(3, 0)
    solve(inst.puzzle(1), inst.start(1))  # compile / load the cache
    worst = 0.0
    print("exact optimum by bidirectional BFS (best of 3):")
    for inst in INSTANCES:
        for k in range(1, inst.d):
            p, s = inst.puzzle(k), inst.start(k)
            t = _best_of(lambda p=p, s=s: solve(p, s))
            res = solve(p, s)
            worst = max(worst, t)
            print(f"  {inst.key:9s} k={k}: optimum {res.optimal!s:>4}  states {res.states_seen:>7}"
                  f"  {t * 1000:8.2f} ms")
    print(f"  slowest: {worst * 1000:.1f} ms  (goal < 1000 ms: {'met' if worst < 1 else 'MISSED'})")


def bench_astar() -> None:
    """Our numba A* against the pure-Python heapq A* and the list-based A* (the paper's)."""
    print("A*: numba heap+hash vs Python heapq+dict vs Python lists (same heuristic):")
    cases = [(3, "0", 2), (3, "2", 1), (3, "2", 2), (4, "0", 2), (4, "2", 3)]
    inst = instance(3, 0)
    astar(inst.puzzle(1), inst.start(1))  # compile
    for d, level, k in cases:
        inst = instance(d, level)
        p, s = inst.puzzle(k), inst.start(k)
        ours = _best_of(lambda p=p, s=s: astar(p, s))
        heap = _best_of(lambda p=p, s=s: astar_heapq(p, s), repeat=1)
        lst = astar_list(p, s, max_expanded=20_000)
        lst_t = lst.seconds
        n = astar(p, s).expanded
        note = "" if lst.moves is not None else " (list A* gave up at 20000 expansions)"
        print(f"  d={d} L{level} k={k}: expanded {n:6d}; numba {ours * 1000:8.2f} ms, "
              f"heapq {heap * 1000:8.1f} ms, lists {lst_t * 1000:9.1f} ms; "
              f"lists/numba = {lst_t / ours:8.0f}x{note}")


def bench_ea_rl() -> None:
    """Seconds per EA run (N = T = 1000) and per RL run (1000 episodes)."""
    print("EA and RL, one paper-scale run each:")
    for d, level, k in [(3, "0", 2), (4, "0", 3), (5, "0", 1)]:
        inst = instance(d, level)
        p, s = inst.puzzle(k), inst.start(k)
        run_ea(p, s, 0, pop_size=50, generations=5)
        t0 = time.perf_counter()
        r = run_ea(p, s, 1)
        print(f"  EA d={d} L{level} k={k}: {time.perf_counter() - t0:6.3f} s, "
              f"{r.generations} generations, success={r.success}")
    for d, level, k, P in [(3, "0", 2, 100), (4, "4", 3, 100), (5, "0", 4, 100_000)]:
        inst = instance(d, level)
        p, s = inst.puzzle(k), inst.start(k)
        table = initial_table(p, P)
        run_rl(p, s, 0, table, episodes=2)
        t0 = time.perf_counter()
        r = run_rl(p, s, 1, table)
        print(f"  RL d={d} L{level} k={k}: {time.perf_counter() - t0:6.3f} s, best {r.n_moves}")


def main() -> None:
    """Print every measurement (the machine may be shared: compare ratios)."""
    bench_exact()
    bench_astar()
    bench_ea_rl()


if __name__ == "__main__":
    main()
