"""The notebook collection, derived from the families: every ``puzzles/<family>/paper.py``'s
``PAPER`` is one notebook. Nothing is registered by hand; the README's tables are generated from
this list (``make readme``)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from puzzles.core.claims import FILE_NAME, VERDICTS, depends_on_reading, load, verdict_counts
from puzzles.core.project import FIGURES_DIR, NOTEBOOKS_DIR, ROOT
from puzzles.core.timing import read_runtimes, runtime_cell

if TYPE_CHECKING:
    from puzzles.core.paper import Paper

PACKAGE_DIR = Path(__file__).resolve().parent
NOT_FAMILIES = frozenset({"core"})
"""Subpackages of ``puzzles`` that are not a family (the shared engine)."""

__all__ = ["FIGURES_DIR", "NOTEBOOKS_DIR", "ROOT", "Entry", "catalogue", "entry", "families",
           "paper", "papers", "readme_scoreboard", "readme_table"]


@dataclass(frozen=True)
class Entry:
    """One notebook of the collection, read off its family's ``PAPER``."""

    number: str
    stem: str
    family: str
    citation: str
    regenerates: str
    stored: tuple[str, ...] = ()
    """Result files the notebook reads back from its figures folder (``Paper.reads_back``)."""
    recompute: tuple[tuple[str, object], ...] = ()
    """Parameters that make the notebook recompute them (``Paper.recompute``)."""

    @property
    def path(self) -> Path:
        """The notebook file."""
        return NOTEBOOKS_DIR / f"{self.stem}.ipynb"

    @property
    def figures(self) -> Path:
        """The folder the notebook's paper-scale run writes."""
        return FIGURES_DIR / self.stem


def families(package_dir: Path = PACKAGE_DIR) -> list[str]:
    """Every family: a subpackage of ``puzzles`` with a ``paper.py``, by folder name."""
    return sorted(d.name for d in package_dir.iterdir()
                  if d.is_dir() and d.name not in NOT_FAMILIES and (d / "__init__.py").is_file()
                  and (d / "paper.py").is_file())


def _family_paper(family: str) -> Paper:
    module = importlib.import_module(f"puzzles.{family}.paper")
    found = getattr(module, "PAPER", None)
    if found is None:
        raise ValueError(f"puzzles/{family}/paper.py defines no PAPER")
    if found.family != family:
        raise ValueError(f"puzzles/{family}/paper.py: PAPER.family is {found.family!r}, "
                         f"not its folder's name {family!r}")
    return found


def _entry(p: Paper) -> Entry:
    return Entry(p.number, p.stem, p.family, p.citation, p.regenerates, p.reads_back,
                 p.recompute)


@cache
def _papers() -> dict[str, Paper]:
    found = sorted((_family_paper(f) for f in families()), key=lambda p: p.number)
    numbers = [p.number for p in found]
    if len(set(numbers)) != len(numbers):
        raise ValueError(f"two families claim one notebook number: {numbers}")
    for p in found:
        if not p.stem.startswith(p.number + "_"):
            raise ValueError(f"{p.family}: the stem {p.stem!r} must start with {p.number}_")
    return {p.number: p for p in found}


def catalogue() -> tuple[Entry, ...]:
    """Every notebook, in number order (each family's ``PAPER`` imported once)."""
    return tuple(_entry(p) for p in _papers().values())


def __getattr__(name: str) -> object:
    # CATALOGUE is computed on first use: importing the catalogue imports no family.
    if name == "CATALOGUE":
        return catalogue()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def entry(key: str) -> Entry:
    """Look up an entry by number ("01"), stem ("01_clockwork") or family ("clockwork")."""
    for e in catalogue():
        if key in (e.number, e.stem, e.family, e.number.lstrip("0")):
            return e
    known = ", ".join(e.number for e in catalogue())
    raise ValueError(f"unknown notebook {key!r}; known: {known}")


def paper(key: str) -> Paper:
    """The ``PAPER`` of the notebook ``key`` (number, stem or family)."""
    return _papers()[entry(key).number]


def papers() -> list[Paper]:
    """Every notebook's ``PAPER``, in catalogue order."""
    return list(_papers().values())


def readme_scoreboard() -> str:
    """The Markdown scoreboard (verdict counts per notebook) README.md carries between markers:
    every verdict, the number of claims, and how many verdicts change under another reading."""
    lines = ["| notebook | " + " | ".join(VERDICTS) + " | claims | depends on reading |",
             "|---|" + "---:|" * (len(VERDICTS) + 2)]
    for e in catalogue():
        path = e.figures / f"{FILE_NAME}.csv"
        if not path.exists():
            lines.append(f"| {e.stem} | " + " | ".join("-" for _ in VERDICTS) + " | no ledger "
                         "| - |")
            continue
        frame = load(path)
        counts = verdict_counts(frame)
        lines.append(f"| [{e.stem}](figures/{e.stem}/{FILE_NAME}.csv) | "
                     + " | ".join(str(counts[v]) for v in VERDICTS)
                     + f" | {sum(counts.values())} | {int(depends_on_reading(frame).sum())} |")
    return "\n".join(lines)


def readme_table(runtimes: pd.DataFrame | None = None) -> str:
    """The Markdown table of notebooks that README.md carries between its table markers, with
    the wall times ``make runtimes`` measured (``figures/timing_notebooks.csv``)."""
    measured = read_runtimes() if runtimes is None else runtimes
    lines = ["| notebook | paper | regenerates | smoke run (cold / warm) "
             "| paper run (cold / warm) |", "|---|---|---|---|---|"]
    for e in catalogue():
        link = (f"[{e.stem}](notebooks/{e.stem}.ipynb)" if e.path.exists()
                else f"{e.stem} (not built yet)")
        lines.append(f"| {link} | {e.citation} | {e.regenerates} "
                     f"| {runtime_cell(measured, e.stem, 'smoke')} "
                     f"| {runtime_cell(measured, e.stem, 'paper')} |")
    if not measured.empty:
        dates = sorted(set(measured["measured"].astype(str)))
        load = measured["load"]
        lines += ["", f"Wall times measured by `make runtimes` on {', '.join(dates)}, one notebook "
                  "at a time on the project's 2-core machine: *cold* in a fresh numba cache (every "
                  "kernel compiles, as on a first run), *warm* right after in the same cache. "
                  f"1-minute load average {load.min():.1f}-{load.max():.1f} as each run started "
                  "(on 2 cores, other work sharing the machine inflates the times)."]
    return "\n".join(lines)
