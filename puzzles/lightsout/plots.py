"""The toy notebook's figure: the presses of the random boards beside the exact distribution."""

from __future__ import annotations

import matplotlib.pyplot as plt
import pandas as pd
from matplotlib.figure import Figure

from puzzles.core.display import described


def presses(runs: pd.DataFrame, exact: pd.DataFrame) -> Figure:
    """Share of random boards needing each number of presses, and the share over all 512."""
    fig, ax = plt.subplots(figsize=(6, 3.2))
    share = runs["presses"].value_counts(normalize=True).sort_index()
    ax.bar(share.index, share.to_numpy(), color="#4c72b0", label=f"{len(runs)} random boards")
    ax.plot(exact["presses"], exact["boards"] / exact["boards"].sum(), "o-", color="#dd8452",
            label="all 512 boards (exact)")
    ax.set(xlabel="fewest presses", ylabel="share of boards",
           title="Lights Out 3x3: how many presses a board needs")
    ax.legend(frameon=False)
    fig.tight_layout()
    peaks = exact.loc[exact["boards"] == exact["boards"].max(), "presses"].astype(str)
    return described(fig, f"Bar chart: the share of {len(runs)} random 3x3 Lights Out boards "
                          f"needing 0 to {int(runs['presses'].max())} presses, most often "
                          f"{int(share.idxmax())} ({share.max():.0%}), beside a line of the "
                          f"exact share over all {int(exact['boards'].sum())} boards, which "
                          f"peaks at {' and '.join(peaks)} presses.")
