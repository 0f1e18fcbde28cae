"""IQ-Link model: geometry, placement counts (Table 2), slot-sharing rules, validation."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.iqlink.board import (
    DIRECTIONS,
    N_PEGS,
    PEG_COORDS,
    mirror,
    neighbour,
    rotate,
    unreachable_cells,
)
from puzzles.iqlink.pieces import (
    BALL,
    CIRCLE,
    PIECE_NAMES,
    PIECES,
    RING,
    census,
    internal_directions,
    orientations,
    oriented_elements,
)
from puzzles.iqlink.placements import (
    Challenge,
    challenge,
    check_solution,
    element_pegs,
    is_connected,
    kinds_at,
    make_placement,
    placement_counts,
    table,
    turn_board,
)

FAMILY_COUNTS = {"straight": {72, 144}, "obtuse": {152}, "acute": {180}}


def test_board_has_24_pegs_and_30_unreachable_cells():
    assert len(PEG_COORDS) == N_PEGS == len(set(PEG_COORDS))
    assert len(unreachable_cells()) == 30
    assert neighbour(0, 3) == -1 and neighbour(0, 0) == 1 and neighbour(0, 5) == 6


def test_table2_placement_counts():
    counts = placement_counts()
    assert counts["light purple"] == 72
    assert counts["aqua"] == counts["light green"] == 144
    for p in PIECES:
        assert counts[p.name] in FAMILY_COUNTS[p.family]
    by_family = {f: sorted(counts[p.name] for p in PIECES if p.family == f)
                 for f in FAMILY_COUNTS}
    assert by_family == {"straight": [72, 144, 144], "obtuse": [152] * 5, "acute": [180] * 4}
    assert len(table()) == 1840


def test_census_and_orientations():
    assert census() == {"ball": 16, "ring": 14, "circle": 6}
    for p in PIECES:
        n = 6 if p.name == "light purple" else 12
        assert len(orientations(p.name)) == n
        shapes = {frozenset((e.dq, e.dr, e.kind, e.dirs) for e in oriented_elements(p.name, r, m))
                  for r, m in orientations(p.name)}
        assert len(shapes) == n, f"{p.name} orientations are not distinct"


def test_light_purple_mirror_is_rotation_by_180():
    for r in range(6):
        a = set(oriented_elements("light purple", r, True))
        b = set(oriented_elements("light purple", (r + 3) % 6, False))
        assert a == b


def test_arms_point_at_own_elements_and_openings_never_do():
    for p in PIECES:
        for r, m in orientations(p.name):
            els = oriented_elements(p.name, r, m)
            for i, e in enumerate(els):
                inner = set(internal_directions(els, i))
                if e.kind == BALL:
                    assert set(e.dirs) == inner
                elif e.kind == RING:
                    assert not set(e.dirs) & inner


@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(0, 5))
def test_rotation_and_mirror_algebra(q, r, k):
    assert rotate(q, r, 6) == (q, r)
    assert rotate(*rotate(q, r, k), 6 - k) == (q, r)
    assert mirror(*mirror(q, r)) == (q, r)
    # mirror o rotate = rotate^-1 o mirror
    assert mirror(*rotate(q, r, k)) == rotate(*mirror(q, r), -k % 6)
    # directions rotate into directions
    assert rotate(*DIRECTIONS[k], 1) == DIRECTIONS[(k + 1) % 6]
    assert mirror(*DIRECTIONS[k]) == DIRECTIONS[-k % 6]


def _compatible_pairs():
    t = table()
    m = t.masks
    clash = np.zeros((len(t), len(t)), dtype=bool)
    for w in range(3):
        clash |= (m[:, None, w] & m[None, :, w]) != 0
    shared = (t.pegs[:, None] & t.pegs[None, :]) != 0
    return t, ~clash & shared


def test_sharing_rules_on_every_pair_of_placements():
    t, ok = _compatible_pairs()
    a_idx, b_idx = np.nonzero(np.triu(ok, 1))
    assert len(a_idx) > 1000
    for a, b in zip(a_idx, b_idx, strict=True):
        if t.piece[a] == t.piece[b]:
            continue
        shared = int(t.pegs[a] & t.pegs[b])
        ball_ring = (int(t.balls[a]) & int(t.rings[b])) | (int(t.rings[a]) & int(t.balls[b]))
        # never two balls, two rings or a circle on one peg: a ball sits in an open ring
        assert shared == ball_ring
    # through an opening: check the geometry of a sample of pairs explicitly
    for a, b in list(zip(a_idx, b_idx, strict=True))[::97]:
        pa, pb = t.placements[a], t.placements[b]
        ka, kb = kinds_at(pa), kinds_at(pb)
        for peg in set(ka) & set(kb):
            ball, ring = (pa, pb) if ka[peg] == BALL else (pb, pa)
            bel = dict(zip(element_pegs(ball), oriented_elements(
                ball.piece, ball.rotation, ball.mirrored), strict=True))[peg]
            rel = dict(zip(element_pegs(ring), oriented_elements(
                ring.piece, ring.rotation, ring.mirrored), strict=True))[peg]
            assert set(bel.dirs) <= set(rel.dirs)


def test_elbow_balls_fit_only_the_light_purple_ring():
    t, ok = _compatible_pairs()
    elbow = {PIECE_NAMES.index("dark green"), PIECE_NAMES.index("dark blue")}
    seen = set()
    for a in np.flatnonzero(np.isin(t.piece, list(elbow))):
        middle = 1 << t.placements[a].peg
        for b in np.flatnonzero(ok[a]):
            if t.pegs[b] & middle and t.piece[b] != t.piece[a]:
                seen.add(PIECE_NAMES[t.piece[b]])
    assert seen == {"light purple"}


def test_circles_share_no_peg():
    t, ok = _compatible_pairs()
    a, b = np.nonzero(ok)
    assert not np.any((t.circles[a] & t.pegs[b]) != 0)
    assert CIRCLE == 2 and RING == 1


def test_bad_input_raises_value_error_naming_the_field():
    with pytest.raises(ValueError, match="unknown piece"):
        make_placement("magenta", 0, 0, False)
    with pytest.raises(ValueError, match="peg"):
        make_placement("aqua", 24, 0, False)
    with pytest.raises(ValueError, match="peg"):
        make_placement("aqua", -1, 0, False)
    with pytest.raises(ValueError, match="rotation"):
        make_placement("aqua", 3, 6, False)
    with pytest.raises(ValueError, match="mirrored"):
        make_placement("aqua", 3, 0, "yes")
    with pytest.raises(ValueError, match="mirrored must be False for light purple"):
        make_placement("light purple", 8, 0, True)
    with pytest.raises(ValueError, match="off the board"):
        challenge([["aqua", 0, 0, False]])
    with pytest.raises(ValueError, match="placement must be"):
        challenge([["aqua", 8, 0]])
    with pytest.raises(ValueError, match="twice"):
        challenge([["aqua", 8, 0, False], ["aqua", 9, 0, False]])
    with pytest.raises(ValueError, match="overlaps"):
        challenge([["aqua", 8, 0, False], ["light green", 8, 0, False]])
    with pytest.raises(ValueError, match="given must be"):
        challenge("aqua")


def test_check_solution_finds_problems():
    from puzzles.iqlink.generate import stored_solution
    sol = stored_solution(1)
    ch = Challenge(tuple(sol[:10]))
    assert check_solution(ch, sol) == []
    assert check_solution(ch, sol[10:]) == []
    assert "1 pieces not placed" in check_solution(ch, sol[10:11])
    moved = make_placement(PIECE_NAMES[sol[0].piece], (sol[0].peg + 1) % 24, 0, False)
    assert any("given" in p or "off" in p or "collides" in p
               for p in check_solution(ch, [moved] + sol[10:]))
    assert is_connected([table().id_of(p) for p in sol])


def test_pieces_are_linked_only_through_shared_pegs():
    t = table()
    a = t.id_of(make_placement("light purple", 1, 0, False))  # pegs 0, 1, 2
    b = t.id_of(make_placement("light purple", 4, 0, False))  # pegs 3, 4, 5
    y = t.id_of(make_placement("yellow", 3, 3, True))  # pegs 2, 3, 9
    assert not is_connected([a, b]) and is_connected([a, y]) and is_connected([y, b])
    assert is_connected([a, b, y]) and is_connected([b, a, y])  # a chain, in any order


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 1839), st.integers(0, 1839))
def test_collision_is_symmetric_and_self_collides(a, b):
    t = table()
    assert bool(np.any(t.masks[a] & t.masks[b])) == bool(np.any(t.masks[b] & t.masks[a]))
    assert np.any(t.masks[a] & t.masks[a])


def test_pairs_of_givens_fitting_together_build_challenges():
    t = table()
    ids = [0, 100, 500, 900, 1300, 1700]
    for a, b in itertools.combinations(ids, 2):
        pa, pb = t.placements[a], t.placements[b]
        if pa.piece == pb.piece:
            continue
        if np.any(t.masks[a] & t.masks[b]):
            with pytest.raises(ValueError):
                Challenge((pa, pb))
        else:
            assert Challenge((pa, pb)).missing == sorted(set(range(12)) - {pa.piece, pb.piece})


def test_board_turned_by_180_degrees_maps_placements_and_solutions():
    t = table()
    turned = {turn_board(pl) for pl in t.placements}
    assert turned == set(t.placements)
    assert all(turn_board(turn_board(pl)) == pl for pl in t.placements[::13])
    from puzzles.iqlink.generate import stored_solution
    for cid in (5, 60, 119):
        sol = [turn_board(pl) for pl in stored_solution(cid)]
        assert check_solution(Challenge(()), sol) == []
