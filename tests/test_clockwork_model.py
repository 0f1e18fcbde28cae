"""Clockwork model: Fig. 1 -> Fig. 2, rotary addition, inverses, packing, Q, bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.clockwork.model import (
    Puzzle,
    apply,
    decode_action,
    encode_action,
    first_goal,
    fitness,
    inverse_action,
    make_action,
    make_state,
    pack,
    parse_state,
    q_value,
    replay,
    rotary_add,
    state_str,
    unit,
    unpack,
)
from puzzles.clockwork.reference import figure_state


@st.composite
def nc_state_action(draw):
    n = draw(st.integers(2, 9))
    c = draw(st.integers(2, 5))
    k = draw(st.integers(0, n - 1))
    L = tuple(draw(st.lists(st.integers(0, c - 1), min_size=n, max_size=n)))
    ka = draw(st.integers(0, n - 1))
    M = tuple(draw(st.lists(st.integers(0, c - 1), min_size=n, max_size=n)))
    return n, c, (k, L), (ka, M)


def test_fig1_to_fig2_exactly():
    s = parse_state(figure_state("Fig. 1"), 12, 2)
    after = apply(s, (3, unit(0, 12)), 12, 2)
    assert state_str(after) == figure_state("Fig. 2") == "3,010001101001"
    # The paper's own operator on the encoded action (3, sigma^3 e0) gives the same state.
    assert rotary_add(encode_action((3, unit(0, 12)), 12), s, 12, 2) == after


@given(nc_state_action())
def test_apply_is_rotary_addition_of_the_encoded_action(data):
    n, c, s, a = data
    assert apply(s, a, n, c) == rotary_add(encode_action(a, n), s, n, c)
    assert decode_action(encode_action(a, n), n) == a


@given(nc_state_action())
def test_inverse_action_undoes(data):
    n, c, s, a = data
    inv = inverse_action(a, n, c)
    assert apply(apply(s, a, n, c), inv, n, c) == s
    assert apply(apply(s, inv, n, c), a, n, c) == s


@given(nc_state_action())
@settings(max_examples=50)
def test_rotary_addition_is_associative(data):
    n, c, s, a = data
    b = (a[0], s[1])
    x = rotary_add(rotary_add(a, b, n, c), s, n, c)
    y = rotary_add(a, rotary_add(b, s, n, c), n, c)
    assert x == y


@given(nc_state_action())
def test_packing_round_trips(data):
    n, c, s, _ = data
    x = pack(s, n, c)
    assert 0 <= x < n * c ** n
    assert unpack(x, n, c) == s


def test_fitness_counts_increments_to_goal():
    assert fitness((0, (0, 0, 0)), 3) == 0
    assert fitness((0, (1, 1, 1)), 3) == 6  # each 1 needs two increments when c = 3
    assert fitness((0, (2, 0, 1)), 3) == 3
    assert fitness((5, (1,) * 12), 2) == 12


def test_q_values_and_undefined_q():
    n = 12
    for k1, q in ((2, 1), (3, 2), (4, 3), (5, 4), (7, 6)):
        assert q_value(((k1, unit(0, n)), (1, unit(0, n))), n) == q
    # n is in the gcd: turns that differ by 8 on 12 lights give Q = gcd(12, 8) = 4
    assert q_value(((9, unit(0, n)), (1, unit(0, n))), n) == 4
    assert q_value(((7, unit(0, n)), (5, unit(0, n)), (3, (0,) * n)), n) == 1
    assert q_value(((3, unit(2, n)), (1, unit(0, n))), n) is None


def test_replay_and_first_goal():
    p = Puzzle(12, 2, (0, (1,) * 12), ((7, unit(0, 12)), (5, unit(0, 12))))
    states = replay(p, [0] * 12)
    assert len(states) == 13 and states[-1][1] == (0,) * 12
    assert first_goal(p, [0] * 12) == 12
    assert first_goal(p, [0] * 5) is None


@pytest.mark.parametrize("kwargs, field", [
    ({"n": 1, "c": 2}, "n"),
    ({"n": 4, "c": 1}, "c"),
    ({"n": 4, "c": 2, "initial": (0, (0, 1, 0))}, "lights L"),
    ({"n": 4, "c": 2, "initial": (0, (0, 2, 0, 0))}, "outside Z_2"),
    ({"n": 4, "c": 2, "initial": (4, (0, 0, 0, 0))}, "hand position"),
    ({"n": 4, "c": 2, "actions": ()}, "action set"),
    ({"n": 4, "c": 2, "actions": ((1, (1, 0)),)}, "action M"),
    ({"n": 4, "c": 2, "goals": ((0, 0, 3, 0),)}, "goal L"),
])
def test_bad_input_names_the_field(kwargs, field):
    args = {"n": 4, "c": 2, "initial": (0, (1, 0, 0, 0)), "actions": ((1, unit(0, 4)),)}
    args.update(kwargs)
    with pytest.raises(ValueError, match=field):
        Puzzle(args["n"], args["c"], args["initial"], args["actions"], args.get("goals", ()))


def test_more_bad_input():
    with pytest.raises(ValueError, match="hand position"):
        make_state(True, (0, 0), 2, 2)
    with pytest.raises(ValueError, match="action k"):
        make_action("3", (0, 0), 2, 2)
    with pytest.raises(ValueError, match="packed state"):
        unpack(8, 2, 2)
    with pytest.raises(ValueError, match="not 'k,digits'"):
        parse_state("0;0101", 4, 2)
    p = Puzzle(4, 2, (0, (1, 0, 0, 0)), ((1, unit(0, 4)),))
    with pytest.raises(ValueError, match="moves"):
        replay(p, [1])


def test_d1_description_states_the_actions_as_the_board_shows_them():
    from puzzles.clockwork.instances import instance
    from puzzles.clockwork.model import action_str

    d1 = instance("D1")
    assert all(action_str(a) in d1.description for a in d1.actions)
    assert "i.e." not in instance("D2").description
