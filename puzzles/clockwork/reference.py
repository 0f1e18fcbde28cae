"""The paper's numbers, typed once in ``reference/*.csv`` and read here with the core helper
:func:`puzzles.core.storage.reference_table` (``PAPER.reference`` reads the same files with the
same loader); this module imports nothing of the family.

* ``tables.csv``: every cell of Tables I-VI exactly as printed (digits, signs and print defects
  kept: A3's length CI lacks its ±, B3's length mean carries one), with the table it is from;
  the numbers are the printed cells without the ± sign.
* ``reachable.csv``: the reachable-state counts and Q that Section V states for E1-E5.
* ``figures.csv``: the states of Figs. 1 and 2 (Example 1).
* ``protocol.csv``: Section IV's hyper-parameters (R, L, P, N and the runs per instance).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pandas as pd

from puzzles.core.storage import reference_table

FIELDS = ("iter_mean", "iter_ci95", "length_mean", "length_ci95")


def frame(name: str) -> pd.DataFrame:
    """The reference table ``reference/<name>.csv`` (what ``PAPER.reference(name)`` returns)."""
    return reference_table(Path(__file__).parent, name)


@cache
def _printed() -> dict[str, tuple[str, str, str, str]]:
    rows = frame("tables")
    return {r.instance: (*r.iterations.split(" "), *r.length.split(" "))
            for r in rows.itertuples()}


def printed(instance: str) -> tuple[str, str, str, str]:
    """An instance's cells as printed: (iterations, its 95% CI, length, its 95% CI)."""
    cells = _printed()
    if instance not in cells:
        raise ValueError(f"instance {instance!r} is not in the paper's tables")
    return cells[instance]


def paper_value(instance: str, field: str) -> float:
    """A paper value for an instance: field is iter_mean, iter_ci95, length_mean or length_ci95
    (the printed cell as a number: a stray ± dropped)."""
    if field not in FIELDS:
        raise ValueError(f"field must be one of {FIELDS}, got {field!r}")
    return float(printed(instance)[FIELDS.index(field)].lstrip("±"))


def paper_rows(rows: list[tuple[str, str]]) -> pd.DataFrame:
    """The paper's numbers for (table, instance) ``rows``: table, instance and :data:`FIELDS`."""
    return pd.DataFrame([(t, k, *(paper_value(k, f) for f in FIELDS)) for t, k in rows],
                        columns=["table", "instance", *FIELDS])


@cache
def reachable() -> dict[str, int]:
    """The reachable-state counts Section V states for E1-E5."""
    return {r.instance: int(r.reachable) for r in frame("reachable").itertuples()}


@cache
def q_values() -> dict[str, int]:
    """The Q values of E1-E5 (E5's stated count fits Q = 5, not its 6)."""
    return {r.instance: int(r.q) for r in frame("reachable").itertuples()}


def figure_state(figure: str) -> str:
    """The state of ``"Fig. 1"`` or ``"Fig. 2"`` as the paper writes it."""
    f = frame("figures").set_index("figure")
    if figure not in f.index:
        raise ValueError(f"no state for {figure!r}; known: {', '.join(f.index)}")
    return str(f.at[figure, "state"])


@cache
def protocol() -> dict[str, int]:
    """Section IV's hyper-parameters: R, L, P, N and runs per instance."""
    return {r.knob: int(r.value) for r in frame("protocol").itertuples()}
