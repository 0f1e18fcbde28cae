"""A puzzle generator a designer can drive: space, target loops (paper mode), maximum clues.

Each attempt draws random grammar productions and keeps a clue only if the puzzle still has a
solution, until exactly one remains (the exact counter decides); then every clue whose removal
keeps the solution unique is dropped (no redundant clue), and a few clue orders are tried, since
the authors' solver counts loops over the queue in order. The first puzzle with at least
``target_loops`` paper-mode loops, solved by the authors' solver, and at most ``max_hints`` clues
is returned with its text, solution and walkthrough.
"""

from __future__ import annotations

import numpy as np

from puzzles.core import derive_seed
from puzzles.logicgrid.count import count_solutions, solutions
from puzzles.logicgrid.explain import walkthrough
from puzzles.logicgrid.fi2pop import random_hints
from puzzles.logicgrid.hints import Hint, text
from puzzles.logicgrid.model import Space
from puzzles.logicgrid.solver import solve


def unique_irredundant(space: Space, rng: np.random.Generator, pool: list[Hint],
                       cap: int = 60) -> list[Hint] | None:
    """Random clues until exactly one solution, then no clue that can be dropped (or None)."""
    hints: list[Hint] = []
    for h in pool[:cap]:
        c = count_solutions(space, hints + [h])
        if c >= 1:
            hints.append(h)
            if c == 1:
                break
    else:
        return None
    if count_solutions(space, hints) != 1:
        return None
    for h in [hints[i] for i in rng.permutation(len(hints))]:
        rest = [g for g in hints if g is not h]
        if count_solutions(space, rest) == 1:
            hints = rest
    return hints


def generate(space: Space, target_loops: int, max_hints: int, seed: int,
             attempts: int = 300, orders: int = 6) -> dict:
    """One unique, irredundant puzzle with >= ``target_loops`` paper-mode loops (see module)."""
    if target_loops < 1 or max_hints < 1 or attempts < 1 or orders < 1:
        raise ValueError("target_loops, max_hints, attempts and orders must be >= 1")
    for a in range(attempts):
        s = derive_seed(seed, "designer", a)
        rng = np.random.default_rng(s)
        hints = unique_irredundant(space, rng, random_hints(space, 60, s))
        if hints is None or len(hints) > max_hints:
            continue
        best, best_loops = None, -1
        for _ in range(orders):
            res = solve(space, hints, mode="paper")
            if res.status == "solved" and res.loops > best_loops:
                best, best_loops = list(hints), res.loops
            hints = [hints[i] for i in rng.permutation(len(hints))]
        if best is not None and best_loops >= target_loops:
            return {"hints": best, "text": [text(space, h) for h in best],
                    "solution": solutions(space, best, 2)[0], "loops_paper": best_loops,
                    "loops_sound": solve(space, best).loops, "attempts": a + 1,
                    "walkthrough": walkthrough(space, best)}
    raise ValueError(f"no puzzle with >= {target_loops} paper-mode loops and <= {max_hints} "
                     f"clues in {attempts} attempts")
