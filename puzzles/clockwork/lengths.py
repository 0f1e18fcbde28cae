"""How the paper may have averaged solving lengths: failed runs excluded, or counted as 0.

The paper's C6 length (15.3 with a 95% half-width of 10.9 over 20 runs: sd 23.3) cannot come
from solving strings of at least the optimum alone; failed runs averaged in as length 0 would
explain it. Each hypothesis is decided per instance by the engine's estimate rule (our mean
against the paper's 20-run mean, margin +-5 actions, Holm over the table), on our runs of
each instance (the stored 200 per instance), and the two are compared over the instances
where some run fails: "failures as 0 is closer to the paper than failures excluded", a paired
one-sided Wilcoxon test on the absolute gaps (the same instances on both sides).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from puzzles.clockwork import margins
from puzzles.clockwork.reference import paper_value
from puzzles.core import verdicts as V
from puzzles.core.claims import Ledger

MARGIN = margins.MARGINS.length
HYPOTHESES = {"excluded": "failed runs excluded", "as_zero": "failed runs as length 0"}
COLUMNS = ["instance", "runs", "successes", "paper_length", "excluded_mean",
           "excluded_verdict", "as_zero_mean", "as_zero_verdict", "excluded_gap", "as_zero_gap"]


def lengths(g: pd.DataFrame, hypothesis: str) -> np.ndarray:
    """One instance's solving lengths under a hypothesis (:data:`HYPOTHESES`)."""
    if hypothesis not in HYPOTHESES:
        raise ValueError(f"unknown hypothesis {hypothesis!r}; known: {', '.join(HYPOTHESES)}")
    ok = g["solved"].astype(bool).to_numpy()
    ln = g["length"].to_numpy(dtype=float)
    if hypothesis == "excluded":
        return ln[ok]
    return np.where(ok, ln, 0.0)


def paper_sample(key: str) -> V.Sample:
    """The paper's length cell as a sample: mean, 20 runs, sd from the 95% half-width."""
    return margins.paper_sample(key, "length")


def evidence(g: pd.DataFrame, key: str, hypothesis: str) -> V.Evidence:
    """The engine's estimate rule for one instance under one hypothesis."""
    x = lengths(g, hypothesis)
    if x.size < 2:
        return V.not_comparable(f"{x.size} solving runs of {len(g)}",
                                "none: fewer than two values", kind="estimate")
    return V.estimate(V.Sample.of(x), paper_sample(key), MARGIN)


def decide(runs: pd.DataFrame) -> tuple[pd.DataFrame, Ledger]:
    """Per instance, each hypothesis decided (Holm over this table's rows): the table
    (:data:`COLUMNS`) and the ledger that decided it."""
    led = Ledger("lengths")
    keys = list(dict.fromkeys(runs["instance"]))
    for key in keys:
        g = runs[runs["instance"] == key]
        for h, text in HYPOTHESES.items():
            led.add(f"{key}-{h}", "lengths", f"{key}'s mean length with {text}",
                    evidence(g, key, h), paper=paper_value(key, "length_mean"),
                    why=f"{int(g['solved'].sum())} of our {len(g)} runs solve")
    verdict = led.frame().set_index("id")["verdict"]
    rows = []
    for key in keys:
        g = runs[runs["instance"] == key]
        pl = paper_value(key, "length_mean")
        row = {"instance": key, "runs": len(g), "successes": int(g["solved"].sum()),
               "paper_length": pl}
        for h in HYPOTHESES:
            x = lengths(g, h)
            m = float(x.mean()) if x.size else np.nan
            row |= {f"{h}_mean": round(m, 3), f"{h}_verdict": verdict[f"{key}-{h}"],
                    f"{h}_gap": round(abs(m - pl), 3) if x.size else np.nan}
        rows.append(row)
    return pd.DataFrame(rows, columns=COLUMNS), led


def comparison(table: pd.DataFrame) -> V.Evidence:
    """"Failures as 0 is closer to the paper than failures excluded" over the instances with
    at least one failed run and a mean under both: paired one-sided Wilcoxon on the gaps."""
    t = table[(table["successes"] < table["runs"]) & table["excluded_gap"].notna()]
    if len(t) < 2:
        raise ValueError(f"need two instances with failures and a mean under both, got "
                         f"{len(t)}")
    # Every pair can differ: failed runs make the two hypotheses' means differ.
    ev = V.ordering(t["as_zero_gap"].to_numpy(), t["excluded_gap"].to_numpy(), paired=True,
                    inert=np.zeros(len(t), dtype=bool))
    return replace(ev, ours=f"{ev.ours} actions from the paper (as 0 vs excluded; "
                   f"{', '.join(t['instance'])})")
