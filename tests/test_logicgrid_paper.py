"""The authors' solver (mode="paper") on their 65 released puzzles, and the released data."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.logicgrid import reference, released
from puzzles.logicgrid.hints import Hint, parse_puzzle
from puzzles.logicgrid.model import CLUE, MINI
from puzzles.logicgrid.solver import solve


@pytest.fixture(scope="module")
def runs() -> dict[str, list]:
    """Every released puzzle solved in paper mode."""
    return {s: [solve(released.SET_SPACES[s], hs, mode="paper") for hs in released.puzzles(s)]
            for s in released.SETS}


def test_released_sets_have_65_puzzles() -> None:
    assert [len(released.puzzles(s)) for s in released.SETS] == [30, 30, 5]


@pytest.mark.parametrize("name, mean", [("hd", 4.867), ("do", 6.033), ("small", 2.8)])
def test_paper_loop_means_equal_published(runs, name: str, mean: float) -> None:
    loops = [r.loops for r in runs[name]]
    assert np.mean(loops) == pytest.approx(mean, abs=5e-4)
    stats = released.statistics(name)
    assert np.mean(loops) == pytest.approx(stats["loops_mean"], abs=1e-12)
    assert (min(loops), max(loops)) == (stats["loops_min"], stats["loops_max"])


def test_paper_queue_series_equal_published(runs) -> None:
    total = np.zeros(6, dtype=int)
    for r in runs["hd"]:
        total[:len(r.remaining)] += r.remaining
    assert list(total) == reference.queue_per_loop() == [211, 167, 123, 73, 33, 5]


def test_paper_type_totals_equal_published() -> None:
    for name in released.SETS:
        stats = released.statistics(name)
        counts = {t: 0 for t in stats["type_totals"]}
        for hs in released.puzzles(name):
            for h in set(hs):
                counts[h.type] += 1
        assert counts == {k: int(v) for k, v in stats["type_totals"].items()}


@pytest.mark.parametrize("name", released.SETS)
def test_paper_grids_equal_released_solutions(runs, name: str) -> None:
    """Every cell the authors' runs left, X, O and blank, is what paper mode leaves."""
    for k, (r, g) in enumerate(zip(runs[name], released.solution_grids(name), strict=True)):
        assert np.array_equal(r.grid, g), f"{name} puzzle {k + 1}"
        assert r.status == "solved"


def test_released_table_counts_and_statuses() -> None:
    t = released.table()
    assert len(t) == 65
    assert (t["paper_status"] == "solved").all()
    zero = t[t["solutions"] == 0]
    assert list(zip(zero["set"], zero["index"], strict=True)) == [("do", 6), ("do", 8), ("do", 20),
                                                     ("small", 5)]
    assert (zero["sound_status"] == "contradiction").all()
    assert (t.loc[t["solutions"] == 1, "sound_status"] == "solved").all()
    assert (t["sound_loops"] <= t["paper_loops"]).all()


def test_alias_table_reads_the_typo_without_editing_data() -> None:
    line = "The suspect Ms. carlet is the hour 3:00 PM"
    with pytest.raises(ValueError):
        parse_puzzle(CLUE, [line])
    (h,) = parse_puzzle(CLUE, [line], released.ALIASES)
    assert h == Hint("is", CLUE.index("Ms. Scarlet"), CLUE.index("3:00 PM"))
    assert "Ms. carlet" in released.raw("hd", "hints")
    assert released.alias_table()[0]["clues using it"] > 0


def test_paper_mode_rejects_bad_options() -> None:
    hs = parse_puzzle(MINI, ["The suspect Mrs. White is the hour 2:00 PM"])
    with pytest.raises(ValueError):
        solve(MINI, hs, mode="fast")
    with pytest.raises(ValueError):
        solve(MINI, hs, mode="paper", weak=True)
    with pytest.raises(ValueError):
        released.raw("nope", "hints")


def test_paper_mode_statuses() -> None:
    w, p = CLUE.index("Mrs. White"), CLUE.index("Prof. Plum")
    two, knife = CLUE.index("2:00 PM"), CLUE.index("Knife")
    stuck = solve(CLUE, [Hint("is", w, two)], mode="paper")
    assert (stuck.status, stuck.loops) == ("stuck", 1)
    bad = solve(CLUE, [Hint("is", w, two), Hint("is", p, two)], mode="paper")
    assert bad.status == "contradiction"
    # An "or" whose two sides are unknown waits in the queue: a second pass changes nothing.
    wait = solve(CLUE, [Hint("or", w, p, knife)], mode="paper")
    assert wait.loops == 2 and wait.remaining == [1, 1]


def _oracle() -> list[dict]:
    import json

    return json.loads((released.DATA / "paper_oracle.json").read_text(encoding="utf-8"))["cases"]


def test_paper_mode_equals_the_authors_solver_on_800_random_lists() -> None:
    """Loops, every final cell, and their is_complete / is_valid on random (mostly
    contradictory or stuck) lists: the stored outputs of the authors' own solver."""
    from puzzles.logicgrid.authors import paper_solve

    statuses = set()
    for k, case in enumerate(_oracle()):
        space = CLUE if case["space"] == "clue" else MINI
        hs = [Hint(t, a, b, c, d, kk) for t, a, b, c, d, kk in case["hints"]]
        status, loops, g, _ = paper_solve(space, hs)
        grid = "".join(str(v) for row in g.s for v in row)
        assert (loops, grid) == (case["loops"], case["grid"]), f"case {k}"
        assert (g.complete(), g.valid()) == (case["complete"], case["valid"]), f"case {k}"
        assert (status == "solved") == case["complete"]
        statuses.add(status)
    assert statuses == {"solved", "stuck", "contradiction"}


def test_openings_verdict_overwrites_transitivity_verdict(monkeypatch) -> None:
    """The authors' loop keeps only the openings sweep's validity after a changing hint."""
    from puzzles.logicgrid import authors

    monkeypatch.setattr(authors.PaperGrid, "transitives", lambda self: (False, False))
    monkeypatch.setattr(authors.PaperGrid, "openings", lambda self: (False, True))
    w, two = MINI.index("Mrs. White"), MINI.index("2:00 PM")
    status, loops, _, _ = authors.paper_solve(MINI, [Hint("is", w, two)])
    assert (status, loops) == ("stuck", 1)


def test_relations_take_the_last_o_and_before_reports_no_change_once_both_placed() -> None:
    from puzzles.logicgrid.authors import BLANK, O, PaperGrid, X

    g = PaperGrid(MINI)
    s0, w0, w1 = MINI.index("Ms. Scarlet"), MINI.index("Knife"), MINI.index("Rope")
    g.put(s0, w0, O)
    g.put(s0, w1, O)
    assert g.relations(s0, 1)[0] == w1  # the last O of the line, as get_known_relations
    assert g.truths(s0)[1] == w0  # the first O, as find_truths
    g = PaperGrid(MINI)
    s1 = MINI.index("Mrs. White")
    h = [MINI.index(t) for t in ("1:00 PM", "2:00 PM", "3:00 PM", "4:00 PM")]
    g.put(s0, h[1], O)
    g.put(s1, h[2], O)
    assert g.get(s0, h[3]) == BLANK
    assert g.apply_before(s0, s1, None) == (False, True, True)  # X placed, yet "not applied"
    assert g.get(s0, h[3]) == X


def test_first_feasible_counts_from_one_like_their_data_visualization() -> None:
    from puzzles.logicgrid.experiments import first_feasible

    assert first_feasible([{"first_feasible": 0}, {"first_feasible": 4},
                           {"first_feasible": -1}]) == [1, 5]


def test_the_released_queue_per_loop_sums_the_authors_solver(runs) -> None:
    """The released queue the REL-*-queue rows read (per_trial's authors' rows sum the same
    passes), loop by loop; the ledger rows are pinned in test_logicgrid_ledger.py."""
    from puzzles.logicgrid import per_trial

    queue = np.zeros(6, dtype=int)
    for r in runs["hd"]:
        queue[:len(r.remaining)] += r.remaining
    assert released.queue("hd") == queue.tolist()
    rows = [r for r in per_trial._released() if r["experiment"] == "hint size and difficulty"]
    assert sum(r["queued"] for r in rows) == int(queue.sum())
    assert [r["loops_paper"] for r in rows] == released.table().query("set == 'hd'")[
        "paper_loops"].tolist()


def test_a_clue_given_twice_is_counted_once_per_pass() -> None:
    from puzzles.logicgrid import experiments as ex

    hints = ex.example_puzzles()[0]["hints"]
    once = solve(MINI, hints, mode="paper")
    twice = solve(MINI, hints + [hints[0]], mode="paper")
    assert once.remaining == twice.remaining == [4, 3]
    assert (twice.status, twice.loops) == ("solved", 2)
