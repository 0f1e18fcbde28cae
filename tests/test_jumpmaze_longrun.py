"""The upper bounds of the long runs: what a search that stops at its node limit reports.

The stored bounds for n = 8..11 (61, 78, 97, 118, ``data/long_bounds.csv``) all come from the
branch of ``exact.upper_bound`` where a search hits the node limit; they are re-derived here
from each stored search's own log through the ``long-bounds`` experiment's worker and table, and
the branch is run for real on small node-limited searches.
"""

from __future__ import annotations

import pandas as pd
import pytest

from puzzles.jumpmaze import exact, offline
from puzzles.jumpmaze.paper import PAPER

STORED_BOUNDS = {"8": 61, "9": 78, "10": 97, "11": 118}
NODE_LIMIT = PAPER.budgets("paper").bound_node_limit


def _replay(monkeypatch: pytest.MonkeyPatch, n: int, searches: list[dict]) -> None:
    """Make ``exact.search`` answer from a stored log, checking it is asked the same targets."""
    log = iter(searches)

    def fake(n_: int, target: int, node_limit: int, **_: object) -> exact.ExactResult:
        s = next(log)
        assert (n_, target, node_limit) == (n, s["target"], NODE_LIMIT)
        return exact.ExactResult(n, target, s["found"], None, s["complete"], s["nodes"], 0.0)

    monkeypatch.setattr(exact, "search", fake)


@pytest.mark.parametrize("key", sorted(STORED_BOUNDS))
def test_stored_bounds_rederive_from_their_own_search_logs(monkeypatch, key):
    table = offline.stored("long-bounds")
    stored = offline.bound_records(table)[key]
    n = int(key)
    _replay(monkeypatch, n, stored["searches"])
    task = next(t for t in PAPER.tasks("long-bounds") if t.n == n)
    again = offline.bound_run(task)
    assert {"upper_bound": again.upper_bound, "searches": list(again.searches)} == stored
    assert again.upper_bound == STORED_BOUNDS[key]
    # the experiment's table of the replayed run is the stored table's rows (provenance aside)
    rows = offline.bound_table([task], [again]).drop(columns=offline.PROVENANCE)
    mine = table[table["n"] == n].drop(columns=offline.PROVENANCE).reset_index(drop=True)
    pd.testing.assert_frame_equal(rows, mine, check_dtype=False)
    # each log: n^2 - 2 refuted completely, n^2 - 3 stopped at the node limit
    first, last = stored["searches"]
    assert (first["target"], first["complete"], first["found"]) == (n * n - 2, True, None)
    assert (last["target"], last["complete"], last["nodes"]) == (n * n - 3, False, NODE_LIMIT)


def test_a_search_stopped_at_the_node_limit_bounds_by_its_own_target():
    # n = 5: target 23 is refuted in 30 nodes, target 22 needs 120, the maximum is 21
    out = exact.upper_bound(5, 23, 100)
    assert out["upper_bound"] == 22
    assert [(s["target"], s["complete"], s["nodes"]) for s in out["searches"]] == [
        (23, True, 30), (22, False, 100)]
    # n = 6: 34 and 33 refuted, 32 (the maximum) not reached within the limit
    out = exact.upper_bound(6, 34, 1000)
    assert out["upper_bound"] == 32
    assert [(s["target"], s["complete"]) for s in out["searches"]] == [
        (34, True), (33, True), (32, False)]


def test_a_first_search_stopped_at_the_limit_gives_the_trivial_bound():
    out = exact.upper_bound(5, 23, 20)
    assert out["upper_bound"] == 24  # n^2 - 1: every cell but the start on the path
    assert [(s["target"], s["complete"], s["nodes"]) for s in out["searches"]] == [
        (23, False, 20)]


def test_a_complete_search_that_finds_a_maze_ends_the_refutation():
    out = exact.upper_bound(5, 23, 10**6)
    assert out["upper_bound"] == 21
    assert [(s["target"], s["found"]) for s in out["searches"]] == [
        (23, None), (22, None), (21, 21)]
    # started below the maximum, the first search finds a deeper maze: its depth is the bound
    out = exact.upper_bound(5, 19, 10**6)
    assert out["upper_bound"] == 21
    assert [(s["target"], s["found"]) for s in out["searches"]] == [(19, 21)]
