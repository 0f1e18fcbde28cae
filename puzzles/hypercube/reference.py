"""The paper's reported numbers (Tables 2, 4, 5) and its inconsistencies, transcribed here."""

from __future__ import annotations

import io

import pandas as pd

# astar_min: optimal moves by the paper's A* ("" = A* did not finish within 3600 s);
# success = share of the 150 runs reaching the target.
PAPER_CSV = """\
d,l,k,level,astar_min,ea_success,ea_min,ea_max,ea_median,rl_success,rl_min,rl_max,rl_median
3,4,1,0,4,1.00,4,10,4,1.00,4,4,4
3,4,1,1,6,1.00,6,10,6,1.00,6,6,6
3,4,1,2,10,1.00,10,18,12,1.00,10,10,10
3,4,2,0,6,1.00,6,20,9,1.00,6,7,6
3,4,2,1,7,1.00,7,18,10,1.00,7,9,7
3,4,2,2,9,1.00,9,25,14,1.00,9,12,10
4,11,1,0,4,1.00,4,14,4,1.00,4,4,4
4,11,1,1,8,1.00,8,60,14,1.00,8,60,14
4,11,1,2,6,1.00,6,16,8,1.00,6,16,8
4,11,1,3,8,1.00,8,28,12,1.00,8,28,12
4,11,1,4,,1.00,12,28,16,1.00,12,28,16
4,11,2,0,6,1.00,6,57,12,1.00,6,57,12
4,11,2,1,7,1.00,10,50,16,1.00,10,50,16
4,11,2,2,6,1.00,6,13,8,1.00,6,13,8
4,11,2,3,7,1.00,8,24,14,1.00,8,24,14
4,11,2,4,,1.00,8,22,14,1.00,8,22,14
4,11,3,0,8,0.02,12,15,13,1.00,8,23,14
4,11,3,1,9,0.013,21,83,52,1.00,9,59,24
4,11,3,2,10,0.0006,24,24,24,1.00,11,66,28
4,11,3,3,10,0.0006,19,19,19,1.00,17,105,49
4,11,3,4,,0.046,20,36,26,1.00,12,106,41.5
5,26,1,0,,1.00,8,22,12,1.00,8,10,8
5,26,2,0,,1.00,4,17,9,1.00,4,6,5
5,26,3,0,,1.00,4,14,7,1.00,4,6,4
5,26,4,0,,0.00,,,,1.00,62,316,161
"""


def paper_table() -> pd.DataFrame:
    """Tables 2, 4 and 5 of the paper, one row per (d, k, level)."""
    df = pd.read_csv(io.StringIO(PAPER_CSV), dtype={"level": str})
    return df


# Inconsistencies in the paper, each stated with where it is and what the data say.
PAPER_NOTES = [
    ("Table 5 vs Table 4", "Table 5's d=4 rows for k=1 levels 1-4 and all k=2 levels repeat "
     "Table 4's success/min/max/median exactly"),
    ("Table 5 vs Table 4", "Table 5 d=4 k=1 level 0 reports min/max 4/4 where Table 4 has 4/14, "
     "yet the other d=4 k=1 rows are copies"),
    ("Table 4 / Sec. 4.1", "success rates '0.06%' for d=4 k=3 levels 2 and 3: one success in 150 "
     "runs is 1/150 = 0.67%, and 0.06% of 150 runs is 0.09 runs"),
    ("Fig. 3 caption vs Table 4", "the caption gives a minimum of 10 moves for d=3 k=2 level 2; "
     "Table 4 (and the exact optimum) say 9"),
    ("Table 2 caption", "says A* failed on 'level 4 for d=3, k=1,2,3'; d=3 has no level 4 in "
     "the tables and k=3 needs d>=4: it means d=4"),
    ("Sec. 3.2 vs Sec. 4.1", "RL's backward expansion: 'P=1000 states' in Sec. 3.2, '100 "
     "branching states' in Sec. 4.1 (the scripts default to 100)"),
    ("Eq. 3 vs scripts", "Eq. 3 prints fitness 1/(1+L-h), which grows with the distance h to "
     "the target; the scripts use 1/(1+h), as we do"),
    ("Sec. 4.1 vs scripts", "alpha = 0.2 in the text ('minimise 80% of the time the number of "
     "moves'); the authors' current select() takes alpha and run_ea.sh passes 0.2 (an older, "
     "July-2024 ea/main.py hard-coded 0.7); we use 0.2"),
    ("Table 5 vs stored RL runs", "the authors' stored RL runs for the d=4 rows that Table 5 "
     "copies from Table 4 have other medians and maxima (e.g. d=4 k=1 level 1: max 14, not 60)"),
    ("Table 3 vs scripts", "the printed Table 3 d=4 instances (T3a-T3c) are not the levels "
     "hard-coded in the scripts that produced Tables 2, 4 and 5"),
    ("Fig. 3 caption vs Sec. 4.1 and Fig. 8b", "14 of 150 EA runs solve d=3 k=2 level 0 in 6 "
     "moves in the caption, 23 in the text and Fig. 8b, for the same setting (c = 1.8); the "
     "authors' stored Table 4 runs have 13, their stored c study 23"),
    ("Fig. 8 caption vs Sec. 4.1", "the caption's best mutation exponent is c* = 1.6, the "
     "text's (and the benchmarks') c* = 1.8"),
    ("Prop. 1 vs its example", "for k = 4 the bound (2^k - 1)^n is 15^n, not 7^n (7 = 2^3 - 1), "
     "and the Proposition gives a lower bound, which the example calls 'at most'"),
    ("Abstract vs Tables 4 and 5", "'a median of less than 30' moves for d = 4 and 5, while "
     "Table 4 prints 52 (d=4 k=3 level 1) and Table 5 49, 41.5 and 161"),
    ("Fig. 3 caption vs Table 4", "the caption says the maximum rises with the level; Table 4's "
     "maxima for d=3 k=2 are 20, 18, 25"),
    ("Sec. 3.2 vs App. D", "Sec. 3.2 rewards later steps more, r(1+lambda)^s; App. D's update "
     "weights the step counted from the start by 0.95^c, which favours earlier steps (the "
     "scripts count from the end, as Sec. 3.2)"),
    ("Sec. 3.3 vs App. A", "the EA stops at Hamming distance 0 (Sec. 3.3) or 1 (App. A)"),
    ("Sec. 4.1", "'success rate for face dimension k = 4' for d = 4, where k is at most 3: it "
     "means k = 3"),
    ("Sec. 1 and Sec. 5 vs Table 4", "'EA and RL ... solve the puzzle across all levels and "
     "face dimensions', while Table 4 prints 0% for d=5 k=4 and 0.06%-4.6% for d=4 k=3"),
    ("Abstract vs Sec. 5", "the EA fails to minimise the moves 'for d = 4 and d = 5' "
     "(abstract) but 'except for the puzzle of dimension d = 5' (Sec. 5)"),
    ("Fig. 5 caption vs Sec. 4.3", "A* 'consistently requires less computation time for smaller "
     "values of k' (caption) but its time stays 'generally consistent with the face dimension' "
     "(Sec. 4.3)"),
    ("Table 3 caption", "the colouring is said to be fixed per (d, k, l), yet the three d=4 rows "
     "have three different targets"),
    ("Sec. 4.1 vs Table 5", "the text says Table 5 covers 'four puzzles with d=4'; it lists "
     "five d=4 levels and d=5"),
    ("Sec. 3.1", "monotonicity is written h(C) < d(C, C') + h(C'), which fails for C = C' and "
     "for every move that lowers h by one; the usual form is <="),
]


def paper_notes() -> pd.DataFrame:
    """The paper's inconsistencies as a table (where, what)."""
    return pd.DataFrame(PAPER_NOTES, columns=["where", "inconsistency"])


# ---------------------------------------------------------------- the authors' stored runs

# The authors' public repository, github.com/lemerleau/CubicPuzzle at commit 6ace12a: their EA
# (src/ea/main.py, Agent.levy_mutate: rings drawn with random.sample; select(alpha) with
# run_ea.sh passing --alpha 0.2) and their stored per-run results. The numbers (never code)
# are copied into data/authors_runs.json: per (d, k, level) the generations t and moves Min of
# every *successful* EA run (data/ea/dim/<d>/k/<k>/level<L>/data_<d>_<k>_<L>.csv), the moves
# of every RL run (data/rl/.../rl_solutions150.csv), and Appendix A's c study on d=3 k=2
# level 0 (data/dim/3/level0_levy_{data,generation}.json: moves of the successful runs and the
# generations of all 150 runs, per c in 0.2, 0.4, ..., 7.0).
AUTHORS_COMMIT = "6ace12a"
AUTHORS_SOURCE = f"lemerleau/CubicPuzzle@{AUTHORS_COMMIT}"
AUTHORS_RUNS_PER_CASE = 150

# Per-instance summary of their stored EA runs (successes of 150, mean generations of the
# successful runs, min/max/median moves), from data/ea/.../data_<d>_<k>_<L>.csv.
AUTHORS_EA_CSV = """\
d,k,level,successes,mean_generations,min,max,median
3,1,0,150,3.75,4,10,4
3,1,1,150,5.84,6,10,6
3,1,2,150,9.57,10,18,12
3,2,0,150,22.19,6,20,9
3,2,1,150,29.69,7,18,10
3,2,2,150,72.72,9,25,14
3,2,3,0,,,,
4,1,0,150,7.33,4,14,4
4,1,1,150,21.83,8,60,14
4,1,2,150,13.29,6,16,8
4,1,3,150,16.44,8,28,12
4,1,4,150,21.75,12,28,16
4,2,0,150,22.05,6,57,12
4,2,1,150,27.67,10,50,16
4,2,2,150,13.42,6,13,8
4,2,3,150,18.69,8,24,14
4,2,4,150,19.65,8,22,14
4,3,0,3,549,12,15,13
4,3,1,2,315,21,83,52
4,3,2,1,216,24,24,24
4,3,3,1,957,19,19,19
4,3,4,7,385.29,20,36,26
5,1,0,150,23.11,8,22,12
5,2,0,150,20.5,4,17,9
5,3,0,150,17.4,4,14,7
5,4,0,0,,,,
"""

# Appendix A from their stored c study (d=3 k=2 level 0, 150 runs per c): successes, runs
# with exactly 6 moves (the optimum), and mean generations over all 150 runs (failures count
# 1000), from data/dim/3/level0_levy_{data,generation}.json.
AUTHORS_APPENDIX_CSV = """\
c,successes,six_moves,mean_generations
0.2,150,9,8.88
0.4,150,13,9.4
0.6,150,10,9.78
0.8,150,7,10.69
1.0,150,9,11.95
1.2,150,18,11.88
1.4,150,11,13.83
1.6,150,14,14.13
1.8,150,23,18.59
2.0,150,19,19.85
2.2,150,12,35.23
2.4,150,14,38.79
2.6,150,21,45.07
2.8,148,18,80.38
3.0,149,15,116.68
3.2,140,18,139.44
3.4,144,18,141.35
3.6,142,15,200.62
3.8,135,10,240.49
4.0,138,8,210.23
4.2,132,20,279.75
4.4,122,12,318.24
4.6,124,16,302.93
4.8,114,10,376.71
5.0,113,10,383.38
5.2,115,10,396.51
5.4,108,10,427.7
5.6,104,7,433.15
5.8,111,9,373.83
6.0,105,10,438.04
6.2,106,13,483.72
6.4,101,15,447.07
6.6,99,14,438.25
6.8,100,16,439.34
7.0,96,12,511.52
"""

# The paper's own statements checked in the ledger (Sec. 4.1-4.2, Fig. 3 caption, App. A).
PAPER_CLAIMS = {
    # Fig. 3 caption: d=3 k=2 levels 0, 1, 2: minimum moves and how many of 150 runs hit it
    "fig3_min": (6, 7, 10),
    "fig3_min_count": (14, 2, 3),
    # Sec. 4.2: EA vs RL, k=2: "p-value = 0.12" (d=3) and "0.03" (d=4); the authors' notebook
    # (notebooks/plots.ipynb) computes scipy.stats.ttest_ind on the per-level mean moves, RL vs
    # EA, and prints 0.1272 and 0.0313
    "sec42_p": {3: 0.12, 4: 0.03},
    "sec42_p_notebook": {3: 0.12724959571169991, 4: 0.0313477661535586},
    "sec42_medians_ea_d3": (9, 10, 14),
    "sec42_medians_rl_d3": (6, 7, 10),
    # App. A: 23 runs with exactly 6 moves at c = 1.8 (Sec. 4.1 and App. A text)
    "appA_six_at_1.8": 23,
    # Sec. 4.1: d=4 k=3 EA success over the five levels: 2%, 1.3%, 0.06%, 0.06%, 4.6%
    "d4k3_successes_total": 14,
}


def authors_ea_summary() -> pd.DataFrame:
    """Their stored EA runs summarised per (d, k, level) (see :data:`AUTHORS_EA_CSV`)."""
    return pd.read_csv(io.StringIO(AUTHORS_EA_CSV), dtype={"level": str})


def authors_appendix() -> pd.DataFrame:
    """Their stored Appendix A study per c (see :data:`AUTHORS_APPENDIX_CSV`)."""
    return pd.read_csv(io.StringIO(AUTHORS_APPENDIX_CSV))


def authors_runs() -> dict:
    """The per-run numbers of their stored runs (``data/authors_runs.json``)."""
    import json
    from pathlib import Path

    return json.loads((Path(__file__).parent / "data" / "authors_runs.json").read_text())


def authors_run_lists(algo: str) -> dict[tuple[int, int, str], dict[str, list[int]]]:
    """``{(d, k, level): {"moves": [...], "generations": [...]}}`` for ``algo`` "ea" or "rl"."""
    if algo not in ("ea", "rl"):
        raise ValueError(f"algo must be 'ea' or 'rl', got {algo!r}")
    return {(r["d"], r["k"], str(r["level"])): {x: r[x] for x in ("moves", "generations")
                                                if x in r}
            for r in authors_runs()[algo]}
