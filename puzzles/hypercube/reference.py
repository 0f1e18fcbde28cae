"""The paper's printed numbers and the authors' stored runs, read from ``reference/*.csv``.

Every number lives once, in a CSV of ``puzzles/hypercube/reference`` whose ``source`` column
names where it was copied from (read with :func:`puzzles.core.storage.reference_table`, never
through the paper, so this module imports nothing of the family): Tables 2, 4 and 5
(``tables``), the statements of the text and captions the ledger checks (``statements``), the
paper's inconsistencies (``paper_errors``), and the authors' stored runs summarised
(``authors_ea``, ``authors_appendix``, ``authors_astar``; their per-run numbers are
``data/authors_runs.json`` and, for the CPU seconds of their A*, EA and RL runs,
``data/authors_seconds.json``). This module only gives them types.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pandas as pd

from puzzles.core.storage import reference_table

# The authors' public repository, github.com/lemerleau/CubicPuzzle at commit 6ace12a: their EA
# (src/ea/main.py, Agent.levy_mutate: rings drawn with random.sample; select(alpha) with
# run_ea.sh passing --alpha 0.2) and their stored per-run results. The numbers (never code)
# are copied into data/authors_runs.json: per (d, k, level) the generations t and moves Min of
# every *successful* EA run (data/ea/dim/<d>/k/<k>/level<L>/data_<d>_<k>_<L>.csv), the moves
# of every RL run (data/rl/.../rl_solutions150.csv), and Appendix A's c study on d=3 k=2
# level 0 (data/dim/3/level0_levy_{data,generation}.json: moves of the successful runs and the
# generations of all 150 runs, per c in 0.2, 0.4, ..., 7.0).
# data/authors_seconds.json (copied from the same commit, named in full there) holds the
# column "CPU Time" of their stored runs: A* (data/as/dim/<d>/k/<k>/level<L>/as_solutions100.csv,
# 100 runs per case, and as_solutions1.csv for d=4 k=1 level 4: one run, 12 moves in
# 1,242.96 s), the successful EA runs and the RL runs, plus what shows that their d=5 A* was
# no run stored (the data/as/dim/5 files are git blobs identical to data/as/dim/4 files, and
# src/as/main.py sets up --dim 3 and 4 only, in every commit that has it).
AUTHORS_COMMIT = "6ace12a"
AUTHORS_SOURCE = f"lemerleau/CubicPuzzle@{AUTHORS_COMMIT}"
AUTHORS_RUNS_PER_CASE = 150

CPU_LIMIT_SECONDS = 3600  # the paper's CPU budget per run (Sec. 4.1; Table 2's "-")


def _reference(name: str) -> pd.DataFrame:
    """``reference/<name>.csv`` without its ``source`` column."""
    return reference_table(Path(__file__).parent, name).drop(columns=["source"])


def paper_table() -> pd.DataFrame:
    """Tables 2, 4 and 5 of the paper, one row per (d, k, level) (levels as strings;
    astar_min empty where the paper's A* did not finish within 3600 s)."""
    df = _reference("tables")
    df["level"] = df["level"].astype(str)
    return df


def paper_notes() -> pd.DataFrame:
    """The paper's inconsistencies as a table (where, inconsistency)."""
    return _reference("paper_errors")


def statement(statements: pd.DataFrame, name: str) -> dict[int | float | str, int | float]:
    """The numbers ``name`` of ``statements`` (``statements.csv``, as read here or by the ledger)
    by item: "level 0" -> 0, "d=3" -> 3, "c=1.8" -> 1.8, no item -> ""; whole numbers as int."""
    s = statements[statements["name"] == name]
    keys = ["" if pd.isna(i) else re.split("[ =]", i)[-1] for i in s["item"]]
    return {float(i) if "." in i else int(i) if i else i: int(v) if float(v).is_integer()
            else float(v) for i, v in zip(keys, s["value"], strict=True)}


@cache
def _statements() -> pd.DataFrame:
    return _reference("statements")


def printed(name: str) -> int | float:
    """A single number the paper prints (``statements.csv`` row ``name`` with no item)."""
    return statement(_statements(), name)[""]


def printed_at_c(name: str) -> dict[float, int | float]:
    """The paper's numbers ``name`` per Zipf exponent c (Appendix A)."""
    return {float(c): v for c, v in statement(_statements(), name).items()}


def authors_ea_summary() -> pd.DataFrame:
    """Their stored EA runs summarised per (d, k, level): successes of 150, mean generations of
    the successful runs, min/max/median moves."""
    df = _reference("authors_ea")
    df["level"] = df["level"].astype(str)
    return df


def authors_appendix() -> pd.DataFrame:
    """Their stored Appendix A study per c (d=3 k=2 level 0, 150 runs per c): successes, runs
    with exactly 6 moves, mean generations over all 150 runs (failures count 1000)."""
    return _reference("authors_appendix")


def authors_runs() -> dict:
    """The per-run numbers of their stored runs (``data/authors_runs.json``)."""
    return json.loads((Path(__file__).parent / "data" / "authors_runs.json").read_text())


def authors_astar() -> pd.DataFrame:
    """Their stored A* runs summarised per (d, k, level): runs, moves (every run the same),
    median and largest CPU seconds of a run (``reference/authors_astar.csv``)."""
    df = _reference("authors_astar")
    df["level"] = df["level"].astype(str)
    return df


@cache
def authors_seconds_data() -> dict:
    """``data/authors_seconds.json`` as stored."""
    return json.loads((Path(__file__).parent / "data" / "authors_seconds.json").read_text())


METHODS = {"astar": "A*", "ea": "EA", "rl": "RL"}


def authors_seconds() -> pd.DataFrame:
    """The CPU seconds of every stored run as one row per (d, k, level, method, repeat):
    A* 100 runs per case that their Table 2 solves (one run on d=4 k=1 level 4), the EA's
    successful runs, RL's 150 runs; the columns of :data:`puzzles.hypercube.cpu.COLUMNS`."""
    rows = [(e["d"], e["k"], str(e["level"]), name, i, s)
            for key, name in METHODS.items() for e in authors_seconds_data()[key]
            for i, s in enumerate(e["seconds"])]
    return pd.DataFrame(rows, columns=["d", "k", "level", "method", "repeat", "seconds"])


def authors_astar_d5() -> pd.DataFrame:
    """Their ``data/as/dim/5`` files: path, the ``data/as/dim/4`` file with the same git blob
    (empty if none), the values of the file's own ``d`` column."""
    return pd.DataFrame([{"path": r["path"], "copy_of": r["copy_of"],
                          "d_column": ",".join(map(str, r["d_column"]))}
                         for r in authors_seconds_data()["astar_d5"]])


def authors_astar_dims() -> dict[str, list[int]]:
    """The ``--dim`` values src/as/main.py sets up a puzzle for, per commit that has it."""
    return {r["commit"]: r["dims"] for r in authors_seconds_data()["astar_main"]}


def authors_run_lists(algo: str) -> dict[tuple[int, int, str], dict[str, list[int]]]:
    """``{(d, k, level): {"moves": [...], "generations": [...]}}`` for ``algo`` "ea" or "rl"."""
    if algo not in ("ea", "rl"):
        raise ValueError(f"algo must be 'ea' or 'rl', got {algo!r}")
    return {(r["d"], r["k"], str(r["level"])): {x: r[x] for x in ("moves", "generations")
                                                if x in r}
            for r in authors_runs()[algo]}
