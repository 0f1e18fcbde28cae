"""The authors' tabular reinforcement learning (RL), jitted, with every solution replayed.

As the authors ran it (paper Sec. 3.2, Appendix D and their ``src/rl`` scripts): weights live
in a table keyed by configuration. A breadth-first expansion backwards from the target gives
the target weight 1 and each newly found state half its parent's weight (1/2^depth), whole
layers at a time until at least P states are weighted; every other state weighs 1e-7. Each of
the 1000 episodes walks from the start, choosing among the successors with probability
proportional to their weights. Their scripts build every successor before choosing and note
when one of them is the target: a walk standing m moves from the start next to the target
records a solution of m+1 moves if that beats the best known, and the episode is a win if the
walk then steps onto the target, a loss otherwise. An episode is also lost once its length
reaches the best known. After each episode the visited states (counted back from the last,
i = 0, 1, ...) are updated with learning rate 0.05 and discount 0.95: a win sets
``w <- (1-lr) w + lr 0.95^i``, a loss ``w <- max((1-lr) w 0.95^i, 1e-12)``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

import numpy as np
from numba import njit

from puzzles.hypercube.hashing import EMPTY, grow_array, new_table, slot_of
from puzzles.hypercube.model import (
    Move,
    Puzzle,
    move_graph,
    moves_between,
    pack,
    replay,
    successors,
    validate_config,
)

UNSEEN = 1e-7
FLOOR = 1e-12


@njit(cache=True)
def _wtable(capacity):
    keys, _, _ = new_table(capacity)
    return keys, np.zeros(keys.shape[0])


@njit(cache=True)
def _wgrow(keys, w, count):
    if 2 * count < keys.shape[0]:
        return keys, w
    nk, nw = _wtable(keys.shape[0] * 2)
    for i in range(keys.shape[0]):
        if keys[i] != EMPTY:
            j = slot_of(nk, keys[i])
            nk[j] = keys[i]
            nw[j] = w[i]
    return nk, nw


@njit(cache=True)
def _initial_weights(target, graph, p_states):
    """BFS layers from the target until >= p_states states: (keys, weights, count)."""
    d, n, _, faces, branching = graph
    keys, w = _wtable(max(16, 4 * p_states))
    s = slot_of(keys, target)
    keys[s] = target
    w[s] = 1.0
    count = 1
    layer = np.array([target])
    weight = 1.0
    pos = np.empty(n, dtype=np.int64)
    buf = np.empty(branching, dtype=np.int64)
    while count < p_states and layer.shape[0] > 0:
        weight *= 0.5
        nxt = np.empty(max(16, layer.shape[0] * 4), dtype=np.int64)
        m = 0
        for idx in range(layer.shape[0]):
            c = successors(layer[idx], d, n, faces, pos, buf)
            for j in range(c):
                child = buf[j]
                s = slot_of(keys, child)
                if keys[s] == child:
                    continue
                keys[s] = child
                w[s] = weight
                count += 1
                keys, w = _wgrow(keys, w, count)
                nxt = grow_array(nxt, m + 1)
                nxt[m] = child
                m += 1
        layer = nxt[:m]
    return keys, w, count


class Protocol(NamedTuple):
    """An RL run's settings as the kernel reads them (:class:`RLSettings`)."""

    episodes: int
    lr: float
    gamma: float
    max_len: int


class Walk(NamedTuple):
    """Work arrays of a walk: ring vertices, the successors of a state, their running weights."""

    pos: np.ndarray
    buf: np.ndarray
    cw: np.ndarray


@njit(cache=True)
def _episode(ends, graph, weights, walk, path, best, max_len):
    """One walk from ``ends[0]``, choosing successors in proportion to their weights.

    Returns (moves walked, won, whether it recorded a new best solution, the path buffer):
    standing next to the target ``ends[1]`` records a solution if it beats ``best``, and the
    walk then ends, won if it stepped onto the target; it is lost once as long as ``best`` or
    ``max_len``. On a new best, ``path[:m]`` then the target is that solution.
    """
    start, target = ends
    keys, w = weights
    pos, buf, cw = walk
    state = start
    path[0] = start
    m = 0
    win = False
    recorded = False
    while True:
        c = successors(state, graph.d, graph.n, graph.faces, pos, buf)
        if c == 0:
            break
        found = False
        total = 0.0
        for j in range(c):
            s = slot_of(keys, buf[j])
            total += w[s] if keys[s] == buf[j] else UNSEEN
            cw[j] = total
            if buf[j] == target and m + 1 < best:
                found = True
        if found:
            best = m + 1
            recorded = True
        r = np.random.random() * total
        j = 0
        while j < c - 1 and cw[j] <= r:
            j += 1
        state = buf[j]
        m += 1
        path = grow_array(path, m + 1)
        path[m] = state
        if found:
            win = state == target
            break
        if m >= best or m >= max_len:
            break
    return m, win, recorded, path


@njit(cache=True)
def _reinforce(path, m, win, weights, count, protocol):
    """Update the visited states ``path[:m + 1]``, counted back from the last one; returns
    (keys, weights, count), the table grown when over half full."""
    keys, w = weights
    lr, gamma = protocol.lr, protocol.gamma
    disc = 1.0
    for i in range(m, -1, -1):
        code = path[i]
        s = slot_of(keys, code)
        if keys[s] != code:
            keys[s] = code
            w[s] = UNSEEN
            count += 1
        if win:
            w[s] = (1.0 - lr) * w[s] + lr * disc
        else:
            w[s] = max((1.0 - lr) * w[s] * disc, FLOOR)
        disc *= gamma
        if keys.shape[0] <= 2 * count:
            keys, w = _wgrow(keys, w, count)
    return keys, w, count


@njit(cache=True)
def _rl_run(ends, graph, table, protocol, seed):
    """One RL run from the weights ``table`` (keys, weights, count; copied): (best length or
    -1, best path as packed states, episodes won)."""
    np.random.seed(seed)
    keys0, w0, count = table
    keys = keys0.copy()
    w = w0.copy()
    walk = Walk(np.empty(graph.n, dtype=np.int64), np.empty(graph.branching, dtype=np.int64),
                np.empty(graph.branching))
    path = np.empty(1024, dtype=np.int64)
    best = np.int64(1) << 40
    best_path = np.empty(0, dtype=np.int64)
    wins = 0
    for _ in range(protocol.episodes):
        m, win, recorded, path = _episode(ends, graph, (keys, w), walk, path, best,
                                          protocol.max_len)
        if recorded:
            best = m
            best_path = np.empty(m + 1, dtype=np.int64)
            best_path[:m] = path[:m]
            best_path[m] = ends[1]
        if win:
            wins += 1
        keys, w, count = _reinforce(path, m, win, (keys, w), count, protocol)
    if best_path.shape[0] == 0:
        return -1, best_path, wins
    return best, best_path, wins


@dataclass(frozen=True)
class RLResult:
    """One RL run: success and the replayed best move list."""

    success: bool
    moves: list[Move] | None
    wins: int

    @property
    def n_moves(self) -> int | None:
        """Length of the best solution (None when the run failed)."""
        return None if self.moves is None else len(self.moves)


@dataclass(frozen=True)
class RLTable:
    """Initial weights from the backward BFS (shared by every run of one puzzle)."""

    keys: np.ndarray
    weights: np.ndarray
    count: int


def initial_table(puzzle: Puzzle, p_states: int) -> RLTable:
    """The backward-BFS weights of the target (whole layers until >= ``p_states`` states)."""
    if p_states < 1:
        raise ValueError(f"p_states must be positive, got {p_states}")
    keys, w, count = _initial_weights(np.int64(pack(puzzle.target, puzzle.d)),
                                      move_graph(puzzle), int(p_states))
    return RLTable(keys, w, int(count))


@dataclass(frozen=True)
class RLSettings:
    """An RL run's protocol: episodes, learning rate, discount, and the cut of an episode that
    knows no solution yet (the authors' scripts have none)."""

    episodes: int = 1000
    lr: float = 0.05
    gamma: float = 0.95
    max_len: int = 1_000_000

    def __post_init__(self) -> None:
        if self.episodes < 1:
            raise ValueError(f"episodes must be positive, got {self.episodes}")
        if not 0.0 < self.lr <= 1.0:
            raise ValueError(f"lr must lie in (0, 1], got {self.lr}")

    def with_episodes(self, episodes: int) -> RLSettings:
        """The same protocol with another episode count."""
        return replace(self, episodes=episodes)


# A module-level default, so older linters do not read the call in the signature as mutable.
PAPER_RL = RLSettings()


def run_rl(puzzle: Puzzle, start, seed: int, table: RLTable | None = None, p_states: int = 100,
           settings: RLSettings = PAPER_RL) -> RLResult:
    """One seeded RL run; the best path is replayed by the model before it is returned."""
    start = validate_config(puzzle, start)
    if table is None:
        table = initial_table(puzzle, p_states)
    ends = (np.int64(pack(start, puzzle.d)), np.int64(pack(puzzle.target, puzzle.d)))
    protocol = Protocol(int(settings.episodes), float(settings.lr), float(settings.gamma),
                        int(settings.max_len))
    best, path, wins = _rl_run(ends, move_graph(puzzle),
                               (table.keys, table.weights, np.int64(table.count)), protocol,
                               np.uint32(seed))
    if best < 0:
        return RLResult(False, None, int(wins))
    moves = moves_between(puzzle, [int(x) for x in path])
    if replay(puzzle, start, moves) != puzzle.target or len(moves) != best:
        raise AssertionError("RL reported a solution the model rejects")
    return RLResult(True, moves, int(wins))
