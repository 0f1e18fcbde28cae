"""A family is one folder: the import architecture (import-linter's contracts in pyproject.toml),
the deferred imports the package allows, the generated README tables and make's shards, and a
new family added by copying the toy, which must need no file outside its folder but README.md
(its notebook and its figures aside)."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from puzzles.catalogue import CATALOGUE, ROOT
from puzzles.readme import README, render, stale

LINT = Path(sys.executable).with_name("lint-imports")
CONTRACTS = ("acyclic", "layers", "ledger-on-top", "paper-on-top", "core-below-families")

# The only imports inside functions the package keeps: each an optional dependency (not in
# pyproject's `dependencies`) that the module works without, or a tool that only one command
# needs. (file, imported module) -> why.
DEFERRED = {
    ("puzzles/core/runner.py", "distributed"): "dask is the test extra: local runs never import it",
    ("puzzles/reproduce.py", "papermill"): "only `reproduce` executes notebooks; `run` needs none",
}


def _lint(root: Path, *contracts: str) -> subprocess.CompletedProcess:
    ids = [a for c in contracts for a in ("--contract", c)]
    return subprocess.run([str(LINT), "--no-cache", *ids], cwd=root, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(root)}, check=False)


def test_every_import_contract_is_kept() -> None:
    """No circle in any package, a family's layers point one way, only its paper imports its
    ledger, nothing imports a family's paper, nothing below imports the catalogue."""
    out = _lint(ROOT)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in out.stdout, out.stdout[-2000:]


def deferred_imports(root: Path) -> dict[tuple[str, str], int]:
    """(file, top-level module) -> how many imports inside function bodies import it."""
    found: dict[tuple[str, str], int] = {}
    for path in sorted((root / "puzzles").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    name = (node.module or "") if isinstance(node, ast.ImportFrom) else (
                        node.names[0].name)
                    key = (str(path.relative_to(root)), name.split(".")[0])
                    found[key] = found.get(key, 0) + 1
    return found


def test_deferred_imports_are_only_the_listed_optional_ones() -> None:
    found = deferred_imports(ROOT)
    assert set(found) <= set(DEFERRED), sorted(set(found) - set(DEFERRED))
    assert sum(found.values()) <= 5


def test_readme_tables_are_generated() -> None:
    """README.md's notebook, scoreboard and speed tables are what `make readme` writes."""
    text = README.read_text(encoding="utf-8")
    assert not stale(text), f"README.md's {stale(text)} table(s) are stale: run make readme"
    assert render(text) == text
    with pytest.raises(ValueError, match="lacks the markers <!-- speed:start -->"):
        render(text.replace("<!-- speed:start -->", ""))


def _shards(root: Path) -> list[str]:
    out = subprocess.run(["make", "-s", "--no-print-directory", "shards"], cwd=root,
                         capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_make_test_has_one_nbval_shard_per_notebook() -> None:
    shards = _shards(ROOT)
    assert len(shards) == len(set(shards))
    assert sorted(s for s in shards if s.startswith("nbval-")) == sorted(
        f"nbval-{p.stem}" for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert {e.stem for e in CATALOGUE} == {p.stem for p in (ROOT / "notebooks").glob("*.ipynb")}


# -- a new family, added as a newcomer would: copy the toy under a new name ---------------------

NEW_FAMILY, NEW_NUMBER, NEW_STEM = "lightsout_copy", "98", "98_lights_out_copy"


def _copy_repository(to: Path) -> None:
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.splitlines()
    for rel in listed:
        source = ROOT / rel
        if source.is_file():
            (to / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, to / rel)
    for cmd in (["git", "init", "-q"], ["git", "add", "-A"],
                ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "copy"]):
        subprocess.run(cmd, cwd=to, check=True)


def _rename(text: str) -> str:
    return (text.replace("puzzles.lightsout", f"puzzles.{NEW_FAMILY}")
            .replace('family="lightsout"', f'family="{NEW_FAMILY}"')
            .replace('number="00"', f'number="{NEW_NUMBER}"')
            .replace("00_lights_out", NEW_STEM))


def _add_family(root: Path) -> None:
    """The newcomer's steps: copy the family folder and the notebook, rename, nothing else."""
    shutil.copytree(root / "puzzles" / "lightsout", root / "puzzles" / NEW_FAMILY,
                    ignore=shutil.ignore_patterns("__pycache__"))
    for path in (root / "puzzles" / NEW_FAMILY).rglob("*.py"):
        path.write_text(_rename(path.read_text(encoding="utf-8")), encoding="utf-8")
    notebook = (root / "notebooks" / "00_lights_out.ipynb").read_text(encoding="utf-8")
    (root / "notebooks" / f"{NEW_STEM}.ipynb").write_text(_rename(notebook), encoding="utf-8")


def _run(root: Path, *cmd: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run(cmd, cwd=root, capture_output=True, text=True, env=env, check=False)
    assert out.returncode == 0, f"{' '.join(cmd)}:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out


def test_a_copied_family_joins_everything_touching_only_the_readme(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    _copy_repository(root)
    _add_family(root)
    python = sys.executable
    _run(root, python, "-m", "puzzles", "reproduce", "--scale", "paper", "--only", NEW_NUMBER)
    _run(root, python, "-m", "puzzles.readme")  # make readme's command (make would install)
    _run(root, python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "tests/test_contract.py", "-k", NEW_FAMILY)
    assert f"nbval-{NEW_STEM}" in _shards(root)
    _run(root, python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "tests/test_layout.py::test_readme_tables_are_generated",
         "tests/test_layout.py::test_make_test_has_one_nbval_shard_per_notebook",
         "tests/test_layout.py::test_every_import_contract_is_kept")
    status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=root,
                            capture_output=True, text=True, check=True).stdout.splitlines()
    touched = sorted({line[3:] for line in status})
    outside = [p for p in touched if not p.startswith((f"puzzles/{NEW_FAMILY}/",
                                                       f"notebooks/{NEW_STEM}.ipynb",
                                                       f"figures/{NEW_STEM}/"))]
    print(f"the new family touched, outside its folder, notebook and figures: {outside}")
    assert outside == ["README.md"], outside
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert re.search(rf"\| \[{NEW_STEM}\]\(notebooks/{NEW_STEM}\.ipynb\) \|", readme)


def test_an_upward_import_in_a_family_breaks_the_contracts(tmp_path: Path) -> None:
    """The contracts catch what they promise: a model importing its family's ledger (a circle
    through paper) fails `acyclic`, `layers`' neighbours and `ledger-on-top`."""
    root = tmp_path / "repo"
    shutil.copytree(ROOT / "puzzles", root / "puzzles",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "pyproject.toml", root / "pyproject.toml")
    model = root / "puzzles" / "lightsout" / "model.py"
    model.write_text(model.read_text(encoding="utf-8")
                     + "\nfrom puzzles.lightsout import paper  # noqa: E402\n", encoding="utf-8")
    out = _lint(root)
    assert out.returncode != 0
    for contract in ("no import circle", "nothing in the package imports a family's paper"):
        assert re.search(rf"{re.escape(contract)}.*BROKEN", out.stdout), out.stdout[-3000:]


def test_runtimes_merge_by_notebook_scale_and_cache_and_show_cold_then_warm() -> None:
    from puzzles.core.timing import RUNTIME_COLUMNS, merge_runtimes, runtime_cell

    def rows(*values):
        return pd.DataFrame([dict(zip(RUNTIME_COLUMNS, v, strict=True)) for v in values])

    old = rows(("01_a", "smoke", "cold", 95.0, 1.0, "d"), ("01_a", "smoke", "warm", 15.0, 1.0, "d"),
               ("02_b", "paper", "warm", 300.0, 2.0, "d"))
    new = rows(("01_a", "smoke", "cold", 80.0, 0.5, "e"))
    merged = merge_runtimes(old, new)
    assert len(merged) == 3 and list(merged["notebook"]) == ["01_a", "01_a", "02_b"]
    assert runtime_cell(merged, "01_a", "smoke") == "80 s / 15 s"
    assert runtime_cell(merged, "02_b", "paper") == "- / 5.0 min"
    assert runtime_cell(merged, "03_c", "smoke") == "- / -"
