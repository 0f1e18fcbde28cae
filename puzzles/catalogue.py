"""The notebook collection: one entry per paper. The README table is generated from this list."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from puzzles.core.paper import Paper

from puzzles.core.project import FIGURES_DIR, NOTEBOOKS_DIR, ROOT  # noqa: F401  (re-exported)


@dataclass(frozen=True)
class Entry:
    """One notebook of the collection and the paper it reproduces."""

    number: str
    stem: str
    family: str
    citation: str
    regenerates: str
    smoke_runtime: str
    paper_runtime: str
    # Result files a paper-scale run reads back instead of recomputing (runs made offline): a
    # run into another folder (reproduce --out) starts from copies of them.
    stored: tuple[str, ...] = ()
    # Parameters that make the notebook recompute those files itself, for a run with another
    # seed (the stored runs belong to the default seed).
    recompute: tuple[tuple[str, object], ...] = ()

    @property
    def path(self) -> Path:
        """The notebook file."""
        return NOTEBOOKS_DIR / f"{self.stem}.ipynb"

    @property
    def figures(self) -> Path:
        """The folder the notebook's paper-scale run writes."""
        return FIGURES_DIR / self.stem


# Runtimes: wall times on the project's 2-core machine with a warm numba cache. Smoke: pytest
# durations on 2026-11-23 at a load average of about 2. Paper: `reproduce --only NN` on
# 2026-11-26 with another notebook's run beside it (load average 2-7).
CATALOGUE: tuple[Entry, ...] = (
    Entry("01", "01_clockwork", "clockwork",
          "C. Gregor, *Measuring Difficulty of Novel Clockwork Puzzle Instances Using "
          "Evolutionary Algorithms*",
          "Figs. 1-6, Tables I-VI (DWP EA), read-limit calibration, Kaplan-Meier hitting times, "
          "a difficulty model on 500 random instances",
          "15 s", "96 s"),
    Entry("02", "02_iq_link", "iqlink",
          "D. A. Dietz, *An analysis of IQ LINK*, American University",
          "Tables 1-4, strategies, heat maps, Figs. 13-26 on 120 booklet-quality challenges graded "
          "by deduction; ANU test data; one-piece challenges",
          "26 s", "5.4 min"),
    Entry("03", "03_jumping_maze", "jumpmaze",
          "Rook Jumping Maze report (solution to T. W. Neller's Model AI Assignment, 2010)",
          "score curves of HC / restarts / walk / SA / GA at n = 5..11 (fair verdicts), proven "
          "maxima n = 3..7, the n^2 - 4 conjecture, a designer's maze generator",
          "18 s", "3.4 min"),
    Entry("04", "04_logic_grid", "logicgrid",
          "Shyne, Facey & Cooper, *Generating Solvable and Difficult Logic Grid Puzzles*, "
          "GECCO '24 Companion, 699-702",
          "every FI-2Pop result, the authors' solver (paper mode) on their 65 released puzzles, "
          "their protocols, walkthroughs, a designer's generator",
          "15 s", "12 min"),
    Entry("05", "05_hypercube", "hypercube",
          "Merleau, O'Malley, Roldán & Mukherjee, *Approximately Optimal Search on a "
          "Higher-dimensional Sliding Puzzle*",
          "Tables 2, 4, 5 (A*, EA, RL), Figs. 2-8 beside the authors' stored runs, exact optima, "
          "God's number for d <= 4 and d = 5, k = 4, pattern-database heuristics up to d = 5, "
          "the hardest starts",
          "20 s", "13 min",
          stored=("ea_alpha07_runs.csv", "ea_t3_runs.csv", "rl_t3_runs.csv", "ea_far_runs.csv",
                  "rl_far_runs.csv", "gods_number.csv", "distances.csv", "heuristics_d5.csv"),
          recompute=(("EXTRAS", True),)),
)


def entry(key: str) -> Entry:
    """Look up an entry by number ("01") or stem ("01_clockwork")."""
    for e in CATALOGUE:
        if key in (e.number, e.stem, e.number.lstrip("0")):
            return e
    raise ValueError(f"unknown notebook {key!r}; known: {', '.join(e.number for e in CATALOGUE)}")


def paper(key: str) -> Paper:
    """The ``PAPER`` of the notebook ``key`` (number or stem), from ``puzzles.<family>.paper``."""
    e = entry(key)
    module = importlib.import_module(f"puzzles.{e.family}.paper")
    found = getattr(module, "PAPER", None)
    if found is None:
        raise ValueError(f"puzzles.{e.family}.paper defines no PAPER")
    return found


def papers() -> list[Paper]:
    """Every notebook's ``PAPER``, in catalogue order."""
    return [paper(e.number) for e in CATALOGUE]


def readme_scoreboard() -> str:
    """The Markdown scoreboard (verdict counts per notebook) README.md carries between markers:
    every verdict, the number of claims, and how many verdicts change under another reading."""
    from puzzles.core.claims import FILE_NAME, VERDICTS, depends_on_reading, load, verdict_counts

    lines = ["| notebook | " + " | ".join(VERDICTS) + " | claims | depends on reading |",
             "|---|" + "---:|" * (len(VERDICTS) + 2)]
    for e in CATALOGUE:
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


def readme_table() -> str:
    """The Markdown table of notebooks that README.md carries between its table markers."""
    lines = ["| notebook | paper | regenerates | smoke run | paper run |",
             "|---|---|---|---|---|"]
    for e in CATALOGUE:
        link = (f"[{e.stem}](notebooks/{e.stem}.ipynb)" if e.path.exists()
                else f"{e.stem} (not built yet)")
        lines.append(f"| {link} | {e.citation} | {e.regenerates} | {e.smoke_runtime} | "
                     f"{e.paper_runtime} |")
    return "\n".join(lines)
