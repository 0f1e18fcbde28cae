"""Beyond the paper: the limits of the puzzle.

* The fewest given pieces that force a unique completion that fits. No pieces cannot (the
  empty board has thousands of solutions). One piece can: the empty-board count splits the
  board's linked solutions by the placement of light purple (``empty_board.json``), a slice
  with one linked solution is the only kind that can have one fitting solution (fits >=
  linked), and the exact solver then counts that slice's fitting solutions.
* The hardest challenge under the human-style grader among the ones we graded.

``limits()`` computes both (seconds on one core); ``figures/02_iq_link/limits.json`` stores the
result with the command that made it, and the notebook checks it.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from puzzles.core import save_json
from puzzles.iqlink.generate import stored_challenges
from puzzles.iqlink.placements import Challenge, table
from puzzles.iqlink.search import count_solutions

COMMAND = ("python -c \"from puzzles.iqlink.limits import limits, save; "
           "save(limits(), 'figures/02_iq_link')\"")


def _slices() -> dict[int, int]:
    text = resources.files("puzzles.iqlink").joinpath("empty_board.json").read_text("utf-8")
    return {int(i): int(c) for i, c, _ in json.loads(text)}


def one_piece_candidates() -> list[int]:
    """Light-purple placements whose empty-board slice has exactly one linked solution."""
    return sorted(i for i, c in _slices().items() if c == 1)


def unique_one_piece(max_candidates: int = 0) -> list[dict[str, Any]]:
    """Every one-piece challenge of light purple with exactly one fitting (and linked)
    completion: its given placement and its solution (all 12 placements). ``max_candidates``
    > 0 checks only that many candidates (a quick look)."""
    t = table()
    out = []
    cands = one_piece_candidates()
    for i in cands[:max_candidates] if max_candidates > 0 else cands:
        ch = Challenge((t.placements[i],))
        res = count_solutions(ch, store=2, linked_only=False)
        if res.fits == 1 and res.count == 1:
            sol = sorted([t.placements[i]] + [t.placements[j] for j in res.solutions[0]])
            out.append({"given": [t.placements[i].to_json()],
                        "solution": [p.to_json() for p in sol], "fits": res.fits,
                        "linked": res.count, "nodes": res.nodes})
    return out


def hardest(items: list[dict[str, Any]]) -> dict[str, Any]:
    """The item of highest grade (then most exact-search nodes) among graded challenges."""
    if not items:
        raise ValueError("no graded challenges")
    best = max(items, key=lambda it: (it["grade"], it["nodes"], -it["id"]))
    return {k: best[k] for k in ("id", "level", "given", "solution", "grade", "tier",
                                 "guesses", "depth", "nodes")}


def limits(max_candidates: int = 0) -> dict[str, Any]:
    """The fewest-given unique challenges and the hardest graded one of our stored set (its
    grades are those ``generate.generate_all`` stored; the notebook re-grades every challenge
    and checks them)."""
    one = unique_one_piece(max_candidates)
    return {"command": COMMAND, "fewest_given": 1 if one else None, "unique_one_piece": one,
            "hardest_graded": hardest(stored_challenges())}


def save(result: dict[str, Any], directory: str) -> None:
    """Write ``limits.json`` into ``directory``."""
    save_json(result, "limits", directory)
