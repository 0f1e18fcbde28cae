"""Runs that cannot serve stale results, lose a notebook or leave processes behind (issue 44).

Each test fails on the code before the change: a changed input file reruns its task, a killed
run leaves no worker, an interrupted reproduce leaves the committed notebook whole, a damaged
stored file or cache entry is named, and bad parameters are refused before any work.
"""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest

from puzzles.core.paper import ROOT_SEED, Task
from puzzles.core.runner import check_workers, run_tasks, task_cache_path
from puzzles.core.storage import read_stored, store, verify_stored
from tests import _tasks

ROOT = Path(__file__).resolve().parents[1]


# 1. cache keys cover every declared input -------------------------------------------------------


@dataclass(frozen=True)
class _ReadsFile(Task):
    EXPERIMENT = "reads_file"
    path: str

    def inputs(self) -> tuple[Path, ...]:
        return (Path(self.path),)


def test_a_changed_input_file_reruns_its_task(tmp_path):
    data = tmp_path / "bounds.csv"
    data.write_text("d,k,bound\n5,4,22\n")
    task = _ReadsFile(str(data))
    cache = tmp_path / "cache"
    assert run_tasks(_tasks.read_text, [task], cache_dir=cache, progress=False) == [
        data.read_text()]
    first = task_cache_path(cache, _tasks.read_text, task)
    data.write_text("d,k,bound\n5,4,22\n5,3,12\n")  # a bound row appended
    assert task_cache_path(cache, _tasks.read_text, task) != first
    again = run_tasks(_tasks.read_text, [task], cache_dir=cache, progress=False)
    assert again == [data.read_text()], "the cached run served the old file's result"


def test_the_d5_heuristics_task_declares_the_stored_bounds():
    from puzzles.hypercube.heuristics_d5 import BOUNDED_FILE, D5Task

    assert D5Task(5, 4, "0", 10, root=ROOT_SEED).inputs() == (BOUNDED_FILE,)


# 2. clean stops ----------------------------------------------------------------------------------


_RUN = textwrap.dedent("""
    import sys
    from puzzles.core.runner import run_tasks, shared_pool, worker_pids
    from tests import _tasks
    pool = shared_pool(2)
    futures = [pool.submit(_tasks.sleep_then, 0.0) for _ in range(2)]
    [f.result() for f in futures]
    print(" ".join(map(str, worker_pids(pool))), flush=True)
    run_tasks(_tasks.sleep_then, [60.0] * 4, workers=2, progress=False)
""")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead: its parent has not reaped it yet
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def _start_run() -> tuple[subprocess.Popen, list[int]]:
    proc = subprocess.Popen([sys.executable, "-c", _RUN], cwd=ROOT, stdout=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    line = proc.stdout.readline()
    pids = [int(p) for p in line.split()]
    assert len(pids) == 2, f"no worker pids from the run: {line!r}"
    time.sleep(1.0)  # the 60 s tasks are running now
    return proc, pids


def _gone(pids: list[int], within: float = 15.0) -> bool:
    end = time.monotonic() + within
    while time.monotonic() < end:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.2)
    return False


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["term", "kill"])
def test_killing_a_run_by_its_pid_leaves_no_worker_behind(sig):
    proc, pids = _start_run()
    try:
        proc.send_signal(sig)
        proc.wait(timeout=15)
        assert _gone(pids), f"pool workers {pids} outlived the run killed by {sig.name}"
    finally:
        proc.kill()
        for p in pids:
            if _alive(p):
                os.kill(p, signal.SIGKILL)


# 3. atomic outputs -------------------------------------------------------------------------------


def test_an_interrupted_reproduce_leaves_the_committed_notebook_as_it_was(tmp_path, monkeypatch):
    import papermill as pm

    from puzzles import reproduce
    from puzzles.catalogue import entry

    e = entry("01")
    before = e.path.read_bytes()

    def killed(source, output, **kw):
        Path(output).write_text('{"cells": []}')  # papermill writes as it goes ...
        raise KeyboardInterrupt("signal 15")      # ... and is stopped half way

    monkeypatch.setattr(pm, "execute_notebook", killed)
    with pytest.raises(KeyboardInterrupt):
        reproduce.execute(e, "paper")
    assert e.path.read_bytes() == before
    assert not list(e.path.parent.glob(f".{e.path.stem}.*")), "a partial notebook was left"


def test_result_files_are_written_whole_or_not_at_all(tmp_path):
    from puzzles.core.output import save_table

    good = pd.DataFrame({"a": [1, 2]})
    save_table(good, "t", tmp_path)

    class Broken(pd.DataFrame):
        def to_csv(self, path, **kw):
            Path(path).write_text("a\n1\n")
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        save_table(Broken({"a": [3]}), "t", tmp_path)
    assert (tmp_path / "t.csv").read_text() == "a\n1\n2\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv"]


# 4. stored files verified on read ----------------------------------------------------------------


def _stored(tmp_path: Path) -> Path:
    frame = pd.DataFrame({"run": range(200), "length": [7] * 200})
    return store(frame, tmp_path / "ordering_runs.csv", "python -m puzzles run 01 ordering "
                 "--store")


def test_a_truncated_stored_file_is_named_with_both_hashes_and_the_command(tmp_path):
    path = _stored(tmp_path)
    assert len(read_stored(path)) == 200
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:131]))  # cut at a line boundary: 130 runs of 200
    with pytest.raises(ValueError) as err:
        read_stored(path)
    text = str(err.value)
    assert "ordering_runs.csv" in text and "STORED.csv records" in text
    assert "python -m puzzles run 01 ordering --store" in text


def test_every_committed_stored_file_matches_its_recorded_hash():
    indexes = [p for p in ROOT.glob("**/STORED.csv") if ".venv" not in p.parts]
    assert indexes
    for index in indexes:
        for name in pd.read_csv(index)["file"]:
            verify_stored(index.parent / name)


def test_the_families_read_their_stored_runs_through_the_check(tmp_path, monkeypatch):
    from puzzles.clockwork import experiments

    copy = tmp_path / "data"
    copy.mkdir()
    for name in ("STORED.csv", "ordering_runs.csv"):
        (copy / name).write_bytes((experiments.DATA_DIR / name).read_bytes())
    (copy / "ordering_runs.csv").write_text(
        "\n".join((copy / "ordering_runs.csv").read_text().splitlines()[:131]) + "\n")
    monkeypatch.setattr(experiments, "DATA_DIR", copy)
    with pytest.raises(ValueError, match="damaged or was edited"):
        experiments.stored("ordering_runs")


@pytest.mark.parametrize("damage", [b"", b"\x80\x05trunc"], ids=["empty", "truncated"])
def test_a_corrupt_cache_entry_is_named_discarded_and_recomputed(tmp_path, damage):
    cache = tmp_path / "cache"
    tasks = [(1, 2), (3, 4)]
    first = run_tasks(_tasks.noisy_sum, tasks, cache_dir=cache, progress=False)
    victim = task_cache_path(cache, _tasks.noisy_sum, tasks[1])
    victim.write_bytes(damage)
    with pytest.warns(RuntimeWarning, match=victim.name):
        again = run_tasks(_tasks.noisy_sum, tasks, cache_dir=cache, progress=False)
    assert again == first
    assert pickle.loads(victim.read_bytes()) == first[1]


# 5. parameters checked before any work -----------------------------------------------------------


def test_workers_are_checked_against_the_machine():
    assert check_workers(None) is None and check_workers(0) == 0 and check_workers(2) == 2
    for bad in (-1, 1000, 1.5, True):
        with pytest.raises(ValueError, match="workers must be an int from 0"):
            check_workers(bad)


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "puzzles", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.mark.parametrize(("args", "says"), [
    (("run", "05", "ea", "--seed", "-1"), "--seed: must be an int >= 0, got -1"),
    (("run", "05", "ea", "--workers", "1000"), "--workers: must be an int from 0"),
    (("reproduce", "--only", "01", "--seed", "-1"), "--seed: must be an int >= 0"),
    (("reproduce", "--only", "01", "--scale", "smoke", "--scheduler", "tcp://127.0.0.1:1"),
     "--scheduler: scheduler 'tcp://127.0.0.1:1' does not answer"),
], ids=["seed", "workers", "reproduce-seed", "scheduler"])
def test_the_command_line_refuses_bad_parameters_in_one_line(args, says):
    done = _cli(*args)
    assert done.returncode == 2
    assert says in done.stderr and "Traceback" not in done.stderr


def test_a_negative_seed_is_refused_before_any_task_runs():
    from puzzles.clockwork.paper import PAPER

    with pytest.raises(ValueError, match="seed must be an int >= 0, got -1"):
        PAPER.tasks(PAPER.experiments[0].name, "smoke", seed=-1)


def test_every_option_of_the_command_line_is_documented():
    from puzzles.reproduce import _parser

    parser = _parser()
    subs = next(a for a in parser._actions if a.choices and "run" in a.choices).choices
    for name, sub in subs.items():
        for action in sub._actions:
            if action.dest != "help":
                assert action.help, f"{name} {action.option_strings or action.dest}: no help"


def test_a_truncated_numba_cache_entry_is_named_and_recompiled(tmp_path):
    """A damaged .nbc file: a warning naming it, then the kernel compiles again and runs."""
    code = textwrap.dedent("""
        import warnings, pathlib, os
        import puzzles
        from numba import njit
        @njit(cache=True)
        def twice(x):
            return 2 * x
        print(twice(21))
    """)
    (tmp_path / "kernel.py").write_text(code)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NUMBA_CACHE_DIR": str(tmp_path / "cache")}

    def run() -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-W", "always", str(tmp_path / "kernel.py")],
                              capture_output=True, text=True, env=env, timeout=300)

    assert run().stdout.strip() == "42"
    entries = list((tmp_path / "cache").rglob("*.nbc"))
    assert entries
    for e in entries:
        e.write_bytes(e.read_bytes()[:40])
    again = run()
    assert again.returncode == 0 and again.stdout.strip() == "42", again.stderr[-800:]
    assert "discarding the corrupt numba cache entry" in again.stderr
    assert entries[0].name in again.stderr


@pytest.mark.parametrize(("args", "says"), [
    (("huge", 2026, 0, ""), "SCALE must be one of 'smoke', 'paper', got 'huge'"),
    (("paper", -1, 0, ""), "SEED must be an int >= 0, got -1"),
    (("paper", 2026, -1, ""), "WORKERS must be an int from 0"),
    (("paper", 2026, 0, None), "SCHEDULER must be a string"),
], ids=["scale", "seed", "workers", "scheduler"])
def test_notebook_parameters_are_refused_in_one_line_naming_the_parameter(args, says):
    from puzzles.core import check_parameters

    with pytest.raises(ValueError, match=re_escape(says)):
        check_parameters(*args)
    check_parameters("smoke", 0, 2, "")


def re_escape(text: str) -> str:
    import re

    return re.escape(text)


def test_every_notebook_checks_its_parameters_in_its_setup_cell():
    import json

    from puzzles.catalogue import CATALOGUE

    for e in CATALOGUE:
        cells = [c for c in json.loads(e.path.read_text(encoding="utf-8"))["cells"]
                 if c["cell_type"] == "code"]
        setup = "".join("".join(c["source"]) for c in cells[1:3])
        assert "check_parameters(SCALE, SEED, WORKERS, SCHEDULER)" in setup, e.stem
