"""Where the project's folders are: the repository root, its notebooks and its figures."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = ROOT / "notebooks"
FIGURES_DIR = ROOT / "figures"
