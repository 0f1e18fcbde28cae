"""Model of the hypercube puzzle: faces, freeness, k-moves and inverses, validation."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.hypercube.instances import INSTANCES, cases, instance
from puzzles.hypercube.model import (
    Puzzle,
    all_faces,
    apply_move,
    config_from_mapping,
    face_table,
    faces_containing,
    free_faces,
    inverse_move,
    is_free,
    is_solution,
    legal_moves,
    make_puzzle,
    move_problem,
    pack,
    replay,
    unpack,
)


def brute_faces(d: int, k: int) -> set[frozenset[int]]:
    """k-faces by definition: vertex sets agreeing outside k chosen coordinates."""
    out = set()
    for dims in combinations(range(d), k):
        for base in range(1 << d):
            out.add(frozenset(v for v in range(1 << d)
                              if all((v >> b) & 1 == (base >> b) & 1
                                     for b in range(d) if b not in dims)))
    return out


def test_a_face_is_free_when_exactly_one_ring_sits_on_it():
    face = (0, 1, 2, 3)  # a 2-face of Q^3
    assert is_free((0, 5), face) and is_free((3, 6, 7), face)
    assert not is_free((4, 5), face)  # no ring on it
    assert not is_free((0, 1), face)  # two rings on it


@pytest.mark.parametrize("d,k", [(d, k) for d in range(2, 6) for k in range(1, d)])
def test_faces_match_definition(d, k):
    faces = {frozenset(f) for f in all_faces(d, k)}
    assert faces == brute_faces(d, k)
    assert len(faces) == 2 ** (d - k) * len(list(combinations(range(d), k)))
    table = face_table(d, k)
    for v in range(1 << d):
        through = faces_containing(d, k, v)
        assert all(v in f and len(f) == 2 ** k for f in through)
        masks = {sum(1 << u for u in f) for f in through}
        assert masks == {int(m) for m in table[v]}


def brute_legal_moves(p: Puzzle, config) -> set[tuple[int, int, int]]:
    """Legal moves straight from the definition: a free k-face through the ring, any vertex."""
    out = set()
    for i, v in enumerate(config):
        for face in brute_faces(p.d, p.k):
            if v in face and not (set(config) - {v}) & face:
                out.update((i, v, u) for u in face if u != v)
    return out


configs = st.integers(2, 4).flatmap(lambda d: st.tuples(
    st.just(d), st.integers(1, d - 1),
    st.lists(st.integers(0, 2 ** d - 1), min_size=1, max_size=2 ** d - 1, unique=True)))


@settings(max_examples=60, deadline=None)
@given(configs)
def test_legal_moves_and_freeness_match_brute_force(args):
    d, k, verts = args
    p = Puzzle(d, k, tuple(f"c{i}" for i in range(len(verts))), tuple(sorted(verts)))
    assert set(legal_moves(p, verts)) == brute_legal_moves(p, verts)
    for i in range(len(verts)):
        for face in free_faces(p, verts, i):
            assert sum(u in face for u in verts) == 1


@settings(max_examples=60, deadline=None)
@given(configs, st.randoms(use_true_random=False))
def test_moves_and_inverses_round_trip(args, rnd):
    d, k, verts = args
    p = Puzzle(d, k, tuple(f"c{i}" for i in range(len(verts))), tuple(verts))
    config = tuple(verts)
    history = []
    for _ in range(8):
        moves = legal_moves(p, config)
        if not moves:
            break
        mv = rnd.choice(moves)
        nxt = apply_move(p, config, mv)
        assert move_problem(p, nxt, inverse_move(mv)) is None
        history.append(mv)
        config = nxt
    assert replay(p, verts, history) == config
    back = config
    for mv in reversed(history):
        back = apply_move(p, back, inverse_move(mv))
    assert back == tuple(verts)
    assert unpack(pack(config, d), d, len(config)) == config


def test_instances_load_and_validate():
    assert len(INSTANCES) == 13
    assert len(cases()) == 8 + 15 + 4 + 9
    inst = instance(3, 0)
    p = inst.puzzle(2)
    assert p.l == 4 and p.colours == ("green", "purple", "red", "blue")
    assert inst.start() == (6, 1, 4, 5)
    assert instance(5, "0").puzzle(4).l == 26


@pytest.mark.parametrize("bad,match", [
    (dict(d=3, k=3), "k must lie"),
    (dict(d=3, k=0), "k must lie"),
    (dict(d=7, k=1), "d must lie"),
])
def test_bad_dimensions(bad, match):
    with pytest.raises(ValueError, match=match):
        make_puzzle(bad["d"], bad["k"], {"a": 1})


def test_bad_configurations():
    p = make_puzzle(3, 2, {"green": 4, "purple": 1, "red": 5, "blue": 6})
    with pytest.raises(ValueError, match="duplicate vertices"):
        config_from_mapping(p, {"green": 4, "purple": 4, "red": 5, "blue": 6})
    with pytest.raises(ValueError, match="out of range"):
        config_from_mapping(p, {"green": 8, "purple": 1, "red": 5, "blue": 6})
    with pytest.raises(ValueError, match="do not match the target"):
        config_from_mapping(p, {"green": 4, "yellow": 1, "red": 5, "blue": 6})
    with pytest.raises(ValueError, match="duplicate vertices"):
        make_puzzle(3, 1, {"a": 1, "b": 1})
    with pytest.raises(ValueError, match="rings"):
        replay(p, (4, 1, 5), [])
    with pytest.raises(ValueError, match="illegal move"):
        apply_move(p, (6, 1, 4, 5), (0, 6, 1))  # occupied
    with pytest.raises(ValueError, match="differ in 3 coordinates"):
        apply_move(p, (6, 1, 4, 5), (1, 1, 6))
    with pytest.raises(ValueError, match="ring 9 does not exist"):
        apply_move(p, (6, 1, 4, 5), (9, 1, 0))
    assert not is_solution(p, (6, 1, 4, 5), [(0, 6, 1)])
