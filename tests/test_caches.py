"""Both on-disk caches are keyed on the package's whole source: editing a module that a kernel
or a task only calls makes the numba cache and the resume cache of run_tasks miss.

Each run happens in a fresh interpreter on a temporary copy of the package, with a probe pair of
modules added to the copy: a task whose numba kernel calls a kernel of another module.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import puzzles
from puzzles._source import CACHE_ENV, OURS_ENV, hash_tree, source_files, source_hash

CALLEE = '''from numba import njit


@njit(cache=True)
def value():
    return {value}
'''
CALLER = '''from numba import njit

from puzzles._probe_callee import value


@njit(cache=True)
def call(x):
    return 10 * value() + x


def task(x):
    return int(call(x))
'''
RUN = '''import json, sys
from pathlib import Path
import puzzles
from puzzles.core.runner import run_tasks
from puzzles._probe_caller import call, task
results = run_tasks(task, [1, 2], workers=1, cache_dir=sys.argv[1], progress=False)
direct = int(call(0))  # loads or compiles the kernel even when run_tasks computed nothing
stats = call.stats
print(json.dumps({"file": puzzles.__file__, "results": results, "direct": direct,
                  "numba_hits": sum(stats.cache_hits.values()),
                  "numba_misses": sum(stats.cache_misses.values()),
                  "numba_dir": puzzles.NUMBA_CACHE_DIR,
                  "stored": len(list(Path(sys.argv[1]).glob("*.pkl")))}))
'''


@pytest.fixture()
def copy(tmp_path):
    """A copy of the package (no compiled caches) with the probe modules, and a cache folder."""
    root = tmp_path / "src"
    shutil.copytree(Path(puzzles.__file__).parent, root / "puzzles",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    (root / "pyproject.toml").write_text("# a checkout: numba caches go to .numba-cache\n")
    (root / "puzzles" / "_probe_callee.py").write_text(CALLEE.format(value=1))
    (root / "puzzles" / "_probe_caller.py").write_text(CALLER)
    (root / "run.py").write_text(RUN)
    return root


def _run(root: Path, numba_dir: str | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in (CACHE_ENV, OURS_ENV)}
    env["PYTHONPATH"] = str(root)
    if numba_dir is not None:
        env[CACHE_ENV] = numba_dir
    out = subprocess.run([sys.executable, str(root / "run.py"), str(root / "results")],
                         cwd=root, env=env, capture_output=True, text=True, check=True)
    info = json.loads(out.stdout.strip().splitlines()[-1])
    assert Path(info["file"]).parent == root / "puzzles", "ran the installed package, not the copy"
    return info


def test_editing_a_called_module_misses_both_caches(copy):
    first = _run(copy)
    assert first["results"] == [11, 12] and first["numba_misses"] == 1 and first["stored"] == 2
    assert Path(first["numba_dir"]).parent == copy / ".numba-cache"
    again = _run(copy)  # nothing edited: both caches hit
    assert again["results"] == [11, 12] and again["direct"] == 10 and again["numba_hits"] == 1
    assert again["numba_misses"] == 0 and again["stored"] == 2
    assert again["numba_dir"] == first["numba_dir"]

    # Edit only the callee: neither the task's module nor the caller kernel's file changes.
    (copy / "puzzles" / "_probe_callee.py").write_text(CALLEE.format(value=2))
    edited = _run(copy)
    assert edited["results"] == [21, 22], "a stale kernel or a stale stored result was reused"
    assert edited["direct"] == 20
    assert edited["numba_misses"] == 1 and edited["numba_hits"] == 0
    assert edited["stored"] == 4, "the resume cache did not miss"
    assert edited["numba_dir"] != first["numba_dir"]


def test_numba_alone_reuses_a_stale_caller(copy, tmp_path):
    """Why the key matters: with one fixed NUMBA_CACHE_DIR (a user's choice, which we keep),
    numba checks only the caller's own file and keeps running the old callee."""
    fixed = str(tmp_path / "fixed-numba-cache")
    assert _run(copy, fixed)["numba_dir"] == fixed
    (copy / "puzzles" / "_probe_callee.py").write_text(CALLEE.format(value=2))
    stale = _run(copy, fixed)
    # numba's blind spot: the cached caller still returns the old callee's value.
    assert stale["numba_hits"] == 1 and stale["direct"] == 10 and stale["results"] == [11, 12]


def test_source_hash_covers_code_and_data_in_order(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub" / "__pycache__").mkdir(parents=True)
    (pkg / "a.py").write_text("x = 1\n")
    (pkg / "sub" / "table.csv").write_text("a,b\n")
    (pkg / "sub" / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\0")
    (pkg / "notes.md").write_text("not source\n")
    before = hash_tree(pkg)
    assert [p.name for p in source_files(pkg)] == ["a.py", "table.csv"]
    (pkg / "notes.md").write_text("changed\n")
    (pkg / "sub" / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\1")
    assert hash_tree(pkg) == before
    (pkg / "sub" / "table.csv").write_text("a,c\n")
    assert hash_tree(pkg) != before
    assert source_hash() == hash_tree(Path(puzzles.__file__).parent)
