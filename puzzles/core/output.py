"""Saving figures and tables so that reruns give byte-identical files."""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pandas as pd

from puzzles.core.scales import check_scale

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
PNG_DPI = 120


def _target(name: str, directory: str | Path, suffix: str) -> Path:
    if not isinstance(name, str) or not _NAME.match(name) or name.endswith("."):
        raise ValueError(f"name must be a plain file stem (letters, digits, _ . -), got {name!r}")
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise ValueError(f"directory {str(directory)!r} exists and is not a directory")
    directory.mkdir(parents=True, exist_ok=True)
    stem = name[: -len(suffix)] if name.endswith(suffix) else name
    return directory / f"{stem}{suffix}"


@contextmanager
def atomic(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path`` to write to; renamed onto ``path`` only when the block
    ends without an error, so an interrupted run leaves the old file as it was."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=path.suffix)
    os.close(fd)
    os.chmod(tmp, 0o644)  # mkstemp's 0600 would carry over to the result file
    try:
        yield Path(tmp)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def save_figure(fig: Any, name: str, directory: str | Path, dpi: int = PNG_DPI) -> Path:
    """Save a matplotlib figure as ``<directory>/<name>.png`` with no volatile metadata."""
    if not hasattr(fig, "savefig"):
        raise ValueError(f"fig must be a matplotlib Figure, got {type(fig).__name__}")
    path = _target(name, directory, ".png")
    # Software carries the matplotlib version; dropping it keeps reruns byte-identical.
    with atomic(path) as tmp:
        fig.savefig(tmp, dpi=dpi, metadata={"Software": None}, bbox_inches="tight",
                    format="png")
    return path


def save_table(df: pd.DataFrame, name: str, directory: str | Path) -> Path:
    """Save a DataFrame as ``<directory>/<name>.csv`` (no index, fixed float format)."""
    if not isinstance(df, pd.DataFrame):
        raise ValueError(f"df must be a pandas DataFrame, got {type(df).__name__}")
    path = _target(name, directory, ".csv")
    with atomic(path) as tmp:
        df.to_csv(tmp, index=False, lineterminator="\n")
    return path


def save_json(data: Any, name: str, directory: str | Path) -> Path:
    """Save JSON-serialisable data as ``<directory>/<name>.json``, keys in insertion order."""
    path = _target(name, directory, ".json")
    try:
        text = json.dumps(data, indent=1, ensure_ascii=False)
    except TypeError as err:
        raise ValueError(f"data for {name!r} is not JSON-serialisable: {err}") from err
    with atomic(path) as tmp:
        tmp.write_text(text + "\n", encoding="utf-8")
    return path


def figures_dir(stem: str, scale: str, chosen: str | Path = "") -> Path:
    """Where a notebook run writes its figures: ``chosen`` when set; else the committed
    ``../figures/<stem>`` (relative to the notebook's folder, where Jupyter, papermill and nbval
    run it) only at paper scale, and a fresh temporary folder at any other scale, so exploring
    at smoke scale never overwrites the committed results."""


    check_scale(scale)
    if not isinstance(stem, str) or not _NAME.match(stem):
        raise ValueError(f"stem must be a notebook's stem such as '01_clockwork', got {stem!r}")
    if str(chosen):
        return Path(chosen)
    if scale == "paper":
        # Relative, not resolved against the package: nbval runs copies of the notebooks in a
        # temporary folder beside copies of their figures, and must never write the originals.
        return Path("..") / "figures" / stem
    return Path(tempfile.mkdtemp(prefix=f"puzzle-lab-{stem}-{scale}-"))
