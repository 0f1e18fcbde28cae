"""puzzle-lab: models, solvers and experiments behind the puzzle-difficulty notebooks."""

__version__ = "0.1.0"
