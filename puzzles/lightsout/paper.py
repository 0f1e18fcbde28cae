"""The toy paper's ``PAPER``: what the engine, the catalogue and notebook 00 use (top layer)."""

from __future__ import annotations

from pathlib import Path

from puzzles.core.paper import Experiment, Paper
from puzzles.lightsout import experiments as ex
from puzzles.lightsout.budget import LightsBudget
from puzzles.lightsout.ledger import EVIDENCE

PAPER: Paper[LightsBudget] = Paper(
    number="00", stem="00_lights_out", family="lightsout",
    citation="a toy paper: every 3x3 Lights Out board is solvable, in 4.5 presses on average",
    budget=LightsBudget,
    experiments=(Experiment("random boards", "solve random boards exactly",
                            ex.random_boards_tasks, ex.random_boards, ex.random_boards_table),),
    data=Path(__file__).parent, evidence=EVIDENCE,
    regenerates="the worked example of a family: two claims, one experiment, a board")
