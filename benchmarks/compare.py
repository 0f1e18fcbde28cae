"""Side-by-side timing: ours against a baseline, warm, interleaved A B A B, with peak memory and
the machine's load; every benchmark module returns :class:`Case` objects measured here.

A case's ``ours`` and ``baseline`` do the same work (the case checks that their answers agree).
Each is called once before timing (numba compiles or loads its cache, pools start, tables fill),
then ``rounds`` pairs run alternately, so a change of machine load hits both sides alike; the
ratio of a pair is baseline time / our time (above 1: ours is faster), and the table reports its
median and range over the pairs. ``peak_mb`` (and ``baseline_peak_mb``, the same for the
baseline) is the most memory one warm call adds to the process (Linux: the resident high-water
mark, reset before the call through ``/proc/self/clear_refs``, so numba's own allocations
count; elsewhere tracemalloc's peak, which sees only Python and numpy allocations). ``load`` is
the highest 1-minute load average seen during the case: on the project's 2 cores, above 2
means other work shared the machine, and ``python -m benchmarks`` writes no row measured
above ``--max-load`` (:data:`MAX_LOAD`).
A baseline that does other work than ours (another answer, not the same one slower) is no
speed comparison: :func:`measure` refuses a case whose answers disagree.
"""

from __future__ import annotations

import csv
import os
import statistics
import time
import tracemalloc
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results.csv"
COLUMNS = ("benchmark", "work", "baseline", "ours_median", "baseline_median", "ratio_median",
           "ratio_min", "ratio_max", "peak_mb", "baseline_peak_mb", "load")
ROUNDS = 5
# The highest 1-minute load average at which a row is written: on 2 cores, a measurement above
# it shared the machine with other work, which distorts both sides differently.
MAX_LOAD = 1.5


@dataclass(frozen=True)
class Case:
    """One comparison: ``ours()`` and ``baseline()`` do ``work``; ``same(a, b)`` checks that
    their answers agree (default: equal)."""

    benchmark: str
    work: str
    baseline_name: str
    ours: Callable[[], Any]
    baseline: Callable[[], Any]
    same: Callable[[Any, Any], bool] | None = None
    rounds: int = ROUNDS


def _load() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:  # pragma: no cover - no load average on this platform
        return float("nan")


def _rss_kb(field: str) -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def _trim() -> None:
    """Hand freed heap memory back to the OS (glibc), so the next call's allocations show in
    the resident set instead of reusing pages a previous call left behind."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def peak_mb(fn: Callable[[], Any]) -> float:
    """The most memory one call of ``fn`` adds to this process, in MB (see the module doc): the
    larger of the resident high-water mark's rise and tracemalloc's peak."""
    rss = 0.0
    try:
        _trim()
        Path("/proc/self/clear_refs").write_text("5")  # reset VmHWM to the current RSS
        before = _rss_kb("VmRSS")
        fn()
        after = _rss_kb("VmHWM")
        if before is not None and after is not None:
            rss = max(after - before, 0) / 1024
    except OSError:
        pass
    tracemalloc.start()
    try:
        fn()
        traced = tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()
    return max(rss, traced)


def _ratio(x: float) -> str:
    return f"{x:.0f}" if x >= 100 else f"{x:.3g}"


def measure(case: Case) -> dict[str, Any]:
    """Warm both sides, time ``case.rounds`` interleaved pairs, and return one results row."""
    load = _load()
    a, b = case.ours(), case.baseline()
    agree = case.same(a, b) if case.same is not None else a == b
    if not agree:
        raise AssertionError(f"{case.benchmark}: ours and the baseline disagree")
    ours_t: list[float] = []
    base_t: list[float] = []
    for _ in range(case.rounds):
        for fn, out in ((case.ours, ours_t), (case.baseline, base_t)):
            start = time.perf_counter()
            fn()
            out.append(time.perf_counter() - start)
        load = max(load, _load())
    ratios = [bt / ot for ot, bt in zip(ours_t, base_t, strict=True)]
    peak, base_peak = peak_mb(case.ours), peak_mb(case.baseline)
    return {"benchmark": case.benchmark, "work": case.work, "baseline": case.baseline_name,
            "ours_median": f"{statistics.median(ours_t):.4g}",
            "baseline_median": f"{statistics.median(base_t):.4g}",
            "ratio_median": _ratio(statistics.median(ratios)),
            "ratio_min": _ratio(min(ratios)), "ratio_max": _ratio(max(ratios)),
            "peak_mb": f"{peak:.2f}", "baseline_peak_mb": f"{base_peak:.2f}",
            "load": f"{max(load, _load()):.2f}"}


def quiet_enough(row: dict[str, Any], max_load: float = MAX_LOAD) -> bool:
    """True for a row measured at a 1-minute load average of at most ``max_load``."""
    return float(row["load"]) <= max_load


def read_results(path: Path = RESULTS) -> list[dict[str, str]]:
    """The rows of ``results.csv`` (empty if it does not exist)."""
    if not path.exists():
        return []
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def write_results(rows: Iterable[dict[str, Any]], path: Path = RESULTS) -> None:
    """Merge ``rows`` into ``results.csv`` by benchmark name (other rows are kept), sorted."""
    merged = {r["benchmark"]: r for r in read_results(path)}
    merged.update({r["benchmark"]: r for r in rows})
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        for name in sorted(merged):
            writer.writerow({k: merged[name].get(k) or "" for k in COLUMNS})


def run_cases(cases: Sequence[Case]) -> list[dict[str, Any]]:
    """Measure every case, printing one line each; return the rows."""
    rows = []
    for case in cases:
        row = measure(case)
        print(f"  {row['benchmark']}: ours {row['ours_median']} s, {row['baseline']} "
              f"{row['baseline_median']} s, ratio {row['ratio_median']} "
              f"[{row['ratio_min']}-{row['ratio_max']}], peak {row['peak_mb']} MB "
              f"(baseline {row['baseline_peak_mb']} MB), "
              f"load {row['load']}", flush=True)
        rows.append(row)
    return rows


def readme_speed(path: Path = RESULTS) -> str:
    """The Markdown table of README.md's speed section, rendered from ``results.csv``."""
    lines = ["| benchmark | work | baseline | ours | baseline | speed-up (median, range) "
             "| peak MB (ours / baseline) | load |", "|---|---|---|---:|---:|---:|---:|---:|"]
    for r in read_results(path):
        lines.append(f"| {r['benchmark']} | {r['work']} | {r['baseline']} "
                     f"| {_seconds(r['ours_median'])} | {_seconds(r['baseline_median'])} "
                     f"| {r['ratio_median']}x ({r['ratio_min']}-{r['ratio_max']}) "
                     f"| {r['peak_mb']} / {r['baseline_peak_mb'] or 'not measured'} "
                     f"| {r['load']} |")
    return "\n".join(lines)


def _seconds(text: str) -> str:
    s = float(text)
    return f"{s * 1e3:.3g} ms" if s < 1 else f"{s:.3g} s"
