"""`make test` runs the unit tests and nbval as shards for two make jobs: every notebook gets an
nbval shard and every unit test file runs in exactly one unit shard (read from `make -n`)."""

from __future__ import annotations

import shlex
import shutil
import subprocess

import pytest

from puzzles.catalogue import ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def _dry_run(target: str) -> list[list[str]]:
    """The commands ``make -n <target>`` would run, split into words (install steps dropped)."""
    out = subprocess.run(["make", "-n", "--no-print-directory", target],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [shlex.split(line) for line in out.splitlines() if ".venv/bin/python" in line]


def _shard_runs(commands: list[list[str]]) -> tuple[list[str], list[list[str]]]:
    """The notebooks nbval shards run, and the arguments of every pytest shard."""
    nbval = [c[c.index("tests/run_nbval.py") + 1] for c in commands if "tests/run_nbval.py" in c]
    pytest_args = [c[c.index("pytest") + 1:] for c in commands if "pytest" in c]
    return nbval, pytest_args


def test_every_notebook_has_one_nbval_shard():
    nbval, _ = _shard_runs(_dry_run("test"))
    stems = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert sorted(nbval) == stems


def test_the_unit_shards_run_every_test_file_once():
    _, shards = _shard_runs(_dry_run("test"))
    explicit = [a for args in shards if "tests" not in args for a in args]
    rest = [args for args in shards if "tests" in args]
    assert len(rest) == 1, f"one shard runs the rest of tests/: {rest}"
    ignored = [a.removeprefix("--ignore=") for a in rest[0] if a.startswith("--ignore=")]
    assert sorted(ignored) == sorted(explicit), "a shard's file is not left out of the rest"
    assert len(set(explicit)) == len(explicit), "a test file runs in two shards"
    assert all((ROOT / name).is_file() for name in explicit)
    assert [a for a in rest[0] if not a.startswith("--ignore=")] == ["tests"]
