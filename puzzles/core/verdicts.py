"""The verdict rules: one rule per kind of claim, each a pure function from data to evidence.

A rule never gives the final verdict of a test-decided row by itself: it returns the row's
:class:`Evidence` (its p-value and what a significant or non-significant result would mean),
and the ledger decides every such row together after one multiplicity correction (Holm).

The kinds and their rules:

* ``exact``: a deterministic number, equal (or within the paper's printed rounding) or not;
* ``estimate``: a mean of runs against the paper's mean, both samples (two one-sided tests on
  the difference or the log ratio: ``reproduced`` when the 90% interval lies inside the margin,
  ``differs`` when Welch's two-sided test is significant after correction, else
  ``inconclusive`` with the runs that would decide it);
* ``count``: successes out of n against the paper's successes out of its n (Fisher's exact
  test; equivalence by Newcombe's hybrid score interval of the difference of rates);
* ``extreme``: a minimum or maximum of the paper's n runs, against the exact distribution of
  the extreme of n draws from our runs;
* ``ordering``: "low < high", one-sided, paired (Wilcoxon signed-rank) when both sides are
  measured on the same instances, Mann-Whitney otherwise;
* ``ranking``: Spearman correlation of the paper's values with ours, one-sided;
* ``trend``: Kendall's tau of a parameter against the measured values, one-sided;
* ``qualitative``, ``design input``, ``not comparable`` and ``beyond`` are decided by what
  they are (a checked statement, a number we set, a claim we cannot check, a result of ours).

Why Holm: the rows of one ledger share runs and instances (the same 200 runs feed an estimate
and several orderings), so their tests are dependent in unknown ways; Holm controls the
family-wise error rate under any dependence, while Benjamini-Hochberg needs positive
dependence to hold its promise. Equivalence is shown per row by its 90% interval (each one-sided
test at 5%), as two one-sided tests are conventionally run.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np
from scipy import stats as _st

ALPHA = 0.05
MARGIN_RULE = ("a difference significant after Holm's correction is a difference: the row "
               "`differs` even when its interval lies inside the margin, and says so; "
               "`reproduced` needs equivalence within the margin and no significant difference")
"""The one rule that decides a row both equivalent and significantly different."""
# The power for "how many runs would decide it" (a conventional planning value).
POWER = 0.8

KINDS: tuple[str, ...] = ("exact", "estimate", "count", "extreme", "ordering", "ranking", "trend",
                          "qualitative", "design input", "not comparable", "beyond")
VERDICTS: tuple[str, ...] = ("reproduced", "differs", "contradicted", "inconclusive",
                             "not comparable", "by construction", "beyond")


@dataclass(frozen=True)
class Margin:
    """An equivalence margin: how far apart two numbers may be and still count as agreeing."""

    value: float
    log: bool = False
    unit: str = ""

    def __post_init__(self) -> None:
        if not (math.isfinite(self.value) and self.value >= 0):
            raise ValueError(f"a margin must be a finite number >= 0, got {self.value}")

    @classmethod
    def log_ratio(cls, value: float) -> Margin:
        """Agreement within ``value`` in log(ours / paper) (for heavy-tailed run counts)."""
        return cls(value, log=True)

    @classmethod
    def difference(cls, value: float, unit: str = "") -> Margin:
        """Agreement within ``value`` in ours - paper, in ``unit``."""
        return cls(value, log=False, unit=unit)

    @classmethod
    def rate(cls, points: float) -> Margin:
        """Agreement of two rates within ``points`` percentage points."""
        return cls(points / 100.0, log=False, unit="pp")

    @property
    def text(self) -> str:
        """The margin as the ledger prints it."""
        if self.log:
            return f"±{_num(self.value)} in log ratio"
        if self.unit == "pp":
            return f"±{_num(self.value * 100)} percentage points"
        return f"±{_num(self.value)}" + (f" {self.unit}" if self.unit else "")


@dataclass(frozen=True)
class Sample:
    """A sample known by its summary: mean, size and spread (``sd`` None: not printed;
    ``n`` None: a value known exactly, with no sampling error)."""

    mean: float
    n: int | None = None
    sd: float | None = None

    def __post_init__(self) -> None:
        if not math.isfinite(self.mean):
            raise ValueError(f"a sample mean must be finite, got {self.mean}")
        if self.n is not None and self.n < 1:
            raise ValueError(f"a sample needs n >= 1, got {self.n}")
        if self.sd is not None and not (math.isfinite(self.sd) and self.sd >= 0):
            raise ValueError(f"a sample's sd must be finite and >= 0, got {self.sd}")

    @classmethod
    def of(cls, values: Sequence[float]) -> Sample:
        """The summary of raw values (mean, n, sd with n - 1)."""
        arr = _values(values, "values")
        sd = float(np.std(arr, ddof=1)) if arr.size > 1 else 0.0
        return cls(float(arr.mean()), int(arr.size), sd)

    @property
    def exact(self) -> bool:
        """True for a value with no sampling error."""
        return self.n is None


@dataclass(frozen=True)
class Evidence:
    """What a rule found for one row: the numbers to print and how the verdict follows.

    ``settled`` is a verdict no correction can change (an exact comparison, a design input, a
    claim true by construction); otherwise the row's verdict is ``significant`` when its p-value
    survives the ledger's multiplicity correction, else ``reproduced`` when ``equivalent`` (the
    interval lies inside the margin), else ``otherwise``. A difference significant after the
    correction is never reported as reproduced because it lies inside a margin (rule
    :data:`MARGIN_RULE`); the ledger row then says both. ``n`` is the number of our runs (or
    units) the rule used, so the ledger can refuse a sample cut from the runs we have.
    """

    kind: str
    ours: str
    test: str
    uncertainty: str = ""
    margin: str = ""
    p: float | None = None
    settled: str | None = None
    significant: str = "differs"
    otherwise: str = "inconclusive"
    # What would decide an inconclusive row (runs needed), added to its ``why``.
    decide: str = ""
    equivalent: bool = False
    n: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind {self.kind!r}; expected one of {', '.join(KINDS)}")
        for name in ("settled", "significant", "otherwise"):
            v = getattr(self, name)
            if v is not None and v not in VERDICTS:
                raise ValueError(f"{name} verdict {v!r} is not one of {', '.join(VERDICTS)}")
        if self.settled is None and self.p is None:
            raise ValueError(f"{self.kind} evidence needs a p-value or a settled verdict")
        if self.p is not None and not 0.0 <= self.p <= 1.0:
            raise ValueError(f"p-value {self.p} outside [0, 1]")
        if self.equivalent and self.p is None:
            raise ValueError("equivalence needs the difference test's p-value beside it")

    def verdict(self, p_adjusted: float | None, alpha: float = ALPHA) -> str:
        """The verdict once the row's corrected p-value is known."""
        if self.settled is not None:
            return self.settled
        if p_adjusted is None:
            raise ValueError(f"{self.kind} evidence decided by a test needs its adjusted p")
        if p_adjusted < alpha:
            return self.significant
        return "reproduced" if self.equivalent else self.otherwise

    @property
    def within_margin_but_significant(self) -> bool:
        """True for evidence that would reproduce by its margin were its difference not
        significant (the ledger says both when the correction keeps it significant)."""
        return self.equivalent and self.significant == "differs"


# --- helpers ---------------------------------------------------------------------------------


def _num(x: float, digits: int = 3) -> str:
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return f"{x:.{digits}g}"


def _values(values: Sequence[float], name: str) -> np.ndarray:
    arr = np.asarray(values, dtype=float).ravel()
    if arr.size == 0:
        raise ValueError(f"{name}: need at least one value")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name}: values contain NaN or infinity")
    return arr


def _z(q: float) -> float:
    return float(_st.norm.ppf(q))


def holm(pvalues: Sequence[float]) -> np.ndarray:
    """Holm's step-down adjusted p-values (monotone, capped at 1), in the input order."""
    p = np.asarray(pvalues, dtype=float)
    m = p.size
    if m == 0:
        return p
    order = np.argsort(p, kind="stable")
    adj = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adj[i] = running
    return adj


# --- exact -----------------------------------------------------------------------------------


def exact(paper: object, ours: object, tol: float = 0.0,
          rounding: str = "the paper's rounding") -> Evidence:
    """A deterministic number: reproduced when equal (within ``tol``, whose source
    ``rounding`` names: by default the paper's printed rounding)."""
    if tol < 0:
        raise ValueError(f"tol must be >= 0, got {tol}")
    numbers = (int, float, np.number)
    if isinstance(paper, numbers) and isinstance(ours, numbers):
        same = abs(float(paper) - float(ours)) <= tol
        test = "exact" if tol == 0 else f"exact within {_num(tol)} ({rounding})"
        margin = "0" if tol == 0 else f"±{_num(tol)}"
    else:
        same, test, margin = str(paper) == str(ours), "exact", "0"
    return Evidence("exact", _text(ours), test, margin=margin,
                    settled="reproduced" if same else "differs")


def _text(value: object) -> str:
    if isinstance(value, float | np.floating):
        return _num(float(value), 4)
    return str(value)


# --- estimate --------------------------------------------------------------------------------


def _log_side(s: Sample, sd: float | None, name: str) -> tuple[float, float | None]:
    """(log mean, standard deviation of one run on the log-mean scale: sd / mean)."""
    if s.mean <= 0:
        raise ValueError(f"{name} mean {s.mean} must be > 0 for a log-ratio margin; use a "
                         "difference margin")
    return math.log(s.mean), (None if sd is None else sd / s.mean)


def _more(need: int, have: int, what: str, at: str) -> str:
    """What would decide an inconclusive row: ``need`` of ``what`` at the present effect, or,
    where that many are already in hand, that the notebook's correction is what holds it."""
    if need > have:
        return f"about {need} {what} (we have {have}) would decide it at the present {at}"
    return (f"our {have} {what} would decide it as a single test; the notebook's multiplicity "
            "correction asks for more")


@dataclass(frozen=True)
class _Spread:
    """What sizes an estimate's interval: each side's per-run sd on the compared scale, the
    paper's run count (None: exact) and how many runs we have."""

    ours: float
    paper: float
    paper_n: int | None
    have: int

    @property
    def paper_se(self) -> float:
        return 0.0 if self.paper_n is None else self.paper / math.sqrt(self.paper_n)


def _runs_needed(effect: float, spread: _Spread, margin: float, alpha: float) -> str:
    """Runs that would decide the row at the present estimates: ours (the paper's fixed), else
    the paper's where ours have no spread, else as many on each side."""
    targets = []
    if abs(effect) < margin:  # equivalence becomes provable once the interval is narrow enough
        targets.append((margin - abs(effect)) / _z(1 - alpha))
    if effect != 0:  # a difference becomes significant once the interval excludes zero
        targets.append(abs(effect) / (_z(1 - alpha / 2) + _z(POWER)))
    targets = [t for t in targets if t > 0]
    if spread.ours == 0:
        text = (f"every one of our {spread.have} runs gives the same value, so more of our "
                "runs cannot narrow the interval")
        if targets and spread.paper > 0 and spread.paper_n is not None:
            need = min(math.ceil((spread.paper / t) ** 2) for t in targets)
            text += f"; about {need} runs on the paper's side would decide it"
        return text
    rooms = [t * t - spread.paper_se ** 2 for t in targets]
    ours = [math.ceil(spread.ours ** 2 / r) for r in rooms if r > 0]
    if ours:
        return _more(min(ours), spread.have, "of our runs", "estimates")
    if targets:
        both = min(math.ceil((spread.ours ** 2 + spread.paper ** 2) / t ** 2) for t in targets)
        return (f"no number of our runs decides it with the paper's sample; about {both} runs "
                "on each side would")
    return "the two sides agree in mean but the margin is too narrow to prove it"


def estimate(ours: Sample, paper: Sample, margin: Margin, alpha: float = ALPHA) -> Evidence:
    """A mean of runs against the paper's mean, as two samples.

    Reproduced when the 90% Welch interval of the difference (or of the log ratio) lies within
    ``margin``; otherwise the two-sided Welch p-value decides between differs and inconclusive.
    Where the paper prints no spread, its runs are assumed as spread as ours (same sd, or the
    same coefficient of variation on the log scale); the test text says so.
    """
    if ours.n is None:
        raise ValueError("our side of an estimate must be a sample of runs (n known)")
    sd_o = ours.sd if ours.sd is not None else 0.0
    assumed = paper.sd is None and not paper.exact
    if margin.log:
        m_o, v_o = _log_side(ours, sd_o, "our")
        m_p, v_p = _log_side(paper, paper.sd, "the paper's")
        if v_p is None:
            v_p = v_o
        what = "log ratio ours/paper"
    else:
        m_o, v_o, m_p, v_p = ours.mean, sd_o, paper.mean, (sd_o if assumed else paper.sd)
        what = "difference ours - paper"
    se_o2 = (v_o or 0.0) ** 2 / ours.n
    se_p2 = 0.0 if paper.exact else (v_p or 0.0) ** 2 / paper.n
    effect = m_o - m_p
    se = math.sqrt(se_o2 + se_p2)
    note = "; the paper prints no spread: assumed equal to ours" if assumed else ""
    sides = f"n = {ours.n} vs " + ("exact" if paper.exact else f"{paper.n}")
    if se == 0.0:
        same = effect == 0.0
        return Evidence("estimate", _num(ours.mean, 4),
                        f"no spread on either side ({sides}{note})",
                        margin=margin.text, p=0.0 if not same else 1.0,
                        equivalent=abs(effect) <= margin.value,
                        significant="differs", otherwise="inconclusive", n=ours.n)
    # Welch-Satterthwaite degrees of freedom (normal where the paper's side is exact).
    parts = [(se_o2, ours.n - 1)] + ([] if paper.exact else [(se_p2, paper.n - 1)])
    denom = sum(v * v / d for v, d in parts if d > 0 and v > 0)
    df = (se * se) ** 2 / denom if denom > 0 else math.inf
    tq = float(_st.t.ppf(1 - alpha, df)) if math.isfinite(df) else _z(1 - alpha)
    lo, hi = effect - tq * se, effect + tq * se
    tstat = effect / se
    p = float(2 * _st.t.sf(abs(tstat), df)) if math.isfinite(df) else float(2 * _st.norm.sf(
        abs(tstat)))
    equivalent = -margin.value <= lo and hi <= margin.value
    test = (f"TOST and Welch on the {what} ({sides}{note}): 90% CI "
            f"[{_num(lo)}, {_num(hi)}]")
    return Evidence("estimate", _num(ours.mean, 4), test,
                    uncertainty=f"{what} {_num(effect)}, 90% CI [{_num(lo)}, {_num(hi)}]",
                    margin=margin.text, p=min(1.0, p), equivalent=equivalent, n=ours.n,
                    decide=_runs_needed(effect, _Spread(v_o or 0.0, v_p or 0.0, paper.n,
                                                        ours.n), margin.value, alpha))


def _inert_mask(inert: Sequence[bool] | None, size: int, rule: str) -> np.ndarray:
    """The pairs equal by construction, checked: a paired rule must be told them."""
    if inert is None:
        raise ValueError(f"a paired {rule} must be told which pairs are equal by construction "
                         "(inert=..., all False when the compared factor acts on every pair)")
    mask = np.asarray(inert, dtype=bool).ravel()
    if mask.size != size:
        raise ValueError(f"inert marks {mask.size} pairs but the {rule} has {size}")
    return mask


def _inert_note(left_out: int, total: int) -> str:
    return (f"; {left_out} of {total} pairs equal by construction left out" if left_out
            else "")


def _without_inert(a: np.ndarray, b: np.ndarray, inert: Sequence[bool] | None, kind: str
                   ) -> tuple[np.ndarray, np.ndarray, str, Evidence | None]:
    """The pairs the compared factor can act on, the note that counts the others, and the
    ``by construction`` evidence when no pair is left (else None): the one place a paired rule
    leaves out its pairs equal by construction."""
    if a.size != b.size:
        raise ValueError(f"paired values need equal lengths, got {a.size} and {b.size}")
    mask = _inert_mask(inert, a.size, kind)
    if mask.all():
        return a, b, "", by_construction(kind, "every pair equal", f"all {a.size} pairs are "
                                         "equal by construction: the compared factor never acts")
    return a[~mask], b[~mask], _inert_note(int(mask.sum()), a.size), None


def by_construction(kind: str, ours: object, reason: str) -> Evidence:
    """A claim our construction makes true for any data (a tautology, a superset, a factor
    that cannot act): ``by construction``, never tested; ``reason`` says why it must hold."""
    if not reason.strip():
        raise ValueError("a claim true by construction must say why (reason)")
    return Evidence(kind, _text(ours), f"true by construction: {reason}",
                    settled="by construction")


def paired_estimate(ours: Sequence[float], theirs: Sequence[float], margin: Margin, *,
                    inert: Sequence[bool] | None, alpha: float = ALPHA) -> Evidence:
    """Two measurements of the same instances (ours and another protocol's): the mean per-pair
    difference (or log ratio, for a log margin) against 0, by the estimate rule (TOST within
    ``margin``, else a two-sided t test on the pairs). Pairs where the compared factor cannot
    act (``inert``) are equal by construction: they are left out and counted in the test."""
    a, b = _values(ours, "our values"), _values(theirs, "their values")
    a, b, note, settled = _without_inert(a, b, inert, "estimate")
    if settled is not None:
        return settled
    if margin.log:
        if np.any(a <= 0) or np.any(b <= 0):
            raise ValueError("a log-ratio margin needs values > 0 on both sides")
        d, what = np.log(a / b), "per-pair log ratio ours/theirs"
    else:
        d, what = a - b, "per-pair difference ours - theirs"
    flat = Margin(margin.value, log=False, unit=margin.unit)
    ev = estimate(Sample.of(d), Sample(0.0), flat, alpha)
    return replace(ev, ours=_num(float(d.mean()), 4), margin=margin.text,
                   test=ev.test.replace("difference ours - paper", what).replace(
                       f"n = {a.size} vs exact", f"{a.size} pairs against 0") + note,
                   uncertainty=ev.uncertainty.replace("difference ours - paper", what))


# --- count -----------------------------------------------------------------------------------


def _wilson(k: int, n: int, z: float) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(k1: int, n1: int, k2: int, n2: int, confidence: float = 0.90) -> tuple[float, float]:
    """Newcombe's hybrid score interval of p1 - p2 (his method 10, from Wilson intervals)."""
    z = _z(0.5 + confidence / 2)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = _wilson(k1, n1, z)
    l2, u2 = _wilson(k2, n2, z)
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return lo, hi


def count(ours: tuple[int, int], paper: tuple[int, int], margin: Margin,
          alpha: float = ALPHA) -> Evidence:
    """Successes out of n, ours against the paper's: Fisher's exact test for a difference,
    Newcombe's 90% interval of the difference of rates against ``margin`` for equivalence."""
    (k1, n1), (k2, n2) = ours, paper
    for k, n, who in ((k1, n1, "our"), (k2, n2, "the paper's")):
        if n <= 0 or not 0 <= k <= n:
            raise ValueError(f"{who} count needs 0 <= successes <= runs > 0, got {k}/{n}")
    if margin.log:
        raise ValueError("a count's margin is a difference of rates (Margin.rate)")
    p = float(_st.fisher_exact([[k1, n1 - k1], [k2, n2 - k2]]).pvalue)
    lo, hi = newcombe(k1, n1, k2, n2, 1 - 2 * alpha)
    equivalent = -margin.value <= lo and hi <= margin.value
    r1, r2 = k1 / n1, k2 / n2
    pooled = (k1 + k2) / (n1 + n2)
    sd = math.sqrt(pooled * (1 - pooled))
    return Evidence("count", f"{k1}/{n1}", f"Fisher exact and Newcombe 90% CI ({k1}/{n1} vs "
                    f"{k2}/{n2})",
                    uncertainty=f"rate difference {_num(100 * (r1 - r2))} pp, 90% CI "
                    f"[{_num(100 * lo)}, {_num(100 * hi)}] pp",
                    margin=margin.text, p=min(1.0, p), equivalent=equivalent, n=n1,
                    decide=_runs_needed(r1 - r2, _Spread(sd, sd, n2, n1), margin.value, alpha))


# --- extreme ---------------------------------------------------------------------------------


def _precedence(ours: int, theirs: int, j: int) -> float:
    """P(the j smallest of the pooled runs are all ours), for ``ours`` and ``theirs`` runs
    exchangeable under one distribution: C(ours, j) / C(ours + theirs, j)."""
    if j <= 0:
        return 1.0
    if j > ours:
        return 0.0
    return math.exp(math.lgamma(ours + 1) - math.lgamma(ours - j + 1)
                    - math.lgamma(ours + theirs + 1) + math.lgamma(ours + theirs - j + 1))


def extreme(ours: Sequence[float], paper: float, n: int, side: Literal["min", "max"],
            margin: Margin, alpha: float = ALPHA) -> Evidence:
    """The paper's minimum (or maximum) of its ``n`` runs against our runs, as two samples.

    p is exact and two-sided, from the precedence test: were the paper's n runs and our N runs
    drawn from one distribution, the number K of our runs beyond the paper's extreme has
    P(K >= j) = C(N, j) / C(N + n, j); p is twice the smaller tail at the observed K (ties
    counted against the rejection). Unlike treating our runs as the true distribution (which
    gives p = 0 for any paper value beyond all our runs), it accounts for both sample sizes.
    Reproduced when the central 90% of the extreme of n draws from our runs lies within
    ``margin`` of the paper's value.
    """
    if side not in ("min", "max"):
        raise ValueError(f"side must be 'min' or 'max', got {side!r}")
    if n < 1:
        raise ValueError(f"the paper's number of runs must be >= 1, got {n}")
    if margin.log:
        raise ValueError("an extreme's margin is a difference (Margin.difference)")
    x = _values(ours, "our runs")
    sign = 1.0 if side == "min" else -1.0
    y, v = np.sort(sign * x), sign * float(paper)  # the maximum is the minimum of -x
    n_ours = int(y.size)
    strictly, at_most = int(np.sum(y < v)), int(np.sum(y <= v))
    p_high = _precedence(n_ours, n, strictly)           # the paper's extreme lies too far in
    p_low = 1.0 - _precedence(n_ours, n, at_most + 1)   # the paper's extreme lies too far out
    p = min(1.0, 2.0 * min(p_low, p_high))
    support = np.unique(y)
    cdf = 1.0 - (1.0 - np.searchsorted(y, support, side="right") / y.size) ** n
    q_lo = sign * float(support[np.searchsorted(cdf, alpha)])
    q_hi = sign * float(support[min(np.searchsorted(cdf, 1 - alpha), support.size - 1)])
    lo, hi = min(q_lo, q_hi), max(q_lo, q_hi)
    equivalent = abs(lo - paper) <= margin.value and abs(hi - paper) <= margin.value
    word = "below" if side == "min" else "above"
    return Evidence("extreme", _num(float(sign * y[0]), 4),
                    f"exact two-sample precedence test: {strictly} of our {n_ours} runs lie "
                    f"{word} the paper's {side} of {n} runs",
                    uncertainty=f"central 90% of a {n}-run {side} of ours: [{_num(lo)}, "
                    f"{_num(hi)}]",
                    margin=margin.text, p=p, equivalent=equivalent, n=n_ours,
                    decide=f"one {side} of {n} runs cannot separate these; the paper's own "
                    "runs would")


# --- orderings, rankings, trends -------------------------------------------------------------


def _directional(p_claim: float, p_reverse: float, kind: str, ours: str, test: str,
                 decide: str, if_claim: str = "reproduced") -> Evidence:
    """Evidence for a one-sided claim: the row's p is the claimed direction's, or the reverse's
    when the data lean the other way (then significance contradicts the claim)."""
    if p_claim <= p_reverse:
        return Evidence(kind, ours, f"{test}, p in the claimed direction", p=min(1.0, p_claim),
                        significant=if_claim, decide=decide)
    return Evidence(kind, ours, f"{test}, p in the reverse direction", p=min(1.0, p_reverse),
                    significant="contradicted", decide=decide)


def _noether(auc: float, have: int, alpha: float) -> str:
    if auc == 0.5:
        return "no effect at all in our data"
    n = math.ceil((_z(1 - alpha) + _z(POWER)) ** 2 / (6 * (auc - 0.5) ** 2))
    # With m runs per side the smallest one-sided p is 1 / C(2m, m): below alpha from m = 4.
    return _more(max(n, 4), have, "runs per side", "effect")


def ordering(low: Sequence[float], high: Sequence[float] | float, *, paired: bool,
             inert: Sequence[bool] | None = None, alpha: float = ALPHA) -> Evidence:
    """The claim "low < high", one-sided.

    ``paired``: both sides measured on the same instances (or ``high`` a constant): Wilcoxon's
    signed-rank test on the differences; ``inert`` (required when ``high`` is a sample) marks
    the pairs equal by construction (the compared factor cannot act there): they are left out
    and counted, and when every pair is inert the claim is ``by construction``. Otherwise
    Mann-Whitney U. Every remaining pair equal (or two identical constant samples) is a settled
    ``differs``: there is no ordering to find.
    """
    a = _values(low, "low side")
    note = ""
    if np.ndim(high) == 0:
        b = np.full(a.size, float(high))
        paired = True
    else:
        b = _values(high, "high side")  # type: ignore[arg-type]
        if paired:
            a, b, note, settled = _without_inert(a, b, inert, "ordering")
            if settled is not None:
                return settled
        elif inert is not None:
            raise ValueError("inert pairs mean a paired comparison: pass paired=True")
    if paired:
        diff = a - b
        nz = diff[diff != 0]
        shown = f"median {_num(float(np.median(a)))} vs {_num(float(np.median(b)))}"
        if nz.size == 0:
            return Evidence("ordering", shown, f"every pair equal: no ordering{note}",
                            settled="differs")
        p_claim = float(_st.wilcoxon(nz, alternative="less").pvalue)
        p_rev = float(_st.wilcoxon(nz, alternative="greater").pvalue)
        fewer = int((nz < 0).sum())
        sd = float(np.std(nz, ddof=1)) if nz.size > 1 else 0.0
        mean = float(nz.mean())
        # n pairs cannot give a one-sided p below 1 / 2^n, whatever the effect.
        floor = math.ceil(math.log2(1 / alpha))
        need = _more(max(math.ceil(((_z(1 - alpha) + _z(POWER)) * sd / mean) ** 2), floor),
                     int(nz.size), "unequal pairs", "effect") if mean and sd else ""
        return _directional(p_claim, p_rev, "ordering", shown,
                            f"paired Wilcoxon signed-rank ({fewer} of {nz.size} unequal pairs "
                            f"in the claimed direction{note})", need)
    shown = f"median {_num(float(np.median(a)))} vs {_num(float(np.median(b)))}"
    if np.all(a == a[0]) and np.all(b == a[0]):
        return Evidence("ordering", shown, "identical constant samples: no ordering",
                        settled="differs")
    res = _st.mannwhitneyu(a, b, alternative="less")
    p_rev = float(_st.mannwhitneyu(a, b, alternative="greater").pvalue)
    auc = float(res.statistic) / (a.size * b.size)
    return _directional(float(res.pvalue), p_rev, "ordering", shown,
                        f"one-sided Mann-Whitney ({a.size} vs {b.size} runs)",
                        _noether(auc, min(a.size, b.size), alpha))


def _fisher_n(r: float, have: int, alpha: float) -> str:
    if not math.isfinite(r) or abs(r) >= 1 or r == 0:
        return ""
    n = math.ceil(((_z(1 - alpha) + _z(POWER)) / math.atanh(abs(r))) ** 2 + 3)
    return _more(n, have, "items", "correlation")


def ranking(paper: Sequence[float], ours: Sequence[float], threshold: float = 0.5,
            alpha: float = ALPHA) -> Evidence:
    """An order over items: Spearman's rho of the paper's values with ours.

    Reproduced when rho >= ``threshold`` and rho > 0 is significant (one-sided) after
    correction; differs when significant but weaker than the threshold; contradicted when a
    negative rho is significant; inconclusive otherwise.
    """
    a, b = _values(paper, "paper values"), _values(ours, "our values")
    if a.shape != b.shape or a.size < 3:
        raise ValueError(f"need two rankings of equal length >= 3, got {a.size} and {b.size}")
    if np.all(a == a[0]) or np.all(b == b[0]):
        raise ValueError("a ranking needs values that vary on both sides")
    rho = float(_st.spearmanr(a, b).statistic)
    p_pos = float(_st.spearmanr(a, b, alternative="greater").pvalue)
    p_neg = float(_st.spearmanr(a, b, alternative="less").pvalue)
    test = f"one-sided Spearman rho={rho:.3f} over {a.size} items (threshold {threshold:g})"
    return _directional(p_pos, p_neg, "ranking", f"rho {rho:.3f}", test,
                        _fisher_n(rho, int(a.size), alpha),
                        if_claim="reproduced" if rho >= threshold else "differs")


def trend(x: Sequence[float], y: Sequence[float], increasing: bool,
          alpha: float = ALPHA) -> Evidence:
    """A monotone effect of a parameter ``x`` on a measurement ``y`` (one value per run):
    Kendall's tau-b, one-sided in the claimed direction."""
    a, b = _values(x, "parameter"), _values(y, "measurements")
    if a.shape != b.shape or a.size < 3:
        raise ValueError(f"need paired parameter and values of length >= 3, got {a.size}, "
                         f"{b.size}")
    if np.all(a == a[0]) or np.all(b == b[0]):
        raise ValueError("a trend needs a parameter and measurements that vary")
    tau = float(_st.kendalltau(a, b).statistic)
    up = float(_st.kendalltau(a, b, alternative="greater").pvalue)
    down = float(_st.kendalltau(a, b, alternative="less").pvalue)
    claim_p, rev_p = (up, down) if increasing else (down, up)
    word = "increasing" if increasing else "decreasing"
    # Var(tau) is about 4 / (9 n) under no trend, which sizes the sample a trend this strong
    # would need.
    need = _more(math.ceil((2 * (_z(1 - alpha) + _z(POWER)) / (3 * tau)) ** 2), int(a.size),
                 "values", "tau") if tau else "no trend at all in our data"
    return _directional(claim_p, rev_p, "trend", f"tau {tau:.3f}",
                        f"one-sided Kendall tau-b={tau:.3f} over {a.size} values (claimed "
                        f"{word})", need)


def weakest(evidence: Mapping[str, Evidence]) -> tuple[str, Evidence]:
    """The evidence a claim over several comparisons ("better than each") rests on: a
    comparison with no ordering at all, else the one leaning most against the claim (smallest
    reverse p), else the one supporting it least (largest p). A claim that must hold against
    every rival holds only if it holds against this one (an intersection-union test)."""
    items = list(evidence.items())
    flat = [kv for kv in items if kv[1].settled is not None]
    if flat:
        return flat[0]
    rev = [kv for kv in items if kv[1].significant == "contradicted"]
    if rev:
        return min(rev, key=lambda kv: kv[1].p)
    return max(items, key=lambda kv: kv[1].p)


# --- the kinds a verdict follows from directly ----------------------------------------------


def qualitative(holds: bool, ours: object, test: str) -> Evidence:
    """A statement checked by a deterministic computation: reproduced or contradicted."""
    if not test.strip():
        raise ValueError("a qualitative claim must say how it was checked")
    return Evidence("qualitative", _text(ours), test,
                    settled="reproduced" if holds else "contradicted")


def design_input(ours: object, test: str = "a value we set") -> Evidence:
    """A number we (or the paper) set: never reproduced, always ``by construction``."""
    return Evidence("design input", _text(ours), test, settled="by construction")


def not_comparable(ours: object = "", test: str = "none", kind: str = "not comparable"
                   ) -> Evidence:
    """A claim that cannot be checked here (the row's ``why`` says why); ``kind`` keeps the
    claim's own kind where it is, say, an estimate we cannot compute."""
    return Evidence(kind, _text(ours), test, settled="not comparable")


def beyond(ours: object, test: str, uncertainty: object = "") -> Evidence:
    """A result of ours that the paper does not have."""
    return Evidence("beyond", _text(ours), test, uncertainty=_text(uncertainty),
                    settled="beyond")


def with_kind(evidence: Evidence, kind: str) -> Evidence:
    """The same evidence filed under another kind (e.g. an estimate rule used for a rate)."""
    return replace(evidence, kind=kind)
