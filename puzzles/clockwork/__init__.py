"""The clockwork puzzle (Gregor): model, exact group/BFS search, the DWP EA, instances, views."""
