"""Cost-optimal step-wise explanations (after Bogaerts, Gamba and Guns, "A framework for
step-wise explaining how to solve constraint satisfaction problems", AIJ 300, 2021).

Each step explains one new cell of the grid (its X or O in the unique solution) with the cheapest
set of premises that entails it: clues of the puzzle and cells explained by earlier steps. The
grid's own rules (one partner per category, links compose) are free: entailment is decided over
every assignment of the space (all 13,824 for 4x4), which obey them by construction. The cost of
a premise set is the sum of :class:`Costs`; the cheapest set is found exactly (an implicit
minimum-cost hitting set, :mod:`puzzles.logicgrid.hitting`). The sequence is greedy, as theirs:
at every step the cell with the cheapest explanation is explained next (ties: the lower cell).

Necessity rule: a step names a clue only when it needs one. If the earlier cells alone entail a
cell, its explanation is sought among the earlier cells only (even where a clue would be
cheaper), so no clue is named that the grid did not need: the fault today's walkthroughs have.

The sequence's total and maximum step cost are difficulty measures; :func:`explanation_difficulty`
compares them with the solvers' loop counts (Spearman).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np
import pandas as pd
from scipy.stats import spearmanr

from puzzles.logicgrid import released
from puzzles.logicgrid.count import (
    assignments,
    hint_word,
    link_bitsets,
)
from puzzles.logicgrid.explain import clue_mask
from puzzles.logicgrid.hints import TYPES, Hint, from_dict, to_array
from puzzles.logicgrid.hitting import (
    MAX_PREMISES,
    NO_BOUND,
    cheaper_entailing,
    counterexample,
    entails,
    false_premises,
    hitting_set,
)
from puzzles.logicgrid.model import CLUE, MINI, Space, assignment_table
from puzzles.logicgrid.solver import solve

# Why these costs: reading a clue costs 1, plus 1 per grid link it names (is/not: one link; the
# simple and the complex or: two), plus 1 for the hour arithmetic of "before" (two links and a
# comparison). A cell already on the grid costs 1: it is read off, as one link. The table keeps
# Bogaerts et al.'s ordering (a clue costs more than a derived fact, harder clue types more).
CLUE_COSTS: Mapping[str, int] = MappingProxyType(
    {"is": 2, "not": 2, "before": 4, "or": 3, "either_is": 3})
FACT_COST = 1
CHECK_LIMIT = 20_000  # brute-force minimality: at most this many premise sets per step


@dataclass(frozen=True)
class Costs:
    """Cost of each premise: an earlier cell, and a clue by type."""

    fact: int = FACT_COST
    clue: Mapping[str, int] = field(default_factory=lambda: CLUE_COSTS)

    def __post_init__(self) -> None:
        if set(self.clue) != set(TYPES):
            raise ValueError(f"clue costs must name every type {TYPES}, got {sorted(self.clue)}")
        for name, v in [("fact", self.fact), *self.clue.items()]:
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise ValueError(f"cost of {name} must be a positive integer, got {v!r}")
        object.__setattr__(self, "clue", MappingProxyType(dict(self.clue)))

    def table(self) -> pd.DataFrame:
        """The cost table as rows (premise, cost)."""
        return pd.DataFrame([{"premise": "earlier cell", "cost": self.fact}]
                            + [{"premise": f"clue: {t}", "cost": self.clue[t]} for t in TYPES])


@dataclass(frozen=True)
class ExplanationStep:
    """One step: the cell explained, its clues (1-based), earlier cells used, and the cost;
    ``minimal_checked``: brute force confirmed no cheaper premise set entails the cell."""

    puzzle: str
    step: int
    cell: str
    clues: tuple[int, ...]
    premises: tuple[str, ...]
    cost: int
    minimal_checked: bool


COLUMNS = ("puzzle", "step", "cell", "clues", "premises", "cost", "minimal_checked")


def _mask(elems: list[int] | range) -> np.ndarray:
    m = np.zeros(2, dtype=np.uint64)
    for e in elems:
        m[e >> 6] |= np.uint64(1) << np.uint64(e & 63)
    return m


def _members(mask: np.ndarray, count: int) -> list[int]:
    return [e for e in range(count) if (int(mask[e >> 6]) >> (e & 63)) & 1]


class _Problem:
    """A puzzle's premises as assignment bitsets: clues first, then cells as they are explained."""

    def __init__(self, space: Space, hints: list[Hint], costs: Costs) -> None:
        arr = to_array(space, hints)
        links, rows = link_bitsets(space), assignments(space)
        n, m, num = space.n, space.m, space.numeric
        self.cells = [(x, y) for x in range(n * m) for y in range(x + 1, n * m) if x // m != y // m]
        self.k = len(hints)
        if self.k + len(self.cells) > MAX_PREMISES:
            raise ValueError(f"at most {MAX_PREMISES - len(self.cells)} clues, got {self.k}")
        words = links.shape[2]
        valid = np.zeros(words * 64, dtype=bool)
        valid[:len(rows)] = True
        valid = np.packbits(valid, bitorder="little").view(np.uint64)
        self.bits = np.zeros((self.k + len(self.cells), words), dtype=np.uint64)
        self.costs = np.zeros(self.k + len(self.cells), dtype=np.int64)
        for i, h in enumerate(hints):
            self.bits[i] = [hint_word(arr[i], links, w, num, m) for w in range(words)]
            self.costs[i] = costs.clue[h.type]
        sol = valid.copy()  # the assignments every clue allows (padding bits masked out)
        for i in range(self.k):
            sol &= self.bits[i]
        found = np.flatnonzero(np.unpackbits(sol.view(np.uint8), bitorder="little"))
        if len(found) != 1:
            raise ValueError(f"hints must have exactly one solution, got {len(found)}")
        s = rows[found[0]]
        self.linked = [bool(s[x] == s[y]) for x, y in self.cells]
        self.holds = [links[x, y] if o else ~links[x, y] & valid
                      for (x, y), o in zip(self.cells, self.linked, strict=True)]
        self.broken = [~h & valid for h in self.holds]
        self.witness: list[list[int]] = [[] for _ in self.cells]  # counterexamples per cell
        self.fact_cell: list[int] = []  # premise k + i is the cell fact_cell[i]
        self.count = self.k
        self.fact_cost = costs.fact
        self.labels = [f"{space.entity(x)} / {space.entity(y)} {'O' if o else 'X'}"
                       for (x, y), o in zip(self.cells, self.linked, strict=True)]

    def cheapest(self, c: int, allowed: np.ndarray, forced: np.ndarray,
                 bound: int) -> tuple[int, np.ndarray] | None:
        """The cheapest premise set in ``allowed`` holding ``forced`` that entails cell ``c``, if
        it costs less than ``bound`` (implicit hitting sets over counterexamples)."""
        bits, costs = self.bits[:self.count], self.costs[:self.count]
        while True:
            rows = false_premises(np.array(self.witness[c], dtype=np.int64), bits, self.count)
            cost, mask = hitting_set(rows, costs, forced, ~allowed, bound)
            if cost >= bound:
                return None
            a = counterexample(bits, mask, allowed, self.broken[c])
            if a < 0:
                return cost, mask
            self.witness[c].append(a)

    def add_fact(self, c: int) -> int:
        """Cell ``c`` becomes a premise; returns its index."""
        e = self.count
        self.bits[e] = self.holds[c]
        self.costs[e] = self.fact_cost
        self.fact_cell.append(c)
        self.count += 1
        return e


def _verify(p: _Problem, c: int, mask: np.ndarray, pool: np.ndarray, limit: int) -> bool:
    """Re-check a step: it entails its cell, drops no premise (irreducible), and (brute force,
    if at most ``limit`` sets) no cheaper premise set of its pool entails the cell."""
    bits, costs = p.bits[:p.count], p.costs[:p.count]
    used = _members(mask, p.count)
    if not entails(bits, mask, p.broken[c]):
        raise ValueError(f"step for {p.labels[c]} does not entail it")
    for e in used:
        if entails(bits, _mask([u for u in used if u != e]), p.broken[c]):
            raise ValueError(f"step for {p.labels[c]}: premise {e} is not needed")
    cost = int(sum(costs[e] for e in used))
    members = np.array(_members(pool, p.count), dtype=np.int64)
    found = cheaper_entailing(bits, costs, members, p.broken[c], cost, limit)
    if found == 1:
        raise ValueError(f"step for {p.labels[c]}: a cheaper premise set entails it")
    return found == 0


def _premises(p: _Problem, mask: np.ndarray) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """A premise set as (clue numbers, 1-based; earlier cells' labels)."""
    used = _members(mask, p.count)
    return (tuple(e + 1 for e in used if e < p.k),
            tuple(p.labels[p.fact_cell[e - p.k]] for e in used if e >= p.k))


def _update(p: _Problem, best: dict, state: dict, e: int) -> None:
    """After premise ``e`` (a new cell) joins: each open cell's cheapest set either avoids it
    (the old optimum stands) or holds it (searched below the old cost)."""
    for j in best:
        if j not in state["facts_only"] and not (state["facts"] & p.broken[j]).any():
            state["facts_only"].add(j)  # the necessity rule: the earlier cells suffice, no clue
            best[j] = p.cheapest(j, state["fact_pool"], _mask([]), NO_BOUND)
            continue
        pool = state["fact_pool"] if j in state["facts_only"] else state["all_pool"]
        found = p.cheapest(j, pool, _mask([e]), best[j][0])
        if found is not None:
            best[j] = found


def explain(space: Space, hints: list[Hint], puzzle: str = "", costs: Costs | None = None,
            check_limit: int = CHECK_LIMIT) -> list[ExplanationStep]:
    """The greedy cost-optimal explanation sequence of a unique-solution puzzle (module doc)."""
    costs = Costs() if costs is None else costs
    if not isinstance(costs, Costs):
        raise ValueError(f"costs must be a Costs, got {type(costs).__name__}")
    if isinstance(check_limit, bool) or not isinstance(check_limit, int) or check_limit < 0:
        raise ValueError(f"check_limit must be an integer >= 0, got {check_limit!r}")
    p = _Problem(space, hints, costs)
    clue_pool = _mask(range(p.k))
    state = {"facts": ~np.zeros_like(p.bits[0]), "facts_only": set(),
             "fact_pool": _mask([]), "all_pool": clue_pool.copy()}
    best = {c: p.cheapest(c, clue_pool, _mask([]), NO_BOUND) for c in range(len(p.cells))}
    out = []
    for step in range(1, len(p.cells) + 1):
        c = min(best, key=lambda j: (best[j][0], j))
        cost, mask = best.pop(c)
        pool = state["fact_pool"] if c in state["facts_only"] else state["all_pool"]
        checked = _verify(p, c, mask, pool, check_limit)
        out.append(ExplanationStep(puzzle, step, p.labels[c], *_premises(p, mask), int(cost),
                                   checked))
        e = p.add_fact(c)
        for key in ("fact_pool", "all_pool"):
            state[key] = state[key] | _mask([e])
        state["facts"] = state["facts"] & p.holds[c]
        _update(p, best, state, e)
    return out


def frame(steps: list[ExplanationStep]) -> pd.DataFrame:
    """Steps as the table of explanations.csv (clues joined by ";", premises by "; ")."""
    return pd.DataFrame([{"puzzle": s.puzzle, "step": s.step, "cell": s.cell,
                          "clues": ";".join(str(c) for c in s.clues),
                          "premises": "; ".join(s.premises), "cost": s.cost,
                          "minimal_checked": s.minimal_checked} for s in steps],
                        columns=list(COLUMNS))


@dataclass(frozen=True)
class Difficulty:
    """A puzzle's explanation difficulty: total and maximum step cost, and how its steps went."""

    puzzle: str
    steps: int
    total_cost: int
    max_cost: int
    clue_steps: int  # steps naming at least one clue
    multi_clue_steps: int  # steps naming two or more clues
    checked: int  # steps whose minimality brute force confirmed


def difficulty(steps: list[ExplanationStep]) -> Difficulty:
    """The difficulty summary of one puzzle's explanation sequence."""
    if not steps or len({s.puzzle for s in steps}) != 1:
        raise ValueError("steps must be the non-empty sequence of one puzzle")
    return Difficulty(steps[0].puzzle, len(steps), sum(s.cost for s in steps),
                      max(s.cost for s in steps), sum(bool(s.clues) for s in steps),
                      sum(len(s.clues) > 1 for s in steps), sum(s.minimal_checked for s in steps))


MEASURES = {"total step cost": "total_cost", "max step cost": "max_cost"}
LOOPS = {"sound": "loops_sound", "paper": "loops_paper"}


def _rho(x: pd.Series, y: pd.Series) -> tuple[float, float]:
    """Spearman's rho and its two-sided p; both NaN when a side is constant (rho is undefined
    there, e.g. the 3x4 puzzles' largest step cost), without scipy's warning on stderr."""
    if x.nunique() < 2 or y.nunique() < 2:
        return float("nan"), float("nan")
    rho, p = spearmanr(x, y)
    return float(rho), float(p)


def _spearman(table: pd.DataFrame, group: str) -> list[dict]:
    """Spearman rows of every measure against every loop count over one group of puzzles."""
    rows = []
    for measure, col in MEASURES.items():
        for loops, lcol in LOOPS.items():
            rho, p = _rho(table[col], table[lcol])
            rows.append({"group": group, "measure": measure, "loops": loops, "n": len(table),
                         "rho": rho, "p": p})
    return rows


def explanation_difficulty(table: pd.DataFrame, by: str | None = None) -> pd.DataFrame:
    """Spearman's rho (with n and the two-sided p) of each explanation measure against each loop
    count over the explained puzzles of ``table`` (columns total_cost, max_cost, loops_sound,
    loops_paper; one row per puzzle): over all of them (group "all") and, with ``by``, within
    each value of that column (e.g. the set: 3x4 puzzles have half the cells of 4x4 ones, so a
    pooled rho mixes grid size into difficulty). rho and p are NaN where a side is constant."""
    need = {*MEASURES.values(), *LOOPS.values(), *([by] if by else [])}
    if not isinstance(table, pd.DataFrame) or not need <= set(table.columns):
        raise ValueError(f"table must be a DataFrame with columns {sorted(need)}")
    table = table.dropna(subset=[*MEASURES.values(), *LOOPS.values()])  # unexplained: no cost
    groups = [("all", table)] + ([] if by is None else [
        (str(k), g) for k, g in table.groupby(by, sort=True)])
    small = [(k, len(g)) for k, g in groups if len(g) < 3]
    if small:
        raise ValueError(f"Spearman needs at least 3 explained puzzles per group, got {small}")
    return pd.DataFrame([r for k, g in groups for r in _spearman(g, k)])


def _solution_count(space: Space, hints: list[Hint]) -> int:
    """Exact solution count (the assignment table, so any space size is counted right)."""
    rows = assignment_table(space)
    ok = np.ones(len(rows), dtype=bool)
    for h in hints:
        ok &= clue_mask(space, h, rows)
    return int(ok.sum())


def puzzle_table(space: Space, named: list[tuple[str, list[Hint]]], costs: Costs | None = None,
                 check_limit: int = CHECK_LIMIT) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Explain every named puzzle: (explanations.csv's steps, one difficulty row per puzzle with
    its solution count and sound and paper-mode loops; a puzzle without exactly one solution
    is not explained and its costs are empty)."""
    steps, rows = [], []
    for name, hints in named:
        loops = {"loops_sound": solve(space, hints).loops,
                 "loops_paper": solve(space, hints, mode="paper").loops}
        solutions = _solution_count(space, hints)
        if solutions != 1:  # nothing to explain: the row says why, its costs stay empty
            rows.append({"puzzle": name, "solutions": solutions, **loops})
            continue
        seq = explain(space, hints, name, costs, check_limit)
        steps += seq
        rows.append({**difficulty(seq).__dict__, "solutions": 1, **loops})
    return frame(steps), pd.DataFrame(rows)


def released_table(costs: Costs | None = None, check_limit: int = CHECK_LIMIT
                   ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """:func:`puzzle_table` over the authors' 65 released puzzles, named "hd-1" .. "small-5"
    (their duplicate clues dropped, first occurrence kept: a repeat adds no premise)."""
    steps, rows = [], []
    for name in released.SETS:
        named = [(f"{name}-{i}", list(dict.fromkeys(hs)))
                 for i, hs in enumerate(released.puzzles(name), start=1)]
        s, r = puzzle_table(released.SET_SPACES[name], named, costs, check_limit)
        steps.append(s)
        rows.append(r.assign(set=name))
    return pd.concat(steps, ignore_index=True), pd.concat(rows, ignore_index=True)


def json_table(entries: list[dict], costs: Costs | None = None, check_limit: int = CHECK_LIMIT
               ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """:func:`puzzle_table` over ``puzzles.json`` entries (the GA's final puzzles), named
    "<experiment>-<trial>", in the paper's space their ``categories`` name (repeats dropped)."""
    steps, rows = [], []
    for e in entries:
        space = next((s for s in (CLUE, MINI) if s.to_dict() == e.get("categories")), None)
        if space is None or not isinstance(e.get("hints"), list):
            raise ValueError(f"puzzles.json entry {e.get('experiment')}-{e.get('trial')}: "
                             "needs the 4x4 or 3x4 categories and a hints list")
        named = [(f"{e['experiment']}-{e['trial']}",
                  list(dict.fromkeys(from_dict(space, h) for h in e["hints"])))]
        s, r = puzzle_table(space, named, costs, check_limit)
        steps.append(s)
        rows.append(r.assign(experiment=e["experiment"], trial=e["trial"]))
    return pd.concat(steps, ignore_index=True), pd.concat(rows, ignore_index=True)


# --- trivial steps -------------------------------------------------------------------------------

# Where each arm's puzzles are in explanations.csv: ours as "<experiment> <trial>", the
# authors' released ones as "<set>-<index>".
OURS_DO, OURS_HD, AUTHORS_DO, AUTHORS_HD = ("difficulty only ", "hint size and difficulty ",
                                            "do-", "hd-")
# A step read off one 'is' or 'not' clue: the clue names the cell (their cost, 2).
READ_OFF = min(CLUE_COSTS["is"], CLUE_COSTS["not"])


def _filled(column: pd.Series) -> pd.Series:
    """Cells holding text: empty in memory is "", read back from the CSV it is NaN."""
    return column.notna() & (column.astype(str) != "")


def trivial_per_puzzle(steps: pd.DataFrame, prefix: str, max_cost: float = math.inf
                       ) -> list[int]:
    """Trivial steps of each puzzle named ``prefix`` + a number: steps whose explanation names
    exactly one clue and no earlier cell, costing at most ``max_cost`` (a puzzle without one
    counts 0). The slides call the "difficulty only" puzzles full of "trivial deductions"
    without saying what one is; this is the explanations' reading of it."""
    need = {"puzzle", "step", "clues", "premises", "cost"}
    if not isinstance(steps, pd.DataFrame) or not need <= set(steps.columns):
        raise ValueError(f"steps must be a DataFrame with columns {sorted(need)}")
    mine = steps[steps["puzzle"].astype(str).str.fullmatch(re.escape(prefix) + r"\d+")]
    if mine.empty:
        raise ValueError(f"no puzzle named {prefix!r} + a number in the steps")
    clues, premises = _filled(mine["clues"]), _filled(mine["premises"])
    one_clue = clues & ~mine["clues"].astype(str).str.contains(";")
    alone = one_clue & ~premises & (mine["cost"] <= max_cost)
    return [int(v) for v in alone.groupby(mine["puzzle"], sort=True).sum()]
