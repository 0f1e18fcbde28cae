"""The numbers the notebook's sentences carry (``prose.md`` holds the sentences)."""

from __future__ import annotations

import pandas as pd

from puzzles.core.claims import verdict_counts


def exact_summary(exact: pd.DataFrame) -> dict[str, float | int]:
    """States, mean, sd and most presses of the exact distribution of all boards."""
    boards, presses = exact["boards"].to_numpy(), exact["presses"].to_numpy()
    n = int(boards.sum())
    mean = float((boards * presses).sum() / n)
    sd = float((boards * (presses - mean) ** 2).sum() / n) ** 0.5
    return {"states": n, "mean": mean, "sd": sd, "most": int(presses[boards > 0].max())}


def verdict_summary(ledger: pd.DataFrame) -> dict[str, int | str]:
    """How many claims the ledger decides and its verdicts, for the conclusion."""
    counts = {v: n for v, n in verdict_counts(ledger).items() if n}
    undecided = counts.get("inconclusive", 0) + counts.get("not comparable", 0)
    return {"decided": len(ledger) - undecided, "claims": len(ledger),
            "verdicts": ", ".join(f"{n} {v}" for v, n in counts.items())}
