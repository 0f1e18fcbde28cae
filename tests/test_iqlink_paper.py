"""Notebook 02's PAPER: the catalogue's entry, the budgets as run, the analysis tasks, the
paper's numbers read from reference/*.csv, and the prose templates."""

from __future__ import annotations

import dataclasses
import string

import pytest

from puzzles.catalogue import entry
from puzzles.core.prose import Prose
from puzzles.iqlink import experiments as ex
from puzzles.iqlink import reference
from puzzles.iqlink.paper import PAPER, IQLinkBudget


def test_paper_is_the_catalogues_entry():
    e = entry("02")
    assert (PAPER.number, PAPER.stem, PAPER.family, PAPER.citation) == (
        e.number, e.stem, e.family, e.citation)
    assert PAPER.stored == (("naive", "figures/02_iq_link/naive.csv"),
                            ("transition", "figures/02_iq_link/transition.csv"),
                            ("tuned", "figures/02_iq_link/tuned.csv"),
                            ("recount", "figures/02_iq_link/recount.csv"))
    assert PAPER.claims()["id"].is_unique
    assert len(PAPER.evidence) > 0  # the ledger is the registered evidence (ledger.py)


def test_budgets_are_the_committed_runs():
    assert dataclasses.asdict(PAPER.budgets("paper")) == {
        "challenges": 120, "table3": (47, 48, 49, 50, 51, 52, 53),
        "table4": (29, 38, 60, 80, 90), "heat_maps": (25, 29, 40, 85),
        "node_limit": 5_000_000, "regenerated": 3, "one_piece": 0,
        "naive_node_limit": 50_000_000, "tuned_chunks": 6, "tuned_draws": 40}
    assert dataclasses.asdict(PAPER.budgets("smoke")) == {
        "challenges": 10, "table3": (47, 49), "table4": (29, 38), "heat_maps": (25, 29),
        "node_limit": 200_000, "regenerated": 1, "one_piece": 1,
        "naive_node_limit": 200_000, "tuned_chunks": 1, "tuned_draws": 2}
    assert list(IQLinkBudget.knobs()["unit"]) and IQLinkBudget.knobs()["doc"].all()


def test_analysis_tasks_run_the_hardest_first_with_one_key_format():
    tasks = PAPER.tasks("analysis", "smoke")
    assert [t.challenge for t in tasks] == sorted(ex.sample_ids(10), reverse=True)
    assert tasks[0].key == "analysis(challenge=120, node_limit=200000)"
    assert len(PAPER.tasks("analysis")) == 120
    with pytest.raises(dataclasses.FrozenInstanceError):
        tasks[0].challenge = 1  # type: ignore[misc]


def test_every_reference_row_names_its_source_and_reads_typed():
    for path in sorted((PAPER.data / "reference").glob("*.csv")):
        frame = PAPER.reference(path.stem)
        assert "source" in frame and (frame["source"].str.len() > 5).all(), path.name
    assert reference.table2()["acute"] == 180 and isinstance(reference.table2()["acute"], int)
    assert reference.table3_rows()[0] == (47, 7, "gave up", "2.5 s")
    assert reference.table4_rows()[-1][2].endswith("...")
    assert reference.strategy_counts() == {"all_legal_first_11": 7, "elimination_total": 21,
                                           "pairwise_first_25": 24, "pairwise_total": 29,
                                           "elimination_expert": 1}
    assert reference.heatsort()[19] == ("178th of 1232", "12th")
    assert reference.first_moves_hardest() == (900, 80)
    assert reference.counting()[82] == (492, 813)
    assert reference.longest_days() == (5.5, 7.0)
    assert list(reference.table1()["level"]) == ["Starter", "Junior", "Expert", "Master",
                                                 "Wizard"]


def test_every_prose_template_has_placeholders_or_is_used_by_the_notebook():
    import json

    from puzzles.catalogue import entry as catalogue_entry

    cells = json.loads(catalogue_entry("02").path.read_text(encoding="utf-8"))["cells"]
    code = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    for name, template in Prose("puzzles.iqlink").templates.items():
        assert f'PROSE("{name}"' in code, f"template {name} is never shown"
        assert any(f for _, f, _, _ in string.Formatter().parse(template)), name
