"""The paper's instances A1-F4 built from the text (readings: DESIGN 5.1), and random instances.

Light indices are 0-based. Readings used (the notebook shows the alternatives as data):
A1/B1 all lights off = all 1; A2/B2 indices 0, 2, 4, ... on; A3/B3 multiples of 3 (0 included)
on; A4/B4 index 6 on; B5 starts from A5's noisy state (Section V: every B instance uses its A
counterpart's initial state, :func:`counterparts`); C1 all 1 (two increments from the goal
when c = 3); C2 = C1 with even indices incremented; C3 = C2 with multiples of 3
incremented; C4 = C1 with one light set to the goal (index given by ``C4_INDEX``); F1-F4 =
C3 plus extra actions. "Noisy" states are drawn from the fixed ``INSTANCE_SEED``
(independent of the notebook's SEED) with hand 0 and are redrawn until solvable.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from puzzles.clockwork.algebra import action_group, is_solvable
from puzzles.clockwork.model import Action, Puzzle, action_str, state_str, unit
from puzzles.core import derive_rng

INSTANCE_SEED = 2026
# "a single light at the seventh position": index 6 (1-based seventh) is unsolvable, so the
# 0-based reading consistent with A4's "sixth position" = index 6 is used: index 7.
C4_INDEX = 7

TABLES: dict[str, list[str]] = {
    "I": ["A1", "A2", "A3", "A4", "A5"],
    "II": ["B1", "B2", "B3", "B4", "B5"],
    "III": ["C1", "C2", "C3", "C4", "C5", "C6"],
    "IV": ["D1", "A5", "D2", "D3"],
    "V": ["E1", "E2", "E3", "E4", "E5"],
    "VI": ["F1", "F2", "F3", "F4"],
}


def e0_action(k: int, n: int, times: int = 1) -> Action:
    """(k, sigma^k (times e_0)) in plain form."""
    return (k % n, unit(0, n, times))


def zero_action(k: int, n: int) -> Action:
    """(k, 0): turn the hand without touching a light."""
    return (k % n, (0,) * n)


def noisy_state(n: int, c: int, actions: tuple[Action, ...], key: str,
                seed: int = INSTANCE_SEED, max_tries: int = 10_000) -> tuple[int, tuple]:
    """A uniformly random solvable state with hand 0, fixed by (seed, key)."""
    rng = derive_rng(seed, "clockwork-instance", key)
    group = action_group(actions, n, c)
    for _ in range(max_tries):
        L = tuple(int(x) for x in rng.integers(0, c, size=n))
        probe = Puzzle(n, c, (0, L), actions)
        if is_solvable(probe, group=group):
            return (0, L)
    raise ValueError(f"no solvable state for {key!r} in {max_tries} draws")


def _lights(n: int, on: set[int], off_value: int = 1) -> tuple[int, ...]:
    return tuple(0 if i in on else off_value for i in range(n))


def _wrapped(acts: tuple[Action, ...], turns: tuple[int, ...], n: int) -> str:
    """Say how actions read on the board when a turn count exceeds the number of lights."""
    if all(a[0] == k for a, k in zip(acts, turns, strict=True)):
        return ""
    return f", i.e. {', '.join(action_str(a) for a in acts)} on {n} lights (turns mod {n})"


def _build() -> dict[str, Puzzle]:
    n = 12
    p: dict[str, Puzzle] = {}
    a_set = (e0_action(7, n), e0_action(5, n), zero_action(3, n))
    b_set = a_set[:2]
    pattern = {
        "1": ("all lights off", set()),
        "2": ("even-numbered lights (0, 2, ..., 10) on", set(range(0, n, 2))),
        "3": ("lights divisible by three (0, 3, 6, 9) on", set(range(0, n, 3))),
        "4": ("light 6 on, the rest off", {6}),
    }
    for letter, acts, what in (("A", a_set, "actions (7,e0),(5,e0),(3,0)"),
                               ("B", b_set, "actions (7,e0),(5,e0)")):
        for num, (desc, on) in pattern.items():
            p[letter + num] = Puzzle(n, 2, (0, _lights(n, on)), acts, name=letter + num,
                                     description=f"n=12, c=2, {desc}; {what}")
        # Section V: each B instance starts from its A counterpart's initial state, so B5
        # takes A5's noisy state (drawn under set A's actions), which must be solvable under B.
        if letter == "A":
            state, noisy = noisy_state(n, 2, acts, "A5"), "noisy lights"
        else:
            state, noisy = p["A5"].initial, "A5's noisy lights"
            if not is_solvable(Puzzle(n, 2, state, acts)):
                raise ValueError("A5's state is not solvable under set B's actions")
        p[letter + "5"] = Puzzle(n, 2, state, acts, name=letter + "5",
                                 description=f"n=12, c=2, {noisy}; {what}")
    # C: three settings; "furthest from the goal" = 1 (two increments away).
    c1 = (1,) * n
    c2 = tuple((x + 1) % 3 if i % 2 == 0 else x for i, x in enumerate(c1))
    c3 = tuple((x + 1) % 3 if i % 3 == 0 else x for i, x in enumerate(c2))
    c4 = tuple(0 if i == C4_INDEX else x for i, x in enumerate(c1))
    cdesc = "; actions (7,e0),(5,e0)"
    p["C1"] = Puzzle(n, 3, (0, c1), b_set, name="C1",
                     description="n=12, c=3, every light at 1 (furthest from 0)" + cdesc)
    p["C2"] = Puzzle(n, 3, (0, c2), b_set, name="C2",
                     description="n=12, c=3, C1 with even lights incremented" + cdesc)
    p["C3"] = Puzzle(n, 3, (0, c3), b_set, name="C3",
                     description="n=12, c=3, C2 with lights 0, 3, 6, 9 incremented" + cdesc)
    p["C4"] = Puzzle(n, 3, (0, c4), b_set, name="C4",
                     description=f"n=12, c=3, C1 with light {C4_INDEX} at the goal" + cdesc)
    p["C5"] = Puzzle(n, 3, noisy_state(n, 3, b_set, "C5"), b_set, name="C5",
                     description="n=12, c=3, noisy lights" + cdesc)
    p["C6"] = Puzzle(n, 5, noisy_state(n, 5, b_set, "C6"), b_set, name="C6",
                     description="n=12, c=5, noisy lights" + cdesc)
    for name, nd in (("D1", 6), ("D2", 18), ("D3", 24)):
        acts = (e0_action(7, nd), e0_action(5, nd))
        p[name] = Puzzle(nd, 2, noisy_state(nd, 2, acts, name), acts, name=name,
                         description=f"n={nd}, c=2, noisy lights; actions (7,e0),(5,e0)"
                                     + _wrapped(acts, (7, 5), nd))
    for name, k1 in (("E1", 2), ("E2", 3), ("E3", 4), ("E4", 5), ("E5", 7)):
        acts = (e0_action(k1, n), e0_action(1, n))
        p[name] = Puzzle(n, 2, noisy_state(n, 2, acts, name), acts, name=name,
                         description=f"n=12, c=2, noisy lights; actions ({k1},e0),(1,e0)")
    f1 = (3, unit(0, n, 2))
    f2 = (3, tuple(1 if i in (2, 11) else 0 for i in range(n)))
    extras = {"F1": ((f1,), "C3 plus (3, 2e0)"),
              "F2": ((f2,), "C3 plus (3, e2+e11)"),
              "F3": ((f1, f2), "C3 plus (3, 2e0) and (3, e2+e11)"),
              "F4": ((zero_action(0, n), zero_action(0, n)), "C3 plus two copies of (0, 0)")}
    for name, (more, desc) in extras.items():
        p[name] = Puzzle(n, 3, (0, c3), b_set + more, name=name, description=f"n=12, c=3, {desc}")
    return p


_CACHE: dict[str, Puzzle] = {}


def paper_instances() -> dict[str, Puzzle]:
    """Every instance of Tables I-VI by name (A5 once; Table IV lists it again)."""
    if not _CACHE:
        _CACHE.update(_build())
    return dict(_CACHE)


def counterparts() -> list[tuple[str, str]]:
    """(A instance, B instance) pairs that Section V says share an initial state."""
    return [(f"A{i}", f"B{i}") for i in range(1, 6)]


def instance(name: str) -> Puzzle:
    """One paper instance by name, e.g. ``"C3"``."""
    inst = paper_instances()
    if name not in inst:
        raise ValueError(f"unknown instance {name!r}; known: {', '.join(inst)}")
    return inst[name]


def listing() -> pd.DataFrame:
    """Every paper instance: n, c, initial state, actions (plain form) and our reading."""
    return pd.DataFrame([{"instance": k, "n": p.n, "c": p.c, "initial": state_str(p.initial),
                          "actions": ";".join(action_str(a) for a in p.actions),
                          "description": p.description} for k, p in paper_instances().items()])


def table_rows() -> list[tuple[str, str]]:
    """(table, instance) for every row of Tables I-VI, in the paper's order."""
    return [(t, name) for t, names in TABLES.items() for name in names]


def c_variants() -> dict[str, Puzzle]:
    """Alternative readings of C2, C3 and C4, for the readings table (see DESIGN 5.1)."""
    n, acts = 12, (e0_action(7, 12), e0_action(5, 12))
    c1 = (1,) * n
    out: dict[str, Puzzle] = {}
    for label, parity in (("C2 even 0-based (0,2,..)", 0), ("C2 odd 0-based (1,3,..)", 1)):
        L = tuple((x + 1) % 3 if i % 2 == parity else x for i, x in enumerate(c1))
        out[label] = Puzzle(n, 3, (0, L), acts, name=label)
    c2 = out["C2 even 0-based (0,2,..)"].initial[1]
    for label, idx in (("C3 with light 0 (0,3,6,9)", (0, 3, 6, 9)),
                       ("C3 without light 0 (3,6,9)", (3, 6, 9))):
        L = tuple((x + 1) % 3 if i in idx else x for i, x in enumerate(c2))
        out[label] = Puzzle(n, 3, (0, L), acts, name=label)
    for idx in range(n):
        L = tuple(0 if i == idx else 1 for i in range(n))
        out[f"C4 light {idx}"] = Puzzle(n, 3, (0, L), acts, name=f"C4 light {idx}")
    return out


B5_FROM_A5 = "B5 from A5"


def set_b_variants() -> dict[str, Puzzle]:
    """B5 as Section V defines it: A5's noisy state with set B's actions (``B5`` itself draws
    its own noisy state; the ledger shows both)."""
    a5, b5 = instance("A5"), instance("B5")
    return {B5_FROM_A5: Puzzle(a5.n, a5.c, a5.initial, b5.actions, name=B5_FROM_A5,
                               description="A5's noisy state with actions (7,e0),(5,e0)")}


def random_instance(n: int, c: int, actions: tuple[Action, ...], seed: int,
                    hand: int = 0) -> Puzzle:
    """A random solvable instance: uniform lights with the given hand, redrawn until solvable."""
    rng = np.random.default_rng(seed)
    group = action_group(actions, n, c)
    for _ in range(10_000):
        L = tuple(int(x) for x in rng.integers(0, c, size=n))
        probe = Puzzle(n, c, (hand, L), actions, name=f"random-{seed}")
        if is_solvable(probe, group=group):
            return probe
    raise ValueError(f"actions: no solvable state found for n={n}, c={c} in 10000 draws")
