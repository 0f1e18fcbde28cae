"""IQ-Link: our exact solver (ball/socket counting, proving uniqueness) against the authors'
linked search, rebuilt faithfully (``paper_search``), on the 24 Master challenges."""

from __future__ import annotations

from benchmarks.compare import Case, run_cases, write_results
from puzzles.iqlink.experiments import heat_order, warm_up
from puzzles.iqlink.generate import load_challenges
from puzzles.iqlink.search import count_solutions, paper_search
from puzzles.iqlink.strategies import basic_cleanup

# Wizard is left out: the authors' search gives up on some of it within any sane node cap, and a
# capped time is no comparison.
LEVEL = "Master"
NODE_LIMIT = 5_000_000


def cases() -> list[Case]:
    """One row: every challenge of LEVEL solved by both."""
    warm_up()
    chs = [ch for ch in load_challenges() if ch.level == LEVEL]
    orders = [heat_order(ch, basic_cleanup(ch).domains) for ch in chs]
    return [Case(f"iqlink.solve_{LEVEL.lower()}",
                 f"solve the {len(chs)} {LEVEL} challenges (ours also proves each unique)",
                 "the authors' linked search in their heat order (first solution)",
                 lambda: [count_solutions(ch).count for ch in chs],
                 lambda: [paper_search(ch, o, linkable=True, lookahead=False,
                                       node_limit=NODE_LIMIT).found
                          for ch, o in zip(chs, orders, strict=True)],
                 lambda a, b: all(c == 1 for c in a) and all(b))]


def main() -> None:
    """Measure and merge the rows into benchmarks/results.csv."""
    write_results(run_cases(cases()))


if __name__ == "__main__":
    main()
