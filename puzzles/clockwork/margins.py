"""Notebook 01's equivalence margins and the paper's table samples, stated once: the ledger,
the sensitivity table (``refit``), the length hypotheses (``lengths``) and the states'
verdicts (``states``) all decide with these.

* ``iterations``: +-0.2 in log(ours / paper's) mean tournaments, a factor of 1.22 either way.
  Tournament counts are heavy-tailed (a few runs stall for thousands), so the ratio, not the
  difference, is the scale on which two EAs agree; 0.2 is well under the smallest ratio the
  paper reads as a difficulty effect (B3 over A3: 69.3 / 42.1 = 1.65, log 0.50).
* ``near_zero``: +-1 tournament, for cells whose paper mean is at most one tournament (A1, B1,
  C1, D1: the random population solves in most runs) or where a compared mean is 0. A log
  ratio is impossible at 0 and meaningless near it; one tournament is the count's own unit.
* ``length``: +-5 actions in mean solving length. Lengths are bounded (the optimum below, the
  read limit above) and not heavy-tailed, so a difference; about a tenth of a typical string.
* ``rate``: +-5 percentage points for counts of successful runs.
* ``rank``: a Spearman rho of at least 0.5 for "ranks like" claims (the engine's default).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pandas as pd
from scipy import stats

from puzzles.clockwork.reference import paper_value, protocol
from puzzles.core.verdicts import Margin, Sample

PAPER_RUNS = protocol()["runs"]


@dataclass(frozen=True)
class Margins:
    """The margins of notebook 01 (the module docstring gives each one's reason)."""

    iterations: Margin = field(default_factory=lambda: Margin.log_ratio(0.2))
    near_zero: Margin = field(default_factory=lambda: Margin.difference(1, "tournaments"))
    length: Margin = field(default_factory=lambda: Margin.difference(5, "actions"))
    rate: Margin = field(default_factory=lambda: Margin.rate(5))
    rank: float = 0.5


MARGINS = Margins()


def paper_sd(half_width: float, n: int = PAPER_RUNS) -> float:
    """The sd behind a Student-t 95% half-width over n runs."""
    return half_width * math.sqrt(n) / float(stats.t.ppf(0.975, n - 1))


def paper_sample(key: str, what: str) -> Sample:
    """A table cell of the paper as a sample (``what``: "iter" or "length"): its mean, its 20
    runs and the sd its printed 95% half-width implies."""
    return Sample(paper_value(key, f"{what}_mean"), PAPER_RUNS,
                  paper_sd(paper_value(key, f"{what}_ci95")))


def margins_table(m: Margins = MARGINS) -> pd.DataFrame:
    """The margins as the notebook shows them."""
    return pd.DataFrame([
        {"quantity": "mean tournaments (Tables I-VI)", "margin": m.iterations.text,
         "where": "every iteration cell except those below",
         "why": "heavy-tailed counts agree on a ratio; a factor of 1.22, under the smallest "
                "ratio the paper reads as a difficulty effect (B3/A3 = 1.65)"},
        {"quantity": "mean tournaments near 0", "margin": m.near_zero.text,
         "where": "A1, B1, C1, D1 (paper's mean <= 1) and C4 (our mean 0)",
         "why": "no log ratio at 0; one tournament is the count's unit"},
        {"quantity": "mean solving length", "margin": m.length.text,
         "where": "every length cell",
         "why": "bounded, not heavy-tailed: a difference; about a tenth of a typical string"},
        {"quantity": "share of successful runs", "margin": m.rate.text,
         "where": "TI-all-quick, C-first-failures", "why": "a conventional rate margin"},
        {"quantity": "rank correlation", "margin": f"rho >= {m.rank:g}",
         "where": "V-ranking, IV-length-supports, VI-reach-length",
         "why": "'ranks like' needs a strong correlation, not only a significant one"},
    ])
