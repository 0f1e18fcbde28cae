"""The reproduction ledger: one row per checkable claim of a paper, each with a computed verdict.

A notebook builds a :class:`Ledger`, records every claim of its paper through one of the
decision rules below (equality for deterministic numbers, a stated statistical rule for
stochastic ones, rank statistics for orderings), saves it as ``figures/<stem>/claims.csv`` and
shows it at the end, coloured by verdict. The README's scoreboard counts the verdicts.

The verdicts:

* ``reproduced``: our number equals the paper's (exact) or the paper's lies within our
  uncertainty under the stated test;
* ``differs``: our number is not the paper's, or an ordering the paper states is not
  significant in our runs; ``why`` gives the cause and its evidence;
* ``contradicted``: our runs (or exact computation) show the opposite of the claim;
* ``not comparable``: the paper's number cannot be checked as stated (say why);
* ``beyond``: a result of ours the paper does not have.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from pandas.io.formats.style import Styler
from scipy import stats as _st

from puzzles.core.output import save_table
from puzzles.core.stats import ci_halfwidth

VERDICTS: tuple[str, ...] = ("reproduced", "differs", "contradicted", "not comparable", "beyond")
COLUMNS: tuple[str, ...] = ("id", "section", "claim", "paper", "ours", "uncertainty", "test",
                            "verdict", "why")
# Verdicts that need no explanation: everything else must say why.
SELF_EXPLAINING = ("reproduced", "beyond")
FILE_NAME = "claims"
# One colour per verdict for the notebook table (light backgrounds, readable text).
COLOURS: dict[str, str] = {
    "reproduced": "#d9f2d9",
    "differs": "#fff2cc",
    "contradicted": "#f8d0d0",
    "not comparable": "#e6e6e6",
    "beyond": "#d6e6fa",
}
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:+=-]*$")
DEFAULT_ALPHA = 0.05


def fmt(value: Any, digits: int = 4) -> str:
    """A value as ledger text: ints as ints, floats to ``digits`` significant figures, NaN empty."""
    if value is None:
        return ""
    if isinstance(value, bool | np.bool_):
        return "yes" if value else "no"
    if isinstance(value, int | np.integer):
        return str(int(value))
    if isinstance(value, float | np.floating):
        v = float(value)
        if math.isnan(v):
            return ""
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        if v == int(v) and abs(v) < 1e15:
            return str(int(v))
        return f"{v:.{digits}g}"
    return str(value)


@dataclass(frozen=True)
class Claim:
    """One row of the ledger; every field is text so the CSV is exactly what the reader sees."""

    id: str
    section: str
    claim: str
    paper: str
    ours: str
    uncertainty: str
    test: str
    verdict: str
    why: str

    def __post_init__(self) -> None:
        for f in fields(self):
            if not isinstance(getattr(self, f.name), str):
                raise ValueError(f"claim field {f.name!r} must be text, got "
                                 f"{type(getattr(self, f.name)).__name__} (use fmt())")
        if not _ID.match(self.id):
            raise ValueError(f"claim id {self.id!r} must be letters, digits and _ . : + = -")
        if not self.claim.strip():
            raise ValueError(f"claim {self.id!r} has no claim sentence")
        if not self.test.strip():
            raise ValueError(f"claim {self.id!r} does not say which test decided it")
        if self.verdict not in VERDICTS:
            raise ValueError(f"claim {self.id!r}: verdict {self.verdict!r} is not one of "
                             f"{', '.join(VERDICTS)}")
        if self.verdict not in SELF_EXPLAINING and not self.why.strip():
            raise ValueError(f"claim {self.id!r} is {self.verdict!r} but gives no 'why'")
        if any("\n" in getattr(self, f.name) for f in fields(self)):
            raise ValueError(f"claim {self.id!r}: fields must be single lines")


# --- decision rules: pure functions returning (verdict, test text) ----------------------------


def decide_exact(paper: Any, ours: Any, tol: float = 0.0) -> tuple[str, str]:
    """Deterministic numbers: reproduced when equal (within ``tol`` for printed decimals)."""
    if tol < 0:
        raise ValueError(f"tol must be >= 0, got {tol}")
    if isinstance(paper, int | float | np.number) and isinstance(ours, int | float | np.number):
        same = abs(float(paper) - float(ours)) <= tol
        test = "exact" if tol == 0 else f"exact (within {fmt(tol)}, the paper's rounding)"
    else:
        same = str(paper) == str(ours)
        test = "exact"
    return ("reproduced" if same else "differs"), test


def decide_interval(paper: float, low: float, high: float, what: str = "95% CI") -> tuple[str, str]:
    """Stochastic numbers: reproduced when the paper's value lies in our interval [low, high]."""
    if not all(map(math.isfinite, (paper, low, high))):
        raise ValueError(f"paper value and interval must be finite, got {paper}, [{low}, {high}]")
    if low > high:
        raise ValueError(f"interval low {low} exceeds high {high}")
    inside = low <= paper <= high
    return ("reproduced" if inside else "differs"), f"paper in our {what}"


def decide_mean(paper: float, values: Sequence[float], confidence: float = 0.95
                ) -> tuple[str, str, float, float]:
    """A paper mean against our runs: (verdict, test, our mean, Student-t half-width).

    Reproduced when the paper's mean lies within our Student-t confidence interval.
    """
    arr = np.asarray(values, dtype=float)
    if arr.size < 2:
        raise ValueError(f"need at least two values to decide a mean, got {arr.size}")
    mean, half = float(arr.mean()), ci_halfwidth(arr, confidence)
    if half == 0.0:
        verdict, _ = decide_exact(float(paper), mean)
        return verdict, "exact (every run gives the same value)", mean, 0.0
    verdict, _ = decide_interval(float(paper), mean - half, mean + half)
    return verdict, f"paper in our {round(confidence * 100)}% t-CI", mean, half


def decide_two_samples(ours: Sequence[float], theirs: Sequence[float],
                       alpha: float = DEFAULT_ALPHA) -> tuple[str, str, float]:
    """Our runs against the authors' stored runs: two-sided Mann-Whitney U.

    Reproduced when the test does not separate the samples at level ``alpha``.
    """
    a, b = np.asarray(ours, dtype=float), np.asarray(theirs, dtype=float)
    if a.size == 0 or b.size == 0:
        raise ValueError("both samples need at least one value")
    if np.all(a == a[0]) and np.all(b == a[0]):
        return "reproduced", "identical samples", 1.0
    p = float(_st.mannwhitneyu(a, b, alternative="two-sided").pvalue)
    return ("reproduced" if p >= alpha else "differs"), f"mann-whitney p={p:.3g}", p


def decide_order(low: Sequence[float], high: Sequence[float], alpha: float = DEFAULT_ALPHA
                 ) -> tuple[str, str, float]:
    """An ordering claim "``low`` < ``high``" (e.g. A easier than B) by one-sided Mann-Whitney.

    Reproduced when ``low < high`` is significant at ``alpha``; contradicted when the reverse
    ordering is significant; otherwise differs (a tie at this sample size).
    """
    a, b = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    if a.size == 0 or b.size == 0:
        raise ValueError("both samples need at least one value")
    if np.all(a == a[0]) and np.all(b == a[0]):
        return "differs", "identical samples (a tie)", 1.0
    p_less = float(_st.mannwhitneyu(a, b, alternative="less").pvalue)
    p_more = float(_st.mannwhitneyu(a, b, alternative="greater").pvalue)
    if p_less < alpha:
        return "reproduced", f"one-sided mann-whitney p={p_less:.3g}", p_less
    if p_more < alpha:
        return "contradicted", f"one-sided mann-whitney, reverse order p={p_more:.3g}", p_more
    return "differs", f"one-sided mann-whitney p={p_less:.3g} (a tie)", p_less


def decide_rank(paper: Sequence[float], ours: Sequence[float], threshold: float = 0.5,
                alpha: float = DEFAULT_ALPHA) -> tuple[str, str, float]:
    """A ranking claim: Spearman correlation of the paper's values with ours.

    Reproduced when rho >= ``threshold`` and significant at ``alpha``; contradicted when rho is
    significantly negative; otherwise differs.
    """
    a, b = np.asarray(paper, dtype=float), np.asarray(ours, dtype=float)
    if a.shape != b.shape or a.size < 3:
        raise ValueError(f"need two rankings of equal length >= 3, got {a.size} and {b.size}")
    res = _st.spearmanr(a, b)
    rho, p = float(res.statistic), float(res.pvalue)
    test = f"spearman rho={rho:.3f}, p={p:.3g}"
    if rho >= threshold and p < alpha:
        return "reproduced", test, rho
    if rho < 0 and p < alpha:
        return "contradicted", test, rho
    return "differs", test, rho


# --- the ledger -------------------------------------------------------------------------------


class Ledger:
    """The claims of one notebook, in the order they were recorded; ids are unique."""

    def __init__(self, stem: str) -> None:
        if not stem or not isinstance(stem, str):
            raise ValueError(f"stem must name the notebook, got {stem!r}")
        self.stem = stem
        self._rows: dict[str, Claim] = {}

    def __len__(self) -> int:
        return len(self._rows)

    def __iter__(self):
        return iter(self._rows.values())

    def __contains__(self, claim_id: object) -> bool:
        return claim_id in self._rows

    def __getitem__(self, claim_id: str) -> Claim:
        if claim_id not in self._rows:
            raise KeyError(f"no claim {claim_id!r} in the {self.stem} ledger")
        return self._rows[claim_id]

    def add(self, claim: Claim, replace: bool = False) -> Claim:
        """Record a claim; an id recorded twice is an error unless ``replace``."""
        if claim.id in self._rows and not replace:
            raise ValueError(f"claim id {claim.id!r} is already in the {self.stem} ledger")
        self._rows[claim.id] = claim
        return claim

    def record(self, id: str, section: str, claim: str, paper: Any, ours: Any, *,
               verdict: str, test: str, uncertainty: Any = "", why: str = "") -> Claim:
        """Record a claim whose verdict the caller decided (say how in ``test``)."""
        return self.add(Claim(id, section, claim, fmt(paper), fmt(ours), fmt(uncertainty),
                              test, verdict, why))

    def exact(self, id: str, section: str, claim: str, paper: Any, ours: Any, *,
              tol: float = 0.0, why: str = "") -> Claim:
        """Record a deterministic number, decided by equality."""
        verdict, test = decide_exact(paper, ours, tol)
        return self.record(id, section, claim, paper, ours, verdict=verdict, test=test,
                           why=why if verdict != "reproduced" else "")

    def mean(self, id: str, section: str, claim: str, paper: float, values: Sequence[float],
             *, why: str = "") -> Claim:
        """Record a paper mean against our runs (paper inside our 95% Student-t CI)."""
        verdict, test, mean, half = decide_mean(paper, values)
        return self.record(id, section, claim, paper, mean, uncertainty=f"±{fmt(half)}",
                           verdict=verdict, test=test, why=why if verdict != "reproduced" else "")

    def interval(self, id: str, section: str, claim: str, paper: float, ours: float,
                 low: float, high: float, *, what: str = "95% CI", why: str = "") -> Claim:
        """Record a paper value against our interval [low, high] (a CI, a range, a band)."""
        verdict, test = decide_interval(paper, low, high, what)
        return self.record(id, section, claim, paper, ours,
                           uncertainty=f"[{fmt(low)}, {fmt(high)}]", verdict=verdict, test=test,
                           why=why if verdict != "reproduced" else "")

    def order(self, id: str, section: str, claim: str, low: Sequence[float],
              high: Sequence[float], *, paper: Any = "", ours: Any = "", why: str = "",
              alpha: float = DEFAULT_ALPHA) -> Claim:
        """Record an ordering claim "low < high", decided by one-sided Mann-Whitney."""
        verdict, test, _ = decide_order(low, high, alpha)
        if not ours:
            ours = f"median {fmt(float(np.median(low)))} vs {fmt(float(np.median(high)))}"
        return self.record(id, section, claim, paper, ours, verdict=verdict, test=test,
                           why=why if verdict != "reproduced" else "")

    def beyond(self, id: str, section: str, claim: str, ours: Any, *, test: str,
               uncertainty: Any = "") -> Claim:
        """Record a result of ours that the paper does not have."""
        return self.record(id, section, claim, "", ours, uncertainty=uncertainty,
                           verdict="beyond", test=test)

    def frame(self) -> pd.DataFrame:
        """The ledger as a DataFrame with exactly :data:`COLUMNS`."""
        return pd.DataFrame([asdict(c) for c in self._rows.values()], columns=list(COLUMNS))

    def counts(self) -> dict[str, int]:
        """Verdict -> number of claims, every verdict present (zero when unused)."""
        return verdict_counts(self.frame())

    def save(self, directory: str | Path) -> Path:
        """Write ``<directory>/claims.csv``."""
        if not self._rows:
            raise ValueError(f"the {self.stem} ledger is empty: record claims before saving")
        return save_table(self.frame(), FILE_NAME, directory)

    def summary(self) -> str:
        """Markdown: how many claims and how each was decided, then what chance alone would
        do among the rows decided by a significance test."""
        frame = self.frame()
        return summary_sentence(verdict_counts(frame)) + chance_note(frame)

    def show(self, verdicts: Iterable[str] | None = None):
        """The ledger as a table coloured by verdict (a pandas Styler, deterministic HTML)."""
        return styled(self.frame(), verdicts)


def verdict_counts(frame: pd.DataFrame) -> dict[str, int]:
    """Verdict -> count for a claims table; an unknown verdict is an error."""
    unknown = sorted(set(frame["verdict"]) - set(VERDICTS))
    if unknown:
        raise ValueError(f"unknown verdicts in claims table: {unknown}")
    return {v: int((frame["verdict"] == v).sum()) for v in VERDICTS}


def summary_sentence(counts: dict[str, int]) -> str:
    """'N claims: a reproduced, b differ, ...' (zero counts left out)."""
    total = sum(counts.values())
    parts = [f"**{n}** {v}" for v, n in counts.items() if n]
    return f"{total} claims checked: " + ", ".join(parts) + "."


# The p-value a decision rule wrote into a row's ``test`` ("mann-whitney p=0.0193 vs ...").
P_VALUE = re.compile(r"\bp=(\d+(?:\.\d+)?(?:e-?\d+)?)")
NOT_REPRODUCED = ("differs", "contradicted")


def chance_note(frame: pd.DataFrame, alpha: float = DEFAULT_ALPHA) -> str:
    """A sentence on multiplicity: of m rows decided by a test at level ``alpha``, about
    m * alpha come out significant by chance alone where no real difference exists; the rows
    whose p lies between alpha / 5 and alpha are the verdicts chance could have decided.
    Empty when no row states a p."""
    p = pd.to_numeric(frame["test"].str.extract(P_VALUE)[0], errors="coerce")
    m = int(p.notna().sum())
    if m == 0:
        return ""
    close = frame.loc[(p >= alpha / 5) & (p < alpha), "id"].tolist()
    head = (f" {m} rows were decided by a significance test at level {alpha:g}; among that "
            f"many, about {m * alpha:.1f} come out significant by chance alone where nothing "
            f"differs")
    band = f"p between {alpha / 5:g} and {alpha:g}"
    if not close:
        return f"{head}. No verdict rests on {band}."
    return (f"{head}, so the verdict{'' if len(close) == 1 else 's'} resting on {band} "
            f"({', '.join(close)}) {'is' if len(close) == 1 else 'are'} weak evidence either "
            f"way.")


LEDGER_TABLE_REPR = "<reproduction ledger table>"


class LedgerTable(Styler):
    """A Styler whose plain-text form names what it is instead of a memory address, so a
    committed notebook's outputs are the same on every run (chained methods keep the class)."""

    def __repr__(self) -> str:
        return LEDGER_TABLE_REPR


def styled(frame: pd.DataFrame, verdicts: Iterable[str] | None = None) -> LedgerTable:
    """A claims table as a Styler: rows coloured by verdict, fixed uuid so reruns match."""
    if verdicts is not None:
        wanted = list(verdicts)
        bad = [v for v in wanted if v not in VERDICTS]
        if bad:
            raise ValueError(f"unknown verdicts {bad}; expected some of {', '.join(VERDICTS)}")
        frame = frame[frame["verdict"].isin(wanted)]

    def colour(row: pd.Series) -> list[str]:
        return [f"background-color: {COLOURS[row['verdict']]}; color: #111"] * len(row)

    return (LedgerTable(frame).apply(colour, axis=1).hide(axis="index").set_uuid("claims")
            .set_properties(**{"text-align": "left", "white-space": "normal"}))


def load(path: str | Path) -> pd.DataFrame:
    """Read a ``claims.csv`` back, checking its columns and verdicts."""
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    if tuple(frame.columns) != COLUMNS:
        raise ValueError(f"{path}: columns {list(frame.columns)}, expected {list(COLUMNS)}")
    verdict_counts(frame)
    return frame
