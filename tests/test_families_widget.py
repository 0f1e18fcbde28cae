"""Every family's board as a new player meets it: the goal and the key drawn, every text of the
scene readable in both themes, the win announced with the optimum, the family's text format
in and out (errors naming the line and the field), and the rules each board added."""

from __future__ import annotations

import pytest

from puzzles.clockwork import instances as cw_instances
from puzzles.clockwork.game import Clockwork
from puzzles.core.board import Board, Event, text_contrast, with_key
from puzzles.core.game import Player, join_status, read_fields
from puzzles.hypercube.game import HypercubeGame
from puzzles.hypercube.instances import instance as hc_instance
from puzzles.iqlink.game import IQLink, Take
from puzzles.jumpmaze.game import MazeGame
from puzzles.logicgrid.game import O, slides_example

MAZE = [[1, 1, 2], [2, 1, 1], [1, 2, 0]]  # 3 x 3: (0,0) -> (0,1) -> (0,2) -> (2,2)


def _games():
    return {
        "clockwork": lambda: Clockwork(cw_instances.paper_instances(), start="B1"),
        "iqlink": lambda: IQLink(1),
        "jumpmaze": lambda: MazeGame(MAZE),
        "logicgrid": lambda: slides_example("Example Puzzle 1 (3x4)"),
        "hypercube": lambda: HypercubeGame(hc_instance(3, "0"), 2),
    }


GAMES = _games()
BAD_TEXT = {
    "clockwork": "c: 2\ninitial: 0,0101\nactions: 1:01x1",
    "iqlink": "given: red 7 0\nplaced: purple 3",
    "jumpmaze": "1 1 2\n2 9 1\n1 2 G",
    "logicgrid": "space: mini\n1. Prof. Plum is the Rope.\n2. nonsense here",
    "hypercube": "d: 3\nlevel: 0\nk: 2\nrings: 1, 1, 2, 3",
}
BAD_LINE = {"clockwork": "line 3, field 'actions'", "iqlink": "line 2, field 'placed'",
            "jumpmaze": "line 2, field 2", "logicgrid": "line 3, clue 2",
            "hypercube": "line 4, field 'rings'"}


@pytest.mark.parametrize("family", sorted(GAMES))
def test_every_board_states_its_goal_and_key_and_every_text_reads_in_both_themes(family):
    game = GAMES[family]()
    state = game.initial()
    assert len(game.goal) > 20 and game.legend(state), "a board needs a goal and a key"
    assert all(k.mark or len(k.meaning) > 20 for k in game.legend(state))
    scene = with_key(game.scene(state, Player(game).view), game.goal, game.legend(state))
    for theme in ("light", "dark"):
        low = [(t.text, round(t.ratio, 2)) for t in text_contrast(scene, theme)
               if t.ratio < 4.5]
        assert not low, f"{family} ({theme}): text under 4.5:1: {low}"


@pytest.mark.parametrize("family", sorted(GAMES))
def test_the_text_format_round_trips_and_bad_text_names_line_and_field(family):
    game = GAMES[family]()
    text = game.dump(game.initial())
    again = game.load(text)
    assert again.dump(again.initial()) == text
    with pytest.raises(ValueError, match=BAD_LINE[family]):
        game.load(BAD_TEXT[family])


@pytest.mark.parametrize("family", ["clockwork", "jumpmaze", "hypercube", "iqlink"])
def test_the_win_is_announced_with_the_moves_and_the_optimum(family):
    p = Player(GAMES[family]())
    plan = p.game.solve(p.state)
    for move in plan:
        p.play(move)
    assert f"solved in {len(plan)} moves (the fewest possible: {len(plan)})" in p.board.status


def test_status_parts_lose_their_full_stops():
    assert join_status(["moves 3", "solved!", "clue 1: Plum is the Rope.", ""]) == \
        "moves 3 · solved! · clue 1: Plum is the Rope"
    assert join_status(["a..", "b"]) == "a · b"


def test_read_fields_names_unknown_repeated_and_missing_fields():
    f = read_fields("# a comment\nc: 2\n\ninitial: 0,01\n", ("c", "initial"))
    assert (f["c"].line, f["c"].value, f["initial"].line) == (2, "2", 4)
    with pytest.raises(ValueError, match="line 2: unknown field 'colour'"):
        read_fields("c: 2\ncolour: red", ("c",))
    with pytest.raises(ValueError, match="line 2: field 'c' given twice"):
        read_fields("c: 2\nc: 3", ("c",))
    with pytest.raises(ValueError, match="field 'initial' missing"):
        read_fields("c: 2", ("c", "initial"))
    with pytest.raises(ValueError, match="line 1: expected 'name: value'"):
        read_fields("just words", ("c",))


def test_a_selection_keeps_the_move_count_and_a_puzzle_edit_restarts_it():
    p = Player(HypercubeGame(hc_instance(3, "0"), 2))
    first, second = p.game.solve(p.state)[:2]
    p.play(first)
    p.board.key(str(second[0] + 1))  # select the next ring: an edit, not a move
    p.play(second)
    assert p.moves_made == 2 and p.actions == 3
    p.board.enter("instance", "d=3 level 1")  # another puzzle: the count starts again
    assert p.moves_made == 0 and p.state.k == 2  # and k is kept
    p.board.press("undo")
    assert p.moves_made == 2


def test_a_refused_field_is_marked_until_an_input_is_accepted():
    p = Player(HypercubeGame(hc_instance(3, "0"), 2))
    p.board.enter("k", "seven")
    assert p.board.invalid == "k" and p.board.message.startswith("refused: k must")
    p.board.enter("k", "1")
    assert p.board.invalid == "" and p.board.message == ""
    p.board.enter("puzzle", "d: 3")
    p.board.press("load")  # the load button refuses the puzzle field's text
    assert p.board.invalid == "puzzle" and "field 'level' missing" in p.board.message


def test_clockwork_board_draws_each_setting_as_a_digit_and_loads_a_typed_puzzle():
    p = Player(Clockwork(cw_instances.paper_instances(), start="B1"))
    light = p.board.element("light-0")
    assert 'aria-label="light 0: setting 1"' in light
    p.board.enter("puzzle", "c: 3\ninitial: 0,2100\nactions: 1:1000; 0:0100")
    p.board.press("load")
    assert "typed: fitness" in p.board.status and p.board.message == ""
    assert p.board.svg.count('data-id="action-') == 2


def test_maze_two_digit_jumps_are_typed_and_the_goal_refuses_a_jump():
    grid = [[1] * 11 for _ in range(11)]
    grid[10][10] = 0
    p = Player(MazeGame(grid))
    p.board.press("edit")
    p.board.click("cell-0-0")
    p.board.key("1")
    p.board.key("0")
    assert p.state.jumps[0][0] == 10 and "(0, 0) now jumps 10" in p.board.status
    p.board.press("undo")
    assert p.state.jumps[0][0] == 1  # the edit is undone, the first digit's stays
    p = Player(MazeGame(MAZE))
    for move in p.game.solve(p.state):
        p.play(move)
    p.board.click("cell-2-0")
    assert p.board.message.startswith("refused: you are on the goal")
    assert "jump 0 cells" not in p.board.message


def test_logic_grid_is_won_when_every_o_stands_and_no_mark_is_wrong():
    game = slides_example("Example Puzzle 1 (3x4)")
    p = Player(game)
    os_ = [(x, y) for x, y in game.cells if game.answer[x, y] == O]
    assert game.optimum(game.initial()) == len(os_)
    for x, y in os_:
        cell = f"cell-{x}-{y}"
        p.board.click(cell)  # select
        p.board.key("o")
    assert game.is_goal(p.state)
    assert f"solved in {len(os_)} moves (the fewest possible: {len(os_)})" in p.board.status


def test_logic_grid_arrows_move_the_cursor_without_marking():
    p = Player(slides_example("Example Puzzle 1 (3x4)"))
    p.board.key("ArrowDown")
    first = p.state.selected
    p.board.key("ArrowRight")
    assert p.state.selected != first and p.moves_made == 0
    assert all(v == 0 for row in p.state.marks for v in row)
    p.board.key("ArrowUp")
    p.board.key("ArrowUp")
    assert p.board.message == "refused: the cursor is at the edge of the grid"


def test_iqlink_given_pieces_say_they_stay_and_the_hint_takes_a_blocking_piece_off():
    p = Player(IQLink(30))  # a Junior with a placement that fits but blocks the solution
    given = next(i for i in p.board.ids() if i.startswith("given-"))
    p.board.click(given)
    assert "is a given piece" in p.board.message
    plan = p.game.solve(p.state)
    wrong = next(m for m in p.game.moves(p.state)
                 if m not in plan and not isinstance(m, Take)
                 and p.game.solve(p.game.apply(p.state, m)) is None)
    p.play(wrong)
    p.board.press("hint")
    assert "hint: take" in p.board.status
    p.board.press("step")
    assert p.state.placed == () and p.game.solve(p.state) is not None


def test_iqlink_tray_draws_the_piece_in_hand_as_turned_and_previews_it_at_legal_pegs():
    p = Player(IQLink(1))
    piece = p.game.solve(p.state)[0]
    p.board.click(f"tray-{piece.piece}")
    before = p.board.element(f"tray-{piece.piece}")
    for _ in range(piece.rotation):
        p.board.key("r")
    if piece.mirrored:
        p.board.key("f")
    tray_svg = p.board.svg.split(f'data-id="tray-{piece.piece}"')[1].split("</g>")[0]
    assert "in hand" in p.board.element(f"tray-{piece.piece}") and before
    assert tray_svg.count("<polygon") >= 3  # the shape, not just a name
    assert f'data-preview="peg-{piece.peg}"' in p.board.svg


def test_board_dispatch_clears_the_invalid_mark_on_a_handled_event():
    seen = []
    b = Board(lambda ev: seen.append(ev) if ev.id != "bad" else (_ for _ in ()).throw(
        ValueError("no")))
    b.dispatch(Event("input", "bad", "x"))
    assert b.invalid == "bad"
    b.dispatch(Event("input", "good", "x"))
    assert b.invalid == "" and len(seen) == 1


def test_logic_grid_a_key_pressed_on_a_focused_cell_marks_that_cell():
    p = Player(slides_example("Example Puzzle 1 (3x4)"))
    x, y = p.game.cells[5]
    p.board.dispatch(Event("key", "o", f"cell-{x}-{y}"))
    assert p.state.at(x, y) == O and p.moves_made == 1
