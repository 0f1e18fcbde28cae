"""IQ-Link (Dietz, *An analysis of IQ LINK*): board, pieces, placements, strategies, search."""

from puzzles.iqlink import budgets  # noqa: F401  (registers the family's budgets)
