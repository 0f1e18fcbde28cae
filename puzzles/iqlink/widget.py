"""Play IQ-Link in the notebook: pick a piece, turn or flip it, drop it on a peg, ask for hints,
and step through the paper's solver. Everything renders into Image and HTML widgets."""

from __future__ import annotations

import ipywidgets as W
import numpy as np

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
from puzzles.iqlink.render import board_figure, png_bytes
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


STEP_NODE_LIMIT = 2_000_000
STEP_TRACE = 5_000


class PlayWidget:
    """A challenge to play: controls, a board image and a status line."""

    def __init__(self, cid: int = 1) -> None:
        self.challenge_box = W.BoundedIntText(value=cid, min=1, max=120, description="challenge")
        self.piece = W.Dropdown(options=list(PIECE_NAMES), description="piece")
        self.peg = W.BoundedIntText(value=7, min=0, max=23, description="peg")
        self.rotation = W.IntSlider(value=0, min=0, max=5, description="rotation")
        self.mirrored = W.Checkbox(value=False, description="mirrored")
        self.place_button = W.Button(description="place")
        self.remove_button = W.Button(description="remove piece")
        self.hint_button = W.Button(description="hint")
        self.step_button = W.Button(description="solver step")
        self.image = W.Image(format="png")
        self.status = W.HTML()
        self.placed: list[Placement] = []
        self.search = None
        self.challenge_box.observe(lambda _: self.load(self.challenge_box.value), "value")
        self.place_button.on_click(lambda _: self.place())
        self.remove_button.on_click(lambda _: self.remove())
        self.hint_button.on_click(lambda _: self.hint())
        self.step_button.on_click(lambda _: self.step())
        self.load(cid)

    def load(self, cid: int) -> None:
        """Start challenge ``cid`` afresh."""
        self.ch = load_challenges()[cid - 1]
        self.placed = []
        self.search = None
        self.draw(f"challenge {cid} ({self.ch.level}): place "
                  f"{', '.join(PIECE_NAMES[p] for p in self.ch.missing)}")

    def current(self) -> Placement:
        """The placement the controls describe."""
        return make_placement(self.piece.value, int(self.peg.value), int(self.rotation.value),
                              bool(self.mirrored.value))

    def place(self) -> bool:
        """Put the selected piece down, or say why not."""
        try:
            pl = self.current()
        except ValueError as err:
            self.draw(f"refused: {err}")
            return False
        why = refusal(self.ch, self.placed, pl)
        if why:
            self.draw(f"refused: {why}")
            return False
        self.placed.append(pl)
        self.draw(self._progress())
        return True

    def remove(self) -> None:
        """Take the selected piece off the board (given pieces stay)."""
        name = self.piece.value
        before = len(self.placed)
        self.placed = [p for p in self.placed if PIECE_NAMES[p.piece] != name]
        self.draw(f"removed {name}" if len(self.placed) < before else f"{name} is not placed")

    def hint(self) -> Placement | None:
        """Place one more piece of the solution that extends the current board, if any."""
        board = Challenge(tuple(self.ch.given) + tuple(self.placed))
        res = count_solutions(board, limit=1, store=1)
        if res.count == 0:
            self.draw("no solution extends this board: remove a piece")
            return None
        pl = res.placements(0)[0]
        self.placed.append(pl)
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

    def _progress(self) -> str:
        left = len(self.ch.missing) - len(self.placed)
        if left == 0:
            ok = not check_solution(self.ch, self.placed)
            return "solved!" if ok else "all pieces down, but they are not one linked group"
        return f"{left} pieces to place"

    def draw(self, message: str) -> None:
        """Redraw the board and the status line."""
        fig = board_figure(self.placed, grey=self.ch.given, numbers=True)
        self.image.value = png_bytes(fig)
        self.status.value = f"<b>{message}</b>"

    def view(self) -> W.Widget:
        """The widget tree to display."""
        controls = W.VBox([self.challenge_box, self.piece, self.peg, self.rotation,
                           self.mirrored, W.HBox([self.place_button, self.remove_button]),
                           W.HBox([self.hint_button, self.step_button])])
        return W.VBox([W.HBox([controls, self.image]), self.status])


def orientation_count(name: str) -> int:
    """Orientations the widget offers for a piece (6 for light purple)."""
    return len(orientations(name))
