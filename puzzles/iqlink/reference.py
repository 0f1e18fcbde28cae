"""The numbers Dietz's paper reports, transcribed so the notebook can show them beside ours.

The paper's 120 booklet challenges are not public: its per-puzzle numbers refer to those
puzzles, ours to our generated set with the same numbering by level.
"""

from __future__ import annotations

import pandas as pd

# Table 1: level, puzzle numbers, pieces given, pieces to place.
TABLE1 = (("Starter", "1-24", "9-10", "2-3"), ("Junior", "25-48", "5-9", "3-7"),
          ("Expert", "49-72", "4-7", "5-8"), ("Master", "73-96", "3-6", "6-9"),
          ("Wizard", "97-120", "2-4", "8-10"))
# Table 2 (garbled in the text; DESIGN.md's reconstruction): empty-board placements per family.
TABLE2 = {"straight (light purple)": 72, "straight": 144, "obtuse": 152, "acute": 180}
# Table 3: puzzle, missing pieces, search without / with linkability (FUJITSU T734 laptop).
TABLE3 = ((47, 7, "gave up", "2.5 s"), (48, 6, "0.001 s", "1.5 s"), (49, 5, "2 s", "1.5 s"),
          (50, 5, "0.001 s", "0.7 s"), (51, 5, "0.02 s", "0.8 s"), (52, 6, "0.001 s", "1.3 s"),
          (53, 7, "170 s", "2.7 s"))
# Table 4: puzzle, missing pieces, linkable / legal options on search branches.
TABLE4 = ((29, 5, "5/23 4/20"), (38, 4, "4/41"), (60, 6, "22/129 19/95 11/47"),
          (80, 8, "25/407 16/324 13/267 7/98"), (90, 8, "5/550 5/442 11/359 7/79 3/33 5/85 ..."))
# Sections 9-10: challenges each strategy solves alone.
ALL_LEGAL_FIRST_11 = 7
ELIMINATION_TOTAL = 21
PAIRWISE_TOTAL = 29
PAIRWISE_FIRST_25 = 24
# Section 12: combinations tried before the solution (puzzle: before, after cleanup + heatsort).
HEATSORT = {6: ("3rd of 15", "1st of 1"), 19: ("178th of 1232", "12th")}
# Section 13 / Fig. 24: first moves on the hardest puzzles, all versus linkable.
FIRST_MOVES_HARDEST = (900, 80)
# Section 15: seconds with / without ball-socket counting (transition at 3 pieces).
COUNTING = {75: (53, 66), 80: (24, 24), 82: (492, 813)}
# Section 14: the longest puzzle took 5.5 to 7 days on an 8-core i7-3820.
LONGEST_DAYS = (5.5, 7.0)


def table1() -> pd.DataFrame:
    """Table 1 as printed."""
    return pd.DataFrame(TABLE1, columns=["level", "puzzles", "pieces given (paper)",
                                         "pieces to place (paper)"])


def table3() -> pd.DataFrame:
    """Table 3 as printed."""
    return pd.DataFrame(TABLE3, columns=["puzzle", "missing (paper)",
                                         "without linkability (paper)",
                                         "with linkability (paper)"])


def table4() -> pd.DataFrame:
    """Table 4 as printed."""
    return pd.DataFrame(TABLE4, columns=["puzzle", "missing (paper)", "ratios (paper)"])
