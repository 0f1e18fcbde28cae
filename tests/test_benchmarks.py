"""The benchmark harness (warm, interleaved, ratio, peak memory, load), its results file and the
README's speed table generated from it. The benchmarks themselves run with ``make bench``."""

from __future__ import annotations

import csv
import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import compare  # noqa: E402
from benchmarks.__main__ import MODULES  # noqa: E402


def test_results_file_has_exactly_the_columns_and_a_baseline_per_row():
    with open(compare.RESULTS, newline="", encoding="utf-8") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        rows = list(reader)
    assert header == ["benchmark", "work", "baseline", "ours_median", "baseline_median",
                      "ratio_median", "ratio_min", "ratio_max", "peak_mb", "baseline_peak_mb",
                      "load"]
    assert rows, "no benchmark rows"
    for row in rows:
        r = dict(zip(header, row, strict=True))
        assert r["baseline"].strip(), f"{r['benchmark']} has no baseline"
        lo, mid, hi = (float(r[k]) for k in ("ratio_min", "ratio_median", "ratio_max"))
        assert 0 < lo <= mid <= hi, r["benchmark"]
        for k in ("ours_median", "baseline_median", "peak_mb", "load"):
            float(r[k])


def test_every_benchmark_module_has_rows():
    names = {r["benchmark"].split(".")[0] for r in compare.read_results()}
    modules = {p.stem.removeprefix("bench_") for p in (ROOT / "benchmarks").glob("bench_*.py")}
    assert names == modules


def test_measure_interleaves_warm_calls_and_checks_agreement(tmp_path):
    calls = []

    def ours():
        calls.append("A")
        return 1

    def base():
        calls.append("B")
        return 1

    row = compare.measure(compare.Case("t.x", "work", "base", ours, base, rounds=3))
    # one warm call each, then A B three times, then each side twice for its peak memory
    assert "".join(calls) == "AB" + "AB" * 3 + "AA" + "BB"
    assert set(row) == set(compare.COLUMNS) and float(row["ratio_min"]) > 0
    with pytest.raises(AssertionError, match="disagree"):
        compare.measure(compare.Case("t.y", "w", "b", lambda: 1, lambda: 2))
    path = tmp_path / "results.csv"
    compare.write_results([row], path)
    compare.write_results([{**row, "benchmark": "t.a"}], path)
    assert [r["benchmark"] for r in compare.read_results(path)] == ["t.a", "t.x"]


def test_peak_memory_sees_a_large_allocation():
    import numpy as np

    assert compare.peak_mb(lambda: np.ones(4_000_000)) >= 25  # 32 MB of float64


def test_the_command_line_has_help_and_refuses_unknown_modules():
    import subprocess

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "benchmarks", *args], cwd=ROOT, text=True,
                              capture_output=True, timeout=60)

    done = cli("--help")
    assert done.returncode == 0 and "--max-load" in done.stdout and "MODULE" in done.stdout
    done = cli("nosuch")
    assert done.returncode == 2 and "no benchmark module nosuch" in done.stderr


def test_a_row_measured_under_load_is_not_written():
    row = {"load": "3.10"}
    assert not compare.quiet_enough(row, 1.5) and compare.quiet_enough(row, 4.0)
    assert compare.quiet_enough({"load": "1.50"}, compare.MAX_LOAD)


def test_a_baseline_that_gives_other_answers_is_refused():
    with pytest.raises(AssertionError, match="disagree"):
        compare.measure(compare.Case("t.z", "grade", "another grader", lambda: [1, 2],
                                     lambda: [3, 4]))


@pytest.mark.parametrize("name", MODULES)
def test_every_benchmark_module_imports(name):
    """A refactor that moves a name a benchmark imports fails here, not at the next
    ``make bench`` (bench_iqlink imported heat_order from where it no longer lives)."""
    importlib.import_module(f"benchmarks.bench_{name}")
