"""Unit tests for puzzles.core: seeding, statistics, runner, budgets, saving outputs."""

from __future__ import annotations

import hashlib
import math
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import _tasks  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from scipy import stats  # noqa: E402

from puzzles.core import (  # noqa: E402
    ci_halfwidth,
    derive_seed,
    mean_ci,
    median_ci,
    proportion_ci,
    run_tasks,
    save_figure,
    save_json,
    save_table,
    seed_sequence,
    summarise,
)
from puzzles.core.runner import shared_pool, task_cache_path  # noqa: E402

# --- seeding ---------------------------------------------------------------------------------


def test_seeds_depend_on_key_and_root_only():
    assert derive_seed(2026, "dwp", 3) == derive_seed(2026, "dwp", 3)
    seeds = {derive_seed(2026, "dwp", i) for i in range(200)}
    assert len(seeds) == 200
    assert derive_seed(2026, "dwp", 3) != derive_seed(2027, "dwp", 3)
    assert derive_seed(2026, "dwp", 3) != derive_seed(2026, "ga", 3)
    assert all(0 <= s < 2**32 for s in seeds)


def test_seed_sequence_matches_numpy_spawn_for_integer_keys():
    # A child for key (i,) is exactly what SeedSequence(root).spawn() gives as child i.
    children = np.random.SeedSequence(7).spawn(3)
    for i, child in enumerate(children):
        assert seed_sequence(7, i).generate_state(4).tolist() == child.generate_state(4).tolist()


def test_seeds_of_the_committed_runs():
    # the seeds stored beside committed runs (jumpmaze long_anneal.csv and designer_runs.csv)
    # are derive_seed of their task keys: a string key part goes through sha256, little-endian,
    # and the key parts stay in order
    assert [derive_seed(2026, "anneal_long", 5, r) for r in range(2)] == [440789137, 4220040453]
    assert [derive_seed(2026, "designer", "designer", 5, r) for r in range(2)] == [
        2362767559, 2047804343]


@pytest.mark.parametrize("bad", [-1, 1.5, True, None, (1,)])
def test_bad_seed_keys_are_rejected(bad):
    with pytest.raises(ValueError, match="seed"):
        seed_sequence(1, bad)


def test_bad_root_seed_is_rejected():
    with pytest.raises(ValueError, match="root seed"):
        derive_seed(-5, "x")


# --- statistics ------------------------------------------------------------------------------


@given(st.lists(st.floats(-1e6, 1e6), min_size=2, max_size=60),
       st.sampled_from([0.9, 0.95, 0.99]))
def test_ci_matches_scipy(values, confidence):
    arr = np.asarray(values)
    half = ci_halfwidth(arr, confidence)
    if np.std(arr) == 0:
        assert half == 0
        return
    lo, hi = stats.t.interval(confidence, len(arr) - 1, loc=arr.mean(), scale=stats.sem(arr))
    assert half == pytest.approx((hi - lo) / 2, rel=1e-9, abs=1e-9)


def test_mean_ci_known_values():
    mean, half = mean_ci([1, 2, 3, 4, 5])
    assert mean == 3
    assert half == pytest.approx(2.776445105 * math.sqrt(2.5) / math.sqrt(5), rel=1e-8)
    assert math.isnan(mean_ci([4.0])[1])
    row = summarise([3, 1, 2])
    assert row["n"] == 3 and row["median"] == 2 and row["min"] == 1 and row["max"] == 3
    # skewed values: the mean and the median differ
    assert mean_ci([1, 2, 9])[0] == 4.0
    row = summarise([1, 2, 9, 20])
    assert (row["mean"], row["median"]) == (8.0, 5.5)


@pytest.mark.parametrize("k, n", [(0, 150), (3, 20), (17, 20), (150, 150)])
def test_proportion_interval_is_clopper_pearson(k, n):
    # the exact interval: beta quantiles of the successes and failures
    lo = stats.beta.ppf(0.025, k, n - k + 1) if k > 0 else 0.0
    hi = stats.beta.ppf(0.975, k + 1, n - k) if k < n else 1.0
    assert proportion_ci(k, n) == pytest.approx((lo, hi), rel=1e-9, abs=1e-12)


def test_proportion_and_median_intervals():
    lo, hi = proportion_ci(0, 150)
    assert lo == 0 and 0.02 < hi < 0.03
    lo, hi = proportion_ci(150, 150)
    assert hi == 1 and 0.97 < lo < 0.98
    with pytest.raises(ValueError):
        proportion_ci(3, 2)
    lo, hi = median_ci(list(range(1, 101)))
    assert lo < 50.5 < hi and hi - lo < 25


def test_median_interval_of_1_to_100_is_the_40th_to_the_61st_value():
    # the exact binomial answer: P(40 <= B <= 60) >= 0.95 for B ~ Bin(100, 1/2), and the
    # order statistics x(40), x(61) bracket the median with that probability
    assert median_ci(range(1, 101)) == (40.0, 61.0)
    assert stats.binom.cdf(60, 100, 0.5) - stats.binom.cdf(39, 100, 0.5) >= 0.95
    assert stats.binom.cdf(59, 100, 0.5) - stats.binom.cdf(40, 100, 0.5) < 0.95
    # few values: the interval is clipped to the sample
    assert median_ci([3.0, 1.0, 2.0]) == (1.0, 3.0)
    assert median_ci([5.0]) == (5.0, 5.0)


def test_stats_reject_bad_input():
    with pytest.raises(ValueError, match="NaN"):
        mean_ci([1.0, float("nan")])
    with pytest.raises(ValueError, match="confidence"):
        ci_halfwidth([1, 2], confidence=1.5)
    with pytest.raises(ValueError, match="one-dimensional"):
        mean_ci(np.ones((2, 2)))


# --- runner ----------------------------------------------------------------------------------

TASKS = [(2026, i) for i in range(20)]


def test_results_do_not_depend_on_workers():
    serial = run_tasks(_tasks.noisy_sum, TASKS, workers=1, progress=False)
    pooled = run_tasks(_tasks.noisy_sum, TASKS, workers=2, progress=False)
    with ThreadPoolExecutor(3) as pool:
        threaded = run_tasks(_tasks.noisy_sum, TASKS, executor=pool, progress=False)
    assert serial == pooled == threaded
    assert len(set(serial)) == 20


def test_dask_local_cluster_executor_gives_the_same_results():
    distributed = pytest.importorskip("distributed")
    import cloudpickle

    # dask workers do not share pytest's sys.path: ship the test module by value.
    cloudpickle.register_pickle_by_value(_tasks)
    try:
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                      host="127.0.0.1", dashboard_address=None) as cluster, \
                distributed.Client(cluster) as client:
            via_dask = run_tasks(_tasks.noisy_sum, TASKS, executor=client.get_executor(),
                                 progress=False)
    finally:
        cloudpickle.unregister_pickle_by_value(_tasks)
    assert via_dask == run_tasks(_tasks.noisy_sum, TASKS, workers=1, progress=False)


def test_interrupted_run_resumes_without_recomputing(tmp_path):
    calls, cache = tmp_path / "calls", tmp_path / "cache"
    calls.mkdir()
    tasks = [(i, str(calls), "x") for i in range(20)]
    (calls / "fail-7").touch()
    with pytest.raises(RuntimeError, match="task 7 failed"):
        run_tasks(_tasks.counted_square, tasks, workers=1, cache_dir=cache, progress=False)
    assert _tasks.call_counts(calls, 20) == [1] * 8 + [0] * 12
    (calls / "fail-7").unlink()
    resumed = run_tasks(_tasks.counted_square, tasks, workers=1, cache_dir=cache, progress=False)
    assert _tasks.call_counts(calls, 20) == [1] * 7 + [2] + [1] * 12
    assert resumed == [i * i for i in range(20)]
    # A third run reads everything from the cache.
    again = run_tasks(_tasks.counted_square, tasks, workers=2, cache_dir=cache, progress=False)
    assert again == resumed
    assert _tasks.call_counts(calls, 20) == [1] * 7 + [2] + [1] * 12


def test_killed_worker_keeps_finished_tasks(tmp_path):
    calls, cache = tmp_path / "calls", tmp_path / "cache"
    calls.mkdir()
    tasks = [(i, str(calls), "x") for i in range(12)]
    (calls / "die-11").touch()
    with pytest.raises(BrokenProcessPool):
        run_tasks(_tasks.counted_square, tasks, workers=2, cache_dir=cache, progress=False)
    stored = [i for i, t in enumerate(tasks)
              if task_cache_path(cache, _tasks.counted_square, t).exists()]
    before = _tasks.call_counts(calls, 12)
    (calls / "die-11").unlink()
    resumed = run_tasks(_tasks.counted_square, tasks, workers=2, cache_dir=cache, progress=False)
    after = _tasks.call_counts(calls, 12)
    assert resumed == [i * i for i in range(12)]
    for i in stored:  # every stored result was reused, not recomputed
        assert after[i] == before[i]
    assert 11 not in stored and after[11] == before[11] + 1


def test_shared_pool_is_reused_and_replaced_when_broken(tmp_path):
    run_tasks(_tasks.noisy_sum, TASKS[:4], workers=2, progress=False)
    pool = shared_pool(2)
    run_tasks(_tasks.noisy_sum, TASKS[4:8], workers=2, progress=False)
    assert shared_pool(2) is pool
    calls = tmp_path / "calls"
    calls.mkdir()
    (calls / "die-0").touch()
    with pytest.raises(BrokenProcessPool):
        run_tasks(_tasks.counted_square, [(0, str(calls), "x"), (1, str(calls), "x")],
                  workers=2, progress=False)
    assert shared_pool(2) is not pool
    assert run_tasks(_tasks.noisy_sum, TASKS[:2], workers=2, progress=False) == run_tasks(
        _tasks.noisy_sum, TASKS[:2], workers=1, progress=False)


@pytest.fixture
def sigint_handled():
    """Python's own Ctrl-C handler in this process for the test.

    A shell that starts a job in the background without job control makes it ignore SIGINT,
    and Python then keeps it ignored: without this, Ctrl-C could not reach the runner at all.
    """
    import signal

    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_pool_workers_leave_ctrl_c_to_the_parent(sigint_handled):
    # Workers share the kernel's process group: ignoring SIGINT keeps a kernel shutdown quiet.
    # Three workers: a fresh pool, started while this process handles SIGINT itself, so the
    # workers ignore it only because the initializer says so.
    assert run_tasks(_tasks.sigint_ignored, [0, 1, 2, 3], workers=3, progress=False) == [True] * 4


def _alive(pid: int) -> bool:
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A terminated child stays in the process table as a zombie until it is reaped.
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


def _ctrl_c_when_started(markers: list, limit_polls: int = 12_000) -> None:
    """Send Ctrl-C to the main thread once every marker file exists (the tasks are running).

    ``pthread_kill`` aims the signal at the main thread: a process-wide SIGINT may land on one
    of the executor's helper threads, which does not wake a main thread blocked on a lock.
    """
    import signal
    import threading
    import time

    for _ in range(limit_polls):
        if all(m.exists() for m in markers):
            break
        time.sleep(0.05)
    signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)


def test_ctrl_c_terminates_running_tasks_and_replaces_the_pool(tmp_path, sigint_handled):
    import threading
    import time

    from puzzles.core.runner import worker_pids

    run_tasks(_tasks.noisy_sum, TASKS[:4], workers=2, progress=False)  # start the workers
    pool = shared_pool(2)
    pids = worker_pids(pool)
    assert len(pids) == 2
    markers = [tmp_path / "a", tmp_path / "b"]
    threading.Thread(target=_ctrl_c_when_started, args=(markers,), daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        run_tasks(_tasks.block_after_marking, [str(m) for m in markers], workers=2,
                  progress=False)
    # The blocking tasks never return by themselves: only termination ends their workers. Poll
    # for the processes to go (bounded by a count of polls, not asserted on speed).
    for _ in range(600):
        if not any(_alive(pid) for pid in pids):
            break
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in pids), "a worker survived Ctrl-C"
    assert shared_pool(2) is not pool


def test_workers_zero_means_one_per_core():
    assert run_tasks(_tasks.noisy_sum, TASKS[:3], workers=0, progress=False) == run_tasks(
        _tasks.noisy_sum, TASKS[:3], workers=1, progress=False)


def test_progress_bar_ends_in_one_clean_line(capsys):
    run_tasks(_tasks.noisy_sum, TASKS[:3], workers=1, desc="squares")
    out = capsys.readouterr().out
    # what a terminal, JupyterLab and nbval show: the text after the last carriage return
    assert out.split("\r")[-1] == "squares: 3/3 tasks\n"
    assert out.count("squares: 3/3 tasks") == 1


def test_unfinished_or_disabled_bars_leave_no_clean_line(capsys):
    from puzzles.core.runner import progress_bar

    bar = progress_bar(3, "half")
    bar.update(2)
    bar.close()
    bar.close()  # a second close prints nothing more
    quiet = progress_bar(3, "quiet", disable=True)
    quiet.update(3)
    quiet.close()
    out = capsys.readouterr().out
    assert "tasks" not in out and "2/3" in out.split("\r")[-1] and "quiet" not in out


def test_cache_key_depends_on_task(tmp_path):
    a = task_cache_path(tmp_path, _tasks.noisy_sum, (1, 2))
    b = task_cache_path(tmp_path, _tasks.noisy_sum, (1, 3))
    assert a != b and a == task_cache_path(tmp_path, _tasks.noisy_sum, (1, 2))


def test_runner_rejects_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="callable"):
        run_tasks(42, [1])
    with pytest.raises(ValueError, match="sequence"):
        run_tasks(_tasks.noisy_sum, (t for t in TASKS))
    with pytest.raises(ValueError, match="workers"):
        run_tasks(_tasks.noisy_sum, TASKS, workers=-1)
    afile = tmp_path / "file"
    afile.write_text("x")
    with pytest.raises(ValueError, match="not a directory"):
        run_tasks(_tasks.noisy_sum, TASKS, cache_dir=afile)
    with pytest.raises(ValueError, match="executor"):
        run_tasks(_tasks.noisy_sum, TASKS, executor="pool")


# --- saving ----------------------------------------------------------------------------------


def _plot():
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.plot([0, 1, 2], [1, 0, 2], marker="o")
    ax.set_title("fixed")
    return fig


def test_save_figure_is_byte_identical(tmp_path):
    fig = _plot()
    p1 = save_figure(fig, "curve", tmp_path / "a")
    p2 = save_figure(_plot(), "curve", tmp_path / "b")
    plt.close("all")
    assert p1.suffix == ".png" and p1.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert hashlib.sha256(p1.read_bytes()).digest() == hashlib.sha256(p2.read_bytes()).digest()
    assert b"Software" not in p1.read_bytes()


def test_save_table_and_json(tmp_path):
    df = pd.DataFrame({"a": [1, 2], "b": [0.5, 1.25]})
    path = save_table(df, "t", tmp_path)
    assert path.read_text() == "a,b\n1,0.5\n2,1.25\n"
    jpath = save_json({"x": [1, 2]}, "data", tmp_path)
    assert jpath.name == "data.json" and '"x"' in jpath.read_text()


def test_savers_reject_bad_input(tmp_path):
    afile = tmp_path / "file"
    afile.write_text("x")
    with pytest.raises(ValueError, match="not a directory"):
        save_table(pd.DataFrame({"a": [1]}), "t", afile)
    with pytest.raises(ValueError, match="file stem"):
        save_table(pd.DataFrame({"a": [1]}), "../escape", tmp_path)
    with pytest.raises(ValueError, match="DataFrame"):
        save_table([1, 2], "t", tmp_path)
    with pytest.raises(ValueError, match="Figure"):
        save_figure("not a figure", "f", tmp_path)
    with pytest.raises(ValueError, match="JSON"):
        save_json({"x": object()}, "j", tmp_path)


def test_figures_go_to_the_committed_folder_only_at_paper_scale(tmp_path):
    from puzzles.core.output import figures_dir

    committed = Path("..") / "figures" / "01_clockwork"  # from the notebook's folder
    assert figures_dir("01_clockwork", "paper") == committed
    smoke = figures_dir("01_clockwork", "smoke")
    assert smoke.is_absolute() and smoke.is_dir() and "figures" not in smoke.parts
    assert figures_dir("01_clockwork", "smoke") != smoke  # a fresh folder for each run
    assert figures_dir("01_clockwork", "paper", "") == committed
    with pytest.raises(ValueError, match="stem"):
        figures_dir("../elsewhere", "paper")
    assert figures_dir("01_clockwork", "smoke", tmp_path) == tmp_path
    with pytest.raises(ValueError, match="unknown scale"):
        figures_dir("01_clockwork", "huge")


# ---------------------------------------------------------------- several files, one commit


def test_store_together_writes_each_file_and_the_index_once(tmp_path):
    import os
    import signal

    from puzzles.core.storage import folder_lock, read_stored, store_together

    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    got = []
    old = signal.signal(signal.SIGINT, lambda *_: got.append(sorted(
        p.name for p in tmp_path.iterdir())))
    try:
        from puzzles.core import storage

        real = storage.write_atomic

        def interrupted(path, data):  # Ctrl-C in the middle of the commit waits for its end
            if path == b:
                os.kill(os.getpid(), signal.SIGINT)
            real(path, data)

        storage.write_atomic = interrupted
        store_together({a: pd.DataFrame({"x": [1]}), b: pd.DataFrame({"y": [2]})}, "cmd")
    finally:
        storage.write_atomic = real
        signal.signal(signal.SIGINT, old)
    assert got == [["STORED.csv", "a.csv", "b.csv"]]  # delivered once both and the index were
    assert read_stored(a)["x"].tolist() == [1] and read_stored(b)["y"].tolist() == [2]
    index = pd.read_csv(tmp_path / "STORED.csv")
    assert index["file"].tolist() == ["a.csv", "b.csv"] and set(index["command"]) == {"cmd"}
    with pytest.raises(ValueError, match="files of one folder"):
        store_together({a: pd.DataFrame(), tmp_path / "sub" / "c.csv": pd.DataFrame()}, "c")
    with folder_lock(tmp_path):  # a lock leaves no file behind
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["STORED.csv", "a.csv", "b.csv"]


def test_only_cap_knobs_can_be_capped():
    from dataclasses import dataclass

    from puzzles.core.paper import Budget, knob

    @dataclass(frozen=True)
    class B(Budget):
        runs: int = knob("runs")
        chunk: int = knob("per invocation", cap=True)
        minutes: float = knob("per invocation", cap=True)

    b = B(runs=3, chunk=0, minutes=0.0)
    assert b.capped({"chunk": "2", "minutes": "1"}) == B(runs=3, chunk=2, minutes=1.0)
    assert b.capped(None) is b
    with pytest.raises(ValueError, match="'runs' is no cap knob of B; its caps: chunk, minutes"):
        b.capped({"runs": "4"})
    with pytest.raises(ValueError, match="cap chunk takes a int, got 'x'"):
        b.capped({"chunk": "x"})
