"""Rook Jumping Maze (notebook 03): model, optimisers, exact search, rendering, widget."""

from puzzles.jumpmaze import budgets as budgets  # registers the family's budgets

