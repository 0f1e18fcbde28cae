"""Higher-dimensional sliding puzzles on Q^d (Merleau, O'Malley, Roldan & Mukherjee): model,
exact search, the paper's A*, EA and RL, and the experiments of notebook 05."""

from puzzles.hypercube.evolve import EAResult, run_ea
from puzzles.hypercube.instances import INSTANCES, Instance, cases, instance
from puzzles.hypercube.model import (
    Puzzle,
    apply_move,
    faces_containing,
    free_faces,
    is_solution,
    legal_moves,
    make_puzzle,
    replay,
)
from puzzles.hypercube.rl import RLResult, run_rl
from puzzles.hypercube.search import astar, component, solve

__all__ = [
    "INSTANCES",
    "EAResult",
    "Instance",
    "Puzzle",
    "RLResult",
    "apply_move",
    "astar",
    "cases",
    "component",
    "faces_containing",
    "free_faces",
    "instance",
    "is_solution",
    "legal_moves",
    "make_puzzle",
    "replay",
    "run_ea",
    "run_rl",
    "solve",
]
