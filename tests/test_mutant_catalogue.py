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
