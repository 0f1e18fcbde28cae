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

from puzzles.core.board import Event, Key, Scene, button, field_control
from puzzles.core.game import Edit, Game, View, read_fields
from puzzles.iqlink.generate import level_of, load_challenges
from puzzles.iqlink.pieces import PIECE_NAMES, orientations
from puzzles.iqlink.placements import (
    Challenge,
    Placement,
    check_solution,
    make_placement,
    on_board,
    table,
)
from puzzles.iqlink.scene import GIVEN_MARK, Hand, board_scene
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
    typed: Challenge | None = None  # a challenge the reader typed (cid 0), else None

    @property
    def challenge(self) -> Challenge:
        """The challenge on the desk: a typed one or number ``cid`` of the stored set."""
        return self.typed if self.typed is not None else challenge_of(self.cid)

    def with_placed(self, placed: tuple[Placement, ...], replay: int = -1) -> Desk:
        """The same challenge with ``placed`` down and nothing in hand."""
        return Desk(self.cid, placed, replay=replay, typed=self.typed)


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
    return [p for p in desk.challenge.missing if p not in down]


def legal_pegs(desk: Desk) -> list[int]:
    """Pegs where the piece in hand, as oriented, can go now."""
    if desk.selected is None:
        return []
    ch = desk.challenge
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
    if desk.typed is not None:
        raise ValueError("the paper's solver replays the stored challenges only: press step "
                         "to continue from your position")
    res, t = solver_run(desk.cid), table()
    k = max(desk.replay, 0)
    placed = desk.placed if desk.replay >= 0 else ()
    # The replay starts from the givens: say which of the reader's pieces it takes off.
    removed = "" if desk.replay >= 0 or not desk.placed else (
        "; it starts from the givens, so your " + ", ".join(
            PIECE_NAMES[p.piece] for p in desk.placed) + " came off (undo puts them back)")
    if k < len(res.trace):
        depth, i = res.trace[k]
        back = " (backtracked)" if depth < len(placed) else ""
        new = desk.with_placed(placed[:depth] + (t.placements[i],), replay=k + 1)
        return Edit(new, f"solver move {k + 1} of {res.nodes:,}{back}: "
                         f"{PIECE_NAMES[t.piece[i]]} at depth {depth + 1}{removed}",
                    restarts=True)
    if res.found and k < res.nodes:
        new = desk.with_placed(tuple(t.placements[i] for i in res.solution), replay=res.nodes)
        return Edit(new, f"skipped to the solver's last move {res.nodes:,}", restarts=True)
    raise ValueError("the solver is done" if res.found else
                     f"the solver gave up after {res.nodes:,} moves")


class IQLink(Game[Desk, Move]):
    """One challenge of our stored set; the reader may load another (an edit)."""

    title = "IQ-Link"

    def __init__(self, cid: int = 1, typed: Challenge | None = None,
                 placed: tuple[Placement, ...] = ()) -> None:
        self.start = 0 if typed is not None else check_cid(cid)
        self.typed, self.placed = typed, tuple(placed)

    goal = ("put every piece of the tray on the board so that all twelve pieces link into one "
            "group; no two elements may share a hole")

    def initial(self) -> Desk:
        """The givens (and, for a typed challenge, the pieces it was exported with)."""
        return Desk(self.start, self.placed, typed=self.typed)

    def legend(self, state: Desk) -> list[Key]:
        """Givens, pegs and the tray."""
        return [Key(GIVEN_MARK, "G", "a given piece (drawn in its colour, marked G): it "
                    "stays; click a placed piece to take it off"),
                Key("#2ca02c", "+", "green peg: the piece in hand fits there as turned now "
                    "(hover or focus it to preview)"),
                Key("#f6e27a", "", "yellow hexagon: a peg; numbers name the pegs"),
                Key("#ffffff", "", "tray: each missing piece as it lies; click one, then r "
                    "rotates and f flips it")]

    def keys(self) -> dict[str, str]:
        """r and f turn the piece in hand."""
        return {"r": "rotate the piece in hand 60 degrees", "f": "flip it (mirror)"}

    def optimum(self, state: Desk) -> int | None:
        """Fewest moves: one per missing piece (when a completion exists)."""
        plan = self.solve(state)
        return None if plan is None else len(plan)

    def hint(self, state: Desk) -> Move | None:
        """The next piece of a completion of the board as it stands; when the reader's own
        pieces block every completion, the one to take off."""
        plan = self.solve(state)
        if plan:
            return plan[0]
        for pl in state.placed:
            if self.solve(state.with_placed(tuple(p for p in state.placed if p != pl))):
                return Take(pl.piece)
        return Take(state.placed[-1].piece) if state.placed else None

    def load(self, text: str) -> IQLink:
        """A challenge from ``given: <piece> <peg> <rotation> [m]; ...`` and, optionally, the
        pieces already down as ``placed: ...`` (ValueError naming the line and field)."""
        f = read_fields(text, ("given",), ("placed",))
        lists = {}
        for name in ("given", "placed"):
            if name not in f:
                lists[name] = ()
                continue
            try:
                lists[name] = tuple(parse_placement(part) for part in
                                    f[name].value.split(";") if part.strip())
            except ValueError as err:
                raise f[name].fail(name, str(err)) from None
        try:
            ch = Challenge(lists["given"], 0, "typed")
        except ValueError as err:
            raise f["given"].fail("given", str(err)) from None
        desk = Desk(0, (), typed=ch)
        for pl in lists["placed"]:
            why = refusal(ch, desk.placed, pl)
            if why:
                raise f["placed"].fail("placed", f"{PIECE_NAMES[pl.piece]}: {why}")
            desk = desk.with_placed(desk.placed + (pl,))
        return IQLink(typed=ch, placed=desk.placed)

    def dump(self, state: Desk) -> str:
        """The givens and the pieces down, in the format :meth:`load` reads."""
        lines = ["given: " + "; ".join(placement_text(p) for p in state.challenge.given)]
        if state.placed:
            lines.append("placed: " + "; ".join(placement_text(p) for p in state.placed))
        return "\n".join(lines)

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
            if move.piece in {p.piece for p in state.challenge.given}:
                raise ValueError(f"{PIECE_NAMES[move.piece]} is a given piece: it stays")
            if move.piece not in {p.piece for p in state.placed}:
                raise ValueError(f"{PIECE_NAMES[move.piece]} is not placed")
            return state.with_placed(tuple(p for p in state.placed if p.piece != move.piece))
        why = refusal(state.challenge, state.placed, move)
        if why:
            raise ValueError(f"{PIECE_NAMES[move.piece]} cannot go on peg {move.peg}: {why}")
        return state.with_placed(state.placed + (move,))

    def illegal(self, state: Desk) -> Move:
        """A given piece put down again."""
        return state.challenge.given[0]

    def is_goal(self, state: Desk) -> bool:
        """Every piece down, in one linked group."""
        ch = state.challenge
        return len(state.placed) == len(ch.missing) and not check_solution(ch, state.placed)

    def solve(self, state: Desk) -> list[Move] | None:
        """The pieces still missing from a linked completion of the board as it stands (the
        exact solver); None when no completion extends it."""
        ch = state.challenge
        res = count_solutions(Challenge(tuple(ch.given) + state.placed), limit=1, store=1)
        return list(res.placements(0)) if res.count else None

    def scene(self, state: Desk, view: View) -> Scene:
        """The board, the tray, the pegs the piece in hand can take, the hinted placement."""
        orientation = f"rotation {state.rotation}{', mirrored' if state.mirrored else ''}"
        hint = view.hint if isinstance(view.hint, Placement) else None
        return board_scene(state.placed, state.challenge.given, tray(state),
                           Hand(state.selected, state.rotation, state.mirrored, orientation),
                           legal_pegs(state), hint)

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
                                 f"{', '.join(PIECE_NAMES[p] for p in ch.missing)}",
                        restarts=True)
        if event.kind == "button" and event.id == "replay":
            return replay_step(state)
        return None

    def _click(self, state: Desk, id: str) -> Move | Edit[Desk] | None:
        kind, _, arg = id.partition("-")
        if not arg.isdigit():
            return None
        if kind == "tray":
            return self._pick(state, int(arg))
        if kind == "given":
            raise ValueError(f"{PIECE_NAMES[int(arg)]} is a given piece: it stays where the "
                             "challenge puts it")
        if kind == "peg":
            return self._drop(state, int(arg))
        return Take(int(arg)) if kind == "piece" else None

    def _pick(self, state: Desk, piece: int) -> Edit[Desk]:
        if piece not in tray(state):
            raise ValueError(f"{PIECE_NAMES[piece]} is not in the tray")
        return Edit(Desk(state.cid, state.placed, piece, typed=state.typed),
                    f"{PIECE_NAMES[piece]} picked: r rotates, f flips, green pegs take it")

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
        ch = state.challenge
        left = len(ch.missing) - len(state.placed)
        name = "typed challenge" if state.typed is not None else \
            f"challenge {state.cid} ({ch.level})"
        text = f"{name}: " + (
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
            return f"take {PIECE_NAMES[move.piece]} off"
        return (f"{PIECE_NAMES[move.piece]} on peg {move.peg}, rotation {move.rotation}"
                f"{', mirrored' if move.mirrored else ''}")

    def controls(self, state: Desk) -> list[dict]:
        """The challenge field and the replay of the paper's solver."""
        return [field_control("challenge", challenge_label(), state.cid or ""),
                button("replay", "paper's solver: next move")]


def challenge_label() -> str:
    """The challenge field's label with each level's numbers (Starter 1-24, ...)."""
    spans: dict[str, list[int]] = {}
    for c in range(1, len(load_challenges()) + 1):
        spans.setdefault(level_of(c), []).append(c)
    return "challenge (" + ", ".join(f"{lv} {min(cs)}-{max(cs)}" for lv, cs in spans.items()) \
        + ")"


def parse_placement(text: str) -> Placement:
    """``light green 5 2 m``: a piece's name, its peg, its rotation and ``m`` if mirrored."""
    words = text.split()
    mirrored = bool(words) and words[-1].lower() == "m"
    words = words[:-1] if mirrored else words
    if len(words) < 3 or not (words[-1].isdigit() and words[-2].isdigit()):
        raise ValueError(f"{text.strip()!r}: write '<piece> <peg> <rotation>' and 'm' when "
                         "mirrored, e.g. 'red 7 0 m'")
    return make_placement(" ".join(words[:-2]), int(words[-2]), int(words[-1]), mirrored)


def placement_text(pl: Placement) -> str:
    """A placement as :func:`parse_placement` reads it."""
    return f"{PIECE_NAMES[pl.piece]} {pl.peg} {pl.rotation}" + (" m" if pl.mirrored else "")


def examples() -> list[IQLink]:
    """Two small challenges for the conformance test (a Starter and a Junior)."""
    return [IQLink(1), IQLink(30)]
