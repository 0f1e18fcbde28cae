"""The clockwork puzzle (Gregor): model, exact group/BFS search, the DWP EA, instances, views."""

from puzzles.clockwork import budgets as _budgets  # noqa: F401  (registers the budgets)
