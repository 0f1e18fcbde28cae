"""Notebook 02's ``PAPER``: Dietz, *An analysis of IQ LINK*, its budget and its experiments.

The budget (``IQLinkBudget``, still importable from here), the figure folder and the stored
runs' paths are ``budget.py``'s; the evidence is ``ledger.py``'s. Nothing in the family imports
this module.

The one parallel experiment is the analysis of each challenge (``experiments.analyse_challenge``:
the exact count, each strategy alone, cleanup, heatsort, first moves and the paper's solver in
its variants). The paper's numbers are ``reference/*.csv`` (read through ``reference.py``), its
claims ``paper_claims.csv``. The package's stored inputs (``challenges.json``, made by
``generate.generate_all``; ``empty_board.json`` and ``empty_board_recount.json``, made by
``search.count_empty_board`` and ``search.recount_empty_board``; ``challenges_v1.json``, the
first generated set) stay JSON files: the committed ledger names them. Issue 24's naive search
and transition sweep are stored runs (``PAPER.stored``; ``python -m puzzles.iqlink.naive`` and
``python -m puzzles.iqlink.transition`` also write their warm seconds), and so is the second
counter of the empty board (``recount.csv``, ``python -m puzzles.iqlink.recount``) and the
challenges drawn to the booklet's strategy profile (``tuned.csv``,
``python -m puzzles.iqlink.tuned``).
"""

from __future__ import annotations

from pathlib import Path

from puzzles.core.paper import Experiment, Paper
from puzzles.iqlink.budget import FAMILY, NUMBER, STEM, STORED, IQLinkBudget
from puzzles.iqlink.experiments import analyse_challenge, analysis_frame, analysis_tasks
from puzzles.iqlink.ledger import EVIDENCE
from puzzles.iqlink.naive import naive_frame, naive_rows, naive_tasks
from puzzles.iqlink.transition import transition_frame, transition_rows, transition_tasks
from puzzles.iqlink.tuned import tuned_draws, tuned_frame, tuned_tasks

PAPER: Paper[IQLinkBudget] = Paper(
    number=NUMBER, stem=STEM, family=FAMILY,
    citation="D. A. Dietz, *An analysis of IQ LINK*, American University",
    budget=IQLinkBudget,
    experiments=(Experiment("analysis", "everything the paper measured, on each challenge",
                            analysis_tasks, analyse_challenge, analysis_frame),
                 Experiment("naive", "the naive search in two readings, with and without "
                            "linkability (issue 24)", naive_tasks, naive_rows, naive_frame),
                 Experiment("transition", "Section 14's transition level swept 2-6 and never "
                            "(issue 24)", transition_tasks, transition_rows,
                            transition_frame),
                 Experiment("tuned", "challenges drawn to the booklet's strategy profile per "
                            "level (issue 24)", tuned_tasks, tuned_draws, tuned_frame)),
    data=Path(__file__).parent,
    stored=STORED,
    evidence=EVIDENCE,
    regenerates="Tables 1-4, strategies, heat maps, Figs. 13-26 on 120 booklet-quality "
                "challenges graded by deduction; ANU test data; one-piece challenges")
