"""What the report states, typed: its protocol and its best puzzle (the names the notebook and
the tests import from here).

The protocol (``reference/protocol.csv``) is read by :mod:`puzzles.jumpmaze.budget`, the best
puzzle (``reference/best_puzzle.csv``) by :mod:`puzzles.jumpmaze.reference`; this module only
gathers them under their old names.
"""

from __future__ import annotations

from puzzles.jumpmaze.budget import Report, report
from puzzles.jumpmaze.reference import GOAL, report_depths, report_puzzle

__all__ = ["GOAL", "Report", "report", "report_depths", "report_puzzle"]
