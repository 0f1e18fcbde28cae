"""Our 120 challenges: 24 per level, Table 1's numbers of given pieces, each with one solution.

The booklet's challenges are not public, so we generate our own from a fixed seed. A challenge
is made by drawing a random full linked solution, then random subsets of its pieces of the
wanted size as givens until one has exactly one linked completion (proved by the exact
solver). The stored set (``challenges.json`` in this package) is what every notebook uses;
``generate_challenge`` rebuilds any item of it exactly from the seed.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from puzzles.core import derive_seed, run_tasks
from puzzles.iqlink.placements import Challenge, challenge, check_solution, from_json
from puzzles.iqlink.search import count_solutions, random_solution

GENERATOR_SEED = 2026
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


def generate_challenge(task: tuple[int, str, int, int]) -> dict[str, Any]:
    """Generate one challenge for ``(seed, level, slot, n_given)``: givens, solution, attempts."""
    seed, level, slot, k = task
    if not 1 <= k <= 12:
        raise ValueError(f"n_given must lie in 1..12, got {k}")
    rng = np.random.default_rng(derive_seed(seed, "iqlink-generate", level, slot))
    tries = 0
    while True:
        solution = random_solution(int(rng.integers(0, 2 ** 32)))
        for _ in range(SUBSET_TRIES):
            tries += 1
            pick = sorted(int(i) for i in rng.choice(12, size=k, replace=False))
            ch = Challenge(tuple(solution[i] for i in pick))
            if count_solutions(ch, limit=2, store=0).count == 1:
                return {"level": level, "given": ch.to_json(),
                        "solution": [pl.to_json() for pl in solution], "tries": tries,
                        "task": [seed, level, slot, k]}


def generate_all(seed: int = GENERATOR_SEED, workers: int | None = None,
                 progress: bool = True) -> list[dict[str, Any]]:
    """All 120 challenges, numbered per level by pieces given (more first) then search nodes."""
    tasks = [(seed, level, slot, k) for level in LEVEL_NAMES
             for slot, k in enumerate(target_givens(level))]
    items = run_tasks(generate_challenge, tasks, workers=workers, progress=progress,
                      desc="generating challenges")
    out: list[dict[str, Any]] = []
    for level in LEVEL_NAMES:
        mine = [it for it in items if it["level"] == level]
        for it in mine:
            it["nodes"] = count_solutions(challenge(it["given"])).nodes
        mine.sort(key=lambda it: (-len(it["given"]), it["nodes"], it["given"]))
        for it in mine:
            out.append({"id": len(out) + 1, "level": level, "given": it["given"],
                        "solution": it["solution"], "task": it["task"],
                        "nodes": it["nodes"]})
    return out


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
