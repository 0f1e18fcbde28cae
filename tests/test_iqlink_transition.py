"""Issue 24: Section 14's transition level swept from 2 to 6 and never."""

from __future__ import annotations

import pytest

from puzzles.iqlink.transition import (
    TRANSITIONS,
    TransitionTask,
    transition_level,
    transition_rows,
    transition_table,
)


def test_levels():
    assert [transition_level(t) for t in TRANSITIONS] == [2, 3, 4, 5, 6, 0]
    with pytest.raises(ValueError, match="transition"):
        transition_level("7")


def test_sweep_on_challenge_75():
    rows = transition_rows(TransitionTask(75, 0))
    assert [r["transition"] for r in rows] == list(TRANSITIONS)
    assert [r["nodes"] for r in rows] == [224, 182, 93, 46, 32, 224]
    assert all(r["found"] for r in rows)


def test_table_columns():
    res, tim = transition_table(transition_rows(TransitionTask(1, 0)))
    assert list(res.columns) == ["id", "level", "transition", "nodes", "found"]
    assert list(tim.columns) == ["step", "item", "seconds"]
