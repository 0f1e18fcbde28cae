"""Rook Jumping Maze (notebook 03): model, optimisers, exact search, rendering, widget."""
