"""Play IQ-Link on the shared board: pick a piece from the tray, ``r`` rotates, ``f`` flips,
legal pegs are ringed green, click a peg to drop the piece, click a placed piece to take it
off; hint, undo, reset and a step-through of the paper's solver. Game logic only: the scene
is drawn by ``puzzles.iqlink.scene``."""

from __future__ import annotations

import numpy as np

from puzzles.core.board import Board, Event, button, field_control
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
from puzzles.iqlink.search import count_solutions, paper_search
from puzzles.iqlink.strategies import basic_cleanup, heat_sort


def refusal(ch: Challenge, placed: list[Placement], pl: Placement) -> str | None:
    """Why ``pl`` cannot go down beside the givens and ``placed`` (None when it can)."""
    if pl.piece in {p.piece for p in ch.given}:
        return f"{PIECE_NAMES[pl.piece]} is a given piece"
    if pl.piece in {p.piece for p in placed}:
        return f"{PIECE_NAMES[pl.piece]} is already on the board: remove it first"
    if not on_board(pl):
        return "an element would stand off the pegs"
    t = table()
    i = t.id_of(pl)
    for other in list(ch.given) + placed:
        if np.any(t.masks[i] & t.masks[t.id_of(other)]):
            return f"it collides with {PIECE_NAMES[other.piece]}"
    return None


def pieces_left(n: int) -> str:
    """``"1 piece to place"`` / ``"3 pieces to place"``."""
    return f"{n} piece{'' if n == 1 else 's'} to place"


STEP_NODE_LIMIT = 2_000_000
STEP_TRACE = 5_000


class PlayWidget:
    """A challenge to play on the board; ``view()`` is the widget to display."""

    def __init__(self, cid: int = 1) -> None:
        self.board = Board(self.handle, title="IQ-Link")
        self.placed: list[Placement] = []
        self.selected: int | None = None
        self.rotation, self.mirrored = 0, False
        self.search = None
        self.load(cid)

    # ---- events
    def handle(self, ev: Event) -> None:
        """Tray, peg and piece clicks; r / f keys; buttons; the challenge field."""
        if ev.kind == "click":
            kind, _, arg = ev.id.partition("-")
            {"tray": self.pick, "peg": self.drop, "piece": self.take}[kind](int(arg))
        elif ev.kind == "key":
            if ev.id not in ("r", "f"):
                raise ValueError(f"key {ev.id!r}: r rotates, f flips the selected piece")
            self.turn() if ev.id == "r" else self.flip()
        elif ev.kind == "button":
            {"hint": self.hint, "undo": self.undo, "reset": self.reset,
             "step": self.step}[ev.id]()
        elif ev.kind == "input" and ev.id == "challenge":
            self.load(ev.value)

    def load(self, cid: object) -> None:
        """Start challenge ``cid`` (1..120) afresh; anything else is refused with a message."""
        n = len(load_challenges())
        try:
            c = int(str(cid).strip())
        except ValueError:
            raise ValueError(f"challenge must be a whole number 1..{n}, got {cid!r}") from None
        if not 1 <= c <= n:
            raise ValueError(f"challenge must lie in 1..{n}, got {c}")
        self.cid, self.ch = c, load_challenges()[c - 1]
        self.placed, self.search, self.selected = [], None, None
        self.draw(f"challenge {c} ({self.ch.level}): place "
                  f"{', '.join(PIECE_NAMES[p] for p in self.ch.missing)}")

    # ---- playing
    def pick(self, piece: int) -> None:
        """Select a piece of the tray (orientation back to rotation 0, not mirrored)."""
        if piece not in self.tray():
            raise ValueError(f"{PIECE_NAMES[piece]} is not in the tray")
        self.selected, self.rotation, self.mirrored = piece, 0, False
        self.draw(f"{PIECE_NAMES[piece]} picked: {self._where()}")

    def _need_selection(self) -> int:
        if self.selected is None:
            raise ValueError("pick a piece from the tray first")
        return self.selected

    def turn(self) -> None:
        """Rotate the selected piece by 60 degrees."""
        p = self._need_selection()
        self.rotation = (self.rotation + 1) % 6
        self.draw(f"{PIECE_NAMES[p]}, {self._orientation()}: {self._where()}")

    def flip(self) -> None:
        """Mirror the selected piece (light purple is its own mirror image: refused)."""
        p = self._need_selection()
        if (self.rotation, not self.mirrored) not in orientations(p):
            raise ValueError(f"{PIECE_NAMES[p]} is its own mirror image: rotate it instead")
        self.mirrored = not self.mirrored
        self.draw(f"{PIECE_NAMES[p]}, {self._orientation()}: {self._where()}")

    def current(self, peg: int) -> Placement:
        """The selected piece in its orientation with its middle element on ``peg``."""
        return make_placement(self._need_selection(), peg, self.rotation, self.mirrored)

    def drop(self, peg: int) -> bool:
        """Put the selected piece down on ``peg``, or say why not."""
        pl = self.current(peg)
        why = refusal(self.ch, self.placed, pl)
        if why:
            raise ValueError(f"{PIECE_NAMES[pl.piece]} cannot go on peg {peg}: {why}")
        self.placed.append(pl)
        self.selected = None
        self.draw(f"{PIECE_NAMES[pl.piece]} on peg {peg}. " + self._progress())
        return True

    def place(self, pl: Placement) -> None:
        """Put ``pl`` down (as picking, orienting and dropping it would)."""
        self.pick(pl.piece)
        self.rotation, self.mirrored = pl.rotation, pl.mirrored
        self.drop(pl.peg)

    def take(self, piece: int) -> None:
        """Take a placed piece off the board (given pieces stay)."""
        if piece not in {p.piece for p in self.placed}:
            raise ValueError(f"{PIECE_NAMES[piece]} is not placed")
        self.placed = [p for p in self.placed if p.piece != piece]
        self.draw(f"removed {PIECE_NAMES[piece]}. " + self._progress())

    def undo(self) -> None:
        """Take the last placed piece off."""
        if not self.placed:
            self.draw("nothing to undo")
            return
        pl = self.placed.pop()
        self.draw(f"took back {PIECE_NAMES[pl.piece]}. " + self._progress())

    def reset(self) -> None:
        """Back to the givens only."""
        self.placed, self.search, self.selected = [], None, None
        self.draw("reset. " + self._progress())

    def hint(self) -> Placement | None:
        """Place one more piece of a solution that extends the current board, if any."""
        if len(self.placed) == len(self.ch.missing):
            self.draw("hint: every piece is down. " + self._progress())
            return None
        board = Challenge(tuple(self.ch.given) + tuple(self.placed))
        res = count_solutions(board, limit=1, store=1)
        if res.count == 0:
            self.draw("hint: no solution extends this board: remove a piece")
            return None
        pl = res.placements(0)[0]
        self.placed.append(pl)
        self.selected = None
        self.draw(f"hint: {PIECE_NAMES[pl.piece]} on peg {pl.peg}, rotation {pl.rotation}"
                  f"{', mirrored' if pl.mirrored else ''}. " + self._progress())
        return pl

    def step(self) -> Placement | None:
        """Replay the paper's solver one move at a time (linked moves, heat-sorted order),
        backtracking included; after ``STEP_TRACE`` moves it jumps to the solution."""
        if self.search is None:
            clean = basic_cleanup(self.ch)
            order = [i for v in heat_sort(self.ch, clean.domains).values() for i in v]
            self.search = paper_search(self.ch, order, counting=True, lookahead=False,
                                       node_limit=STEP_NODE_LIMIT, trace=STEP_TRACE)
            self.move = 0
            self.placed = []
        t = table()
        res = self.search
        if self.move < len(res.trace):
            depth, i = res.trace[self.move]
            back = depth < len(self.placed)
            self.placed = self.placed[:depth] + [t.placements[i]]
            self.move += 1
            self.draw(f"solver move {self.move} of {res.nodes:,}"
                      f"{' (backtracked)' if back else ''}: {PIECE_NAMES[t.piece[i]]} at "
                      f"depth {depth + 1}. " + self._progress())
            return t.placements[i]
        if res.found and self.move == len(res.trace) and self.move < res.nodes:
            self.move = res.nodes
            self.placed = [t.placements[i] for i in res.solution]
            self.draw(f"skipped to the solver's last move {res.nodes:,}: " + self._progress())
            return self.placed[-1]
        self.draw("the solver is done" if res.found else
                  f"the solver gave up after {res.nodes:,} moves")
        return None

    # ---- view
    def tray(self) -> list[int]:
        """Pieces still to place."""
        down = {p.piece for p in self.placed}
        return [p for p in self.ch.missing if p not in down]

    def legal_pegs(self) -> list[int]:
        """Pegs where the selected piece, as oriented, can go now."""
        if self.selected is None:
            return []
        out = []
        for peg in range(24):
            pl = make_placement(self.selected, peg, self.rotation, self.mirrored)
            if refusal(self.ch, self.placed, pl) is None:
                out.append(peg)
        return out

    def _where(self) -> str:
        n = len(self.legal_pegs())
        return (f"{n} green peg{'' if n == 1 else 's'} take{'s' if n == 1 else ''} it; "
                "r rotates, f flips" if n else "no peg takes it this way: press r or f")

    def _orientation(self) -> str:
        return f"rotation {self.rotation}{', mirrored' if self.mirrored else ''}"

    def _progress(self) -> str:
        left = len(self.ch.missing) - len(self.placed)
        if left == 0:
            ok = not check_solution(self.ch, self.placed)
            return "solved!" if ok else "all pieces down, but they are not one linked group"
        return pieces_left(left)

    def draw(self, message: str) -> None:
        """Redraw the board and the status line."""
        self.board.show(board_scene(self.placed, self.ch.given, self.tray(), self.selected,
                                     self.legal_pegs(), self._orientation()))
        self.board.controls = [field_control("challenge", "challenge (1-120)", self.cid),
                               button("hint", "hint"), button("undo", "undo"),
                               button("reset", "reset"), button("step", "solver step")]
        self.board.title = f"IQ-Link challenge {self.cid}"
        self.board.status = message

    def view(self) -> Board:
        """The board widget to display."""
        return self.board


def orientation_count(name: str) -> int:
    """Orientations the widget offers for a piece (6 for light purple)."""
    return len(orientations(name))
