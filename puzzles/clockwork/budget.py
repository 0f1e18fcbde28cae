"""Notebook 01's data layer: the budget, the DWP's settings it hands out, and where the family's
results live. It imports nothing of the family (the paper's protocol is read with
:func:`puzzles.core.storage.reference_table`), so every other module may import it.

* :class:`ClockworkBudget`: runs, EA hyper-parameters and exact-search limits at both scales;
* :class:`EA` (``DEFAULT``): the DWP's settings, Section IV's R, L, P and N and the choices the
  paper leaves open at their calibrated defaults (see :mod:`puzzles.clockwork.dwp`);
* the family's folders and stored offline runs (``data/``, ``STORED``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import numpy as np

from puzzles.core.paper import Budget, knob
from puzzles.core.storage import reference_table

# The family's folder: reference/ (the paper's numbers) and data/ (stored offline runs).
PACKAGE_DIR = Path(__file__).resolve().parent
# Results of offline runs (``python -m puzzles run 01 <experiment> --store``; STORED.csv there
# names each file's command).
DATA_DIR = PACKAGE_DIR / "data"
STEM = "01_clockwork"  # the notebook (notebooks/<STEM>.ipynb) and its figures/<STEM>/
# The stored experiments and their files (``Paper.stored``).
STORED: tuple[tuple[str, str], ...] = (
    ("ordering_runs", "puzzles/clockwork/data/ordering_runs.csv"),
    ("calibration", "puzzles/clockwork/data/calibration.csv"),
    ("reading_runs", "puzzles/clockwork/data/reading_runs.csv"),
    ("random_instances", "puzzles/clockwork/data/random_instances.csv"),
    ("states", "puzzles/clockwork/data/states.csv"),
    ("calibration_runs", "puzzles/clockwork/data/calibration_runs.csv"),
    ("features", "puzzles/clockwork/data/instance_features.csv"),
    ("paper_structure", "puzzles/clockwork/data/paper_structure.csv"),
    ("generated", "puzzles/clockwork/data/generated.csv"))


@cache
def _protocol() -> dict[str, int]:
    """Section IV's hyper-parameters (``reference/protocol.csv``, the file
    :func:`puzzles.clockwork.reference.protocol` reads): R, L, P, N and runs per instance."""
    return {r.knob: int(r.value) for r in reference_table(PACKAGE_DIR, "protocol").itertuples()}


# What the read limit counts, per reading: (jumps count, skips count); actions always count.
READINGS: dict[str, tuple[bool, bool]] = {
    "every_read": (True, True),
    "actions_only": (False, False),
    "jumps_free": (False, True),
    "skips_free": (True, False),
}

_PAPER = _protocol()


def reading_flags(reading: str) -> tuple[bool, bool]:
    """(jumps count, skips count) toward the read limit for a named reading."""
    if reading not in READINGS:
        raise ValueError(f"reading must be one of {', '.join(READINGS)}, got {reading!r}")
    return READINGS[reading]


@dataclass(frozen=True)
class EA:
    """The DWP's settings: Section IV's R, L, P and N (``reference/protocol.csv``) and the
    choices the paper leaves open, at their calibrated defaults."""

    R: int = _PAPER["R"]
    L: int = _PAPER["L"]
    P: int = _PAPER["P"]
    N: int = _PAPER["N"]
    tournament: int = 4
    mutations: int = 1
    reading: str = "jumps_free"

    def __post_init__(self) -> None:
        for name, lo in (("R", 2), ("L", 1), ("P", 4), ("N", 0), ("tournament", 4),
                         ("mutations", 0)):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int | np.integer) or v < lo:
                raise ValueError(f"{name} must be an int >= {lo}, got {v!r}")
        if self.tournament > self.P:
            raise ValueError(f"tournament size {self.tournament} exceeds the population "
                             f"P = {self.P}")
        reading_flags(self.reading)

    def but(self, **changes: object) -> EA:
        """These settings with ``changes`` (``DEFAULT.but(N=200)``)."""
        return replace(self, **changes)


DEFAULT = EA()


@dataclass(frozen=True)
class ClockworkBudget(Budget):
    """Runs, EA hyper-parameters and exact-search limits of notebook 01."""

    runs: int = knob("DWP runs per instance (Tables I-VI, each calibration setting)", "runs")
    R: int = knob("alternator ring entries", "entries")
    L: int = knob("read limit per ring", "reads")
    P: int = knob("population size", "rings")
    N: int = knob("tournaments before a run gives up", "tournaments")
    readings_runs: int = knob("runs per alternative reading of C2, C3 and C4", "runs")
    exact_max_states: float = knob("largest n c^n searched for a shortest solution (inf: all; "
                                   "smoke skips C6 and D3, whose searches take seconds)",
                                   "states")
    b5_runs: int = knob("runs of B5 from A5's state (the ledger's B5 as Section V defines it)",
                        "runs")
    algebra_pairs_max: int = knob("largest n c^n over which every pair of actions is checked "
                                  "(theory.py)", "states")
    algebra_q_max: int = knob("largest n c^n over which Section IV's Q statements are checked "
                              "(theory.py)", "states")
    ordering_runs: int = knob("runs per instance behind the orderings (stored offline)", "runs")
    sweep_instances: int = knob("random solvable instances of the sweep (stored offline)",
                                "instances")
    sweep_runs: int = knob("DWP runs per random instance", "runs")
    sweep_N: int = knob("tournaments before a sweep run gives up", "tournaments")
    states: int = knob("solvable states per noisy instance (states.csv; state 0 is the "
                       "table's)", "states")
    e_states: int = knob("solvable states per E instance (Q's trend over states)", "states")
    generated_count: int = knob("generated instances per difficulty band", "instances")
    generated_runs: int = knob("DWP runs per generated instance", "runs")
    sweep_checked: tuple[int, ...] = knob("sweep rows the notebook recomputes and compares "
                                          "with the stored ones", "ids")

    @classmethod
    def paper(cls) -> ClockworkBudget:
        """Section IV's protocol (``reference/protocol.csv``) and our full-size extras."""
        p = _protocol()
        return cls(runs=p["runs"], R=p["R"], L=p["L"], P=p["P"], N=p["N"], readings_runs=20,
                   exact_max_states=math.inf, b5_runs=200, algebra_pairs_max=81,
                   algebra_q_max=600_000, ordering_runs=200, sweep_instances=500, sweep_runs=50,
                   sweep_N=5_000, sweep_checked=(0, 1, 2), states=30, e_states=40,
                   generated_count=20, generated_runs=20)

    @classmethod
    def smoke(cls) -> ClockworkBudget:
        """Seconds: the paper's EA with few runs and a budget of 200 tournaments."""
        return replace(cls.paper(), runs=2, N=200, readings_runs=2, exact_max_states=10**8,
                       b5_runs=4, algebra_pairs_max=24, algebra_q_max=400, ordering_runs=2,
                       sweep_instances=2, sweep_runs=3, sweep_N=200, sweep_checked=(2,),
                       states=2, e_states=2, generated_count=1, generated_runs=2)

    def ea(self) -> EA:
        """The EA's settings at this budget (the calibrated defaults for the rest)."""
        return EA(R=self.R, L=self.L, P=self.P, N=self.N)
