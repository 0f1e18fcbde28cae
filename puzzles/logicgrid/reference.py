"""The paper's numbers and example puzzles, typed: a thin accessor over ``reference/*.csv``.

Every number lives once, in a CSV under ``puzzles/logicgrid/reference/`` whose ``source``
column names where it was read (the slides, the GECCO paper's DESIGN notes, the authors' code
or their released ``data.txt``); this module reads them with
:func:`puzzles.core.storage.reference_table` (no ``PAPER``: it imports nothing of the family) and
gives them back as the dicts and lists the tables and the ledger use. Counts (trials, the ends
of a range) come back as ints, everything else as floats; a range's ends also come back as
one ``<quantity>_range`` pair.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pandas as pd

from puzzles.core.storage import reference_table


def _table(name: str) -> pd.DataFrame:
    return reference_table(Path(__file__).parent, name)


def _typed(quantity: str, value: float) -> int | float:
    """Counts as ints, the rest as floats."""
    is_count = quantity == "trials" or quantity.endswith(("_min", "_max"))
    return int(value) if is_count else float(value)


def numbers(rows: pd.DataFrame) -> dict[str, int | float | tuple[int, int]]:
    """A ``quantity, value`` table as a dict (counts as ints; ``<q>_range`` beside each
    ``<q>_min`` / ``<q>_max`` pair)."""
    out: dict[str, int | float | tuple[int, int]] = {
        str(q): _typed(str(q), v) for q, v in zip(rows["quantity"], rows["value"], strict=True)}
    for q in [q for q in out if q.endswith("_min")]:
        base = q.removesuffix("_min")
        out[f"{base}_range"] = (out[q], out[f"{base}_max"])  # type: ignore[assignment]
    return out


@cache
def results(experiment: str) -> dict[str, int | float | tuple[int, int]]:
    """The paper's numbers for one experiment (``{}`` for one the paper reports nothing on)."""
    t = _table("results")
    return numbers(t[t["experiment"] == experiment])


@cache
def authors_results(name: str) -> dict[str, int | float | tuple[int, int]]:
    """The authors' ``data.txt`` numbers of a released set ("hd", "do", "small")."""
    t = _table("authors_results")
    rows = t[t["set"] == name]
    if rows.empty:
        raise ValueError(f"no released set {name!r}")
    return numbers(rows)


@cache
def hint_types() -> dict[str, float]:
    """Hints of each type per puzzle, "hint size and difficulty" (the slides)."""
    t = _table("hint_types")
    return {str(k): float(v) for k, v in zip(t["type"], t["per_puzzle"], strict=True)}


@cache
def authors_hint_types(name: str) -> dict[str, float]:
    """Hints of each type per released puzzle of a set (their ``data.txt`` averages)."""
    t = _table("authors_hint_types")
    rows = t[t["set"] == name]
    return {str(k): float(v) for k, v in zip(rows["type"], rows["per_puzzle"], strict=True)}


@cache
def queue_per_loop() -> list[int]:
    """Hints still queued at each loop, summed over the 30 "hint size and difficulty" puzzles."""
    return [int(v) for v in _table("queue_per_loop").sort_values("loop")["remaining"]]


@cache
def mutation_feasibility() -> list[float]:
    """Share still feasible after 1, 2, ... successive mutations."""
    t = _table("mutation_feasibility").sort_values("mutations")
    return [float(v) for v in t["still_feasible"]]


@cache
def ablation() -> dict[str, str]:
    """Feasible individuals of 50 per infeasible-fitness variant, as read off the slides' plot."""
    t = _table("ablation")
    return {str(k): str(v) for k, v in zip(t["variant"], t["feasible_of_50"], strict=True)}


@cache
def grammar() -> dict[str, float]:
    """The shares the authors' grammar draws its productions with."""
    t = _table("grammar")
    return {str(k): float(v) for k, v in zip(t["quantity"], t["share"], strict=True)}


@cache
def examples() -> dict[str, dict]:
    """The slides' three example puzzles: space, clues (verbatim), published loops and solution."""
    clues, sol = _table("example_clues"), _table("example_solution")
    out = {}
    for _, e in _table("examples").iterrows():
        name = str(e["puzzle"])
        rows = sol[sol["puzzle"] == name].sort_values("row", kind="stable")
        solution = {str(c): [str(x) for x in rows[rows["category"] == c]["entity"]]
                    for c in dict.fromkeys(rows["category"])} or None
        out[name] = {"space": str(e["space"]),
                     "published_loops": None if pd.isna(e["published_loops"])
                     else int(e["published_loops"]),
                     "clues": [str(c) for c in clues[clues["puzzle"] == name]["clue"]],
                     "published_solution": solution}
    return out


@cache
def grammar_examples() -> list[tuple[str, str]]:
    """Table 1's example clue of each production type, as (type, text) in the table's order."""
    t = _table("grammar_examples")
    return [(str(k), str(v)) for k, v in zip(t["type"], t["example"], strict=True)]


def midpoint(text: str) -> float:
    """The midpoint of a range read off the slides' plot ('9-10' -> 9.5, 'about 0' -> 0)."""
    if text.startswith("about"):
        return float(text.split()[1])
    lo, hi = (float(x) for x in text.split("-"))
    return (lo + hi) / 2
