"""Walkthroughs whose steps name their premises: the clue and a minimal set of earlier cells.

The sound solver records, for every cell it fills, the clue or rule responsible. For each step we
find premises a reader can check: the step's clue (when a clue placed it) and an irreducible
subset of the cells filled before it, such that the step's mark holds in *every* assignment of
the space that satisfies those premises (decided by the exact counter's assignment table, all
13,824 for the 4x4 space). Irreducible: dropping any one premise lets some assignment break the
step. Greedy deletion tries the earliest cells first, so the premises lean on recent cells, as a
human walkthrough does.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from puzzles.logicgrid.hints import Hint, validate
from puzzles.logicgrid.model import Space, assignment_table
from puzzles.logicgrid.solver import solve


def clue_mask(space: Space, h: Hint, rows: np.ndarray) -> np.ndarray:
    """For every assignment (a row of :func:`assignment_table`), whether clue ``h`` holds."""
    validate(space, h)

    def link(x: int, y: int) -> np.ndarray:
        return rows[:, x] == rows[:, y]

    if h.type == "is":
        return link(h.a, h.b)
    if h.type == "not":
        return ~link(h.a, h.b)
    if h.type == "or":
        return link(h.a, h.c) ^ link(h.b, h.c)
    if h.type == "either_is":
        return link(h.a, h.b) ^ link(h.c, h.d)
    base = space.numeric * space.m
    hours = rows[:, base:base + space.m]  # row of each hour entity
    pa = np.argmax(hours == rows[:, [h.a]], axis=1)
    pb = np.argmax(hours == rows[:, [h.b]], axis=1)
    return (pb - pa == h.k) if h.k is not None else (pb > pa)


def walkthrough(space: Space, hints: list[Hint]) -> pd.DataFrame:
    """Every cell the sound solver fills, with its clue and a minimal set of earlier cells."""
    res = solve(space, hints, trace=True)
    rows = assignment_table(space)
    clues = [clue_mask(space, h, rows) for h in hints]
    done: list[tuple[str, np.ndarray]] = []  # (label, where the earlier cell's mark holds)
    out = []
    for i, s in enumerate(res.steps, start=1):
        linked = rows[:, s.x] == rows[:, s.y]
        concl = linked if s.value == "O" else ~linked
        base = np.ones(len(rows), dtype=bool)
        clue = None
        if s.reason.startswith("clue "):
            clue = int(s.reason.split()[1])
            base = clues[clue - 1]
        viol = np.zeros(len(rows), dtype=np.int16)  # earlier cells each assignment breaks
        for _, mk in done:
            viol += ~mk
        if not concl[base & (viol == 0)].all():
            raise ValueError(f"step {i} does not follow from its clue and the earlier cells")
        keep = []
        for label, mk in done:  # earliest first: try to drop each one
            allowed = base & ((viol == 0) | ((viol == 1) & ~mk))
            if concl[allowed].all():
                viol -= ~mk
            else:
                keep.append(label)
        label = f"{space.entity(s.x)} / {space.entity(s.y)} {s.value}"
        out.append({"step": i, "loop": s.loop, "cell": f"{space.entity(s.x)} / "
                    f"{space.entity(s.y)}", "mark": s.value, "because": s.reason,
                    "clue": clue, "premises": keep})
        done.append((label, concl))
    return pd.DataFrame(out)


def check_step(space: Space, hints: list[Hint], step: dict, table: pd.DataFrame) -> bool:
    """Re-check one step with the exact counter: its mark holds in every assignment satisfying
    its clue and premises, and dropping any one premise breaks that (irreducible)."""
    rows = assignment_table(space)
    masks = {}
    for _, r in table.iterrows():
        a, b = r["cell"].split(" / ")
        x, y = space.index(a), space.index(b)
        linked = rows[:, x] == rows[:, y]
        masks[f"{r['cell']} {r['mark']}"] = linked if r["mark"] == "O" else ~linked
    concl = masks[f"{step['cell']} {step['mark']}"]
    base = np.ones(len(rows), dtype=bool)
    if step["clue"] is not None and not pd.isna(step["clue"]):
        base = clue_mask(space, hints[int(step["clue"]) - 1], rows)

    def holds(premises: list[str]) -> bool:
        ok = base.copy()
        for p in premises:
            ok &= masks[p]
        return bool(concl[ok].all())

    prem = list(step["premises"])
    return holds(prem) and all(not holds(prem[:j] + prem[j + 1:]) for j in range(len(prem)))
