"""The ledger's margins, one per quantity of ``margins.csv`` (name, scale, value, unit, why):
below the ledger, so the margins table of :mod:`puzzles.logicgrid.tables` reads them too."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from puzzles.core.verdicts import Margin

MARGINS: dict[str, Margin] = {r["name"]: {"log ratio": Margin.log_ratio, "rate": Margin.rate}.get(
    r["scale"], lambda v, u=r["unit"]: Margin.difference(v, u))(r["value"]) for r in pd.read_csv(
    Path(__file__).with_name("margins.csv"), keep_default_na=False).to_dict("records")}
