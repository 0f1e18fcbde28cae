"""The notebook's sentences and tables about notebook 02's ledger (read from its rows, so the
cells that show them come after the ledger cell). The evidence itself is ``ledger.py``."""

from __future__ import annotations

from typing import Any

import pandas as pd

from puzzles.core.claims import Ledger, depends_on_reading

# The rows the notebook shows with their numbers: the ones issue 21 and the Foundation 4
# referees named for this family.
NAMED = ("S14-transition", "S14-best-3-or-4", "S14-find-vs-prove", "T3-linkability-pays",
         "T3-easy-linkability-costs", "S15-easy-wasted", "S15-counting-never-costs",
         "B-grade-level", "B-empty-board-recount", "T1-Starter-given")


def linkability_summary(ledger: Ledger) -> dict[str, Any]:
    """Row T3-linkability-pays: verdict, nodes, test, p before and after Holm's correction
    over the ledger's tested rows, and its readings."""
    row = ledger["T3-linkability-pays"]
    return {"verdict": row.verdict, "ours": row.ours, "test": row.test, "p": row.p,
            "tested": int((ledger.frame()["p"] != "").sum()), "p_adjusted": row.p_adjusted,
            "readings": f" By reading: {row.readings}." if row.readings else ""}


def reading_rows(claims: pd.DataFrame) -> dict[str, Any]:
    """The rows whose verdict depends on a reading."""
    hit = depends_on_reading(claims)
    return {"count": int(hit.sum()), "ids": ", ".join(claims.loc[hit, "id"])}


def named_rows(claims: pd.DataFrame) -> pd.DataFrame:
    """The named rows with their numbers."""
    named = claims[claims["id"].isin(NAMED)].set_index("id")
    return named[["kind", "verdict", "ours", "p", "p_adjusted", "readings"]]
