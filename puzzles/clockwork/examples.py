"""The paper's worked examples (Figs. 1-6) as data: states, action sets, rings, invariants.

The figures themselves are not in the paper's text, so where a figure's exact content is
unknown (Fig. 3's initial state, Fig. 4's and Fig. 5's rings, Fig. 6's state) we use our own
and say so; Figs. 1-2 are given in the text and reproduced exactly.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from puzzles.clockwork.algebra import reachable_count
from puzzles.clockwork.dwp import crossover, decode_trace
from puzzles.clockwork.model import Puzzle, apply, parse_state, q_value, state_str, unit
from puzzles.clockwork.reference import figure_state
from puzzles.clockwork.search import reachable_states


def example1() -> Puzzle:
    """Example 1 (Figs. 1-2): n = 12, c = 2, actions (4, sigma^4 e0) and (3, sigma^3 e0)."""
    return Puzzle(12, 2, parse_state(figure_state("Fig. 1"), 12, 2),
                  ((4, unit(0, 12)), (3, unit(0, 12))),
                  name="Example 1", description="Figs. 1-2: turn 4 or 3, toggle the landing light")


def example2() -> Puzzle:
    """Example 2 (Fig. 3): n = 6, c = 4, three actions; the initial state is ours."""
    acts = ((3, (0, 1, 0, 0, 0, 1)), (1, (3, 0, 0, 1, 0, 0)), (5, (3, 2, 1, 0, 0, 0)))
    return Puzzle(6, 4, (0, (0, 1, 2, 3, 0, 1)), acts, name="Example 2",
                  description="Fig. 3: n=6, c=4 (red, yellow, green, blue); our initial state")


def example2_states() -> list:
    """Fig. 3: the initial state and the state after each of the three actions."""
    p = example2()
    return [p.initial] + [apply(p.initial, a, p.n, p.c) for a in p.actions]


def example3() -> Puzzle:
    """Example 3 (Fig. 6): n = 6, c = 2, actions (1, e0), (4, e0), goal = all lights equal."""
    return Puzzle(6, 2, (0, (0, 0, 1, 0, 0, 0)), ((1, unit(0, 6)), (4, unit(0, 6))),
                  goals=((0,) * 6, (1,) * 6), name="Example 3",
                  description="Fig. 6: unsolvable (our initial state: light 2 off)")


def residue_invariant(state) -> tuple[int, tuple[int, int, int]]:
    """(hand mod 3, parity of the lights off in each residue class mod 3) of an n = 6 state."""
    k, L = state
    return (k % 3, tuple(sum(L[i] for i in range(r, 6, 3)) % 2 for r in range(3)))


def example3_analysis() -> tuple[dict, pd.DataFrame]:
    """Why Example 3 is unsolvable: its reachable states, goals among them, the invariant."""
    p = example3()
    reach = reachable_states(p)
    goals = [s for s in reach if s[1] in p.goals]
    inv_reach = sorted({residue_invariant(s) for s in reach})
    goal_states = [(k, g) for g in p.goals for k in range(6)]
    inv_goal = sorted({residue_invariant(s) for s in goal_states})
    facts = {"Q": q_value(p.actions, p.n), "states": p.n_states, "reachable": len(reach),
             "reachable (group order)": reachable_count(p), "goal states reachable": len(goals)}
    rows = [{"hand mod 3": h, "parities reachable from the start":
             " or ".join(str(par) for hh, par in inv_reach if hh == h),
             "parities of goal states": " or ".join(str(par) for hh, par in inv_goal if hh == h)}
            for h in range(3)]
    return facts, pd.DataFrame(rows)


# Fig. 4: a ring on Example 1's actions whose first reads are those the paper describes.
FIG4_R = 8
FIG4_RING = (FIG4_R + 0, FIG4_R + 1, 0, FIG4_R + 1, 2, FIG4_R + 0, 7, 5)


def fig4_trace(steps: int = 12) -> pd.DataFrame:
    """Fig. 4: each read of :data:`FIG4_RING` and what it does, with the string so far."""
    trace = decode_trace(FIG4_RING, FIG4_R, 2, L=steps)
    out, string = [], []
    for i, (entry, sym, what) in enumerate(trace):
        if sym >= FIG4_R:
            string.append(f"a{sym - FIG4_R}")
        out.append({"read": i + 1, "entry": entry + 1, "does": what.replace(
            f"entry {sym}", f"entry {sym + 1}") if sym < FIG4_R else what,
            "string": " ".join(string)})
    return pd.DataFrame(out)


def fig5_example(seed: int, R: int = 15, n_actions: int = 3, cut: int = 6,
                 mutate: int = 3) -> dict:
    """Fig. 5: two random parents, one-point crossover after entry ``cut``, entry ``mutate``
    (1-based) of each child overwritten."""
    rng = np.random.default_rng(seed)
    S = R + n_actions
    p1 = rng.integers(0, S, size=R).astype(np.int64)
    p2 = rng.integers(0, S, size=R).astype(np.int64)
    c1, c2 = np.empty(R, np.int64), np.empty(R, np.int64)
    crossover(p1, p2, cut, c1, c2)
    m1, m2 = c1.copy(), c2.copy()
    m1[mutate - 1] = (c1[mutate - 1] + 1 + rng.integers(0, S - 1)) % S
    m2[mutate - 1] = (c2[mutate - 1] + 1 + rng.integers(0, S - 1)) % S
    return {"rings": [p1, p2, c1, c2, m1, m2], "cut": cut, "mutate": mutate,
            "labels": ["parent 1", "parent 2", "child 1", "child 2", "child 1 mutated",
                       "child 2 mutated"]}


def fig1_fig2() -> list:
    """Figs. 1-2: Example 1's initial state and the state after (3, sigma^3 e0)."""
    p = example1()
    return [p.initial, apply(p.initial, p.actions[1], p.n, p.c)]


__all__ = ["example1", "example2", "example2_states", "example3", "example3_analysis",
           "fig1_fig2", "fig4_trace", "fig5_example", "residue_invariant", "state_str"]
