"""Rook Jumping Maze (notebook 03): model, optimisers, exact search, the game, the paper."""
