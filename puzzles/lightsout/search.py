"""The exact solver: fewest presses from every state, by one breadth-first search from the goal.

512 states are too few for numba to pay: a family's real hot loops are numba kernels over flat
arrays (see ``puzzles/hypercube/search.py``).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from puzzles.lightsout.model import ALL_OFF, CELLS, STATES, check_state, press_mask


@cache
def distances() -> np.ndarray:
    """Fewest presses from every state to all-off (-1 where unreachable)."""
    dist = np.full(STATES, -1, dtype=np.int64)
    dist[ALL_OFF] = 0
    frontier = [ALL_OFF]
    while frontier:
        nxt = []
        for s in frontier:
            for cell in range(CELLS):
                t = s ^ press_mask(cell)
                if dist[t] < 0:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    dist.flags.writeable = False  # cached: no caller may change it
    return dist


def shortest_presses(state: int) -> list[int] | None:
    """A shortest press list from ``state`` to all-off (None when none exists)."""
    dist = distances()
    state = check_state(state)
    if dist[state] < 0:
        return None
    plan = []
    while state != ALL_OFF:
        move = next(m for m in range(CELLS) if dist[state ^ press_mask(m)] == dist[state] - 1)
        plan.append(move)
        state ^= press_mask(move)
    return plan
