"""Our 120 challenges: 24 per level, Table 1's numbers of given pieces, booklet quality.

The booklet's challenges are not public, so we generate our own from a fixed seed. A challenge
is made by drawing a random full linked solution, then random subsets of its pieces of the
wanted size as givens until one has exactly one completion that fits, linked or not (proved by
the exact solver, which counts both): a player who only fits pieces cannot finish with a wrong
answer, as the paper's author never did. No two challenges share a full solution: a task whose
solution repeats an earlier task's is drawn again with the next ``attempt``. The stored set
(``challenges.json`` in this package) is what every notebook uses; ``generate_challenge``
rebuilds any item of it exactly from the seed.
"""

from __future__ import annotations

import json
from concurrent.futures import Executor
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np
from scipy.optimize import linear_sum_assignment

from puzzles.core import derive_seed, run_tasks
from puzzles.core.paper import ROOT_SEED
from puzzles.iqlink.grader import grade
from puzzles.iqlink.placements import Challenge, challenge, check_solution, from_json
from puzzles.iqlink.search import count_solutions, random_solution

GENERATOR_SEED = ROOT_SEED
PER_LEVEL = 24
# Table 1 of the paper: level, puzzle numbers, pieces given (min, max).
LEVELS: tuple[tuple[str, int, int], ...] = (
    ("Starter", 9, 10), ("Junior", 5, 9), ("Expert", 4, 7), ("Master", 3, 6), ("Wizard", 2, 4))
LEVEL_NAMES: tuple[str, ...] = tuple(name for name, _, _ in LEVELS)
SUBSET_TRIES = 300  # random given-subsets tried per drawn solution before drawing another


def level_of(cid: int) -> str:
    """Level name of challenge number 1..120 (24 per level, in Table 1's order)."""
    if isinstance(cid, bool) or not isinstance(cid, int) or not 1 <= cid <= 120:
        raise ValueError(f"challenge id must be an int in 1..120, got {cid!r}")
    return LEVEL_NAMES[(cid - 1) // PER_LEVEL]


def target_givens(level: str) -> list[int]:
    """The 24 numbers of given pieces of a level, spread evenly over Table 1's range."""
    for name, lo, hi in LEVELS:
        if name == level:
            span = hi - lo + 1
            return [hi - (i * span) // PER_LEVEL for i in range(PER_LEVEL)]
    raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVEL_NAMES)}")


def is_booklet_quality(ch: Challenge) -> bool:
    """Exactly one completion fits (linked or not), and it is linked."""
    res = count_solutions(ch, limit=2, store=0, linked_only=False)
    return res.fits == 1 and res.count == 1


def generate_challenge(task: tuple) -> dict[str, Any]:
    """Generate one challenge for ``(seed, level, slot, n_given[, attempt])``: givens, solution,
    tries. Attempt 0 uses the seed key of the first generator, later attempts extend it."""
    if len(task) not in (4, 5):
        raise ValueError(f"task must be (seed, level, slot, n_given[, attempt]), got {task!r}")
    seed, level, slot, k = task[:4]
    attempt = int(task[4]) if len(task) == 5 else 0
    if not 1 <= k <= 12:
        raise ValueError(f"n_given must lie in 1..12, got {k}")
    if attempt < 0:
        raise ValueError(f"attempt must be >= 0, got {attempt}")
    key = (level, slot) if attempt == 0 else (level, slot, attempt)
    rng = np.random.default_rng(derive_seed(seed, "iqlink-generate", *key))
    tries = 0
    while True:
        solution = random_solution(int(rng.integers(0, 2 ** 32)))
        for _ in range(SUBSET_TRIES):
            tries += 1
            pick = sorted(int(i) for i in rng.choice(12, size=k, replace=False))
            ch = Challenge(tuple(solution[i] for i in pick))
            if is_booklet_quality(ch):
                return {"level": level, "given": ch.to_json(),
                        "solution": [pl.to_json() for pl in solution], "tries": tries,
                        "task": [seed, level, slot, k, attempt]}


def generate_all(seed: int = GENERATOR_SEED, workers: int | None = None,
                 progress: bool = True, executor: Executor | None = None) -> list[dict[str, Any]]:
    """All 120 challenges, numbered per level by pieces given (more first) then search nodes."""
    tasks = [(seed, level, slot, k, 0) for level in LEVEL_NAMES
             for slot, k in enumerate(target_givens(level))]
    items = run_tasks(generate_challenge, tasks, workers=workers,
                      executor=executor, progress=progress,
                      desc="generating challenges")
    while True:  # redraw, in task order, every task whose full solution an earlier one has
        again = repeated(items)
        if not again:
            break
        redo = [tuple(items[n]["task"][:4]) + (items[n]["task"][4] + 1,) for n in again]
        for n, it in zip(again, run_tasks(generate_challenge, redo, workers=workers,
                                          executor=executor,
                                          progress=False), strict=True):
            items[n] = it
    graded = run_tasks(grade_task, [it["given"] for it in items], workers=workers,
                       executor=executor,
                       progress=progress, desc="grading challenges")
    for it, g in zip(items, graded, strict=True):
        it.update(g)
    levels = assign_levels([len(it["given"]) for it in items], [it["grade"] for it in items],
                           [it["nodes"] for it in items])
    out: list[dict[str, Any]] = []
    for level in LEVEL_NAMES:
        mine = [it for it, lv in zip(items, levels, strict=True) if lv == level]
        mine.sort(key=lambda it: (it["grade"], it["nodes"], -len(it["given"]), it["given"]))
        for it in mine:
            out.append({"id": len(out) + 1, "level": level, "given": it["given"],
                        "solution": it["solution"], "task": it["task"], "nodes": it["nodes"],
                        "grade": it["grade"], "tier": it["tier"], "guesses": it["guesses"],
                        "depth": it["depth"]})
    return out


def grade_task(given: list) -> dict[str, Any]:
    """Grade one challenge given by its JSON givens: grade, tier, guesses, depth, exact nodes."""
    ch = challenge(given)
    g = grade(ch)
    return {"grade": g.value, "tier": g.tier, "guesses": g.guesses, "depth": g.depth,
            "nodes": count_solutions(ch).nodes}


def assign_levels(givens: list[int], grades: list[float], nodes: list[int]) -> list[str]:
    """Levels for challenges so that each level gets 24 challenges whose numbers of given
    pieces lie in Table 1's range, and difficulty (grade, then exact-search nodes) rises with
    the level as far as those ranges allow: an assignment of least squared distance between a
    challenge's difficulty rank and its level's block of ranks."""
    n = len(givens)
    if n != PER_LEVEL * len(LEVELS) or len(grades) != n or len(nodes) != n:
        raise ValueError(f"need {PER_LEVEL * len(LEVELS)} challenges with givens, grades and "
                         f"nodes, got {n}, {len(grades)}, {len(nodes)}")
    order = sorted(range(n), key=lambda i: (grades[i], nodes[i], -givens[i], i))
    rank = np.empty(n, dtype=np.int64)
    rank[order] = np.arange(n)
    cost = np.zeros((n, n))
    for li, (_, lo, hi) in enumerate(LEVELS):
        first, last = li * PER_LEVEL, (li + 1) * PER_LEVEL - 1
        gap = np.maximum(0, np.maximum(first - rank, rank - last)).astype(float)
        ok = (np.asarray(givens) >= lo) & (np.asarray(givens) <= hi)
        cost[:, first:last + 1] = np.where(ok, gap ** 2, 1e9)[:, None]
    rows, cols = linear_sum_assignment(cost)
    if cost[rows, cols].max() >= 1e9:
        raise ValueError("no assignment puts every challenge in a level that allows its "
                         "number of given pieces")
    out = [""] * n
    for r, c in zip(rows, cols, strict=True):
        out[r] = LEVEL_NAMES[c // PER_LEVEL]
    return out


def repeated(items: list[dict[str, Any]]) -> list[int]:
    """Positions of the items whose full solution an earlier item already has."""
    seen: set = set()
    out = []
    for n, it in enumerate(items):
        key = solution_key(it["solution"])
        if key in seen:
            out.append(n)
        seen.add(key)
    return out


def solution_key(solution: list) -> tuple:
    """A full solution as a hashable key, independent of the order of its placements."""
    return tuple(sorted(tuple(pl) for pl in solution))


@lru_cache(maxsize=1)
def _stored() -> tuple[dict[str, Any], ...]:
    text = resources.files("puzzles.iqlink").joinpath("challenges.json").read_text("utf-8")
    return tuple(json.loads(text))


def stored_challenges() -> list[dict[str, Any]]:
    """The committed 120 challenges as dicts (id, level, given, solution, task, nodes)."""
    return [dict(it) for it in _stored()]


@lru_cache(maxsize=1)
def _loaded() -> tuple[Challenge, ...]:
    return tuple(challenge(it["given"], it["id"], it["level"]) for it in _stored())


def load_challenges() -> list[Challenge]:
    """The committed 120 challenges as validated Challenge objects, ids 1..120."""
    return list(_loaded())


def stored_solution(cid: int) -> list:
    """The stored solution (12 placements) of challenge ``cid``, re-checked by the model."""
    level_of(cid)
    it = _stored()[cid - 1]
    sol = [from_json(x) for x in it["solution"]]
    problems = check_solution(challenge(it["given"]), sol)
    if problems:
        raise ValueError(f"stored solution of challenge {cid} is invalid: {problems}")
    return sol
