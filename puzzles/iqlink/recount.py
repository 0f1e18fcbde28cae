"""A second, independently written count of the empty board, slice by light-purple placement.

The stored count (``empty_board.json``, ``search.count_solutions``) branches on pieces (the
piece with the fewest candidates left), prunes with ball/socket counting (Section 15) and tests
links with a breadth-first closure (``search.connected``). This counter shares none of that. It
branches on **peg centres**: the 16 balls and 6 closed circles each claim the centre of their
own peg, so a full board covers exactly 22 of the 24 centres and leaves 2 uncovered (under a
lone open ring, or an empty peg). The search takes the lowest peg whose centre is undecided
and either puts down a placement with a ball or circle there, or leaves that centre uncovered
(at most twice). Every piece has a ball or a circle, so a board with all 24 centres decided
holds all 12 pieces, and each board is reached exactly once. A full board is linked when a
union-find over its 12 pieces (joined when they share a peg) ends with one root. Only the
placement table (``placements.table``, the model) is shared with the stored count. Every one
of the 72 slices is counted; none is copied from its turned twin.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd
from numba import njit

from puzzles.core import run_tasks
from puzzles.core.storage import store
from puzzles.iqlink.board import N_PEGS, N_WORDS
from puzzles.iqlink.pieces import N_PIECES
from puzzles.iqlink.placements import table
from puzzles.iqlink.search import popcount

METHOD = "peg-centre branching, at most 2 uncovered centres, union-find link test"
N_PIECES_K = N_PIECES
UNCOVERED = 2  # 24 pegs - (16 balls + 6 circles), each on a peg centre of its own


class Centres(NamedTuple):
    """Placements by covered peg centre: ``ids[start[g]:start[g + 1]]`` are the placements
    with a ball or circle on peg ``g``; per placement its piece, slot masks, pegs and covered
    centres."""

    ids: np.ndarray
    start: np.ndarray
    piece: np.ndarray
    masks: np.ndarray
    pegs: np.ndarray
    centres: np.ndarray


class Stack(NamedTuple):
    """Per-depth state of the search (depth = decisions taken)."""

    lists: np.ndarray  # (depth, n) placements that can still go down
    lens: np.ndarray
    opts: np.ndarray  # (depth, n) options at this depth (-1: leave the peg's centre uncovered)
    nopts: np.ndarray
    pos: np.ndarray
    done: np.ndarray  # centres decided (covered or left uncovered)
    holes: np.ndarray  # centres left uncovered so far
    chosen: np.ndarray  # (depth + 12,) peg masks of the pieces down, in order; n at [-1]


def centres() -> Centres:
    """The placement table indexed by covered peg centre."""
    t = table()
    cover = t.balls | t.circles
    lists = [np.flatnonzero((cover >> g) & 1) for g in range(N_PEGS)]
    start = np.zeros(N_PEGS + 1, np.int64)
    start[1:] = np.cumsum([len(x) for x in lists])
    return Centres(np.concatenate(lists).astype(np.int64), start, t.piece, t.masks, t.pegs,
                   cover)


def _stack(depth: int, width: int) -> Stack:
    z = np.zeros
    return Stack(z((depth, width), np.int64), z(depth, np.int64), z((depth, width + 1), np.int64),
                 z(depth, np.int64), z(depth, np.int64), z(depth, np.int64), z(depth, np.int64),
                 z((depth, N_PIECES + 1), np.int64))


@njit(cache=True)
def _find(parent: np.ndarray, i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


@njit(cache=True)
def one_group(pegmasks: np.ndarray) -> bool:
    """Union-find over pieces joined when they share a peg: whether one group remains."""
    n = pegmasks.shape[0]
    parent = np.arange(n)
    groups = n
    for i in range(n):
        for j in range(i + 1, n):
            if pegmasks[i] & pegmasks[j]:
                a = _find(parent, i)
                b = _find(parent, j)
                if a != b:
                    parent[a] = b
                    groups -= 1
    return groups == 1


@njit(cache=True)
def _choose(cs, s, d: int) -> int:
    """The open peg to branch on at depth d: one no placement can cover (its centre must stay
    uncovered), else the one the fewest placements cover; -1 when every centre is decided,
    -2 when the depth is dead (too many centres must stay uncovered, or a piece still to
    place has no placement left)."""
    cnt = np.zeros(24, np.int64)
    pieces = 0
    for i in range(s.lens[d]):
        c = s.lists[d, i]
        pieces |= 1 << cs.piece[c]
        for g in range(24):
            if (cs.centres[c] >> g) & 1:
                cnt[g] += 1
    if s.chosen[d, N_PIECES] + popcount(pieces) < N_PIECES_K:
        return -2
    best = -1
    zero = 0
    for g in range(24):
        if (s.done[d] >> g) & 1:
            continue
        if cnt[g] == 0:
            zero += 1
            best = g
        elif best < 0 or (cnt[best] > 0 and cnt[g] < cnt[best]):
            best = g
    if s.holes[d] + zero > UNCOVERED:
        return -2
    return best


@njit(cache=True)
def _options(cs, s, d: int, g: int) -> None:
    """Depth d's options at peg ``g``: placements covering its centre, then leaving it
    uncovered (-1) while fewer than two centres are uncovered."""
    k = 0
    for i in range(s.lens[d]):
        c = s.lists[d, i]
        if (cs.centres[c] >> g) & 1:
            s.opts[d, k] = c
            k += 1
    if s.holes[d] < UNCOVERED:
        s.opts[d, k] = -1
        k += 1
    s.nopts[d] = k
    s.pos[d] = 0


@njit(cache=True)
def _push(cs, s, d: int, c: int, g: int) -> None:
    """Depth d+1 = depth d with placement ``c`` down (``c`` < 0: peg g's centre uncovered)."""
    s.chosen[d + 1, :] = s.chosen[d, :]
    s.holes[d + 1] = s.holes[d]
    if c < 0:
        s.done[d + 1] = s.done[d] | (1 << g)
        s.holes[d + 1] += 1
    else:
        s.done[d + 1] = s.done[d] | cs.centres[c]
        s.chosen[d + 1, s.chosen[d, N_PIECES]] = cs.pegs[c]
        s.chosen[d + 1, N_PIECES] += 1
    k = 0
    for i in range(s.lens[d]):
        x = s.lists[d, i]
        if c >= 0 and (cs.piece[x] == cs.piece[c] or (cs.masks[x, 0] & cs.masks[c, 0]) != 0
                       or (cs.masks[x, 1] & cs.masks[c, 1]) != 0
                       or (cs.masks[x, 2] & cs.masks[c, 2]) != 0):
            continue
        if (cs.centres[x] & s.done[d + 1]) == 0:
            s.lists[d + 1, k] = x
            k += 1
    s.lens[d + 1] = k


@njit(cache=True)
def centre_count(cs, s) -> tuple[int, int, int]:
    """Count the full boards below the stack's depth 0: (linked, fits, nodes); a node is one
    placement put down."""
    linked = 0
    fits = 0
    nodes = 0
    peg = np.zeros(s.lens.shape[0], np.int64)
    d = 0
    peg[0] = _choose(cs, s, 0)
    if peg[0] == -1:
        return 0, 0, 0
    if peg[0] >= 0:
        _options(cs, s, 0, peg[0])
    while d >= 0:
        if s.pos[d] >= s.nopts[d]:
            d -= 1
            continue
        c = s.opts[d, s.pos[d]]
        s.pos[d] += 1
        nodes += c >= 0
        _push(cs, s, d, c, peg[d])
        g = _choose(cs, s, d + 1)
        if g == -1:
            if s.chosen[d + 1, N_PIECES] == N_PIECES_K:
                fits += 1
                if one_group(s.chosen[d + 1, :N_PIECES]):
                    linked += 1
            continue
        if g == -2:
            continue
        d += 1
        peg[d] = g
        _options(cs, s, d, g)
    return linked, fits, nodes


def count_from(ids: list[int]) -> tuple[int, int, int]:
    """(linked, fits, nodes) of the full boards holding the placements ``ids`` (ids of the
    placement table; no two of one piece, none colliding)."""
    t = table()
    cs = centres()
    occ = np.zeros(N_WORDS, np.uint64)
    used = 0
    s = _stack(N_PEGS + 2, len(t))
    for k, i in enumerate(ids):
        if (used >> int(t.piece[i])) & 1 or np.any(occ & t.masks[i]):
            raise ValueError(f"placement {i} repeats a piece or collides")
        occ |= t.masks[i]
        used |= 1 << int(t.piece[i])
        s.done[0] |= cs.centres[i]
        s.chosen[0, k] = t.pegs[i]
    s.chosen[0, N_PIECES] = len(ids)
    fit = ~np.any(t.masks & occ, axis=1) & ((used >> t.piece) & 1 == 0) \
        & ((cs.centres & s.done[0]) == 0)
    cand = np.flatnonzero(fit)
    s.lists[0, :len(cand)] = cand
    s.lens[0] = len(cand)
    linked, fits, nodes = centre_count(cs, s)
    return int(linked), int(fits), int(nodes)


def count_slice_centres(lp: int) -> tuple[int, int, int]:
    """(linked, fits, nodes) of the empty board with light-purple placement ``lp`` down."""
    t = table()
    if isinstance(lp, bool) or not isinstance(lp, int | np.integer) or not 0 <= lp < len(t) \
            or t.piece[lp] != 0:
        raise ValueError(f"slice must be a light-purple placement id, got {lp!r}")
    return count_from([int(lp)])


@dataclass(frozen=True)
class SliceTask:
    """One slice of the recount: light-purple placement id ``lp``."""

    lp: int

    @property
    def key(self) -> str:
        """The one text form of the task."""
        return f"recount(lp={self.lp})"


def slice_row(task: SliceTask) -> dict:
    """``recount.csv``'s row of one slice (slice, fits, linked, nodes, method)."""
    linked, fits, nodes = count_slice_centres(task.lp)
    return {"slice": task.lp, "fits": fits, "linked": linked, "nodes": nodes,
            "method": METHOD}


def slice_tasks() -> list[SliceTask]:
    """The 72 slices: every placement of light purple."""
    return [SliceTask(int(i)) for i in np.flatnonzero(table().piece == 0)]


def recount_table(rows: list[dict]) -> pd.DataFrame:
    """``recount.csv``: slice, fits, linked, method (node counts go to the run's log)."""
    return pd.DataFrame(rows)[["slice", "fits", "linked", "method"]]


__all__ = ["COMMAND", "METHOD", "Centres", "centres", "centre_count", "count_from",
           "count_slice_centres", "main", "one_group",
           "recount_table", "slice_row", "slice_tasks"]


COMMAND = "python -m puzzles.iqlink.recount"


def main(out: str = "figures/02_iq_link", cache_dir: str | None = None) -> pd.DataFrame:
    """Count all 72 slices (one worker, resumable through ``cache_dir``) and store
    ``recount.csv`` with the command that made it; the node counts go beside it."""
    rows = run_tasks(slice_row, slice_tasks(), workers=1, cache_dir=cache_dir,
                     desc="recount slices")
    frame = recount_table(rows)
    store(frame, Path(out) / "recount.csv", COMMAND)
    store(pd.DataFrame(rows)[["slice", "nodes"]], Path(out) / "recount_nodes.csv", COMMAND)
    return frame


if __name__ == "__main__":
    import sys

    main(cache_dir=sys.argv[1] if len(sys.argv) > 1 else None)
