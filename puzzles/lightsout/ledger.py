"""The evidence of each claim of the toy paper: one registered function per inventory id.

Each function declares what it reads (``tables=``: result files the notebook wrote;
``references=``: the paper's numbers) and returns a ``Finding``
whose evidence comes from one rule of :mod:`puzzles.core.verdicts`; the engine turns it into
the ledger row. Only ``paper.py`` imports this module.
"""

from __future__ import annotations

from puzzles.core.evidence import Data, Finding, Register
from puzzles.core.verdicts import Margin, Sample, count, estimate
from puzzles.lightsout.budget import BOARDS

EVIDENCE = Register()


@EVIDENCE.claim("solvable", unit="instance", tables=(BOARDS,), references=("claims",))
def solvable(data: Data) -> Finding:
    """How many random boards clear, against the toy paper's count."""
    runs, ref = data.table(BOARDS), data.reference("claims").set_index("id")
    n_paper, value = int(ref.loc["solvable", "n"]), int(ref.loc["solvable", "value"])
    cleared = int((runs["presses"] >= 0).sum())
    return Finding(count((cleared, len(runs)), (value, n_paper), Margin.rate(2.0)),
                   paper=f"{value} of {n_paper}", available=len(runs))


@EVIDENCE.claim("mean-presses", unit="instance", tables=(BOARDS,), references=("claims",))
def mean_presses(data: Data) -> Finding:
    """The mean number of presses of a random board, against the toy paper's mean."""
    p, ref = data.table(BOARDS)["presses"], data.reference("claims").set_index("id")
    paper = Sample(float(ref.loc["mean-presses", "value"]), int(ref.loc["mean-presses", "n"]),
                   float(ref.loc["mean-presses", "sd"]))
    return Finding(estimate(Sample.of(p.to_numpy(float)), paper, Margin.difference(0.25)),
                   paper=paper.mean, available=len(p))
