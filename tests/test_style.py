"""The style guide enforced, not remembered: ruff with complexity <= 10 and <= 8 parameters."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_passes_with_the_parameter_and_complexity_limits() -> None:
    ruff = Path(sys.executable).with_name("ruff")
    out = subprocess.run([str(ruff), "check", "--output-format", "concise", "puzzles", "tests",
                          "benchmarks"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-1000:]


def test_the_limits_are_switched_on() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"C901"' in text and '"PLR0913"' in text
    assert "max-args = 8" in text and "max-complexity = 10" in text
