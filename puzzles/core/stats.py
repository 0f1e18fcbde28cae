"""Summary statistics shared by every notebook: mean with a Student-t confidence half-width,
exact intervals of a success fraction and of a median."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
from scipy import stats as _st


def _as_values(values: Iterable[float]) -> np.ndarray:
    arr = np.asarray(list(values) if not isinstance(values, np.ndarray) else values, dtype=float)
    if arr.ndim != 1:
        raise ValueError(f"values must be one-dimensional, got shape {arr.shape}")
    if arr.size and not np.all(np.isfinite(arr)):
        raise ValueError("values contain NaN or infinity")
    return arr


def ci_halfwidth(values: Iterable[float], confidence: float = 0.95) -> float:
    """Student-t half-width t_{(1+conf)/2, n-1} * s / sqrt(n); NaN for fewer than two values."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie in (0, 1), got {confidence}")
    arr = _as_values(values)
    n = arr.size
    if n < 2:
        return math.nan
    s = float(np.std(arr, ddof=1))
    return float(_st.t.ppf(0.5 + confidence / 2.0, n - 1) * s / math.sqrt(n))


def mean_ci(values: Iterable[float], confidence: float = 0.95) -> tuple[float, float]:
    """(mean, Student-t half-width); the mean is NaN for no values."""
    arr = _as_values(values)
    mean = float(arr.mean()) if arr.size else math.nan
    return mean, ci_halfwidth(arr, confidence)


def summarise(values: Iterable[float], confidence: float = 0.95) -> dict[str, float]:
    """n, mean, ci95 half-width, median, min and max of ``values`` as one dict (a table row)."""
    arr = _as_values(values)
    mean, half = mean_ci(arr, confidence)
    if arr.size == 0:
        return {"n": 0, "mean": math.nan, "ci95": math.nan, "median": math.nan,
                "min": math.nan, "max": math.nan}
    return {"n": int(arr.size), "mean": mean, "ci95": half, "median": float(np.median(arr)),
            "min": float(arr.min()), "max": float(arr.max())}


def proportion_ci(successes: int, runs: int) -> tuple[float, float]:
    """95% Clopper-Pearson interval of a success fraction."""
    if runs <= 0 or not 0 <= successes <= runs:
        raise ValueError(f"need 0 <= successes <= runs > 0, got {successes}/{runs}")
    ci = _st.binomtest(int(successes), int(runs)).proportion_ci(0.95, method="exact")
    return float(ci.low), float(ci.high)


def median_ci(values: Sequence[float]) -> tuple[float, float]:
    """95% distribution-free interval of the median (binomial order statistics)."""
    x = np.sort(np.asarray(values, dtype=float))
    n = x.size
    if n == 0:
        raise ValueError("need at least one value")
    lo = int(_st.binom.ppf(0.025, n, 0.5))
    hi = int(_st.binom.isf(0.025, n, 0.5))
    return float(x[max(lo - 1, 0)]), float(x[min(hi, n - 1)])
