"""Play IQ-Link on the shared board: the core ``Player`` over :class:`game.IQLink`.

Pick a piece from the tray, ``r`` rotates, ``f`` flips, legal pegs are ringed green, click a
peg to drop the piece, click a placed piece to take it off; the Player's undo, redo, reset,
hint and step, and the game's replay of the paper's solver, move by move.
"""

from __future__ import annotations

from puzzles.core.game import Player
from puzzles.iqlink.game import IQLink


def play(cid: int = 1) -> Player:
    """Challenge ``cid`` (1..120) on the board."""
    return Player(IQLink(cid))
