"""IQ-Link as a ``Game``: one of our 120 challenges, played by placing its missing pieces.

A state is the challenge number, the pieces put down, and the piece picked from the tray with
its orientation (the reader turns it with ``r``, flips it with ``f``). Moves put a piece down
(a :class:`~puzzles.iqlink.placements.Placement`) or take one off (:class:`Take`); picking,
turning, flipping, loading another challenge and replaying the paper's solver are edits, so
the core Player undoes them too. The solver is the exact one: a linked completion of the board
as it stands (our challenges have exactly one). The scene is ``scene.board_scene``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

import numpy as np

from puzzles.core.board import Event, Scene, button, field_control
from puzzles.core.game import Edit, Game, View
from puzzles.iqlink.generate import load_challenges
from puzzles.iqlink.pieces import PIECE_NAMES, orientations
from puzzles.iqlink.placements import (
    Challenge,
    Placement,
    check_solution,
    make_placement,
    on_board,
    table,
)
from puzzles.iqlink.scene import board_scene
from puzzles.iqlink.search import PaperSearchResult, count_solutions, paper_search
from puzzles.iqlink.strategies import basic_cleanup, heat_sort

REPLAY_NODE_LIMIT = 2_000_000  # the paper's solver replayed move by move gives up here
REPLAY_TRACE = 5_000  # moves replayed one by one; then the replay jumps to the solution


@dataclass(frozen=True)
class Take:
    """Take the placed ``piece`` off the board."""

    piece: int


@dataclass(frozen=True)
class Desk:
    """A challenge as the reader has it: pieces down, the piece in hand and its orientation,
    and how many moves of the paper's solver were replayed (-1: not replaying)."""

    cid: int
    placed: tuple[Placement, ...] = ()
    selected: int | None = None
    rotation: int = 0
    mirrored: bool = False
    replay: int = -1


Move = Placement | Take


def challenge_of(cid: int) -> Challenge:
    """Challenge ``cid`` (1..120) of the stored set."""
    return load_challenges()[cid - 1]


def check_cid(value: object) -> int:
    """A challenge number typed by the reader (ValueError naming what is wrong)."""
    n = len(load_challenges())
    try:
        c = int(str(value).strip())
    except ValueError:
        raise ValueError(f"challenge must be a whole number 1..{n}, got {value!r}") from None
    if not 1 <= c <= n:
        raise ValueError(f"challenge must lie in 1..{n}, got {c}")
    return c


def refusal(ch: Challenge, placed: Sequence[Placement], pl: Placement) -> str | None:
    """Why ``pl`` cannot go down beside the givens and ``placed`` (None when it can)."""
    if pl.piece in {p.piece for p in ch.given}:
        return f"{PIECE_NAMES[pl.piece]} is a given piece"
    if pl.piece in {p.piece for p in placed}:
        return f"{PIECE_NAMES[pl.piece]} is already on the board: remove it first"
    if not on_board(pl):
        return "an element would stand off the pegs"
    t = table()
    i = t.id_of(pl)
    for other in list(ch.given) + list(placed):
        if np.any(t.masks[i] & t.masks[t.id_of(other)]):
            return f"it collides with {PIECE_NAMES[other.piece]}"
    return None


def pieces_left(n: int) -> str:
    """``"1 piece to place"`` / ``"3 pieces to place"``."""
    return f"{n} piece{'' if n == 1 else 's'} to place"


def tray(desk: Desk) -> list[int]:
    """Pieces still to place."""
    down = {p.piece for p in desk.placed}
    return [p for p in challenge_of(desk.cid).missing if p not in down]


def legal_pegs(desk: Desk) -> list[int]:
    """Pegs where the piece in hand, as oriented, can go now."""
    if desk.selected is None:
        return []
    ch = challenge_of(desk.cid)
    return [peg for peg in range(24) if refusal(ch, desk.placed, make_placement(
        desk.selected, peg, desk.rotation, desk.mirrored)) is None]


@cache
def solver_run(cid: int) -> PaperSearchResult:
    """The paper's solver on challenge ``cid`` (cleanup, heat-sorted candidates, linked moves,
    counting), its first ``REPLAY_TRACE`` moves logged for the replay."""
    ch = challenge_of(cid)
    order = [i for v in heat_sort(ch, basic_cleanup(ch).domains).values() for i in v]
    return paper_search(ch, order, counting=True, lookahead=False,
                        node_limit=REPLAY_NODE_LIMIT, trace=REPLAY_TRACE)


def replay_step(desk: Desk) -> Edit[Desk]:
    """The next move of the paper's solver, backtracking included (ValueError once it is
    done); after ``REPLAY_TRACE`` moves it jumps to the solution."""
    res, t = solver_run(desk.cid), table()
    k = max(desk.replay, 0)
    placed = desk.placed if desk.replay >= 0 else ()
    if k < len(res.trace):
        depth, i = res.trace[k]
        back = " (backtracked)" if depth < len(placed) else ""
        new = Desk(desk.cid, placed[:depth] + (t.placements[i],), replay=k + 1)
        return Edit(new, f"solver move {k + 1} of {res.nodes:,}{back}: "
                         f"{PIECE_NAMES[t.piece[i]]} at depth {depth + 1}")
    if res.found and k < res.nodes:
        new = Desk(desk.cid, tuple(t.placements[i] for i in res.solution), replay=res.nodes)
        return Edit(new, f"skipped to the solver's last move {res.nodes:,}")
    raise ValueError("the solver is done" if res.found else
                     f"the solver gave up after {res.nodes:,} moves")


class IQLink(Game[Desk, Move]):
    """One challenge of our stored set; the reader may load another (an edit)."""

    title = "IQ-Link"

    def __init__(self, cid: int = 1) -> None:
        self.start = check_cid(cid)

    def initial(self) -> Desk:
        """The givens only."""
        return Desk(self.start)

    def moves(self, state: Desk) -> list[Move]:
        """Every placement of a tray piece that fits now, and taking a placed piece off."""
        t = table()
        ch = challenge_of(state.cid)
        occ = np.zeros(t.masks.shape[1], dtype=np.uint64)
        for pl in list(ch.given) + list(state.placed):
            occ |= t.masks[t.id_of(pl)]
        fits = ~np.any(t.masks & occ, axis=1) & np.isin(t.piece, tray(state))
        return [t.placements[i] for i in np.flatnonzero(fits)] + \
            [Take(p.piece) for p in state.placed]

    def apply(self, state: Desk, move: Move) -> Desk:
        """Put a piece down or take one off (ValueError naming why not)."""
        if isinstance(move, Take):
            if move.piece not in {p.piece for p in state.placed}:
                raise ValueError(f"{PIECE_NAMES[move.piece]} is not placed")
            return Desk(state.cid, tuple(p for p in state.placed if p.piece != move.piece))
        why = refusal(challenge_of(state.cid), state.placed, move)
        if why:
            raise ValueError(f"{PIECE_NAMES[move.piece]} cannot go on peg {move.peg}: {why}")
        return Desk(state.cid, state.placed + (move,))

    def illegal(self, state: Desk) -> Move:
        """A given piece put down again."""
        return challenge_of(state.cid).given[0]

    def is_goal(self, state: Desk) -> bool:
        """Every piece down, in one linked group."""
        ch = challenge_of(state.cid)
        return len(state.placed) == len(ch.missing) and not check_solution(ch, state.placed)

    def solve(self, state: Desk) -> list[Move] | None:
        """The pieces still missing from a linked completion of the board as it stands (the
        exact solver); None when no completion extends it."""
        ch = challenge_of(state.cid)
        res = count_solutions(Challenge(tuple(ch.given) + state.placed), limit=1, store=1)
        return list(res.placements(0)) if res.count else None

    def scene(self, state: Desk, view: View) -> Scene:
        """The board, the tray, the pegs the piece in hand can take, the hinted placement."""
        orientation = f"rotation {state.rotation}{', mirrored' if state.mirrored else ''}"
        hint = view.hint if isinstance(view.hint, Placement) else None
        return board_scene(state.placed, challenge_of(state.cid).given, tray(state),
                           state.selected, legal_pegs(state), orientation, hint)

    def read(self, state: Desk, event: Event) -> Move | Edit[Desk] | None:
        """Clicks on the tray, a peg or a placed piece; r and f; the challenge field; the
        replay button."""
        if event.kind == "click":
            return self._click(state, event.id)
        if event.kind == "key":
            if event.id not in ("r", "f"):
                raise ValueError(f"key {event.id!r}: r rotates, f flips the piece in hand; "
                                 "z undoes, y redoes, h hints, s steps")
            return self._turn(state) if event.id == "r" else self._flip(state)
        if event.kind == "input" and event.id == "challenge":
            c = check_cid(event.value)
            ch = challenge_of(c)
            return Edit(Desk(c), f"challenge {c} ({ch.level}): place "
                                 f"{', '.join(PIECE_NAMES[p] for p in ch.missing)}")
        if event.kind == "button" and event.id == "replay":
            return replay_step(state)
        return None

    def _click(self, state: Desk, id: str) -> Move | Edit[Desk] | None:
        kind, _, arg = id.partition("-")
        if not arg.isdigit():
            return None
        if kind == "tray":
            return self._pick(state, int(arg))
        if kind == "peg":
            return self._drop(state, int(arg))
        return Take(int(arg)) if kind == "piece" else None

    def _pick(self, state: Desk, piece: int) -> Edit[Desk]:
        if piece not in tray(state):
            raise ValueError(f"{PIECE_NAMES[piece]} is not in the tray")
        return Edit(Desk(state.cid, state.placed, piece), f"{PIECE_NAMES[piece]} picked")

    def _drop(self, state: Desk, peg: int) -> Placement:
        if state.selected is None:
            raise ValueError("pick a piece from the tray first")
        return make_placement(state.selected, peg, state.rotation, state.mirrored)

    def _turn(self, state: Desk) -> Edit[Desk]:
        if state.selected is None:
            raise ValueError("pick a piece from the tray first")
        return Edit(replace(state, rotation=(state.rotation + 1) % 6, replay=-1),
                    f"{PIECE_NAMES[state.selected]} turned")

    def _flip(self, state: Desk) -> Edit[Desk]:
        if state.selected is None:
            raise ValueError("pick a piece from the tray first")
        name = PIECE_NAMES[state.selected]
        if (state.rotation, not state.mirrored) not in orientations(state.selected):
            raise ValueError(f"{name} is its own mirror image: rotate it instead")
        return Edit(replace(state, mirrored=not state.mirrored, replay=-1), f"{name} flipped")

    def describe(self, state: Desk) -> str:
        """The challenge, what is left to place and where the piece in hand can go."""
        ch = challenge_of(state.cid)
        left = len(ch.missing) - len(state.placed)
        text = f"challenge {state.cid} ({ch.level}): " + (
            pieces_left(left) if left else "every piece down and linked"
            if not check_solution(ch, state.placed) else
            "all pieces down, but they are not one linked group")
        if state.selected is not None:
            n = len(legal_pegs(state))
            text += (f" · {PIECE_NAMES[state.selected]}, rotation {state.rotation}"
                     f"{', mirrored' if state.mirrored else ''}: " +
                     (f"{n} green peg{'' if n == 1 else 's'} take{'s' if n == 1 else ''} it; "
                      "r rotates, f flips" if n else "no peg takes it this way: press r or f"))
        return text

    def name_move(self, move: Move) -> str:
        """``aqua on peg 5, rotation 2`` / ``removed aqua``."""
        if isinstance(move, Take):
            return f"removed {PIECE_NAMES[move.piece]}"
        return (f"{PIECE_NAMES[move.piece]} on peg {move.peg}, rotation {move.rotation}"
                f"{', mirrored' if move.mirrored else ''}")

    def controls(self, state: Desk) -> list[dict]:
        """The challenge field and the replay of the paper's solver."""
        return [field_control("challenge", "challenge (1-120)", state.cid),
                button("replay", "paper's solver: next move")]


def examples() -> list[IQLink]:
    """Two small challenges for the conformance test (a Starter and a Junior)."""
    return [IQLink(1), IQLink(30)]
