"""Notebook 05's sentences: every template of prose.md is used, and the story's numbers are
those of the committed result files."""

from __future__ import annotations

import json
import re

import pandas as pd

from puzzles.catalogue import ROOT
from puzzles.hypercube import hardness, story
from puzzles.hypercube import tables as tb

FIGURES = ROOT / "figures" / "05_hypercube"


def test_every_template_is_used_by_the_notebook_or_the_story():
    nb = json.loads((ROOT / "notebooks" / "05_hypercube.ipynb").read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    used = set(re.findall(r'PROSE(?:\.text)?\(\s*"([\w-]+)"', code + (
        ROOT / "puzzles" / "hypercube" / "story.py").read_text(encoding="utf-8")))
    assert used == set(story.PROSE.templates)


def test_no_code_cell_of_the_notebook_is_over_15_lines_or_draws_a_figure():
    nb = json.loads((ROOT / "notebooks" / "05_hypercube.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            src = "".join(cell["source"])
            assert len(src.splitlines()) <= 15, src[:60]
            assert "plt." not in src and "Markdown(f" not in src and "print(f" not in src, src[:60]


def test_the_story_reads_the_committed_tables():
    results = pd.read_csv(FIGURES / "results.csv", dtype={"level": str})
    assert tb.optimum(results, story.D5_CASE) == 13
    d5 = story.d5(hardness.stored_d5_distances(), 13)
    assert (d5["size"], d5["farthest"], d5["common"]) == (87_102_720, 21, "15, 16")
    heur = pd.read_csv(FIGURES / "heuristics.csv", dtype={"level": str})
    h = story.heuristics(heur)
    assert (h["paper_total"], h["pdb_total"], h["solved"]) == (71_800, 2_461, 36)
    gods = pd.read_csv(FIGURES / "gods_number.csv")
    pct = pd.read_csv(FIGURES / "level_percentiles.csv", dtype={"level": str})
    text = story.PROSE.text("distances", **story.distances(pct, gods))
    # A God's number known only by bounds (d = 5: orbits not all searched) reads "N-U".
    assert "God's numbers are " + ", ".join(
        (f"{r.gods_number}-{int(r.upper_bound)}" if r.bound == "lower" else str(r.gods_number))
        + f" (d={r.d}, k={r.k})" for r in gods.itertuples()) + "." in text
    assert set(gods["bound"]) <= {"exact", "lower"}
    hardest = pd.read_csv(FIGURES / "hardest_levels.csv", dtype={"level": str})
    assert story.hardest(hardest)["cases"] == 5
    assert len(tb.paper_rows(results)) == len(tb.code_levels(results)) == 27


def test_the_astar_and_d5_sentences_say_what_the_authors_runs_and_the_bfs_show():
    results = pd.read_csv(FIGURES / "results.csv", dtype={"level": str})
    table2 = tb.astar_with_paper(results)
    list_astar = pd.read_csv(FIGURES / "astar_list.csv", dtype={"level": str})
    astar = results.assign(astar_gave_up=results["astar_moves"].isna())
    a = story.astar(table2, list_astar, astar)
    assert (a["gave_up"], a["limit"], a["unstored"], a["dims"]) == (7, 3600, 2, "3 and 4")
    assert a["stored"] == "d=4 k=1 level 4 (12 moves in 1,242.96 s)"
    assert (a["copies"], a["files"]) == (27, 27)
    # the paper's ceil(h/k) when k = d-1: 1 within k coordinates, 2 on the antipode
    assert (a["hard_d"], a["hard_k"], a["antipode"]) == (5, 4, 2)
    text = story.PROSE.text("astar", **a)
    assert "not known" not in text and "at most 1 per misplaced ring" not in text
    d5 = story.d5(hardness.stored_d5_distances(), 13)
    text = story.PROSE.text("d5", **d5)
    assert f"{d5['share']:.3g}% of the component lies within the paper's level's 13 moves" in text
    dist = hardness.stored_d5_distances()
    assert d5["share"] == 100 * dist.loc[dist["distance"] <= 13, "count"].sum() / dist[
        "count"].sum()
