"""The logic-grid ledger's evidence, pinned: which rule decides each kind of row, with which
samples, margins and readings, read from the result files (the committed paper-scale ones, and
copies of them changed one thing at a time)."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from puzzles.core.claims import load
from puzzles.core.verdicts import Margin, Sample, estimate, extreme
from puzzles.logicgrid import ledger as lg
from puzzles.logicgrid import notes, per_trial, released, tables
from puzzles.logicgrid.paper import PAPER

FIGURES = Path(__file__).resolve().parents[1] / "figures" / "04_logic_grid"


@pytest.fixture(scope="module")
def frame() -> pd.DataFrame:
    return PAPER.ledger("paper", results=FIGURES).frame().set_index("id")


@pytest.fixture(scope="module")
def values() -> pd.DataFrame:
    return pd.read_csv(FIGURES / "trial_values.csv")


def _copy(tmp_path: Path) -> Path:
    out = tmp_path / "results"
    shutil.copytree(FIGURES, out)
    return out


def _of(values: pd.DataFrame, runs: str, experiment: str, col: str) -> list[float]:
    t = values[(values["runs"] == runs) & (values["experiment"] == experiment)]
    return t[col].dropna().astype(float).tolist()


# --- margins ---------------------------------------------------------------------------------


def test_margins_are_stated_once_and_pinned():
    m = lg.MARGINS
    assert m["generations"] == Margin.log_ratio(0.2)
    assert m["loops"] == Margin.difference(0.5, "loops")
    assert m["clues"] == Margin.difference(0.5, "clues per puzzle")
    assert m["fitness"] == Margin.difference(0.025)
    assert m["fitness_do"] == Margin.difference(0.05)
    assert m["fitness_infeasible"] == Margin.difference(0.01)
    assert m["share"] == Margin.rate(5)
    assert m["individuals"] == Margin.difference(1, "feasible individuals of 50")
    assert m["queue"] == Margin.log_ratio(0.2)
    assert m["extreme_generations"] == Margin.difference(2, "generations")
    assert m["extreme_count"] == Margin.difference(1)
    table = tables.margins_table()
    assert len(table) == len(m) and table["why this wide"].str.len().min() > 10
    assert "4.87 vs 6.03" in table.loc[1, "why this wide"]


# --- the GA rows: two samples, the paper's n, the headline reading ---------------------------


def test_loop_rows_headline_the_runs_selecting_on_the_authors_count(frame, values):
    row = frame.loc["GA-hd-loops-paper"]
    authors = released.table().query("set == 'hd'")["paper_loops"].astype(float).tolist()
    like = estimate(Sample.of(_of(values, "paper fitness", "hint size and difficulty",
                                  "loops_paper")), Sample.of(authors), lg.MARGINS["loops"])
    assert row["test"] == like.test and row["p"] == f"{like.p:.3g}" and row["ours"] == like.ours
    assert "n = 30 vs 30" in row["test"] and "assumed" not in row["test"]
    assert row["readings"].startswith("GA fitness on the authors' solver (like for like): ")
    assert "GA fitness on our sound solver: " in row["readings"]
    assert row["why"].endswith("on our sound count at 4.7 (sound 4.9)")
    # The mini arm has no paper-fitness runs: its own runs decide it.
    assert frame.loc["GA-small-loops-paper", "readings"] == ""
    assert "n = 5 vs 5" in frame.loc["GA-small-loops-paper", "test"]


def test_first_feasible_has_the_authors_mean_and_an_assumed_spread(frame, values):
    row = frame.loc["GA-hd-first-feasible"]
    ours = _of(values, "ours", "hint size and difficulty", "first_feasible")
    ev = estimate(Sample.of(ours), Sample(11.067, 30), lg.MARGINS["generations"])
    assert row["test"] == ev.test and "assumed equal to ours" in row["test"]
    assert row["margin"] == "±0.2 in log ratio"
    assert row["paper"] == "11.07" and row["authors"] == "11.07"
    assert "paper's feasibility (our runs with weak=True): " in row["readings"]
    assert frame.loc["GA-do-first-feasible-min", "paper"] == ""
    assert frame.loc["GA-do-first-feasible-min", "authors"] == "5"


def test_extremes_use_the_extreme_rule_on_every_run(frame, values):
    for side in ("min", "max"):
        for what in ("first-feasible", "hints", "loops"):
            row = frame.loc[f"GA-hd-{what}-{side}"]
            assert row["kind"] == "extreme"
            assert row["test"].endswith(f"the paper's {side} of 30 runs")
    ours = _of(values, "ours", "hint size and difficulty", "first_feasible")
    ev = extreme(ours, 21, 30, "max", lg.MARGINS["extreme_generations"])
    assert frame.loc["GA-hd-first-feasible-max", "test"] == ev.test
    assert "lies beyond every one of our 30 runs" in frame.loc["GA-hd-first-feasible-max", "why"]
    assert frame.loc["GA-hd-loops-max", "readings"].startswith(
        "GA fitness on the authors' solver (like for like): ")


def test_fitness_headline_is_like_for_like_and_the_gas_own_fitness_a_reading(frame, values):
    row = frame.loc["GA-hd-fitness-feasible"]
    au = per_trial.paper_fitness
    rel = released.table().query("set == 'hd'")
    theirs = [au("hd", lp, h) for lp, h in zip(rel["paper_loops"], rel["hints"], strict=True)]
    ev = estimate(Sample.of(_of(values, "ours", "hint size and difficulty", "fitness_paper")),
                  Sample.of(theirs), lg.MARGINS["fitness"])
    assert row["ours"] == ev.ours and row["p"] == f"{ev.p:.3g}"
    assert row["readings"].startswith("like for like: our final puzzles scored with the "
                                      "authors' solver: ")
    assert "our GA's own fitness (sound-solver loops): " in row["readings"]
    assert frame.loc["GA-do-fitness-feasible", "margin"] == "±0.05"
    assert row["margin"] == "±0.025"


def test_the_margin_rule_makes_a_significant_share_a_difference(frame):
    row = frame.loc["GA-hd-feasible-share"]
    assert row["verdict"] == "differs" and float(row["p_adjusted"]) < 0.05
    assert "inside the margin (±5 percentage points)" in row["why"]
    assert "(margin rule)" in row["why"]
    assert row["readings"].endswith("paper's feasibility (our runs with weak=True): reproduced")


def test_type_rows_count_distinct_clues_against_the_released_puzzles(frame):
    for t in ("is", "not", "before", "or", "either_is"):
        row = frame.loc[f"GA-hd-type-{t}"]
        assert row["margin"] == "±0.5 clues per puzzle" and "n = 30 vs 30" in row["test"]
    assert frame.loc["GA-hd-type-before", "paper"] == "2.73"
    assert frame.loc["GA-do-type-before", "paper"] == ""


def test_the_queue_cannot_grow_so_its_fall_is_by_construction(frame, tmp_path):
    row = frame.loc["GA-hd-queue-shrinks"]
    assert row["kind"] == "trend" and row["verdict"] == "by construction" and row["p"] == ""
    assert row["ours"].startswith("sums per loop 216, 173, 124, 80, 41, 10; ")
    assert row["test"].startswith("true by construction: ")
    out = _copy(tmp_path)
    t = pd.read_csv(out / "trial_values.csv")
    first = t.index[(t["runs"] == "ours") & (t["experiment"] == "hint size and difficulty")][0]
    t.loc[first, "queue"] = "3;5;1"  # a queue that grows: the replay would be wrong
    t.to_csv(out / "trial_values.csv", index=False)
    with pytest.raises(ValueError, match="a queue grew"):
        PAPER.ledger("paper", results=out)


def test_queue_counts_against_the_released_puzzles(frame):
    row = frame.loc["GA-hd-queue-counts"]
    loops = pd.read_csv(FIGURES / "loops_size_difficulty.csv")
    assert float(row["ours"]) == pytest.approx(loops["total"].sum() / 30, abs=0.01)
    assert row["margin"] == "±0.2 in log ratio"
    assert row["paper"] == "20.4 per puzzle (per loop: 211, 167, 123, 73, 33, 5)"


# --- released puzzles, examples, design rows ---------------------------------------------------


def test_released_rows_are_exact_against_data_txt(frame):
    rel = frame[frame.index.str.startswith("REL-")]
    assert set(rel.loc[rel["kind"] == "exact", "verdict"]) == {"reproduced", "not comparable"}
    assert frame.loc["REL-do-queue", "ours"] == "277, 202, 169, 132, 79, 39, 12, 1"
    assert frame.loc["REL-hd-queue", "ours"] == "211, 167, 123, 73, 33, 5"
    assert frame.loc["REL-do-contradictory", "ours"] == "3 of 30"
    assert frame.loc["REL-do-contradictory", "verdict"] == "beyond"
    assert (frame.loc["REL-hd-loops-mean", "paper"], frame.loc["REL-hd-loops-mean", "authors"]) \
        == ("4.87", "4.867")
    assert frame.loc["REL-small-loops-mean", "paper"] == ""
    assert frame.loc["GA-hd-divisor-20", "ours"] == "0.6718"


def test_grammar_constants_and_set_rules_are_by_construction(frame):
    gram = frame[frame.index.str.startswith("GRAM-") & (frame["kind"] == "design input")]
    assert len(gram) == 8 and set(gram["verdict"]) == {"by construction"}
    assert frame.loc["GRAM-type-is", "authors"] == "0.2"
    assert frame.loc["GRAM-type-is", "ours"].endswith("of 50000 sampled draws")
    assert set(frame.loc[frame["kind"] == "design input", "verdict"]) == {"by construction"}
    assert frame.loc["SP-solutions-4x4", "verdict"] == "reproduced"
    assert "authors.paper_solve" in frame.loc["SOLV-alg1", "why"]


# --- the side studies ----------------------------------------------------------------------------


def test_mutation_rows_the_papers_feasibility_decides_ours_is_beyond(frame):
    row = frame.loc["MUT-weak-1"]
    assert row["margin"] == "±5 percentage points" and row["verdict"] == "differs"
    assert row["readings"] == ("paper's feasibility (our sound solver): differs; the authors' "
                               "solver as oracle: differs")
    assert "agree on 788 of 800 stored random lists" in row["why"]
    assert "none of them comes within the margin" in row["why"]
    for k in range(1, 6):  # a quantity the paper never measured: beyond, no paper value
        strict = frame.loc[f"MUT-strict-{k}"]
        assert (strict["kind"], strict["verdict"], strict["paper"]) == ("beyond", "beyond", "")
    assert frame.loc["MUT-strict-1", "ours"] == "0.415"
    assert frame.loc["MUT-trend", "kind"] == "trend"
    assert frame.loc["MUT-trend", "verdict"] == "reproduced"


def test_the_conclusion_counts_only_the_share_rows_the_paper_measured(frame):
    f = frame.reset_index()
    text = notes.conclusion(f, pd.read_csv(FIGURES / "summary.csv"),
                            pd.read_csv(FIGURES / "released.csv"),
                            pd.read_csv(FIGURES / "mutation_protocol.csv"),
                            pd.read_csv(FIGURES / "loops_by_fitness_solver.csv")).data
    assert "the 5 share rows under the paper's feasibility: 5 differs" in text
    assert "the margin rule: GA-small-fitness-infeasible, GA-hd-feasible-share)" in text


def test_ablation_rows_are_estimates_and_unpaired_orderings(frame):
    row = frame.loc["ABL-order-no-violations-gt-full"]
    assert "Mann-Whitney" in row["test"] and "signed-rank" not in row["test"]
    assert row["ours"] == "median 10.77 ('no violations') vs 6.89 ('full')"
    assert "unpaired" in row["why"] and row["paper"] == "12-13 > 9-10"
    full = frame.loc["ABL-full"]
    assert full["readings"].startswith("mean over the generations: differs; final generation: ")
    assert "midpoint 9.5" in full["why"] and "weak=True" in full["why"]
    assert "weak=True" not in frame.loc["ABL-random", "why"]


# --- the slides' qualitative analysis -----------------------------------------------------------


def test_orderings_of_the_arms_are_unpaired_and_in_claim_order(frame):
    row = frame.loc["QA-do-many-hints"]
    assert "Mann-Whitney" in row["test"] and row["ours"].startswith("median ")
    assert "('difficulty only') vs" in row["ours"] and row["paper"] == "9.23 vs 7.03"
    assert row["readings"].startswith("distinct clues: ")
    row = frame.loc["QA-hd-as-challenging"]
    assert row["readings"].startswith("loops of the authors' solver: ")
    assert row["ours"].endswith("('difficulty only')") and "2000 generations" in row["why"]


def test_redundancy_rows_from_the_redundancy_table(frame):
    red = pd.read_csv(FIGURES / "redundancy.csv")
    do = red[(red["source"] == "ours") & (red["experiment"] == "difficulty only")]["redundant"]
    assert frame.loc["QA-do-redundant", "ours"].startswith(f"{int((do > 0).sum())} of 30")
    row = frame.loc["CONC-hint-size-reduces-redundancy"]
    assert "Mann-Whitney" in row["test"] and row["verdict"] == "reproduced"
    assert frame.loc["CONC-solvable", "verdict"] == "contradicted"


def test_the_rebuilt_ledger_is_the_committed_one():
    built = PAPER.ledger("paper", results=FIGURES).frame()
    assert built.equals(load(FIGURES / "claims.csv"))


def test_the_ledger_module_reads_no_paper_module():
    text = (Path(lg.__file__)).read_text(encoding="utf-8")
    assert "logicgrid.paper" not in text and "import paper" not in text
    assert np.all([r.unit == "run" for r in lg.EVIDENCE.rules if r.pattern.startswith("GA-hd-t")])
