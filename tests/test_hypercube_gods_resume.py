"""The resumable bounded God's-number run (issue 43 item 1): the rule's next start, the bound
updates, the stop rule, resumed runs equal to one uninterrupted run, the committed files
refused when truncated or edited, the caps, and gods_number's rows from the committed file.

Everything runs on d = 4 (searches of milliseconds); nothing depends on wall or CPU time."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from puzzles.core.storage import STORED_INDEX, store_together
from puzzles.hypercube import experiments as ex
from puzzles.hypercube import gods
from puzzles.hypercube.dense import UNSEEN
from puzzles.hypercube.paper import PAPER

# the bounded rule's searches on d = 4 (orbit:eccentricity), pinned: a change to the rule
# (the next start, the bounds, the stop) changes them
PINNED = {
    2: "target:10 26:10 1:11 0:11 2:11 6:10 7:10 18:10 16:11 22:10",
    3: "target:16 0:2 1:0 2:0 7:1 8:1 19:0 20:0 21:0 22:0 23:0 24:0 25:0 26:0 5:17 6:16",
}


def _searched(log: gods.SearchLog) -> str:
    return " ".join(f"{r['orbit']}:{r['eccentricity']}" for r in log.rows)


def _no_cpu(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.drop(columns="cpu_seconds")


# ---------------------------------------------------------------- the rule


def test_the_first_start_is_the_target_then_the_starts_alternate():
    b = gods.Bounds.start(3)
    assert b.next_start() == gods.TARGET
    b.lower[:], b.upper[:] = [2, 1, 3], [9, 8, 7]
    b.searches = 1  # after an odd number of searches: the smallest lower bound
    assert b.next_start() == 1
    b.searches = 2  # after an even number: the largest upper bound
    assert b.next_start() == 0
    b.done[0] = True  # a searched orbit is never picked again
    assert b.next_start() == 1
    b.lower[:], b.upper[:] = [1, 1, 3], [9, 8, 7]
    b.searches = 3  # ties: the least index
    assert b.next_start() == 1


def test_the_run_stops_exactly_when_no_upper_bound_exceeds_the_best_lower_bound():
    b = gods.Bounds.start(2)
    b.add(5, np.array([0, 2]), np.array([5, 4]), None)  # the target's search: ecc 5
    assert (b.lower.tolist(), b.upper.tolist()) == ([5, 4], [5, 7])
    assert b.next_start() == 1 and b.open_orbits == 1 and b.best == 5 and b.top == 7
    b.upper[1] = 5  # equal to the best lower bound: closed
    assert b.next_start() is None and b.open_orbits == 0
    b.upper[1] = 6  # above it: open
    assert b.next_start() == 1


def test_a_search_bounds_each_orbit_it_reaches_by_the_triangle_inequality():
    b = gods.Bounds.start(3)
    lo, hi = np.array([0, 3, UNSEEN]), np.array([4, 6, -1])
    b.add(7, lo, hi, 0)
    # lower: max(hi, ecc - lo); upper: lo + ecc; an orbit not reached keeps (0, infinite)
    assert b.lower.tolist() == [7, 6, 0]
    assert b.upper.tolist() == [7, 10, gods.INFINITE]
    assert b.done.tolist() == [True, False, False] and b.top is None
    b.add(6, np.array([2, 1, 4]), np.array([5, 6, 9]), None)  # tighter, never looser
    assert b.lower.tolist() == [7, 6, 9]
    assert b.upper.tolist() == [7, 7, 10]
    assert b.done.tolist() == [True, False, False] and b.searches == 2


@pytest.mark.parametrize("k", [2, 3])
def test_the_rule_gives_the_pinned_searches_and_the_committed_gods_numbers(k):
    log = gods.resume_bounded(4, k, None)
    assert _searched(log) == PINNED[k]
    committed = pd.read_csv(gods.BOUNDED_FILE.parent / "gods_number.csv").set_index(["d", "k"])
    summary = gods.log_summary(log)
    assert (summary["gods_number"], summary["upper_bound"], summary["bound"],
            summary["searches_left"]) == (committed.loc[(4, k), "gods_number"],
                                          committed.loc[(4, k), "gods_number"], "exact", 0)
    assert _searched(log) == gods.bounded_gods_number(4, k, 27)["searched"]


# ---------------------------------------------------------------- committed and resumed


@pytest.mark.parametrize("chunk", [1, 3])
def test_chunks_committed_and_resumed_are_one_uninterrupted_run(tmp_path, chunk):
    whole = tmp_path / "whole" / "s.csv"
    whole.parent.mkdir()
    gods.resume_bounded(4, 2, whole)
    parts = tmp_path / "parts" / "s.csv"
    parts.parent.mkdir()
    calls = 0
    while True:
        calls += 1
        log = gods.resume_bounded(4, 2, parts, max_searches=chunk)
        if gods.log_summary(log)["bound"] == "exact":
            break
    assert calls == -(-10 // chunk)  # each call made `chunk` searches, the last the rest
    assert _searched(log) == PINNED[2]
    a, b = gods.read_searches(whole), gods.read_searches(parts)
    assert _no_cpu(a[0]).equals(_no_cpu(b[0])) and a[1].equals(b[1])
    # a closed k makes no further search
    before = parts.read_bytes()
    assert gods.resume_bounded(4, 2, parts).rows == log.rows and parts.read_bytes() == before


def test_a_run_killed_during_a_search_keeps_every_search_finished_before(tmp_path, monkeypatch):
    path = tmp_path / "s.csv"
    real, seen = gods._search_from, []

    def dies_on_the_fourth(d, k, start):
        seen.append(start)
        if len(seen) == 4:
            raise KeyboardInterrupt
        return real(d, k, start)

    monkeypatch.setattr(gods, "_search_from", dies_on_the_fourth)
    with pytest.raises(KeyboardInterrupt):
        gods.resume_bounded(4, 3, path)
    monkeypatch.setattr(gods, "_search_from", real)
    rows, spans = gods.read_searches(path)
    assert rows["orbit"].tolist() == ["target", "0", "1"] and len(spans) == 3
    log = gods.resume_bounded(4, 3, path)
    assert _searched(log) == PINNED[3]


def test_each_k_keeps_its_rows_in_search_order_whatever_order_they_were_committed(tmp_path):
    path = tmp_path / "s.csv"
    gods.resume_bounded(4, 3, path, max_searches=2)
    gods.resume_bounded(4, 2, path, max_searches=2)
    gods.resume_bounded(4, 3, path, max_searches=1)
    gods.resume_bounded(4, 2, path, max_searches=1)  # the last commit is the lower k's
    rows = gods.read_searches(path)[0]
    assert rows[["k", "orbit"]].values.tolist() == [
        [2, "target"], [2, "26"], [2, "1"], [3, "target"], [3, "0"], [3, "1"]]
    assert list(rows.columns) == ["k", "orbit", "representative", "eccentricity",
                                  "component_size", "cpu_seconds"]
    assert rows.loc[0, "representative"] == " ".join(map(str, gods.paper_puzzle(4, 2).target))


def test_a_commit_is_refused_when_another_run_went_on_with_the_same_k(tmp_path):
    path = tmp_path / "s.csv"
    gods.resume_bounded(4, 2, path, max_searches=1)
    mine = gods.search_log(4, 2, path)
    gods.resume_bounded(4, 2, path, max_searches=1)  # another run commits the next search
    config, s = gods._search_from(4, 2, 26)
    row = {"k": 2, "orbit": "26", "representative": " ".join(map(str, config)),
           "eccentricity": s.eccentricity, "component_size": s.size, "cpu_seconds": 0}
    with pytest.raises(ValueError, match="another run commits it too"):
        gods._commit(path, mine, [row], [gods._span_row(2, 1, 1, s)])


# ---------------------------------------------------------------- damaged files refused


def _committed(tmp_path: Path) -> Path:
    path = tmp_path / "s.csv"
    gods.resume_bounded(4, 3, path, max_searches=4)
    return path


def test_an_edited_or_truncated_file_is_refused_by_its_hash_naming_it(tmp_path):
    path = _committed(tmp_path)
    path.write_text(path.read_text().replace(",2,12,", ",3,12,"))  # search 1's eccentricity
    with pytest.raises(ValueError, match=r"s\.csv is damaged or was edited"):
        gods.resume_bounded(4, 3, path)
    path = _committed(tmp_path / "b")
    spans = gods.spans_path(path)
    spans.write_text("".join(spans.read_text().splitlines(keepends=True)[:-1]))
    with pytest.raises(ValueError, match=r"s_spans\.csv is damaged or was edited"):
        gods.resume_bounded(4, 3, path)


@pytest.mark.parametrize(("edit", "message"), [
    (lambda r, s: (r.iloc[:-1], s), "has 3 searches but 4 rows of spans"),
    (lambda r, s: (r.assign(eccentricity=r["eccentricity"].where(r.index != 1, "3")), s),
     r"search 1 \(0\): its spans do not fit"),
    (lambda r, s: (r.assign(orbit=r["orbit"].where(r.index != 2, "5")), s),
     r"search 2 \(5\): the rule picks 1 here"),
    (lambda r, s: (r.assign(representative=r["representative"].where(r.index != 0, "0 1 2 3 4")),
                   s), "representative '0 1 2 3 4' is not target's"),
    (lambda r, s: (r, s.assign(search=s["search"].where(s.index != 3, "7"))),
     "its spans row is numbered 7"),
])
def test_a_file_edited_with_its_hashes_recorded_is_refused_by_the_replay(tmp_path, edit,
                                                                         message):
    path = _committed(tmp_path)
    rows, spans = (pd.read_csv(p, dtype=str) for p in (path, gods.spans_path(path)))
    rows, spans = edit(rows, spans)
    store_together({path: rows, gods.spans_path(path): spans}, gods.ORBITS_COMMAND)
    with pytest.raises(ValueError, match=message) as err:
        gods.resume_bounded(4, 3, path)
    assert str(path) in str(err.value)


def test_a_search_after_the_bounds_met_is_refused(tmp_path):
    path = tmp_path / "s.csv"
    gods.resume_bounded(4, 2, path)  # closed after 10 searches
    rows, spans = (pd.read_csv(p, dtype=str) for p in (path, gods.spans_path(path)))
    extra = rows.iloc[[-1]].assign(orbit="3")
    store_together({path: pd.concat([rows, extra]),
                    gods.spans_path(path): pd.concat([spans, spans.iloc[[-1]].assign(
                        search="10", **{"pass": "10"})])}, gods.ORBITS_COMMAND)
    with pytest.raises(ValueError, match="the bounds met after search 9, nothing follows"):
        gods.resume_bounded(4, 2, path)


def test_one_file_of_the_pair_missing_is_refused_naming_it(tmp_path):
    path = _committed(tmp_path)
    gods.spans_path(path).unlink()
    with pytest.raises(ValueError, match=r"stored file .*s_spans\.csv is missing"):
        gods.resume_bounded(4, 3, path)


def test_both_files_are_committed_with_their_hashes_and_the_command(tmp_path):
    path = _committed(tmp_path)
    index = pd.read_csv(tmp_path / STORED_INDEX).set_index("file")
    for p in (path, gods.spans_path(path)):
        assert index.loc[p.name, "sha256"] == hashlib.sha256(p.read_bytes()).hexdigest()
        assert index.loc[p.name, "command"] == gods.ORBITS_COMMAND
    assert not list(tmp_path.glob(".*.tmp"))  # no half-written file left behind


# ---------------------------------------------------------------- caps


def test_the_cpu_cap_stops_after_the_first_search_once_spent(tmp_path):
    path = tmp_path / "s.csv"
    log = gods.resume_bounded(4, 3, path, max_cpu_seconds=1e-9)
    assert len(log.rows) == 1  # at least one search per call, then the cap holds
    log = gods.resume_bounded(4, 3, path, max_searches=2, max_cpu_seconds=1e-9)
    assert len(log.rows) == 2
    with pytest.raises(ValueError, match="caps must be >= 0"):
        gods.resume_bounded(4, 3, path, max_searches=-1)


def test_caps_reach_the_tasks_and_only_cap_knobs_are_caps():
    tasks = PAPER.tasks("gods_orbits_all", "paper", caps={
        "gods_chunk_searches": "2", "gods_chunk_cpu_minutes": "1.5", "gods_chunk_k": "3"})
    assert [(t.d, t.k, t.max_searches, t.max_cpu_seconds) for t in tasks] == [(5, 3, 2, 90.0)]
    assert tasks[0].path == "figures/05_hypercube/gods_orbits_d5.csv"
    assert [t.k for t in PAPER.tasks("gods_orbits_all", "paper")] == [1, 2, 3]
    with pytest.raises(ValueError, match="'dense_d' is no cap knob"):
        PAPER.tasks("gods_orbits_all", "paper", caps={"dense_d": "4"})
    with pytest.raises(ValueError, match="cap gods_chunk_searches takes a int"):
        PAPER.tasks("gods_orbits_all", "paper", caps={"gods_chunk_searches": "two"})
    with pytest.raises(ValueError, match="gods_chunk_k must be 0 or one of"):
        PAPER.tasks("gods_orbits_all", "paper", caps={"gods_chunk_k": "4"})


def test_the_cli_passes_caps_and_the_stored_command_is_the_experiments(monkeypatch):
    from puzzles import reproduce
    from puzzles.core.paper import run_command

    seen = {}
    monkeypatch.setattr(reproduce, "run_experiment", lambda _p, a: seen.setdefault("a", a) and 0)
    reproduce.main([*gods.GODS_ALL_COMMAND.split()[3:], "--cap", "gods_chunk_searches=2",
                    "--cap", "gods_chunk_k=3"])
    args = seen["a"]
    assert (args.experiment, args.store, dict(args.cap)) == (
        "gods_orbits_all", True, {"gods_chunk_searches": "2", "gods_chunk_k": "3"})
    with pytest.raises(SystemExit):
        reproduce.main(["run", "05", "gods_orbits_all", "--cap", "gods_chunk_searches"])
    assert gods.ORBITS_COMMAND == run_command(PAPER, "gods_orbits_all")
    assert PAPER.stored_path("gods_orbits_all", Path("/r")) == Path(
        "/r/figures/05_hypercube/gods_orbits_d5.csv")


# ---------------------------------------------------------------- the experiment's table


def test_the_table_is_the_committed_file_and_a_reverted_file_is_refused(tmp_path):
    path = tmp_path / "s.csv"
    tasks = [ex.ChainTask(4, k, str(path), 2, 0.0) for k in (2, 3)]
    results = [ex.chain_case(t) for t in tasks]
    table = ex.chain_table(tasks, results)
    assert _no_cpu(table).equals(_no_cpu(gods.read_searches(path)[0]))
    assert len(table) == 4 and tasks[0].inputs() == (path, gods.spans_path(path))
    rows, spans = gods.read_searches(path)
    store_together({path: rows.iloc[:1], gods.spans_path(path): spans.iloc[:1]},
                   gods.ORBITS_COMMAND)  # reverted to k = 2's target search alone
    with pytest.raises(ValueError, match="lacks k=2's 2 searches"):
        ex.chain_table(tasks, results)


# ---------------------------------------------------------------- gods_number from the file


def _gods_rows() -> pd.DataFrame:
    return pd.DataFrame({"d": [4, 4], "k": [2, 3], "rings": 5, "component_size": 1,
                         "target_eccentricity": [10, 16], "gods_number": [10, 16],
                         "orbits": 27, "orbits_done": 0, "bound": "lower",
                         "how": "lower bound"})


def test_gods_number_rows_take_the_bounds_of_the_committed_searches(tmp_path):
    path = tmp_path / "s.csv"
    gods.resume_bounded(4, 3, path)  # closed
    gods.resume_bounded(4, 2, path, max_searches=1)  # the target's search alone
    out = gods.settle_by_searches(_gods_rows(), path, 4).set_index("k")
    assert out.loc[3, ["gods_number", "orbits_done", "bound", "how", "upper_bound",
                       "searches_left"]].tolist() == [17, 16, "exact", "bounds meet", 17, 0]
    b = gods.replay(gods.search_log(4, 2, path))
    assert out.loc[2, ["gods_number", "orbits_done", "bound", "how", "upper_bound",
                       "searches_left"]].tolist() == [10, 1, "lower", "lower bound", b.top,
                                                      b.open_orbits]
    assert b.top > 10 and 0 < b.open_orbits < 27
    # an orbit no search reached (k = 3 has several components): no upper bound yet
    apart = tmp_path / "apart" / "s.csv"
    gods.resume_bounded(4, 3, apart, max_searches=1)
    row = gods.settle_by_searches(_gods_rows(), apart, 4).set_index("k").loc[3]
    assert pd.isna(row["upper_bound"]) and row["bound"] == "lower" and row["orbits_done"] == 1
    # no searches for a row: its upper bound is unknown and every orbit may be needed
    none = gods.settle_by_searches(_gods_rows(), tmp_path / "none.csv", 4)
    assert none["upper_bound"].isna().all() and none["searches_left"].tolist() == [27, 27]
    # another dimension's file leaves the rows alone
    other = gods.settle_by_searches(_gods_rows(), path, 5)
    assert other["bound"].tolist() == ["lower", "lower"]


def test_the_committed_gods_number_rows_are_the_committed_searches_settled():
    """gods_number.csv's d = 5 rows follow gods_orbits_d5.csv (after a chunk, rerun
    ``python -m puzzles run 05 gods_number --store``); each committed k replays cleanly."""
    committed = pd.read_csv(gods.BOUNDED_FILE.parent / "gods_number.csv",
                            dtype={"upper_bound": "Int64"})
    cols = ex.GODS_TABLE_COLUMNS
    assert list(committed.columns) == cols
    again = gods.settle_by_searches(committed[cols[:-2]], gods.ORBITS_D5_FILE, 5)[cols]
    assert again.equals(committed)
    rows, _ = gods.read_searches(gods.ORBITS_D5_FILE)
    for k in sorted(set(rows["k"])):
        log = gods.search_log(5, int(k), gods.ORBITS_D5_FILE)
        row = committed.set_index(["d", "k"]).loc[(5, int(k))]
        assert row["orbits_done"] == len(log.rows) == gods.log_summary(log)["searches"]


# ---------------------------------------------------------------- several sources per pass


@pytest.mark.parametrize(("d", "k"), [(3, 1), (3, 2), (4, 1), (4, 2), (4, 3)])
def test_a_multi_source_pass_gives_each_source_its_single_search(d, k):
    from puzzles.hypercube.dense import MAX_SOURCES, StateSpace, multi_search_spans
    from puzzles.hypercube.model import face_table

    p, reps, orbits = gods._orbit_setup(d, k)
    picks = [gods.TARGET, *range(0, len(reps), max(1, len(reps) // 7))][:MAX_SOURCES]
    configs = [p.target if s == gods.TARGET else reps[s] for s in picks]
    multi = multi_search_spans(StateSpace.of(p), face_table(d, k), configs, orbits)
    assert len(multi) == len(picks) >= 6
    for start, got in zip(picks, multi, strict=True):
        _, want = gods._search_from(d, k, start)
        assert (got.eccentricity, got.size) == (want.eccentricity, want.size)
        assert np.array_equal(got.lo, want.lo) and np.array_equal(got.hi, want.hi)
    twice = multi_search_spans(StateSpace.of(p), face_table(d, k), [configs[1]] * 2, orbits)
    a, b = twice  # one start twice: two bits of one byte, each its own search
    assert (a.eccentricity, a.size) == (b.eccentricity, b.size) == (multi[1].eccentricity,
                                                                     multi[1].size)
    assert np.array_equal(a.lo, b.lo) and np.array_equal(a.hi, multi[1].hi)
    with pytest.raises(ValueError, match="a pass takes 1 to 8 starts"):
        multi_search_spans(StateSpace.of(p), face_table(d, k), configs * 2, orbits)


def test_the_orbits_must_partition_the_sets():
    from puzzles.hypercube.dense import orbit_of_sets

    assert orbit_of_sets(3, (np.array([0, 2, 3]), np.array([2, 0, 1]))).tolist() == [0, 1, 0]
    with pytest.raises(ValueError, match="do not partition"):
        orbit_of_sets(3, (np.array([0, 2]), np.array([2, 0])))


def test_a_pass_takes_the_rules_next_picks_each_counting_those_before_as_searched():
    b = gods.Bounds.start(4)
    assert b.next_starts(8) == [gods.TARGET]  # the target's search is a pass alone
    b.add(5, np.array([1, 2, 3, 1]), np.array([5, 4, 4, 3]), None)
    assert (b.lower.tolist(), b.upper.tolist()) == ([5, 4, 4, 4], [6, 7, 8, 6])
    # after 1 search: smallest lower (1: least index of the 4s), then largest upper (2),
    # smallest lower (3), largest upper (0); none repeated
    assert b.next_starts(1) == [b.next_start()] == [1]
    assert b.next_starts(3) == [1, 2, 3]
    assert b.next_starts(8) == [1, 2, 3, 0]
    b.upper[:] = 5
    assert b.next_starts(8) == []
    with pytest.raises(ValueError, match="at least one start"):
        b.next_starts(0)


@pytest.mark.parametrize("k", [2, 3])
def test_passes_committed_and_resumed_are_one_uninterrupted_run(tmp_path, k):
    whole = gods.resume_bounded(4, k, None, sources=3)
    path = tmp_path / "s.csv"
    while gods.log_summary(gods.resume_bounded(4, k, path, max_searches=2,
                                               sources=3))["bound"] != "exact":
        pass
    rows, spans = gods.read_searches(path)
    assert _no_cpu(rows).equals(_no_cpu(pd.DataFrame(whole.rows, columns=gods.SEARCH_COLUMNS)))
    assert spans["pass"].tolist() == [int(x["pass"]) for x in whole.spans]
    assert spans["pass"].tolist()[:4] == [0, 1, 1, 1]  # the target alone, then three
    # the same God's number as one search at a time, in fewer passes
    single = gods.log_summary(gods.resume_bounded(4, k, None))
    several = gods.log_summary(whole)
    assert (several["gods_number"], several["bound"]) == (single["gods_number"], "exact")
    assert spans["pass"].max() + 1 < single["searches"]


def test_a_pass_out_of_the_rules_order_or_numbering_is_refused(tmp_path):
    path = tmp_path / "s.csv"
    gods.resume_bounded(4, 2, path, max_searches=4, sources=3)  # passes [target], [3 orbits]
    rows, spans = (pd.read_csv(p, dtype=str) for p in (path, gods.spans_path(path)))
    swapped = rows.iloc[[0, 2, 1, 3]].reset_index(drop=True)
    store_together({path: swapped, gods.spans_path(path): spans.iloc[[0, 2, 1, 3]].assign(
        search=["0", "1", "2", "3"])}, gods.ORBITS_COMMAND)
    with pytest.raises(ValueError, match=r"search 1 \(1\): the rule picks 26 here"):
        gods.resume_bounded(4, 2, path)
    store_together({path: rows, gods.spans_path(path): spans.assign(
        **{"pass": ["0", "2", "2", "2"]})}, gods.ORBITS_COMMAND)
    with pytest.raises(ValueError, match="pass 2 where pass 1 is due"):
        gods.resume_bounded(4, 2, path)
    store_together({path: rows, gods.spans_path(path): spans.assign(
        **{"pass": ["0", "0", "1", "1"]})}, gods.ORBITS_COMMAND)
    with pytest.raises(ValueError, match=r"the rule picks only 1 start\(s\) for this pass"):
        gods.resume_bounded(4, 2, path)
