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
    # A God's number known only as a lower bound (d = 5: orbits not all searched) reads ">= N".
    assert "God's numbers are " + ", ".join(
        f"{'>= ' if r.bound == 'lower' else ''}{r.gods_number} (d={r.d}, k={r.k})"
        for r in gods.itertuples()) + "." in text
    assert set(gods["bound"]) <= {"exact", "lower"}
    hardest = pd.read_csv(FIGURES / "hardest_levels.csv", dtype={"level": str})
    assert story.hardest(hardest)["cases"] == 5
    assert len(tb.paper_rows(results)) == len(tb.code_levels(results)) == 27
