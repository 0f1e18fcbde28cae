"""CPU-time orderings (Figs. 5-6, Sec. 4.3) from warm wall times that are repeated and interleaved.

Wall time is never seed-determined, so a single measurement never decides a row. Each case is
timed ``repeats`` times per method, the methods interleaved (A*, EA, RL, then the next round in
a rotated order, so none always runs first on a cooling or a loaded core), each after one
untimed warm-up call (numba compiled, tables loaded). An ordering "a is faster than b" is
decided per case only by a margin: it **holds** when a's slowest repeat, times :data:`MARGIN`,
is still below b's fastest; it is **reversed** in the mirror case; otherwise the case is
**within noise**. A claim over many cases is then the engine's paired ordering on one sign per
decided case (a sign test). The seconds live in ``timing_cpu_orderings.csv``, a timing file;
the notebook measures them again only with ``EXTRAS`` (or at smoke scale) and otherwise
decides on the committed measurement, so a rerun leaves the ledger as it is.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import pandas as pd

from puzzles.core import verdicts as V
from puzzles.core.verdicts import Evidence

# Interleaved repeats on this shared 2-core machine differ by up to about 30% (the spread in
# timing_cpu_orderings.csv); an ordering must exceed that from slowest to fastest repeat.
MARGIN = 1.5
HOLDS, REVERSED, NOISE = "holds", "reversed", "within noise"
# A method's call is repeated until one timed measurement lasts at least this long (A* on a
# small case takes microseconds, below the clock's useful resolution).
MIN_SECONDS = 0.02
TIMING_FILE = "timing_cpu_orderings"
COLUMNS = ["d", "k", "level", "method", "repeat", "seconds"]


def _calls(fn: Callable[[], object], min_seconds: float) -> int:
    """Calls per measurement so that one lasts ``min_seconds``, from one warm-up call."""
    t0 = time.perf_counter()
    fn()
    once = time.perf_counter() - t0
    return max(1, math.ceil(min_seconds / once)) if once > 0 else 1000


def interleaved(methods: Mapping[str, Callable[[], object]], repeats: int,
                calls: Mapping[str, int] | None = None, min_seconds: float = MIN_SECONDS
                ) -> dict[str, list[float]]:
    """Seconds per call of each method, ``repeats`` times, the methods interleaved (the order
    rotated each round). A method named in ``calls`` is called that many times per
    measurement (the caller has warmed it up); any other gets one untimed warm-up call that
    also sets its calls so that a measurement lasts ``min_seconds``."""
    if repeats < 2:
        raise ValueError(f"repeats must be at least 2 (an ordering needs a spread), got {repeats}")
    if not methods:
        raise ValueError("no method to time")
    given = dict(calls or {})
    if any(int(c) < 1 for c in given.values()) or set(given) - set(methods):
        raise ValueError(f"calls must name timed methods with counts >= 1, got {given}")
    names = list(methods)
    calls = {n: int(given[n]) if n in given else _calls(methods[n], min_seconds) for n in names}
    out: dict[str, list[float]] = {n: [] for n in names}
    for r in range(repeats):
        for n in names[r % len(names):] + names[:r % len(names)]:
            t0 = time.perf_counter()
            for _ in range(calls[n]):
                methods[n]()
            out[n].append((time.perf_counter() - t0) / calls[n])
    return out


def compare(fast: Sequence[float], slow: Sequence[float], margin: float = MARGIN) -> str:
    """Whether ``fast`` is faster than ``slow`` beyond ``margin``: :data:`HOLDS` when the
    slowest of ``fast`` times ``margin`` is below the fastest of ``slow``, :data:`REVERSED`
    in the mirror case, :data:`NOISE` otherwise."""
    if len(fast) < 2 or len(slow) < 2:
        raise ValueError(f"each side needs at least 2 repeats, got {len(fast)} and {len(slow)}")
    if margin < 1:
        raise ValueError(f"margin is a factor >= 1, got {margin}")
    if max(fast) * margin < min(slow):
        return HOLDS
    if max(slow) * margin < min(fast):
        return REVERSED
    return NOISE


OURS = ("repeated, interleaved warm timings", f"{TIMING_FILE}.csv")
"""How our seconds were measured and where they are: the default of every rule below."""


def ordering_evidence(outcomes: Sequence[str], what: str,
                      timings: tuple[str, str] = OURS) -> Evidence:
    """An ordering claimed over many cases, from the cases' outcomes: the engine's paired
    ordering (a sign test) on the decided cases, one pair per case (holds: 0 < 1, reversed:
    1 > 0); cases within noise carry no sign. No decided case: inconclusive with p = 1.
    ``timings``: what the seconds are and their file (:data:`OURS`, or the authors' runs)."""
    if not outcomes:
        raise ValueError(f"no case to decide {what!r} on")
    bad = sorted(set(outcomes) - {HOLDS, REVERSED, NOISE})
    if bad:
        raise ValueError(f"unknown outcomes {bad}")
    holds, rev = outcomes.count(HOLDS), outcomes.count(REVERSED)
    ours = (f"holds in {holds}, reversed in {rev}, within noise in {len(outcomes) - holds - rev}"
            f" of {len(outcomes)} cases")
    test = (f"sign test over the cases (paired Wilcoxon on one sign per decided case); a case "
            f"is decided when the faster side's slowest of {timings[0]} beats the other's "
            f"fastest by {MARGIN:g}x ({what}; {timings[1]})")
    if holds + rev == 0:
        return Evidence("ordering", ours, test, margin=f"{MARGIN:g}x", p=1.0,
                        decide="more repeats on an idle machine would decide the cases within "
                               "noise")
    # one pair per decided case; none is equal by construction (every case was timed)
    ev = V.ordering([0.0] * holds + [1.0] * rev, [1.0] * holds + [0.0] * rev, paired=True,
                    inert=[False] * (holds + rev))
    return replace(ev, ours=ours, test=test, margin=f"{MARGIN:g}x")


def similar_evidence(outcomes: Sequence[str], what: str,
                     timings: tuple[str, str] = ("warm seconds, repeated and interleaved",
                                                 f"{TIMING_FILE}.csv")) -> Evidence:
    """A claim that two CPU times are about the same: reproduced when every case is within
    noise (no ordering beyond the margin either way), contradicted when any case is ordered."""
    if not outcomes:
        raise ValueError(f"no case to decide {what!r} on")
    test = (f"{timings[0]} per case; 'about the same' read as no ordering beyond "
            f"{MARGIN:g}x ({what}; {timings[1]})")
    if all(o == NOISE for o in outcomes):
        return Evidence("qualitative", f"within {MARGIN:g}x in every case", test,
                        margin=f"{MARGIN:g}x", settled="reproduced")
    return Evidence("qualitative", f"ordered beyond {MARGIN:g}x in some case", test,
                    margin=f"{MARGIN:g}x", settled="contradicted")


def long_table(times: pd.DataFrame) -> pd.DataFrame:
    """The workers' per-case lists of seconds as one row per (case, method, repeat)."""
    rows = [{"d": r["d"], "k": r["k"], "level": r["level"], "method": m, "repeat": i,
             "seconds": s}
            for r in times.to_dict("records") for m in ("A*", "EA", "RL")
            for i, s in enumerate(r.get(m) or ())]
    return pd.DataFrame(rows, columns=COLUMNS)


def per_path(times: pd.DataFrame, divisors: Mapping[tuple[str, int], int]) -> pd.DataFrame:
    """``times`` with seconds divided by each method's explored paths (the paper's Sec. 4.3
    normalisation: EA by N, RL by P of its dimension; A* as is); ``divisors`` maps
    (method, d) to the divisor."""
    div = [divisors.get((m, d), 1) for m, d in zip(times["method"], times["d"], strict=True)]
    return times.assign(seconds=times["seconds"] / pd.Series(div, index=times.index))


def outcomes(times: pd.DataFrame, fast: str, slow: str, cases: pd.DataFrame | None = None
             ) -> pd.DataFrame:
    """Per case: the median seconds of ``fast`` and ``slow``, their ratio and the outcome of
    "``fast`` is faster than ``slow``" (:func:`compare`), over ``cases`` (d, k, level) if given."""
    keys = ["d", "k", "level"]
    t = times if cases is None else times.merge(cases[keys].drop_duplicates(), on=keys)
    rows = []
    for (d, k, level), g in t.groupby(keys, sort=True):
        a = g.loc[g["method"] == fast, "seconds"].tolist()
        b = g.loc[g["method"] == slow, "seconds"].tolist()
        if len(a) < 2 or len(b) < 2:
            continue
        ma, mb = float(pd.Series(a).median()), float(pd.Series(b).median())
        rows.append({"d": d, "k": k, "level": level, fast: ma, slow: mb,
                     "ratio": mb / ma if ma > 0 else math.inf, "outcome": compare(a, b)})
    return pd.DataFrame(rows, columns=[*keys, fast, slow, "ratio", "outcome"])


def k_outcomes(times: pd.DataFrame, cases: pd.DataFrame) -> list[str]:
    """A* at the smaller k faster than at the larger (:func:`compare`), for each pair of k at
    one (d, level) of ``cases``."""
    a = times[times["method"] == "A*"].merge(cases[["d", "k", "level"]].drop_duplicates())
    out = []
    for _, g in a.groupby(["d", "level"]):
        by_k = [s["seconds"].tolist() for _, s in g.groupby("k", sort=True)]
        out += [compare(by_k[i], by_k[j]) for i in range(len(by_k))
                for j in range(i + 1, len(by_k))]
    return out


UNITS = ("seconds per explored path (EA / N, RL / P; Sec. 4.3)", "seconds per run")


def claim_orderings(times: pd.DataFrame, divisors: Mapping[tuple[str, int], int], fast: str,
                    slow: str, cases: pd.DataFrame | None = None,
                    timings: tuple[str, str] = OURS) -> dict[str, Evidence]:
    """"``fast`` needs less CPU than ``slow``" over ``cases`` (all timed cases if None), per
    explored path and per run (:data:`UNITS`), each by :func:`ordering_evidence`."""
    frames = dict(zip(UNITS, (per_path(times, divisors), times), strict=True))
    return {u: ordering_evidence(outcomes(t, fast, slow, cases)["outcome"].tolist(), u,
                                 timings) for u, t in frames.items()}


PAIRS = (("EA", "RL"), ("A*", "RL"), ("EA", "A*"))  # (claimed faster, slower) in Figs. 5-6


def path_divisors(ea_pop: int, p_states: Mapping[int, int]) -> dict[tuple[str, int], int]:
    """The paper's explored paths per run: the EA's population N and RL's P per dimension."""
    return {**{("EA", d): ea_pop for d in p_states}, **{("RL", d): p for d, p in p_states.items()}}


def summary(times: pd.DataFrame, divisors: Mapping[tuple[str, int], int]) -> pd.DataFrame:
    """For each pair of :data:`PAIRS`, per run and per explored path: in how many cases the
    ordering holds, is within noise or is reversed, and the median ratio slow / fast."""
    rows = []
    for unit, t in (("per run", times), ("per explored path", per_path(times, divisors))):
        for fast, slow in PAIRS:
            o = outcomes(t, fast, slow)
            counts = o["outcome"].value_counts()
            rows.append({"claim": f"{fast} faster than {slow}", "unit": unit,
                         **{k: int(counts.get(k, 0)) for k in (HOLDS, NOISE, REVERSED)},
                         "median ratio": float(o["ratio"].median())})
    return pd.DataFrame(rows)


def read(directory: str | Path) -> pd.DataFrame:
    """The committed measurement, ``<directory>/timing_cpu_orderings.csv``."""
    path = Path(directory) / f"{TIMING_FILE}.csv"
    if not path.exists():
        raise ValueError(f"{path} does not exist: measure it with EXTRAS = True (or at smoke "
                         "scale)")
    return pd.read_csv(path, dtype={"level": str})
