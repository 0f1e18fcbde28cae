"""The mutation catalogue stays usable: every row names a real line once and a test file."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

RUN = Path(__file__).parent / "mutants" / "run.py"


def test_every_mutant_in_the_catalogue_applies() -> None:
    spec = importlib.util.spec_from_file_location("mutant_run", RUN)
    run = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules[spec.name] = run  # dataclasses look their module up there
    spec.loader.exec_module(run)
    mutants = run.load_catalogue()
    assert len(mutants) > 200
    assert run.check(mutants) == []


def test_the_results_hold_one_row_per_catalogue_mutant() -> None:
    """results.csv is keyed by mutant id: one row each, in catalogue order (a union merge of
    two branches' files is folded back by ``run.py``, never left with two rows for one id)."""
    import csv

    spec = importlib.util.spec_from_file_location("mutant_run_results", RUN)
    run = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules[spec.name] = run
    spec.loader.exec_module(run)
    with run.RESULTS.open(newline="", encoding="utf-8") as f:
        ids = [r["id"] for r in csv.DictReader(f)]
    assert ids == [m.id for m in run.load_catalogue()]


def test_a_merge_never_turns_recorded_results_back_into_not_run(tmp_path) -> None:
    spec = importlib.util.spec_from_file_location("mutant_run_merge", RUN)
    run = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules[spec.name] = run
    spec.loader.exec_module(run)
    merged = tmp_path / "results.csv"
    merged.write_text("id,file,rule,change,killed_by,equivalent\n"
                      "a,f,r,c,tests/t.py::x,\n"      # one branch ran a
                      "a,f,r,c,not run,\n"            # the other did not
                      "b,f,r,c,not run,\n"
                      "b,f,r,c,survived,\n")
    assert run.recorded_results(merged) == {"a": "tests/t.py::x", "b": "survived"}
