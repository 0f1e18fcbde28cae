"""The clockwork puzzle: states (k, L), actions, modulo rotary addition, goals, fitness, packing.

A state is ``(k, L)``: hand position ``k`` in Z_n and lights ``L`` in (Z_c)^n. An action is kept
in *plain form* ``(k_a, M)``: turn the hand ``k_a`` steps clockwise, then add ``M`` to the lights
relative to the hand's new position (``M[0]`` to the light the hand lands on, ``M[1]`` to the
next one, ...). The paper writes the same action as the state ``(k_a, sigma^k_a M)`` and applies
it by modulo rotary addition ``w' = a +_r w``; :func:`encode_action` / :func:`decode_action`
convert between the two forms and :func:`rotary_add` is the paper's operator itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import gcd
from typing import NamedTuple

import numpy as np

State = tuple[int, tuple[int, ...]]
Action = tuple[int, tuple[int, ...]]


def _check_nc(n: int, c: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 2:
        raise ValueError(f"n (number of lights) must be an int >= 2, got {n!r}")
    if isinstance(c, bool) or not isinstance(c, int | np.integer) or c < 2:
        raise ValueError(f"c (number of light settings) must be an int >= 2, got {c!r}")


def _check_vector(v: Iterable[int], n: int, c: int, what: str) -> tuple[int, ...]:
    try:
        vals = tuple(int(x) for x in v)
    except (TypeError, ValueError) as err:
        raise ValueError(f"{what} must be a sequence of ints, got {v!r}") from err
    if len(vals) != n:
        raise ValueError(f"{what} must have n = {n} entries, got {len(vals)}")
    bad = [x for x in vals if not 0 <= x < c]
    if bad:
        raise ValueError(f"{what} has values outside Z_{c} (0..{c - 1}): {bad}")
    return vals


def sigma(L: Sequence[int], k: int = 1) -> tuple[int, ...]:
    """The paper's sigma^k: shift indices up by k, so (sigma^k L)[i] = L[i - k]."""
    n = len(L)
    return tuple(L[(i - k) % n] for i in range(n))


def rotary_add(w1: State, w2: State, n: int, c: int) -> State:
    """Modulo rotary addition w1 +_r w2 = (k1 + k2, sigma^k2 L1 + L2), Definition 2."""
    (k1, L1), (k2, L2) = w1, w2
    M = sigma(L1, k2)
    return ((k1 + k2) % n, tuple((m + l) % c for m, l in zip(M, L2, strict=True)))


def encode_action(action: Action, n: int) -> State:
    """The paper's encoding of a plain action: (k, sigma^k M)."""
    k, M = action
    return (k % n, sigma(M, k))


def decode_action(encoded: State, n: int) -> Action:
    """Plain form (k, M) of an action given in the paper's encoding (k, sigma^k M)."""
    k, L = encoded
    return (k % n, sigma(L, -k))


def inverse_action(action: Action, n: int, c: int) -> Action:
    """The plain action that undoes ``action`` from any state."""
    k, M = action
    # Undoing subtracts M relative to the new hand, which is k steps after the old one.
    back = sigma(M, k)
    return ((-k) % n, tuple((-x) % c for x in back))


def action_str(action: Action) -> str:
    """Plain form as text, e.g. ``3:100000000000`` (k, then M digits)."""
    k, M = action
    return f"{k}:" + "".join(str(x) for x in M)


def state_str(state: State) -> str:
    """A state as the paper writes it, e.g. ``0,010101101001``."""
    k, L = state
    return f"{k}," + "".join(str(x) for x in L)


def parse_state(text: str, n: int, c: int) -> State:
    """Parse ``"k,L-digits"`` (digits must be < 10) into a validated state."""
    try:
        k_txt, l_txt = text.split(",")
        return make_state(int(k_txt), [int(ch) for ch in l_txt.strip()], n, c)
    except ValueError as err:
        raise ValueError(f"state {text!r} is not 'k,digits' for n={n}, c={c}: {err}") from err


def make_state(k: int, L: Iterable[int], n: int, c: int) -> State:
    """A validated state (k in Z_n, L in (Z_c)^n)."""
    _check_nc(n, c)
    if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 0 <= k < n:
        raise ValueError(f"hand position k must be an int in 0..{n - 1}, got {k!r}")
    return (int(k), _check_vector(L, n, c, "lights L"))


def make_action(k: int, M: Iterable[int], n: int, c: int) -> Action:
    """A validated plain action (turn k, then add M relative to the new hand position)."""
    _check_nc(n, c)
    if isinstance(k, bool) or not isinstance(k, int | np.integer):
        raise ValueError(f"action k must be an int, got {k!r}")
    return (int(k) % n, _check_vector(M, n, c, "action M"))


def unit(i: int, n: int, times: int = 1) -> tuple[int, ...]:
    """``times * e_i`` as a tuple of n entries."""
    return tuple(times if j == i else 0 for j in range(n))


@dataclass(frozen=True)
class Puzzle:
    """An instance: n lights with c settings, initial state, action set and goal L-components."""

    n: int
    c: int
    initial: State
    actions: tuple[Action, ...]
    goals: tuple[tuple[int, ...], ...] = field(default=())
    name: str = ""
    description: str = ""

    def __post_init__(self) -> None:
        _check_nc(self.n, self.c)
        object.__setattr__(self, "initial", make_state(*self.initial, self.n, self.c))
        if len(self.actions) == 0:
            raise ValueError("actions: the action set must not be empty")
        acts = tuple(make_action(k, M, self.n, self.c) for k, M in self.actions)
        object.__setattr__(self, "actions", acts)
        goals = self.goals or ((0,) * self.n,)
        goals = tuple(_check_vector(g, self.n, self.c, "goal L") for g in goals)
        object.__setattr__(self, "goals", goals)

    @property
    def zero_goal(self) -> bool:
        """True when the goal set is the paper's: all lights at setting 0, any hand position."""
        return self.goals == ((0,) * self.n,)

    @property
    def n_states(self) -> int:
        """|W_{n,c}| = n c^n (Lemma 1)."""
        return self.n * self.c ** self.n


def apply(state: State, action: Action, n: int, c: int) -> State:
    """The state after a plain action: hand turns k, M is added from the new hand position."""
    k, L = state
    ka, M = action
    k2 = (k + ka) % n
    return (k2, tuple((L[i] + M[(i - k2) % n]) % c for i in range(n)))


def is_goal(state: State, puzzle: Puzzle) -> bool:
    """True when the state's L-component is one of the puzzle's goal L-components."""
    return state[1] in puzzle.goals


def fitness(state: State, c: int) -> int:
    """The paper's state fitness: sum_i (c - l_i) mod c, the increments still needed (0 = goal)."""
    return sum((c - x) % c for x in state[1])


def replay(puzzle: Puzzle, moves: Sequence[int], start: State | None = None) -> list[State]:
    """States visited when action indices ``moves`` are applied in turn (start state first)."""
    state = puzzle.initial if start is None else start
    states = [state]
    for m in moves:
        if not 0 <= int(m) < len(puzzle.actions):
            raise ValueError(f"moves: action index {m} not in 0..{len(puzzle.actions) - 1}")
        state = apply(state, puzzle.actions[int(m)], puzzle.n, puzzle.c)
        states.append(state)
    return states


def solves(puzzle: Puzzle, moves: Sequence[int]) -> bool:
    """True when applying ``moves`` from the initial state ends in a goal state."""
    return is_goal(replay(puzzle, moves)[-1], puzzle)


def first_goal(puzzle: Puzzle, moves: Sequence[int]) -> int | None:
    """Number of moves until the first goal state along ``moves`` (0 = initial), None if never."""
    for i, s in enumerate(replay(puzzle, moves)):
        if is_goal(s, puzzle):
            return i
    return None


# --- packing -----------------------------------------------------------------------------------

def pack(state: State, n: int, c: int) -> int:
    """State as one integer: k * c^n + sum_i L[i] c^i."""
    k, L = state
    x = 0
    for i in range(n - 1, -1, -1):
        x = x * c + L[i]
    return k * c ** n + x


def unpack(x: int, n: int, c: int) -> State:
    """Inverse of :func:`pack`."""
    if not 0 <= x < n * c ** n:
        raise ValueError(f"packed state {x} outside 0..{n * c ** n - 1}")
    k, rest = divmod(int(x), c ** n)
    L = []
    for _ in range(n):
        rest, d = divmod(rest, c)
        L.append(d)
    return (k, tuple(L))


class Moves(NamedTuple):
    """A puzzle's actions as flat arrays for numba: per action its turn ``ks``, and its
    ``cnt`` nonzero M entries at positions ``pos`` with values ``val``."""

    ks: np.ndarray
    pos: np.ndarray
    val: np.ndarray
    cnt: np.ndarray


def action_arrays(actions: Sequence[Action], n: int) -> Moves:
    """Flat arrays for numba: k per action, and per action its nonzero M positions and values."""
    A = len(actions)
    ks = np.array([a[0] % n for a in actions], dtype=np.int64)
    pos = np.zeros((A, n), dtype=np.int64)
    val = np.zeros((A, n), dtype=np.int64)
    cnt = np.zeros(A, dtype=np.int64)
    for i, (_, M) in enumerate(actions):
        for j, m in enumerate(M):
            if m:
                pos[i, cnt[i]] = j
                val[i, cnt[i]] = m
                cnt[i] += 1
    return Moves(ks, pos, val, cnt)


# --- Q (Section IV) --------------------------------------------------------------------------

def q_value(actions: Sequence[Action], n: int) -> int | None:
    """The paper's Q: gcd of n, the k of L=0 actions and k-differences of e0 actions.

    Defined only when every action's plain M is 0 or e_0; None otherwise.
    """
    zero_k, e0_k = [], []
    for k, M in actions:
        if not any(M):
            zero_k.append(k)
        elif M[0] == 1 and not any(M[1:]):
            e0_k.append(k)
        else:
            return None
    D = [n, *zero_k]
    D += [a - b for i, a in enumerate(e0_k) for b in e0_k[i + 1:]]
    q = 0
    for d in D:
        q = gcd(q, abs(d))
    return q
