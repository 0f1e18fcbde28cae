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
     "moves'); one version of the scripts' ea/main.py hard-codes 0.7 in select(); we use 0.2"),
    ("Table 3 vs scripts", "the printed Table 3 d=4 instances (T3a-T3c) are not the levels "
     "hard-coded in the scripts that produced Tables 2, 4 and 5"),
]


def paper_notes() -> pd.DataFrame:
    """The paper's inconsistencies as a table (where, what)."""
    return pd.DataFrame(PAPER_NOTES, columns=["where", "inconsistency"])
