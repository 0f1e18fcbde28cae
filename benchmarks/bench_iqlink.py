"""IQ-Link speed: solving and proving uniqueness of all 120 challenges, and the paper's linked
search against unrestricted search on the Wizard level (ratios; the machine may be loaded)."""

from __future__ import annotations

import time

from puzzles.iqlink.experiments import heat_order, warm_up
from puzzles.iqlink.generate import load_challenges
from puzzles.iqlink.search import count_solutions, paper_search
from puzzles.iqlink.strategies import basic_cleanup

NODE_LIMIT = 5_000_000


def main() -> None:
    """Print the exact solver's total time over the 120 challenges and search-variant ratios."""
    warm_up()
    chs = load_challenges()
    for counting in (True, False):
        start = time.perf_counter()
        res = [count_solutions(ch, counting=counting) for ch in chs]
        wall = time.perf_counter() - start
        assert all(r.count == 1 for r in res)
        print(f"exact solver (ball/socket counting {'on' if counting else 'off'}): all 120 "
              f"solved and proved unique in {wall:.2f} s wall "
              f"({sum(r.nodes for r in res):,} nodes); goal < 60 s; paper's hardest: 5.5-7 days")
    wizard = [ch for ch in chs if ch.level == "Wizard"]
    orders = [heat_order(ch, basic_cleanup(ch).domains) for ch in wizard]
    totals = {}
    for name, linkable in (("linked moves", True), ("unrestricted", False)):
        start = time.perf_counter()
        runs = [paper_search(ch, o, linkable=linkable, lookahead=False, node_limit=NODE_LIMIT)
                for ch, o in zip(wizard, orders, strict=True)]
        totals[name] = time.perf_counter() - start
        print(f"paper's solver, {name}, 24 Wizard challenges: {totals[name]:.2f} s, "
              f"{sum(r.nodes for r in runs):,} nodes, gave up on "
              f"{sum(not r.found for r in runs)} (cap {NODE_LIMIT:,} nodes)")
    print(f"linked / unrestricted time ratio on Wizard: "
          f"{totals['linked moves'] / totals['unrestricted']:.2f}")


if __name__ == "__main__":
    main()
