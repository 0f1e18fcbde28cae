"""IQ-Link: our exact solver (ball/socket counting, proving uniqueness) against the authors'
linked search, rebuilt faithfully (``paper_search``), on the 24 Master challenges; the technique
grader (numba) against the tier grader (pure Python) on Starter to Master; and the technique
grader's warm time on all 120 challenges, wall and CPU, with the load
(``timing_iqlink_grade.csv``)."""

from __future__ import annotations

import csv
import os
import statistics
import time
from pathlib import Path

from benchmarks.compare import Case, run_cases, write_results
from puzzles.iqlink.experiments import warm_up
from puzzles.iqlink.generate import load_challenges
from puzzles.iqlink.search import count_solutions, paper_search
from puzzles.iqlink.strategies import basic_cleanup, heat_order
from puzzles.iqlink.techniques import human_grade

# Wizard is left out: the authors' search gives up on some of it within any sane node cap, and a
# capped time is no comparison; the tier grader needs minutes per Wizard challenge.
LEVEL = "Master"
NODE_LIMIT = 5_000_000
GRADE_LEVELS = ("Starter", "Junior", "Expert", "Master")
GRADE_TIMING = Path(__file__).resolve().parent / "timing_iqlink_grade.csv"
GRADE_ROUNDS = 5


def cases() -> list[Case]:
    """The solver row. (The grader row went: the tier grader it was timed against gives other
    grades, so it was no speed comparison; the grader's own times are in
    ``timing_iqlink_grade.csv``.)"""
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


def grade_all_rounds(rounds: int = GRADE_ROUNDS) -> list[dict[str, str]]:
    """Technique-grade all 120 challenges ``rounds`` times warm: wall and CPU seconds of each
    round and the 1-minute load average before and after it."""
    chs = load_challenges()
    human_grade(chs[-1])  # compile or load the kernels
    rows = []
    for k in range(rounds):
        load0 = os.getloadavg()[0]
        wall, cpu = time.perf_counter(), time.process_time()
        for ch in chs:
            human_grade(ch)
        rows.append({"round": str(k + 1), "challenges": str(len(chs)),
                     "wall_s": f"{time.perf_counter() - wall:.4g}",
                     "cpu_s": f"{time.process_time() - cpu:.4g}",
                     "load_before": f"{load0:.2f}", "load_after": f"{os.getloadavg()[0]:.2f}"})
    return rows


def timing_files() -> None:
    """Write ``timing_iqlink_grade.csv`` (one row per round, then the medians)."""
    rows = grade_all_rounds()
    rows.append({"round": "median", "challenges": rows[0]["challenges"],
                 **{k: f"{statistics.median(float(r[k]) for r in rows):.4g}"
                    for k in ("wall_s", "cpu_s", "load_before", "load_after")}})
    with open(GRADE_TIMING, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    med = rows[-1]
    print(f"  iqlink grade all {med['challenges']}: median wall {med['wall_s']} s, cpu "
          f"{med['cpu_s']} s, load {med['load_before']}-{med['load_after']}", flush=True)


def main() -> None:
    """Measure and merge the rows into benchmarks/results.csv; write the grading timings."""
    write_results(run_cases(cases()))
    timing_files()


if __name__ == "__main__":
    main()
