"""The logic-grid Paper: the catalogue entry, the paper's numbers as typed CSV values with their
source, and the notebook's sentences (every prose.md template filled by notes.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

from puzzles.catalogue import entry
from puzzles.core.prose import Prose
from puzzles.logicgrid import reference
from puzzles.logicgrid.paper import PAPER

HERE = Path(reference.__file__).parent


def test_paper_is_the_catalogue_entry_and_its_budget_the_papers():
    e = entry("04")
    assert (PAPER.number, PAPER.stem, PAPER.family, PAPER.citation) == (
        e.number, e.stem, e.family, e.citation)
    b = PAPER.budgets("paper")
    assert (b.trials, b.generations, b.generations_difficulty, b.protocol_trials) == (
        30, 300, 2000, 30)
    assert [x.name for x in PAPER.experiments] == ["trials", "mutation protocol",
                                                   "ablation protocol", "paper-fitness trials",
                                                   "protocol causes"]
    assert dict(PAPER.stored) == {  # the two offline runs, stored with their commands
        "paper-fitness trials": "puzzles/logicgrid/data/paper_fitness_trials.csv",
        "protocol causes": "puzzles/logicgrid/data/protocol_causes_runs.csv"}


@pytest.mark.parametrize("path", sorted((HERE / "reference").glob("*.csv")),
                         ids=lambda p: p.stem)
def test_every_reference_row_names_its_source(path: Path):
    table = PAPER.reference(path.stem)
    assert len(table) > 0 and "source" in table.columns
    assert table["source"].str.len().min() > 10


def test_reference_values_are_typed_once():
    hd = reference.results("hint size and difficulty")
    assert hd["hints_mean"] == 7.03 and hd["loops_mean"] == 4.87
    assert hd["first_feasible_range"] == (6, 21) and isinstance(hd["trials"], int)
    assert "unique_share" not in hd and reference.results("mini 3x4") == {}
    assert reference.authors_results("small")["hints_range"] == (4, 4)
    assert reference.queue_per_loop() == [211, 167, 123, 73, 33, 5]
    assert reference.ablation()["random"] == "about 0"
    ex = reference.examples()
    assert ex["Example Puzzle 1 (3x4)"]["published_loops"] is None
    assert ex["Difficulty only example"]["published_loops"] == 7
    assert len(ex["Difficulty only example"]["clues"]) == 10
    with pytest.raises(ValueError, match="no released set"):
        reference.authors_results("huge")
    with pytest.raises(ValueError, match="no data file"):
        PAPER.reference("nothing")


def test_no_reference_number_is_typed_in_the_package_code():
    """The paper's headline numbers live in reference/*.csv only."""
    for number in ("7.03", "9.23", "4.87", "6.03", "11.07", "0.672", "211, 167"):
        for py in HERE.glob("*.py"):
            assert number not in py.read_text(encoding="utf-8"), (number, py.name)


def test_every_prose_template_is_used_by_notes():
    names = set(Prose("puzzles.logicgrid").templates)
    source = (HERE / "notes.py").read_text(encoding="utf-8")
    used = set(re.findall(r'PROSE(?:\.text)?\(\s*"(\w+)"', source))
    assert names == used


def test_notes_fill_their_templates_from_a_table():
    from puzzles.logicgrid import notes

    summary = pd.DataFrame([
        {"experiment": n, "hints_mean": 7.0, "loops_paper_mean": 5.0, "loops_mean": 4.0,
         "first_feasible_mean": 10.0, "unique_share": 1.0}
        for n in ("hint size and difficulty", "difficulty only", "mini 3x4")])
    text = notes.beside_the_paper(summary).data
    assert "7.00 against 7.03" in text and "against 4.0 and 2.8" in text
    assert "{" not in text
