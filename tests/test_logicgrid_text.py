"""Printed clue text: grammatical for every hint type and number, and read back by the parser."""

from __future__ import annotations

import re

import pytest

from puzzles.logicgrid.fi2pop import random_hints
from puzzles.logicgrid.hints import Hint, paper_text, parse, text
from puzzles.logicgrid.model import CLUE, MINI


def _every_shape(space) -> list[Hint]:
    """One hint of every type and every before-number, in every category pairing."""
    m, n, num = space.m, space.n, space.numeric
    out = []
    for ca in range(n):
        for cb in range(n):
            a, b = ca * m, cb * m + 1
            if ca != cb:
                out += [Hint("is", a, b), Hint("not", a, b)]
                for cc in range(n):
                    if cc not in (ca, cb):
                        out.append(Hint("or", a, b, cc * m + 2))
                        out.append(Hint("either_is", a, b, cc * m + 3, cb * m))
            else:
                for cc in range(n):
                    if cc != ca:
                        out.append(Hint("or", a, a + 1, cc * m))
            if num not in (ca, cb):
                for k in [None, *range(1, m - 1)]:
                    out.append(Hint("before", a, b if a != b else b + 1, k=k))
    return out


@pytest.mark.parametrize("space", [CLUE, MINI], ids=["4x4", "3x4"])
def test_every_hint_shape_round_trips_and_reads_well(space) -> None:
    shapes = _every_shape(space)
    assert {h.type for h in shapes} == {"is", "not", "before", "or", "either_is"}
    assert {h.k for h in shapes if h.type == "before"} == {None, 1, 2}
    for h in shapes:
        t = text(space, h)
        assert parse(space, t) == h, t
        assert t[0].isupper() and t.endswith(".") and "  " not in t
        assert not re.search(r"\b1 hours\b|in the category|\bis the hour\b", t), t
        if h.type == "before":
            want = "at least 1 hour" if h.k is None else (
                "exactly 1 hour " if h.k == 1 else f"exactly {h.k} hours")
            assert want in t, t


@pytest.mark.parametrize("space", [CLUE, MINI], ids=["4x4", "3x4"])
def test_random_hints_round_trip_in_both_phrasings(space) -> None:
    for h in random_hints(space, 1500, 9):
        assert parse(space, text(space, h)) == h
        assert parse(space, paper_text(space, h)) == h


def test_printed_examples() -> None:
    w, knife, two = CLUE.index("Mrs. White"), CLUE.index("Knife"), CLUE.index("2:00 PM")
    assert text(CLUE, Hint("is", two, knife)) == (
        "The person seen at 2:00 PM is the person with the Knife.")
    assert text(CLUE, Hint("before", w, knife, k=1)) == (
        "Mrs. White came exactly 1 hour before the person with the Knife.")
    assert paper_text(CLUE, Hint("before", w, knife, k=1)) == (
        "The suspect Mrs. White is 1 hours before the weapon Knife")
    assert paper_text(CLUE, Hint("not", knife, w)) == (
        "The weapon Knife is not the suspect in the category Mrs. White")
