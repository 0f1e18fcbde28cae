"""The limits of our challenge set: the hardest graded challenge, chosen by grade, then nodes."""

from __future__ import annotations

import json
from pathlib import Path

from puzzles.iqlink.generate import stored_challenges
from puzzles.iqlink.limits import hardest

FIG = Path(__file__).resolve().parents[1] / "figures" / "02_iq_link"


def test_hardest_graded_challenge_is_the_committed_one():
    committed = json.loads((FIG / "limits.json").read_text(encoding="utf-8"))
    assert hardest(stored_challenges()) == committed["hardest_graded"]


def test_hardest_is_the_highest_grade_then_the_most_nodes_then_the_lowest_id():
    base = {"level": "Wizard", "given": [], "solution": [], "tier": 5, "guesses": 2,
            "depth": 1}
    items = [{**base, "id": 1, "grade": 7.0, "nodes": 10},
             {**base, "id": 2, "grade": 6.0, "nodes": 900},
             {**base, "id": 3, "grade": 7.0, "nodes": 50},
             {**base, "id": 4, "grade": 7.0, "nodes": 50}]
    assert hardest(items)["id"] == 3
    assert hardest(items[:2])["id"] == 1
