"""The authors' 65 released puzzles and their result files, read as published.

The files in ``puzzles/logicgrid/data/released_*`` are verbatim copies (below a header naming the
source, github.com/flaneuseh/logic_puzzles tag v1.0.0, and its MIT licence) of the three result
folders of the paper: ``hd`` = "Hints-And-Difficulty" (30 puzzles, 4x4), ``do`` =
"DifficultyOnly" (30, 4x4), ``small`` = "SmallPuzzles" (5, the 3x4 mini space). For each set:
``hints`` (the clues in the authors' English), ``solutions`` (the grid their solver left) and
``data`` (the statistics their ``DataVisualization.py`` wrote, including the per-generation
fitness curves).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
import pandas as pd

from puzzles.logicgrid.count import count_solutions
from puzzles.logicgrid.hints import Hint, parse_puzzle
from puzzles.logicgrid.model import CLUE, MINI, Space, norm
from puzzles.logicgrid.solver import solve

DATA = Path(__file__).parent / "data"
SETS: tuple[str, ...] = ("hd", "do", "small")
SET_NAMES = {"hd": "hint size and difficulty", "do": "difficulty only", "small": "mini 3x4"}
SET_SPACES: dict[str, Space] = {"hd": CLUE, "do": CLUE, "small": MINI}
# Spellings of the released text that differ from the space's entity names. The authors' 4x4
# runs defined the suspect "Ms. carlet" (their Experiements.py); the mini runs spell it right.
ALIASES: dict[str, str] = {"Ms. carlet": "Ms. Scarlet"}
# The authors' hint-type names -> ours.
TYPE_NAMES = {"is": "is", "not": "not", "before": "before", "simple_or": "or",
              "compound_or": "either_is"}
_HEADER_END = "# ----- end of header -----"


def _check_set(name: str) -> str:
    if name not in SETS:
        raise ValueError(f"released set must be one of {SETS}, got {name!r}")
    return name


def raw(name: str, kind: str) -> str:
    """The verbatim text of one released file (header removed); kind: hints/solutions/data."""
    if kind not in ("hints", "solutions", "data"):
        raise ValueError(f"kind must be hints, solutions or data, got {kind!r}")
    text = (DATA / f"released_{_check_set(name)}_{kind}.txt").read_text(encoding="utf-8")
    if _HEADER_END not in text:
        raise ValueError(f"released_{name}_{kind}.txt lacks its source/licence header")
    return text.split(_HEADER_END + "\n", 1)[1]


def clue_lines(name: str) -> list[list[str]]:
    """The clues of every puzzle of a set, as printed (numbering removed)."""
    blocks = re.split(r"Hints for puzzle:\d+\n", raw(name, "hints"))[1:]
    return [[re.sub(r"^\s*\d+\.\s*", "", ln) for ln in b.splitlines() if ln.strip()]
            for b in blocks]


def puzzles(name: str) -> list[list[Hint]]:
    """Every puzzle of a set, parsed with the alias table."""
    space = SET_SPACES[_check_set(name)]
    return [parse_puzzle(space, lines, ALIASES) for lines in clue_lines(name)]


def solution_grids(name: str) -> list[np.ndarray]:
    """The grids the authors' runs left (``solutions.txt``) as NM x NM cell states 0/1/2.

    The authors print, for each left category (last first), one row per entity with the
    entities of every earlier category as columns, X/O/* per cell.
    """
    space = SET_SPACES[_check_set(name)]
    n, m = space.n, space.m
    sym = {"*": 0, "X": 1, "O": 2}
    out = []
    for block in re.split(r"Solution for puzzle:\d+\n", raw(name, "solutions"))[1:]:
        rows = [ln for ln in block.splitlines() if "|" in ln]
        if len(rows) != (n - 1) * m:
            raise ValueError(f"released {name} solution: expected {(n - 1) * m} grid rows")
        g = np.zeros((n * m, n * m), dtype=np.int8)
        for k, ln in enumerate(rows):
            left = n - 1 - k // m
            y = left * m + k % m
            cells = [c.split() for c in ln.split("|")[1:] if c.strip()]
            if len(cells) != left:
                raise ValueError(f"released {name} solution row {ln!r}: {len(cells)} blocks")
            for top, block_cells in enumerate(cells):
                for j, c in enumerate(block_cells):
                    g[top * m + j, y] = g[y, top * m + j] = sym[c]
        out.append(g)
    return out


def statistics(name: str) -> dict:
    """The numbers of a set's ``data.txt`` (means, ranges, type counts, fitness curves)."""
    text = raw(name, "data")

    def num(pattern: str) -> float:
        m = re.search(pattern, text)
        if not m:
            raise ValueError(f"released {name} data: no match for {pattern!r}")
        return float(m.group(1))

    def block(title: str) -> dict[str, float]:
        m = re.search(rf"{title}\n((?:\t[^\n]+\n?)+)", text)
        if not m:
            raise ValueError(f"released {name} data: no block {title!r}")
        pairs = [ln.strip().split(":", 1) for ln in m.group(1).splitlines()]
        return {TYPE_NAMES.get(k.strip(), k.strip()): float(v) for k, v in pairs}

    def curve(title: str) -> list[float]:
        m = re.search(rf"{title}:(\[[^\]]*\])", text)
        if not m:
            raise ValueError(f"released {name} data: no curve {title!r}")
        return [float(v) for v in ast.literal_eval(m.group(1))]

    fl = r"([0-9.]+)"
    return {
        "first_feasible_mean": num(rf"Average first feasible solution found in the {fl}"),
        "first_feasible_min": num(rf"Min first feasible solution found in the {fl}"),
        "first_feasible_max": num(rf"Max first feasible solution found in the {fl}"),
        "fitness_feasible_final": num(rf"Average Feasible Fitness in Generation 500:{fl}"),
        "fitness_infeasible_final": num(rf"Average Infeasible Fitness in Generation 500:{fl}"),
        "fitness_feasible_curve": curve("Average Feasible Fitness for all gens"),
        "fitness_infeasible_curve": curve("Average Infeasible Fitness for all gens"),
        "hints_mean": num(rf"Average clue length:{fl}"),
        "hints_min": num(rf"Min clue size:{fl}"),
        "hints_max": num(rf"Max Clue Size:{fl}"),
        "loops_mean": num(rf"Average num loops:{fl}"),
        "loops_min": num(rf"Min num loops:{fl}"),
        "loops_max": num(rf"Max num loops:{fl}"),
        "type_totals": block("Total Clue Amounts"),
        "type_means": block("Averages"),
        # The mini set's file stops before the duplicates lines.
        "duplicates_total": num(rf"Total duplicates:{fl}") if "Total duplicates" in text
        else float("nan"),
    }


def alias_table() -> list[dict[str, str]]:
    """The alias table as rows (for the notebook), with how often each spelling occurs."""
    rows = []
    for wrong, right in ALIASES.items():
        count = sum(norm(wrong) in norm(ln) for s in SETS for p in clue_lines(s) for ln in p)
        rows.append({"released spelling": wrong, "read as": right, "clues using it": count})
    return rows


def table() -> pd.DataFrame:
    """All 65 released puzzles solved in both modes and counted exactly (released.csv).

    ``hints`` counts distinct clues (the authors' statistics drop the duplicates that some
    "difficulty only" puzzles list twice).
    """
    rows = []
    for name in SETS:
        space = SET_SPACES[name]
        for i, hs in enumerate(puzzles(name), start=1):
            paper, sound = solve(space, hs, mode="paper"), solve(space, hs)
            rows.append({"set": name, "index": i, "hints": len(set(hs)),
                         "solutions": count_solutions(space, hs),
                         "paper_loops": paper.loops, "paper_status": paper.status,
                         "sound_loops": sound.loops, "sound_status": sound.status})
    return pd.DataFrame(rows)


def queue(name: str) -> list[int]:
    """Hints still queued at each loop of the authors' solver, summed over a set's released
    puzzles (paper mode: the distinct hints each pass reached, as their ``DataVisualization.py``
    counts for the slides' "hint types used by each solve loop")."""
    space = SET_SPACES[_check_set(name)]
    total: list[int] = []
    for hs in puzzles(name):
        remaining = solve(space, hs, mode="paper").remaining
        total += [0] * (len(remaining) - len(total))
        for j, v in enumerate(remaining):
            total[j] += v
    return total
