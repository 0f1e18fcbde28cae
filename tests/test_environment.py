"""The locked environment: requirements.lock pins every dependency within pyproject.toml's
bounds with hashes, the browser lock agrees with it, and conda installs the same lock."""

from __future__ import annotations

import re
import tomllib

import drift
import pytest
from packaging.requirements import Requirement

ROOT = drift.ROOT
LOCK = ROOT / "requirements.lock"
BROWSER_LOCK = ROOT / "requirements-browser.lock"


# Extras with a lock of their own (the browser lock): the main lock need not pin them.
OWN_LOCK = ("browser", "book")


def _requirements(skip: tuple[str, ...] = ()) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    specs = list(project["dependencies"])
    for name, group in project.get("optional-dependencies", {}).items():
        if name not in skip:
            specs += group
    return [Requirement(s) for s in specs]


@pytest.mark.parametrize("lock", [LOCK, BROWSER_LOCK], ids=["lock", "browser-lock"])
def test_lock_pins_every_dependency_within_its_bounds(lock):
    pins = drift.pins(lock)
    browser = lock == BROWSER_LOCK
    for req in _requirements(() if browser else OWN_LOCK):
        name = drift.canonical(req.name)
        assert name in pins, f"{lock.name} does not pin {req.name}"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"{lock.name} pins {req.name}=={pins[name]}, outside pyproject's {req.specifier}")
    for extra in ("distributed",):  # dask[distributed] brings it
        assert extra in pins


@pytest.mark.parametrize("lock", [LOCK, BROWSER_LOCK], ids=["lock", "browser-lock"])
def test_every_pin_carries_hashes(lock):
    text = lock.read_text(encoding="utf-8")
    entries = re.split(r"\n(?=[A-Za-z0-9])", text[text.index("\n", text.index("make lock")):])
    pinned = [e for e in entries if e.strip() and drift._PIN.match(e.strip().splitlines()[0])]
    # a package may be pinned twice, for two Python versions (environment markers)
    names = {drift.canonical(e.split("==")[0]) for e in pinned}
    assert len(names) == len(drift.pins(lock)) > 100
    unhashed = [e.split()[0] for e in pinned if "--hash=sha256:" not in e]
    assert not unhashed, f"pins without hashes: {unhashed}"


def test_browser_lock_agrees_with_the_lock():
    main, browser = drift.pins(LOCK), drift.pins(BROWSER_LOCK)
    assert drift.drift(main, browser, set(main)) == []
    assert "playwright" in browser and "playwright" not in main


def test_both_locks_come_from_make_lock():
    for lock in (LOCK, BROWSER_LOCK):
        assert "#    make lock\n" in lock.read_text(encoding="utf-8")[:200]


def test_environment_yml_installs_the_lock():
    env = (ROOT / "environment.yml").read_text(encoding="utf-8")
    body = [line.strip() for line in env.splitlines() if not line.lstrip().startswith("#")]
    assert "- python=3.11" in body and "- pip" in body
    assert "- -r requirements.lock" in body and "- --require-hashes" in body
    # Nothing else is resolved by conda, so no other version can slip in.
    listed = [line for line in body if line.startswith("- ") and line != "- conda-forge"]
    assert listed == ["- python=3.11", "- pip", "- pip:", "- --require-hashes",
                      "- -r requirements.lock"]


def test_drift_report_lists_only_differences(tmp_path, capsys):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("numpy==2.4.6 \\\n    --hash=sha256:00\nPandas==3.1.1\n"
                 "scipy==1.17.1 ; python_version >= '3.11'\n"
                 "pywinpty==3.1.2 ; os_name == 'nt' and os_name != 'posix' \\\n")
    b.write_text("numpy==1.26.0\npandas==3.1.1\nllvmlite==0.42.0\n")
    assert drift.drift(drift.pins(a, here_only=True), drift.pins(b)) == [
        ("llvmlite", "-", "0.42.0"), ("numpy", "2.4.6", "1.26.0"), ("scipy", "1.17.1", "-")]
    assert "pywinpty" in drift.pins(a) and "pywinpty" not in drift.pins(a, here_only=True)
    assert drift.main([str(a), str(b), "--direct"]) == 0
    out = capsys.readouterr().out
    assert "numpy" in out and "llvmlite" not in out and "pandas" not in out
