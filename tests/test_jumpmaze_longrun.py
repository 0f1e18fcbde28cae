"""The upper bounds of the long runs: what a search that stops at its node limit reports.

The stored bounds for n = 8..11 (61, 78, 97, 118) all come from the branch of
``longrun.upper_bound`` where a search hits the node limit; they are re-derived here from each
stored search's own log, and the branch is run for real on small node-limited searches.
"""

from __future__ import annotations

import pytest

from puzzles.jumpmaze import exact, longrun

STORED_BOUNDS = {"8": 61, "9": 78, "10": 97, "11": 118}


def _replay(monkeypatch: pytest.MonkeyPatch, n: int, searches: list[dict]) -> None:
    """Make ``exact.search`` answer from a stored log, checking it is asked the same targets."""
    log = iter(searches)

    def fake(n_: int, target: int, node_limit: int, **_: object) -> exact.ExactResult:
        s = next(log)
        assert (n_, target, node_limit) == (n, s["target"], longrun.BOUND_NODE_LIMIT)
        return exact.ExactResult(n, target, s["found"], None, s["complete"], s["nodes"],
                                 s["seconds"])

    monkeypatch.setattr(longrun.exact, "search", fake)


@pytest.mark.parametrize("key", sorted(STORED_BOUNDS))
def test_stored_bounds_rederive_from_their_own_search_logs(monkeypatch, key):
    stored = longrun.load_long_runs()["bounds"][key]
    n = int(key)
    _replay(monkeypatch, n, stored["searches"])
    again = longrun.bound_task((n, longrun.BOUND_NODE_LIMIT))
    assert again == stored
    assert again["upper_bound"] == STORED_BOUNDS[key]
    # each log: n^2 - 2 refuted completely, n^2 - 3 stopped at the node limit
    first, last = stored["searches"]
    assert (first["target"], first["complete"], first["found"]) == (n * n - 2, True, None)
    assert (last["target"], last["complete"], last["nodes"]) == (
        n * n - 3, False, longrun.BOUND_NODE_LIMIT)


def test_a_search_stopped_at_the_node_limit_bounds_by_its_own_target():
    # n = 5: target 23 is refuted in 30 nodes, target 22 needs 120, the maximum is 21
    out = longrun.upper_bound(5, 23, 100)
    assert out["upper_bound"] == 22
    assert [(s["target"], s["complete"], s["nodes"]) for s in out["searches"]] == [
        (23, True, 30), (22, False, 100)]
    # n = 6: 34 and 33 refuted, 32 (the maximum) not reached within the limit
    out = longrun.upper_bound(6, 34, 1000)
    assert out["upper_bound"] == 32
    assert [(s["target"], s["complete"]) for s in out["searches"]] == [
        (34, True), (33, True), (32, False)]


def test_a_first_search_stopped_at_the_limit_gives_the_trivial_bound():
    out = longrun.upper_bound(5, 23, 20)
    assert out["upper_bound"] == 24  # n^2 - 1: every cell but the start on the path
    assert [(s["target"], s["complete"], s["nodes"]) for s in out["searches"]] == [
        (23, False, 20)]


def test_a_complete_search_that_finds_a_maze_ends_the_refutation():
    out = longrun.upper_bound(5, 23, 10**6)
    assert out["upper_bound"] == 21
    assert [(s["target"], s["found"]) for s in out["searches"]] == [
        (23, None), (22, None), (21, 21)]
    # started below the maximum, the first search finds a deeper maze: its depth is the bound
    out = longrun.upper_bound(5, 19, 10**6)
    assert out["upper_bound"] == 21
    assert [(s["target"], s["found"]) for s in out["searches"]] == [(19, 21)]
