"""Wall times, kept apart from results: ``timings.csv`` and ``timing_*.png`` are the only files
of a notebook's output folder that may change between two runs with the same seed."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pandas as pd

from puzzles.core.output import save_table
from puzzles.core.project import FIGURES_DIR

TIMINGS_NAME = "timings"
COLUMNS = ("step", "item", "seconds")
# Files whose content depends on the machine's speed; every other output file must be
# byte-identical between runs with the same seed.
TIMING_FILE = re.compile(r"^(timings\.csv|timing_[A-Za-z0-9_.-]+\.(png|csv|svg))$")


def is_timing_file(name: str | Path) -> bool:
    """Whether a file in a figures folder holds wall times (and so may differ between runs)."""
    return bool(TIMING_FILE.match(Path(name).name))


class Timings:
    """Wall times of a notebook's steps, saved as ``timings.csv`` (step, item, seconds).

    Use ``with timings("exact search"):`` around a step, or :meth:`add` for times a solver
    measured itself (``item`` names the instance). Every call rewrites the file when a
    directory was given, so an interrupted run keeps the times it finished.
    """

    def __init__(self, directory: str | Path | None = None) -> None:
        self.directory = None if directory is None else Path(directory)
        self._rows: list[tuple[str, str, float]] = []

    def add(self, step: str, seconds: float, item: str = "") -> float:
        """Record ``seconds`` for ``step`` (and ``item``); return the seconds."""
        if not step or not isinstance(step, str):
            raise ValueError(f"step must be a non-empty string, got {step!r}")
        seconds = float(seconds)
        if not seconds >= 0.0:
            raise ValueError(f"seconds must be >= 0, got {seconds}")
        self._rows.append((step, str(item), seconds))
        if self.directory is not None:
            self.save(self.directory)
        return seconds

    @contextmanager
    def __call__(self, step: str, item: str = "") -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.add(step, time.perf_counter() - start, item)

    def seconds(self, step: str, item: str = "") -> float:
        """Total seconds recorded for ``step`` (and ``item`` when given)."""
        rows = [s for st, it, s in self._rows if st == step and (not item or it == item)]
        if not rows:
            raise KeyError(f"no time recorded for step {step!r}" + (f", item {item!r}"
                                                                  if item else ""))
        return sum(rows)

    def frame(self) -> pd.DataFrame:
        """The recorded times as a DataFrame with columns step, item, seconds."""
        return pd.DataFrame(self._rows, columns=list(COLUMNS))

    def save(self, directory: str | Path) -> Path:
        """Write ``<directory>/timings.csv``."""
        return save_table(self.frame().round({"seconds": 3}), TIMINGS_NAME, directory)


# -- notebooks' wall times (make runtimes writes them, make readme shows them) -------------------

NOTEBOOK_RUNTIMES = FIGURES_DIR / "timing_notebooks.csv"
RUNTIME_COLUMNS = ["notebook", "scale", "cache", "seconds", "load", "measured"]
RUNTIME_KEY = ["notebook", "scale", "cache"]


def read_runtimes(path: Path = NOTEBOOK_RUNTIMES) -> pd.DataFrame:
    """The measured notebook runtimes (an empty table before the first ``make runtimes``)."""
    if not path.is_file():
        return pd.DataFrame(columns=RUNTIME_COLUMNS)
    return pd.read_csv(path, dtype={"notebook": str, "scale": str, "cache": str})


def merge_runtimes(old: pd.DataFrame, new: pd.DataFrame) -> pd.DataFrame:
    """``old`` with the rows ``new`` measures again replaced, sorted by notebook."""
    if old.empty:
        return new[RUNTIME_COLUMNS].sort_values(RUNTIME_KEY, ignore_index=True)
    keep = old[~old.set_index(RUNTIME_KEY).index.isin(new.set_index(RUNTIME_KEY).index)]
    both = pd.concat([keep, new], ignore_index=True)[RUNTIME_COLUMNS]
    return both.sort_values(RUNTIME_KEY, ignore_index=True)


def runtime_cell(frame: pd.DataFrame, stem: str, scale: str) -> str:
    """``cold / warm`` wall time of one notebook at one scale ("-" where unmeasured)."""
    def text(state: str) -> str:
        hit = frame[(frame["notebook"] == stem) & (frame["scale"] == scale)
                    & (frame["cache"] == state)]
        if hit.empty:
            return "-"
        s = float(hit["seconds"].iloc[0])
        return f"{s:.0f} s" if s < 120 else f"{s / 60:.1f} min"
    return f"{text('cold')} / {text('warm')}"
