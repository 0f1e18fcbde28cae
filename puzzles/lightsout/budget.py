"""The toy paper's knobs at both scales and its result-file names (the family's bottom layer)."""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.core.paper import Budget, knob

BOARDS = "random_boards"
"""The result file ``random_boards.csv``: the notebook writes it, the ledger reads it."""


@dataclass(frozen=True)
class LightsBudget(Budget):
    """How many random boards the toy paper's experiment solves."""

    batches: int = knob("independent batches of random boards", "batches")
    boards: int = knob("random boards per batch", "boards")

    @classmethod
    def paper(cls) -> LightsBudget:
        """The toy paper's protocol: 2,000 boards."""
        return cls(batches=8, boards=250)

    @classmethod
    def smoke(cls) -> LightsBudget:
        """Seconds for tests."""
        return cls(batches=2, boards=50)
