"""The numbers Dietz's paper reports, read from ``reference/*.csv`` (each row names its source).

A thin typed view of ``reference/<name>.csv`` (read with ``puzzles.core.storage.reference_table``,
as ``PAPER.reference(name)`` reads it): every paper number is typed once, in the CSV. The
family's bottom layer: it imports nothing of the family.
The paper's 120 booklet challenges are not public: its per-puzzle numbers refer to those
puzzles, ours to our generated set with the same numbering by level.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pandas as pd

from puzzles.core.storage import reference_table


@cache
def _rows(name: str) -> tuple[tuple, ...]:
    frame = reference_table(Path(__file__).parent, name).drop(columns="source")
    return tuple(tuple(v.item() if hasattr(v, "item") else v for v in row)
                 for row in frame.itertuples(index=False))


def table1_rows() -> tuple[tuple[str, str, str, str], ...]:
    """Table 1: level, puzzle numbers, pieces given, pieces to place (ranges as text)."""
    return _rows("table1")


def table2() -> dict[str, int]:
    """Table 2 (garbled in the text; DESIGN.md's reconstruction): empty-board placements per
    family."""
    return dict(_rows("table2"))


def table3_rows() -> tuple[tuple[int, int, str, str], ...]:
    """Table 3: puzzle, missing pieces, search without / with linkability (laptop seconds)."""
    return _rows("table3")


def table4_rows() -> tuple[tuple[int, int, str], ...]:
    """Table 4: puzzle, missing pieces, linkable / legal options on search branches."""
    return _rows("table4")


def strategy_counts() -> dict[str, int]:
    """Sections 9-10: challenges each strategy solves alone (``all_legal_first_11``,
    ``elimination_total``, ``pairwise_first_25``, ``pairwise_total``)."""
    return dict(_rows("strategies"))


def heatsort() -> dict[int, tuple[str, str]]:
    """Section 12: combinations tried before the solution, (before, after cleanup + heatsort)."""
    return {p: (before, after) for p, before, after in _rows("heatsort")}


def first_moves_hardest() -> tuple[int, int]:
    """Section 13 / Fig. 24: first moves on the hardest puzzles, (all, linkable)."""
    moves = dict(_rows("first_moves"))
    return moves["legal"], moves["linkable"]


def counting() -> dict[int, tuple[int, int]]:
    """Section 15: seconds (with, without) ball/socket counting, transition at 3 pieces."""
    return {p: (with_, without) for p, with_, without in _rows("counting")}


def longest_days() -> tuple[float, float]:
    """Section 14: the longest puzzle took this many days (low, high) on an 8-core i7-3820."""
    days = dict(_rows("longest"))
    return days["low"], days["high"]


def table1() -> pd.DataFrame:
    """Table 1 as printed."""
    return pd.DataFrame(table1_rows(), columns=["level", "puzzles", "pieces given (paper)",
                                                "pieces to place (paper)"])


def table3() -> pd.DataFrame:
    """Table 3 as printed."""
    return pd.DataFrame(table3_rows(), columns=["puzzle", "missing (paper)",
                                                "without linkability (paper)",
                                                "with linkability (paper)"])


def table4() -> pd.DataFrame:
    """Table 4 as printed."""
    return pd.DataFrame(table4_rows(), columns=["puzzle", "missing (paper)", "ratios (paper)"])
